#!/usr/bin/env bash
# Builds the GPU benchmark bundle on the build machine: for every published-
# shape workload (utils/workloads/<name>.mlir) the PTX of @<name>_opt and its
# launch manifest (docs/launch-manifest.md), plus utils/gpu_bench*.py, which
# runs them on a GPU machine without LLVM or tsopt (docs/gpu-benchmarks.md).
#
# Usage: utils/gpu_bundle.sh [--searched | --searched-from DIR]
#                            [--fixtures[=PATTERN]] [OUT_DIR] [TARGET]
#        (defaults: gpu-bundle sm_90)
#
# With --searched, every workload's reference program is also superoptimized
# with no options (`--tsopt-superoptimize`, the default time limit) and its
# result bundled as <name>_searched (with the searched program itself,
# <name>_searched.mlir): what tsopt makes of the program, beside the
# published µGraph <name>_opt. This takes about a minute per workload.
#
# With --searched-from DIR, the searched programs are not searched again but
# read from DIR/<name>_searched.mlir (as a measurement under docs/measurements
# keeps them): the same programs, translated by this build, to time them on
# another GPU or after a change of the lowering alone.
#
# With --fixtures, the front-end fixtures (transformers' Llama modules and
# one layer of each family, the JAX functions and the CNNs exported by
# torch-mlir, in f32 and f16:
# test/Conversion/LinalgToKGraph/{llama,family,jax,torch}_*.mlir) are bundled
# too; --fixtures=PATTERN takes those whose file name matches the shell
# pattern PATTERN instead (e.g. '*_f16.mlir'),
# each imported and superoptimized with no options by utils/linalg_oracle.py
# (which checks the CPU-compiled result against upstream MLIR on the way)
# and named after its file. Beside each goes <name>.cases.npz: the oracle's
# inputs per regime and upstream MLIR's outputs on them, which gpu_bench.py
# checks the GPU's outputs against (docs/gpu-benchmarks.md). This takes
# about a minute per fixture.
#
# A workload whose translation fails is reported and left out; the others are
# still built. Exit status 1 when any workload failed.
set -uo pipefail

SEARCHED=0 SEARCHED_FROM= FIXTURES=0 FIXTURE_PATTERN='*'
while [ $# -gt 0 ]; do
  case "$1" in
    --searched) SEARCHED=1; shift ;;
    --searched-from)
      [ $# -ge 2 ] && [ -d "$2" ] || { echo "error: --searched-from needs a folder" >&2; exit 1; }
      SEARCHED=1 SEARCHED_FROM=$(cd "$2" && pwd); shift 2 ;;
    --fixtures) FIXTURES=1; shift ;;
    --fixtures=*) FIXTURES=1 FIXTURE_PATTERN=${1#--fixtures=}; shift ;;
    *) break ;;
  esac
done
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
# @NAME_searched, translated into OUT/NAME_searched.{ptx,json}; with
# --searched-from, the stored program translated instead.
search() {
  local tmp status
  if [ -n "$SEARCHED_FROM" ]; then
    [ -f "$SEARCHED_FROM/$1_searched.mlir" ] || {
      echo "no $1_searched.mlir in the --searched-from folder" >>"$OUT/$1_searched.log"
      return 1
    }
    translate "$1_searched" "$SEARCHED_FROM/$1_searched.mlir" "$1_searched" &&
      cp "$SEARCHED_FROM/$1_searched.mlir" "$OUT/$1_searched.mlir"
    return
  fi
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

# fixture FILE: the front-end fixture FILE, its function renamed after the
# file, imported and superoptimized by the oracle (checked against upstream
# on the CPU), translated into OUT/NAME.{ptx,json}, with OUT/NAME.cases.npz.
fixture() {
  local name tmp fn positive status
  name=$(basename "$1" .mlir)
  tmp=$(mktemp -d)
  fn=$(grep -v '^ *//' "$1" | grep -o 'func\.func @[A-Za-z0-9_]*' | head -1 | sed 's/.*@//')
  # The arguments the fixture's own oracle RUN line draws positive (batch
  # norm's variances).
  positive=$(grep -o -- '--positive=[0-9,]*' "$1" | head -1)
  sed "s/@$fn\b/@$name/g" "$1" >"$tmp/$name.mlir" &&
    utils/linalg_oracle.py "$tmp/$name.mlir" --passes="--tsopt-superoptimize=target=$TARGET" \
      ${positive:+"$positive"} --tools "${BUILD_DIR:-build}/bin" --export "$tmp/$name" \
      >>"$OUT/$name.log" 2>&1 &&
    translate "$name" "$tmp/$name.mlir" "$name" &&
    cp "$tmp/$name.cases.npz" "$OUT/$name.cases.npz"
  status=$?
  rm -rf "$tmp"
  return $status
}

ok=() failed=()
FIXTURE_FILES=()
if [ "$FIXTURES" = 1 ]; then
  for file in test/Conversion/LinalgToKGraph/{llama,family,jax,torch}_*.mlir; do
    # shellcheck disable=SC2053 # PATTERN is a shell pattern on purpose
    [[ "$(basename "$file")" == $FIXTURE_PATTERN ]] && FIXTURE_FILES+=("$file")
  done
fi
for file in utils/workloads/*.mlir "${FIXTURE_FILES[@]}"; do
 base=$(basename "$file" .mlir)
 names=("$base")
 [ "$SEARCHED" = 1 ] && [[ "$file" = utils/workloads/* ]] && names+=("${base}_searched")
 for name in "${names[@]}"; do
  rm -f "$OUT/$name.ptx" "$OUT/$name.json" "$OUT/$name.log" "$OUT/$name.cases.npz"
  if [[ "$file" != utils/workloads/* ]]; then
    fixture "$file"
  elif [ "$name" = "$base" ]; then
    translate "$name" "$file" "${name}_opt"
  else
    search "$base" "$file"
  fi
  status=$?
  if [ "$status" -ne 0 ]; then
    why="a step exited with status $status"
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
  tail -n 20 "$OUT/$name.log" | sed 's/^/    /'
  rm -f "$OUT/$name.ptx" "$OUT/$name.json" "$OUT/$name.cases.npz"
 done
done

cp utils/gpu_bench.py utils/gpu_bench_workloads.py utils/gpu_bench_selftest.py "$OUT/"
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
