#!/usr/bin/env bash
# The main job: install what is missing, build, run the example operator benchmark into an SQLite
# store (d500-demo.d500db in the current folder), and print its results.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/packaging/install-deps.sh"
bash "$root/packaging/build.sh"
d500="$root/${D500_BUILD_DIR:-build}/bin/d500"
db=${D500_DEMO_DB:-d500-demo.d500db}
"$d500" run "$root/resources/examples/gemm_reference.json" --db "$db"
"$d500" show latest --db "$db"
