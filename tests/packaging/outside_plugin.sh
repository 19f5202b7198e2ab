#!/usr/bin/env bash
# Guards issues #2 and #3: d500 installs as a CMake package; the example plugins build out of
# tree against it exactly as a user's would, show up in `d500 plugins`, and validate against the
# reference in one experiment.
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
echo "outside plugin: passed"
