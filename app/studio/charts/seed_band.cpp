#include "charts/seed_band.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace d500::studio {

std::optional<std::pair<std::string, int>> splitSeedName(std::string_view name) {
  const size_t at = name.rfind("@seed");
  if (at == std::string_view::npos || at == 0) return std::nullopt;
  const std::string_view digits = name.substr(at + 5);
  if (digits.empty() || digits.size() > 9) return std::nullopt;
  for (char c : digits)
    if (c < '0' || c > '9') return std::nullopt;
  return std::make_pair(std::string(name.substr(0, at)), std::atoi(std::string(digits).c_str()));
}

OrderInterval medianOrderInterval(size_t n, double confidence) {
  // P(Bin(n, 1/2) = i) by the log-gamma function: exact enough for any n a chart sees.
  const auto pmf = [n](size_t i) {
    return std::exp(std::lgamma(double(n) + 1) - std::lgamma(double(i) + 1) -
                    std::lgamma(double(n - i) + 1) - double(n) * std::log(2.0));
  };
  OrderInterval best{1, n, n == 1 ? 0.0 : 1.0 - 2.0 * pmf(0)};
  double tail = 0;  // P(Bin <= r - 1)
  for (size_t r = 1; 2 * r <= n; ++r) {
    tail += pmf(r - 1);
    const double coverage = 1.0 - 2.0 * tail;
    if (coverage < confidence) break;
    best = {r, n + 1 - r, coverage};
  }
  return best;
}

std::vector<BandPoint> seedBand(const SeedPoints& seeds, double confidence) {
  std::map<double, std::vector<double>> byStep;
  for (const auto& [seed, points] : seeds)
    for (const auto& [step, value] : points)
      if (std::isfinite(value)) byStep[step].push_back(value);
  std::vector<BandPoint> out;
  out.reserve(byStep.size());
  for (auto& [step, values] : byStep) {
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    BandPoint p;
    p.step = step;
    p.seeds = n;
    p.median = n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
    const OrderInterval ci = medianOrderInterval(n, confidence);
    p.lo = values[ci.loRank - 1];
    p.hi = values[ci.hiRank - 1];
    p.coverage = ci.coverage;
    out.push_back(p);
  }
  return out;
}

}  // namespace d500::studio
