#!/usr/bin/env python3
"""Checks that the code tsopt emits is the code its cost model priced.

For every kernel of the given programs (graph-defined, and pre-defined ops,
which the cost model prices by their default block-graph expansion), and
every target, the kernel plan the cost model reads (`tsopt-estimate-cost`'s "plan:" note) is
compared with the PTX `tsopt-translate` emits for that kernel:

  * tensor cores charged  <=> `mma.sync` or `wgmma.mma_async` in the kernel;
  * wgmma charged         <=> `wgmma.mma_async` in the kernel;
  * s stages charged      <=> `cp.async.wait_group s-1` (s > 1; one stage
                              waits for every group: `wait_group 0`), or
                              s mbarriers initialized where the TMA copies;
  * the copy widths charged of 4, 8 and 16 bytes  ==  the widths of the
    kernel's `cp.async` instructions (narrower copies are plain loads);
  * copies by the TMA charged  <=> `cp.async.bulk.tensor` in the kernel;
  * operands planned for ldmatrix (the layout ILP prices their wavefronts)
                          <=> `ldmatrix` in the kernel;
  * tiles planned with an XOR swizzle  =>  `xor.b32`/`xor.b64` in the kernel's
    address arithmetic (and a kernel with an `xor` but no swizzle is a
    disagreement too: nothing else the lowering emits XORs).

Each program is planned once first (`tsopt-plan-kernels`: tile layouts,
tensor cores, copies, stages), and both sides read that planned IR; a
linalg export is imported and orchestrated for the target before
(`--orchestrate`), so that its kernels are the graph-defined ones tsopt
produces. Prints one line per kernel and a summary; exits 1 on any
disagreement.

    utils/check_kernel_plan.py --bin build/bin --targets sm_80,sm_90 \
        utils/workloads/*.mlir
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

PLAN = re.compile(
    r"note: kernel (\d+) \(\w+, (?:expanded, )?grid [^)]*\): .*; plan: (\d+) matmuls on tensor "
    r"cores \((\d+) by wgmma\), (\d+) on CUDA cores, (\d+) stages?, copies of ([0-9/]*) B, "
    r"(\d+) by the TMA, (\d+) operands by ldmatrix, (\d+) swizzled tiles")
LIBRARY = re.compile(r"note: kernel (\d+) \(\w+, library\)")
FUNC = re.compile(r"^\s*func\.func (?:private |public )?@([\w.$-]+)\(")
REMARK = re.compile(r": (remark|warning): (estimated|no estimate)")


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        raise RuntimeError("%s failed:\n%s" % (" ".join(cmd), p.stderr[-2000:]))
    return p


def charged(bin_dir, path, target):
    """{function: [plan per kernel, None for a library-priced op]}."""
    err = run([os.path.join(bin_dir, "tsopt-opt"), path,
               "--tsopt-estimate-cost=target=" + target, "-o", os.devnull]).stderr
    plans, current = {}, None
    pending = False
    for line in err.splitlines():
        if REMARK.search(line):
            pending = True
            continue
        m = FUNC.match(line)
        if pending and m:
            current = m.group(1)
            plans[current] = []
            pending = False
            continue
        m = PLAN.search(line)
        if m and current is not None:
            widths = [int(w) for w in m.group(6).split("/") if w]
            plans[current].append({
                "tensor_cores": int(m.group(2)) > 0,
                "wgmma": int(m.group(3)) > 0,
                "stages": int(m.group(5)),
                "async_widths": sorted({w for w in widths if w >= 4}),
                "tma": int(m.group(7)) > 0,
                "ldmatrix": int(m.group(8)) > 0,
                "swizzle": int(m.group(9)) > 0,
            })
        elif LIBRARY.search(line) and current is not None:
            plans[current].append(None)
    return plans


def emitted(bin_dir, path, target, workdir, functions):
    """{kernel entry name: its PTX features} of `functions`."""
    ptx = os.path.join(workdir, "out.ptx")
    run([os.path.join(bin_dir, "tsopt-translate"), "--tsopt-to-ptx",
         "--target=" + target, "--function=" + ",".join(functions), path,
         "-o", ptx])
    text = open(ptx).read()
    kernels = {}
    for m in re.finditer(r"\.entry (\w+)\(", text):
        start = m.end()
        nxt = text.find(".entry ", start)
        body = text[start:nxt if nxt >= 0 else len(text)]
        waits = [int(w) for w in
                 re.findall(r"cp\.async\.wait_group\s+(\d+);", body)]
        # TMA copies complete one mbarrier per stage.
        barriers = len(re.findall(r"\bmbarrier\.init\.", body))
        kernels[m.group(1)] = {
            "tensor_cores": "mma.sync" in body or "wgmma.mma_async" in body,
            "wgmma": "wgmma.mma_async" in body,
            "stages": max(max(waits) + 1 if waits else 1, barriers),
            "async_widths": sorted({int(w) for w in re.findall(
                r"cp\.async\.c[ag]\.shared\.global[^;]*,\s*(\d+);", body)}),
            "tma": "cp.async.bulk.tensor" in body,
            "ldmatrix": "ldmatrix.sync" in body,
            "swizzle": re.search(r"\bxor\.b(32|64)\b", body) is not None,
        }
    return kernels


def prepare(bin_dir, path, target, workdir, orchestrate):
    """The planned program both sides read."""
    out = os.path.join(workdir, "planned.mlir")
    passes = []
    if orchestrate:
        with open(path) as f:
            passes.append("--tsopt-import-tosa" if "tosa." in f.read()
                          else "--convert-linalg-to-kgraph")
        passes.append("--tsopt-orchestrate=target=" + target)
    passes.append("--tsopt-plan-kernels=target=" + target)
    run([os.path.join(bin_dir, "tsopt-opt"), path] + passes + ["-o", out])
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default="build/bin")
    ap.add_argument("--targets", default="sm_80,sm_90")
    ap.add_argument("--orchestrate", action="store_true",
                    help="import the files as linalg and orchestrate them")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    checked = disagreements = 0
    with tempfile.TemporaryDirectory() as workdir:
        for path in args.files:
            for target in args.targets.split(","):
                prog = prepare(args.bin, path, target, workdir, args.orchestrate)
                plans = charged(args.bin, prog, target)
                # Functions with planned kernels.
                planned = [f for f, ks in plans.items()
                           if any(k is not None for k in ks)]
                if not planned:
                    continue
                ptx = emitted(args.bin, prog, target, workdir, planned)
                for func, kernels in plans.items():
                    if func not in planned:
                        continue
                    for i, plan in enumerate(kernels):
                        if plan is None:
                            continue
                        name = "%s_kernel%d" % (func, i)
                        got = ptx.get(name)
                        checked += 1
                        ok = got == plan
                        disagreements += not ok
                        print("%-4s %s %s %s: charged %s, emitted %s" % (
                            "ok" if ok else "DIFF", os.path.basename(path),
                            target, name, plan, got))
    print("%d kernels checked, %d disagreements"
          % (checked, disagreements))
    return 1 if disagreements or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
