#!/usr/bin/env bash
# Soak test (manual, not in CI): runs bench/soak.ml, an allocation-heavy program with a small
# live set, for a few minutes on each backend, sampling its resident set every 5 s; prints the
# samples and the first/last/max RSS. A flat RSS means the collector keeps up for the long run.
#   bench/soak.sh [ROUNDS]    (default 400000, about 5 minutes; builds egret --release)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-400000}
cargo build --release -q
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for backend in native cranelift; do
  target/release/egret build bench/soak.ml -o "$tmp/soak-$backend" --backend="$backend"
  "$tmp/soak-$backend" "$rounds" > "$tmp/out-$backend" &
  pid=$!
  start=$(date +%s)
  samples=()
  while kill -0 "$pid" 2>/dev/null; do
    rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
    [ -n "$rss" ] && samples+=("$rss")
    sleep 5
  done
  wait "$pid"
  secs=$(( $(date +%s) - start ))
  printf '%s: %d s, output %s, RSS samples (KiB): %s\n' "$backend" "$secs" \
    "$(cat "$tmp/out-$backend")" "${samples[*]}"
  printf '%s' "${samples[*]}" | tr ' ' '\n' | awk -v b="$backend" \
    'NR==1{first=$1} {last=$1; if ($1>max) max=$1} END {printf "%s: first %d KiB, last %d KiB, max %d KiB\n", b, first, last, max}'
done
