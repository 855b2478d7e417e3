"""from_torch(): a PyTorch module in through torch-mlir. Skipped unless
torch, torch-mlir and transformers are installed (utils/setup_frontends.sh);
the default test command has none of them."""

import numpy as np
import pytest

import tsopt

torch = pytest.importorskip("torch")
pytest.importorskip("torch_mlir")


def test_from_torch_mlp_runs_like_torch():
    torch.manual_seed(0)

    class Mlp(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.up = torch.nn.Linear(32, 64, bias=False)
            self.down = torch.nn.Linear(64, 32, bias=False)

        def forward(self, x):
            return self.down(torch.nn.functional.silu(self.up(x)))

    m = Mlp().eval()
    x = torch.randn(4, 32)
    p = tsopt.from_torch(m, x)
    assert p.input_names == ["input0", "up_weight", "down_weight"]
    assert "kgraph.silu" in p.ir()
    want = m(x).detach().numpy()
    got = p(x.numpy(), m.up.weight.detach().numpy(),
            m.down.weight.detach().numpy())
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)
    best = tsopt.superoptimize(p, time_limit=5)
    np.testing.assert_allclose(
        best(x.numpy(), m.up.weight.detach().numpy(),
             m.down.weight.detach().numpy()), want, rtol=1e-3, atol=1e-3)


def test_from_torch_llama_layer_orchestrates():
    transformers = pytest.importorskip("transformers")
    from transformers.models.llama.modeling_llama import (
        LlamaDecoderLayer, LlamaRotaryEmbedding)
    torch.manual_seed(0)
    cfg = transformers.LlamaConfig(
        hidden_size=64, intermediate_size=176, num_attention_heads=4,
        num_key_value_heads=4, head_dim=16, attn_implementation="eager")
    layer = LlamaDecoderLayer(cfg, 0).eval()

    class WithRotary(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.layer = layer

        def forward(self, x, cos, sin):
            return self.layer(x, position_embeddings=(cos, sin),
                              attention_mask=None)

    x = torch.randn(1, 8, 64)
    cos, sin = LlamaRotaryEmbedding(cfg)(x, torch.arange(8)[None])
    p = tsopt.from_torch(WithRotary().eval(), x, cos, sin)
    m = tsopt.superoptimize(p, time_limit=5)  # beyond the search: orchestrated
    assert m.cost_us < m.program_cost_us
    weights = [w.detach().numpy() for w in layer.parameters()]
    args = [x.numpy(), cos.numpy(), sin.numpy(), *weights]
    out = layer(x, position_embeddings=(cos, sin), attention_mask=None)
    want = (out[0] if isinstance(out, tuple) else out).detach().numpy()
    np.testing.assert_allclose(m(*args), want, rtol=1e-3, atol=1e-3)


def test_from_torch_without_torch_mlir_says_so(monkeypatch):
    import builtins
    real = builtins.__import__

    def no_torch_mlir(name, *args, **kwargs):
        if name.startswith("torch_mlir"):
            raise ImportError("no torch_mlir")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_torch_mlir)
    with pytest.raises(ImportError, match="setup_frontends"):
        tsopt.from_torch(torch.nn.Linear(2, 2), torch.randn(1, 2))


def test_from_jax_gated_mlp_runs_like_jax():
    jax = pytest.importorskip("jax")
    jnp = pytest.importorskip("jax.numpy")

    def gated_mlp(x, w1, w2):
        return jax.nn.silu(x @ w1) * (x @ w2)

    rng = np.random.default_rng(0)
    xs = [rng.standard_normal(s).astype(np.float32)
          for s in [(8, 64), (64, 128), (64, 128)]]
    p = tsopt.from_jax(gated_mlp, *xs)
    assert "kgraph.silu" in p.ir()
    want = np.asarray(gated_mlp(*[jnp.asarray(x) for x in xs]))
    np.testing.assert_allclose(p(*xs), want, rtol=1e-4, atol=1e-4)
