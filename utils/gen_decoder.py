#!/usr/bin/env python3
"""Writes a Llama-style decoder layer, or a stack of them, as a kgraph program.

Each layer is what transformers' LlamaDecoderLayer computes for T tokens
(multi-head attention without a mask, as in a bidirectional block or one
prefill chunk of the same sequence):

    h  = rms_norm(x, g1)                      (epsilon --eps)
    q, k, v = h·Wq, h·Wk, h·Wv                split into heads (reshape,
                                              transpose)
    p  = softmax(q·kᵀ / √d)                   with the row max
    x2 = x + (p·v merged back)·Wo             residual
    h2 = rms_norm(x2, g2)
    y  = x2 + (silu(h2·Wg) ∘ (h2·Wu))·Wd      gated MLP, residual

  utils/gen_decoder.py --size small --layers 1 > decoder_small.mlir
  utils/gen_decoder.py --tokens 16 --hidden 4096 --heads 32 \\
      --intermediate 11008 --dtype f16 --layers 4
"""

import argparse
import math
import sys

SIZES = {
    # A test size: every check runs in seconds.
    "small": dict(tokens=8, hidden=64, heads=4, intermediate=176, dtype="f32"),
    # Llama-2-7B's layer on a 16-token prefill chunk.
    "llama2-7b": dict(tokens=16, hidden=4096, heads=32, intermediate=11008,
                      dtype="f16"),
}


class Writer:
    def __init__(self, dtype):
        self.dtype = dtype
        self.lines = []
        self.n = 0

    def t(self, *shape):
        return "tensor<" + "x".join(str(s) for s in shape) + "x" + self.dtype + ">"

    def op(self, text, name=None):
        self.n += 1
        v = "%" + (name or "v") + str(self.n)
        self.lines.append(f"  {v} = {text}")
        return v


