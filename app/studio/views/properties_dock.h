// The properties dock: the facts of whatever is selected — a run as the store records it, an
// experiment file, or a plugin — as name/value rows that can be selected and copied.
#pragma once

#include <QMetaObject>
#include <QPointer>
#include <QWidget>

#include "d500/store/result_store.h"
#include "editor/json_path.h"

class QTreeWidget;

namespace d500::studio {

class ExperimentDocument;
struct PluginInfo;

class PropertiesDock : public QWidget {
  Q_OBJECT
 public:
  explicit PropertiesDock(QWidget* parent = nullptr);

  void showRun(const d500::store::RunInfo& run);
  // `path`: the file, or empty for an experiment embedded in the project. A snapshot: it does not
  // follow later edits (showDocument does).
  void showExperiment(const Json& experiment, const QString& path, int problemCount);
  // Shows `doc` and follows every change of it (form, canvas, template, JSON text, undo) until
  // something else is shown. `doc` may go away first.
  void showDocument(ExperimentDocument* doc);
  void showPlugin(const PluginInfo& plugin);
  void clear();
  // The value shown for a property name (tests).
  QString value(const QString& name) const;

 private:
  void add(const QString& name, const QString& value);
  void addExperiment(const Json& experiment, const QString& path, int problemCount);
  void stopFollowing();

  QPointer<ExperimentDocument> followed_;
  QList<QMetaObject::Connection> following_;

  QTreeWidget* tree_;
};

}  // namespace d500::studio
