#!/usr/bin/env bash
# The main job: install what is missing, build what the first run needs, and run, into an SQLite
# store (d500-demo.d500db in the current folder), a short comparison that shows what d500 is for:
#  1. one operator (Conv) on the reference, LibTorch and the two example user kernels, each
#     validated against the reference, medians with 95% confidence intervals;
#  2. the Fashion-MNIST MLP recipe for one seed: time-to-accuracy, where a step's time goes, and
#     the recipe verdict.
# Then prints both, writes an HTML report of each (d500-first-run-*.html, through the studio's
# headless report writer), and opens the studio on the example project where a display exists.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/packaging/install-deps.sh"
# Only what the first run uses (d500_demo: the runner and its plugins, no tests) and the studio,
# whose report writer makes the HTML.
D500_BUILD_TARGETS=${D500_BUILD_TARGETS:-d500_demo d500_studio} bash "$root/packaging/build.sh"
bin="$root/${D500_BUILD_DIR:-build}/bin"
db=${D500_DEMO_DB:-d500-demo.d500db}
out=${D500_DEMO_OUT:-.}
t0=$SECONDS
for exp in first_run_conv first_run_mlp; do
  "$bin/d500" run "$root/resources/examples/$exp.json" --db "$db"
  "$bin/d500" show latest --db "$db"
  report="$out/d500-${exp//_/-}.html"
  QT_QPA_PLATFORM=offscreen "$bin/d500-studio" --store "$db" --report latest -o "$report"
  echo "report: $report"
done
echo "first run: $((SECONDS - t0)) s; every run is kept in $db (\`$bin/d500 runs --db $db\`)"
# Open the studio on the example project when someone is there to see it; stay headless otherwise.
if [[ -n "${DISPLAY:-}" && -z "${CI:-}" ]]; then
  echo "opening d500 Studio on the example project (store: $db)"
  exec "$bin/d500-studio" --project "$root/resources/examples/example.d500proj" --store "$db"
else
  echo "no display (or CI): not opening the studio; later, on a desktop:"
  echo "  $bin/d500-studio --project $root/resources/examples/example.d500proj --store $db"
fi
