//===- Target.cpp - GPU target descriptions -------------------------------===//
//
// Sources (docs/cost-model.md has the table):
//  [A100-DS] NVIDIA A100 Tensor Core GPU datasheet (SXM4 80GB column).
//  [A100-WP] NVIDIA A100 Tensor Core GPU Architecture whitepaper.
//  [H100-DS] NVIDIA H100 Tensor Core GPU datasheet (H100 SXM column).
//  [H100-WP] NVIDIA H100 Tensor Core GPU Architecture whitepaper.
//  [H200-DS] NVIDIA H200 Tensor Core GPU datasheet (H200 SXM column).
//  [FA3]     Shah et al., FlashAttention-3 (2024), section 2: mma.sync
//            reaches about 2/3 of the H100's tensor-core peak, wgmma the
//            rest.
//  [CUDA-PG] CUDA C++ Programming Guide: the compute-capability table
//            (shared memory, registers, resident blocks/threads) and the
//            arithmetic-instruction throughput table (per SM per clock).
// Tensor-core peaks are the dense figures: the datasheets quote FP16/BF16
// "with sparsity", twice the dense rate.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Core/Target.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace tsopt;

static constexpr int64_t kKiB = 1024;
static constexpr int64_t kMiB = 1024 * kKiB;
static constexpr int64_t kGB = 1000 * 1000 * 1000;

// Latencies no datasheet gives; one set for all three GPUs, chosen once and
// documented in docs/cost-model.md:
//  * launch overhead: the gap a kernel adds on a stream (launch, ramp-up,
//    drain) is a few µs on these GPUs; 2 µs is used.
//  * device-memory latency under load: several hundred ns on HBM GPUs of
//    this class; 500 ns is used (Little's law in the cost model).
//  * one dependent step of a block graph (shared-memory load, the op's
//    pipeline latency, the store, bar.sync): about 80 cycles.
static constexpr double kLaunchOverheadSec = 2e-6;
static constexpr double kMemoryLatencySec = 500e-9;
static constexpr double kSyncCycles = 80;
//  * one thread's dependent chain (CostModel's threadUs), fitted to the
//    generated kernels' times measured on an H200 (docs/cost-model.md,
//    "Generated kernels on a GPU"): a shared-memory access, an FP32
//    operation with its index arithmetic, a special function.
static constexpr double kSharedAccessCycles = 40;
static constexpr double kArithmeticCycles = 4;
static constexpr double kSpecialFunctionCycles = 128;
//  * the share of the shorter of a kernel's memory and work time that a
//    multi-stage cp.async loop leaves exposed, fitted to the same
//    measurements (docs/cost-model.md, "Kernel time"): about half.
static constexpr double kPipelinedExposedShare = 0.5;

// A100 SXM4 80GB.
static const TargetDesc kA100 = {
    /*name=*/"sm_80",
    /*device=*/"A100",
    /*sharedMemoryPerBlock=*/163 * kKiB,       // [CUDA-PG] 8.0 opt-in maximum
    /*numSMs=*/108,                            // [A100-WP]
    /*sharedMemoryPerSM=*/164 * kKiB,          // [CUDA-PG] 8.0
    /*sharedMemoryReservedPerBlock=*/1 * kKiB, // [CUDA-PG]
    /*registersPerSM=*/64 * 1024,              // [CUDA-PG]
    /*maxThreadsPerSM=*/2048,                  // [CUDA-PG]
    /*maxBlocksPerSM=*/32,                     // [CUDA-PG]
    /*l2CacheBytes=*/40 * kMiB,                // [A100-WP]
    /*deviceMemoryBytes=*/80 * kGB,            // [A100-DS]
    /*clockHz=*/1.41e9,                        // [A100-WP] boost clock
    /*memoryBandwidth=*/2.039e12,              // [A100-DS] 2,039 GB/s HBM2e
    /*tensorCoreFlops=*/312e12, // [A100-DS] FP16 tensor core, dense
    /*mmaSyncFlops=*/312e12,    // sm_80's tensor cores take mma.sync
    /*cudaCoreFlops=*/19.5e12,  // [A100-DS] FP32 (108 x 64 FMA x 1.41 GHz)
    /*specialFunctionsPerSMPerClock=*/16,   // [CUDA-PG] 8.0
    /*sharedMemoryBytesPerSMPerClock=*/128, // 32 banks x 4 bytes
    /*l2BytesPerClock=*/5120,               // [A100-WP] L2 read bandwidth
    kLaunchOverheadSec,
    kMemoryLatencySec,
    kSyncCycles,
    kSharedAccessCycles,
    kArithmeticCycles,
    kSpecialFunctionCycles,
    kPipelinedExposedShare,
};

