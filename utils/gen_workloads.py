#!/usr/bin/env python3
"""Writes the workload programs of WORKLOADS.md as kgraph IR.

Each file holds the kernel-level reference program (`@<name>_ref`) and a
hand-written µGraph with the published structure (`@<name>_opt`, carrying
`tsopt.reference = @<name>_ref`). Two sizes come from one description:

  test/Workloads/<name>.mlir     reduced shapes, with lit RUN lines (CI)
  utils/workloads/<name>.mlir    published shapes (benchmarks)

Run it after changing a workload:  python3 utils/gen_workloads.py
(it needs build/bin/tsopt-opt, or TSOPT_OPT: the tile dtypes are tsopt's
own precision plan, `--tsopt-plan-precision`).
"""

import math
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The result dtypes of each kernel's block-graph ops (yield excluded), in
# the order the kernels are emitted, from tsopt's precision plan; None
# while it is not known yet.
PLANNED_DTYPES = None


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


MOVES_DATA = ("transpose", "concat", "reshape", "repeat")


class Body:
    """Block-graph builder: records the ops, then prints them with the tile
    dtypes of tsopt's precision plan, which `tsopt-opt --tsopt-plan-precision`
    gives (see plan_precision below): the script does not restate the rule.
    Before the plan is known every computed tile is printed in the
    program's dtype. Thread graphs compute in f32 registers."""

    def __init__(self, dt, grid, forloop):
        self.dt, self.grid, self.forloop = dt, grid, forloop
        self.ops = []  # (kind, v, args, render)
        self.shape = {}
        self.dtype = {}
        self.kind = {}

    def tile(self, v):
        return tl(self.shape[v], self.dtype[v])

    def _add(self, kind, v, args, render):
        self.kind[v] = kind
        self.ops.append((kind, v, list(args), render))

    def input(self, v, src, src_shape, imap, fmap):
        shape = list(src_shape)
        for g, d in enumerate(imap):
            if d is not None:
                shape[d] //= self.grid[g]
        if fmap is not None:
            shape[fmap] //= self.forloop
        self.shape[v] = shape
        self._add("input", v, [], lambda: "%%%s = bgraph.input %%%s_b imap = %s fmap = %s : %s -> %s" % (
            v, src, gmap(imap), lmap(fmap), ty(src_shape, self.dt), self.tile(v)))

    def op(self, v, name, args, shape, attrs=""):
        self.shape[v] = shape

        def render():
            ins = ", ".join("%" + a for a in args)
            if name in ("matmul", "add", "sub", "mul", "div", "reduce_sum",
                        "reduce_max") + MOVES_DATA:
                tys = ", ".join(self.tile(a) for a in args) + " -> " + self.tile(v)
            elif self.tile(args[0]) != self.tile(v):
                tys = self.tile(args[0]) + " -> " + self.tile(v)
            else:
                tys = self.tile(v)
            return "%%%s = bgraph.%s %s%s : %s" % (v, name, ins, attrs, tys)
        self._add(name, v, args, render)

    def accum(self, v, src, kind="sum", fmap=None):
        shape = list(self.shape[src])
        if fmap is not None:
            shape[fmap] *= self.forloop
        self.shape[v] = shape
        extra = "" if fmap is None else " fmap = %d" % fmap
        if fmap is not None:
            kind = "concat"
        self._add("accum_" + kind, v, [src],
                  lambda: "%%%s = bgraph.accum %s %%%s%s : %s -> %s" % (
                      v, kind, src, extra, self.tile(src), self.tile(v)))

    def thread(self, v, args, scalar_lines, shape):
        self.shape[v] = shape

        def render():
            lines = ["%%%s = tgraph.graph %s : %s -> %s {" % (
                v, ", ".join("%" + a for a in args),
                ", ".join(self.tile(a) for a in args), self.tile(v))]
            lines.append("^bb0(%s):" % ", ".join("%%%s_s: f32" % a for a in args))
            for line in scalar_lines:
                lines.append("  " + line.replace(": " + self.dt, ": f32"))
            lines.append("}")
            return "\n".join(lines)
        self._add("thread", v, args, render)

    def output(self, v, src, omap, result_shape):
        self._add("output", v, [src], lambda: "%%%s = bgraph.output %%%s omap = %s : %s -> %s" % (
            v, src, gmap(omap), self.tile(src), ty(result_shape, self.dt)))

    def yield_(self, outs):
        self._add("yield", None, [], lambda: "bgraph.yield %s : %s" % (
            ", ".join("%" + o for o, _ in outs), ", ".join(ty(s, self.dt) for _, s in outs)))

    def _plan(self):
        planned = next(PLANNED_DTYPES, None) if PLANNED_DTYPES else None
        results = [(kind, v) for kind, v, _, _ in self.ops if kind != "yield"]
        if planned is not None and len(planned) != len(results):
            raise SystemExit("the precision plan lists %d ops of a kernel "
                             "of %d" % (len(planned), len(results)))
        for i, (kind, v) in enumerate(results):
            if kind == "output":
                continue
            self.dtype[v] = self.dt if planned is None else planned[i]

    @property
    def lines(self):
        self._plan()
        out = []
        for _, _, _, render in self.ops:
            out.extend(render().split("\n"))
        return out


