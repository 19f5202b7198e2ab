#include "d500/env/machine_load.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "d500/store/result_store.h"

namespace d500::env {

namespace {

std::optional<std::string> slurp(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

}  // namespace

bool parse_proc_stat(std::string_view text, LoadCounters& c) {
  // "cpu  user nice system idle iowait irq softirq steal guest guest_nice"
  if (text.rfind("cpu ", 0) != 0) return false;
  std::istringstream in(std::string(text.substr(4, text.find('\n'))));
  uint64_t f[10] = {};
  int n = 0;
  while (n < 10 && in >> f[n]) ++n;
  if (n < 4) return false;
  // guest time is already counted in user and nice: the first eight fields are the total.
  c.total_jiffies = 0;
  for (int i = 0; i < std::min(n, 8); ++i) c.total_jiffies += f[i];
  c.busy_jiffies = f[0] + f[1] + f[2] + f[5] + f[6];
  c.steal_jiffies = n > 7 ? f[7] : 0;
  return true;
}

bool parse_loadavg(std::string_view text, LoadCounters& c) {
  return std::sscanf(std::string(text).c_str(), "%lf", &c.load1) == 1;
}

bool parse_self_stat(std::string_view text, LoadCounters& c) {
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so fields count from the
  // last ')'. utime and stime are fields 14 and 15, i.e. the 12th and 13th after it.
  auto close = text.rfind(')');
  if (close == std::string_view::npos) return false;
  std::istringstream in(std::string(text.substr(close + 1)));
  std::string field;
  uint64_t utime = 0, stime = 0;
  for (int i = 1; i <= 13; ++i) {
    if (!(in >> field)) return false;
    if (i == 12) utime = std::stoull(field);
    if (i == 13) stime = std::stoull(field);
  }
  c.self_jiffies = utime + stime;
  return true;
}

std::optional<LoadCounters> read_load_counters(const std::string& proc_root) {
  LoadCounters c;
  auto stat = slurp(proc_root + "/stat"), avg = slurp(proc_root + "/loadavg"),
       self = slurp(proc_root + "/self/stat");
  if (!stat || !avg || !self) return std::nullopt;
  if (!parse_proc_stat(*stat, c) || !parse_loadavg(*avg, c) || !parse_self_stat(*self, c))
    return std::nullopt;
  struct rusage ru {};
  if (getrusage(RUSAGE_SELF, &ru) == 0) c.involuntary_switches = ru.ru_nivcsw;
  c.wall_s = steady_seconds();
  return c;
}

LoadSample load_between(const LoadCounters& a, const LoadCounters& b, double start_wall_s,
                        long clk_tck) {
  LoadSample s;
  s.wall_s = b.wall_s - start_wall_s;
  s.load1 = b.load1;
  const double dt = b.wall_s - a.wall_s;
  const double busy = static_cast<double>(b.busy_jiffies - a.busy_jiffies);
  const double self = static_cast<double>(b.self_jiffies - a.self_jiffies);
  if (dt > 0 && clk_tck > 0)
    s.others_cpu = std::max(0.0, (busy - self) / static_cast<double>(clk_tck) / dt);
  const double total = static_cast<double>(b.total_jiffies - a.total_jiffies);
  if (total > 0) s.steal = static_cast<double>(b.steal_jiffies - a.steal_jiffies) / total;
  if (dt > 0)
    s.involuntary_per_s = static_cast<double>(b.involuntary_switches - a.involuntary_switches) / dt;
  return s;
}

LoadSummary summarize_load(const std::vector<LoadSample>& samples, int cores) {
  LoadSummary s;
  s.samples = static_cast<int>(samples.size());
  s.cores = cores;
  if (samples.empty()) return s;
  for (const auto& x : samples) {
    s.mean_others_cpu += x.others_cpu;
    s.max_others_cpu = std::max(s.max_others_cpu, x.others_cpu);
    s.mean_steal += x.steal;
    s.max_load1 = std::max(s.max_load1, x.load1);
    s.involuntary_per_s += x.involuntary_per_s;
  }
  const double n = static_cast<double>(samples.size());
  s.mean_others_cpu /= n, s.mean_steal /= n, s.involuntary_per_s /= n;
  s.busy = s.mean_others_cpu > 0.25 || s.mean_steal > 0.05;
  return s;
}

std::string LoadSummary::describe() const {
  std::string text = busy ? "BUSY: " : "quiet: ";
  text += "other processes used " + fixed(mean_others_cpu, 2) + " of " + std::to_string(cores) +
          " cores on average (max " + fixed(max_others_cpu, 2) + "), steal " +
          fixed(100 * mean_steal, 1) + "%, load average up to " + fixed(max_load1, 2) + ", " +
          fixed(involuntary_per_s, 0) + " involuntary context switches/s (" +
          std::to_string(samples) + " samples)";
  if (busy) text += "; timings may be inflated: measure again on an idle machine";
  return text;
}

struct LoadMonitor::Impl {
  double interval_s;
  std::string root;
  std::thread thread;
  std::mutex mu;
  std::condition_variable cv;
  bool stopping = false;
  std::vector<LoadSample> samples;
  std::optional<LoadCounters> first, last;

