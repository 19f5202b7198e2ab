#include "dashboards/training_panels.h"

#include <QCoreApplication>

#include "d500/run/metrics_of_run.h"

namespace d500::studio {

namespace {

struct TrainingPanels {
  Q_DECLARE_TR_FUNCTIONS(TrainingPanels)

 public:
  static std::vector<PanelSpec> make(bool distributed) {
    using U = PanelSpec::Unit;
    using D = PanelLine::Draw;
    std::vector<PanelSpec> p;
    p.push_back({QStringLiteral("loss"),
                 tr("Loss per step"),
                 tr("loss"),
                 U::Plain,
                 {{"loss", tr("loss per step (raw)"), Qt::SolidLine, D::FaintRaw},
                  {"loss", tr("loss, EMA"), Qt::SolidLine, D::Ema}}});
    p.push_back({QStringLiteral("epoch_loss"),
                 tr("Loss per epoch"),
                 tr("loss"),
                 U::Plain,
                 {{"train_loss", tr("train loss (epoch mean)"), Qt::DashLine, D::Line},
                  {"test_loss", tr("test loss (per epoch)"), Qt::SolidLine, D::Line}}});
    p.push_back({QStringLiteral("accuracy"),
                 tr("Accuracy"),
                 tr("accuracy"),
                 U::Percent,
                 {{"test_accuracy", tr("test accuracy (per epoch)"), Qt::SolidLine, D::Line},
                  {"train_accuracy", tr("train accuracy (per epoch)"), Qt::DashLine, D::Line},
                  {"test_accuracy_by_step", tr("test accuracy (every eval_every steps)"),
                   Qt::DotLine, D::Line}},
                 true});
    p.push_back({QStringLiteral("lr"),
                 tr("Learning rate"),
                 tr("learning rate"),
                 U::Plain,
                 {{"lr", tr("learning rate"), Qt::SolidLine, D::Line}}});
    p.push_back(
        {QStringLiteral("samples_per_s"),
         tr("Throughput"),
         tr("samples/s"),
         U::Plain,
         {{"samples_per_s", tr("samples/s (per epoch, compute only)"), Qt::SolidLine, D::Line}}});
    p.push_back(
        {QStringLiteral("step_time"),
         tr("Step time vs data wait"),
         tr("time per step"),
         U::Seconds,
         {{"step_time_s", tr("step time (forward, backward, update)"), Qt::SolidLine, D::Line},
          {"data_wait_s", tr("data wait (loader)"), Qt::DashLine, D::Line}}});
    if (distributed) {
      p.push_back({QStringLiteral("comm_bytes"),
                   tr("Communication volume"),
                   tr("bytes per step"),
                   U::Bytes,
                   {{"comm_bytes", tr("bytes sent + received per step"), Qt::SolidLine, D::Line}}});
      p.push_back({QStringLiteral("comm_time"),
                   tr("Communication vs computation"),
                   tr("time per step"),
                   U::Seconds,
                   {{"comm_time_s", tr("time in communication"), Qt::SolidLine, D::Line},
                    {"compute_time_s", tr("time computing"), Qt::DashLine, D::Line}}});
    }
    return p;
  }
};

}  // namespace

std::vector<PanelSpec> trainingPanels(bool distributed) {
  return TrainingPanels::make(distributed);
}

namespace {

struct MetricPanels {
  Q_DECLARE_TR_FUNCTIONS(MetricPanels)

 public:
  static PanelSpec of(const training::MetricDescriptor& k) {
    using U = PanelSpec::Unit;
    const QString name = QString::fromStdString(k.name);
    const U unit = k.unit == "s" ? U::Seconds : k.unit == "B" ? U::Bytes : U::Plain;
    const std::string shown = training::display_unit(k.unit);
    // The axis names the metric without its plugin ("grad_norm"): a short title fits beside it.
    const QString quantity = name.mid(name.lastIndexOf(QLatin1Char('/')) + 1);
    PanelSpec p{QStringLiteral("metric:") + name,
                name,
                unit == U::Plain && !shown.empty()
                    ? QStringLiteral("%1 (%2)").arg(quantity, QString::fromStdString(shown))
                    : quantity,
                unit,
                {}};
    if (k.per_step) p.lines.push_back({k.name, tr("%1 per step").arg(name)});
    if (k.per_epoch)
      p.lines.push_back(
          {training::metric_series(k.name, true), tr("%1 per epoch").arg(name), Qt::DashLine});
    return p;
  }
};

}  // namespace

void addMetricPanels(DashboardLayout& layout, const store::ResultStore& s, int64_t runId) {
  for (const auto& k : run::metric_kinds_of_run(s, runId))
    layout.panels.push_back(MetricPanels::of(k));
}

}  // namespace d500::studio
