#!/usr/bin/env python3
"""Writes the workload programs of WORKLOADS.md as kgraph IR.

Each file holds the kernel-level reference program (`@<name>_ref`) and a
hand-written µGraph with the published structure (`@<name>_opt`, carrying
`tsopt.reference = @<name>_ref`). Two sizes come from one description:

  test/Workloads/<name>.mlir     reduced shapes, with lit RUN lines (CI)
  utils/workloads/<name>.mlir    published shapes (benchmarks)

Run it after changing a workload:  python3 utils/gen_workloads.py
"""

import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def ty(shape, dt):
    return "tensor<" + "x".join(str(d) for d in shape) + "x" + dt + ">"


def tl(shape, dt):
    return "!bgraph.tile<" + "x".join(str(d) for d in shape) + "x" + dt + ">"


def fmt_scalar(v):
    return "%.17e" % v


class Func:
    """Accumulates the body of one function."""

    def __init__(self, name, args, dt, ref=None):
        self.name, self.args, self.dt, self.ref = name, args, dt, ref
        self.lines = []

    def emit(self, line, indent=1):
        self.lines.append("  " * indent + line)

    def render(self, results):
        params = ", ".join("%%%s: %s" % (n, ty(s, self.dt)) for n, s in self.args)
        rtys = ", ".join(ty(s, self.dt) for _, s in results)
        attrs = (" attributes {tsopt.reference = @%s}" % self.ref) if self.ref else ""
        rtys_sig = rtys if len(results) == 1 else "(" + rtys + ")"
        out = ["func.func @%s(%s) -> %s%s {" % (self.name, params, rtys_sig, attrs)]
        out += self.lines
        out.append("  return %s : %s" % (", ".join("%" + n for n, _ in results), rtys))
        out.append("}")
        return "\n".join(out)


def gmap(entries):
    names = "xyz"
    return "{" + ", ".join("%s = %s" % (names[i], "replica" if e is None else e)
                           for i, e in enumerate(entries)) + "}"


def lmap(e):
    return "replica" if e is None else str(e)


class Body:
    """Block-graph builder: tracks tile types to print them."""

    def __init__(self, dt, grid, forloop):
        self.dt, self.grid, self.forloop = dt, grid, forloop
        self.lines = []
        self.shape = {}

    def tile(self, v):
        return tl(self.shape[v], self.dt)

    def input(self, v, src, src_shape, imap, fmap):
        shape = list(src_shape)
        for g, d in enumerate(imap):
            if d is not None:
                shape[d] //= self.grid[g]
        if fmap is not None:
            shape[fmap] //= self.forloop
        self.shape[v] = shape
        self.lines.append("%%%s = bgraph.input %%%s_b imap = %s fmap = %s : %s -> %s" % (
            v, src, gmap(imap), lmap(fmap), ty(src_shape, self.dt), self.tile(v)))

    def op(self, v, name, args, shape, attrs=""):
        self.shape[v] = shape
        ins = ", ".join("%" + a for a in args)
        if name in ("matmul", "add", "sub", "mul", "div"):
            tys = ", ".join(self.tile(a) for a in args) + " -> " + tl(shape, self.dt)
        elif name in ("reduce_sum", "reduce_max", "transpose", "concat", "reshape", "repeat"):
            tys = ", ".join(self.tile(a) for a in args) + " -> " + tl(shape, self.dt)
        else:
            tys = tl(shape, self.dt)
        self.lines.append("%%%s = bgraph.%s %s%s : %s" % (v, name, ins, attrs, tys))

    def accum(self, v, src, kind="sum", fmap=None):
        shape = list(self.shape[src])
        if fmap is not None:
            shape[fmap] *= self.forloop
        self.shape[v] = shape
        extra = "" if fmap is None else " fmap = %d" % fmap
        self.lines.append("%%%s = bgraph.accum %s %%%s%s : %s -> %s" % (
            v, kind, src, extra, self.tile(src), self.tile(v)))

    def thread(self, v, args, scalar_lines, shape):
        self.shape[v] = shape
        self.lines.append("%%%s = tgraph.graph %s : %s -> %s {" % (
            v, ", ".join("%" + a for a in args), ", ".join(self.tile(a) for a in args),
            tl(shape, self.dt)))
        self.lines.append("^bb0(%s):" % ", ".join("%%%s_s: %s" % (a, self.dt) for a in args))
        for line in scalar_lines:
            self.lines.append("  " + line)
        self.lines.append("}")

    def output(self, v, src, omap, result_shape):
        self.lines.append("%%%s = bgraph.output %%%s omap = %s : %s -> %s" % (
            v, src, gmap(omap), self.tile(src), ty(result_shape, self.dt)))

    def yield_(self, outs):
        self.lines.append("bgraph.yield %s : %s" % (
            ", ".join("%" + o for o, _ in outs), ", ".join(ty(s, self.dt) for _, s in outs)))