def kop(f, v, name, args, arg_shapes, shape, attrs=""):
    """Emits `%v = kgraph.<name> args` with the printed types of its form."""
    dt = f.dt
    ins = ", ".join("%" + a for a in args)
    if name in ("matmul", "add", "sub", "mul", "div", "reduce_sum", "reduce_max",
                "transpose", "concat", "reshape", "repeat"):
        tys = ", ".join(ty(a, dt) for a in arg_shapes) + " -> " + ty(shape, dt)
    else:
        tys = ty(shape, dt)
    f.emit("%%%s = kgraph.%s %s%s : %s" % (v, name, ins, attrs, tys))


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


def gqa(p, name="gqa", qknorm=False):
    """O = softmax(Q.K).V per head group as two kernels (Mirage Fig. 4c):
    kernel 1 parallelizes over heads (x), kv-sequence splits (y) and query
    rows (z) at once, walking each kv split with the loop and keeping
    unnormalized partial numerators and row sums (concatenated along the last
    dim, one slice per split); kernel 2, over heads and query rows, sums the
    splits over its loop and divides.

    With `qknorm`, Q and K are first RMS-normalized over the head dim (no
    gain) and the logits take the 1/sqrt(d) scale. The µGraph fuses the norms into kernel 1: Q.K is computed on the
    raw tiles and divided by the outer product of the two row RMS values in
    the thread graph that also takes the exp."""
    H, Sq, D, Skv, dt = p["H"], p["Sq"], p["D"], p["Skv"], p["dt"]
    S, Z, L = p["splits"], p["qsplits"], p["forloop"]
    q, k, v = [H, Sq, D], [H, D, Skv], [H, Skv, D]
    ref = Func(name + "_ref", [("q", q), ("k", k), ("v", v)], dt)
    lhs, rhs = "q", "k"
    if qknorm:
        kop(ref, "qsq", "square", ["q"], [q], q)
        kop(ref, "qss", "reduce_sum", ["qsq"], [q], [H, Sq, 1], " dim = 2")
        kop(ref, "qms", "mul_scalar", ["qss"], [[H, Sq, 1]], [H, Sq, 1], ", " + fmt_scalar(1.0 / D))
        kop(ref, "qrms", "sqrt", ["qms"], [[H, Sq, 1]], [H, Sq, 1])
        kop(ref, "qn", "div", ["q", "qrms"], [q, [H, Sq, 1]], q)
        kop(ref, "ksq", "square", ["k"], [k], k)
        kop(ref, "kss", "reduce_sum", ["ksq"], [k], [H, 1, Skv], " dim = 1")
        kop(ref, "kms", "mul_scalar", ["kss"], [[H, 1, Skv]], [H, 1, Skv], ", " + fmt_scalar(1.0 / D))
        kop(ref, "krms", "sqrt", ["kms"], [[H, 1, Skv]], [H, 1, Skv])
        kop(ref, "kn", "div", ["k", "krms"], [k, [H, 1, Skv]], k)
        lhs, rhs = "qn", "kn"
    ref.emit("%%s = kgraph.matmul %%%s, %%%s : %s, %s -> %s" % (lhs, rhs, ty(q, dt), ty(k, dt), ty([H, Sq, Skv], dt)))
    logits = "s"
    if qknorm:
        # The usual 1/sqrt(d) softmax scale: normalized rows would otherwise
        # give logits of size up to d.
        kop(ref, "z", "mul_scalar", ["s"], [[H, Sq, Skv]], [H, Sq, Skv], ", " + fmt_scalar(1.0 / math.sqrt(D)))
        logits = "z"
    ref.emit("%%e = kgraph.exp %%%s : %s" % (logits, ty([H, Sq, Skv], dt)))
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
    if qknorm:
        b.op("qsq", "square", ["qt"], [1, tq, D])
        b.op("qss", "reduce_sum", ["qsq"], [1, tq, 1], " dim = 2")
        b.op("ksq", "square", ["kt"], [1, D, c])
        b.op("kss", "reduce_sum", ["ksq"], [1, 1, c], " dim = 1")
        b.thread("et", ["st", "qss", "kss"], [
            "%%qm = tgraph.mul_scalar %%qss_s, %s : %s" % (fmt_scalar(1.0 / D), dt),
            "%%qr = tgraph.sqrt %%qm : %s" % dt,
            "%%km = tgraph.mul_scalar %%kss_s, %s : %s" % (fmt_scalar(1.0 / D), dt),
            "%%kr = tgraph.sqrt %%km : %s" % dt,
            "%%den = tgraph.mul %%qr, %%kr : %s" % dt,
            "%%n = tgraph.div %%st_s, %%den : %s" % dt,
            "%%z = tgraph.mul_scalar %%n, %s : %s" % (fmt_scalar(1.0 / math.sqrt(D)), dt),
            "%%e = tgraph.exp %%z : %s" % dt,
            "tgraph.yield %%e : %s" % dt], [1, tq, c])
    else:
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


