// `d500 probe`: this machine's peak GFLOP/s and memory bandwidth, stored for the roofline.
#include <iostream>

#include "commands.h"
#include "d500/env/environment.h"
#include "d500/operators/probe.h"
#include "d500/spec/experiment.h"

namespace d500::cli {

int cmd_probe(const GlobalOptions& g, double max_seconds) {
  auto store = open_store(g.db, store::ResultStore::Mode::ReadWrite);
  auto pm = make_plugin_manager(g);
  pm->load_all();
  env::CaptureOptions copt;
  for (const auto& rec : pm->plugins())
    if (rec.state == plugin::PluginState::Loaded)
      copt.plugins.push_back({rec.name, rec.version, rec.wraps});

  store::RunInfo run;
  run.name = "probe";
  run.level = "probe";
  operators::ProbeOptions o;
  o.policy.max_seconds = max_seconds;
  run.spec_json = nlohmann::json{{"d500", 1},
                                 {"name", "probe"},
                                 {"level", "probe"},
                                 {"repetition", spec::policy_to_json(o.policy)}}
                      .dump();
  run.spec_hash = store::sha256_hex(run.spec_json);
  run.launcher = "local";
  run.environment_id = store->put_environment(env::capture(copt).dump());
  run.id = store->create_run(run);
  store->start_run(run.id);
  if (!g.json) std::cerr << "d500: probing this machine (run " << run.id << ")...\n";
  operators::Roofline roof;
  try {
    roof = operators::run_probe(pm->operators(), *store, run.id, o);
  } catch (const std::exception& ex) {
    store->finish_run(run.id, store::RunStatus::Failed, kRunFailed, ex.what());
    throw CliError{kRunFailed, std::string("probe failed: ") + ex.what()};
  }
  store->finish_run(run.id, store::RunStatus::Succeeded, kOk, "");
  std::string gemm;
  for (const auto& m : store->measurements(run.id))
    if (m.subject.rfind("peak_gflops", 0) == 0)
      gemm = m.subject.substr(12) + " on " + m.implementation;
  if (g.json) {
    std::cout << nlohmann::json{{"run_id", run.id},
                                {"peak_gflops", roof.peak_gflops},
                                {"bandwidth_gbs", roof.bandwidth_gbs},
                                {"gemm", gemm}}
                     .dump(2)
              << "\n";
  } else {
    std::cout << "peak      " << fixed(roof.peak_gflops, 1) << " GFLOP/s (" << gemm
              << ", float32)\n"
              << "bandwidth " << fixed(roof.bandwidth_gbs, 1) << " GB/s (memcpy of "
              << (o.copy_bytes >> 20) << " MiB, read + write)\n"
              << "stored as run " << run.id
              << "; `d500 show` places operator results on this roofline\n";
  }
  return kOk;
}

}  // namespace d500::cli
