//===- CostModel.h - Analytic cost of a µGraph ------------------*- C++ -*-===//
//
// Estimates the run time of a kernel graph on a target from its structure
// alone: device-memory traffic against bandwidth, tensor-core and CUDA-core
// work against their peaks, how many SMs the grid keeps busy, how many blocks
// fit on an SM, barriers, and the launch overhead of every kernel. The
// formulas are stated once, in docs/cost-model.md, and each field below says
// which one it carries. The model ranks candidates; its absolute numbers are
// estimates, not predictions to the microsecond.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_OPTIMIZE_COSTMODEL_H
#define TSOPT_OPTIMIZE_COSTMODEL_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Core/Target.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tsopt {

/// Assumptions about the code a µGraph becomes, as opposed to facts about
/// the GPU (TargetDesc). The defaults are the ones docs/cost-model.md uses.
struct CostOptions {
  /// Registers one thread uses; with the kernel plan's threads per block it
  /// bounds blocks/SM.
  int64_t registersPerThread = 128;
  /// Fractions of the peaks a well-written kernel reaches.
  double memoryEfficiency = 0.6;
  double tensorCoreEfficiency = 0.75;
  double cudaCoreEfficiency = 0.75;
  /// Shared memory per block from the memory plan (lifetime-based reuse)
  /// instead of the no-reuse upper bound sharedMemoryUpperBound.
  bool useMemoryPlan = true;
  /// Kernels as vendor libraries and hand-written implementations run
  /// them: a pre-defined op is a library kernel sized to fill the GPU, and
  /// a graph-defined kernel keeps its work in registers with enough warps
  /// to hide latency (no threadUs). The estimate of a program as PyTorch
  /// eager runs it, or of published implementations' times. By default
  /// kernels are priced as tsopt emits them: a pre-defined op as its
  /// default block-graph expansion (expandKernelOp), and every kernel with
  /// its threads' dependent chains.
  bool libraryKernels = false;
};

/// Arithmetic of one op, by the unit that executes it.
struct Work {
  int64_t tensorCoreFlops = 0;    ///< f16/bf16 matmul, padded to mma tiles
  int64_t cudaCoreFlops = 0;      ///< everything else, FMA = 2
  int64_t specialFunctionOps = 0; ///< ex2, rcp, rsqrt, sqrt, tanh
  /// The part of tensorCoreFlops issued as wgmma (MmaPlan::Wgmma), which
  /// reaches the tensor cores' peak where mma.sync does not.
  int64_t warpgroupFlops = 0;

  Work &operator+=(const Work &o) {
    tensorCoreFlops += o.tensorCoreFlops;
    cudaCoreFlops += o.cudaCoreFlops;
    specialFunctionOps += o.specialFunctionOps;
    warpgroupFlops += o.warpgroupFlops;
    return *this;
  }
  Work scaled(int64_t n) const {
    return {tensorCoreFlops * n, cudaCoreFlops * n, specialFunctionOps * n,
            warpgroupFlops * n};
  }
};

/// The work of one execution of `op` (a kernel-level pre-defined op or a
/// block-level op) whose operands and results live in `graph`. Data movement
/// ops (reshape, transpose, concat, repeat, input/output savers) do none.
Work opWork(const Op &op, const Graph &graph);

/// The estimate of one kernel launch. Sizes are bytes, times microseconds.
struct KernelCost {
  int opIndex = -1; ///< index of the op in the kernel graph
  OpKind kind = OpKind::Kernel;
  bool graphDefined = false; ///< a kgraph.kernel (else a pre-defined op)

  // Totals over the whole grid.
  int64_t bytesRead = 0;    ///< device memory read
  /// The part of bytesRead served by L2: tiles that several blocks load,
  /// after the first (graph-defined kernels).
  int64_t l2HitBytes = 0;
  int64_t bytesWritten = 0; ///< device memory written
  Work work;
  int64_t sharedMemoryTraffic = 0; ///< bytes read + written in shared memory

