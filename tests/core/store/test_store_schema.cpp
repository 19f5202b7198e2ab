// Opening stores that are old, too new, not ours, or not there.
#include <filesystem>

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

// A store exactly as a build with schema 1 left it: step 1 only, with data in it.
void write_v1_store(const std::string& path) {
  RawDb raw(path);
  raw.exec("PRAGMA journal_mode = WAL");
  raw.exec(detail::migrations()[0].sql);
  raw.exec("PRAGMA user_version = 1");
  raw.exec(
      "INSERT INTO runs(name, level, spec_json, status, seed, pid, host) "
      "VALUES('old run', 'operator', '{}', 'succeeded', -1, 1, 'oldhost')");
  raw.exec("INSERT INTO measurements(run_id, subject, n, median) VALUES(1, 'Gemm', 3, 42.5)");
  raw.exec("INSERT INTO samples(measurement_id, count, value_ns) VALUES(1, 1, zeroblob(8))");
  raw.exec("INSERT INTO series(run_id, name, step, value) VALUES(1, 'loss', 0, 0.75)");
}

TEST(StoreSchema, MigrationStepsAreOrderedAndEndAtTheCurrentVersion) {
  auto steps = detail::migrations();
  ASSERT_FALSE(steps.empty());
  for (size_t i = 0; i < steps.size(); ++i) EXPECT_EQ(steps[i].version, int(i) + 1);
  EXPECT_EQ(steps.back().version, current_schema_version());
}

TEST(StoreSchema, ReadOnlyReadsAnOlderStoreWithoutUpgradingIt) {
  TempDir dir;
  std::string path = dir.file("old.d500db");
  write_v1_store(path);
  std::string before = test::file_bytes(path);
  auto r = ResultStore::open(path, ResultStore::Mode::ReadOnly);
  ASSERT_TRUE(r) << r.error().to_string();
  auto& s = *r.value();
  EXPECT_EQ(s.schema_version(), 1);
  auto runs = s.runs();
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].name, "old run");
  EXPECT_EQ(runs[0].process_start, "");
  EXPECT_EQ(s.measurements(1).at(0).median, 42.5);
  EXPECT_EQ(s.measurements(1).at(0).kernel, "");  // schema 5's column, absent here
  EXPECT_TRUE(s.artifacts(1).empty());
  r.value().reset();
  EXPECT_EQ(test::file_bytes(path), before);
}

TEST(StoreSchema, MigratesAVersion1StoreKeepingItsData) {
  TempDir dir;
  std::string path = dir.file("old.d500db");
  write_v1_store(path);
  {
    auto r = ResultStore::open(path, ResultStore::Mode::ReadWrite);
    ASSERT_TRUE(r) << r.error().to_string();
    auto& s = *r.value();
    EXPECT_EQ(s.schema_version(), current_schema_version());
    auto old = s.run(1);
    ASSERT_TRUE(old);
    EXPECT_EQ(old->name, "old run");
    EXPECT_EQ(old->status, RunStatus::Succeeded);
    EXPECT_EQ(old->seed, UINT64_MAX);
    EXPECT_EQ(old->host, "oldhost");
    EXPECT_EQ(old->process_start, "");  // the new column's default
    auto ms = s.measurements(1);
    ASSERT_EQ(ms.size(), 1u);
    EXPECT_EQ(ms[0].subject, "Gemm");
    EXPECT_EQ(ms[0].n, 3);
    EXPECT_EQ(ms[0].policy_json, "");
    EXPECT_EQ(s.samples(1), std::vector<double>{0.0});
    EXPECT_EQ(s.series_after(1, 0, 10).at(0).value, 0.75);

    // What schema 2 added works on the migrated file.
    RunInfo fresh;
    fresh.name = "new run";
    int64_t id = s.create_run(fresh);
    EXPECT_FALSE(s.run(id)->process_start.empty());
    MeasurementRow m;
    m.run_id = id;
    m.policy_json = R"({"max_time_s":2})";
    int64_t mid = s.add_measurement(m, {});
    EXPECT_EQ(s.measurements(id).at(0).id, mid);
    EXPECT_EQ(s.measurements(id).at(0).policy_json, m.policy_json);
    s.add_artifact({0, 1, "model.onnx", "application/onnx", {1, 2, 3}});
    EXPECT_EQ(s.artifacts(1).at(0).data, (std::vector<uint8_t>{1, 2, 3}));
    EXPECT_EQ(s.integrity_check(), "ok");
  }
  RawDb raw(path, SQLITE_OPEN_READONLY);
  EXPECT_EQ(raw.integer("PRAGMA user_version"), current_schema_version());
  EXPECT_EQ(raw.integer("SELECT count(*) FROM runs"), 2);
  // Opening again is a no-op migration.
  auto again = ResultStore::open(path, ResultStore::Mode::ReadWrite);
  ASSERT_TRUE(again) << again.error().to_string();
  EXPECT_EQ(again.value()->runs().size(), 2u);
}

