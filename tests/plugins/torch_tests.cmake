# The LibTorch plugin against the reference plugin, operator by operator, forward and backward,
# loaded through the real plugin loader (no LibTorch headers in the tests).
d500_add_test(torch_plugin_test
  SOURCES
    torch_compare_test.cpp
    torch_compare_nodes_test.cpp
    torch_node_errors_test.cpp
    torch_plugin_test.cpp
  LIBS d500::plugin d500::util
  LABELS plugins)
add_dependencies(torch_plugin_test d500_torch d500_reference)

# The torch plugin's network executor against the reference executor and the ONNX test data.
d500_add_test(torch_executor_test
  SOURCES torch_executor_test.cpp torch_executor_pointwise_test.cpp torch_executor_nodes_test.cpp
  LIBS d500::network d500::onnx d500::plugin d500::util onnx_proto
  LABELS plugins)
add_dependencies(torch_executor_test d500_torch d500_reference)
