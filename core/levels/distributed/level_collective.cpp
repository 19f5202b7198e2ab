// Level "collective": allreduce, allgather and broadcast over message sizes doubling from
// min_bytes to max_bytes, on every rank of the job (collective_benchmark.h). Every rank times
// every call; rank 0 checks and stores the critical path (the slowest rank per call) and each
// rank's own samples; algbw and busbw (nccl-tests' factors) are stored as series beside the
// measurements, and at the end every rank's communication counters reach rank 0 as series of that
// rank.
#include <algorithm>
#include <random>

#include "d500/distributed/collective_benchmark.h"
#include "d500/distributed/distributed_spec.h"
#include "d500/distributed/series_gather.h"
#include "d500/operators/operator_benchmark.h"
#include "d500/scaling/collective_models.h"
#include "levels.h"

namespace d500::run {

namespace {

using distributed::Collective;
using distributed::Communicator;

// The section as check_experiment accepted it.
distributed::CollectiveSpec parse_section(const spec::Experiment& e, const std::string& source) {
  auto s = distributed::parse_collective(e.sections.value("collective", nlohmann::json::object()),
                                         source);
  if (!s) throw Failure{kBadInput, s.error().to_string()};
  return std::move(s).value();
}

std::string size_label(int64_t b) {
  if (b >= (1 << 20) && b % (1 << 20) == 0) return std::to_string(b >> 20) + " MiB";
  if (b >= 1024 && b % 1024 == 0) return std::to_string(b >> 10) + " KiB";
  return std::to_string(b) + " B";
}

// Every rank's communication counters, as series of that rank, on rank 0.
std::vector<store::SeriesPoint> comm_series(Communicator& comm, int64_t run_id) {
  std::vector<store::SeriesPoint> mine;
  for (size_t k = 0; k < distributed::kCallKinds; ++k) {
    const distributed::CallStats s = comm.stats().by_kind[k];
    if (s.calls == 0) continue;
    const std::string base =
        "comm." + std::string(distributed::call_kind_name(static_cast<distributed::CallKind>(k))) +
        ".";
    for (auto [name, v] : {std::pair{"calls", static_cast<double>(s.calls)},
                           std::pair{"bytes_sent", static_cast<double>(s.bytes_sent)},
                           std::pair{"bytes_received", static_cast<double>(s.bytes_received)},
                           std::pair{"time_s", static_cast<double>(s.time_ns) * 1e-9}})
      mine.push_back({0, run_id, comm.rank(), base + name, 0, 0, v});
  }
  // Other ranks wrote their scratch store's run id; on rank 0 the points belong to its run.
  auto all = distributed::gather_series(comm, mine, 0);
  for (auto& p : all) p.run_id = run_id;
  return all;
}

// Every rank's own time per call, one measurement per rank (rank r, point "of_rank": r) beside
// the critical-path one.
void store_rank_samples(LevelContext& ctx, const store::MeasurementRow& main, nlohmann::json point,
                        const distributed::CollectiveMeasurement& cm) {
  for (size_t r = 0; r < cm.rank_samples.size(); ++r) {
    measure::Measurement mr;
    mr.samples_ns = cm.rank_samples[r];
    mr.summary = stats::summarize(mr.samples_ns, ctx.e.repetition.confidence);
    mr.block_size = cm.m.block_size;
    mr.timer = cm.m.timer;
    mr.stop = cm.m.stop;
    store::MeasurementRow row = operators::measurement_row(mr);
    row.run_id = main.run_id;
    row.rank = static_cast<int>(r);
    row.subject = main.subject + " [rank " + std::to_string(r) + "]";
    row.implementation = main.implementation;
    point["of_rank"] = r;
    row.point_json = point.dump();
    row.bytes = main.bytes;
    row.policy_json = main.policy_json;
    ctx.store.add_measurement(row, mr.samples_ns);
  }
}

// Rank 0 stores one point of the sweep: the critical-path measurement (samples kept), each
// rank's own, the bandwidths as series and the values' check as a validation row. Its error, if
// the measurement failed, goes to `errors`.
void store_point(LevelContext& ctx, Collective op, int64_t bytes, DType dtype,
                 const std::string& policy_json, const distributed::CollectiveMeasurement& cm,
                 const distributed::CollectiveCheck& check, std::vector<std::string>& errors) {
  const Communicator& comm = Communicator::world();
  const int n = comm.size();
  const std::string name(distributed::collective_name(op));
  const std::string label = name + " " + size_label(bytes);
  store::MeasurementRow row = operators::measurement_row(cm.m);
  row.run_id = ctx.run_id;
  row.subject = label;
  row.implementation = std::string(comm.backend()) + ":" + std::to_string(n);
  const double factor = distributed::busbw_factor(op, n);
  nlohmann::json point{{"op", name},
                       {"bytes", bytes},
                       {"ranks", n},
                       {"dtype", std::string(dtype_name(dtype))},
                       {"busbw_factor", factor},
                       {"sample", "max over ranks"}};
  if (n > 1) point["ranks_differ"] = {{"h", cm.ranks_differ.h}, {"p", cm.ranks_differ.p_value}};
  row.point_json = point.dump();
  row.bytes = distributed::algbw_bytes(op, static_cast<size_t>(bytes), n);
  row.policy_json = policy_json;
  const int64_t mid = ctx.store.add_measurement(row, cm.m.samples_ns);
  if (n > 1) store_rank_samples(ctx, row, point, cm);
  if (row.error.empty() && row.median > 0) {
    const double algbw = row.bytes / row.median;  // bytes per ns = GB/s
    std::vector<store::SeriesPoint> bw{{0, ctx.run_id, 0, name + ".algbw_gbps", bytes, 0, algbw}};
    if (factor > 0)
      bw.push_back({0, ctx.run_id, 0, name + ".busbw_gbps", bytes, 0, algbw * factor});
    ctx.store.add_series(bw);
  } else if (!row.error.empty()) {
    errors.push_back(label + ": " + row.error);
  }
  store::ValidationRow v;
  v.run_id = ctx.run_id;
  v.measurement_id = mid;
  v.subject = label;
  v.metric = "max_abs_error";
  v.value = check.max_abs_error;
  v.tolerance = 0;
  v.passed = check.passed;
  v.detail = check.detail;
  ctx.store.add_validation(v);
}

// The run's latency and bandwidth model per operation (issue 36): `d500 scaling` shows them with
// their error at every size. A sweep too short to fit stores none.
void store_models(LevelContext& ctx) {
  try {
    const auto models = scaling::collective_models(ctx.store, ctx.run_id);
    if (models.empty()) return;
    const std::string text = scaling::to_json(models);
    ctx.store.add_artifact({0, ctx.run_id, scaling::kCollectiveModelArtifact, "application/json",
                            std::vector<uint8_t>(text.begin(), text.end())});
  } catch (const D500Error& e) {
    ctx.observer.log("warning", std::string("no collective model stored: ") + e.what());
  }
}

// How the sweep ended: cancelled, with failed measurements, with wrong values, or plainly.
void conclude(LevelOutcome& out, bool cancelled, size_t done, size_t invalid) {
  if (cancelled) {
    out.status = store::RunStatus::Cancelled;
    out.code = kCancelled;
    out.reason = "cancelled; " + std::to_string(done) + " measurements kept";
  } else if (!out.errors.empty()) {
    out.status = store::RunStatus::Failed;
    out.code = kRunFailed;
    out.reason =
        std::to_string(out.errors.size()) + " measurements failed; first: " + out.errors.front();
  } else if (invalid > 0) {
    out.status = store::RunStatus::Failed;
    out.code = kRunFailed;
    out.reason = std::to_string(invalid) + " of " + std::to_string(done) +
                 " collectives delivered wrong values (see `d500 show`)";
  }
}

LevelOutcome run_collectives(LevelContext& ctx) {
  Communicator& comm = Communicator::world();
  const bool writer = comm.rank() == 0;
  const distributed::CollectiveSpec sec = parse_section(ctx.e, ctx.spec_path);
  std::vector<std::pair<Collective, int64_t>> points;
  for (Collective op : sec.ops)
    for (int64_t b : sec.sizes()) points.emplace_back(op, b);
  // Seeded: every rank draws the same order (the experiment is the same on every rank).
  std::mt19937_64 rng(ctx.e.seed);
  std::shuffle(points.begin(), points.end(), rng);

  const measure::TimerInfo timer = measure::calibrate_timer();
  const std::string policy_json = spec::policy_to_json(ctx.e.repetition).dump();
  LevelOutcome out;
  size_t done = 0, invalid = 0;
  bool cancelled = false;
  for (const auto& [op, bytes] : points) {
    // Rank 0 decides whether to go on, outside any timed region.
    int32_t go = writer ? !ctx.cancel.load() : 0;
    comm.broadcast(&go, sizeof go, 0);
    if (!go) {
      cancelled = true;
      break;
    }
    distributed::CollectiveMeasurement cm = distributed::measure_collective(
        comm, op, static_cast<size_t>(bytes), sec.dtype, ctx.e.repetition, timer, &ctx.cancel);
    distributed::CollectiveCheck check =
        distributed::check_collective(comm, op, static_cast<size_t>(bytes), sec.dtype);
    ++done;
    if (!check.passed) ++invalid;
    if (!writer) continue;
    const measure::Measurement& m = cm.m;
    if (m.stop == measure::StopReason::Cancelled) cancelled = true;
    store_point(ctx, op, bytes, sec.dtype, policy_json, cm, check, out.errors);
    ctx.observer.progress({done, points.size(),
                           std::string(distributed::collective_name(op)) + " " + size_label(bytes),
                           static_cast<int64_t>(m.samples_ns.size()),
                           m.summary.ci_valid && m.summary.median > 0
                               ? (m.summary.ci_hi - m.summary.ci_lo) / 2 / m.summary.median
                               : 0});
  }
  auto series = comm_series(comm, ctx.run_id);
  if (writer) {
    ctx.store.add_series(series);
    store_models(ctx);
  }
  out.summary = {{"measurements", done}, {"invalid", invalid}, {"ranks", comm.size()}};
  conclude(out, cancelled, done, invalid);
  return out;
}

}  // namespace

const Level kCollectiveLevel{"collective", &run_collectives, true};

}  // namespace d500::run
