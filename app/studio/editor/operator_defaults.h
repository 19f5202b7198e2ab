// Starting shapes for an operator picked from the palette into an experiment with no inputs yet:
// the plugins' metadata lists op types but not their arity or layouts, and a form that starts
// valid is easier to adjust than an empty one. Dimensions use the sweep variable "N".
#pragma once

#include <QString>

#include "editor/json_path.h"

namespace d500::studio {

class OperatorDefaults {
 public:
  // An array of input shapes ([["N", "N"], ["N", "N"]] for Gemm), and attributes the operator
  // cannot run without (Conv's kernel_shape is inferred, MaxPool's is not).
  static Json inputsFor(const QString& opType);
  static Json attributesFor(const QString& opType);
  // The sweep a new experiment starts with.
  static Json defaultSweepValues() { return Json::array({64, 128, 256}); }
};

}  // namespace d500::studio
