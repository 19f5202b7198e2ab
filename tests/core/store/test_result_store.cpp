// Round trips through every table, the series writer, and sha256.
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <limits>

#include "d500/store/result_store.h"
#include "schema.h"
#include "store_test_util.h"

namespace d500::store {
namespace {

using test::RawDb;
using test::TempDir;

std::unique_ptr<ResultStore> open_rw(const std::string& path) {
  auto r = ResultStore::open(path, ResultStore::Mode::ReadWrite);
  if (!r) throw std::runtime_error(r.error().to_string());
  return std::move(r).value();
}
std::unique_ptr<ResultStore> open_ro(const std::string& path) {
  auto r = ResultStore::open(path, ResultStore::Mode::ReadOnly);
  if (!r) throw std::runtime_error(r.error().to_string());
  return std::move(r).value();
}

RunInfo sample_run() {
  RunInfo r;
  r.name = "gemm sweep";
  r.level = "operator";
  r.spec_json = R"({"level":"operator","name":"gemm sweep"})";
  r.spec_path = "/home/u/gemm.json";
  r.exit_code = 3;
  r.status_reason = "queued by test";
  r.created_at = 1700000000.25;
  r.seed = std::numeric_limits<uint64_t>::max() - 5;  // does not fit int64: stored by its bits
  r.launcher = "mpi:4";
  return r;
}

MeasurementRow sample_measurement(int64_t run_id) {
  MeasurementRow m;
  m.run_id = run_id;
  m.subject = "Gemm M=64 N=64 K=64";
  m.implementation = "reference/default";
  m.point_json = R"({"N":64})";
  m.rank = 2;
  m.unit = "ns";
  m.stop_reason = "ci_reached";
  m.error = "";
  m.n = 1234;
  // Distinct values everywhere, so a swapped pair of columns cannot go unnoticed.
  double* fields[] = {&m.median,
                      &m.ci_lo,
                      &m.ci_hi,
                      &m.ci_level,
                      &m.q1,
                      &m.q3,
                      &m.min,
                      &m.max,
                      &m.p90,
                      &m.p99,
                      &m.p999,
                      &m.mean,
                      &m.sd,
                      &m.cv,
                      &m.shapiro_w,
                      &m.shapiro_p,
                      &m.warmup_ns,
                      &m.first_call_ns,
                      &m.timer_overhead_ns,
                      &m.timer_resolution_ns,
                      &m.minor_faults_per_call,
                      &m.major_faults_per_call,
                      &m.ctx_switches_per_call,
                      &m.flops,
                      &m.bytes};
  double v = 1.5;
  for (double* f : fields) *f = (v += 1.125);
  m.ci_valid = true;
  m.n_outliers = 17;
  m.block_size = 8;
  m.warmup_calls = 99;
  m.policy_json = R"({"min_time_s":1})";
  m.kernel = "brg:avx512_core";  // schema 5
  return m;
}

void expect_same(const MeasurementRow& a, const MeasurementRow& b) {
  EXPECT_EQ(a.run_id, b.run_id);
  EXPECT_EQ(a.subject, b.subject);
  EXPECT_EQ(a.implementation, b.implementation);
  EXPECT_EQ(a.point_json, b.point_json);
  EXPECT_EQ(a.rank, b.rank);
  EXPECT_EQ(a.unit, b.unit);
  EXPECT_EQ(a.stop_reason, b.stop_reason);
  EXPECT_EQ(a.error, b.error);
  EXPECT_EQ(a.n, b.n);
  EXPECT_EQ(a.ci_valid, b.ci_valid);
  EXPECT_EQ(a.n_outliers, b.n_outliers);
  EXPECT_EQ(a.block_size, b.block_size);
  EXPECT_EQ(a.warmup_calls, b.warmup_calls);
  EXPECT_EQ(a.policy_json, b.policy_json);
  EXPECT_EQ(a.kernel, b.kernel);
  const double MeasurementRow::*doubles[] = {&MeasurementRow::median,
                                             &MeasurementRow::ci_lo,
                                             &MeasurementRow::ci_hi,
                                             &MeasurementRow::ci_level,
                                             &MeasurementRow::q1,
                                             &MeasurementRow::q3,
                                             &MeasurementRow::min,
                                             &MeasurementRow::max,
                                             &MeasurementRow::p90,
                                             &MeasurementRow::p99,
                                             &MeasurementRow::p999,
                                             &MeasurementRow::mean,
                                             &MeasurementRow::sd,
                                             &MeasurementRow::cv,
                                             &MeasurementRow::shapiro_w,
                                             &MeasurementRow::shapiro_p,
                                             &MeasurementRow::warmup_ns,
                                             &MeasurementRow::first_call_ns,
                                             &MeasurementRow::timer_overhead_ns,
                                             &MeasurementRow::timer_resolution_ns,
                                             &MeasurementRow::minor_faults_per_call,
                                             &MeasurementRow::major_faults_per_call,
                                             &MeasurementRow::ctx_switches_per_call,
                                             &MeasurementRow::flops,
                                             &MeasurementRow::bytes};
  for (size_t i = 0; i < std::size(doubles); ++i)
    EXPECT_EQ(a.*doubles[i], b.*doubles[i]) << "double field #" << i;
}

TEST(ResultStore, FreshStoreHasCurrentSchemaAndPragmas) {
  TempDir dir;
  std::string path = dir.file("p.d500db");
  {
    auto s = open_rw(path);
    EXPECT_EQ(s->schema_version(), current_schema_version());
    EXPECT_EQ(s->path(), path);
    EXPECT_EQ(s->integrity_check(), "ok");
  }
  RawDb raw(path, SQLITE_OPEN_READONLY);
  EXPECT_EQ(raw.text("PRAGMA journal_mode"), "wal");
  EXPECT_EQ(raw.integer("PRAGMA user_version"), current_schema_version());
  EXPECT_EQ(raw.integer("PRAGMA application_id"), detail::kApplicationId);
}

TEST(ResultStore, EnvironmentsAreDeduplicatedByHash) {
  TempDir dir;
  auto s = open_rw(dir.file("p.d500db"));
  int64_t a = s->put_environment(R"({"cpu":"x"})");
  int64_t b = s->put_environment(R"({"cpu":"x"})");
  int64_t c = s->put_environment(R"({"cpu":"y"})");
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  auto e = s->environment(a);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->id, a);
  EXPECT_EQ(e->json, R"({"cpu":"x"})");
  EXPECT_EQ(e->hash, sha256_hex(R"({"cpu":"x"})"));
  EXPECT_GT(e->captured_at, 1.6e9);
  EXPECT_FALSE(s->environment(9999));
}

TEST(ResultStore, RunsRoundTripAndLifecycle) {
  TempDir dir;
  std::string path = dir.file("p.d500db");
  auto s = open_rw(path);
  RunInfo in = sample_run();
  in.environment_id = s->put_environment("{}");
  int64_t first = s->create_run(in);
  in.parent_run_id = first;
  int64_t id = s->create_run(in);
  EXPECT_GT(id, first);

  auto r = s->run(id);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->id, id);
  EXPECT_EQ(r->name, in.name);
  EXPECT_EQ(r->level, in.level);
  EXPECT_EQ(r->spec_json, in.spec_json);
  EXPECT_EQ(r->spec_hash, sha256_hex(in.spec_json));  // filled in when not given
  EXPECT_EQ(r->spec_path, in.spec_path);
  EXPECT_EQ(r->status, RunStatus::Queued);
  EXPECT_EQ(r->exit_code, 3);
  EXPECT_EQ(r->status_reason, in.status_reason);
  EXPECT_EQ(r->created_at, in.created_at);
  EXPECT_EQ(r->started_at, 0);
  EXPECT_EQ(r->finished_at, 0);
  EXPECT_EQ(r->seed, in.seed);
  EXPECT_EQ(r->launcher, "mpi:4");
  EXPECT_EQ(r->environment_id, in.environment_id);
  EXPECT_EQ(r->parent_run_id, first);
  EXPECT_EQ(r->pid, getpid());
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  EXPECT_EQ(r->host, host);
  EXPECT_NE(r->process_start.find(':'), std::string::npos) << r->process_start;
  EXPECT_EQ(s->run(first)->parent_run_id, 0);