// A100 SXM4 40GB: the 80 GB part's SMs with HBM2 at 1,555 GB/s. Published
// measurements (docs/cost-model.md, "Calibration") were taken on it.
static const TargetDesc kA100_40GB = {
    /*name=*/"sm_80",
    /*device=*/"A100-40GB",
    /*sharedMemoryPerBlock=*/163 * kKiB,
    /*numSMs=*/108,
    /*sharedMemoryPerSM=*/164 * kKiB,
    /*sharedMemoryReservedPerBlock=*/1 * kKiB,
    /*registersPerSM=*/64 * 1024,
    /*maxThreadsPerSM=*/2048,
    /*maxBlocksPerSM=*/32,
    /*l2CacheBytes=*/40 * kMiB,
    /*deviceMemoryBytes=*/40 * kGB, // [A100-DS] SXM4 40GB column
    /*clockHz=*/1.41e9,
    /*memoryBandwidth=*/1.555e12, // [A100-DS] 1,555 GB/s HBM2
    /*tensorCoreFlops=*/312e12,
    /*mmaSyncFlops=*/312e12,
    /*cudaCoreFlops=*/19.5e12,
    /*specialFunctionsPerSMPerClock=*/16,
    /*sharedMemoryBytesPerSMPerClock=*/128,
    /*l2BytesPerClock=*/5120,
    kLaunchOverheadSec,
    kMemoryLatencySec,
    kSyncCycles,
    kSharedAccessCycles,
    kArithmeticCycles,
    kSpecialFunctionCycles,
    kPipelinedExposedShare,
};

// H100 SXM5 80GB.
static const TargetDesc kH100 = {
    /*name=*/"sm_90",
    /*device=*/"H100",
    /*sharedMemoryPerBlock=*/227 * kKiB, // [CUDA-PG] 9.0 opt-in maximum
    /*numSMs=*/132,                      // [H100-WP] SXM5
    /*sharedMemoryPerSM=*/228 * kKiB,    // [CUDA-PG] 9.0
    /*sharedMemoryReservedPerBlock=*/1 * kKiB,
    /*registersPerSM=*/64 * 1024,
    /*maxThreadsPerSM=*/2048,
    /*maxBlocksPerSM=*/32,
    /*l2CacheBytes=*/50 * kMiB,     // [H100-WP]
    /*deviceMemoryBytes=*/80 * kGB, // [H100-DS]
    // The FP32 peak below is 132 SMs x 128 FMA x 2 x 1.98 GHz; the clock
    // only scales the per-clock rates (special functions, shared memory,
    // sync cycles).
    /*clockHz=*/1.98e9,
    /*memoryBandwidth=*/3.35e12,     // [H100-DS] 3.35 TB/s HBM3
    /*tensorCoreFlops=*/989e12,      // [H100-DS] 1,979 TFLOPS with sparsity
    /*mmaSyncFlops=*/989e12 * 2 / 3, // [FA3]
    /*cudaCoreFlops=*/67e12,         // [H100-DS] FP32
    /*specialFunctionsPerSMPerClock=*/16, // [CUDA-PG] 9.0
    /*sharedMemoryBytesPerSMPerClock=*/128,
    /*l2BytesPerClock=*/5120, // assumption: the A100's width (no H100 figure)
    kLaunchOverheadSec,
    kMemoryLatencySec,
    kSyncCycles,
    kSharedAccessCycles,
    kArithmeticCycles,
    kSpecialFunctionCycles,
    kPipelinedExposedShare,
};

// H200 SXM 141GB: the H100's GH100 compute with HBM3e.
static const TargetDesc kH200 = {
    /*name=*/"sm_90",
    /*device=*/"H200",
    /*sharedMemoryPerBlock=*/227 * kKiB,
    /*numSMs=*/132,
    /*sharedMemoryPerSM=*/228 * kKiB,
    /*sharedMemoryReservedPerBlock=*/1 * kKiB,
    /*registersPerSM=*/64 * 1024,
    /*maxThreadsPerSM=*/2048,
    /*maxBlocksPerSM=*/32,
    /*l2CacheBytes=*/50 * kMiB,
    /*deviceMemoryBytes=*/141 * kGB, // [H200-DS]
    /*clockHz=*/1.98e9,
    /*memoryBandwidth=*/4.8e12,      // [H200-DS] 4.8 TB/s HBM3e
    /*tensorCoreFlops=*/989e12,      // [H200-DS] same as H100 SXM
    /*mmaSyncFlops=*/989e12 * 2 / 3, // [FA3]
    /*cudaCoreFlops=*/67e12,         // [H200-DS]
    /*specialFunctionsPerSMPerClock=*/16,
    /*sharedMemoryBytesPerSMPerClock=*/128,
    /*l2BytesPerClock=*/5120,
    kLaunchOverheadSec,
    kMemoryLatencySec,
    kSyncCycles,
    kSharedAccessCycles,
    kArithmeticCycles,
    kSpecialFunctionCycles,
    kPipelinedExposedShare,
};

