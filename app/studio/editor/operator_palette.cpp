#include "editor/operator_palette.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <functional>

#include "editor/level_templates.h"

namespace d500::studio {

namespace {

enum Role { OpTypeRole = Qt::UserRole + 1, DomainRole, ImplementationRole, KindRole, ValueRole };

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
  tree_->setToolTip(
      tr("Double-click an operator to benchmark it (with the implementations chosen that "
         "offer it, else every one that runs here), one implementation to add it, or a "
         "component to use it (the level changes when needed)."));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(filter_);
  layout->addWidget(tree_);
  connect(filter_, &QLineEdit::textChanged, this, &OperatorPalette::applyFilter);
  connect(tree_, &QTreeWidget::itemActivated, this,
          [this](QTreeWidgetItem* item) { activate(item); });
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
        const QString id =
            o.variant == QLatin1String("default") ? p.name : p.name + QLatin1Char('/') + o.variant;
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
  const auto level = [this](const QString& title) {
    auto* item = new QTreeWidgetItem(tree_, {title});
    item->setFirstColumnSpanned(true);
    item->setExpanded(true);
    return item;
  };
  QTreeWidgetItem* l1 = level(tr("Networks (L1)"));
  addComponents(l1, QStringLiteral("executor"), tr("Executors"));
  addComponents(l1, QStringLiteral("model"), tr("Models"));
  QTreeWidgetItem* l2 = level(tr("Training (L2)"));
  addComponents(l2, QStringLiteral("dataset"), tr("Datasets"));
  addComponents(l2, QStringLiteral("sampler"), tr("Samplers"));
  addComponents(l2, QStringLiteral("optimizer"), tr("Optimizers"));
  addComponents(l2, QStringLiteral("metric"), tr("Metrics"));
  QTreeWidgetItem* l3 = level(tr("Distributed (L3)"));
  addComponents(l3, QStringLiteral("scheme"), tr("Distributed optimizers"));
  addComponents(l3, QStringLiteral("collective"), tr("Collectives"));
  applyFilter(filter_->text());
}

void OperatorPalette::addComponents(QTreeWidgetItem* level, const QString& kind,
                                    const QString& title) {
  auto* group = new QTreeWidgetItem(level, {title});
  group->setExpanded(true);
  const auto add = [&](const QString& value, const QString& details, const QString& tip) {
    auto* item = new QTreeWidgetItem(group, {value, details});
    item->setData(0, KindRole, kind);
    item->setData(0, ValueRole, value);
    item->setToolTip(0, tip.isEmpty() ? tr("Double-click to use it in the experiment") : tip);
  };
  for (const QString& b : LevelTemplates::builtins(kind)) add(b, tr("built in"), QString());
  const QList<ComponentOffer> offers = kind == QLatin1String("executor")    ? catalog_.executors()
                                       : kind == QLatin1String("optimizer") ? catalog_.optimizers()
                                       : kind == QLatin1String("scheme")    ? catalog_.schemes()
                                       : kind == QLatin1String("metric")    ? catalog_.metrics()
                                       : kind == QLatin1String("sampler")   ? catalog_.samplers()
                                       : kind == QLatin1String("dataset")   ? catalog_.datasets()
                                                                          : QList<ComponentOffer>();
  for (const ComponentOffer& o : offers) {
    const QString value =
        kind == QLatin1String("executor") && o.name == QLatin1String("default") ? o.plugin : o.id;
    // Executors and optimizers run on a device; a scheme, metric or sampler is the plugin's.
    const bool device = kind == QLatin1String("executor") || kind == QLatin1String("optimizer");
    add(value,
        device ? (o.deviceType == 2 ? QStringLiteral("CUDA") : QStringLiteral("CPU"))
               : tr("plugin %1").arg(o.plugin),
        o.description);
  }
}

void OperatorPalette::applyFilter(const QString& text) {
  // Leaves (implementations, components) and the operators above them match by name; a group
  // is shown while anything in it matches.
  const auto matches = [&text](QTreeWidgetItem* item) {
    return text.isEmpty() || item->text(0).contains(text, Qt::CaseInsensitive);
  };
  std::function<bool(QTreeWidgetItem*)> filter = [&](QTreeWidgetItem* item) -> bool {
    if (item->childCount() == 0) return matches(item);
    const bool self = item->data(0, OpTypeRole).isValid() && matches(item);
    bool any = false;
    for (int k = 0; k < item->childCount(); ++k) {
      QTreeWidgetItem* child = item->child(k);
      const bool m = self || filter(child);
      child->setHidden(!m);
      any = any || m;
    }
    return self || any;
  };
  for (int i = 0; i < tree_->topLevelItemCount(); ++i) filter(tree_->topLevelItem(i));
}

void OperatorPalette::activate(QTreeWidgetItem* item) {
  if (!item) return;
  if (const QString kind = item->data(0, KindRole).toString(); !kind.isEmpty()) {
    Q_EMIT componentChosen(kind, item->data(0, ValueRole).toString());
    return;
  }
  const QString opType = item->data(0, OpTypeRole).toString();
  if (opType.isEmpty()) return;
  const QString domain = item->data(0, DomainRole).toString();
  const QString impl = item->data(0, ImplementationRole).toString();
  if (impl.isEmpty())
    // Only what can run here is ticked: a CUDA variant without a usable GPU would only fail.
    Q_EMIT operatorChosen(opType, domain, catalog_.runnableImplementationsFor(opType, domain));
  else
    Q_EMIT implementationChosen(opType, domain, impl);
}

}  // namespace d500::studio
