// `d500 run FILE` and `d500 rerun RUN`: parse, load plugins, record the environment, measure,
// store. The store is opened before anything is measured so that a bad store fails fast.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <set>

#include "commands.h"
#include "d500/check/check_experiment.h"
#include "d500/distributed/rank_watch.h"
#include "d500/env/environment.h"
#include "d500/env/filesystem.h"
#include "d500/env/machine_load.h"
#include "d500/env/slurm.h"
#include "d500/json_input.h"
#include "d500/spec/experiment.h"
#include "levels.h"
#include "progress.h"
#include "run_ranks.h"

namespace d500::cli {

namespace {

// The runner's verdict (check_experiment, shared with `d500 check` and the studio): loads the
// plugins the experiment names into `pm`, and refuses before a run is recorded what it finds.
void refuse_bad_input(const spec::Experiment& e, const std::string& spec_path,
                      plugin::PluginManager& pm) {
  check::CheckOptions co;
  co.base_dir = std::filesystem::path(spec_path).parent_path().string();
  const spec::Problems problems = check::check_experiment(e, spec_path, &pm, co);
  if (!problems.empty()) throw CliError{kBadInput, spec::format_problems(problems, spec_path)};
}

int execute(const GlobalOptions& g, const RunOptions& o, spec::Experiment e,
            const std::string& spec_path) {
  const Level* level = find_level(e.level);
  if (!level)
    throw CliError{kBadInput, spec_path + ":$.level: level \"" + e.level +
                                  "\" is not part of this build (see `d500 run --help`)"};
  // Under mpirun / srun every rank runs this; only rank 0 writes the store and talks.
  distributed::Communicator& comm = distributed::Communicator::world();
  const bool talk = comm.rank() == 0;
  if (comm.size() > 1 && !level->multi_rank)
    throw CliError{kBadInput, spec_path + ":$.level: level \"" + e.level +
                                  "\" runs on one rank, but this is rank " +
                                  std::to_string(comm.rank()) + " of " +
                                  std::to_string(comm.size()) +
                                  " (started by mpirun or srun): start it without them"};
  if (comm.size() == 1 && e.launcher.kind == "mpi" && e.launcher.ranks > 1)
    throw CliError{kUsage, spec_path + ":$.launcher: the experiment asks for " +
                               std::to_string(e.launcher.ranks) +
                               " MPI ranks, but this process is alone; start it with\n  " +
                               mpirun_command(e, spec_path, g)};
  ProgressReporter progress(talk ? parse_progress_mode(o.progress) : ProgressMode::None);
  // A job on several nodes: its store must be where every node sees it.
  if (const char* nodes = std::getenv("SLURM_JOB_NUM_NODES"); talk && nodes)
    if (auto w = env::shared_filesystem_warning(
            "the store",
            std::filesystem::path(std::filesystem::absolute(g.db)).parent_path().string(),
            std::atoi(nodes));
        !w.empty())
      std::cerr << "d500: warning: " << printable(w) << "\n";
  RankStore rank_store = open_rank_store(g, comm);
  auto& store = rank_store.store;
  auto pm = make_plugin_manager(g);
  refuse_bad_input(e, spec_path, *pm);

  env::CaptureOptions copt;
  for (const auto& rec : pm->plugins())
    if (rec.state == plugin::PluginState::Loaded)
      copt.plugins.push_back({rec.name, rec.version, rec.wraps});
  nlohmann::json environment = env::capture(copt);

  if (!o.name.empty()) e.name = o.name;
  store::RunInfo run;
  run.name = e.name;
  run.level = e.level;
  run.spec_json = spec::to_json(e).dump();
  run.spec_hash = store::sha256_hex(run.spec_json);
  run.spec_path = o.source.value_or(spec_path);
  run.seed = e.seed;
  run.launcher = comm.size() > 1              ? "mpi:" + std::to_string(comm.size())
                 : e.launcher.kind == "local" ? "local"
                                              : e.launcher.kind;
  // Inside a Slurm job the run records the job's id ("mpi:2 slurm:1234"): `d500 jobs` lists it.
  run.launcher = env::slurm::launcher_with_job(run.launcher, env::slurm::job_id_from_environment());
  if (comm.size() > 1) require_same_on_all_ranks(comm, run.spec_hash, *pm);
  run.environment_id = store->put_environment(environment.dump());
  run.parent_run_id = o.rerun_of;
  run.id = store->create_run(run);
  store->start_run(run.id);
  progress.event({{"event", "run_started"}, {"run_id", run.id}, {"db", g.db}, {"name", e.name}});
  if (talk && !progress.json() && !g.json)
    std::cerr << "d500: run " << run.id << " (" << printable(e.name) << ") into " << printable(g.db)
              << "\n";

  install_signal_handlers();
  LevelContext ctx{g, e, spec_path, *store, *pm, run.id, progress};
  LevelOutcome out;
  // Rank 0 records how the run ended once: from this thread, or from the rank watch's thread when
  // another rank fails or vanishes (stored at once, before the launcher ends rank 0 too).
  std::mutex end_mu;
  bool ended = false;
  auto record_end = [&](store::ResultStore& st, store::RunStatus status, int code,
                        const std::string& reason) {
    std::lock_guard lock(end_mu);
    if (ended) return false;
    ended = true;
    if (status == store::RunStatus::Failed) st.add_log(run.id, "error", reason);
    st.finish_run(run.id, status, code, reason);
    return true;
  };
  std::unique_ptr<store::ResultStore> watch_store;  // rank 0: the watch thread's own connection
  std::unique_ptr<distributed::RankWatch> watch;
  if (comm.size() > 1) {
    if (talk) watch_store = open_store(g.db, store::ResultStore::Mode::ReadWrite);
    distributed::RankWatchOptions wo;
    wo.exit_code = kRunFailed;
    watch = distributed::RankWatch::start(
        comm,
        [&](const distributed::RankFailure& f) {
          if (!talk) return;
          const std::string why = f.describe(comm.size());
          if (record_end(*watch_store, store::RunStatus::Failed, kRunFailed, why))
            std::cerr << "d500: run " << run.id << " failed: " << printable(why) << "\n";
        },
        wo);
    if (talk)
      for (int r : watch->unwatched())
        store->add_log(run.id, "warning",
                       "rank " + std::to_string(r) +
                           " could not reach rank 0's watch socket: if it dies, the run is not "
                           "told which rank it was");
  }
  // An error on one rank of several: the others may wait in a collective for ever, so after
  // recording it (rank 0) or telling rank 0 (the others) the whole job is aborted (mpirun then
  // ends every rank).
  auto fail = [&](int code, const std::string& message) {
    progress.finish();
    std::string text = std::string("run ") + std::to_string(run.id) + " failed: " + message;
    std::string reason = message;
    if (comm.size() > 1 && !talk) {
      watch->report(message, std::chrono::seconds(5));
    } else if (watch) {
      // E.g. an MPI error on rank 0 because a peer is gone: that peer comes first.
      if (auto f = watch->failure(std::chrono::seconds(2)))
        reason = f->describe(comm.size()) + "; on rank 0: " + message;
    }
    record_end(*store, store::RunStatus::Failed, code, reason);
    if (comm.size() > 1) {
      std::cerr << "d500: rank " << comm.rank() << " of " << comm.size() << ": " << printable(text)
                << " (aborting every rank)\n";
      comm.abort(code);
    }
    throw CliError{code, text};
  };
  // The machine's load beside the measurements: a busy machine is told, not guessed.
  env::LoadMonitor load_monitor;
  load_monitor.start();
  try {
    out = level->run(ctx);
    if (talk) env::store_load(*store, run.id, load_monitor.stop());
  } catch (const CliError& ex) {
    fail(ex.code, ex.message);
  } catch (const StoreError& ex) {
    fail(kStoreError, ex.what());
  } catch (const nlohmann::json::exception& ex) {
    fail(kBadInput, spec_path + ":" + describe_json_error(ex));
  } catch (const std::exception& ex) {
    fail(kRunFailed, ex.what());
  }
  bool peer_failed = false;  // then MPI cannot end in order: the job is aborted below
  if (watch) {
    if (auto f = watch->finish(std::chrono::seconds(10))) {
      peer_failed = true;
      out.status = store::RunStatus::Failed;
      out.code = kRunFailed;
      out.reason = f->describe(comm.size());
    }
  }
  progress.finish();
  if (g_cancel.load() && out.status == store::RunStatus::Succeeded) {
    out.status = store::RunStatus::Cancelled;
    out.code = kCancelled;
    out.reason = "cancelled by a signal; what was measured is kept";
  }
  if (!record_end(*store, out.status, out.code, out.reason) && talk)
    out.status = store::RunStatus::Failed, out.code = kRunFailed;  // the watch stored a failure
  if (!talk) return out.code;
  const std::string status_name(store::run_status_name(out.status));
  progress.event({{"event", "run_finished"},
                  {"run_id", run.id},
                  {"status", status_name},
                  {"exit_code", out.code},
                  {"reason", out.reason}});
  if (g.json && !progress.json()) {
    nlohmann::json j = out.summary;
    j["run_id"] = run.id;
    j["status"] = status_name;
    j["reason"] = out.reason;
    std::cout << j.dump(2) << "\n";
  } else if (!progress.json()) {
    // Errors and reasons quote plugins and experiments: escaped like everything `show` prints.
    for (const auto& err : out.errors) std::cerr << "d500: " << printable(err) << "\n";
    std::cerr << "d500: run " << run.id << " " << status_name
              << (out.reason.empty() ? "" : " (" + printable(out.reason) + ")")
              << "; see `d500 show " << run.id
              << (g.db == "d500.d500db" ? "" : " --db " + printable(g.db)) << "`\n";
  }
  if (peer_failed) {
    std::cerr << "d500: rank 0 of " << comm.size() << ": aborting every rank\n";
    comm.abort(out.code);
  }
  return out.code;
}

// execute() guarded: a value of the wrong type that a level's own checks missed names the file
// and its JSON path (nlohmann's exceptions carry it), instead of ending as an internal error.
int execute_checked(const GlobalOptions& g, const RunOptions& o, spec::Experiment e,
                    const std::string& spec_path) {
  try {
    return execute(g, o, std::move(e), spec_path);
  } catch (const nlohmann::json::exception& ex) {
    throw CliError{kBadInput, spec_path + ":" + describe_json_error(ex)};
  }
}

}  // namespace

int cmd_run(const GlobalOptions& g, const RunOptions& o) {
  if (o.rerun_arg.empty()) {
    auto e = spec::load_experiment(o.file);
    if (!e) throw CliError{kBadInput, e.error().to_string()};
    return execute_checked(g, o, std::move(e).value(), o.file);
  }
  // rerun: the stored experiment, same seeds, a new run linked to the first.
  store::RunInfo first;
  {
    auto s = open_store(g.db, store::ResultStore::Mode::ReadOnly);
    first = require_run(*s, o.rerun_arg);
  }
  std::string where = "run " + std::to_string(first.id) + " in " + g.db;
  auto j = parse_json(first.spec_json, where + ": stored experiment");
  if (!j) throw CliError{kStoreError, j.error().to_string()};
  auto e = spec::parse_experiment(*j, where);
  if (!e) throw CliError{kBadInput, e.error().to_string()};
  RunOptions ro = o;
  ro.rerun_of = first.id;
  if (ro.name.empty()) ro.name = first.name;
  return execute_checked(g, ro, std::move(e).value(), first.spec_path);
}

}  // namespace d500::cli
