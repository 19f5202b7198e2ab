#include "main_window/project_controller.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSaveFile>

#include "editor/experiment_document.h"
#include "models/project_tree_model.h"
#include "models/store_watcher.h"
#include "project/store_status.h"

namespace d500::studio {

ProjectController::ProjectController(QObject* parent) : QObject(parent) {
  watcher_ = new StoreWatcher(this);
  tree_ = new ProjectTreeModel(watcher_, this);
}

ProjectController::~ProjectController() = default;

void ProjectController::report(const QString& text) {
  notices_ << text;
  Q_EMIT notice(text);
}

void ProjectController::setModified(bool modified) {
  if (modified_ == modified) return;
  modified_ = modified;
  Q_EMIT modifiedChanged(modified);
}

void ProjectController::newProject() {
  notices_.clear();
  sessionStore_ = false;
  const QString file =
      QDir::current().absoluteFilePath(tr("untitled") + QStringLiteral(".d500proj"));
  makeCurrent(Project::createNew(file), QString());
}

void ProjectController::openStore(const QString& storePath) {
  notices_.clear();
  const QFileInfo store(storePath);
  // Named after the store; its runs stay in that store when the project is saved anywhere.
  Project p = Project::createNew(
      store.absoluteDir().filePath(store.completeBaseName() + QStringLiteral(".d500proj")));
  p.storePath = QDir::cleanPath(store.absoluteFilePath());
  sessionStore_ = false;
  checkStore(p.storePath);
  makeCurrent(p, QString());
}

void ProjectController::makeCurrent(const Project& p, const QString& path) {
  project_ = p;
  path_ = path;
  tree_->setExperiments(project_.experiments);
  watcher_->setStorePath(project_.storePath);
  setModified(false);
  Q_EMIT pathChanged(path_);
  Q_EMIT projectOpened();
}

void ProjectController::checkStore(const QString& storePath) {
  const StoreStatus s = StoreStatus::probe(storePath);
  if (s.state != StoreStatus::State::Ok) report(s.message(storePath));
}

bool ProjectController::open(const QString& path, const QString& storeOverride) {
  notices_.clear();
  Project p;
  QString error, warning;
  if (!Project::load(path, &p, &error, &warning)) {
    report(error);
    return false;
  }
  if (!warning.isEmpty()) report(warning);
  // A session's store (--store) is used, never written into the project file.
  fileStorePath_ = p.storePath;
  if (!storeOverride.isEmpty()) p.storePath = QFileInfo(storeOverride).absoluteFilePath();
  sessionStore_ = !storeOverride.isEmpty() && p.storePath != fileStorePath_;
  for (const ProjectExperiment& e : p.experiments)
    if (!e.isEmbedded() && !QFileInfo::exists(e.path))
      report(tr("The experiment file %1 does not exist; it is listed but cannot be opened.")
                 .arg(e.path));
  checkStore(p.storePath);
  makeCurrent(p, QFileInfo(path).absoluteFilePath());
  return true;
}

bool ProjectController::save(QString* error) {
  if (path_.isEmpty()) {
    *error = tr("The project has not been saved yet; choose where with Save As.");
    return false;
  }
  return saveAs(path_, error);
}

bool ProjectController::saveAs(const QString& path, QString* error) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  Project p = project_;
  // A project never saved keeps its store beside the file it is first saved as.
  if (path_.isEmpty() && !QFileInfo::exists(p.storePath))
    p.storePath = Project::createNew(absolute).storePath;
  if (collect_) collect_(p);
  // The session's store stays this session's: the file keeps the store it named.
  Project toFile = p;
  if (sessionStore_) toFile.storePath = fileStorePath_;
  if (!toFile.save(absolute, error)) return false;
  const bool storeMoved = p.storePath != project_.storePath;
  project_ = p;
  if (storeMoved) watcher_->setStorePath(project_.storePath);
  path_ = absolute;
  setModified(false);
  Q_EMIT pathChanged(path_);
  return true;
}

int ProjectController::addExperimentFile(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  for (int i = 0; i < project_.experiments.size(); ++i)
    if (project_.experiments[i].path == absolute) return i;
  project_.experiments.append(ProjectExperiment{absolute, {}});
  tree_->setExperiments(project_.experiments);
  setModified(true);
  Q_EMIT experimentsChanged();
  return int(project_.experiments.size()) - 1;
}

QString ProjectController::uniqueExperimentName(const QString& base) const {
  QStringList taken;
  for (int i = 0; i < project_.experiments.size(); ++i) taken << tree_->experimentName(i);
  QString name = base;
  for (int n = 2; taken.contains(name); ++n) name = QStringLiteral("%1-%2").arg(base).arg(n);
  return name;
}

