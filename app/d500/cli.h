// Shared pieces of the d500 command-line tool: exit codes, options common to every command,
// opening the store and the plugins, and output helpers.
#pragma once

#include <atomic>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "d500/plugin/plugin_manager.h"
#include "d500/run/run.h"
#include "d500/store/result_store.h"
#include "printable.h"

namespace d500::cli {

// The exit codes are the library's (d500/run/run.h), documented in `d500 --help` and the README.
using run::Exit;
using run::kBadInput;
using run::kCancelled;
using run::kInternal;
using run::kOk;
using run::kRunFailed;
using run::kStoreError;
using run::kUsage;

// Thrown by commands for an expected failure: printed as "d500: <message>", exits with `code`.
// The library's Failure, so that what run_experiment throws is reported the same way.
using CliError = run::Failure;

struct GlobalOptions {
  std::string db = "d500.d500db";        // the store; default in the current folder
  std::vector<std::string> plugin_path;  // extra plugin folders, searched first
  bool json = false;                     // machine-readable output
};

std::string executable_dir();
std::unique_ptr<plugin::PluginManager> make_plugin_manager(const GlobalOptions& g);
std::unique_ptr<store::ResultStore> open_store(const std::string& path,
                                               store::ResultStore::Mode mode);
// Parses a run id argument; CliError(kBadInput) when it is not a positive integer.
int64_t parse_run_id(const std::string& s);
// The run named by `arg` (an id, or "latest"), or CliError naming the store and its ids.
store::RunInfo require_run(const store::ResultStore& s, const std::string& arg);

// "812 ns", "3.41 us", "12.0 ms", "1.20 s" with 3 significant digits.
std::string format_duration_ns(double ns);
std::string format_time(double unix_seconds);      // "2026-11-30 04:12:00" local time, "-" for 0
std::string fixed(double v, int digits);           // printf %.*f
std::string duration_of(const store::RunInfo& r);  // "5.6 s", "-" when not started
// Prints rows as aligned columns (the first row is the header), every cell through printable().
void print_table(const std::vector<std::vector<std::string>>& rows);

// Set by SIGINT / SIGTERM once install_signal_handlers() ran; a second signal kills the process.
extern std::atomic<bool> g_cancel;
void install_signal_handlers();

}  // namespace d500::cli
