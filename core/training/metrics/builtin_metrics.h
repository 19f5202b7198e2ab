// The built-in metrics, one file each; metrics() registers them like a plugin's.
#pragma once

#include "d500/training/metrics.h"

namespace d500::training::builtin {

MetricDescriptor expected_calibration_error();  // "ece"

}  // namespace d500::training::builtin
