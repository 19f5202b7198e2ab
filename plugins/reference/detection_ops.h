// ONNX NonMaxSuppression (its selection count known at run time) and RoiAlign (detection_ops.cpp),
// and GridSample (grid_sample.cpp) on the reference plugin: float32/float64, forward only.
#pragma once

#include <vector>

#include "d500/plugin.h"

namespace d500::reference {

void add_detection_ops(std::vector<d500_operator>& ops);
void add_grid_sample_ops(std::vector<d500_operator>& ops);

}  // namespace d500::reference
