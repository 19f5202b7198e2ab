#include <cstring>

#include "store_impl.h"

namespace d500::store {

using detail::measurement_fields;
using detail::null_if_zero;
using detail::Reader;
using detail::run_fields;

namespace {
RunInfo read_run(Reader r) {
  RunInfo info;
  r(info.id);
  run_fields(info, r);
  r(info.process_start);
  return info;
}
MeasurementRow read_measurement(Reader r) {
  MeasurementRow m;
  r(m.id);
  measurement_fields(m, r);
  r(m.policy_json);
  r(m.kernel);
  return m;
}
}  // namespace

std::vector<RunInfo> ResultStore::runs() const {
  auto& s = *impl_;
  auto st = s.prepare(s.run_select + " ORDER BY id");
  std::vector<RunInfo> out;
  while (st.row("runs")) {
    out.push_back(read_run(st.read()));
    s.apply_liveness(out.back());
  }
  return out;
}

std::optional<RunInfo> ResultStore::run(int64_t id) const {
  auto& s = *impl_;
  auto st = s.prepare(s.run_select + " WHERE id = ?");
  st.bind()(id);
  if (!st.row("run")) return std::nullopt;
  RunInfo r = read_run(st.read());
  s.apply_liveness(r);
  return r;
}

std::optional<Environment> ResultStore::environment(int64_t id) const {
  auto st = impl_->prepare("SELECT id, hash, json, captured_at FROM environments WHERE id = ?");
  st.bind()(id);
  if (!st.row("environment")) return std::nullopt;
  Environment e;
  auto r = st.read();
  r(e.id), r(e.hash), r(e.json), r(e.captured_at);
  return e;
}

std::vector<MeasurementRow> ResultStore::measurements(int64_t run_id) const {
  return measurements_after(run_id, 0);
}

std::vector<MeasurementRow> ResultStore::measurements_after(int64_t run_id,
                                                            int64_t after_id) const {
  auto& s = *impl_;
  auto st = s.prepare(s.meas_select + " WHERE run_id = ? AND id > ? ORDER BY id");
  auto b = st.bind();
  b(run_id), b(after_id);
  std::vector<MeasurementRow> out;
  while (st.row("measurements")) out.push_back(read_measurement(st.read()));
  return out;
}

namespace {

// The one BLOB column of a per-measurement table (samples, sample_context) as an array of T in
// the host's byte order (little-endian, see add_measurement); empty when the row is absent.
template <class T, class StoreImpl>
std::vector<T> blob_of(StoreImpl& s, const char* sql, const char* what, int64_t measurement_id) {
  auto st = s.prepare(sql);
  st.bind()(measurement_id);
  std::vector<T> out;
  if (!st.row(what)) return out;
  auto bytes = static_cast<size_t>(sqlite3_column_bytes(st.get(), 0));
  const void* data = sqlite3_column_blob(st.get(), 0);
  out.resize(bytes / sizeof(T));
  if (!out.empty()) std::memcpy(out.data(), data, out.size() * sizeof(T));
  return out;
}

}  // namespace

std::vector<double> ResultStore::samples(int64_t measurement_id) const {
  return blob_of<double>(*impl_, "SELECT value_ns FROM samples WHERE measurement_id = ?", "samples",
                         measurement_id);
}

std::vector<uint32_t> ResultStore::sample_context_words(int64_t measurement_id) const {
  if (schema_version() < 3) return {};  // an older store opened read-only has no such table
  return blob_of<uint32_t>(*impl_, "SELECT counters FROM sample_context WHERE measurement_id = ?",
                           "sample_context", measurement_id);
}

std::vector<SeriesPoint> ResultStore::series_after(int64_t run_id, int64_t after_id,
                                                   size_t limit) const {
  auto st = impl_->prepare(
      "SELECT id, run_id, rank, name, step, wall_time, value FROM series "
      "WHERE run_id = ? AND id > ? ORDER BY id LIMIT ?");
  auto b = st.bind();
  // LIMIT -1 is SQLite's "no limit", which is what SIZE_MAX asks for.
  b(run_id), b(after_id), b(limit > INT64_MAX ? int64_t{-1} : static_cast<int64_t>(limit));
  std::vector<SeriesPoint> out;
  while (st.row("series_after")) {
    SeriesPoint& p = out.emplace_back();
    auto r = st.read();
    r(p.id), r(p.run_id), r(p.rank), r(p.name), r(p.step), r(p.wall_time), r(p.value);
  }
  return out;
}

std::vector<ValidationRow> ResultStore::validations(int64_t run_id) const {
  auto st = impl_->prepare(
      "SELECT id, run_id, measurement_id, subject, metric, value, tolerance, passed, detail "
      "FROM validations WHERE run_id = ? ORDER BY id");
  st.bind()(run_id);
  std::vector<ValidationRow> out;
  while (st.row("validations")) {
    ValidationRow& v = out.emplace_back();
    auto r = st.read();
    r(v.id), r(v.run_id), r(null_if_zero(v.measurement_id)), r(v.subject), r(v.metric);
    r(v.value), r(v.tolerance), r(v.passed), r(v.detail);
  }
  return out;
}

std::vector<LogRow> ResultStore::logs(int64_t run_id) const {
  auto st =
      impl_->prepare("SELECT id, run_id, time, level, text FROM logs WHERE run_id = ? ORDER BY id");
  st.bind()(run_id);
  std::vector<LogRow> out;
  while (st.row("logs")) {
    LogRow& l = out.emplace_back();
    auto r = st.read();
    r(l.id), r(l.run_id), r(l.time), r(l.level), r(l.text);
  }
  return out;
}

std::vector<ArtifactRow> ResultStore::artifacts(int64_t run_id) const {
  std::vector<ArtifactRow> out;
  if (impl_->version < 2) return out;  // the table came with schema 2
  auto st = impl_->prepare(
      "SELECT id, run_id, name, mime, data FROM artifacts WHERE run_id = ? ORDER BY id");
  st.bind()(run_id);
  while (st.row("artifacts")) {
    ArtifactRow& a = out.emplace_back();
    auto r = st.read();
    r(a.id), r(a.run_id), r(a.name), r(a.mime);
    auto p = static_cast<const uint8_t*>(sqlite3_column_blob(st.get(), 4));
    a.data.assign(p, p + sqlite3_column_bytes(st.get(), 4));
  }
  return out;
}

std::string ResultStore::integrity_check() const {
  auto st = impl_->prepare("PRAGMA integrity_check");
  std::string out, line;
  while (st.row("integrity_check")) {
    line.clear();
    st.read()(line);
    out += out.empty() ? line : "\n" + line;
  }
  return out;
}

}  // namespace d500::store
