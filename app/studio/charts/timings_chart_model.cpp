#include "charts/timings_chart_model.h"

#include <QPen>
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBoxPlotSeries>
#include <QtCharts/QBoxSet>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <algorithm>
#include <limits>
#include <set>

#include "charts/axis_titles.h"
#include "charts/csv_export.h"
#include "charts/csv_format.h"
#include "charts/palette.h"
#include "charts/sweep_axis.h"
#include "charts/units.h"
#include "d500/measure/stats.h"
#include "d500/operators/operator_benchmark.h"

namespace d500::studio {

TimingsChartModel::TimingsChartModel(const RunCatalog& catalog) : ChartModel(catalog) {}
TimingsChartModel::~TimingsChartModel() = default;

void TimingsChartModel::clear() {
  boxes_.clear();
  lastId_.clear();
  boxOfSet_.clear();
  samples_ = 0;
  shapeChanged_ = true;
}

bool TimingsChartModel::poll(const store::ResultStore& s, const QList<qint64>& runIds,
                             size_t rowBudget) {
  runIds_ = runIds;
  bool added = false;
  for (qint64 run : runIds) {
    size_t read = 0;
    for (const auto& m : s.measurements_after(run, lastId_[run])) {
      if (rowBudget && read >= rowBudget) break;  // the rest on the next poll
      if (operators::is_transfer_row(m)) {        // a copy timed once: no distribution to draw
        lastId_[run] = m.id;
        continue;
      }
      Box b;
      b.run = run;
      b.row = m;
      b.samples = s.samples(m.id);
      std::vector<double> sorted = b.samples;
      std::sort(sorted.begin(), sorted.end());
      b.stats = BoxStats::fromSorted(sorted);
      b.label = QString::fromStdString(m.subject) + QStringLiteral(" [") +
                QString::fromStdString(m.implementation) + QLatin1Char(']');
      read += b.samples.size() + 1;
      samples_ += static_cast<qint64>(b.samples.size());
      lastId_[run] = m.id;
      boxes_.push_back(std::move(b));
      added = shapeChanged_ = true;
    }
  }
  return added;
}

TimingsChartModel::Layout TimingsChartModel::layOut() {
  Layout l;
  std::map<qint64, int> perRun;
  for (size_t i = 0; i < boxes_.size(); ++i) {
    if (boxes_[i].stats.n == 0) continue;
    if (perRun[boxes_[i].run]++ < kMaxBoxesPerRun)
      l.drawn.push_back(i);
    else
      ++hiddenBoxes_;
  }
  // Boxes in sweep order (the runner measures points in a shuffled order), and labelled by
  // subject alone when every box comes from one implementation.
  // Implementations in the order the run stored them, as the sweep chart orders (and colours)
  // them, so an implementation has one colour in both.
  QStringList points, subjects;
  for (size_t i : l.drawn) {
    points.append(QString::fromStdString(boxes_[i].row.point_json));
    subjects.append(QString::fromStdString(boxes_[i].row.subject));
    if (std::find(l.impls.begin(), l.impls.end(), boxes_[i].row.implementation) == l.impls.end())
      l.impls.push_back(boxes_[i].row.implementation);
  }
  QStringList listed;  // a problem list's order
  for (qint64 run : runIds_)
    if (const auto* info = catalog_.run(run))
      listed += SweepAxis::listedPoints(QString::fromStdString(info->spec_json));
  const SweepAxis sweep = SweepAxis::fromPoints(points, subjects, listed);
  std::stable_sort(l.drawn.begin(), l.drawn.end(), [&](size_t a, size_t b) {
    const double xa = sweep.x(QString::fromStdString(boxes_[a].row.point_json));
    const double xb = sweep.x(QString::fromStdString(boxes_[b].row.point_json));
    if (xa != xb) return xa < xb;
    auto rank = [&](size_t i) {
      return std::find(l.impls.begin(), l.impls.end(), boxes_[i].row.implementation) -
             l.impls.begin();
    };
    return rank(a) < rank(b);
  });
  // Boxes side by side per run, or for one run per implementation (each a series in its own
  // colour, named in the legend).
  l.byImpl = runIds_.size() == 1 && l.impls.size() > 1;
  if (l.byImpl)
    for (const auto& impl : l.impls) l.groups.append(QString::fromStdString(impl));
  else
    for (qint64 run : runIds_) l.groups.append(catalog_.label(run));
  return l;
}

QString TimingsChartModel::groupOf(const Layout& l, size_t i) const {
  return l.byImpl ? QString::fromStdString(boxes_[i].row.implementation)
                  : catalog_.label(boxes_[i].run);
}

bool TimingsChartModel::labelBoxes(const Layout& l, QBarCategoryAxis* ax, double plotWidth) {
  // A shape (a problem list's point) is labelled by its values; with several implementations in
  // one category, each box names its own.
  for (size_t i : l.drawn) {
    const QString shape = SweepAxis::shapeLabel(QString::fromStdString(boxes_[i].row.point_json));
    QString label = shape.isEmpty() ? QString::fromStdString(boxes_[i].row.subject) : shape;
    if (l.impls.size() > 1 && !l.byImpl)
      label += QStringLiteral(" [") + QString::fromStdString(boxes_[i].row.implementation) +
               QLatin1Char(']');
    boxes_[i].label = label;
  }
  // The axis has one category per label when the groups stand side by side (makeSeries), else
  // one per box. Labels wrap onto lines when the categories are few enough to stand upright, so
  // that none is elided, as wide as Qt Charts lets a category's label be (the plot over one more
  // than the categories, less padding), in the labels' font.
  std::set<QString> labels, groups;
  std::set<std::pair<QString, QString>> have;
  for (size_t i : l.drawn) {
    labels.insert(boxes_[i].label);
    groups.insert(groupOf(l, i));
    have.insert({groupOf(l, i), boxes_[i].label});
  }
  // Side by side needs every group to have every label: a box plot series cannot leave a gap.
  const bool sideBySide = have.size() == labels.size() * groups.size();
  const size_t categories = sideBySide ? labels.size() : l.drawn.size();
  if (categories > kUnrotatedLabels) return sideBySide;
  const double width =
      (plotWidth >= 50 ? plotWidth : 800.0) / static_cast<double>(categories + 1) - 10;
  for (size_t i : l.drawn)
    boxes_[i].label = AxisTitles::wrapped(boxes_[i].label, ax->labelsFont(), width);
  return sideBySide;
}

QList<QBoxPlotSeries*> TimingsChartModel::makeSeries(const Layout& l, QBarCategoryAxis* ax,
                                                     double nsPerUnit, bool sideBySide) {
  QStringList labels;
  std::set<QString> groupsDrawn;
  for (size_t i : l.drawn) {
    if (!labels.contains(boxes_[i].label)) labels.append(boxes_[i].label);
    groupsDrawn.insert(groupOf(l, i));
  }
  auto makeSet = [&](size_t i, const QString& name) {
    const BoxStats& st = boxes_[i].stats;
    auto* set = new QBoxSet(st.lowerWhisker / nsPerUnit, st.q1 / nsPerUnit, st.median / nsPerUnit,
                            st.q3 / nsPerUnit, st.upperWhisker / nsPerUnit, name);
    const QColor color =
        seriesColor(std::max(0, static_cast<int>(l.groups.indexOf(groupOf(l, i)))));
    set->setBrush(color);
    // Outlined in its own colour: a box whose quartiles nearly meet is all outline.
    set->setPen(QPen(color.darker(130), 1.4));
    boxOfSet_[set] = i;
    return set;
  };
  QList<QBoxPlotSeries*> series;
  if (sideBySide) {
    ax->append(labels);
    for (int g = 0; g < l.groups.size(); ++g) {
      if (!groupsDrawn.count(l.groups[g])) continue;
      auto* s = new QBoxPlotSeries;
      s->setName(l.groups[g]);
      s->setBrush(seriesColor(g));
      for (const QString& label : labels)
        for (size_t i : l.drawn)
          if (groupOf(l, i) == l.groups[g] && boxes_[i].label == label) {
            s->append(makeSet(i, label));
            break;
          }
      series.append(s);
    }
    return series;
  }
  auto* s = new QBoxPlotSeries;
  QStringList categories;
  for (size_t i : l.drawn) {
    const QString c = boxes_[i].label + QStringLiteral(" · ") + catalog_.label(boxes_[i].run);
    categories.append(c);
    s->append(makeSet(i, c));
  }
  ax->append(categories);
  series.append(s);
  return series;
}

void TimingsChartModel::build(QChart* chart, const ChartOptions& o) {
  clearChart(chart);
  boxOfSet_.clear();
  hiddenBoxes_ = 0;
  const Layout l = layOut();
  auto* ax = new QBarCategoryAxis;
  chart->addAxis(ax, Qt::AlignBottom);  // first: the theme sets the labels' font
  const bool sideBySide = labelBoxes(l, ax, chart->plotArea().width());
  std::vector<double> medians;
  for (size_t i : l.drawn) medians.push_back(boxes_[i].stats.median);
  const DurationUnit unit = DurationUnit::forTypical(stats::median(medians));
  auto* ay =
      makeAxis(o.logY, tr("time per call (%1) · %2").arg(unit.symbol, BoxStats::whiskerRule()));
  if (l.impls.size() == 1) ax->setTitleText(QString::fromStdString(l.impls.front()));
  if (l.byImpl) ax->setTitleText(tr("implementations side by side"));
  chart->addAxis(ay, Qt::AlignLeft);
  const QList<QBoxPlotSeries*> series = makeSeries(l, ax, unit.nsPerUnit, sideBySide);
  if (ax->count() > kUnrotatedLabels) ax->setLabelsAngle(-40);
  for (QBoxPlotSeries* s : series) {
    chart->addSeries(s);
    s->attachAxis(ax);
    s->attachAxis(ay);
    QObject::connect(s, &QBoxPlotSeries::hovered, s, [this](bool inside, QBoxSet* set) {
      auto it = boxOfSet_.find(set);
      showToolTip(inside && it != boxOfSet_.end() ? tooltip(boxes_[it->second]) : QString());
    });
  }
  if (!sideBySide) chart->legend()->setVisible(false);
  shapeChanged_ = false;
}

QString TimingsChartModel::tooltip(const Box& b) const {
  const BoxStats& s = b.stats;
  return QString(b.label).replace(QStringLiteral("<br>"), QStringLiteral(" ")) + QLatin1Char('\n') +
         catalog_.label(b.run) + QLatin1Char('\n') +
         tr("n %1 · median %2").arg(s.n).arg(formatDuration(s.median)) + QLatin1Char('\n') +
         tr("quartiles %1 – %2").arg(formatDuration(s.q1), formatDuration(s.q3)) +
         QLatin1Char('\n') +
         tr("whiskers %1 – %2 (%3)")
             .arg(formatDuration(s.lowerWhisker), formatDuration(s.upperWhisker),
                  BoxStats::whiskerRule()) +
         QLatin1Char('\n') +
         tr("%n sample(s) beyond the whiskers", nullptr, static_cast<int>(s.nOutliers));
}

void TimingsChartModel::draw(QChart* chart, const ChartOptions& o, int columns, bool rebuild) {
  if (columns != columns_) rebuild = true;  // the labels wrap for the new width
  columns_ = columns;
  if (rebuild || shapeChanged_) build(chart, o);
  QAbstractAxis* ay = chart->axes(Qt::Vertical).value(0);
  if (o.zoomed) {
    setAxisRange(ay, o.yMin, o.yMax);
    return;
  }
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const auto& [set, i] : boxOfSet_) {
    lo = std::min(lo, set->at(QBoxSet::LowerExtreme));
    hi = std::max(hi, set->at(QBoxSet::UpperExtreme));
  }
  const auto [y0, y1] = padded(lo, hi, o.logY);
  setAutoRange(ay, y0, y1);
}

void TimingsChartModel::writeCsv(CsvExport& out, const ChartOptions&) const {
  out.row(QStringLiteral("run_id,measurement_id,subject,implementation,point,unit,sample_index,"
                         "value")
              .split(QLatin1Char(',')));
  for (const auto& b : boxes_) {
    const QStringList prefix{QString::number(b.run),
                             QString::number(b.row.id),
                             QString::fromStdString(b.row.subject),
                             QString::fromStdString(b.row.implementation),
                             QString::fromStdString(b.row.point_json),
                             QString::fromStdString(b.row.unit)};
    for (size_t i = 0; i < b.samples.size(); ++i)
      out.row(prefix + QStringList{QString::number(i), csv::number(b.samples[i])});
  }
}

QString TimingsChartModel::csvUnits() const {
  return tr("value: one raw timing sample, per call, in the row's unit (ns)");
}

QString TimingsChartModel::note() const {
  if (hiddenBoxes_ == 0) return {};
  return tr("%n measurement(s) not drawn (at most %1 per run); the CSV holds them all", nullptr,
            hiddenBoxes_)
      .arg(kMaxBoxesPerRun);
}

}  // namespace d500::studio
