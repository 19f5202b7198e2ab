#include "scaling/scaling_tab.h"

#include <QAreaSeries>
#include <QChart>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <algorithm>

#include "charts/chart_model.h"
#include "charts/chart_view.h"
#include "charts/csv_export.h"
#include "charts/csv_format.h"
#include "charts/palette.h"
#include "charts/tab_render.h"
#include "d500/error.h"

namespace d500::studio {

namespace {

QLogValueAxis* logAxis(const QString& title, int base) {
  auto* a = new QLogValueAxis;
  a->setBase(base);
  a->setTitleText(title);
  a->setLabelFormat(base == 2 ? QStringLiteral("%.0f") : QStringLiteral("%g"));
  return a;
}

void attach(QChart* chart, QAbstractSeries* s, QAbstractAxis* x, QAbstractAxis* y) {
  chart->addSeries(s);
  s->attachAxis(x);
  s->attachAxis(y);
}

}  // namespace

ScalingTab::ScalingTab(const ChartKind& kind, const QString& storePath, const QList<qint64>& runIds,
                       QWidget* parent)
    : ChartTab(kind, parent), storePath_(storePath), runIds_(runIds) {
  auto* layout = new QVBoxLayout(this);
  auto* charts = new QHBoxLayout;
  models_ = new QChart;
  projection_ = new QChart;
  for (QChart* c : {models_, projection_}) {
    c->legend()->setAlignment(Qt::AlignBottom);
    charts->addWidget(new ChartView(c, this), 1);
  }
  layout->addLayout(charts, 1);
  status_ = new QLabel(this);
  status_->setWordWrap(true);
  layout->addWidget(status_);
  refresh();
}

QString ScalingTab::title() const {
  QStringList ids;
  for (qint64 id : runIds_) ids << QStringLiteral("#%1").arg(id);
  return tr("Scaling %1").arg(ids.join(QStringLiteral(", ")));
}

QString ScalingTab::statusText() const {
  return status_->text();
}

void ScalingTab::refresh() {
  QString problem;
  auto s = openStore(storePath_, &problem);
  std::vector<scaling::CollectiveModel> models;
  projected_.clear();
  QString say;
  try {
    if (s)
      for (qint64 id : runIds_)
        for (auto& m : scaling::collective_models(*s, id)) models.push_back(std::move(m));
  } catch (const D500Error& e) {
    problem = QString::fromStdString(e.what());
  }
  const scaling::CollectiveModel* base = nullptr;
  for (const auto& m : models)
    if (m.op == "allreduce" && m.ranks >= 2 && (!base || m.ranks > base->ranks)) base = &m;
  scaling::ProjectionOptions o;
  if (base) {
    projected_ = scaling::project(*base, o);
    say = tr("Projected from allreduce on %1 ranks (%2 MiB of gradients per step, an ideal "
             "network): %3.")
              .arg(base->ranks)
              .arg(o.bytes / (1 << 20))
              .arg(QString::fromStdString(scaling::crossover(projected_)));
  } else if (!models.empty()) {
    say =
        tr("No projection: it needs an allreduce measured on 2 or more ranks (start the "
           "collective run with mpirun -np 2).");
  }
  drawModels(models);
  drawProjection(projected_, base ? base->ranks : 0);
  status_->setText(problem.isEmpty() ? say : problem);
}

void ScalingTab::drawModels(const std::vector<scaling::CollectiveModel>& models) {
  ChartModel::clearChart(models_);
  models_->setTitle(tr("Measured medians and the fitted latency + size / bandwidth"));
  points_ = 0;
  if (models.empty()) return;
  auto* x = logAxis(tr("message size (bytes)"), 10);
  auto* y = logAxis(tr("time per call (ns)"), 10);
  models_->addAxis(x, Qt::AlignBottom);
  models_->addAxis(y, Qt::AlignLeft);
  double lo = 0, hi = 0, xlo = 0, xhi = 0;
  for (size_t k = 0; k < models.size(); ++k) {
    const auto& m = models[k];
    auto* measured = new QScatterSeries;
    measured->setName(tr("%1 on %2 ranks").arg(QString::fromStdString(m.op)).arg(m.ranks));
    measured->setColor(seriesColor(static_cast<int>(k)));
    measured->setMarkerSize(7);
    auto* fit = new QLineSeries;
    fit->setPen(QPen(seriesColor(static_cast<int>(k)), 1.5, Qt::DashLine));
    for (const auto& c : m.fit.checks) {
      measured->append(c.bytes, c.measured_ns);
      if (c.predicted_ns > 0) fit->append(c.bytes, c.predicted_ns);
      lo = lo == 0 ? c.measured_ns : std::min(lo, c.measured_ns);
      hi = std::max(hi, c.measured_ns);
      xlo = xlo == 0 ? c.bytes : std::min(xlo, c.bytes);
      xhi = std::max(xhi, c.bytes);
      ++points_;
    }
    attach(models_, measured, x, y);
    attach(models_, fit, x, y);
    models_->legend()->markers(fit).value(0)->setVisible(false);
  }
  ChartModel::setAutoRange(x, xlo, xhi);
  ChartModel::setAutoRange(y, lo, hi);
  ChartModel::finishAxes(models_);
}

void ScalingTab::drawProjection(const std::vector<scaling::ProjectionPoint>& points,
                                int measuredRanks) {
  ChartModel::clearChart(projection_);
  projection_->setTitle(tr("Communication per step, projected (band: the model's 95% CIs)"));
  if (points.empty()) return;
  auto* x = logAxis(tr("ranks"), 2);
  auto* y = logAxis(tr("communication per step (ns)"), 10);
  projection_->addAxis(x, Qt::AlignBottom);
  projection_->addAxis(y, Qt::AlignLeft);
  QStringList schemes;
  for (const auto& p : points)
    if (!schemes.contains(QString::fromStdString(p.scheme)))
      schemes << QString::fromStdString(p.scheme);
  double lo = points.front().lo_ns, hi = points.front().hi_ns;
  for (int k = 0; k < schemes.size(); ++k) {
    auto* line = new QLineSeries;
    auto* upper = new QLineSeries;
    auto* lower = new QLineSeries;
    line->setName(schemes[k]);
    line->setPen(QPen(seriesColor(k), 2));
    for (const auto& p : points) {
      if (QString::fromStdString(p.scheme) != schemes[k]) continue;
      line->append(p.ranks, p.time_ns);
      upper->append(p.ranks, p.hi_ns);
      lower->append(p.ranks, p.lo_ns);
      lo = std::min(lo, p.lo_ns);
      hi = std::max(hi, p.hi_ns);
    }
    auto* band = new QAreaSeries(upper, lower);
    QColor fill = seriesColor(k);
    fill.setAlpha(60);
    band->setBrush(fill);
    band->setPen(Qt::NoPen);
    attach(projection_, band, x, y);
    projection_->legend()->markers(band).value(0)->setVisible(false);
    attach(projection_, line, x, y);
  }
  // Where the measurements end: beyond it, every figure is an extrapolation.
  auto* edge = new QLineSeries;
  edge->setName(tr("measured up to %1 ranks").arg(measuredRanks));
  edge->setPen(QPen(Qt::darkGray, 1.5, Qt::DashLine));
  edge->append(measuredRanks, lo);
  edge->append(measuredRanks, hi);
  attach(projection_, edge, x, y);
  ChartModel::setAutoRange(x, points.front().ranks, points.back().ranks);
  ChartModel::setAutoRange(y, lo, hi);
  ChartModel::finishAxes(projection_);
}

bool ScalingTab::exportImage(const QString& path, int dpi, QString* error) {
  return TabRender::write(*this, path, QSize(1200, 620), dpi, error);
}

bool ScalingTab::exportCsv(const QString& path, QString* error) {
  if (projected_.empty()) {
    *error = tr("There is no projection to export: it needs an allreduce on 2 or more ranks.");
    return false;
  }
  CsvExport out(QStringLiteral("d500 scaling projection"));
  out.row({QStringLiteral("scheme"), QStringLiteral("ranks"), QStringLiteral("time_ns"),
           QStringLiteral("lo_ns"), QStringLiteral("hi_ns"), QStringLiteral("bottleneck"),
           QStringLiteral("extrapolation")});
  for (const auto& p : projected_)
    out.row({QString::fromStdString(p.scheme), QString::number(p.ranks), csv::number(p.time_ns),
             csv::number(p.lo_ns), csv::number(p.hi_ns), QString::fromStdString(p.bottleneck),
             csv::number(p.extrapolation)});
  return out.write(path, error);
}

}  // namespace d500::studio
