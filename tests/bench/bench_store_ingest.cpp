// Series ingest through ResultStore::add_series against raw sqlite3 on the same schema and
// pragmas, in one process, interleaved, so that machine drift hits both sides alike.
// Goal: >= 500k rows/s. Usage: bench_store_ingest [rows] [batch] [rounds]
#include <sqlite3.h>
#include <stdlib.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "d500/store/result_store.h"

using namespace d500::store;
namespace fs = std::filesystem;

namespace {

// Wall time decides the goal; CPU time is printed beside it because on a shared machine the
// wall figure also measures the neighbours.
struct Rate {
  double wall = 0, cpu = 0;  // rows per second of each
};
double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}
struct Timer {
  std::chrono::steady_clock::time_point wall0 = std::chrono::steady_clock::now();
  double cpu0 = cpu_seconds();
  Rate rate(size_t rows) const {
    double w = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
    return {double(rows) / w, double(rows) / (cpu_seconds() - cpu0)};
  }
};

std::string fresh_store(const fs::path& dir, const std::string& name, int64_t* run_id) {
  std::string path = (dir / name).string();
  auto s = ResultStore::open(path, ResultStore::Mode::ReadWrite).value().release();
  *run_id = s->create_run(RunInfo{});
  delete s;
  return path;
}

std::vector<SeriesPoint> make_points(int64_t run, size_t rows) {
  std::vector<SeriesPoint> pts(rows);
  static const char* names[] = {"loss", "accuracy", "throughput"};
  for (size_t i = 0; i < rows; ++i)
    pts[i] = {0, run, int(i % 4), names[i % 3], int64_t(i), 1e-3 * double(i), 1.0 / (i + 1)};
  return pts;
}

Rate ingest_store(const std::string& path, const std::vector<SeriesPoint>& pts, size_t batch) {
  auto s = ResultStore::open(path, ResultStore::Mode::ReadWrite).value().release();
  Timer t;
  for (size_t i = 0; i < pts.size(); i += batch)
    s->add_series(std::span(pts).subspan(i, std::min(batch, pts.size() - i)));
  Rate r = t.rate(pts.size());
  delete s;
  return r;
}

#define CHECK(expr)                                                \
  do {                                                             \
    int rc_ = (expr);                                              \
    if (rc_ != SQLITE_OK && rc_ != SQLITE_DONE) {                  \
      std::fprintf(stderr, "%s: %s\n", #expr, sqlite3_errmsg(db)); \
      std::exit(1);                                                \
    }                                                              \
  } while (0)

Rate ingest_raw(const std::string& path, const std::vector<SeriesPoint>& pts, size_t batch) {
  sqlite3* db = nullptr;
  sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr);
  sqlite3_busy_timeout(db, 5000);
  sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON",
               nullptr, nullptr, nullptr);
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(db,
                     "INSERT INTO series(run_id, rank, name, step, wall_time, value) "
                     "VALUES(?, ?, ?, ?, ?, ?)",
                     -1, &st, nullptr);
  Timer t;
  for (size_t i = 0; i < pts.size(); i += batch) {
    CHECK(sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr));
    for (size_t j = i; j < std::min(pts.size(), i + batch); ++j) {
      const SeriesPoint& p = pts[j];
      sqlite3_bind_int64(st, 1, p.run_id);
      sqlite3_bind_int(st, 2, p.rank);
      sqlite3_bind_text(st, 3, p.name.data(), int(p.name.size()), SQLITE_STATIC);
      sqlite3_bind_int64(st, 4, p.step);
      sqlite3_bind_double(st, 5, p.wall_time);
      sqlite3_bind_double(st, 6, p.value);
      CHECK(sqlite3_step(st));
      sqlite3_reset(st);
    }
    CHECK(sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr));
  }
  Rate r = t.rate(pts.size());
  sqlite3_finalize(st);
  sqlite3_close(db);
  return r;
}

// A benchmark that inserts the wrong number of rows measures nothing; both sides are counted.
void expect_rows(const std::string& path, size_t rows) {
  sqlite3* db = nullptr;
  sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(db, "SELECT count(*) FROM series", -1, &st, nullptr);
  long long n = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
  sqlite3_finalize(st);
  sqlite3_close(db);
  if (n != static_cast<long long>(rows)) {
    std::fprintf(stderr, "%s holds %lld series rows, expected %zu\n", path.c_str(), n, rows);
    std::exit(1);
  }
}

}  // namespace

int main(int argc, char** argv) {
  size_t rows = argc > 1 ? std::stoul(argv[1]) : 1000000;
  size_t batch = argc > 2 ? std::stoul(argv[2]) : 1000;
  int rounds = argc > 3 ? std::stoi(argv[3]) : 3;

  std::string tmpl = (fs::temp_directory_path() / "d500-bench-XXXXXX").string();
  if (!mkdtemp(tmpl.data())) return 1;
  fs::path dir = tmpl;

  std::vector<Rate> ours, raw;
  for (int r = 0; r < rounds; ++r) {
    // Each side gets a fresh file per round (equal file sizes), and the order alternates.
    int64_t run_a = 0, run_b = 0;
    std::string a = fresh_store(dir, "store" + std::to_string(r) + ".d500db", &run_a);
    std::string b = fresh_store(dir, "raw" + std::to_string(r) + ".d500db", &run_b);
    auto pa = make_points(run_a, rows), pb = make_points(run_b, rows);
    if (r % 2 == 0) {
      ours.push_back(ingest_store(a, pa, batch));
      raw.push_back(ingest_raw(b, pb, batch));
    } else {
      raw.push_back(ingest_raw(b, pb, batch));
      ours.push_back(ingest_store(a, pa, batch));
    }
    expect_rows(a, rows);
    expect_rows(b, rows);
    std::printf(
        "round %d: ResultStore::add_series %.0f rows/s (%.0f per CPU-s), "
        "raw sqlite3 %.0f rows/s (%.0f per CPU-s)\n",
        r, ours.back().wall, ours.back().cpu, raw.back().wall, raw.back().cpu);
  }
  auto median = [](std::vector<Rate> v, double Rate::*f) {
    std::sort(v.begin(), v.end(), [f](const Rate& x, const Rate& y) { return x.*f < y.*f; });
    return v[v.size() / 2].*f;
  };
  double mo = median(ours, &Rate::wall), mr = median(raw, &Rate::wall);
  double co = median(ours, &Rate::cpu), cr = median(raw, &Rate::cpu);
  std::printf("rows %zu, batch %zu, rounds %d (medians)\n", rows, batch, rounds);
  std::printf("ResultStore::add_series: %.0f rows/s (%.0f rows per CPU-second)\n", mo, co);
  std::printf("raw sqlite3, 1 row/stmt: %.0f rows/s (%.0f rows per CPU-second)\n", mr, cr);
  std::printf("ratio store/raw:         %.2f wall, %.2f CPU\n", mo / mr, co / cr);
  std::printf("goal >= 500000 rows/s:   %s\n", mo >= 500000 ? "met" : "NOT met");
  std::error_code ec;
  fs::remove_all(dir, ec);
  return 0;
}