  s->start_run(id);
  r = s->run(id);
  EXPECT_EQ(r->status, RunStatus::Running);
  EXPECT_GT(r->started_at, 1.6e9);
  s->finish_run(id, RunStatus::Failed, 7, "plugin threw");
  r = s->run(id);
  EXPECT_EQ(r->status, RunStatus::Failed);
  EXPECT_EQ(r->exit_code, 7);
  EXPECT_EQ(r->status_reason, "plugin threw");
  EXPECT_GE(r->finished_at, r->started_at);

  auto all = s->runs();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].id, first);
  EXPECT_EQ(all[1].id, id);
  EXPECT_FALSE(s->run(12345));
  EXPECT_THROW(s->start_run(12345), D500Error);
  EXPECT_THROW(s->finish_run(12345, RunStatus::Succeeded, 0, ""), D500Error);
}

TEST(ResultStore, StatusNamesRoundTrip) {
  for (auto st : {RunStatus::Queued, RunStatus::Running, RunStatus::Succeeded, RunStatus::Failed,
                  RunStatus::Crashed, RunStatus::Interrupted, RunStatus::Cancelled})
    EXPECT_EQ(run_status_from_name(run_status_name(st)), st);
  EXPECT_EQ(run_status_name(RunStatus::Interrupted), "interrupted");
  EXPECT_FALSE(run_status_from_name("bogus"));
}

