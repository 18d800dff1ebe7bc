#!/usr/bin/env bash
# Instruction counts (valgrind --tool=callgrind, whole process) of every bench program built by
# egret's native backend, its Cranelift backend and ocamlopt, side by side: a steady measure on
# a noisy machine, where bench/bench.py's times are not. Checks the outputs agree with ocamlopt's.
#   bench/icount.sh [--egret PATH] [PROGRAM.ml ...]     (default: bench/programs/*.ml)
set -euo pipefail
cd "$(dirname "$0")/.."
egret=target/release/egret
if [ "${1:-}" = --egret ]; then egret=$2; shift 2; fi
egret=$(realpath "$egret")
programs=("$@")
[ ${#programs[@]} -eq 0 ] && programs=(bench/programs/*.ml)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" 2>&1 >/dev/null | awk '/refs:/ {gsub(",", "", $NF); print $NF}'; }
echo "egret instruction counts (callgrind), $(date -u +%F), $(uname -m)"
echo "| program | native | cranelift | ocamlopt | nat/ocaml | crane/ocaml | nat/crane |"
echo "|---|---|---|---|---|---|---|"
for src in "${programs[@]}"; do
  name=$(basename "$src" .ml)
  cp "$src" "$tmp/$name.ml"
  (cd "$tmp" && ocamlopt -w -a -o "$name.ocaml" "$name.ml" 2>/dev/null)
  "$egret" build "$src" -o "$tmp/$name.native" --backend=native
  "$egret" build "$src" -o "$tmp/$name.cranelift" --backend=cranelift
  want=$("$tmp/$name.ocaml" | md5sum)
  for k in native cranelift; do
    [ "$("$tmp/$name.$k" | md5sum)" = "$want" ] || { echo "$name ($k): output differs from ocamlopt" >&2; exit 1; }
  done
  n=$(count "$tmp/$name.native"); c=$(count "$tmp/$name.cranelift"); o=$(count "$tmp/$name.ocaml")
  awk -v p="$name" -v n="$n" -v c="$c" -v o="$o" 'BEGIN {
    printf "| %s | %.1fM | %.1fM | %.1fM | %.2f | %.2f | %.2f |\n", p, n/1e6, c/1e6, o/1e6, n/o, c/o, n/c }'
done
