// Copying runs between stores (merge.h). Every input is first copied (SQLite's backup API) and the
// copy migrated, so inputs of older schemas read as this build's and are never written. The runs
// of all inputs are gathered in a staging store, and that store is then copied into the output in
// one transaction. Tables are copied column by column as the schema lists them, so a column added
// by a later migration travels without this file changing; a table or reference this file does
// not know how to remap stops the merge with an internal error instead of being left behind.
#include "d500/store/merge.h"

#include <sqlite3.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <set>

#include "d500/store/result_store.h"
#include "process.h"
#include "schema.h"

namespace d500::store {

namespace fs = std::filesystem;

namespace {

double now_unix() {
  using namespace std::chrono;
  return duration<double>(system_clock::now().time_since_epoch()).count();
}

// A raw connection; throws StoreError naming `label` on failure.
class Db {
 public:
  Db(const std::string& path, int flags, std::string label) : label_(std::move(label)) {
    if (sqlite3_open_v2(path.c_str(), &h_, flags | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
      std::string msg = h_ ? sqlite3_errmsg(h_) : "out of memory";
      sqlite3_close_v2(h_);
      throw StoreError("cannot open: " + msg, label_);
    }
    sqlite3_busy_timeout(h_, 5000);
  }
  ~Db() { sqlite3_close_v2(h_); }
  Db(const Db&) = delete;
  Db& operator=(const Db&) = delete;
  sqlite3* get() { return h_; }
  const std::string& label() const { return label_; }

  void exec(const std::string& sql, const std::string& what) {
    if (auto e = detail::exec(h_, sql.c_str())) throw StoreError(what + ": " + *e, label_);
  }
  // Runs one statement with text parameters; returns the rows' first columns as text.
  std::vector<std::string> query(const std::string& sql,
                                 const std::vector<std::string>& args = {}) {
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(h_, sql.c_str(), -1, &st, nullptr) != SQLITE_OK)
      throw StoreError("preparing \"" + sql + "\": " + sqlite3_errmsg(h_), label_);
    for (size_t i = 0; i < args.size(); ++i)
      sqlite3_bind_text(st, static_cast<int>(i + 1), args[i].c_str(), -1, SQLITE_TRANSIENT);
    std::vector<std::string> out;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
      auto p = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
      out.emplace_back(p ? p : "");
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) throw StoreError("\"" + sql + "\": " + sqlite3_errmsg(h_), label_);
    return out;
  }
  int64_t integer(const std::string& sql, const std::vector<std::string>& args = {}) {
    auto rows = query(sql, args);
    return rows.empty() || rows[0].empty() ? 0 : std::stoll(rows[0]);
  }
  int64_t changes() { return sqlite3_changes64(h_); }

