#!/usr/bin/env python3
"""Exports PyTorch modules and JAX functions to linalg-on-tensors text, as
lit fixtures.

Convolutional modules written with torch.nn (a ResNet basic block, a small
CNN, ViT's patch embedding; batch norm in inference mode, its running
statistics lifted to arguments like the weights) go the same way.

transformers' Llama modules (LlamaDecoderLayer, LlamaAttention, LlamaMLP,
LlamaRMSNorm; a small config, random weights, no downloads) go through torch-mlir's fx.export_and_import with its
parameters lifted to function arguments (torch.func.functional_call), so the
importer gets weights as arguments rather than dense_resource constants; the
rotary embedding's cos and sin are arguments too, as transformers passes
them to the layer. The text is what Debian's MLIR 22 parses (no bytecode).

JAX functions (RMSNorm + matmul, a gated MLP, attention) are lowered by
`jax.jit(f).lower(...).as_text()` to StableHLO and legalized to linalg by
torch-mlir's bundled `torch-mlir-opt --stablehlo-legalize-to-linalg`, with
JAX's private helpers (silu) inlined.

Needs torch, transformers, torch-mlir and jax (PyPI), which the default
test command does not: utils/setup_frontends.sh installs them into a
virtual environment. The fixtures it writes are committed.

  utils/export_models.py --out test/Conversion/LinalgToKGraph
"""

import argparse
import importlib.util
import inspect
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The package's front-end helpers, loaded by path (no bindings needed).
_spec = importlib.util.spec_from_file_location(
    "tsopt_frontends", os.path.join(ROOT, "python", "tsopt", "_frontends.py"))
frontends = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(frontends)

HEADER = """\
// transformers' {cls} ({what}), exported by torch-mlir's
// fx.export_and_import (linalg-on-tensors) with its weights lifted to
// arguments: written by utils/export_models.py; do not edit.
// It imports, runs as upstream MLIR runs the linalg, and superoptimized
// with default options still agrees with upstream's execution of the
// original.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}}
// RUN: %if linalg-oracle %{{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=SUPER %}}
{extra_runs}// CHECK-LABEL: func.func @{name}(
{checks}
// ORACLE: @{name} output 0 {type}: relative error {{{{.*}}}}: agree
{super_checks}// SUPER: @{name} output 0 {type}: relative error {{{{.*}}}}: agree
{extra_checks}
"""

# The whole layer also goes to PTX.
LAYER_RUNS = """\
// And to PTX for sm_90, every kernel assembled by ptxas where it is present:
// RUN: tsopt-opt %s --convert-linalg-to-kgraph --tsopt-orchestrate -o %t.mlir
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 --function=decoder_layer %t.mlir -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
"""
LAYER_CHECKS = "// PTX: .version\n// PTX: .entry\n"


def llama_config():
    from transformers import LlamaConfig
    return LlamaConfig(hidden_size=64, intermediate_size=176,
                       num_attention_heads=4, num_key_value_heads=4,
                       head_dim=16, rms_norm_eps=1e-6,
                       attn_implementation="eager")


def export_lifted(module, inputs, call, func_name, dtype, buffers=False):
    """Exports `module` with its parameters (and, with `buffers`, its
    buffers: batch norm's running statistics) as trailing function
    arguments, after `inputs`; `call(inputs)` gives the positional and
    keyword arguments of the module's forward."""
    import torch
    from torch_mlir import fx

    module = module.eval().to(dtype)
    tensors = list(module.named_parameters())
    if buffers:
        tensors += [(n, b) for n, b in module.named_buffers()
                    if b.is_floating_point()]
    names = [n for n, _ in tensors]
    count = len(inputs)

    class Lifted(torch.nn.Module):
        def forward(self, *args):
            positional, keywords = call(args[:count])
            out = torch.func.functional_call(
                module, dict(zip(names, args[count:])), positional, keywords)
            return out[0] if isinstance(out, tuple) else out

    weights = [t.detach() for _, t in tensors]
    text = str(fx.export_and_import(Lifted(), *inputs, *weights,
                                    output_type="linalg-on-tensors",
                                    func_name=func_name))
    if not buffers:
        return text
    # The arguments the program takes the root of: the running variances.
    positive = [count + i for i, n in enumerate(names)
                if n.endswith("running_var")]
    return text, positive


