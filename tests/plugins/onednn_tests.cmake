# The onednn plugin (issue 18) against the reference plugin through the real plugin loader. The
# test is built on every machine; without the plugin (no libdnnl-dev) each test skips, saying so.
d500_add_test(onednn_plugin_test
  SOURCES
    onednn_plugin_test.cpp
    onednn_ops_test.cpp
    onednn_lowp_test.cpp
    onednn_norm_test.cpp
  LIBS d500::plugin d500::util ${CMAKE_DL_LIBS}
  LABELS plugins)
add_dependencies(onednn_plugin_test d500_reference)
if(TARGET d500_onednn)
  add_dependencies(onednn_plugin_test d500_onednn)
endif()
