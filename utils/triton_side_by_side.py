#!/usr/bin/env python3
"""tsopt's kernels next to Triton's for the same workloads, measured without a GPU.

Four workloads, each written once as a tutorial-style Triton kernel (a fixed
tile, no autotuning, num_stages 3) and taken from tsopt as it emits them:

  gemm             C = A B, 4096 x 4096 x 4096, f16 (tsopt: the pre-defined
                   matmul, which tsopt-superoptimize leaves as it is)
  gated_mlp        silu(X W1) * (X W2), X 8 x 4096, W1, W2 4096 x 4096, one
                   fused kernel (utils/workloads/gated_mlp.mlir)
  rmsnorm          RMSNorm(X) W, X 2 x 4096, W 4096 x 6144, fused
                   (utils/workloads/rmsnorm.mlir; no epsilon, as there)
  flash_attention  softmax(Q K^T / 8) V, Q 1024 x 64, K, V 4096 x 64, the
                   flash-attention tutorial's online softmax
                   (utils/workloads/flash_attention.mlir's shapes)

Triton compiles for a GPUTarget without a GPU; its arguments are specialized
as its launcher would at these shapes (pointers and multiples of 16 marked
16-divisible, a stride of 1 made a constant). Both sides' PTX is assembled
by the same ptxas (Triton is pointed at it) and measured by
utils/kernel_stats.py's functions: registers, shared memory, occupancy,
static tensor-core instructions, the main loop's instructions per
tensor-core instruction, the loops nested in it, and MMA FLOPs per
main-loop instruction (per warp: HMMA.16816 is 4096, HGMMA.64xNx16 512 N),
global bytes per load instruction (LDG and LDGSTS, by width) and TMA
copies. docs/triton.md has the figures.

    utils/setup_triton.sh && utils/setup_sass_tools.sh
    .venv-triton/bin/python utils/triton_side_by_side.py --bin build/bin \\
        --sass-tools .venv-sass --target sm_80,sm_90 --markdown
"""

import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kernel_stats as ks  # noqa: E402

os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")  # today's default
import triton  # noqa: E402
import triton.language as tl  # noqa: E402
from triton.backends.compiler import GPUTarget  # noqa: E402


# ---------------------------------------------------------------- kernels

