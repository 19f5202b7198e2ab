// What an experiment of each level starts as, and what picking a component from the palette does
// to an experiment. Pure functions over the JSON (no widgets, no undo stack): the document turns
// each result into one undo step, and the tests check them directly.
//
// Levels: "operator" (L0), "network" (L1), "training" (L2), "distributed" (L3 training under MPI)
// and "collective" (L3 communication). Component kinds the palette offers:
//   executor   (L1/L2: "reference", "torch", ...)      model      ("mlp", "lenet", "resnet")
//   dataset    ("fashion-mnist", "cifar10", "synthetic") sampler   ("shuffled", "sequential",
//   "balanced") optimizer  ("plugin/name": "torch/adam")            scheme     (L3: "allreduce",
//   "dpsgd", ...) collective ("allreduce", "allgather", "broadcast")
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include "editor/json_path.h"

namespace d500::studio {

class LevelTemplates {
  Q_DECLARE_TR_FUNCTIONS(LevelTemplates)

 public:
  static QStringList levels();
  static QStringList componentKinds();
  // Built-in components (not from plugins) of a kind: datasets, samplers, models, schemes,
  // collectives. Empty for executors and optimizers (the plugins say which there are), except
  // the host's own "reference" executor.
  static QStringList builtins(const QString& kind);
  // The level a component kind belongs to when the experiment is of no level that takes it.
  static QString levelFor(const QString& kind);
  // Whether an experiment of `level` has a place for a component of `kind`.
  static bool accepts(const QString& level, const QString& kind);

  // The experiment as an experiment of `level`: name, description, seed and hosts kept; the
  // sections of the old level dropped; the new level's defaults added (the training section is
  // kept between "training" and "distributed"). Unchanged when it already is of that level.
  static Json switchLevel(const Json& experiment, const QString& level);
  // The experiment with the component picked: switched to a level that takes it when needed,
  // then the component put where it belongs (an executor is added to a network benchmark's
  // list, but replaces a training run's executor). Unchanged when `kind` is unknown.
  static Json withComponent(const Json& experiment, const QString& kind, const QString& value);
};

}  // namespace d500::studio
