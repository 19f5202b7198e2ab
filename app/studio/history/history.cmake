# The History view (issue 31, item 5), part of d500_studio_charts (its tab is a chart kind):
# included from charts/CMakeLists.txt.
set(_history_dir ${CMAKE_CURRENT_LIST_DIR})
target_sources(d500_studio_charts PRIVATE
  ${_history_dir}/change_dialog.cpp
  ${_history_dir}/history_chart.cpp
  ${_history_dir}/history_kind.cpp
  ${_history_dir}/history_tab.cpp)

