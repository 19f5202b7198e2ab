#include "dashboards/measurement_dashboard.h"

#include <QGridLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLocale>
#include <QTextDocument>
#include <QTimer>
#include <QVBoxLayout>

#include "charts/csv_export.h"
#include "charts/csv_format.h"
#include "charts/run_catalog.h"
#include "common/display_names.h"
#include "common/locale_format.h"
#include "dashboards/curve_panel.h"
#include "dashboards/dashboard_export.h"
#include "dashboards/load_banner.h"
#include "dashboards/measurement_dashboard_kind.h"
#include "dashboards/measurement_panel.h"
#include "dashboards/run_identity.h"

namespace d500::studio {

namespace {

constexpr int kPollMs = 250;
constexpr int kIdlePollEvery = 4;  // a finished run: look again once a second

}  // namespace

ChartTab* MeasurementDashboardKind::create(const QString& storePath,
                                           const QList<qint64>& runIds) const {
  return new MeasurementDashboard(*this, storePath, runIds.value(0));
}

struct MeasurementDashboard::Impl {
  Impl(MeasurementDashboard* tab, const MeasurementDashboardKind& k, const QString& path, qint64 id)
      : q(tab), kind(k), storePath(path), runId(id) {}

  MeasurementDashboard* q;
  const MeasurementDashboardKind& kind;
  QString storePath;
  qint64 runId;
  std::unique_ptr<store::ResultStore> store;
  RunCatalog catalog;
  RunMeasurements run;
  RunIdentity identity;
  bool mismatch = false;
  QList<MeasurementPanel*> panels;
  QList<int> rowOfPanel;        // the grid row of each panel
  QGridLayout* grid = nullptr;  // owned by q's layout
  QLabel* summary = nullptr;
  LoadBanner* loadBanner = nullptr;
  QLabel* status = nullptr;
  QTimer timer;
  QString title, problem;
  int catalogRevision = -1;
  int idlePolls = 0;

