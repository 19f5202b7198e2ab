// What `d500 conformance` prints when it ends: counts per implemented operator, then the tests
// that failed, erred, or were unsupported by an operator the plugin implements.
#include <set>

#include "d500/report/line_writer.h"
#include "d500/run/conformance_run.h"

namespace d500::run {

namespace {

using operators::ConformanceOutcome;
using operators::ConformanceResult;

std::vector<std::string> counts_row(const std::string& name,
                                    const operators::ConformanceCounts& c) {
  return {name,
          std::to_string(c.total()),
          std::to_string(c.passed),
          std::to_string(c.failed),
          std::to_string(c.unsupported),
          std::to_string(c.errors)};
}

void counts_table(report::LineWriter& out, const std::string& plugin,
                  const std::vector<ConformanceResult>& results) {
  std::set<std::string> implemented;
  for (const auto& r : results)
    if (!r.implementation.empty())
      implemented.insert(r.domain.empty() ? r.op_type : r.domain + "." + r.op_type);
  report::Rows rows{{"OPERATOR", "TESTS", "PASSED", "FAILED", "UNSUPPORTED", "ERROR"}};
  operators::ConformanceCounts other;
  size_t other_ops = 0;
  for (const auto& [op, c] : operators::counts_by_operator(results)) {
    if (implemented.count(op) || c.failed || c.errors) {
      rows.push_back(counts_row(op.empty() ? "-" : op, c));
    } else {
      ++other_ops;
      other.unsupported += c.unsupported;
    }
  }
  rows.push_back(counts_row("total", operators::count_outcomes(results)));
  out.table(rows);
  if (other_ops)
    out << "(" << other.unsupported << " tests of " << other_ops
        << " operators or multi-node graphs that " << plugin
        << " does not implement are counted as unsupported)\n";
}

void tests_of(report::LineWriter& out, const std::vector<ConformanceResult>& results,
              ConformanceOutcome o, const char* title, bool only_implemented) {
  bool first = true;
  for (const auto& r : results) {
    if (r.outcome != o || (only_implemented && r.implementation.empty())) continue;
    if (first) out.heading(title);
    first = false;
    out << "  " << r.test << ": " << r.reason << "\n";
  }
}

}  // namespace

report::Document conformance_summary(const std::string& plugin,
                                     const std::vector<ConformanceResult>& results) {
  report::Document doc;
  {
    report::LineWriter out(doc);
    counts_table(out, plugin, results);
    tests_of(out, results, ConformanceOutcome::Failed, "Failed", false);
    tests_of(out, results, ConformanceOutcome::Error, "Errors", false);
    tests_of(out, results, ConformanceOutcome::Unsupported, "Unsupported by implemented operators",
             true);
  }
  return doc;
}

}  // namespace d500::run
