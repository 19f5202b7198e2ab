#!/usr/bin/env bash
# The models fixture: exports the real-model set into OUT once (again only when the export
# script changed), or records why it cannot (python3-torch/torchvision missing) in OUT/SKIPPED,
# which the validation tests read to skip with that reason.
# Usage: export.sh PYTHON SCRIPT OUT
set -uo pipefail
python=$1 script=$2 out=$3
mkdir -p "$out"
rm -f "$out/SKIPPED"
if [ "$out/.exported" -nt "$script" ]; then
  echo "models already exported into $out (remove $out/.exported to export again)"
  exit 0
fi
rm -f "$out/.exported"
"$python" "$script" "$out" > "$out/export.log" 2>&1
rc=$?
grep -v -i -e warning -e '^  ' "$out/export.log"
if [ $rc -eq 77 ]; then
  grep -m1 '^export_models:' "$out/export.log" > "$out/SKIPPED"
  exit 77
fi
[ $rc -eq 0 ] && touch "$out/.exported"
exit $rc
