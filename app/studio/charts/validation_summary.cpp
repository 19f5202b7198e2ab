#include "charts/validation_summary.h"

#include <QCoreApplication>

namespace d500::studio {

QString ValidationSummary::text() const {
  if (checks == 0) return QCoreApplication::translate("ValidationSummary", "not validated");
  if (failed == 0)
    return QCoreApplication::translate("ValidationSummary", "ok (%n checks)", nullptr, checks);
  return QCoreApplication::translate("ValidationSummary", "FAILED: %1").arg(failedMetrics);
}

std::map<int64_t, ValidationSummary> ValidationSummary::byMeasurement(
    const std::vector<store::ValidationRow>& rows) {
  std::map<int64_t, ValidationSummary> out;
  for (const auto& v : rows) {
    auto& s = out[v.measurement_id];
    ++s.checks;
    if (!v.passed) {
      ++s.failed;
      if (!s.failedMetrics.isEmpty()) s.failedMetrics += QStringLiteral(", ");
      s.failedMetrics += QString::fromStdString(v.metric);
    }
  }
  return out;
}

}  // namespace d500::studio
