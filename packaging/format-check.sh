#!/usr/bin/env bash
# Checks that the C, C++ and CUDA sources follow .clang-format (issue 30): prints each file that
# clang-format would change, with the first lines of its diff, and exits 1 if there is any.
# The frozen copies of older ABI headers (tests/fixtures/plugins/abi_1_*) are left as they were
# shipped. Fix a failure with: clang-format -i FILE (or git clang-format on a change).
# Usage: packaging/format-check.sh [--fix]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
fmt=$(command -v clang-format-14 || command -v clang-format || true)
if [ -z "$fmt" ]; then
  echo "format-check: clang-format is not installed (packaging/install-deps.sh installs it)" >&2
  exit 2
fi
mapfile -t files < <(git ls-files -- 'core/*.cpp' 'core/*.h' 'app/*.cpp' 'app/*.h' \
  'plugins/*.cpp' 'plugins/*.h' 'plugins/*.c' 'plugins/*.cu' 'tests/*.cpp' 'tests/*.h' \
  'tests/*.c' 'resources/*.cpp' 'resources/*.h' | grep -v '^tests/fixtures/plugins/abi_1_')
if [ "${1:-}" = "--fix" ]; then
  "$fmt" -i "${files[@]}"
  exit 0
fi
# One clang-format per batch of files, batches in parallel: each file it would change is named in
# its warnings ("FILE:LINE:COL: error: code should be clang-formatted").
log=$(mktemp)
trap 'rm -f "$log"' EXIT
printf '%s\0' "${files[@]}" |
  xargs -0 -n 64 -P "$(nproc)" "$fmt" --dry-run -Werror 2>>"$log" >/dev/null || true
mapfile -t differ < <(grep -o '^[^:]*:[0-9]*:[0-9]*: error' "$log" | cut -d: -f1 | sort -u)
bad=${#differ[@]}
for f in "${differ[@]}"; do
  echo "format-check: $f is not formatted:"
  diff -u "$f" <("$fmt" "$f") | sed -n '3,12p' || true
done
if [ "$bad" -ne 0 ]; then
  echo "format-check: $bad of ${#files[@]} files differ from .clang-format" \
       "(fix: packaging/format-check.sh --fix)" >&2
  exit 1
fi
echo "format-check: all ${#files[@]} files follow .clang-format"