int64_t tsopt::residentBlocksPerSM(const TargetDesc &t, int64_t threads,
                                   int64_t sharedBytes, int64_t registers) {
  if (threads <= 0 || registers <= 0)
    return 0;
  int64_t bySmem =
      t.sharedMemoryPerSM / (sharedBytes + t.sharedMemoryReservedPerBlock);
  int64_t byThreads = t.maxThreadsPerSM / threads;
  int64_t byRegisters = t.registersPerSM / (threads * registers);
  return std::min({t.maxBlocksPerSM, bySmem, byThreads, byRegisters});
}

int64_t tsopt::registerBudget(const TargetDesc &t, int64_t threads,
                              int64_t blocks) {
  if (threads <= 0 || blocks <= 0)
    return 255;
  int64_t perThread = t.registersPerSM / (threads * blocks) / 8 * 8;
  return std::clamp<int64_t>(perThread, 8, 255);
}

const TargetDesc *tsopt::lookupTarget(llvm::StringRef name) {
  return llvm::StringSwitch<const TargetDesc *>(name.lower())
      .Cases({"sm_80", "a100"}, &kA100)
      .Case("a100-40gb", &kA100_40GB)
      .Cases({"sm_90", "h100"}, &kH100)
      .Case("h200", &kH200)
      .Default(nullptr);
}

llvm::StringRef tsopt::knownTargetNames() {
  return "sm_80 (a100, a100-40gb), sm_90 (h100, h200)";
}

TargetDesc tsopt::withClock(const TargetDesc &target, double clockHz) {
  TargetDesc t = target;
  double ratio = clockHz / target.clockHz;
  t.clockHz = clockHz;
  t.tensorCoreFlops *= ratio;
  t.mmaSyncFlops *= ratio;
  t.cudaCoreFlops *= ratio;
  return t;
}

llvm::ArrayRef<const TargetDesc *> tsopt::allTargets() {
  static const TargetDesc *const targets[] = {&kA100, &kH100, &kH200};
  return targets;
}

int64_t tsopt::dtypeBytes(DType dtype) { return dtype == DType::F32 ? 4 : 2; }

int64_t tsopt::sharedMemoryUpperBound(const Graph &blockGraph) {
  int64_t bytes = 0;
  std::vector<bool> withTiles = opsWithTiles(blockGraph);
  for (auto [i, op] : llvm::enumerate(blockGraph.ops)) {
    if (!withTiles[i])
      continue;
    // A pipelined iterator has a buffer per stage.
    int64_t buffers = blockGraph.stages > 1 && isPipelinedInput(blockGraph, op)
                          ? blockGraph.stages
                          : 1;
    for (int r : op.results)
      bytes += buffers * blockGraph.type(r).numElements() *
               dtypeBytes(blockGraph.type(r).dtype);
  }
  return bytes;
}

int tsopt::TargetDesc::smVersion() const {
  int version = 0;
  if (!name.starts_with("sm_") || name.drop_front(3).getAsInteger(10, version))
    return 0;
  return version;
}

std::string tsopt::TargetDesc::ptxTarget() const {
  return hasWarpgroupMma() ? name.str() + "a" : name.str();
}

std::string tsopt::TargetDesc::key() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << name << ' ' << device;
  for (int64_t n : {sharedMemoryPerBlock, numSMs, sharedMemoryPerSM,
                    sharedMemoryReservedPerBlock, registersPerSM,
                    maxThreadsPerSM, maxBlocksPerSM, l2CacheBytes,
                    deviceMemoryBytes, specialFunctionsPerSMPerClock,
                    sharedMemoryBytesPerSMPerClock, l2BytesPerClock})
    os << ' ' << n;
  for (double x :
       {clockHz, memoryBandwidth, tensorCoreFlops, mmaSyncFlops, cudaCoreFlops,
        launchOverheadSec, memoryLatencySec, syncCycles, sharedAccessCycles,
        arithmeticCycles, specialFunctionCycles, pipelinedExposedShare})
    os << ' ' << llvm::format("%a", x);
  return text;
}
