#include "views/compare_view.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include "charts/units.h"
#include "common/core_text.h"
#include "common/dialog_folder.h"
#include "common/display_names.h"
#include "d500/store/result_store.h"
#include "report/comparison_table.h"
#include "report/report_writer.h"

namespace d500::studio {

namespace {

const QColor kFaster(0xd4, 0xed, 0xda);
const QColor kSlower(0xf8, 0xd7, 0xda);
const QColor kFailed(0xb0, 0x00, 0x20);

QTableWidgetItem* item(const QString& text) {
  auto* i = new QTableWidgetItem(text);
  i->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
  return i;
}

}  // namespace

CompareView::CompareView(const QString& storePath, const QList<qint64>& runIds, QWidget* parent)
    : QWidget(parent), storePath_(storePath), runIds_(runIds) {
  auto* split = new QSplitter(Qt::Horizontal, this);
  auto* outer = new QHBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  outer->addWidget(split);

  auto* left = new QWidget(split);
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(4, 4, 4, 4);
  leftLayout->addWidget(
      new QLabel(tr("Runs to compare (the first checked is the baseline):"), left));
  runList_ = new QListWidget(left);
  leftLayout->addWidget(runList_, 1);
  connect(runList_, &QListWidget::itemChanged, this, &CompareView::runItemChanged);

  auto* right = new QWidget(split);
  auto* rightLayout = new QVBoxLayout(right);
  rightLayout->setContentsMargins(4, 4, 4, 4);
  auto* top = new QHBoxLayout;
  top->addWidget(new QLabel(tr("Baseline:"), right));
  baseline_ = new QComboBox(right);
  baseline_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  top->addWidget(baseline_);
  top->addStretch(1);
  auto* html = new QPushButton(tr("Report (HTML)…"), right);
  auto* pdf = new QPushButton(tr("Report (PDF)…"), right);
  top->addWidget(html);
  top->addWidget(pdf);
  rightLayout->addLayout(top);
  summary_ = new QLabel(right);
  summary_->setWordWrap(true);
  rightLayout->addWidget(summary_);
  tabs_ = new QTabWidget(right);
  measurements_ = new QTableWidget(tabs_);
  environment_ = new QTableWidget(tabs_);
  for (QTableWidget* t : {measurements_, environment_}) {
    t->setSortingEnabled(false);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    t->verticalHeader()->setVisible(false);
  }
  tabs_->addTab(measurements_, tr("Measurements"));
  tabs_->addTab(environment_, tr("Environment"));
  rightLayout->addWidget(tabs_, 1);
  // The run list keeps its natural width; the tables get the rest.
  split->setStretchFactor(0, 0);
  split->setStretchFactor(1, 1);

  connect(baseline_, &QComboBox::activated, this, [this](int index) {
    const QVariant v = baseline_->itemData(index);
    if (runIds_.size() == 1) {
      baselineImplementation_ = v.toString();
    } else {
      const qint64 id = v.toLongLong();
      runIds_.removeAll(id);
      runIds_.prepend(id);
      Q_EMIT runIdsChanged(runIds_);
    }
    rebuildTables();
  });
  connect(html, &QPushButton::clicked, this, [this] { exportInteractively(false); });
  connect(pdf, &QPushButton::clicked, this, [this] { exportInteractively(true); });
  refresh();
}

CompareView::~CompareView() = default;

void CompareView::setRunIds(const QList<qint64>& runIds) {
  if (runIds == runIds_) return;
  runIds_ = runIds;
  refresh();
  Q_EMIT runIdsChanged(runIds_);
}

void CompareView::setStorePath(const QString& storePath) {
  storePath_ = storePath;
  refresh();
}

void CompareView::setBaselineImplementation(const QString& implementation) {
  baselineImplementation_ = implementation;
  rebuildTables();
}

void CompareView::refresh() {
  reloadRunList();
  rebuildTables();
}

void CompareView::reloadRunList() {
  updating_ = true;
  runList_->clear();
  if (QFileInfo::exists(storePath_)) {
    auto s = store::ResultStore::open(storePath_.toStdString(), store::ResultStore::Mode::ReadOnly);
    if (s) {
      try {
        for (const auto& r : s.value()->runs()) {
          auto* it = new QListWidgetItem(
              tr("%1 (%2, %3)")
                  .arg(ComparisonTable::runLabel(r), DisplayNames::level(r.level),
                       DisplayNames::runStatus(r.status)),
              runList_);
          it->setData(Qt::UserRole, static_cast<qlonglong>(r.id));
          it->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled | Qt::ItemIsSelectable);
          it->setCheckState(runIds_.contains(r.id) ? Qt::Checked : Qt::Unchecked);
        }
      } catch (const std::exception&) {
        // Shown by rebuildTables, which reads the same store.
      }
    }
  }
  updating_ = false;
}

