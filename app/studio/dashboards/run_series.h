// One training run's series as its dashboard draws them: per group (a seed of the training level,
// whose rows are named "<name>@seed<k>", or a rank of the distributed level) and name, every
// stored point, read incrementally. Per-epoch series (test accuracy and the like, stored with
// step = epoch number) are placed on the step axis at the step where their epoch ended, found
// from the stored step series: the last "loss" step whose wall time is not after the epoch's.
// Pure data over the store API, no Qt: tested directly.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "d500/store/result_store.h"

namespace d500::studio {

class RunSeries {
 public:
  enum class GroupBy { Seed, Rank };
  enum class XAxis { Step, Epoch, WallTime };
  struct Point {
    double step = 0, wall = 0, value = 0;  // step as stored (an epoch number for per-epoch series)
  };
  struct Curve {
    std::vector<Point> points;  // in store order
    bool perEpoch = false;
  };

  explicit RunSeries(GroupBy by) : by_(by) {}
  void clear();
  // Reads the rows of run `runId` newer than those held, at most about `rowBudget` (0: all).
  // Returns whether any was added. Throws what the store throws.
  bool poll(const store::ResultStore& s, int64_t runId, size_t rowBudget);

  GroupBy groupBy() const { return by_; }
  std::vector<int> groups() const;                               // ascending
  const Curve* curve(int group, const std::string& name) const;  // nullptr when none
  int64_t pointCount() const { return points_; }
  // The last value stored under `name` for `group` (summary rows such as "final_test_accuracy");
  // false when there is none.
  bool lastValue(int group, const std::string& name, double* value) const;

  // Seed mode: the run's rows without a seed suffix (per-seed summaries such as "tta_s",
  // stored with step = the seed's index), as step -> value.
  std::map<int64_t, double> extras(const std::string& name) const;

  // Series stored once per epoch, with step = the epoch number (1-based).
  static bool isPerEpoch(std::string_view name);
  // Where point `p` of `c` (of `group`) lies on `axis`; NaN where it cannot be placed yet (the
  // epoch axis before any epoch of the group ended).
  double x(int group, const Curve& c, const Point& p, XAxis axis) const;
  // The step at which epoch `epoch` (1-based) of `group` ended; NaN when not known.
  double epochEndStep(int group, int epoch) const;

 private:
  struct Group {
    std::map<std::string, Curve> curves;
    std::vector<double> epochEnds;  // [e - 1]: the step at which epoch e ended
    bool epochsDirty = true;
  };
  Group* groupOf(const store::SeriesPoint& p, std::string* name);
  void updateEpochs(const Group& g) const;
  double stepToEpoch(const Group& g, double step) const;

  GroupBy by_;
  std::map<int, Group> groups_;
  std::map<std::string, std::map<int64_t, double>> extras_;
  int64_t lastId_ = 0;
  int64_t points_ = 0;
};

}  // namespace d500::studio
