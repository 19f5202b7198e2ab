#include <algorithm>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "d500/measure/tail.h"
#include "d500/network/network_benchmark.h"
#include "sections.h"

namespace d500::run::reports {

namespace {

using nlohmann::json;
using store::MeasurementRow;

std::string bytes_text(double b) {
  const char* unit[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int u = 0;
  while (b >= 1024 && u < 4) b /= 1024, ++u;
  char buf[32];
  std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", b, unit[u]);
  return buf;
}

std::string g3(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

std::string ci_text(const MeasurementRow& m) {
  if (!m.ci_valid) return "n too small";
  return "[" + format_duration_ns(m.ci_lo) + ", " + format_duration_ns(m.ci_hi) + "]";
}

std::string rate(double per_s) {
  if (!(per_s > 0)) return "-";
  return per_s >= 100 ? fixed(per_s, 0) : g3(per_s);
}

struct Row {
  MeasurementRow m;
  json point;
  std::string kind;
  int64_t batch = 0;
};

// first call / steady median, "12.3 ms (4.1x)"
std::string first_call(const MeasurementRow& m) {
  if (!(m.first_call_ns > 0)) return "-";
  std::string s = format_duration_ns(m.first_call_ns);
  if (m.median > 0) s += " (" + fixed(m.first_call_ns / m.median, 1) + "x)";
  return s;
}

class NetworkReport {
 public:
  NetworkReport(LineWriter& out, const store::ResultStore& s, const store::RunInfo& r)
      : out(out), s_(s), r_(r) {
    for (auto& m : s.measurements(r.id)) {
      Row row;
      row.point = json::parse(m.point_json.empty() ? "{}" : m.point_json, nullptr, false);
      if (!row.point.is_object()) row.point = json::object();
      row.kind = row.point.value("kind", "");
      row.batch = row.point.value("batch", int64_t{0});
      row.m = std::move(m);
      if (std::find(executors_.begin(), executors_.end(), row.m.implementation) == executors_.end())
        executors_.push_back(row.m.implementation);
      rows_.push_back(std::move(row));
    }
    for (int64_t after = 0;;) {
      auto points = s.series_after(r.id, after, 10000);
      if (points.empty()) break;
      for (const auto& p : points) memory_[p.name][p.step] = p.value;
      after = points.back().id;
    }
    std::stable_sort(rows_.begin(), rows_.end(), [&](const Row& a, const Row& b) {
      return std::make_pair(a.batch, exec_index(a.m.implementation)) <
             std::make_pair(b.batch, exec_index(b.m.implementation));
    });
  }

  void print() {
    if (rows_.empty()) {
      out << "\n(no measurements)\n";
      return;
    }
    for (const auto& l : s_.logs(r_.id))
      if (l.level == "info" && l.text.rfind("model: ", 0) == 0)
        out << "  " << printable(l.text) << "\n";
    latency();
    per_batch("throughput", "throughput (inference, samples/s from the median time per batch)");
    per_batch("fwd+bwd", "forward+backward per batch");
    memory_note();
    transfers();
    nodes();
    micro();
    errors();
  }

 private:
  size_t exec_index(const std::string& e) const {
    return std::find(executors_.begin(), executors_.end(), e) - executors_.begin();
  }

  // Peak memory from the series (network_benchmark.h, add_memory); -1 when not recorded.
  double memory(const char* metric, const std::string& exec, const std::string& of,
                int64_t step) const {
    auto it = memory_.find(std::string(metric) + " " + of + " " + exec);
    if (it == memory_.end()) return -1;
    auto v = it->second.find(step);
    return v == it->second.end() ? -1 : v->second;
  }

  std::string memory_text(const std::string& exec, const std::string& of, int64_t step) const {
    const double rss = memory(network::kRssSeries, exec, of, step);
    const double own = memory(network::kExecutorMemorySeries, exec, of, step);
    std::string s = rss >= 0 ? bytes_text(rss) : "-";
    if (own >= 0) s += " (executor: " + bytes_text(own) + ")";
    return s;
  }

  void latency() {
    std::vector<std::vector<std::string>> t{{"EXECUTOR", "N", "P50", "95% CI OF P50", "P90", "P99",
                                             "FIRST CALL (x P50)", "PEAK RSS Δ", "STOP"}};
    for (const auto& r : rows_) {
      if (r.kind != "latency" || !r.m.error.empty()) continue;
      t.push_back({r.m.implementation, std::to_string(r.m.n), format_duration_ns(r.m.median),
                   ci_text(r.m), format_duration_ns(r.m.p90), format_duration_ns(r.m.p99),
                   first_call(r.m), memory_text(r.m.implementation, "latency", 1),
                   r.m.stop_reason});
    }
    if (t.size() == 1) return;
    out << "\ninference latency, batch 1 (p50 = median, with its confidence interval):\n";
    out.table(t);
    tails();
  }

  // Where each executor's latency tail comes from, from the context kept with every sample.
  void tails() const {
    bool header = false;
    for (const auto& r : rows_) {
      if (r.kind != "latency" || !r.m.error.empty()) continue;
      const auto tail = measure::explain_tail(
          s_.samples(r.m.id), measure::contexts_from_words(s_.sample_context_words(r.m.id)));
      if (!tail.valid) continue;
      if (!header) out << "latency tail (samples above p90 against those at or below p50):\n";
      header = true;
      out << "  " << printable(r.m.implementation) << ": " << measure::describe_tail(tail) << "\n";
    }
  }

  void per_batch(const std::string& kind, const std::string& title) {
    std::vector<std::vector<std::string>> t{{"EXECUTOR", "BATCH", "N", "TIME/BATCH", "95% CI",
                                             "SAMPLES/S", "SAMPLES/S CI", "FIRST CALL (x median)",
                                             "PEAK RSS Δ", "STOP"}};
    for (const auto& r : rows_) {
      if (r.kind != kind || !r.m.error.empty()) continue;
      const double b = static_cast<double>(r.batch) * 1e9;
      std::string rci = r.m.ci_valid && r.m.ci_lo > 0
                            ? "[" + rate(b / r.m.ci_hi) + ", " + rate(b / r.m.ci_lo) + "]"
                            : "-";
      const bool derived = r.point.value("from", "") == "latency";
      t.push_back({r.m.implementation, std::to_string(r.batch), std::to_string(r.m.n),
                   format_duration_ns(r.m.median), ci_text(r.m),
                   r.m.median > 0 ? rate(b / r.m.median) : "-", rci, first_call(r.m),
                   memory_text(r.m.implementation, derived ? "latency" : kind, r.batch),
                   r.m.stop_reason + (derived ? " (latency run)" : "")});
    }
    if (t.size() == 1) return;
    out << "\n" << title << ":\n";
    out.table(t);
  }

  // Copies between the host and a device per pass (network_benchmark.h, kTransferSeries), for
  // assembled executors with nodes on a device.
  void transfers() {
    std::vector<std::vector<std::string>> t{
        {"EXECUTOR", "PASS", "BATCH", "H2D COPIES", "H2D BYTES", "D2H COPIES", "D2H BYTES"}};
    for (const auto& r : rows_) {
      if (r.point.value("from", "") == "latency") continue;
      double v[4];
      for (int k = 0; k < 4; ++k)
        v[k] = memory(network::kTransferSeries[k], r.m.implementation, r.kind, r.batch);
      if (v[0] < 0) continue;
      t.push_back({r.m.implementation, r.kind, std::to_string(r.batch),
                   std::to_string(static_cast<int64_t>(v[0])), bytes_text(v[1]),
                   std::to_string(static_cast<int64_t>(v[2])), bytes_text(v[3])});
    }
    if (t.size() == 1) return;
    out << "\ncopies between host and device per pass (steady state, the pass after the "
           "first; forward passes do not read the outputs back):\n";
    out.table(t);
  }

  void memory_note() {
    for (const auto& l : s_.logs(r_.id)) {
      auto pos = l.text.find("; memory: ");
      if (l.level == "info" && pos != std::string::npos &&
          l.text.find("unknown", pos) == std::string::npos) {
        out << "\nPEAK RSS Δ: " << printable(l.text.substr(pos + 10))
            << ", over building the executor and its first pass; FIRST CALL is that "
               "first pass of a fresh executor.\n";
        return;
      }
    }
  }

  void nodes() {
    std::map<std::pair<size_t, std::string>, std::vector<const Row*>> groups;
    for (const auto& r : rows_)
      if (r.kind == "node" && r.m.error.empty())
        groups[{exec_index(r.m.implementation), r.point.value("group", "")}].push_back(&r);
    for (auto& [key, rs] : groups) {
      double total = 0;
      for (const Row* r : rs) total += r->m.median;
      std::stable_sort(rs.begin(), rs.end(),
                       [](const Row* a, const Row* b) { return a->m.median > b->m.median; });
      out << "\nfive slowest nodes, " << printable(executors_[key.first]) << ", "
          << printable(key.second) << " (" << rs.size() << " node passes, "
          << format_duration_ns(total) << " in all):\n";
      std::vector<std::vector<std::string>> t{{"NODE", "OP", "PASS", "MEDIAN", "95% CI", "SHARE"}};
      for (size_t i = 0; i < rs.size() && i < 5; ++i) {
        const Row& r = *rs[i];
        t.push_back({r.point.value("node", "?"), r.point.value("op_type", "?"),
                     r.point.value("pass", "?"), format_duration_ns(r.m.median), ci_text(r.m),
                     total > 0 ? fixed(100 * r.m.median / total, 1) + "%" : "-"});
      }
      out.table(t);
    }
  }

  void micro() {
    std::map<int64_t, std::vector<store::ValidationRow>> checks;
    for (auto& v : s_.validations(r_.id)) checks[v.measurement_id].push_back(std::move(v));
    for (const auto& exec : executors_) {
      std::vector<std::vector<std::string>> t{{"K", "MICRO-BATCH", "TIME/STEP", "95% CI",
                                               "PEAK RSS Δ", "MAX GRAD ERR (rel)", "VERDICT"}};
      int64_t batch = 0;
      std::vector<std::string> bad;
      for (const auto& r : rows_) {
        if (r.kind != "micro-batching" || r.m.implementation != exec) continue;
        batch = r.batch;
        const int64_t k = r.point.value("k", int64_t{1});
        if (!r.m.error.empty()) {
          t.push_back({std::to_string(k), "-", "-", "-", "-", "-", "error"});
          continue;
        }
        std::string err = "-", verdict = "-";
        for (const auto& v : checks[r.m.id]) {
          if (v.subject.size() >= 14 &&
              v.subject.rfind("all parameters") == v.subject.size() - 14) {
            err = g3(v.value) + " (tol " + g3(v.tolerance) + ")";
            verdict = v.passed ? "equal" : "DIFFERENT";
          } else if (!v.passed) {
            bad.push_back(v.subject + ": rel err " + g3(v.value) + ", " + v.detail);
          }
        }
        t.push_back({std::to_string(k), std::to_string(k > 0 ? r.batch / k : 0),
                     r.m.n > 0 ? format_duration_ns(r.m.median) : "-", ci_text(r.m),
                     memory_text(exec, "micro-batching/B=" + std::to_string(r.batch), k), err,
                     verdict});
      }
      if (t.size() == 1) continue;
      out << "\nmicro-batching, " << printable(exec) << ", minibatch " << batch
          << " (gradients accumulated over k micro-batches vs the full batch; mean loss):\n";
      out.table(t);
      for (const auto& b : bad) out << "  differs: " << printable(b) << "\n";
    }
  }

  void errors() {
    for (const auto& r : rows_)
      if (!r.m.error.empty())
        out << "\nerror: " << printable(r.m.subject) << " [" << printable(r.m.implementation)
            << "]: " << printable(r.m.error);
    out << "\n";
  }

  LineWriter& out;
  const store::ResultStore& s_;
  const store::RunInfo& r_;
  std::vector<Row> rows_;
  std::vector<std::string> executors_;
  std::map<std::string, std::map<int64_t, double>> memory_;  // series name -> step -> bytes
};

}  // namespace

void network_report(LineWriter& out, const store::ResultStore& s, const store::RunInfo& r) {
  NetworkReport(out, s, r).print();
}

void model_validation_report(LineWriter& out, const store::ResultStore& s,
                             const store::RunInfo& r) {
  auto spec = json::parse(r.spec_json.empty() ? "{}" : r.spec_json, nullptr, false);
  if (spec.is_object()) {
    for (const char* k : {"model", "policy", "a", "b"})
      if (spec.contains(k) && spec[k].is_string())
        out << "  " << k << std::string(10 - std::string(k).size(), ' ')
            << printable(spec[k].get<std::string>()) << "\n";
    if (spec.contains("rtol"))
      out << "  tolerance rtol " << g3(spec.value("rtol", 0.0)) << ", atol "
          << g3(spec.value("atol", 0.0)) << "\n";
  }
  auto vs = s.validations(r.id);
  if (vs.empty()) {
    out << "\n(no validation results)\n";
    return;
  }
  size_t passed = 0;
  std::vector<std::vector<std::string>> t{
      {"COMPARED", "METRIC", "VALUE", "TOLERANCE", "VERDICT", "DETAIL"}};
  for (const auto& v : vs) {
    passed += v.passed;
    t.push_back(
        {v.subject, v.metric, g3(v.value), g3(v.tolerance), v.passed ? "ok" : "FAIL", v.detail});
  }
  out << "\n";
  out.table(t);
  out << "\n" << passed << " of " << vs.size() << " comparisons within the tolerance\n";
}

}  // namespace d500::run::reports
