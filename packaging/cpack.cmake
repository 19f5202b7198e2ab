# Debian packages (CPack DEB, one package per install component). Not part of the build:
#   cpack --config build/CPackConfig.cmake -B build/packages
# d500: runner, reference plugin, man pages; d500-torch, d500-cudnn, d500-onednn: the plugins
# that were built, each with its libraries' Depends; d500-studio: workbench and desktop files;
# d500-dev: SDK headers, CMake package and d500_add_plugin(). Depends come from dpkg-shlibdeps.
set(D500_PACKAGE_MAINTAINER "d500 maintainers <d500-maintainers@example.org>" CACHE STRING
    "Maintainer field of the Debian packages")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME d500)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${D500_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON)  # d500-torch Depends: d500 (= version), ...
set(CPACK_DEBIAN_D500_PACKAGE_NAME d500)
# Each package's first description line is its own synopsis: CPackDeb prepends the project's
# summary to it unless the summary is CPack's default, so set the default.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${CMAKE_PROJECT_NAME} built using CMake")

# d500_package(COMPONENT SUMMARY DESCRIPTION [DEPENDS debian-packages]): one package's control
# fields and its /usr/share/doc files; every package but d500 itself depends on d500.
set(CPACK_COMPONENTS_ALL)
function(d500_package comp summary description)
  string(TOUPPER ${comp} C)
  set(pkg d500-${comp})
  if(comp STREQUAL d500)
    set(pkg d500)
  else()
    set(CPACK_COMPONENT_${C}_DEPENDS d500 PARENT_SCOPE)
  endif()
  set(CPACK_DEBIAN_${C}_DESCRIPTION "${summary}\n${description}" PARENT_SCOPE)
  if(ARGN)
    string(REPLACE ";" ", " deps "${ARGN}")
    set(CPACK_DEBIAN_${C}_PACKAGE_DEPENDS "${deps}" PARENT_SCOPE)
  endif()
  install(FILES copyright ${CMAKE_CURRENT_BINARY_DIR}/changelog.gz
          DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/${pkg} COMPONENT ${comp})
  set(CPACK_COMPONENTS_ALL ${CPACK_COMPONENTS_ALL} ${comp} PARENT_SCOPE)
endfunction()
execute_process(COMMAND gzip -9n INPUT_FILE ${CMAKE_CURRENT_SOURCE_DIR}/changelog
                OUTPUT_FILE ${CMAKE_CURRENT_BINARY_DIR}/changelog.gz)

d500_package(d500 "modular benchmarking workbench for deep learning"
  "d500 benchmarks deep learning at the operator, network, training and
distributed levels, with medians and confidence intervals, validation against
a reference and a result store. This package holds the runner d500, the
reference plugin and the man pages.")
set(_cudnn_note "\nIt needs CUDA, cuDNN and cuBLAS from NVIDIA's installer, on the
loader's path: they are not Debian packages, so not among the Depends.")
foreach(p torch cudnn onednn)
  if(TARGET d500_${p})
    d500_package(${p} "d500 plugin: ${p} operators"
      "The ${p} plugin of d500: operators and networks run through ${p},
installed into the runner's plugin folder.${_${p}_note}")
  endif()
endforeach()
if(TARGET d500_studio)
  d500_package(studio "d500 Studio, the benchmarking workbench"
    "The Qt workbench of d500: edits experiments, runs them through the runner
and shows the stored results as tables, charts and reports.")
endif()
d500_package(dev "d500 plugin SDK: headers and CMake package"
  "The C ABI and C++ headers of d500 plugins, and the CMake package
find_package(d500) with d500_add_plugin(), to build plugins out of tree." libdlpack-dev "cmake (>= 3.20)")
set(CPACK_DEBIAN_DEV_PACKAGE_ARCHITECTURE all)
include(CPack)
