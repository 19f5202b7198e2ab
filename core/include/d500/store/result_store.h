// The result store: one SQLite file per project (WAL, foreign keys, user_version migrations).
// One writer process at a time (the runner; under MPI rank 0), any number of read-only readers.
// Threading: a ResultStore object is used from one thread at a time.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "d500/error.h"

namespace d500::store {

// The schema version this build writes. A store with a higher user_version is refused.
int current_schema_version();

enum class RunStatus { Queued, Running, Succeeded, Failed, Crashed, Interrupted, Cancelled };
std::string_view run_status_name(RunStatus s);  // "queued", "running", ...
std::optional<RunStatus> run_status_from_name(std::string_view name);

struct RunInfo {
  int64_t id = 0;
  std::string name;
  std::string level;      // "operator", "network", "training", "distributed", "collective"
  std::string spec_json;  // the experiment file as run (canonical JSON)
  std::string spec_hash;  // sha256 hex of spec_json
  std::string spec_path;  // where it was read from, informational
  RunStatus status = RunStatus::Queued;
  int exit_code = 0;
  std::string status_reason;  // why it failed / crashed / was interrupted
  double created_at = 0, started_at = 0, finished_at = 0;  // unix seconds; 0 = not yet
  uint64_t seed = 0;
  std::string launcher;        // "local", "mpi:4", "slurm"
  int64_t environment_id = 0;  // 0 = none recorded
  int64_t parent_run_id = 0;   // the run this one re-runs; 0 = none
  int64_t pid = 0;             // writer process, for the interrupted-run rule
  std::string host;
  std::string process_start;  // identity of the process beyond its pid (boot id + start time)
};

struct Environment {
  int64_t id = 0;
  std::string hash;  // sha256 hex of json
  std::string json;
  double captured_at = 0;
};

// One measurement point of one implementation (summaries; raw samples stored beside it).
struct MeasurementRow {
  int64_t id = 0;
  int64_t run_id = 0;
  std::string subject;         // "Gemm M=64 N=64 K=64"
  std::string implementation;  // "reference/default"
  std::string point_json;      // the sweep point, e.g. {"N":64}
  int rank = 0;
  std::string unit = "ns";
  std::string stop_reason;  // measure::stop_reason_name
  std::string error;
  int64_t n = 0;
  double median = 0, ci_lo = 0, ci_hi = 0, ci_level = 0.95;
  bool ci_valid = false;
  double q1 = 0, q3 = 0, min = 0, max = 0, p90 = 0, p99 = 0, p999 = 0;
  double mean = 0, sd = 0, cv = 0;
  int64_t n_outliers = 0;
  double shapiro_w = 0, shapiro_p = 1;
  int64_t block_size = 1, warmup_calls = 0;
  double warmup_ns = 0, first_call_ns = 0;
  double timer_overhead_ns = 0, timer_resolution_ns = 0;
  double minor_faults_per_call = 0, major_faults_per_call = 0, ctx_switches_per_call = 0;
  double flops = 0, bytes = 0;  // per call; 0 = unknown
  std::string policy_json;      // the repetition policy used
  // What the implementation reported running, when it tells (schema 5): a library's kernel
  // name ("jit:avx512_core", "gemm:jit", "ref"); "" when it does not say.
  std::string kernel;
};

struct SeriesPoint {
  int64_t id = 0;
  int64_t run_id = 0;
  int rank = 0;
  std::string name;  // "loss", "test_accuracy", ...
  int64_t step = 0;
  double wall_time = 0;  // seconds since the run started
  double value = 0;
};

struct ValidationRow {
  int64_t id = 0;
  int64_t run_id = 0;
  int64_t measurement_id = 0;  // 0 = not tied to one measurement
  std::string subject;
  std::string metric;  // "rel_l2", "linf", "gradcheck_rel", "bitwise", ...
  double value = 0;
  double tolerance = 0;
  bool passed = false;
  std::string detail;
};

struct LogRow {
  int64_t id = 0;
  int64_t run_id = 0;
  double time = 0;
  std::string level;  // "info", "warning", "error"
  std::string text;
};

struct ArtifactRow {
  int64_t id = 0;
  int64_t run_id = 0;
  std::string name;
  std::string mime;
  std::vector<uint8_t> data;
};

class ResultStore {
 public:
  enum class Mode { ReadWrite, ReadOnly };

  // Opens (ReadWrite: creating and migrating as needed) the store at `path`. Refuses a store whose
  // schema is newer than this build, without modifying it. In ReadWrite mode, runs left "running"
  // by a process that no longer exists on this host are marked interrupted.
  static Result<std::unique_ptr<ResultStore>> open(const std::string& path, Mode mode);
  ~ResultStore();
  ResultStore(const ResultStore&) = delete;
  ResultStore& operator=(const ResultStore&) = delete;

  const std::string& path() const;
  int schema_version() const;

  // --- writing (ReadWrite only). Each throws D500Error with the store's path on failure. ---
  int64_t put_environment(const std::string& json);  // deduplicated by hash; returns its id
  int64_t create_run(const RunInfo& run);            // id, pid, host filled in by the store
  void start_run(int64_t run_id);                    // status running, started_at now
  void finish_run(int64_t run_id, RunStatus status, int exit_code, const std::string& reason);
  // context_words: empty, or four counters per sample (measure::context_words()).
  int64_t add_measurement(const MeasurementRow& m, std::span<const double> samples_ns,
                          std::span<const uint32_t> context_words = {});
  void add_series(std::span<const SeriesPoint> points);  // one transaction for the batch
  int64_t add_validation(const ValidationRow& v);
  void add_log(int64_t run_id, std::string_view level, std::string_view text);
  int64_t add_artifact(const ArtifactRow& a);

  // --- reading ---
  std::vector<RunInfo> runs() const;
  std::optional<RunInfo> run(int64_t id) const;
  std::optional<Environment> environment(int64_t id) const;
  std::vector<MeasurementRow> measurements(int64_t run_id) const;
  std::vector<double> samples(int64_t measurement_id) const;
  std::vector<uint32_t> sample_context_words(int64_t measurement_id) const;  // empty: none kept
  // Live readers poll with the last id they saw: rows with id > after_id, in id order.
  std::vector<SeriesPoint> series_after(int64_t run_id, int64_t after_id, size_t limit) const;
  std::vector<MeasurementRow> measurements_after(int64_t run_id, int64_t after_id) const;
  std::vector<ValidationRow> validations(int64_t run_id) const;
  std::vector<LogRow> logs(int64_t run_id) const;
  std::vector<ArtifactRow> artifacts(int64_t run_id) const;
  // PRAGMA integrity_check; "ok" when sound.
  std::string integrity_check() const;

 private:
  struct Impl;
  explicit ResultStore(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// Batches series points and writes them in one transaction per `batch_rows` points or every
// `max_delay_ms`, whichever comes first (checked on add), and on flush()/destruction.
class SeriesWriter {
 public:
  SeriesWriter(ResultStore& store, size_t batch_rows = 1000, double max_delay_ms = 100);
  ~SeriesWriter();
  void add(SeriesPoint p);
  void flush();

 private:
  ResultStore& store_;
  size_t batch_rows_;
  double max_delay_ms_;
  std::vector<SeriesPoint> buffer_;
  double last_flush_ms_;
};

// sha256 of bytes, lowercase hex; used for spec and environment hashes.
std::string sha256_hex(std::string_view bytes);

}  // namespace d500::store
