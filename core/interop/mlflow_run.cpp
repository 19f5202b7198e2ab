// A d500 run in MLflow's terms (mlflow.h): its params, tags and metrics.
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "d500/build_info.h"
#include "d500/interop/mlflow.h"
#include "d500/store/merge.h"

namespace d500::interop {

namespace {

using nlohmann::json;

constexpr size_t kMaxParamValue = 6000;  // MLflow's MAX_PARAM_VAL_LENGTH
constexpr size_t kMaxTagValue = 5000;    // MAX_TAG_VAL_LENGTH
constexpr size_t kMaxKey = 250;          // MAX_ENTITY_KEY_LENGTH

std::string cut(std::string v, size_t limit) {
  if (v.size() > limit) v.resize(limit);
  // Not in the middle of a UTF-8 sequence: drop continuation bytes and the lead byte they follow.
  if (!v.empty() && (static_cast<unsigned char>(v.back()) & 0x80)) {
    while (!v.empty() && (static_cast<unsigned char>(v.back()) & 0xC0) == 0x80) v.pop_back();
    if (!v.empty()) v.pop_back();
  }
  return v;
}

// The experiment file's settings as params: objects flattened to dotted keys, arrays as JSON.
void flatten(const json& j, const std::string& prefix,
             std::vector<std::pair<std::string, std::string>>& out) {
  if (j.is_object() && !j.empty()) {
    for (const auto& [k, v] : j.items()) flatten(v, prefix.empty() ? k : prefix + "." + k, out);
    return;
  }
  if (prefix.empty()) return;
  const std::string value = j.is_string() ? j.get<std::string>() : j.dump();
  out.emplace_back(mlflow_key(prefix), cut(value, kMaxParamValue));
}

int64_t ms(double unix_s) {
  return static_cast<int64_t>(std::llround(unix_s * 1000));
}

// MLflow takes 32 hex digits, as uuid4().hex; a store older than schema 4 keeps another form.
std::string run_id_of(const store::ResultStore& s, const store::RunInfo& r) {
  auto uuid = store::run_uuid(s.path(), r.id);
  std::string u = uuid ? uuid.value() : "";
  const bool hex32 = u.size() == 32 && u.find_first_not_of("0123456789abcdef") == std::string::npos;
  if (hex32) return u;
  return store::sha256_hex(u.empty() ? s.path() + "#" + std::to_string(r.id) : u).substr(0, 32);
}

std::vector<std::pair<std::string, std::string>> tags_of(const store::ResultStore& s,
                                                         const store::RunInfo& r, const json& spec,
                                                         const std::string& uuid) {
  std::vector<std::pair<std::string, std::string>> t{
      {"mlflow.runName", r.name},
      {"mlflow.source.name", r.spec_path.empty() ? "d500" : r.spec_path},
      {"mlflow.source.type", "LOCAL"}};
  if (const char* user = std::getenv("USER")) t.emplace_back("mlflow.user", user);
  if (spec.is_object() && spec.contains("description") && spec["description"].is_string() &&
      !spec["description"].get<std::string>().empty())
    t.emplace_back("mlflow.note.content", spec["description"].get<std::string>());
  std::string version = "unknown", env_hash;
  if (auto env = s.environment(r.environment_id)) {
    env_hash = env->hash;
    auto j = json::parse(env->json, nullptr, false);
    if (j.is_object() && j.contains("build") && j["build"].is_object())
      version = j["build"].value("d500_version", version);
  }
  t.insert(t.end(), {{"d500.version", version},
                     {"d500.exported_by", "d500 " D500_VERSION_STRING},
                     {"d500.environment_hash", env_hash},
                     {"d500.status", std::string(store::run_status_name(r.status))},
                     {"d500.level", r.level},
                     {"d500.run_id", std::to_string(r.id)},
                     {"d500.uuid", uuid},
                     {"d500.spec_hash", r.spec_hash},
                     {"d500.host", r.host},
                     {"d500.launcher", r.launcher},
                     {"d500.exit_code", std::to_string(r.exit_code)}});
  if (!r.status_reason.empty()) t.emplace_back("d500.status_reason", r.status_reason);
  for (auto& kv : t) kv.second = cut(kv.second, kMaxTagValue);
  return t;
}

// Every series point; one key per (series, rank), and two names that meet in one key apart.
std::vector<MlflowMetric> metrics_of(const store::ResultStore& s, const store::RunInfo& r,
                                     int64_t start_ms) {
  std::map<std::pair<std::string, int>, std::string> key_of;
  std::map<std::string, int> taken;
  std::vector<MlflowMetric> out;
  for (const auto& p : s.series_after(r.id, 0, SIZE_MAX)) {
    auto [it, fresh] = key_of.try_emplace({p.name, p.rank});
    if (fresh) {
      std::string k = mlflow_key(p.name) + (p.rank ? "_rank" + std::to_string(p.rank) : "");
      if (int n = ++taken[k]; n > 1) k += "_" + std::to_string(n);
      it->second = k;
    }
    out.push_back({it->second, p.value, start_ms + ms(p.wall_time), p.step});
  }
  return out;
}

}  // namespace

const char* mlflow_status_name(MlflowStatus s) {
  switch (s) {
    case MlflowStatus::Running:
      return "RUNNING";
    case MlflowStatus::Scheduled:
      return "SCHEDULED";
    case MlflowStatus::Finished:
      return "FINISHED";
    case MlflowStatus::Failed:
      return "FAILED";
    case MlflowStatus::Killed:
      return "KILLED";
  }
  return "RUNNING";
}

MlflowStatus mlflow_status(store::RunStatus s) {
  switch (s) {
    case store::RunStatus::Queued:
      return MlflowStatus::Scheduled;
    case store::RunStatus::Running:
      return MlflowStatus::Running;
    case store::RunStatus::Succeeded:
      return MlflowStatus::Finished;
    case store::RunStatus::Failed:
    case store::RunStatus::Crashed:
      return MlflowStatus::Failed;
    case store::RunStatus::Interrupted:
    case store::RunStatus::Cancelled:
      return MlflowStatus::Killed;
  }
  return MlflowStatus::Running;
}

std::string mlflow_key(const std::string& name) {
  // MLflow's names: letters, digits, "_", "-", ".", " " (and "/", left out here); not "." or "..".
  std::string k;
  for (unsigned char c : name)
    k += std::isalnum(c) || c == '_' || c == '-' || c == '.' || c == ' ' ? static_cast<char>(c)
                                                                         : '_';
  if (k.empty() || k == "." || k == "..") k = "_" + k;
  return cut(k, kMaxKey);
}

MlflowRun mlflow_run(const store::ResultStore& s, const store::RunInfo& r,
                     const std::string& experiment_name) {
  const json spec = json::parse(r.spec_json, nullptr, false);
  MlflowRun m;
  m.run_id = run_id_of(s, r);
  m.run_name = r.name.empty() ? "run " + std::to_string(r.id) : r.name;
  m.experiment_name = experiment_name;
  if (m.experiment_name.empty() && spec.is_object() && spec.contains("name") &&
      spec["name"].is_string())
    m.experiment_name = spec["name"].get<std::string>();
  if (m.experiment_name.empty()) m.experiment_name = "d500 " + r.level;
  m.start_time_ms = ms(r.started_at > 0 ? r.started_at : r.created_at);
  if (r.finished_at > 0) m.end_time_ms = ms(r.finished_at);
  m.status = mlflow_status(r.status);
  if (const char* user = std::getenv("USER")) m.user_id = user;
  if (spec.is_object())
    for (const auto& [k, v] : spec.items())
      if (k != "name" && k != "description") flatten(v, k, m.params);
  if (!spec.is_object() || !spec.contains("seed"))
    m.params.emplace_back("seed", std::to_string(r.seed));
  // MLflow refuses a batch with a key twice: two settings whose keys met after mlflow_key().
  std::set<std::string> seen;
  std::erase_if(m.params, [&](const auto& kv) { return !seen.insert(kv.first).second; });
  m.tags = tags_of(s, r, spec, m.run_id);
  m.metrics = metrics_of(s, r, m.start_time_ms);
  return m;
}

}  // namespace d500::interop
