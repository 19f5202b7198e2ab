#!/bin/bash
# Issue 31 (correctness on this machine): real A/A reruns and a real induced change.
# Runs one torch Gemm experiment 20 times with LibTorch on 1 thread (A/A: no change point may be
# found), then 10 more on 2 threads (a real change: one change point between run 20 and run 21,
# the environment diff naming the thread count), and prints `d500 history --changes` after each
# part. One thread for the A/A: on this 2-core machine a 2-thread Gemm slows by 80% whenever
# anything else takes a core (the run's load record says BUSY), which is a real change too. Not a pass/fail test; it takes a few minutes. Run: tests/bench/history_aa.sh [BUILD_DIR]
set -euo pipefail
build=${1:-build}
d500="$build/bin/d500"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/gemm.json" <<'JSON'
{"d500": 1, "name": "aa-gemm", "level": "operator", "seed": 1,
 "operator": {"op": "Gemm", "dtype": "float32", "inputs": [["N", "N"], ["N", "N"]]},
 "implementations": ["torch"], "sweep": {"N": [256]}, "validate": false,
 "repetition": {"warmup_calls": 5, "target_rel_ci": 0.01, "min_samples": 50, "max_samples": 400,
                "max_seconds": 1}}
JSON
db="$work/aa.d500db"
sleep 5  # let the writes of whatever ran before settle (ext4 flushes show as a BUSY load)
run_n() {  # threads count
  for _ in $(seq "$2"); do
    D500_TORCH_THREADS=$1 "$d500" --db "$db" run "$work/gemm.json" --progress none 2>/dev/null
  done
}
echo "== 20 runs on 1 thread (A/A) =="
run_n 1 20
"$d500" --db "$db" history --changes
echo "== and 10 runs on 2 threads (an induced change) =="
run_n 2 10
"$d500" --db "$db" history --changes
"$d500" --db "$db" history | grep -A4 "^change between" || echo "no change point found"
echo "== rerun to confirm the change between run 20 and run 21, all on 1 thread =="
# Both runs' experiments are the same file; only the environment changed. Rerun on one thread
# count, the change does not repeat: "not reproduced" points at the environment.
D500_TORCH_THREADS=1 "$d500" --db "$db" confirm 20 21 --progress none 2>/dev/null
