// Noise you can see: while a run measures, the runner samples the machine's load (the load
// average, CPU time used by other processes, CPU steal, this process's involuntary context
// switches) and stores it with the run as series named "machine.*", so `d500 show`, the studio's
// dashboards and comparisons can say when a machine was busy instead of "identical environment".
// Two runs of one Conv experiment here once differed 24-237x while another process ran.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace d500::store {
class ResultStore;
}

namespace d500::env {

// Cumulative counters at one moment (the /proc files' own units: jiffies, switches).
struct LoadCounters {
  double wall_s = 0;          // a steady clock, seconds
  double load1 = 0;           // 1-minute load average
  uint64_t busy_jiffies = 0;  // all CPUs: user+nice+system+irq+softirq (not idle, iowait, steal)
  uint64_t steal_jiffies = 0;
  uint64_t total_jiffies = 0;        // every field of the "cpu" line
  uint64_t self_jiffies = 0;         // this process's utime+stime (all its threads)
  int64_t involuntary_switches = 0;  // this process, getrusage's ru_nivcsw
};

// What happened between two counter readings.
struct LoadSample {
  double wall_s = 0;  // at the later reading, seconds since the first of the run
  double load1 = 0;
  double others_cpu = 0;  // cores' worth of CPU used by other processes over the interval
  double steal = 0;       // fraction of all CPU time stolen by the hypervisor
  double involuntary_per_s = 0;
};

struct LoadSummary {
  int samples = 0;
  int cores = 0;
  double mean_others_cpu = 0, max_others_cpu = 0;
  double mean_steal = 0;
  double max_load1 = 0;
  double involuntary_per_s = 0;  // mean
  bool busy = false;
  // "quiet: other processes used 0.02 cores on average ..." or "BUSY: ...".
  std::string describe() const;
};

// Parsers of the /proc texts (pure, for tests): false when the text is not in the expected form.
bool parse_proc_stat(std::string_view text, LoadCounters& c);  // the "cpu " line
bool parse_loadavg(std::string_view text, LoadCounters& c);
bool parse_self_stat(std::string_view text, LoadCounters& c);  // /proc/self/stat utime, stime

// Reads the counters now from a /proc tree (tests pass a folder of fake files); nullopt when a
// file is missing or malformed (not Linux, a restricted container): then nothing is sampled.
std::optional<LoadCounters> read_load_counters(const std::string& proc_root = "/proc");

// The interval between two readings; clk_tck is sysconf(_SC_CLK_TCK).
LoadSample load_between(const LoadCounters& a, const LoadCounters& b, double start_wall_s,
                        long clk_tck);

// The machine counts as busy when other processes used more than a quarter of a core on average,
// or the hypervisor stole more than 5% of the CPU time.
LoadSummary summarize_load(const std::vector<LoadSample>& samples, int cores);

// Samples every `interval_s` on a thread of its own from start() to stop(). Cheap: a few small
// file reads per sample, none on the measuring thread.
class LoadMonitor {
 public:
  explicit LoadMonitor(double interval_s = 0.5, std::string proc_root = "/proc");
  ~LoadMonitor();
  LoadMonitor(const LoadMonitor&) = delete;
  LoadMonitor& operator=(const LoadMonitor&) = delete;
  void start();
  // Stops the thread and returns every sample (one more is taken at stop, so a short run has one).
  std::vector<LoadSample> stop();

 private:
  struct Impl;
  Impl* d_;
};

// Series names the samples are stored under.
inline constexpr const char* kLoadSeries[] = {"machine.load1", "machine.others_cpu",
                                              "machine.steal", "machine.involuntary_per_s"};
// Writes the samples as series of run_id (rank 0).
void store_load(store::ResultStore& store, int64_t run_id, const std::vector<LoadSample>& samples);
// Reads them back and summarizes against the core count of the run's recorded environment (0 when
// none is recorded); nullopt for runs stored before sampling existed.
std::optional<LoadSummary> stored_load(const store::ResultStore& store, int64_t run_id);

}  // namespace d500::env
