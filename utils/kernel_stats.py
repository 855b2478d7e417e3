#!/usr/bin/env python3
"""Static figures of the kernels tsopt emits, measured without a GPU.

For every graph-defined kernel of the given programs (the µGraphs of
utils/workloads/*.mlir by default), translated for a target with
`tsopt-translate` and assembled with `ptxas -v`, prints one row:

  registers   registers per thread (ptxas), and bytes spilled or on the stack
  mma         mma.sync instructions in the kernel's code
  ldmatrix    ldmatrix instructions (fragments loaded 8 rows at a time)
  ld.shared   scalar and vector shared-memory loads (fragments loaded value
              by value show up here)
  cp.async    asynchronous copies, by width in bytes
  st.v        16-byte vector stores to global memory (the output savers')
  xor         XORs (the swizzled tiles' address arithmetic)

Counts are of instructions in the PTX text, not executed instructions: a
loop body counts once. Needs ptxas (CUDA toolkit) on PATH or in
/usr/local/cuda/bin; without it, the register columns are left empty.

    utils/kernel_stats.py --bin build/bin --target sm_90 utils/workloads/*.mlir
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile


def ptxas_binary():
    found = shutil.which("ptxas")
    if found:
        return found
    default = "/usr/local/cuda/bin/ptxas"
    return default if os.path.exists(default) else None


def kernels_of(ptx_text):
    """{entry name: body text}."""
    out = {}
    entries = list(re.finditer(r"\.entry (\w+)\(", ptx_text))
    for i, m in enumerate(entries):
        end = entries[i + 1].start() if i + 1 < len(entries) else len(ptx_text)
        out[m.group(1)] = ptx_text[m.end():end]
    return out


def count(body, pattern):
    return len(re.findall(pattern, body))


def ptxas_figures(ptxas, ptx, target):
    """{entry: (registers, spill bytes, stack bytes)} from ptxas -v."""
    if not ptxas:
        return {}
    p = subprocess.run([ptxas, "-arch=" + target, "-v", ptx, "-o", os.devnull],
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("ptxas failed:\n" + p.stderr[-2000:])
    figures, current = {}, None
    for line in p.stderr.splitlines():
        m = re.search(r"Compiling entry function '(\w+)'", line)
        if m:
            current = m.group(1)
            continue
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores", line)
        if m and current:
            figures.setdefault(current, [0, 0, 0])
            figures[current][1] = int(m.group(2))
            figures[current][2] = int(m.group(1))
        m = re.search(r"Used (\d+) registers", line)
        if m and current:
            figures.setdefault(current, [0, 0, 0])
            figures[current][0] = int(m.group(1))
    return figures


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default="build/bin")
    ap.add_argument("--target", default="sm_90")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    files = args.files or sorted(
        os.path.join("utils/workloads", f)
        for f in os.listdir("utils/workloads") if f.endswith(".mlir"))
    ptxas = ptxas_binary()
    header = ("%-34s %5s %6s %4s %8s %9s %-12s %4s %4s" %
              ("kernel", "regs", "spill", "mma", "ldmatrix", "ld.shared",
               "cp.async", "st.v", "xor"))
    print(header)
    print("-" * len(header))
    totals = {"kernels": 0, "ldmatrix": 0, "mma": 0, "spill": 0}
    with tempfile.TemporaryDirectory() as work:
        for path in files:
            ptx = os.path.join(work, "out.ptx")
            # The functions with graph-defined kernels (a reference of
            # library kernels may not fit a GPU at a published shape).
            with open(path) as f:
                source = f.read()
            functions = []
            for chunk in source.split("func.func ")[1:]:
                m = re.match(r"(?:private |public )?@([\w.$-]+)\(", chunk)
                if m and "kgraph.kernel" in chunk:
                    functions.append(m.group(1))
            cmd = [os.path.join(args.bin, "tsopt-translate"), "--tsopt-to-ptx",
                   "--target=" + args.target, path, "-o", ptx]
            if functions:
                cmd.insert(3, "--function=" + ",".join(functions))
            p = subprocess.run(cmd, capture_output=True, text=True)
            if p.returncode != 0:
                print("%s: tsopt-translate failed:\n%s" % (path, p.stderr[-1000:]))
                return 1
            text = open(ptx).read()
            regs = ptxas_figures(ptxas, ptx, args.target)
            for name, body in kernels_of(text).items():
                widths = {}
                for w in re.findall(
                        r"cp\.async\.c[ag]\.shared\.global[^;]*,\s*(\d+);", body):
                    widths[w] = widths.get(w, 0) + 1
                r = regs.get(name, ["", "", ""])
                row = {
                    "mma": count(body, r"\bmma\.sync"),
                    "ldmatrix": count(body, r"\bldmatrix\."),
                    "ld.shared": count(body, r"\bld\.shared\."),
                    "xor": count(body, r"\bxor\.b(32|64)\b"),
                    "st.v": count(body, r"\bst\.global\.v4\.(b|f|u)32\b"),
                }
                cp = " ".join("%sBx%d" % (w, n) for w, n in sorted(widths.items()))
                print("%-34s %5s %6s %4d %8d %9d %-12s %4d %4d" % (
                    name, r[0], r[1], row["mma"], row["ldmatrix"],
                    row["ld.shared"], cp or "-", row["st.v"], row["xor"]))
                totals["kernels"] += 1
                totals["ldmatrix"] += row["ldmatrix"] > 0
                totals["mma"] += row["mma"] > 0
                totals["spill"] += bool(r[1])
    print("%d kernels: %d with mma.sync, %d with ldmatrix, %d spilling (%s)" % (
        totals["kernels"], totals["mma"], totals["ldmatrix"], totals["spill"],
        "ptxas " + ptxas if ptxas else "no ptxas: registers not measured"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
