// Starting shapes for an operator picked from the palette into an experiment with no inputs yet:
// the plugins' metadata lists op types but not their arity or layouts, and a form that starts
// valid is easier to adjust than an empty one. Dimensions use the sweep variable "N". How many
// inputs an operator takes is its ONNX schema's (libonnx), as the runner's check says.
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

  // Whether `inputs` may stay when the operator becomes `opType`: as many as it takes, of the
  // ranks its layout needs (Conv's X and W have four dimensions). Gemm's inputs fit MatMul.
  static bool inputsFit(const QString& opType, const QString& domain, const Json& inputs);
  // The input "Add input" appends: the operator's next default input (Conv's bias sized to W's
  // output channels), else a copy of the last one; null when the operator takes no more.
  static Json nextInput(const QString& opType, const QString& domain, const Json& inputs);
  // The most inputs the operator takes; -1 when its schema is unknown (a custom domain).
  static int maxInputs(const QString& opType, const QString& domain);
};

}  // namespace d500::studio
