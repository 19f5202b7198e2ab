#!/usr/bin/env bash
# One real model on one executor: `d500 validate-model MODELS/NAME --executor EXECUTOR` against
# PyTorch's output. A model listed in known_failures.txt for this executor must still fail with
# the listed message (the test then skips, printing the reason); once it validates, the test
# fails until the line is removed. Skips (77) when the export was skipped.
# Usage: validate.sh D500 MODELS NAME EXECUTOR KNOWN_FAILURES
set -uo pipefail
d500=$1 models=$2 name=$3 executor=$4 known=$5
if [ -f "$models/SKIPPED" ]; then
  echo "skipped: $(cat "$models/SKIPPED")"
  exit 77
fi
[ -f "$models/$name/model.onnx" ] ||
  { echo "$models/$name/model.onnx was not exported (see the models.export test)"; exit 1; }
# atol 1e-4: the outputs have a standard deviation of 0.03 to 0.9 after up to ~50 float32
# layers, which the exported graph computes with BatchNorm folded into the Conv weights while
# PyTorch's eager output did not (LibTorch's own kernels differ by up to 2.5e-5 there); the
# relative tolerance stays at d500's 1e-3.
out=$("$d500" validate-model "$models/$name" --executor "$executor" --atol 1e-4 2>&1)
rc=$?
echo "$out"
line=$(awk -F'|' -v n="$name" -v e="$executor" \
  '$1 ~ "^ *"n" +"e" *$" {print; exit}' "$known" 2> /dev/null)
if [ -z "$line" ]; then
  exit $rc
fi
pattern=$(cut -d'|' -f2 <<< "$line" | sed 's/^ *//; s/ *$//')
reason=$(cut -d'|' -f3- <<< "$line" | sed 's/^ *//')
if [ $rc -eq 0 ]; then
  echo "$name now validates on $executor: remove its line from $known"
  exit 1
fi
if grep -Eq -- "$pattern" <<< "$out"; then
  echo "known failure: $reason"
  exit 77
fi
echo "$name on $executor fails differently from $known ($pattern)"
exit 1
