"""A torch.compile backend: ``torch.compile(model, backend=tsopt.backend)``.

Each graph TorchDynamo captures is traced to core ATen (``make_fx`` with
PyTorch's core decompositions) and cut into the largest connected regions
of ops kgraph can express (PyTorch's capability-based partitioner, with
the predicate :func:`_takes` below). Each region is exported by torch-mlir
as linalg on tensors, imported (docs/import.md), superoptimized within the
backend's time limit, and compiled for this machine's CPU once. What is
left (embedding lookups, integer and boolean tensors, in-place updates,
ops kgraph has no form of), and any region the importer refuses, runs in
PyTorch as it would without the backend. The first call of each region
checks tsopt's result against PyTorch's on the same inputs and gives the
region back to PyTorch if they differ beyond the output dtype's tolerance,
so a model always runs, and runs correctly. A call that records
gradients runs the graph in PyTorch (tsopt's regions have no backward).
:attr:`TorchBackend.report` says what tsopt took.

Regions run on the CPU: tensors on another device are copied to the host
and their results back (tsopt's CUDA runtime is driven by tsopt-launch and
utils/gpu_bench.py, not from here yet).
"""

import collections
import functools
import time

import numpy as np

from ._frontends import _require_torch_mlir

# Core ATen ops the importer expresses (by overload packet). An op outside
# this set is left to PyTorch; an op inside it that the importer still
# refuses at some shape or dtype makes its region fall back whole.
TAKEN_OPS = frozenset("""
    mm bmm addmm permute view _unsafe_view expand clone alias t transpose
    unsqueeze squeeze add sub mul div neg rsub exp tanh sigmoid silu gelu relu
    rsqrt sqrt pow mean sum amax _softmax softmax cat slice select split
    split_with_sizes _to_copy clamp clamp_min clamp_max hardtanh hardswish
    hardsigmoid
    native_layer_norm convolution avg_pool2d
    _native_batch_norm_legit_no_training
""".split())

def _values(meta):
    """The tensors of a node's value (one, or a tuple of several)."""
    if meta is None:
        return []
    if isinstance(meta, (tuple, list)):
        return [m for v in meta for m in _values(v)]
    return [meta]


def _takes(node, torch):
    """Whether tsopt takes `node`: a core ATen op of TAKEN_OPS whose tensor
    operands and results are all floating point (f32, f16, bf16) and
    statically shaped. Everything else stays in PyTorch."""
    if node.op != "call_function":
        return False
    packet = getattr(node.target, "_overloadpacket", None)
    if packet is None or packet.__name__ not in TAKEN_OPS:
        return False
    from torch.fx.experimental.symbolic_shapes import is_concrete_int
    floats = (torch.float32, torch.float16, torch.bfloat16)
    values = _values(node.meta.get("val"))
    for arg in node.all_input_nodes:
        values += _values(arg.meta.get("val"))
    if not values:
        return False
    for v in values:
        if not isinstance(v, torch.Tensor) or v.dtype not in floats:
            return False
        if not all(is_concrete_int(d) for d in v.shape) or 0 in v.shape:
            return False
    return True


def _tolerance(dtypes, torch):
    """Normwise relative tolerance of a result computed from or stored in
    `dtypes`: the narrowest one's, as the importer's oracle allows
    (utils/linalg_oracle.py) for realistic inputs. An f32 result of f16
    inputs carries their rounding."""
    return max({torch.float32: 1e-4, torch.float16: 2e-2,
                torch.bfloat16: 6e-2}[d] for d in dtypes)


