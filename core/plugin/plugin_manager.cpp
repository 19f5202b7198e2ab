#include "d500/plugin/plugin_manager.h"

#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>

#include "d500/build_info.h"
#include "d500/error.h"
#include "d500/json_input.h"
#include "d500/plugin/child_call.h"
#include "kind_tables.h"

namespace d500::plugin {

namespace fs = std::filesystem;

const char* plugin_state_name(PluginState s) {
  switch (s) {
    case PluginState::Invalid:
      return "invalid";
    case PluginState::Discovered:
      return "discovered";
    case PluginState::Loaded:
      return "loaded";
    case PluginState::Broken:
      return "broken";
  }
  return "invalid";
}

namespace {

constexpr std::string_view kManifestSuffix = ".d500plugin.json";
// A probe child that neither finishes nor crashes within this time is killed and reported.
constexpr auto kProbeTimeout = std::chrono::seconds(30);

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// "libfoo.so" and versioned "libfoo.so.1.2" both count as shared libraries.
bool is_shared_library(const std::string& filename) {
  return ends_with(filename, ".so") || filename.find(".so.") != std::string::npos;
}

bool valid_plugin_name(const std::string& name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

std::string abi_mismatch(uint32_t plugin_major) {
  std::string s = "built for ABI " + std::to_string(plugin_major) + ".x, this host supports " +
                  std::to_string(D500_ABI_MAJOR) + ".x";
  return s;
}

// Reads one manifest into rec. Returns what is wrong with it, or "" when it is well-formed.
// rec.name is set as soon as it is known, so a broken record still carries a useful name.
std::string read_manifest(const fs::path& path, PluginRecord& rec) {
  auto read = read_json_file(path.string());
  if (!read) return read.error().message;
  const nlohmann::json& j = *read;
  if (!j.is_object()) return "expected a JSON object";
  auto string_field = [&](const char* key, std::string& out, bool required) -> std::string {
    auto it = j.find(key);
    if (it == j.end()) return required ? std::string("missing \"") + key + "\"" : "";
    if (!it->is_string()) return std::string("\"") + key + "\" must be a string";
    out = it->get<std::string>();
    return "";
  };
  auto format = j.find("d500_plugin");
  if (format == j.end() || !format->is_number_integer())
    return "missing \"d500_plugin\" (the manifest format version, an integer)";
  if (format->get<int64_t>() != 1)
    return "manifest format " + std::to_string(format->get<int64_t>()) +
           " is not one this host reads (1)";
  std::string name, library;
  if (auto e = string_field("name", name, true); !e.empty()) return e;
  if (!valid_plugin_name(name)) return "\"name\" must match [a-z0-9_-]+, got \"" + name + "\"";
  rec.name = name;
  if (auto e = string_field("library", library, true); !e.empty()) return e;
  if (library.empty()) return "\"library\" is empty";
  for (auto [key, out] :
       {std::pair{"version", &rec.version}, std::pair{"description", &rec.description},
        std::pair{"wraps", &rec.wraps}})
    if (auto e = string_field(key, *out, false); !e.empty()) return e;
  auto abi = j.find("abi_major");
  if (abi == j.end() || !abi->is_number_integer()) return "missing integer \"abi_major\"";
  // Range-checked before narrowing: -4294967295 must not read as 1.
  if (abi->get<int64_t>() < 0 || abi->get<int64_t>() > 1000000)
    return "\"abi_major\" " + abi->dump() + " is not an ABI version";
  rec.abi_major = static_cast<int>(abi->get<int64_t>());
  // The library is named relative to the manifest's folder (an absolute path is kept).
  rec.library_path = (path.parent_path() / library).lexically_normal().string();
  return "";
}

struct Opened {
  void* handle = nullptr;
  const d500_plugin_info* info = nullptr;
};

// The loading steps shared by PluginManager and probe_isolated. On failure rec becomes Broken
// with the reason and {} is returned; on success rec is Loaded and the caller owns the handle.
// ABI 1.2 members, read only when the plugin's struct covers them.
size_t executor_count(const d500_plugin_info& info) {
  return info.struct_size >= offsetof(d500_plugin_info, executors) + sizeof(void*)
             ? info.n_executors
             : 0;
}
size_t optimizer_count(const d500_plugin_info& info) {
  return info.struct_size >= offsetof(d500_plugin_info, optimizers) + sizeof(void*)
             ? info.n_optimizers
             : 0;
}

// What a loaded plugin's executor and optimizer tables must hold before the host calls them.
std::optional<std::string> check_components(const d500_plugin_info& info) {
  const size_t n_ex = executor_count(info), n_opt = optimizer_count(info);
  if (n_ex && !info.executors)
    return "n_executors is " + std::to_string(n_ex) + " but executors is NULL";
  if (n_opt && !info.optimizers)
    return "n_optimizers is " + std::to_string(n_opt) + " but optimizers is NULL";
  constexpr size_t kExMin = offsetof(d500_executor, memory) + sizeof(void*);
  for (size_t i = 0; i < n_ex; ++i) {
    const d500_executor* e = info.executors[i];
    const std::string which = "executor #" + std::to_string(i);
    if (!e || e->struct_size < kExMin)
      return which + (e ? " struct_size is smaller than ABI 1.2 requires" : " is NULL");
    if (!e->create || !e->destroy || !e->set_input || !e->forward || !e->forward_backward ||
        !e->view || !e->set_parameter || !e->set_node_callback)
      return which + " lacks one of its required functions";
  }
  constexpr size_t kOptMin = offsetof(d500_optimizer, step) + sizeof(void*);
  for (size_t i = 0; i < n_opt; ++i) {
    const d500_optimizer* o = info.optimizers[i];
    const std::string which = "optimizer #" + std::to_string(i);
    if (!o || o->struct_size < kOptMin)
      return which + (o ? " struct_size is smaller than ABI 1.2 requires" : " is NULL");
    if (!o->name || !*o->name || !o->create || !o->destroy || !o->step)
      return which + " lacks a name or one of create, destroy, step";
  }
  if (auto e = check_schemes(info)) return e;
  if (auto e = check_metrics(info)) return e;
  if (auto e = check_samplers(info)) return e;
  return check_datasets(info);
}

// What a loaded plugin's operator table must hold before the host calls it.
std::optional<std::string> check_operators(const d500_plugin_info& info) {
  if (info.n_operators && !info.operators)
    return "n_operators is " + std::to_string(info.n_operators) + " but operators is NULL";
  constexpr size_t kOpMin = offsetof(d500_operator, cost) + sizeof(void*);
  for (size_t i = 0; i < info.n_operators; ++i) {
    const d500_operator* op = info.operators[i];
    const std::string which = "operator #" + std::to_string(i);
    if (!op) return which + " is NULL";
    if (op->struct_size < kOpMin)
      return which + " struct_size " + std::to_string(op->struct_size) + " is smaller than the " +
             std::to_string(kOpMin) + " bytes ABI 1.0 requires";
    if (!op->op_type || !*op->op_type) return which + " has no op_type";
    // From ABI 1.3 an operator may have forward_owned instead of forward.
    const bool owned = D500_ABI_MINOR_OF(info.abi_version) >= 3 &&
                       op->struct_size >= offsetof(d500_operator, forward_owned) + sizeof(void*) &&
                       op->forward_owned;
    if (!op->create || !op->destroy || !op->output_info || !(op->forward || owned))
      return which + " (" + op->op_type +
             ") lacks one of create, destroy, output_info, forward (or, from ABI 1.3, "
             "forward_owned)";
  }
  return std::nullopt;
}

// Why the info the entry point returned cannot be used: its ABI, its size, its name, its tables.
std::optional<std::string> check_info(const d500_plugin_info& info, const PluginRecord& rec) {
  // abi_version and struct_size are the two members every ABI version has.
  const uint32_t major = D500_ABI_MAJOR_OF(info.abi_version);
  if (major > D500_ABI_MAJOR) return abi_mismatch(major);
  if (major < D500_ABI_MAJOR)
    return "built for ABI " + std::to_string(major) + ".x, older than this host's " +
           std::to_string(D500_ABI_MAJOR) + ".x";
  constexpr size_t kInfoMin = offsetof(d500_plugin_info, operators) + sizeof(void*);
  if (info.struct_size < kInfoMin)
    return "d500_plugin_info struct_size " + std::to_string(info.struct_size) +
           " is smaller than the " + std::to_string(kInfoMin) + " bytes ABI 1.0 requires";
  if (!info.name || rec.name != info.name)
    return "plugin reports name \"" + std::string(info.name ? info.name : "") +
           "\" but its manifest says \"" + rec.name + "\"";
  if (auto why = check_operators(info)) return why;
  return check_components(info);
}

// The plugin's init, if it has one: why it failed, or nothing.
std::optional<std::string> run_init(const d500_plugin_info& info) {
  if (!info.init) return std::nullopt;
  d500_error err{};
  int32_t status = D500_OK;
  try {
    status = info.init(&err);
  } catch (const std::exception& e) {
    return std::string("init threw: ") + e.what();
  } catch (...) {
    return "init threw an unknown exception";
  }
  if (status == D500_OK) return std::nullopt;
  err.message[sizeof err.message - 1] = '\0';
  return err.message[0] ? "init failed: " + std::string(err.message)
                        : "init failed with status " + std::to_string(status);
}

// The entry point's info, or why there is none.
const d500_plugin_info* call_entry(void* handle, std::string* why) {
  void* symbol = dlsym(handle, D500_PLUGIN_ENTRY_SYMBOL);
  if (!symbol) {
    *why = "no entry point " D500_PLUGIN_ENTRY_SYMBOL;
    return nullptr;
  }
  auto entry = reinterpret_cast<d500_plugin_entry_fn>(symbol);
  const d500_plugin_info* info = nullptr;
  try {
    info = entry(D500_ABI_VERSION);
  } catch (const std::exception& e) {
    *why = std::string(D500_PLUGIN_ENTRY_SYMBOL " threw: ") + e.what();
    return nullptr;
  } catch (...) {
    *why = D500_PLUGIN_ENTRY_SYMBOL " threw an unknown exception";
    return nullptr;
  }
  if (!info)
    *why = D500_PLUGIN_ENTRY_SYMBOL " returned NULL (the plugin cannot serve ABI " +
           std::to_string(D500_ABI_MAJOR) + "." + std::to_string(D500_ABI_MINOR) + ")";
  return info;
}

void record_loaded(PluginRecord& rec, const d500_plugin_info& info) {
  rec.state = PluginState::Loaded;
  rec.n_operators = info.n_operators;
  rec.n_executors = executor_count(info);
  rec.n_optimizers = optimizer_count(info);
  rec.n_schemes = scheme_count(info);
  rec.n_metrics = metric_count(info);
  rec.n_samplers = sampler_count(info);
  rec.n_datasets = dataset_count(info);
  // What the plugin says at run time (threads, BLAS, the library's real version) beats the
  // manifest's build-time text; read after init, which may be what fills it in.
  if (info.wraps && *info.wraps) rec.wraps = info.wraps;
}

Opened open_plugin(PluginRecord& rec) {
  auto fail = [&rec](std::string why) {
    rec.state = PluginState::Broken;
    rec.error = std::move(why);
    return Opened{};
  };
  if (rec.state != PluginState::Discovered) return {};
  dlerror();  // clear a stale message
  // RTLD_LOCAL: two plugins may carry equally named symbols (each its own SDK copy).
  void* handle = dlopen(rec.library_path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* e = dlerror();
    return fail(e ? e : "dlopen failed");
  }
  // Until init runs, none of the plugin's code has been handed anything: unload on failure.
  std::string why;
  const d500_plugin_info* info = call_entry(handle, &why);
  if (info) rec.abi_version = info->abi_version;
  if (info)
    if (auto bad = check_info(*info, rec)) why = *bad;
  if (!why.empty()) {
    dlclose(handle);
    return fail(why);
  }
  // After init the plugin may have started threads or registered callbacks we cannot see, so a
  // plugin that fails here stays mapped (a small leak) rather than risk running unmapped code.
  if (auto bad = run_init(*info)) return fail(*bad);
  record_loaded(rec, *info);
  return {handle, info};
}

// How a folder is compared with the shipped ones: absolute and canonical (symlinks resolved).
std::string folder_key(const std::string& folder) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(folder, ec), ec);
  return (ec ? fs::path(folder).lexically_normal() : p).string();
}

PluginRecord broken(std::string name, std::string manifest, std::string library,
                    std::string error) {
  PluginRecord r;
  r.name = std::move(name);
  r.manifest_path = std::move(manifest);
  r.library_path = std::move(library);
  r.state = PluginState::Broken;
  r.error = std::move(error);
  return r;
}

}  // namespace

