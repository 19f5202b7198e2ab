// The reference plugin's convolution, pooling, normalization and dropout operators: a list that
// starts with a comma (or is empty), appended to D500_REFERENCE_MATH_OPS in plugin.cpp.
#pragma once

#define D500_REFERENCE_SPATIAL_OPS
