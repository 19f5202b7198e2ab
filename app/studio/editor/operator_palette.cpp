#include "editor/operator_palette.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace d500::studio {

namespace {

enum Role { OpTypeRole = Qt::UserRole + 1, DomainRole, ImplementationRole };

}  // namespace

OperatorPalette::OperatorPalette(QWidget* parent) : QWidget(parent) {
  filter_ = new QLineEdit;
  filter_->setObjectName(QStringLiteral("paletteFilter"));
  filter_->setPlaceholderText(tr("Filter, e.g. Conv"));
  filter_->setClearButtonEnabled(true);
  tree_ = new QTreeWidget;
  tree_->setObjectName(QStringLiteral("paletteTree"));
  tree_->setHeaderLabels({tr("Component"), tr("Details")});
  tree_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  tree_->setToolTip(tr("Double-click an operator to benchmark it with every implementation, or one "
                       "implementation to add it."));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(filter_);
  layout->addWidget(tree_);
  connect(filter_, &QLineEdit::textChanged, this, &OperatorPalette::applyFilter);
  connect(tree_, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) { activate(item); });
  rebuild();
}

void OperatorPalette::setCatalog(const PluginCatalog& catalog) {
  catalog_ = catalog;
  error_.clear();
  rebuild();
}

void OperatorPalette::setError(const QString& error) {
  error_ = error;
  rebuild();
}

void OperatorPalette::rebuild() {
  tree_->clear();
  auto* ops = new QTreeWidgetItem(tree_, {tr("Operators (L0)")});
  ops->setFirstColumnSpanned(true);
  if (!error_.isEmpty()) {
    auto* e = new QTreeWidgetItem(ops, {tr("Plugins unavailable"), error_});
    e->setToolTip(1, error_);
  } else if (catalog_.plugins().isEmpty()) {
    new QTreeWidgetItem(ops, {tr("Asking the runner which plugins it has...")});
  }
  for (const QString& key : catalog_.operatorKeys()) {
    QString opType, domain;
    PluginCatalog::splitOperatorKey(key, &opType, &domain);
    const QStringList impls = catalog_.implementationsFor(opType, domain);
    auto* op = new QTreeWidgetItem(ops, {key, tr("implementations: %n", "", int(impls.size()))});
    op->setData(0, OpTypeRole, opType);
    op->setData(0, DomainRole, domain);
    for (const PluginInfo& p : catalog_.plugins()) {
      if (!p.loaded()) continue;
      for (const OperatorOffer& o : p.operators) {
        if (o.opType != opType || o.domain != domain) continue;
        const QString id = o.variant == QLatin1String("default") ? p.name : p.name + QLatin1Char('/') + o.variant;
        QStringList details;
        details << (o.deviceType == 2 ? QStringLiteral("CUDA") : QStringLiteral("CPU"));
        if (o.backward) details << tr("backward");
        auto* impl = new QTreeWidgetItem(op, {id, details.join(QStringLiteral(", "))});
        impl->setData(0, OpTypeRole, opType);
        impl->setData(0, DomainRole, domain);
        impl->setData(0, ImplementationRole, id);
        impl->setToolTip(0, tr("%1 %2 from %3").arg(p.name, p.version, p.library));
      }
    }
  }
  ops->setExpanded(true);
  // The other levels exist in the design and in the file format; they are shown so users see
  // where they will be, but cannot be picked yet.
  for (const QString& later : {tr("Networks (L1): executors, models — coming later"),
                               tr("Training (L2): datasets, samplers, optimizers — coming later"),
                               tr("Distributed (L3): communication, distributed optimizers — coming later")}) {
    auto* item = new QTreeWidgetItem(tree_, {later});
    item->setFirstColumnSpanned(true);
    item->setDisabled(true);
  }
  applyFilter(filter_->text());
}

void OperatorPalette::applyFilter(const QString& text) {
  QTreeWidgetItem* ops = tree_->topLevelItem(0);
  if (!ops) return;
  for (int i = 0; i < ops->childCount(); ++i) {
    QTreeWidgetItem* op = ops->child(i);
    bool match = text.isEmpty() || op->text(0).contains(text, Qt::CaseInsensitive);
    for (int k = 0; !match && k < op->childCount(); ++k)
      match = op->child(k)->text(0).contains(text, Qt::CaseInsensitive);
    op->setHidden(!match);
  }
}

void OperatorPalette::activate(QTreeWidgetItem* item) {
  if (!item) return;
  const QString opType = item->data(0, OpTypeRole).toString();
  if (opType.isEmpty()) return;
  const QString domain = item->data(0, DomainRole).toString();
  const QString impl = item->data(0, ImplementationRole).toString();
  if (impl.isEmpty())
    Q_EMIT operatorChosen(opType, domain, catalog_.implementationsFor(opType, domain));
  else
    Q_EMIT implementationChosen(opType, domain, impl);
}

}  // namespace d500::studio
