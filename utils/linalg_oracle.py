#!/usr/bin/env python3
"""Checks tsopt's compiled code for a linalg program against upstream MLIR's
own execution of the program.

For a function of linalg on tensors in FILE:
  1. inputs are drawn (seeded) in several regimes (see REGIMES below:
     standard normal; weights at an initializer's scale with activations at
     ordinary, small, tiny and large scale);
  2. upstream's path runs the function as written: a `main` that holds the
     inputs of every regime as constants, calls the function once per input
     set and prints the results bit-exactly is appended; the module is
     bufferized and lowered with `mlir-opt` (one-shot bufferization, linalg
     to loops, to LLVM) and run by `mlir-runner`. The same module also runs
     each regime's inputs moved by one ulp, which measures how far rounding
     alone moves the result there (the regime's rounding scale);
  3. tsopt's path: `tsopt-opt --convert-linalg-to-kgraph` (tosa:
     `--tsopt-import-tosa`; then the passes of --passes, e.g. the
     superoptimizer), then `tsopt-run --backend=cpu` (the CPU-compiled
     kernels, in the program's dtypes; `--backend=evaluator` runs tsopt's
     float evaluator with --precision=f64 instead) on the same inputs, one
     run per regime;
  4. each output is compared per regime by normwise relative error against
     a tolerance derived from the output dtype's unit roundoff and the
     regime's rounding scale (see FACTOR and `tolerance`).
The design, its rationale and measurements: docs/oracle.md.

The semantics come from upstream, not from tsopt. Exit status 0 when every
output agrees in every regime (1 when one differs, 2 on a failure of a
tool); prints one line per regime and output, then one summary line per
output with the worst regime and the backend.

--reference FILE2: upstream runs FILE2's function (same name unless
--ref-fn, same signature) while tsopt's side runs FILE. Used by the mutation
test (utils/oracle_mutants.py): tsopt on a mutant must differ from upstream
on the original. --candidate-upstream runs FILE through upstream as well
(no tsopt), which checks the criterion itself.

Usage: utils/linalg_oracle.py FILE [--fn NAME] [--reference FILE2]
       [--ref-fn NAME] [--backend cpu|evaluator] [--candidate-upstream]
       [--seed N] [--tol X] [--regimes normal,layer,small,tiny,large]
       [--positive I,J (arguments drawn as |z| + 0.5: variances)]
       [--passes "--tsopt-superoptimize ..."] [--export PREFIX (tsopt's
       program as PREFIX.mlir, inputs and upstream's outputs per regime as
       PREFIX.cases.npz, for utils/gpu_bench.py)]
       [--tools DIR (tsopt-opt, tsopt-run)] [--llvm DIR (the LLVM install:
       bin/mlir-opt, bin/mlir-runner, lib/libmlir_*runner_utils.so)]
"""
import os
import subprocess
import sys


def _require_numpy():
    """The first python3 on PATH may lack numpy: run the script again with
    one that has it, or say which interpreter to use."""
    try:
        import numpy  # noqa: F401
        return
    except ImportError:
        pass
    script = os.path.abspath(sys.argv[0])
    if not os.environ.get("TSOPT_ORACLE_REEXEC"):
        for candidate in ("/usr/bin/python3",):
            if (os.access(candidate, os.X_OK) and
                    os.path.realpath(candidate) !=
                    os.path.realpath(sys.executable) and
                    subprocess.run([candidate, "-c", "import numpy"],
                                   capture_output=True).returncode == 0):
                os.environ["TSOPT_ORACLE_REEXEC"] = "1"
                os.execv(candidate, [candidate, script, *sys.argv[1:]])
    print(f"{os.path.basename(script)}: numpy is not installed for "
          f"{sys.executable}; run the script with a python3 that has numpy "
          f"(python3 -m pip install numpy, or e.g. /usr/bin/python3 "
          f"{script} ...)", file=sys.stderr)
    sys.exit(2)


