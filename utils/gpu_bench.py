#!/usr/bin/env python3
"""Runs tsopt's PTX on a GPU, checks it against PyTorch and times it.

A bundle made by utils/gpu_bundle.sh holds, per workload, <name>.ptx and its
launch manifest <name>.json (docs/launch-manifest.md), and a copy of this
script. On a machine with a GPU, PyTorch and CuPy (or cuda-python), and
without tsopt or LLVM:

    python3 gpu_bench.py [BUNDLE_DIR] [--workloads a,b] [--warmup 10]
                         [--iters 100] [--out results.md] [--plot results.png]
                         [--check-only]

For every function of every manifest it makes random inputs, launches the
function's kernels in order, compares the outputs with a float64 PyTorch
reference written by hand from the workload's `_ref` program, and times
tsopt, PyTorch eager, torch.compile and (attention only) SDPA in the same
run. The Markdown table goes to stdout and to --out. docs/gpu-benchmarks.md
explains the columns.

Other modes, which need no GPU:
    --validate   read every manifest and check its PTX entry points
    --self-test  the manifest reader and the references, on the CPU

Exit status: 0 when every function ran and passed its check, 1 when one
failed or could not run, 2 when there is no usable GPU (or no PyTorch, or
neither CuPy nor cuda-python).
"""

import argparse
import ctypes
import datetime
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
DEVICE = "cuda"

torch = None  # imported on demand: --validate and the manifest checks run without it


def need_torch():
    """Imports PyTorch into the module global; False when it is missing."""
    global torch
    if torch is None:
        try:
            import torch as _torch
        except ImportError:
            return False
        torch = _torch
    return True


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# ----------------------------------------------------------------------------
# Launch manifests (docs/launch-manifest.md); standard library only
# ----------------------------------------------------------------------------

MANIFEST_FORMAT = "tsopt-launch-manifest"
MANIFEST_VERSIONS = (1,)
DTYPE_BYTES = {"f16": 2, "bf16": 2, "f32": 4}
ROLES = ("input", "output", "temporary")
STATIC_SHARED_LIMIT = 48 * 1024


class ManifestError(Exception):
    pass


def is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def check_buffer(buf, where):
    if not isinstance(buf, dict):
        raise ManifestError("%s: a buffer is not an object" % where)
    name = buf.get("name")
    where = "%s: buffer %r" % (where, name)
    if not isinstance(name, str):
        raise ManifestError("%s: no name" % where)
    if buf.get("role") not in ROLES:
        raise ManifestError("%s: role %r is not one of %s" % (where, buf.get("role"), ", ".join(ROLES)))
    if buf.get("dtype") not in DTYPE_BYTES:
        raise ManifestError("%s: dtype %r is not one of %s" % (where, buf.get("dtype"), ", ".join(DTYPE_BYTES)))
    shape = buf.get("shape")
    if not isinstance(shape, list) or not all(is_int(d) and d > 0 for d in shape):
        raise ManifestError("%s: shape %r is not a list of positive integers" % (where, shape))
    want = math.prod(shape) * DTYPE_BYTES[buf["dtype"]]
    if buf.get("bytes") != want:
        raise ManifestError("%s: bytes is %r, the shape and dtype give %d" % (where, buf.get("bytes"), want))


def check_kernel(kernel, nbuffers, where):
    if not isinstance(kernel, dict) or not isinstance(kernel.get("name"), str):
        raise ManifestError("%s: a kernel has no name" % where)
    where = "%s: kernel %s" % (where, kernel["name"])
    for key in ("grid", "block"):
        dims = kernel.get(key)
        if not isinstance(dims, list) or len(dims) != 3 or not all(is_int(d) and d > 0 for d in dims):
            raise ManifestError("%s: %s %r is not three positive integers" % (where, key, dims))
    smem = kernel.get("shared_memory_bytes")
    if not is_int(smem) or smem < 0:
        raise ManifestError("%s: shared_memory_bytes %r is not a non-negative integer" % (where, smem))
    args = kernel.get("args")
    if not isinstance(args, list) or not all(is_int(a) for a in args):
        raise ManifestError("%s: args %r is not a list of buffer indices" % (where, args))
    for a in args:
        if not 0 <= a < nbuffers:
            raise ManifestError("%s: argument names buffer %d, the function has %d" % (where, a, nbuffers))


def check_function(fn, where):
    if not isinstance(fn, dict) or not isinstance(fn.get("name"), str):
        raise ManifestError("%s: a function has no name" % where)
    where = "%s: function %s" % (where, fn["name"])
    buffers, kernels = fn.get("buffers"), fn.get("kernels")
    if not isinstance(buffers, list) or not isinstance(kernels, list) or not kernels:
        raise ManifestError("%s: needs a list of buffers and a non-empty list of kernels" % where)
    for buf in buffers:
        check_buffer(buf, where)
    for kernel in kernels:
        check_kernel(kernel, len(buffers), where)


def check_manifest(m, where):
    if not isinstance(m, dict) or m.get("format") != MANIFEST_FORMAT:
        fmt = m.get("format") if isinstance(m, dict) else None
        raise ManifestError("%s: format %r is not %r" % (where, fmt, MANIFEST_FORMAT))
    version = m.get("version")
    if not is_int(version) or version not in MANIFEST_VERSIONS:
        raise ManifestError("%s: manifest version %r is not supported (this reader knows %s)"
                            % (where, version, ", ".join(str(v) for v in MANIFEST_VERSIONS)))
    if not isinstance(m.get("ptx"), str) or not isinstance(m.get("functions"), list):
        raise ManifestError("%s: needs a ptx file name and a list of functions" % where)
    for fn in m["functions"]:
        check_function(fn, where)


def read_manifest(path):
    """The manifest at path, checked; "dir" is added (the PTX is relative to it)."""
    try:
        with open(path) as f:
            m = json.load(f)
    except (OSError, ValueError) as e:
        raise ManifestError("%s: %s" % (path, e))
    check_manifest(m, path)
    m["dir"] = os.path.dirname(os.path.abspath(path))
    return m


def is_manifest_file(path):
    """True for a JSON object with a "format" key: unrelated JSON is skipped,
    anything that claims a format is read (and rejected if not ours)."""
    try:
        with open(path) as f:
            m = json.load(f)
    except (OSError, ValueError):
        return True  # let read_manifest report it
    return isinstance(m, dict) and "format" in m


def find_manifests(bundle):
    names = sorted(n for n in os.listdir(bundle) if n.endswith(".json"))
    paths = [os.path.join(bundle, n) for n in names]
    return [p for p in paths if is_manifest_file(p)]


def buffers_of(fn, role):
    return [b for b in fn["buffers"] if b["role"] == role]


def io_bytes(fn):
    return sum(b["bytes"] for b in fn["buffers"] if b["role"] in ("input", "output"))


def workload_key(fn_name):
    for suffix in ("_opt", "_searched"):
        if fn_name.endswith(suffix):
            return fn_name[:-len(suffix)]
    return fn_name


ENTRY_RE = re.compile(r"\.entry\s+([A-Za-z_$%][\w$%]*)\s*\(([^)]*)\)")
TARGET_RE = re.compile(r"^\s*\.target\s+([\w, ]+)", re.M)


def ptx_entries(text):
    """Kernel name -> number of parameters, from the PTX text."""
    return {name: params.count(".param") for name, params in ENTRY_RE.findall(text)}


def ptx_path(manifest):
    return os.path.join(manifest["dir"], manifest["ptx"])


def check_ptx(manifest, only=None):
    """Problems (strings) between the manifest's kernels (of function only,
    or of all) and its PTX file."""
    path = ptx_path(manifest)
    try:
        with open(path) as f:
            text = f.read()
    except OSError as e:
        return ["cannot read the PTX: %s" % e]
    entries, problems = ptx_entries(text), []
    for fn in manifest["functions"]:
        if only is not None and fn["name"] != only:
            continue
        for k in fn["kernels"]:
            if k["name"] not in entries:
                problems.append("%s: kernel %s is not an entry of %s" % (fn["name"], k["name"], manifest["ptx"]))
            elif entries[k["name"]] != len(k["args"]):
                problems.append("%s: kernel %s takes %d parameters in the PTX, the manifest passes %d"
                                % (fn["name"], k["name"], entries[k["name"]], len(k["args"])))
    return problems


