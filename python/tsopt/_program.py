"""Programs and tensors: a numpy-like way to write kernel-level programs.

A :class:`Program` wraps the compiled core graph (``tsopt._tsopt.Graph``);
every op appends to it in C++, where the shared shape rules compute the
result type and reject what does not fit. This module adds names, numpy
spelling (``@``, ``*``, ``sum(axis, keepdims)``, negative axes) and the
conversions to and from IR text, pictures and numpy arrays.
"""

import json
import math
import numbers
import re
import shutil
import subprocess

import numpy as np

from . import _tsopt

__all__ = [
    "Program", "Tensor", "parse", "load",
    "matmul", "add", "sub", "mul", "div", "exp", "square", "sqrt", "rsqrt",
    "silu", "gelu", "relu", "sigmoid", "tanh", "neg", "mul_scalar", "add_scalar", "sum", "max", "mean",
    "rms_norm", "softmax", "transpose", "reshape", "concat", "tile",
]

_DTYPES = {
    "f16": "f16", "float16": "f16", "half": "f16",
    "bf16": "bf16", "bfloat16": "bf16",
    "f32": "f32", "float32": "f32", "single": "f32",
}

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def _dtype_name(dtype):
    """'f16', 'bf16' or 'f32' for a name or a numpy dtype."""
    if isinstance(dtype, str):
        key = dtype.lower()
    else:
        try:
            key = np.dtype(dtype).name
        except TypeError:
            key = repr(dtype)
    if key not in _DTYPES:
        raise ValueError(
            f"unsupported dtype {dtype!r}: tsopt executes f16, bf16 and f32")
    return _DTYPES[key]


def _fmt(shape):
    return "x".join(str(d) for d in shape) if shape else "scalar"


class Tensor:
    """A kernel-level tensor of a :class:`Program` (device memory).

    Tensors are immutable handles; ops on them append to their program.
    """

    __slots__ = ("_program", "_id")
    # numpy defers binary operators with a Tensor operand to the Tensor.
    __array_ufunc__ = None

    def __init__(self, program, value_id):
        self._program = program
        self._id = value_id

    @property
    def program(self):
        return self._program

    @property
    def shape(self):
        return self._program._graph.shape(self._id)

    @property
    def dtype(self):
        return self._program._graph.dtype(self._id)

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def name(self):
        """The input's name, or None for a computed tensor."""
        return self._program._input_name(self._id)

    @property
    def op(self):
        """The kind of the op producing this tensor ('input' for inputs)."""
        g = self._program._graph
        index = g.producer(self._id)
        return "input" if index is None else g.ops()[index]["kind"]

    def __repr__(self):
        label = self.name or self.op
        return f"<tsopt.Tensor {label}: {_fmt(self.shape)} {self.dtype}>"

    # Operators: tensors combine element-wise with numpy broadcasting; a
    # Python number scales (mul_scalar) or shifts (add_scalar).
    def __matmul__(self, other):
        return matmul(self, other)

    def __rmatmul__(self, other):
        return matmul(other, self)

    def __add__(self, other):
        return add(self, other)

    def __radd__(self, other):
        return add(other, self)

    def __sub__(self, other):
        return sub(self, other)

    def __rsub__(self, other):
        return sub(other, self)

    def __mul__(self, other):
        return mul(self, other)

    def __rmul__(self, other):
        return mul(other, self)

    def __truediv__(self, other):
        return div(self, other)

    def __rtruediv__(self, other):
        return div(other, self)

    def __neg__(self):
        return neg(self)

    def __pos__(self):
        return self

    def sum(self, axis, keepdims=False):
        return sum(self, axis, keepdims)

    def max(self, axis, keepdims=False):
        return max(self, axis, keepdims)

    def mean(self, axis, keepdims=False):
        return mean(self, axis, keepdims)

    def reshape(self, *shape):
        if len(shape) == 1 and not isinstance(shape[0], numbers.Integral):
            shape = tuple(shape[0])
        return reshape(self, shape)

    def transpose(self, *axes):
        if len(axes) == 1 and not isinstance(axes[0], numbers.Integral):
            axes = tuple(axes[0])
        return transpose(self, axes or None)

    @property
    def T(self):
        return transpose(self)

    def exp(self):
        return exp(self)

    def sqrt(self):
        return sqrt(self)

    def rsqrt(self):
        return rsqrt(self)

    def square(self):
        return square(self)