def emit_kernel(f, outs, grid, forloop, ins, body):
    dt = f.dt
    if len(outs) == 1:
        lhs = "%" + outs[0][0]
    else:
        lhs = "%%%s:%d" % ("k_" + outs[0][0], len(outs))
    f.emit("%s = kgraph.kernel grid = [%s] forloop = %d ins(%s : %s) -> (%s) {" % (
        lhs, ", ".join(str(g) for g in grid), forloop,
        ", ".join("%" + v for v, _ in ins), ", ".join(ty(s, dt) for _, s in ins),
        ", ".join(ty(s, dt) for _, s in outs)))
    f.emit("^bb0(%s):" % ", ".join("%%%s_b: %s" % (v, ty(s, dt)) for v, s in ins))
    for line in body.lines:
        f.emit(line, 2)
    f.emit("}")
    if len(outs) > 1:
        # Name the results for later uses.
        return ["%%k_%s#%d" % (outs[0][0], i) for i in range(len(outs))]
    return ["%" + outs[0][0]]


# ----------------------------------------------------------------------------
# Workloads
# ----------------------------------------------------------------------------

def rmsnorm(p):
    """Y = rms_norm(X, G) . W in one kernel (Mirage OSDI'25 Fig. 3b): the
    division by the RMS is commuted past the matmul; the sum of squares and
    the matmul accumulate in the same loop; the post-loop scaling runs as a
    thread graph."""
    M, K, N, dt = p["M"], p["K"], p["N"], p["dt"]
    gx, L = p["grid"], p["forloop"]
    ref = Func("rmsnorm_ref", [("x", [M, K]), ("g", [K]), ("w", [K, N])], dt)
    ref.emit("%%n = kgraph.rms_norm %%x, %%g : %s, %s -> %s" % (ty([M, K], dt), ty([K], dt), ty([M, K], dt)))
    ref.emit("%%y = kgraph.matmul %%n, %%w : %s, %s -> %s" % (ty([M, K], dt), ty([K, N], dt), ty([M, N], dt)))
    opt = Func("rmsnorm_opt", ref.args, dt, ref="rmsnorm_ref")
    b = Body(dt, [gx], L)
    b.input("xt", "x", [M, K], [None], 1)
    b.input("gt", "g", [K], [None], 0)
    b.input("wt", "w", [K, N], [1], 0)
    tk, tn = K // L, N // gx
    b.op("xg", "mul", ["xt", "gt"], [M, tk])
    b.op("p", "matmul", ["xg", "wt"], [M, tn])
    b.op("sq", "square", ["xt"], [M, tk])
    b.op("ss", "reduce_sum", ["sq"], [M, 1], " dim = 1")
    b.accum("pa", "p")
    b.accum("sa", "ss")
    b.thread("y", ["pa", "sa"], [
        "%%ms = tgraph.mul_scalar %%sa_s, %s : %s" % (fmt_scalar(1.0 / K), dt),
        "%%r = tgraph.sqrt %%ms : %s" % dt,
        "%%d = tgraph.div %%pa_s, %%r : %s" % dt,
        "tgraph.yield %%d : %s" % dt], [M, tn])
    b.output("o", "y", [1], [M, N])
    b.yield_([("o", [M, N])])
    emit_kernel(opt, [("y", [M, N])], [gx], L,
                [("x", [M, K]), ("g", [K]), ("w", [K, N])], b)
    return ref.render([("y", [M, N])]), opt.render([("y", [M, N])])


