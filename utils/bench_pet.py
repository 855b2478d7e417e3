#!/usr/bin/env python3
"""PET on two convolutions of one filter tensor, against their size.

For each image size and channel count, writes the program of PET's first
worked figure (two images, one 3x3 filter, padding 1) and runs
`tsopt-opt --tsopt-partial-equivalence='accept=any mutations=M'` on it
for each merge M, printing the boxes, how many differ (and were corrected), the estimate of
the program with the corrected mutant against the program's (sm_90), and
the wall time of the whole pass (examination, correction, the whole
verification, pricing). Then the same programs through
`tsopt-superoptimize` with no options: whether a mutant was kept, and the
estimate.

Usage: utils/bench_pet.py
Figures go to docs/pet.md.
"""
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPT = os.path.join(ROOT, "build", "bin", "tsopt-opt")

PROGRAM = """\
func.func @two_images(%a: tensor<1x{c}x{h}x{h}xf32>, %b: tensor<1x{c}x{h}x{h}xf32>, %w: tensor<{c}x{c}x3x3xf32>) -> (tensor<1x{c}x{h}x{h}xf32>, tensor<1x{c}x{h}x{h}xf32>) {{
  %ya = kgraph.conv2d %a, %w stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : tensor<1x{c}x{h}x{h}xf32>, tensor<{c}x{c}x3x3xf32> -> tensor<1x{c}x{h}x{h}xf32>
  %yb = kgraph.conv2d %b, %w stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : tensor<1x{c}x{h}x{h}xf32>, tensor<{c}x{c}x3x3xf32> -> tensor<1x{c}x{h}x{h}xf32>
  return %ya, %yb : tensor<1x{c}x{h}x{h}xf32>, tensor<1x{c}x{h}x{h}xf32>
}}
"""

REMARK = re.compile(r"remark: ([\w-]+): .*?: (\d+) boxes, (\d+) differ;.*"
                    r"estimated ([\d.]+) us vs ([\d.]+) us")


def run(args, path):
    start = time.perf_counter()
    done = subprocess.run([OPT, path, *args,
                           "--mlir-print-op-on-diagnostic=false"],
                          capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"tsopt-opt failed on {path}:\n{done.stderr}")
    return done.stderr, time.perf_counter() - start


def main():
    print(f"{'image':>9} {'mutation':<18} {'boxes':>6} {'differ':>6} "
          f"{'mutant us':>10} {'program us':>11} {'pass s':>7} "
          f"{'superoptimize':>22}")
    with tempfile.TemporaryDirectory() as tmp:
        for c, h in [(4, 8), (16, 14), (32, 28), (64, 56)]:
            path = os.path.join(tmp, f"pet_{c}_{h}.mlir")
            with open(path, "w") as f:
                f.write(PROGRAM.format(c=c, h=h))
            sup, _ = run(["--tsopt-superoptimize"], path)
            kept = re.search(r"partial equivalence: \d+ mutants? examined; "
                             r"(none|kept [\w-]+|\d+ programs?)", sup)
            verdict = kept.group(1) if kept else "?"
            for k, mutation in enumerate(["conv-merge-batch",
                                          "conv-merge-width"]):
                err, seconds = run(["--tsopt-partial-equivalence=accept=any "
                                    f"mutations={mutation}"], path)
                for name, boxes, differ, mutant, program in REMARK.findall(err):
                    print(f"{c:>3}x{h:>2}x{h:<2} {name:<18} {boxes:>6} "
                          f"{differ:>6} {mutant:>10} {program:>11} "
                          f"{seconds:>7.2f} {verdict if k == 0 else '':>22}")


if __name__ == "__main__":
    main()
