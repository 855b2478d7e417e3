#!/usr/bin/env bash
# A libFuzzer campaign against the runtime's readers: the launch-manifest
# parser and the .npy reader (test/Fuzz/*Fuzzer.cpp). Each target is built
# with clang, -fsanitize=fuzzer,address,undefined, together with the
# sources it fuzzes (lib/Runtime has no LLVM dependency), seeded from
# manifests tsopt-translate writes for the bundled workloads and .npy files
# of each dtype, and run for SECONDS seconds (default 3600) on its own core.
# Crashes are kept under build-fuzz/crashes/<target>/; each found becomes a
# regression test. Needs clang (Debian's clang-14 works) and a built tree
# (build/bin/tsopt-translate) for the manifest seeds, numpy (PYTHON) for the
# .npy seeds.
#
#   utils/fuzz.sh            # both targets, an hour each, in parallel
#   SECONDS_PER_TARGET=60 utils/fuzz.sh manifest
set -euo pipefail
cd "$(dirname "$0")/.."
CXX=${CXX_FUZZ:-clang++}
SECS=${SECONDS_PER_TARGET:-3600}
OUT=build-fuzz
TARGETS=("${@:-manifest npy}")
read -r -a TARGETS <<< "${TARGETS[*]}"
mkdir -p "$OUT"

build() { # name fuzzer-source library-sources...
  local name=$1 src=$2
  shift 2
  "$CXX" -std=c++17 -g -O1 -fsanitize=fuzzer,address,undefined \
    -fno-sanitize-recover=undefined -Iinclude "$src" "$@" -o "$OUT/$name-fuzzer"
}

seed_manifest() {
  local dir=$OUT/corpus/manifest
  mkdir -p "$dir"
  for w in gated_mlp rmsnorm gqa; do
    build/bin/tsopt-translate --tsopt-to-ptx --target=sm_90 --function="${w}_opt" \
      "test/Workloads/$w.mlir" -o "$OUT/seed-$w.ptx" >/dev/null 2>&1 || true
    [ -f "$OUT/seed-$w.json" ] && cp "$OUT/seed-$w.json" "$dir/" || true
  done
  ls "$dir" | grep -q . || echo '{"version": 1}' > "$dir/min.json"
}

seed_npy() {
  local dir=$OUT/corpus/npy
  mkdir -p "$dir"
  "${PYTHON:-python3}" - "$dir" <<'PY'
import sys, numpy as np
d = sys.argv[1]
np.save(f"{d}/f4.npy", np.arange(12, dtype=np.float32).reshape(3, 4))
np.save(f"{d}/f2.npy", np.ones((2, 2, 2), dtype=np.float16))
np.save(f"{d}/u2.npy", np.zeros((5,), dtype=np.uint16))
np.save(f"{d}/scalar.npy", np.float32(1.5))
PY
}

pids=()
for t in "${TARGETS[@]}"; do
  case $t in
  manifest)
    build manifest test/Fuzz/ManifestFuzzer.cpp lib/Runtime/Manifest.cpp
    seed_manifest ;;
  npy)
    build npy test/Fuzz/NpyFuzzer.cpp lib/Runtime/NpyIO.cpp lib/Runtime/Manifest.cpp
    seed_npy ;;
  *) echo "unknown target '$t' (manifest, npy)" >&2; exit 2 ;;
  esac
  mkdir -p "$OUT/crashes/$t"
  ( "$OUT/$t-fuzzer" "$OUT/corpus/$t" -max_total_time="$SECS" \
      -artifact_prefix="$OUT/crashes/$t/" -print_final_stats=1 \
      > "$OUT/$t.log" 2>&1; echo "exit $?" >> "$OUT/$t.log" ) &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p" || true; done
for t in "${TARGETS[@]}"; do
  echo "== $t: $(grep -E '^stat::number_of_executed_units' "$OUT/$t.log" | awk '{print $2}') runs in $SECS s, $(ls "$OUT/crashes/$t" | wc -l) crash files, $(tail -1 "$OUT/$t.log")"
done
