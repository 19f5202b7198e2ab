// Exponential moving average as TensorBoard draws it: debiased, so the first values are not
// pulled toward zero the way a plain EMA started at 0 pulls them. The chart draws it over a faint
// raw line, so smoothing never hides what was measured.
#pragma once

#include <span>
#include <vector>

namespace d500::studio {

class EmaSmoother {
 public:
  // weight in [0, 1): 0 is no smoothing; clamped to [0, 0.999].
  explicit EmaSmoother(double weight = 0.6);

  double weight() const { return weight_; }
  void reset();
  // The smoothed value after y. A non-finite y (a NaN loss) leaves the average as it was and
  // returns it (NaN before the first finite value).
  double push(double y);

  static std::vector<double> smooth(std::span<const double> ys, double weight);

 private:
  double weight_;
  double accumulated_ = 0;
  double weightPower_ = 1;  // weight^k after k finite values: the bias to divide out
  double last_;
};

}  // namespace d500::studio
