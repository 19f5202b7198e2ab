// Private to the store: the connection, its statement cache, and the one list of columns per
// table that both writing and reading go through.
#pragma once

#include <sqlite3.h>

#include <bit>
#include <string>
#include <unordered_map>
#include <vector>

#include "d500/store/result_store.h"
#include "process.h"
#include "schema.h"

namespace d500::store {
namespace detail {

// "; the disk holding it is full" when the store's file system has no space left, else "": SQLite
// reports a full disk as SQLITE_FULL on writes but as "disk I/O error" when its -shm cannot grow.
std::string full_disk_hint(const std::string& path);

// Optional references are NULL in the database and 0 in the structs.
template <class T>
struct NullIfZero {
  T* v;
};
template <class T>
NullIfZero<T> null_if_zero(T& v) {
  return {&v};
}

struct Binder {
  sqlite3_stmt* st;
  int i = 1;
  void operator()(int64_t v) { sqlite3_bind_int64(st, i++, v); }
  void operator()(int v) { sqlite3_bind_int(st, i++, v); }
  void operator()(uint64_t v) { sqlite3_bind_int64(st, i++, std::bit_cast<int64_t>(v)); }
  void operator()(bool v) { sqlite3_bind_int(st, i++, v ? 1 : 0); }
  void operator()(double v) { sqlite3_bind_double(st, i++, v); }
  void operator()(std::string_view v) {
    sqlite3_bind_text(st, i++, v.data(), static_cast<int>(v.size()), SQLITE_STATIC);
  }
  void operator()(const std::string& v) { (*this)(std::string_view(v)); }
  // A temporary is gone before the statement runs, so SQLite must take a copy of it.
  void operator()(std::string&& v) {
    sqlite3_bind_text(st, i++, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
  }
  void operator()(RunStatus v) { (*this)(run_status_name(v)); }
  void operator()(NullIfZero<const int64_t> v) {
    if (*v.v == 0)
      sqlite3_bind_null(st, i++);
    else
      (*this)(*v.v);
  }
};

struct Reader {
  sqlite3_stmt* st;
  int i = 0;
  void operator()(int64_t& v) { v = sqlite3_column_int64(st, i++); }
  void operator()(int& v) { v = sqlite3_column_int(st, i++); }
  void operator()(uint64_t& v) { v = std::bit_cast<uint64_t>(sqlite3_column_int64(st, i++)); }
  void operator()(bool& v) { v = sqlite3_column_int(st, i++) != 0; }
  void operator()(double& v) { v = sqlite3_column_double(st, i++); }
  void operator()(std::string& v) {
    auto p = reinterpret_cast<const char*>(sqlite3_column_text(st, i));
    v.assign(p ? p : "", static_cast<size_t>(sqlite3_column_bytes(st, i)));
    ++i;
  }
  void operator()(RunStatus& v) {
    std::string s;
    (*this)(s);
    v = run_status_from_name(s).value_or(RunStatus::Failed);
  }
  void operator()(NullIfZero<int64_t> v) { (*this)(*v.v); }  // NULL reads as 0
};

// Column lists and the field visitors below must stay in the same order; the visitors serve
// both binding (const rows) and reading, so there is one list per table to keep in step.
constexpr const char* kRunCols =
    "name, level, spec_json, spec_hash, spec_path, status, exit_code, status_reason, created_at, "
    "started_at, finished_at, seed, launcher, environment_id, parent_run_id, pid, host";
template <class R, class F>
void run_fields(R& r, F&& f) {
  f(r.name), f(r.level), f(r.spec_json), f(r.spec_hash), f(r.spec_path), f(r.status);
  f(r.exit_code), f(r.status_reason), f(r.created_at), f(r.started_at), f(r.finished_at);
  f(r.seed), f(r.launcher), f(null_if_zero(r.environment_id)), f(null_if_zero(r.parent_run_id));
  f(r.pid), f(r.host);
}

constexpr const char* kMeasCols =
    "run_id, subject, implementation, point_json, rank, unit, stop_reason, error, n, median, "
    "ci_lo, ci_hi, ci_level, ci_valid, q1, q3, min, max, p90, p99, p999, mean, sd, cv, "
    "n_outliers, shapiro_w, shapiro_p, block_size, warmup_calls, warmup_ns, first_call_ns, "
    "timer_overhead_ns, timer_resolution_ns, minor_faults_per_call, major_faults_per_call, "
    "ctx_switches_per_call, flops, bytes";
template <class M, class F>
void measurement_fields(M& m, F&& f) {
  f(m.run_id), f(m.subject), f(m.implementation), f(m.point_json), f(m.rank), f(m.unit);
  f(m.stop_reason), f(m.error), f(m.n), f(m.median), f(m.ci_lo), f(m.ci_hi), f(m.ci_level);
  f(m.ci_valid), f(m.q1), f(m.q3), f(m.min), f(m.max), f(m.p90), f(m.p99), f(m.p999);
  f(m.mean), f(m.sd), f(m.cv), f(m.n_outliers), f(m.shapiro_w), f(m.shapiro_p);
  f(m.block_size), f(m.warmup_calls), f(m.warmup_ns), f(m.first_call_ns);
  f(m.timer_overhead_ns), f(m.timer_resolution_ns), f(m.minor_faults_per_call);
  f(m.major_faults_per_call), f(m.ctx_switches_per_call), f(m.flops), f(m.bytes);
}

inline std::string placeholders(const char* cols) {
  std::string q = "?";
  for (const char* c = cols; *c; ++c)
    if (*c == ',') q += ",?";
  return q;
}

}  // namespace detail

struct ResultStore::Impl {
  sqlite3* db = nullptr;
  std::string path;
  Mode mode = Mode::ReadOnly;
  int version = 0;
  std::string host = detail::this_host();
  std::unordered_map<std::string, sqlite3_stmt*> stmts;
  // Column lists that differ by schema version (a read-only store may be older than this build).
  std::string run_select, meas_select;

