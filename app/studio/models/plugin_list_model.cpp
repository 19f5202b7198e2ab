#include "models/plugin_list_model.h"

#include <QBrush>
#include <QColor>

namespace d500::studio {

PluginListModel::PluginListModel(QObject* parent) : QAbstractTableModel(parent) {}

QString PluginListModel::stateText(const PluginInfo& plugin) {
  switch (plugin.status()) {
    case PluginInfo::Status::Loaded:
      return tr("loaded");
    case PluginInfo::Status::LoadedNoDevice:
      return tr("loaded, no device");
    case PluginInfo::Status::Failed:
    case PluginInfo::Status::Invalid:
      break;
  }
  return tr("failed");
}

void PluginListModel::setCatalog(const PluginCatalog& catalog) {
  beginResetModel();
  catalog_ = catalog;
  queryError_.clear();
  endResetModel();
}

void PluginListModel::setQueryError(const QString& error) {
  beginResetModel();
  catalog_ = PluginCatalog();
  queryError_ = error;
  endResetModel();
}

int PluginListModel::rowCount(const QModelIndex& parent) const {
  if (parent.isValid()) return 0;
  return queryError_.isEmpty() ? int(catalog_.plugins().size()) : 1;
}

int PluginListModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant PluginListModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid()) return {};
  if (!queryError_.isEmpty()) {
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
      return index.column() == Name           ? tr("(runner not available)")
             : index.column() == Capabilities ? queryError_
                                              : QVariant();
    if (role == Qt::ForegroundRole) return QBrush(QColor(0xb0, 0x20, 0x20));
    return {};
  }
  const PluginInfo& p = catalog_.plugins().at(index.row());
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      case Name:
        return p.name;
      case Version:
        return p.version;
      case Abi:
        return p.abiText();
      case State:
        return stateText(p);
      case Capabilities:
        return p.loaded() ? p.capabilitiesText() : p.error;
    }
  } else if (role == Qt::ToolTipRole) {
    QString tip = tr("Library: %1").arg(p.library);
    if (!p.wraps.isEmpty()) tip += QLatin1Char('\n') + tr("Wraps: %1").arg(p.wraps);
    if (!p.loaded()) tip += QLatin1Char('\n') + tr("Load error: %1").arg(p.error);
    if (p.status() == PluginInfo::Status::LoadedNoDevice)
      tip += QLatin1Char('\n') +
             tr("Its operators need a device this machine lacks: %1").arg(p.deviceProblem());
    return tip;
  } else if (role == Qt::ForegroundRole && !p.loaded()) {
    return QBrush(QColor(0xb0, 0x20, 0x20));
  } else if (role == Qt::ForegroundRole && p.status() == PluginInfo::Status::LoadedNoDevice) {
    return QBrush(QColor(0x9a, 0x5b, 0x00));  // amber: there, but nothing of it runs here
  }
  return {};
}

QVariant PluginListModel::headerData(int section, Qt::Orientation o, int role) const {
  if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Name:
      return tr("Plugin");
    case Version:
      return tr("Version");
    case Abi:
      return tr("ABI");
    case State:
      return tr("State");
    case Capabilities:
      return tr("Capabilities or error");
  }
  return {};
}

}  // namespace d500::studio
