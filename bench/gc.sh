#!/usr/bin/env bash
# GC benchmark (not a test): binary trees (depth 16) and an allocation-heavy list program, built
# with egret's native backend, egret's Cranelift backend and ocamlopt; prints the median wall
# and user time of 5 runs and the peak RSS (max over the runs) of each, with ratios to ocamlopt.
#   bench/gc.sh [RUNS]        (default 5; needs ocamlopt and /usr/bin/time; builds egret --release)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
cargo build --release -q
egret=target/release/egret
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
programs=(binary_trees list_alloc)
compilers=(native cranelift ocamlopt)

# build PROGRAM COMPILER -> executable path
build() {
  local p=$1 c=$2 exe="$tmp/$1.$2"
  if [ "$c" = ocamlopt ]; then
    cp "tests/gc/$p.ml" "$tmp/$p.ml"
    (cd "$tmp" && ocamlopt -O3 -w -a -o "$exe" "$p.ml" 2>/dev/null || ocamlopt -w -a -o "$exe" "$p.ml")
  else
    "$egret" build "tests/gc/$p.ml" -o "$exe" --backend="$c"
  fi
  echo "$exe"
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

printf '%-13s %-10s %9s %9s %9s %10s %9s %9s\n' program compiler "wall(s)" "user(s)" "RSS(MB)" "wall/ocaml" "user/ocaml" "RSS/ocaml"
for p in "${programs[@]}"; do
  declare -A wall user rss
  for c in "${compilers[@]}"; do
    exe=$(build "$p" "$c")
    if ! "$exe" | cmp -s - "tests/gc/$p.out"; then
      echo "$p ($c): wrong output" >&2
      exit 1
    fi
    : > "$tmp/times"
    for _ in $(seq "$runs"); do
      /usr/bin/time -f '%e %U %M' -o "$tmp/one" "$exe" > /dev/null
      cat "$tmp/one" >> "$tmp/times"
    done
    wall[$c]=$(awk '{print $1}' "$tmp/times" | median)
    user[$c]=$(awk '{print $2}' "$tmp/times" | median)
    rss[$c]=$(awk '{print $3}' "$tmp/times" | sort -g | tail -1)
  done
  for c in "${compilers[@]}"; do
    awk -v p="$p" -v c="$c" -v w="${wall[$c]}" -v u="${user[$c]}" -v r="${rss[$c]}" \
        -v w0="${wall[ocamlopt]}" -v u0="${user[ocamlopt]}" -v r0="${rss[ocamlopt]}" 'BEGIN {
      printf "%-13s %-10s %9.2f %9.2f %9.1f %10.2f %9.2f %9.2f\n", p, c, w, u, r / 1024,
             (w0 > 0 ? w / w0 : 0), (u0 > 0 ? u / u0 : 0), (r0 > 0 ? r / r0 : 0) }'
  done
  unset wall user rss
done
