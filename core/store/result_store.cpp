#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>

#include "store_impl.h"

namespace d500::store {

using detail::Binder;
using detail::kMeasCols;
using detail::kRunCols;
using detail::measurement_fields;
using detail::null_if_zero;
using detail::placeholders;
using detail::process_identity;
using detail::run_fields;

namespace {

constexpr std::array<std::string_view, 7> kStatusNames = {
    "queued", "running", "succeeded", "failed", "crashed", "interrupted", "cancelled"};

double now_unix() {
  using namespace std::chrono;
  return duration<double>(system_clock::now().time_since_epoch()).count();
}

}  // namespace

std::string_view run_status_name(RunStatus s) {
  return kStatusNames[static_cast<size_t>(s)];
}

std::optional<RunStatus> run_status_from_name(std::string_view name) {
  for (size_t i = 0; i < kStatusNames.size(); ++i)
    if (kStatusNames[i] == name) return static_cast<RunStatus>(i);
  return std::nullopt;
}

namespace detail {

std::string full_disk_hint(const std::string& path) {
  std::error_code ec;
  auto folder = std::filesystem::absolute(path, ec).parent_path();
  struct statvfs fs {};
  if (ec || ::statvfs(folder.c_str(), &fs) != 0 || fs.f_bavail > 0) return "";
  return "; the disk holding it is full";
}

}  // namespace detail

namespace {

Error open_error(const std::string& path, std::string message) {
  return Error{std::move(message) + detail::full_disk_hint(path), "store " + path};
}

// Opens a connection; on failure returns the error, naming the folder when that is the cause.
std::optional<Error> open_db(const std::string& path, int flags, sqlite3** db) {
  if (sqlite3_open_v2(path.c_str(), db, flags, nullptr) == SQLITE_OK) return std::nullopt;
  std::string msg = std::string("cannot open: ") + (*db ? sqlite3_errmsg(*db) : "out of memory");
  sqlite3_close_v2(*db);
  *db = nullptr;
  std::error_code ec;
  auto parent = std::filesystem::absolute(path, ec).parent_path();
  if (!ec && !std::filesystem::is_directory(parent, ec))
    msg += " (folder " + parent.string() + " does not exist)";
  else if (!ec && (flags & SQLITE_OPEN_CREATE) && access(parent.c_str(), W_OK) != 0)
    msg += " (folder " + parent.string() + " is not writable)";
  return open_error(path, msg);
}

// A read-only connection for inspection. A WAL store on read-only media (or in a folder of another
// user) cannot be read the usual way, since SQLite must create its -shm file; when no -wal file is
// left (the last writer checkpointed it away on close) the file is complete as it is, and is
// opened as immutable.
std::optional<Error> open_read_only(const std::string& path, sqlite3** db, int* version,
                                    std::optional<std::string>* inspect_error) {
  constexpr int flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX;
  if (auto e = open_db(path, flags, db)) return e;
  sqlite3_busy_timeout(*db, 5000);
  *inspect_error = detail::inspect(*db, version);
  const int code = sqlite3_extended_errcode(*db);
  const bool cannot_write_shm =
      inspect_error->has_value() && (code == SQLITE_READONLY || (code & 0xff) == SQLITE_CANTOPEN ||
                                     code == SQLITE_READONLY_CANTINIT);
  struct stat wal {};
  if (!cannot_write_shm || ::stat((path + "-wal").c_str(), &wal) == 0) return std::nullopt;
  sqlite3_close_v2(*db);
  *db = nullptr;
  std::string uri = "file:";
  for (char c : std::filesystem::absolute(path).string()) {
    if (c == '%' || c == '?' || c == '#') {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", static_cast<unsigned char>(c));
      uri += hex;
    } else {
      uri += c;
    }
  }
  uri += "?immutable=1";
  if (auto e = open_db(uri, flags | SQLITE_OPEN_URI, db)) return e;
  *inspect_error = detail::inspect(*db, version);
  return std::nullopt;
}

}  // namespace

void ResultStore::Impl::mark_interrupted_runs() {
  std::vector<std::pair<int64_t, int64_t>> gone;  // id, pid
  {
    auto st = prepare("SELECT id, pid, host, process_start FROM runs WHERE status = 'running'");
    while (st.row("finding running runs")) {
      int64_t id, pid;
      std::string h, start;
      auto r = st.read();
      r(id), r(pid), r(h), r(start);
      if (h == host && detail::writer_gone(pid, start)) gone.emplace_back(id, pid);
    }
  }
  if (gone.empty()) return;
  Tx tx(*this);
  for (auto [id, pid] : gone) {
    auto st = prepare(
        "UPDATE runs SET status = 'interrupted', status_reason = ? "
        "WHERE id = ? AND status = 'running'");
    auto b = st.bind();
    b(detail::interrupted_reason(pid)), b(id);
    st.run("marking a run interrupted");
  }
  tx.commit();
}

ResultStore::ResultStore(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ResultStore::~ResultStore() = default;
const std::string& ResultStore::path() const {
  return impl_->path;
}
int ResultStore::schema_version() const {
  return impl_->version;
}

Result<std::unique_ptr<ResultStore>> ResultStore::open(const std::string& path, Mode mode) {
  auto impl = std::make_unique<Impl>();
  impl->path = path;
  impl->mode = mode;
  struct stat sb {};
  bool exists = ::stat(path.c_str(), &sb) == 0;
  if (!exists && mode == Mode::ReadOnly) return open_error(path, "cannot open: no such file");
  if (exists && S_ISDIR(sb.st_mode))
    return open_error(path, "cannot open: this is a folder, not a store file");

  // Look before touching: a newer or foreign file must come out of open() byte for byte as it
  // went in, so it is inspected through a read-only connection before any pragma that writes.
  if (exists) {
    sqlite3* ro = nullptr;
    int version = 0;
    std::optional<std::string> err;
    if (auto e = open_read_only(path, &ro, &version, &err)) return *e;
    if (mode == Mode::ReadOnly) {
      impl->db = ro;
      if (err) return open_error(path, *err);
      if (version == 0) return open_error(path, "not a d500 store (it has no tables yet)");
      impl->version = version;
    } else {
      sqlite3_close_v2(ro);
      if (err) return open_error(path, *err);
    }
  }

  try {
    if (mode == Mode::ReadWrite) {
      // NOMUTEX: a store is used from one thread at a time (see the header), so SQLite's own
      // locking would be paid on every call for nothing.
      constexpr int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
      if (auto e = open_db(path, flags, &impl->db)) return *e;
      sqlite3_busy_timeout(impl->db, 5000);
      // SQLite quietly falls back to read-only for a file it may not write; say so up front
      // rather than fail later on the first pragma that writes.
      if (sqlite3_db_readonly(impl->db, "main") == 1)
        return open_error(path, "cannot open for writing: the file or its folder is read-only");
      {
        auto st = impl->prepare("PRAGMA journal_mode = WAL");
        std::string jm;
        if (st.row("setting WAL mode")) st.read()(jm);
        if (jm != "wal")
          return open_error(path, "cannot switch to WAL mode (the journal stays " + jm + ")");
      }
      impl->exec("PRAGMA synchronous = NORMAL", "setting synchronous");
      impl->exec("PRAGMA foreign_keys = ON", "enabling foreign keys");
      if (auto e = detail::migrate(impl->db)) return open_error(path, *e);
      impl->version = current_schema_version();
    }
    bool v2 = impl->version >= 2;
    impl->run_select =
        std::string("SELECT id, ") + kRunCols + (v2 ? ", process_start" : ", ''") + " FROM runs";
    impl->meas_select = std::string("SELECT id, ") + kMeasCols + (v2 ? ", policy_json" : ", ''") +
                        (impl->version >= 5 ? ", kernel" : ", ''") + " FROM measurements";
    if (mode == Mode::ReadWrite) impl->mark_interrupted_runs();
  } catch (const D500Error& e) {
    return e.error();
  }
  return std::unique_ptr<ResultStore>(new ResultStore(std::move(impl)));
}

int64_t ResultStore::put_environment(const std::string& json) {
  auto& s = *impl_;
  s.require_writable();
  std::string hash = sha256_hex(json);
  {
    auto st = s.prepare(
        "INSERT INTO environments(hash, json, captured_at) VALUES(?, ?, ?) "
        "ON CONFLICT(hash) DO NOTHING");
    auto b = st.bind();
    b(hash), b(json), b(now_unix());
    st.run("put_environment");
  }
  auto st = s.prepare("SELECT id FROM environments WHERE hash = ?");
  st.bind()(hash);
  if (!st.row("put_environment")) s.fail("put_environment: the row vanished");
  int64_t id = 0;
  st.read()(id);
  return id;
}

int64_t ResultStore::create_run(const RunInfo& run) {
  auto& s = *impl_;
  s.require_writable();
  RunInfo r = run;
  r.pid = getpid();
  r.host = s.host;
  r.process_start = process_identity(r.pid);
  if (r.created_at == 0) r.created_at = now_unix();
  if (r.spec_hash.empty() && !r.spec_json.empty()) r.spec_hash = sha256_hex(r.spec_json);
  // The run's identity beyond this store (schema 4): 128 random bits from SQLite's generator,
  // which is seeded by the operating system.
  auto st =
      s.prepare(std::string("INSERT INTO runs(") + kRunCols + ", process_start, uuid) VALUES(" +
                placeholders(kRunCols) + ", ?, lower(hex(randomblob(16))))");
  auto b = st.bind();
  run_fields(std::as_const(r), b);
  b(r.process_start);
  st.run("create_run");
  return sqlite3_last_insert_rowid(s.db);
}

void ResultStore::start_run(int64_t run_id) {
  auto& s = *impl_;
  s.require_writable();
  // The process that starts a run is the one whose death interrupts it, which need not be the
  // one that queued it.
  int64_t pid = getpid();
  auto st = s.prepare(
      "UPDATE runs SET status = 'running', started_at = ?, pid = ?, host = ?, process_start = ? "
      "WHERE id = ?");
  auto b = st.bind();
  b(now_unix()), b(pid), b(s.host), b(process_identity(pid)), b(run_id);
  s.update_run_checked(st, run_id, "start_run");
}

void ResultStore::finish_run(int64_t run_id, RunStatus status, int exit_code,
                             const std::string& reason) {
  auto& s = *impl_;
  s.require_writable();
  auto st = s.prepare(
      "UPDATE runs SET status = ?, exit_code = ?, status_reason = ?, finished_at = ? WHERE id = ?");
  auto b = st.bind();
  b(status), b(exit_code), b(reason), b(now_unix()), b(run_id);
  s.update_run_checked(st, run_id, "finish_run");
}

int64_t ResultStore::add_measurement(const MeasurementRow& m, std::span<const double> samples_ns,
                                     std::span<const uint32_t> context_words) {
  auto& s = *impl_;
  s.require_writable();
  Impl::Tx tx(s);
  int64_t id = 0;
  {
    auto st = s.prepare(std::string("INSERT INTO measurements(") + kMeasCols +
                        ", policy_json, kernel) VALUES(" + placeholders(kMeasCols) + ", ?, ?)");
    auto b = st.bind();
    measurement_fields(m, b);
    b(m.policy_json);
    b(m.kernel);
    st.run("add_measurement");
    id = sqlite3_last_insert_rowid(s.db);
  }
  if (!samples_ns.empty()) {
    static_assert(std::endian::native == std::endian::little,
                  "samples are stored as little-endian float64; add a byte swap for this host");
    auto st = s.prepare("INSERT INTO samples(measurement_id, count, value_ns) VALUES(?, ?, ?)");
    auto b = st.bind();
    b(id), b(static_cast<int64_t>(samples_ns.size()));
    sqlite3_bind_blob64(st.get(), b.i, samples_ns.data(), samples_ns.size_bytes(), SQLITE_STATIC);
    st.run("add_measurement (samples)");
  }
  if (!context_words.empty()) {
    auto st =
        s.prepare("INSERT INTO sample_context(measurement_id, count, counters) VALUES(?, ?, ?)");
    auto b = st.bind();
    b(id), b(static_cast<int64_t>(context_words.size() / 4));
    sqlite3_bind_blob64(st.get(), b.i, context_words.data(), context_words.size_bytes(),
                        SQLITE_STATIC);
    st.run("add_measurement (sample context)");
  }
  tx.commit();
  return id;
}

void ResultStore::add_series(std::span<const SeriesPoint> points) {
  auto& s = *impl_;
  s.require_writable();
  if (points.empty()) return;
  // SQLite's fixed cost per statement execution (cursors, foreign-key bookkeeping, halting)
  // outweighs the work of one six-column row, so rows go kChunk to a statement: about twice
  // the rows per second of one statement per row.
  constexpr size_t kChunk = 50;
  static const std::string one =
      "INSERT INTO series(run_id, rank, name, step, wall_time, value) VALUES(?, ?, ?, ?, ?, ?)";
  static const std::string many = [] {
    std::string sql = one;
    for (size_t k = 1; k < kChunk; ++k) sql += ", (?, ?, ?, ?, ?, ?)";
    return sql;
  }();
  auto bind = [](Binder& b, const SeriesPoint& p) {
    b(p.run_id), b(p.rank), b(p.name), b(p.step), b(p.wall_time), b(p.value);
  };
  Impl::Tx tx(s);
  size_t i = 0;
  if (points.size() >= kChunk) {
    auto st = s.prepare(many);
    for (; i + kChunk <= points.size(); i += kChunk) {
      auto b = st.bind();
      for (size_t k = i; k < i + kChunk; ++k) bind(b, points[k]);
      st.run("add_series");
    }
  }
  if (i < points.size()) {
    auto st = s.prepare(one);
    for (; i < points.size(); ++i) {
      auto b = st.bind();
      bind(b, points[i]);
      st.run("add_series");
    }
  }
  tx.commit();
}

int64_t ResultStore::add_validation(const ValidationRow& v) {
  auto& s = *impl_;
  s.require_writable();
  auto st = s.prepare(
      "INSERT INTO validations(run_id, measurement_id, subject, metric, value, tolerance, passed, "
      "detail) VALUES(?, ?, ?, ?, ?, ?, ?, ?)");
  auto b = st.bind();
  b(v.run_id), b(null_if_zero(v.measurement_id)), b(v.subject), b(v.metric), b(v.value);
  b(v.tolerance), b(v.passed), b(v.detail);
  st.run("add_validation");
  return sqlite3_last_insert_rowid(s.db);
}

void ResultStore::add_log(int64_t run_id, std::string_view level, std::string_view text) {
  auto& s = *impl_;
  s.require_writable();
  auto st = s.prepare("INSERT INTO logs(run_id, time, level, text) VALUES(?, ?, ?, ?)");
  auto b = st.bind();
  b(run_id), b(now_unix()), b(level), b(text);
  st.run("add_log");
}

int64_t ResultStore::add_artifact(const ArtifactRow& a) {
  auto& s = *impl_;
  s.require_writable();
  auto st = s.prepare("INSERT INTO artifacts(run_id, name, mime, data) VALUES(?, ?, ?, ?)");
  auto b = st.bind();
  b(a.run_id), b(a.name), b(a.mime);
  // A zero-length blob must still be a blob: binding a null pointer would store NULL.
  if (a.data.empty())
    sqlite3_bind_zeroblob(st.get(), b.i, 0);
  else
    sqlite3_bind_blob64(st.get(), b.i, a.data.data(), a.data.size(), SQLITE_STATIC);
  st.run("add_artifact");
  return sqlite3_last_insert_rowid(s.db);
}

}  // namespace d500::store
