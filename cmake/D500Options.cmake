# Feature options: each defaults to ON when its dependencies are found, and is reported once.
option(D500_BUILD_TESTS "Build the tests and benchmarks" ON)

# libFuzzer targets (tests/fuzz, with D500_BUILD_TESTS): clang only. The whole tree is then
# compiled for libFuzzer with ASan and UBSan (UB aborts, so the fuzzer sees it as a crash);
# plugins do not link that way (--no-undefined), so build only the target d500_fuzzers there.
option(D500_BUILD_FUZZ "Build the libFuzzer targets (clang; instruments the whole tree)" OFF)
if(D500_BUILD_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(WARNING "D500_BUILD_FUZZ needs clang, not ${CMAKE_CXX_COMPILER_ID}: no fuzz targets")
    set(D500_BUILD_FUZZ OFF)
  else()
    add_compile_options(-fsanitize=fuzzer-no-link,address,undefined
                        -fno-sanitize-recover=undefined)
    add_link_options(-fsanitize=address,undefined)
  endif()
endif()

find_package(SQLite3 REQUIRED)
find_package(nlohmann_json 3 REQUIRED)
find_path(DLPACK_INCLUDE_DIR dlpack/dlpack.h REQUIRED)
find_package(Threads REQUIRED)
# Protobuf before ONNX (ONNX's config refers to protobuf::libprotobuf without finding it), and
# both before LibTorch, which shares the system protobuf; found here, at the top, so that their
# imported targets are visible in every folder.
find_package(Protobuf REQUIRED)
find_package(ONNX REQUIRED)

# LibTorch
if(NOT DEFINED D500_WITH_TORCH)
  find_package(Torch QUIET)
  set(_d500_torch_default ${Torch_FOUND})
else()
  set(_d500_torch_default ${D500_WITH_TORCH})
endif()
option(D500_WITH_TORCH "Build the LibTorch plugin" ${_d500_torch_default})
if(D500_WITH_TORCH)
  find_package(Torch REQUIRED)
endif()

# Open MPI
if(NOT DEFINED D500_WITH_MPI)
  set(MPI_CXX_SKIP_MPICXX ON CACHE BOOL "" FORCE)
  find_package(MPI QUIET COMPONENTS CXX)
  set(_d500_mpi_default ${MPI_CXX_FOUND})
else()
  set(_d500_mpi_default ${D500_WITH_MPI})
endif()
option(D500_WITH_MPI "Build distributed training over MPI" ${_d500_mpi_default})
if(D500_WITH_MPI)
  set(MPI_CXX_SKIP_MPICXX ON CACHE BOOL "" FORCE)
  find_package(MPI REQUIRED COMPONENTS CXX)
endif()

# Qt 6 workbench
if(NOT DEFINED D500_WITH_GUI)
  find_package(Qt6 6.4 QUIET COMPONENTS Widgets Charts Svg)
  set(_d500_gui_default ${Qt6_FOUND})
else()
  set(_d500_gui_default ${D500_WITH_GUI})
endif()
option(D500_WITH_GUI "Build d500-studio (Qt 6)" ${_d500_gui_default})

# CUDA + cuDNN
if(NOT DEFINED D500_WITH_CUDA)
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    set(_d500_cuda_default ON)
  else()
    set(_d500_cuda_default OFF)
  endif()
else()
  set(_d500_cuda_default ${D500_WITH_CUDA})
endif()
option(D500_WITH_CUDA "Build the CUDA/cuDNN plugin" ${_d500_cuda_default})
# The oneDNN plugin is built where libdnnl-dev is found (plugins/onednn); OFF leaves it out even
# then (the sanitizer and fuzz presets: oneDNN's OpenMP workers are not what they test).
option(D500_WITH_ONEDNN "Build the oneDNN plugin when oneDNN is found" ON)

function(d500_print_summary)
  message(STATUS "")
  message(STATUS "d500 ${PROJECT_VERSION} configuration")
  message(STATUS "  build type        ${CMAKE_BUILD_TYPE}")
  message(STATUS "  tests             ${D500_BUILD_TESTS}")
  message(STATUS "  fuzz targets      ${D500_BUILD_FUZZ}")
  message(STATUS "  LibTorch plugin   ${D500_WITH_TORCH}")
  message(STATUS "  CUDA/cuDNN plugin ${D500_WITH_CUDA}")
  message(STATUS "  oneDNN plugin     ${D500_WITH_ONEDNN} (when libdnnl-dev is found)")
  message(STATUS "  MPI               ${D500_WITH_MPI}")
  message(STATUS "  Studio (Qt 6)     ${D500_WITH_GUI}")
  message(STATUS "")
endfunction()
