# The studio's charts, comparison view and reports (issue 6, items 5-7): one GoogleTest binary
# with a QApplication of its own, run offscreen, and the charts benchmark. Included from
# tests/app/studio/ when D500_WITH_GUI is on; the targets come from app/studio/charts.
set(_charts_tests ${CMAKE_CURRENT_LIST_DIR})
add_executable(test_studio_charts
  ${_charts_tests}/charts_main.cpp
  ${_charts_tests}/charts_decimate_test.cpp
  ${_charts_tests}/charts_format_test.cpp
  ${_charts_tests}/charts_live_test.cpp
  ${_charts_tests}/charts_export_test.cpp
  ${_charts_tests}/charts_screenshot_test.cpp
  ${_charts_tests}/charts_seeds_test.cpp
  ${_charts_tests}/charts_readable_test.cpp
  ${_charts_tests}/charts_markers_export_test.cpp
  ${_charts_tests}/report_escape_test.cpp
  ${_charts_tests}/report_writer_test.cpp
  ${_charts_tests}/load_banner_test.cpp
  ${_charts_tests}/compare_view_test.cpp
  ${_charts_tests}/list_view_test.cpp
  ${_charts_tests}/history_view_test.cpp
  ${_charts_tests}/scaling_view_test.cpp
  ${_charts_tests}/dashboards_test.cpp
  ${_charts_tests}/measurement_dashboards_test.cpp)
target_link_libraries(test_studio_charts PRIVATE d500_studio_charts GTest::gtest)
# The tests start the real runner, which finds the reference plugin beside it in the build tree.
target_compile_definitions(test_studio_charts PRIVATE D500_TEST_RUNNER="$<TARGET_FILE:d500>"
  D500_TEST_SOURCE_DIR="${PROJECT_SOURCE_DIR}" D500_TEST_PLUGIN_DIR="${D500_PLUGIN_BUILD_DIR}"
  D500_TEST_MPIEXEC="$<$<BOOL:${D500_WITH_MPI}>:${MPIEXEC_EXECUTABLE}>")
add_dependencies(test_studio_charts d500 d500_reference)
if(TARGET d500_onednn)  # the operator dashboard's kernel table (issue 18) runs oneDNN
  add_dependencies(test_studio_charts d500_onednn)
endif()
gtest_discover_tests(test_studio_charts DISCOVERY_MODE PRE_TEST
  PROPERTIES ENVIRONMENT QT_QPA_PLATFORM=offscreen LABELS app)

# Not a pass/fail test: prints redraw and commit-to-chart figures. Run by hand:
# <build>/tests/bench/bench_studio_charts
add_executable(bench_studio_charts ${PROJECT_SOURCE_DIR}/tests/bench/bench_studio_charts.cpp)
target_link_libraries(bench_studio_charts PRIVATE d500_studio_charts)
set_target_properties(bench_studio_charts PROPERTIES
  RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests/bench)

# Not a pass/fail test: change points over 10,000 runs and the History view opening on them
# (issue 31). Run by hand: <build>/tests/bench/bench_history_view
add_executable(bench_history_view ${PROJECT_SOURCE_DIR}/tests/bench/bench_history_view.cpp)
target_link_libraries(bench_history_view PRIVATE d500_studio_charts)
set_target_properties(bench_history_view PROPERTIES
  RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests/bench)
