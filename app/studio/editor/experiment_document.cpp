#include "editor/experiment_document.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QTimer>
#include <QUndoStack>
#include <algorithm>

#include "common/core_text.h"
#include "d500/check/check_experiment.h"
#include "d500/spec/experiment.h"
#include "editor/commands/list_item_command.h"
#include "editor/commands/replace_document_command.h"
#include "editor/commands/set_value_command.h"
#include "editor/commands/sweep_variable_command.h"
#include "editor/json_format.h"
#include "editor/level_templates.h"
#include "editor/operator_defaults.h"

namespace d500::studio {

namespace {

const JsonPath kImplementations{QStringLiteral("implementations")};
const JsonPath kBaseline{QStringLiteral("baseline")};
const JsonPath kInputs{QStringLiteral("operator"), QStringLiteral("inputs")};
const JsonPath kAttributes{QStringLiteral("operator"), QStringLiteral("attributes")};
const JsonPath kHosts{QStringLiteral("launcher"), QStringLiteral("hosts")};

// The name under which the checks report problems (messages do not quote it).
constexpr char kSource[] = "experiment";
// Edits that follow each other within this pause are asked of the runner once.
constexpr int kRunnerPauseMs = 300;

}  // namespace

ExperimentDocument::ExperimentDocument(QObject* parent)
    : QObject(parent),
      json_(blankExperiment()),
      undo_(new QUndoStack(this)),
      runnerCheck_(new RunnerCheck(this)),
      checkTimer_(new QTimer(this)) {
  connect(undo_, &QUndoStack::cleanChanged, this, [this] { Q_EMIT titleChanged(title()); });
  checkTimer_->setSingleShot(true);
  checkTimer_->setInterval(kRunnerPauseMs);
  connect(checkTimer_, &QTimer::timeout, this, &ExperimentDocument::askRunner);
  connect(runnerCheck_, &RunnerCheck::finished, this, [this](const QList<Problem>& problems) {
    if (checkedJson_ != json_.dump()) return askRunner();  // edited meanwhile
    setVerdict(problems.isEmpty() ? Verdict::Accepted : Verdict::Refused, problems);
  });
  connect(runnerCheck_, &RunnerCheck::failed, this,
          [this](const QString& error) { setVerdict(Verdict::Unknown, {}, error); });
  validate();
}

ExperimentDocument::~ExperimentDocument() = default;

Json ExperimentDocument::blankExperiment() {
  Json j = Json::object();
  j["d500"] = d500::spec::kExperimentFormat;
  j["name"] = "new-experiment";
  j["description"] = "";
  j["level"] = "operator";
  j["seed"] = 500;
  j["operator"] = {{"op", ""}, {"dtype", "float32"}, {"inputs", Json::array()}};
  j["implementations"] = Json::array();
  j["repetition"] = {
      {"target_rel_ci", 0.05}, {"min_samples", 10}, {"max_samples", 1000}, {"max_seconds", 2.0}};
  return j;
}

bool ExperimentDocument::load(const QString& path, QString* error) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) {
    *error = tr("Cannot open the experiment %1: %2").arg(path, f.errorString());
    return false;
  }
  Json j;
  try {
    j = Json::parse(f.readAll().toStdString());
  } catch (const std::exception& e) {
    *error = tr("%1 is not valid JSON: %2").arg(path, QString::fromUtf8(e.what()));
    return false;
  }
  if (!j.is_object()) {
    *error = tr("%1 does not hold an experiment (a JSON object)").arg(path);
    return false;
  }
  json_ = std::move(j);
  filePath_ = QFileInfo(path).absoluteFilePath();
  undo_->clear();
  validate();
  Q_EMIT changed();
  Q_EMIT titleChanged(title());
  return true;
}

bool ExperimentDocument::saveAs(const QString& path, QString* error) {
  QSaveFile f(path);
  if (!f.open(QIODevice::WriteOnly)) {
    *error = tr("Cannot write the experiment %1: %2").arg(path, f.errorString());
    return false;
  }
  f.write(jsonText().toUtf8());
  if (!f.commit()) {
    *error = tr("Cannot write the experiment %1: %2").arg(path, f.errorString());
    return false;
  }
  filePath_ = QFileInfo(path).absoluteFilePath();
  undo_->setClean();
  validate();  // a relative "problems" path now resolves against the new folder
  Q_EMIT titleChanged(title());
  return true;
}