  void buildUi();
  bool live() const {
    const auto* r = catalog.run(runId);
    return !r || r->status == store::RunStatus::Running || r->status == store::RunStatus::Queued;
  }
  void poll();
  void redraw();
  // Shares the height among the rows with a panel shown: a table with nothing to tell (hidden)
  // leaves no empty band.
  void stretchRows();
  void updateTitle();
  void updateStatus();
};

void MeasurementDashboard::Impl::buildUi() {
  auto* v = new QVBoxLayout(q);
  v->setContentsMargins(4, 2, 4, 2);
  v->setSpacing(2);
  loadBanner = new LoadBanner(q);
  v->addWidget(loadBanner);
  summary = new QLabel(q);
  summary->setObjectName(QStringLiteral("summary"));
  summary->setWordWrap(true);
  summary->setTextFormat(Qt::RichText);
  summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
  v->addWidget(summary);
  grid = new QGridLayout;
  grid->setSpacing(4);
  int row = 0, column = 0;
  const int columns = std::max(1, kind.columns());
  for (const DashboardCell& cell : kind.cells()) {
    const int span = std::clamp(cell.columnSpan, 1, columns);
    if (column + span > columns) {
      ++row;
      column = 0;
    }
    MeasurementPanel* p = cell.make(q);
    panels.append(p);
    rowOfPanel.append(row);
    grid->addWidget(p, row, column, 1, span);
    column += span;
  }
  stretchRows();
  for (int c = 0; c < columns; ++c) grid->setColumnStretch(c, 1);
  v->addLayout(grid, 1);
  status = new QLabel(q);
  status->setTextInteractionFlags(Qt::TextSelectableByMouse);
  v->addWidget(status);
}

void MeasurementDashboard::Impl::stretchRows() {
  for (int r = 0; r < grid->rowCount(); ++r) {
    bool shown = false;
    for (int i = 0; i < panels.size(); ++i)
      shown = shown || (rowOfPanel[i] == r && !panels[i]->isHidden());
    grid->setRowStretch(r, shown ? 1 : 0);
  }
}

void MeasurementDashboard::Impl::poll() {
  if (!store) {
    store = openStore(storePath, &problem);
    if (!store) return updateStatus();
  }
  problem.clear();
  bool added = false;
  try {
    catalog.refresh(*store, {runId});
    const auto* r = catalog.run(runId);
    if (!r) {
      problem = tr("The store has no run %1 (yet).").arg(runId);
    } else if (!identity.matches(*r)) {
      mismatch = true;
      problem = RunIdentity::mismatchText(runId);
    } else {
      mismatch = false;
      added = run.poll(*store, runId, live());
    }
  } catch (const std::exception& e) {
    problem = tr("Reading the store failed: %1").arg(QString::fromUtf8(e.what()));
    store.reset();
    return updateStatus();
  }
  const bool changed = catalog.revision() != catalogRevision;
  if (changed) {
    catalogRevision = catalog.revision();
    updateTitle();
  }
  if (added || changed) redraw();
  updateStatus();
  if (added) Q_EMIT q->pointsAdded(run.valueCount());
}

void MeasurementDashboard::Impl::redraw() {
  if (!store || mismatch || !catalog.run(runId)) {
    for (MeasurementPanel* p : panels) p->clear();
    summary->clear();
    summary->setVisible(false);
    loadBanner->setVisible(false);
    stretchRows();
    return;
  }
  loadBanner->update(*store, runId);
  const DashboardData data{*store, catalog, runId, run};
  try {
    for (MeasurementPanel* p : panels) p->update(data);
    CurvePanel::shareXRanges(panels);
    stretchRows();
    summary->setText(kind.summaryHtml(data));
  } catch (const std::exception& e) {
    summary->setText(tr("Reading the run's results failed: %1").arg(QString::fromUtf8(e.what())));
  }
  summary->setVisible(!summary->text().isEmpty());
}

void MeasurementDashboard::Impl::updateTitle() {
  const QString t = kind.title() + QStringLiteral(" — ") + catalog.label(runId);
  if (t == title) return;
  title = t;
  Q_EMIT q->titleChanged(title);
}

void MeasurementDashboard::Impl::updateStatus() {
  QStringList parts;
  if (!problem.isEmpty()) parts.append(problem);
  if (store && !mismatch)
    if (const auto* r = catalog.run(runId))
      parts.append(tr("%1 measurements · run %2 %3")
                       .arg(LocaleFormat::integer(static_cast<qint64>(run.rows().size())))
                       .arg(runId)
                       .arg(DisplayNames::runStatus(r->status)));
  status->setText(parts.join(QStringLiteral(" · ")));
}

// --- MeasurementDashboard ---

MeasurementDashboard::MeasurementDashboard(const MeasurementDashboardKind& kind,
                                           const QString& storePath, qint64 runId, QWidget* parent)
    : ChartTab(kind, parent), d_(std::make_unique<Impl>(this, kind, storePath, runId)) {
  d_->buildUi();
  d_->title = kind.title() + QStringLiteral(" — ") + d_->catalog.label(runId);
  d_->timer.setInterval(kPollMs);
  QObject::connect(&d_->timer, &QTimer::timeout, this, [this] {
    if (d_->store && !d_->live() && ++d_->idlePolls % kIdlePollEvery != 0) return;
    d_->poll();
  });
  d_->poll();
  d_->timer.start();
}

MeasurementDashboard::~MeasurementDashboard() {
  d_->timer.stop();
}

QList<qint64> MeasurementDashboard::runIds() const {
  return {d_->runId};
}
QString MeasurementDashboard::title() const {
  return d_->title;
}
qint64 MeasurementDashboard::pointCount() const {
  return d_->mismatch ? 0 : d_->run.valueCount();
}
QList<MeasurementPanel*> MeasurementDashboard::panels() const {
  return d_->panels;
}
const RunMeasurements& MeasurementDashboard::measurements() const {
  return d_->run;
}
QString MeasurementDashboard::identityProblem() const {
  return d_->mismatch ? d_->problem : QString();
}

QString MeasurementDashboard::summaryText() const {
  QTextDocument doc;
  doc.setHtml(d_->summary->text());
  return doc.toPlainText();
}

QJsonObject MeasurementDashboard::settings() const {
  QJsonObject o;
  o[QStringLiteral("kind")] = kindName();
  o[QStringLiteral("runs")] = QJsonArray{d_->runId};
  const QJsonObject id = d_->identity.toJson();
  if (!id.isEmpty()) o[QStringLiteral("run_identity")] = id;
  return o;
}

void MeasurementDashboard::applySettings(const QJsonObject& o) {
  if (d_->identity.fromJson(o.value(QStringLiteral("run_identity")).toObject())) {
    d_->run.clear();  // what was read may be a stranger's
    d_->catalogRevision = -1;
  }
  refresh();
  d_->redraw();
}

void MeasurementDashboard::refresh() {
  d_->poll();
}

bool MeasurementDashboard::exportImage(const QString& path, int dpi, QString* error) {
  // The panels with their legends: not the line over them (a report prints it) nor the status.
  const QSize size = DashboardExport::chartsSize(*this, {d_->summary, d_->status}, 0);
  return DashboardExport::writeCharts(*this, size, path, dpi, error);
}

void MeasurementDashboard::renderContent(QPainter* painter, QSize size, double /*scale*/,
                                         bool withSummary) {
  const bool summaryShown = d_->summary->isVisibleTo(this);
  d_->status->hide();
  d_->summary->setVisible(withSummary && summaryShown);
  layOutAt(this, size);
  d_->redraw();  // error bars and labels for the panels' new size
  d_->summary->setVisible(withSummary && summaryShown);
  layOutAt(this, size);  // the redrawn charts' layout, and their replaced axes gone
  render(painter, QPoint(), QRegion(), QWidget::DrawChildren);
  d_->status->show();
  d_->summary->setVisible(summaryShown);
}

QString MeasurementDashboard::summaryHtml() const {
  return d_->summary->text();
}

bool MeasurementDashboard::exportCsv(const QString& path, QString* error) {
  refresh();
  CsvExport out(QStringLiteral("d500 dashboard data"));
  out.note(QStringLiteral("run %1: %2").arg(d_->runId).arg(d_->catalog.label(d_->runId)));
  out.note(QStringLiteral("units: times in the row's unit (ns); peak memory in bytes"));
  out.row(QStringLiteral("run_id,measurement_id,subject,implementation,point,unit,n,median,ci_lo,"
                         "ci_hi,ci_valid,p90,p99,first_call,stop_reason,error")
              .split(QLatin1Char(',')));
  for (const auto& r : d_->run.rows()) {
    const auto& m = r.m;
    out.row({QString::number(d_->runId), QString::number(m.id), QString::fromStdString(m.subject),
             QString::fromStdString(m.implementation), QString::fromStdString(m.point_json),
             QString::fromStdString(m.unit), QString::number(m.n), csv::number(m.median),
             csv::number(m.ci_lo), csv::number(m.ci_hi),
             m.ci_valid ? QStringLiteral("1") : QStringLiteral("0"), csv::number(m.p90),
             csv::number(m.p99), csv::number(m.first_call_ns),
             QString::fromStdString(m.stop_reason), QString::fromStdString(m.error)});
  }
  return out.write(path, error);
}

}  // namespace d500::studio
