#!/usr/bin/env bash
# Regenerates the expected outputs of examples/ from ocamlopt, the oracle.
#   tests/oracle.sh [examples/NAME.ml ...]   (default: every example)
# For NAME.ml it writes NAME.out (stdout), and NAME.err / NAME.code only when stderr is
# non-empty / the exit code is not 0. Arguments in NAME.args (one line) are passed to the
# program; NAME.stdin, if present, is its standard input (else /dev/null); NAME.flags (one line)
# are compiler flags for both compilers (`-g`, `unix.cmxa`).
set -euo pipefail
# Deep non-tail recursion (a million frames) needs more than the default 8 MB stack under
# ocamlopt; egret programs get a large stack of their own.
ulimit -s 262144 2>/dev/null || true
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(examples/*.ml)
for f in "${files[@]}"; do
  n=$(basename "$f" .ml)
  d=$(dirname "$f")
  # A directory of its own: an example's compiled interface (hashtbl.cmi) would shadow the
  # standard library's module of that name for the next example.
  mkdir -p "$tmp/$n"
  cp "$f" "$tmp/$n/$n.ml"
  # NAME.flags (one line): compiler flags both ocamlopt and egret take (`-g`, `unix.cmxa`).
  flags=()
  [ -f "$d/$n.flags" ] && read -r -a flags < "$d/$n.flags"
  (cd "$tmp/$n" && ocamlopt -w -a "${flags[@]}" -o "$n" "$n.ml")
  args=()
  [ -f "$d/$n.args" ] && read -r -a args < "$d/$n.args"
  set +e
  input=/dev/null
  [ -f "$d/$n.stdin" ] && input="$d/$n.stdin"
  "$tmp/$n/$n" "${args[@]}" < "$input" > "$d/$n.out" 2> "$tmp/err"
  code=$?
  set -e
  if [ -s "$tmp/err" ]; then cp "$tmp/err" "$d/$n.err"; else rm -f "$d/$n.err"; fi
  if [ $code -ne 0 ]; then echo $code > "$d/$n.code"; else rm -f "$d/$n.code"; fi
  echo "$n: exit $code"
done