_require_numpy()

import argparse  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402

import numpy as np  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DTYPES = {"f32": np.float32, "f16": np.float16}

# The tolerance of one output in one regime (see `tolerance`):
#
#   tol = FACTOR * max(rho, nu),  FACTOR = 16
#
# nu, the output's own rounding: half the spacing of the output dtype's
#   values at each element of upstream's result, normwise relative. Where
#   the result is normal this is between u/2 and u, the dtype's unit
#   roundoff (f32 u = 2^-24 = 6.0e-8, f16 u = 2^-11 = 4.9e-4), so the
#   tolerance is never below 8u; where the result is subnormal (an f16
#   result of tiny inputs) it is larger, as the result has fewer bits.
# rho, the regime's rounding scale: ||f(x') - f(x)|| / ||f(x)|| as upstream
#   computes f, where x' is x with every normal input element moved by one
#   ulp in a random direction: a backward perturbation of at most 2u per
#   element carried through the program's conditioning. Where the program
#   amplifies rounding (a saturated softmax, cancellation in a residual,
#   intermediates that underflow), rho shows by how much.
# FACTOR: a correct implementation differs from upstream by the rounding
#   of both, each (backward stability) a perturbation of a few ulp per op
#   on the path to an output, growing like sqrt(n) over a contraction of
#   length n (64 to 176 in the Llama fixtures: sqrt(n) = 8 to 13). One
#   factor for every dtype, regime and program. Measured (docs/oracle.md):
#   correct implementations (tsopt's evaluator and CPU backend, with and
#   without the superoptimizer) reach at most 3.3 max(rho, nu) on every
#   fixture and seed tried; the mutant hardest to tell apart reaches 128.
FACTOR = 16

# Input regimes. Every argument has a class: the first argument is the
# activation (the layer's input: hidden states, x, q); the others are
# parameters. Parameters of rank 2 (weight matrices) are drawn at Glorot's
# initializer scale, N(0, 2/(m+n)) for an m x n matrix (it needs no
# knowledge of which dimension is the fan-in), so a matmul keeps the scale
# of its input and a branch of a layer has the scale of the residual it is
# added to; other parameters (norm gains and biases of rank 1, rotary
# tables, keys and values of rank 3) are N(0, 1). All regimes scale the
# same standard normal draws.
#   normal: every argument N(0, 1), the historical regime. With unit
#     weights a branch grows by sqrt(fan-in) per matmul, so a residual is
#     a small part of the output and a norm's epsilon vanishes; softmax
#     saturates.
#   layer: activation N(0, 1), parameters as above: a residual and its
#     branch are of the same size, attention scores of order one.
#   small: activation x 1e-3, mean square 1e-6: comparable to a norm's
#     epsilon (1e-6 to 1e-5 in Llama-family models), so the epsilon of a
#     norm of the input changes the result.
#   tiny: activation x 1e-6, mean square 1e-12, far below epsilon: a norm
#     of the input is x/sqrt(eps) (1e-3 to 3e-4), so its branch is small,
#     and a norm behind that branch sees a mean square below epsilon in
#     turn (the post-attention norm of a decoder layer).
#   large: activation x 30 with outlier channels (1 in 32) x 10 more (up
#     to ~1e3): activations of real layers reach hundreds; their squares
#     exceed f16's range (65504), so a program must accumulate them wider.
# A regime whose upstream result is not finite is rerun with its activation
# scale divided by 4 (at most 3 times) and skipped with a note after that;
# one whose upstream result is zero (underflow) is skipped with a note, and
# so is an output whose tolerance there is 1 or more: rounding leaves no
# digit (an f16 MLP fed activations of 1e-3 has subnormal products), and
# even a zero result would pass.
REGIMES = {
    "normal": dict(scale=1.0, params="unit", outliers=False),
    "layer": dict(scale=1.0, params="init", outliers=False),
    "small": dict(scale=1e-3, params="init", outliers=False),
    "tiny": dict(scale=1e-6, params="init", outliers=False),
    "large": dict(scale=30.0, params="init", outliers=True),
}
OUTLIER_FACTOR = 10.0