class Program:
    """A kernel-level tensor program: named inputs, ops, outputs.

    >>> p = Program("scale")
    >>> x = p.input("x", (2, 4), "f32")
    >>> p.output(x * 2.0)
    """

    def __init__(self, name="main"):
        if not _NAME.match(name):
            raise ValueError(f"program name {name!r} is not an identifier")
        self.name = name
        self._graph = _tsopt.Graph()
        self._names = []  # one per graph input

    @classmethod
    def _wrap(cls, graph, name, input_names):
        p = cls.__new__(cls)
        p.name = name
        p._graph = graph
        p._names = [n or f"arg{i}" for i, n in enumerate(input_names)]
        return p

    # -- building ---------------------------------------------------------

    def input(self, name, shape, dtype="f32"):
        """A new input tensor of `shape` (1 to 4 positive dims) and `dtype`."""
        if not isinstance(name, str) or not _NAME.match(name):
            raise ValueError(f"input name {name!r} is not an identifier")
        if name in self._names:
            raise ValueError(f"{self.name} already has an input named {name!r}")
        if isinstance(shape, numbers.Integral):
            shape = (shape,)
        shape = tuple(shape)
        if not 1 <= len(shape) <= 4 or not all(
                isinstance(d, numbers.Integral) and d >= 1 for d in shape):
            raise ValueError(
                f"input {name!r}: shape {shape} must have 1 to 4 dims, "
                "each a positive integer")
        value = self._graph.add_input([int(d) for d in shape], _dtype_name(dtype))
        self._names.append(name)
        return Tensor(self, value)

    def output(self, *tensors):
        """Marks tensors as the program's outputs (appended in order)."""
        if not tensors:
            raise ValueError("output() needs at least one tensor")
        ids = list(self._graph.outputs)
        for t in tensors:
            if not isinstance(t, Tensor):
                raise TypeError(f"output: expected a tsopt.Tensor, got "
                                f"{type(t).__name__}")
            if t._program is not self:
                raise ValueError(f"output: {t!r} belongs to program "
                                 f"{t._program.name!r}, not {self.name!r}")
            ids.append(t._id)
        self._graph.set_outputs(ids)

    # -- inspection -------------------------------------------------------

    @property
    def inputs(self):
        return [Tensor(self, v) for v in self._graph.inputs]

    @property
    def outputs(self):
        return [Tensor(self, v) for v in self._graph.outputs]

    @property
    def input_names(self):
        return list(self._names)

    def ops(self):
        """The kernel-level ops in order, as dicts (kind, operands, results,
        attributes; graph-defined kernels carry their block graph)."""
        return self._graph.ops()

    @property
    def structure(self):
        """One line: how many ops, which are graph-defined kernels."""
        return self._graph.structure()

    def _input_name(self, value):
        try:
            return self._names[list(self._graph.inputs).index(value)]
        except ValueError:
            return None

    def _final(self):
        """The graph the outputs define: ops built but never used (an
        abandoned expression, one that failed half-way) are left out of the
        IR, the picture, the evaluator and the search."""
        if not self._graph.outputs:
            raise ValueError(f"program {self.name!r} has no outputs; "
                             "call output() first")
        return self._graph.live()

    def __repr__(self):
        ins = ", ".join(f"{n}: {_fmt(t.shape)} {t.dtype}"
                        for n, t in zip(self._names, self.inputs))
        return (f"<tsopt.Program {self.name}({ins}) -> "
                f"{len(self._graph.outputs)} outputs; {self.structure}>")

    def same_as(self, other):
        """None when `other` is the same graph op for op, else where the two
        first differ."""
        return self._final().difference(other._final())

    # -- IR and pictures ----------------------------------------------------

    def ir(self):
        """The program as kgraph IR text (a ``func.func``)."""
        return self._final().to_ir(self.name, self._names)

    def dot(self):
        """The program as a Graphviz DOT ``digraph``."""
        return self._final().to_dot(self.name, self._names)

    def render(self, path, format=None):
        """Renders the picture with Graphviz `dot` to `path`; the format
        defaults to the file's suffix (svg, png, pdf...). Returns `path`."""
        fmt = format or (str(path).rsplit(".", 1)[-1] if "." in str(path)
                         else "svg")
        data = _run_dot(self.dot(), fmt)
        with open(path, "wb") as f:
            f.write(data)
        return path

    def _repr_svg_(self):
        # Notebooks show the picture when Graphviz is installed.
        if shutil.which("dot") is None:
            return None
        return _run_dot(self.dot(), "svg").decode()

    # -- running --------------------------------------------------------------

    def __call__(self, *arrays, precision="f32", backend="evaluator"):
        """Runs the program on numpy arrays.

        ``backend="evaluator"`` (the default) runs the CPU float evaluator:
        inputs are rounded to the program's dtype, as stored on a device;
        arithmetic is in float32 (``precision="f64"``: float64).
        ``backend="cpu"`` lowers the program to loops (the same block-graph
        lowering as the GPU's), compiles it for this machine and runs it:
        tensors stored in their dtype, arithmetic in float32. Returns one
        array, or a tuple for several outputs.
        """
        if backend not in ("evaluator", "cpu"):
            raise ValueError(
                f"backend must be 'evaluator' or 'cpu', got {backend!r}")
        graph = self._final()
        converted = self._checked_inputs(arrays)
        if backend == "cpu":
            outs = graph.run_compiled(converted)
        else:
            outs = graph.run(converted, precision)
        return outs[0] if len(outs) == 1 else tuple(outs)

    def compile_cpu(self):
        """The program lowered for this machine's CPU and compiled once, as
        a callable: ``f = p.compile_cpu(); f(*arrays)`` runs what
        ``p(*arrays, backend="cpu")`` runs without compiling again."""
        compiled = self._final().compile_cpu()

        def run(*arrays):
            outs = compiled.run(self._checked_inputs(arrays))
            return outs[0] if len(outs) == 1 else tuple(outs)

        return run

    def _checked_inputs(self, arrays):
        if len(arrays) != len(self._names):
            raise ValueError(
                f"{self.name} takes {len(self._names)} inputs "
                f"({', '.join(self._names)}), got {len(arrays)}")
        converted = []
        for name, t, a in zip(self._names, self.inputs, arrays):
            a = np.asarray(a)
            if tuple(a.shape) != t.shape:
                raise ValueError(
                    f"input {name!r} of {self.name} has shape {t.shape}, "
                    f"got an array of shape {tuple(a.shape)}")
            if not (np.issubdtype(a.dtype, np.floating)
                    or np.issubdtype(a.dtype, np.integer)):
                raise TypeError(f"input {name!r}: cannot use a {a.dtype} "
                                "array as floats")
            converted.append(a)
        return converted

    # -- PTX ----------------------------------------------------------------

    #: The target the program was optimized for ("sm_80", "sm_90", ...), as
    #: the IR's ``tsopt.target`` records it; None for a program as written.
    target = None

    def _target(self, target):
        """`target`, or the program's own when None (sm_90 for a program
        as written); another target than the one it was optimized for is an
        error, as in tsopt-translate."""
        if target is None:
            return self.target or "sm_90"
        if self.target is not None and target != self.target:
            raise ValueError(
                f"{self.name} was optimized for target {self.target!r}, not "
                f"{target!r}: optimize it again for that target")
        return target

    def ptx(self, target=None, threads_per_block=128):
        """The program lowered to PTX for `target` (``sm_80``, ``sm_90``...;
        default: the one it was optimized for, else sm_90), with its launch
        manifest (docs/launch-manifest.md) as a dict:
        ``(ptx_text, manifest)``."""
        text, manifest = self._final().to_ptx(self.name, self._target(target),
                                              threads_per_block)
        return text, json.loads(manifest)

    def write_ptx(self, path, target=None, threads_per_block=128):
        """Writes the PTX to `path` and the manifest next to it (the same
        name with ``.json``); returns the two paths."""
        import os
        path = os.fspath(path)
        text, manifest = self._final().to_ptx(self.name, self._target(target),
                                              threads_per_block)
        manifest = json.loads(manifest)
        manifest["ptx"] = os.path.basename(path)
        json_path = os.path.splitext(path)[0] + ".json"
        with open(path, "w") as f:
            f.write(text)
        with open(json_path, "w") as f:
            json.dump(manifest, f, indent=2)
        return path, json_path

    def estimate_cost(self, target=None):
        """The cost model's estimate of the program on `target` (default:
        the one it was optimized for, else sm_90), in µs."""
        return self._final().estimate_cost(self._target(target))

    def verify(self, reference, delta=2.0 ** -40, seed=0, threads=2,
               float_check=True):
        """Checks this program against `reference` by random tests over
        finite fields; returns the verification record (truthy when
        equivalent)."""
        return _tsopt.verify(self._final(), reference._final(), delta, seed,
                             threads, float_check)

    def __getstate__(self):
        return {"name": self.name, "graph": self._graph, "names": self._names}

    def __setstate__(self, state):
        self.name = state["name"]
        self._graph = state["graph"]
        self._names = state["names"]


