# d500_add_plugin(NAME SOURCES src... [VERSION v] [DESCRIPTION text] [WRAPS text]
#                 [OUTPUT_DIRECTORY dir] [LINK_LIBRARIES libs...] [COMPONENT c] [NO_INSTALL])
#
# Builds a d500 plugin the same way in the d500 tree and in a user's project (through
# find_package(d500)): a shared library `d500_<NAME>` that links only the public SDK, plus its
# manifest `<NAME>.d500plugin.json`, the metadata the host reads before running any plugin code.
# Installed as the install component COMPONENT (default: NAME), which d500's packaging makes the
# package d500-NAME.
function(d500_add_plugin name)
  cmake_parse_arguments(P "NO_INSTALL" "VERSION;DESCRIPTION;WRAPS;OUTPUT_DIRECTORY;COMPONENT"
                        "SOURCES;LINK_LIBRARIES" ${ARGN})
  if(NOT P_SOURCES)
    message(FATAL_ERROR "d500_add_plugin(${name}): SOURCES is required")
  endif()
  if(NOT name MATCHES "^[a-z0-9_-]+$")
    message(FATAL_ERROR "d500_add_plugin(${name}): a plugin name is [a-z0-9_-]+")
  endif()
  if(NOT P_VERSION)
    set(P_VERSION "${PROJECT_VERSION}")
  endif()
  if(NOT P_COMPONENT)
    set(P_COMPONENT "${name}")
  endif()
  if(NOT P_OUTPUT_DIRECTORY)
    if(D500_PLUGIN_BUILD_DIR)
      set(P_OUTPUT_DIRECTORY "${D500_PLUGIN_BUILD_DIR}")
    else()
      set(P_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/d500-plugins")
    endif()
  endif()
  set(target d500_${name})
  add_library(${target} MODULE ${P_SOURCES})
  target_link_libraries(${target} PRIVATE d500::sdk ${P_LINK_LIBRARIES})
  set_target_properties(${target} PROPERTIES
    PREFIX "lib"
    LIBRARY_OUTPUT_DIRECTORY "${P_OUTPUT_DIRECTORY}"
    CXX_VISIBILITY_PRESET hidden
    C_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  if(NOT APPLE)
    target_link_options(${target} PRIVATE "LINKER:--no-undefined")
  endif()
  string(REPLACE "\"" "\\\"" P_DESCRIPTION "${P_DESCRIPTION}")
  string(REPLACE "\"" "\\\"" P_WRAPS "${P_WRAPS}")
  set(manifest "${P_OUTPUT_DIRECTORY}/${name}.d500plugin.json")
  file(GENERATE OUTPUT "${manifest}" CONTENT
"{
  \"d500_plugin\": 1,
  \"name\": \"${name}\",
  \"version\": \"${P_VERSION}\",
  \"abi_major\": 1,
  \"library\": \"$<TARGET_FILE_NAME:${target}>\",
  \"description\": \"${P_DESCRIPTION}\",
  \"wraps\": \"${P_WRAPS}\"
}
")
  if(NOT P_NO_INSTALL AND D500_PLUGIN_INSTALL_DIR)
    install(TARGETS ${target} LIBRARY DESTINATION ${D500_PLUGIN_INSTALL_DIR} COMPONENT ${P_COMPONENT})
    install(FILES "${manifest}" DESTINATION ${D500_PLUGIN_INSTALL_DIR} COMPONENT ${P_COMPONENT})
  endif()
endfunction()
