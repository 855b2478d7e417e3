#!/usr/bin/env bash
# Builds the GPU benchmark bundle on the build machine: for every published-
# shape workload (utils/workloads/<name>.mlir) the PTX of @<name>_opt and its
# launch manifest (docs/launch-manifest.md), plus utils/gpu_bench.py, which
# runs them on a GPU machine without LLVM or tsopt (docs/gpu-benchmarks.md).
#
# Usage: utils/gpu_bundle.sh [--searched] [OUT_DIR] [TARGET]
#        (defaults: gpu-bundle sm_90)
#
# With --searched, every workload's reference program is also superoptimized
# with no options (`--tsopt-superoptimize`, the default time limit) and its
# result bundled as <name>_searched (with the searched program itself,
# <name>_searched.mlir): what tsopt makes of the program, beside the
# published µGraph <name>_opt. This takes about a minute per workload.
#
# A workload whose translation fails is reported and left out; the others are
# still built. Exit status 1 when any workload failed.
set -uo pipefail

SEARCHED=0
if [ "${1:-}" = "--searched" ]; then SEARCHED=1; shift; fi
OUT=${1:-gpu-bundle}
TARGET=${2:-sm_90}
mkdir -p "$OUT" || exit 1
OUT=$(cd "$OUT" && pwd)
cd "$(dirname "$0")/.."
TRANSLATE=${BUILD_DIR:-build}/bin/tsopt-translate
OPT=${BUILD_DIR:-build}/bin/tsopt-opt
if [ ! -x "$TRANSLATE" ]; then
  echo "error: $TRANSLATE not found; build tsopt first (utils/build.sh)" >&2
  exit 1
fi

# translate NAME FILE FUNCTION: OUT/NAME.ptx and OUT/NAME.json of FUNCTION.
translate() {
  "$TRANSLATE" --tsopt-to-ptx --target="$TARGET" --function="$3" "$2" \
    -o "$OUT/$1.ptx" >>"$OUT/$1.log" 2>&1
}

# search NAME FILE: the workload's reference superoptimized, named
# @NAME_searched, translated into OUT/NAME_searched.{ptx,json}.
search() {
  local tmp status
  tmp=$(mktemp -d)
  utils/workload_reference.py "$2" "$1" \
    | sed "s/@$1_ref\b/@$1_searched/" >"$tmp/in.mlir" &&
    "$OPT" "$tmp/in.mlir" "--tsopt-superoptimize=progress=false target=$TARGET" -o "$tmp/out.mlir" >>"$OUT/$1_searched.log" 2>&1 &&
    translate "$1_searched" "$tmp/out.mlir" "$1_searched" &&
    cp "$tmp/out.mlir" "$OUT/$1_searched.mlir"
  status=$?
  rm -rf "$tmp"
  return $status
}

ok=() failed=()
for file in utils/workloads/*.mlir; do
 base=$(basename "$file" .mlir)
 names=("$base")
 [ "$SEARCHED" = 1 ] && names+=("${base}_searched")
 for name in "${names[@]}"; do
  rm -f "$OUT/$name.ptx" "$OUT/$name.json" "$OUT/$name.log"
  if [ "$name" = "$base" ]; then
    translate "$name" "$file" "${name}_opt"
  else
    search "$base" "$file"
  fi
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