void CompareView::runItemChanged(QListWidgetItem* it) {
  if (updating_) return;
  const qint64 id = it->data(Qt::UserRole).toLongLong();
  if (it->checkState() == Qt::Checked && !runIds_.contains(id))
    runIds_.append(id);
  else if (it->checkState() != Qt::Checked)
    runIds_.removeAll(id);
  Q_EMIT runIdsChanged(runIds_);
  rebuildTables();
}

void CompareView::rebuildTables() {
  measurements_->clear();
  measurements_->setRowCount(0);
  measurements_->setColumnCount(0);
  environment_->clear();
  environment_->setRowCount(0);
  environment_->setColumnCount(0);
  {
    const QSignalBlocker block(baseline_);
    baseline_->clear();
  }
  if (runIds_.isEmpty()) {
    summary_->setText(
        tr("Check one run to compare its implementations, or several runs to "
           "compare them with the first."));
    return;
  }
  if (!QFileInfo::exists(storePath_)) {
    summary_->setText(tr("The store %1 does not exist yet.").arg(storePath_));
    return;
  }
  auto s = store::ResultStore::open(storePath_.toStdString(), store::ResultStore::Mode::ReadOnly);
  if (!s) {
    summary_->setText(QString::fromStdString(s.error().to_string()));
    return;
  }
  try {
    const ComparisonTable t = ComparisonTable::build(*s.value(), runIds_, baselineImplementation_);
    const QSignalBlocker block(baseline_);
    if (t.acrossRuns) {
      for (int k = 0; k < t.runIds.size(); ++k)
        baseline_->addItem(t.variants[k], static_cast<qlonglong>(t.runIds[k]));
    } else {
      for (const QString& impl : t.variants) baseline_->addItem(impl, impl);
    }
    baseline_->setCurrentIndex(0);
    fillMeasurements(t);
    fillEnvironment(t);
    summary_->setText(
        t.acrossRuns
            ? tr("%n measurement(s) across %1 runs. Speedup = baseline median / median (> 1: "
                 "faster); verdict: two-sided Mann-Whitney U on the raw samples, alpha 0.05.",
                 nullptr, static_cast<int>(t.rows.size()))
                  .arg(t.runIds.size())
            : tr("One run: %n point(s), each implementation against %1. Speedup = baseline "
                 "median / median; verdict: two-sided Mann-Whitney U, alpha 0.05.",
                 nullptr, static_cast<int>(t.rows.size()))
                  .arg(t.baselineImplementation));
  } catch (const std::exception& e) {
    summary_->setText(
        tr("Reading the store %1 failed: %2").arg(storePath_, QString::fromUtf8(e.what())));
  }
}

