#include "history/change_dialog.h"

#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QChartView>
#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <nlohmann/json.hpp>

#include "charts/box_stats.h"
#include "charts/chart_model.h"
#include "charts/palette.h"
#include "charts/units.h"
#include "d500/env/environment.h"
#include "d500/env/machine_load.h"
#include "d500/history/confirmation.h"
#include "d500/report/format.h"
#include "history/history_chart.h"

namespace d500::studio {

namespace {

nlohmann::json environmentOf(const store::ResultStore& s, int64_t id) {
  if (auto e = s.environment(id)) {
    auto j = nlohmann::json::parse(e->json, nullptr, false);
    if (j.is_object()) return j;
  }
  return nlohmann::json::object();
}

QString loadOf(const store::ResultStore& s, int64_t run) {
  const auto l = env::stored_load(s, run);
  if (!l) return ChangeDialog::tr("not recorded");
  return l->busy ? ChangeDialog::tr("BUSY") : ChangeDialog::tr("quiet");
}

QString pct(double v) {
  return QString::fromStdString(report::signed_percent(v));
}

// The verdict of the latest rerun to confirm this change, or that there is none.
QString verdictText(const store::ResultStore& s, const history::Series& ser, qint64 before,
                    qint64 after) {
  const auto c = history::stored_confirmation(s, before, after);
  const auto* row = c ? c->row(ser.subject, ser.implementation) : nullptr;
  if (!row)
    return ChangeDialog::tr(
        "Not confirmed yet: <i>Rerun to Confirm</i> runs both experiments "
        "again here, interleaved in randomized blocks.");
  return ChangeDialog::tr(
             "Rerun to confirm: <b>%1</b> (reruns %2, CI [%3, %4]; %5 of %6 blocks "
             "agreed) on %7")
      .arg(QString::fromStdString(row->verdict), pct(row->change), pct(row->ci_lo), pct(row->ci_hi))
      .arg(row->blocks_agreeing)
      .arg(c->blocks)
      .arg(QString::fromStdString(report::format_time(c->confirmed_at)));
}

QBoxSet* boxOf(std::vector<double> samples, const QString& label, double div) {
  std::sort(samples.begin(), samples.end());
  const BoxStats b = BoxStats::fromSorted(samples);
  auto* set = new QBoxSet(label);
  set->setValue(QBoxSet::LowerExtreme, b.lowerWhisker / div);
  set->setValue(QBoxSet::LowerQuartile, b.q1 / div);
  set->setValue(QBoxSet::Median, b.median / div);
  set->setValue(QBoxSet::UpperQuartile, b.q3 / div);
  set->setValue(QBoxSet::UpperExtreme, b.upperWhisker / div);
  return set;
}

}  // namespace

ChangeDialog::ChangeDialog(const store::ResultStore& s, const history::Series& ser,
                           const measure::ChangePoint& c, size_t from, size_t to, QWidget* parent)
    : QDialog(parent), before_(ser.points[c.index - 1].run_id), after_(ser.points[c.index].run_id) {
  setWindowTitle(tr("Change between run %1 and run %2").arg(before_).arg(after_));
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(summary(s, ser, c));
  layout->addWidget(sides(s, ser, c.index, from, to), 1);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  auto* openBefore = buttons->addButton(tr("Open Run &Before"), QDialogButtonBox::ActionRole);
  auto* openAfter = buttons->addButton(tr("Open Run &After"), QDialogButtonBox::ActionRole);
  confirm_ = buttons->addButton(tr("&Rerun to Confirm"), QDialogButtonBox::ActionRole);
  confirm_->setToolTip(
      tr("Queue both runs' experiments again on this machine, as randomized "
         "A/B blocks (d500 confirm); the verdict is stored with the change"));
  connect(openBefore, &QPushButton::clicked, this, [this] { Q_EMIT openRunRequested(before_); });
  connect(openAfter, &QPushButton::clicked, this, [this] { Q_EMIT openRunRequested(after_); });
  connect(confirm_, &QPushButton::clicked, this, [this] {
    Q_EMIT confirmRequested(before_, after_);
    accept();
  });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
  resize(760, 620);
}

QWidget* ChangeDialog::summary(const store::ResultStore& s, const history::Series& ser,
                               const measure::ChangePoint& c) {
  auto* box = new QWidget(this);
  auto* layout = new QVBoxLayout(box);
  layout->setContentsMargins(0, 0, 0, 0);
  const auto& a = ser.points[c.index - 1];
  const auto& b = ser.points[c.index];
  auto* head = new QLabel(
      tr("<b>%1</b> — median <b>%2</b> (95% CI [%3, %4], p = %5) between run %6 (%7) and run %8 "
         "(%9)")
          .arg(HistoryChart::seriesTitle(ser).toHtmlEscaped(), pct(c.change), pct(c.ci_lo),
               pct(c.ci_hi), QString::number(c.p_value, 'g', 3))
          .arg(a.run_id)
          .arg(QString::fromStdString(a.axis).toHtmlEscaped())
          .arg(b.run_id)
          .arg(QString::fromStdString(b.axis).toHtmlEscaped()),
      box);
  head->setWordWrap(true);
  layout->addWidget(head);
  layout->addWidget(new QLabel(
      tr("Machine load: before %1, after %2").arg(loadOf(s, a.run_id), loadOf(s, b.run_id)), box));
  auto* verdict = new QLabel(verdictText(s, ser, a.run_id, b.run_id), box);
  verdict->setWordWrap(true);
  layout->addWidget(verdict);
  layout->addWidget(new QLabel(tr("What changed in the environment across it:"), box));
  environment_ = new QListWidget(box);
  const auto d = env::diff(environmentOf(s, a.environment_id), environmentOf(s, b.environment_id));
  for (const auto& line : d) environment_->addItem(QString::fromStdString(line));
  if (d.empty()) environment_->addItem(tr("nothing: the same environment on both sides"));
  environment_->setMaximumHeight(110);
  layout->addWidget(environment_);
  return box;
}

QWidget* ChangeDialog::sides(const store::ResultStore& s, const history::Series& ser, size_t at,
                             size_t from, size_t to) {
  std::vector<double> before, after;
  double typical = 0;
  for (size_t i = from; i < to; ++i) {
    const auto x = s.samples(ser.points[i].measurement_id);
    (i < at ? before : after).insert((i < at ? before : after).end(), x.begin(), x.end());
    typical = std::max(typical, ser.points[i].median);
  }
  const bool ns = ser.unit == "ns";
  const DurationUnit u = ns ? DurationUnit::forTypical(typical) : DurationUnit{1, {}};
  auto* series = new QBoxPlotSeries;
  series->setName(tr("samples of each side (%1)").arg(BoxStats::whiskerRule()));
  series->setBrush(seriesColor(0).lighter(150));
  series->append(boxOf(
      before,
      tr("before: runs #%1 to #%2").arg(ser.points[from].run_id).arg(ser.points[at - 1].run_id),
      u.nsPerUnit));
  series->append(boxOf(
      after, tr("after: runs #%1 to #%2").arg(ser.points[at].run_id).arg(ser.points[to - 1].run_id),
      u.nsPerUnit));
  auto* chart = new QChart;
  chart->addSeries(series);
  chart->createDefaultAxes();
  const auto ys = chart->axes(Qt::Vertical);
  if (!ys.isEmpty()) {
    ys.first()->setTitleText(ns ? tr("time per call (%1)").arg(u.symbol)
                                : QString::fromStdString(ser.unit));
    // The boxes' own range, not from zero: a 5% shift must be seen.
    double lo = 0, hi = 0;
    for (int i = 0; i < series->count(); ++i) {
      const QBoxSet* b = series->boxSets().at(i);
      lo = i ? std::min(lo, b->at(QBoxSet::LowerExtreme)) : b->at(QBoxSet::LowerExtreme);
      hi = i ? std::max(hi, b->at(QBoxSet::UpperExtreme)) : b->at(QBoxSet::UpperExtreme);
    }
    ChartModel::setAutoRange(ys.first(), lo, hi);
  }
  chart->setTitle(tr("Both sides' samples"));
  auto* view = new QChartView(chart, this);
  view->setRenderHint(QPainter::Antialiasing);
  view->setMinimumHeight(260);
  return view;
}

}  // namespace d500::studio
