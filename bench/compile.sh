#!/usr/bin/env bash
# Compile-time benchmarks (see bench/compile_bench.rs): backend compile time and code size of the
# native backend vs Cranelift on every example and bench program (issue #7), and the SSA
# optimizer's statement counts and time per 1000 statements (issue #6), and the time until the
# program starts with `egret run --jit` against `egret build` (issue #24).
#   bench/compile.sh [REPS]      (median of REPS runs, default 15; EGRET_BENCH_FILTER=substring)
set -euo pipefail
cd "$(dirname "$0")/.."
echo "egret compile-time benchmark, $(date -u +%F), $(uname -m) $(nproc) cores"
EGRET_BENCH_REPS=${1:-15} cargo test --release -q --test compile_bench -- --ignored --nocapture --test-threads=1 2>&1 \
  | grep -v '^running \|^test result\|^$\|^\.'
