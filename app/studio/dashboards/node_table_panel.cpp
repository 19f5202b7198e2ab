#include "dashboards/node_table_panel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>
#include <map>

#include "charts/units.h"

namespace d500::studio {

namespace {

// Sorts by the number in Qt::UserRole when it has one, else by its text.
class SortItem : public QTableWidgetItem {
 public:
  using QTableWidgetItem::QTableWidgetItem;
  bool operator<(const QTableWidgetItem& other) const override {
    const QVariant a = data(Qt::UserRole), b = other.data(Qt::UserRole);
    if (a.isValid() && b.isValid()) return a.toDouble() < b.toDouble();
    return text() < other.text();
  }
};

QTableWidgetItem* item(const QString& text, QVariant sortValue = {}) {
  auto* i = new SortItem(text);
  if (sortValue.isValid()) {
    i->setData(Qt::UserRole, sortValue);
    i->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  }
  i->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
  return i;
}

QString str(const nlohmann::json& p, const char* key) {
  return p.contains(key) && p[key].is_string() ? QString::fromStdString(p[key].get<std::string>())
                                               : QStringLiteral("?");
}

}  // namespace

struct NodeTablePanel::Entry {
  QString executor, group, node, op, pass, validation;
  double share = 0, median = 0, ciLo = 0, ciHi = 0;
  bool ci = false, validationFailed = false;
  QString groupKey() const { return executor + QStringLiteral(" · ") + group; }
};

NodeTablePanel::NodeTablePanel(const QString& id, const QString& title, QWidget* parent)
    : MeasurementPanel(id, parent), entries_(new QList<Entry>) {
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(4, 2, 4, 2);
  auto* head = new QHBoxLayout;
  title_ = new QLabel(QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped()), this);
  head->addWidget(title_);
  head->addStretch();
  head->addWidget(new QLabel(tr("show:"), this));
  filter_ = new QComboBox(this);
  filter_->setObjectName(QStringLiteral("nodeGroup"));
  filter_->setFocusPolicy(Qt::StrongFocus);  // no wheel change while it is not focused
  filter_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  head->addWidget(filter_);
  v->addLayout(head);
  table_ = makePanelTable(this, {tr("executor"), tr("pass group"), tr("node"), tr("op"), tr("pass"),
                                 tr("time share"), tr("median"), tr("95% CI"), tr("validation")});
  table_->setSortingEnabled(true);
  // By time share, largest first, until the user sorts by another column.
  table_->sortItems(Share, Qt::DescendingOrder);
  v->addWidget(table_, 1);
  connect(filter_, &QComboBox::currentIndexChanged, this, [this] { fill(); });
}

NodeTablePanel::~NodeTablePanel() {
  delete entries_;
}

bool NodeTablePanel::hasData() const {
  return !entries_->isEmpty();
}

void NodeTablePanel::clear() {
  entries_->clear();
  fill();
}

void NodeTablePanel::update(const DashboardData& data) {
  entries_->clear();
  std::map<QString, double> totals;  // by group key
  for (const auto* r : data.run.ofKind("node")) {
    Entry e;
    e.executor = QString::fromStdString(r->m.implementation);
    e.group = str(r->point, "group");
    e.node = str(r->point, "node");
    e.op = str(r->point, "op_type");
    e.pass = str(r->point, "pass");
    e.median = r->m.median;
    e.ci = r->m.ci_valid;
    e.ciLo = r->m.ci_lo;
    e.ciHi = r->m.ci_hi;
    QStringList checks;
    for (const auto* v : data.run.validationsOf(r->m.id)) {
      checks.append(QStringLiteral("%1 %2 (%3)")
                        .arg(QString::fromStdString(v->metric), formatNumber(v->value),
                             v->passed ? tr("ok") : tr("FAIL")));
      e.validationFailed = e.validationFailed || !v->passed;
    }
    e.validation = checks.isEmpty() ? QStringLiteral("–") : checks.join(QStringLiteral("; "));
    totals[e.groupKey()] += e.median;
    entries_->append(e);
  }
  for (Entry& e : *entries_)
    e.share = totals[e.groupKey()] > 0 ? e.median / totals[e.groupKey()] : 0;
  const QString chosen = filter_->currentData().toString();
  {
    const QSignalBlocker block(filter_);
    filter_->clear();
    filter_->addItem(tr("all node passes"), QString());
    for (const auto& [key, total] : totals)
      filter_->addItem(tr("%1 (%2 in all)").arg(key, formatDuration(total)), key);
    filter_->setCurrentIndex(std::max(0, filter_->findData(chosen)));
  }
  fill();
}

void NodeTablePanel::fill() {
  const QString only = filter_->currentData().toString();
  const int sortColumn = table_->horizontalHeader()->sortIndicatorSection();
  const Qt::SortOrder order = table_->horizontalHeader()->sortIndicatorOrder();
  table_->setSortingEnabled(false);
  table_->setRowCount(0);
  for (const Entry& e : *entries_) {
    if (!only.isEmpty() && e.groupKey() != only) continue;
    const int row = table_->rowCount();
    table_->insertRow(row);
    table_->setItem(row, Executor, item(e.executor));
    table_->setItem(row, Group, item(e.group));
    table_->setItem(row, Node, item(e.node));
    table_->setItem(row, Op, item(e.op));
    table_->setItem(row, Pass, item(e.pass));
    table_->setItem(row, Share, item(formatPercent(100 * e.share) + QLatin1Char('%'), e.share));
    table_->setItem(row, Median, item(formatDuration(e.median), e.median));
    table_->setItem(
        row, Ci,
        item(e.ci ? QStringLiteral("[%1, %2]").arg(formatDuration(e.ciLo), formatDuration(e.ciHi))
                  : tr("n too small"),
             e.ci ? QVariant(e.ciHi - e.ciLo) : QVariant(-1.0)));
    auto* v = item(e.validation);
    if (e.validationFailed) v->setForeground(QColor(198, 40, 40));
    table_->setItem(row, Validation, v);
  }
  table_->setSortingEnabled(true);
  table_->sortItems(sortColumn, order);  // as the user last sorted (by share at first)
}

QList<double> NodeTablePanel::shares() const {
  QList<double> out;
  for (int r = 0; r < table_->rowCount(); ++r)
    out.append(table_->item(r, Share)->data(Qt::UserRole).toDouble());
  return out;
}

}  // namespace d500::studio
