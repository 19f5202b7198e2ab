#!/usr/bin/env bash
# GPU check for the cudnn plugin (issue #8), for a machine with an NVIDIA GPU, CUDA and cuDNN:
# builds only what is needed (Ninja), runs the plugin's tests (forward/backward against the
# reference on device tensors), the GPU provenance test, `d500 plugins`, the device API tests,
# an operator benchmark and ONNX conformance on device tensors, and the bench (plugin
# vs bare cuDNN/cuBLAS, CUDA events), then prints a short table last. Budget: 8 minutes on 16
# cores. Exit status: 0 when every step passed, 1 otherwise.
#
#   bash tests/gpu/check.sh [build-dir]          (default: build-gpu in the checkout)
#
# Environment:
#   CUDA_ARCH    CMAKE_CUDA_ARCHITECTURES (default: the first GPU's, from nvidia-smi; else 90)
#   DEPS_DIR     a folder of Debian .deb files (libonnx, protobuf, nlohmann-json, dlpack, sqlite3,
#                gtest, ...) for machines without a Debian archive: unpacked into DEPS_DIR/root
#                with dpkg -x and put on the search paths (default: build-gpu-deps in the checkout, which
#                git ignores)
#   JOBS         parallel build jobs (default: nproc)
set -u -o pipefail

SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="${1:-$SRC/build-gpu}"
JOBS="${JOBS:-$(nproc)}"
DEPS_DIR="${DEPS_DIR:-$SRC/build-gpu-deps}"
START=$(date +%s)
declare -a STEP_NAMES STEP_RESULTS STEP_SECONDS
FAILED=0

# step NAME LIMIT_S COMMAND...: runs COMMAND with a time limit and records the outcome.
step() {
  local name="$1" limit="$2"
  shift 2
  local t0 rc
  t0=$(date +%s)
  echo
  echo "=== $name"
  timeout "$limit" "$@"
  rc=$?
  STEP_NAMES+=("$name")
  STEP_SECONDS+=("$(($(date +%s) - t0))")
  if [ "$rc" -eq 0 ]; then
    STEP_RESULTS+=("ok")
  elif [ "$rc" -eq 124 ]; then
    STEP_RESULTS+=("TIMEOUT ${limit}s")
    FAILED=1
  else
    STEP_RESULTS+=("FAILED rc=$rc")
    FAILED=1
  fi
  return "$rc"
}

skip() {
  STEP_NAMES+=("$1")
  STEP_RESULTS+=("skipped: $2")
  STEP_SECONDS+=("0")
  echo
  echo "=== $1: skipped: $2"
}

print_table() {
  echo
  echo "=== GPU check summary ($(($(date +%s) - START)) s in all)"
  printf '%-34s %-40s %6s\n' "STEP" "RESULT" "SECONDS"
  local i
  for i in "${!STEP_NAMES[@]}"; do
    printf '%-34s %-40s %6s\n' "${STEP_NAMES[$i]}" "${STEP_RESULTS[$i]}" "${STEP_SECONDS[$i]}"
  done
  if [ -s "$BUILD/bench_cudnn.txt" ]; then
    echo
    sed -n '/^shape /,$p' "$BUILD/bench_cudnn.txt"
  fi
}

DB="$BUILD/gpu_check.d500db"

# Conv through cudnn (two algorithms) beside the reference, on device tensors; prints the table.
gpu_operator_benchmark() {
  local exp="$BUILD/gpu_check_conv.json"
  cat >"$exp" <<'JSON'
{
  "d500": 1, "name": "gpu-check-conv", "level": "operator", "seed": 8,
  "operator": {"op": "Conv", "dtype": "float32",
               "inputs": [["N", 16, 32, 32], [32, 16, 3, 3]],
               "attributes": {"pads": [1, 1, 1, 1]}},
  "implementations": ["reference", "cudnn", "cudnn/implicit_gemm"],
  "baseline": "reference",
  "sweep": {"N": [1, 8]},
  "validate": {"backward": false},
  "repetition": {"min_samples": 10, "max_samples": 500, "max_seconds": 2}
}
JSON
  rm -f "$DB"
  D500_CUDNN_SYNC=0 "$BUILD/bin/d500" run "$exp" --db "$DB" || return 1
  "$BUILD/bin/d500" show latest --db "$DB"
}

