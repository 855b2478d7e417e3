"""Front ends: PyTorch modules and JAX functions into tsopt programs.

Optional: torch, torch-mlir and jax are not dependencies of the package
(utils/setup_frontends.sh installs them into a virtual environment). A
module is exported as linalg on tensors by torch-mlir; a JAX function is
lowered to StableHLO and legalized to linalg by torch-mlir's bundled
torch-mlir-opt; either way the text is imported by
``convert-linalg-to-kgraph`` (docs/import.md). This file needs neither
tsopt's bindings nor the front ends to load (utils/export_models.py uses
it by path).
"""

import os
import re
import subprocess
import sys


def _flatten_keywords(kwargs, is_tensor):
    """Keyword inputs as program inputs: each tensor, and each tensor of a
    tuple or list (transformers' ``position_embeddings=(cos, sin)``), in
    keyword order, named after its keyword (``position_embeddings_0``, ...);
    anything else (``use_cache=False``, ``None``) stays a constant of the
    export. Returns (tensors, names, rebuild), where ``rebuild(tensors)``
    gives the keyword arguments back with the given tensors in place."""
    tensors, names, slots = [], [], []
    for key, value in kwargs.items():
        if is_tensor(value):
            slots.append((key, None, 1))
            tensors.append(value)
            names.append(key)
        elif isinstance(value, (tuple, list)) and value and all(
                is_tensor(v) for v in value):
            slots.append((key, type(value), len(value)))
            tensors.extend(value)
            names.extend(f"{key}_{i}" for i in range(len(value)))
        else:
            slots.append((key, "constant", value))

    def rebuild(given):
        out, at = {}, 0
        for key, kind, n in slots:
            if kind == "constant":
                out[key] = n
            elif kind is None:
                out[key] = given[at]
                at += 1
            else:
                out[key] = kind(given[at:at + n])
                at += n
        return out

    return tensors, names, rebuild


def _lifted(module, torch, positional, rebuild_keywords, keyword_count):
    """`module` with its keyword tensors and then its parameters and buffers
    as trailing arguments, so the export takes them as function arguments
    (the importer refuses inlined tensor constants)."""
    names = [n for n, _ in module.named_parameters()]
    names += [n for n, _ in module.named_buffers()]
    tensors = [p.detach() for p in module.parameters()]
    tensors += [b.detach() for b in module.buffers()]
    count = len(names)

    class Lifted(torch.nn.Module):
        def forward(self, *args):
            inputs = args[:positional]
            keywords = rebuild_keywords(
                list(args[positional:positional + keyword_count]))
            weights = args[positional + keyword_count:]
            out = torch.func.functional_call(
                module, dict(zip(names, weights)), tuple(inputs), keywords)
            if isinstance(out, (tuple, list)):
                out = out[0]
            return out

    return Lifted(), tensors, names


def _require_torch_mlir(who="the torch.compile backend"):
    """(torch, torch_mlir.fx), or an ImportError that says how to install
    them."""
    try:
        import torch
        from torch_mlir import fx
    except ImportError as e:
        raise ImportError(
            f"{who} needs torch and torch-mlir (utils/setup_frontends.sh "
            f"installs them into a virtual environment): {e}") from e
    return torch, fx


def from_torch(module, *example_inputs, name="forward", return_text=False,
               **example_keywords):
    """A :class:`Program` from a PyTorch module.

    The module is exported by torch-mlir's ``fx.export_and_import`` as
    linalg on tensors with its parameters and buffers lifted to arguments,
    after the example inputs: the program's inputs are the positional
    example inputs in order (``input0``, ...), then the tensors of the
    keyword example inputs in keyword order (a tensor named after its
    keyword; a tuple of tensors, such as transformers'
    ``position_embeddings=(cos, sin)``, as ``position_embeddings_0``, ...;
    other keyword values such as ``use_cache=False`` are constants of the
    export), then the module's parameters and buffers, named after them
    (``self_attn.q_proj.weight`` becomes ``self_attn_q_proj_weight``). The
    first output of a module that returns a tuple is the program's output.
    With ``return_text`` the linalg text is returned too, as
    ``(program, text)``.

    Raises ImportError when torch or torch-mlir is missing, and ValueError
    naming the op when the export has one kgraph cannot express.
    """
    torch, fx = _require_torch_mlir("from_torch")
    keyword_tensors, keyword_names, rebuild = _flatten_keywords(
        example_keywords, lambda v: isinstance(v, torch.Tensor))
    lifted, weights, names = _lifted(module, torch, len(example_inputs),
                                     rebuild, len(keyword_tensors))
    with torch.no_grad():
        exported = fx.export_and_import(
            lifted, *example_inputs, *keyword_tensors, *weights,
            output_type="linalg-on-tensors", func_name=name)
    text = str(exported)
    from ._program import parse
    program = parse(text, name)
    arg_names = [f"input{i}" for i in range(len(example_inputs))]
    arg_names += keyword_names
    arg_names += [n.replace(".", "_") for n in names]
    if len(arg_names) == len(program.input_names):
        program._names = list(arg_names)
    return (program, text) if return_text else program


def torch_mlir_opt():
    """The torch-mlir-opt of the installed torch-mlir."""
    try:
        import torch_mlir
    except ImportError as e:
        raise ImportError(
            "needs torch-mlir (utils/setup_frontends.sh installs it into a "
            f"virtual environment): {e}") from e
    # torch_mlir is a namespace package: no __file__, a __path__.
    for path in (os.path.join(list(torch_mlir.__path__)[0], "_mlir_libs",
                              "torch-mlir-opt"),
                 os.path.join(os.path.dirname(sys.executable),
                              "torch-mlir-opt")):
        if os.path.exists(path):
            return path
    raise ImportError("torch-mlir-opt is not where torch-mlir installs it")


def stablehlo_to_linalg(text, name, opt=None):
    """JAX's StableHLO text as linalg on tensors: legalized by
    torch-mlir-opt, JAX's private helpers inlined, the entry point renamed
    `name` and stripped of JAX's result attributes."""
    r = subprocess.run([opt or torch_mlir_opt(),
                        "--stablehlo-legalize-to-linalg", "--inline",
                        "--symbol-dce", "--canonicalize"],
                       input=text, capture_output=True, text=True)
    if r.returncode:
        raise ValueError(f"torch-mlir-opt failed: {r.stderr[:2000]}")
    text = r.stdout.replace("func.func public @main(", f"func.func @{name}(")
    text = re.sub(r" \{jax\.result_info = [^}]*\}", "", text)
    text = re.sub(r"module @\S+ attributes \{[^}]*\} \{", "module {", text)
    # A single result needs no parentheses.
    text = re.sub(r"\) -> \((tensor<[^>]*>)\) \{", r") -> \1 {", text)
    return text


def from_jax(fn, *example_args, name=None, return_text=False):
    """A :class:`Program` from a JAX function: ``jax.jit(fn)`` lowered for
    the example arguments (arrays or ``jax.ShapeDtypeStruct``) to StableHLO,
    legalized to linalg and imported. With ``return_text``, ``(program,
    text)``. Raises ImportError when jax or torch-mlir is missing."""
    try:
        import jax
    except ImportError as e:
        raise ImportError(
            "from_jax needs jax and torch-mlir (utils/setup_frontends.sh "
            f"installs them into a virtual environment): {e}") from e
    name = name or getattr(fn, "__name__", "fn")
    hlo = jax.jit(fn).lower(*example_args).as_text()
    text = stablehlo_to_linalg(hlo, name)
    from ._program import parse
    program = parse(text, name)
    return (program, text) if return_text else program
