// The CI gate (issue 31, item 4): a candidate run against a baseline run, failing only on a
// slowdown that is both statistically significant (Mann-Whitney U on the raw samples, as
// `d500 compare`) and larger than a threshold the user sets: never on noise, never on a
// significant but negligible change. Written as a report (text, Markdown for a CI job's summary
// page) and as JUnit XML (one test case per benchmark, for any CI system).
#pragma once

#include <string>
#include <vector>

#include "d500/report/document.h"
#include "d500/store/result_store.h"

namespace d500::history {

struct GateOptions {
  double threshold = 0.05;       // a slowdown must exceed this fraction to fail
  double alpha = 0.05;           // and be significant at this level
  bool across_machines = false;  // compare runs of different machine classes anyway
};

struct GateRow {
  std::string subject, implementation;
  int64_t baseline_run = 0, candidate_run = 0;  // the runs compared (series mode: per row)
  double baseline_ns = 0, candidate_ns = 0;
  double change = 0;  // candidate / baseline - 1: +0.08 is 8% slower
  double p_value = 1;
  std::string verdict;  // "regression", "improvement", "within threshold", "no significant change"
};

struct GateResult {
  bool series = false;  // gate_series: each series' latest run, not two given runs
  int64_t baseline_run = 0, candidate_run = 0;
  std::string baseline_machine, candidate_machine;
  GateOptions options;
  std::vector<GateRow> rows;
  int regressions = 0;
};

// Compares every (point, implementation) measured in both runs. Throws D500Error when they ran on
// different machine classes (unless options.across_machines) or share no benchmark.
GateResult gate(const store::ResultStore& sb, int64_t baseline_run, const store::ResultStore& sc,
                int64_t candidate_run, const GateOptions& o = {});

// Every series of the candidate store `sc` (experiment, implementation, point, machine class;
// without the machine when options.across_machines): its latest run against the latest run of
// the same series in `sb`, or, when both are one store, against the run before it. Throws
// D500Error when no series has a baseline.
GateResult gate_series(const store::ResultStore& sb, const store::ResultStore& sc,
                       const GateOptions& o = {});

report::Document gate_report(const GateResult& r);
// JUnit XML: one testsuite "d500 gate", a testcase per benchmark, a <failure> per regression.
std::string gate_junit(const GateResult& r);

}  // namespace d500::history