  // Launch shape (graph-defined kernels; a pre-defined op is assumed to be a
  // library kernel sized to fill the GPU, and these stay 0 / 1).
  /// A pre-defined op priced by its default block-graph expansion (then
  /// graphDefined holds too, and kind is the op's).
  bool expanded = false;
  llvm::SmallVector<int64_t, 3> grid; ///< of a graph-defined kernel
  int64_t blocks = 0;
  int64_t forloop = 1;
  int64_t sharedMemoryPerBlock = 0; ///< bytes the occupancy is computed with
  int64_t blocksPerSM = 0;          ///< occupancy: resident blocks per SM
  int64_t blocksOnBusiestSM = 0;    ///< ceil(blocks / SMs)
  int64_t waves = 1;                ///< ceil(blocks / (SMs x blocksPerSM))
  int64_t barriersPerBlock = 0;
  /// blocks / (SMs x blocksOnBusiestSM): the share of the machine's SM time
  /// that does work.
  double smUtilization = 1;
  /// Device-memory read bandwidth the kernel reaches, bytes/s.
  double readBandwidth = 0;
  /// False when a block needs more shared memory than the target allows;
  /// the time is then infinite.
  bool fits = true;
  /// The kernel plan the estimate charges (KernelPlan.h), as the lowering
  /// emits it: matmuls on tensor cores (those of them issued as wgmma) and
  /// on CUDA cores, pipeline stages,
  /// and the bytes of each input iterator's copies (or the TMA's); and the
  /// plan's
  /// decisions the layout ILP prices instead: matmul operands loaded with
  /// ldmatrix (fragmentLoad) and tiles laid out with a swizzle.
  int64_t tensorCoreMatmuls = 0, warpgroupMatmuls = 0, cudaCoreMatmuls = 0,
          stages = 1;
  std::vector<int64_t> copyBytes;
  /// Input iterators copied by the TMA instead (Op::tma).
  int64_t tmaCopies = 0;
  int64_t ldmatrixOperands = 0, swizzledTiles = 0;

  // Terms of the time.
  double memoryUs = 0;       ///< device-memory traffic
  double computeUs = 0;      ///< tensor cores + CUDA cores + special functions
  double syncUs = 0;         ///< dependent steps (barriers) per wave
  double sharedMemoryUs = 0; ///< shared-memory traffic
  /// One thread's dependent chain (shared-memory accesses, arithmetic,
  /// special functions, barriers at their exposed latencies) times the
  /// rounds of resident blocks on the busiest SM: the time of a kernel
  /// whose blocks leave too few warps to hide latency.
  double threadUs = 0;
  /// The part of the shorter of memory and work (computeUs + syncUs,
  /// sharedMemoryUs, threadUs) that the other does not hide. A block of a
  /// one-stage plan (or of a for-loop of one iteration) waits for its loads
  /// before it computes, and its resident neighbours start with it: all of
  /// it. A pipelined loop exposes the target's pipelinedExposedShare of it
  /// (measured); a library kernel none.
  double exposedUs = 0;
  double latencyUs = 0; ///< pipeline fill: one device-memory round trip
  /// max(memoryUs, computeUs + syncUs, sharedMemoryUs, threadUs) +
  /// exposedUs + latencyUs.
  double timeUs = 0;
  /// Shared-memory access instructions of one block (copies per chunk,
  /// ldmatrix per 16 bytes, one per element otherwise).
  int64_t sharedAccessesPerBlock = 0;

  /// Which term is the maximum: "memory", "compute" (with sync),
  /// "shared-memory" or "latency" (the thread's chain).
  llvm::StringRef bound() const;
};

/// The estimate of a kernel graph: its kernels in program order.
struct ProgramCost {
  std::vector<KernelCost> kernels;
  double kernelUs = 0; ///< sum of the kernels' times
  double launchUs = 0; ///< kernels x launch overhead
  double totalUs = 0;  ///< kernelUs + launchUs (infinite if one does not fit)
  bool fits = true;

  int64_t bytesRead() const;
  int64_t bytesWritten() const;
};

/// Estimates `op`, a kernel-level op of `program` (a pre-defined op or a
/// graph-defined kernel). Fails, with the reason in `why`, on a block graph
/// that violates Mirage Def. 2.1 (3).
llvm::FailureOr<KernelCost>
estimateKernelCost(const Graph &program, int opIndex, const TargetDesc &target,
                   const CostOptions &options = {}, std::string *why = nullptr);

/// True when kernel-level op `opIndex` of `program` runs as no kernel: a
/// pre-defined reshape whose result is not a program output is a view of
/// its operand's buffer (row-major order is unchanged), which the lowering
/// emits instead of a copy (lowerKernelGraphFunction). A reshape that is an
/// output is copied into the caller's buffer.
bool lowersToView(const Graph &program, int opIndex);

/// Estimates a kernel graph: one launch per kernel-level op that is not a
/// view (lowersToView). `program` must be well formed (checkGraphWellFormed;
/// the search and the importer only build such graphs, and it is not
/// checked again in this hot path).
llvm::FailureOr<ProgramCost> estimateCost(const Graph &program,
                                          const TargetDesc &target,
                                          const CostOptions &options = {},
                                          std::string *why = nullptr);

/// The estimate of `program` in microseconds (estimateCost's total), or
/// infinity when it cannot be estimated or does not fit the target: the
/// number that ranks alternatives.
double estimatedUs(const Graph &program, const TargetDesc &target);

} // namespace tsopt

#endif // TSOPT_OPTIMIZE_COSTMODEL_H
