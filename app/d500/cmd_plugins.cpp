// `d500 plugins`: every plugin found. What an unchanged plugin offers comes from the capability
// cache (d500/plugin/capability_cache.h) without loading it; any other is probed in a child
// process first (so one that crashes while loading is listed with its signal rather than taking
// this command down), then loaded here to list what it offers, and cached. --probe loads all.
#include <iostream>

#include "commands.h"
#include "d500/distributed/scheme_registry.h"
#include "d500/plugin/capability_cache.h"
#include "d500/plugin/operator_registry.h"
#include "d500/training/dataset_registry.h"
#include "d500/training/metrics.h"
#include "d500/training/sampler_registry.h"

namespace d500::cli {

namespace {

using nlohmann::json;

// One description per discovered plugin, in discovery order.
std::vector<json> describe_all(plugin::PluginManager& pm, bool probe) {
  plugin::CapabilityCache cache;
  std::vector<json> out(pm.plugins().size());
  std::vector<plugin::PluginRecord> probed(pm.plugins().size());
  std::vector<std::string> good;
  for (size_t i = 0; i < pm.plugins().size(); ++i) {
    const plugin::PluginRecord& rec = pm.plugins()[i];
    if (rec.state != plugin::PluginState::Broken && !probe)
      if (auto cached = cache.find(rec)) {
        out[i] = std::move(*cached);
        out[i]["cached"] = true;
        continue;
      }
    probed[i] = rec.state == plugin::PluginState::Broken ? rec : plugin::probe_isolated(rec);
    if (probed[i].state == plugin::PluginState::Loaded) good.push_back(probed[i].name);
  }
  // The probes passed: load the good ones here too, to list what they offer (and what they say
  // about themselves at run time).
  pm.load(good);
  for (size_t i = 0; i < out.size(); ++i) {
    if (!out[i].is_null()) continue;
    plugin::PluginRecord r = probed[i];
    if (const auto* live = pm.find(r.name); live && live->state == plugin::PluginState::Loaded)
      r.wraps = live->wraps;
    out[i] = plugin::describe_plugin(pm, r);
    cache.put(pm.plugins()[i], out[i]);
    out[i]["cached"] = false;
  }
  std::string error;
  if (!good.empty() && !cache.save(&error))
    std::cerr << "d500: plugin capabilities not cached: " << error << "\n";
  return out;
}

std::string device_name(int type) {
  return type == kDLCPU ? "cpu" : type == kDLCUDA ? "cuda" : std::to_string(type);
}

void print_plugins(const std::vector<json>& all) {
  std::vector<std::vector<std::string>> rows{
      {"NAME", "VERSION", "ABI", "STATE", "OPERATORS", "WRAPS / ERROR"}};
  for (const auto& d : all) {
    const uint32_t abi_version = d.value("abi_version", 0u);
    const std::string abi =
        abi_version ? std::to_string(abi_version >> 16) + "." + std::to_string(abi_version & 0xffff)
                    : "-";
    const bool ok = d.value("state", "") == "loaded";
    const std::string name = d.value("name", ""), version = d.value("version", "");
    const std::string wraps = d.value("wraps", ""), lib = d.value("library", "");
    rows.push_back(
        {name.empty() ? "?" : name, version.empty() ? "-" : version, abi, d.value("state", ""),
         ok ? std::to_string(d["operators"].size()) : "-",
         ok ? (wraps.empty() ? "-" : wraps)
            : d.value("error", "") + " [" + (lib.empty() ? d.value("manifest", "") : lib) + "]"});
  }
  print_table(rows);
}

void print_components(const std::vector<json>& all) {
  std::vector<std::vector<std::string>> ops{
      {"OPERATOR", "DOMAIN", "IMPLEMENTATION", "DEVICE", "BACKWARD", "OPSETS"}};
  std::vector<std::vector<std::string>> comps{{"COMPONENT", "ID", "DEVICE", "DESCRIPTION"}};
  for (const auto& d : all) {
    const std::string plugin = d.value("name", "");
    for (const auto& o : d.value("operators", json::array())) {
      const std::string domain = o.value("domain", "");
      ops.push_back(
          {o.value("op_type", ""), domain.empty() ? "ai.onnx" : domain,
           plugin + "/" + o.value("variant", ""), device_name(o.value("device_type", 1)),
           o.value("backward", false) ? "yes" : "no",
           plugin::opset_range_text(o.value("since_opset", 0), o.value("until_opset", 0))});
    }
    for (const auto& e : d.value("executors", json::array()))
      comps.push_back({"executor", e.value("id", ""), device_name(e.value("device_type", 1)),
                       e.value("description", "")});
    for (const auto& o : d.value("optimizers", json::array()))
      comps.push_back({"optimizer", o.value("id", ""), "cpu", o.value("description", "")});
  }
  std::cout << "\n";
  print_table(ops);
  if (comps.size() > 1) {
    std::cout << "\n";
    print_table(comps);
  }
}

// A component kind's built-in entries (`builtins`) and those the plugins offer under `key`, each
// with its registered name ("plugin/name") and origin.
json kind_json(json builtins, const std::vector<json>& all, const char* key) {
  for (const auto& d : all)
    for (json c : d.value(key, json::array())) {
      c["name"] = d.value("name", "") + "/" + c.value("name", "");
      c["origin"] = "plugin " + d.value("name", "");
      c["summary"] = c.value("description", "");
      c.erase("description");
      c.erase("id");
      builtins.push_back(std::move(c));
    }
  return builtins;
}

// A registry's built-in components (name, origin, summary) and the plugins' offers under `key`.
template <class Registry>
json registered_json(const Registry& registry, const std::vector<json>& all, const char* key) {
  json out = json::array();
  for (const auto* c : registry.all())
    if (c->origin == "built-in")
      out.push_back({{"name", c->name}, {"origin", c->origin}, {"summary", c->summary}});
  return kind_json(std::move(out), all, key);
}

json schemes_json(const std::vector<json>& all) {
  return registered_json(distributed::schemes(), all, "schemes");
}

json metrics_json(const std::vector<json>& all) {
  json out = json::array();
  for (const auto* m : training::metrics().all())
    if (m->origin == "built-in") out.push_back(training::metric_kinds_json({m}).front());
  for (auto& m : out) {
    m["summary"] = m["title"];
    m.erase("title");
  }
  return kind_json(std::move(out), all, "metrics");
}

json samplers_json(const std::vector<json>& all) {
  return registered_json(training::samplers(), all, "samplers");
}

json datasets_json(const std::vector<json>& all) {
  return registered_json(training::datasets(), all, "datasets");
}

// A kind's components as a table: name, where it comes from, what it does.
void print_kind(const char* header, const json& components) {
  std::vector<std::vector<std::string>> rows{{header, "FROM", "DESCRIPTION"}};
  for (const auto& s : components)
    rows.push_back({s.value("name", ""), s.value("origin", ""), s.value("summary", "")});
  std::cout << "\n";
  print_table(rows);
}

void print_metrics(const json& metrics) {
  std::vector<std::vector<std::string>> rows{
      {"METRIC", "FROM", "UNIT", "BETTER", "WHEN", "DESCRIPTION"}};
  for (const auto& m : metrics) {
    const bool step = m.value("per_step", false), epoch = m.value("per_epoch", false);
    rows.push_back({m.value("name", ""), m.value("origin", ""), m.value("unit", ""),
                    m.value("better", ""),
                    step && epoch ? "step, epoch"
                    : step        ? "step"
                                  : "epoch",
                    m.value("summary", "")});
  }
  std::cout << "\n";
  print_table(rows);
}

}  // namespace

int cmd_plugins(const GlobalOptions& g, bool list_operators, bool probe) {
  auto pm = make_plugin_manager(g);
  const std::vector<json> all = describe_all(*pm, probe);
  if (g.json) {
    std::cout << json{{"search_path", pm->search_path()}, {"plugins", all},
                      {"schemes", schemes_json(all)},     {"metrics", metrics_json(all)},
                      {"samplers", samplers_json(all)},   {"datasets", datasets_json(all)}}
                     .dump(2)
              << "\n";
    return kOk;
  }
  print_plugins(all);
  if (list_operators) print_components(all);
  print_kind("DISTRIBUTED SCHEME", schemes_json(all));
  print_kind("DATASET", datasets_json(all));
  print_kind("SAMPLER", samplers_json(all));
  print_metrics(metrics_json(all));
  std::cout << "\nsearch path: ";
  for (size_t i = 0; i < pm->search_path().size(); ++i)
    std::cout << (i ? ":" : "") << pm->search_path()[i];
  std::cout << "\n";
  return kOk;
}

}  // namespace d500::cli