# The modules exported: function name, checks of the import.
LLAMA_MODULES = {
    "decoder_layer": ["// CHECK-COUNT-2: kgraph.slice", "// CHECK: kgraph.concat",
                      "// CHECK: kgraph.reduce_max", "// CHECK: kgraph.rms_norm",
                      "// CHECK: kgraph.silu"],
    "attention": ["// CHECK-COUNT-2: kgraph.slice", "// CHECK: kgraph.concat",
                  "// CHECK: kgraph.matmul", "// CHECK: kgraph.reduce_max",
                  "// CHECK: kgraph.exp"],
    "mlp": ["// CHECK: kgraph.matmul", "// CHECK: kgraph.silu",
            "// CHECK: kgraph.mul"],
    "rmsnorm": ["// CHECK: kgraph.rms_norm"],
}


def export_llama(kind, dtype, tokens=8):
    """transformers' Llama modules at a small config with random weights:
    'decoder_layer' (LlamaDecoderLayer), 'attention' (LlamaAttention), 'mlp'
    (LlamaMLP) and 'rmsnorm' (LlamaRMSNorm). The rotary embedding's cos and
    sin are arguments, as transformers passes them to a layer. Returns the
    text, the class name and the result's shape."""
    import torch
    from transformers.models.llama import modeling_llama as m

    torch.manual_seed(0)
    cfg = llama_config()
    x = torch.randn(1, tokens, cfg.hidden_size, dtype=dtype)
    cos, sin = m.LlamaRotaryEmbedding(cfg)(x.float(), torch.arange(tokens)[None])
    with_rotary = lambda a: ((a[0],), dict(position_embeddings=(a[1], a[2]),
                                           attention_mask=None))
    plain = lambda a: (tuple(a), {})
    if kind == "decoder_layer":
        module, inputs, call = m.LlamaDecoderLayer(cfg, 0), [x, cos, sin], with_rotary
    elif kind == "attention":
        module, inputs, call = m.LlamaAttention(cfg, 0), [x, cos, sin], with_rotary
    elif kind == "mlp":
        module, inputs, call = m.LlamaMLP(cfg), [x], plain
    else:
        module, inputs, call = m.LlamaRMSNorm(cfg.hidden_size, cfg.rms_norm_eps), [x], plain
    inputs = [t.to(dtype) for t in inputs]
    text = export_lifted(module, inputs, call, kind, dtype)
    return text, type(module).__name__, cfg, (1, tokens, cfg.hidden_size)


