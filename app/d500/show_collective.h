// `d500 show` for level "collective": per operation and size the median with its CI, algbw and
// busbw (nccl-tests), the correctness verdict; then each rank's communication counters.
#pragma once

#include <map>
#include <string>
#include <utility>

#include "d500/store/result_store.h"

namespace d500::cli {

// Each rank's communication counters, from the series "comm.<call>.<counter>" (the last value
// of each), printed as the "communication per rank" table. Shared by the MPI levels' `show`.
class CommCounters {
 public:
  // Keeps the point when it is a counter; false for any other series.
  bool take(const store::SeriesPoint& p);
  void print() const;  // nothing when there were none

 private:
  std::map<std::pair<int, std::string>, std::map<std::string, double>> counters_;
};

void print_collective(const store::ResultStore& s, const store::RunInfo& r);

}  // namespace d500::cli
