// The reference plugin's convolution, pooling, normalization and dropout operators: a list that
// starts with a comma (or is empty), appended to D500_REFERENCE_MATH_OPS in plugin.cpp.
#pragma once

#include "average_pool.h"
#include "batch_normalization.h"
#include "conv.h"
#include "conv_transpose.h"
#include "dropout.h"
#include "global_pool.h"
#include "max_pool.h"

#define D500_REFERENCE_SPATIAL_OPS                                                            \
  ,                                                                                           \
      d500::reference::Conv::define(                                                          \
          {"Conv", "", "default",                                                             \
           "ONNX Conv, N-D, groups, strides, dilations, pads/auto_pad, float32/float64"}),    \
      d500::reference::ConvTranspose::define(                                                 \
          {"ConvTranspose", "", "default",                                                    \
           "ONNX ConvTranspose, N-D, groups, output_padding/output_shape, float32/float64"}), \
      d500::reference::MaxPool::define(                                                       \
          {"MaxPool", "", "default",                                                          \
           "ONNX MaxPool with Indices, ceil_mode, dilations, storage_order; backward for "    \
           "float32/float64"}),                                                               \
      d500::reference::AveragePool::define(                                                   \
          {"AveragePool", "", "default",                                                      \
           "ONNX AveragePool, count_include_pad, ceil_mode, dilations, float32/float64"}),    \
      d500::reference::GlobalAveragePool::define(                                             \
          {"GlobalAveragePool", "", "default", "ONNX GlobalAveragePool, float32/float64"}),   \
      d500::reference::GlobalMaxPool::define(                                                 \
          {"GlobalMaxPool", "", "default", "ONNX GlobalMaxPool, float32/float64"}),           \
      d500::reference::BatchNormalization::define(                                            \
          {"BatchNormalization", "", "default",                                               \
           "ONNX BatchNormalization, inference and training mode, float32/float64"}),         \
      d500::reference::Dropout::define(                                                       \
          {"Dropout", "", "default",                                                          \
           "ONNX Dropout, mask from NumPy's legacy generator as in ONNX, float32/float64"})