def gqa(p, name="gqa"):
    """O = softmax(Q.K).V per head group as two kernels (Mirage Fig. 4c):
    kernel 1 parallelizes over heads (x), kv-sequence splits (y) and query
    rows (z) at once, walking each kv split with the loop and keeping
    unnormalized partial numerators and row sums (concatenated along the last
    dim, one slice per split); kernel 2, over heads and query rows, sums the
    splits over its loop and divides."""
    H, Sq, D, Skv, dt = p["H"], p["Sq"], p["D"], p["Skv"], p["dt"]
    S, Z, L = p["splits"], p["qsplits"], p["forloop"]
    q, k, v = [H, Sq, D], [H, D, Skv], [H, Skv, D]
    ref = Func(name + "_ref", [("q", q), ("k", k), ("v", v)], dt)
    ref.emit("%%s = kgraph.matmul %%q, %%k : %s, %s -> %s" % (ty(q, dt), ty(k, dt), ty([H, Sq, Skv], dt)))
    ref.emit("%%e = kgraph.exp %%s : %s" % ty([H, Sq, Skv], dt))
    ref.emit("%%r = kgraph.reduce_sum %%e dim = 2 : %s -> %s" % (ty([H, Sq, Skv], dt), ty([H, Sq, 1], dt)))
    ref.emit("%%p = kgraph.div %%e, %%r : %s, %s -> %s" % (ty([H, Sq, Skv], dt), ty([H, Sq, 1], dt), ty([H, Sq, Skv], dt)))
    ref.emit("%%o = kgraph.matmul %%p, %%v : %s, %s -> %s" % (ty([H, Sq, Skv], dt), ty(v, dt), ty([H, Sq, D], dt)))
    opt = Func(name + "_opt", ref.args, dt, ref=name + "_ref")
    c, tq = Skv // (S * L), Sq // Z
    b = Body(dt, [H, S, Z], L)
    b.input("qt", "q", q, [0, None, 1], None)
    b.input("kt", "k", k, [0, 2, None], 2)
    b.input("vt", "v", v, [0, 1, None], 1)
    b.op("st", "matmul", ["qt", "kt"], [1, tq, c])
    b.op("et", "exp", ["st"], [1, tq, c])
    b.op("at", "matmul", ["et", "vt"], [1, tq, D])
    b.op("rt", "reduce_sum", ["et"], [1, tq, 1], " dim = 2")
    b.accum("aa", "at")
    b.accum("ra", "rt")
    part_a, part_r = [H, Sq, D * S], [H, Sq, S]
    b.output("oa", "aa", [0, 2, 1], part_a)
    b.output("or", "ra", [0, 2, 1], part_r)
    b.yield_([("oa", part_a), ("or", part_r)])
    names = emit_kernel(opt, [("pa", part_a), ("pr", part_r)], [H, S, Z], L,
                        [("q", q), ("k", k), ("v", v)], b)
    b2 = Body(dt, [H, Z], S)
    b2.input("at", "pa", part_a, [0, 1], 2)
    b2.input("rt", "pr", part_r, [0, 1], 2)
    b2.accum("as", "at")
    b2.accum("rs", "rt")
    b2.op("d", "div", ["as", "rs"], [1, tq, D])
    b2.output("od", "d", [0, 1], [H, Sq, D])
    b2.yield_([("od", [H, Sq, D])])
    # Kernel 2 reads kernel 1's results through their SSA names.
    opt.emit("%%o = kgraph.kernel grid = [%d, %d] forloop = %d ins(%s, %s : %s, %s) -> (%s) {" % (
        H, Z, S, names[0], names[1], ty(part_a, dt), ty(part_r, dt), ty([H, Sq, D], dt)))
    opt.emit("^bb0(%%pa_b: %s, %%pr_b: %s):" % (ty(part_a, dt), ty(part_r, dt)))
    for line in b2.lines:
        opt.emit(line, 2)
    opt.emit("}")
    return ref.render([("o", [H, Sq, D])]), opt.render([("o", [H, Sq, D])])


