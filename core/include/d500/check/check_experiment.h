// The runner's verdict on an experiment of any level: everything `d500 run` refuses before a run
// starts. `d500 run` calls it before it records a run, `d500 check` prints it, and the studio's
// editor lists it, so the three can never disagree.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "d500/plugin/plugin_manager.h"
#include "d500/spec/experiment.h"
#include "d500/spec/problem.h"

namespace d500::check {

struct CheckOptions {
  // The experiment file's folder: relative problem lists, models and recipes are taken from it
  // ("" = the current folder).
  std::string base_dir;
  // The store the run would write; "" = not checked. Its folder must exist and be writable, and
  // a file of that name must be a regular file.
  std::string store_path;
};

// Parses the top level and the level's own section and checks what needs no plugin (a model
// file, a dataset, a recipe). With `plugins` (discovered; ownership stays with the caller) it
// also loads the plugins the experiment names, and checks that each exists and loads and that
// the operators' implementations, the executors and the optimizers it names are there and take
// the experiment; `plugins` is left with those plugins loaded, ready for the run.
// Empty: the runner will accept the experiment. `source` names the file in messages only.
spec::Problems check_experiment(const nlohmann::json& doc, const std::string& source,
                                plugin::PluginManager* plugins, const CheckOptions& options = {});
// The same for an experiment parse_experiment() accepted.
spec::Problems check_experiment(const spec::Experiment& e, const std::string& source,
                                plugin::PluginManager* plugins, const CheckOptions& options = {});

}  // namespace d500::check
