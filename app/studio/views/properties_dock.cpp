#include "views/properties_dock.h"

#include <QHeaderView>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "common/display_names.h"
#include "common/locale_format.h"
#include "editor/experiment_document.h"
#include "models/plugin_catalog.h"
#include "models/plugin_list_model.h"

namespace d500::studio {

namespace {

QString time(double unixSeconds) {
  return LocaleFormat::dateTime(unixSeconds, true);
}

QString str(const std::string& s) {
  return QString::fromStdString(s);
}

QString jsonText(const Json& j, const char* key) {
  const Json* v = JsonPath{QString::fromLatin1(key)}.find(j);
  if (!v) return QString();
  return v->is_string() ? str(v->get<std::string>()) : str(v->dump());
}

}  // namespace

PropertiesDock::PropertiesDock(QWidget* parent) : QWidget(parent) {
  tree_ = new QTreeWidget;
  tree_->setObjectName(QStringLiteral("propertiesTree"));
  tree_->setHeaderLabels({tr("Property"), tr("Value")});
  tree_->setRootIsDecorated(false);
  tree_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  tree_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(tree_);
}

void PropertiesDock::add(const QString& name, const QString& value) {
  auto* item = new QTreeWidgetItem(tree_, {name, value});
  item->setToolTip(1, value);
}

void PropertiesDock::clear() {
  stopFollowing();
  tree_->clear();
}

void PropertiesDock::stopFollowing() {
  for (const auto& c : following_) disconnect(c);
  following_.clear();
  followed_.clear();
}

void PropertiesDock::showDocument(ExperimentDocument* doc) {
  clear();
  followed_ = doc;
  const auto refresh = [this] {
    if (!followed_) return;
    tree_->clear();
    addExperiment(followed_->json(), followed_->filePath(), int(followed_->problems().size()));
  };
  refresh();
  for (auto signal : {&ExperimentDocument::changed, &ExperimentDocument::problemsChanged})
    following_ << connect(doc, signal, this, refresh);
  // Saved under another name: its file.
  following_ << connect(doc, &ExperimentDocument::titleChanged, this, refresh);
}

QString PropertiesDock::value(const QString& name) const {
  for (int i = 0; i < tree_->topLevelItemCount(); ++i)
    if (tree_->topLevelItem(i)->text(0) == name) return tree_->topLevelItem(i)->text(1);
  return QString();
}

void PropertiesDock::showRun(const d500::store::RunInfo& run) {
  clear();
  add(tr("Run"), QStringLiteral("#%1").arg(run.id));
  add(tr("Name"), str(run.name));
  add(tr("Status"), DisplayNames::runStatus(run.status));
  if (!run.status_reason.empty()) add(tr("Reason"), str(run.status_reason));
  add(tr("Exit code"), QString::number(run.exit_code));
  add(tr("Level"), DisplayNames::level(run.level));
  add(tr("Created"), time(run.created_at));
  add(tr("Started"), time(run.started_at));
  add(tr("Finished"), time(run.finished_at));
  if (run.started_at > 0 && run.finished_at >= run.started_at)
    add(tr("Duration"), tr("%1 s").arg(run.finished_at - run.started_at, 0, 'f', 2));
  add(tr("Seed"), QString::number(run.seed));
  add(tr("Launcher"), str(run.launcher));
  add(tr("Host"), str(run.host));
  add(tr("Experiment file"), str(run.spec_path));
  add(tr("Experiment hash"), str(run.spec_hash));
  if (run.parent_run_id) add(tr("Re-run of"), QStringLiteral("#%1").arg(run.parent_run_id));
  if (run.environment_id) add(tr("Environment"), QStringLiteral("#%1").arg(run.environment_id));
}

void PropertiesDock::showExperiment(const Json& experiment, const QString& path, int problemCount) {
  clear();
  addExperiment(experiment, path, problemCount);
}

void PropertiesDock::addExperiment(const Json& experiment, const QString& path, int problemCount) {
  add(tr("Experiment"), jsonText(experiment, "name"));
  add(tr("File"), path.isEmpty() ? tr("(embedded in the project)") : path);
  add(tr("Description"), jsonText(experiment, "description"));
  add(tr("Level"), jsonText(experiment, "level"));
  const Json op = JsonPath{QStringLiteral("operator"), QStringLiteral("op")}.get(experiment);
  if (op.is_string()) add(tr("Operator"), str(op.get<std::string>()));
  add(tr("Implementations"), jsonText(experiment, "implementations"));
  add(tr("Sweep"), jsonText(experiment, "sweep"));
  add(tr("Launcher"), jsonText(experiment, "launcher"));
  add(tr("Problems"), problemCount == 0 ? tr("none") : QString::number(problemCount));
}

void PropertiesDock::showPlugin(const PluginInfo& plugin) {
  clear();
  add(tr("Plugin"), plugin.name);
  add(tr("Version"), plugin.version);
  add(tr("ABI"), plugin.abiText());
  add(tr("State"), PluginListModel::stateText(plugin));
  if (!plugin.error.isEmpty()) add(tr("Load error"), plugin.error);
  add(tr("Library"), plugin.library);
  if (!plugin.wraps.isEmpty()) add(tr("Wraps"), plugin.wraps);
  add(tr("Capabilities"), plugin.capabilitiesText());
}

}  // namespace d500::studio
