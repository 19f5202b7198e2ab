# The cudnn plugin (issue #8) through the real plugin loader: what it reports and refuses on any
# machine, and its operators against the reference on device tensors where a GPU is usable
# (those tests skip with the reason elsewhere).
if(TARGET d500_cudnn)
  find_package(CUDAToolkit REQUIRED)
  d500_add_test(cudnn_plugin_test
    SOURCES
      cudnn_plugin_test.cpp
      cudnn_gpu_test.cpp
    LIBS d500::plugin d500::util CUDA::cudart ${CMAKE_DL_LIBS}
    LABELS plugins cuda)
  add_dependencies(cudnn_plugin_test d500_cudnn d500_reference)
endif()

# The GPU check script must at least parse on every machine.
add_test(NAME gpu_check_script_syntax COMMAND bash -n ${PROJECT_SOURCE_DIR}/tests/gpu/check.sh)
set_tests_properties(gpu_check_script_syntax PROPERTIES LABELS "cuda")