class OracleError(Exception):
    """A tool failed or the program is not what the oracle takes. `stage`
    names the step: 'import' (tsopt-opt), 'run' (tsopt-run), 'upstream',
    'program'."""

    def __init__(self, message, stage="program"):
        super().__init__(message)
        self.stage = stage


def signature(text, name):
    """[(shape, dtype)] of the arguments and of the results of @name."""
    m = re.search(r"func\.func @" + re.escape(name) +
                  r"\((.*?)\)\s*->\s*(\(.*?\)|tensor<[^>]*>)", text, re.S)
    if not m:
        raise OracleError(f"no function @{name} with tensor results")

    def tensors(s):
        out = []
        for dims in re.findall(r"tensor<([^>]*)>", s):
            parts = dims.split("x")
            if parts[-1] not in DTYPES:
                raise OracleError(f"element type {parts[-1]} is not f32 or "
                                  "f16")
            out.append((tuple(int(p) for p in parts[:-1]), parts[-1]))
        return out

    return tensors(m.group(1)), tensors(m.group(2))


def ty(shape, dt):
    return "tensor<" + "x".join(str(d) for d in shape) + \
        ("x" if shape else "") + dt + ">"


def memref(shape, dt):
    return "memref<" + "x".join(str(d) for d in shape) + \
        ("x" if shape else "") + dt + ">"


def runner_main(name, args, results, input_sets):
    """A `main` that calls @name once per input set and prints every result
    as the bits of its f32 value (f16 results widened first; exact)."""
    rank_maps = {}

    def generic(src, shape, src_dt, dst_dt, body, tag):
        rank = len(shape)
        dims = ", ".join(f"d{k}" for k in range(rank))
        iters = ", ".join(['"parallel"'] * rank)
        rank_maps[rank] = True
        return [
            f"  %e{tag} = tensor.empty() : {ty(shape, dst_dt)}",
            f"  %x{tag} = linalg.generic {{indexing_maps = "
            f"[affine_map<({dims}) -> ({dims})>, affine_map<({dims}) -> "
            f"({dims})>], iterator_types = [{iters}]}}"
            f" ins({src} : {ty(shape, src_dt)}) outs(%e{tag} : "
            f"{ty(shape, dst_dt)}) {{",
            f"  ^bb0(%in: {src_dt}, %out: {dst_dt}):",
            *body,
            f"  }} -> {ty(shape, dst_dt)}"]

    lines = ["func.func private @printMemrefI32(memref<*xi32>)",
             "func.func @main() {"]
    arg_types = ", ".join(ty(s, d) for s, d in args)
    res_types = ", ".join(ty(s, d) for s, d in results)
    for k, inputs in enumerate(input_sets):
        for i, ((shape, dt), x) in enumerate(zip(args, inputs)):
            hexdata = x.astype(DTYPES[dt]).tobytes().hex().upper()
            lines.append(f'  %a{k}_{i} = arith.constant dense<"0x{hexdata}">'
                         f" : {ty(shape, dt)}")
        arg_list = ", ".join(f"%a{k}_{i}" for i in range(len(args)))
        lines.append(f"  %r{k}:{len(results)} = call @{name}({arg_list}) : "
                     f"({arg_types}) -> ({res_types})")
        for i, (shape, dt) in enumerate(results):
            v = f"%r{k}#{i}"
            if dt != "f32":
                lines += generic(v, shape, dt, "f32", [
                    f"    %c = arith.extf %in : {dt} to f32",
                    "    linalg.yield %c : f32"], f"w{k}_{i}")
                v = f"%xw{k}_{i}"
            lines += generic(v, shape, "f32", "i32", [
                "    %c = arith.bitcast %in : f32 to i32",
                "    linalg.yield %c : i32"], f"b{k}_{i}")
            v = f"%xb{k}_{i}"
            lines += [
                f"  %m{k}_{i} = bufferization.to_buffer {v} : "
                f"{ty(shape, 'i32')} to {memref(shape, 'i32')}",
                f"  %u{k}_{i} = memref.cast %m{k}_{i} : "
                f"{memref(shape, 'i32')} to memref<*xi32>",
                f"  call @printMemrefI32(%u{k}_{i}) : (memref<*xi32>) -> ()"]
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