def layer(w, x, p, T, H, nh, I, eps):
    hd = H // nh
    t = w.t
    def norm(x, g):
        attr = f" epsilon = {eps:e}" if eps else ""
        return w.op(f"kgraph.rms_norm {x}, {g}{attr} : {t(T, H)}, {t(H)} -> {t(T, H)}", "n")
    def mm(a, b, sa, sb, so):
        return w.op(f"kgraph.matmul {a}, {b} : {t(*sa)}, {t(*sb)} -> {t(*so)}", "m")
    def heads(v):
        r = w.op(f"kgraph.reshape {v} : {t(T, H)} -> {t(T, nh, hd)}", "r")
        return w.op(f"kgraph.transpose {r} permutation = [1, 0, 2] : {t(T, nh, hd)} -> {t(nh, T, hd)}", "t")
    h = norm(x, p["g1"])
    q = heads(mm(h, p["wq"], (T, H), (H, H), (T, H)))
    k = heads(mm(h, p["wk"], (T, H), (H, H), (T, H)))
    v = heads(mm(h, p["wv"], (T, H), (H, H), (T, H)))
    kt = w.op(f"kgraph.transpose {k} permutation = [0, 2, 1] : {t(nh, T, hd)} -> {t(nh, hd, T)}", "t")
    s = mm(q, kt, (nh, T, hd), (nh, hd, T), (nh, T, T))
    z = w.op(f"kgraph.mul_scalar {s}, {1 / math.sqrt(hd):.17e} : {t(nh, T, T)}", "s")
    mx = w.op(f"kgraph.reduce_max {z} dim = 2 : {t(nh, T, T)} -> {t(nh, T, 1)}", "s")
    c = w.op(f"kgraph.sub {z}, {mx} : {t(nh, T, T)}, {t(nh, T, 1)} -> {t(nh, T, T)}", "s")
    e = w.op(f"kgraph.exp {c} : {t(nh, T, T)}", "s")
    r = w.op(f"kgraph.reduce_sum {e} dim = 2 : {t(nh, T, T)} -> {t(nh, T, 1)}", "s")
    pr = w.op(f"kgraph.div {e}, {r} : {t(nh, T, T)}, {t(nh, T, 1)} -> {t(nh, T, T)}", "s")
    o = mm(pr, v, (nh, T, T), (nh, T, hd), (nh, T, hd))
    ot = w.op(f"kgraph.transpose {o} permutation = [1, 0, 2] : {t(nh, T, hd)} -> {t(T, nh, hd)}", "t")
    om = w.op(f"kgraph.reshape {ot} : {t(T, nh, hd)} -> {t(T, H)}", "r")
    a = mm(om, p["wo"], (T, H), (H, H), (T, H))
    x2 = w.op(f"kgraph.add {x}, {a} : {t(T, H)}, {t(T, H)} -> {t(T, H)}", "x")
    h2 = norm(x2, p["g2"])
    g = mm(h2, p["wg"], (T, H), (H, I), (T, I))
    u = mm(h2, p["wu"], (T, H), (H, I), (T, I))
    sg = w.op(f"kgraph.silu {g} : {t(T, I)}", "f")
    f = w.op(f"kgraph.mul {sg}, {u} : {t(T, I)}, {t(T, I)} -> {t(T, I)}", "f")
    d = mm(f, p["wd"], (T, I), (I, H), (T, H))
    return w.op(f"kgraph.add {x2}, {d} : {t(T, H)}, {t(T, H)} -> {t(T, H)}", "x")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", choices=sorted(SIZES), default="small")
    ap.add_argument("--tokens", type=int)
    ap.add_argument("--hidden", type=int)
    ap.add_argument("--heads", type=int)
    ap.add_argument("--intermediate", type=int)
    ap.add_argument("--dtype", choices=["f16", "bf16", "f32"])
    ap.add_argument("--layers", type=int, default=1)
    ap.add_argument("--eps", type=float, default=1e-6,
                    help="rms_norm epsilon (0: none)")
    ap.add_argument("--name", default="decoder")
    ap.add_argument("--with-reference", action="store_true",
                    help="also write @<name>_ref and name it as the "
                    "tsopt.reference of @<name> (for tsopt-run and "
                    "tsopt-verify-equivalence after a rewrite)")
    a = ap.parse_args()
    cfg = dict(SIZES[a.size])
    for key in cfg:
        if getattr(a, key) is not None:
            cfg[key] = getattr(a, key)
    T, H, nh, I = cfg["tokens"], cfg["hidden"], cfg["heads"], cfg["intermediate"]
    if H % nh:
        sys.exit("--hidden must be a multiple of --heads")
    w = Writer(cfg["dtype"])
    t = w.t
    args = [f"%x: {t(T, H)}"]
    params = []
    for l in range(a.layers):
        p = {}
        for name, shape in [("g1", (H,)), ("wq", (H, H)), ("wk", (H, H)),
                            ("wv", (H, H)), ("wo", (H, H)), ("g2", (H,)),
                            ("wg", (H, I)), ("wu", (H, I)), ("wd", (I, H))]:
            p[name] = f"%{name}_{l}"
            args.append(f"{p[name]}: {t(*shape)}")
        params.append(p)
    x = "%x"
    for p in params:
        x = layer(w, x, p, T, H, nh, I, a.eps)
    print(f"// {a.layers} Llama-style decoder layer(s): {T} tokens, hidden {H}, "
          f"{nh} heads, intermediate {I}, {cfg['dtype']}, rms_norm epsilon {a.eps:g}.")
    print("// Generated by utils/gen_decoder.py; edit that file, not this one.")
    names = [(a.name + "_ref", ""), (a.name, f" attributes {{tsopt.reference = @{a.name}_ref}}")] \
        if a.with_reference else [(a.name, "")]
    for i, (name, attrs) in enumerate(names):
        if i:
            print()
        print(f"func.func @{name}({', '.join(args)}) -> {t(T, H)}{attrs} {{")
        print("\n".join(w.lines))
        print(f"  return {x} : {t(T, H)}")
        print("}")


if __name__ == "__main__":
    main()
