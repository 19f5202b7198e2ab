# The reference plugin's convolution, pooling, normalization and dropout operators: hand-computed
# forward values, numerical gradients, float32 against float64, errors and costs.
d500_add_test(reference_spatial_test
  SOURCES
    reference_spatial_conv_test.cpp
    reference_spatial_pool_test.cpp
    reference_spatial_norm_test.cpp
    reference_spatial_gradient_test.cpp
    reference_spatial_errors_test.cpp
  LIBS d500::plugin d500::util
  LABELS plugins)
add_dependencies(reference_spatial_test d500_reference)