def ntrans(p):
    """The normalized-transformer update h' = norm(h + alpha * (norm(a) - h)),
    norm(x) = x / ||x|| over each row, in one kernel: each block owns whole
    rows, both row norms are block-level reductions and the element-wise
    chains run as thread graphs."""
    M, D, dt, gx = p["M"], p["D"], p["dt"], p["grid"]
    x, row = [M, D], [M, 1]
    ref = Func("ntrans_ref", [("h", x), ("a", x), ("alpha", x)], dt)
    kop(ref, "asq", "square", ["a"], [x], x)
    kop(ref, "ass", "reduce_sum", ["asq"], [x], row, " dim = 1")
    kop(ref, "anrm", "sqrt", ["ass"], [row], row)
    kop(ref, "an", "div", ["a", "anrm"], [x, row], x)
    kop(ref, "d", "sub", ["an", "h"], [x, x], x)
    kop(ref, "t", "mul", ["alpha", "d"], [x, x], x)
    kop(ref, "u", "add", ["h", "t"], [x, x], x)
    kop(ref, "usq", "square", ["u"], [x], x)
    kop(ref, "uss", "reduce_sum", ["usq"], [x], row, " dim = 1")
    kop(ref, "unrm", "sqrt", ["uss"], [row], row)
    kop(ref, "o", "div", ["u", "unrm"], [x, row], x)
    opt = Func("ntrans_opt", ref.args, dt, ref="ntrans_ref")
    tm = M // gx
    b = Body(dt, [gx], 1)
    for v in ("h", "a", "alpha"):
        b.input(v + "t", v, x, [0], None)
    b.op("asq", "square", ["at"], [tm, D])
    b.op("ass", "reduce_sum", ["asq"], [tm, 1], " dim = 1")
    b.thread("u", ["ht", "at", "alphat", "ass"], [
        "%%n = tgraph.sqrt %%ass_s : %s" % dt,
        "%%an = tgraph.div %%at_s, %%n : %s" % dt,
        "%%d = tgraph.sub %%an, %%ht_s : %s" % dt,
        "%%t = tgraph.mul %%alphat_s, %%d : %s" % dt,
        "%%u = tgraph.add %%ht_s, %%t : %s" % dt,
        "tgraph.yield %%u : %s" % dt], [tm, D])
    b.op("usq", "square", ["u"], [tm, D])
    b.op("uss", "reduce_sum", ["usq"], [tm, 1], " dim = 1")
    b.thread("y", ["u", "uss"], [
        "%%n = tgraph.sqrt %%uss_s : %s" % dt,
        "%%y = tgraph.div %%u_s, %%n : %s" % dt,
        "tgraph.yield %%y : %s" % dt], [tm, D])
    b.accum("ya", "y")
    b.output("oo", "ya", [0], x)
    b.yield_([("oo", x)])
    emit_kernel(opt, [("o", x)], [gx], 1, [(v, x) for v in ("h", "a", "alpha")], b)
    return ref.render([("o", x)]), opt.render([("o", x)])