class _Region(object):
    """One region tsopt took: compiled on first use, checked against
    PyTorch on its first call, PyTorch's from then on if that check fails."""

    def __init__(self, backend, module, name, entry):
        self.backend = backend
        self.module = module
        self.name = name
        self.entry = entry
        self.run = None
        # PyTorch's results on the first call's inputs, computed by
        # _compile and checked against tsopt's once.
        self.expected = None

    def __call__(self, *tensors):
        import torch
        if self.run is None and self.entry["status"] == "pending":
            self._compile(tensors)
        if self.run is None:
            return self.module(*tensors)
        device = tensors[0].device if tensors else torch.device("cpu")
        arrays = [t.detach().to("cpu", torch.float32).numpy()
                  if t.dtype == torch.bfloat16 else t.detach().cpu().numpy()
                  for t in tensors]
        outs = self.run(*arrays)
        if not isinstance(outs, tuple):
            outs = (outs,)
        results = [torch.from_numpy(np.ascontiguousarray(o)).to(device, dtype)
                   for o, dtype in zip(outs, self.out_dtypes)]
        if self.expected is not None:
            expected = [e.to(device) for e in self.expected]
            self.expected = None
            why = self._disagreement(results, expected, torch)
            if why:
                self.entry.update(status="eager", reason=why)
                self.run = None
                return self._pack(expected)
        return self._pack(results)

    def _pack(self, results):
        return results[0] if self.single else tuple(results)

    def _disagreement(self, results, expected, torch):
        for i, (r, e) in enumerate(zip(results, expected)):
            if r.shape != e.shape:
                return f"result {i}: shape {tuple(r.shape)}, PyTorch's " \
                       f"{tuple(e.shape)}"
            e64, r64 = e.detach().double().cpu(), r.double().cpu()
            # Non-finite values (a mask's -inf) must be the same ones; the
            # finite ones agree normwise.
            finite = torch.isfinite(e64)
            same = (r64 == e64) | (torch.isnan(r64) & torch.isnan(e64))
            if not (same | finite).all():
                return f"result {i} differs where PyTorch's is not finite"
            if not torch.isfinite(r64[finite]).all():
                return f"result {i} is not finite where PyTorch's is"
            e64, r64 = e64[finite], r64[finite]
            norm = e64.norm().item()
            err = (r64 - e64).norm().item() / (norm if norm > 0 else 1.0)
            if not err <= _tolerance([e.dtype] + self.in_dtypes, torch):
                return f"result {i} differs from PyTorch's by {err:.2e}"
        return None

    def _compile(self, tensors):
        import torch
        from . import _search
        from ._program import parse
        started = time.monotonic()
        examples = [t.detach().cpu() for t in tensors]
        self.in_dtypes = [t.dtype for t in tensors]
        try:
            _, fx = _require_torch_mlir()
            with torch.no_grad():
                text = str(fx.export_and_import(
                    self.module, *examples,
                    output_type="linalg-on-tensors", func_name=self.name))
            program = parse(text, self.name)
        except Exception as e:  # refused: PyTorch keeps the region
            self.entry.update(status="eager",
                              reason=_first_line(e) or type(e).__name__)
            return
        expected = self.module(*examples)
        expected = list(expected) if isinstance(expected,
                                                (tuple, list)) else [expected]
        self.single = len(expected) == 1
        self.out_dtypes = [e.dtype for e in expected]
        best = program
        if self.backend.superoptimize:
            try:
                best = _search.superoptimize(
                    program, time_limit=self.backend.time_limit,
                    target=self.backend.target)
                self.entry["estimate_us"] = best.cost_us
                self.entry["program_us"] = best.program_cost_us
            except (_search.SearchError, ValueError) as e:
                self.entry["search"] = _first_line(e)
        try:
            self.run = best.compile_cpu()
        except ValueError as e:
            self.entry.update(status="eager", reason=_first_line(e))
            return
        self.expected = expected
        self.entry.update(status="tsopt",
                          compile_s=round(time.monotonic() - started, 2))


def _first_line(e):
    """The reason in an exception: its first line, with the next one where
    the first only introduces it ("cannot import ...:")."""
    lines = [line.strip() for line in str(e).strip().split("\n")]
    text = lines[0]
    if text.endswith(":") and len(lines) > 1:
        text += " " + lines[1]
    return text[:300]


