#!/usr/bin/env python3
"""Rule-based fusion time against program size.

Generates two families of kernel-graph programs and runs
`tsopt-opt --tsopt-fuse-blocks` on each, printing the fusion time the pass
reports (the rules alone; the verification that follows is timed apart, as
the command's wall time), the kernels of the result and its estimate
against the program's (sm_90):

  * chain: element-wise ops on x (64 x 256) with a row normalization every
    few ops and a matmul every ten;
  * transformer: decoder layers (RMSNorm, Q/K/V projections, single-head
    attention written with a transpose, a 1/sqrt(d) scale and softmax, the
    output projection, a residual, RMSNorm, a gated MLP, a residual) at a
    prefill size (64 tokens, hidden 256, MLP 512); 30 ops a layer.

Usage: utils/bench_fusion.py [max_ops]   (default 200)
       utils/bench_fusion.py workloads (each workload of utils/workloads at
                                        its published shape, against the
                                        tuned search's estimate)
Figures go to docs/fusion.md.
"""
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPT = os.path.join(ROOT, "build", "bin", "tsopt-opt")


class Writer:
    """Emits kgraph ops, one SSA value each, with their result types."""

    def __init__(self):
        self.lines, self.args, self.n = [], [], 0

    def arg(self, shape):
        name = f"%a{len(self.args)}"
        self.args.append((name, shape))
        return name, shape

    def op(self, text, operands, shape, attrs=""):
        self.n += 1
        name = f"%v{self.n}"
        types = ", ".join(ty(s) for _, s in operands)
        args = ", ".join(v for v, _ in operands)
        self.lines.append(f"  {name} = kgraph.{text} {args}{attrs} : "
                          f"{types} -> {ty(shape)}")
        return name, shape

    def unary(self, kind, x, attrs=""):
        self.n += 1
        name = f"%v{self.n}"
        self.lines.append(f"  {name} = kgraph.{kind} {x[0]}{attrs} : "
                          f"{ty(x[1])}")
        return name, x[1]

    def function(self, result):
        params = ", ".join(f"{n}: {ty(s)}" for n, s in self.args)
        body = "\n".join(self.lines)
        return (f"func.func @bench({params}) -> {ty(result[1])} {{\n{body}\n"
                f"  return {result[0]} : {ty(result[1])}\n}}\n")


def ty(shape):
    return "tensor<" + "x".join(map(str, shape)) + "xf16>"


def rms_norm(w, x):
    rows, width = x[1]
    sq = w.unary("square", x)
    ss = w.op("reduce_sum", [sq], [rows, 1], " dim = 1")
    ms = w.unary("mul_scalar", ss, f", {1.0 / width:e}")
    rt = w.unary("sqrt", ms)
    n = w.op("div", [x, rt], x[1])
    return w.op("mul", [n, w.arg([width])], x[1])


def chain(ops):
    w = Writer()
    x = w.arg([64, 256])
    while w.n < ops:
        k = w.n % 10
        if k == 9:
            x = w.op("matmul", [x, w.arg([256, 256])], [64, 256])
        elif k == 4 and ops - w.n >= 6:
            x = rms_norm(w, x)
        elif k % 3 == 0:
            x = w.unary("silu", x)
        elif k % 3 == 1:
            x = w.op("add", [x, w.arg([64, 256])], [64, 256])
        else:
            x = w.unary("mul_scalar", x, ", 5.000000e-01")
    return w.function(x)


def transformer(layers):
    w = Writer()
    tokens, hidden, mlp = 64, 256, 512
    h = w.arg([tokens, hidden])
    for _ in range(layers):
        n = rms_norm(w, h)
        q = w.op("matmul", [n, w.arg([hidden, hidden])], [tokens, hidden])
        k = w.op("matmul", [n, w.arg([hidden, hidden])], [tokens, hidden])
        v = w.op("matmul", [n, w.arg([hidden, hidden])], [tokens, hidden])
        kt = w.op("transpose", [k], [hidden, tokens], " permutation = [1, 0]")
        s = w.op("matmul", [q, kt], [tokens, tokens])
        z = w.unary("mul_scalar", s, f", {hidden ** -0.5:e}")
        e = w.unary("exp", z)
        r = w.op("reduce_sum", [e], [tokens, 1], " dim = 1")
        p = w.op("div", [e, r], [tokens, tokens])
        a = w.op("matmul", [p, v], [tokens, hidden])
        o = w.op("matmul", [a, w.arg([hidden, hidden])], [tokens, hidden])
        h = w.op("add", [h, o], [tokens, hidden])
        n = rms_norm(w, h)
        g = w.op("matmul", [n, w.arg([hidden, mlp])], [tokens, mlp])
        u = w.op("matmul", [n, w.arg([hidden, mlp])], [tokens, mlp])
        sg = w.unary("silu", g)
        m = w.op("mul", [sg, u], [tokens, mlp])
        d = w.op("matmul", [m, w.arg([mlp, hidden])], [tokens, hidden])
        h = w.op("add", [h, d], [tokens, hidden])
    return w.function(h)