 private:
  std::string label_;
  sqlite3* h_ = nullptr;
};

// A file removed (with its journal files) when the scope ends, unless kept.
struct ScratchFile {
  std::string path;
  bool keep = false;
  explicit ScratchFile(const fs::path& folder, const std::string& stem) {
    std::string pattern = (folder / (stem + "-XXXXXX")).string();
    const int fd = mkstemp(pattern.data());
    if (fd < 0) throw StoreError("cannot create a scratch file in " + folder.string(), "merge");
    close(fd);
    path = pattern;
  }
  ~ScratchFile() {
    if (keep) return;
    std::error_code ec;
    for (const char* ext : {"", "-wal", "-shm", "-journal"}) fs::remove(path + ext, ec);
  }
};

std::string sql_list(const std::vector<int64_t>& ids) {
  std::string s;
  for (int64_t id : ids) s += (s.empty() ? "" : ", ") + std::to_string(id);
  return s;
}

std::vector<std::string> columns(Db& db, const std::string& schema, const std::string& table) {
  return db.query("SELECT name FROM pragma_table_info(?, ?) ORDER BY cid", {table, schema});
}

// INSERT INTO main.<table>(cols) SELECT <expr per col> FROM ... : the column lists of both sides
// must agree (both are migrated to this build's schema).
std::string insert_select(Db& db, const std::string& table,
                          const std::map<std::string, std::string>& expr, const std::string& from) {
  const auto cols = columns(db, "main", table);
  const auto src = columns(db, "src", table);
  if (std::set<std::string>(cols.begin(), cols.end()) !=
      std::set<std::string>(src.begin(), src.end()))
    throw StoreError("internal: table " + table + " differs between the stores after migration",
                     db.label());
  std::string names, values;
  for (const auto& c : cols) {
    auto it = expr.find(c);
    names += (names.empty() ? "\"" : ", \"") + c + "\"";
    values += (values.empty() ? "" : ", ") + (it != expr.end() ? it->second : "s.\"" + c + "\"");
  }
  return "INSERT INTO main.\"" + table + "\"(" + names + ") SELECT " + values + " " + from;
}

// The tables that hang off runs (directly by run_id or through measurement_id), measurements first
// because others refer to them.
std::vector<std::string> child_tables(Db& db) {
  // A table only the input has (not one of d500's) would be left behind without a word.
  auto extra = db.query(
      "SELECT name FROM src.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
      "AND name NOT IN (SELECT name FROM main.sqlite_schema WHERE type = 'table')");
  if (!extra.empty())
    throw StoreError("has a table that is not d500's (" + extra[0] + "); nothing was merged",
                     db.label());
  auto all = db.query(
      "SELECT name FROM main.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
      "AND name NOT IN ('runs', 'environments') ORDER BY name = 'measurements' DESC, name");
  return all;
}

int64_t max_id(Db& db, const std::string& table) {
  return db.integer("SELECT coalesce(max(id), 0) FROM main.\"" + table + "\"");
}

void copy_children(Db& db) {
  const auto tables = child_tables(db);
  std::map<std::string, int64_t> offset;
  for (const auto& t : tables) {
    const auto cols = columns(db, "main", t);
    if (std::find(cols.begin(), cols.end(), "id") != cols.end()) offset[t] = max_id(db, t);
  }
  const std::string meas_off = std::to_string(offset["measurements"]);
  for (const auto& t : tables) {
    const auto cols = columns(db, "main", t);
    std::map<std::string, std::string> expr;
    bool by_run = false, by_measurement = false;
    for (const auto& c : cols) {
      if (c == "id")
        expr[c] = "s.id + " + std::to_string(offset[t]);
      else if (c == "run_id")
        expr[c] = "m.new", by_run = true;
      else if (c == "measurement_id")
        expr[c] = "s.measurement_id + " + meas_off, by_measurement = true;
      else if (c.size() > 3 && c.ends_with("_id") && c != "store_run_id")
        throw StoreError("internal: merge does not know how to remap " + t + "." + c, db.label());
    }
    std::string from;
    if (by_run)
      from = "FROM src.\"" + t + "\" s JOIN temp.merge_runs m ON m.old = s.run_id ORDER BY s.rowid";
    else if (by_measurement)
      from = "FROM src.\"" + t +
             "\" s JOIN src.measurements sm ON sm.id = s.measurement_id "
             "JOIN temp.merge_runs m ON m.old = sm.run_id ORDER BY s.rowid";
    else
      throw StoreError("internal: merge does not know how table " + t + " belongs to a run",
                       db.label());
    db.exec(insert_select(db, t, expr, from), "copying " + t);
  }
}

// Copies the runs of the attached store "src" that "main" lacks (by uuid), with everything that
// belongs to them; with `origin`, each gains a provenance row naming it. Inside a transaction.
void copy_runs(Db& db, const std::vector<int64_t>& only, const std::string& origin,
               MergeSummary* sum) {
  const std::string filter = only.empty() ? "" : " AND id IN (" + sql_list(only) + ")";
  db.exec("DROP TABLE IF EXISTS temp.merge_runs", "preparing the merge");
  db.exec("CREATE TEMP TABLE merge_runs(old INTEGER PRIMARY KEY, new INTEGER NOT NULL)",
          "preparing the merge");
  sum->runs_seen += db.integer("SELECT count(*) FROM src.runs WHERE 1" + filter);
  const std::string run_off = std::to_string(max_id(db, "runs"));
  db.exec("INSERT INTO temp.merge_runs SELECT id, id + " + run_off +
              " FROM src.runs WHERE uuid NOT IN (SELECT uuid FROM main.runs)" + filter,
          "choosing the runs to copy");
  sum->runs_added += db.changes();
  std::map<std::string, std::string> env_expr{{"id", "NULL"}};
  db.exec(insert_select(db, "environments", env_expr,
                        "FROM src.environments s WHERE s.id IN (SELECT r.environment_id FROM "
                        "src.runs r JOIN temp.merge_runs m ON m.old = r.id) AND s.hash NOT IN "
                        "(SELECT hash FROM main.environments)"),
          "copying environments");
  sum->environments_added += db.changes();
  const std::map<std::string, std::string> run_expr{
      {"id", "m.new"},
      {"environment_id",
       "(SELECT me.id FROM main.environments me JOIN src.environments se ON se.hash = me.hash "
       "WHERE se.id = s.environment_id)"},
      {"parent_run_id", "NULL"}};
  db.exec(insert_select(db, "runs", run_expr,
                        "FROM src.runs s JOIN temp.merge_runs m ON m.old = s.id ORDER BY s.id"),
          "copying runs");
  // A re-run keeps its link when the run it repeats is in the output (copied now or before).
  db.exec(
      "UPDATE main.runs SET parent_run_id = (SELECT mp.id FROM temp.merge_runs m "
      "JOIN src.runs s ON s.id = m.old JOIN src.runs sp ON sp.id = s.parent_run_id "
      "JOIN main.runs mp ON mp.uuid = sp.uuid WHERE m.new = runs.id) "
      "WHERE id IN (SELECT new FROM temp.merge_runs)",
      "linking re-runs");
  copy_children(db);
  if (!origin.empty())
    db.query(
        "INSERT INTO main.run_provenance(run_id, store, store_run_id, merged_on, merged_at) "
        "SELECT new, ?, old, ?, ? FROM temp.merge_runs ORDER BY old",
        {origin, detail::this_host(), std::to_string(now_unix())});
}

// A migrated copy of `input` in `copy` (the input is only read).
void copy_and_migrate(const std::string& input, const std::string& copy) {
  Db src(input, SQLITE_OPEN_READONLY, "store " + input);
  {
    Db dst(copy, SQLITE_OPEN_READWRITE, "store " + input + " (a copy)");
    sqlite3_backup* b = sqlite3_backup_init(dst.get(), "main", src.get(), "main");
    if (!b) throw StoreError(std::string("cannot copy: ") + sqlite3_errmsg(dst.get()), src.label());
    const int rc = sqlite3_backup_step(b, -1);
    sqlite3_backup_finish(b);
    if (rc != SQLITE_DONE)
      throw StoreError(std::string("cannot copy: ") + sqlite3_errstr(rc), src.label());
  }
  Db dst(copy, SQLITE_OPEN_READWRITE, "store " + input + " (a copy)");
  dst.exec("PRAGMA journal_mode = DELETE", "reading");
  if (auto e = detail::migrate(dst.get())) throw StoreError(*e, src.label());
}

void attach(Db& db, const std::string& path) {
  db.query("ATTACH DATABASE ? AS src", {path});
}

bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  if (fs::exists(a, ec) && fs::exists(b, ec)) return fs::equivalent(a, b, ec);
  return fs::weakly_canonical(a, ec) == fs::weakly_canonical(b, ec);
}

