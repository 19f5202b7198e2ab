#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <tuple>

#include "sections.h"

namespace d500::run::reports {

namespace {

std::string size_label(int64_t b) {
  if (b >= (1 << 20) && b % (1 << 20) == 0) return std::to_string(b >> 20) + " MiB";
  if (b >= 1024 && b % 1024 == 0) return std::to_string(b >> 10) + " KiB";
  return std::to_string(b) + " B";
}

std::string bytes_label(double b) {
  if (b >= 1073741824) return fixed(b / 1073741824, 2) + " GiB";
  if (b >= 1048576) return fixed(b / 1048576, 1) + " MiB";
  if (b >= 1024) return fixed(b / 1024, 1) + " KiB";
  return fixed(b, 0) + " B";
}

std::string gbps(double v) {
  return v >= 100 ? fixed(v, 1) : v >= 1 ? fixed(v, 2) : fixed(v, 4);
}

struct Row {
  std::string op;
  int64_t bytes;
  double factor;
  const store::MeasurementRow* m;
  std::string differ;  // Kruskal-Wallis across the ranks' own times: "yes (p 0.001)", "no (p 0.4)"
};

struct RankRow {
  Row row;
  int rank;
};

std::string ranks_differ(const nlohmann::json& p) {
  if (!p.contains("ranks_differ") || !p["ranks_differ"].is_object()) return "-";
  const double pv = p["ranks_differ"].value("p", 1.0);
  return std::string(pv < 0.05 ? "yes" : "no") + " (p " + fixed(pv, pv < 0.001 ? 5 : 3) + ")";
}

bool before(const Row& a, const Row& b) {
  return std::tie(a.op, a.bytes) < std::tie(b.op, b.bytes);
}

// Each rank's own time per call: which rank was slow, and by how much.
void print_per_rank(LineWriter& out, std::vector<RankRow> rows) {
  if (rows.empty()) return;
  std::stable_sort(rows.begin(), rows.end(), [](const RankRow& a, const RankRow& b) {
    return before(a.row, b.row) || (!before(b.row, a.row) && a.rank < b.rank);
  });
  out << "\neach rank's own time per call (the table above takes the slowest rank of each "
         "sample)\n";
  std::vector<std::vector<std::string>> t{{"SIZE", "OP", "RANK", "MIN", "MEDIAN", "MAX"}};
  for (const RankRow& r : rows) {
    const store::MeasurementRow& m = *r.row.m;
    t.push_back({size_label(r.row.bytes), r.row.op, std::to_string(r.rank),
                 format_duration_ns(m.min), format_duration_ns(m.median),
                 format_duration_ns(m.max)});
  }
  out.table(t);
}

}  // namespace

bool CommCounters::take(const store::SeriesPoint& p) {
  if (p.name.rfind("comm.", 0) != 0) return false;
  const auto dot = p.name.rfind('.');
  counters_[{p.rank, p.name.substr(5, dot - 5)}][p.name.substr(dot + 1)] = p.value;
  return true;
}

void CommCounters::print(LineWriter& out) const {
  if (counters_.empty()) return;
  out << "\ncommunication per rank\n";
  std::vector<std::vector<std::string>> c{{"RANK", "CALL", "CALLS", "SENT", "RECEIVED", "TIME"}};
  for (const auto& [key, values] : counters_) {
    const auto& v = values;  // clang 14 cannot capture a structured binding
    const auto at = [&v](const char* k) {
      auto it = v.find(k);
      return it == v.end() ? 0.0 : it->second;
    };
    c.push_back({std::to_string(key.first), key.second, fixed(at("calls"), 0),
                 bytes_label(at("bytes_sent")), bytes_label(at("bytes_received")),
                 format_duration_ns(at("time_s") * 1e9)});
  }
  out.table(c);
}

void collective_report(LineWriter& out, const store::ResultStore& s, const store::RunInfo& r) {
  std::map<int64_t, std::string> verdict;
  std::vector<std::string> failures;
  for (const auto& v : s.validations(r.id)) {
    verdict[v.measurement_id] = v.passed ? "ok" : "FAIL";
    if (!v.passed)
      failures.push_back(v.subject + ": max |error| " + fixed(v.value, 6) + " (" + v.detail + ")");
  }
  auto ms = s.measurements(r.id);
  std::vector<Row> rows;
  std::vector<RankRow> per_rank;
  int ranks = 1;
  for (const auto& m : ms) {
    auto p = nlohmann::json::parse(m.point_json, nullptr, false);
    if (!p.is_object()) continue;
    Row row{p.value("op", "?"), p.value("bytes", int64_t{0}), p.value("busbw_factor", 0.0), &m,
            ranks_differ(p)};
    if (p.contains("of_rank"))
      per_rank.push_back({row, m.rank});
    else
      rows.push_back(row);
    ranks = p.value("ranks", ranks);
  }
  std::stable_sort(rows.begin(), rows.end(), before);
  out << "\ncollectives on " << ranks << " rank" << (ranks == 1 ? "" : "s")
      << " (every rank times every call after a barrier; a sample is the slowest rank's "
         "time per call; algbw = size / median; busbw = algbw x nccl-tests factor: "
         "allreduce 2(n-1)/n, allgather (n-1)/n, broadcast 1; \"-\" on one rank; ranks "
         "differ: Kruskal-Wallis over the ranks' own times)\n";
  if (rows.empty()) {
    out << "(no measurements)\n";
    return;
  }
  const std::string level = fixed(100 * rows.front().m->ci_level, 0);
  std::vector<std::vector<std::string>> t{{"SIZE", "OP", "N", "MEDIAN", level + "% CI",
                                           "ALGBW GB/s", "BUSBW GB/s", "RANKS DIFFER", "STOP",
                                           "VALID"}};
  for (const Row& row : rows) {
    const store::MeasurementRow& m = *row.m;
    const std::string v = verdict.count(m.id) ? verdict[m.id] : "-";
    if (!m.error.empty() || m.median <= 0) {
      t.push_back({size_label(row.bytes), row.op, std::to_string(m.n), "-", "-", "-", "-", "-",
                   m.error.empty() ? m.stop_reason : "error", v});
      continue;
    }
    const double algbw = m.bytes / m.median;  // bytes per ns = GB/s
    t.push_back({size_label(row.bytes), row.op, std::to_string(m.n), format_duration_ns(m.median),
                 m.ci_valid
                     ? "[" + format_duration_ns(m.ci_lo) + ", " + format_duration_ns(m.ci_hi) + "]"
                     : "n too small",
                 gbps(algbw), row.factor > 0 ? gbps(algbw * row.factor) : "-", row.differ,
                 m.stop_reason, v});
  }
  out.table(t);
  print_per_rank(out, per_rank);

  // Communication counters per rank (series "comm.<call>.<counter>", one writer: rank 0).
  CommCounters counters;
  for (const auto& p : s.series_after(r.id, 0, 1000000)) counters.take(p);
  counters.print(out);
  for (const auto& f : failures) out << "\nvalidation failed: " << printable(f);
  out << "\n";
}

}  // namespace d500::run::reports
