#!/usr/bin/env bash
# Models exported with a symbolic batch (--dynamic-batch) at batch 2: d500 validate-model loads
# them at the data set's input shapes, so PyTorch's shape arithmetic (ShuffleNet's channel
# shuffle, the encoder's attention reshapes) folds for batch 2 on both executors.
# Usage: dynamic_batch.sh PYTHON SCRIPT D500 OUT EXECUTOR...
set -uo pipefail
python=$1 script=$2 d500=$3 out=$4
shift 4
rm -rf "$out" && mkdir -p "$out"
"$python" "$script" "$out" --only shufflenet_v2_x0_5,transformer_encoder --dynamic-batch \
  --batch 2 > "$out/export.log" 2>&1
rc=$?
grep -v -i -e warning -e '^  ' "$out/export.log"
[ $rc -eq 77 ] && exit 77
[ $rc -eq 0 ] || exit 1
status=0
for name in shufflenet_v2_x0_5 transformer_encoder; do
  for executor in "$@"; do
    "$d500" validate-model "$out/$name" --executor "$executor" --atol 1e-4 || status=1
  done
done
exit $status
