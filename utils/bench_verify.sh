#!/usr/bin/env bash
# Equivalence-check cost at the published GQA size (b = 1): one screening
# test (one field trial, no float check; candidate and reference on one or
# two threads) and the full check at
# delta = 2^-40 (trials from the bound, float differential check, 2 threads).
# Prints wall times from tsopt-opt's pass timing. Run after utils/build.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
FILE=${1:-utils/workloads/gqa.mlir}
run() {
  local label=$1 opts=$2
  local out
  out=$(build/bin/tsopt-opt "$FILE" --tsopt-verify-equivalence="$opts" \
        --mlir-timing --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1)
  local t
  t=$(echo "$out" | sed -n 's/^ *\([0-9.]*\) ([ 0-9.]*%) *TSOptVerifyEquivalence$/\1/p' | head -1)
  local record
  record=$(echo "$out" | sed -n 's/.*remark: \(.*\)/\1/p' | head -1)
  printf "%-34s %8s s   %s\n" "$label" "$t" "$record"
}
run "screen, 1 thread" "delta=0.5 float-check=false threads=1"
run "screen, 2 threads" "delta=0.5 float-check=false threads=2"
run "full check, delta = 2^-40" "delta=9.094947017729282e-13 threads=2"
run "16 trials + float check" "min-trials=16 threads=2"
