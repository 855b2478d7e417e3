#!/usr/bin/env bash
# Builds the GPU benchmark bundle on the build machine: for every published-
# shape workload (utils/workloads/<name>.mlir) the PTX of @<name>_opt and its
# launch manifest (docs/launch-manifest.md), plus utils/gpu_bench.py, which
# runs them on a GPU machine without LLVM or tsopt (docs/gpu-benchmarks.md).
#
# Usage: utils/gpu_bundle.sh [OUT_DIR] [TARGET]    (defaults: gpu-bundle sm_90)
#
# A workload whose translation fails is reported and left out; the others are
# still built. Exit status 1 when any workload failed.
set -uo pipefail

OUT=${1:-gpu-bundle}
TARGET=${2:-sm_90}
mkdir -p "$OUT" || exit 1
OUT=$(cd "$OUT" && pwd)
cd "$(dirname "$0")/.."
TRANSLATE=${BUILD_DIR:-build}/bin/tsopt-translate
if [ ! -x "$TRANSLATE" ]; then
  echo "error: $TRANSLATE not found; build tsopt first (utils/build.sh)" >&2
  exit 1
fi

ok=() failed=()
for file in utils/workloads/*.mlir; do
  name=$(basename "$file" .mlir)
  rm -f "$OUT/$name.ptx" "$OUT/$name.json" "$OUT/$name.log"
  "$TRANSLATE" --tsopt-to-ptx --target="$TARGET" --function="${name}_opt" "$file" \
    -o "$OUT/$name.ptx" >"$OUT/$name.log" 2>&1
  status=$?
  if [ "$status" -ne 0 ]; then
    why="tsopt-translate exited with status $status"
  elif [ ! -s "$OUT/$name.ptx" ] || [ ! -s "$OUT/$name.json" ]; then
    why="$name.ptx or $name.json was not written"
  else
    ok+=("$name")
    printf '%-16s ok\n' "$name"
    [ -s "$OUT/$name.log" ] || rm -f "$OUT/$name.log"
    continue
  fi
  failed+=("$name")
  printf '%-16s FAILED: %s (log: %s)\n' "$name" "$why" "$OUT/$name.log"
  sed -n '1,20s/^/    /p' "$OUT/$name.log"
  rm -f "$OUT/$name.ptx" "$OUT/$name.json"
done

cp utils/gpu_bench.py "$OUT/gpu_bench.py"
{
  echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$( [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] && echo ' (modified)')"
  echo "target: $TARGET"
  echo "built: $(date -u '+%Y-%m-%d %H:%M UTC')"
} >"$OUT/bundle-info.txt"

echo
echo "bundle: $OUT (${#ok[@]} built, ${#failed[@]} failed${failed[*]:+: ${failed[*]}})"
if [ ${#ok[@]} -gt 0 ]; then
  # The manifests' structure and the PTX entry points, before the GPU run.
  python3 "$OUT/gpu_bench.py" --validate "$OUT" || failed+=("validation")
fi
[ ${#failed[@]} -eq 0 ]