def program_text(path):
    """The program in `path` without its comments (RUN and CHECK lines)."""
    with open(path) as f:
        return "\n".join(line for line in f.read().splitlines()
                         if not line.lstrip().startswith("//"))


def upstream(text, name, args, results, input_sets, llvm, tmp):
    """The outputs of @name as upstream MLIR executes it, one list of
    float64 arrays per input set (one compilation for all sets)."""
    # The program's functions at the top level (an explicit `module {`
    # around them, as mlir-opt prints, is dropped; attribute aliases stay).
    lines = text.strip().splitlines()
    if "module {" in lines:
        start = lines.index("module {")
        end = max(i for i, line in enumerate(lines) if line == "}")
        lines = lines[:start] + lines[start + 1:end] + lines[end + 1:]
    body = "\n".join(lines)
    module = body + "\n" + runner_main(name, args, results, input_sets) + "\n"
    decompose = "linalg.softmax" in body
    if decompose:
        module += DECOMPOSE
    src = os.path.join(tmp, "upstream.mlir")
    with open(src, "w") as f:
        f.write(module)
    mlir_opt = os.path.join(llvm, "bin", "mlir-opt")
    if "tosa." in body:
        r = subprocess.run([mlir_opt, src, TOSA], capture_output=True,
                           text=True)
        if r.returncode:
            raise OracleError("mlir-opt (tosa-to-linalg) failed:\n" +
                              r.stderr[:3000], "upstream")
        with open(src, "w") as f:
            f.write(r.stdout)
    lowered = subprocess.run(
        [mlir_opt, src,
         *(["--transform-interpreter",
            "--test-transform-dialect-erase-schedule"] if decompose else []),
         *PIPELINE],
        capture_output=True, text=True)
    if lowered.returncode:
        raise OracleError(f"mlir-opt failed:\n{lowered.stderr[:3000]}",
                          "upstream")
    libs = ",".join(os.path.join(llvm, "lib", f"lib{n}.so")
                    for n in ("mlir_runner_utils", "mlir_c_runner_utils"))
    run = subprocess.run(
        [os.path.join(llvm, "bin", "mlir-runner"), "-e", "main",
         "--entry-point-result=void", f"--shared-libs={libs}"],
        input=lowered.stdout, capture_output=True, text=True)
    if run.returncode:
        raise OracleError(f"mlir-runner failed:\n{run.stderr[:3000]}",
                          "upstream")
    blocks = run.stdout.split("Unranked Memref")[1:]
    want = len(results) * len(input_sets)
    if len(blocks) != want:
        raise OracleError(f"mlir-runner printed {len(blocks)} of {want} "
                          "results")
    outs = []
    for k in range(len(input_sets)):
        row = []
        for i, (shape, _) in enumerate(results):
            block = blocks[k * len(results) + i]
            data = block[block.index("data =") + len("data ="):]
            bits = np.array([int(x) for x in re.findall(r"-?\d+", data)],
                            dtype=np.int64).astype(np.uint32)
            if bits.size != int(np.prod(shape, dtype=np.int64)):
                raise OracleError("mlir-runner printed a result of "
                                  f"{bits.size} elements, expected shape "
                                  f"{shape}")
            row.append(bits.view(np.float32).astype(np.float64)
                       .reshape(shape))
        outs.append(row)
    return outs


