# The network editor (issue 17 item 2): an ONNX model edited over core's onnx::ModelDocument,
# drawn with the graph view's items and layout (d500_studio_charts), its palette from the plugin
# catalog (d500_studio_base). Included from the studio's CMakeLists.txt.
set(D500_STUDIO_NETWORK_EDITOR_SOURCES
  network_editor/attribute_text.cpp network_editor/attribute_text.h
  network_editor/gelu_expansion.cpp network_editor/gelu_expansion.h
  network_editor/network_edit_command.cpp network_editor/network_edit_command.h
  network_editor/network_editor.cpp network_editor/network_editor_view.cpp network_editor/network_editor.h
  network_editor/network_editor_window.cpp network_editor/network_editor_window.h
  network_editor/network_experiment.cpp network_editor/network_experiment.h
  network_editor/network_palette.cpp network_editor/network_palette.h
  network_editor/node_form.cpp network_editor/node_form.h)
add_library(d500_studio_network_editor STATIC ${D500_STUDIO_NETWORK_EDITOR_SOURCES})
target_link_libraries(d500_studio_network_editor PUBLIC d500_studio_base d500_studio_charts)
d500_studio_target_defaults(d500_studio_network_editor)