unpack_deps() {
  local root="$DEPS_DIR/root" deb
  mkdir -p "$root"
  for deb in "$DEPS_DIR"/*.deb; do dpkg -x "$deb" "$root" || return 1; done
  export CMAKE_PREFIX_PATH="$root/usr:${CMAKE_PREFIX_PATH:-}"
  export CPATH="$root/usr/include:${CPATH:-}"
  export LIBRARY_PATH="$root/usr/lib/x86_64-linux-gnu:${LIBRARY_PATH:-}"
  export LD_LIBRARY_PATH="$root/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}"
}

if ! command -v nvidia-smi >/dev/null 2>&1; then
  echo "no nvidia-smi: this script is for a machine with an NVIDIA GPU"
fi
nvidia-smi --query-gpu=name,compute_cap,driver_version,memory.total,clocks.max.sm --format=csv 2>&1 | head -5
if [ -z "${CUDA_ARCH:-}" ]; then
  CUDA_ARCH=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d ' .')
  CUDA_ARCH="${CUDA_ARCH:-90}"
fi
export PATH="/usr/local/cuda/bin:$PATH"

if ls "$DEPS_DIR"/*.deb >/dev/null 2>&1; then
  step "unpack .deb dependencies" 120 unpack_deps
fi

step "configure (CUDA arch $CUDA_ARCH)" 120 \
  cmake -S "$SRC" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DD500_WITH_GUI=OFF -DD500_WITH_TORCH=OFF -DD500_WITH_MPI=OFF -DD500_WITH_CUDA=ON \
  -DCMAKE_CUDA_ARCHITECTURES="$CUDA_ARCH"

if [ "$FAILED" -eq 0 ]; then
  step "build (ninja -j$JOBS)" 300 \
    cmake --build "$BUILD" -j "$JOBS" --target d500 d500_reference d500_cudnn cudnn_plugin_test \
    test_env test_device d500_fixture_simdev bench_cudnn
fi

if [ "$FAILED" -eq 0 ]; then
  step "d500 plugins" 60 "$BUILD/bin/d500" plugins
  step "cudnn plugin tests" 180 "$BUILD/tests/plugins/cudnn_plugin_test" --gtest_brief=1
  step "GPU provenance test" 60 "$BUILD/tests/core/env/test_env" --gtest_filter='EnvironmentGpu.*'
  # core/device: the CUDA runtime through dlopen (alloc, copies, events round-trip on the GPU),
  # the operator benchmark and conformance on the simulated device.
  step "device API tests" 60 "$BUILD/tests/core/device/test_device" --gtest_brief=1
  # Operator benchmark with device tensors: inputs copied once, cuDNN timed with CUDA events
  # (calls only enqueue: D500_CUDNN_SYNC=0), copies stored as their own rows, validated.
  step "operator benchmark on the GPU (Conv)" 120 gpu_operator_benchmark
  # Node tests on device copies of the inputs; some are unsupported by cuDNN (uint8, auto_pad,
  # ...), which is not a failure; failed or error tests are.
  step "ONNX conformance on the GPU" 120 \
    env D500_CUDNN_SYNC=0 "$BUILD/bin/d500" conformance --plugin cudnn --db "$DB"
  step "bench: plugin vs bare cuDNN/cuBLAS" 150 \
    bash -c "'$BUILD/tests/bench/bench_cudnn' --samples 15 | tee '$BUILD/bench_cudnn.txt'"
fi

print_table
exit "$FAILED"
