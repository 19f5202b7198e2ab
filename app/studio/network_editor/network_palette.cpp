#include "network_editor/network_palette.h"

#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QVBoxLayout>

#include "d500/onnx/model_edit.h"

namespace d500::studio {

namespace {
enum Role { OpTypeRole = Qt::UserRole + 1, DomainRole };
}

NetworkPalette::NetworkPalette(QWidget* parent) : QWidget(parent) {
  filter_ = new QLineEdit;
  filter_->setObjectName(QStringLiteral("networkPaletteFilter"));
  filter_->setPlaceholderText(tr("Filter, e.g. Conv"));
  filter_->setClearButtonEnabled(true);
  list_ = new QListWidget;
  list_->setObjectName(QStringLiteral("networkPalette"));
  list_->setToolTip(tr("Operators the loaded plugins implement. Double-click one to add it."));
  auto* column = new QVBoxLayout(this);
  column->setContentsMargins(0, 0, 0, 0);
  auto* title = new QLabel(tr("<b>Operators</b> of the loaded plugins"));
  column->addWidget(title);
  column->addWidget(filter_);
  column->addWidget(list_, 1);
  connect(filter_, &QLineEdit::textChanged, this, [this](const QString& text) {
    for (int i = 0; i < list_->count(); ++i)
      list_->item(i)->setHidden(!list_->item(i)->text().contains(text, Qt::CaseInsensitive));
  });
  connect(list_, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
    if (item && item->data(OpTypeRole).isValid())
      Q_EMIT operatorChosen(item->data(OpTypeRole).toString(), item->data(DomainRole).toString());
  });
  setMinimumWidth(180);
  rebuild();
}

void NetworkPalette::setCatalog(const PluginCatalog& catalog) {
  catalog_ = catalog;
  error_.clear();
  rebuild();
}

void NetworkPalette::setError(const QString& error) {
  error_ = error;
  rebuild();
}

void NetworkPalette::setOpset(qint64 opset) {
  if (opset == opset_) return;
  opset_ = opset;
  rebuild();
}

QStringList NetworkPalette::operators() const {
  QStringList out;
  for (int i = 0; i < list_->count(); ++i)
    if (list_->item(i)->data(OpTypeRole).isValid()) out << list_->item(i)->text();
  return out;
}

void NetworkPalette::rebuild() {
  list_->clear();
  if (!error_.isEmpty() || catalog_.plugins().isEmpty()) {
    auto* item =
        new QListWidgetItem(error_.isEmpty() ? tr("Asking the runner which plugins it has…")
                                             : tr("Plugins unavailable: %1").arg(error_));
    item->setFlags(Qt::ItemIsEnabled);
    list_->addItem(item);
    return;
  }
  for (const QString& key : catalog_.operatorKeys()) {
    QString opType, domain;
    PluginCatalog::splitOperatorKey(key, &opType, &domain);
    auto* item = new QListWidgetItem(key);
    item->setData(OpTypeRole, opType);
    item->setData(DomainRole, domain);
    const QString impls = catalog_.implementationsFor(opType, domain).join(QStringLiteral(", "));
    const bool known = !domain.isEmpty() ||
                       onnx::op_schema(opType.toStdString(), "", opset_ ? opset_ : 13).has_value();
    item->setToolTip(known ? tr("Implemented by %1").arg(impls)
                           : tr("Implemented by %1, but libonnx has no %2 at opset %3: the checker "
                                "would refuse it")
                                 .arg(impls, opType)
                                 .arg(opset_));
    if (!known) item->setForeground(Qt::gray);
    list_->addItem(item);
  }
  filter_->textChanged(filter_->text());
}

}  // namespace d500::studio