def mlp_adapter(p):
    """O = relu(X.W1).W2 + X with a thin W1 (rank R) as two kernels: kernel 1
    splits the long reduction of X.W1 over its grid (split-K partial sums,
    one (M, R) slice per split); kernel 2 owns a slice of the output columns,
    sums the splits over its loop while it gathers its X and W2 columns in
    chunks, then applies relu, the second matmul and the residual add after
    the loop."""
    M, D, R, dt = p["M"], p["D"], p["R"], p["dt"]
    S, L, gx = p["splits"], p["forloop"], p["grid"]
    ref = Func("mlp_adapter_ref", [("x", [M, D]), ("w1", [D, R]), ("w2", [R, D])], dt)
    kop(ref, "h", "matmul", ["x", "w1"], [[M, D], [D, R]], [M, R])
    kop(ref, "r", "relu", ["h"], [[M, R]], [M, R])
    kop(ref, "m", "matmul", ["r", "w2"], [[M, R], [R, D]], [M, D])
    kop(ref, "o", "add", ["m", "x"], [[M, D], [M, D]], [M, D])
    opt = Func("mlp_adapter_opt", ref.args, dt, ref="mlp_adapter_ref")
    part = [M, R * S]
    b = Body(dt, [S], L)
    b.input("xt", "x", [M, D], [1], 1)
    b.input("w1t", "w1", [D, R], [0], 0)
    b.op("p", "matmul", ["xt", "w1t"], [M, R])
    b.accum("pa", "p")
    b.output("op", "pa", [1], part)
    b.yield_([("op", part)])
    names = emit_kernel(opt, [("part", part)], [S], L, [("x", [M, D]), ("w1", [D, R])], b)
    tn = D // gx
    b2 = Body(dt, [gx], S)
    b2.input("pt", "part", part, [None], 1)
    b2.input("xt", "x", [M, D], [1], 1)
    b2.input("w2t", "w2", [R, D], [1], 1)
    b2.accum("ps", "pt")
    b2.accum("xa", "xt", fmap=1)
    b2.accum("w2a", "w2t", fmap=1)
    b2.op("r", "relu", ["ps"], [M, R])
    b2.op("m", "matmul", ["r", "w2a"], [M, tn])
    b2.op("y", "add", ["m", "xa"], [M, tn])
    b2.output("oo", "y", [1], [M, D])
    b2.yield_([("oo", [M, D])])
    opt.emit("%%o = kgraph.kernel grid = [%d] forloop = %d ins(%s, %%x, %%w2 : %s, %s, %s) -> (%s) {" % (
        gx, S, names[0], ty(part, dt), ty([M, D], dt), ty([R, D], dt), ty([M, D], dt)))
    opt.emit("^bb0(%%part_b: %s, %%x_b: %s, %%w2_b: %s):" % (ty(part, dt), ty([M, D], dt), ty([R, D], dt)))
    for line in b2.lines:
        opt.emit(line, 2)
    opt.emit("}")
    return ref.render([("o", [M, D])]), opt.render([("o", [M, D])])


