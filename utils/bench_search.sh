#!/usr/bin/env bash
# The µGraph search on each workload's reference program at its published
# shape (utils/workloads), then the shape of Mirage's Table 5 for GQA (search
# time against the block-graph op limit, with and without abstract-expression
# pruning and canonical order) at the reduced shape of test/Workloads.
#
# Prints one line per run: wall time and the search's remark (structure,
# estimate, verification, states, pruned, candidates). Figures go to
# docs/search.md. The search alone: rule-based fusion (its incumbent) is
# off, see utils/bench_fusion.py for it. Usage:
#   utils/bench_search.sh [time-limit-seconds] [all|published|ablation] [workload...]
# (the workload names restrict the published-shape part).
set -euo pipefail
cd "$(dirname "$0")/.."
LIMIT=${1:-300}
PART=${2:-all}
shift $(( $# > 2 ? 2 : $# ))
ONLY=" $* "
OPT=build/bin/tsopt-opt
[ -x "$OPT" ] || { echo "build tsopt-opt first (utils/build.sh)" >&2; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# The reference function of a workload file, alone.
reference() { utils/workload_reference.py "$1" "$2"; }

run() { # name file options...
  local name=$1 file=$2; shift 2
  local start end
  start=$(date +%s.%N)
  "$OPT" "$file" --tsopt-superoptimize="$* rule-fusion=false time-limit=$LIMIT progress=false" \
    -o /dev/null 2>"$TMP/err" || true
  end=$(date +%s.%N)
  printf '%-16s %7.1f s  %s\n' "$name" "$(echo "$end - $start" | bc)" \
    "$(grep -o 'remark: .*' "$TMP/err" | head -1)"
}

published() { # name options...: one workload at its published shape
  local w=$1; shift
  [ "$ONLY" = "  " ] || [[ "$ONLY" == *" $w "* ]] || return 0
  reference utils/workloads/$w.mlir $w > "$TMP/$w.mlir"
  run "$w" "$TMP/$w.mlir" "$@"
}

if [ "$PART" = all ] || [ "$PART" = published ]; then
echo "== published shapes (time limit ${LIMIT} s each)"
published gated_mlp max-kernel-ops=1 max-block-ops=6 min-grid-dims=1 require-forloop=true
published lora max-kernel-ops=1 max-block-ops=5 min-grid-dims=1 require-forloop=true
published rmsnorm max-kernel-ops=1 max-block-ops=9 max-grid-dims=1 min-grid-dims=1 require-forloop=true
for w in gqa mha mqa; do
  published $w max-kernel-ops=2 max-block-ops=6 kernel-ops=none min-grid-dims=2 require-forloop=true
done
published rmsnorm_swiglu max-kernel-ops=2 max-block-ops=6 min-grid-dims=1 max-grid-dims=1 \
  require-forloop=true kernel-ops=none block-ops=matmul forloop-extents=16,32,64,128,256
published mlp_adapter max-kernel-ops=2 max-block-ops=6 kernel-ops=none min-grid-dims=1
published qknorm_gqa max-kernel-ops=2 max-block-ops=6 kernel-ops=none block-ops=matmul,reduce_sum,div \
  min-grid-dims=2 require-forloop=true
published ntrans max-kernel-ops=1 max-block-ops=4 block-ops=none min-grid-dims=1
published layernorm_matmul max-kernel-ops=1 max-block-ops=9 kernel-ops=none block-ops=matmul,reduce_sum min-grid-dims=1
published flash_attention max-kernel-ops=1 max-block-ops=7 kernel-ops=none block-ops=matmul,reduce_sum,div \
  min-grid-dims=1 require-forloop=true
fi
[ "$PART" = all ] || [ "$PART" = ablation ] || exit 0

echo "== GQA ablation (reduced shape): max block ops x pruning x canonical order"
reference test/Workloads/gqa.mlir gqa > "$TMP/gqa_small.mlir"
for ops in 4 5 6 7; do
  for prune in true false; do
    for canon in true false; do
      run "ops=$ops p=$prune c=$canon" "$TMP/gqa_small.mlir" \
        max-kernel-ops=2 max-block-ops=$ops kernel-ops=none min-grid-dims=2 \
        require-forloop=true expr-pruning=$prune canonical=$canon
    done
  done
done