def tsopt_import(path, tools, tmp, passes, verbose=True):
    """tsopt-opt's import of `path` (then `passes`); the kgraph file."""
    conv = os.path.join(tmp, "kgraph.mlir")
    with open(path) as f:
        importer = ("--tsopt-import-tosa" if "tosa." in f.read()
                    else "--convert-linalg-to-kgraph")
    r = subprocess.run([os.path.join(tools, "tsopt-opt"),
                        importer, *passes, path, "-o", conv],
                       capture_output=True, text=True)
    if r.returncode:
        raise OracleError(f"tsopt-opt failed:\n{r.stderr[:3000]}",
                          "import")
    if passes and verbose:
        # What the passes said (the superoptimizer's remark), for the record.
        for line in r.stderr.splitlines():
            if "remark:" in line:
                print(line[line.index("remark:"):][:300])
    return conv


def tsopt_run(conv, name, inputs, args, tools, tmp, backend, tag):
    """The outputs of @name in the kgraph file `conv` as tsopt-run computes
    them with `backend` ('cpu': the compiled kernels in the program's
    dtypes; 'evaluator': the float evaluator, here in f64)."""
    files = []
    for i, ((shape, dt), x) in enumerate(zip(args, inputs)):
        f = os.path.join(tmp, f"input_{tag}_{i}.npy")
        np.save(f, x.astype(DTYPES[dt]))
        files.append(f)
    outdir = os.path.join(tmp, f"out_{tag}")
    os.makedirs(outdir, exist_ok=True)
    # --precision is the evaluator's number type; the CPU backend computes
    # in the program's own dtypes and ignores it.
    cmd = [os.path.join(tools, "tsopt-run"), conv, f"--fn={name}",
           f"--backend={backend}", f"--inputs={','.join(files)}",
           f"--output-dir={outdir}"]
    if backend == "evaluator":
        cmd.append("--precision=f64")
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        raise OracleError(f"tsopt-run failed:\n{r.stderr[:3000]}", "run")
    outs, i = [], 0
    while os.path.exists(os.path.join(outdir, f"output{i}.npy")):
        outs.append(np.load(os.path.join(outdir, f"output{i}.npy"))
                    .astype(np.float64))
        i += 1
    return outs