def layernorm_matmul(p):
    """Z = LayerNorm(X).Y (no affine) in one kernel (Blockbuster example 2):
    the loop over K accumulates X.Y, the row sums of X and of X^2 and the
    column sums of Y together; after the loop,
    Z = (X.Y - mean (x) colsum(Y)) / sqrt(E[x^2] - mean^2) in a thread graph."""
    M, K, N, dt = p["M"], p["K"], p["N"], p["dt"]
    gx, L = p["grid"], p["forloop"]
    x, y, row = [M, K], [K, N], [M, 1]
    ref = Func("layernorm_matmul_ref", [("x", x), ("y", y)], dt)
    kop(ref, "sx", "reduce_sum", ["x"], [x], row, " dim = 1")
    kop(ref, "mean", "mul_scalar", ["sx"], [row], row, ", " + fmt_scalar(1.0 / K))
    kop(ref, "xc", "sub", ["x", "mean"], [x, row], x)
    kop(ref, "sq", "square", ["xc"], [x], x)
    kop(ref, "ss", "reduce_sum", ["sq"], [x], row, " dim = 1")
    kop(ref, "var", "mul_scalar", ["ss"], [row], row, ", " + fmt_scalar(1.0 / K))
    kop(ref, "sd", "sqrt", ["var"], [row], row)
    kop(ref, "n", "div", ["xc", "sd"], [x, row], x)
    kop(ref, "z", "matmul", ["n", "y"], [x, y], [M, N])
    opt = Func("layernorm_matmul_opt", ref.args, dt, ref="layernorm_matmul_ref")
    tk, tn = K // L, N // gx
    b = Body(dt, [gx], L)
    b.input("xt", "x", x, [None], 1)
    b.input("yt", "y", y, [1], 0)
    b.op("p", "matmul", ["xt", "yt"], [M, tn])
    b.op("sx", "reduce_sum", ["xt"], [M, 1], " dim = 1")
    b.op("xsq", "square", ["xt"], [M, tk])
    b.op("sq", "reduce_sum", ["xsq"], [M, 1], " dim = 1")
    b.op("cy", "reduce_sum", ["yt"], [1, tn], " dim = 0")
    b.accum("pa", "p")
    b.accum("sxa", "sx")
    b.accum("sqa", "sq")
    b.accum("cya", "cy")
    b.thread("z", ["pa", "sxa", "sqa", "cya"], [
        "%%mean = tgraph.mul_scalar %%sxa_s, %s : %s" % (fmt_scalar(1.0 / K), dt),
        "%%ex2 = tgraph.mul_scalar %%sqa_s, %s : %s" % (fmt_scalar(1.0 / K), dt),
        "%%m2 = tgraph.mul %%mean, %%mean : %s" % dt,
        "%%var = tgraph.sub %%ex2, %%m2 : %s" % dt,
        "%%sd = tgraph.sqrt %%var : %s" % dt,
        "%%mc = tgraph.mul %%mean, %%cya_s : %s" % dt,
        "%%num = tgraph.sub %%pa_s, %%mc : %s" % dt,
        "%%z = tgraph.div %%num, %%sd : %s" % dt,
        "tgraph.yield %%z : %s" % dt], [M, tn])
    b.output("oo", "z", [1], [M, N])
    b.yield_([("oo", [M, N])])
    emit_kernel(opt, [("z", [M, N])], [gx], L, [("x", x), ("y", y)], b)
    return ref.render([("z", [M, N])]), opt.render([("z", [M, N])])