def run(text, tmp):
    path = os.path.join(tmp, "program.mlir")
    with open(path, "w") as f:
        f.write(text)
    start = time.perf_counter()
    out = subprocess.run([OPT, "--tsopt-fuse-blocks", path, "-o", os.devnull],
                         capture_output=True, text=True)
    wall = time.perf_counter() - start
    m = re.search(r"remark: fused by rules: (\d+) ops? \((\d+) graph-defined"
                  r"\).*?estimated ([\d.]+) us vs ([\d.]+) us.*?"
                  r"snapshots? in ([\d.]+) ms", out.stderr)
    if out.returncode != 0 or not m:
        sys.exit(f"tsopt-fuse-blocks failed:\n{out.stderr[:2000]}")
    kernels, defined, fused, program, ms = m.groups()
    return float(ms), wall, int(kernels), int(defined), float(fused), \
        float(program)


def report(family, ops, r):
    print(f"{family:<12} {ops:>4} {r[0]:>9.1f} {r[1]:>7.2f} {r[2]:>7} "
          f"{r[3]:>7} {r[4]:>9.2f} {r[5]:>10.2f}", flush=True)


# Estimates (sm_90, us) of the tuned searches in docs/search.md; None where
# the tuned search found nothing faster than the program.
TUNED = {
    "gated_mlp": 26.83, "lora": 3.51, "rmsnorm": 20.46, "gqa": 10.49,
    "mha": 17.40, "mqa": 12.56, "mlp_adapter": 6.02, "rmsnorm_swiglu": None,
    "qknorm_gqa": 13.29, "ntrans": 3.58, "flash_attention": 20.31,
    "layernorm_matmul": 17.28,
}


def workloads(tmp):
    print(f"{'workload':<17} {'fusion_ms':>9} {'wall_s':>7} {'kernels':>7} "
          f"{'fused_us':>9} {'program_us':>10} {'tuned_us':>8}")
    for name in sorted(TUNED):
        text = subprocess.run(
            [sys.executable, os.path.join(ROOT, "utils", "workload_reference.py"),
             os.path.join(ROOT, "utils", "workloads", name + ".mlir"), name],
            capture_output=True, text=True, check=True).stdout
        ms, wall, kernels, _, fused, program = run(text, tmp)
        tuned = TUNED[name]
        print(f"{name:<17} {ms:>9.1f} {wall:>7.2f} {kernels:>7} {fused:>9.2f} "
              f"{program:>10.2f} {tuned if tuned else '-':>8}", flush=True)


def main():
    if not os.access(OPT, os.X_OK):
        sys.exit("build tsopt-opt first (utils/build.sh)")
    if sys.argv[1:] == ["workloads"]:
        with tempfile.TemporaryDirectory() as tmp:
            workloads(tmp)
        return
    max_ops = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(f"{'family':<12} {'ops':>4} {'fusion_ms':>9} {'wall_s':>7} "
          f"{'kernels':>7} {'defined':>7} {'fused_us':>9} {'program_us':>10}")
    with tempfile.TemporaryDirectory() as tmp:
        sizes = [n for n in (10, 25, 50, 100, 150, 200) if n <= max_ops]
        for n in sizes:
            text = chain(n)
            report("chain", text.count("kgraph."), run(text, tmp))
        for layers in range(1, 12):
            text = transformer(layers)
            ops = text.count("kgraph.")
            if ops > max_ops:
                break
            report("transformer", ops, run(text, tmp))

if __name__ == "__main__":
    main()