def draw(args, seed):
    """The standard normal draws every regime scales (the `normal` regime's
    inputs are these, as the oracle always drew them), the outlier channels
    and the signs of the one-ulp perturbation."""
    rng = np.random.default_rng(seed)
    base = [rng.standard_normal(shape) for shape, _ in args]
    aux = np.random.default_rng([seed, 1])
    shape0 = args[0][0] if args else ()
    channels = None
    if shape0:
        n = shape0[-1]
        channels = aux.choice(n, size=max(1, n // 32), replace=False)
    signs = [aux.integers(0, 2, size=shape) * 2 - 1 for shape, _ in args]
    return base, channels, signs


def regime_inputs(args, base, channels, regime, scale, positive=()):
    spec = REGIMES[regime]
    inputs = []
    for i, ((shape, dt), z) in enumerate(zip(args, base)):
        if i in positive:
            # A variance or another argument the program takes the root of:
            # 0.5 or more, in every regime.
            x = np.abs(z) + 0.5
        elif i == 0:
            x = z * scale
            if spec["outliers"] and channels is not None:
                x = x.copy()
                x[..., channels] *= OUTLIER_FACTOR
        elif spec["params"] == "unit" or len(shape) != 2:
            x = z
        else:
            m, n = shape[-2], shape[-1]
            x = z * np.sqrt(2.0 / (m + n))
        inputs.append(x.astype(DTYPES[dt]))
    return inputs


def perturbed(args, inputs, signs):
    """Every normal (not subnormal, not zero) element moved by one ulp in
    the direction of `signs`: a relative perturbation of at most 2u."""
    out = []
    for (_, dt), x, s in zip(args, inputs, signs):
        t = DTYPES[dt]
        tiny = np.finfo(t).tiny
        moved = np.nextafter(x, np.where(s > 0, np.inf, -np.inf).astype(t))
        out.append(np.where(np.abs(x) >= tiny, moved, x).astype(t))
    return out


def rel_error(got, want):
    if got.shape != want.shape:
        return float("inf")
    if not np.all(np.isfinite(got)):
        return float("inf")
    return float(np.linalg.norm(got - want) /
                 max(np.linalg.norm(want), 1e-300))


def output_rounding(want, dt):
    """nu: half the spacing of the dtype's values at each element of the
    result, normwise relative: about u where the result is normal, more
    where it is subnormal."""
    t = DTYPES[dt]
    half_ulp = np.spacing(np.abs(want).astype(t)).astype(np.float64) / 2
    return float(np.linalg.norm(half_ulp) /
                 max(np.linalg.norm(want), 1e-300))


def tolerance(rho, nu, override=None):
    if override is not None:
        return override
    return FACTOR * max(rho, nu)


def check(path, fn=None, reference=None, ref_fn=None, seed=0,
          backend="cpu", passes=(), candidate_upstream=False,
          tools=os.path.join(ROOT, "build", "bin"), llvm="/usr/lib/llvm-22",
          regimes=tuple(REGIMES), tol=None, out=print, ref_cache=None,
          positive=(), export=None):
    """Runs the oracle; returns (agree, rows). rows: one dict per regime and
    output (regime, output, error, tol, rho, nu, skipped). `out` prints
    (None: silent). `ref_cache`: a dict that keeps upstream's results on the
    reference between calls with the same reference, seed and regimes.
    `positive`: indices of arguments drawn as |z| + 0.5 in every regime
    (batch norm's running variances, which the program takes the root
    of). `export`: a path prefix; tsopt's program after the passes is
    written to PREFIX.mlir and, per regime, the inputs, upstream's outputs
    and their tolerances to PREFIX.cases.npz (`export_cases`), so that the
    same check can run elsewhere (utils/gpu_bench.py on the GPU)."""
    say = out or (lambda *a, **k: None)
    cand_text = program_text(path)
    name = fn or re.search(r"func\.func @([\w$.]+)", cand_text).group(1)
    args, results = signature(cand_text, name)
    ref_path = reference or path
    ref_text = program_text(ref_path) if reference else cand_text
    ref_name = ref_fn or name
    if reference:
        rargs, rresults = signature(ref_text, ref_name)
        if (rargs, rresults) != (args, results):
            raise OracleError(f"@{ref_name} in {reference} has another "
                              f"signature than @{name} in {path}")
    base, channels, signs = draw(args, seed)
    rows = []
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        # Upstream on the reference: each regime's inputs and their one-ulp
        # perturbation, in one module; a regime whose result is not finite
        # is redrawn at a quarter of its activation scale.
        key = (os.path.abspath(ref_path), ref_name, seed, tuple(regimes))
        if ref_cache is not None and key in ref_cache:
            plan = ref_cache[key]
        else:
            plan = {}
            pending = {r: REGIMES[r]["scale"] for r in regimes}
            for attempt in range(4):
                if not pending:
                    break
                sets, order = [], []
                for r, scale in pending.items():
                    x = regime_inputs(args, base, channels, r, scale,
                                      positive)
                    sets += [x, perturbed(args, x, signs)]
                    order.append((r, scale, x))
                outs = upstream(ref_text, ref_name, args, results, sets,
                                llvm, tmp)
                nxt = {}
                for j, (r, scale, x) in enumerate(order):
                    want, moved = outs[2 * j], outs[2 * j + 1]
                    finite = all(np.all(np.isfinite(w)) for w in want)
                    if finite and all(np.any(w != 0) for w in want):
                        plan[r] = dict(scale=scale, inputs=x, want=want,
                                       moved=moved)
                    elif finite:
                        # Underflow: a relative error against zero means
                        # nothing.
                        plan[r] = dict(scale=scale, inputs=None, want=None,
                                       moved=None, why="is zero (underflow)")
                    elif attempt < 3:
                        nxt[r] = scale / 4
                    else:
                        plan[r] = dict(scale=scale, inputs=None, want=None,
                                       moved=None, why="is not finite down "
                                       f"to activation scale {scale:g}")
                pending = nxt
            if ref_cache is not None:
                ref_cache[key] = plan
        if candidate_upstream:
            side = f"upstream on {os.path.basename(path)}"
        else:
            side = f"tsopt-run --backend={backend}"
            conv = tsopt_import(os.path.abspath(path), tools, tmp,
                                list(passes), verbose=out is not None)
            if export:
                shutil.copyfile(conv, export + ".mlir")
        live = [r for r in regimes if plan[r]["inputs"] is not None]
        if candidate_upstream and live:
            cand_outs = upstream(cand_text, name, args, results,
                                 [plan[r]["inputs"] for r in live], llvm, tmp)
            got_by_regime = dict(zip(live, cand_outs))
        for r in regimes:
            p = plan[r]
            if p["inputs"] is None:
                say(f"  note: regime {r}: upstream's result {p['why']}; "
                    "skipped")
                for i in range(len(results)):
                    rows.append(dict(regime=r, output=i, error=None,
                                     tol=None, rho=None, skipped=True))
                continue
            if p["scale"] != REGIMES[r]["scale"]:
                say(f"  note: regime {r}: upstream's result is not finite "
                    f"at activation scale {REGIMES[r]['scale']:g}; ran at "
                    f"{p['scale']:g}")
            if candidate_upstream:
                got = got_by_regime[r]
            else:
                got = tsopt_run(conv, name, p["inputs"], args, tools, tmp,
                                backend, r)
            if len(got) != len(results):
                raise OracleError(f"{side} gave {len(got)} outputs, "
                                  f"upstream {len(results)}")
            for i, (w, g, m, (shape, dt)) in enumerate(
                    zip(p["want"], got, p["moved"], results)):
                # One ulp of input making the result non-finite: no
                # tolerance is meaningful (rho = inf, skipped below).
                rho = rel_error(m, w)
                nu = output_rounding(w, dt)
                t = tolerance(rho, nu, tol)
                err = rel_error(g, w)
                if tol is None and t >= 1:
                    # Rounding leaves no digit: even a zero result would
                    # pass (its error is 1).
                    rows.append(dict(regime=r, output=i, error=err, tol=t,
                                     rho=rho, nu=nu, skipped=True))
                    say(f"  note: regime {r} output {i}: tolerance {t:.2e} "
                        f"= {FACTOR} x max(rho {rho:.1e}, nu {nu:.1e}) is "
                        "not below 1 (rounding leaves no digit); skipped")
                    continue
                good = err <= t
                ok &= good
                rows.append(dict(regime=r, output=i, error=err, tol=t,
                                 rho=rho, nu=nu, skipped=False))
                how = ("given" if tol is not None else
                       f"{FACTOR} x max(rho {rho:.1e}, nu {nu:.1e})")
                say(f"  regime {r:6s} (activation x{p['scale']:g}) output "
                    f"{i}: error {err:.2e}, tolerance {t:.2e} = {how}: "
                    f"{'ok' if good else 'FAIL'}")
        if export:
            export_cases(export + ".cases.npz", plan, rows, args, results)
        for i, (shape, dt) in enumerate(results):
            mine = [x for x in rows if x["output"] == i and not x["skipped"]]
            if not mine:
                ok = False
                say(f"@{name} output {i} {ty(shape, dt)}: no regime gave a "
                    f"finite upstream result [{side}]: DIFFER")
                continue
            worst = max(mine, key=lambda x: x["error"] / x["tol"])
            agree = all(x["error"] <= x["tol"] for x in mine)
            say(f"@{name} output {i} {ty(shape, dt)}: relative error "
                f"{worst['error']:.2e} (worst of {len(mine)} regimes: "
                f"{worst['regime']}, tolerance {worst['tol']:.1e}) "
                f"[{side}]: {'agree' if agree else 'DIFFER'}")
    return ok, rows


def export_cases(path, plan, rows, args, results):
    """Every checked regime's inputs (in the arguments' dtypes), upstream's
    outputs (float64) and each output's tolerance, as one .npz: keys
    `<regime>.input<i>`, `<regime>.expected<i>`, `<regime>.tol<i>`, and
    `regimes` (their order). A regime skipped for every output is left
    out; an output skipped in a regime has tolerance inf (not checked)."""
    arrays, kept = {}, []
    for r, p in plan.items():
        mine = {x["output"]: x for x in rows if x["regime"] == r}
        if p["inputs"] is None or all(x["skipped"] for x in mine.values()):
            continue
        kept.append(r)
        for i, ((shape, dt), x) in enumerate(zip(args, p["inputs"])):
            arrays[f"{r}.input{i}"] = np.asarray(x).astype(DTYPES[dt])
        for i, w in enumerate(p["want"]):
            arrays[f"{r}.expected{i}"] = np.asarray(w, dtype=np.float64)
            row = mine.get(i)
            skipped = row is None or row["skipped"]
            arrays[f"{r}.tol{i}"] = np.float64(np.inf if skipped
                                                else row["tol"])
    arrays["regimes"] = np.array(kept)
    np.savez(path, **arrays)


def main():
    ap = argparse.ArgumentParser(
        description="Compare tsopt's execution of a linalg function with "
        "upstream MLIR's.")
    ap.add_argument("file")
    ap.add_argument("--fn")
    ap.add_argument("--reference", metavar="FILE2",
                    help="upstream runs this file's function instead (same "
                    "signature); tsopt's side runs FILE")
    ap.add_argument("--ref-fn", help="the function in FILE2 (default: "
                    "--fn's)")
    ap.add_argument("--backend", choices=("cpu", "evaluator"), default="cpu",
                    help="tsopt-run's backend (default cpu: the compiled "
                    "kernels)")
    ap.add_argument("--candidate-upstream", action="store_true",
                    help="run FILE through upstream instead of tsopt (with "
                    "--reference: checks the criterion on a mutant)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--tol", type=float,
                    help="one tolerance for every regime and output instead "
                    "of the derived ones")
    ap.add_argument("--regimes", default=",".join(REGIMES),
                    help="comma-separated subset of: " + ", ".join(REGIMES))
    ap.add_argument("--tools", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--llvm", default="/usr/lib/llvm-22")
    ap.add_argument("--positive", default="",
                    help="comma-separated argument indices drawn as |z| + "
                    "0.5 in every regime (variances)")
    ap.add_argument("--passes", default="",
                    help="tsopt-opt passes to run after the import, as one "
                    "string")
    ap.add_argument("--export", metavar="PREFIX",
                    help="write tsopt's program after the passes to "
                    "PREFIX.mlir and the inputs, upstream's outputs and the "
                    "tolerances to PREFIX.cases.npz (for utils/gpu_bench.py)")
    a = ap.parse_args()
    regimes = [r for r in a.regimes.split(",") if r]
    for r in regimes:
        if r not in REGIMES:
            ap.error(f"unknown regime {r!r}; known: {', '.join(REGIMES)}")
    try:
        ok, _ = check(a.file, fn=a.fn, reference=a.reference,
                      ref_fn=a.ref_fn, seed=a.seed, backend=a.backend,
                      passes=a.passes.split(),
                      candidate_upstream=a.candidate_upstream,
                      tools=a.tools, llvm=a.llvm, regimes=regimes, tol=a.tol,
                      positive=tuple(int(i) for i in a.positive.split(",")
                                     if i), export=a.export)
    except OracleError as e:
        print(f"linalg_oracle: {e}", file=sys.stderr)
        sys.exit(2)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
