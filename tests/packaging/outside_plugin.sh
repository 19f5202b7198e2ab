#!/usr/bin/env bash
# Guards issues #2, #3 and #30: d500 installs as a CMake package; the example plugins build out of
# tree against it exactly as a user's would, show up in `d500 plugins`, and validate against the
# reference in one experiment; their distributed scheme (top-k sparsification) trains at level 3
# on 2 ranks with fewer bytes than allreduce; their metric (the gradients' norm) is listed and
# measured at level 2 beside the built-in calibration error.
# Usage: outside_plugin.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cmake --install "$build" --prefix "$tmp/prefix" > "$tmp/install.log"
cmake -S "$src/plugins/examples" -B "$tmp/examples" -G Ninja \
      -DCMAKE_PREFIX_PATH="$tmp/prefix" > "$tmp/configure.log"
cmake --build "$tmp/examples" > "$tmp/build.log"
test -f "$tmp/examples/d500-plugins/examples.d500plugin.json"

d500="$tmp/prefix/bin/d500"
plugins=$("$d500" plugins --operators --plugin-path "$tmp/examples/d500-plugins")
echo "$plugins"
echo "$plugins" | grep -Eq '^examples +1\.0\.0 +1\.[0-9]+ +loaded +2 '
echo "$plugins" | grep -Eq '^reference +[^ ]+ +1\.[0-9]+ +loaded'
echo "$plugins" | grep -Eq 'Conv +ai\.onnx +examples/im2col +cpu +no'

cat > "$tmp/conv.json" <<'JSON'
{"d500": 1, "name": "outside-conv", "level": "operator", "seed": 9,
 "operator": {"op": "Conv", "inputs": [[2, 4, 9, 9], [6, 4, 3, 3], [6]],
              "attributes": {"pads": [1, 1, 1, 1], "strides": [2, 2]}},
 "implementations": ["reference", "examples/direct", "examples/im2col"],
 "repetition": {"max_seconds": 0.2, "max_samples": 50}}
JSON
"$d500" run "$tmp/conv.json" --db "$tmp/s.d500db" --progress=none \
        --plugin-path "$tmp/examples/d500-plugins"
show=$("$d500" show latest --db "$tmp/s.d500db")
echo "$show"
# Three rows, each validated ok against the reference (then its forward error, FWD ERR).
test "$(echo "$show" | grep -Ec '^Conv +(examples/direct|examples/im2col|reference/default) .* ok +([0-9.e+-]+|-)$')" -eq 3
# The plugin's distributed scheme, listed and run under mpirun -np 2 against allreduce.
echo "$plugins" | grep -Eq '^examples/topk_sgd +plugin examples +top-k'
if command -v mpirun > /dev/null; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  for scheme in allreduce examples/topk_sgd; do
    /usr/bin/python3 - "$src/resources/examples/distributed_mlp.json" "$scheme" > "$tmp/l3.json" <<'PY'
import json, sys
e = json.load(open(sys.argv[1]))
e["training"]["epochs"] = 2
e["distributed"] = {"scheme": sys.argv[2]}
if sys.argv[2] != "allreduce":
    e["distributed"]["params"] = {"ratio": 0.05}
print(json.dumps(e))
PY
    mpirun -np 2 --oversubscribe "$d500" run "$tmp/l3.json" --db "$tmp/l3.d500db" --progress=none \
           --plugin-path "$tmp/examples/d500-plugins"
  done
  show=$("$d500" show latest --db "$tmp/l3.d500db")
  echo "$show" | grep -q 'distributed training: examples/topk_sgd x2'
  # Rank 0's bytes per run: top-k at 5% moves far fewer than allreduce; both learn (10 classes).
  /usr/bin/python3 - "$tmp/l3.d500db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
runs = db.execute("SELECT id FROM runs ORDER BY id").fetchall()
assert len(runs) == 2, runs
def total(run, name):
    return db.execute("SELECT SUM(value) FROM series WHERE run_id=? AND rank=0 AND name=?",
                      (run, name)).fetchone()[0]
def last(run, name):
    return db.execute("SELECT value FROM series WHERE run_id=? AND rank=0 AND name=? "
                      "ORDER BY id DESC LIMIT 1", (run, name)).fetchone()[0]
dense, topk = runs[0][0], runs[1][0]
print("comm bytes rank 0: allreduce %.0f, top-k %.0f; accuracy %.3f vs %.3f" %
      (total(dense, "comm_bytes"), total(topk, "comm_bytes"),
       last(dense, "final_test_accuracy"), last(topk, "final_test_accuracy")))
assert total(topk, "comm_bytes") * 5 < total(dense, "comm_bytes")
assert last(topk, "final_test_accuracy") > 0.3
PY
fi
# The plugin's dataset and sampler, listed beside the built-in ones.
echo "$plugins" | grep -Eq '^examples/image_folder +plugin examples +8-bit PGM'
echo "$plugins" | grep -Eq '^examples/subset +plugin examples'
# The plugin's metric, listed and measured by a training run beside the built-in one.
echo "$plugins" | grep -Eq '^examples/grad_norm +plugin examples +1 +neither +step, epoch'
cat > "$tmp/l2.json" <<'JSON'
{"d500": 1, "name": "outside-metric", "level": "training", "seed": 3,
 "training": {"dataset": "synthetic",
   "synthetic": {"samples": 256, "test_samples": 64, "shape": [16], "classes": 4, "noise": 0.4},
   "network": {"builder": "mlp", "hidden": [16]}, "batch": 32, "epochs": 2, "seeds": 1,
   "metrics": ["ece", {"name": "examples/grad_norm", "params": {"every": 2}}]}}
JSON
"$d500" run "$tmp/l2.json" --db "$tmp/l2.d500db" --progress=none \
        --plugin-path "$tmp/examples/d500-plugins"
show=$("$d500" show latest --db "$tmp/l2.d500db")
echo "$show"
echo "$show" | grep -Eq '^ece +lower +[0-9.e-]+ +1 +- +0 +built-in'
echo "$show" | grep -Eq '^examples/grad_norm +- +[0-9.e-]+ +1 +[0-9.e-]+ +8 +plugin examples'
echo "outside plugin: passed"