TEST(ResultStore, MeasurementsAndSamplesRoundTrip) {
  TempDir dir;
  std::string path = dir.file("p.d500db");
  auto s = open_rw(path);
  int64_t run = s->create_run(sample_run());
  MeasurementRow m = sample_measurement(run);
  std::vector<double> samples = {3.5, 1.25, 2.0, 1e9, 0.0, 7.75};
  int64_t a = s->add_measurement(m, samples);
  MeasurementRow m2 = m;
  m2.subject = "second";
  m2.error = "did not converge";
  int64_t b = s->add_measurement(m2, {});
  EXPECT_GT(b, a);

  auto rows = s->measurements(run);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].id, a);
  expect_same(rows[0], m);
  expect_same(rows[1], m2);
  EXPECT_EQ(s->samples(a), samples);  // in measured order, not sorted
  EXPECT_TRUE(s->samples(b).empty());

  auto after = s->measurements_after(run, a);
  ASSERT_EQ(after.size(), 1u);
  EXPECT_EQ(after[0].id, b);
  EXPECT_TRUE(s->measurements_after(run, b).empty());

  MeasurementRow orphan = m;
  orphan.run_id = 999;
  EXPECT_THROW(s->add_measurement(orphan, samples), D500Error);
  EXPECT_EQ(s->measurements(run).size(), 2u);

  // A read-only reader sees the same thing.
  auto ro = open_ro(path);
  auto ro_rows = ro->measurements(run);
  ASSERT_EQ(ro_rows.size(), 2u);
  expect_same(ro_rows[0], m);
  EXPECT_EQ(ro->samples(a), samples);
}

// Each sample's context (four counters per sample) is kept beside the samples, in their order.
TEST(ResultStore, SampleContextRoundTrips) {
  TempDir dir;
  std::string path = dir.file("p.d500db");
  auto s = open_rw(path);
  int64_t run = s->create_run(sample_run());
  const std::vector<double> samples = {3.5, 1.25};
  const std::vector<uint32_t> words = {1, 0, 2, 0, 70000, 1, 0, 4000000000u};
  int64_t a = s->add_measurement(sample_measurement(run), samples, words);
  int64_t b = s->add_measurement(sample_measurement(run), samples);
  EXPECT_EQ(s->sample_context_words(a), words);
  EXPECT_TRUE(s->sample_context_words(b).empty());
  EXPECT_EQ(open_ro(path)->sample_context_words(a), words);
}

TEST(ResultStore, SeriesRoundTripAndPaging) {
  TempDir dir;
  auto s = open_rw(dir.file("p.d500db"));
  int64_t run = s->create_run(sample_run());
  int64_t other = s->create_run(sample_run());
  std::vector<SeriesPoint> pts;
  for (int i = 0; i < 10; ++i)
    pts.push_back({0, i % 2 ? other : run, i % 3, i % 2 ? "loss" : "accuracy", i * 10, 0.5 * i,
                   1.0 / (i + 1)});
  s->add_series(pts);
  auto got = s->series_after(run, 0, 100);
  ASSERT_EQ(got.size(), 5u);
  for (size_t k = 0; k < got.size(); ++k) {
    const SeriesPoint& want = pts[2 * k];
    EXPECT_EQ(got[k].run_id, run);
    EXPECT_EQ(got[k].rank, want.rank);
    EXPECT_EQ(got[k].name, want.name);
    EXPECT_EQ(got[k].step, want.step);
    EXPECT_EQ(got[k].wall_time, want.wall_time);
    EXPECT_EQ(got[k].value, want.value);
    if (k) EXPECT_GT(got[k].id, got[k - 1].id);
  }
  auto page = s->series_after(run, got[1].id, 2);
  ASSERT_EQ(page.size(), 2u);
  EXPECT_EQ(page[0].id, got[2].id);
  EXPECT_EQ(page[1].id, got[3].id);
  EXPECT_EQ(s->series_after(run, 0, SIZE_MAX).size(), 5u);
  EXPECT_TRUE(s->series_after(run, got.back().id, 100).empty());
  s->add_series({});
}

