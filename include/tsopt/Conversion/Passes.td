//===- Passes.td - tsopt lowering passes ----------------------*- tablegen -*-===//

#ifndef TSOPT_CONVERSION_PASSES
#define TSOPT_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertLinalgToKGraph
    : Pass<"convert-linalg-to-kgraph", "::mlir::ModuleOp"> {
  let summary = "Import linalg-on-tensors programs as kernel graphs";
  let description = [{
    Rewrites each function whose body is linalg on tensors (what torch-mlir's
    `linalg-on-tensors` output, JAX through stablehlo-legalize-to-linalg, or
    tosa-to-linalg give) into pre-defined kgraph ops, the form the search,
    rule-based fusion and the lowering take (docs/import.md):

    - contractions: `linalg.matmul`, `linalg.batch_matmul`,
      `linalg.matvec`, `linalg.vecmat` (the `outs` a zero fill, or added);
    - `linalg.transpose`, `linalg.broadcast`, `tensor.expand_shape`,
      `tensor.collapse_shape`;
    - `linalg.generic` with parallel iterators (element-wise; inputs read
      through projected permutations are transposed and broadcast) and with
      one reduction iterator (sum or max), `linalg.reduce`, `linalg.softmax`;
      payloads of `arith` add/sub/mul/div/neg/max, `math` exp/sqrt/rsqrt/
      powf/fpowi, casts (`extf`/`truncf`: f16 storage, wider arithmetic) and
      scalar constants;
    - raising: silu written as x·1/(1+exp(-x)) or x/(1+exp(-x)), rms_norm
      written as x·rsqrt(mean(x²) + eps)·g, softmax with its row max
      subtracted (the max cancels).

    What kgraph cannot express gets an error naming the op (a scalar add
    outside a norm's epsilon, a tensor constant, a dynamic shape, an
    unsupported payload op); nothing is dropped silently. Functions already
    made of kgraph ops are left alone.
  }];
  let dependentDialects = ["::tsopt::kgraph::KGraphDialect"];
}

