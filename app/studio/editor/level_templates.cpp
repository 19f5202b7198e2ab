#include "editor/level_templates.h"

#include "d500/distributed/scheme_registry.h"
#include "d500/spec/components.h"
#include "d500/training/dataset_registry.h"
#include "d500/training/metrics.h"
#include "d500/training/sampler_registry.h"

namespace d500::studio {

namespace {

const QStringList kLevels = {QStringLiteral("operator"), QStringLiteral("network"),
                             QStringLiteral("training"), QStringLiteral("distributed"),
                             QStringLiteral("collective")};

// The sections each level owns; everything else at the top level is shared.
const char* const kLevelSections[] = {"operator", "implementations", "baseline",    "sweep",
                                      "network",  "training",        "distributed", "collective"};

Json repetition(double maxSeconds) {
  Json r = Json::object();
  r["target_rel_ci"] = 0.05;
  r["min_samples"] = 10;
  r["max_samples"] = 1000;
  r["max_seconds"] = maxSeconds;
  return r;
}

Json mpiLauncher(const Json& old) {
  Json l = old.is_object() ? old : Json::object();
  l["kind"] = "mpi";
  if (!l.contains("ranks")) l["ranks"] = 2;
  return l;
}

// A small run that finishes in seconds on a laptop: the MLP on Fashion-MNIST to 85%.
Json trainingDefaults() {
  Json t = Json::object();
  t["dataset"] = "fashion-mnist";
  t["network"] = {{"builder", "mlp"}, {"hidden", {256}}};
  t["loss"] = "cross-entropy";
  t["target_accuracy"] = 0.85;
  t["executor"] = "reference";
  t["optimizer"] = {{"plugin", "reference"}, {"name", "adam"}, {"lr", 0.001}};
  t["batch"] = 64;
  t["epochs"] = 5;
  t["seeds"] = 3;
  return t;
}

Json networkDefaults() {
  Json n = Json::object();
  n["model"] = {{"builder", "mlp"}, {"seed", 1}, {"with_loss", true}};
  n["executors"] = {"reference"};
  n["batch_sizes"] = {1, 16, 64};
  n["latency"] = true;
  n["throughput"] = true;
  n["training"] = true;
  n["per_node"] = true;
  n["loss"] = "loss";
  return n;
}

QString levelOf(const Json& e) {
  const Json* l = JsonPath{QStringLiteral("level")}.find(e);
  return l && l->is_string() ? QString::fromStdString(l->get<std::string>())
                             : QStringLiteral("operator");
}

// Adds `value` to the string list at `path` unless it is there.
void addToList(Json& e, const JsonPath& path, const std::string& value) {
  Json list = path.get(e, Json::array());
  if (!list.is_array()) list = Json::array();
  for (const Json& v : list)
    if (v == Json(value)) return;
  list.push_back(value);
  path.set(e, list);
}

}  // namespace

QStringList LevelTemplates::levels() {
  return kLevels;
}

QStringList LevelTemplates::componentKinds() {
  return {QStringLiteral("executor"), QStringLiteral("model"),     QStringLiteral("dataset"),
          QStringLiteral("sampler"),  QStringLiteral("optimizer"), QStringLiteral("metric"),
          QStringLiteral("scheme"),   QStringLiteral("collective")};
}

QStringList LevelTemplates::builtins(const QString& kind) {
  QStringList out;
  if (kind == QLatin1String("scheme")) {
    for (const auto* s : d500::distributed::schemes().all()) out << QString::fromStdString(s->name);
    return out;
  }
  if (kind == QLatin1String("metric")) {
    for (const auto* m : d500::training::metrics().all())
      if (m->origin == "built-in") out << QString::fromStdString(m->name);
    return out;
  }
  if (kind == QLatin1String("sampler")) {
    for (const auto* m : d500::training::samplers().all())
      if (m->origin == "built-in") out << QString::fromStdString(m->name);
    return out;
  }
  if (kind == QLatin1String("dataset")) {
    for (const auto* m : d500::training::datasets().all())
      if (m->origin == "built-in") out << QString::fromStdString(m->name);
    return out;
  }
  if (const auto* k = d500::spec::find_component_kind(kind.toStdString()))
    for (const auto& c : k->choices) out << QString::fromStdString(c);
  return out;
}

QString LevelTemplates::levelFor(const QString& kind) {
  if (kind == QLatin1String("executor") || kind == QLatin1String("model"))
    return QStringLiteral("network");
  if (kind == QLatin1String("scheme")) return QStringLiteral("distributed");
  if (kind == QLatin1String("collective")) return QStringLiteral("collective");
  return QStringLiteral("training");
}

bool LevelTemplates::accepts(const QString& level, const QString& kind) {
  const bool training = level == QLatin1String("training") || level == QLatin1String("distributed");
  if (kind == QLatin1String("executor") || kind == QLatin1String("model"))
    return training || level == QLatin1String("network");
  if (kind == QLatin1String("dataset") || kind == QLatin1String("sampler") ||
      kind == QLatin1String("optimizer") || kind == QLatin1String("metric"))
    return training;
  if (kind == QLatin1String("scheme")) return level == QLatin1String("distributed");
  if (kind == QLatin1String("collective")) return level == QLatin1String("collective");
  return false;
}

Json LevelTemplates::switchLevel(const Json& experiment, const QString& level) {
  const QString from = levelOf(experiment);
  if (from == level || !kLevels.contains(level)) return experiment;
  Json e = experiment;
  const Json keepTraining = e.contains("training") ? e["training"] : trainingDefaults();
  for (const char* s : kLevelSections) e.erase(s);
  e["level"] = level.toStdString();
  if (level == QLatin1String("operator")) {
    e["operator"] = {{"op", ""}, {"dtype", "float32"}, {"inputs", Json::array()}};
    e["implementations"] = Json::array();
    e["repetition"] = repetition(2.0);
  } else if (level == QLatin1String("network")) {
    e["network"] = networkDefaults();
    e["repetition"] = repetition(1.0);
  } else if (level == QLatin1String("training")) {
    e["training"] = keepTraining;
    e.erase("repetition");  // training measures every step; no repetition policy
  } else if (level == QLatin1String("distributed")) {
    e["training"] = keepTraining;
    e["distributed"] = {{"scheme", "allreduce"}, {"sampler", "partitioned"}};
    e.erase("repetition");
    e["launcher"] = mpiLauncher(e.value("launcher", Json()));
  } else {  // collective
    e["collective"] = {{"operations", {"allreduce"}},
                       {"min_bytes", 4},
                       {"max_bytes", 1 << 20},
                       {"dtype", "float32"}};
    e["repetition"] = repetition(0.5);
    e["launcher"] = mpiLauncher(e.value("launcher", Json()));
  }
  // A single-rank level has no use for an MPI launcher's ranks.
  if ((level == QLatin1String("operator") || level == QLatin1String("network")) &&
      e.contains("launcher") && e["launcher"].value("kind", "") == "mpi")
    e.erase("launcher");
  return e;
}

Json LevelTemplates::withComponent(const Json& experiment, const QString& kind,
                                   const QString& value) {
  if (!componentKinds().contains(kind) || value.isEmpty()) return experiment;
  const QString level = levelOf(experiment);
  Json e = accepts(level, kind) ? experiment : switchLevel(experiment, levelFor(kind));
  const std::string v = value.toStdString();
  const bool network = levelOf(e) == QLatin1String("network");
  const JsonPath training{QStringLiteral("training")};
  if (kind == QLatin1String("executor")) {
    if (network)
      addToList(e, JsonPath{QStringLiteral("network"), QStringLiteral("executors")}, v);
    else
      training.key(QStringLiteral("executor")).set(e, v);
  } else if (kind == QLatin1String("model")) {
    if (network) {
      JsonPath{QStringLiteral("network"), QStringLiteral("model")}.set(
          e, Json{{"builder", v}, {"seed", 1}, {"with_loss", true}});
    } else {
      Json net = Json{{"builder", v}};
      if (v == "mlp") net["hidden"] = {256};
      training.key(QStringLiteral("network")).set(e, net);
    }
  } else if (kind == QLatin1String("dataset") || kind == QLatin1String("sampler")) {
    training.key(kind).set(e, v);
  } else if (kind == QLatin1String("optimizer")) {
    // "plugin/name": the learning rate and other hyper-parameters stay when the rule changes.
    const qsizetype slash = value.indexOf(QLatin1Char('/'));
    if (slash <= 0) return experiment;
    Json opt = training.key(QStringLiteral("optimizer")).get(e, Json::object());
    if (!opt.is_object()) opt = Json::object();
    opt["plugin"] = value.left(slash).toStdString();
    opt["name"] = value.mid(slash + 1).toStdString();
    if (!opt.contains("lr")) opt["lr"] = 0.001;
    training.key(QStringLiteral("optimizer")).set(e, opt);
  } else if (kind == QLatin1String("metric")) {
    addToList(e, training.key(QStringLiteral("metrics")), v);
  } else if (kind == QLatin1String("scheme")) {
    JsonPath{QStringLiteral("distributed"), QStringLiteral("scheme")}.set(e, v);
  } else {  // collective
    addToList(e, JsonPath{QStringLiteral("collective"), QStringLiteral("operations")}, v);
  }
  return e;
}

}  // namespace d500::studio
