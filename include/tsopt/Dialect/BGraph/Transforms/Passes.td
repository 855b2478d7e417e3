//===- Passes.td - bgraph passes ---------------------------*- tablegen -*-===//

#ifndef TSOPT_DIALECT_BGRAPH_TRANSFORMS_PASSES
#define TSOPT_DIALECT_BGRAPH_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def TSOptSchedule : Pass<"tsopt-schedule", "::mlir::func::FuncOp"> {
  let summary = "Order block-graph ops by depth so that barriers are needed "
                "only between depths";
  let description = [{
    For each graph-defined kernel, splits its block graph into two phases:
    the loop body (input iterators, ops on loop values, accumulators: run
    every iteration) and the post-loop phase (ops on accumulator results,
    output savers: run once per block). The depth of an op is the number of
    ops on the longest path to it from its phase's inputs (kernel tensors for
    the loop body, accumulator results after the loop), counting only ops of
    its phase, minus one: input iterators, and post-loop ops reading only
    accumulators, have depth 0. Ops of one depth never read each other's
    results, so they may run concurrently; a barrier separates consecutive
    depths, and a phase with k depths needs k - 1 barriers (the loop
    back-edge and the loop exit need one more each, which belong to the loop
    and are not counted).

    The pass reorders each block graph into the schedule order — by phase,
    then depth, then original position, a topological order — and records:

    * `bgraph.depth` (i64) on every op of the block graph: its depth within
      its phase;
    * `bgraph.barriers` (`array<i64: loop, post-loop>`) on the kernel: the
      barriers inside the loop body and inside the post-loop phase.

    Example (forloop 4): `%wt` does not depend on `%e`, so it moves up to
    depth 0 next to `%xt`.

    ```mlir
    %xt = bgraph.input %x imap = {x = replica} fmap = 1 : ...
    %e = bgraph.exp %xt : !bgraph.tile<8x16xf16>
    %wt = bgraph.input %w imap = {x = 1} fmap = 0 : ...
    %p = bgraph.matmul %e, %wt : ...
    %s = bgraph.accum sum %p : ...
    %o = bgraph.output %s omap = {x = 1} : ...
    ```

    becomes

    ```mlir
    %xt = bgraph.input %x ... {bgraph.depth = 0 : i64} : ...
    %wt = bgraph.input %w ... {bgraph.depth = 0 : i64} : ...
    %e = bgraph.exp %xt {bgraph.depth = 1 : i64} : ...
    %p = bgraph.matmul %e, %wt {bgraph.depth = 2 : i64} : ...
    %s = bgraph.accum sum %p {bgraph.depth = 3 : i64} : ...
    %o = bgraph.output %s ... {bgraph.depth = 0 : i64} : ...
    ```

    with `bgraph.barriers = array<i64: 3, 0>` on the kernel.
  }];
  let statistics = [
    Statistic<"numKernels", "kernels", "Graph-defined kernels scheduled">,
    Statistic<"maxDepth", "max-depth", "Largest depth of a block-graph op">,
    Statistic<"numBarriers", "barriers",
              "Barriers between depths, summed over kernels and phases">,
  ];
}

