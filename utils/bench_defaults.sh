#!/usr/bin/env bash
# The search as a new user runs it: every workload's reference program at its
# published shape (utils/workloads), or programs at real-model shapes written
# the way users write them (utils/models), `--tsopt-superoptimize` with no options
# at all (the default time limit and the plan derived from the program).
#
# Prints one line per workload: wall time, whether it was replaced, the
# estimate of the result against the reference's, the estimate the tuned
# options of utils/bench_search.sh reach (docs/search.md, measured earlier),
# and the found structure. Figures go to docs/search.md, "Defaults".
# Usage:
#   utils/bench_defaults.sh [workload...]        (default: all twelve;
#                                                 `models`: the real-model
#                                                 programs of utils/models)
#   EXTRA='target=sm_80' utils/bench_defaults.sh (options appended, e.g. to
#                                                 try another target)
set -euo pipefail
cd "$(dirname "$0")/.."
OPT=build/bin/tsopt-opt
[ -x "$OPT" ] || { echo "build tsopt-opt first (utils/build.sh)" >&2; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Estimates (sm_90, us) of the tuned searches in docs/search.md; "-" where
# the tuned search found nothing faster than the program.
declare -A TUNED=(
  [gated_mlp]=26.83 [lora]=3.51 [rmsnorm]=20.46 [gqa]=10.49 [mha]=17.40
  [mqa]=12.56 [mlp_adapter]=6.02 [rmsnorm_swiglu]=- [qknorm_gqa]=13.29
  [ntrans]=3.58 [flash_attention]=20.31 [layernorm_matmul]=17.28
)
ALL="gated_mlp lora rmsnorm gqa mha mqa mlp_adapter rmsnorm_swiglu qknorm_gqa ntrans flash_attention layernorm_matmul"
MODELS=$(ls utils/models/*.mlir | xargs -n1 basename | sed 's/\.mlir$//' | tr '\n' ' ')
WORKLOADS=${*:-$ALL}
WORKLOADS=${WORKLOADS/models/$MODELS}

# The reference function of a workload file, alone.
reference() { utils/workload_reference.py "$1" "$2"; }

printf '%-16s %7s  %-8s %9s %9s %9s  %s\n' workload wall result found_us ref_us tuned_us structure
for w in $WORKLOADS; do
  file=utils/workloads/$w.mlir
  [ -f "$file" ] || file=utils/models/$w.mlir
  reference "$file" "$w" > "$TMP/$w.mlir"
  start=$(date +%s.%N)
  pass="--tsopt-superoptimize=progress=false${EXTRA:+ $EXTRA}"
  "$OPT" "$TMP/$w.mlir" "$pass" -o /dev/null 2>"$TMP/err" || true
  end=$(date +%s.%N)
  remark=$(grep -o 'remark: .*' "$TMP/err" | head -1)
  python3 - "$w" "$(echo "$end - $start" | bc)" "${TUNED[$w]:--}" "$remark" <<'PY'
import re, sys
w, wall, tuned, remark = sys.argv[1:]
m = re.search(r"estimated ([\d.]+) us vs ([\d.]+) us", remark)
n = re.search(r"is estimated at ([\d.]+) us, not faster than the program's ([\d.]+) us", remark)
if remark.startswith("remark: superoptimized") and m:
    result, found, ref = "replaced", m.group(1), m.group(2)
elif n:
    result, found, ref = "kept", n.group(1), n.group(2)
else:
    result, found, ref = "kept", "-", "-"
s = re.search(r"superoptimized: (.*?); (from the program|estimated)", remark)
structure = s.group(1) if s else remark[:140]
print(f"{w:16s} {float(wall):6.1f}s  {result:8s} {found:>9s} {ref:>9s} {tuned:>9s}  {structure}")
PY
done
