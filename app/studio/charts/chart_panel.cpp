#include "charts/chart_panel.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QJsonArray>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QTimer>
#include <QVBoxLayout>
#include <QtCharts/QAbstractAxis>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <memory>
#include <tuple>

#include "charts/axis_titles.h"
#include "charts/chart_controls.h"
#include "charts/chart_kind.h"
#include "charts/chart_model.h"
#include "charts/chart_options.h"
#include "charts/chart_view.h"
#include "charts/csv_export.h"
#include "charts/legend_list.h"
#include "charts/run_catalog.h"
#include "charts/tab_render.h"
#include "common/dialog_folder.h"
#include "common/display_names.h"
#include "common/locale_format.h"
#include "d500/error.h"
#include "d500/store/result_store.h"

namespace d500::studio {

namespace {

constexpr int kPollMs = 100;             // new rows on screen well within 250 ms
constexpr size_t kRowsPerPoll = 200000;  // per run: a huge backlog loads over a few polls
constexpr int kIdlePollEvery = 10;       // finished runs: look again once a second
const QSize kDefaultExportSize(800, 500);

const ModelChartKind& modelKind(const QString& name) {
  const ChartKindRegistry& r = ChartKindRegistry::studio();
  if (const auto* k = dynamic_cast<const ModelChartKind*>(r.find(name))) return *k;
  const auto* sweep = dynamic_cast<const ModelChartKind*>(r.find(QStringLiteral("sweep")));
  D500_ASSERT(sweep);
  return *sweep;
}

}  // namespace

struct ChartPanel::Impl {
  Impl(ChartPanel* panel, const ModelChartKind& k, const QString& path, const QList<qint64>& ids)
      : q(panel), kind(k), storePath(path), runIds(ids) {}

  ChartPanel* q;
  const ModelChartKind& kind;
  QString storePath;
  QList<qint64> runIds;
  std::unique_ptr<store::ResultStore> store;
  RunCatalog catalog;
  std::unique_ptr<ChartModel> model;
  ChartOptions options;
  QChart* chart = nullptr;    // owned by view
  ChartView* view = nullptr;  // owned by q
  QLabel* status = nullptr;
  ChartControls* controls = nullptr;  // owned by q
  QTimer timer;
  QString title;
  QString problem;  // why there is nothing to show (no store, unreadable ...)
  int catalogRevision = -1;
  LegendList* legend = nullptr;  // owned by q
  int lastColumns = 0;
  int idlePolls = 0;
  bool redrawPending = false;

  bool seriesKind() const { return kind.controls().series; }

