// What run_experiment (run_experiment.cpp) does per experiment level: it opens the store, has
// check::check_experiment load the plugins and refuse what the runner refuses (the levels'
// sections are parsed and checked in core, beside each level), records the environment and the
// run; a level then measures and stores, and says how the run ended. One folder per level:
// operators/, network/, training/, distributed/ (the collective sweep and distributed training).
#pragma once

#include <atomic>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "d500/plugin/plugin_manager.h"
#include "d500/run/run.h"
#include "d500/spec/experiment.h"

namespace d500::run {

struct LevelContext {
  const spec::Experiment& e;
  const std::string& spec_path;
  store::ResultStore& store;
  plugin::PluginManager& plugins;
  int64_t run_id = 0;
  Observer& observer;
  std::atomic<bool>& cancel;  // set: stop soon, keep what was measured
  // Ends the run from any thread when this rank cannot go on (a scheme's hook that never
  // returns): the failure recorded (rank 0) or told to rank 0 (the others), then this process
  // ends with kRunFailed. Never returns.
  std::function<void(const std::string& why)> stuck;
};

struct LevelOutcome {
  store::RunStatus status = store::RunStatus::Succeeded;
  int code = kOk;
  std::string reason;               // stored with the run; "" when it succeeded plainly
  std::vector<std::string> errors;  // printed one per line after the run
  nlohmann::json summary = nlohmann::json::object();  // merged into `d500 run --json`
};

struct Level {
  const char* name;  // the experiment's "level"
  // Measures and stores, after check_experiment accepted the experiment (its plugins loaded).
  // Throwing marks the run failed with the message.
  LevelOutcome (*run)(LevelContext& ctx);
  // Runs on every rank of an MPI job (through distributed::Communicator::world(); only rank 0
  // writes: other ranks get a private scratch store). A level without it is refused under mpirun
  // with more than one rank.
  bool multi_rank = false;
};

// nullptr when this build has no such level.
const Level* find_level(const std::string& name);

// The levels this build has (defined in their files).
extern const Level kOperatorLevel;
extern const Level kCollectiveLevel;
extern const Level kNetworkLevel;
extern const Level kTrainingLevel;
extern const Level kDistributedLevel;

}  // namespace d500::run