def _run_dot(source, fmt):
    exe = shutil.which("dot")
    if exe is None:
        raise RuntimeError(
            "Graphviz 'dot' is not installed (Debian: apt-get install "
            "graphviz); the DOT text is available from .dot()")
    done = subprocess.run([exe, f"-T{fmt}"], input=source.encode(),
                          capture_output=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"dot -T{fmt} failed: {done.stderr.decode().strip()}")
    return done.stdout


def parse(text, function=None):
    """Parses kgraph IR text into a :class:`Program`.

    With several functions in `text`, `function` names the one to take.
    Graph-defined kernels (µGraphs) are kept as they are. A function of
    linalg on tensors (what torch-mlir, JAX through stablehlo, or
    tosa-to-linalg export, as text) is imported into kgraph first
    (``convert-linalg-to-kgraph``, docs/import.md); what kgraph cannot
    express raises a ValueError naming the op.
    """
    graph, name, names = _tsopt.parse(text, function)
    return Program._wrap(graph, name, names)


def load(path, function=None):
    """Reads a ``.mlir`` file with :func:`parse`; like the tools, it reads
    at most ``MAX_IR_BYTES`` (256 MiB) and refuses a larger (or endless)
    input with a ``ValueError``."""
    limit = _tsopt.MAX_IR_BYTES
    with open(path) as f:
        text = f.read(limit + 1)
    if len(text) > limit:
        raise ValueError("%s: the input is larger than %d bytes, more than any "
                         "program's text; refused before parsing" % (path, limit))
    return parse(text, function)