# One decoder (or encoder) layer of each transformers family beyond Llama:
# family, config class, layer class, rotary class (None: no rotary), config
# fields beyond the common small ones, the checks of what it imports to
# (its family's mark: biases, layer norms as primitives, gelu's tanh form
# with x³, (1 + w) norms, soft-capping, partial rotary, erf gelu).
FAMILIES = [
    ("mistral", "MistralConfig", "MistralDecoderLayer", "MistralRotaryEmbedding",
     dict(num_key_value_heads=2, head_dim=16),
     ["// CHECK: kgraph.rms_norm", "// CHECK: kgraph.repeat",
      "// CHECK: kgraph.silu"]),
    ("qwen2", "Qwen2Config", "Qwen2DecoderLayer", "Qwen2RotaryEmbedding",
     dict(num_key_value_heads=2),
     ["// CHECK: kgraph.rms_norm", "// CHECK: kgraph.matmul",
      "// CHECK: kgraph.add", "// CHECK: kgraph.silu"]),
    ("phi", "PhiConfig", "PhiDecoderLayer", "PhiRotaryEmbedding",
     dict(num_key_value_heads=4, partial_rotary_factor=0.5),
     ["// CHECK: kgraph.rsqrt", "// CHECK: kgraph.concat",
      "// CHECK: kgraph.tanh"]),
    ("gemma", "GemmaConfig", "GemmaDecoderLayer", "GemmaRotaryEmbedding",
     dict(num_key_value_heads=2, head_dim=16),
     ["// CHECK: kgraph.add_scalar {{.*}}1.000000e+00",
      "// CHECK: kgraph.rms_norm", "// CHECK: kgraph.tanh"]),
    ("gemma2", "Gemma2Config", "Gemma2DecoderLayer", "Gemma2RotaryEmbedding",
     dict(num_key_value_heads=2, head_dim=16),
     ["// CHECK: kgraph.rms_norm", "// CHECK: kgraph.tanh",
      "// CHECK: kgraph.reduce_max", "// CHECK: kgraph.tanh"]),
    ("gpt2", "GPT2Config", "GPT2Block", None,
     dict(n_embd=64, n_head=4, n_inner=128),
     ["// CHECK: kgraph.rsqrt", "// CHECK: kgraph.matmul",
      "// CHECK: kgraph.tanh"]),
    ("gpt_neox", "GPTNeoXConfig", "GPTNeoXLayer", "GPTNeoXRotaryEmbedding",
     dict(rotary_pct=0.25),
     ["// CHECK: kgraph.rsqrt", "// CHECK: kgraph.concat",
      "// CHECK: kgraph.gelu"]),
    ("bert", "BertConfig", "BertLayer", None, {},
     ["// CHECK: kgraph.matmul", "// CHECK: kgraph.reduce_max",
      "// CHECK: kgraph.gelu", "// CHECK: kgraph.rsqrt"]),
    ("vit", "ViTConfig", "ViTLayer", None, {},
     ["// CHECK: kgraph.rsqrt", "// CHECK: kgraph.reduce_max",
      "// CHECK: kgraph.gelu"]),
    # Whisper's audio encoder layer; in f16 it clamps its output to the
    # finite range (max_scalar, min_scalar).
    ("whisper", "WhisperConfig", "WhisperEncoderLayer", None,
     dict(d_model=64, encoder_attention_heads=4, encoder_ffn_dim=128),
     ["// CHECK: kgraph.rsqrt", "// CHECK: kgraph.reduce_max",
      "// CHECK: kgraph.gelu"]),
]

# Families whose fixture takes an additive attention mask argument.
MASKED = {"qwen2", "bert"}

# The checks of a fixture with one output: its import, and upstream's
# execution against tsopt's before and after tsopt-superoptimize.
ORACLE_CHECKS = """\
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}}
// RUN: %if linalg-oracle %{{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=ORACLE %}}
// CHECK-LABEL: func.func @{name}(
{checks}
// ORACLE: @{name} output 0 {type}: relative error {{{{.*}}}}: agree

"""

FAMILY_HEADER = """\
// One {cls} of transformers ({what}; a small config, random weights),
// exported by torch-mlir's fx.export_and_import (linalg-on-tensors) with
// its weights{rotary} lifted to arguments: written by
// utils/export_models.py; do not edit. It imports, compiled for the CPU it
// agrees with upstream MLIR's execution of the linalg, and superoptimized
// with default options it still does.
""" + ORACLE_CHECKS


def export_family(family, dtype, tokens=8):
    """One layer of `family` (a FAMILIES entry) at a small config with
    random weights; the rotary embedding's cos and sin are arguments, as
    transformers passes them to a layer. Returns the text, the layer's
    class name, a description of the config and the result's shape."""
    import importlib
    import torch
    import transformers

    name, config_cls, layer_cls, rotary_cls, fields, _ = family
    torch.manual_seed(0)
    common = dict(hidden_size=64, intermediate_size=128, num_attention_heads=4,
                  attn_implementation="eager")
    cfg = getattr(transformers, config_cls)(**{**common, **fields})
    m = importlib.import_module(f"transformers.models.{name}.modeling_{name}")
    layer = getattr(m, layer_cls)
    try:
        module = layer(cfg, 0)
    except TypeError:  # encoder layers take no index
        module = layer(cfg)
    x = torch.randn(1, tokens, cfg.hidden_size, dtype=dtype)
    # Families of MASKED take an additive attention mask (batch, 1,
    # queries, keys) as an argument, as their models pass it to a layer.
    mask = torch.zeros(1, 1, tokens, tokens, dtype=dtype)
    masked = name in MASKED
    if rotary_cls:
        cos, sin = getattr(m, rotary_cls)(cfg)(x.float(),
                                               torch.arange(tokens)[None])
        inputs = [x, cos.to(dtype), sin.to(dtype)] + ([mask] if masked else [])
        call = lambda a: ((a[0],), dict(position_embeddings=(a[1], a[2]),
                                        attention_mask=a[3] if masked
                                        else None))
    elif masked:
        inputs = [x, mask]
        call = lambda a: ((a[0],), dict(attention_mask=a[1]))
    else:
        # A layer whose forward requires a mask argument (Whisper's) gets
        # None, as its model passes without padding.
        params = inspect.signature(module.forward).parameters
        required = "attention_mask" in params and \
            params["attention_mask"].default is inspect.Parameter.empty
        keywords = dict(attention_mask=None) if required else {}
        inputs, call = [x], lambda a: ((a[0],), keywords)
    text = export_lifted(module, inputs, call, name, dtype)
    what = (f"hidden {cfg.hidden_size}, {cfg.num_attention_heads} heads, "
            f"{tokens} tokens" + (", an additive attention mask" if masked
                                  else ""))
    return text, layer_cls, what, (1, tokens, cfg.hidden_size)


