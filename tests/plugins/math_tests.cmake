# The reference plugin's arithmetic, activation, shape, reduction and loss operators: values
# computed by hand, numerical gradients, float32 against float64, error messages, and a sample of
# the ONNX backend test data.
d500_add_test(reference_math_test
  SOURCES
    reference_math_elementwise_test.cpp
    reference_math_softmax_test.cpp
    reference_math_shape_test.cpp
    reference_math_reduce_test.cpp
    reference_math_loss_test.cpp
    reference_math_onnx_test.cpp
    reference_math_pointwise_test.cpp
    reference_math_reductions_test.cpp
    reference_math_logic_test.cpp
    reference_math_index_test.cpp
    reference_math_norm_test.cpp
    reference_math_recurrent_test.cpp
    reference_math_quant_test.cpp
    reference_math_signal_test.cpp
    reference_math_detection_test.cpp
  LIBS d500::plugin d500::util
  LABELS plugins)
add_dependencies(reference_math_test d500_reference)
