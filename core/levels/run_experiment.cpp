// run_experiment: check, record, measure, store, for an experiment of any level; on every rank of
// an MPI job. The store is opened before anything is measured so that a bad store fails fast.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <mutex>

#include "d500/check/check_experiment.h"
#include "d500/distributed/rank_watch.h"
#include "d500/env/environment.h"
#include "d500/env/filesystem.h"
#include "d500/env/machine_load.h"
#include "d500/env/slurm.h"
#include "d500/json_input.h"
#include "levels.h"
#include "run_ranks.h"

namespace d500::run {

namespace {

// The level, or Failure when this build or this process cannot run it.
const Level& require_level(const Request& req, const distributed::Communicator& comm) {
  const spec::Experiment& e = req.experiment;
  const std::string& at = req.spec_path;
  const Level* level = find_level(e.level);
  if (!level)
    throw Failure{kBadInput, at + ":$.level: level \"" + e.level +
                                 "\" is not part of this build (see `d500 run --help`)"};
  if (comm.size() > 1 && !level->multi_rank)
    throw Failure{kBadInput, at + ":$.level: level \"" + e.level +
                                 "\" runs on one rank, but this " + "is rank " +
                                 std::to_string(comm.rank()) + " of " +
                                 std::to_string(comm.size()) +
                                 " (started by mpirun or srun): start it without them"};
  if (comm.size() == 1 && e.launcher.kind == "mpi" && e.launcher.ranks > 1)
    throw Failure{kUsage,
                  at + ":$.launcher: the experiment asks for " + std::to_string(e.launcher.ranks) +
                      " MPI ranks, but this process is alone; start it with\n  " +
                      (req.relaunch.empty() ? "mpirun -np " + std::to_string(e.launcher.ranks)
                                            : req.relaunch)};
  return *level;
}

// The runner's verdict (check_experiment, shared with `d500 check` and the studio): loads the
// plugins the experiment names into `pm`, and refuses before a run is recorded what it finds.
void refuse_bad_input(const spec::Experiment& e, const std::string& spec_path,
                      plugin::PluginManager& pm) {
  check::CheckOptions co;
  co.base_dir = std::filesystem::path(spec_path).parent_path().string();
  const spec::Problems problems = check::check_experiment(e, spec_path, &pm, co);
  if (!problems.empty()) throw Failure{kBadInput, spec::format_problems(problems, spec_path)};
}

// A job on several nodes: its store must be where every node sees it.
void warn_unshared_store(const Request& req, Observer& obs) {
  const char* nodes = std::getenv("SLURM_JOB_NUM_NODES");
  if (!nodes) return;
  const auto folder = std::filesystem::absolute(req.db).parent_path().string();
  if (auto w = env::shared_filesystem_warning("the store", folder, std::atoi(nodes)); !w.empty())
    obs.log("warning", w);
}

// The run's record before it starts: what, from where, how launched, on which environment.
store::RunInfo describe_run(const Request& req, const spec::Experiment& e,
                            const distributed::Communicator& comm) {
  store::RunInfo run;
  run.name = e.name;
  run.level = e.level;
  run.spec_json = spec::to_json(e).dump();
  run.spec_hash = store::sha256_hex(run.spec_json);
  run.spec_path = req.source.value_or(req.spec_path);
  run.seed = e.seed;
  run.launcher = comm.size() > 1              ? "mpi:" + std::to_string(comm.size())
                 : e.launcher.kind == "local" ? "local"
                                              : e.launcher.kind;
  // Inside a Slurm job the run records the job's id ("mpi:2 slurm:1234"): `d500 jobs` lists it.
  run.launcher = env::slurm::launcher_with_job(run.launcher, env::slurm::job_id_from_environment());
  run.parent_run_id = req.rerun_of;
  return run;
}

std::string capture_environment(const plugin::PluginManager& pm) {
  env::CaptureOptions copt;
  for (const auto& rec : pm.plugins())
    if (rec.state == plugin::PluginState::Loaded)
      copt.plugins.push_back({rec.name, rec.version, rec.wraps});
  return env::capture(copt).dump();
}

// One run in progress: how it ends is recorded once, from this thread, or from the rank watch's
// thread when another rank fails or vanishes (stored at once, before the launcher ends rank 0).
class RunSession {
 public:
  RunSession(const Request& req, Observer& obs, distributed::Communicator& comm)
      : req_(req), obs_(obs), comm_(comm), talk_(comm.rank() == 0) {}
  Result run(const Level& level, spec::Experiment e);

