#include "cli.h"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <iostream>

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

std::string format_duration_ns(double ns) {
  const char* unit = "ns";
  double v = ns;
  if (ns >= 1e9) {
    v = ns / 1e9;
    unit = "s";
  } else if (ns >= 1e6) {
    v = ns / 1e6;
    unit = "ms";
  } else if (ns >= 1e3) {
    v = ns / 1e3;
    unit = "us";
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, v >= 100 ? "%.0f %s" : v >= 10 ? "%.1f %s" : "%.2f %s", v, unit);
  return buf;
}

std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

std::string duration_of(const store::RunInfo& r) {
  if (r.started_at <= 0) return "-";
  double end = r.finished_at > 0 ? r.finished_at : r.started_at;
  return fixed(end - r.started_at, 1) + " s";
}

std::string format_time(double t) {
  if (t <= 0) return "-";
  std::time_t tt = static_cast<std::time_t>(t);
  std::tm tm{};
  localtime_r(&tt, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm);
  return buf;
}

void print_table(const std::vector<std::vector<std::string>>& raw) {
  // Cells hold names, subjects and messages from experiments, plugins and stores: escaped here,
  // once for every table, so none of them can break a row or drive the terminal.
  std::vector<std::vector<std::string>> rows;
  for (const auto& r : raw) {
    rows.emplace_back();
    for (const auto& cell : r) rows.back().push_back(printable(cell));
  }
  std::vector<size_t> width;
  for (const auto& r : rows)
    for (size_t i = 0; i < r.size(); ++i) {
      if (width.size() <= i) width.push_back(0);
      // Count UTF-8 code points, not bytes, so "±" aligns.
      size_t n = 0;
      for (unsigned char c : r[i]) n += (c & 0xC0) != 0x80;
      width[i] = std::max(width[i], n);
    }
  for (const auto& r : rows) {
    std::string line;
    for (size_t i = 0; i < r.size(); ++i) {
      size_t n = 0;
      for (unsigned char c : r[i]) n += (c & 0xC0) != 0x80;
      line += r[i];
      if (i + 1 < r.size()) line += std::string(width[i] - n + 2, ' ');
    }
    std::cout << line << '\n';
  }
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