# -- ops ----------------------------------------------------------------------


def _program_of(kind, tensors):
    for t in tensors:
        if not isinstance(t, Tensor):
            raise TypeError(f"{kind}: expected a tsopt.Tensor, got "
                            f"{type(t).__name__}")
    program = tensors[0]._program
    for t in tensors[1:]:
        if t._program is not program:
            raise ValueError(f"{kind}: operands belong to different programs "
                             f"({program.name!r} and {t._program.name!r})")
    return program


def _op(kind, tensors, **attrs):
    scalar = attrs.get("scalar")
    if scalar is not None and not math.isfinite(scalar):
        raise ValueError(f"{kind}: the constant must be finite, got {scalar}")
    program = _program_of(kind, tensors)
    value = program._graph.add_op(kind, [t._id for t in tensors], **attrs)
    return Tensor(program, value)


def _axis(kind, x, axis):
    if not isinstance(axis, numbers.Integral):
        raise TypeError(f"{kind}: axis must be an integer, got {axis!r}")
    if not -x.ndim <= axis < x.ndim:
        raise ValueError(f"{kind}: axis {axis} is out of range for shape "
                         f"{x.shape}")
    return int(axis) % x.ndim


def _is_number(x):
    return isinstance(x, numbers.Real) and not isinstance(x, bool)


def matmul(a, b):
    """Batched matmul: (..., m, k) @ (..., k, n) -> (..., m, n)."""
    return _op("matmul", [a, b])


