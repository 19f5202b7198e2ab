#!/usr/bin/env bash
# Configures and builds d500 into ${D500_BUILD_DIR:-build} with Ninja (features auto-detected).
# Extra arguments go to CMake's configure step, e.g. -DD500_WITH_TORCH=OFF.
# D500_BUILD_TARGETS="d500_demo ..." builds only those targets (default: everything, tests too).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${D500_BUILD_DIR:-build}
# ccache keyed on paths relative to the checkout, so a fresh clone elsewhere reuses the cache.
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=true CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-8G}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=${D500_BUILD_TYPE:-RelWithDebInfo} "$@"
read -r -a targets <<< "${D500_BUILD_TARGETS:-all}"
cmake --build "$build" -j "$(nproc)" --target "${targets[@]}"
