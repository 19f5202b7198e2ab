// The palette of what the loaded plugins and the host offer, grouped by level: operators (L0) by
// op type and domain, each with the implementations that provide it (backward, device);
// executors and models (L1); datasets, samplers and optimizers (L2); distributed schemes and
// collectives (L3).
#pragma once

#include <QWidget>

#include "models/plugin_catalog.h"

class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace d500::studio {

class OperatorPalette : public QWidget {
  Q_OBJECT
 public:
  explicit OperatorPalette(QWidget* parent = nullptr);
  void setCatalog(const PluginCatalog& catalog);
  // Shown instead of the operators when the runner could not be asked.
  void setError(const QString& error);
  QTreeWidget* tree() const { return tree_; }

 Q_SIGNALS:
  // An operator was picked (double-click or Enter): with every implementation offering it that
  // can run here (the editor keeps those already chosen that offer it).
  void operatorChosen(const QString& opType, const QString& domain,
                      const QStringList& implementations);
  // One implementation was picked.
  void implementationChosen(const QString& opType, const QString& domain, const QString& id);
  // A component of another level (LevelTemplates' kinds: "executor", "optimizer", ...).
  void componentChosen(const QString& kind, const QString& value);

 private:
  void rebuild();
  void applyFilter(const QString& text);
  void activate(QTreeWidgetItem* item);
  void addComponents(QTreeWidgetItem* level, const QString& kind, const QString& title);

  PluginCatalog catalog_;
  QString error_;
  QLineEdit* filter_;
  QTreeWidget* tree_;
};

}  // namespace d500::studio
