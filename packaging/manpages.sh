#!/usr/bin/env bash
# Writes gzipped man pages from the programs' --help, for packaging/manpages.cmake.
# Usage: manpages.sh d500|studio BIN_DIR OUT_DIR VERSION
#   d500:   d500(1) and d500-COMMAND(1) for each subcommand `d500 --help` lists
#   studio: d500-studio(1)
set -euo pipefail
what=$1 bin=$2 out=$3 version=$4
export PATH="$bin:$PATH" QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8
h2m=(help2man --no-info --no-discard-stderr --version-string="$version" --section=1)
rm -rf "${out:?}/$what"
mkdir -p "$out/$what"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

page() {  # page NAME SUMMARY PROGRAM [help2man options]
  local name=$1 summary=$2 prog=$3
  shift 3
  "${h2m[@]}" --name="$summary" "$@" --output="$tmp/$name.1" "$prog"
  gzip -9n < "$tmp/$name.1" > "$out/$what/$name.1.gz"
}

if [ "$what" = studio ]; then
  page d500-studio "workbench to build, run and compare deep learning benchmarks" d500-studio \
       --include=<(printf '[SEE ALSO]\n.BR d500 (1)\n')
  exit 0
fi

# Subcommands: the lines under "Subcommands:" in `d500 --help`, "  NAME   summary".
commands=$(d500 --help | sed -n '/^Subcommands:/,/^$/p' | sed -n 's/^  \([a-z][a-z0-9-]*\)  *\(.*\)$/\1\t\2/p')
see_also='[SEE ALSO]\n'
while IFS=$'\t' read -r cmd summary; do
  # help2man names the page after the program: a wrapper d500-CMD runs `d500 CMD`.
  printf '#!/bin/sh\nexec d500 %s "$@"\n' "$cmd" > "$tmp/d500-$cmd"
  chmod +x "$tmp/d500-$cmd"
  summary=${summary%%;*}
  page "d500-$cmd" "${summary,}" "$tmp/d500-$cmd" --include=<(printf '[SEE ALSO]\n.BR d500 (1)\n')
  see_also+=".BR d500-$cmd (1),\n"
done <<< "$commands"
see_also+='.BR d500-studio (1)\n'
page d500 "modular benchmarking for deep learning: operators, networks, training, distributed training" d500 \
     --include=<(printf "$see_also")