CLAMPS_HEADER = """\
// Clamps as torch writes them ({tag}): torch.clamp with both bounds and with
// a lower bound only, relu6 and hardswish after a matmul, exported by
// torch-mlir's fx.export_and_import (linalg-on-tensors): written by
// utils/export_models.py; do not edit. Each select of a comparison with a
// constant imports as kgraph.max_scalar / min_scalar (relu for a lower
// bound of 0); it agrees with upstream's execution compiled for the CPU,
// also after tsopt-superoptimize, and lowers to PTX.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}}
// RUN: %if linalg-oracle %{{ %linalg-oracle %s --passes=--tsopt-superoptimize | FileCheck %s --check-prefix=ORACLE %}}
// RUN: tsopt-opt %s --convert-linalg-to-kgraph --tsopt-superoptimize 2>/dev/null | tsopt-translate --tsopt-to-ptx -o %t.ptx
// RUN: %if ptxas %{{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}}
// CHECK-LABEL: func.func @{name}(
// CHECK: kgraph.max_scalar %{{{{.*}}}}, -1.500000e+00
// CHECK-NEXT: kgraph.min_scalar %{{{{.*}}}}, 2.000000e+00
// CHECK-NEXT: kgraph.relu
// CHECK-NEXT: kgraph.min_scalar %{{{{.*}}}}, 6.000000e+00
// CHECK: kgraph.max_scalar %{{{{.*}}}}, 2.500000e-01
// ORACLE: @{name} output 0 {type}: relative error {{{{.*}}}}: agree

"""


def export_clamps(out, torch):
    """Writes clamps_{f32,f16}.mlir: torch's clamps after a matmul."""
    from torch_mlir import fx

    class Clamps(torch.nn.Module):
        def forward(self, x, w):
            h = x @ w
            return (torch.clamp(h, -1.5, 2.0) + torch.nn.functional.relu6(h)
                    + torch.nn.functional.hardswish(h)
                    + torch.clamp(h, min=0.25))

    for dtype, tag in [(torch.float32, "f32"), (torch.float16, "f16")]:
        torch.manual_seed(0)
        name = f"clamps_{tag}"
        text = str(fx.export_and_import(
            Clamps(), torch.randn(4, 16, dtype=dtype),
            torch.randn(16, 8, dtype=dtype),
            output_type="linalg-on-tensors", func_name=name))
        header = CLAMPS_HEADER.format(tag=tag, name=name,
                                      type=f"tensor<4x8x{tag}>")
        path = os.path.join(out, f"{name}.mlir")
        with open(path, "w") as f:
            f.write(header + text)
        print(f"wrote {path}")


def export_families(out, torch):
    """Writes family_<name>_{f32,f16}.mlir for every FAMILIES entry."""
    for family in FAMILIES:
        for dtype, tag in [(torch.float32, "f32"), (torch.float16, "f16")]:
            text, cls, what, shape = export_family(family, dtype)
            ty = "tensor<" + "x".join(map(str, shape)) + f"x{tag}>"
            header = FAMILY_HEADER.format(
                cls=cls, what=f"{what}, {tag}", name=family[0],
                checks="\n".join(family[5]), type=ty,
                rotary=", and the rotary embedding's cos and sin," if family[3]
                else "")
            path = os.path.join(out, f"family_{family[0]}_{tag}.mlir")
            with open(path, "w") as f:
                f.write(header + text)
            print(f"wrote {path}")


