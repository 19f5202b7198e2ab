// `d500 plugins`: every plugin found, each probed in a child process so that one that crashes
// while loading is listed with its signal rather than taking this command down.
#include <iostream>

#include "commands.h"

namespace d500::cli {

int cmd_plugins(const GlobalOptions& g, bool list_operators) {
  auto pm = make_plugin_manager(g);
  std::vector<plugin::PluginRecord> records;
  std::vector<std::string> good;
  for (const auto& rec : pm->plugins()) {
    plugin::PluginRecord r = rec.state == plugin::PluginState::Broken ? rec : plugin::probe_isolated(rec);
    if (r.state == plugin::PluginState::Loaded) good.push_back(r.name);
    records.push_back(r);
  }
  // The probes passed: load the good ones here too, to list what they offer (and what they say
  // about themselves at run time).
  pm->load(good);
  for (auto& r : records)
    if (const auto* live = pm->find(r.name); live && live->state == plugin::PluginState::Loaded)
      r.wraps = live->wraps;

  if (g.json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& r : records) {
      nlohmann::json j{{"name", r.name},       {"version", r.version},
                       {"state", plugin::plugin_state_name(r.state)},
                       {"error", r.error},     {"wraps", r.wraps},
                       {"abi_version", r.abi_version}, {"library", r.library_path},
                       {"manifest", r.manifest_path}};
      nlohmann::json ops = nlohmann::json::array();
      for (const auto& impl : pm->operators().all())
        if (impl.plugin == r.name)
          ops.push_back({{"op_type", impl.op_type()}, {"domain", impl.domain()},
                         {"variant", impl.variant()}, {"device_type", impl.device_type()},
                         {"backward", impl.has_backward()}});
      j["operators"] = ops;
      nlohmann::json exs = nlohmann::json::array(), opts = nlohmann::json::array();
      for (const auto& e : pm->executors())
        if (e.plugin == r.name)
          exs.push_back({{"name", e.variant()}, {"id", e.id()}, {"device_type", e.ex->device_type},
                         {"description", e.ex->description ? e.ex->description : ""}});
      for (const auto& o : pm->optimizers())
        if (o.plugin == r.name)
          opts.push_back({{"name", o.name()}, {"variant", o.variant()}, {"id", o.id()},
                          {"description", o.opt->description ? o.opt->description : ""}});
      j["executors"] = exs;
      j["optimizers"] = opts;
      out.push_back(j);
    }
    std::cout << nlohmann::json{{"search_path", pm->search_path()}, {"plugins", out}}.dump(2) << "\n";
    return kOk;
  }

  std::vector<std::vector<std::string>> rows{{"NAME", "VERSION", "ABI", "STATE", "OPERATORS", "WRAPS / ERROR"}};
  for (const auto& r : records) {
    size_t n_ops = 0;
    for (const auto& impl : pm->operators().all()) n_ops += impl.plugin == r.name;
    std::string abi = r.abi_version ? std::to_string(r.abi_version >> 16) + "." +
                                          std::to_string(r.abi_version & 0xffff)
                                    : "-";
    bool ok = r.state == plugin::PluginState::Loaded;
    rows.push_back({r.name.empty() ? "?" : r.name, r.version.empty() ? "-" : r.version, abi,
                    plugin::plugin_state_name(r.state), ok ? std::to_string(n_ops) : "-",
                    ok ? (r.wraps.empty() ? "-" : r.wraps)
                       : r.error + " [" + (r.library_path.empty() ? r.manifest_path : r.library_path) + "]"});
  }
  print_table(rows);
  if (list_operators) {
    std::cout << "\n";
    std::vector<std::vector<std::string>> ops{{"OPERATOR", "DOMAIN", "IMPLEMENTATION", "DEVICE", "BACKWARD"}};
    for (const auto& impl : pm->operators().all())
      ops.push_back({impl.op_type(), impl.domain().empty() ? "ai.onnx" : impl.domain(), impl.id(),
                     impl.device_type() == kDLCPU ? "cpu" : impl.device_type() == kDLCUDA ? "cuda" : std::to_string(impl.device_type()),
                     impl.has_backward() ? "yes" : "no"});
    print_table(ops);
    std::vector<std::vector<std::string>> comps{{"COMPONENT", "ID", "DEVICE", "DESCRIPTION"}};
    for (const auto& e : pm->executors())
      comps.push_back({"executor", e.id(), e.ex->device_type == kDLCUDA ? "cuda" : "cpu",
                       e.ex->description ? e.ex->description : ""});
    for (const auto& o : pm->optimizers())
      comps.push_back({"optimizer", o.id(), "cpu", o.opt->description ? o.opt->description : ""});
    if (comps.size() > 1) {
      std::cout << "\n";
      print_table(comps);
    }
  }
  std::cout << "\nsearch path: ";
  for (size_t i = 0; i < pm->search_path().size(); ++i)
    std::cout << (i ? ":" : "") << pm->search_path()[i];
  std::cout << "\n";
  return kOk;
}

}  // namespace d500::cli
