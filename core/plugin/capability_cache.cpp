#include "d500/plugin/capability_cache.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "d500/build_info.h"

namespace d500::plugin {

using nlohmann::json;

namespace {

std::string stat_key(const std::string& path) {
  struct stat st {};
  if (path.empty() || ::stat(path.c_str(), &st) != 0) return "";
  return std::to_string(st.st_size) + ":" + std::to_string(st.st_mtim.tv_sec) + "." +
         std::to_string(st.st_mtim.tv_nsec) + ":" + std::to_string(st.st_ino);
}

// A reboot may bring a GPU or a driver: what a plugin says about the machine is redone.
std::string boot_id() {
  std::ifstream f("/proc/sys/kernel/random/boot_id");
  std::string id;
  std::getline(f, id);
  return id;
}

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

}  // namespace

json describe_plugin(const PluginManager& pm, const PluginRecord& r) {
  json j{{"name", r.name},
         {"version", r.version},
         {"state", plugin_state_name(r.state)},
         {"error", r.error},
         {"wraps", r.wraps},
         {"abi_version", r.abi_version},
         {"library", r.library_path},
         {"manifest", r.manifest_path}};
  json ops = json::array(), exs = json::array(), opts = json::array();
  for (const auto& impl : pm.operators().all())
    if (impl.plugin == r.name)
      ops.push_back({{"op_type", impl.op_type()},
                     {"domain", impl.domain()},
                     {"variant", impl.variant()},
                     {"device_type", impl.device_type()},
                     {"backward", impl.has_backward()},
                     {"since_opset", impl.since_opset()},
                     {"until_opset", impl.until_opset()}});
  for (const auto& e : pm.executors())
    if (e.plugin == r.name)
      exs.push_back({{"name", e.variant()},
                     {"id", e.id()},
                     {"device_type", e.ex->device_type},
                     {"description", e.ex->description ? e.ex->description : ""}});
  for (const auto& o : pm.optimizers())
    if (o.plugin == r.name)
      opts.push_back({{"name", o.name()},
                      {"variant", o.variant()},
                      {"id", o.id()},
                      {"description", o.opt->description ? o.opt->description : ""}});
  json schemes = json::array();
  for (const auto& sc : pm.schemes())
    if (sc.plugin == r.name)
      schemes.push_back(
          {{"name", sc.scheme->name},
           {"id", r.name + "/" + sc.scheme->name},
           {"description", sc.scheme->description},
           {"replicas_differ", (sc.scheme->flags & D500_SCHEME_REPLICAS_DIFFER) != 0}});
  j["schemes"] = schemes;
  json metrics = json::array();
  const char* better[] = {"neither", "lower", "higher"};
  for (const auto& mi : pm.metrics())
    if (mi.plugin == r.name)
      metrics.push_back({{"name", mi.metric->name},
                         {"id", r.name + "/" + mi.metric->name},
                         {"description", mi.metric->description},
                         {"unit", mi.metric->unit},
                         {"better", better[mi.metric->better]},
                         {"level", mi.metric->level},
                         {"per_step", (mi.metric->flags & D500_METRIC_PER_STEP) != 0},
                         {"per_epoch", (mi.metric->flags & D500_METRIC_PER_EPOCH) != 0}});
  j["metrics"] = metrics;
  json samplers = json::array();
  for (const auto& si : pm.samplers())
    if (si.plugin == r.name)
      samplers.push_back({{"name", si.sampler->name},
                          {"id", r.name + "/" + si.sampler->name},
                          {"description", si.sampler->description}});
  j["samplers"] = samplers;
  json datasets = json::array();
  for (const auto& di : pm.datasets())
    if (di.plugin == r.name)
      datasets.push_back({{"name", di.dataset->name},
                          {"id", r.name + "/" + di.dataset->name},
                          {"description", di.dataset->description}});
  j["datasets"] = datasets;
  j["operators"] = ops;
  j["executors"] = exs;
  j["optimizers"] = opts;
  return j;
}

// What describe_plugin writes; raised when it writes more, so older entries are not trusted.
constexpr const char* kDescriptionVersion = "datasets-1";

std::string capability_key(const PluginRecord& r) {
  const std::string lib = stat_key(r.library_path), manifest = stat_key(r.manifest_path);
  if (lib.empty() || manifest.empty()) return "";
  return lib + "|" + manifest + "|" + D500_VERSION_STRING + "|" + std::to_string(D500_ABI_VERSION) +
         "|" + boot_id() + "|" + (r.shipped ? "shipped" : "") + "|" + kDescriptionVersion;
}

std::string CapabilityCache::default_file() {
  std::filesystem::path dir;
  if (const std::string d = env("D500_CACHE_DIR"); !d.empty())
    dir = d;
  else if (const std::string x = env("XDG_CACHE_HOME"); !x.empty())
    dir = std::filesystem::path(x) / "d500";
  else if (const std::string h = env("HOME"); !h.empty())
    dir = std::filesystem::path(h) / ".cache" / "d500";
  else
    return "";
  return (dir / "plugins.json").string();
}

CapabilityCache::CapabilityCache(std::string file)
    : file_(file.empty() ? default_file() : std::move(file)) {
  if (file_.empty()) return;
  std::ifstream in(file_);
  if (!in) return;
  std::stringstream text;
  text << in.rdbuf();
  json j = json::parse(text.str(), nullptr, false);
  if (j.is_object() && j.value("d500_plugin_cache", 0) == 1 && j.contains("plugins") &&
      j["plugins"].is_object())
    entries_ = std::move(j["plugins"]);
}

std::optional<json> CapabilityCache::find(const PluginRecord& r) const {
  const std::string key = capability_key(r);
  if (key.empty()) return std::nullopt;
  auto it = entries_.find(r.library_path);
  if (it == entries_.end() || !it->is_object() || it->value("key", "") != key ||
      !it->contains("description") || !(*it)["description"].is_object())
    return std::nullopt;
  json d = (*it)["description"];
  if (d.value("name", "") != r.name || d.value("state", "") != "loaded") return std::nullopt;
  return d;
}

void CapabilityCache::put(const PluginRecord& r, const json& description) {
  const std::string key = capability_key(r);
  if (key.empty() || description.value("state", "") != "loaded") {
    entries_.erase(r.library_path);
    return;
  }
  entries_[r.library_path] = {{"key", key}, {"description", description}};
}

bool CapabilityCache::save(std::string* error) const {
  if (file_.empty()) {
    if (error) *error = "no cache folder (neither D500_CACHE_DIR, XDG_CACHE_HOME nor HOME is set)";
    return false;
  }
  std::error_code ec;
  const std::filesystem::path path(file_);
  std::filesystem::create_directories(path.parent_path(), ec);
  const std::string tmp = file_ + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << json{{"d500_plugin_cache", 1}, {"plugins", entries_}}.dump(1) << "\n";
    if (!out.flush()) {
      if (error) *error = "cannot write " + tmp;
      std::filesystem::remove(tmp, ec);
      return false;
    }
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    if (error) *error = "cannot replace " + file_ + ": " + ec.message();
    std::filesystem::remove(tmp, ec);
    return false;
  }
  return true;
}

}  // namespace d500::plugin
