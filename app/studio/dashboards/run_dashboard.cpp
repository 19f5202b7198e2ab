#include "dashboards/run_dashboard.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QTextDocument>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "charts/legend_list.h"
#include "charts/palette.h"
#include "charts/run_catalog.h"
#include "charts/series_picker.h"
#include "common/display_names.h"
#include "common/locale_format.h"
#include "dashboards/dashboard_export.h"
#include "dashboards/dashboard_kind.h"
#include "dashboards/dashboard_panel.h"
#include "dashboards/load_banner.h"
#include "dashboards/run_identity.h"

namespace d500::studio {

namespace {

constexpr int kPollMs = 100;
constexpr int kIdlePollEvery = 10;  // a finished run: look again once a second
constexpr size_t kRowsPerPoll = 200000;
constexpr int kSideWidth = 380;
constexpr int kKeyWidth = 150;  // the side with the key alone (reports print the summary as text)

const char* const kAxisNames[] = {"step", "epoch", "wall_time"};

}  // namespace

struct RunDashboard::Impl {
  Impl(RunDashboard* tab, const DashboardKind& k, const QString& path, qint64 id)
      : q(tab),
        kind(k),
        layout(layoutFor(k, path, id)),
        storePath(path),
        runId(id),
        series(layout.groupBy) {}

  // The kind's layout for the run as its store says now (kind.layout() when it cannot be read).
  static DashboardLayout layoutFor(const DashboardKind& k, const QString& path, qint64 id) {
    auto s = store::ResultStore::open(path.toStdString(), store::ResultStore::Mode::ReadOnly);
    if (!s.ok()) return k.layout();
    try {
      return k.layoutOf(*s.value(), id);
    } catch (const std::exception&) {
      return k.layout();
    }
  }

  RunDashboard* q;
  const DashboardKind& kind;
  const DashboardLayout layout;
  QString storePath;
  qint64 runId;
  std::unique_ptr<store::ResultStore> store;
  RunCatalog catalog;
  RunSeries series;
  std::vector<DashboardPanel*> panels;
  QComboBox* xAxis = nullptr;
  QDoubleSpinBox* smoothing = nullptr;
  QComboBox* seedView = nullptr;        // seeds: overlaid or their median with its CI band
  SeriesPicker* groupPicker = nullptr;  // seeds
  QComboBox* rankPicker = nullptr;      // ranks
  LegendList* key = nullptr;
  QLabel* keyTitle = nullptr;
  QLabel* summary = nullptr;
  QLabel* status = nullptr;
  LoadBanner* loadBanner = nullptr;
  QWidget* toolbar = nullptr;
  QWidget* side = nullptr;
  QTimer timer;
  QString title, problem;
  RunIdentity identity;  // the run the tab was made for (unbound: take the store's)
  bool mismatch = false;
  int catalogRevision = -1;
  int idlePolls = 0;
  QList<int> shown;  // groups chosen; empty: all
  bool shownSet = false;

  bool byRank() const { return layout.groupBy == RunSeries::GroupBy::Rank; }
  QString groupName(int g) const { return byRank() ? tr("rank %1").arg(g) : tr("seed %1").arg(g); }