void CompareView::fillMeasurements(const ComparisonTable& t) {
  QStringList header{tr("Point")};
  if (t.acrossRuns) header.append(tr("Implementation"));
  // Medians with the speedup and verdict right beside them; validation verdicts at the end.
  for (int k = 0; k < t.variants.size(); ++k) {
    header.append(tr("%1\nmedian ± CI").arg(t.variants[k]));
    if (k > 0) {
      header.append(tr("%1\nspeedup").arg(t.variants[k]));
      header.append(tr("%1\nMann-Whitney").arg(t.variants[k]));
    }
  }
  for (int k = 0; k < t.variants.size(); ++k)
    header.append(tr("%1\nvalidation").arg(t.variants[k]));
  measurements_->setColumnCount(static_cast<int>(header.size()));
  measurements_->setHorizontalHeaderLabels(header);
  measurements_->setRowCount(static_cast<int>(t.rows.size()));
  for (int r = 0; r < t.rows.size(); ++r) {
    const auto& row = t.rows[r];
    int col = 0;
    measurements_->setItem(r, col++, item(row.subject));
    if (t.acrossRuns) measurements_->setItem(r, col++, item(row.implementation));
    for (int k = 0; k < row.cells.size(); ++k) {
      const auto& c = row.cells[k];
      // Compact: the median and the CI's half-width; the interval itself in the tooltip.
      QString median = QStringLiteral("-");
      if (c.present) {
        median = formatDuration(c.medianNs);
        if (c.ciValid && c.medianNs > 0)
          median +=
              QStringLiteral(" ±%1%").arg(formatPercent(50 * (c.ciHiNs - c.ciLoNs) / c.medianNs));
        else
          median += tr(" (no CI)");
      }
      auto* m = item(median);
      if (c.present) {
        QString tip = tr("%1% CI [%2, %3], n = %4, stop: %5")
                          .arg(formatNumber(100 * c.ciLevel, 3), formatDuration(c.ciLoNs),
                               formatDuration(c.ciHiNs))
                          .arg(c.n)
                          .arg(CoreText::stopReason(c.stopReason));
        if (c.stopReason != QLatin1String("converged"))
          tip += QLatin1Char('\n') + tr("The CI did not reach its target.");
        m->setToolTip(tip);
      }
      measurements_->setItem(r, col++, m);
      if (k > 0) {
        const auto& v = row.versus[k];
        auto* speed = item(v.present ? QString::number(v.speedup, 'f', 2) + QLatin1Char('x')
                                     : QStringLiteral("-"));
        auto* verdict =
            item(v.present ? tr("%1 (p %2, r %3)")
                                 .arg(CoreText::verdict(v.verdict), formatNumber(v.pValue, 2),
                                      formatNumber(v.effectR, 2))
                           : QStringLiteral("-"));
        if (v.present && v.verdict == QLatin1String("faster")) {
          speed->setBackground(kFaster);
          verdict->setBackground(kFaster);
        } else if (v.present && v.verdict == QLatin1String("slower")) {
          speed->setBackground(kSlower);
          verdict->setBackground(kSlower);
        }
        measurements_->setItem(r, col++, speed);
        measurements_->setItem(r, col++, verdict);
      }
    }
    for (const auto& c : row.cells) {
      auto* valid = item(c.present ? c.validation : QStringLiteral("-"));
      if (c.validationFailed) valid->setForeground(kFailed);
      measurements_->setItem(r, col++, valid);
    }
  }
}

void CompareView::fillEnvironment(const ComparisonTable& t) {
  environment_->setColumnCount(4);
  environment_->setHorizontalHeaderLabels(
      {tr("Compared run"), tr("Key"), tr("Baseline"), tr("This run")});
  if (!t.acrossRuns) {
    environment_->setRowCount(1);
    environment_->setItem(0, 0, item(tr("(one run: nothing to compare)")));
    return;
  }
  int row = 0;
  for (const auto& d : t.environmentDiffs) {
    const int n = d.identical || d.missing ? 1 : static_cast<int>(d.changes.size());
    environment_->setRowCount(row + n);
    if (d.identical || d.missing) {
      environment_->setItem(row, 0, item(d.against));
      environment_->setItem(
          row, 1,
          item(d.identical ? tr("(identical environment)") : tr("(no environment recorded)")));
      ++row;
      continue;
    }
    for (const QStringList& change : d.changes) {
      environment_->setItem(row, 0, item(d.against));
      for (int c = 0; c < 3 && c < change.size(); ++c)
        environment_->setItem(row, c + 1, item(change[c]));
      ++row;
    }
  }
}

bool CompareView::exportHtml(const QString& path, QString* error) const {
  return ReportWriter::writeHtml(storePath_, runIds_, path, error);
}

bool CompareView::exportPdf(const QString& path, QString* error) const {
  return ReportWriter::writePdf(storePath_, runIds_, path, error);
}

void CompareView::exportInteractively(bool pdf) {
  if (runIds_.isEmpty()) return;
  const QString path =
      QFileDialog::getSaveFileName(this, pdf ? tr("Report as PDF") : tr("Report as HTML"),
                                   DialogFolder::suggest(pdf ? QStringLiteral("comparison.pdf")
                                                             : QStringLiteral("comparison.html")),
                                   pdf ? tr("PDF files (*.pdf)") : tr("HTML files (*.html)"));
  if (path.isEmpty()) return;
  QString error;
  if (!(pdf ? exportPdf(path, &error) : exportHtml(path, &error)))
    QMessageBox::warning(this, tr("Report failed"), error);
}

}  // namespace d500::studio