void ExperimentDocument::setEmbedded(const Json& json) {
  json_ = json.is_object() ? json : blankExperiment();
  filePath_.clear();
  undo_->clear();
  validate();
  Q_EMIT changed();
  Q_EMIT titleChanged(title());
}

void ExperimentDocument::markSaved() {
  undo_->setClean();
}

bool ExperimentDocument::isModified() const {
  return !undo_->isClean();
}

QString ExperimentDocument::name() const {
  const Json* n = JsonPath{QStringLiteral("name")}.find(json_);
  return n && n->is_string() ? QString::fromStdString(n->get<std::string>()) : QString();
}

QString ExperimentDocument::title() const {
  QString t = name().isEmpty() ? tr("(unnamed experiment)") : name();
  return isModified() ? t + QLatin1Char('*') : t;
}

QString ExperimentDocument::jsonText() const {
  return QString::fromStdString(JsonFormat::pretty(json_)) + QLatin1Char('\n');
}

// --- edits -----------------------------------------------------------------------------------

void ExperimentDocument::setValue(const JsonPath& path, const std::optional<Json>& value) {
  if (path == JsonPath{QStringLiteral("level")} && value && value->is_string()) {
    setLevel(QString::fromStdString(value->get<std::string>()));
    return;
  }
  const Json* now = path.find(json_);
  if ((!now && !value) || (now && value && *now == *value)) return;  // nothing to undo later
  undo_->push(new SetValueCommand(this, path, value));
}

void ExperimentDocument::chooseOperator(const QString& opType, const QString& domain,
                                        const QStringList& implementations,
                                        const QStringList& offering) {
  auto* parent = new QUndoCommand(tr("Choose operator %1").arg(opType));
  const JsonPath op{QStringLiteral("operator"), QStringLiteral("op")};
  const JsonPath dom{QStringLiteral("operator"), QStringLiteral("domain")};
  const bool sameOp = op.get(json_) == Json(opType.toStdString());
  new SetValueCommand(this, op, Json(opType.toStdString()), false, parent);
  new SetValueCommand(this, dom,
                      domain.isEmpty() ? std::nullopt : std::optional<Json>(domain.toStdString()),
                      false, parent);
  const Json impls =
      chosenImplementations(implementations, offering.isEmpty() ? implementations : offering);
  if (impls != kImplementations.get(json_)) {
    new SetValueCommand(this, kImplementations, impls, false, parent);
    // The baseline stays only while it is still measured.
    const Json baseline = kBaseline.get(json_);
    if (std::find(impls.begin(), impls.end(), baseline) == impls.end())
      new SetValueCommand(this, kBaseline, std::nullopt, false, parent);
  }
  if (!sameOp) {
    // Attributes of another operator would be rejected by this one.
    const Json attrs = OperatorDefaults::attributesFor(opType);
    new SetValueCommand(this, kAttributes,
                        attrs.is_null() ? std::nullopt : std::optional<Json>(attrs), false, parent);
  }
  // Inputs the operator cannot take (none yet, Gemm's matrices for a Conv) give way to shapes that
  // run, swept over "N".
  if (!OperatorDefaults::inputsFit(opType, domain, kInputs.get(json_, Json::array()))) {
    const Json inputs = OperatorDefaults::inputsFor(opType);
    new SetValueCommand(this, kInputs, inputs, false, parent);
    addMissingSweepVariables(inputs, parent);
  }
  undo_->push(parent);
}

Json ExperimentDocument::chosenImplementations(const QStringList& implementations,
                                               const QStringList& offering) const {
  // The user's choice stands where it offers the operator; all of `implementations` otherwise.
  Json kept = Json::array();
  for (const Json& id : kImplementations.get(json_, Json::array()))
    if (id.is_string() && offering.contains(QString::fromStdString(id.get<std::string>())))
      kept.push_back(id);
  if (!kept.empty()) return kept;
  Json all = Json::array();
  for (const QString& id : implementations) all.push_back(id.toStdString());
  return all;
}

void ExperimentDocument::addMissingSweepVariables(const Json& dims, QUndoCommand* parent) {
  const JsonPath sweep{QStringLiteral("sweep")};
  Json vars = sweep.get(json_, Json::object());
  if (!vars.is_object()) return;
  const Json before = vars;
  // Variables that explicit points set are not swept as well.
  Json named = vars;
  for (const Json& p : JsonPath{QStringLiteral("points")}.get(json_, Json::array()))
    if (p.is_object()) named.update(p);
  const auto add = [&vars, &named](const Json& d) {
    if (d.is_string() && !named.contains(d.get<std::string>()))
      vars[d.get<std::string>()] = named[d.get<std::string>()] =
          OperatorDefaults::defaultSweepValues();
  };
  for (const Json& d : dims) {
    if (d.is_array())
      for (const Json& x : d) add(x);
    else
      add(d);
  }
  if (vars != before) new SetValueCommand(this, sweep, vars, false, parent);
}

