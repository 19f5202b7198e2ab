#include "history/history_tab.h"

#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "charts/chart_model.h"
#include "charts/chart_view.h"
#include "charts/csv_export.h"
#include "charts/csv_format.h"
#include "charts/tab_render.h"
#include "d500/error.h"
#include "history/change_dialog.h"
#include "history/history_chart.h"

namespace d500::studio {

namespace {

// The overview's columns, as `d500 history --changes` prints them.
QStringList headers() {
  return {
      HistoryTab::tr("Series"),       HistoryTab::tr("Machine"),    HistoryTab::tr("Runs"),
      HistoryTab::tr("Last change"),  HistoryTab::tr("95% CI"),     HistoryTab::tr("p"),
      HistoryTab::tr("Between runs"), HistoryTab::tr("Runs since"), HistoryTab::tr("Confirmed")};
}

QString keyOf(const history::Series& s) {
  return HistoryChart::seriesTitle(s) + QStringLiteral(" @ ") + QString::fromStdString(s.machine);
}

}  // namespace

HistoryTab::HistoryTab(const ChartKind& kind, const QString& storePath, QWidget* parent)
    : ChartTab(kind, parent), storePath_(storePath) {
  auto* layout = new QVBoxLayout(this);
  auto* bar = new QHBoxLayout;
  status_ = new QLabel(this);
  status_->setWordWrap(true);
  bar->addWidget(status_, 1);
  bar->addWidget(new QLabel(tr("Order runs by:"), this));
  by_ = new QComboBox(this);
  by_->setEditable(true);
  by_->addItems({QStringLiteral("time"), QStringLiteral("build.d500_version"),
                 QStringLiteral("plugins.torch.version"),
                 QStringLiteral("plugins.onednn.version")});
  by_->setToolTip(tr("Time, or any field of the runs' environment (as d500 history --by)"));
  bar->addWidget(by_);
  perHost_ = new QCheckBox(tr("Each host apart"), this);
  perHost_->setToolTip(
      tr("Keep each host's runs in series of their own (default: machines of "
         "one class, CPU model and count and GPU, share a series)"));
  bar->addWidget(perHost_);
  layout->addLayout(bar);

  auto* split = new QSplitter(Qt::Vertical, this);
  table_ = new QTableWidget(0, headers().size());
  table_->setHorizontalHeaderLabels(headers());
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setStretchLastSection(true);
  auto* lower = new QSplitter(Qt::Horizontal);
  chart_ = new QChart;
  chart_->legend()->setAlignment(Qt::AlignBottom);
  view_ = new ChartView(chart_);
  changes_ = new QListWidget;
  changes_->setToolTip(
      tr("The change points of the series shown; Enter or a double click shows "
         "one's details"));
  view_->setMinimumWidth(420);
  changes_->setMaximumWidth(320);
  lower->addWidget(view_);
  lower->addWidget(changes_);
  lower->setStretchFactor(0, 4);
  lower->setStretchFactor(1, 1);
  split->addWidget(table_);
  split->addWidget(lower);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 3);
  layout->addWidget(split, 1);

  connect(table_, &QTableWidget::currentCellChanged, this,
          [this](int row, int, int, int) { showSeries(row); });
  connect(changes_, &QListWidget::itemActivated, this,
          [this](QListWidgetItem* item) { showChange(static_cast<size_t>(changes_->row(item))); });
  connect(by_, &QComboBox::activated, this, [this] { refresh(); });
  connect(perHost_, &QCheckBox::toggled, this, [this] { refresh(); });
  refresh();
}

HistoryTab::~HistoryTab() = default;

QString HistoryTab::title() const {
  return tr("History");
}

QString HistoryTab::fullTitle() const {
  return tr("History of the benchmarks in %1").arg(storePath_);
}

QJsonObject HistoryTab::settings() const {
  const auto* s = series();
  return {{QStringLiteral("by"), by_->currentText()},
          {QStringLiteral("per_host"), perHost_->isChecked()},
          {QStringLiteral("series"), s ? keyOf(*s) : wanted_}};
}

void HistoryTab::applySettings(const QJsonObject& settings) {
  const QSignalBlocker a(by_), b(perHost_);
  by_->setCurrentText(settings.value(QStringLiteral("by")).toString(QStringLiteral("time")));
  perHost_->setChecked(settings.value(QStringLiteral("per_host")).toBool());
  wanted_ = settings.value(QStringLiteral("series")).toString();
  refresh();
}

void HistoryTab::refresh() {
  const QString keep = !wanted_.isEmpty() ? wanted_ : series() ? keyOf(*series()) : QString();
  wanted_.clear();
  all_.clear();
  rows_.clear();
  QString problem;
  auto s = openStore(storePath_, &problem);
  report::Document doc;
  if (s) try {
      history::SeriesOptions o;
      o.by = by_->currentText().trimmed().toStdString();
      o.per_host = perHost_->isChecked();
      all_ = history::series_of(*s, o);
      rows_ = history::overview(*s, all_);
      doc = history::overview_report(*s, all_, rows_);
    } catch (const D500Error& e) {
      problem = QString::fromStdString(e.what());
    }
  fillTable(doc);
  status_->setText(problem.isEmpty() ? statusText() : problem);
  int row = rows_.empty() ? -1 : 0;
  for (size_t i = 0; i < rows_.size(); ++i)
    if (keyOf(all_[rows_[i].series]) == keep) row = static_cast<int>(i);
  shown_ = -2;  // so that the same row is drawn again
  if (row >= 0) table_->selectRow(row);
  showSeries(row);
}

