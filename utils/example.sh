#!/usr/bin/env bash
# Sets up, builds and runs the main job: superoptimizes a bundled reference
# program with default options. The gated MLP of the evaluation at its
# published size (silu(X·W1) ⊙ (X·W2), X 8×4096, W 4096×4096) goes through
# tsopt-superoptimize with no options (the search configures itself from the
# program and stops within its default time limit); the µGraph it returns is
# checked against the program by random tests over a finite field, run on
# seeded inputs by the evaluator and, lowered and compiled, on this CPU, and
# its PTX and launch manifest are written.
set -euo pipefail
cd "$(dirname "$0")/.."
utils/bootstrap.sh
utils/build.sh
NAME=${1:-gated_mlp}
SRC=utils/workloads/$NAME.mlir
OUT=build/example
mkdir -p "$OUT"

# The reference program alone, and a copy to superoptimize that names it as
# its reference (the pass leaves a function's reference as written).
utils/workload_reference.py "$SRC" "$NAME" --to-optimize > "$OUT/$NAME.mlir"
echo "== tsopt-superoptimize (no options): @$NAME from its kernel-level program"
build/bin/tsopt-opt "$OUT/$NAME.mlir" --tsopt-superoptimize \
  --mlir-print-op-on-diagnostic=false -o "$OUT/${NAME}_opt.mlir" 2>&1 |
  grep -v '^tsopt-superoptimize @.*search: ' | grep -E 'remark|error|space .* (finished|cut)' |
  sed -E 's/; (equivalent|search|derived)/;\n    \1/g'
grep -q 'kgraph.kernel' "$OUT/${NAME}_opt.mlir" ||
  { echo "the search returned the program unchanged" >&2; exit 1; }
echo "== the µGraph (build/example/${NAME}_opt.mlir)"
sed -n "/func.func @$NAME(/,/^  }$/p" "$OUT/${NAME}_opt.mlir" | head -40
echo "== tsopt-verify-equivalence: random tests over Z_p x Z_q, delta = 2^-40"
build/bin/tsopt-opt "$OUT/${NAME}_opt.mlir" --tsopt-verify-equivalence \
  --mlir-print-op-on-diagnostic=false -o /dev/null
echo "== tsopt-run: µGraph vs reference (float evaluator)"
build/bin/tsopt-run "$OUT/${NAME}_opt.mlir" --fn="$NAME"
echo "== tsopt-run --backend=cpu: the µGraph lowered to loops and compiled for this CPU"
build/bin/tsopt-run "$OUT/${NAME}_opt.mlir" --fn="$NAME" --backend=cpu
echo "== tsopt-translate: PTX for sm_90 and the launch manifest in $OUT"
build/bin/tsopt-translate --tsopt-to-ptx --target=sm_90 \
  --function="$NAME" "$OUT/${NAME}_opt.mlir" -o "$OUT/$NAME.ptx"
grep -E '^\.(version|target)|\.entry' "$OUT/$NAME.ptx"
echo "manifest: $OUT/$NAME.json"
