#include "canvas/canvas_templates.h"

#include "editor/experiment_document.h"
#include "editor/level_templates.h"
#include "editor/operator_defaults.h"

namespace d500::studio {

namespace {

Json start(const QString& level, const char* name, const QString& description) {
  Json e = LevelTemplates::switchLevel(ExperimentDocument::blankExperiment(), level);
  e["name"] = name;
  e["description"] = description.toStdString();
  return e;
}

}  // namespace

QStringList CanvasTemplates::ids() {
  return {QStringLiteral("compare-implementations"), QStringLiteral("compare-executors"),
          QStringLiteral("optimizer-time-to-accuracy"), QStringLiteral("distributed-scaling")};
}

QString CanvasTemplates::title(const QString& id) {
  if (id == QLatin1String("compare-implementations"))
    return tr("Compare implementations of an operator");
  if (id == QLatin1String("compare-executors")) return tr("Compare executors on a model");
  if (id == QLatin1String("optimizer-time-to-accuracy"))
    return tr("Time-to-accuracy of an optimizer over seeds");
  if (id == QLatin1String("distributed-scaling")) return tr("Distributed scheme scaling");
  return id;
}

Json CanvasTemplates::experiment(const QString& id) {
  if (id == QLatin1String("compare-implementations")) {
    Json e = start(QStringLiteral("operator"), "compare-implementations",
                   tr("Gemm on the reference and torch implementations over N"));
    const QString op = QStringLiteral("Gemm");
    e["operator"] = {{"op", op.toStdString()},
                     {"dtype", "float32"},
                     {"inputs", OperatorDefaults::inputsFor(op)}};
    const Json attrs = OperatorDefaults::attributesFor(op);
    if (attrs.is_object() && !attrs.empty()) e["operator"]["attributes"] = attrs;
    e["implementations"] = {"reference", "torch"};
    e["sweep"] = {{"N", OperatorDefaults::defaultSweepValues()}};
    return e;
  }
  if (id == QLatin1String("compare-executors")) {
    Json e = start(QStringLiteral("network"), "compare-executors",
                   tr("LeNet on the reference and torch executors"));
    e["network"]["model"]["builder"] = "lenet";
    e["network"]["executors"] = {"reference", "torch"};
    return e;
  }
  if (id == QLatin1String("optimizer-time-to-accuracy")) {
    Json e =
        start(QStringLiteral("training"), "optimizer-time-to-accuracy",
              tr("The MLP on Fashion-MNIST to 85% test accuracy with torch Adam, over 3 seeds"));
    e["training"]["optimizer"] = {{"plugin", "torch"}, {"name", "adam"}, {"lr", 0.001}};
    e["training"]["seeds"] = 3;
    return e;
  }
  if (id == QLatin1String("distributed-scaling")) {
    Json e = start(QStringLiteral("distributed"), "distributed-scaling",
                   tr("Allreduce SGD on 2 ranks against the 1-rank baseline"));
    e["training"]["optimizer"] = {{"plugin", "reference"}, {"name", "sgd"}, {"lr", 0.05}};
    e["distributed"]["scaling_baseline"] = true;
    e["launcher"]["ranks"] = 2;
    return e;
  }
  return Json::object();
}

}  // namespace d500::studio
