#!/usr/bin/env bash
# A libFuzzer campaign (test/Fuzz/*Fuzzer.cpp), each target built with
# clang and -fsanitize=fuzzer,address,undefined:
#   manifest  the runtime's launch-manifest parser
#   npy       the runtime's .npy reader
#   ir        parse + verify of the kgraph, bgraph and tgraph dialects, and
#             the printers' round trip
#   pass      every tsopt pass and pipeline on IR that verifies
# The runtime's readers are compiled with the sources they fuzz (no LLVM
# dependency); ir and pass need the whole project instrumented, which a
# CMake build under build-fuzz/ir (TSOPT_BUILD_FUZZERS=ON) does. Seeds: the
# manifests tsopt-translate writes for bundled workloads, .npy files of each
# dtype, and the test files split at `// -----` (for pass, prefixed by the
# byte that picks the pipeline). Each target runs SECONDS_PER_TARGET
# seconds (default 3600), at most two at a time (one per core). Crashes are
# kept under build-fuzz/crashes/<target>/; each found becomes a regression
# test. Needs clang (Debian's clang-14 works), a built tree (build/bin) for
# the manifest seeds, numpy (PYTHON) for the .npy seeds, and /usr/bin/time
# for the CPU time of each target (build-fuzz/<target>.cpu).
#
#   utils/fuzz.sh                       # the four targets, an hour each
#   SECONDS_PER_TARGET=60 utils/fuzz.sh ir pass
set -euo pipefail
cd "$(dirname "$0")/.."
CXX=${CXX_FUZZ:-clang++}
SECS=${SECONDS_PER_TARGET:-3600}
OUT=build-fuzz
TARGETS=("${@:-manifest npy ir pass}")
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

build_ir() {
  if [ ! -f "$OUT/ir/build.ninja" ]; then
    cmake -G Ninja -S . -B "$OUT/ir" -DCMAKE_CXX_COMPILER="$CXX" \
      -DCMAKE_C_COMPILER="${CC_FUZZ:-clang}" -DTSOPT_BUILD_FUZZERS=ON \
      -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -gline-tables-only -DNDEBUG" \
      >/dev/null
  fi
  ninja -C "$OUT/ir" "tsopt-$1-fuzzer" >/dev/null
  cp "$OUT/ir/test/Fuzz/tsopt-$1-fuzzer" "$OUT/$1-fuzzer"
}

# The test files split at `// -----`; with a pipeline byte for `pass`.
seed_ir() {
  local dir=$OUT/corpus/$1
  mkdir -p "$dir"
  "${PYTHON:-python3}" - "$dir" "$1" <<'PY'
import glob, hashlib, os, sys
d, target = sys.argv[1], sys.argv[2]
PIPELINES = 21  # test/Fuzz/PassFuzzer.cpp's kPipelines
chunks = []
for f in sorted(glob.glob("test/**/*.mlir", recursive=True)):
    text = open(f, encoding="utf-8", errors="replace").read()
    chunks += [c for c in text.split("// -----") if len(c) <= 32768]
for i, c in enumerate(chunks):
    data = c.encode()
    seeds = [data] if target == "ir" else \
        [bytes([(i + k) % PIPELINES]) + data for k in (0, 7, 14)]
    for s in seeds:
        name = hashlib.sha1(s).hexdigest()
        with open(os.path.join(d, name), "wb") as out:
            out.write(s)
PY
}

pids=()
running=0
for t in "${TARGETS[@]}"; do
  case $t in
  manifest)
    build manifest test/Fuzz/ManifestFuzzer.cpp lib/Runtime/Manifest.cpp lib/Runtime/ReadFile.cpp
    seed_manifest ;;
  npy)
    build npy test/Fuzz/NpyFuzzer.cpp lib/Runtime/NpyIO.cpp lib/Runtime/Manifest.cpp lib/Runtime/ReadFile.cpp
    seed_npy ;;
  ir|pass)
    build_ir "$t"
    [ -d "$OUT/corpus/$t" ] || seed_ir "$t" ;;
  *) echo "unknown target '$t' (manifest, npy, ir, pass)" >&2; exit 2 ;;
  esac
  if [ "$running" -ge 2 ]; then
    wait "${pids[0]}" || true
    pids=("${pids[@]:1}")
    running=$((running - 1))
  fi
  mkdir -p "$OUT/crashes/$t"
  # IR seeds are up to 32 KiB; the readers' are small (libFuzzer's default).
  # The pass target parses upstream dialects too (linalg, tosa for the
  # importers), whose parsers have crashes of their own: it runs in fork
  # mode and goes on past a crash, which is triaged afterwards.
  case $t in
  ir) len=(-max_len=65536) ;;
  pass) len=(-max_len=65536 -timeout=300 -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1) ;;
  *) len=() ;;
  esac
  # CPU time (user + system, all processes of the target) next to the log:
  # with more targets than cores, wall time overstates the campaign.
  ( /usr/bin/time -f "%U %S" -o "$OUT/$t.cpu" \
      "$OUT/$t-fuzzer" "$OUT/corpus/$t" -max_total_time="$SECS" \
      -timeout=60 "${len[@]}" -rss_limit_mb=4096 \
      -artifact_prefix="$OUT/crashes/$t/" -print_final_stats=1 \
      > "$OUT/$t.log" 2>&1; echo "exit $?" >> "$OUT/$t.log" ) &
  pids+=($!)
  running=$((running + 1))
done
for p in "${pids[@]}"; do wait "$p" || true; done
for t in "${TARGETS[@]}"; do
  runs=$(grep -E '^stat::number_of_executed_units' "$OUT/$t.log" | awk '{print $2}')
  # Fork mode reports its progress in lines "#N: cov: ... exec/s ...".
  [ -n "$runs" ] || runs=$(grep -E '^#[0-9]+: cov:' "$OUT/$t.log" | tail -1)
  cpu=$(tail -1 "$OUT/$t.cpu" | awk '{printf "%.1f", ($1 + $2) / 60}')
  echo "== $t: $runs ($SECS s wall, $cpu CPU-minutes), $(ls "$OUT/crashes/$t" | wc -l) crash files, $(tail -1 "$OUT/$t.log")"
done