  ~Impl() {
    for (auto& [sql, st] : stmts) sqlite3_finalize(st);
    sqlite3_close_v2(db);
  }

  [[noreturn]] void fail(const std::string& what) const {
    throw StoreError(what + ": " + sqlite3_errmsg(db) + detail::full_disk_hint(path),
                     "store " + path);
  }

  void require_writable() const {
    if (mode != Mode::ReadWrite) throw D500Error("the store is open read-only", "store " + path);
  }

  void exec(const char* sql, const char* what) {
    if (auto e = detail::exec(db, sql))
      throw StoreError(std::string(what) + ": " + *e, "store " + path);
  }

  // A prepared statement that is reset when the use ends, so that no finished SELECT keeps a read
  // transaction open (that would stop the writer's checkpoints from reclaiming the WAL).
  class Stmt {
   public:
    Stmt(Impl& s, sqlite3_stmt* st) : s_(s), st_(st) {}
    ~Stmt() {
      sqlite3_reset(st_);
      sqlite3_clear_bindings(st_);
    }
    detail::Binder bind() { return detail::Binder{st_}; }
    bool row(const char* what) {
      int rc = sqlite3_step(st_);
      if (rc == SQLITE_ROW) return true;
      if (rc != SQLITE_DONE) s_.fail(what);
      return false;
    }
    void run(const char* what) {
      row(what);
      sqlite3_reset(st_);
    }
    detail::Reader read() { return detail::Reader{st_}; }
    sqlite3_stmt* get() { return st_; }

   private:
    Impl& s_;
    sqlite3_stmt* st_;
  };

  Stmt prepare(const std::string& sql) {
    auto it = stmts.find(sql);
    if (it == stmts.end()) {
      sqlite3_stmt* st = nullptr;
      if (sqlite3_prepare_v3(db, sql.c_str(), -1, SQLITE_PREPARE_PERSISTENT, &st, nullptr) !=
          SQLITE_OK)
        fail("preparing \"" + sql + "\"");
      it = stmts.emplace(sql, st).first;
    }
    return Stmt(*this, it->second);
  }

  // Rolls back unless committed, so an exception mid-batch leaves nothing half-written.
  class Tx {
   public:
    explicit Tx(Impl& s) : s_(s) { s_.exec("BEGIN IMMEDIATE", "starting a transaction"); }
    void commit() {
      s_.exec("COMMIT", "committing");
      done_ = true;
    }
    ~Tx() {
      if (!done_) detail::exec(s_.db, "ROLLBACK");
    }

   private:
    Impl& s_;
    bool done_ = false;
  };

  // In memory only: a run whose writer is gone reads as interrupted even where we cannot write.
  void apply_liveness(RunInfo& r) const {
    if (r.status == RunStatus::Running && r.host == host &&
        detail::writer_gone(r.pid, r.process_start)) {
      r.status = RunStatus::Interrupted;
      r.status_reason = detail::interrupted_reason(r.pid);
    }
  }

  // On opening for writing: runs left running by a process of this host that has ended.
  void mark_interrupted_runs();

  void update_run_checked(Stmt& st, int64_t run_id, const char* what) {
    st.run(what);
    if (sqlite3_changes(db) != 1)
      throw D500Error(std::string(what) + ": no run " + std::to_string(run_id), "store " + path);
  }
};

}  // namespace d500::store