int ProjectController::addEmbeddedExperiment(const Json& experiment) {
  ProjectExperiment e;
  e.embedded = QJsonDocument::fromJson(QByteArray::fromStdString(experiment.dump())).object();
  const QString name = e.embedded.value(QStringLiteral("name")).toString();
  e.embedded.insert(QStringLiteral("name"),
                    uniqueExperimentName(name.isEmpty() ? QStringLiteral("experiment") : name));
  project_.experiments.append(e);
  tree_->setExperiments(project_.experiments);
  setModified(true);
  Q_EMIT experimentsChanged();
  return int(project_.experiments.size()) - 1;
}

void ProjectController::removeExperiment(int index) {
  if (index < 0 || index >= project_.experiments.size()) return;
  project_.experiments.removeAt(index);
  tree_->setExperiments(project_.experiments);
  setModified(true);
  Q_EMIT experimentsChanged();
}

void ProjectController::setEmbeddedExperiment(int index, const Json& experiment) {
  if (index < 0 || index >= project_.experiments.size() ||
      !project_.experiments[index].isEmbedded())
    return;
  const QJsonObject o =
      QJsonDocument::fromJson(QByteArray::fromStdString(experiment.dump())).object();
  if (o == project_.experiments[index].embedded) return;
  const bool renamed = o.value(QStringLiteral("name")) !=
                       project_.experiments[index].embedded.value(QStringLiteral("name"));
  project_.experiments[index].embedded = o;
  if (renamed) tree_->setExperiments(project_.experiments);
  setModified(true);
}

void ProjectController::setCanvasLayout(int index, const Json& layout, bool edited) {
  if (index < 0 || index >= project_.experiments.size()) return;
  project_.experiments[index].canvas =
      QJsonDocument::fromJson(QByteArray::fromStdString(layout.dump())).object();
  if (edited) setModified(true);
}

ExperimentDocument* ProjectController::createDocument(int index, QString* error) const {
  if (index < 0 || index >= project_.experiments.size()) {
    *error = tr("No experiment %1 in the project").arg(index);
    return nullptr;
  }
  const ProjectExperiment& e = project_.experiments[index];
  auto* doc = new ExperimentDocument;
  doc->setStorePath(project_.storePath);  // a run writes there: its folder must exist
  if (e.isEmbedded()) {
    // QJsonObject sorts keys; the document keeps that order from here on.
    doc->setEmbedded(
        Json::parse(QJsonDocument(e.embedded).toJson(QJsonDocument::Compact).toStdString()));
    return doc;
  }
  if (!doc->load(e.path, error)) {
    delete doc;
    return nullptr;
  }
  return doc;
}

QString ProjectController::runSource(int index, const QString& name) const {
  if (index < 0 || index >= project_.experiments.size()) return QString();
  const ProjectExperiment& e = project_.experiments[index];
  if (!e.isEmbedded()) return e.path;
  return path_.isEmpty() ? QString() : QStringLiteral("%1#%2").arg(path_, name);
}

QString ProjectController::runnableFile(int index, const Json& content, QString* error) {
  if (index < 0 || index >= project_.experiments.size()) {
    *error = tr("No experiment %1 in the project").arg(index);
    return QString();
  }
  const ProjectExperiment& e = project_.experiments[index];
  if (!e.isEmbedded()) return e.path;
  if (!scratch_)
    scratch_ = std::make_unique<QTemporaryDir>(
        QDir::temp().filePath(QStringLiteral("d500-studio-XXXXXX")));
  if (!scratch_->isValid()) {
    *error =
        tr("Cannot create a temporary folder for the experiment: %1").arg(scratch_->errorString());
    return QString();
  }
  Json copy = content;
  const QDir base = path_.isEmpty() ? QDir::current() : QFileInfo(path_).absoluteDir();
  if (copy.contains("problems") && copy["problems"].is_string())
    copy["problems"] =
        base.absoluteFilePath(QString::fromStdString(copy["problems"].get<std::string>()))
            .toStdString();
  QString name = QString::fromStdString(copy.value("name", std::string("experiment")));
  name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_.-]")), QStringLiteral("_"));
  const QString file = scratch_->filePath(QStringLiteral("%1-%2.json").arg(index).arg(name));
  QSaveFile f(file);
  if (!f.open(QIODevice::WriteOnly)) {
    *error = tr("Cannot write %1: %2").arg(file, f.errorString());
    return QString();
  }
  f.write(QByteArray::fromStdString(copy.dump(2)));
  if (!f.commit()) {
    *error = tr("Cannot write %1: %2").arg(file, f.errorString());
    return QString();
  }
  return file;
}

}  // namespace d500::studio
