// measurement.md: "A number from an implementation that failed validation is shown marked as
// such." Charts, the comparison table and the report all need the verdict of one measurement,
// folded from its validation rows; this is that fold, written once.
#pragma once

#include <QString>
#include <cstdint>
#include <map>
#include <vector>

#include "d500/store/result_store.h"

namespace d500::studio {

struct ValidationSummary {
  int checks = 0;  // validation rows for the measurement
  int failed = 0;
  QString failedMetrics;  // "forward_rel_l2[0], determinism[0]"

  bool passed() const { return checks > 0 && failed == 0; }
  // "ok (4 checks)", "FAILED: forward_rel_l2[0]", or "not validated".
  QString text() const;

  // Keyed by measurement id; rows not tied to a measurement are under key 0.
  static std::map<int64_t, ValidationSummary> byMeasurement(
      const std::vector<store::ValidationRow>& rows);
};

}  // namespace d500::studio
