// Merging stores (merge.h): runs with everything that belongs to them, ids remapped, environments
// deduplicated, idempotent by run identity, provenance kept, inputs untouched, the output as it was
// after a failure, newer stores refused, older ones read through a migrated copy.
#include <filesystem>

#include "d500/store/merge.h"
#include "d500/store/result_store.h"
#include "schema.h"
#include "store_test_util.h"

namespace d500::store {
namespace {

using test::RawDb;
using test::TempDir;

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

// A store with `runs` runs, each with a measurement (samples), series, a validation tied to the
// measurement, a log line and an artifact; `env` names its environment; run 2 re-runs run 1.
void write_store(const std::string& path, const std::string& env, int runs, double base) {
  auto s = ResultStore::open(path, ResultStore::Mode::ReadWrite).value();
  const int64_t e =
      s->put_environment(R"({"host":")" + env + R"(","cpu":{"model":"cpu )" + env + R"("}})");
  for (int k = 0; k < runs; ++k) {
    RunInfo r;
    r.name = env + " run " + std::to_string(k);
    r.level = "operator";
    r.environment_id = e;
    r.parent_run_id = k == 1 ? s->runs().front().id : 0;
    const int64_t id = s->create_run(r);
    s->finish_run(id, RunStatus::Succeeded, 0, "");
    MeasurementRow m;
    m.run_id = id;
    m.subject = "Gemm N=" + std::to_string(64 << k);
    m.n = 3;
    m.median = base + k;
    const std::vector<double> samples{base + k, base + k + 0.25, base + k + 1e-9};
    const int64_t mid = s->add_measurement(m, samples);
    s->add_series(std::vector<SeriesPoint>{{0, id, 0, "loss", 0, 0.5, 1.5},
                                           {0, id, 0, "loss", 1, 1.0, 0.75}});
    s->add_validation({0, id, mid, m.subject, "rel_l2", 1e-7, 1e-5, true, ""});
    s->add_log(id, "info", "hello from " + env);
    s->add_artifact({0, id, "heat.png", "image/png", {1, 2, 3, static_cast<uint8_t>(k)}});
  }
}

std::unique_ptr<ResultStore> open_ro(const std::string& path) {
  return ResultStore::open(path, ResultStore::Mode::ReadOnly).value();
}

TEST(StoreMerge, CopiesRunsWithEverythingAndIsIdempotent) {
  TempDir dir;
  const std::string a = dir.file("a.d500db"), b = dir.file("b.d500db"),
                    out = dir.file("all.d500db");
  write_store(a, "alpha", 2, 100);
  write_store(b, "beta", 3, 200);
  const std::string a_bytes = test::file_bytes(a);
  auto r = merge_stores({a, b}, out);
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r.value().runs_added, 5);
  EXPECT_EQ(r.value().runs_present, 0);
  EXPECT_EQ(r.value().environments_added, 2);
  EXPECT_EQ(test::file_bytes(a), a_bytes);  // inputs are only read
  {
    auto s = open_ro(out);
    auto in_b = open_ro(b);
    const auto runs = s->runs();
    ASSERT_EQ(runs.size(), 5u);
    // The last run of b, found in the output by name: every table came along, remapped.
    const auto src = in_b->runs().back();
    const auto& dst = runs.back();
    EXPECT_EQ(dst.name, src.name);
    EXPECT_EQ(s->environment(dst.environment_id)->json,
              in_b->environment(src.environment_id)->json);
    const auto ms = s->measurements(dst.id), src_ms = in_b->measurements(src.id);
    ASSERT_EQ(ms.size(), 1u);
    EXPECT_EQ(ms[0].median, src_ms[0].median);
    EXPECT_EQ(s->samples(ms[0].id), in_b->samples(src_ms[0].id));  // bit for bit
    EXPECT_EQ(s->series_after(dst.id, 0, 10).size(), 2u);
    ASSERT_EQ(s->validations(dst.id).size(), 1u);
    EXPECT_EQ(s->validations(dst.id)[0].measurement_id, ms[0].id);
    EXPECT_EQ(s->logs(dst.id).at(0).text, "hello from beta");
    EXPECT_EQ(s->artifacts(dst.id).at(0).data, in_b->artifacts(src.id).at(0).data);
    // The re-run link follows the renumbering.
    EXPECT_EQ(runs[1].parent_run_id, runs[0].id);
    EXPECT_EQ(runs[3].parent_run_id, runs[2].id);
    EXPECT_EQ(s->integrity_check(), "ok");
    auto prov = run_provenance(out, dst.id).value();
    ASSERT_EQ(prov.size(), 1u);
    EXPECT_EQ(prov[0].store, std::filesystem::absolute(b).string());
    EXPECT_EQ(prov[0].store_run_id, src.id);
    EXPECT_EQ(run_uuid(out, dst.id).value(), run_uuid(b, src.id).value());
  }
  // Again, with an input named twice: nothing new.
  r = merge_stores({a, b, a}, out);
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r.value().runs_added, 0);
  EXPECT_EQ(r.value().runs_present, 7);
  EXPECT_EQ(r.value().environments_added, 0);
  EXPECT_EQ(open_ro(out)->runs().size(), 5u);
}

TEST(StoreMerge, RunsWithTheSameIdentityAreOneRun) {
  TempDir dir;
  const std::string a = dir.file("a.d500db"), copy = dir.file("copy.d500db"),
                    out = dir.file("o.d500db");
  write_store(a, "alpha", 1, 10);
  std::filesystem::copy_file(a, copy);
  auto r = merge_stores({a, copy}, out);
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r.value().runs_added, 1);
  EXPECT_EQ(r.value().runs_present, 1);
}