std::optional<Error> check_paths(const std::vector<std::string>& inputs, const std::string& output,
                                 bool replace_output) {
  if (inputs.empty()) return Error{"no input store given", "merge"};
  for (const auto& in : inputs) {
    if (same_file(in, output))
      return Error{"is both an input and the output; name another output file", "store " + output};
    auto s = ResultStore::open(in, ResultStore::Mode::ReadOnly);
    if (!s) return s.error();
  }
  std::error_code ec;
  const fs::path folder = fs::absolute(output, ec).parent_path();
  if (!fs::is_directory(folder, ec))
    return Error{"cannot write: folder " + folder.string() + " does not exist", "store " + output};
  if (!replace_output && fs::exists(output)) {
    auto s = ResultStore::open(output, ResultStore::Mode::ReadOnly);
    if (!s) return s.error();
  }
  return std::nullopt;
}

// Copies the staging store into `target` in one transaction; removes `target` again on failure
// when this created it.
void write_output(const std::string& staging, const std::string& target, MergeSummary* sum) {
  const bool existed = fs::exists(target);
  try {
    Db out(target, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, "store " + target);
    if (sqlite3_db_readonly(out.get(), "main") == 1)
      throw StoreError("cannot write: the file or its folder is read-only", out.label());
    out.query("PRAGMA journal_mode = WAL");
    out.exec("PRAGMA foreign_keys = ON", "enabling foreign keys");
    attach(out, staging);
    out.exec("BEGIN IMMEDIATE", "starting the merge");
    try {
      if (auto e = detail::migrate_in_transaction(out.get())) throw StoreError(*e, out.label());
      MergeSummary final_sum;
      copy_runs(out, {}, "", &final_sum);
      out.exec("COMMIT", "committing the merge");
      sum->runs_added = final_sum.runs_added;
      sum->environments_added = final_sum.environments_added;
    } catch (...) {
      detail::exec(out.get(), "ROLLBACK");
      throw;
    }
    out.exec("DETACH DATABASE src", "finishing the merge");
  } catch (...) {
    std::error_code ec;
    if (!existed)
      for (const char* ext : {"", "-wal", "-shm"}) fs::remove(target + ext, ec);
    throw;
  }
}

}  // namespace

