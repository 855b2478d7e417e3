"""The workloads' PyTorch references, their inputs, and the checks of a
function's outputs (against a reference, or against upstream MLIR's outputs
in a cases file), for utils/gpu_bench.py. PyTorch is bound by gpu_bench's
need_torch (use_torch); nothing here imports it, so the manifest checks run
without it."""

import math
import os

torch = None  # bound by use_torch


def use_torch(module):
    global torch
    torch = module


def buffers_of(fn, role):
    return [b for b in fn["buffers"] if b["role"] == role]


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