def rmsnorm_swiglu(p):
    """O = (silu(R.W) * (R.V)).U with R = rms_norm(X, G) (Blockbuster
    example 3) as one fused kernel plus a combine: the grid of kernel 1
    splits the hidden dim; each block walks its share with the loop,
    computing both gate matmuls for one hidden chunk on the raw X.G,
    dividing by the row RMS, applying silu and the product in a thread graph
    and accumulating the chunk's contribution through U. Nothing is computed
    twice and every weight is read once; the per-split partial outputs
    (one (M, N) slice per split) are summed by kernel 2 over its loop.
    (Blockbuster's single kernel keeps the whole hidden dim in one block;
    at a few rows that leaves most of the GPU idle.)"""
    M, D, H, N, dt = p["M"], p["D"], p["H"], p["N"], p["dt"]
    S, L, gm = p["splits"], p["forloop"], p["rows"]
    x, w, u = [M, D], [D, H], [H, N]
    ref = Func("rmsnorm_swiglu_ref", [("x", x), ("g", [D]), ("w", w), ("v", w), ("u", u)], dt)
    ref.emit("%%r = kgraph.rms_norm %%x, %%g : %s, %s -> %s" % (ty(x, dt), ty([D], dt), ty(x, dt)))
    kop(ref, "a", "matmul", ["r", "w"], [x, w], [M, H])
    kop(ref, "s", "silu", ["a"], [[M, H]], [M, H])
    kop(ref, "b", "matmul", ["r", "v"], [x, w], [M, H])
    kop(ref, "h", "mul", ["s", "b"], [[M, H], [M, H]], [M, H])
    kop(ref, "o", "matmul", ["h", "u"], [[M, H], u], [M, N])
    opt = Func("rmsnorm_swiglu_opt", ref.args, dt, ref="rmsnorm_swiglu_ref")
    hc = H // (S * L)
    part = [M, N * S]
    b = Body(dt, [S], L)
    b.input("xt", "x", x, [None], None)
    b.input("gt", "g", [D], [None], None)
    b.input("wt", "w", w, [1], 1)
    b.input("vt", "v", w, [1], 1)
    b.input("ut", "u", u, [0], 0)
    b.op("xg", "mul", ["xt", "gt"], [M, D])
    b.op("a", "matmul", ["xg", "wt"], [M, hc])
    b.op("bb", "matmul", ["xg", "vt"], [M, hc])
    b.op("xsq", "square", ["xt"], [M, D])
    b.op("ss", "reduce_sum", ["xsq"], [M, 1], " dim = 1")
    b.thread("h", ["a", "bb", "ss"], [
        "%%ms = tgraph.mul_scalar %%ss_s, %s : %s" % (fmt_scalar(1.0 / D), dt),
        "%%r = tgraph.sqrt %%ms : %s" % dt,
        "%%an = tgraph.div %%a_s, %%r : %s" % dt,
        "%%bn = tgraph.div %%bb_s, %%r : %s" % dt,
        "%%sa = tgraph.silu %%an : %s" % dt,
        "%%h = tgraph.mul %%sa, %%bn : %s" % dt,
        "tgraph.yield %%h : %s" % dt], [M, hc])
    b.op("pp", "matmul", ["h", "ut"], [M, N])
    b.accum("pa", "pp")
    b.output("op", "pa", [1], part)
    b.yield_([("op", part)])
    names = emit_kernel(opt, [("part", part)], [S], L,
                        [("x", x), ("g", [D]), ("w", w), ("v", w), ("u", u)], b)
    b2 = Body(dt, [gm], S)
    b2.input("pt", "part", part, [0], 1)
    b2.accum("ps", "pt")
    b2.output("oo", "ps", [0], [M, N])
    b2.yield_([("oo", [M, N])])
    opt.emit("%%o = kgraph.kernel grid = [%d] forloop = %d ins(%s : %s) -> (%s) {" % (
        gm, S, names[0], ty(part, dt), ty([M, N], dt)))
    opt.emit("^bb0(%%part_b: %s):" % ty(part, dt))
    for line in b2.lines:
        opt.emit(line, 2)
    opt.emit("}")
    return ref.render([("o", [M, N])]), opt.render([("o", [M, N])])

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
    "qknorm_gqa": (lambda p: gqa(p, "qknorm_gqa", qknorm=True),
                   dict(H=2, Sq=16, D=8, Skv=64, splits=4, qsplits=2, forloop=2, dt="f16"),
                   dict(H=2, Sq=256, D=64, Skv=4096, splits=16, qsplits=4, forloop=4, dt="f16")),
    "ntrans": (ntrans,
               dict(M=4, D=64, grid=4, dt="f16"),
               dict(M=8, D=4096, grid=8, dt="f16")),
    "mlp_adapter": (mlp_adapter,
                    dict(M=2, D=64, R=4, splits=4, forloop=2, grid=4, dt="f16"),
                    dict(M=8, D=4096, R=16, splits=8, forloop=8, grid=64, dt="f16")),
    "layernorm_matmul": (layernorm_matmul,
                         dict(M=4, K=64, N=96, grid=3, forloop=4, dt="f16"),
                         dict(M=16, K=4096, N=4096, grid=64, forloop=64, dt="f16")),
    "rmsnorm_swiglu": (rmsnorm_swiglu,
                       dict(M=2, D=32, H=64, N=48, splits=4, forloop=2, rows=2, dt="f16"),
                       dict(M=8, D=1024, H=4096, N=1024, splits=64, forloop=8, rows=8, dt="f16")),
}