PluginManager::PluginManager(std::vector<std::string> search_path,
                             std::optional<std::vector<std::string>> shipped)
    : search_path_(std::move(search_path)) {
  for (const auto& f : shipped.value_or(search_path_)) shipped_.insert(folder_key(f));
}

PluginManager::~PluginManager() {
  // Reverse order of loading; a throwing shutdown must not take the host down with it.
  for (size_t i = infos_.size(); i-- > 0;) {
    if (!infos_[i]->shutdown) continue;
    try {
      infos_[i]->shutdown();
    } catch (...) {
    }
  }
  for (size_t i = handles_.size(); i-- > 0;) dlclose(handles_[i]);
}

std::vector<std::string> PluginManager::shipped_folders(const std::string& exe_dir) {
  std::vector<std::string> folders;
  if (!exe_dir.empty())
    folders.push_back((fs::path(exe_dir) / ".." / D500_PLUGIN_REL_DIR).lexically_normal().string());
  folders.push_back(D500_INSTALL_PLUGIN_DIR);
  return folders;
}

std::vector<std::string> PluginManager::default_search_path(const std::string& exe_dir) {
  std::vector<std::string> path;
  if (const char* env = std::getenv("D500_PLUGIN_PATH")) {
    std::stringstream ss(env);
    for (std::string dir; std::getline(ss, dir, ':');)
      if (!dir.empty()) path.push_back(dir);
  }
  for (auto& f : shipped_folders(exe_dir)) path.push_back(std::move(f));
  // The build tree and the install prefix may coincide; list each folder once.
  std::vector<std::string> unique;
  std::set<std::string> seen;
  for (auto& p : path) {
    std::error_code ec;
    const fs::path c = fs::weakly_canonical(fs::absolute(p, ec), ec);
    if (seen.insert(ec ? p : c.string()).second) unique.push_back(p);
  }
  return unique;
}

