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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpu_bench_workloads  # noqa: E402
from gpu_bench_workloads import (  # noqa: E402
    TOLERANCES, WORKLOADS, buffers_of, cases_path, check_cases, compare, compare_all, load_cases,
    make_inputs, torch_dtype)

HERE = os.path.dirname(os.path.abspath(__file__))
DEVICE = "cuda"

torch = None  # imported on demand: --validate and the manifest checks run without it


def need_torch():
    """Imports PyTorch into the module global (and the workloads'); False
    when it is missing."""
    global torch
    if torch is None:
        try:
            import torch as _torch
        except ImportError:
            return False
        torch = _torch
        gpu_bench_workloads.use_torch(_torch)
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
    maps = kernel.get("tensor_maps", [])
    if not isinstance(maps, list):
        raise ManifestError("%s: tensor_maps %r is not a list" % (where, maps))
    for m in maps:
        ok = (isinstance(m, dict) and is_int(m.get("buffer")) and 0 <= m["buffer"] < nbuffers
              and m.get("dtype") in DTYPE_BYTES and m.get("swizzle") in (0, 32, 64, 128)
              and all(isinstance(m.get(key), list) and 1 <= len(m[key]) <= 5
                      and all(is_int(d) and d > 0 for d in m[key]) for key in ("shape", "box"))
              and len(m["shape"]) == len(m["box"]))
        if not ok:
            raise ManifestError("%s: tensor map %r is not a buffer, shape, dtype, box and swizzle" % (where, m))


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
            elif entries[k["name"]] != len(k["args"]) + len(k.get("tensor_maps", [])):
                problems.append("%s: kernel %s takes %d parameters in the PTX, the manifest passes %d"
                                % (fn["name"], k["name"], entries[k["name"]],
                                   len(k["args"]) + len(k.get("tensor_maps", []))))
    return problems


def ptx_target(manifest):
    try:
        with open(ptx_path(manifest)) as f:
            found = TARGET_RE.search(f.read())
    except OSError:
        return None
    return found.group(1).split(",")[0].strip() if found else None


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


# CUtensorMapDataType and CUtensorMapSwizzle (cuda.h).
TMA_DTYPES = {"f16": 6, "f32": 7, "bf16": 9}
TMA_SWIZZLES = {0: 0, 32: 1, 64: 2, 128: 3}


def encode_tensor_map(spec, address):
    """A device tensor holding the TMA descriptor (CUtensorMap) of the
    manifest's tensor map `spec` of the tensor at `address`: encoded by the
    driver's cuTensorMapEncodeTiled, copied to device memory."""
    libcuda = ctypes.CDLL("libcuda.so.1")
    encode = libcuda.cuTensorMapEncodeTiled
    rank = len(spec["shape"])
    u64, u32 = ctypes.c_uint64, ctypes.c_uint32
    dims = list(reversed(spec["shape"]))  # innermost first
    box = list(reversed(spec["box"]))
    strides, stride = [], DTYPE_BYTES[spec["dtype"]]
    for d in dims[:-1]:
        stride *= d
        strides.append(stride)
    descriptor = (ctypes.c_uint8 * 128)()
    err = encode(descriptor, ctypes.c_int(TMA_DTYPES[spec["dtype"]]), u32(rank), ctypes.c_void_p(address),
                 (u64 * rank)(*dims), (u64 * max(rank - 1, 1))(*strides), (u32 * rank)(*box),
                 (u32 * rank)(*([1] * rank)), ctypes.c_int(0), ctypes.c_int(TMA_SWIZZLES[spec["swizzle"]]),
                 ctypes.c_int(2), ctypes.c_int(0))
    if err != 0:
        raise RuntimeError("cuTensorMapEncodeTiled failed (CUresult %d) for %r" % (err, spec))
    return torch.frombuffer(bytearray(descriptor), dtype=torch.uint8).to(DEVICE)


def kernel_arguments(kernel, pointers, keep):
    """The kernel's parameters: its buffers' addresses, then those of its
    TMA descriptors (kept alive in `keep`)."""
    values = [pointers[a] for a in kernel["args"]]
    for spec in kernel.get("tensor_maps", []):
        keep.append(encode_tensor_map(spec, pointers[spec["buffer"]]))
        values.append(keep[-1].data_ptr())
    return values


class CupyProgram:
    """The kernels of one function, loaded with cupy.RawModule from the PTX
    file and launched on the current PyTorch stream."""

    def __init__(self, cupy, path, kernels, pointers):
        import numpy
        cupy.cuda.ExternalStream(torch.cuda.current_stream().cuda_stream).use()
        module = cupy.RawModule(path=path)
        self.launches, self.descriptors = [], []
        for k in kernels:
            f = module.get_function(k["name"])
            smem = k["shared_memory_bytes"]
            if smem > STATIC_SHARED_LIMIT:
                f.max_dynamic_shared_size_bytes = smem
            args = tuple(numpy.uint64(p) for p in kernel_arguments(k, pointers, self.descriptors))
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
            arguments = kernel_arguments(k, pointers, self.keep)
            n = len(arguments)
            values = (ctypes.c_uint64 * max(n, 1))(*arguments)
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
        import gpu_bench_selftest
        return gpu_bench_selftest.self_test()
    if opts.validate:
        return validate(os.path.abspath(opts.bundle))
    if opts.worker:
        return worker_main(opts)
    return run_bundle(opts)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
