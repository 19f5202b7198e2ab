// The one entry point of every front end (the `d500` runner, the studio's launcher, a program of
// the user's): run an experiment of any level into a store, as `d500 run` does. The levels'
// orchestration lives here, in core (core/levels/, one folder per level); a front end parses its
// own arguments and prints. A 20-line program: examples/run_experiment/.
//
//   d500::run::Request req;
//   req.experiment = d500::spec::load_experiment("mlp.json").value();
//   req.spec_path = "mlp.json";
//   req.db = "results.d500db";
//   d500::run::Observer quiet;
//   d500::run::Result r = d500::run::run_experiment(req, quiet);
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "d500/operators/operator_benchmark.h"
#include "d500/plugin/plugin_manager.h"
#include "d500/spec/experiment.h"
#include "d500/store/result_store.h"

namespace d500::run {

// How a run (and the `d500` runner) ends; documented in `d500 --help` and the README.
enum Exit : int {
  kOk = 0,
  kRunFailed = 1,    // the run finished, but measurements failed or the run failed
  kUsage = 2,        // bad command-line arguments (front ends)
  kBadInput = 3,     // experiment file, unknown plugin / operator / run, unreadable file
  kStoreError = 4,   // store missing, corrupt, unwritable or from a newer d500
  kInternal = 5,     // a bug: please report it
  kCancelled = 130,  // cancelled; what was measured is kept
};

// An expected failure with the exit code it ends with: thrown by run_experiment when the input
// is refused before a run is recorded (kBadInput, with every problem as FILE:$.path: message), the
// store cannot be written (kStoreError), or a recorded run failed ("run N failed: why").
struct Failure {
  int code;
  std::string message;
};

struct Result;

// What a front end hears of a run while it goes. Every hook has an empty default; they are called
// on the thread that called run_experiment, except log() for a failure on another rank of an MPI
// job, which comes from the rank watch's thread. Series and samples go to the store as they are
// measured (read it while the run writes, as the studio does).
class Observer {
 public:
  virtual ~Observer() = default;
  // The run is recorded in `db` and measuring begins (rank 0 of an MPI job only).
  virtual void started(const store::RunInfo& /*run*/, const std::string& /*db*/) {}
  virtual void progress(const operators::ProgressEvent& /*e*/) {}
  // A point of a training curve as it is stored (the training and distributed levels; rank 0,
  // every rank's points): loss, accuracy, a metric's value, ... A front end plots it live.
  virtual void series(const store::SeriesPoint& /*point*/) {}
  // "warning" or "error", for the user: a store on a folder other nodes may not see, a rank that
  // failed, a job about to be aborted.
  virtual void log(const std::string& /*level*/, const std::string& /*text*/) {}
  // Measuring is over (also before a failure is thrown): a progress bar ends its line.
  virtual void stopped() {}
  // The run's record is final (rank 0 only; not when a Failure is thrown).
  virtual void finished(const Result& /*r*/) {}
};

struct Request {
  spec::Experiment experiment;
  // The experiment's file: relative paths (models, recipes, problem lists) are taken from its
  // folder, and the run records it as its source unless `source` says otherwise.
  std::string spec_path;
  std::optional<std::string> source;  // recorded instead of spec_path ("" records none)
  std::string name;                   // the run's name instead of the experiment's ("" keeps it)
  std::string db = "d500.d500db";     // the store; created when missing
  // Plugin folders searched before D500_PLUGIN_PATH and d500's own (found beside `program_dir`:
  // ../lib/d500/plugins, as installed and in the build tree).
  std::vector<std::string> plugin_path;
  std::string program_dir;  // "" = the folder of the running program
  int64_t rerun_of = 0;     // the run this one repeats (same seeds), 0 for none
  // What to tell the user when the experiment asks for MPI ranks but this process is alone: the
  // command that starts it so ("" = "start it with mpirun -np N").
  std::string relaunch;
  std::atomic<bool>* cancel = nullptr;  // set it to stop the run (kept, marked cancelled)
};

struct Result {
  int64_t run_id = 0;
  store::RunStatus status = store::RunStatus::Succeeded;
  int code = kOk;
  std::string reason;                                 // stored with the run
  std::vector<std::string> errors;                    // the measurements' errors, one per line
  nlohmann::json summary = nlohmann::json::object();  // the level's numbers (`d500 run --json`)
  bool writer = true;  // rank 0 (or the only rank): the one that recorded the run
};

// Runs `req.experiment` as `d500 run` does: loads the plugins it names and refuses what
// check::check_experiment refuses, records the environment and the run, has the level measure and
// store, records how the run ended, and returns it. Under mpirun every rank calls it; rank 0
// writes the store. Throws Failure as described above.
Result run_experiment(const Request& req, Observer& observer);

// What a front end needs beside run_experiment, the same as the runner's:
// the folder of the running program ("." when unknown), where d500's own plugins are found;
std::string program_dir();
// the plugins of `path`, then D500_PLUGIN_PATH and d500's own beside `program_dir`, discovered
// (those not d500's own are probed, then isolated);
std::unique_ptr<plugin::PluginManager> discover_plugins(const std::vector<std::string>& path,
                                                        const std::string& program_dir);
// the store at `path`; Failure(kStoreError) naming it when it cannot be opened.
std::unique_ptr<store::ResultStore> open_store(const std::string& path,
                                               store::ResultStore::Mode mode);

// The experiment `r` (a run of the store at `db`) recorded, to run again (`d500 rerun`,
// `d500 confirm`): Failure(kStoreError) when the stored text is not JSON, Failure(kBadInput) when
// this build refuses it.
spec::Experiment stored_experiment(const store::RunInfo& r, const std::string& db);

// The levels this build runs ("operator", "network", "collective", "training", "distributed").
std::vector<std::string> level_names();

}  // namespace d500::run
