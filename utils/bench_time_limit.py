#!/usr/bin/env python3
"""How well tsopt-superoptimize keeps its time limit.

`time-limit=T` is one deadline for the whole pass: the search's spaces,
screening and verification, orchestration's pricing, BLP solves, searches
and checks all share it (docs/search.md, "Time limit"). This runs the pass
with T on every published workload (utils/workloads, the reference function
alone) and on two-layer decoder stacks written by utils/gen_decoder.py
(the small one of the tests, and Llama-2-7B's shapes in f16, whose kernels
take seconds each to verify), and prints per program the wall time of the
whole tsopt-opt process, its overrun past T, and what the pass did.

Usage:
  utils/bench_time_limit.py [--limit 20] [--bin build/bin] [program ...]
    program: a workload name, `decoder-small` or `decoder-7b` (default: all)
"""

import argparse
import pathlib
import re
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
WORKLOADS = sorted(p.stem for p in (ROOT / "utils/workloads").glob("*.mlir"))
DECODERS = {
    "decoder-small": ["--layers", "2"],
    "decoder-7b": ["--layers", "2", "--size", "llama2-7b", "--dtype", "f16"],
}


def write_program(name: str, out: pathlib.Path) -> None:
    if name in DECODERS:
        text = subprocess.run(
            [sys.executable, str(ROOT / "utils/gen_decoder.py"), *DECODERS[name]],
            check=True, capture_output=True, text=True).stdout
    else:
        text = subprocess.run(
            [sys.executable, str(ROOT / "utils/workload_reference.py"),
             str(ROOT / "utils/workloads" / f"{name}.mlir"), name],
            check=True, capture_output=True, text=True).stdout
    out.write_text(text)


def summary(stderr: str) -> str:
    # The pass's verdict, not the remarks of its stages before it (partial
    # equivalence's, for one).
    m = (re.search(r"remark: ((?:not )?superoptimized.*)", stderr)
         or re.search(r"remark: (.*)", stderr))
    if not m:
        err = re.search(r"error: (.*)", stderr)
        return "error: " + err.group(1)[:100] if err else "no remark"
    remark = m.group(1)
    est = re.search(r"estimated ([\d.]+) us vs ([\d.]+) us", remark)
    head = remark.split(";")[0][:60]
    return head + (f"; {est.group(1)} vs {est.group(2)} us" if est else "")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--limit", type=float, default=20)
    ap.add_argument("--bin", default=str(ROOT / "build/bin"))
    ap.add_argument("programs", nargs="*")
    args = ap.parse_args()
    opt = pathlib.Path(args.bin) / "tsopt-opt"
    if not opt.exists():
        print(f"build tsopt-opt first (utils/build.sh): no {opt}", file=sys.stderr)
        return 1
    names = args.programs or WORKLOADS + list(DECODERS)
    unknown = [n for n in names if n not in WORKLOADS and n not in DECODERS]
    if unknown:
        print("unknown program(s): " + ", ".join(unknown), file=sys.stderr)
        return 1
    print(f"time-limit={args.limit:g}: wall time of the whole tsopt-opt run")
    print(f"{'program':16s} {'wall_s':>7s} {'over_s':>7s}  result")
    worst = -float("inf")
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            src = pathlib.Path(tmp) / f"{name}.mlir"
            write_program(name, src)
            start = time.monotonic()
            run = subprocess.run(
                [str(opt), str(src),
                 f"--tsopt-superoptimize=time-limit={args.limit:g}",
                 "-o", "/dev/null"],
                capture_output=True, text=True)
            wall = time.monotonic() - start
            over = wall - args.limit
            worst = max(worst, over)
            result = summary(run.stderr) if run.returncode == 0 else (
                f"exit {run.returncode}: " + summary(run.stderr))
            print(f"{name:16s} {wall:7.2f} {over:+7.2f}  {result}", flush=True)
    print(f"largest overrun: {worst:+.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