def ConvertKGraphToSCF : Pass<"convert-kgraph-to-scf", "::mlir::ModuleOp"> {
  let summary = "Lower kernel graphs to loops on memrefs (the CPU path)";
  let description = [{
    Rewrites every function of kgraph ops into a function on memrefs: the
    inputs, then one out-parameter per result, returning nothing. Each
    kernel becomes a private function `@<name>_kernel<i>` that runs the
    blocks of its grid one after another (`scf.for` over z, y, x) on a heap
    buffer standing for shared memory; the block graph inside is lowered as
    in `convert-kgraph-to-gpu` (tiles at the offsets of the shared-memory
    plan, the for-loop as `scf.for`, each op a loop over its elements).
    Every op must be a planned `kgraph.kernel` (or a reshape the lowering
    makes a view): `tsopt-plan-kernels` gives pre-defined ops (matmul,
    element-wise ops, reductions, rms_norm, data movement) their default
    block graph and plans every kernel, and `tsopt-lower-to-cpu` runs it
    first; anything else is an error naming the op. Tensors between kernels
    are `memref.alloc` temporaries.

    Example: `tsopt-opt --tsopt-plan-kernels --convert-kgraph-to-scf` on

    ```mlir
    func.func @f(%x: tensor<8x64xf16>) -> tensor<8x64xf16> {
      %e = kgraph.exp %x : tensor<8x64xf16>
      return %e : tensor<8x64xf16>
    }
    ```

    gives

    ```mlir
    func.func @f(%arg0: memref<8x64xf16>, %arg1: memref<8x64xf16>) attributes {tsopt.num_inputs = 1 : i64} {
      call @f_kernel0(%arg0, %arg1) : (memref<8x64xf16>, memref<8x64xf16>) -> ()
      return
    }
    func.func private @f_kernel0(%arg0: memref<8x64xf16>, %arg1: memref<8x64xf16>) {
      %smem = memref.alloc() {alignment = 16 : i64} : memref<2048xi8>
      scf.for %bz = ... { scf.for %by = ... { scf.for %bx = ... { ... } } }
      return
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::func::FuncDialect",
    "::mlir::math::MathDialect", "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect"
  ];
  let statistics = [
    Statistic<"numKernels", "kernels", "Kernels lowered">,
  ];
}

def ConvertKGraphToGPU : Pass<"convert-kgraph-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Lower kernel graphs to gpu.launch_func on a gpu.module";
  let description = [{
    Rewrites every function of kgraph ops into a host function on memrefs
    (inputs, then one out-parameter per result) that launches one
    `gpu.func` per kernel with `gpu.launch_func`; the kernels live in one
    `gpu.module`. A kernel's block graph becomes its body: the tiles are
    views of dynamic shared memory (`gpu.dynamic_shared_memory`) at the
    offsets of the shared-memory plan, input iterators are cooperative
    copies from device memory, the for-loop is an `scf.for`, each op is a
    loop over its result's elements shared by the block's threads (thread t
    takes elements t, t + T, ...), with a `gpu.barrier` between the steps of
    the operator schedule, and output savers write each block's tile by
    omap. Values are stored as declared and computed in f32; exp and sqrt
    use the PTX instructions `ex2.approx.ftz.f32` and `sqrt.rn.f32`, so no
    math library is needed. Temporaries between kernels are `gpu.alloc`.

    Reductions with few results over long groups run as shared-memory
    reduction trees. On sm_80 and later, input iterators whose tile rows
    split into 4-, 8- or 16-byte chunks copy them with
    `nvgpu.device_async_copy` (cp.async), waited for before the barrier
    that ends their step; kernel arguments must then be 16-byte aligned
    (as `cudaMalloc` and `gpu.alloc` give). Block matmuls the plan puts
    on tensor cores (`bgraph.mma = "m16n8k16"`) run as `nvgpu.mma.sync`
    (f32 accumulators), each warp computing 16x8 blocks of the result;
    other matmuls keep the f32 dot product per element.

    The lowering reads the kernel plan and makes none: every op must be a
    planned `kgraph.kernel` (or a reshape made a view). `tsopt-plan-kernels`
    expands pre-defined ops into their default block graphs and plans every
    kernel; `tsopt-lower-to-nvvm` and `tsopt-translate` run it first.

    A kernel whose plan needs more shared memory than `target` allows per
    block is an error.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "Target GPU: sm_80 (a100) or sm_90 (h100, h200)">,
    Option<"moduleName", "module-name", "std::string",
           /*default=*/"\"tsopt_kernels\"",
           "Name of the gpu.module that holds the kernels">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::func::FuncDialect",
    "::mlir::gpu::GPUDialect", "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect", "::mlir::NVVM::NVVMDialect",
    "::mlir::nvgpu::NVGPUDialect", "::mlir::scf::SCFDialect",
    "::mlir::ub::UBDialect", "::mlir::vector::VectorDialect"
  ];
  let statistics = [
    Statistic<"numKernels", "kernels", "Kernels lowered">,
  ];
}

def TSOptReportBankConflicts
    : Pass<"tsopt-report-bank-conflicts", "::mlir::ModuleOp"> {
  let summary = "Count the shared-memory bank conflicts of lowered kernels";
  let description = [{
    For every kernel `gpu.func` (as `convert-kgraph-to-gpu` emits it), runs
    the index arithmetic of each thread of one block lane by lane, records
    the byte address every lane gives each shared-memory access (loads,
    stores, vector loads and stores, `ldmatrix` rows, `cp.async`
    destinations) and counts, per warp instruction, the wavefronts the 32
    four-byte banks need: within each phase (the warp up to 4-byte
    accesses, half-warps for 8 bytes, quarter-warps for 16 bytes and for
    each 8x8 matrix of an ldmatrix) a bank serves one distinct word per
    wavefront. Each kernel gets a remark with the accesses, the wavefronts
    against the conflict-free count and their ratio (the degree, 1 without
    conflicts), and a note at the worst access (the one with the most
    wavefronts past its conflict-free count). Each `scf.for` runs at most
    8 iterations per entry (a pipeline's stages cycle within them).

    ```sh
    tsopt-opt --convert-kgraph-to-gpu=target=sm_80 \
              --tsopt-report-bank-conflicts gqa.mlir -o /dev/null
    ```
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def TSOptExternDynamicSharedMemory
    : Pass<"tsopt-extern-dynamic-shared-memory", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Declare the dynamic shared memory of lowered kernels extern "
                "and aligned";
  let description = [{
    `convert-gpu-to-nvvm` gives `gpu.dynamic_shared_memory` an internal
    zero-sized global in address space 3, which the NVPTX backend prints as
    a one-byte `.shared` variable. Dynamic shared memory is an `.extern
    .shared` array whose size is set at launch; this pass gives every such
    global external linkage so that the PTX declares it that way, aligned
    to 1024 bytes: wgmma swizzles absolute shared-memory addresses, so the
    tiles it reads (placed at multiples of 1024 bytes) need a base aligned
    as much.
  }];
}

#endif // TSOPT_CONVERSION_PASSES
