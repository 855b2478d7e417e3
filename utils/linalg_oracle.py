#!/usr/bin/env python3
"""Checks the linalg importer against upstream MLIR's own execution.

For a function of linalg on tensors in FILE:
  1. random inputs (normal, seeded) are drawn and written as .npy;
  2. upstream's path runs the function as written: a `main` that holds the
     inputs as constants and prints the results is appended, the module is
     bufferized and lowered with `mlir-opt` (one-shot bufferization, linalg
     to loops, to LLVM) and run by `mlir-runner`;
  3. tsopt's path: `tsopt-opt --convert-linalg-to-kgraph` (then the passes
     of --passes, e.g. the superoptimizer), then `tsopt-run` on the same
     .npy inputs;
  4. the outputs are compared (normwise relative error, tolerance by dtype).

The semantics come from upstream, not from tsopt. Exit status 0 when every
output agrees; prints one line per output.

Usage: utils/linalg_oracle.py FILE [--fn NAME] [--seed N] [--tol X]
       [--passes "--tsopt-superoptimize ..."]
       [--tools DIR (tsopt-opt, tsopt-run)] [--llvm DIR (the LLVM install:
       bin/mlir-opt, bin/mlir-runner, lib/libmlir_*runner_utils.so)]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DTYPES = {"f32": np.float32, "f16": np.float16}
TOLERANCE = {"f32": 1e-4, "f16": 2e-2}


def signature(text, name):
    """[(shape, dtype)] of the arguments and of the results of @name."""
    m = re.search(r"func\.func @" + re.escape(name) +
                  r"\((.*?)\)\s*->\s*(\(.*?\)|tensor<[^>]*>)", text, re.S)
    if not m:
        sys.exit(f"no function @{name} with tensor results")

    def tensors(s):
        out = []
        for dims in re.findall(r"tensor<([^>]*)>", s):
            parts = dims.split("x")
            if parts[-1] not in DTYPES:
                sys.exit(f"element type {parts[-1]} is not f32 or f16")
            out.append((tuple(int(p) for p in parts[:-1]), parts[-1]))
        return out

    return tensors(m.group(1)), tensors(m.group(2))


def ty(shape, dt):
    return "tensor<" + "x".join(str(d) for d in shape) + \
        ("x" if shape else "") + dt + ">"


def memref(shape, dt):
    return "memref<" + "x".join(str(d) for d in shape) + \
        ("x" if shape else "") + dt + ">"


def runner_main(name, args, results, inputs):
    lines = ["func.func private @printMemrefF32(memref<*xf32>)",
             "func.func @main() {"]
    for i, ((shape, dt), x) in enumerate(zip(args, inputs)):
        hexdata = x.astype(DTYPES[dt]).tobytes().hex().upper()
        lines.append(f'  %a{i} = arith.constant dense<"0x{hexdata}"> : '
                     f"{ty(shape, dt)}")
    arg_list = ", ".join(f"%a{i}" for i in range(len(args)))
    arg_types = ", ".join(ty(s, d) for s, d in args)
    res_types = ", ".join(ty(s, d) for s, d in results)
    lines.append(f"  %r:{len(results)} = call @{name}({arg_list}) : "
                 f"({arg_types}) -> ({res_types})")
    for i, (shape, dt) in enumerate(results):
        v = f"%r#{i}"
        if dt != "f32":
            rank = len(shape)
            dims = ", ".join(f"d{k}" for k in range(rank))
            iters = ", ".join(['"parallel"'] * rank)
            lines += [
                f"  %e{i} = tensor.empty() : {ty(shape, 'f32')}",
                f"  %x{i} = linalg.generic {{indexing_maps = "
                f"[affine_map<({dims}) -> ({dims})>, affine_map<({dims}) -> "
                f"({dims})>], iterator_types = [{iters}]}}"
                f" ins({v} : {ty(shape, dt)}) outs(%e{i} : {ty(shape, 'f32')}) {{",
                f"  ^bb0(%in: {dt}, %out: f32):",
                f"    %c = arith.extf %in : {dt} to f32",
                "    linalg.yield %c : f32",
                f"  }} -> {ty(shape, 'f32')}"]
            v = f"%x{i}"
        lines += [
            f"  %m{i} = bufferization.to_buffer {v} : {ty(shape, 'f32')} to "
            f"{memref(shape, 'f32')}",
            f"  %u{i} = memref.cast %m{i} : {memref(shape, 'f32')} to "
            "memref<*xf32>",
            f"  call @printMemrefF32(%u{i}) : (memref<*xf32>) -> ()"]
    lines += ["  return", "}"]
    return "\n".join(lines)


# Named ops the linalg-to-loops lowering does not take (linalg.softmax)
# are decomposed first by upstream's own interface, through the transform
# dialect.
DECOMPOSE = """
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %s = transform.structured.match ops{["linalg.softmax"]} in %root : (!transform.any_op) -> !transform.any_op
    %d = transform.structured.decompose_interface %s : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