@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    # The matrix-multiplication tutorial's kernel (grouped tile order).
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    num_pid_in_group = GROUP_M * num_pid_n
    first_pid_m = (pid // num_pid_in_group) * GROUP_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    offs_m = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    offs_n = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_ptrs = c_ptr + offs_cm[:, None] * stride_cm + offs_cn[None, :] * stride_cn
    tl.store(c_ptrs, acc.to(tl.float16),
             mask=(offs_cm[:, None] < M) & (offs_cn[None, :] < N))


@triton.jit
def gated_mlp_kernel(x_ptr, w1_ptr, w2_ptr, o_ptr, M, N, K,
                     stride_xm, stride_wk, stride_om,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                     BLOCK_K: tl.constexpr):
    # silu(X W1) * (X W2): both products of one column block in one loop.
    offs_m = tl.arange(0, BLOCK_M)
    offs_n = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    x_ptrs = x_ptr + offs_m[:, None] * stride_xm + offs_k[None, :]
    w_off = offs_k[:, None] * stride_wk + offs_n[None, :]
    acc1 = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    acc2 = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        x = tl.load(x_ptrs + k, mask=offs_m[:, None] < M, other=0.0)
        acc1 = tl.dot(x, tl.load(w1_ptr + w_off + k * stride_wk), acc1)
        acc2 = tl.dot(x, tl.load(w2_ptr + w_off + k * stride_wk), acc2)
    h = acc1 * tl.sigmoid(acc1) * acc2
    o_ptrs = o_ptr + offs_m[:, None] * stride_om + offs_n[None, :]
    tl.store(o_ptrs, h.to(tl.float16), mask=offs_m[:, None] < M)


@triton.jit
def rmsnorm_matmul_kernel(x_ptr, g_ptr, w_ptr, y_ptr, M, N, K,
                          stride_xm, stride_wk, stride_ym,
                          BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                          BLOCK_K: tl.constexpr):
    # (X * g) W / sqrt(mean(X^2)): the row sums of squares ride along the
    # product's K loop.
    offs_m = tl.arange(0, BLOCK_M)
    offs_n = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    ss = tl.zeros((BLOCK_M,), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        x = tl.load(x_ptr + offs_m[:, None] * stride_xm + (k + offs_k)[None, :],
                    mask=offs_m[:, None] < M, other=0.0)
        g = tl.load(g_ptr + k + offs_k)
        w = tl.load(w_ptr + (k + offs_k)[:, None] * stride_wk + offs_n[None, :])
        xf = x.to(tl.float32)
        ss += tl.sum(xf * xf, axis=1)
        acc = tl.dot(x * g[None, :], w, acc)
    y = acc / tl.sqrt(ss / K)[:, None]
    y_ptrs = y_ptr + offs_m[:, None] * stride_ym + offs_n[None, :]
    tl.store(y_ptrs, y.to(tl.float16), mask=offs_m[:, None] < M)


@triton.jit
def attention_kernel(q_ptr, k_ptr, v_ptr, o_ptr, S, stride_q, stride_k,
                     stride_v, stride_o, sm_scale,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                     HEAD_DIM: tl.constexpr):
    # The fused-attention tutorial's forward pass, one head, no mask.
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(q_ptr + offs_m[:, None] * stride_q + offs_d[None, :])
    m_i = tl.full([BLOCK_M], float("-inf"), dtype=tl.float32)
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504
    for start_n in range(0, S, BLOCK_N):
        k = tl.load(k_ptr + (start_n + offs_n)[None, :] * stride_k + offs_d[:, None])
        qk = tl.dot(q, k)
        m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
        p = tl.math.exp2(qk * qk_scale - m_ij[:, None])
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptr + (start_n + offs_n)[:, None] * stride_v + offs_d[None, :])
        acc = tl.dot(p.to(tl.float16), v, acc * alpha[:, None])
        m_i = m_ij
    acc = acc / l_i[:, None]
    tl.store(o_ptr + offs_m[:, None] * stride_o + offs_d[None, :], acc.to(tl.float16))


GEMM_MLIR = """\
func.func @gemm(%a: tensor<4096x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<4096x4096xf16> {
  %c = kgraph.matmul %a, %b : tensor<4096x4096xf16>, tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  return %c : tensor<4096x4096xf16>
}
"""
P = "*fp16"
# name: (tsopt program, Triton kernel, its arguments, grid, num_warps)
WORKLOADS = {
    "gemm": (None, matmul_kernel, dict(
        a_ptr=P, b_ptr=P, c_ptr=P, M=4096, N=4096, K=4096,
        stride_am=4096, stride_ak=1, stride_bk=4096, stride_bn=1,
        stride_cm=4096, stride_cn=1,
        BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, GROUP_M=8), 32 * 32, 8),
    "gated_mlp": ("utils/workloads/gated_mlp.mlir", gated_mlp_kernel, dict(
        x_ptr=P, w1_ptr=P, w2_ptr=P, o_ptr=P, M=8, N=4096, K=4096,
        stride_xm=4096, stride_wk=4096, stride_om=4096,
        BLOCK_M=16, BLOCK_N=64, BLOCK_K=64), 4096 // 64, 4),
    "rmsnorm": ("utils/workloads/rmsnorm.mlir", rmsnorm_matmul_kernel, dict(
        x_ptr=P, g_ptr=P, w_ptr=P, y_ptr=P, M=2, N=6144, K=4096,
        stride_xm=4096, stride_wk=6144, stride_ym=6144,
        BLOCK_M=16, BLOCK_N=64, BLOCK_K=128), 6144 // 64, 4),
    "flash_attention": ("utils/workloads/flash_attention.mlir", attention_kernel, dict(
        q_ptr=P, k_ptr=P, v_ptr=P, o_ptr=P, S=4096, stride_q=64, stride_k=64,
        stride_v=64, stride_o=64, sm_scale=0.125,
        BLOCK_M=64, BLOCK_N=64, HEAD_DIM=64), 1024 // 64, 4),
}
NUM_STAGES = 3


def specialize(fn, args):
    """(signature, constexprs, attrs) as Triton's launcher specializes
    fn(**args): pointers ('*fp16') and integers that are multiples of 16
    16-divisible, an integer 1 a constant, floats fp32."""
    signature, constexprs, attrs = {}, {}, {}
    for i, (name, param) in enumerate(zip(fn.arg_names, fn.params)):
        v = args[name]
        if param.is_constexpr or (isinstance(v, int) and v == 1):
            signature[name], constexprs[name] = "constexpr", v
        elif isinstance(v, str):
            signature[name] = v
            attrs[(i,)] = [["tt.divisibility", 16]]
        elif isinstance(v, float):
            signature[name] = "fp32"
        else:
            signature[name] = "i32" if -2**31 <= v < 2**31 else "i64"
            if v % 16 == 0:
                attrs[(i,)] = [["tt.divisibility", 16]]
    return signature, constexprs, attrs


def triton_rows(name, target, tools, work):
    _, fn, args, grid, warps = WORKLOADS[name]
    sig, const, attrs = specialize(fn, args)
    src = triton.compiler.ASTSource(fn=fn, signature=sig, constexprs=const,
                                    attrs=attrs)
    cc = int(target[3:])
    k = triton.compile(src, target=GPUTarget("cuda", cc, 32),
                       options={"num_warps": warps, "num_stages": NUM_STAGES})
    ptx = os.path.join(work, "%s.triton.%s.ptx" % (name, target))
    with open(ptx, "w") as f:
        f.write(k.asm["ptx"])
    launch = {k.metadata.name: {"threads": k.metadata.num_warps * 32,
                                "smem": k.metadata.shared, "grid": grid}}
    return ks.kernel_rows(ptx, target, tools, launch,
                          {k.metadata.name: True}, work)


def tsopt_rows(name, target, tools, bin_dir, work):
    path = WORKLOADS[name][0]
    if path is not None:  # relative to the repository
        path = os.path.join(os.path.dirname(os.path.dirname(
            os.path.abspath(__file__))), path)
    else:
        path = os.path.join(work, name + ".mlir")
        with open(path, "w") as f:
            f.write(GEMM_MLIR)
    ptx, launch, matmuls = ks.translate(bin_dir, path, target, work)
    return ks.kernel_rows(ptx, target, tools, launch, matmuls, work)


# ---------------------------------------------------------------- figures

def figures(row):
    """The comparison's cells of one kernel."""
    s = row["sass"] or {}
    loop = s.get("loop")
    loads = {}
    for kind in ("LDG", "LDGSTS"):
        for w, n in s.get(kind, {}).items():
            loads[w] = loads.get(w, 0) + n
    n_loads = sum(loads.values())
    tc = []
    if s.get("HMMA"):
        tc.append("%d HMMA" % s["HMMA"])
    if s.get("HGMMA"):
        tc.append("%d HGMMA" % s["HGMMA"])
    return [
        "%s×%s" % (row["grid"], row["threads"]),
        row.get("regs", ""),
        "%.1f" % (row["smem"] / 1024),
        row["blocks"],
        "%s/%s" % (row.get("spill_st", ""), row.get("spill_ld", "")),
        " + ".join(tc) or ("0" if s else ""),
        s.get("LDSM", ""),
        "%d / %d" % (loop["instrs"], loop["tc"]) if loop else "-",
        loop["inner"] if loop else "-",
        "%.0f" % (loop["flops"] / loop["instrs"]) if loop else "-",
        "%.1f" % (sum(w / 8 * n for w, n in loads.items()) / n_loads)
        if n_loads else "-",
        ks.widths_text(loads),
        s.get("TMA", ""),
    ]


HEADERS = ["workload", "side", "grid×thr", "regs", "smem KiB", "blk/SM",
           "spill st/ld", "tensor-core instrs", "LDSM", "loop instrs / TC",
           "inner loops",
           "MMA FLOP / loop instr", "B / global load", "global loads (bits:count)",
           "TMA"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default="build/bin", help="tsopt-translate's dir")
    ap.add_argument("--target", default="sm_80,sm_90")
    ap.add_argument("--sass-tools", help="venv of utils/setup_sass_tools.sh")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("workloads", nargs="*", default=list(WORKLOADS))
    args = ap.parse_args()
    tools = ks.find_tools(args.sass_tools)
    if not tools["ptxas"]:
        print("no ptxas: install the CUDA toolkit", file=sys.stderr)
        return 1
    # One assembler for both sides: Triton otherwise uses the ptxas of its
    # wheel (and writes PTX of that version).
    os.environ["TRITON_PTXAS_PATH"] = tools["ptxas"]
    os.environ["TRITON_PTXAS_BLACKWELL_PATH"] = tools["ptxas"]
    print("triton %s, ptxas %s, disassembler %s" % (
        triton.__version__, tools["ptxas"],
        tools["nvdisasm"] or tools["cuobjdump"] or "none (SASS columns empty)"))
    with tempfile.TemporaryDirectory() as work:
        os.environ.setdefault("TRITON_CACHE_DIR", os.path.join(work, "cache"))
        for target in args.target.split(","):
            cells = []
            for name in args.workloads:
                for side, rows in (
                        ("tsopt", tsopt_rows(name, target, tools, args.bin, work)),
                        ("Triton", triton_rows(name, target, tools, work))):
                    for row in rows:
                        cells.append([str(c) for c in
                                      [name, side] + figures(row)])
            print("\n%s %s (%s)\n" % ("####" if args.markdown else "==",
                                      target, ks.TARGETS[target]["gpu"]))
            ks.print_table(HEADERS, cells, markdown=args.markdown)
    return 0


if __name__ == "__main__":
    sys.exit(main())
