// The properties dock: the facts of whatever is selected — a run as the store records it, an
// experiment file, or a plugin — as name/value rows that can be selected and copied.
#pragma once

#include <QWidget>

#include "d500/store/result_store.h"
#include "editor/json_path.h"

class QTreeWidget;

namespace d500::studio {

struct PluginInfo;

class PropertiesDock : public QWidget {
  Q_OBJECT
 public:
  explicit PropertiesDock(QWidget* parent = nullptr);

  void showRun(const d500::store::RunInfo& run);
  // `path`: the file, or empty for an experiment embedded in the project.
  void showExperiment(const Json& experiment, const QString& path, int problemCount);
  void showPlugin(const PluginInfo& plugin);
  void clear();
  // The value shown for a property name (tests).
  QString value(const QString& name) const;

 private:
  void add(const QString& name, const QString& value);

  QTreeWidget* tree_;
};

}  // namespace d500::studio