  void buildUi();
  void syncControls();
  void optionsChanged(bool rebuild, bool resetZoom);
  bool poll(size_t budget);
  void redraw(bool rebuild, double columnScale = 1);
  void updateTitle();
  void updateStatus();
  QSize exportSize() const;
  void exportInteractively(const QString& format);
};

void ChartPanel::Impl::buildUi() {
  auto* layout = new QVBoxLayout(q);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  controls = new ChartControls(kind.controls(), q);
  layout->addWidget(controls);
  QObject::connect(controls, &ChartControls::optionsEdited, q,
                   [this](const ChartOptions& o, bool rebuild, bool resetZoom) {
                     options.series = o.series;
                     options.x = o.x;
                     options.logX = o.logX;
                     options.logY = o.logY;
                     options.smoothing = o.smoothing;
                     optionsChanged(rebuild, resetZoom);
                   });
  QObject::connect(controls, &ChartControls::resetZoomRequested, q,
                   [this] { optionsChanged(false, true); });
  QObject::connect(controls, &ChartControls::exportRequested, q,
                   [this](const QString& format) { exportInteractively(format); });

  chart = new QChart;
  chart->legend()->setAlignment(Qt::AlignBottom);
  chart->setAnimationOptions(QChart::NoAnimation);  // animations would delay live points
  // Tick labels in the UI language's digits (1.234,5 in German), like the tables beside them.
  chart->setLocale(LocaleFormat::locale());
  chart->setLocalizeNumbers(true);
  AxisTitles::keepWhole(chart);
  view = new ChartView(chart, q);
  view->setNavigation(kind.horizontalNavigation(), true);
  layout->addWidget(view, 1);
  QObject::connect(view, &ChartView::userZoomed, q, [this] {
    QAbstractAxis* ax = chart->axes(Qt::Horizontal).value(0);
    QAbstractAxis* ay = chart->axes(Qt::Vertical).value(0);
    if (!ax || !ay) return;
    std::tie(options.xMin, options.xMax) = ChartModel::axisRange(ax);
    std::tie(options.yMin, options.yMax) = ChartModel::axisRange(ay);
    options.zoomed = true;
    redraw(false);  // re-decimate: the zoomed range shows detail the full range could not
  });
  QObject::connect(view, &ChartView::resetZoomRequested, q,
                   [this] { optionsChanged(false, true); });
  // A new plot width needs a new decimation; wait for the next poll so a drag-resize does not
  // re-decimate on every pixel.
  QObject::connect(chart, &QChart::plotAreaChanged, q, [this](const QRectF& r) {
    if (std::abs(static_cast<int>(r.width()) - lastColumns) > 1) redrawPending = true;
  });

  legend = new LegendList(false, q);
  legend->setContentsMargins(8, 0, 8, 0);
  layout->addWidget(legend);
  status = new QLabel(q);
  status->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(status);
}

void ChartPanel::Impl::syncControls() {
  controls->setOptions(options);
  controls->setAvailableSeries(model->availableSeries());
}

void ChartPanel::Impl::optionsChanged(bool rebuild, bool resetZoom) {
  if (resetZoom) options.zoomed = false;
  redraw(rebuild);
}

bool ChartPanel::Impl::poll(size_t budget) {
  if (!store) {
    store = openStore(storePath, &problem);
    if (!store) {
      updateStatus();
      return false;
    }
  }
  bool added = false;
  try {
    if (!catalog.allFinished(runIds) || catalogRevision < 0) catalog.refresh(*store, runIds);
    added = model->poll(*store, runIds, budget);
  } catch (const std::exception& e) {
    // A store being created or migrated can fail a read; open it afresh on the next poll.
    problem = tr("Reading the store failed: %1").arg(QString::fromUtf8(e.what()));
    store.reset();
    updateStatus();
    return false;
  }
  problem.clear();
  const bool renamed = catalog.revision() != catalogRevision;
  if (renamed) {
    catalogRevision = catalog.revision();
    updateTitle();
  }
  if (added || renamed || redrawPending) redraw(renamed);
  if (seriesKind()) controls->setAvailableSeries(model->availableSeries());
  updateStatus();
  if (added) Q_EMIT q->pointsAdded(model->pointCount());
  return added;
}

void ChartPanel::Impl::redraw(bool rebuild, double columnScale) {
  redrawPending = false;
  int width = static_cast<int>(chart->plotArea().width());
  if (width < 50) width = 800;  // not laid out yet (never shown)
  lastColumns = width;
  // The model hides the legend when it has nothing to say; the LegendList below the chart names
  // the entries in full (QChart's own legend elides them), on screen and in exports.
  chart->legend()->setVisible(true);
  model->draw(chart, options, static_cast<int>(width * columnScale), rebuild);
  ChartModel::finishAxes(chart);
  chart->setTitle(title);
  // Not the markers' visibility: it follows the legend's layout, which a chart laid out for an
  // export or a report has not run yet.
  const QList<LegendList::Entry> entries = LegendList::entriesOf(chart);
  chart->legend()->setVisible(false);
  legend->setEntries(entries);
  legend->setVisible(!entries.isEmpty());
}

void ChartPanel::Impl::updateTitle() {
  QStringList labels;
  for (qint64 id : runIds) labels.append(catalog.label(id));
  QString t = kind.title();
  if (!labels.isEmpty()) t += QStringLiteral(" — ") + labels.join(QStringLiteral(", "));
  if (t != title) {
    title = t;
    chart->setTitle(title);
    Q_EMIT q->titleChanged(title);
  }
}

void ChartPanel::Impl::updateStatus() {
  QStringList parts;
  if (!problem.isEmpty()) parts.append(problem);
  if (store) {
    parts.append(tr("%1 values").arg(LocaleFormat::integer(model->pointCount())));
    for (qint64 id : runIds)
      if (const auto* r = catalog.run(id))
        parts.append(tr("run %1 %2").arg(id).arg(DisplayNames::runStatus(r->status)));
    const QString note = model->note();
    if (!note.isEmpty()) parts.append(note);
  }
  status->setText(parts.join(QStringLiteral(" · ")));
}

QSize ChartPanel::Impl::exportSize() const {
  // The chart and its legend as shown, without the toolbar and the status line.
  const QSize s = view->size() + QSize(0, legend->isVisible() ? legend->height() : 0);
  // (A panel an export laid out off the screen is not shown.)
  const bool shown = q->isVisible() && !q->testAttribute(Qt::WA_DontShowOnScreen);
  if (shown && s.width() >= 200 && s.height() >= 150) return s;
  return kDefaultExportSize;
}

void ChartPanel::Impl::exportInteractively(const QString& format) {
  const QString suffix = format.toLower();
  const QString path =
      QFileDialog::getSaveFileName(q, tr("Export the chart as %1").arg(format),
                                   DialogFolder::suggest(kind.name() + QLatin1Char('.') + suffix),
                                   tr("%1 files (*.%2)").arg(format, suffix));
  if (path.isEmpty()) return;
  QString error;
  bool ok;
  if (suffix == QLatin1String("csv")) {
    ok = q->exportCsv(path, &error);
  } else {
    int dpi = 96;
    if (suffix != QLatin1String("svg")) {
      bool accepted = false;
      dpi = QInputDialog::getInt(q, tr("Resolution"), tr("Dots per inch:"), 150, 24, 2400, 1,
                                 &accepted);
      if (!accepted) return;
    }
    ok = q->exportImage(path, dpi, &error);
  }
  if (!ok) QMessageBox::warning(q, tr("Export failed"), error);
}

// --- ChartPanel ---

ChartPanel::ChartPanel(const QString& kindName, const QString& storePath,
                       const QList<qint64>& runIds, QWidget* parent)
    : ChartPanel(modelKind(kindName), storePath, runIds, parent) {}

ChartPanel::ChartPanel(const ModelChartKind& kind, const QString& storePath,
                       const QList<qint64>& runIds, QWidget* parent)
    : ChartTab(kind, parent), d_(new Impl(this, kind, storePath, runIds)) {
  d_->model = kind.makeModel(d_->catalog);
  d_->options = kind.defaultOptions();
  d_->buildUi();
  d_->syncControls();
  d_->updateTitle();
  d_->redraw(true);
  d_->timer.setInterval(kPollMs);
  QObject::connect(&d_->timer, &QTimer::timeout, this, [this] {
    // Finished runs get no new rows: look less often, but do look (a probe may arrive).
    const bool idle = d_->store && d_->catalog.allFinished(d_->runIds);
    if (idle && ++d_->idlePolls % kIdlePollEvery != 0 && !d_->redrawPending) return;
    d_->poll(kRowsPerPoll);
  });
  d_->poll(kRowsPerPoll);
  d_->timer.start();
}

ChartPanel::~ChartPanel() {
  d_->timer.stop();
  // The chart's series call back into the model on hover: take them away first.
  d_->chart->removeAllSeries();
  delete d_;
}

QList<qint64> ChartPanel::runIds() const {
  return d_->runIds;
}
QString ChartPanel::title() const {
  return d_->title;
}
qint64 ChartPanel::pointCount() const {
  return d_->model->pointCount();
}
QStringList ChartPanel::availableSeries() const {
  return d_->model->availableSeries();
}

void ChartPanel::setRunIds(const QList<qint64>& runIds) {
  if (runIds == d_->runIds) return;
  d_->runIds = runIds;
  d_->model->clear();
  d_->catalog.clear();
  d_->catalogRevision = -1;
  d_->options.zoomed = false;
  d_->redraw(true);  // drops the old series, which point into the cleared model
  d_->updateTitle();
  refresh();
}

QJsonObject ChartPanel::settings() const {
  QJsonObject o = d_->options.toJson();
  o[QStringLiteral("kind")] = d_->kind.name();
  QJsonArray runs;
  for (qint64 id : d_->runIds) runs.append(id);
  o[QStringLiteral("runs")] = runs;
  return o;
}

void ChartPanel::applySettings(const QJsonObject& settings) {
  if (settings.contains(QStringLiteral("runs"))) {
    QList<qint64> runs;
    for (const auto& v : settings[QStringLiteral("runs")].toArray()) runs.append(v.toInteger());
    setRunIds(runs);
  }
  d_->options = ChartOptions::fromJson(settings, d_->kind.defaultOptions());
  d_->syncControls();
  d_->redraw(true);
}

void ChartPanel::refresh() {
  d_->poll(0);
  if (d_->redrawPending) d_->redraw(false);
}

void ChartPanel::redraw() {
  d_->redraw(false);
}

bool ChartPanel::exportImage(const QString& path, int dpi, QString* error) {
  // What renderContent draws: the chart and, under it, the legend that names every entry.
  return TabRender::write(*this, path, d_->exportSize(), dpi, error);
}

void ChartPanel::renderContent(QPainter* painter, QSize size, double scale, bool /*withSummary*/) {
  // The chart and the legend list under it, which names every entry in full (QChart's own
  // legend elides long names); not the toolbar, nor the status line.
  d_->controls->hide();
  d_->status->hide();
  layOutAt(this, size);
  d_->redraw(false, std::max(1.0, scale));
  // The legend's wrapped lines at this width, and the chart the rest (QLabel::heightForWidth of a
  // never shown label answers for a much narrower one).
  d_->legend->setFixedHeight(d_->legend->isHidden() ? 0 : d_->legend->heightAt(size.width()));
  layOutAt(this, size);
  render(painter, QPoint(), QRegion(), QWidget::DrawChildren);
  d_->legend->setMinimumHeight(0);
  d_->legend->setMaximumHeight(QWIDGETSIZE_MAX);
  d_->controls->show();
  d_->status->show();
}

bool ChartPanel::exportCsv(const QString& path, QString* error) {
  refresh();
  if (!d_->store) {
    if (error) *error = tr("Nothing to export to %1: %2").arg(path, d_->problem);
    return false;
  }
  CsvExport out(QStringLiteral("d500 chart data: ") + d_->kind.name());
  out.note(QStringLiteral("store: ") + d_->storePath);
  for (qint64 id : d_->runIds) {
    const QString hash = d_->catalog.environmentHash(id);
    out.note(
        QStringLiteral("run %1: %2; environment sha256 %3")
            .arg(id)
            .arg(d_->catalog.label(id), hash.isEmpty() ? QStringLiteral("(none recorded)") : hash));
  }
  out.note(QStringLiteral("units: ") + d_->model->csvUnits());
  d_->model->writeCsv(out, d_->options);
  return out.write(path, error);
}

}  // namespace d500::studio