Result<MergeSummary> merge_stores(const std::vector<std::string>& inputs, const std::string& output,
                                  const MergeOptions& options) {
  if (auto e = check_paths(inputs, output, options.replace_output)) return *e;
  MergeSummary sum;
  try {
    const fs::path tmp = fs::temp_directory_path();
    ScratchFile staging(tmp, "d500-merge-staging");
    {
      Db st(staging.path, SQLITE_OPEN_READWRITE, "merge staging " + staging.path);
      st.exec("PRAGMA foreign_keys = ON", "enabling foreign keys");
      if (auto e = detail::migrate(st.get())) throw StoreError(*e, st.label());
      for (const auto& in : inputs) {
        ScratchFile copy(tmp, "d500-merge-input");
        copy_and_migrate(in, copy.path);
        attach(st, copy.path);
        st.exec("BEGIN", "starting the merge");
        try {
          copy_runs(st, options.only_runs, fs::absolute(in).string(), &sum);
          st.exec("COMMIT", "staging " + in);
        } catch (const D500Error& e) {
          detail::exec(st.get(), "ROLLBACK");
          throw StoreError(e.error().message, "store " + in);  // the input is what to look at
        }
        st.exec("DETACH DATABASE src", "staging " + in);
      }
    }
    if (!options.replace_output) {
      write_output(staging.path, output, &sum);
    } else {
      const fs::path folder = fs::absolute(output).parent_path();
      ScratchFile fresh(folder, "." + fs::path(output).filename().string() + ".new");
      write_output(staging.path, fresh.path, &sum);
      {  // one file, no -wal beside it: what a mailed run file must be
        Db f(fresh.path, SQLITE_OPEN_READWRITE, "store " + output);
        f.query("PRAGMA journal_mode = DELETE");
      }
      std::error_code ec;
      using fs::perms;  // mkstemp made it private; a run file is for sending
      fs::permissions(
          fresh.path,
          perms::owner_read | perms::owner_write | perms::group_read | perms::others_read, ec);
      fs::rename(fresh.path, output, ec);
      if (ec) throw StoreError("cannot write: " + ec.message(), "store " + output);
      fresh.keep = true;
    }
  } catch (const D500Error& e) {
    return e.error();
  }
  sum.runs_present = sum.runs_seen - sum.runs_added;
  return sum;
}

Result<std::string> run_uuid(const std::string& store_path, int64_t run_id) {
  try {
    Db db(store_path, SQLITE_OPEN_READONLY, "store " + store_path);
    if (db.integer("PRAGMA user_version") < 4) return std::string();
    auto rows = db.query("SELECT uuid FROM runs WHERE id = ?", {std::to_string(run_id)});
    if (rows.empty()) return Error{"no run " + std::to_string(run_id), "store " + store_path};
    return rows[0];
  } catch (const D500Error& e) {
    return e.error();
  }
}

Result<std::vector<ProvenanceRow>> run_provenance(const std::string& store_path, int64_t run_id) {
  try {
    Db db(store_path, SQLITE_OPEN_READONLY, "store " + store_path);
    std::vector<ProvenanceRow> out;
    if (db.integer("PRAGMA user_version") < 4) return out;
    const std::string where = " FROM run_provenance WHERE run_id = ? ORDER BY id";
    const std::vector<std::string> id{std::to_string(run_id)};
    auto stores = db.query("SELECT store" + where, id);
    auto ids = db.query("SELECT store_run_id" + where, id);
    auto hosts = db.query("SELECT merged_on" + where, id);
    auto times = db.query("SELECT merged_at" + where, id);
    for (size_t i = 0; i < stores.size(); ++i)
      out.push_back({stores[i], std::stoll(ids[i]), hosts[i], std::stod(times[i])});
    return out;
  } catch (const D500Error& e) {
    return e.error();
  }
}

}  // namespace d500::store
