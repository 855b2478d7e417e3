#!/usr/bin/env bash
# Sets up, builds and runs the main job on a bundled example: the RMSNorm +
# MatMul workload at its published size. tsopt-run executes the hand-written
# one-kernel µGraph and its kernel-level reference on the same seeded inputs
# and reports how closely they agree, then checks their equivalence by random
# tests over a finite field with a stated error bound; runs the µGraph
# lowered and compiled for this CPU; and writes its PTX and launch manifest.
set -euo pipefail
cd "$(dirname "$0")/.."
utils/bootstrap.sh
utils/build.sh
EXAMPLE=${1:-utils/workloads/rmsnorm.mlir}
echo "== tsopt-opt: parse and verify $EXAMPLE"
build/bin/tsopt-opt "$EXAMPLE" > /dev/null && echo "verified"
echo "== tsopt-run: µGraph vs reference (float evaluator)"
build/bin/tsopt-run "$EXAMPLE"
echo "== tsopt-verify-equivalence: random tests over Z_p x Z_q, delta = 2^-40"
build/bin/tsopt-opt "$EXAMPLE" --tsopt-verify-equivalence \
  --mlir-print-op-on-diagnostic=false -o /dev/null
echo "== tsopt-run --backend=cpu: the µGraph lowered to loops and compiled for this CPU"
build/bin/tsopt-run "$EXAMPLE" --backend=cpu
OUT=build/example
mkdir -p "$OUT"
NAME=$(basename "$EXAMPLE" .mlir)
echo "== tsopt-translate: PTX for sm_90 and the launch manifest in $OUT"
build/bin/tsopt-translate --tsopt-to-ptx --target=sm_90 \
  --function="${NAME}_opt" "$EXAMPLE" -o "$OUT/$NAME.ptx"
grep -E '^\.(version|target)|\.entry' "$OUT/$NAME.ptx"
echo "manifest: $OUT/$NAME.json"
