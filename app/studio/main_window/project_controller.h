// The open project: its file, its content, whether it has unsaved changes, and the live view of
// its store. New / open / save / save as happen here, without dialogs (the main window asks the
// user and calls these), so tests drive them directly.
// Threading: GUI thread.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <functional>
#include <memory>

#include "editor/json_path.h"
#include "project/project.h"

namespace d500::studio {

class ExperimentDocument;
class ProjectTreeModel;
class StoreWatcher;

class ProjectController : public QObject {
  Q_OBJECT
 public:
  // Ownership: parent.
  explicit ProjectController(QObject* parent = nullptr);
  ~ProjectController() override;

  const Project& project() const { return project_; }
  QString projectPath() const { return path_; }  // empty: never saved
  // Whether the store in use was given for this session (--store) rather than by the file.
  bool usesSessionStore() const { return sessionStore_; }
  bool isModified() const { return modified_; }
  StoreWatcher* storeWatcher() const { return watcher_; }
  ProjectTreeModel* treeModel() const { return tree_; }

  // Called before saving to gather what the window shows (charts, tabs, window layout).
  void setStateCollector(std::function<void(Project&)> collect) { collect_ = std::move(collect); }

  // A new, unsaved project (its store beside where it will be saved, or in the current folder).
  void newProject();
  // Opens a project. Returns false (and says why through notice) only when nothing could be
  // opened; a missing store, a store from a newer d500, or a missing experiment file are
  // reported and the rest is opened. `storeOverride`, if given, replaces the project's store
  // for this session (the project is then marked modified only if the user saves).
  bool open(const QString& path, const QString& storeOverride = QString());
  // An untitled project over the store `storePath` (`d500-studio --store FILE` alone, File >
  // Open Result Store, a .d500db opened from a file manager): no experiments yet, the store's
  // runs under "Other runs". Saving the project keeps this store. A store that cannot be read
  // is reported (notice) and opened as far as it can be.
  void openStore(const QString& storePath);
  bool save(QString* error);  // false with *error when never saved: use saveAs
  bool saveAs(const QString& path, QString* error);

  // --- experiments ---
  int addExperimentFile(const QString& path);
  // The experiment joins the project under a name no other experiment of it has ("name",
  // "name-2", ...): runs find their experiment by name, so two of one name would share runs.
  int addEmbeddedExperiment(const Json& experiment);
  // `base` if no experiment of the project is called so, else the first free "base-N".
  QString uniqueExperimentName(const QString& base) const;
  void removeExperiment(int index);
  // An embedded experiment's edits are kept in the project as they happen.
  void setEmbeddedExperiment(int index, const Json& experiment);
  // The experiment's canvas layout (CanvasModel::layoutJson()), kept in the project file;
  // `edited`: the user's edit, which marks the project modified.
  void setCanvasLayout(int index, const Json& layout, bool edited);
  // A document for experiment `index`, loaded from its file or the project (nullptr with
  // *error when the file cannot be read). Ownership: the caller's.
  ExperimentDocument* createDocument(int index, QString* error) const;
  // The file the runner reads for experiment `index`: the experiment's own file, or for an
  // embedded one a copy written to a private temporary folder (relative "problems" paths made
  // absolute so they still resolve from there).
  QString runnableFile(int index, const Json& content, QString* error);
  // What a run of experiment `index` records as its experiment file (`d500 run --source`): the
  // file itself; for an embedded one "PROJECT.d500proj#NAME", or "" while the project has never
  // been saved (rather than the temporary copy the runner reads).
  QString runSource(int index, const QString& name) const;

  void setModified(bool modified);
  QStringList notices() const { return notices_; }  // everything reported since the last open

 Q_SIGNALS:
  void projectOpened();  // new or opened: everything shown must be rebuilt
  void experimentsChanged();
  void modifiedChanged(bool modified);
  void pathChanged(const QString& path);
  // Something the user should know (shown in a message box and the status bar).
  void notice(const QString& text);

 private:
  void report(const QString& text);
  void checkStore(const QString& storePath);
  // Shows `p` as the open project, saved at `path` ("" for untitled), unmodified.
  void makeCurrent(const Project& p, const QString& path);

  Project project_;
  QString path_;
  QString fileStorePath_;      // the store the project file names
  bool sessionStore_ = false;  // project_.storePath is --store's, not the file's
  bool modified_ = false;
  QStringList notices_;
  StoreWatcher* watcher_;
  ProjectTreeModel* tree_;
  std::function<void(Project&)> collect_;
  std::unique_ptr<QTemporaryDir> scratch_;
};

}  // namespace d500::studio
