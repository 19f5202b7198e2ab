// Each level's sections of a run's report (run_report.h), written once into a Document through a
// LineWriter; every reporter (text, CSV, JSON, Markdown, HTML) formats them.
#pragma once

#include <map>
#include <string>
#include <utility>

#include "d500/report/format.h"
#include "d500/report/line_writer.h"
#include "d500/report/printable.h"
#include "d500/store/result_store.h"

namespace d500::run::reports {

using report::fixed;
using report::format_duration_ns;
using report::LineWriter;
using report::printable;

// Each rank's communication counters, from the series "comm.<call>.<counter>" (the last value
// of each), as the "communication per rank" table. Shared by the MPI levels.
class CommCounters {
 public:
  // Keeps the point when it is a counter; false for any other series.
  bool take(const store::SeriesPoint& p);
  void print(LineWriter& out) const;  // nothing when there were none

 private:
  std::map<std::pair<int, std::string>, std::map<std::string, double>> counters_;
};

// Operator level: one row per measurement with its CI, throughput, roofline, verdict against the
// baseline and validation; then the roofline, the refusals and the failed checks.
void operator_report(LineWriter& out, const store::ResultStore& s, const store::RunInfo& r);
// ONNX conformance: the outcome counts and each failed or erroring node test.
void conformance_report(LineWriter& out, const store::ResultStore& s, const store::RunInfo& r);
// Level 1: latency percentiles, throughput and forward+backward per batch size, first call
// against the steady state, peak memory, the five slowest nodes, micro-batching.
void network_report(LineWriter& out, const store::ResultStore& s, const store::RunInfo& r);
// A stored model validation: every comparison with its verdict.
void model_validation_report(LineWriter& out, const store::ResultStore& s, const store::RunInfo& r);
// Level 2: time-to-accuracy per seed, best and final accuracy, the median with its CI and the
// olympic mean, where a step's time goes, the recipe verdict.
void training_report(LineWriter& out, const store::ResultStore& s, const store::RunInfo& r);
// Collectives: per operation and size the median with its CI, algbw and busbw, the verdict.
void collective_report(LineWriter& out, const store::ResultStore& s, const store::RunInfo& r);
// Level 3: per rank accuracy, step time, communication; critical path, scaling, verdicts.
void distributed_report(LineWriter& out, const store::ResultStore& s, const store::RunInfo& r);
// The metrics an experiment named (training, distributed): one row per metric.
void metrics_report(LineWriter& out, const store::ResultStore& s, const store::RunInfo& r);

}  // namespace d500::run::reports