def ptx_target(manifest):
    try:
        with open(ptx_path(manifest)) as f:
            found = TARGET_RE.search(f.read())
    except OSError:
        return None
    return found.group(1).split(",")[0].strip() if found else None


# ----------------------------------------------------------------------------
# Workloads: PyTorch references written from utils/workloads/<name>.mlir
# ----------------------------------------------------------------------------
#
# Each reference takes the inputs in argument order and returns the outputs in
# result order. The same function serves as the float64 ground truth (inputs
# upcast) and, in the manifest's dtype, as the "PyTorch eager" baseline and
# the function given to torch.compile. Softmax is torch.softmax: the programs
# write exp / reduce_sum / div without max subtraction, which is the same
# function (the max cancels) but can overflow in half precision.


class Workload:
    def __init__(self, reference, init, sdpa=None):
        self.reference = reference  # (*inputs) -> [outputs]
        self.init = init            # (input shapes) -> [(mean, std)] per input
        self.sdpa = sdpa            # (*inputs) -> zero-argument callable, or None


def sdpa_call(q, k, v, scale):
    """A zero-argument call of scaled_dot_product_attention on prepared
    (batch, heads, seq, dim) tensors; scale given explicitly (PyTorch >= 2.1),
    or folded into a pre-scaled q on older versions."""
    F = torch.nn.functional
    try:
        F.scaled_dot_product_attention(q[..., :1, :], k[..., :1, :], v[..., :1, :], scale=scale)
        return lambda: F.scaled_dot_product_attention(q, k, v, scale=scale)
    except TypeError:
        qs = q * (scale * math.sqrt(q.shape[-1]))
        return lambda: F.scaled_dot_product_attention(qs, k, v)


def kv_attention_ref(q, k, v):
    """gqa, mha, mqa: O = softmax(Q·K)·V per head, no 1/sqrt(d) scaling.
    Q (H, Sq, D), K stored transposed (H, D, Skv), V (H, Skv, D); the softmax
    runs over the kv sequence (reduce_sum dim = 2 to extent 1)."""
    return [torch.matmul(torch.softmax(torch.matmul(q, k), dim=-1), v)]


def kv_attention_init(shapes):
    # Q and K entries of std D^(-1/4) give scores of std about 1, so the
    # unnormalized exp sums the µGraph keeps stay far from f16 overflow.
    s = shapes[0][-1] ** -0.25
    return [(0.0, s), (0.0, s), (0.0, 1.0)]


def kv_attention_sdpa(q, k, v):
    # K is laid out as SDPA wants it (H, Skv, D) outside the timed region;
    # the heads are SDPA's heads, with a batch of one.
    kt = k.transpose(-1, -2).contiguous()
    call = sdpa_call(q.unsqueeze(0), kt.unsqueeze(0), v.unsqueeze(0), 1.0)
    return lambda: call()[0]


def flash_attention_ref(q, k, v):
    """O = softmax(Q·Kᵀ · 1/sqrt(D))·V; Q (L, D), K and V (S, D); the
    softmax runs over S (reduce_sum dim = 1)."""
    scale = 1.0 / math.sqrt(q.shape[-1])
    return [torch.matmul(torch.softmax(torch.matmul(q, k.t()) * scale, dim=-1), v)]


def flash_attention_init(shapes):
    return [(0.0, 1.0), (0.0, 1.0), (0.0, 1.0)]


def flash_attention_sdpa(q, k, v):
    call = sdpa_call(q[None, None], k[None, None], v[None, None], 1.0 / math.sqrt(q.shape[-1]))
    return lambda: call()[0, 0]


def rmsnorm_ref(x, g, w):
    """Y = rms_norm(X, G)·W, rms_norm(X, G)[i, j] = X[i, j]·G[j] / sqrt(mean_j X[i, j]²)
    (epsilon 0, the op's default); X (M, K), G (K), W (K, N)."""
    n = x * torch.rsqrt(x.pow(2).mean(dim=-1, keepdim=True)) * g
    return [torch.matmul(n, w)]


def rmsnorm_init(shapes):
    k = shapes[0][-1]
    return [(0.0, 1.0), (1.0, 0.1), (0.0, k ** -0.5)]


def lora_ref(x, w, a, b):
    """O = X·W + (X·A)·B; X (M, K), W (K, N), A (K, R), B (R, N)."""
    return [torch.matmul(x, w) + torch.matmul(torch.matmul(x, a), b)]


def lora_init(shapes):
    k, r = shapes[0][-1], shapes[2][-1]
    return [(0.0, 1.0), (0.0, k ** -0.5), (0.0, k ** -0.5), (0.0, r ** -0.5)]


def gated_mlp_ref(x, w1, w2):
    """O = silu(X·W1) ⊙ (X·W2), silu(x) = x·sigmoid(x); X (M, K), W1 and W2 (K, N)."""
    return [torch.nn.functional.silu(torch.matmul(x, w1)) * torch.matmul(x, w2)]


def gated_mlp_init(shapes):
    k = shapes[0][-1]
    return [(0.0, 1.0), (0.0, k ** -0.5), (0.0, k ** -0.5)]


def qknorm_gqa_ref(q, k, v):
    """gqa with Q and K RMS-normalized over the head dim first (no gain):
    Q over its last dim, K (stored (H, D, Skv)) over dim 1; the logits
    take the 1/sqrt(D) scale."""
    qn = q * torch.rsqrt(q.pow(2).mean(dim=-1, keepdim=True))
    kn = k * torch.rsqrt(k.pow(2).mean(dim=-2, keepdim=True))
    scale = 1.0 / math.sqrt(q.shape[-1])
    return [torch.matmul(torch.softmax(torch.matmul(qn, kn) * scale, dim=-1), v)]


def qknorm_gqa_init(shapes):
    # The norms fix the logits' scale (std about 1 after the 1/sqrt(D)
    # factor), whatever the inputs' scale.
    return [(0.0, 1.0), (0.0, 1.0), (0.0, 1.0)]


def ntrans_ref(h, a, alpha):
    """h' = norm(h + alpha ⊙ (norm(a) - h)), norm(x) = x / ||x|| per row."""
    def norm(x):
        return x * torch.rsqrt(x.pow(2).sum(dim=-1, keepdim=True))
    return [norm(h + alpha * (norm(a) - h))]


def ntrans_init(shapes):
    d = shapes[0][-1]
    return [(0.0, d ** -0.5), (0.0, 1.0), (0.05, 0.01)]


def mlp_adapter_ref(x, w1, w2):
    """O = relu(X·W1)·W2 + X; X (M, D), W1 (D, R), W2 (R, D)."""
    return [torch.matmul(torch.relu(torch.matmul(x, w1)), w2) + x]


def mlp_adapter_init(shapes):
    d, r = shapes[0][-1], shapes[1][-1]
    return [(0.0, 1.0), (0.0, d ** -0.5), (0.0, r ** -0.5)]


def layernorm_matmul_ref(x, y):
    """Z = LayerNorm(X)·Y without affine and epsilon; X (M, K), Y (K, N)."""
    xc = x - x.mean(dim=-1, keepdim=True)
    return [torch.matmul(xc * torch.rsqrt(xc.pow(2).mean(dim=-1, keepdim=True)), y)]


def layernorm_matmul_init(shapes):
    k = shapes[0][-1]
    # A nonzero mean makes the centring matter.
    return [(0.5, 1.0), (0.0, k ** -0.5)]


def rmsnorm_swiglu_ref(x, g, w, v, u):
    """O = (silu(R·W) ⊙ (R·V))·U, R = rms_norm(X, G); X (M, D), G (D),
    W and V (D, H), U (H, N)."""
    r = x * torch.rsqrt(x.pow(2).mean(dim=-1, keepdim=True)) * g
    F = torch.nn.functional
    return [torch.matmul(F.silu(torch.matmul(r, w)) * torch.matmul(r, v), u)]


def rmsnorm_swiglu_init(shapes):
    d, h = shapes[0][-1], shapes[2][-1]
    return [(0.0, 1.0), (1.0, 0.1), (0.0, d ** -0.5), (0.0, d ** -0.5), (0.0, h ** -0.5)]