class TorchBackend(object):
    """``torch.compile(model, backend=TorchBackend(...))``; ``tsopt.backend``
    is one with the defaults.

    time_limit: seconds of superoptimization per region (the search's
    deadline, verification included); superoptimize: False compiles each
    region as imported; target: the cost model's target for the search.
    After running, :attr:`report` lists every graph TorchDynamo gave, with
    each region tsopt took ("tsopt") or gave back ("eager", with the reason)
    and the ops left to PyTorch; :meth:`summary` prints it."""

    def __init__(self, time_limit=10.0, superoptimize=True, target="sm_90"):
        self.time_limit = time_limit
        self.superoptimize = superoptimize
        self.target = target
        self.report = []

    def __call__(self, gm, example_inputs):
        import torch
        from torch._decomp import core_aten_decompositions
        from torch.fx.experimental.proxy_tensor import make_fx
        from torch.fx.passes.infra.partitioner import \
            CapabilityBasedPartitioner
        from torch.fx.passes.fake_tensor_prop import FakeTensorProp
        from torch.fx.passes.operator_support import OperatorSupportBase

        # Inference graphs: dynamo's example inputs may require gradients
        # (parameters); the regions tsopt takes have no backward.
        with torch.no_grad():
            aten = make_fx(gm, decomposition_table=core_aten_decompositions(),
                           tracing_mode="real")(*example_inputs)
            # Static shapes and dtypes on every node (meta["val"]).
            FakeTensorProp(aten).propagate(*example_inputs)

        class Support(OperatorSupportBase):
            def is_node_supported(self, submodules, node):
                return _takes(node, torch)

        partitioner = CapabilityBasedPartitioner(
            aten, Support(), allows_single_node_partition=False)
        fused = partitioner.fuse_partitions(partitioner.propose_partitions())
        graph_entry = {"graph": len(self.report), "regions": [],
                       "left": collections.Counter(), "autograd_calls": 0}
        self.report.append(graph_entry)
        for node in fused.graph.nodes:
            if _is_aten(node):
                graph_entry["left"][_op_name(node)] += 1
            if node.op != "call_module":
                continue
            sub = getattr(fused, node.target)
            ops = [_op_name(n) for n in sub.graph.nodes if _is_aten(n)]
            entry = {"region": node.target, "ops": len(ops),
                     "kinds": dict(collections.Counter(ops)),
                     "status": "pending"}
            graph_entry["regions"].append(entry)
            setattr(fused, node.target,
                    _region_module_class()(
                        _Region(self, sub, node.target, entry)))
        fused.recompile()

        def run(*args):
            # tsopt's regions have no backward: where autograd records,
            # the graph runs in PyTorch, as captured.
            if torch.is_grad_enabled() and any(
                    isinstance(a, torch.Tensor) and a.requires_grad
                    for a in args):
                graph_entry["autograd_calls"] += 1
                return gm(*args)
            with torch.no_grad():
                return fused(*args)

        return run

    def summary(self):
        """The report as text: per graph, per region, what tsopt took."""
        lines = []
        for g in self.report:
            taken = sum(r["ops"] for r in g["regions"]
                        if r["status"] == "tsopt")
            total = sum(r["ops"] for r in g["regions"]) + sum(
                g["left"].values())
            lines.append(f"graph {g['graph']}: tsopt took {taken} of "
                         f"{total} ops")
            for r in g["regions"]:
                line = f"  {r['region']}: {r['ops']} ops, {r['status']}"
                if "estimate_us" in r:
                    line += (f", estimate {r['estimate_us']:.2f} us vs "
                             f"{r['program_us']:.2f} us as imported")
                if r.get("search"):
                    why = r["search"].split(" (<SearchStats")[0]
                    line += f", as imported ({why})"
                if r.get("reason"):
                    line += f" ({r['reason']})"
                lines.append(line)
            if g["autograd_calls"]:
                lines.append(f"  ran in PyTorch {g['autograd_calls']} "
                             "times: gradients were required")
            if g["left"]:
                left = ", ".join(f"{k} x{v}" for k, v in
                                 sorted(g["left"].items()))
                lines.append(f"  left to PyTorch: {left}")
        return "\n".join(lines)


def _is_aten(node):
    """An ATen op (not the tuple indexing between them)."""
    return node.op == "call_function" and hasattr(node.target,
                                                  "_overloadpacket")


def _op_name(node):
    packet = getattr(node.target, "_overloadpacket", None)
    return packet.__name__ if packet is not None else str(node.target)


@functools.lru_cache(maxsize=None)
def _region_module_class():
    """The torch.nn.Module that stands for a region in the fused graph
    (defined on first use: torch is optional)."""
    import torch

    class RegionModule(torch.nn.Module):
        def __init__(self, region):
            super().__init__()
            self.region = region

        def forward(self, *tensors):
            return self.region(*tensors)

    return RegionModule


backend = TorchBackend()
