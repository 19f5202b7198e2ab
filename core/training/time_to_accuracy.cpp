#include "d500/training/time_to_accuracy.h"

#include <algorithm>
#include <cstdio>

#include "d500/measure/stats.h"

namespace d500::training {

TtaSummary summarize_tta(const std::vector<double>& seconds_per_seed) {
  TtaSummary s;
  s.seconds = seconds_per_seed;
  std::vector<double> ok;
  for (double t : seconds_per_seed) {
    if (t >= 0) ok.push_back(t);
  }
  s.reached = static_cast<int64_t>(ok.size());
  s.not_reached = static_cast<int64_t>(seconds_per_seed.size()) - s.reached;
  if (ok.empty()) return s;
  std::sort(ok.begin(), ok.end());
  s.median = stats::median(ok);
  const stats::MedianCI ci = stats::median_ci(ok, 0.95);
  s.ci_valid = ci.valid;
  if (ci.valid) {
    s.ci_lo = ci.lo;
    s.ci_hi = ci.hi;
  }
  if (s.reached >= 3 && s.not_reached == 0) {
    double sum = 0;
    for (size_t i = 1; i + 1 < ok.size(); ++i) sum += ok[i];
    s.olympic_mean = sum / static_cast<double>(ok.size() - 2);
    s.olympic_valid = true;
  }
  return s;
}

std::string TtaSummary::describe() const {
  char buf[256];
  if (reached == 0) {
    std::snprintf(buf, sizeof buf, "target never reached (%lld seeds)",
                  static_cast<long long>(not_reached));
    return buf;
  }
  std::string out;
  std::snprintf(buf, sizeof buf, "median %.3g s", median);
  out = buf;
  if (ci_valid) {
    std::snprintf(buf, sizeof buf, " [%.3g, %.3g]", ci_lo, ci_hi);
    out += buf;
  }
  std::snprintf(buf, sizeof buf, " over %lld of %lld seeds", static_cast<long long>(reached),
                static_cast<long long>(reached + not_reached));
  out += buf;
  if (olympic_valid) {
    std::snprintf(buf, sizeof buf, "; olympic mean %.3g s", olympic_mean);
    out += buf;
  }
  return out;
}

}  // namespace d500::training