void HistoryTab::fillTable(const report::Document& doc) {
  const QSignalBlocker block(table_);
  table_->setRowCount(0);
  for (const auto& b : doc.blocks) {
    if (b.kind != report::Block::Kind::Table) continue;
    table_->setRowCount(static_cast<int>(b.rows.size()) - 1);
    for (size_t r = 1; r < b.rows.size(); ++r)
      for (size_t c = 0; c < b.rows[r].size() && c < static_cast<size_t>(table_->columnCount());
           ++c)
        table_->setItem(static_cast<int>(r - 1), static_cast<int>(c),
                        new QTableWidgetItem(QString::fromStdString(b.rows[r][c])));
  }
  table_->resizeColumnsToContents();
}

QString HistoryTab::statusText() const {
  if (all_.empty())
    return tr("No operator or network runs in %1 yet: each benchmark's history starts with its "
              "first run.")
        .arg(storePath_);
  int changed = 0;
  for (const auto& r : rows_) changed += r.found.changes.empty() ? 0 : 1;
  return tr("%n series, %1 with a change point (E-divisive means over the runs' samples, "
            "alpha 0.05); the largest latest change first.",
            nullptr, static_cast<int>(all_.size()))
      .arg(changed);
}

const history::Series* HistoryTab::series() const {
  if (shown_ < 0 || shown_ >= static_cast<int>(rows_.size())) return nullptr;
  return &all_[rows_[static_cast<size_t>(shown_)].series];
}

void HistoryTab::showSeries(int row) {
  if (row == shown_) return;
  shown_ = row < 0 || row >= static_cast<int>(rows_.size()) ? -1 : row;
  changes_->clear();
  const auto* ser = series();
  if (!ser) {
    ChartModel::clearChart(chart_);
    chart_->setTitle(tr("No series to show"));
    return;
  }
  const auto& found = rows_[static_cast<size_t>(shown_)].found;
  HistoryChart::draw(chart_, *ser, found,
                     {[this](size_t p) { pointClicked(p); }, [this](size_t c) { showChange(c); }});
  for (const auto& c : found.changes) changes_->addItem(HistoryChart::changeLabel(*ser, c));
  if (found.changes.empty())
    changes_->addItem(found.testable          ? tr("No change point")
                      : found.without_samples ? tr("Runs without raw samples: not tested")
                                              : tr("Too few runs to test"));
}

qint64 HistoryTab::pointCount() const {
  qint64 n = 0;
  for (const auto& s : all_) n += static_cast<qint64>(s.points.size());
  return n;
}

void HistoryTab::pointClicked(size_t point) {
  const auto* ser = series();
  if (ser && point < ser->points.size()) Q_EMIT openRunRequested(ser->points[point].run_id);
}

ChangeDialog* HistoryTab::showChange(size_t c) {
  const auto* ser = series();
  if (!ser) return nullptr;
  const auto& changes = rows_[static_cast<size_t>(shown_)].found.changes;
  if (c >= changes.size()) return nullptr;
  QString problem;
  auto s = openStore(storePath_, &problem);
  if (!s) {
    status_->setText(problem);
    return nullptr;
  }
  const size_t from = c == 0 ? 0 : changes[c - 1].index;
  const size_t to = c + 1 < changes.size() ? changes[c + 1].index : ser->points.size();
  auto* d = new ChangeDialog(*s, *ser, changes[c], from, to, this);
  d->setAttribute(Qt::WA_DeleteOnClose);
  connect(d, &ChangeDialog::openRunRequested, this, &HistoryTab::openRunRequested);
  connect(d, &ChangeDialog::confirmRequested, this, &HistoryTab::confirmRequested);
  d->open();
  return d;
}

bool HistoryTab::exportImage(const QString& path, int dpi, QString* error) {
  return TabRender::write(*this, path, QSize(1100, 800), dpi, error);
}

bool HistoryTab::exportCsv(const QString& path, QString* error) {
  const auto* ser = series();
  if (!ser) {
    *error = tr("There is no series to export yet.");
    return false;
  }
  CsvExport out(QStringLiteral("d500 history"));
  out.note(keyOf(*ser));
  const QString unit = QString::fromStdString(ser->unit);
  out.row({QStringLiteral("run"), QString::fromStdString(ser->axis),
           QStringLiteral("median_") + unit, QStringLiteral("ci_lo_") + unit,
           QStringLiteral("ci_hi_") + unit, QStringLiteral("n"), QStringLiteral("change_here")});
  const auto& found = rows_[static_cast<size_t>(shown_)].found;
  for (size_t i = 0; i < ser->points.size(); ++i) {
    const auto& p = ser->points[i];
    QString change;
    for (const auto& c : found.changes)
      if (c.index == i) change = csv::number(c.change);
    out.row({QString::number(p.run_id), QString::fromStdString(p.axis), csv::number(p.median),
             csv::number(p.ci_lo), csv::number(p.ci_hi), QString::number(p.n), change});
  }
  return out.write(path, error);
}

}  // namespace d500::studio