def lora(p):
    """O = X.W + (X.A).B in one kernel via concatenation (Mirage Fig. 9b):
    per iteration, [X_i | X_i.A_i] . [W_i ; B] = X_i.W_i + X_i.A_i.B, summed
    over the loop."""
    M, K, N, R, dt = p["M"], p["K"], p["N"], p["R"], p["dt"]
    gx, L = p["grid"], p["forloop"]
    ref = Func("lora_ref", [("x", [M, K]), ("w", [K, N]), ("a", [K, R]), ("b", [R, N])], dt)
    ref.emit("%%xw = kgraph.matmul %%x, %%w : %s, %s -> %s" % (ty([M, K], dt), ty([K, N], dt), ty([M, N], dt)))
    ref.emit("%%xa = kgraph.matmul %%x, %%a : %s, %s -> %s" % (ty([M, K], dt), ty([K, R], dt), ty([M, R], dt)))
    ref.emit("%%xab = kgraph.matmul %%xa, %%b : %s, %s -> %s" % (ty([M, R], dt), ty([R, N], dt), ty([M, N], dt)))
    ref.emit("%%o = kgraph.add %%xw, %%xab : %s, %s -> %s" % (ty([M, N], dt), ty([M, N], dt), ty([M, N], dt)))
    opt = Func("lora_opt", ref.args, dt, ref="lora_ref")
    tk, tn = K // L, N // gx
    b = Body(dt, [gx], L)
    b.input("xt", "x", [M, K], [None], 1)
    b.input("wt", "w", [K, N], [1], 0)
    b.input("at", "a", [K, R], [None], 0)
    b.input("bt", "b", [R, N], [1], None)
    b.op("xa", "matmul", ["xt", "at"], [M, R])
    b.op("lhs", "concat", ["xt", "xa"], [M, tk + R], " dim = 1")
    b.op("rhs", "concat", ["wt", "bt"], [tk + R, tn], " dim = 0")
    b.op("p", "matmul", ["lhs", "rhs"], [M, tn])
    b.accum("acc", "p")
    b.output("oo", "acc", [1], [M, N])
    b.yield_([("oo", [M, N])])
    emit_kernel(opt, [("o", [M, N])], [gx], L,
                [("x", [M, K]), ("w", [K, N]), ("a", [K, R]), ("b", [R, N])], b)
    return ref.render([("o", [M, N])]), opt.render([("o", [M, N])])


def gated_mlp(p):
    """O = silu(X.W1) * (X.W2) in one kernel (Mirage Fig. 10): both matmuls
    accumulate in one loop; silu and the product run post-loop in a thread
    graph."""
    M, K, N, dt = p["M"], p["K"], p["N"], p["dt"]
    gx, L = p["grid"], p["forloop"]
    ref = Func("gated_mlp_ref", [("x", [M, K]), ("w1", [K, N]), ("w2", [K, N])], dt)
    ref.emit("%%a = kgraph.matmul %%x, %%w1 : %s, %s -> %s" % (ty([M, K], dt), ty([K, N], dt), ty([M, N], dt)))
    ref.emit("%%s = kgraph.silu %%a : %s" % ty([M, N], dt))
    ref.emit("%%b = kgraph.matmul %%x, %%w2 : %s, %s -> %s" % (ty([M, K], dt), ty([K, N], dt), ty([M, N], dt)))
    ref.emit("%%o = kgraph.mul %%s, %%b : %s, %s -> %s" % (ty([M, N], dt), ty([M, N], dt), ty([M, N], dt)))
    opt = Func("gated_mlp_opt", ref.args, dt, ref="gated_mlp_ref")
    tn = N // gx
    b = Body(dt, [gx], L)
    b.input("xt", "x", [M, K], [None], 1)
    b.input("w1t", "w1", [K, N], [1], 0)
    b.input("w2t", "w2", [K, N], [1], 0)
    b.op("a", "matmul", ["xt", "w1t"], [M, tn])
    b.op("b", "matmul", ["xt", "w2t"], [M, tn])
    b.accum("aa", "a")
    b.accum("ba", "b")
    b.thread("y", ["aa", "ba"], [
        "%%s = tgraph.silu %%aa_s : %s" % dt,
        "%%m = tgraph.mul %%s, %%ba_s : %s" % dt,
        "tgraph.yield %%m : %s" % dt], [M, tn])
    b.output("oo", "y", [1], [M, N])
    b.yield_([("oo", [M, N])])
    emit_kernel(opt, [("o", [M, N])], [gx], L,
                [("x", [M, K]), ("w1", [K, N]), ("w2", [K, N])], b)
    return ref.render([("o", [M, N])]), opt.render([("o", [M, N])])


