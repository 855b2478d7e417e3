"""tsopt: a superoptimizer for tensor programs.

Write a kernel-level program with numpy-like ops, superoptimize it into a
verified µGraph (custom kernels defined by block and thread graphs), look at
it, and run it on numpy arrays::

    import numpy as np, tsopt
    p = tsopt.Program("rmsnorm")
    x = p.input("x", (2, 64), "f16")
    g = p.input("g", (64,), "f16")
    w = p.input("w", (64, 96), "f16")
    p.output(tsopt.rms_norm(x, g) @ w)
    best = tsopt.superoptimize(p, max_block_ops=9, progress=True)
    print(best.ir(), best.verification, best.cost_us)
    best.render("rmsnorm.svg")
"""

from . import _tsopt
from ._program import (Program, Tensor, add, add_scalar, clamp, concat,
                       conv2d, div,
                       exp,
                       gelu, load,
                       matmul, max, mean, mul, mul_scalar, neg, parse, relu,
                       reshape, rms_norm, rsqrt, sigmoid, silu, softmax, sqrt,
                       square, sub, sum, tanh, tile, transpose)
from ._frontends import from_jax, from_torch
from ._torch_backend import TorchBackend, backend
from ._search import (MuGraph, SearchError, fuse_blocks, orchestrate,
                      search_options, superoptimize)

__version__ = "0.1.0"

#: Names of the targets the cost model knows (``target=`` of the search).
TARGETS = _tsopt.known_targets()

__all__ = [
    "Program", "Tensor", "MuGraph", "SearchError", "parse", "load",
    "superoptimize", "fuse_blocks", "orchestrate", "search_options",
    "from_torch", "from_jax", "backend", "TorchBackend",
    "TARGETS",
    "matmul", "add", "sub", "mul", "div", "exp", "square", "sqrt", "rsqrt",
    "silu", "gelu", "relu", "sigmoid", "tanh", "neg", "mul_scalar", "add_scalar", "clamp", "sum", "max", "mean",
    "rms_norm", "softmax", "transpose", "reshape", "concat", "tile", "conv2d",
]
