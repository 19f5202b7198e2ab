#include "schema.h"

#include <sqlite3.h>

#include "d500/store/result_store.h"

namespace d500::store {
namespace detail {
namespace {

// Conventions shared by all steps:
// - Text columns are NOT NULL DEFAULT '' so readers never special-case NULL; optional references
//   (environment, parent run, measurement) are NULL when absent, because a foreign key must
//   point at a real row.
// - Times are unix seconds as REAL; runs.seed is a uint64 stored as the int64 with the same bits.
// - Child tables cascade on delete so that removing a run later is one statement.
// - samples keeps one BLOB per measurement (little-endian float64, in measured order): a million
//   samples stay one row instead of a million, and numpy reads it with frombuffer('<f8').
constexpr const char* kV1 = R"sql(
PRAGMA application_id = 1681207344;  -- kApplicationId, "d500"

CREATE TABLE environments (
  id INTEGER PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  json TEXT NOT NULL,
  captured_at REAL NOT NULL DEFAULT 0
);

CREATE TABLE runs (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL DEFAULT '',
  level TEXT NOT NULL DEFAULT '',
  spec_json TEXT NOT NULL DEFAULT '',
  spec_hash TEXT NOT NULL DEFAULT '',
  spec_path TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'queued',
  exit_code INTEGER NOT NULL DEFAULT 0,
  status_reason TEXT NOT NULL DEFAULT '',
  created_at REAL NOT NULL DEFAULT 0,
  started_at REAL NOT NULL DEFAULT 0,
  finished_at REAL NOT NULL DEFAULT 0,
  seed INTEGER NOT NULL DEFAULT 0,
  launcher TEXT NOT NULL DEFAULT '',
  environment_id INTEGER REFERENCES environments(id),
  parent_run_id INTEGER REFERENCES runs(id) ON DELETE SET NULL,
  pid INTEGER NOT NULL DEFAULT 0,
  host TEXT NOT NULL DEFAULT ''
);
CREATE INDEX runs_status ON runs(status);

CREATE TABLE measurements (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  subject TEXT NOT NULL DEFAULT '',
  implementation TEXT NOT NULL DEFAULT '',
  point_json TEXT NOT NULL DEFAULT '',
  rank INTEGER NOT NULL DEFAULT 0,
  unit TEXT NOT NULL DEFAULT 'ns',
  stop_reason TEXT NOT NULL DEFAULT '',
  error TEXT NOT NULL DEFAULT '',
  n INTEGER NOT NULL DEFAULT 0,
  median REAL, ci_lo REAL, ci_hi REAL, ci_level REAL,
  ci_valid INTEGER NOT NULL DEFAULT 0,
  q1 REAL, q3 REAL, min REAL, max REAL, p90 REAL, p99 REAL, p999 REAL,
  mean REAL, sd REAL, cv REAL,
  n_outliers INTEGER NOT NULL DEFAULT 0,
  shapiro_w REAL, shapiro_p REAL,
  block_size INTEGER NOT NULL DEFAULT 1,
  warmup_calls INTEGER NOT NULL DEFAULT 0,
  warmup_ns REAL, first_call_ns REAL,
  timer_overhead_ns REAL, timer_resolution_ns REAL,
  minor_faults_per_call REAL, major_faults_per_call REAL, ctx_switches_per_call REAL,
  flops REAL, bytes REAL
);
CREATE INDEX measurements_run ON measurements(run_id, id);

CREATE TABLE samples (
  measurement_id INTEGER PRIMARY KEY REFERENCES measurements(id) ON DELETE CASCADE,
  count INTEGER NOT NULL,
  value_ns BLOB NOT NULL
);

CREATE TABLE series (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  rank INTEGER NOT NULL DEFAULT 0,
  name TEXT NOT NULL,
  step INTEGER NOT NULL DEFAULT 0,
  wall_time REAL NOT NULL DEFAULT 0,
  value REAL
);
CREATE INDEX series_run ON series(run_id, id);

CREATE TABLE validations (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  measurement_id INTEGER REFERENCES measurements(id) ON DELETE CASCADE,
  subject TEXT NOT NULL DEFAULT '',
  metric TEXT NOT NULL DEFAULT '',
  value REAL,
  tolerance REAL,
  passed INTEGER NOT NULL DEFAULT 0,
  detail TEXT NOT NULL DEFAULT ''
);
CREATE INDEX validations_run ON validations(run_id, id);

CREATE TABLE logs (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  time REAL NOT NULL DEFAULT 0,
  level TEXT NOT NULL DEFAULT 'info',
  text TEXT NOT NULL DEFAULT ''
);
CREATE INDEX logs_run ON logs(run_id, id);
)sql";

// v2: the process identity that makes the interrupted-run rule safe against pid reuse, the
// repetition policy behind each measurement, and binary artifacts (heat-maps, models).
constexpr const char* kV2 = R"sql(
ALTER TABLE runs ADD COLUMN process_start TEXT NOT NULL DEFAULT '';
ALTER TABLE measurements ADD COLUMN policy_json TEXT NOT NULL DEFAULT '';

CREATE TABLE artifacts (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  name TEXT NOT NULL DEFAULT '',
  mime TEXT NOT NULL DEFAULT '',
  data BLOB NOT NULL
);
CREATE INDEX artifacts_run ON artifacts(run_id, id);
)sql";

// What the process did while each sample was taken (measure::SampleContext): four little-endian
// uint32 per sample, in the samples' order — minor faults, major faults, voluntary and
// involuntary context switches.
constexpr const char* kV3 = R"sql(
CREATE TABLE sample_context (
  measurement_id INTEGER PRIMARY KEY REFERENCES measurements(id) ON DELETE CASCADE,
  count INTEGER NOT NULL,
  counters BLOB NOT NULL
);
)sql";

