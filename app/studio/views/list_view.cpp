#include "views/list_view.h"

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "charts/units.h"
#include "d500/ranking/ranking.h"

namespace d500::studio {

namespace {

enum Column { Rank, Run, Implementation, Result, Detail, System, kColumns };

QString q(const std::string& s) {
  return QString::fromStdString(s);
}

QString rankText(const ranking::Placing& p) {
  return p.tied ? ListView::tr("= %1").arg(p.rank) : QString::number(p.rank);
}

QString systemText(const ranking::SystemInfo& s) {
  QString t = ListView::tr("%1, %2 cores").arg(q(s.cpu)).arg(s.cores);
  if (!s.gpu.empty()) t += QStringLiteral(", ") + q(s.gpu);
  if (s.ranks > 1) t += ListView::tr(", %1 ranks").arg(s.ranks);
  if (!s.frameworks.empty()) t += QStringLiteral("; ") + q(s.frameworks);
  return t;
}

QTreeWidgetItem* row(QTreeWidgetItem* parent, const QStringList& cells, const QString& tip = {}) {
  auto* item = new QTreeWidgetItem(parent, cells);
  if (!tip.isEmpty())
    for (int c = 0; c < kColumns; ++c) item->setToolTip(c, tip);
  return item;
}

void addTraining(QTreeWidget* tree, const ranking::TrainingList& list) {
  auto* top = new QTreeWidgetItem(tree, {ListView::tr("recipe %1").arg(q(list.recipe))});
  top->setFirstColumnSpanned(true);
  for (const auto& e : list.ranked) {
    const QString interval =
        e.ci_valid ? ListView::tr("95% CI [%1, %2]") : ListView::tr("seeds' range [%1, %2]");
    row(top,
        {rankText(e.placing), ListView::tr("#%1 %2").arg(e.run.id).arg(q(e.run.name)),
         q(e.implementation), formatDuration(e.tta.median * 1e9),
         interval.arg(formatDuration(e.lo * 1e9), formatDuration(e.hi * 1e9)) +
             ListView::tr("; %1 of %2 seeds converged").arg(e.tta.reached).arg(e.seeds) +
             (e.tta.olympic_valid
                  ? ListView::tr("; olympic mean %1").arg(formatDuration(e.tta.olympic_mean * 1e9))
                  : QString()),
         systemText(e.system)});
  }
  for (const auto& e : list.apart)
    row(top,
        {ListView::tr("apart"), ListView::tr("#%1 %2").arg(e.run.id).arg(q(e.run.name)),
         q(e.implementation), QString(), q(e.reason), systemText(e.system)},
        q(e.reason));
}

void addThroughput(QTreeWidget* tree, const ranking::ThroughputList& list) {
  auto* top =
      new QTreeWidgetItem(tree, {ListView::tr("%1 %2").arg(q(list.level), q(list.problem))});
  top->setFirstColumnSpanned(true);
  for (const auto& e : list.ranked)
    row(top,
        {rankText(e.placing), ListView::tr("#%1 %2").arg(e.run.id).arg(q(e.run.name)),
         q(e.implementation), QStringLiteral("%1 %2").arg(formatNumber(e.throughput, 3), q(e.unit)),
         ListView::tr("median time %1").arg(formatDuration(e.m.median)), systemText(e.system)});
  for (const auto& e : list.apart)
    row(top,
        {ListView::tr("apart"), ListView::tr("#%1 %2").arg(e.run.id).arg(q(e.run.name)),
         q(e.implementation), QString(), q(e.reason), systemText(e.system)},
        q(e.reason));
}

}  // namespace

ListView::ListView(const QString& storePath, QWidget* parent)
    : QWidget(parent), storePath_(storePath) {
  auto* layout = new QVBoxLayout(this);
  auto* bar = new QHBoxLayout;
  status_ = new QLabel(this);
  status_->setWordWrap(true);
  auto* reload = new QPushButton(tr("&Refresh"), this);
  reload->setObjectName(QStringLiteral("listRefresh"));
  connect(reload, &QPushButton::clicked, this, &ListView::refresh);
  bar->addWidget(status_, 1);
  bar->addWidget(reload);
  layout->addLayout(bar);
  tree_ = new QTreeWidget(this);
  tree_->setObjectName(QStringLiteral("listTree"));
  tree_->setColumnCount(kColumns);
  tree_->setHeaderLabels({tr("Rank"), tr("Run"), tr("Implementation"), tr("Result"),
                          tr("Interval, seeds, reason"), tr("System")});
  tree_->setRootIsDecorated(true);
  tree_->setAlternatingRowColors(true);
  tree_->header()->setStretchLastSection(true);
  layout->addWidget(tree_, 1);
  refresh();
}

void ListView::setStorePath(const QString& storePath) {
  storePath_ = storePath;
  refresh();
}

void ListView::refresh() {
  tree_->clear();
  auto store =
      store::ResultStore::open(storePath_.toStdString(), store::ResultStore::Mode::ReadOnly);
  if (!store) {
    status_->setText(tr("No list: %1").arg(q(store.error().to_string()).toHtmlEscaped()));
    return;
  }
  try {
    const auto training = ranking::training_lists(**store, "");
    const auto throughput = ranking::throughput_lists(**store, {});
    for (const auto& l : training) addTraining(tree_, l);
    for (const auto& l : throughput) addThroughput(tree_, l);
    status_->setText(
        tr("%1 training lists (ranked by time-to-accuracy, lower first) and %2 workloads "
           "(ranked by throughput) from %3; ties within confidence intervals share a rank (= n).")
            .arg(training.size())
            .arg(throughput.size())
            .arg(storePath_.toHtmlEscaped()));
  } catch (const std::exception& e) {
    status_->setText(
        tr("The store could not be read: %1").arg(QString::fromUtf8(e.what()).toHtmlEscaped()));
  }
  tree_->expandAll();
  for (int c = 0; c + 1 < kColumns; ++c) tree_->resizeColumnToContents(c);
}

}  // namespace d500::studio
