// The canvas's palette: every component kind of the experiment's level (the core's table), each
// with its built-in values and those the loaded plugins offer (PluginCatalog: operators and their
// implementations, executors, optimizers). Items are dragged onto the canvas; a double-click
// adds one where it belongs.
#pragma once

#include <QTreeWidget>

#include "editor/json_path.h"
#include "models/plugin_catalog.h"

namespace d500::studio {

class CanvasPalette : public QTreeWidget {
  Q_OBJECT
 public:
  explicit CanvasPalette(QWidget* parent = nullptr);
  void setCatalog(const PluginCatalog& catalog);
  // Lists the kinds of the experiment's level; the implementations of its operator.
  void showFor(const Json& experiment);
  // The values the palette offers for a kind, plugins' first.
  QStringList valuesFor(const QString& kind) const;

 Q_SIGNALS:
  void componentChosen(const QString& kind, const QString& value);

 protected:
  QMimeData* mimeData(const QList<QTreeWidgetItem*>& items) const override;
  QStringList mimeTypes() const override;

 private:
  PluginCatalog catalog_;
  Json experiment_;
  QString shownLevel_, shownOp_;
};

}  // namespace d500::studio
