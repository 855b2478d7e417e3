#!/usr/bin/env python3
"""The cost model's estimates beside times measured on a GPU.

Reads the raw results of utils/gpu_bench.py (--json) and estimates, with
`tsopt-opt --tsopt-estimate-cost`, every function it timed: <name>_opt from
utils/workloads/<name>.mlir, <name>_searched from <name>_searched.mlir in
--programs (gpu_bundle.sh --searched keeps them in the bundle), and each
workload's reference program (its pre-defined ops as library kernels,
`library-kernels=true`) against PyTorch eager's time of it.

    utils/gpu_model_error.py RESULTS.json [--programs DIR] [--target h200]
                             [--bin build/bin] [--markdown]

Per kernel it prints the measured time of the kernel alone, the estimate
(the kernel's time plus one launch overhead, which a kernel timed alone
includes), their ratio and the estimate's dominant term; per function the
measured and estimated totals; and the median and largest error of each
group. Exit status 1 when a program cannot be estimated.

docs/measurements/h200-1 holds one such run (results.json and the searched
programs): `utils/gpu_model_error.py docs/measurements/h200-1/results.json
--programs docs/measurements/h200-1` reproduces docs/cost-model.md,
"Generated kernels on a GPU".
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LAUNCH_US = 2.0  # the model's launch overhead per kernel (lib/Core/Target.cpp)

REMARK_RE = re.compile(r":(\d+):\d+: remark: estimated ([\d.]+) us")
KERNEL_RE = re.compile(r"note: kernel (\d+) \((\w+)[^)]*\): ([\d.]+) us, ([\w-]+)-bound")
FUNC_RE = re.compile(r"func\.func @(\w+)\(")


def estimate(tsopt_opt, path, target, library=False):
    """{function: (total_us, [(kernel_us, bound), ...])} for every function
    of the file the estimate pass reports on; with `library`, pre-defined
    ops priced as vendor-library kernels (PyTorch eager) instead of the
    expansions tsopt emits."""
    text = open(path).read()
    # A program planned for another device of the same architecture (a
    # search for sm_90, measured on an H200) is estimated for the device
    # it ran on.
    text = re.sub(r"module attributes \{tsopt\.target = \"[\w-]+\"\}", "module", text)
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
        tmp = f.name
    try:
        opts = "target=" + target + (" library-kernels=true" if library else "")
        run = subprocess.run([tsopt_opt, tmp, "--tsopt-estimate-cost=" + opts, "-o", os.devnull],
                             capture_output=True, text=True)
    finally:
        os.unlink(tmp)
    if run.returncode != 0:
        raise RuntimeError("%s: %s" % (path, run.stderr.strip().splitlines()[:3]))
    lines = text.split("\n")
    out, current = {}, None
    for line in run.stderr.split("\n"):
        m = REMARK_RE.search(line)
        if m:
            f = FUNC_RE.search(lines[int(m.group(1)) - 1])
            current = f.group(1) if f else None
            if current:
                out[current] = (float(m.group(2)), [])
            continue
        k = KERNEL_RE.search(line)
        if k and current:
            out[current][1].append((float(k.group(3)), k.group(4)))
    return out


def rel_errors(pairs):
    return [abs(est / meas - 1) for meas, est in pairs if meas > 0]


def summary(label, pairs):
    e = rel_errors(pairs)
    if not e:
        return "%s: none" % label
    return "%s: %d, median error %.0f%%, largest %.2fx" % (
        label, len(e), 100 * statistics.median(e),
        max(max(est / meas, meas / est) for meas, est in pairs))


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("results", help="gpu_bench.py --json output")
    p.add_argument("--programs", default=None, help="folder with <name>_searched.mlir")
    p.add_argument("--target", default="h200", help="cost-model target of the measured GPU (default h200)")
    p.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    p.add_argument("--markdown", action="store_true", help="Markdown tables")
    opts = p.parse_args(argv)
    tsopt_opt = os.path.join(opts.bin, "tsopt-opt")
    if not os.access(tsopt_opt, os.X_OK):
        sys.exit("error: %s not found; build tsopt first (utils/build.sh)" % tsopt_opt)
    results = json.load(open(opts.results))["results"]

    estimates, failed = {}, False
    for r in results:
        name, fn = r["workload"], r["function"]
        if fn.endswith("_opt") or fn.endswith("_ref"):
            path = os.path.join(ROOT, "utils", "workloads", name + ".mlir")
        elif opts.programs:
            path = os.path.join(opts.programs, fn + ".mlir")
        else:
            continue
        if path in estimates or not os.path.exists(path):
            continue
        try:
            estimates[path] = estimate(tsopt_opt, path, opts.target)
        except RuntimeError as e:
            print("error: %s" % e, file=sys.stderr)
            failed = True
    est = {}
    for per_file in estimates.values():
        est.update(per_file)
    # The references against PyTorch eager: library kernels.
    eager_est = {}
    for r in results:
        path = os.path.join(ROOT, "utils", "workloads", r["workload"] + ".mlir")
        if os.path.exists(path) and r["workload"] + "_ref" not in eager_est:
            try:
                eager_est.update(estimate(tsopt_opt, path, opts.target, library=True))
            except RuntimeError as e:
                print("error: %s" % e, file=sys.stderr)
                failed = True

    kernel_rows, function_rows, eager_rows = [], [], []
    for r in results:
        fn, times = r["function"], r.get("times", {})
        if fn not in est or r["status"] != "ok":
            continue
        total, kernels = est[fn]
        for i, (name, t) in enumerate(r.get("kernel_times", {}).items()):
            if i < len(kernels):
                kernel_rows.append((name, t, kernels[i][0] + LAUNCH_US, kernels[i][1]))
        if "tsopt" in times:
            function_rows.append((fn, times["tsopt"], total))
        ref = r["workload"] + "_ref"
        if "eager" in times and ref in eager_est and fn.endswith("_opt"):
            eager_rows.append((ref, times["eager"], eager_est[ref][0]))

    md = opts.markdown
    def table(header, rows, fmt):
        if md:
            print("| " + " | ".join(header) + " |")
            print("|" + "|".join("---" if i == 0 else "--:" for i in range(len(header))) + "|")
        else:
            print("  ".join("%-34s" % header[0] if i == 0 else "%9s" % h for i, h in enumerate(header)))
        for row in rows:
            cells = fmt(row)
            if md:
                print("| " + " | ".join(cells) + " |")
            else:
                print("  ".join("%-34s" % c if i == 0 else "%9s" % c for i, c in enumerate(cells)))
        print()

    table(["kernel", "GPU us", "model us", "ratio", "bound"], kernel_rows,
          lambda r: [r[0], "%.1f" % r[1], "%.1f" % r[2], "%.2f" % (r[2] / r[1]), r[3]])
    table(["function", "GPU us", "model us", "ratio"], function_rows + eager_rows,
          lambda r: [r[0] + (" (eager)" if r[0].endswith("_ref") else ""),
                     "%.1f" % r[1], "%.1f" % r[2], "%.2f" % (r[2] / r[1])])
    print(summary("kernels", [(m, e) for _, m, e, _ in kernel_rows]))
    print(summary("tsopt functions", [(m, e) for _, m, e in function_rows]))
    print(summary("reference programs against eager", [(m, e) for _, m, e in eager_rows]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