TEST(StoreSchema, RefusesANewerStoreWithoutTouchingIt) {
  TempDir dir;
  std::string path = dir.file("new.d500db");
  {
    auto r = ResultStore::open(path, ResultStore::Mode::ReadWrite);
    ASSERT_TRUE(r);
    RunInfo run;
    run.name = "from the future";
    r.value()->create_run(run);
  }
  {
    RawDb raw(path);
    raw.exec("PRAGMA user_version = 99");
  }
  ASSERT_FALSE(std::filesystem::exists(path + "-wal"));  // all of it is in the main file
  const std::string before = test::file_bytes(path);
  for (auto mode : {ResultStore::Mode::ReadWrite, ResultStore::Mode::ReadOnly}) {
    auto r = ResultStore::open(path, mode);
    ASSERT_FALSE(r);
    std::string msg = r.error().to_string();
    EXPECT_TRUE(contains(msg, "was written by a newer d500 (schema 99, this build reads up to " +
                                  std::to_string(current_schema_version()) + ")"))
        << msg;
    EXPECT_TRUE(contains(msg, path)) << msg;
    EXPECT_EQ(test::file_bytes(path), before);
  }
  RawDb raw(path, SQLITE_OPEN_READONLY);
  EXPECT_EQ(raw.integer("PRAGMA user_version"), 99);
}

TEST(StoreSchema, RefusesAFileThatIsNotADatabase) {
  TempDir dir;
  std::string path = dir.file("junk.d500db");
  {
    std::ofstream out(path, std::ios::binary);
    for (int i = 0; i < 256; ++i) out << "this is not a SQLite file\n";
  }
  const std::string before = test::file_bytes(path);
  for (auto mode : {ResultStore::Mode::ReadWrite, ResultStore::Mode::ReadOnly}) {
    auto r = ResultStore::open(path, mode);
    ASSERT_FALSE(r);
    std::string msg = r.error().to_string();
    EXPECT_TRUE(contains(msg, "not a d500 store (file is not a database)")) << msg;
    EXPECT_TRUE(contains(msg, path)) << msg;
  }
  EXPECT_EQ(test::file_bytes(path), before);
}

TEST(StoreSchema, RefusesAnotherProgramsDatabase) {
  TempDir dir;
  std::string path = dir.file("other.db");
  {
    RawDb raw(path);
    raw.exec("CREATE TABLE contacts(name TEXT)");
  }
  const std::string before = test::file_bytes(path);
  auto r = ResultStore::open(path, ResultStore::Mode::ReadWrite);
  ASSERT_FALSE(r);
  EXPECT_TRUE(contains(r.error().to_string(), "not a d500 store")) << r.error().to_string();
  EXPECT_EQ(test::file_bytes(path), before);
}

TEST(StoreSchema, MissingFolderNamesThePathAndSqlitesMessage) {
  TempDir dir;
  std::string path = dir.file("no/such/folder/p.d500db");
  auto r = ResultStore::open(path, ResultStore::Mode::ReadWrite);
  ASSERT_FALSE(r);
  std::string msg = r.error().to_string();
  EXPECT_TRUE(contains(msg, path)) << msg;
  EXPECT_TRUE(contains(msg, "unable to open database file")) << msg;
  EXPECT_TRUE(contains(msg, "does not exist")) << msg;
  EXPECT_FALSE(std::filesystem::exists(dir.file("no")));
}

TEST(StoreSchema, AFolderIsNotAStore) {
  TempDir dir;
  std::string path = dir.file("folder.d500db");
  std::filesystem::create_directory(path);
  for (auto mode : {ResultStore::Mode::ReadWrite, ResultStore::Mode::ReadOnly}) {
    auto r = ResultStore::open(path, mode);
    ASSERT_FALSE(r);
    EXPECT_TRUE(contains(r.error().to_string(), "folder")) << r.error().to_string();
  }
}

TEST(StoreSchema, ReadOnlyDoesNotCreateAMissingStore) {
  TempDir dir;
  std::string path = dir.file("absent.d500db");
  auto r = ResultStore::open(path, ResultStore::Mode::ReadOnly);
  ASSERT_FALSE(r);
  EXPECT_TRUE(contains(r.error().to_string(), path)) << r.error().to_string();
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(StoreSchema, ReadWriteCreatesAnEmptyFileAsAStore) {
  TempDir dir;
  std::string path = dir.file("empty.d500db");
  std::ofstream(path).close();
  auto r = ResultStore::open(path, ResultStore::Mode::ReadWrite);
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r.value()->schema_version(), current_schema_version());
}

}  // namespace
}  // namespace d500::store