def flash_attention(p):
    """O = softmax(Q.K^T / sqrt(d)).V as the FlashAttention loop (Blockbuster
    example 1): the grid splits query rows, the loop walks the key/value
    sequence, numerator and row sums accumulate, one division post-loop."""
    Lq, S, D, dt = p["L"], p["S"], p["D"], p["dt"]
    gx, L = p["grid"], p["forloop"]
    scale = 1.0 / math.sqrt(D)
    ref = Func("flash_attention_ref", [("q", [Lq, D]), ("k", [S, D]), ("v", [S, D])], dt)
    ref.emit("%%kt = kgraph.transpose %%k permutation = [1, 0] : %s -> %s" % (ty([S, D], dt), ty([D, S], dt)))
    ref.emit("%%s = kgraph.matmul %%q, %%kt : %s, %s -> %s" % (ty([Lq, D], dt), ty([D, S], dt), ty([Lq, S], dt)))
    ref.emit("%%z = kgraph.mul_scalar %%s, %s : %s" % (fmt_scalar(scale), ty([Lq, S], dt)))
    ref.emit("%%e = kgraph.exp %%z : %s" % ty([Lq, S], dt))
    ref.emit("%%r = kgraph.reduce_sum %%e dim = 1 : %s -> %s" % (ty([Lq, S], dt), ty([Lq, 1], dt)))
    ref.emit("%%p = kgraph.div %%e, %%r : %s, %s -> %s" % (ty([Lq, S], dt), ty([Lq, 1], dt), ty([Lq, S], dt)))
    ref.emit("%%o = kgraph.matmul %%p, %%v : %s, %s -> %s" % (ty([Lq, S], dt), ty([S, D], dt), ty([Lq, D], dt)))
    opt = Func("flash_attention_opt", ref.args, dt, ref="flash_attention_ref")
    tq, ts = Lq // gx, S // L
    b = Body(dt, [gx], L)
    b.input("qt", "q", [Lq, D], [0], None)
    b.input("kt", "k", [S, D], [None], 0)
    b.input("vt", "v", [S, D], [None], 0)
    b.op("ktt", "transpose", ["kt"], [D, ts], " permutation = [1, 0]")
    b.op("st", "matmul", ["qt", "ktt"], [tq, ts])
    b.thread("et", ["st"], [
        "%%z = tgraph.mul_scalar %%st_s, %s : %s" % (fmt_scalar(scale), dt),
        "%%e = tgraph.exp %%z : %s" % dt,
        "tgraph.yield %%e : %s" % dt], [tq, ts])
    b.op("at", "matmul", ["et", "vt"], [tq, D])
    b.op("rt", "reduce_sum", ["et"], [tq, 1], " dim = 1")
    b.accum("aa", "at")
    b.accum("ra", "rt")
    b.op("y", "div", ["aa", "ra"], [tq, D])
    b.output("oo", "y", [0], [Lq, D])
    b.yield_([("oo", [Lq, D])])
    emit_kernel(opt, [("o", [Lq, D])], [gx], L,
                [("q", [Lq, D]), ("k", [S, D]), ("v", [S, D])], b)
    return ref.render([("o", [Lq, D])]), opt.render([("o", [Lq, D])])