void ExperimentDocument::pushList(const JsonPath& arrayPath, bool insert, int index,
                                  const Json& item, const QString& text) {
  undo_->push(new ListItemCommand(
      this, arrayPath, insert ? ListItemCommand::Op::Insert : ListItemCommand::Op::Remove, index,
      item, text, arrayPath == kInputs));
}

void ExperimentDocument::addImplementation(const QString& id) {
  const Json impls = kImplementations.get(json_, Json::array());
  for (const Json& i : impls)
    if (i == Json(id.toStdString())) return;
  pushList(kImplementations, true, -1, Json(id.toStdString()), tr("Add implementation %1").arg(id));
}

void ExperimentDocument::removeImplementation(const QString& id) {
  const Json impls = kImplementations.get(json_, Json::array());
  int index = -1;
  for (size_t i = 0; i < impls.size(); ++i)
    if (impls[i] == Json(id.toStdString())) index = int(i);
  if (index < 0) return;
  auto* parent = new QUndoCommand(tr("Remove implementation %1").arg(id));
  new ListItemCommand(this, kImplementations, ListItemCommand::Op::Remove, index, Json(), QString(),
                      true, parent);
  // A baseline that is no longer measured would make the file invalid.
  if (kBaseline.get(json_) == Json(id.toStdString()))
    new SetValueCommand(this, kBaseline, std::nullopt, false, parent);
  undo_->push(parent);
}

void ExperimentDocument::addInput(const Json& dims) {
  auto* parent = new QUndoCommand(tr("Add input"));
  new ListItemCommand(this, kInputs, ListItemCommand::Op::Insert, -1, dims, QString(), true,
                      parent);
  // A dimension named after a sweep variable needs the variable: the input comes with one.
  addMissingSweepVariables(dims, parent);
  undo_->push(parent);
}

Json ExperimentDocument::nextInput() const {
  const Json op = JsonPath{QStringLiteral("operator"), QStringLiteral("op")}.get(json_);
  const Json domain =
      JsonPath{QStringLiteral("operator"), QStringLiteral("domain")}.get(json_, Json(""));
  if (!op.is_string() || op.get<std::string>().empty()) return Json();
  return OperatorDefaults::nextInput(
      QString::fromStdString(op.get<std::string>()),
      QString::fromStdString(domain.is_string() ? domain.get<std::string>() : ""),
      kInputs.get(json_, Json::array()));
}

void ExperimentDocument::addNextInput() {
  const Json dims = nextInput();
  if (!dims.is_null()) addInput(dims);
}

void ExperimentDocument::removeInput(int index) {
  if (index < 0 || size_t(index) >= kInputs.get(json_, Json::array()).size()) return;
  pushList(kInputs, false, index, Json(), tr("Remove input %1").arg(index));
}

void ExperimentDocument::setInput(int index, const Json& dims) {
  setValue(kInputs.index(index), dims);
}

void ExperimentDocument::setAttribute(const QString& name, const Json& value) {
  setValue(kAttributes.key(name), value);
}

void ExperimentDocument::removeAttribute(const QString& name) {
  if (!kAttributes.key(name).exists(json_)) return;
  auto* parent = new QUndoCommand(tr("Remove attribute %1").arg(name));
  Json rest = kAttributes.get(json_, Json::object());
  rest.erase(name.toStdString());
  // "attributes": {} is noise in the file; drop the object with its last attribute.
  new SetValueCommand(this, kAttributes, rest.empty() ? std::nullopt : std::optional<Json>(rest),
                      false, parent);
  undo_->push(parent);
}

void ExperimentDocument::addSweepVariable(const QString& name, const Json& values) {
  undo_->push(new SweepVariableCommand(this, SweepVariableCommand::Op::Add, name, values));
}

void ExperimentDocument::removeSweepVariable(const QString& name) {
  if (!JsonPath{QStringLiteral("sweep")}.key(name).exists(json_)) return;
  undo_->push(new SweepVariableCommand(this, SweepVariableCommand::Op::Remove, name, Json()));
}

void ExperimentDocument::setSweepValues(const QString& name, const Json& values) {
  setValue(JsonPath{QStringLiteral("sweep")}.key(name), values);
}

