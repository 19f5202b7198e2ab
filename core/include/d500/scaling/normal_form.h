// Extra-P-style scaling models (issue 36, item 2): from measurements at several scales x (ranks,
// batch size, model size), a model in the performance model normal form
//   f(x) = c0 + c1 * x^i * log2(x)^j
// with i from Extra-P's exponent set {0, 1/4, 1/3, 1/2, 2/3, 3/4, 1, 5/4, 4/3, 3/2, 5/3, 7/4, 2,
// 9/4, 7/3, 5/2, 8/3, 11/4, 3} and j in {0, 1, 2}. The term is chosen by leave-one-out
// cross-validation on the scales' medians (the error on the scale left out, relative), not by the
// fit's R^2, which always prefers the most bendy term. The constant model competes too: when no
// term predicts the left-out scales better than the mean, the data supports no growth. The
// coefficients' CIs come from a bootstrap over each scale's samples.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "d500/scaling/hockney.h"

namespace d500::scaling {

struct ScalePoint {
  double x = 0;                 // the scale: ranks, batch size, ...
  std::vector<double> samples;  // raw samples at this scale
};

struct NormalForm {
  double i = 0;  // exponent of x (0 with j = 0: the constant model)
  int j = 0;     // exponent of log2(x)
  Interval c0, c1;
  double cv_error = 0;  // mean relative error on the left-out scales
  bool constant() const { return i == 0 && j == 0; }
  // "c0 + c1 * p^(3/2) * log2(p)" with the coefficients' values, in `var`'s name.
  std::string formula(const std::string& var = "p") const;
  double at(double x) const;
};

struct ScalingFit {
  // "" when a model was chosen; otherwise why the data cannot support one ("3 scales measured,
  // 4 needed", "too noisy: the chosen term's coefficient is not distinguishable from 0").
  std::string refusal;
  std::string note;  // e.g. that a growing term was dropped for the constant, as noise
  NormalForm model;
  std::vector<NormalForm> runners_up;  // the next best terms by CV error
  std::vector<PointCheck> checks;      // the model at each measured scale
};

// At least `min_scales` (default 4: three to fit and cross-validate, one more to check) scales
// with samples, x > 0 and all different; a model whose mean error on the left-out scales exceeds
// `max_cv_error` is refused (the data supports none), its formula kept for the note. Throws
// D500Error for x <= 0 or a non-finite sample.
ScalingFit fit_normal_form(const std::vector<ScalePoint>& points, size_t min_scales = 4,
                           double max_cv_error = 0.2, int bootstrap = 300, uint64_t seed = 1);

}  // namespace d500::scaling
