#!/usr/bin/env bash
# Robustness checks (issue 15): (a) the core, plugin and CLI tests built with GCC's AddressSanitizer
# and UndefinedBehaviorSanitizer (CMakePresets.json "asan"), (b) every libFuzzer target of
# tests/fuzz (preset "fuzz", clang-14) for a bounded time, its saved regression inputs first.
# Fails on any failing test, sanitizer report or fuzzer crash; a crash leaves its input under
# build-fuzz/fuzz-artifacts/<target>/ (copy it to tests/fuzz/regressions/<target>/ once fixed).
# packaging/test.sh runs this after the main test suite.
#
# Environment: D500_FUZZ_SECONDS  seconds per fuzz target (default 60)
#              D500_ROBUSTNESS    the steps to run: "asan fuzz" when unset, none when empty
#              D500_BUILD_LOCK    a file to flock around each build (machines shared by builds)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=true CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-8G}
steps=${D500_ROBUSTNESS-asan fuzz}
seconds=${D500_FUZZ_SECONDS:-60}
jobs=$(nproc)

build() {
  if [ -n "${D500_BUILD_LOCK:-}" ]; then
    flock "$D500_BUILD_LOCK" cmake --build "$@"
  else
    cmake --build "$@"
  fi
}

t0=$SECONDS
say() { echo "robustness [$((SECONDS - t0))s]: $*"; }

run_asan() {
  say "asan: configure"
  cmake --preset asan >/dev/null
  say "asan: build the core, plugin and CLI tests and what they load"
  # Ninja's per-folder targets: every test executable there and, through its dependencies, the
  # runner and the plugins it loads.
  build build-asan -j "$jobs" --target tests/core/all tests/plugins/all tests/app/all
  say "asan: run them"
  # The preset leaves out three tests whose subject the sanitizers change by design: the two crash
  # isolation tests want deliberate SIGSEGVs, which ASan's handler turns into reports and exit 1;
  # the model loading peak-memory test measures glibc's heap, not ASan's (quarantine, redzones).
  # It unwinds slowly on malloc (fast_unwind_on_malloc=0) so that tests/fuzz/lsan.supp can name
  # the one third-party leak (the CUDA libraries' libstdc++ pool, see there).
  ctest --preset asan -j "$jobs"
  say "asan: done"
}

# Seed folders beside tests/fuzz/corpus/<target>, read-only.
extra_seeds() {
  case "$1" in
    fuzz_experiment) echo resources/examples resources/problems ;;
    fuzz_project) echo resources/examples ;;
  esac
}

run_fuzz() {
  say "fuzz: configure"
  cmake --preset fuzz >/dev/null
  say "fuzz: build"
  build --preset fuzz -j "$jobs"
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
  export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/tests/fuzz/lsan.supp:print_suppressions=0}
  export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
  local failed=() bin name work art regressions
  for bin in build-fuzz/tests/fuzz/fuzz_*; do
    [ -x "$bin" ] || continue
    name=$(basename "$bin")
    work=build-fuzz/fuzz-corpus/$name  # what this machine's runs found, kept between runs
    art=build-fuzz/fuzz-artifacts/$name
    mkdir -p "$work" "$art"
    regressions=(tests/fuzz/regressions/"$name"/*)
    if [ -e "${regressions[0]}" ]; then
      say "fuzz: $name: ${#regressions[@]} regression inputs"
      if ! "$bin" -artifact_prefix="$art/" "${regressions[@]}" >"$art/regressions.log" 2>&1; then
        tail -n 40 "$art/regressions.log"
        failed+=("$name (regression inputs)")
        continue
      fi
    fi
    say "fuzz: $name for ${seconds}s"
    # shellcheck disable=SC2046  # extra_seeds' folders are words
    if ! "$bin" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
         -artifact_prefix="$art/" "$work" "tests/fuzz/corpus/$name" $(extra_seeds "$name") \
         >"$art/fuzz.log" 2>&1; then
      tail -n 60 "$art/fuzz.log"
      failed+=("$name")
      continue
    fi
    grep -E "^(#[0-9]+\s+DONE|stat::number_of_executed_units|stat::peak_rss_mb)" "$art/fuzz.log" |
      tr '\n' ' ' | sed "s|^|robustness: $name: |;s|$|\n|"
  done
  if [ ${#failed[@]} -gt 0 ]; then
    say "fuzz: FAILED: ${failed[*]} (inputs and logs under build-fuzz/fuzz-artifacts/)"
    return 1
  fi
  say "fuzz: every target ran clean"
}

for step in $steps; do
  case "$step" in
    asan) run_asan ;;
    fuzz) run_fuzz ;;
    *) echo "robustness: unknown step \"$step\" (asan, fuzz)" >&2; exit 2 ;;
  esac
done
if [ -z "$steps" ]; then
  echo "robustness: skipped (D500_ROBUSTNESS is empty)"
else
  say "all steps passed ($steps)"
fi
