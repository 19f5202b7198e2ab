# The Scaling view (issue 36, item 6), part of d500_studio_charts (its tab is a chart kind):
# included from charts/CMakeLists.txt.
set(_scaling_dir ${CMAKE_CURRENT_LIST_DIR})
target_sources(d500_studio_charts PRIVATE
  ${_scaling_dir}/scaling_kind.cpp
  ${_scaling_dir}/scaling_tab.cpp)
