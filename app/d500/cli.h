// Shared pieces of the d500 command-line tool: exit codes, options common to every command,
// opening the store and the plugins, and output helpers.
#pragma once

#include <atomic>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "d500/plugin/plugin_manager.h"
#include "d500/report/document.h"
#include "d500/report/format.h"
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

using report::fixed;
using report::format_duration_ns;
using report::format_time;
std::string duration_of(const store::RunInfo& r);  // "5.6 s", "-" when not started
// Prints rows as aligned columns (the first row is the header), every cell through printable().
void print_table(const std::vector<std::vector<std::string>>& rows);

// Where and how a report goes: `--format` (text when empty, or the format of -o's extension) and
// `-o` (stdout when empty or "-").
struct ReportOutput {
  std::string format;
  std::string output;
};
// Writes `doc` through the reporter of o's format; CliError(kUsage) for an unknown format,
// CliError(kBadInput) naming the file when it cannot be written.
void write_report(const report::Document& doc, const ReportOutput& o);

// Writes `text` to `path`; CliError(kBadInput) naming it when it cannot.
void write_text_file(const std::string& path, const std::string& text);

// Set by SIGINT / SIGTERM once install_signal_handlers() ran; a second signal kills the process.
extern std::atomic<bool> g_cancel;
void install_signal_handlers();

}  // namespace d500::cli
