#include "canvas/canvas_palette.h"

#include <QHeaderView>
#include <QMimeData>

#include "canvas/canvas_names.h"
#include "canvas/canvas_view.h"
#include "canvas/component_slots.h"
#include "editor/level_templates.h"

namespace d500::studio {

namespace {
constexpr int kKindRole = Qt::UserRole, kValueRole = Qt::UserRole + 1;
}

CanvasPalette::CanvasPalette(QWidget* parent) : QTreeWidget(parent) {
  setObjectName(QStringLiteral("canvasPalette"));
  setHeaderLabel(tr("Components"));
  setDragEnabled(true);
  setDragDropMode(QAbstractItemView::DragOnly);
  setToolTip(
      tr("Drag a component onto the canvas, onto a component of the same kind to swap it, or onto "
         "an input port."));
  connect(this, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item) {
    if (!item->data(0, kKindRole).toString().isEmpty())
      Q_EMIT componentChosen(item->data(0, kKindRole).toString(),
                             item->data(0, kValueRole).toString());
  });
}

void CanvasPalette::setCatalog(const PluginCatalog& catalog) {
  catalog_ = catalog;
  shownLevel_.clear();
  showFor(experiment_);
}

QStringList CanvasPalette::valuesFor(const QString& kind) const {
  const auto* k = d500::spec::find_component_kind(kind.toStdString());
  if (!k) return {};
  QStringList out;
  if (k->offered_by == "executor") {
    for (const ComponentOffer& o : catalog_.executors())
      out << (o.name == QLatin1String("default") ? o.plugin : o.id);
  } else if (k->offered_by == "optimizer") {
    for (const ComponentOffer& o : catalog_.optimizers()) out << o.id;
  } else if (k->offered_by == "operator" &&
             k->shape == d500::spec::ComponentKind::Shape::ListItem) {
    QString op, domain;
    op = QString::fromStdString(experiment_.value("operator", Json::object()).value("op", ""));
    domain =
        QString::fromStdString(experiment_.value("operator", Json::object()).value("domain", ""));
    out << catalog_.runnableImplementationsFor(op, domain);
  } else if (k->offered_by == "scheme") {
    out << LevelTemplates::builtins(QStringLiteral("scheme"));
    for (const ComponentOffer& o : catalog_.schemes()) out << o.id;
  } else if (k->offered_by == "metric" || k->offered_by == "sampler" ||
             k->offered_by == "dataset") {
    out << LevelTemplates::builtins(QString::fromStdString(k->offered_by));
    const QList<ComponentOffer> offers = k->offered_by == "metric"    ? catalog_.metrics()
                                         : k->offered_by == "sampler" ? catalog_.samplers()
                                                                      : catalog_.datasets();
    for (const ComponentOffer& o : offers) out << o.id;
  } else if (k->offered_by == "operator") {
    for (const QString& key : catalog_.operatorKeys()) {
      QString op, domain;
      PluginCatalog::splitOperatorKey(key, &op, &domain);
      if (domain.isEmpty()) out << op;
    }
  }
  for (const auto& c : k->choices)
    if (!out.contains(QString::fromStdString(c))) out << QString::fromStdString(c);
  if (out.isEmpty()) out << QString();  // a kind without values (stop conditions): itself
  return out;
}

void CanvasPalette::showFor(const Json& experiment) {
  experiment_ = experiment;
  const QString level = ComponentSlots::levelOf(experiment);
  const QString op =
      QString::fromStdString(experiment.value("operator", Json::object()).value("op", ""));
  if (level == shownLevel_ && op == shownOp_) return;
  shownLevel_ = level;
  shownOp_ = op;
  clear();
  for (const auto* k : d500::spec::component_kinds_of(level.toStdString())) {
    if (k->shape == d500::spec::ComponentKind::Shape::Implied) continue;
    auto* group = new QTreeWidgetItem(this, {CanvasNames::kind(k->title)});
    group->setFlags(Qt::ItemIsEnabled);
    const QStringList values = valuesFor(QString::fromStdString(k->kind));
    for (const QString& v : values) {
      auto* item = new QTreeWidgetItem(group, {v.isEmpty() ? CanvasNames::kind(k->title) : v});
      item->setData(0, kKindRole, QString::fromStdString(k->kind));
      item->setData(0, kValueRole, v);
      item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
    }
    group->setExpanded(values.size() <= 6);
  }
}

QStringList CanvasPalette::mimeTypes() const {
  return {CanvasView::mimeType()};
}

QMimeData* CanvasPalette::mimeData(const QList<QTreeWidgetItem*>& items) const {
  if (items.isEmpty() || items.first()->data(0, kKindRole).toString().isEmpty()) return nullptr;
  auto* mime = new QMimeData;
  mime->setData(CanvasView::mimeType(),
                (items.first()->data(0, kKindRole).toString() + QLatin1Char('\n') +
                 items.first()->data(0, kValueRole).toString())
                    .toUtf8());
  return mime;
}

}  // namespace d500::studio