void PluginManager::discover() {
  // Records are what loaded plugins are found by; rescanning under them would invalidate that.
  if (discovered_) return;
  discovered_ = true;
  std::map<std::string, std::string> winner_manifest;  // plugin name -> first manifest seen
  std::set<std::string> scanned;  // one folder named twice (relative and absolute) is read once
  for (const auto& folder_name : search_path_) {
    std::error_code ec;
    const fs::path folder = fs::absolute(folder_name, ec).lexically_normal();
    if (ec || !fs::is_directory(folder, ec)) continue;  // a missing folder is not an error
    if (!scanned.insert(fs::weakly_canonical(folder, ec).string()).second) continue;

    std::vector<fs::path> files;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
      if (it->is_regular_file(ec)) files.push_back(it->path());
    std::sort(files.begin(), files.end());  // the same order on every machine

    std::set<std::string> named_libraries;
    for (const auto& file : files) {
      const std::string filename = file.filename().string();
      if (!ends_with(filename, kManifestSuffix)) continue;
      PluginRecord rec;
      rec.manifest_path = file.string();
      rec.shipped = shipped_.count(folder_key(folder.string())) > 0;
      std::string problem = read_manifest(file, rec);
      if (!rec.library_path.empty()) {
        // By path and by target: a manifest may name a symlink to a versioned library.
        named_libraries.insert(rec.library_path);
        named_libraries.insert(fs::weakly_canonical(rec.library_path, ec).string());
      }
      if (rec.name.empty()) rec.name = filename.substr(0, filename.size() - kManifestSuffix.size());
      if (problem.empty() && !fs::exists(rec.library_path, ec))
        problem = "library " + rec.library_path + " does not exist";
      if (!problem.empty()) {
        rec.state = PluginState::Broken;
        rec.error = "manifest " + rec.manifest_path + ": " + problem;
      } else if (auto w = winner_manifest.find(rec.name); w != winner_manifest.end()) {
        rec.state = PluginState::Broken;
        rec.error = "shadowed by " + w->second;
      } else {
        winner_manifest.emplace(rec.name, rec.manifest_path);
        // The manifest already says which ABI it needs: refuse before running any of its code.
        rec.state = rec.abi_major > static_cast<int>(D500_ABI_MAJOR) ? PluginState::Broken
                                                                     : PluginState::Discovered;
        if (rec.state == PluginState::Broken) rec.error = abi_mismatch(rec.abi_major);
      }
      records_.push_back(std::move(rec));
    }
    // A library in a plugin folder that no manifest names is most likely a plugin whose
    // manifest was not installed; say so instead of ignoring it silently.
    for (const auto& file : files) {
      const std::string filename = file.filename().string();
      if (is_shared_library(filename) && !named_libraries.count(file.string()) &&
          !named_libraries.count(fs::weakly_canonical(file, ec).string()))
        records_.push_back(broken(filename, "", file.string(), "no manifest"));
    }
  }
}

