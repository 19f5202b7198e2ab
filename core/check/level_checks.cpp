#include "level_checks.h"

#include "d500/distributed/communicator.h"
#include "d500/distributed/distributed_spec.h"
#include "d500/distributed/plugin_schemes.h"
#include "d500/network/network_isolation.h"
#include "d500/network/network_spec.h"
#include "d500/operators/operator_benchmark.h"
#include "d500/training/metric_event.h"
#include "d500/training/training_setup.h"

namespace d500::check {

namespace {

using nlohmann::json;

const json& section(const spec::Experiment& e, const char* key) {
  static const json kEmpty = json::object();
  auto it = e.sections.find(key);
  return it == e.sections.end() ? kEmpty : *it;
}

// A section parser's Result as problems (none when it parsed).
template <class T>
spec::Problems problems_of(const Result<T>& r, const std::string& source) {
  return r ? spec::Problems{} : spec::problems_from_error(r.error(), source);
}

Result<training::TrainingSpec> training_of(const LevelInput& in) {
  return training::parse_training(section(in.e, "training"), in.source, in.base_dir);
}

}  // namespace

spec::Problems require_plugins(plugin::PluginManager& pm, const NamedPlugins& names) {
  spec::Problems out;
  std::vector<std::string> known;
  for (const auto& [name, at] : names) {
    if (pm.find(name)) {
      known.push_back(name);
      continue;
    }
    std::string found;
    for (const auto& r : pm.plugins())
      if (r.state != plugin::PluginState::Broken) found += (found.empty() ? "" : ", ") + r.name;
    out.push_back({at, "unknown plugin \"" + name +
                           "\" (plugins found: " + (found.empty() ? "none" : found) +
                           "; search path: see `d500 plugins`)"});
  }
  pm.load(known);
  for (const auto& [name, at] : names) {
    const auto* rec = pm.find(name);
    if (rec && rec->state != plugin::PluginState::Loaded)
      out.push_back({at, "plugin \"" + name + "\" cannot be used: " + rec->error});
  }
  return out;
}

spec::Problems check_operator_level(const LevelInput& in) {
  const spec::Experiment& e = in.e;
  if (auto p = check_operator_inputs(e); !p.empty() || !in.pm) return p;
  NamedPlugins names;
  for (size_t i = 0; i < e.implementations.size(); ++i)
    names.emplace_back(e.implementations[i].plugin, "$.implementations[" + std::to_string(i) + "]");
  if (auto p = require_plugins(*in.pm, names); !p.empty()) return p;
  // A reference the experiment names must exist: otherwise every check would be "skipped" and
  // the run would pass as if validated.
  if (e.validation.forward || e.validation.backward) {
    const std::string& ref = e.validation.reference;
    const auto* rec = in.pm->find(ref);
    if (!rec)
      return {{"$.validate.reference",
               "no plugin \"" + ref + "\" to validate against (see `d500 plugins`)"}};
    if (rec->state == plugin::PluginState::Broken)
      return {{"$.validate.reference", "plugin \"" + ref + "\" cannot be loaded: " + rec->error}};
  }
  auto impls = operators::resolve_implementations(e, in.pm->operators());
  if (!impls) return {{impls.error().where, impls.error().message}};
  return check_operator_instances(e, *impls, *in.pm);
}

spec::Problems check_network_level(const LevelInput& in) {
  const json& sec = section(in.e, "network");
  auto s = network::parse_network(sec, in.source, in.base_dir, in.e.repetition, in.e.seed);
  if (!s) return problems_of(s, in.source);
  if (in.pm)
    if (auto p = require_plugins(*in.pm, network::network_plugins(sec)); !p.empty()) return p;
  if (!in.pm) return network::check_network(*s, nullptr);
  const auto plan =
      network::executor_isolation_plan(operators::experiment_isolation(in.e), s->executors, *in.pm);
  return network::check_network(*s, in.pm, plan);
}

spec::Problems check_training_level(const LevelInput& in) {
  auto t = training_of(in);
  if (!t) return problems_of(t, in.source);
  if (in.pm)
    if (auto p = require_plugins(*in.pm, training::training_plugins(*t)); !p.empty()) return p;
  training::TrainerOptions o;
  o.batch = t->batch;
  o.schedule = t->schedule;
  if (auto p = training::check_metrics(*t, "training", in.pm); !p.empty()) return p;
  return training::check_training(*t, in.e.seed, o, in.pm);
}

// A plugin's scheme ("plugin/name"): its plugin loaded and its schemes registered.
spec::Problems require_scheme(plugin::PluginManager& pm, const std::string& scheme) {
  const auto slash = scheme.find('/');
  if (slash == std::string::npos) return {};
  const std::string at = "$.distributed.scheme";
  if (auto p = require_plugins(pm, {{scheme.substr(0, slash), at}}); !p.empty()) return p;
  spec::Problems out;
  for (auto& why : distributed::register_plugin_schemes(pm)) out.push_back({at, std::move(why)});
  if (out.empty() && !distributed::schemes().find(scheme))
    out.push_back({at, "plugin \"" + scheme.substr(0, slash) + "\" offers no scheme \"" +
                           scheme.substr(slash + 1) + "\" (see `d500 plugins`)"});
  return out;
}

spec::Problems check_distributed_level(const LevelInput& in) {
  auto t = training_of(in);
  auto d = distributed::parse_distributed(section(in.e, "distributed"), in.source);
  spec::Problems out = problems_of(t, in.source);
  for (auto& p : problems_of(d, in.source)) out.push_back(std::move(p));
  if (!out.empty()) return out;
  if (in.pm) {
    if (auto p = require_plugins(*in.pm, training::training_plugins(*t)); !p.empty()) return p;
    if (auto p = require_scheme(*in.pm, d->scheme); !p.empty()) return p;
  }
  const auto o = distributed::distributed_trainer_options(*t, in.e.seed, false);
  if (auto p = training::check_metrics(*t, "distributed", in.pm); !p.empty()) return p;
  out = training::check_training(*t, in.e.seed, o, in.pm);
  if (!out.empty() || !in.pm) return out;
  // The scheme takes the network's parameters (a network without any cannot be distributed).
  auto ex = training::build_training_executor(*t, in.e.seed, *in.pm);
  if (!ex) return {{ex.error().where, ex.error().message}};
  try {
    auto one = distributed::Communicator::single_rank();
    distributed::DistributedScheme probe(*one, **ex, {.scheme = d->scheme, .params = d->params});
  } catch (const D500Error& err) {
    // A plugin scheme refusing its params, or a network the schemes cannot exchange.
    const bool scheme = err.error().message.rfind("scheme ", 0) == 0;
    return {{scheme ? "$.distributed.params" : "$.training.network", err.what()}};
  }
  return {};
}

spec::Problems check_collective_level(const LevelInput& in) {
  return problems_of(distributed::parse_collective(section(in.e, "collective"), in.source),
                     in.source);
}

}  // namespace d500::check
