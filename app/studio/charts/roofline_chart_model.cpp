#include "charts/roofline_chart_model.h"

#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <QtCharts/QScatterSeries>
#include <algorithm>
#include <cmath>

#include "charts/csv_export.h"
#include "charts/csv_format.h"
#include "charts/palette.h"
#include "charts/units.h"

namespace d500::studio {

RooflineChartModel::RooflineChartModel(const RunCatalog& catalog) : ChartModel(catalog) {}
RooflineChartModel::~RooflineChartModel() = default;

void RooflineChartModel::clear() {
  ops_.clear();
  lastId_.clear();
  roofOfRun_.clear();
  validation_.clear();
  roofs_.clear();
  shapeChanged_ = true;
}

bool RooflineChartModel::poll(const store::ResultStore& s, const QList<qint64>& runIds, size_t) {
  runIds_ = runIds;
  bool added = false;
  for (qint64 run : runIds) {
    const auto rows = s.measurements_after(run, lastId_[run]);
    for (const auto& m : rows) {
      // Probe runs hold the peaks themselves, not operator results.
      const auto* info = catalog_.run(run);
      if (info && info->level == "probe") continue;
      if (!m.error.empty() || m.unit != "ns" || !(m.median > 0) || !(m.flops > 0) || !(m.bytes > 0))
        continue;
      ops_.push_back({run, m, m.flops / m.bytes, m.flops / m.median});
      added = true;
    }
    if (!rows.empty()) {
      lastId_[run] = rows.back().id;
      validation_[run] = ValidationSummary::byMeasurement(s.validations(run));
    }
  }
  // A probe may be run while the chart is open: look again now and then while one is missing.
  bool missing = false;
  for (qint64 run : runIds)
    if (!roofOfRun_.count(run) || !roofOfRun_[run]) missing = true;
  if (missing && (added || pollsSinceRoofSearch_++ % 20 == 0)) {
    for (qint64 run : runIds) {
      const auto* env = catalog_.environment(run);
      auto roof = env ? operators::find_roofline(s, env->json) : std::nullopt;
      const bool changed =
          roof.has_value() != (roofOfRun_.count(run) && roofOfRun_[run].has_value());
      roofOfRun_[run] = roof;
      if (changed) added = true;
    }
  }
  if (added) shapeChanged_ = true;
  return added;
}

void RooflineChartModel::build(QChart* chart) {
  clearChart(chart);
  roofs_.clear();
  auto* ax = makeAxis(true, tr("arithmetic intensity (FLOP/byte)"));
  auto* ay = makeAxis(true, tr("GFLOP/s (FLOP per call / median time per call)"));
  chart->addAxis(ax, Qt::AlignBottom);
  chart->addAxis(ay, Qt::AlignLeft);
  for (const auto& [run, roof] : roofOfRun_) {
    if (!roof) continue;
    if (std::any_of(roofs_.begin(), roofs_.end(),
                    [&](const Roof& r) { return r.roof.probe_run_id == roof->probe_run_id; }))
      continue;
    Roof r{*roof, new QLineSeries};
    r.line->setName(tr("roof (probe run %1): %2 GFLOP/s, %3 GB/s")
                        .arg(roof->probe_run_id)
                        .arg(formatNumber(roof->peak_gflops), formatNumber(roof->bandwidth_gbs)));
    r.line->setPen(QPen(QColor(60, 60, 60), 2.0, roofs_.empty() ? Qt::SolidLine : Qt::DashLine));
    chart->addSeries(r.line);
    r.line->attachAxis(ax);
    r.line->attachAxis(ay);
    roofs_.push_back(r);
  }
  // One scatter per run and implementation.
  std::vector<std::pair<qint64, std::string>> groups;
  for (const auto& op : ops_)
    if (std::find(groups.begin(), groups.end(), std::pair{op.run, op.m.implementation}) ==
        groups.end())
      groups.push_back({op.run, op.m.implementation});
  for (size_t gi = 0; gi < groups.size(); ++gi) {
    auto* s = new QScatterSeries;
    const QString impl = QString::fromStdString(groups[gi].second);
    s->setName(runIds_.size() > 1 ? impl + QStringLiteral(" · ") + catalog_.label(groups[gi].first)
                                  : impl);
    s->setColor(seriesColor(static_cast<int>(gi)));
    s->setMarkerSize(9);
    QList<QPointF> pts;
    std::vector<size_t> members;
    for (size_t i = 0; i < ops_.size(); ++i)
      if (ops_[i].run == groups[gi].first && ops_[i].m.implementation == groups[gi].second) {
        pts.append(QPointF(ops_[i].intensity, ops_[i].gflops));
        members.push_back(i);
      }
    s->replace(pts);
    chart->addSeries(s);
    s->attachAxis(ax);
    s->attachAxis(ay);
    QObject::connect(s, &QXYSeries::hovered, s, [this, members](const QPointF& at, bool in) {
      if (!in) return showToolTip({});
      size_t best = members.front();
      auto dist = [&](size_t i) {  // in decades, as the eye sees a log-log plot
        return std::hypot(std::log10(ops_[i].intensity / at.x()),
                          std::log10(ops_[i].gflops / at.y()));
      };
      for (size_t i : members)
        if (dist(i) < dist(best)) best = i;
      showToolTip(tooltip(ops_[best]));
    });
  }
  shapeChanged_ = false;
}

void RooflineChartModel::draw(QChart* chart, const ChartOptions& o, int, bool rebuild) {
  if (rebuild || shapeChanged_) build(chart);
  QAbstractAxis* ax = chart->axes(Qt::Horizontal).value(0);
  QAbstractAxis* ay = chart->axes(Qt::Vertical).value(0);
  if (o.zoomed) {
    setAxisRange(ax, o.xMin, o.xMax);
    setAxisRange(ay, o.yMin, o.yMax);
  } else {
    double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;
    for (const auto& op : ops_) {
      xlo = std::min(xlo, op.intensity);
      xhi = std::max(xhi, op.intensity);
      ylo = std::min(ylo, op.gflops);
      yhi = std::max(yhi, op.gflops);
    }
    for (const auto& r : roofs_) {
      const double ridge = r.roof.peak_gflops / r.roof.bandwidth_gbs;  // FLOP/byte
      xlo = std::min(xlo, ridge);
      xhi = std::max(xhi, ridge);
      yhi = std::max(yhi, r.roof.peak_gflops);
      ylo = std::min(ylo, r.roof.bound_gflops(xlo));
    }
    if (std::isfinite(xlo)) {
      setAutoRange(ax, xlo / 2, xhi * 2);
      setAutoRange(ay, ylo / 2, yhi * 2);
    }
  }
  const auto [x0, x1] = axisRange(ax);
  for (auto& r : roofs_) {
    QList<QPointF> line{{x0, r.roof.bound_gflops(x0)}};
    const double ridge = r.roof.peak_gflops / r.roof.bandwidth_gbs;
    if (ridge > x0 && ridge < x1) line.append({ridge, r.roof.peak_gflops});
    line.append({x1, r.roof.bound_gflops(x1)});
    r.line->replace(line);
  }
}

QString RooflineChartModel::tooltip(const Op& op) const {
  QString t =
      QString::fromStdString(op.m.subject) + QStringLiteral(" [") +
      QString::fromStdString(op.m.implementation) + QStringLiteral("]\n") + catalog_.label(op.run) +
      QLatin1Char('\n') +
      tr("%1 GFLOP/s at %2 FLOP/byte (median %3)")
          .arg(formatNumber(op.gflops), formatNumber(op.intensity), formatDuration(op.m.median));
  auto roof = roofOfRun_.find(op.run);
  if (roof != roofOfRun_.end() && roof->second)
    t += QLatin1Char('\n') +
         tr("%1% of the roof")
             .arg(formatNumber(100 * op.gflops / roof->second->bound_gflops(op.intensity)));
  auto v = validation_.find(op.run);
  if (v != validation_.end() && v->second.count(op.m.id))
    t += QLatin1Char('\n') + tr("validation: %1").arg(v->second.at(op.m.id).text());
  return t;
}

void RooflineChartModel::writeCsv(CsvExport& out, const ChartOptions&) const {
  for (const auto& r : roofs_)
    out.note(QStringLiteral("roof: probe run %1, peak_gflops %2, bandwidth_gbs %3")
                 .arg(r.roof.probe_run_id)
                 .arg(csv::number(r.roof.peak_gflops), csv::number(r.roof.bandwidth_gbs)));
  out.row(QStringLiteral("run_id,measurement_id,subject,implementation,point,flops,bytes,"
                         "median_ns,intensity_flop_per_byte,gflops")
              .split(QLatin1Char(',')));
  for (const auto& op : ops_)
    out.row({QString::number(op.run), QString::number(op.m.id),
             QString::fromStdString(op.m.subject), QString::fromStdString(op.m.implementation),
             QString::fromStdString(op.m.point_json), csv::number(op.m.flops),
             csv::number(op.m.bytes), csv::number(op.m.median), csv::number(op.intensity),
             csv::number(op.gflops)});
}

QString RooflineChartModel::csvUnits() const {
  return tr(
      "flops, bytes: per call; median_ns: ns per call; intensity and gflops are derived "
      "(flops/bytes, flops/median_ns), the others as stored");
}

QString RooflineChartModel::note() const {
  for (qint64 run : runIds_) {
    auto it = roofOfRun_.find(run);
    if (it == roofOfRun_.end() || !it->second)
      return tr("no probe of this machine in the store: run `d500 probe` to draw the roof");
  }
  return {};
}

}  // namespace d500::studio
