// d500: the headless runner and command-line tool. No Qt: it runs where no GUI is installed.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <iostream>

#include "command_line.h"
#include "d500/build_info.h"
#include "d500/error.h"
#include "d500/json_input.h"

using namespace d500::cli;

namespace {

const char* kExitCodes = R"(Exit codes:
  0    success
  1    the run finished, but a measurement or the run failed (details stored and printed)
  2    bad command-line arguments
  3    bad input: experiment file, unknown plugin, operator or run, unreadable file
  4    store error: missing, corrupt, unwritable, or written by a newer d500
  5    internal error (a bug; please report it)
  130  cancelled by SIGINT/SIGTERM; what was measured is kept, the run is marked cancelled)";

}  // namespace

// glibc's allocator can make an operator map and unmap a large buffer on every call, which can
// triple its time (platform.md). Unless the user chose allocator settings, the runner restarts
// itself once with thresholds that keep large blocks; the setting is part of every recorded
// environment. D500_NO_MALLOC_TUNING=1 keeps glibc's defaults.
static void tune_allocator(char** argv) {
  if (std::getenv("GLIBC_TUNABLES") || std::getenv("D500_NO_MALLOC_TUNING")) return;
  setenv("GLIBC_TUNABLES",
         "glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=1073741824", 1);
  execv("/proc/self/exe", argv);
  unsetenv("GLIBC_TUNABLES");  // exec failed: carry on with the defaults
}

// Runs a parsed subcommand; every error it throws becomes one message and its exit code.
static int run_guarded(const std::function<int()>& run) {
  try {
    return run();
  } catch (const CliError& e) {
    // Messages quote paths, names and plugin errors: kept from driving the terminal, but their
    // own line breaks (a command to copy on the next line) kept.
    std::cerr << "d500: " << printable(e.message, true) << "\n";
    return e.code;
  } catch (const d500::StoreError& e) {
    std::cerr << "d500: " << printable(e.what(), true) << "\n";
    return kStoreError;
  } catch (const d500::D500Error& e) {
    std::cerr << "d500: " << printable(e.what(), true) << "\n";
    return kBadInput;
  } catch (const nlohmann::json::exception& e) {
    // A value of the wrong type met outside the parsers' own checks: still the input's fault.
    std::cerr << "d500: bad input: " << printable(d500::describe_json_error(e), true) << "\n";
    return kBadInput;
  } catch (const std::bad_alloc&) {
    std::cerr << "d500: out of memory (an input asked for more than this machine has)\n";
    return kBadInput;
  } catch (const std::exception& e) {
    std::cerr << "d500: internal error: " << printable(e.what(), true) << "\n";
    return kInternal;
  }
}

int main(int argc, char** argv) {
  tune_allocator(argv);
  CLI::App app{"d500 " D500_VERSION_STRING
               " — modular benchmarking for deep learning at four levels: " D500_LEVELS};
  app.require_subcommand(1);
  app.fallthrough();
  app.footer(kExitCodes);
  app.set_version_flag("--version", "d500 " D500_VERSION_STRING " (" D500_BUILD_TYPE ")");

  GlobalOptions g;
  app.add_option("--db", g.db, "Result store (SQLite file); created by `run` when missing")
      ->capture_default_str();
  app.add_option(
      "--plugin-path", g.plugin_path,
      "Extra plugin folder, searched before D500_PLUGIN_PATH and the defaults (repeatable)");
  app.add_flag("--json", g.json, "Machine-readable JSON output");
  Commands commands = add_commands(app, g);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? kOk : kUsage;
  }
  for (const Command& c : commands)
    if (*c.subcommand) return run_guarded(c.run);
  return kUsage;
}
