#include "cli.h"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "d500/report/reporter.h"

namespace d500::cli {

std::atomic<bool> g_cancel{false};

std::string executable_dir() {
  return run::program_dir();
}

// Plugins from --plugin-path or D500_PLUGIN_PATH are not d500's own: probed, then isolated.
std::unique_ptr<plugin::PluginManager> make_plugin_manager(const GlobalOptions& g) {
  return run::discover_plugins(g.plugin_path, executable_dir());
}

std::unique_ptr<store::ResultStore> open_store(const std::string& path,
                                               store::ResultStore::Mode mode) {
  return run::open_store(path, mode);
}

int64_t parse_run_id(const std::string& s) {
  try {
    size_t used = 0;
    long long id = std::stoll(s, &used);
    if (used == s.size() && id > 0) return id;
  } catch (const std::exception&) {
  }
  throw CliError{
      kBadInput,
      "\"" + s + "\" is not a run id (a positive integer or \"latest\"; `d500 runs` lists them)"};
}

store::RunInfo require_run(const store::ResultStore& s, const std::string& arg) {
  auto all = s.runs();
  if (arg == "latest") {
    if (all.empty()) throw CliError{kBadInput, "no runs in " + s.path() + " yet"};
    return all.back();
  }
  int64_t id = parse_run_id(arg);
  if (auto r = s.run(id)) return *r;
  std::string ids = all.empty() ? "it holds no runs"
                                : "its runs are " + std::to_string(all.front().id) + ".." +
                                      std::to_string(all.back().id);
  throw CliError{kBadInput, "no run " + std::to_string(id) + " in " + s.path() + " (" + ids + ")"};
}

std::string duration_of(const store::RunInfo& r) {
  if (r.started_at <= 0) return "-";
  double end = r.finished_at > 0 ? r.finished_at : r.started_at;
  return fixed(end - r.started_at, 1) + " s";
}

namespace {

// The format -o's extension names (".html" -> "html"), or "text".
std::string format_of(const ReportOutput& o) {
  if (!o.format.empty()) return o.format;
  const std::string named = report::format_for_path(o.output);
  return named.empty() ? "text" : named;
}

}  // namespace

void write_text_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) throw CliError{kBadInput, path + ": cannot write"};
}

void write_report(const report::Document& doc, const ReportOutput& o) {
  const std::string format = format_of(o);
  auto reporter = report::make_reporter(format);
  if (!reporter)
    throw CliError{kUsage,
                   "unknown --format \"" + format + "\" (one of " + report::format_names() + ")"};
  if (o.output.empty() || o.output == "-") {
    reporter->write(doc, std::cout);
    std::cout.flush();
    return;
  }
  std::ofstream file(o.output, std::ios::binary);
  if (!file) throw CliError{kBadInput, o.output + ": cannot write the report"};
  reporter->write(doc, file);
  file.close();
  if (!file) throw CliError{kBadInput, o.output + ": writing the report failed"};
}

void print_table(const std::vector<std::vector<std::string>>& rows) {
  report::Document doc;
  doc.table(rows);
  report::make_reporter("text")->write(doc, std::cout);
}

namespace {

// A second SIGTERM within this many seconds of the first is the same request (Slurm and srun,
// or mpirun and a shell, both forward one): the run goes on stopping in order.
// D500_TERM_GRACE_SECONDS sets it (the job scripts of `d500 job` set it to their --signal grace); a
// second SIGINT, or a SIGTERM after the grace, stops the runner at once.
std::atomic<int64_t> g_first_term_ns{0};
int64_t g_term_grace_ns = 10'000'000'000;

int64_t monotonic_ns() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);  // async-signal-safe
  return int64_t(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

extern "C" void on_signal(int sig) {
  if (!g_cancel.exchange(true)) {
    if (sig == SIGTERM) g_first_term_ns.store(monotonic_ns());
    return;
  }
  const int64_t first = g_first_term_ns.load();
  if (sig == SIGTERM && first != 0 && monotonic_ns() - first < g_term_grace_ns) return;
  // A second signal: the user means it.
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

}  // namespace

void install_signal_handlers() {
  if (const char* g = std::getenv("D500_TERM_GRACE_SECONDS")) {
    char* end = nullptr;
    const double s = std::strtod(g, &end);
    if (end != g && s >= 0 && s <= 86400) g_term_grace_ns = static_cast<int64_t>(s * 1e9);
  }
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

}  // namespace d500::cli