TEST(StoreMerge, RefusesANewerStoreNamingItAndBothVersions) {
  TempDir dir;
  const std::string a = dir.file("a.d500db"), b = dir.file("future.d500db"),
                    out = dir.file("o.d500db");
  write_store(a, "alpha", 1, 10);
  write_store(b, "beta", 1, 10);
  {
    RawDb raw(b);
    raw.exec("PRAGMA journal_mode = DELETE");
    raw.exec("PRAGMA user_version = " + std::to_string(current_schema_version() + 1));
  }
  auto r = merge_stores({a, b}, out);
  ASSERT_FALSE(r);
  const std::string msg = r.error().to_string();
  EXPECT_TRUE(contains(msg, b)) << msg;
  EXPECT_TRUE(contains(msg, "schema " + std::to_string(current_schema_version() + 1))) << msg;
  EXPECT_TRUE(contains(msg, "reads up to " + std::to_string(current_schema_version()))) << msg;
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(StoreMerge, AFailureLeavesTheOutputAsItWas) {
  TempDir dir;
  const std::string a = dir.file("a.d500db"), b = dir.file("b.d500db"), out = dir.file("o.d500db");
  write_store(a, "alpha", 1, 10);
  write_store(b, "beta", 1, 10);
  ASSERT_TRUE(merge_stores({a}, out));
  // b gains a table the merge cannot place: the merge stops, and the output keeps its one run.
  {
    RawDb raw(b);
    raw.exec("CREATE TABLE stray (id INTEGER PRIMARY KEY, x INTEGER)");
  }
  {
    RawDb raw(out);
    raw.exec("CREATE TABLE stray (id INTEGER PRIMARY KEY, x INTEGER)");
  }
  auto r = merge_stores({b}, out);
  ASSERT_FALSE(r);
  EXPECT_TRUE(contains(r.error().to_string(), "stray")) << r.error().to_string();
  EXPECT_EQ(open_ro(out)->runs().size(), 1u);
  // A new output is not left behind at all.
  const std::string fresh = dir.file("fresh.d500db");
  ASSERT_FALSE(merge_stores({b}, fresh));
  EXPECT_FALSE(std::filesystem::exists(fresh));
}

TEST(StoreMerge, BadInputsAreOneClearErrorAndChangeNothing) {
  TempDir dir;
  const std::string a = dir.file("a.d500db"), out = dir.file("o.d500db");
  write_store(a, "alpha", 1, 10);
  const std::string bytes = test::file_bytes(a);
  auto r = merge_stores({dir.file("missing.d500db")}, out);
  ASSERT_FALSE(r);
  EXPECT_TRUE(contains(r.error().to_string(), "missing.d500db")) << r.error().to_string();
  std::ofstream(dir.file("junk.d500db")) << std::string(4096, 'x');
  r = merge_stores({a, dir.file("junk.d500db")}, out);
  ASSERT_FALSE(r);
  EXPECT_TRUE(contains(r.error().to_string(), "not a d500 store")) << r.error().to_string();
  r = merge_stores({a}, a);
  ASSERT_FALSE(r);
  EXPECT_TRUE(contains(r.error().to_string(), "both an input and the output"))
      << r.error().to_string();
  EXPECT_FALSE(std::filesystem::exists(out));
  EXPECT_EQ(test::file_bytes(a), bytes);
}

TEST(StoreMerge, AVersion1StoreMergesTwiceAsTheSameRuns) {
  TempDir dir;
  const std::string old = dir.file("old.d500db"), out = dir.file("o.d500db");
  {
    RawDb raw(old);
    raw.exec(detail::migrations()[0].sql);
    raw.exec("PRAGMA user_version = 1");
    raw.exec(
        "INSERT INTO runs(name, level, status, pid, host, created_at) "
        "VALUES('old run', 'operator', 'succeeded', 7, 'oldhost', 12.5)");
    raw.exec("INSERT INTO measurements(run_id, subject, n, median) VALUES(1, 'Gemm', 1, 42)");
  }
  const std::string bytes = test::file_bytes(old);
  ASSERT_TRUE(merge_stores({old}, out));
  auto r = merge_stores({old}, out);
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r.value().runs_added, 0);
  EXPECT_EQ(test::file_bytes(old), bytes);
  auto s = open_ro(out);
  ASSERT_EQ(s->runs().size(), 1u);
  EXPECT_EQ(s->runs()[0].host, "oldhost");
  EXPECT_EQ(s->measurements(s->runs()[0].id).at(0).median, 42);
}

TEST(StoreMerge, ExportOneRunAndImportItBack) {
  TempDir dir;
  const std::string a = dir.file("a.d500db"), file = dir.file("run.d500run"),
                    b = dir.file("b.d500db");
  write_store(a, "alpha", 3, 10);
  const auto src_run = open_ro(a)->runs()[1];
  MergeOptions o;
  o.only_runs = {src_run.id};
  o.replace_output = true;
  auto r = merge_stores({a}, file, o);
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r.value().runs_added, 1);
  EXPECT_FALSE(std::filesystem::exists(file + "-wal"));  // one self-contained file
  ASSERT_TRUE(merge_stores({a}, file, o));               // written again in place
  write_store(b, "beta", 1, 5);
  r = merge_stores({file}, b);
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r.value().runs_added, 1);
  auto s = open_ro(b), in = open_ro(a);
  const auto got = s->runs().back();
  EXPECT_EQ(got.name, src_run.name);
  EXPECT_EQ(got.parent_run_id, 0);  // the run it re-ran did not travel
  EXPECT_EQ(s->samples(s->measurements(got.id)[0].id),
            in->samples(in->measurements(src_run.id)[0].id));
  EXPECT_EQ(run_provenance(b, got.id).value().size(), 2u);  // the store, then the run file
}

}  // namespace
}  // namespace d500::store