void PluginManager::load_all() {
  discover();
  for (auto& rec : records_)
    if (rec.state == PluginState::Discovered) load_one(rec);
}

void PluginManager::load(const std::vector<std::string>& names) {
  discover();
  for (const auto& name : names) {
    auto it = std::find_if(records_.begin(), records_.end(),
                           [&](const PluginRecord& r) { return r.name == name; });
    if (it == records_.end()) {
      std::string folders;
      for (const auto& f : search_path_) folders += (folders.empty() ? "" : ":") + f;
      throw D500Error("no plugin named \"" + name + "\" in " + folders, "plugins");
    }
    if (it->state == PluginState::Discovered) load_one(*it);
  }
}

const PluginRecord* PluginManager::find(const std::string& name) const {
  for (const auto& r : records_)
    if (r.name == name) return &r;
  return nullptr;
}

void PluginManager::load_one(PluginRecord& rec) {
  // A plugin d500 did not ship is loaded in a child first: one that crashes, exits or hangs
  // while loading is then listed broken instead of ending the caller.
  if (!rec.shipped) {
    PluginRecord probed = probe_isolated(rec);
    if (probed.state != PluginState::Loaded) {
      rec.state = PluginState::Broken;
      rec.error = probed.error;
      return;
    }
  }
  Opened opened = open_plugin(rec);
  if (!opened.handle) return;
  handles_.push_back(opened.handle);
  infos_.push_back(opened.info);
  for (size_t i = 0; i < opened.info->n_operators; ++i)
    operators_.add(OperatorImpl{rec.name, opened.info->operators[i], opened.info->abi_version});
  for (size_t i = 0; i < executor_count(*opened.info); ++i)
    executors_.push_back(
        ExecutorImpl{rec.name, opened.info->executors[i], opened.info->abi_version});
  for (size_t i = 0; i < optimizer_count(*opened.info); ++i)
    optimizers_.push_back(
        OptimizerImpl{rec.name, opened.info->optimizers[i], opened.info->abi_version});
  for (size_t i = 0; i < scheme_count(*opened.info); ++i)
    schemes_.push_back(SchemeImpl{rec.name, opened.info->schemes[i], opened.info->abi_version});
  for (size_t i = 0; i < metric_count(*opened.info); ++i)
    metrics_.push_back(MetricImpl{rec.name, opened.info->metrics[i], opened.info->abi_version});
  for (size_t i = 0; i < sampler_count(*opened.info); ++i)
    samplers_.push_back(SamplerImpl{rec.name, opened.info->samplers[i], opened.info->abi_version});
  for (size_t i = 0; i < dataset_count(*opened.info); ++i)
    datasets_.push_back(DatasetImpl{rec.name, opened.info->datasets[i], opened.info->abi_version});
}