def _binary(kind, a, b):
    if _is_number(a) or _is_number(b):
        raise TypeError(
            f"{kind} with a Python number: the kernel level has no scalar "
            f"{kind} (tensor + number, tensor - number, tensor * number and "
            f"tensor / number are the scalar forms)")
    return _op(kind, [a, b])


def add(a, b):
    """Element-wise a + b with numpy broadcasting; a number shifts."""
    if _is_number(b) and isinstance(a, Tensor):
        return add_scalar(a, b)
    if _is_number(a) and isinstance(b, Tensor):
        return add_scalar(b, a)
    return _binary("add", a, b)


def sub(a, b):
    """Element-wise a - b with numpy broadcasting; a number shifts."""
    if _is_number(b) and isinstance(a, Tensor):
        return add_scalar(a, -b)
    if _is_number(a) and isinstance(b, Tensor):
        return add_scalar(neg(b), a)
    return _binary("sub", a, b)


def mul(a, b):
    """Element-wise a * b with numpy broadcasting; a number scales."""
    if _is_number(b) and isinstance(a, Tensor):
        return mul_scalar(a, b)
    if _is_number(a) and isinstance(b, Tensor):
        return mul_scalar(b, a)
    return _binary("mul", a, b)


def div(a, b):
    """Element-wise a / b with numpy broadcasting; dividing by a number
    scales by its inverse."""
    if _is_number(b) and isinstance(a, Tensor):
        if b == 0:
            raise ZeroDivisionError(f"div: {a!r} divided by zero")
        return mul_scalar(a, 1.0 / b)
    return _binary("div", a, b)


def mul_scalar(x, factor):
    """x scaled by a constant."""
    if not _is_number(factor):
        raise TypeError(f"mul_scalar: factor must be a number, got {factor!r}")
    return _op("mul_scalar", [x], scalar=float(factor))


def add_scalar(x, addend):
    """x plus a constant."""
    if not _is_number(addend):
        raise TypeError(f"add_scalar: addend must be a number, got {addend!r}")
    return _op("add_scalar", [x], scalar=float(addend))


def clamp(x, min=None, max=None):
    """x clamped to [min, max] (either bound may be None), as torch.clamp:
    max_scalar then min_scalar. Bounds must be finite numbers."""
    if min is None and max is None:
        raise ValueError("clamp: give min, max or both")
    for name, bound in (("min", min), ("max", max)):
        if bound is not None and not _is_number(bound):
            raise TypeError(f"clamp: {name} must be a number, got {bound!r}")
    y = x
    if min is not None:
        y = _op("max_scalar", [y], scalar=float(min))
    if max is not None:
        y = _op("min_scalar", [y], scalar=float(max))
    return y


def _unary(kind, doc):
    def f(x):
        return _op(kind, [x])
    f.__name__ = kind
    f.__qualname__ = kind
    f.__doc__ = doc
    return f


exp = _unary("exp", "Element-wise e**x.")
square = _unary("square", "Element-wise x**2.")
sqrt = _unary("sqrt", "Element-wise square root.")
rsqrt = _unary("rsqrt", "Element-wise 1 / sqrt(x).")
silu = _unary("silu", "Element-wise x * sigmoid(x).")
gelu = _unary("gelu", "Element-wise GELU (the exact erf form).")
relu = _unary("relu", "Element-wise max(x, 0).")
sigmoid = _unary("sigmoid", "Element-wise 1 / (1 + e**-x).")
tanh = _unary("tanh", "Element-wise hyperbolic tangent.")
neg = _unary("neg", "Element-wise -x.")


def _reduce(kind, name, x, axis, keepdims):
    _program_of(name, [x])
    a = _axis(name, x, axis)
    r = _op(kind, [x], dim=a)
    if keepdims:
        return r
    shape = x.shape[:a] + x.shape[a + 1:]
    if not shape:
        raise ValueError(f"{name}: reducing the only axis of {x!r} leaves a "
                         "scalar; use keepdims=True")
    return reshape(r, shape)


def sum(x, axis, keepdims=False):
    """Sum along `axis` (numpy's keepdims)."""
    return _reduce("reduce_sum", "sum", x, axis, keepdims)


def max(x, axis, keepdims=False):
    """Maximum along `axis` (numpy's keepdims)."""
    return _reduce("reduce_max", "max", x, axis, keepdims)


