#!/usr/bin/env bash
# Evaluator speed on the published-size workloads: for each, the time
# tsopt-run reports for the µGraph and for its reference (float, one thread),
# and their agreement. Run after utils/build.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
printf "%-16s %12s %12s %12s\n" workload "µGraph ms" "reference ms" "max rel diff"
for f in utils/workloads/*.mlir; do
  name=$(basename "$f" .mlir)
  out=$(build/bin/tsopt-run "$f" "$@")
  opt=$(echo "$out" | sed -n "s/^@${name}_opt: evaluated in \(.*\) ms/\1/p")
  ref=$(echo "$out" | sed -n "s/^@${name}_ref: evaluated in \(.*\) ms/\1/p")
  rel=$(echo "$out" | sed -n 's/.*max rel diff \([^ ]*\) .*/\1/p' | head -1)
  printf "%-16s %12s %12s %12s\n" "$name" "$opt" "$ref" "$rel"
done