CNN_HEADER = """\
// {what}:
// exported by torch-mlir's fx.export_and_import (linalg-on-tensors) in
// inference mode, its weights and batch norm's running statistics lifted
// to arguments: written by utils/export_models.py; do not edit. It imports,
// runs as upstream MLIR runs the linalg, superoptimized with no options
// still agrees with upstream's execution, and lowers to PTX.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{{ %linalg-oracle %s{positive} | FileCheck %s --check-prefix=ORACLE %}}
// RUN: %if linalg-oracle %{{ %linalg-oracle %s{positive} --passes=--tsopt-superoptimize | FileCheck %s --check-prefix=ORACLE %}}
// RUN: tsopt-opt %s --convert-linalg-to-kgraph --tsopt-superoptimize 2>/dev/null | tsopt-translate --tsopt-to-ptx -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// CHECK-LABEL: func.func @{name}(
{checks}
// ORACLE: @{name} output 0 {type}: relative error {{{{.*}}}}: agree
// PTX: .entry {name}_kernel

"""


def cnn_modules():
    """Convolutional modules written with torch.nn alone (no torchvision):
    a ResNet basic block, a small CNN, a ViT patch embedding, ResNet's stem
    and MobileNetV2's inverted residual. Returns
    (name, description, module, input shape, checks)."""
    import torch
    from torch import nn

    class BasicBlock(nn.Module):
        """ResNet's basic block: two 3x3 convolutions without bias, each
        with batch norm, relu after the first and after the residual add."""
        def __init__(self, c):
            super().__init__()
            self.conv1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
            self.bn1 = nn.BatchNorm2d(c)
            self.conv2 = nn.Conv2d(c, c, 3, padding=1, bias=False)
            self.bn2 = nn.BatchNorm2d(c)

        def forward(self, x):
            y = torch.relu(self.bn1(self.conv1(x)))
            return torch.relu(self.bn2(self.conv2(y)) + x)

    class SmallCNN(nn.Module):
        """A stride-1 and a stride-2 convolution with biases and relus, a
        depthwise convolution, then a linear classifier."""
        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv2d(3, 8, 3, padding=1)
            self.conv2 = nn.Conv2d(8, 16, 3, stride=2, padding=1)
            self.dw = nn.Conv2d(16, 16, 3, padding=1, groups=16)
            self.fc = nn.Linear(16 * 8 * 8, 10)

        def forward(self, x):
            x = torch.relu(self.conv1(x))
            x = torch.relu(self.conv2(x))
            x = torch.relu(self.dw(x))
            return self.fc(x.flatten(1))

    class PatchEmbed(nn.Module):
        """ViT's patch embedding: a convolution with stride = kernel, the
        patches as a sequence."""
        def __init__(self):
            super().__init__()
            self.proj = nn.Conv2d(3, 32, 4, stride=4)

        def forward(self, x):
            return self.proj(x).flatten(2).transpose(1, 2)

    class ResNetStem(nn.Module):
        """ResNet's stem: a 7x7 stride-2 convolution, batch norm, relu, and
        a 3x3 stride-2 max pooling padded with -inf."""
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2d(3, 8, 7, stride=2, padding=3, bias=False)
            self.bn = nn.BatchNorm2d(8)
            self.pool = nn.MaxPool2d(3, stride=2, padding=1)

        def forward(self, x):
            return self.pool(torch.relu(self.bn(self.conv(x))))

    class InvertedResidual(nn.Module):
        """MobileNetV2's block: a 1x1 expansion, a depthwise 3x3 and a 1x1
        projection, each with batch norm, relu6 after the first two, and
        the residual."""
        def __init__(self, c, expand=4):
            super().__init__()
            h = c * expand
            self.expand = nn.Conv2d(c, h, 1, bias=False)
            self.bn1 = nn.BatchNorm2d(h)
            self.dw = nn.Conv2d(h, h, 3, padding=1, groups=h, bias=False)
            self.bn2 = nn.BatchNorm2d(h)
            self.project = nn.Conv2d(h, c, 1, bias=False)
            self.bn3 = nn.BatchNorm2d(c)

        def forward(self, x):
            y = nn.functional.relu6(self.bn1(self.expand(x)))
            y = nn.functional.relu6(self.bn2(self.dw(y)))
            return x + self.bn3(self.project(y))

    torch.manual_seed(0)
    block = BasicBlock(8)
    stem, inverted = ResNetStem(), InvertedResidual(8)
    for bn in (block.bn1, block.bn2, stem.bn, inverted.bn1, inverted.bn2,
               inverted.bn3):
        # Statistics of a trained network, not the identity of a fresh one.
        bn.running_mean.uniform_(-0.5, 0.5)
        bn.running_var.uniform_(0.5, 2.0)
        bn.weight.data.uniform_(0.5, 1.5)
        bn.bias.data.uniform_(-0.2, 0.2)
    return [
        ("resnet_basic_block", "A ResNet basic block (8 channels, 8x8)",
         block, (1, 8, 8, 8),
         ["// CHECK-COUNT-2: kgraph.conv2d {{.*}} padding = [1, 1, 1, 1]"]),
        ("small_cnn", "A small CNN (3x16x16 images, strided and depthwise "
         "convolutions, a linear classifier)", SmallCNN(), (2, 3, 16, 16),
         ["// CHECK: kgraph.conv2d {{.*}} stride = [1, 1]",
          "// CHECK: kgraph.conv2d {{.*}} stride = [2, 2]",
          "// CHECK: kgraph.conv2d {{.*}} groups = 16",
          "// CHECK: kgraph.matmul"]),
        ("patch_embed", "ViT's patch embedding (3x32x32 images, 4x4 "
         "patches, 32 features)", PatchEmbed(), (2, 3, 32, 32),
         ["// CHECK: kgraph.conv2d {{.*}} stride = [4, 4]"]),
        ("resnet_stem", "ResNet's stem (3x32x32 images, a 7x7 stride-2 "
         "convolution, a 3x3 stride-2 max pooling padded with -inf)",
         stem, (1, 3, 32, 32),
         ["// CHECK: kgraph.conv2d {{.*}} stride = [2, 2] padding = [3, 3, 3, 3]",
          "// CHECK: kgraph.im2col {{.*}} kernel = [3, 3] stride = [2, 2] "
          "padding = [1, 1, 1, 1] dilation = [1, 1] pad_value = -",
          "// CHECK: kgraph.reduce_max"]),
        ("inverted_residual", "MobileNetV2's inverted residual (8 channels, "
         "expansion 4, 8x8, relu6)", inverted, (1, 8, 8, 8),
         ["// CHECK: kgraph.conv2d",
          "// CHECK: kgraph.min_scalar {{.*}}, 6.000000e+00",
          "// CHECK: kgraph.conv2d {{.*}} groups = 32",
          "// CHECK: kgraph.min_scalar {{.*}}, 6.000000e+00"]),
    ]


