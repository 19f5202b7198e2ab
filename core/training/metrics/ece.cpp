// Expected calibration error (Guo et al., "On Calibration of Modern Neural Networks", ICML'17):
// the training batches' predictions of an epoch binned by confidence (the softmax's largest
// probability); ECE = sum over bins of |accuracy - mean confidence| weighted by the bin's share.
// 0 is perfectly calibrated. Params: "bins" (default 15).
#include <cmath>
#include <vector>

#include "builtin_metrics.h"
#include "d500/error.h"

namespace d500::training::builtin {

namespace {

class Ece : public MetricAlgorithm {
 public:
  explicit Ece(const std::map<std::string, double>& params) {
    for (const auto& [key, value] : params) {
      if (key != "bins")
        throw D500Error("metric \"ece\" has no parameter \"" + key + "\" (it reads bins)",
                        "metrics");
      if (!(value >= 1 && value <= 1000) || value != std::floor(value))
        throw D500Error("metric \"ece\": bins must be a whole number from 1 to 1000", "metrics");
    }
    const auto it = params.find("bins");
    const size_t bins = it == params.end() ? 15 : static_cast<size_t>(it->second);
    count_.assign(bins, 0);
    conf_.assign(bins, 0);
    hits_.assign(bins, 0);
  }

  std::optional<double> step(const MetricStep& s) override {
    if (!s.logits || !s.labels || s.logits->ndim != 2 || s.logits->dtype.code != kDLFloat ||
        s.logits->dtype.bits != 32 || s.labels->dtype.bits != 64)
      return std::nullopt;
    const int64_t batch = s.logits->shape[0], classes = s.logits->shape[1];
    const auto* logits = static_cast<const float*>(s.logits->data);
    const auto* labels = static_cast<const int64_t*>(s.labels->data);
    for (int64_t i = 0; i < batch; ++i) add(logits + i * classes, classes, labels[i]);
    return std::nullopt;
  }

  std::optional<double> end_epoch(int64_t) override {
    double n = 0, ece = 0;
    for (double c : count_) n += c;
    for (size_t b = 0; b < count_.size(); ++b)
      if (count_[b] > 0) ece += std::abs(hits_[b] - conf_[b]) / n;
    std::fill(count_.begin(), count_.end(), 0);
    std::fill(conf_.begin(), conf_.end(), 0);
    std::fill(hits_.begin(), hits_.end(), 0);
    return n > 0 ? std::optional<double>(ece) : std::nullopt;
  }

 private:
  // One sample: its softmax's largest probability and whether that class is the label.
  void add(const float* z, int64_t classes, int64_t label) {
    int64_t best = 0;
    for (int64_t c = 1; c < classes; ++c)
      if (z[c] > z[best]) best = c;
    double sum = 0;
    for (int64_t c = 0; c < classes; ++c) sum += std::exp(static_cast<double>(z[c] - z[best]));
    const double confidence = 1.0 / sum;
    if (!std::isfinite(confidence)) return;
    const size_t bins = count_.size();
    const size_t b =
        std::min(bins - 1, static_cast<size_t>(confidence * static_cast<double>(bins)));
    count_[b] += 1;
    conf_[b] += confidence;
    hits_[b] += best == label ? 1 : 0;
  }

  std::vector<double> count_, conf_, hits_;  // per bin: samples, summed confidence, correct ones
};

}  // namespace

MetricDescriptor expected_calibration_error() {
  MetricDescriptor d;
  d.name = "ece";
  d.summary = "expected calibration error of the epoch's training predictions (0: calibrated)";
  d.unit = "1";
  d.better = series::Better::Lower;
  d.per_epoch = true;
  d.parameters = {"bins"};
  d.make = [](const std::map<std::string, double>& p) { return std::make_unique<Ece>(p); };
  return d;
}

}  // namespace d500::training::builtin
