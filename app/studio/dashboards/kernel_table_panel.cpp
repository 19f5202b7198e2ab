#include "dashboards/kernel_table_panel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>
#include <map>
#include <utility>

#include "charts/units.h"
#include "d500/operators/operator_benchmark.h"

namespace d500::studio {

namespace {

QTableWidgetItem* cell(const QString& text, bool number = false) {
  auto* i = new QTableWidgetItem(text);
  if (number) i->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  i->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
  return i;
}

using Key = std::pair<std::string, std::string>;  // the operator row's subject, implementation

// The reorder rows' medians by the operator row they belong to ("<subject> [reorder]").
std::map<Key, double> reorders(const RunMeasurements& run) {
  std::map<Key, double> out;
  const std::string tail = " [reorder]";
  for (const auto& r : run.rows()) {
    const auto& m = r.m;
    if (r.kind != "transfer" || !r.point.contains("transfer") || r.point["transfer"] != "reorder")
      continue;
    if (m.subject.size() > tail.size() && m.subject.ends_with(tail))
      out[{m.subject.substr(0, m.subject.size() - tail.size()), m.implementation}] = m.median;
  }
  return out;
}

}  // namespace

KernelTablePanel::KernelTablePanel(const QString& id, const QString& title, QWidget* parent)
    : MeasurementPanel(id, parent) {
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(4, 2, 4, 2);
  v->addWidget(new QLabel(QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped()), this));
  table_ = makePanelTable(this, {tr("point"), tr("implementation"), tr("kernel"), tr("median"),
                                 tr("reorders per call")});
  // The kernel's name takes the room: the numbers stay next to it, not at the far right.
  table_->horizontalHeader()->setStretchLastSection(false);
  table_->horizontalHeader()->setSectionResizeMode(Kernel, QHeaderView::Stretch);
  v->addWidget(table_, 1);
  setVisible(false);
}

bool KernelTablePanel::hasData() const {
  return table_->rowCount() > 0;
}

void KernelTablePanel::clear() {
  table_->setRowCount(0);
  setVisible(false);
}

void KernelTablePanel::update(const DashboardData& data) {
  const auto reordered = reorders(data.run);
  bool telling = !reordered.empty();
  table_->setRowCount(0);
  for (const auto& r : data.run.rows()) {
    const auto& m = r.m;
    if (r.kind == "transfer") continue;  // a copy beside a point, shown in its point's row
    const bool refused = operators::is_unsupported_row(m);
    telling = telling || refused || !m.kernel.empty();
    const int row = table_->rowCount();
    table_->insertRow(row);
    table_->setItem(row, Point, cell(QString::fromStdString(m.subject)));
    table_->setItem(row, Implementation, cell(QString::fromStdString(m.implementation)));
    QTableWidgetItem* kernel = cell(refused            ? tr("unsupported")
                                    : m.kernel.empty() ? QStringLiteral("–")
                                                       : QString::fromStdString(m.kernel));
    if (refused) {
      kernel->setToolTip(QString::fromStdString(m.error));
      kernel->setForeground(QColor(117, 117, 117));
    }
    table_->setItem(row, Kernel, kernel);
    table_->setItem(row, Median,
                    cell(drawable(m) ? formatDuration(m.median) : QStringLiteral("–"), true));
    const auto it = reordered.find({m.subject, m.implementation});
    table_->setItem(
        row, Reorder,
        cell(it == reordered.end() ? QStringLiteral("–") : formatDuration(it->second), true));
  }
  if (!telling) table_->setRowCount(0);
  setVisible(telling);
}

}  // namespace d500::studio