def kv_attention():
    return Workload(kv_attention_ref, kv_attention_init, kv_attention_sdpa)


WORKLOADS = {
    "gqa": kv_attention(),
    "mha": kv_attention(),
    "mqa": kv_attention(),
    "flash_attention": Workload(flash_attention_ref, flash_attention_init, flash_attention_sdpa),
    "rmsnorm": Workload(rmsnorm_ref, rmsnorm_init),
    "lora": Workload(lora_ref, lora_init),
    "gated_mlp": Workload(gated_mlp_ref, gated_mlp_init),
    "qknorm_gqa": Workload(qknorm_gqa_ref, qknorm_gqa_init),
    "ntrans": Workload(ntrans_ref, ntrans_init),
    "mlp_adapter": Workload(mlp_adapter_ref, mlp_adapter_init),
    "layernorm_matmul": Workload(layernorm_matmul_ref, layernorm_matmul_init),
    "rmsnorm_swiglu": Workload(rmsnorm_swiglu_ref, rmsnorm_swiglu_init),
}

# Without a reference (a workload not listed above) inputs get this init and
# only tsopt is timed.
DEFAULT_INIT = (0.0, 0.5)

# max |out - ref| <= atol · max|ref| + rtol · |ref|, elementwise, against the
# float64 reference; (rtol, atol) per dtype. atol is relative to the output's
# scale (its largest magnitude), so one tolerance serves every workload.
TOLERANCES = {"f16": (2e-2, 2e-2), "bf16": (5e-2, 5e-2), "f32": (1e-3, 1e-3)}


def torch_dtype(name):
    return {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32}[name]


def make_inputs(fn, workload, device, seed):
    """Random inputs of the function, normal with the workload's mean and std."""
    inputs = buffers_of(fn, "input")
    shapes = [b["shape"] for b in inputs]
    init = workload.init(shapes) if workload else [DEFAULT_INIT] * len(inputs)
    gen = torch.Generator(device=device)
    gen.manual_seed(seed)
    out = []
    for buf, (mean, std) in zip(inputs, init):
        x = torch.randn(buf["shape"], generator=gen, device=device, dtype=torch.float32)
        out.append((x * std + mean).to(torch_dtype(buf["dtype"])))
    return out


def compare(out, ref, dtype):
    """Error of out against ref (float64) under the dtype's tolerance."""
    rtol, atol = TOLERANCES[dtype]
    out, ref = out.double(), ref.double()
    scale = ref.abs().max().item() or 1.0
    nonfinite = int((~torch.isfinite(out)).sum().item())
    err = (out - ref).abs()
    err = torch.where(torch.isfinite(err), err, torch.full_like(err, math.inf))
    bad = int((err > atol * scale + rtol * ref.abs()).sum().item())
    max_abs = err.max().item()
    return {"ok": bad == 0 and nonfinite == 0, "max_abs": max_abs, "max_err": max_abs / scale,
            "scale": scale, "bad": bad, "nonfinite": nonfinite}


def compare_all(outs, refs, dtypes):
    """The worst comparison over the outputs."""
    if len(outs) != len(refs):
        raise RuntimeError("%d outputs, the reference has %d" % (len(outs), len(refs)))
    worst = None
    for i, (o, r, dt) in enumerate(zip(outs, refs, dtypes)):
        if tuple(o.shape) != tuple(r.shape):
            raise RuntimeError("output %d has shape %s, the reference %s" % (i, list(o.shape), list(r.shape)))
        c = compare(o, r, dt)
        if worst is None or (not c["ok"], c["max_err"]) > (not worst["ok"], worst["max_err"]):
            worst = c
    return worst


def cases_path(manifest_path, fn_name):
    """<fn>.cases.npz beside the manifest (utils/linalg_oracle.py --export:
    inputs and upstream MLIR's outputs per input regime), or None."""
    path = os.path.join(os.path.dirname(manifest_path), fn_name + ".cases.npz")
    return path if os.path.exists(path) else None


def load_cases(path):
    """[(regime, inputs, expected outputs, tolerances)] from a cases file."""
    import numpy as np
    out = []
    with np.load(path) as z:
        for r in [str(x) for x in z["regimes"]]:
            def series(kind):
                items, i = [], 0
                while "%s.%s%d" % (r, kind, i) in z:
                    items.append(z["%s.%s%d" % (r, kind, i)])
                    i += 1
                return items
            out.append((r, series("input"), series("expected"),
                        [float(t) for t in series("tol")]))
    return out


def normwise_error(out, want):
    """||out - want|| / ||want|| in float64 (utils/linalg_oracle.py's
    measure); inf when out is not finite."""
    out, want = out.double(), want.double()
    if not bool(torch.isfinite(out).all()):
        return math.inf
    return (torch.linalg.vector_norm(out - want) /
            max(torch.linalg.vector_norm(want).item(), 1e-300)).item()


def check_cases(cases, fn, inputs, outs, program, result):
    """Runs the program on every regime's inputs (copied into the input
    buffers) and checks each output against upstream's with the oracle's
    normwise tolerance. Leaves the buffers holding the last regime, which
    the timing then uses."""
    rows = []
    for regime, xs, wants, tols in cases:
        if len(xs) != len(inputs) or len(wants) != len(outs):
            raise RuntimeError("regime %s has %d inputs and %d outputs, the function %d and %d"
                               % (regime, len(xs), len(wants), len(inputs), len(outs)))
        for buf, x in zip(inputs, xs):
            if tuple(buf.shape) != tuple(x.shape):
                raise RuntimeError("regime %s: an input has shape %s, the manifest %s"
                                   % (regime, list(x.shape), list(buf.shape)))
            buf.copy_(torch.from_numpy(x).to(buf.device, buf.dtype))
        for o in outs:
            o.fill_(math.nan)
        program()
        if outs and outs[0].is_cuda:
            torch.cuda.synchronize()
        for i, (o, w, tol) in enumerate(zip(outs, wants, tols)):
            w = torch.from_numpy(w).to(o.device)
            err = normwise_error(o.reshape(w.shape), w) if o.numel() == w.numel() else math.inf
            rows.append({"regime": regime, "output": i, "error": err, "tol": tol,
                         "ok": err <= tol})
    checked = [r for r in rows if math.isfinite(r["tol"])]
    worst = max(checked, key=lambda r: r["error"] / r["tol"]) if checked else None
    result["cases"] = rows
    result["check"] = {"ok": bool(checked) and all(r["ok"] for r in checked),
                       "max_err": worst["error"] if worst else math.inf,
                       "regime": worst["regime"] if worst else None}
    if not checked:
        result["notes"].append("every regime of the cases file was skipped")
    for r in checked:
        if not r["ok"]:
            result["notes"].append("regime %s output %d: error %.2e above the oracle's tolerance %.2e"
                                   % (r["regime"], r["output"], r["error"], r["tol"]))


# ----------------------------------------------------------------------------
# Launching PTX: CuPy, or cuda-python's driver API
# ----------------------------------------------------------------------------


def launcher_backend(choice):
    """(name, module) of the launcher to use; raises ImportError when none."""
    if choice in ("auto", "cupy"):
        try:
            import cupy
            return "cupy", cupy
        except ImportError:
            if choice == "cupy":
                raise
    try:
        from cuda.bindings import driver
    except ImportError:
        from cuda import cuda as driver
    return "cuda-python", driver


def launcher_version(name, module):
    if name == "cupy":
        return "CuPy %s" % module.__version__
    try:
        from importlib.metadata import version
        return "cuda-python %s" % version("cuda-python")
    except Exception:
        return "cuda-python"


def ptxas_log(path, target):
    """ptxas's complaint about the PTX, when a CUDA toolkit is installed."""
    import shutil
    if not shutil.which("ptxas") or not target:
        return ""
    try:
        r = subprocess.run(["ptxas", "-arch=" + target, path, "-o", os.devnull],
                           capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.SubprocessError):
        return ""
    return (r.stderr or r.stdout).strip()