  void take() {
    auto now = read_load_counters(root);
    if (!now) return;
    if (!first) first = now;
    if (last) samples.push_back(load_between(*last, *now, first->wall_s, sysconf(_SC_CLK_TCK)));
    last = now;
  }
};

LoadMonitor::LoadMonitor(double interval_s, std::string proc_root)
    : d_(new Impl{interval_s, std::move(proc_root), {}, {}, {}, false, {}, {}, {}}) {}

LoadMonitor::~LoadMonitor() {
  if (d_->thread.joinable()) stop();
  delete d_;
}

void LoadMonitor::start() {
  d_->take();
  d_->thread = std::thread([this] {
    std::unique_lock lock(d_->mu);
    while (!d_->cv.wait_for(lock, std::chrono::duration<double>(d_->interval_s),
                            [this] { return d_->stopping; }))
      d_->take();
  });
}

std::vector<LoadSample> LoadMonitor::stop() {
  {
    std::lock_guard lock(d_->mu);
    d_->stopping = true;
  }
  d_->cv.notify_all();
  if (d_->thread.joinable()) d_->thread.join();
  d_->take();
  return d_->samples;
}

void store_load(store::ResultStore& store, int64_t run_id, const std::vector<LoadSample>& samples) {
  std::vector<store::SeriesPoint> points;
  for (size_t i = 0; i < samples.size(); ++i) {
    const auto& s = samples[i];
    const double values[] = {s.load1, s.others_cpu, s.steal, s.involuntary_per_s};
    for (size_t k = 0; k < std::size(kLoadSeries); ++k)
      points.push_back(
          {0, run_id, 0, kLoadSeries[k], static_cast<int64_t>(i), s.wall_s, values[k]});
  }
  if (!points.empty()) store.add_series(points);
}

namespace {

int recorded_cores(const store::ResultStore& store, int64_t run_id) {
  auto run = store.run(run_id);
  auto env = run ? store.environment(run->environment_id) : std::nullopt;
  if (!env) return 0;
  auto j = nlohmann::json::parse(env->json, nullptr, false);
  return j.is_object() && j.contains("cpu") && j["cpu"].is_object()
             ? j["cpu"].value("logical_cpus", 0)
             : 0;
}

}  // namespace

std::optional<LoadSummary> stored_load(const store::ResultStore& store, int64_t run_id) {
  std::map<int64_t, LoadSample> by_step;
  int64_t after = 0;
  for (;;) {
    auto page = store.series_after(run_id, after, 10000);
    if (page.empty()) break;
    for (const auto& p : page) {
      after = p.id;
      if (p.name.rfind("machine.", 0) != 0 || p.rank != 0) continue;
      auto& s = by_step[p.step];
      s.wall_s = p.wall_time;
      if (p.name == kLoadSeries[0]) s.load1 = p.value;
      if (p.name == kLoadSeries[1]) s.others_cpu = p.value;
      if (p.name == kLoadSeries[2]) s.steal = p.value;
      if (p.name == kLoadSeries[3]) s.involuntary_per_s = p.value;
    }
  }
  if (by_step.empty()) return std::nullopt;
  std::vector<LoadSample> samples;
  for (auto& [step, s] : by_step) samples.push_back(s);
  return summarize_load(samples, recorded_cores(store, run_id));
}

}  // namespace d500::env
