#include "d500/network/network_isolation.h"

#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>

#include "d500/plugin/child_call.h"
#include "d500/plugin/components.h"
#include "d500/store/result_store.h"
#include "network_wire.h"

namespace d500::network {

using nlohmann::json;

std::vector<bool> executor_isolation_plan(operators::Isolation mode,
                                          const std::vector<std::string>& executors,
                                          const plugin::PluginManager& plugins) {
  std::vector<bool> plan(executors.size(), mode == operators::Isolation::Process);
  if (mode != operators::Isolation::Auto) return plan;
  for (size_t i = 0; i < executors.size(); ++i) {
    const plugin::ExecutorImpl* impl = plugin::find_executor(plugins.executors(), executors[i]);
    if (!impl) continue;  // core's (reference, assembled:...): in this process
    const plugin::PluginRecord* rec = plugins.find(impl->plugin);
    plan[i] = !rec || !rec->shipped;
  }
  return plan;
}

namespace {

plugin::ChildOptions child_options(double seconds, const std::atomic<bool>* cancel,
                                   const std::string& store_path) {
  plugin::ChildOptions o;
  o.deadline = std::chrono::milliseconds(static_cast<int64_t>(1000 * seconds));
  o.cancel = cancel;
  o.leave_alone = {store_path};  // only this process writes the store
  return o;
}

double per_point_seconds(const measure::Policy& p, double margin) {
  // A point is its measurement loop, and its node times (a loop of their own) where asked.
  return 2 * (p.warmup_seconds + p.max_seconds) + margin / 6;
}

// The reply, or nullopt with the child's failure in `out`.
std::optional<json> reply_of(const plugin::ChildOutcome& c, const std::string& what,
                             IsolatedOutcome& out) {
  out.cancelled = c.cancelled;
  std::string why = "its child process " + c.failure;
  if (c.reported) {
    try {
      return json::parse(c.reply);
    } catch (const std::exception& ex) {
      why = std::string("its child process sent a malformed result: ") + ex.what();
    }
  }
  out.child_failed = true;
  out.errors.push_back(what + ": " + why + "; its measurements of this run are lost");
  return std::nullopt;
}

}  // namespace

IsolatedOutcome run_isolated_benchmark(const ExecutorUnderTest& executor,
                                       const NetworkBenchmarkOptions& options,
                                       const IsolatedDestination& to,
                                       const BenchmarkCallbacks& callbacks, double margin_seconds) {
  const double seconds =
      double(count_points(options)) * per_point_seconds(options.policy, margin_seconds) +
      margin_seconds;
  auto body = [&]() -> std::string {
    BenchmarkCallbacks cb = callbacks;
    cb.on_point = nullptr;  // this process stores what the child sends
    NetworkBenchmarkResult r = run_network_benchmark({executor}, options, cb);
    return json{
        {"points", r.points}, {"nodes", r.nodes}, {"errors", r.errors}, {"cancelled", r.cancelled}}
        .dump();
  };
  IsolatedOutcome out;
  const auto c =
      plugin::call_in_child(body, child_options(seconds, callbacks.cancel, to.store.path()));
  const auto j = reply_of(c, "executor \"" + executor.name + "\"", out);
  if (!j) return out;
  try {
    auto points = j->at("points").get<std::vector<PointResult>>();
    auto nodes = j->at("nodes").get<std::vector<NodeTime>>();
    store_benchmark_results(to.store, to.run_id, points, nodes, options.policy);
    out.points = points.size();
    out.errors = j->at("errors").get<std::vector<std::string>>();
    out.cancelled = out.cancelled || j->at("cancelled").get<bool>();
  } catch (const json::exception& ex) {
    out.child_failed = true;
    out.errors.push_back("executor \"" + executor.name +
                         "\": its child process sent a malformed result: " + ex.what());
  }
  return out;
}

IsolatedOutcome run_isolated_micro_batching(const std::string& name, const ExecutorFactory& make,
                                            const MicroBatchOptions& options,
                                            const IsolatedDestination& to,
                                            const std::atomic<bool>* cancel,
                                            double margin_seconds) {
  const double seconds =
      double(options.ks.size() + 1) * per_point_seconds(options.policy, margin_seconds) +
      margin_seconds;
  auto body = [&]() -> std::string {
    return json{{"micro", run_micro_batching(make, options, cancel)}}.dump();
  };
  IsolatedOutcome out;
  const auto c = plugin::call_in_child(body, child_options(seconds, cancel, to.store.path()));
  const auto j = reply_of(c, "micro-batching [" + name + "]", out);
  if (!j) return out;
  std::vector<MicroBatchResult> results;
  try {
    results = j->at("micro").get<std::vector<MicroBatchResult>>();
  } catch (const json::exception& ex) {
    out.child_failed = true;
    out.errors.push_back("micro-batching [" + name +
                         "]: its child process sent a malformed result: " + ex.what());
    return out;
  }
  store_micro_batching(to.store, to.run_id, name, options, results);
  out.points = results.size();
  for (const auto& r : results) {
    if (!r.error.empty())
      out.errors.push_back("micro-batching k=" + std::to_string(r.k) + " [" + name +
                           "]: " + r.error);
    else if (!r.passed)
      ++out.invalid;
  }
  out.cancelled = out.cancelled || (cancel && cancel->load());
  return out;
}

spec::Problems check_in_child(const std::function<spec::Problems()>& check, const std::string& at,
                              double deadline_seconds) {
  auto body = [&]() -> std::string {
    json out = json::array();
    for (const auto& p : check()) out.push_back({{"path", p.path}, {"message", p.message}});
    return out.dump();
  };
  plugin::ChildOptions o;
  o.deadline = std::chrono::milliseconds(static_cast<int64_t>(1000 * deadline_seconds));
  const plugin::ChildOutcome c = plugin::call_in_child(body, o);
  if (!c.reported)
    return {{at, "building the executor in its isolated child process failed: " + c.failure}};
  spec::Problems problems;
  try {
    for (const auto& p : json::parse(c.reply))
      problems.push_back({p.at("path").get<std::string>(), p.at("message").get<std::string>()});
  } catch (const std::exception& ex) {
    return {{at, std::string("the isolated check sent a malformed result: ") + ex.what()}};
  }
  return problems;
}

}  // namespace d500::network