void ExperimentDocument::addHost(const QString& host) {
  pushList(kHosts, true, -1, Json(host.toStdString()), tr("Add host %1").arg(host));
}

void ExperimentDocument::removeHost(int index) {
  if (index < 0 || size_t(index) >= kHosts.get(json_, Json::array()).size()) return;
  pushList(kHosts, false, index, Json(), tr("Remove host"));
}

void ExperimentDocument::setLevel(const QString& level) {
  const Json next = LevelTemplates::switchLevel(json_, level);
  if (next == json_) return;
  // Under a parent command: two level switches in a row stay two undo steps.
  auto* parent = new QUndoCommand(tr("Make it a %1 experiment").arg(level));
  new ReplaceDocumentCommand(this, next, QString(), parent);
  undo_->push(parent);
}

void ExperimentDocument::chooseComponent(const QString& kind, const QString& value) {
  const Json next = LevelTemplates::withComponent(json_, kind, value);
  if (next == json_) return;
  auto* parent = new QUndoCommand(tr("Choose %1 %2").arg(kind, value));
  new ReplaceDocumentCommand(this, next, QString(), parent);
  undo_->push(parent);
}

void ExperimentDocument::replaceJson(const Json& json) {
  if (json == json_ || !json.is_object()) return;
  undo_->push(new ReplaceDocumentCommand(this, json, tr("Edit JSON")));
}

// --- applying and checking -------------------------------------------------------------------

void ExperimentDocument::apply(const JsonPath& path, const std::optional<Json>& value) {
  if (path.isEmpty()) {
    if (value) json_ = *value;
  } else if (value) {
    path.set(json_, *value);
  } else {
    path.remove(json_);
  }
  validate();
  Q_EMIT changed();
  Q_EMIT titleChanged(title());
}

void ExperimentDocument::restore(const Json& json) {
  json_ = json;
  validate();
  Q_EMIT changed();
  Q_EMIT titleChanged(title());
}

void ExperimentDocument::validate() {
  // The runner's own checks, in-process and without plugins: what a run refuses for the file and
  // its level's section (a model, a dataset, a recipe) shows at once, with the runner's messages.
  const nlohmann::json plain = nlohmann::json::parse(json_.dump());
  d500::check::CheckOptions options;
  if (!filePath_.isEmpty()) options.base_dir = QFileInfo(filePath_).absolutePath().toStdString();
  options.store_path = storePath_.toStdString();
  QList<Problem> found;
  for (const auto& p : d500::check::check_experiment(plain, kSource, nullptr, options))
    found.append({QString::fromStdString(p.path), QString::fromStdString(p.message)});
  if (!found.isEmpty()) {
    checkTimer_->stop();
    runnerCheck_->cancel();
    return setVerdict(Verdict::Refused, found);
  }
  // What needs the plugins is the runner's to say: until it has, nothing is "accepted".
  setVerdict(Verdict::Checking, {});
  checkTimer_->start();
}

void ExperimentDocument::askRunner() {
  checkedJson_ = json_.dump();
  runnerCheck_->start(QByteArray::fromStdString(checkedJson_),
                      filePath_.isEmpty() ? QString() : QFileInfo(filePath_).absolutePath(),
                      storePath_, runner_);
}

void ExperimentDocument::setVerdict(Verdict v, const QList<Problem>& problems,
                                    const QString& note) {
  if (v == verdict_ && problems == problems_ && note == verdictNote_) return;
  verdict_ = v;
  problems_ = problems;
  verdictNote_ = note;
  Q_EMIT problemsChanged();
}

void ExperimentDocument::setStorePath(const QString& path) {
  if (path == storePath_) return;
  storePath_ = path;
  validate();
}

void ExperimentDocument::setRunner(const QString& runner) {
  runner_ = runner;
  if (verdict_ != Verdict::Refused) validate();
}

bool ExperimentDocument::waitForVerdict(int ms) {
  QElapsedTimer t;
  t.start();
  while (verdict_ == Verdict::Checking && t.elapsed() < ms)
    QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 20);
  return verdict_ != Verdict::Checking;
}

QStringList ExperimentDocument::problemsAt(const JsonPath& path) const {
  QStringList out;
  for (const Problem& p : problems_) {
    JsonPath at;
    if (JsonPath::fromString(p.path, &at) && at.startsWith(path))
      out << CoreText::problem(p.message);
  }
  return out;
}

}  // namespace d500::studio