namespace {

// What the probe child sends back. Line protocol: state, abi_version, n_operators, n_executors,
// n_optimizers, n_schemes, n_metrics, n_samplers, n_datasets, then the error text to the end.
std::string probe_reply(PluginRecord rec) {
  open_plugin(rec);
  std::ostringstream os;
  os << static_cast<int>(rec.state) << '\n'
     << rec.abi_version << '\n'
     << rec.n_operators << '\n'
     << rec.n_executors << '\n'
     << rec.n_optimizers << '\n'
     << rec.n_schemes << '\n'
     << rec.n_metrics << '\n'
     << rec.n_samplers << '\n'
     << rec.n_datasets << '\n'
     << rec.error;
  return os.str();
}

// The child's failure in the loader's words: "crashed while loading (SIGSEGV)", ...
std::string load_failure(const ChildOutcome& c) {
  if (c.timed_out)
    return "did not finish loading within " + std::to_string(kProbeTimeout.count()) + " s (killed)";
  if (c.signal) return "crashed while loading (" + signal_name(c.signal) + ")";
  if (c.exit_status >= 0)
    return "exited with status " + std::to_string(c.exit_status) +
           " while loading, before reporting a result";
  return c.failure;
}

}  // namespace

PluginRecord probe_isolated(const PluginRecord& discovered) {
  PluginRecord rec = discovered;
  if (rec.state != PluginState::Discovered) return rec;
  ChildOptions o;
  o.deadline = kProbeTimeout;
  ChildOutcome c = call_in_child([&rec] { return probe_reply(rec); }, o);
  if (!c.reported) {
    rec.state = PluginState::Broken;
    rec.error = load_failure(c);
    return rec;
  }
  std::istringstream is(c.reply);
  int state = 0;
  if (!(is >> state >> rec.abi_version >> rec.n_operators >> rec.n_executors >> rec.n_optimizers >>
        rec.n_schemes >> rec.n_metrics >> rec.n_samplers >> rec.n_datasets) ||
      is.get() != '\n') {
    rec.state = PluginState::Broken;
    rec.error = "the probe child's reply is malformed";
    return rec;
  }
  rec.state = static_cast<PluginState>(state);
  rec.error.assign(std::istreambuf_iterator<char>(is), std::istreambuf_iterator<char>());
  return rec;
}

}  // namespace d500::plugin
