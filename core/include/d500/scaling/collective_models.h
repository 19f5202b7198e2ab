// The collective models of stored runs (issue 36, items 1-2): each collective run's latency and
// bandwidth per operation (hockney.h), and, over runs of one experiment at several rank counts,
// each operation and size's time as a normal-form model of the ranks (normal_form.h); as a
// report (`d500 scaling`) and as the run's stored model.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "d500/report/document.h"
#include "d500/scaling/hockney.h"
#include "d500/scaling/normal_form.h"
#include "d500/store/result_store.h"

namespace d500::scaling {

inline constexpr const char* kCollectiveModelArtifact = "collective-model";

struct CollectiveModel {
  std::string op, implementation;
  int ranks = 0;
  LinearModel fit;
  // Per byte, what the reduction costs beyond allgather of the same run (allreduce, reduce);
  // value 0 and lo = hi = 0 when there is no allgather to compare with.
  Interval gamma_ns_per_byte;
  bool has_gamma = false;
};

// The models of one collective run (its critical-path measurements, not the per-rank ones);
// operations with fewer than 2 measured sizes are left out. Throws D500Error for a run that is
// not a collective run.
std::vector<CollectiveModel> collective_models(const store::ResultStore& s, int64_t run_id);

// Each model as JSON (the run's stored "collective-model" artifact).
std::string to_json(const std::vector<CollectiveModel>& models);

// The report of `runs` (collective runs): each run's models with the error at every measured
// size; with runs at 2 or more rank counts, each operation's time at each size over the ranks.
// `fitted`, if given, receives the runs' models (fitted once, for what else is done with them).
report::Document scaling_report(const store::ResultStore& s, const std::vector<int64_t>& runs,
                                std::vector<CollectiveModel>* fitted = nullptr);

}  // namespace d500::scaling