def TSOptPlanSharedMemory
    : Pass<"tsopt-plan-shared-memory", "::mlir::func::FuncOp"> {
  let summary = "Assign every tile a shared-memory offset, reusing memory of "
                "dead tiles";
  let description = [{
    For each graph-defined kernel, computes the operator schedule (the same
    one `tsopt-schedule` records; the IR need not be scheduled) and the
    lifetime of every tile in its steps: the depths of the loop body, then
    those of the post-loop phase. Ops of one step run between the same two
    barriers, so a tile last read in step s can be overwritten from step
    s + 1 on. A tile lives from its producer's step to its last consumer's;
    an accumulator from the start of the loop to its last post-loop use; a
    loop-invariant tile (an input iterator with `fmap = replica`, and ops
    reading only such tiles) for the whole loop when the loop has more than
    one iteration, since a lowering may compute it once. Tiles sorted by size
    (largest first) are placed at the lowest 16-byte aligned offset that
    overlaps no placed tile live in a common step. Simultaneously live tiles
    never overlap, and the total never exceeds the sum of the aligned tile
    sizes.

    The pass records:

    * `bgraph.offset` on every op producing tiles (all but `bgraph.output`):
      the byte offset of its result, an i64; an op with several results (a
      `tgraph.graph`) gets an `array<i64>` with one offset per result;
    * `bgraph.shared_memory` (i64) on the kernel: the bytes the plan needs.

    A kernel whose plan needs more than the target's shared memory per block
    gets an error naming the need and the limit, with a note comparing the
    plan with every tile resident at once.

    Example: on the kernel of the `tsopt-schedule` example (f16 tiles: x and
    exp 256 bytes, w 1024, the product and the accumulator 512),

    ```sh
    tsopt-opt --tsopt-plan-shared-memory='target=sm_80 report=true' prog.mlir
    ```

    gives

    ```mlir
    %c = kgraph.kernel grid = [4] forloop = 4 ins(...) -> (...) attributes {bgraph.shared_memory = 2304 : i64} {
      %xt = bgraph.input %x ... {bgraph.offset = 1536 : i64} : ...
      %e = bgraph.exp %xt {bgraph.offset = 2048 : i64} : ...
      %wt = bgraph.input %w ... {bgraph.offset = 0 : i64} : ...
      %p = bgraph.matmul %e, %wt {bgraph.offset = 1536 : i64} : ...
      %s = bgraph.accum sum %p {bgraph.offset = 1024 : i64} : ...
      %o = bgraph.output %s omap = {x = 1} : ...
    ```

    (the product reuses x's memory: x is dead after exp) and the remark
    `shared-memory plan needs 2304 bytes (every tile resident: 2560, peak
    live: 2304); sm_80 (A100) allows 166912 per block`.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "Target GPU: sm_80 (a100) or sm_90 (h100, h200)">,
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark with each kernel's plan against the no-reuse "
           "bound">,
  ];
  let statistics = [
    Statistic<"numKernels", "kernels", "Graph-defined kernels planned">,
    Statistic<"numExpanded", "expanded-ops",
              "Pre-defined ops given their default block graph">,
    Statistic<"numOverLimit", "over-limit",
              "Kernels whose plan is over the shared-memory limit">,
    Statistic<"maxSharedMemory", "max-shared-memory",
              "Largest plan of a kernel (bytes)">,
    Statistic<"bytesSaved", "bytes-saved",
              "Bytes saved by reuse against every tile resident, summed "
              "over kernels">,
  ];
}

def TSOptFormThreadGraphs
    : Pass<"tsopt-form-thread-graphs", "::mlir::func::FuncOp"> {
  let summary = "Fuse chains of element-wise block ops into thread graphs";
  let description = [{
    Thread-graph construction (DESIGN §2.3). In the block graph of every
    `kgraph.kernel`, maximal groups of element-wise ops (unary ops,
    `mul_scalar`, binary ops with broadcasting) connected by their data
    edges become one `tgraph.graph` whose region runs the same ops on
    scalars, so that the intermediate tiles stay in registers instead of
    going through shared memory. The rules:

    * ops of the loop body and post-loop ops never share a thread graph
      (groups grow along data edges, which never cross an accumulator);
    * the thread graph's operands are the tiles the group reads from
      outside; a value of the group used outside it becomes a result, and
      every result must have the operands' broadcast shape (the `tgraph`
      verifier's rule), so an intermediate of a smaller shape that is also
      used elsewhere keeps its op out of the group;
    * a group never contains a path that leaves it and comes back (that
      would be a cycle once the group is one op);
    * a group needs at least `min-ops` ops (default 2: one op gains nothing
      from registers);
    * existing `tgraph.graph` ops are kept as they are and do not absorb
      their neighbours, so the pass is idempotent.

    The result computes exactly what the input does. A rebuilt kernel keeps
    the locations and discardable attributes of the ops it keeps (a thread
    graph gets the fused location of its ops); the schedule and
    shared-memory plan of that kernel (`bgraph.depth`, `bgraph.barriers`,
    `bgraph.offset`, `bgraph.shared_memory`) no longer hold and are dropped.
    Kernels with nothing to fuse are left untouched.

    Example: the post-loop chain of an RMS norm

    ```mlir
    %ms = bgraph.mul_scalar %sa, 1.562500e-02 : !bgraph.tile<2x1xf16>
    %r = bgraph.sqrt %ms : !bgraph.tile<2x1xf16>
    %y = bgraph.div %pa, %r : !bgraph.tile<2x32xf16>, !bgraph.tile<2x1xf16> -> !bgraph.tile<2x32xf16>
    ```

    becomes

    ```mlir
    %y = tgraph.graph %sa, %pa : !bgraph.tile<2x1xf16>, !bgraph.tile<2x32xf16> -> !bgraph.tile<2x32xf16> {
    ^bb0(%a: f16, %b: f16):
      %0 = tgraph.mul_scalar %a, 1.562500e-02 : f16
      %1 = tgraph.sqrt %0 : f16
      %2 = tgraph.div %b, %1 : f16
      tgraph.yield %2 : f16
    }
    ```
  }];
  let dependentDialects = ["::tsopt::tgraph::TGraphDialect"];
  let options = [
    Option<"minOps", "min-ops", "unsigned", /*default=*/"2",
           "Smallest group of ops made into a thread graph (>= 1)">,
  ];
  let statistics = [
    Statistic<"numGroups", "fused-groups", "Thread graphs created">,
    Statistic<"numOpsFused", "ops-fused",
              "Element-wise block ops moved into thread graphs">,
  ];
}

def TSOptSelectLayouts
    : Pass<"tsopt-select-layouts", "::mlir::func::FuncOp"> {
  let summary = "Choose device-tensor and tile layouts with a 0-1 ILP";
  let description = [{
    Layouts never change results; they change how many device-memory
    sectors and shared-memory wavefronts a kernel spends. For every function
    with graph-defined kernels the pass builds one 0-1 integer linear
    program over

    * the device tensors passed between kernels: `row_major` or `col_major`
      (program inputs and outputs stay row-major);
    * every shared-memory tile: `row_major`, `col_major`, and the swizzle of
      each whose span is one stored row, `row_major_swizzle<B,4,S>` /
      `col_major_swizzle<B,4,S>` (XORing byte-offset bits [4+S, 4+S+B)
      into [4, 4+B): with S = 3, B = 1, 2, 3 are the 32/64/128-byte modes
      of TMA and wgmma; rows of 256 to 8192 bytes take B = 3 with S = 4 to
      9, the XOR from the row index, and also S one less, the XOR from the
      row index shifted up a bit, which spreads the 8-byte fragment stores
      of four consecutive rows over all banks; rows of 32 bytes also take
      B = S = 2, the XOR from pairs of rows, which puts rows 4 apart, as a
      window of stride 2 reads them, in different banks); and
      `row_major_pad<P>` /
      `col_major_pad<P>`, P bytes left after each stored row, to an odd
      number of 16-byte chunks where the row is an even number of chunks
      that no swizzle spans (160 or 96 bytes), and to aligned starts where
      the row is not whole chunks (54 bytes: what `ldmatrix` needs), within
      the shared memory left with every tile resident.

    Every access is priced as the lowering makes it: element-wise ops,
    thread graphs and accumulators walk their result's storage order
    (rotated where that spreads a transposed operand's reads over the
    banks: the element walk),
    reductions their reduced dim, tensor-core operands load by `ldmatrix`,
    products leave the mma registers fragment by fragment.

    Costs (picoseconds, from the target's bandwidths and clock) price every
    access under every layout: device copies by the 32-byte sectors they
    touch, shared-memory accesses by the wavefronts their bank conflicts
    need, conversions as a shared-memory round trip; a tensor-core product
    whose sums the lowering keeps in the mma registers is never stored.
    Constraints: exactly one layout per tensor; on sm_80,
    tensor-core operands need 16-byte rows along the contiguous dim
    (ldmatrix); layouts already in the IR are kept (the pass completes a
    partial assignment; an infeasible one is an error naming the conflicting
    constraints). Z3's optimizer solves it; docs/optimizer.md ("Layouts")
    has the formulas.

    The pass records:

    * `bgraph.layout` on every op producing tiles (a string; an array with
      one string per result on a multi-result `tgraph.graph`), and on every
      kernel-level op producing a tensor another kernel reads (one string
      per result, program outputs `row_major`).

    Example: in a tiled f16 matmul

    ```mlir
    %at = bgraph.input %a imap = {x = replica} fmap = 1 : tensor<64x256xf16> -> !bgraph.tile<64x64xf16>
    %bt = bgraph.input %b imap = {x = replica} fmap = 0 : tensor<256x64xf16> -> !bgraph.tile<64x64xf16>
    %p = bgraph.matmul %at, %bt : ...
    %s = bgraph.accum sum %p : ...
    ```

    both operand tiles become `row_major_swizzle<3,4,3>` (16-byte copies
    from the row-major tensors, conflict-free ldmatrix, canonical for
    wgmma: on sm_90 the product runs as wgmma), and the accumulator's sums
    stay in the mma registers.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "Target GPU: sm_80 (a100) or sm_90 (h100, h200)">,
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark with each kernel's share of the objective">,
  ];
  let statistics = [
    Statistic<"numTensors", "tensors",
              "Tensors, tiles and register sets laid out">,
    Statistic<"numVariables", "variables",
              "Booleans of the ILPs (candidates and auxiliary products)">,
    Statistic<"objectivePs", "objective-ps",
              "Objective of the ILPs, summed over functions (picoseconds)">,
  ];
}


def TSOptPlanKernels : Pass<"tsopt-plan-kernels", "::mlir::func::FuncOp"> {
  let summary = "Record the kernel plan: every op a planned kernel (tile "
                "layouts, tensor cores, copy widths, pipeline stages)";
  let description = [{
    First, every pre-defined op that runs as a kernel (all but a reshape the
    lowering makes a view of its operand) becomes a `kgraph.kernel` running
    its default block graph (`expandKernelOp`: matmuls in 64x64 output
    tiles, element-wise ops and reductions in blocks of rows, data movement
    in tiles, convolutions as implicit GEMMs), planned as below: the kernel
    the cost model prices the op by. Where a convolution has no one-kernel
    implicit GEMM, the function's convolutions become their fission first
    (`im2col` and a batched matmul).

    Then it makes, once, every decision about how a graph-defined kernel becomes
    code that the cost model prices (`tsopt/Optimize/KernelPlan.h`), and
    records it in the IR, where the cost model (`tsopt-estimate-cost`) and
    the lowering (`convert-kgraph-to-gpu`, `convert-kgraph-to-scf`,
    `tsopt-translate`) read it:

    * `bgraph.layout` on every op producing tiles: the tile's memory layout
      in shared memory (`row_major`, `col_major`, or either with the
      `_swizzle<B,4,S>` XOR or with `_pad<P>` padded rows), chosen by the
      layout ILP of `tsopt-select-layouts` (`planTileLayouts`); the lowering
      addresses the tile by that layout's formula (`layoutByteOffset`);
    * `bgraph.mma` on every `bgraph.matmul`: `"wgmma"` (sm_90's
      warpgroup instruction, where the product has 64-row blocks the
      block's warpgroups share and both operand tiles lie in a canonical
      layout of its matrix descriptors: `fitsWgmma`), `"m16n8k16"` (tensor
      cores through mma.sync, tiles padded to the instruction) or
      `"cuda_cores"`;
    * `bgraph.copy_bytes` on every `bgraph.input`: the bytes of one copy
      (16, 8 or 4 where the tile's rows divide and its layout stores them
      contiguously, else one element);
    * `bgraph.tma` on the `bgraph.input`s, on a target with the tensor
      memory accelerator (sm_90), whose tiles a wgmma reads and the TMA can
      write as laid out (`fitsTma`: copied in the for-loop, unpadded
      row-major, unswizzled or in a TMA swizzle spanning one row, box
      extents of at most 256): one thread issues one `cp.async.bulk.tensor`
      of the whole tile per iteration on the mbarrier of its pipeline
      stage, through a TMA descriptor the kernel takes after its tensors;
    * `bgraph.exp_form` on every op producing an exp (a `bgraph.exp`, or a
      thread graph whose result is an exp): `"running_max"` (exp(x - m), m
      the running row maximum, the sums it reaches rescaled as m grows; the
      first exp that fits, or a split softmax's producer whose consumers
      merge its partials) or `"literal"`;
    * `bgraph.tree_width` on every op that folds groups of elements (a
      `reduce_sum`, `reduce_max` or `rms_norm`, the running-max form's exp):
      the threads folding each group, 1 or a power of two (a reduction
      tree through shared memory), as many as leave each thread four
      elements and fit the block and the shared memory left;
    * `bgraph.block_threads` on the kernel: the threads of one block, which
      the GPU launches and the CPU emulates; the reduction trees, the sums
      kept in mma registers and the cost model's occupancy follow from it;
    * `bgraph.stages` on the kernel: the iterations whose input tiles are in
      flight at once; with s > 1 the iterators with an fmap get s buffers in
      shared memory and the copies of iteration i + s - 1 are issued before
      iteration i computes.

    A decision already in the IR (planned before, or edited by hand) is kept
    and checked; only what is missing is planned. The target is the
    module's (`tsopt.target`), or the option on a module without one.
    `tsopt-superoptimize`, `tsopt-fuse-blocks` and `tsopt-orchestrate`
    return planned kernels; the lowering pipelines run this pass first, and
    the conversions lower only planned kernels.

    ```
    tsopt-opt --tsopt-plan-kernels='target=sm_80' prog.mlir
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "GPU whose shared memory bounds the stages: sm_80, sm_90, h200 "
           "(the module's tsopt.target when it names one)">,
    Option<"tensorCores", "tensor-cores", "bool", /*default=*/"true",
           "Plan half-precision matmuls on tensor cores">,
    Option<"pipeline", "pipeline", "bool", /*default=*/"true",
           "Plan more than one pipeline stage where shared memory allows">,
    Option<"threadsPerBlock", "threads-per-block", "int64_t",
           /*default=*/"128",
           "Threads of one block (a multiple of 32 from 32 to 1024)">,
  ];
  let statistics = [
    Statistic<"numKernels", "kernels", "Graph-defined kernels planned">,
    Statistic<"numExpanded", "expanded-ops",
              "Pre-defined ops given their default block graph">,
    Statistic<"numTensorCoreMatmuls", "tensor-core-matmuls",
              "Matmuls planned on tensor cores">,
    Statistic<"numPipelined", "pipelined-kernels",
              "Kernels planned with more than one stage">,
    Statistic<"numSwizzledTiles", "swizzled-tiles",
              "Tiles laid out with an XOR swizzle">,
  ];
}

def TSOptPlanPrecision
    : Pass<"tsopt-plan-precision", "::mlir::func::FuncOp"> {
  let summary = "Give every tile the dtype of tsopt's precision plan";
  let description = [{
    A block graph states the dtype of every tile, and the evaluator, the
    verifier and the lowering store each tile in the dtype it states: an
    f16 tile that holds a row sum of squares overflows as the kernel would.
    tsopt's own µGraphs (the search's, fusion's, the default expansions)
    get their tile dtypes from the precision plan (`planPrecision`,
    `tsopt/Core/Precision.h`): accumulators, reductions, matmul results and
    element-wise results in f32, except a tile whose every reader wants a
    half type anyway (a tensor-core operand beside a half operand, an
    output saver to a half tensor) and the exps of a softmax in the
    running-max form (the form the kernel plan will give it, split softmaxes
    included), which are stored in that half type.

    This pass gives a µGraph written by hand the same tile dtypes, in
    place: the result type of every block-graph op becomes the plan's
    (input iterators keep their tensor's dtype, output savers their result
    tensor's; thread graphs compute in f32 registers). Kernel-level types
    are the program's and do not change. Idempotent. `utils/gen_workloads.py`
    runs it on the published µGraphs it writes.

    ```
    tsopt-opt --tsopt-plan-precision prog.mlir
    ```
  }];
  let statistics = [
    Statistic<"numRetyped", "retyped-tiles",
              "Tiles whose dtype the plan changed">,
  ];
}

#endif // TSOPT_DIALECT_BGRAPH_TRANSFORMS_PASSES