class CupyProgram:
    """The kernels of one function, loaded with cupy.RawModule from the PTX
    file and launched on the current PyTorch stream."""

    def __init__(self, cupy, path, kernels, pointers):
        import numpy
        cupy.cuda.ExternalStream(torch.cuda.current_stream().cuda_stream).use()
        module = cupy.RawModule(path=path)
        self.launches = []
        for k in kernels:
            f = module.get_function(k["name"])
            smem = k["shared_memory_bytes"]
            if smem > STATIC_SHARED_LIMIT:
                f.max_dynamic_shared_size_bytes = smem
            args = tuple(numpy.uint64(pointers[a]) for a in k["args"])
            self.launches.append((f, tuple(k["grid"]), tuple(k["block"]), args, smem))

    def launch(self, i):
        f, grid, block, args, smem = self.launches[i]
        f(grid, block, args, shared_mem=smem)

    def __call__(self):
        for i in range(len(self.launches)):
            self.launch(i)


class DriverProgram:
    """The same through cuda-python's driver API (cuModuleLoadData,
    cuLaunchKernel), in the context PyTorch made current."""

    def __init__(self, driver, path, kernels, pointers):
        self.d = driver
        self.check(driver.cuInit(0))
        if not int(self.check(driver.cuCtxGetCurrent())):
            dev = self.check(driver.cuDeviceGet(torch.cuda.current_device()))
            self.check(driver.cuCtxSetCurrent(self.check(driver.cuDevicePrimaryCtxRetain(dev))))
        with open(path, "rb") as f:
            self.image = ctypes.create_string_buffer(f.read())  # NUL-terminated
        self.module = self.check(driver.cuModuleLoadData(ctypes.addressof(self.image)))
        self.stream = driver.CUstream(torch.cuda.current_stream().cuda_stream)
        attr = driver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
        self.launches, self.keep = [], []
        for k in kernels:
            f = self.check(driver.cuModuleGetFunction(self.module, k["name"].encode()))
            smem = k["shared_memory_bytes"]
            if smem > STATIC_SHARED_LIMIT:
                self.check(driver.cuFuncSetAttribute(f, attr, smem))
            n = len(k["args"])
            values = (ctypes.c_uint64 * max(n, 1))(*[pointers[a] for a in k["args"]])
            params = (ctypes.c_void_p * max(n, 1))(*[ctypes.addressof(values) + 8 * i for i in range(n)])
            self.keep += [values, params]
            self.launches.append((f, k["grid"], k["block"], smem, ctypes.addressof(params) if n else 0))

    def check(self, result):
        err, rest = result[0], result[1:]
        if int(err) != 0:
            name = self.d.cuGetErrorName(err)[1]
            raise RuntimeError("CUDA driver error %s" % (name.decode() if isinstance(name, bytes) else err))
        return rest[0] if len(rest) == 1 else None

    def launch(self, i):
        f, grid, block, smem, params = self.launches[i]
        self.check(self.d.cuLaunchKernel(f, *grid, *block, smem, self.stream, params, 0))

    def __call__(self):
        for i in range(len(self.launches)):
            self.launch(i)


def load_program(backend, manifest, fn, pointers):
    name, module = backend
    path = ptx_path(manifest)
    try:
        if name == "cupy":
            return CupyProgram(module, path, fn["kernels"], pointers)
        return DriverProgram(module, path, fn["kernels"], pointers)
    except Exception as e:
        detail = ptxas_log(path, manifest.get("target"))
        raise RuntimeError("loading %s: %s%s" % (manifest["ptx"], one_line(e), ("\nptxas: " + detail) if detail else ""))


# ----------------------------------------------------------------------------
# Timing
# ----------------------------------------------------------------------------

# Each timed iteration starts behind a short GPU spin so that its launches
# are queued before the start event runs: the times are GPU execution, not
# Python launch overhead, for tsopt and the baselines alike.
SPIN_CYCLES = 1_000_000
FLUSH_BYTES = 256 << 20


def gpu_spin():
    if hasattr(torch.cuda, "_sleep"):
        torch.cuda._sleep(SPIN_CYCLES)


def time_gpu(fn, warmup, iters, flush=None):
    """Median time of fn in microseconds, one CUDA event pair per iteration."""
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    events = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
              for _ in range(iters)]
    for start, end in events:
        if flush is not None:
            flush()
        gpu_spin()
        start.record()
        fn()
        end.record()
    torch.cuda.synchronize()
    return statistics.median(start.elapsed_time(end) * 1000.0 for start, end in events)


