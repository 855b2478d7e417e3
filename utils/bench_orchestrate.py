#!/usr/bin/env python3
"""Orchestration against program size: Llama-style decoder stacks of 1 to 4
layers (utils/gen_decoder.py) through tsopt-opt --tsopt-orchestrate with
default options. Prints, per program: primitives, execution states,
candidate kernels, distinct canonical forms priced, the BLP's size, CBC's
solve time and gap, the time of each stage, and the estimate against one
kernel per op.

  utils/bench_orchestrate.py                 # small layers, 1-4
  utils/bench_orchestrate.py --size llama2-7b --layers 1 4
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPT = os.path.join(ROOT, "build", "bin", "tsopt-opt")

FIELDS = [
    ("kernels", r"orchestrated: (\d+) kernels"),
    ("primitives", r"from (\d+) primitives"),
    ("us", r"estimated ([\d.]+) us vs"),
    ("one_per_op_us", r"vs ([\d.]+) us one kernel per op"),
    ("states", r"; (\d+) states"),
    ("candidates", r"(\d+) candidates \("),
    ("distinct", r"\((\d+) distinct"),
    ("blp", r"BLP (\d+ x \d+)"),
    ("solve_s", r"solved in ([\d.]+) s"),
    ("gap", r"gap ([\d.]+) %"),
    ("candidates_s", r"candidates ([\d.]+) s, pricing"),
    ("pricing_s", r"pricing ([\d.]+) s"),
    ("verify_s", r"verification ([\d.]+) s"),
]


def run(size, layers, extra):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "decoder.mlir")
        with open(src, "w") as f:
            subprocess.run([sys.executable,
                            os.path.join(ROOT, "utils", "gen_decoder.py"),
                            "--size", size, "--layers", str(layers)],
                           stdout=f, check=True)
        start = time.monotonic()
        p = subprocess.run([OPT, src, "--tsopt-orchestrate" + extra,
                            "--mlir-print-op-on-diagnostic=false",
                            "-o", os.devnull],
                           capture_output=True, text=True)
        wall = time.monotonic() - start
    text = p.stderr
    if p.returncode != 0 or "orchestrated:" not in text:
        sys.exit(f"{size} x{layers}: tsopt-opt failed:\n{text}")
    row = {"layers": layers, "wall_s": f"{wall:.1f}"}
    for name, pattern in FIELDS:
        m = re.search(pattern, text)
        row[name] = m.group(1) if m else "?"
    row["speedup"] = f"{float(row['one_per_op_us']) / float(row['us']):.2f}x"
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", default="small")
    ap.add_argument("--layers", type=int, nargs="*", default=[1, 2, 3, 4])
    ap.add_argument("--options", default="",
                    help="tsopt-orchestrate options, e.g. 'max-ops=8'")
    a = ap.parse_args()
    extra = f"={a.options}" if a.options else ""
    cols = ["layers", "primitives", "states", "candidates", "distinct", "blp",
            "solve_s", "gap", "candidates_s", "pricing_s", "verify_s",
            "wall_s", "kernels", "us", "one_per_op_us", "speedup"]
    print(f"decoder stacks, size {a.size}, tsopt-orchestrate{extra}")
    print("| " + " | ".join(cols) + " |")
    print("|" + "---|" * len(cols))
    for n in a.layers:
        row = run(a.size, n, extra)
        print("| " + " | ".join(str(row[c]) for c in cols) + " |", flush=True)


if __name__ == "__main__":
    main()
