#include "charts/sweep_chart_model.h"

#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <QtCharts/QScatterSeries>
#include <algorithm>
#include <cmath>

#include "charts/axis_titles.h"
#include "charts/csv_export.h"
#include "charts/csv_format.h"
#include "charts/palette.h"
#include "common/core_text.h"
#include "d500/measure/stats.h"
#include "d500/operators/operator_benchmark.h"

namespace d500::studio {

namespace {

constexpr int kUnrotatedLabels = 16;  // beyond this many categories the labels are rotated
constexpr double kLabelPadding = 10;  // Qt Charts' on both sides of a category label

}  // namespace

SweepChartModel::SweepChartModel(const RunCatalog& catalog) : ChartModel(catalog) {}
SweepChartModel::~SweepChartModel() = default;

void SweepChartModel::clear() {
  rows_.clear();
  lastId_.clear();
  validation_.clear();
  groups_.clear();
  shapeChanged_ = true;
}

bool SweepChartModel::drawable(const store::MeasurementRow& m) {
  return m.error.empty() && m.n > 0 && std::isfinite(m.median) && m.median > 0;
}

bool SweepChartModel::poll(const store::ResultStore& s, const QList<qint64>& runIds,
                           size_t /*rowBudget: a few rows per point*/) {
  runIds_ = runIds;
  bool added = false;
  for (qint64 run : runIds) {
    const auto rows = s.measurements_after(run, lastId_[run]);
    for (const auto& m : rows)
      if (!operators::is_transfer_row(m)) rows_.push_back({run, m});  // copies: not sweep points
    if (!rows.empty()) lastId_[run] = rows.back().id;
    // Validations are written after the measurement they check; re-read while the run lives.
    const auto* info = catalog_.run(run);
    const bool live = !info || info->status == store::RunStatus::Running ||
                      info->status == store::RunStatus::Queued;
    if (!rows.empty() || live || !validation_.count(run))
      validation_[run] = ValidationSummary::byMeasurement(s.validations(run));
    added = added || !rows.empty();
  }
  if (added) shapeChanged_ = true;
  return added;
}

QAbstractAxis* SweepChartModel::makeXAxis(QChart* chart, const ChartOptions& o) {
  if (axis_.numeric()) return makeAxis(o.logX, axis_.title());
  auto* c = new QCategoryAxis;
  c->setTitleText(axis_.title());
  c->setStartValue(-0.5);
  chart->addAxis(c, Qt::AlignBottom);  // first: the theme sets the labels' font
  QStringList used;
  const bool rotate = axis_.categories().size() > kUnrotatedLabels;
  // Each label wraps between its values onto lines as wide as its category, in its font.
  // (columns_ counts an export's pixels; the plot area, where laid out, is in logical ones).
  const double plot = chart->plotArea().width() >= 50 ? chart->plotArea().width() : columns_;
  // Qt Charts gives a label the plot's width over one more than the categories, less padding.
  const double width = plot / (axis_.categories().size() + 1) - kLabelPadding;
  for (int i = 0; i < axis_.categories().size(); ++i) {
    QString label = rotate ? axis_.categories()[i]
                           : AxisTitles::wrapped(axis_.categories()[i], c->labelsFont(), width);
    while (used.contains(label)) label += QLatin1Char(' ');  // labels must be unique
    used.append(label);
    c->append(label, i + 0.5);
  }
  c->setLabelsPosition(QCategoryAxis::AxisLabelsPositionCenter);
  if (rotate) c->setLabelsAngle(-60);
  return c;
}

void SweepChartModel::groupRows() {
  groups_.clear();
  for (size_t i = 0; i < rows_.size(); ++i) {
    if (!drawable(rows_[i].m)) continue;
    const QString impl = QString::fromStdString(rows_[i].m.implementation);
    auto g = std::find_if(groups_.begin(), groups_.end(), [&](const Group& x) {
      return x.run == rows_[i].run && x.implementation == impl;
    });
    if (g == groups_.end()) {
      groups_.push_back({rows_[i].run, impl, {}, nullptr, {}});
      g = groups_.end() - 1;
    }
    g->rows.push_back(i);
  }
  for (Group& g : groups_)
    std::stable_sort(g.rows.begin(), g.rows.end(), [&](size_t a, size_t b) {
      return axis_.x(QString::fromStdString(rows_[a].m.point_json)) <
             axis_.x(QString::fromStdString(rows_[b].m.point_json));
    });
}

void SweepChartModel::addGroup(QChart* chart, size_t gi, QAbstractAxis* ax, QAbstractAxis* ay) {
  Group& g = groups_[gi];
  const QColor color = seriesColor(static_cast<int>(gi));
  if (axis_.numeric()) {
    auto* line = new QLineSeries;
    line->setPen(QPen(color, 1.6));
    line->setPointsVisible(true);
    line->setMarkerSize(7);
    g.line = line;
  } else {  // unrelated shapes: points, no line between them
    auto* points = new QScatterSeries;
    points->setColor(color);
    points->setBorderColor(color.darker(130));
    points->setMarkerSize(9);
    g.line = points;
  }
  g.line->setName(runIds_.size() > 1
                      ? g.implementation + QStringLiteral(" · ") + catalog_.label(g.run)
                      : g.implementation);
  chart->addSeries(g.line);
  g.line->attachAxis(ax);
  g.line->attachAxis(ay);
  QObject::connect(g.line, &QXYSeries::hovered, g.line, [this, gi](const QPointF& at, bool in) {
    if (!in || gi >= groups_.size()) return showToolTip({});
    const Group& grp = groups_[gi];
    size_t best = grp.rows.front();
    for (size_t r : grp.rows)
      if (std::fabs(axis_.x(QString::fromStdString(rows_[r].m.point_json)) - at.x()) <
          std::fabs(axis_.x(QString::fromStdString(rows_[best].m.point_json)) - at.x()))
        best = r;
    showToolTip(tooltip(rows_[best]));
  });
  for (size_t r : g.rows) {
    const auto& m = rows_[r].m;
    if (!m.ci_valid) {
      g.bars.push_back(nullptr);
      continue;
    }
    auto* bar = new QLineSeries;
    QPen pen(color, 1.2);
    if (m.stop_reason != "converged") pen.setStyle(Qt::DashLine);
    bar->setPen(pen);
    chart->addSeries(bar);
    bar->attachAxis(ax);
    bar->attachAxis(ay);
    hideFromLegend(chart, bar);
    g.bars.push_back(bar);
  }
}

void SweepChartModel::build(QChart* chart, const ChartOptions& o) {
  clearChart(chart);
  groups_.clear();
  QStringList points, subjects;
  std::vector<double> medians;
  for (const auto& r : rows_) {
    if (!drawable(r.m)) continue;
    points.append(QString::fromStdString(r.m.point_json));
    subjects.append(QString::fromStdString(r.m.subject));
    medians.push_back(r.m.median);
  }
  axis_ = SweepAxis::fromPoints(points, subjects, listedPoints());
  unit_ = DurationUnit::forTypical(stats::median(medians));
  QAbstractAxis* ax = makeXAxis(chart, o);
  const double level = rows_.empty() ? 95 : 100 * rows_.front().m.ci_level;
  QAbstractAxis* ay =
      makeAxis(o.logY, tr("median time per call (%1), %2% CI bars").arg(unit_.symbol).arg(level));
  if (axis_.numeric()) chart->addAxis(ax, Qt::AlignBottom);
  chart->addAxis(ay, Qt::AlignLeft);
  groupRows();
  for (size_t gi = 0; gi < groups_.size(); ++gi) addGroup(chart, gi, ax, ay);
  shapeChanged_ = false;
}

void SweepChartModel::draw(QChart* chart, const ChartOptions& o, int columns, bool rebuild) {
  if (columns != columns_) rebuild = true;  // the labels wrap for the new width
  columns_ = columns;
  if (rebuild || shapeChanged_) build(chart, o);
  QAbstractAxis* ax = chart->axes(Qt::Horizontal).value(0);
  QAbstractAxis* ay = chart->axes(Qt::Vertical).value(0);
  const bool logX = o.logX && axis_.numeric();
  if (o.zoomed) {
    setAxisRange(ax, o.xMin, o.xMax);
    setAxisRange(ay, o.yMin, o.yMax);
  } else {
    double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;
    for (const Group& g : groups_)
      for (size_t r : g.rows) {
        const auto& m = rows_[r].m;
        const double x = axis_.x(QString::fromStdString(m.point_json));
        xlo = std::min(xlo, x);
        xhi = std::max(xhi, x);
        const double lo = m.ci_valid && (m.ci_lo > 0 || !o.logY) ? m.ci_lo : m.median;
        ylo = std::min(ylo, lo / unit_.nsPerUnit);
        yhi = std::max(yhi, std::max(m.median, m.ci_valid ? m.ci_hi : m.median) / unit_.nsPerUnit);
      }
    if (axis_.numeric()) {
      const auto [x0, x1] = padded(xlo, xhi, logX);
      setAutoRange(ax, x0, x1);
    } else {
      setAxisRange(ax, -0.5, std::max<double>(0.5, axis_.categories().size() - 0.5));
    }
    const auto [y0, y1] = padded(ylo, yhi, o.logY);
    setAutoRange(ay, y0, y1);
  }
  // Caps are a fixed fraction of the visible x range wide, so they look the same at any zoom.
  const auto [x0, x1] = axisRange(ax);
  const double capFraction = 0.008;
  for (Group& g : groups_) {
    QList<QPointF> line;
    for (size_t k = 0; k < g.rows.size(); ++k) {
      const auto& m = rows_[g.rows[k]].m;
      const double x = axis_.x(QString::fromStdString(m.point_json));
      line.append(QPointF(x, m.median / unit_.nsPerUnit));
      if (!g.bars[k]) continue;
      double left, right;
      if (logX && x0 > 0 && x > 0) {
        const double f = std::pow(x1 / x0, capFraction);
        left = x / f;
        right = x * f;
      } else {
        const double w =
            (axis_.numeric() ? (x1 - x0) : 1.0) * capFraction * (axis_.numeric() ? 1 : 10);
        left = x - w;
        right = x + w;
      }
      const double lo = m.ci_lo / unit_.nsPerUnit, hi = m.ci_hi / unit_.nsPerUnit;
      // One connected polyline traces an "I": bottom cap, up the bar, top cap.
      g.bars[k]->replace({{left, lo}, {right, lo}, {x, lo}, {x, hi}, {left, hi}, {right, hi}});
    }
    g.line->replace(line);
  }
}

QStringList SweepChartModel::listedPoints() const {
  QStringList out;
  for (qint64 run : runIds_)
    if (const auto* info = catalog_.run(run))
      out += SweepAxis::listedPoints(QString::fromStdString(info->spec_json));
  return out;
}

QString SweepChartModel::tooltip(const Row& r) const {
  const auto& m = r.m;
  QString t = QString::fromStdString(m.subject) + QStringLiteral(" [") +
              QString::fromStdString(m.implementation) + QStringLiteral("]\n") +
              catalog_.label(r.run) + QLatin1Char('\n') +
              tr("median %1, n %2").arg(formatDuration(m.median)).arg(m.n);
  if (m.ci_valid)
    t += QLatin1Char('\n') + tr("%1% CI [%2, %3]")
                                 .arg(100 * m.ci_level)
                                 .arg(formatDuration(m.ci_lo), formatDuration(m.ci_hi));
  else
    t += QLatin1Char('\n') + tr("no valid CI (too few samples)");
  t += QLatin1Char('\n') + tr("stop: %1").arg(CoreText::stopReason(m.stop_reason));
  auto v = validation_.find(r.run);
  if (v != validation_.end() && v->second.count(m.id))
    t += QLatin1Char('\n') + tr("validation: %1").arg(v->second.at(m.id).text());
  return t;
}

void SweepChartModel::writeCsv(CsvExport& out, const ChartOptions&) const {
  out.row(QStringLiteral("run_id,measurement_id,subject,implementation,point,unit,n,median,ci_lo,"
                         "ci_hi,ci_level,ci_valid,stop_reason,error,validation")
              .split(QLatin1Char(',')));
  for (const auto& r : rows_) {
    const auto& m = r.m;
    QString validation;
    auto v = validation_.find(r.run);
    if (v != validation_.end() && v->second.count(m.id)) validation = v->second.at(m.id).text();
    out.row({QString::number(r.run), QString::number(m.id), QString::fromStdString(m.subject),
             QString::fromStdString(m.implementation), QString::fromStdString(m.point_json),
             QString::fromStdString(m.unit), QString::number(m.n), csv::number(m.median),
             csv::number(m.ci_lo), csv::number(m.ci_hi), csv::number(m.ci_level),
             m.ci_valid ? QStringLiteral("1") : QStringLiteral("0"),
             QString::fromStdString(m.stop_reason), QString::fromStdString(m.error), validation});
  }
}

QString SweepChartModel::csvUnits() const {
  return tr("median, ci_lo, ci_hi: per call, in the row's unit (ns); ci_level: a fraction");
}

QString SweepChartModel::note() const {
  int failed = 0, capped = 0;
  for (const auto& r : rows_) {
    if (!drawable(r.m))
      ++failed;
    else if (r.m.ci_valid && r.m.stop_reason != "converged")
      ++capped;
  }
  QStringList notes;
  if (capped)
    notes.append(tr("%n point(s) stopped at a cap before the CI target: their bars are dashed",
                    nullptr, capped));
  if (failed)
    notes.append(tr("%n measurement(s) failed or empty, not drawn (see the CSV)", nullptr, failed));
  return notes.join(QStringLiteral("; "));
}

}  // namespace d500::studio