 private:
  bool record_end(store::ResultStore& st, store::RunStatus status, int code,
                  const std::string& reason);
  void watch_ranks();
  [[noreturn]] void fail(int code, const std::string& message);
  [[noreturn]] void stuck(const std::string& why);
  LevelOutcome measure(const Level& level, LevelContext& ctx);
  Result conclude(LevelOutcome out);

  const Request& req_;
  Observer& obs_;
  distributed::Communicator& comm_;
  const bool talk_;
  std::atomic<bool> never_{false};
  RankStore rank_store_;
  store::RunInfo run_;
  std::mutex end_mu_;
  bool ended_ = false;
  std::unique_ptr<store::ResultStore> watch_store_;  // rank 0: the watch thread's own connection
  std::unique_ptr<distributed::RankWatch> watch_;
};

bool RunSession::record_end(store::ResultStore& st, store::RunStatus status, int code,
                            const std::string& reason) {
  std::lock_guard lock(end_mu_);
  if (ended_) return false;
  ended_ = true;
  if (status == store::RunStatus::Failed) st.add_log(run_.id, "error", reason);
  st.finish_run(run_.id, status, code, reason);
  return true;
}

void RunSession::watch_ranks() {
  if (comm_.size() <= 1) return;
  if (talk_) watch_store_ = open_store(req_.db, store::ResultStore::Mode::ReadWrite);
  distributed::RankWatchOptions wo;
  wo.exit_code = kRunFailed;
  watch_ = distributed::RankWatch::start(
      comm_,
      [this](const distributed::RankFailure& f) {
        if (!talk_) return;
        const std::string why = f.describe(comm_.size());
        if (record_end(*watch_store_, store::RunStatus::Failed, kRunFailed, why))
          obs_.log("error", "run " + std::to_string(run_.id) + " failed: " + why);
      },
      wo);
  if (talk_)
    for (int r : watch_->unwatched())
      rank_store_.store->add_log(run_.id, "warning",
                                 "rank " + std::to_string(r) +
                                     " could not reach rank 0's watch socket: if it dies, the run "
                                     "is not told which rank it was");
}

// An error on one rank of several: the others may wait in a collective for ever, so after
// recording it (rank 0) or telling rank 0 (the others) the whole job is aborted (mpirun then ends
// every rank).
void RunSession::fail(int code, const std::string& message) {
  obs_.stopped();
  std::string text = "run " + std::to_string(run_.id) + " failed: " + message;
  std::string reason = message;
  if (comm_.size() > 1 && !talk_) {
    watch_->report(message, std::chrono::seconds(5));
  } else if (watch_) {
    // E.g. an MPI error on rank 0 because a peer is gone: that peer comes first.
    if (auto f = watch_->failure(std::chrono::seconds(2)))
      reason = f->describe(comm_.size()) + "; on rank 0: " + message;
  }
  record_end(*rank_store_.store, store::RunStatus::Failed, code, reason);
  if (comm_.size() > 1) {
    obs_.log("error", "rank " + std::to_string(comm_.rank()) + " of " +
                          std::to_string(comm_.size()) + ": " + text + " (aborting every rank)");
    comm_.abort(code);
  }
  throw Failure{code, text};
}

// This rank is stuck (called on a watchdog's thread while the level's thread waits for ever):
// the failure recorded on the watch thread's own connection (rank 0) or told to rank 0, then the
// process ends. The other ranks end as RankWatch makes them: rank 0 after it recorded a failure,
// the others when rank 0's connection closes.
void RunSession::stuck(const std::string& why) {
  std::fprintf(stderr, "d500: rank %d of %d: run %lld failed: %s (ending this rank)\n",
               comm_.rank(), comm_.size(), static_cast<long long>(run_.id), why.c_str());
  if (comm_.size() > 1 && !talk_) {
    watch_->report(why, std::chrono::seconds(5));
  } else {
    store::ResultStore& st = watch_store_ ? *watch_store_ : *rank_store_.store;
    record_end(st, store::RunStatus::Failed, kRunFailed, why);
  }
  std::fflush(stderr);
  std::_Exit(kRunFailed);
}

// The level's measurements, with the machine's load beside them: a busy machine is told, not
// guessed. What the level throws fails the run.
LevelOutcome RunSession::measure(const Level& level, LevelContext& ctx) {
  env::LoadMonitor load_monitor;
  load_monitor.start();
  try {
    LevelOutcome out = level.run(ctx);
    if (talk_) env::store_load(*rank_store_.store, run_.id, load_monitor.stop());
    return out;
  } catch (const Failure& ex) {
    fail(ex.code, ex.message);
  } catch (const StoreError& ex) {
    fail(kStoreError, ex.what());
  } catch (const nlohmann::json::exception& ex) {
    fail(kBadInput, req_.spec_path + ":" + describe_json_error(ex));
  } catch (const std::exception& ex) {
    fail(kRunFailed, ex.what());
  }
}

Result RunSession::run(const Level& level, spec::Experiment e) {
  if (talk_) warn_unshared_store(req_, obs_);
  rank_store_ = open_rank_store(req_.db, comm_);
  store::ResultStore& store = *rank_store_.store;
  auto pm = discover_plugins(req_.plugin_path,
                             req_.program_dir.empty() ? program_dir() : req_.program_dir);
  refuse_bad_input(e, req_.spec_path, *pm);
  const std::string environment = capture_environment(*pm);
  if (!req_.name.empty()) e.name = req_.name;
  run_ = describe_run(req_, e, comm_);
  if (comm_.size() > 1) require_same_on_all_ranks(comm_, run_.spec_hash, *pm);
  run_.environment_id = store.put_environment(environment);
  run_.id = store.create_run(run_);
  store.start_run(run_.id);
  if (talk_) obs_.started(run_, req_.db);
  watch_ranks();
  std::atomic<bool>& cancel = req_.cancel ? *req_.cancel : never_;
  LevelContext ctx{e,       req_.spec_path, store,  *pm,
                   run_.id, obs_,           cancel, [this](const std::string& why) { stuck(why); }};
  return conclude(measure(level, ctx));
}

Result RunSession::conclude(LevelOutcome out) {
  bool peer_failed = false;  // then MPI cannot end in order: the job is aborted below
  if (watch_)
    if (auto f = watch_->finish(std::chrono::seconds(10))) {
      peer_failed = true;
      out.status = store::RunStatus::Failed;
      out.code = kRunFailed;
      out.reason = f->describe(comm_.size());
    }
  obs_.stopped();
  if (req_.cancel && req_.cancel->load() && out.status == store::RunStatus::Succeeded) {
    out.status = store::RunStatus::Cancelled;
    out.code = kCancelled;
    out.reason = "cancelled; what was measured is kept";
  }
  if (!record_end(*rank_store_.store, out.status, out.code, out.reason) && talk_)
    out.status = store::RunStatus::Failed, out.code = kRunFailed;  // the watch stored a failure
  Result r{run_.id, out.status, out.code, out.reason, out.errors, out.summary, talk_};
  if (talk_) obs_.finished(r);
  if (peer_failed) {
    obs_.log("error", "rank 0 of " + std::to_string(comm_.size()) + ": aborting every rank");
    comm_.abort(out.code);
  }
  return r;
}

}  // namespace

std::string program_dir() {
  std::error_code ec;
  auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string(".") : exe.parent_path().string();
}

std::unique_ptr<plugin::PluginManager> discover_plugins(const std::vector<std::string>& path,
                                                        const std::string& program_dir) {
  std::vector<std::string> search = path;
  for (auto& p : plugin::PluginManager::default_search_path(program_dir)) search.push_back(p);
  auto pm = std::make_unique<plugin::PluginManager>(
      search, plugin::PluginManager::shipped_folders(program_dir));
  pm->discover();
  return pm;
}

Result run_experiment(const Request& req, Observer& observer) {
  // Under mpirun / srun every rank runs this; only rank 0 writes the store and talks.
  distributed::Communicator& comm = distributed::Communicator::world();
  const Level& level = require_level(req, comm);
  RunSession session(req, observer, comm);
  try {
    return session.run(level, req.experiment);
  } catch (const nlohmann::json::exception& ex) {
    // A value of the wrong type that a level's own checks missed names the file and its JSON
    // path (nlohmann's exceptions carry it), instead of ending as an internal error.
    throw Failure{kBadInput, req.spec_path + ":" + describe_json_error(ex)};
  }
}

spec::Experiment stored_experiment(const store::RunInfo& r, const std::string& db) {
  const std::string where = "run " + std::to_string(r.id) + " in " + db;
  auto j = parse_json(r.spec_json, where + ": stored experiment");
  if (!j) throw Failure{kStoreError, j.error().to_string()};
  auto e = spec::parse_experiment(*j, where);
  if (!e) throw Failure{kBadInput, e.error().to_string()};
  return std::move(e).value();
}

}  // namespace d500::run
