// `d500 run FILE` and `d500 rerun RUN`: the command line over run::run_experiment (the library
// entry point, d500/run/run.h), which checks, records, measures and stores; here the progress bar
// or JSON lines, the signals, and what is printed when the run ends.
#include <iostream>

#include "cli_observer.h"
#include "commands.h"
#include "d500/distributed/communicator.h"
#include "d500/run/run.h"
#include "d500/spec/experiment.h"

namespace d500::cli {

namespace {

// The command that starts `spec_path` as its launcher asks ("mpirun -np 4 --host a,b ... d500
// run exp.json --db x").
std::string mpirun_command(const spec::Experiment& e, const std::string& spec_path,
                           const GlobalOptions& g) {
  std::string cmd = "mpirun -np " + std::to_string(e.launcher.ranks);
  if (!e.launcher.hosts.empty()) {
    cmd += " --host ";
    for (size_t i = 0; i < e.launcher.hosts.size(); ++i)
      cmd += (i ? "," : "") + e.launcher.hosts[i];
  }
  for (const auto& a : e.launcher.extra_args) cmd += " " + a;
  cmd += " " + executable_dir() + "/d500 run " + spec_path + " --db " + g.db;
  return cmd;
}

int execute(const GlobalOptions& g, const RunOptions& o, spec::Experiment e,
            const std::string& spec_path) {
  run::Request req;
  req.spec_path = spec_path;
  req.source = o.source;
  req.name = o.name;
  req.db = g.db;
  req.plugin_path = g.plugin_path;
  req.program_dir = executable_dir();
  req.rerun_of = o.rerun_of;
  req.relaunch = mpirun_command(e, spec_path, g);
  req.experiment = std::move(e);
  req.cancel = &g_cancel;
  // Under mpirun / srun only rank 0 talks; the mode is checked before anything runs.
  ProgressMode mode = parse_progress_mode(o.progress);
  if (distributed::Communicator::world().rank() != 0) mode = ProgressMode::None;
  CliObserver observer(g, mode);
  install_signal_handlers();
  return run::run_experiment(req, observer).code;
}

}  // namespace

int cmd_run(const GlobalOptions& g, const RunOptions& o) {
  if (o.rerun_arg.empty()) {
    auto e = spec::load_experiment(o.file);
    if (!e) throw CliError{kBadInput, e.error().to_string()};
    return execute(g, o, std::move(e).value(), o.file);
  }
  // rerun: the stored experiment, same seeds, a new run linked to the first.
  store::RunInfo first;
  {
    auto s = open_store(g.db, store::ResultStore::Mode::ReadOnly);
    first = require_run(*s, o.rerun_arg);
  }
  RunOptions ro = o;
  ro.rerun_of = first.id;
  if (ro.name.empty()) ro.name = first.name;
  return execute(g, ro, run::stored_experiment(first, g.db), first.spec_path);
}

}  // namespace d500::cli