KERNELS = {"rmsnorm": 1, "gqa": 2, "mha": 2, "mqa": 2, "lora": 1, "gated_mlp": 1,
           "flash_attention": 1, "qknorm_gqa": 2, "ntrans": 1, "mlp_adapter": 2,
           "layernorm_matmul": 1, "rmsnorm_swiglu": 2}


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


def tsopt_opt():
    path = os.environ.get("TSOPT_OPT") or os.path.join(ROOT, "build", "bin", "tsopt-opt")
    if not os.path.exists(path):
        raise SystemExit("gen_workloads.py: %s not found; build tsopt first "
                         "(utils/build.sh) or set TSOPT_OPT" % path)
    return path


TILE = re.compile(r"tile<[0-9x]+x(f16|bf16|f32)>")


def plan_precision(text):
    """The result dtypes of every kernel's block-graph ops in `text`, as
    `tsopt-opt --tsopt-plan-precision` plans them: one list per kernel,
    in order, one entry per op but the yield (an op's result is the last
    tile type on its line; nested thread-graph bodies are skipped)."""
    run = subprocess.run([tsopt_opt(), "--tsopt-plan-precision", "-"],
                         input=text, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit("tsopt-opt --tsopt-plan-precision failed:\n" + run.stderr)
    kernels, depth, kernel_depth = [], 0, None
    for line in run.stdout.splitlines():
        stripped = line.strip()
        if kernel_depth is not None and depth == kernel_depth + 1 and \
                re.match(r"%\S+ = (bgraph\.|tgraph\.graph)", stripped):
            # A thread graph's line ends with its region's "{".
            kernels[-1].append(TILE.findall(stripped)[-1])
        if "kgraph.kernel" in stripped:
            kernels.append([])
            kernel_depth = depth
        depth += stripped.count("{") - stripped.count("}")
        if kernel_depth is not None and depth <= kernel_depth:
            kernel_depth = None
    return kernels


def main():
    global PLANNED_DTYPES
    for name, (build, reduced, published) in WORKLOADS.items():
        for params, path, is_pub in (
                (reduced, os.path.join(ROOT, "test", "Workloads", name + ".mlir"), False),
                (published, os.path.join(ROOT, "utils", "workloads", name + ".mlir"), True)):
            # Twice: in the program's dtype, then with the planned dtypes.
            PLANNED_DTYPES = None
            ref, opt = build(params)
            PLANNED_DTYPES = iter(plan_precision(ref + "\n\n" + opt + "\n"))
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
