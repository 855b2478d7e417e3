//===- Target.h - GPU target descriptions -----------------------*- C++ -*-===//
//
// What a µGraph must fit into on each supported GPU (Mirage Def. 2.1 (2)) and
// the rates the cost model divides work by. Figures are the vendors'
// datasheet numbers unless a field says it is an assumption; see
// docs/cost-model.md for the sources.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_CORE_TARGET_H
#define TSOPT_CORE_TARGET_H

#include "tsopt/Core/Graph.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace tsopt {

/// One GPU: its limits (what a µGraph must fit), its peak rates (what the
/// cost model divides work by) and the latencies the cost model assumes.
struct TargetDesc {
  llvm::StringRef name;   ///< architecture: "sm_80", "sm_90"
  llvm::StringRef device; ///< the GPU the numbers are taken from
  /// Largest shared memory one thread block may use (opt-in maximum), bytes.
  int64_t sharedMemoryPerBlock;

  // Resources of one streaming multiprocessor (SM) and of the chip.
  int64_t numSMs;
  /// Shared memory (the configurable part of the unified L1) per SM, bytes.
  int64_t sharedMemoryPerSM;
  /// Shared memory the CUDA runtime reserves for every resident block, bytes
  /// (it counts against the per-SM capacity, not the per-block limit).
  int64_t sharedMemoryReservedPerBlock;
  int64_t registersPerSM; ///< 32-bit registers
  int64_t maxThreadsPerSM;
  int64_t maxBlocksPerSM;
  int64_t l2CacheBytes;
  int64_t deviceMemoryBytes;

  // Peak rates.
  double clockHz;         ///< boost clock; scales the per-clock rates
  double memoryBandwidth; ///< device memory (HBM), bytes/s
  double tensorCoreFlops; ///< dense FP16/BF16 tensor core, FLOP/s
  /// Dense FP16/BF16 rate of the warp-level mma.sync instruction, FLOP/s:
  /// the whole tensor-core peak on sm_80; on sm_90 the peak needs the
  /// warpgroup instruction (wgmma) and mma.sync reaches about two thirds
  /// of it (FlashAttention-3, Shah et al. 2024, section 2).
  double mmaSyncFlops;
  double cudaCoreFlops;   ///< FP32 (FMA = 2 FLOPs), FLOP/s
  int64_t specialFunctionsPerSMPerClock;  ///< exp2/rcp/rsqrt/sqrt per SM/clk
  int64_t sharedMemoryBytesPerSMPerClock; ///< 32 banks x 4 bytes
  /// L2 read bandwidth over the whole chip, bytes per clock: where tiles
  /// that several blocks load are served from once they are cached.
  int64_t l2BytesPerClock;

  // Latencies: assumptions, not datasheet figures (NVIDIA publishes none).
  double launchOverheadSec; ///< added per kernel on one stream
  double memoryLatencySec;  ///< device-memory round trip under load
  double syncCycles; ///< exposed latency of one dependent step in a block
  /// Exposed latencies in one thread's dependent chain when few warps share
  /// an SM: a shared-memory access, an FP32 operation (with the index
  /// arithmetic the lowering emits around it), a special function.
  double sharedAccessCycles;
  double arithmeticCycles;
  double specialFunctionCycles;
  /// The share of the shorter of a kernel's device-memory time and its work
  /// that a multi-stage asynchronous-copy loop does not hide (a one-stage
  /// loop hides none of it).
  double pipelinedExposedShare;

  /// Special-function (MUFU) operations per second over the whole chip.
  double specialFunctionRate() const {
    return double(numSMs) * double(specialFunctionsPerSMPerClock) * clockHz;
  }
  /// L2 read bytes per second over the whole chip.
  double l2Bandwidth() const { return double(l2BytesPerClock) * clockHz; }
  /// Shared-memory bytes per second over the whole chip.
  double sharedMemoryBandwidth() const {
    return double(numSMs) * double(sharedMemoryBytesPerSMPerClock) * clockHz;
  }
  /// The architecture's number: 80 for sm_80, 90 for sm_90.
  int smVersion() const;
  /// Whether the SM has the warpgroup matrix instruction (wgmma): sm_90
  /// only (it is an architecture-specific feature of sm_90a).
  bool hasWarpgroupMma() const { return smVersion() == 90; }
  /// Whether it has the tensor memory accelerator (cp.async.bulk.tensor).
  bool hasTma() const { return smVersion() >= 90; }
  /// The PTX target the kernels are emitted for: the architecture, with
  /// its architecture-specific features (sm_90a) where wgmma needs them.
  std::string ptxTarget() const;
  /// Every figure of the target as text, for the keys of memos of prices
  /// and plans (a test or a calibration may change any of them).
  std::string key() const;
};

/// Looks a target up by architecture ("sm_80", "sm_90") or GPU name ("a100",
/// "h100", "h200"); nullptr when unknown. "sm_90" is the H100 SXM; "h200" is
/// a separate description with the same SM and the H200's memory.
const TargetDesc *lookupTarget(llvm::StringRef name);

/// Whether `threads` can be the thread count of a block of tsopt's kernels:
/// whole warps (a multiple of 32) from 32 to 1024.
inline bool isValidBlockThreads(int64_t threads) {
  return threads >= 32 && threads <= 1024 && threads % 32 == 0;
}

/// Resident blocks per SM of a kernel whose blocks have `threads` threads,
/// `sharedBytes` bytes of shared memory and `registers` registers per
/// thread (0 when a block does not fit): the occupancy the cost model
/// prices.
int64_t residentBlocksPerSM(const TargetDesc &t, int64_t threads,
                            int64_t sharedBytes, int64_t registers);

/// The registers per thread a kernel of `threads`-thread blocks may use
/// while `blocks` blocks stay resident on an SM (PTX's .maxnreg): the SM's
/// register file shared among them, rounded down to the allocation unit of
/// 8, at most 255.
int64_t registerBudget(const TargetDesc &t, int64_t threads, int64_t blocks);

/// The names lookupTarget accepts, for diagnostics.
llvm::StringRef knownTargetNames();

/// One description per GPU family (A100 80GB, H100, H200), for reports over
/// all targets; lookupTarget also knows the A100 40GB, whose published
/// measurements calibrate the cost model.
llvm::ArrayRef<const TargetDesc *> allTargets();

/// `target` with its SM clock locked at `clockHz` (published measurements
/// often lock it): every per-clock rate (tensor cores, CUDA cores, special
/// functions, shared memory, dependent steps) scales with it; device-memory
/// bandwidth does not.
TargetDesc withClock(const TargetDesc &target, double clockHz);

/// Bytes of an element of `dtype`.
int64_t dtypeBytes(DType dtype);

/// Shared memory a block graph needs with every tile resident at once: the
/// sum of the sizes of all tiles it produces (input iterator tiles, compute
/// results, accumulators but pass-through ones, thread-graph results). An
/// upper bound: a memory plan with lifetime-based reuse can only lower it.
int64_t sharedMemoryUpperBound(const Graph &blockGraph);

} // namespace tsopt

#endif // TSOPT_CORE_TARGET_H