def copy_bandwidth(warmup, iters):
    """Device-to-device copy bandwidth in GB/s, counting the bytes read and
    the bytes written (as the functions' bandwidth does)."""
    free = torch.cuda.mem_get_info()[0]
    nbytes = min(1 << 30, free // 4)
    src = torch.ones(nbytes, dtype=torch.uint8, device=DEVICE)
    dst = torch.empty_like(src)
    t = time_gpu(lambda: dst.copy_(src), warmup, iters)
    del src, dst
    torch.cuda.empty_cache()
    return {"gbps": 2 * nbytes / (t * 1e-6) / 1e9, "bytes": nbytes}


# ----------------------------------------------------------------------------
# One function
# ----------------------------------------------------------------------------


def one_line(e):
    text = str(e).strip().splitlines()
    return "%s: %s" % (type(e).__name__, text[0] if text else "")


def seed_of(name, seed):
    return (zlib.crc32(name.encode()) + seed) % (1 << 31)


def new_result(key, fn_name):
    return {"workload": key, "function": fn_name, "status": "ok", "error": None,
            "check": None, "times": {}, "kernel_times": {}, "io_bytes": None, "notes": []}


def allocate(fn, inputs):
    """Device tensors for every buffer: the inputs given, the outputs filled
    with NaN (unwritten elements then fail the check), temporaries empty."""
    tensors, it = [], iter(inputs)
    for b in fn["buffers"]:
        if b["role"] == "input":
            tensors.append(next(it))
        else:
            t = torch.empty(b["shape"], dtype=torch_dtype(b["dtype"]), device=DEVICE)
            if b["role"] == "output":
                t.fill_(math.nan)
            tensors.append(t)
    return tensors


def check_baseline(label, call, refs, dtypes, result):
    """Runs a baseline once and notes when it disagrees with the reference."""
    outs = call()
    c = compare_all(list(outs) if isinstance(outs, (list, tuple)) else [outs], refs, dtypes)
    if not c["ok"]:
        result["notes"].append("%s disagrees with the float64 reference (max err %.2e)" % (label, c["max_err"]))


def baselines(workload, inputs, opts, refs, dtypes, result):
    """The zero-argument baseline calls that ran correctly, by column."""
    calls = {"eager": lambda: workload.reference(*inputs)}
    if opts.compile_mode != "none":
        try:
            mode = None if opts.compile_mode == "default" else opts.compile_mode
            compiled = torch.compile(workload.reference, mode=mode)
            check_baseline("torch.compile", lambda: compiled(*inputs), refs, dtypes, result)
            calls["compile"] = lambda: compiled(*inputs)
        except Exception as e:
            result["notes"].append("torch.compile failed: %s" % one_line(e))
    if workload.sdpa is not None:
        try:
            sdpa = workload.sdpa(*inputs)
            check_baseline("SDPA", sdpa, refs, dtypes, result)
            calls["sdpa"] = sdpa
        except Exception as e:
            result["notes"].append("SDPA failed: %s" % one_line(e))
    check_baseline("PyTorch eager", calls["eager"], refs, dtypes, result)
    return calls


def bench_function(manifest, fn, backend, opts, cases=None):
    """Checks and times one function. `cases` (load_cases): the function is
    checked against upstream MLIR's outputs on the oracle's inputs instead
    of a workload reference, and timed alone."""
    key = workload_key(fn["name"])
    result = new_result(key, fn["name"])
    result["io_bytes"] = io_bytes(fn)
    workload = None if cases else WORKLOADS.get(key)
    if workload is None and not cases:
        result["notes"].append("no reference for %s: not checked, no baselines" % key)
    step = "allocating"
    try:
        inputs = make_inputs(fn, workload, DEVICE, seed_of(key, opts.seed))
        saved = [x.clone() for x in inputs]
        tensors = allocate(fn, inputs)
        outs = [t for t, b in zip(tensors, fn["buffers"]) if b["role"] == "output"]
        dtypes = [b["dtype"] for b in buffers_of(fn, "output")]
        step = "loading"
        program = load_program(backend, manifest, fn, [t.data_ptr() for t in tensors])
        step = "running"
        program()
        torch.cuda.synchronize()
        modified = [i for i, (x, s) in enumerate(zip(inputs, saved)) if not torch.equal(x, s)]
        for i in modified:
            result["notes"].append("input arg%d was modified by the kernels" % i)
        calls = {}
        if cases:
            step = "checking against upstream's outputs"
            check_cases(cases, fn, inputs, outs, program, result)
            result["check"]["ok"] = result["check"]["ok"] and not modified
        if workload is not None:
            step = "checking"
            refs = workload.reference(*[x.double() for x in saved])
            result["check"] = compare_all(outs, refs, dtypes)
            result["check"]["ok"] = result["check"]["ok"] and not modified
            if not opts.check_only:
                step = "running the baselines"
                calls = baselines(workload, inputs, opts, refs, dtypes, result)
            del refs
        if opts.check_only:
            return result
        step = "timing"
        flush_buf = torch.empty(FLUSH_BYTES, dtype=torch.uint8, device=DEVICE) if opts.cold_l2 else None
        flush = flush_buf.zero_ if flush_buf is not None else None
        result["times"]["tsopt"] = time_gpu(program, opts.warmup, opts.iters, flush)
        # Each kernel alone, on the buffers the whole run left (every
        # kernel reads only what earlier kernels wrote), for the per-kernel
        # comparison with the cost model's estimates.
        for i, k in enumerate(fn["kernels"]):
            result["kernel_times"][k["name"]] = time_gpu(lambda: program.launch(i), opts.warmup,
                                                         opts.iters, flush)
        for label, call in calls.items():
            try:
                result["times"][label] = time_gpu(call, opts.warmup, opts.iters, flush)
            except Exception as e:
                result["notes"].append("timing %s failed: %s" % (label, one_line(e)))
    except Exception as e:
        result["status"] = "error"
        result["error"] = "%s: %s" % (step, str(e).strip() or type(e).__name__)
    return result


# ----------------------------------------------------------------------------
# Running the bundle: one child process per function
# ----------------------------------------------------------------------------
#
# A faulty kernel (an illegal address, a hang) leaves the CUDA context
# unusable, so by default each function runs in its own process, under a
# time limit; the parent only collects the results.

RESULT_MARK = "@@gpu-bench-result "


def worker_command(manifest_path, fn_name, opts):
    cmd = [sys.executable, os.path.abspath(__file__), "--worker", manifest_path, fn_name,
           "--warmup", str(opts.warmup), "--iters", str(opts.iters), "--seed", str(opts.seed),
           "--compile-mode", opts.compile_mode, "--launcher", opts.launcher]
    if opts.check_only:
        cmd.append("--check-only")
    if opts.cold_l2:
        cmd.append("--cold-l2")
    return cmd


def run_worker(manifest_path, fn_name, opts):
    key = workload_key(fn_name)
    try:
        r = subprocess.run(worker_command(manifest_path, fn_name, opts), capture_output=True,
                           text=True, timeout=opts.timeout)
    except subprocess.TimeoutExpired:
        res = new_result(key, fn_name)
        res.update(status="error", error="timed out after %d s" % opts.timeout)
        return res
    for line in reversed(r.stdout.splitlines()):
        if line.startswith(RESULT_MARK):
            return json.loads(line[len(RESULT_MARK):])
    res = new_result(key, fn_name)
    tail = " | ".join(r.stderr.strip().splitlines()[-5:])
    res.update(status="error", error="worker exited with status %d: %s" % (r.returncode, tail))
    return res


def worker_main(opts):
    manifest_path, fn_name = opts.worker
    if not need_torch() or not torch.cuda.is_available():
        print(RESULT_MARK + json.dumps(dict(new_result(workload_key(fn_name), fn_name),
                                            status="error", error="no GPU in the worker")))
        return 0
    setup_torch()
    manifest = read_manifest(manifest_path)
    fn = next(f for f in manifest["functions"] if f["name"] == fn_name)
    cases = cases_path(manifest_path, fn_name)
    result = bench_function(manifest, fn, launcher_backend(opts.launcher), opts,
                            load_cases(cases) if cases else None)
    print(RESULT_MARK + json.dumps(result), flush=True)
    return 0


def setup_torch():
    # The float64 reference and f32 baselines must not use TF32.
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.cuda.init()
    torch.empty(1, device="cuda")


def cases(bundle, selected):
    """(manifest path, manifest or None, function name or error) per function to run."""
    out = []
    for path in find_manifests(bundle):
        stem = os.path.splitext(os.path.basename(path))[0]
        try:
            m = read_manifest(path)
        except ManifestError as e:
            if not selected or stem in selected:
                out.append((path, None, stem, str(e)))
            continue
        for fn in m["functions"]:
            if not selected or workload_key(fn["name"]) in selected or fn["name"] in selected:
                out.append((path, m, fn["name"], None))
    return out


def run_case(path, manifest, fn_name, error, backend, opts):
    if error is not None:
        res = new_result(fn_name, fn_name)
        res.update(status="error", error=error)
        return res
    problems = check_ptx(manifest, fn_name)
    if problems:
        res = new_result(workload_key(fn_name), fn_name)
        res.update(status="error", error="; ".join(problems))
        return res
    if opts.isolate:
        return run_worker(path, fn_name, opts)
    fn = next(f for f in manifest["functions"] if f["name"] == fn_name)
    cases = cases_path(path, fn_name)
    res = bench_function(manifest, fn, backend, opts, load_cases(cases) if cases else None)
    if hasattr(torch, "_dynamo"):
        torch._dynamo.reset()
    return res


def environment(bundle, backend, manifests):
    props = torch.cuda.get_device_properties(0)
    env = {
        "device": torch.cuda.get_device_name(0),
        "capability": "sm_%d%d" % (props.major, props.minor),
        "sms": props.multi_processor_count,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "torch": torch.__version__,
        "cuda": torch.version.cuda,
        "launcher": launcher_version(*backend),
        "bundle": read_bundle_info(bundle),
        "targets": sorted({ptx_target(m) or m.get("target", "?") for m in manifests}),
    }
    return env


def warn_target(env):
    """A PTX target newer than the device cannot be loaded: say so up front."""
    have = int(env["capability"][3:])
    for target in env["targets"]:
        found = re.match(r"sm_(\d+)", target or "")
        if found and int(found.group(1)) > have:
            log("warning: the PTX targets %s, the device is %s: loading will fail" % (target, env["capability"]))


def read_bundle_info(bundle):
    info = {}
    try:
        with open(os.path.join(bundle, "bundle-info.txt")) as f:
            for line in f:
                key, sep, value = line.partition(":")
                if sep:
                    info[key.strip()] = value.strip()
    except OSError:
        pass
    return info


def summary_line(res):
    if res["status"] != "ok":
        return "%s: ERROR %s" % (res["function"], res["error"])
    times = "".join("  %s %.1f µs" % (label, res["times"][label])
                    for label in ("tsopt",) + BASELINES if res["times"].get(label))
    return "%s: %s%s" % (res["function"], verdict(res), times)


def run_bundle(opts):
    bundle = os.path.abspath(opts.bundle)
    if not os.path.isdir(bundle):
        log("error: %s is not a directory" % bundle)
        return 1
    if not need_torch():
        log("error: PyTorch is not installed; gpu_bench.py needs PyTorch and a CUDA GPU")
        return 2
    if not torch.cuda.is_available():
        log("error: no CUDA GPU is available to PyTorch (torch %s, built with CUDA %s); "
            "run this on the GPU machine" % (torch.__version__, torch.version.cuda))
        return 2
    try:
        backend = launcher_backend(opts.launcher)
    except ImportError:
        log("error: %s is not installed; CuPy or cuda-python loads the PTX"
            % ("neither CuPy nor cuda-python" if opts.launcher == "auto" else opts.launcher))
        return 2
    setup_torch()
    selected = set(filter(None, opts.workloads.split(","))) if opts.workloads else set()
    todo = cases(bundle, selected)
    if not todo:
        log("error: no launch manifests%s in %s" % (" for " + opts.workloads if selected else "", bundle))
        return 1
    found = {workload_key(f) for _, _, f, _ in todo} | {f for _, _, f, _ in todo}
    for name in sorted(selected - found):
        log("warning: no function for workload %s in %s" % (name, bundle))
    manifests = [m for _, m, _, _ in todo if m is not None]
    env = environment(bundle, backend, manifests)
    warn_target(env)
    env["copy"] = None if opts.check_only else copy_bandwidth(opts.warmup, opts.iters)
    results = []
    for path, m, fn_name, error in todo:
        log("running %s ..." % fn_name)
        res = run_case(path, m, fn_name, error, backend, opts)
        log("  " + summary_line(res))
        results.append(res)
    return report(env, results, opts)


def report(env, results, opts):
    text = render_markdown(env, results, opts)
    print(text)
    if opts.out:
        with open(opts.out, "w") as f:
            f.write(text + "\n")
    if opts.json:
        with open(opts.json, "w") as f:
            json.dump({"environment": env, "results": results}, f, indent=1)
    if opts.plot and not opts.check_only:
        plot(results, opts.plot)
    ok = all(r["status"] == "ok" and (r["check"] is None or r["check"]["ok"]) for r in results)
    return 0 if ok else 1


# ----------------------------------------------------------------------------
# Report
# ----------------------------------------------------------------------------

BASELINES = ("eager", "compile", "sdpa")


def fmt_us(t):
    return "%.1f" % t if t is not None else "n/a"


def fmt_gbps(g):
    if not g:
        return "n/a"
    return "%.0f" % g if g >= 10 else "%.2g" % g


def verdict(res):
    c = res["check"]
    if c is None:
        return "n/a"
    return "%s (%.1e)" % ("PASS" if c["ok"] else "FAIL", c["max_err"])


def table_row(res, copy_gbps, check_only):
    if res["status"] != "ok":
        return "| %s | ERROR | %s |" % (res["function"], " | ".join(["n/a"] * 7))
    times = res["times"]
    cells = [res["function"], verdict(res)]
    if check_only:
        return "| %s |" % " | ".join(cells + ["-"] * 7)
    t = times.get("tsopt")
    base = [times[b] for b in BASELINES if times.get(b) is not None]
    speedup = "%.2f×" % (min(base) / t) if t and base else "n/a"
    gbps = res["io_bytes"] / (t * 1e-6) / 1e9 if t else None
    frac = "%.2f" % (gbps / copy_gbps) if gbps and copy_gbps else "n/a"
    cells += [fmt_us(t)] + [fmt_us(times.get(b)) for b in BASELINES]
    cells += [speedup, fmt_gbps(gbps), frac]
    return "| %s |" % " | ".join(cells)


def render_markdown(env, results, opts):
    tol = ", ".join("%s rtol %g atol %g" % (k, r, a) for k, (r, a) in TOLERANCES.items())
    lines = ["- Device: %s (%s, %d SMs)" % (env["device"], env["capability"], env["sms"]),
             "- Date: %s" % env["date"],
             "- PyTorch %s, CUDA %s, launcher %s" % (env["torch"], env["cuda"], env["launcher"])]
    info = env.get("bundle") or {}
    if info:
        lines.append("- Bundle: " + ", ".join("%s %s" % kv for kv in sorted(info.items())))
    lines.append("- PTX target: %s" % ", ".join(env["targets"]))
    copy = env.get("copy")
    if copy:
        lines.append("- Copy bandwidth: %.0f GB/s (device-to-device copy of %d MiB, bytes read + written)"
                     % (copy["gbps"], copy["bytes"] >> 20))
    if not opts.check_only:
        lines.append("- Timing: median of %d iterations after %d warm-up, CUDA events, %s L2; "
                     "torch.compile mode %s" % (opts.iters, opts.warmup, "flushed" if opts.cold_l2 else "warm",
                                                 opts.compile_mode))
    lines.append("- Check: |out - ref| <= atol·max|ref| + rtol·|ref| against a float64 PyTorch "
                 "reference (%s); max err = max|out - ref| / max|ref|" % tol)
    lines += ["", "| function | correct (max err) | tsopt µs | eager µs | compile µs | SDPA µs "
              "| speedup vs best | tsopt GB/s | of copy BW |",
              "|---|---|--:|--:|--:|--:|--:|--:|--:|"]
    copy_gbps = copy["gbps"] if copy else None
    lines += [table_row(r, copy_gbps, opts.check_only) for r in results]
    kernels = [(name, t) for r in results for name, t in r.get("kernel_times", {}).items()]
    if kernels:
        lines += ["", "Each kernel alone (median µs, same timing):", "", "| kernel | µs |", "|---|--:|"]
        lines += ["| %s | %s |" % (name, fmt_us(t)) for name, t in kernels]
    notes = [(r["function"], "ERROR " + r["error"]) for r in results if r["status"] != "ok"]
    notes += [(r["function"], n) for r in results for n in r["notes"]]
    if notes:
        lines += ["", "Notes:", ""] + ["- %s: %s" % (f, n.replace("\n", " ")) for f, n in notes]
    return "\n".join(lines)


def plot(results, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        log("plot skipped: matplotlib is not installed")
        return
    rows = [r for r in results if r["status"] == "ok" and r["times"]]
    if not rows:
        log("plot skipped: nothing was timed")
        return
    labels = ["tsopt", "eager", "compile", "sdpa"]
    width = 0.8 / len(labels)
    fig, ax = plt.subplots(figsize=(max(6, 1.4 * len(rows)), 4))
    for i, label in enumerate(labels):
        xs = [j + (i - (len(labels) - 1) / 2) * width for j in range(len(rows))]
        ys = [r["times"].get(label) or math.nan for r in rows]
        ax.bar(xs, ys, width, label={"compile": "torch.compile", "sdpa": "SDPA"}.get(label, label))
    ax.set_xticks(range(len(rows)))
    ax.set_xticklabels([r["function"] for r in rows], rotation=30, ha="right")
    ax.set_yscale("log")
    ax.set_ylabel("time (µs, log scale; lower is better)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=150)
    log("plot written to %s" % path)


# ----------------------------------------------------------------------------
# --validate: the manifests of a bundle, no GPU needed
# ----------------------------------------------------------------------------


def validate(bundle):
    paths = find_manifests(bundle) if os.path.isdir(bundle) else []
    if not paths:
        log("error: no launch manifests in %s" % bundle)
        return 1
    failed = 0
    for path in paths:
        try:
            problems = check_ptx(read_manifest(path))
        except ManifestError as e:
            problems = [str(e)]
        name = os.path.basename(path)
        print("%s: %s" % (name, "ok" if not problems else "; ".join(problems)))
        failed += bool(problems)
    return 1 if failed else 0


# ----------------------------------------------------------------------------
# --self-test: the manifest reader and the references, on the CPU
# ----------------------------------------------------------------------------

SIG_RE = re.compile(r"func\.func @(\w+)_ref\(([^)]*)\)\s*->\s*(.*?)\s*\{")
TENSOR_RE = re.compile(r"tensor<((?:\d+x)*)(f16|bf16|f32)>")


def mlir_signature(path):
    """(name, input shapes, result shapes, dtype) of the file's reference function."""
    with open(path) as f:
        found = SIG_RE.search(f.read())
    if not found:
        return None
    def shapes(text):
        return [[int(d) for d in dims.split("x") if d] for dims, _ in TENSOR_RE.findall(text)]
    dtype = TENSOR_RE.search(found.group(2)).group(2)
    return found.group(1), shapes(found.group(2)), shapes(found.group(3)), dtype


def workload_files(folder):
    if not os.path.isdir(folder):
        return []
    return [os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.endswith(".mlir")]


def sample_manifest():
    return {
        "format": MANIFEST_FORMAT, "version": 1, "target": "sm_90", "ptx": "w.ptx",
        "functions": [{
            "name": "w_opt",
            "buffers": [
                {"name": "arg0", "role": "input", "shape": [8, 64], "dtype": "f16", "bytes": 1024},
                {"name": "result0", "role": "output", "shape": [8, 64], "dtype": "f16", "bytes": 1024},
                {"name": "tmp0", "role": "temporary", "shape": [8], "dtype": "f32", "bytes": 32}],
            "kernels": [
                {"name": "w_opt_kernel0", "grid": [4, 1, 1], "block": [128, 1, 1],
                 "shared_memory_bytes": 65536, "args": [0, 2]},
                {"name": "w_opt_kernel1", "grid": [1, 1, 1], "block": [32, 1, 1],
                 "shared_memory_bytes": 0, "args": [2, 1]}]}]}


SAMPLE_PTX = """
.version 8.0
.target sm_90
.address_size 64
.visible .entry w_opt_kernel0(
    .param .u64 w_opt_kernel0_param_0,
    .param .u64 w_opt_kernel0_param_1
)
{ ret; }
.visible .entry w_opt_kernel1(.param .u64 p0, .param .u64 p1)
{ ret; }
"""


def expect_rejected(m, fragment):
    try:
        check_manifest(m, "test")
    except ManifestError as e:
        assert fragment in str(e), "wrong message: %s" % e
        return
    raise AssertionError("accepted a manifest that should fail (%s)" % fragment)


def test_manifest_reader():
    check_manifest(sample_manifest(), "test")
    cases_ = [
        (lambda m: m.update(format="other"), "format"),
        (lambda m: m.update(version=2), "version"),
        (lambda m: m.update(version=True), "version"),
        (lambda m: m["functions"][0]["kernels"][0].update(args=[0, 3]), "buffer 3"),
        (lambda m: m["functions"][0]["kernels"][0].update(grid=[4, 1]), "grid"),
        (lambda m: m["functions"][0]["buffers"][0].update(bytes=1000), "bytes"),
        (lambda m: m["functions"][0]["buffers"][0].update(dtype="f64"), "dtype"),
        (lambda m: m["functions"][0]["buffers"][2].update(role="scratch"), "role"),
        (lambda m: m["functions"][0].update(kernels=[]), "kernels"),
    ]
    for mutate, fragment in cases_:
        m = sample_manifest()
        mutate(m)
        expect_rejected(m, fragment)
    fn = sample_manifest()["functions"][0]
    assert io_bytes(fn) == 2048 and workload_key(fn["name"]) == "w"
    assert [b["name"] for b in buffers_of(fn, "input")] == ["arg0"]


def test_manifest_files():
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "w.json"), "w") as f:
            json.dump(sample_manifest(), f)
        with open(os.path.join(d, "w.ptx"), "w") as f:
            f.write(SAMPLE_PTX)
        with open(os.path.join(d, "results.json"), "w") as f:
            json.dump({"results": []}, f)
        assert find_manifests(d) == [os.path.join(d, "w.json")]
        m = read_manifest(os.path.join(d, "w.json"))
        assert check_ptx(m) == [], check_ptx(m)
        assert ptx_target(m) == "sm_90"
        m["functions"][0]["kernels"][1]["args"] = [2]
        assert "takes 2 parameters" in check_ptx(m)[0]
        m["functions"][0]["kernels"][1]["name"] = "missing"
        assert "not an entry" in check_ptx(m)[0]
        with open(os.path.join(d, "w.json"), "w") as f:
            f.write("{not json")
        try:
            read_manifest(os.path.join(d, "w.json"))
            raise AssertionError("read a broken manifest")
        except ManifestError:
            pass
    assert ptx_entries(".entry k()\n{}") == {"k": 0}


def test_report():
    env = {"device": "GPU", "capability": "sm_90", "sms": 132, "date": "today", "torch": "x",
           "cuda": "y", "launcher": "z", "bundle": {"commit": "abc"}, "targets": ["sm_90"],
           "copy": {"gbps": 1000.0, "bytes": 1 << 30}}
    ok = dict(new_result("gqa", "gqa_opt"), io_bytes=10 ** 6,
              check={"ok": True, "max_err": 1e-3}, times={"tsopt": 10.0, "eager": 20.0, "sdpa": 15.0},
              kernel_times={"gqa_opt_kernel0": 7.5, "gqa_opt_kernel1": 2.25})
    bad = dict(new_result("lora", "lora_opt"), status="error", error="loading: boom")
    opts = argparse.Namespace(iters=100, warmup=10, cold_l2=False, compile_mode="default", check_only=False)
    text = render_markdown(env, [ok, bad], opts)
    assert "| gqa_opt | PASS (1.0e-03) | 10.0 | 20.0 | n/a | 15.0 | 1.50× | 100 | 0.10 |" in text, text
    assert "| gqa_opt_kernel0 | 7.5 |" in text and "| gqa_opt_kernel1 | 2.2 |" in text, text
    assert "| lora_opt | ERROR |" in text and "loading: boom" in text


STDLIB_TESTS = [test_manifest_reader, test_manifest_files, test_report]


def split_kv_attention(q, k, v, splits):
    """The gqa/mha/mqa µGraph's algebra: per kv split, unnormalized numerators
    and row sums, laid out split after split along the last dim, then summed
    over contiguous groups (reduce_sum to an extent) and divided."""
    h, sq, d = q.shape
    c = k.shape[-1] // splits
    parts, sums = [], []
    for s in range(splits):
        e = torch.exp(torch.matmul(q, k[:, :, s * c:(s + 1) * c]))
        parts.append(torch.matmul(e, v[:, s * c:(s + 1) * c, :]))
        sums.append(e.sum(dim=-1, keepdim=True))
    pa, pr = torch.cat(parts, dim=-1), torch.cat(sums, dim=-1)
    return pa.reshape(h, sq, splits, d).sum(dim=2) / pr.sum(dim=-1, keepdim=True)


def flash_loop(q, k, v, steps):
    """The flash_attention µGraph's loop over key/value blocks."""
    c, scale = k.shape[0] // steps, 1.0 / math.sqrt(q.shape[-1])
    acc, rows = 0, 0
    for i in range(steps):
        e = torch.exp(torch.matmul(q, k[i * c:(i + 1) * c].t()) * scale)
        acc = acc + torch.matmul(e, v[i * c:(i + 1) * c])
        rows = rows + e.sum(dim=-1, keepdim=True)
    return acc / rows


def alternative(key, xs):
    """Each workload in the form its µGraph computes it (not via the reference)."""
    if key in ("gqa", "mha", "mqa"):
        return split_kv_attention(*xs, splits=4)
    if key == "flash_attention":
        return flash_loop(*xs, steps=4)
    if key == "rmsnorm":
        x, g, w = xs
        return torch.matmul(x * g, w) / torch.sqrt((x * x).sum(dim=-1, keepdim=True) / x.shape[-1])
    if key == "lora":
        x, w, a, b = xs
        return torch.matmul(torch.cat([x, torch.matmul(x, a)], dim=1), torch.cat([w, b], dim=0))
    if key == "gated_mlp":
        x, w1, w2 = xs
        a = torch.matmul(x, w1)
        return a / (1 + torch.exp(-a)) * torch.matmul(x, w2)
    return None  # no second formulation written for this workload


def cpu_inputs(key, shapes, dtype, seed=0):
    fn = {"buffers": [{"role": "input", "shape": s, "dtype": "f32"} for s in shapes]}
    return [x.to(dtype) for x in make_inputs(fn, WORKLOADS[key], "cpu", seed)]


def test_references_published():
    """Every published-shape program has a reference, with its shapes."""
    files = workload_files(os.path.join(HERE, "workloads"))
    if not files:
        print("  (no utils/workloads next to the script; shapes not checked)")
    for path in files:
        name, ins, outs, _ = mlir_signature(path)
        assert name in WORKLOADS, "%s: no reference for %s in gpu_bench.py" % (path, name)
        xs = [torch.empty(s, device="meta") for s in ins]
        got = [list(y.shape) for y in WORKLOADS[name].reference(*xs)]
        assert got == outs, "%s: reference gives %s, the program %s" % (name, got, outs)
        assert len(WORKLOADS[name].init(ins)) == len(ins)


def reduced_shapes():
    """Small shapes: test/Workloads where the script sits in the repository,
    else fixed ones."""
    found = {}
    for path in workload_files(os.path.join(HERE, "..", "test", "Workloads")):
        sig = mlir_signature(path)
        if sig and sig[0] in WORKLOADS:
            found[sig[0]] = sig[1]
    fixed = {"gqa": [[2, 16, 8], [2, 8, 64], [2, 64, 8]], "mha": [[4, 4, 8], [4, 8, 64], [4, 64, 8]],
             "mqa": [[1, 32, 8], [1, 8, 64], [1, 64, 8]], "flash_attention": [[32, 16], [64, 16], [64, 16]],
             "rmsnorm": [[2, 64], [64], [64, 96]], "lora": [[8, 64], [64, 128], [64, 4], [4, 128]],
             "gated_mlp": [[8, 64], [64, 96], [64, 96]]}
    return {k: found[k] if k in found else fixed[k] for k in WORKLOADS if k in found or k in fixed}


def test_references_algebra():
    """The reference equals the µGraph's own formulation, in float64."""
    checked = 0
    for key, shapes in reduced_shapes().items():
        xs = cpu_inputs(key, shapes, torch.float64)
        ref = WORKLOADS[key].reference(*xs)[0]
        alt = alternative(key, xs)
        if alt is None:
            continue
        checked += 1
        err = (ref - alt).abs().max().item() / ref.abs().max().item()
        assert err < 1e-10, "%s: reference and µGraph form differ by %.2e" % (key, err)
    assert checked >= 7, "only %d workloads have a second formulation" % checked


def test_sdpa():
    """The SDPA baselines compute the same function as the references."""
    for key, shapes in reduced_shapes().items():
        if WORKLOADS[key].sdpa is None:
            continue
        xs = cpu_inputs(key, shapes, torch.float64)
        ref = WORKLOADS[key].reference(*xs)[0]
        got = WORKLOADS[key].sdpa(*xs)()
        err = (ref - got).abs().max().item() / ref.abs().max().item()
        assert err < 1e-6, "%s: SDPA differs from the reference by %.2e" % (key, err)


def test_inputs_conditioned():
    """The inputs keep every intermediate of the f16 programs in range: the
    unnormalized exp sums below f16's maximum, outputs of order one."""
    for key, shapes in reduced_shapes().items():
        xs = cpu_inputs(key, shapes, torch.float64)
        y = WORKLOADS[key].reference(*xs)[0]
        assert 0.05 < y.abs().max().item() < 100, "%s: output scale %g" % (key, y.abs().max().item())
    for path in workload_files(os.path.join(HERE, "workloads")):
        name, ins, _, _ = mlir_signature(path)
        if name in ("gqa", "mha", "mqa"):
            q, k, _ = cpu_inputs(name, ins, torch.float32)
            row_sums = torch.exp(torch.matmul(q, k)).sum(dim=-1)
            assert row_sums.max().item() < 65504 / 4, "%s: exp row sums reach %g" % (name, row_sums.max())


def test_compare():
    gen = torch.Generator().manual_seed(1)
    ref = torch.randn(64, 64, generator=gen, dtype=torch.float64)
    close = ref + 1e-3 * torch.randn(64, 64, generator=gen, dtype=torch.float64)
    assert compare(close.half(), ref, "f16")["ok"]
    off = close.clone()
    off[3, 5] += 0.2 * ref.abs().max()
    c = compare(off.half(), ref, "f16")
    assert not c["ok"] and c["bad"] == 1 and c["max_err"] > 0.1
    nan = close.clone()
    nan[0, 0] = math.nan
    assert not compare(nan.half(), ref, "f16")["ok"]
    assert compare_all([close.half()], [ref], ["f16"])["ok"]


def test_cases():
    """A cases file (utils/linalg_oracle.py --export) is read back and checked
    regime by regime: a program that computes the expected outputs passes,
    one that is off by more than a regime's tolerance fails, and a regime
    whose tolerance is inf is not checked."""
    import numpy as np
    rng = np.random.default_rng(0)
    x = rng.standard_normal((4, 8)).astype(np.float16)
    arrays = {"regimes": np.array(["layer", "tiny"])}
    for r, scale in (("layer", 1.0), ("tiny", 1e-6)):
        xs = (x.astype(np.float64) * scale).astype(np.float16)
        arrays[r + ".input0"] = xs
        arrays[r + ".expected0"] = 2.0 * xs.astype(np.float64)
        arrays[r + ".tol0"] = np.float64(1e-2 if r == "layer" else np.inf)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "f.cases.npz")
        np.savez(path, **arrays)
        cases = load_cases(path)
    assert [c[0] for c in cases] == ["layer", "tiny"], cases
    inp = torch.zeros(4, 8, dtype=torch.float16)
    out = torch.zeros(4, 8, dtype=torch.float16)
    for factor, ok in ((2.0, True), (2.1, False)):
        result = new_result("f", "f")
        check_cases(cases, None, [inp], [out], lambda: out.copy_(inp * factor), result)
        assert result["check"]["ok"] == ok, (factor, result["check"])
        assert len(result["cases"]) == 2 and not math.isfinite(result["cases"][1]["tol"])
    assert result["check"]["regime"] == "layer" and result["notes"]


