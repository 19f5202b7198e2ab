#!/usr/bin/env bash
# The whole test suite: install what is missing, build, run every test with ctest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/packaging/install-deps.sh"
bash "$root/packaging/build.sh"
cd "$root/${D500_BUILD_DIR:-build}"
ctest --output-on-failure --timeout 600 -j "$(nproc)"
