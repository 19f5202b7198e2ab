#include "canvas/canvas_names.h"

namespace d500::studio {

namespace {

// Listed for lupdate; looked up by their English text at run time.
const char* const kTitles[] = {
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Sweep"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Repetition"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Operator"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Implementation"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Batch sizes"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Measures"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Model"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Executor"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Recipe"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Dataset"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Transforms"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Sampler"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Per-rank sampler"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Loader"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Network"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Loss"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Schedule"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Optimizer"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Stop conditions"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Launcher"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Communicator"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Scheme"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Collective"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Metric"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "Trainer"),
};

const char* const kPorts[] = {
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "shapes"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "policy"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "operator"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "batch sizes"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "measures"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "model"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "data"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "indices"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "schedule"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "communicator"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "optimizer"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "ranks"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "batches"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "network"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "executor"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "loss"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "scheme"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "stop"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames", "recipe"),
};

// The types on the wires (ComponentKind::output), in a context of their own: "Schedule" the
// type may read differently from "Schedule" the component.
const char* const kTypes[] = {
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames::Type", "Policy"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames::Type", "Operator"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames::Type", "Timings"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames::Type", "Points"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames::Type", "BatchSizes"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames::Type", "Measures"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames::Type", "Model"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames::Type", "Recipe"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames::Type", "Dataset"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames::Type", "Indices"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames::Type", "Batches"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames::Type", "Network"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames::Type", "Loss"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames::Type", "Schedule"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames::Type", "Optimizer"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames::Type", "Stop"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames::Type", "Executor"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames::Type", "Ranks"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames::Type", "Communicator"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames::Type", "Scheme"),
    QT_TRANSLATE_NOOP("d500::studio::CanvasNames::Type", "Series"),
};

template <size_t N>
QString lookUp(const char* const (&table)[N], const char* context, const QString& english) {
  for (const char* k : table)
    if (english == QLatin1String(k)) return QCoreApplication::translate(context, k);
  return english;
}

}  // namespace

QString CanvasNames::kind(const std::string& title) {
  return lookUp(kTitles, "d500::studio::CanvasNames", QString::fromStdString(title));
}

QString CanvasNames::port(const QString& name) {
  return lookUp(kPorts, "d500::studio::CanvasNames", name);
}

QString CanvasNames::type(const QString& type) {
  return lookUp(kTypes, "d500::studio::CanvasNames::Type", type);
}

}  // namespace d500::studio