TORCH_TESTS = [test_references_published, test_references_algebra, test_sdpa,
               test_inputs_conditioned, test_compare, test_cases]


def run_tests(tests):
    failed = 0
    for t in tests:
        try:
            t()
            print("ok    %s" % t.__name__)
        except Exception as e:
            failed += 1
            print("FAIL  %s: %s" % (t.__name__, one_line(e) if not isinstance(e, AssertionError) else e))
    return failed


def self_test():
    failed = run_tests(STDLIB_TESTS)
    if not need_torch():
        print("skipped: torch not installed (the reference checks need it)")
        return 1 if failed else 0
    failed += run_tests(TORCH_TESTS)
    print("%s" % ("all passed" if not failed else "%d failed" % failed))
    return 1 if failed else 0


# ----------------------------------------------------------------------------
# Command line
# ----------------------------------------------------------------------------


def parse_args(argv):
    p = argparse.ArgumentParser(description="Check and time tsopt's PTX against PyTorch on a GPU.")
    p.add_argument("bundle", nargs="?", default=".", help="folder of <name>.ptx and <name>.json (default: .)")
    p.add_argument("--workloads", default="", help="comma-separated workload names (default: all)")
    p.add_argument("--warmup", type=int, default=10, help="warm-up runs before timing (default 10)")
    p.add_argument("--iters", type=int, default=100, help="timed runs; the median is reported (default 100)")
    p.add_argument("--out", help="also write the Markdown report here")
    p.add_argument("--json", help="also write the raw results here")
    p.add_argument("--plot", help="bar chart of the times (PNG; needs matplotlib)")
    p.add_argument("--check-only", action="store_true", help="check correctness, time nothing")
    p.add_argument("--compile-mode", default="max-autotune-no-cudagraphs",
                   choices=["max-autotune-no-cudagraphs", "max-autotune", "reduce-overhead", "default", "none"],
                   help="torch.compile mode, or none to skip it (default max-autotune-no-cudagraphs)")
    p.add_argument("--launcher", default="auto", choices=["auto", "cupy", "cuda-python"],
                   help="what loads the PTX (default: CuPy if installed, else cuda-python)")
    p.add_argument("--cold-l2", action="store_true", help="flush the L2 cache before every timed run")
    p.add_argument("--seed", type=int, default=0, help="input seed (default 0)")
    p.add_argument("--timeout", type=int, default=1200, help="seconds per function (default 1200)")
    p.add_argument("--no-isolate", dest="isolate", action="store_false",
                   help="run every function in this process (a crashing kernel then stops the rest)")
    p.add_argument("--validate", action="store_true", help="only read the manifests and check the PTX entries")
    p.add_argument("--self-test", action="store_true", help="test the manifest reader and references on the CPU")
    p.add_argument("--worker", nargs=2, metavar=("MANIFEST", "FUNCTION"), help=argparse.SUPPRESS)
    opts = p.parse_args(argv)
    if opts.iters < 1 or opts.warmup < 0:
        p.error("--iters must be at least 1 and --warmup at least 0")
    return opts


def main(argv):
    opts = parse_args(argv)
    if opts.self_test:
        return self_test()
    if opts.validate:
        return validate(os.path.abspath(opts.bundle))
    if opts.worker:
        return worker_main(opts)
    return run_bundle(opts)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
