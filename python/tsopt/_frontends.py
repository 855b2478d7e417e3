"""Front ends: PyTorch modules into tsopt programs, through torch-mlir.

Optional: torch and torch-mlir are not dependencies of the package
(utils/setup_frontends.sh installs them into a virtual environment). The
module is exported as linalg on tensors, as text, and imported by
``convert-linalg-to-kgraph`` (docs/import.md).
"""

from ._program import parse


def _lifted(module, torch):
    """`module` with its parameters and buffers as trailing arguments, so the
    export takes weights as function arguments (the importer refuses inlined
    tensor constants)."""
    names = [n for n, _ in module.named_parameters()]
    names += [n for n, _ in module.named_buffers()]
    tensors = [p.detach() for p in module.parameters()]
    tensors += [b.detach() for b in module.buffers()]
    count = len(names)

    class Lifted(torch.nn.Module):
        def forward(self, *args):
            inputs, weights = args[:len(args) - count], args[len(args) - count:]
            out = torch.func.functional_call(
                module, dict(zip(names, weights)), tuple(inputs))
            if isinstance(out, (tuple, list)):
                out = out[0]
            return out

    return Lifted(), tensors, names


def from_torch(module, *example_inputs, name="forward", return_text=False):
    """A :class:`Program` from a PyTorch module.

    The module is exported by torch-mlir's ``fx.export_and_import`` as
    linalg on tensors with its parameters and buffers lifted to arguments,
    after the example inputs: the program's inputs are the example inputs
    in order, then the module's parameters and buffers, named after them
    (``self_attn.q_proj.weight`` becomes ``self_attn_q_proj_weight``). The
    first output of a module that returns a tuple is the program's output.
    With ``return_text`` the linalg text is returned too, as
    ``(program, text)``.

    Raises ImportError when torch or torch-mlir is missing, and ValueError
    naming the op when the export has one kgraph cannot express.
    """
    try:
        import torch
        from torch_mlir import fx
    except ImportError as e:
        raise ImportError(
            "from_torch needs torch and torch-mlir (utils/setup_frontends.sh "
            f"installs them into a virtual environment): {e}") from e
    lifted, weights, names = _lifted(module, torch)
    with torch.no_grad():
        exported = fx.export_and_import(
            lifted, *example_inputs, *weights,
            output_type="linalg-on-tensors", func_name=name)
    text = str(exported)
    program = parse(text, name)
    arg_names = [f"input{i}" for i in range(len(example_inputs))]
    arg_names += [n.replace(".", "_") for n in names]
    if len(arg_names) == len(program.input_names):
        program._names = list(arg_names)
    return (program, text) if return_text else program