// v4: a run's identity across stores (merge, export-run / import-run): runs.uuid, random for new
// runs and derived from what identified a run before (host, id, pid, creation time) for older
// ones, so that migrating two copies of one old store gives their runs the same identity; and
// where a merged run came from, one row per store it was copied out of (oldest first).
constexpr const char* kV4 = R"sql(
ALTER TABLE runs ADD COLUMN uuid TEXT NOT NULL DEFAULT '';
UPDATE runs SET uuid = printf('legacy-%s-%d-%d-%.6f', host, id, pid, created_at);
CREATE UNIQUE INDEX runs_uuid ON runs(uuid);

CREATE TABLE run_provenance (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  store TEXT NOT NULL DEFAULT '',
  store_run_id INTEGER NOT NULL DEFAULT 0,
  merged_on TEXT NOT NULL DEFAULT '',
  merged_at REAL NOT NULL DEFAULT 0
);
CREATE INDEX run_provenance_run ON run_provenance(run_id, id);
)sql";

// v5: the kernel an implementation reported running for each measurement (a library's own name
// for it, such as oneDNN's "brg:avx512_core"), so a user sees which code the time belongs to.
constexpr const char* kV5 = R"sql(
ALTER TABLE measurements ADD COLUMN kernel TEXT NOT NULL DEFAULT '';
)sql";

constexpr Migration kMigrations[] = {{1, kV1}, {2, kV2}, {3, kV3}, {4, kV4}, {5, kV5}};

std::optional<long long> query_int(sqlite3* db, const char* sql, int* rc_out) {
  sqlite3_stmt* st = nullptr;
  int rc = sqlite3_prepare_v2(db, sql, -1, &st, nullptr);
  std::optional<long long> out;
  if (rc == SQLITE_OK) {
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
      out = sqlite3_column_int64(st, 0);
      rc = SQLITE_OK;
    }
  }
  sqlite3_finalize(st);
  *rc_out = rc;
  return out;
}

}  // namespace

std::span<const Migration> migrations() {
  return kMigrations;
}

std::optional<std::string> exec(sqlite3* db, const char* sql) {
  char* msg = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &msg) == SQLITE_OK) return std::nullopt;
  std::string err = msg ? msg : sqlite3_errmsg(db);
  sqlite3_free(msg);
  return err;
}

std::optional<std::string> inspect(sqlite3* db, int* version) {
  int rc = SQLITE_OK;
  // The first read of the file is where SQLite notices that it is not a database at all.
  auto v = query_int(db, "PRAGMA user_version", &rc);
  if (!v) {
    if (rc == SQLITE_NOTADB) return std::string("not a d500 store (file is not a database)");
    return std::string("cannot read the store: ") + sqlite3_errmsg(db);
  }
  auto app = query_int(db, "PRAGMA application_id", &rc);
  auto tables = query_int(db, "SELECT count(*) FROM sqlite_schema", &rc);
  if (!app || !tables) return std::string("cannot read the store: ") + sqlite3_errmsg(db);
  if (*v == 0 && *tables > 0)
    return std::string("not a d500 store (a SQLite database of another program)");
  if (*v > 0 && *app != kApplicationId)
    return std::string("not a d500 store (a SQLite database of another program)");
  if (*v > current_schema_version())
    return "was written by a newer d500 (schema " + std::to_string(*v) +
           ", this build reads up to " + std::to_string(current_schema_version()) + ")";
  *version = static_cast<int>(*v);
  return std::nullopt;
}

std::optional<std::string> migrate_in_transaction(sqlite3* db) {
  int version = 0;
  if (auto e = inspect(db, &version)) return e;
  for (const Migration& m : kMigrations) {
    if (m.version <= version) continue;
    if (auto e = exec(db, m.sql))
      return "migrating to schema " + std::to_string(m.version) + " failed: " + *e;
    std::string set = "PRAGMA user_version = " + std::to_string(m.version);
    if (auto e = exec(db, set.c_str())) return e;
  }
  return std::nullopt;
}

std::optional<std::string> migrate(sqlite3* db) {
  // IMMEDIATE takes the write lock up front: two processes opening a fresh store at once must not
  // both decide to create the tables.
  if (auto e = exec(db, "BEGIN IMMEDIATE")) return e;
  auto fail = [&](std::string e) {
    exec(db, "ROLLBACK");
    return std::optional<std::string>(std::move(e));
  };
  if (auto e = migrate_in_transaction(db)) return fail(*e);
  if (auto e = exec(db, "COMMIT")) return fail(*e);
  return std::nullopt;
}

}  // namespace detail

int current_schema_version() {
  return detail::kMigrations[std::size(detail::kMigrations) - 1].version;
}

}  // namespace d500::store
