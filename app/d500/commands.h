// The d500 subcommands. Each returns an exit code (cli.h) or throws CliError.
#pragma once

#include <string>

#include "cli.h"

namespace d500::cli {

struct RunOptions {
  std::string file;              // experiment file (run)
  std::string rerun_arg;         // run to repeat (rerun): an id or "latest"
  int64_t rerun_of = 0;          // set from rerun_arg once resolved
  std::string progress = "auto"; // auto, bar, json, none
  std::string name;              // overrides the experiment's name for this run
};

int cmd_run(const GlobalOptions& g, const RunOptions& o);
int cmd_plugins(const GlobalOptions& g, bool list_operators);
int cmd_runs(const GlobalOptions& g);
int cmd_probe(const GlobalOptions& g, double max_seconds);
int cmd_compare(const GlobalOptions& g, const std::string& run_a, const std::string& run_b,
                const std::string& db_b, double alpha);
int cmd_show(const GlobalOptions& g, const std::string& run);
// `data_dir` "" is Debian's libonnx-testdata node tests.
int cmd_conformance(const GlobalOptions& g, const std::string& plugin, const std::string& filter,
                    const std::string& data_dir);
int cmd_export(const GlobalOptions& g, const std::string& run, const std::string& format,
               const std::string& output, bool samples);

}  // namespace d500::cli