def mean(x, axis, keepdims=False):
    """Mean along `axis`: the sum scaled by 1/n."""
    _program_of("mean", [x])
    n = x.shape[_axis("mean", x, axis)]
    return mul_scalar(sum(x, axis, keepdims), 1.0 / n)


def rms_norm(x, g, eps=0.0):
    """x * g / sqrt(mean(x**2, axis=-1) + eps); g is a vector of x's last
    dim."""
    if not _is_number(eps):
        raise TypeError(f"rms_norm: eps must be a number, got {eps!r}")
    return _op("rms_norm", [x, g], scalar=float(eps))


def conv2d(x, w, stride=1, padding=0, dilation=1, groups=1):
    """2-d convolution as torch.nn.functional.conv2d writes it: NCHW images
    x, FCHW filters w (F, C / groups, KH, KW), no bias. stride and dilation:
    an int or (height, width); padding: an int, (height, width) on both
    sides, or (top, left, bottom, right); zeros."""
    def pair(name, v):
        v = (v, v) if isinstance(v, numbers.Integral) else tuple(v)
        if len(v) != 2 or not all(isinstance(e, numbers.Integral) for e in v):
            raise TypeError(f"conv2d: {name} must be an int or two ints, "
                            f"got {v!r}")
        return [int(e) for e in v]
    if isinstance(padding, numbers.Integral):
        padding = (padding, padding)
    padding = tuple(padding)
    if len(padding) == 2:
        padding = padding + padding
    if len(padding) != 4 or not all(isinstance(e, numbers.Integral)
                                    for e in padding):
        raise TypeError(f"conv2d: padding must be an int, two ints or four "
                        f"ints, got {padding!r}")
    if not isinstance(groups, numbers.Integral) or isinstance(groups, bool):
        raise TypeError(f"conv2d: groups must be an int, got {groups!r}")
    if not isinstance(w, Tensor) or w.ndim != 4:
        raise ValueError("conv2d: the filters must be a rank-4 tensor "
                         "(F, C / groups, KH, KW)")
    window = ([int(w.shape[2]), int(w.shape[3])] + pair("stride", stride) +
              [int(e) for e in padding] + pair("dilation", dilation))
    return _op("conv2d", [x, w], perm=window, dim=int(groups))


def softmax(x, axis=-1):
    """exp(x) / sum(exp(x), axis), as the Mirage papers write it (no max
    subtraction: the lowering picks the numerically safe form)."""
    e = exp(x)
    return e / sum(e, axis, keepdims=True)


def transpose(x, axes=None):
    """Permutes dims: result dim i is x's dim axes[i] (default: reversed)."""
    _program_of("transpose", [x])
    if axes is None:
        axes = tuple(reversed(range(x.ndim)))
    axes = [_axis("transpose", x, a) for a in axes]
    return _op("transpose", [x], perm=axes)


def reshape(x, shape):
    """The same elements in row-major order under a new shape."""
    _program_of("reshape", [x])
    if isinstance(shape, numbers.Integral):
        shape = (shape,)
    shape = [int(d) for d in shape]
    if shape.count(-1) == 1:
        known = int(np.prod([d for d in shape if d != -1]))
        total = int(np.prod(x.shape))
        if known > 0 and total % known == 0:
            shape[shape.index(-1)] = total // known
    return _op("reshape", [x], shape=shape)


def concat(tensors, axis=0):
    """Concatenation along `axis` (numpy.concatenate)."""
    tensors = list(tensors)
    if not tensors:
        raise ValueError("concat: needs at least one tensor")
    _program_of("concat", tensors)
    a = _axis("concat", tensors[0], axis)
    return _op("concat", tensors, dim=a)


def tile(x, reps):
    """Repeats x along each dim (numpy.tile with len(reps) == x.ndim)."""
    _program_of("tile", [x])
    reps = (reps,) if isinstance(reps, numbers.Integral) else tuple(reps)
    if len(reps) != x.ndim:
        raise ValueError(f"tile: {len(reps)} repetitions for shape {x.shape}")
    return _op("repeat", [x], shape=[d * int(r) for d, r in zip(x.shape, reps)])
