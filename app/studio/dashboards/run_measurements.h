// One measuring run's results as its dashboard draws them: every measurement with its sweep point
// parsed (network runs tag theirs with "kind": latency, throughput, fwd+bwd, node,
// micro-batching; collective runs with "op" and "bytes"), the validations by measurement, the
// run's series (peak memory and the like) by name and step, and the raw samples of a measurement,
// read once when first asked for. Read incrementally while the run is live.
// Pure data over the store API, no Qt: tested through the dashboards.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "d500/store/result_store.h"

namespace d500::studio {

class RunMeasurements {
 public:
  struct Row {
    store::MeasurementRow m;
    nlohmann::json point;  // an object ({} when the stored point is not one)
    std::string kind;      // point["kind"], "" when none
  };

  void clear();
  // Reads what run `runId` added since the last poll; validations are re-read while `live` (they
  // are written after the measurement they check). Returns whether anything was added. Throws
  // what the store throws.
  bool poll(const store::ResultStore& s, int64_t runId, bool live);

  const std::vector<Row>& rows() const { return rows_; }
  // The rows of one kind that measured something (no error, n > 0), in store order.
  std::vector<const Row*> ofKind(const std::string& kind) const;
  // The implementations (executors) in the order they first appear.
  std::vector<std::string> implementations() const;
  std::vector<const store::ValidationRow*> validationsOf(int64_t measurementId) const;
  const std::vector<store::ValidationRow>& validations() const { return validations_; }
  // The last value stored per step of series `name`; empty when none.
  const std::map<int64_t, double>& series(const std::string& name) const;
  // The raw samples (ns) of measurement `id`, read from `s` on first use.
  const std::vector<double>& samples(const store::ResultStore& s, int64_t id) const;
  int64_t valueCount() const { return static_cast<int64_t>(rows_.size()) + seriesPoints_; }

 private:
  std::vector<Row> rows_;
  std::vector<store::ValidationRow> validations_;
  std::map<std::string, std::map<int64_t, double>> series_;
  mutable std::map<int64_t, std::vector<double>> samples_;
  int64_t lastMeasurement_ = 0, lastSeries_ = 0, seriesPoints_ = 0;
  bool validationsRead_ = false;
};

// Whether a row measured something a chart can draw.
bool drawable(const store::MeasurementRow& m);

}  // namespace d500::studio
