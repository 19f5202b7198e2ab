// The list (Deep500's "list, à la Top500"): the runs of a store ranked on agreed workloads.
//
// Training: the runs that follow a recipe, ranked per recipe by the median time-to-accuracy over
// their seeds (time_to_accuracy.h), lower first. Runs whose intervals overlap are ties: they share
// a rank, and the next rank counts them ("1, 1, 3"). The interval is the median's 95% CI, or, with
// too few seeds for one, the range of the seeds' times. A tie group starts at its fastest run and
// takes every following run whose interval overlaps that one's. Runs that follow a recipe but are
// not compliant (a fixed component changed, a seed missed the target, the run failed) are listed
// apart with the reason.
//
// Operators and networks: per problem (a measurement's subject, e.g. "Gemm M=64 N=64 K=64"), each
// run's implementations ranked by median time with the same tie rule, shown as throughput
// (GFLOP/s where the FLOPs are known, else samples/s for a network's batch, else calls/s); a
// network's per-node times are left out. Optionally only the points of a problem
// list (spec/problem lists: {"d500_problems": 1, "name", "points"}). A measurement that failed or
// whose validation failed is listed apart.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "d500/report/document.h"
#include "d500/store/result_store.h"
#include "d500/training/time_to_accuracy.h"

namespace d500::ranking {

// What a run ran on, from its recorded environment.
struct SystemInfo {
  std::string host, cpu, gpu;  // gpu "" for none
  int64_t cores = 0;
  int ranks = 1;
  std::string frameworks;  // "torch 0.1 (LibTorch 2.1.2)", the plugins the run used
};
SystemInfo system_of(const store::ResultStore& s, const store::RunInfo& r,
                     const std::vector<std::string>& plugins);

// Where an entry stands: rank 1 is the best; `tied` when it shares its rank with another entry.
struct Placing {
  int rank = 0;
  bool tied = false;
};
// Lower is better. Placings in the order of `order` (indices into the intervals, sorted by
// centre), by the rule above.
struct Interval {
  double centre = 0, lo = 0, hi = 0;
  int64_t tiebreak = 0;  // equal centres: smaller first (run id)
};
std::vector<size_t> ranking_order(const std::vector<Interval>& xs);
std::vector<Placing> place(const std::vector<Interval>& xs, const std::vector<size_t>& order);

struct TrainingEntry {
  store::RunInfo run;
  std::string uuid;
  std::string implementation;  // "torch + torch/adam": executor and optimizer
  training::TtaSummary tta;
  bool ci_valid = false;  // tta's own CI; else the interval is the seeds' range
  double lo = 0, hi = 0;  // the interval the placing used (seconds)
  int64_t seeds = 0;
  SystemInfo system;
  Placing placing;
  std::string reason;  // why not compliant ("" for a ranked entry)
};
struct TrainingList {
  std::string recipe;                 // the recipe's name
  std::vector<TrainingEntry> ranked;  // in rank order
  std::vector<TrainingEntry> apart;   // not compliant, with the reason
};
// One list per recipe (in name order); `recipe` "" for all, else only that recipe (its name, or
// its file's name without .json).
std::vector<TrainingList> training_lists(const store::ResultStore& s, const std::string& recipe);

struct ThroughputEntry {
  store::RunInfo run;
  std::string implementation;
  store::MeasurementRow m;
  double lo = 0, hi = 0;  // the interval used (ns): the CI, else [min, max]
  double throughput = 0;  // per second of the median
  std::string unit;       // "GFLOP/s", "samples/s" or "calls/s"
  SystemInfo system;
  Placing placing;
  std::string reason;
};
struct ThroughputList {
  std::string level;    // "operator" or "network"
  std::string problem;  // the measurement subject
  std::vector<ThroughputEntry> ranked, apart;
};
// `problems`: a problem list's points; empty = every measured point.
std::vector<ThroughputList> throughput_lists(const store::ResultStore& s,
                                             const std::vector<nlohmann::json>& problems);

// Output. `report_link(run)` gives the href of a run's report ("" for none).
struct ListPage {
  std::string title = "d500 list";
  std::string store;          // the store's path, named in the page
  std::string problems_name;  // the problem list's name, "" for none
  std::vector<TrainingList> training;
  std::vector<ThroughputList> throughput;
};
// The list as a report: a heading per recipe and per workload, each with its table.
report::Document list_report(const ListPage& page);
// The list as one flat table, one row per entry (what --csv writes).
report::Document list_table(const ListPage& page);
std::string render_text(const ListPage& page);
std::string render_csv(const ListPage& page);
std::string render_html(const ListPage& page, const std::string& report_prefix);
// A run's own page, the target of the list's links: its status, seeds or measurements, system,
// environment and provenance.
std::string render_run_html(const store::ResultStore& s, const store::RunInfo& r);

}  // namespace d500::ranking
