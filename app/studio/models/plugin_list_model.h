// The plugins dock's table: one row per plugin found, loaded or not, with what it offers or why
// it failed to load.
#pragma once

#include <QAbstractTableModel>

#include "models/plugin_catalog.h"

namespace d500::studio {

class PluginListModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { Name, Version, Abi, State, Capabilities, ColumnCount };

  explicit PluginListModel(QObject* parent = nullptr);

  void setCatalog(const PluginCatalog& catalog);
  // Shown as the only row when the runner could not be asked at all.
  void setQueryError(const QString& error);
  const PluginCatalog& catalog() const { return catalog_; }
  // The State column's words: "loaded", "loaded, no device" or "failed" (translated).
  static QString stateText(const PluginInfo& plugin);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation o, int role) const override;

 private:
  PluginCatalog catalog_;
  QString queryError_;
};

}  // namespace d500::studio