WORKLOADS = {
    # name: (builder, reduced params, published params)
    "rmsnorm": (rmsnorm,
                dict(M=2, K=64, N=96, grid=3, forloop=4, dt="f16"),
                dict(M=2, K=4096, N=6144, grid=96, forloop=32, dt="f16")),
    "gqa": (gqa,
            dict(H=2, Sq=16, D=8, Skv=64, splits=4, qsplits=2, forloop=2, dt="f16"),
            dict(H=2, Sq=256, D=64, Skv=4096, splits=16, qsplits=4, forloop=4, dt="f16")),
    # Multi-head and multi-query attention: the same µGraph structure as GQA
    # at their own shapes (WORKLOADS.md).
    "mha": (lambda p: gqa(p, "mha"),
            dict(H=4, Sq=4, D=8, Skv=64, splits=4, qsplits=1, forloop=2, dt="f16"),
            dict(H=32, Sq=16, D=64, Skv=4096, splits=16, qsplits=1, forloop=4, dt="f16")),
    "mqa": (lambda p: gqa(p, "mqa"),
            dict(H=1, Sq=32, D=8, Skv=64, splits=4, qsplits=4, forloop=2, dt="f16"),
            dict(H=1, Sq=1024, D=64, Skv=4096, splits=16, qsplits=8, forloop=4, dt="f16")),
    "lora": (lora,
             dict(M=8, K=64, N=128, R=4, grid=4, forloop=4, dt="f16"),
             dict(M=16, K=256, N=4096, R=16, grid=64, forloop=4, dt="f16")),
    "gated_mlp": (gated_mlp,
                  dict(M=8, K=64, N=96, grid=3, forloop=4, dt="f16"),
                  dict(M=8, K=4096, N=4096, grid=64, forloop=64, dt="f16")),
    "flash_attention": (flash_attention,
                        dict(L=32, S=64, D=16, grid=2, forloop=4, dt="f16"),
                        dict(L=1024, S=4096, D=64, grid=64, forloop=64, dt="f16")),
}

KERNELS = {"rmsnorm": 1, "gqa": 2, "mha": 2, "mqa": 2, "lora": 1, "gated_mlp": 1, "flash_attention": 1}


def header(name, params, published):
    size = "published" if published else "reduced (CI)"
    shape = ", ".join("%s=%s" % kv for kv in params.items())
    return ("// %s workload, %s shapes: %s.\n"
            "// Generated by utils/gen_workloads.py; edit that file, not this one.\n"
            % (name, size, shape))


def lit_lines(name):
    n = KERNELS[name]
    lines = [
        "// RUN: tsopt-opt %s | tsopt-opt | FileCheck %s --check-prefix=IR",
        "// RUN: tsopt-run %s | FileCheck %s --check-prefix=EXEC",
        "// RUN: tsopt-run %s --precision=f64 --seed=7 | FileCheck %s --check-prefix=EXEC",
        "// RUN: tsopt-opt %s --tsopt-check-resources=target=sm_80 -o /dev/null",
        "// RUN: tsopt-opt %s --tsopt-verify-equivalence -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY",
        "// RUN: tsopt-run %s --backend=cpu | FileCheck %s --check-prefix=EXEC",
        "// RUN: tsopt-run %%s --backend=cpu --fn=%s_ref --reference=%s_ref | FileCheck %%s --check-prefix=CPUREF" % (name, name),
        "",
        "// IR-LABEL: func.func @%s_ref" % name,
        "// IR-NOT: kgraph.kernel",
        "// IR-LABEL: func.func @%s_opt" % name,
    ]
    lines += ["// IR: kgraph.kernel grid"] * n
    lines += [
        "// IR-NOT: kgraph.kernel",
        "// IR: return",
        "// EXEC: @%s_opt vs @%s_ref: agree" % (name, name),
        "// CPUREF: @%s_ref vs @%s_ref: agree" % (name, name),
        "// VERIFY-NOT: warning",
        "// VERIFY: remark: equivalent to @%s_ref: equivalent: p = {{[0-9]+}}, q = {{[0-9]+}}, t = {{[0-9]+}}, delta = " % name,
        "// VERIFY-NOT: warning",
        "",
    ]
    return "\n".join(lines) + "\n"


def main():
    for name, (build, reduced, published) in WORKLOADS.items():
        for params, path, is_pub in (
                (reduced, os.path.join(ROOT, "test", "Workloads", name + ".mlir"), False),
                (published, os.path.join(ROOT, "utils", "workloads", name + ".mlir"), True)):
            ref, opt = build(params)
            text = header(name, params, is_pub)
            if not is_pub:
                text += lit_lines(name)
            text += "\n" + ref + "\n\n" + opt + "\n"
            with open(path, "w") as f:
                f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