TEST(ResultStore, LargeSeriesBatchesKeepOrderAndFields) {
  // Batches are written several rows to a statement; sizes around that chunk and a remainder.
  TempDir dir;
  auto s = open_rw(dir.file("p.d500db"));
  int64_t run = s->create_run(sample_run());
  std::vector<SeriesPoint> pts;
  for (int i = 0; i < 1234; ++i)
    pts.push_back({0, run, i % 5, "m" + std::to_string(i % 7), i, 0.25 * i, -1.0 * i});
  int64_t n = 0;
  for (size_t len : {1, 49, 50, 51, 100, 983}) {
    s->add_series(std::span(pts).subspan(n, len));
    n += int64_t(len);
  }
  ASSERT_EQ(n, 1234);
  auto got = s->series_after(run, 0, SIZE_MAX);
  ASSERT_EQ(got.size(), pts.size());
  for (size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].step, pts[i].step);
    EXPECT_EQ(got[i].rank, pts[i].rank);
    EXPECT_EQ(got[i].name, pts[i].name);
    EXPECT_EQ(got[i].wall_time, pts[i].wall_time);
    EXPECT_EQ(got[i].value, pts[i].value);
    if (i) EXPECT_GT(got[i].id, got[i - 1].id);
  }
  // A bad row deep inside a large batch rolls back the whole batch.
  pts[700].run_id = 999;
  EXPECT_THROW(s->add_series(pts), D500Error);
  EXPECT_EQ(s->series_after(run, 0, SIZE_MAX).size(), 1234u);
}

TEST(ResultStore, FailedSeriesBatchLeavesNothingAndNamesTheStore) {
  TempDir dir;
  std::string path = dir.file("p.d500db");
  auto s = open_rw(path);
  int64_t run = s->create_run(sample_run());
  std::vector<SeriesPoint> pts = {{0, run, 0, "loss", 1, 0, 1}, {0, 424242, 0, "loss", 2, 0, 1}};
  try {
    s->add_series(pts);
    FAIL() << "a point of a missing run was accepted";
  } catch (const D500Error& e) {
    std::string what = e.what();
    EXPECT_NE(what.find(path), std::string::npos) << what;
    EXPECT_NE(what.find("FOREIGN KEY constraint failed"), std::string::npos) << what;
  }
  EXPECT_TRUE(s->series_after(run, 0, 100).empty());
  s->add_series(std::span(pts).first(1));  // the store is usable after the rollback
  EXPECT_EQ(s->series_after(run, 0, 100).size(), 1u);
}

