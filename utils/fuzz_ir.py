#!/usr/bin/env python3
"""Robustness check: tsopt-opt never crashes on malformed IR.

Takes the bundled IR (workloads and dialect round-trip tests), replaces one to
three integer literals (shapes, map entries, grid and loop extents, dims) by
values from a set of edge cases, and runs the parser, verifiers and passes on
each mutant. A clean run ends with exit code 0 or 1 (diagnostics); anything
else (a signal, an abort) is a crash, saved as crash<N>.mlir in the output
directory. SSA result numbers (%x#N) are left alone.

  python3 utils/fuzz_ir.py --seed 1 --cases 500 --out /tmp/fuzz
"""

import argparse
import glob
import os
import random
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EDGE = [0, 1, 2, 3, 7, 64, -1, 4096, 2**31, 2**40]
PIPELINES = [
    ["--tsopt-verify-equivalence=float-check=false"],
    ["--tsopt-schedule", "--tsopt-plan-shared-memory", "--tsopt-estimate-cost"],
    ["--tsopt-check-resources"],
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--cases", type=int, default=200)
    ap.add_argument("--out", default="fuzz-out")
    ap.add_argument("--tsopt-opt", default=os.path.join(ROOT, "build", "bin", "tsopt-opt"))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    files = sorted(glob.glob(os.path.join(ROOT, "test", "Workloads", "*.mlir")) +
                   glob.glob(os.path.join(ROOT, "test", "Dialect", "*", "ops.mlir")))
    os.makedirs(args.out, exist_ok=True)
    case = os.path.join(args.out, "case.mlir")
    crashes = 0
    for i in range(args.cases):
        text = open(rng.choice(files)).read()
        for _ in range(rng.randint(1, 3)):
            nums = list(re.finditer(r"(?<![#\w])\d+\b", text))
            m = rng.choice(nums)
            text = text[:m.start()] + str(rng.choice(EDGE)) + text[m.end():]
        with open(case, "w") as f:
            f.write(text)
        for pipeline in PIPELINES:
            r = subprocess.run([args.tsopt_opt, case, "-o", os.devnull] + pipeline,
                               capture_output=True, timeout=300)
            if r.returncode not in (0, 1):
                crashes += 1
                path = os.path.join(args.out, "crash%d.mlir" % crashes)
                with open(path, "w") as f:
                    f.write(text)
                print("crash (exit %d) with %s: %s" % (r.returncode, " ".join(pipeline), path))
                break
        if (i + 1) % 50 == 0:
            print("%d/%d cases, %d crashes" % (i + 1, args.cases, crashes), flush=True)
    print("%d cases, %d crashes" % (args.cases, crashes))
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