"""

PIPELINE = [
    "--one-shot-bufferize=bufferize-function-boundaries",
    "--convert-linalg-to-loops", "--expand-strided-metadata",
    "--lower-affine", "--convert-scf-to-cf",
    # LLVM intrinsics first; what has none (erf) becomes a libm call.
    "--convert-math-to-llvm", "--convert-math-to-libm",
    "--convert-arith-to-llvm", "--finalize-memref-to-llvm",
    "--convert-func-to-llvm", "--convert-cf-to-llvm",
    "--reconcile-unrealized-casts",
]


# A tosa program goes through upstream's own tosa-to-linalg first (tsopt's
# side imports it with --tsopt-import-tosa).
TOSA = ("--pass-pipeline=builtin.module(func.func(tosa-to-linalg-named,"
        "tosa-to-linalg,tosa-to-arith,tosa-to-tensor))")


def upstream(text, name, args, results, inputs, llvm, tmp):
    """The outputs of @name as upstream MLIR executes it."""
    # The program's functions at the top level (an explicit `module {`
    # around them, as mlir-opt prints, is dropped; attribute aliases stay).
    lines = text.strip().splitlines()
    if "module {" in lines:
        start = lines.index("module {")
        end = max(i for i, line in enumerate(lines) if line == "}")
        lines = lines[:start] + lines[start + 1:end] + lines[end + 1:]
    body = "\n".join(lines)
    module = body + "\n" + runner_main(name, args, results, inputs) + "\n"
    decompose = "linalg.softmax" in body
    if decompose:
        module += DECOMPOSE
    src = os.path.join(tmp, "upstream.mlir")
    with open(src, "w") as f:
        f.write(module)
    if "tosa." in body:
        r = subprocess.run([os.path.join(llvm, "bin", "mlir-opt"), src, TOSA],
                           capture_output=True, text=True)
        if r.returncode:
            sys.exit(f"mlir-opt (tosa-to-linalg) failed:\n{r.stderr[:3000]}")
        with open(src, "w") as f:
            f.write(r.stdout)
    lowered = subprocess.run(
        [os.path.join(llvm, "bin", "mlir-opt"), src,
         *(["--transform-interpreter",
            "--test-transform-dialect-erase-schedule"] if decompose else []),
         *PIPELINE],
        capture_output=True, text=True)
    if lowered.returncode:
        sys.exit(f"mlir-opt failed:\n{lowered.stderr[:3000]}")
    libs = ",".join(os.path.join(llvm, "lib", f"lib{n}.so")
                    for n in ("mlir_runner_utils", "mlir_c_runner_utils"))
    run = subprocess.run(
        [os.path.join(llvm, "bin", "mlir-runner"), "-e", "main",
         "--entry-point-result=void", f"--shared-libs={libs}"],
        input=lowered.stdout, capture_output=True, text=True)
    if run.returncode:
        sys.exit(f"mlir-runner failed:\n{run.stderr[:3000]}")
    outs = []
    for block, (shape, _) in zip(run.stdout.split("Unranked Memref")[1:],
                                 results):
        data = block[block.index("data =") + len("data ="):]
        nums = re.findall(r"[-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|inf|nan)",
                          data)
        outs.append(np.array([float(x) for x in nums],
                             dtype=np.float64).reshape(shape))
    if len(outs) != len(results):
        sys.exit(f"mlir-runner printed {len(outs)} of {len(results)} "
                 "results")
    return outs


def tsopt(path, name, inputs, args, tools, tmp, passes):
    """The outputs of @name imported into kgraph (and rewritten by `passes`)
    and run by tsopt-run."""
    conv = os.path.join(tmp, "kgraph.mlir")
    importer = ("--tsopt-import-tosa" if "tosa." in open(path).read()
                else "--convert-linalg-to-kgraph")
    r = subprocess.run([os.path.join(tools, "tsopt-opt"),
                        importer, *passes, path, "-o", conv],
                       capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"tsopt-opt failed:\n{r.stderr[:3000]}")
    if passes:
        # What the passes said (the superoptimizer's remark), for the record.
        for line in r.stderr.splitlines():
            if "remark:" in line:
                print(line[line.index("remark:"):][:300])
    files = []
    for i, ((shape, dt), x) in enumerate(zip(args, inputs)):
        f = os.path.join(tmp, f"input{i}.npy")
        np.save(f, x.astype(DTYPES[dt]))
        files.append(f)
    outdir = os.path.join(tmp, "out")
    os.makedirs(outdir, exist_ok=True)
    r = subprocess.run([os.path.join(tools, "tsopt-run"), conv,
                        f"--fn={name}", "--precision=f64",
                        f"--inputs={','.join(files)}",
                        f"--output-dir={outdir}"],
                       capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"tsopt-run failed:\n{r.stderr[:3000]}")
    outs, i = [], 0
    while os.path.exists(os.path.join(outdir, f"output{i}.npy")):
        outs.append(np.load(os.path.join(outdir, f"output{i}.npy"))
                    .astype(np.float64))
        i += 1
    return outs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--fn")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--tol", type=float)
    ap.add_argument("--tools", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--llvm", default="/usr/lib/llvm-22")
    ap.add_argument("--passes", default="",
                    help="tsopt-opt passes to run after the import, as one "
                    "string")
    a = ap.parse_args()
    # Comments (RUN and CHECK lines) are not the program.
    text = "\n".join(line for line in open(a.file).read().splitlines()
                     if not line.lstrip().startswith("//"))
    name = a.fn or re.search(r"func\.func @([\w$.]+)", text).group(1)
    args, results = signature(text, name)
    rng = np.random.default_rng(a.seed)
    inputs = [rng.standard_normal(shape).astype(DTYPES[dt])
              for shape, dt in args]
    with tempfile.TemporaryDirectory() as tmp:
        want = upstream(text, name, args, results, inputs, a.llvm, tmp)
        got = tsopt(os.path.abspath(a.file), name, inputs, args, a.tools,
                    tmp, a.passes.split())
    if len(got) != len(want):
        sys.exit(f"tsopt gave {len(got)} outputs, upstream {len(want)}")
    ok = True
    for i, (w, g, (shape, dt)) in enumerate(zip(want, got, results)):
        tol = a.tol if a.tol is not None else TOLERANCE[dt]
        err = np.linalg.norm(g - w) / max(np.linalg.norm(w), 1e-30)
        agree = g.shape == w.shape and err <= tol
        ok &= agree
        print(f"@{name} output {i} {ty(shape, dt)}: relative error "
              f"{err:.2e} (tolerance {tol:.0e}): "
              f"{'agree' if agree else 'DIFFER'}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