TEST(ResultStore, ValidationsLogsArtifactsRoundTrip) {
  TempDir dir;
  std::string path = dir.file("p.d500db");
  auto s = open_rw(path);
  int64_t run = s->create_run(sample_run());
  int64_t mid = s->add_measurement(sample_measurement(run), std::vector<double>{1.0});

  ValidationRow v{0, run, mid, "Conv", "rel_l2", 1.5e-7, 1e-5, true, "vs reference"};
  ValidationRow w{0, run, 0, "Gemm", "bitwise", 1, 0, false, "differs at [3]"};
  int64_t vid = s->add_validation(v);
  s->add_validation(w);
  auto vals = s->validations(run);
  ASSERT_EQ(vals.size(), 2u);
  EXPECT_EQ(vals[0].id, vid);
  EXPECT_EQ(vals[0].measurement_id, mid);
  EXPECT_EQ(vals[0].subject, "Conv");
  EXPECT_EQ(vals[0].metric, "rel_l2");
  EXPECT_EQ(vals[0].value, 1.5e-7);
  EXPECT_EQ(vals[0].tolerance, 1e-5);
  EXPECT_TRUE(vals[0].passed);
  EXPECT_EQ(vals[0].detail, "vs reference");
  EXPECT_EQ(vals[1].measurement_id, 0);
  EXPECT_FALSE(vals[1].passed);

  s->add_log(run, "info", "started");
  s->add_log(run, "error", std::string("with\0nul", 8));
  auto logs = s->logs(run);
  ASSERT_EQ(logs.size(), 2u);
  EXPECT_EQ(logs[0].level, "info");
  EXPECT_EQ(logs[0].text, "started");
  EXPECT_EQ(logs[0].run_id, run);
  EXPECT_GT(logs[0].time, 1.6e9);
  EXPECT_EQ(logs[1].text, std::string("with\0nul", 8));

  ArtifactRow art{0, run, "heatmap.png", "image/png", {0x89, 'P', 'N', 'G', 0, 0xff}};
  ArtifactRow empty{0, run, "empty.bin", "application/octet-stream", {}};
  int64_t aid = s->add_artifact(art);
  s->add_artifact(empty);
  auto arts = s->artifacts(run);
  ASSERT_EQ(arts.size(), 2u);
  EXPECT_EQ(arts[0].id, aid);
  EXPECT_EQ(arts[0].name, "heatmap.png");
  EXPECT_EQ(arts[0].mime, "image/png");
  EXPECT_EQ(arts[0].data, art.data);
  EXPECT_TRUE(arts[1].data.empty());
  EXPECT_TRUE(s->artifacts(run + 1).empty());
  EXPECT_EQ(s->integrity_check(), "ok");

  s.reset();
  auto ro = open_ro(path);
  EXPECT_EQ(ro->validations(run).size(), 2u);
  EXPECT_EQ(ro->logs(run).size(), 2u);
  EXPECT_EQ(ro->artifacts(run)[0].data, art.data);
}

TEST(ResultStore, ReadOnlyStoreRefusesWrites) {
  TempDir dir;
  std::string path = dir.file("p.d500db");
  open_rw(path)->create_run(sample_run());
  std::string before = test::file_bytes(path);
  auto ro = open_ro(path);
  EXPECT_THROW(ro->create_run(sample_run()), D500Error);
  EXPECT_THROW(ro->add_log(1, "info", "x"), D500Error);
  EXPECT_THROW(ro->add_series(std::vector<SeriesPoint>{{0, 1, 0, "x", 0, 0, 0}}), D500Error);
  EXPECT_EQ(ro->runs().size(), 1u);
  EXPECT_EQ(test::file_bytes(path), before);
}

TEST(ResultStore, ReadOnlyFileIsRefusedForWriting) {
  if (geteuid() == 0) GTEST_SKIP() << "root may write a file without write permission";
  TempDir dir;
  std::string path = dir.file("p.d500db");
  open_rw(path).reset();
  std::filesystem::permissions(path, std::filesystem::perms::owner_read);
  auto r = ResultStore::open(path, ResultStore::Mode::ReadWrite);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().to_string().find("read-only"), std::string::npos) << r.error().to_string();
  EXPECT_TRUE(ResultStore::open(path, ResultStore::Mode::ReadOnly));
}

TEST(SeriesWriter, FlushesPerBatchOnFlushAndOnDestruction) {
  TempDir dir;
  auto s = open_rw(dir.file("p.d500db"));
  int64_t run = s->create_run(sample_run());
  auto count = [&] { return s->series_after(run, 0, SIZE_MAX).size(); };
  {
    SeriesWriter w(*s, 10, 1e9);
    for (int i = 0; i < 25; ++i) w.add({0, run, 0, "loss", i, 0, double(i)});
    EXPECT_EQ(count(), 20u);
    w.flush();
    EXPECT_EQ(count(), 25u);
    w.add({0, run, 0, "loss", 25, 0, 25});
    EXPECT_EQ(count(), 25u);
  }
  EXPECT_EQ(count(), 26u);
  auto pts = s->series_after(run, 0, SIZE_MAX);
  for (size_t i = 0; i < pts.size(); ++i) EXPECT_EQ(pts[i].step, int64_t(i));
}

TEST(SeriesWriter, FlushesWhenTheDelayHasPassed) {
  TempDir dir;
  auto s = open_rw(dir.file("p.d500db"));
  int64_t run = s->create_run(sample_run());
  SeriesWriter w(*s, 1000, 20);
  usleep(30 * 1000);
  w.add({0, run, 0, "loss", 0, 0, 1});
  EXPECT_EQ(s->series_after(run, 0, 10).size(), 1u);
}

TEST(Sha256, KnownVectors) {
  // FIPS 180-2, appendix B.1, and the empty message.
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

}  // namespace
}  // namespace d500::store
