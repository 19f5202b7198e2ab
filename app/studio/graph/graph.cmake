# The ONNX graph view (issue 13 item 2), part of d500_studio_charts (its tab is a chart kind):
# included from charts/CMakeLists.txt. Layout by Graphviz's dot (Debian libgraphviz-dev, found
# with pkg-config as libgvc), used only in graph_layout.cpp.
find_package(PkgConfig REQUIRED)
pkg_check_modules(D500_GVC REQUIRED IMPORTED_TARGET libgvc)
find_package(Qt6 6.4 REQUIRED COMPONENTS Concurrent)
set(_graph_dir ${CMAKE_CURRENT_LIST_DIR})
target_sources(d500_studio_charts PRIVATE
  ${_graph_dir}/graph_items.cpp
  ${_graph_dir}/graph_kind.cpp
  ${_graph_dir}/graph_layout.cpp
  ${_graph_dir}/graph_layout_stack.cpp
  ${_graph_dir}/graph_loader.cpp
  ${_graph_dir}/graph_overlay.cpp
  ${_graph_dir}/graph_tab.cpp
  ${_graph_dir}/graph_tab_export.cpp
  ${_graph_dir}/graph_view.cpp
  ${_graph_dir}/node_panel.cpp
  ${_graph_dir}/node_profile.cpp)
target_link_libraries(d500_studio_charts PRIVATE PkgConfig::D500_GVC PUBLIC Qt6::Concurrent)
