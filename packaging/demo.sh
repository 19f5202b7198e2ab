#!/usr/bin/env bash
# The main job: install what is missing, build, run the example operator benchmark into an SQLite
# store (d500-demo.d500db in the current folder), and print its results.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/packaging/install-deps.sh"
# Only what the demo runs (d500_demo: no tests), and the studio where a display can show it.
targets=d500_demo
[[ -n "${DISPLAY:-}" && -z "${CI:-}" ]] && targets+=" d500_studio"
D500_BUILD_TARGETS=${D500_BUILD_TARGETS:-$targets} bash "$root/packaging/build.sh"
d500="$root/${D500_BUILD_DIR:-build}/bin/d500"
db=${D500_DEMO_DB:-d500-demo.d500db}
"$d500" run "$root/resources/examples/gemm_reference.json" --db "$db"
"$d500" show latest --db "$db"
# Open the studio on the example project when someone is there to see it; stay headless otherwise.
studio="$root/${D500_BUILD_DIR:-build}/bin/d500-studio"
if [[ -x "$studio" && -n "${DISPLAY:-}" && -z "${CI:-}" ]]; then
  echo "opening d500 Studio on the example project (store: $db)"
  exec "$studio" --project "$root/resources/examples/example.d500proj" --store "$db"
else
  echo "no display (or CI): not opening the studio; later, on a desktop:"
  [[ -x "$studio" ]] || echo "  cmake --build $root/${D500_BUILD_DIR:-build} --target d500_studio"
  echo "  $studio --project $root/resources/examples/example.d500proj --store $db"
fi