def export_cnns(dtypes):
    import torch
    out = []
    for name, what, module, shape, checks in cnn_modules():
        for dtype, tag in dtypes:
            x = torch.randn(*shape).to(dtype)
            text, positive = export_lifted(module, [x],
                                           lambda a: (tuple(a), {}), name,
                                           dtype, buffers=True)
            with torch.no_grad():
                result = module.eval().to(dtype)(x).shape
            ty = "tensor<" + "x".join(map(str, result)) + f"x{tag}>"
            header = CNN_HEADER.format(
                what=f"{what}, {tag}", name=name, checks="\n".join(checks),
                type=ty, positive=(" --positive=" + ",".join(map(str, positive))
                                   if positive else ""))
            out.append((f"{name}_{tag}", header + text))
    return out


JAX_HEADER = """\
// JAX's {name} ({what}), lowered by jax.jit(f).lower().as_text() and
// legalized to linalg by torch-mlir-opt --stablehlo-legalize-to-linalg:
// written by utils/export_models.py; do not edit. JAX materializes broadcast
// scalars as splat tensors and broadcasts as generics; both import. It
// agrees with upstream's execution, also after tsopt-superoptimize.
""" + ORACLE_CHECKS


def export_jax(tools_opt):
    import jax
    import jax.numpy as jnp

    def rmsnorm_matmul(x, g, w):
        r = x * jax.lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + 1e-6)
        return (r * g) @ w

    def gated_mlp(x, w1, w2):
        return jax.nn.silu(x @ w1) * (x @ w2)

    def attention(q, k, v):
        s = jnp.einsum("hqd,hkd->hqk", q, k) / jnp.sqrt(q.shape[-1])
        return jnp.einsum("hqk,hkd->hqd", jax.nn.softmax(s, axis=-1), v)

    cases = [
        ("rmsnorm_matmul", rmsnorm_matmul, [(8, 64), (64,), (64, 32)],
         (8, 32), ["// CHECK: kgraph.rms_norm", "// CHECK: kgraph.matmul"]),
        ("gated_mlp", gated_mlp, [(8, 64), (64, 128), (64, 128)], (8, 128),
         ["// CHECK: kgraph.matmul", "// CHECK: kgraph.silu",
          "// CHECK: kgraph.mul"]),
        ("attention", attention, [(2, 16, 32)] * 3, (2, 16, 32),
         ["// CHECK: kgraph.transpose", "// CHECK-NEXT: kgraph.matmul",
          "// CHECK: kgraph.reduce_max", "// CHECK: kgraph.exp",
          "// CHECK: kgraph.div", "// CHECK: kgraph.matmul"]),
    ]
    out = []
    for name, f, shapes, result, checks in cases:
        args = [jax.ShapeDtypeStruct(s, jnp.float32) for s in shapes]
        hlo = jax.jit(f).lower(*args).as_text()
        text = frontends.stablehlo_to_linalg(hlo, name, tools_opt)
        ty = "tensor<" + "x".join(map(str, result)) + "xf32>"
        what = ", ".join("x".join(map(str, s)) for s in shapes) + ", f32"
        out.append((name, JAX_HEADER.format(
            name=name, what=what, checks="\n".join(checks), type=ty) + text))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, help="directory for the fixtures")
    ap.add_argument("--cnn-only", action="store_true",
                    help="export the convolutional modules only")
    ap.add_argument("--families-only", action="store_true",
                    help="export the transformers families' layers only")
    a = ap.parse_args()
    try:
        import torch
    except ImportError:
        sys.exit("needs torch, transformers and torch-mlir: run "
                 "utils/setup_frontends.sh and use its virtual environment")
    if a.families_only:
        export_families(a.out, torch)
        export_clamps(a.out, torch)
        return
    for stem, text in export_cnns([(torch.float32, "f32"),
                                   (torch.float16, "f16")]):
        path = os.path.join(a.out, f"torch_{stem}.mlir")
        with open(path, "w") as f:
            f.write(text)
        print(f"wrote {path}")
    if a.cnn_only:
        return
    export_families(a.out, torch)
    export_clamps(a.out, torch)
    opt = os.path.join(os.path.dirname(sys.executable), "torch-mlir-opt")
    for name, text in export_jax(opt):
        path = os.path.join(a.out, f"jax_{name}.mlir")
        with open(path, "w") as f:
            f.write(text)
        print(f"wrote {path}")
    for kind, checks in LLAMA_MODULES.items():
        for dtype, tag in [(torch.float32, "f32"), (torch.float16, "f16")]:
            text, cls, cfg, shape = export_llama(kind, dtype)
            what = (f"hidden {cfg.hidden_size}, {cfg.num_attention_heads} heads, "
                    f"intermediate {cfg.intermediate_size}, {shape[1]} tokens, {tag}")
            layer = kind == "decoder_layer"
            ty = "tensor<" + "x".join(map(str, shape)) + f"x{tag}>"
            header = HEADER.format(
                cls=cls, what=what, name=kind, checks="\n".join(checks), type=ty,
                extra_runs=LAYER_RUNS if layer else "",
                super_checks="// SUPER: remark: superoptimized by orchestration:\n"
                if layer else "",
                extra_checks=LAYER_CHECKS if layer else "")
            stem = "llama_decoder_layer" if layer else f"llama_{kind}"
            path = os.path.join(a.out, f"{stem}_{tag}.mlir")
            with open(path, "w") as f:
                f.write(header + text)
            print(f"wrote {path}")

if __name__ == "__main__":
    main()
