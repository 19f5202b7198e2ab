// Where each component of the core's table (d500/spec/components.h) lives in an experiment's
// JSON, read and written as pure functions: what components an experiment has, and the
// experiment with one added, swapped or removed. No widgets and no undo stack: the canvas model
// turns each result into one undo step of the document.
#pragma once

#include <QList>
#include <QString>

#include "d500/spec/components.h"
#include "editor/json_path.h"

namespace d500::studio {

struct ComponentInstance {
  const d500::spec::ComponentKind* kind = nullptr;
  QString key;                   // stable within an experiment: "optimizer", "implementation/torch"
  QString value;                 // "torch/adam"; "" for a kind without one (stop conditions)
  Json params = Json::object();  // the parameters it owns, as in the file
  QString jsonPath;              // "$.training.optimizer": where problems about it are reported
};

class ComponentSlots {
 public:
  static QString levelOf(const Json& experiment);
  static JsonPath pathOf(const d500::spec::ComponentKind& kind);  // "" = the top level
  // The components the experiment has, in the table's order.
  static QList<ComponentInstance> instances(const Json& experiment);
  // Whether a value names an ONNX model file ("lenet_gelu.onnx") rather than a builder.
  static bool isModelFile(const QString& value);
  // The kind that holds the level's model or network (an .onnx file may fill it); nullptr for
  // a level without one.
  static const d500::spec::ComponentKind* modelKindOf(const QString& level);
  static QString keyOf(const d500::spec::ComponentKind& kind, const QString& value);
  // The experiment with a component of `kind` set to `value` with `params` (a list kind: added
  // unless there, a single one: replaced). Parameters already there that still apply to the
  // new value are kept (a swap): those in `params` win.
  static Json with(const Json& experiment, const d500::spec::ComponentKind& kind,
                   const QString& value, const Json& params);
  // The experiment without that component (the field, object or list item removed).
  static Json without(const Json& experiment, const d500::spec::ComponentKind& kind,
                      const QString& value);
};

}  // namespace d500::studio