  void buildUi();
  QWidget* buildToolbar();
  QWidget* buildSide();
  bool poll(size_t budget);
  bool checkIdentity();
  void syncGroups();
  QList<int> drawnGroups() const;
  void redraw();
  void updateSummary();
  void updateTitle();
  double targetAccuracy() const;  // the experiment's training.target_accuracy; 0: none
  void updateStatus();
};

QWidget* RunDashboard::Impl::buildToolbar() {
  auto* bar = new QWidget(q);
  auto* h = new QHBoxLayout(bar);
  h->setContentsMargins(4, 2, 4, 2);
  h->addWidget(new QLabel(tr("x axis:"), bar));
  xAxis = new QComboBox(bar);
  xAxis->setObjectName(QStringLiteral("xAxis"));
  xAxis->addItem(tr("step"));
  xAxis->addItem(tr("epoch"));
  xAxis->addItem(tr("wall time"));
  xAxis->setFocusPolicy(Qt::StrongFocus);  // no wheel change while it is not focused
  h->addWidget(xAxis);
  QObject::connect(xAxis, &QComboBox::currentIndexChanged, q, [this] { redraw(); });
  h->addWidget(new QLabel(tr("  loss smoothing (EMA):"), bar));
  smoothing = new QDoubleSpinBox(bar);
  smoothing->setRange(0, 0.99);
  smoothing->setSingleStep(0.05);
  smoothing->setValue(0.6);
  smoothing->setFocusPolicy(Qt::StrongFocus);
  smoothing->setToolTip(tr("Weight of the exponential moving average drawn over the raw loss"));
  h->addWidget(smoothing);
  QObject::connect(smoothing, &QDoubleSpinBox::valueChanged, q, [this] { redraw(); });
  if (byRank()) {
    h->addWidget(new QLabel(tr("  ranks:"), bar));
    rankPicker = new QComboBox(bar);
    rankPicker->setObjectName(QStringLiteral("rankPicker"));
    rankPicker->addItem(tr("all ranks overlaid"), -1);
    rankPicker->setFocusPolicy(Qt::StrongFocus);
    h->addWidget(rankPicker);
    QObject::connect(rankPicker, &QComboBox::currentIndexChanged, q, [this] {
      const int r = rankPicker->currentData().toInt();
      shown = r < 0 ? QList<int>{} : QList<int>{r};
      redraw();
    });
  } else {
    h->addWidget(new QLabel(tr("  seeds:"), bar));
    seedView = new QComboBox(bar);
    seedView->setObjectName(QStringLiteral("seedView"));
    seedView->addItem(tr("overlaid"));
    seedView->addItem(tr("median with CI band"));
    seedView->setFocusPolicy(Qt::StrongFocus);
    seedView->setToolTip(
        tr("Each seed as its own line, or per step the median across the seeds "
           "with the order-statistic confidence band of that median"));
    h->addWidget(seedView);
    QObject::connect(seedView, &QComboBox::currentIndexChanged, q, [this] { redraw(); });
    groupPicker = new SeriesPicker(tr("Seeds"), bar);
    groupPicker->setObjectName(QStringLiteral("seedPicker"));
    h->addWidget(groupPicker);
    QObject::connect(groupPicker, &SeriesPicker::checkedChanged, q,
                     [this](const QStringList& on) { q->setShownGroups(on); });
  }
  h->addStretch();
  return bar;
}

QWidget* RunDashboard::Impl::buildSide() {
  auto* scroll = new QScrollArea(q);
  scroll->setWidgetResizable(true);
  scroll->setFixedWidth(kSideWidth);
  scroll->setFrameShape(QFrame::NoFrame);
  auto* side = new QWidget(scroll);
  auto* v = new QVBoxLayout(side);
  v->setContentsMargins(8, 4, 8, 4);
  keyTitle = new QLabel(byRank() ? tr("<b>Ranks</b>") : tr("<b>Seeds</b>"), side);
  v->addWidget(keyTitle);
  key = new LegendList(true, side);
  key->setObjectName(QStringLiteral("groupKey"));
  v->addWidget(key);
  summary = new QLabel(side);
  summary->setObjectName(QStringLiteral("summary"));
  summary->setWordWrap(true);
  summary->setTextFormat(Qt::RichText);
  summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
  summary->setAlignment(Qt::AlignLeft | Qt::AlignTop);
  v->addWidget(summary);
  v->addStretch();
  scroll->setWidget(side);
  return scroll;
}

void RunDashboard::Impl::buildUi() {
  auto* v = new QVBoxLayout(q);
  v->setContentsMargins(0, 0, 0, 0);
  v->setSpacing(2);
  toolbar = buildToolbar();
  v->addWidget(toolbar);
  loadBanner = new LoadBanner(q);
  v->addWidget(loadBanner);
  auto* body = new QHBoxLayout;
  auto* grid = new QGridLayout;
  grid->setSpacing(4);
  for (size_t i = 0; i < layout.panels.size(); ++i) {
    auto* p = new DashboardPanel(layout.panels[i], q);
    panels.push_back(p);
    grid->addWidget(p, static_cast<int>(i) / layout.columns, static_cast<int>(i) % layout.columns);
  }
  body->addLayout(grid, 1);
  side = buildSide();
  body->addWidget(side);
  v->addLayout(body, 1);
  status = new QLabel(q);
  status->setTextInteractionFlags(Qt::TextSelectableByMouse);
  v->addWidget(status);
}

bool RunDashboard::Impl::checkIdentity() {
  const auto* r = catalog.run(runId);
  if (!r) return false;
  mismatch = !identity.matches(*r);
  if (mismatch) problem = RunIdentity::mismatchText(runId);
  return !mismatch;
}

bool RunDashboard::Impl::poll(size_t budget) {
  if (!store) {
    store = openStore(storePath, &problem);
    if (!store) {
      updateStatus();
      return false;
    }
  }
  bool added = false;
  problem.clear();
  try {
    catalog.refresh(*store, {runId});
    if (!catalog.run(runId)) {
      problem = tr("The store has no run %1 (yet).").arg(runId);
    } else if (checkIdentity()) {
      added = series.poll(*store, runId, budget);
    }
  } catch (const std::exception& e) {
    problem = tr("Reading the store failed: %1").arg(QString::fromUtf8(e.what()));
    store.reset();
    updateStatus();
    return false;
  }
  const bool changed = catalog.revision() != catalogRevision;
  if (changed) {
    catalogRevision = catalog.revision();
    updateTitle();
  }
  if (added || changed) {
    syncGroups();
    redraw();
    updateSummary();
  }
  updateStatus();
  if (added) Q_EMIT q->pointsAdded(series.pointCount());
  return added;
}

void RunDashboard::Impl::syncGroups() {
  QStringList names;
  QList<QColor> colors;
  const auto groups = series.groups();
  for (size_t i = 0; i < groups.size(); ++i) {
    names.append(groupName(groups[i]));
    colors.append(seriesColor(static_cast<int>(i)));
  }
  if (groupPicker) {
    groupPicker->setItems(names, colors);
    if (shownSet) {
      QStringList on;
      for (int g : shown) on.append(groupName(g));
      groupPicker->setChecked(on);
    }
  }
  if (rankPicker && rankPicker->count() != static_cast<int>(groups.size()) + 1) {
    const QSignalBlocker block(rankPicker);
    while (rankPicker->count() > 1) rankPicker->removeItem(1);
    for (int g : groups) rankPicker->addItem(groupName(g), g);
  }
}

QList<int> RunDashboard::Impl::drawnGroups() const {
  QList<int> out;
  for (int g : series.groups())
    if ((!shownSet && shown.isEmpty()) || shown.contains(g)) out.append(g);
  return out;
}

void RunDashboard::Impl::redraw() {
  DashboardPanel::View view;
  view.x = static_cast<RunSeries::XAxis>(xAxis->currentIndex());
  view.smoothing = smoothing->value();
  for (int g : series.groups()) view.allGroups.append(g);
  view.groups = mismatch ? QList<int>{} : drawnGroups();
  view.band = seedView && seedView->currentIndex() == 1;
  view.target = targetAccuracy();
  double x0 = INFINITY, x1 = -INFINITY;
  for (DashboardPanel* p : panels) {
    p->draw(series, view);
    x0 = std::min(x0, p->dataXMin());
    x1 = std::max(x1, p->dataXMax());
  }
  // One x range for all: a point at the same x is at the same place in every panel.
  for (DashboardPanel* p : panels) p->setXRange(std::min(0.0, x0), x1);
  QList<LegendList::Entry> entries;
  if (view.band && view.groups.size() > 1) {
    QStringList names;
    for (int g : view.groups) names.append(QString::number(g));
    entries.append({tr("median of seeds %1").arg(names.join(QStringLiteral(", "))), seriesColor(0),
                    Qt::SolidLine, false});
  } else {
    for (int g : view.groups)
      entries.append({groupName(g), seriesColor(static_cast<int>(view.allGroups.indexOf(g))),
                      Qt::SolidLine, false});
  }
  key->setEntries(entries);
}

void RunDashboard::Impl::updateSummary() {
  const auto* r = catalog.run(runId);
  if (!store || !r || mismatch) {
    summary->clear();
    loadBanner->setVisible(false);
    return;
  }
  loadBanner->update(*store, runId);
  try {
    summary->setText(kind.summaryHtml(*store, *r, series));
  } catch (const std::exception& e) {
    summary->setText(tr("Reading the run's results failed: %1").arg(QString::fromUtf8(e.what())));
  }
}

double RunDashboard::Impl::targetAccuracy() const {
  const auto* r = catalog.run(runId);
  if (!r || mismatch) return 0;
  const QJsonObject spec =
      QJsonDocument::fromJson(QByteArray::fromStdString(r->spec_json)).object();
  return spec.value(QStringLiteral("training"))
      .toObject()
      .value(QStringLiteral("target_accuracy"))
      .toDouble();
}

void RunDashboard::Impl::updateTitle() {
  QString t = kind.title() + QStringLiteral(" — ") + catalog.label(runId);
  if (t != title) {
    title = t;
    Q_EMIT q->titleChanged(title);
  }
}

void RunDashboard::Impl::updateStatus() {
  QStringList parts;
  if (!problem.isEmpty()) parts.append(problem);
  if (store && !mismatch) {
    parts.append(tr("%1 values").arg(LocaleFormat::integer(series.pointCount())));
    if (const auto* r = catalog.run(runId))
      parts.append(tr("run %1 %2").arg(runId).arg(DisplayNames::runStatus(r->status)));
    if (xAxis->currentIndex() == 1)
      parts.append(tr("epoch axis: steps placed within their epoch, from where each epoch ended"));
  }
  status->setText(parts.join(QStringLiteral(" · ")));
}

// --- RunDashboard ---

RunDashboard::RunDashboard(const DashboardKind& kind, const QString& storePath, qint64 runId,
                           QWidget* parent)
    : ChartTab(kind, parent), d_(std::make_unique<Impl>(this, kind, storePath, runId)) {
  d_->buildUi();
  d_->title = kind.title() + QStringLiteral(" — ") + d_->catalog.label(runId);
  d_->timer.setInterval(kPollMs);
  QObject::connect(&d_->timer, &QTimer::timeout, this, [this] {
    const bool idle = d_->store && d_->catalog.allFinished({d_->runId});
    if (idle && ++d_->idlePolls % kIdlePollEvery != 0) return;
    d_->poll(kRowsPerPoll);
  });
  d_->poll(kRowsPerPoll);
  d_->timer.start();
}

RunDashboard::~RunDashboard() {
  d_->timer.stop();
}

QList<qint64> RunDashboard::runIds() const {
  return {d_->runId};
}
QString RunDashboard::title() const {
  return d_->title;
}
qint64 RunDashboard::pointCount() const {
  return d_->series.pointCount();
}
const RunSeries& RunDashboard::series() const {
  return d_->series;
}
QString RunDashboard::identityProblem() const {
  return d_->mismatch ? d_->problem : QString();
}

QStringList RunDashboard::availableSeries() const {
  QStringList out;
  for (const PanelSpec& p : d_->layout.panels)
    for (const PanelLine& l : p.lines)
      if (!out.contains(QString::fromStdString(l.series)))
        out.append(QString::fromStdString(l.series));
  return out;
}

QList<DashboardPanel*> RunDashboard::panels() const {
  return QList<DashboardPanel*>(d_->panels.begin(), d_->panels.end());
}

DashboardPanel* RunDashboard::panel(const QString& id) const {
  for (DashboardPanel* p : d_->panels)
    if (p->objectName() == id) return p;
  return nullptr;
}

void RunDashboard::setXAxis(RunSeries::XAxis x) {
  d_->xAxis->setCurrentIndex(static_cast<int>(x));
}
RunSeries::XAxis RunDashboard::xAxis() const {
  return static_cast<RunSeries::XAxis>(d_->xAxis->currentIndex());
}

QStringList RunDashboard::groupNames() const {
  QStringList out;
  for (int g : d_->drawnGroups()) out.append(d_->groupName(g));
  return out;
}

void RunDashboard::setShownGroups(const QStringList& names) {
  d_->shown.clear();
  for (int g : d_->series.groups())
    if (names.contains(d_->groupName(g))) d_->shown.append(g);
  d_->shownSet = true;
  d_->syncGroups();
  d_->redraw();
}

QStringList RunDashboard::keyTexts() const {
  return d_->key->texts();
}

QString RunDashboard::summaryText() const {
  QTextDocument doc;
  doc.setHtml(d_->summary->text());
  return doc.toPlainText();
}

QJsonObject RunDashboard::settings() const {
  QJsonObject o;
  o[QStringLiteral("kind")] = kindName();
  o[QStringLiteral("runs")] = QJsonArray{d_->runId};
  o[QStringLiteral("x")] = QLatin1String(kAxisNames[d_->xAxis->currentIndex()]);
  o[QStringLiteral("smoothing")] = d_->smoothing->value();
  if (d_->shownSet) {
    QJsonArray groups;
    for (int g : d_->shown) groups.append(g);
    o[QStringLiteral("groups")] = groups;
  }
  if (d_->seedView)
    o[QStringLiteral("seeds")] =
        d_->seedView->currentIndex() == 1 ? QStringLiteral("band") : QStringLiteral("overlaid");
  const QJsonObject id = d_->identity.toJson();
  if (!id.isEmpty()) o[QStringLiteral("run_identity")] = id;
  return o;
}

void RunDashboard::applySettings(const QJsonObject& o) {
  if (d_->identity.fromJson(o.value(QStringLiteral("run_identity")).toObject())) {
    d_->series.clear();  // what was read may be a stranger's
    d_->catalogRevision = -1;
  }
  if (d_->seedView && o.contains(QStringLiteral("seeds"))) {
    const QSignalBlocker block(d_->seedView);
    d_->seedView->setCurrentIndex(o.value(QStringLiteral("seeds")).toString() ==
                                  QLatin1String("band"));
  }
  for (int i = 0; i < 3; ++i)
    if (o.value(QStringLiteral("x")).toString() == QLatin1String(kAxisNames[i])) {
      const QSignalBlocker block(d_->xAxis);
      d_->xAxis->setCurrentIndex(i);
    }
  if (o.contains(QStringLiteral("smoothing"))) {
    const QSignalBlocker block(d_->smoothing);
    d_->smoothing->setValue(o.value(QStringLiteral("smoothing")).toDouble());
  }
  if (o.contains(QStringLiteral("groups"))) {
    d_->shown.clear();
    for (const auto& g : o.value(QStringLiteral("groups")).toArray()) d_->shown.append(g.toInt());
    d_->shownSet = true;
  }
  refresh();
  d_->syncGroups();
  d_->redraw();
}

void RunDashboard::refresh() {
  d_->poll(0);
}

bool RunDashboard::exportImage(const QString& path, int dpi, QString* error) {
  // The panels and beside them the whole key, however many seeds: not the toolbar, the summary
  // (a report prints it) or the status line.
  const int key = 8 + d_->keyTitle->sizeHint().height() + 6 + d_->key->heightAt(kKeyWidth - 16);
  const QSize size = DashboardExport::chartsSize(*this, {d_->toolbar, d_->status}, key);
  return DashboardExport::writeCharts(*this, size, path, dpi, error);
}

void RunDashboard::renderContent(QPainter* painter, QSize size, double /*scale*/,
                                 bool withSummary) {
  // The panels and the key beside them (and the summary, unless a report prints it as text);
  // not the toolbar, nor the status line.
  d_->toolbar->hide();
  d_->status->hide();
  d_->summary->setVisible(withSummary);
  d_->side->setFixedWidth(withSummary ? kSideWidth : kKeyWidth);
  layOutAt(this, size);
  d_->redraw();          // decimated for the panels' new width
  layOutAt(this, size);  // the legends' new text asks for its height
  render(painter, QPoint(), QRegion(), QWidget::DrawChildren);
  d_->toolbar->show();
  d_->status->show();
  d_->summary->show();
  d_->side->setFixedWidth(kSideWidth);
}

QString RunDashboard::summaryHtml() const {
  return d_->summary->text();
}

bool RunDashboard::exportCsv(const QString& path, QString* error) {
  refresh();
  return DashboardExport::writeCsv(d_->series, d_->storePath, d_->runId,
                                   d_->catalog.label(d_->runId), path, error);
}

}  // namespace d500::studio
