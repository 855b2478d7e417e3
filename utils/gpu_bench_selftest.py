"""The self-test of utils/gpu_bench.py (`gpu_bench.py --self-test`): the
manifest reader and the report with the standard library alone; where
PyTorch is installed, the references against the published shapes and the
µGraphs' algebra, SDPA, the input conditioning, the tolerance check and the
cases check. No GPU is needed."""

import argparse
import math
import os
import re
import tempfile

import gpu_bench
from gpu_bench import *  # noqa: F401,F403 (the functions under test)
from gpu_bench_workloads import *  # noqa: F401,F403

torch = None  # bound in self_test when PyTorch is installed


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
    global torch
    failed = run_tests(STDLIB_TESTS)
    if not gpu_bench.need_torch():
        print("skipped: torch not installed (the reference checks need it)")
        return 1 if failed else 0
    torch = gpu_bench.torch
    failed += run_tests(TORCH_TESTS)
    print("%s" % ("all passed" if not failed else "%d failed" % failed))
    return 1 if failed else 0
