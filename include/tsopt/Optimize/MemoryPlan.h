//===- MemoryPlan.h - Shared-memory plan of a block graph -------*- C++ -*-===//
//
// Gives every tile of a block graph a byte offset in shared memory, reusing
// the memory of tiles that are no longer live (DESIGN §5, the µGraph
// optimizer). Lifetimes are measured in the steps of the operator schedule
// (Schedule.h): ops of one step run concurrently between two barriers, so a
// tile last read in step s can be overwritten from step s + 1 on, not before.
//
// Lifetime of the tile a (non output-saver) op produces, in steps:
//
//  * from its producer's step to its last consumer's step;
//  * an accumulator lives from the start of the loop (it is initialized
//    before the first iteration and updated in every one) to its last
//    post-loop use, and at least to the end of the loop;
//  * a loop-invariant tile (an input iterator with fmap = replica and every
//    loop op that reads only such tiles), when the loop has more than one
//    iteration, lives for the whole loop: a lowering may compute it once and
//    read it in later iterations;
//  * a tile nobody reads lives in its producer's step only;
//  * the tile of a pipelined input iterator (KernelPlan.h, Graph::stages
//    = s > 1) lives for the whole loop, since the copies of a later
//    iteration land in it while the loop runs, and has s - 1 more buffers
//    (stages 1 .. s - 1) with the same lifetime.
//
// Allocation is greedy by size: tiles sorted by size (descending; ties by
// first step, then value id) are placed one by one at the lowest aligned
// offset where they overlap no already placed tile whose lifetime intersects
// theirs. Guarantees: simultaneously live tiles never overlap (checked by
// verifyPlan), the plan is a function of the graph alone (deterministic), and
// its total never exceeds the sum of the tiles' aligned sizes (each tile ends
// at most at the sum of the aligned sizes placed before it plus its own).
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_OPTIMIZE_MEMORYPLAN_H
#define TSOPT_OPTIMIZE_MEMORYPLAN_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Optimize/Schedule.h"

#include "llvm/Support/LogicalResult.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tsopt {

/// Alignment of every tile's offset, in bytes: 16 bytes is the widest
/// vector access (128-bit loads/stores, cp.async) a tile may be read with.
constexpr int64_t kTileAlignment = 16;
/// Alignment of the tiles a wgmma reads (MmaPlan::Wgmma), in bytes: the
/// instruction XORs absolute address bits by the 128-byte swizzle, whose
/// pattern repeats every 1024 bytes, so such a tile starts on a repeat.
constexpr int64_t kWgmmaTileAlignment = 1024;
/// Alignment of an unswizzled tile a TMA copy writes (Op::tma), in bytes
/// (a swizzled one takes kWgmmaTileAlignment).
constexpr int64_t kTmaTileAlignment = 128;

/// A tile with its size and lifetime: the input of the allocator.
struct TileLifetime {
  int value = -1;    ///< value id in the block graph
  int op = -1;       ///< index of the producing op in `Graph::ops`
  int64_t bytes = 0; ///< tile size (unaligned)
  int firstStep = 0; ///< first schedule step it is live in
  int lastStep = 0;  ///< last schedule step it is live in (inclusive)
  int stage = 0;     ///< pipelined input iterator: which of its buffers
  /// The tile's own alignment beyond the plan's: kWgmmaTileAlignment for
  /// a tile a wgmma reads or a TMA writes swizzled, kTmaTileAlignment for
  /// one a TMA writes unswizzled, else 0.
  int64_t alignment = 0;

  bool overlapsInTime(const TileLifetime &o) const {
    return firstStep <= o.lastStep && o.firstStep <= lastStep;
  }
};

/// The lifetimes of every tile of `blockGraph` under `schedule` (which must be
/// its schedule), in op order, then result order. Output savers produce
/// kernel tensors, not tiles, and are left out; so is a pass-through
/// accumulator's result (isPassThroughAccum), which is its operand's tile:
/// that tile lives until the result's last use; and so is the result of an
/// op a saver computes (opsComputedBySavers), whose operands' tiles live
/// until that saver.
std::vector<TileLifetime> tileLifetimes(const Graph &blockGraph,
                                        const Schedule &schedule);

/// One placed tile.
struct TileAllocation : TileLifetime {
  int64_t offset = 0; ///< byte offset in shared memory
};

/// Offsets for every tile of one block graph.
struct MemoryPlan {
  /// In op order, then result order (the order of tileLifetimes).
  std::vector<TileAllocation> tiles;
  /// Shared memory the plan needs: the largest end (offset + bytes).
  int64_t totalBytes = 0;
  /// The largest sum of the sizes of tiles live in one step: a lower bound
  /// of any plan under these lifetimes.
  int64_t peakLiveBytes = 0;
  /// The sum of all tile sizes, every tile resident at once: the same number
  /// as sharedMemoryUpperBound.
  int64_t noReuseBytes = 0;
  int64_t alignment = kTileAlignment;

  /// The placed tile holding `value` (its buffer `stage`), or nullptr.
  const TileAllocation *lookup(int value, int stage = 0) const;
};

/// Plans `blockGraph` under `schedule` (its schedule). `alignment` must be a
/// power of two; otherwise fails with the reason in `why` when non-null.
llvm::FailureOr<MemoryPlan> planSharedMemory(const Graph &blockGraph,
                                             const Schedule &schedule,
                                             int64_t alignment = kTileAlignment,
                                             std::string *why = nullptr);

/// Plans `blockGraph` under its plannedSchedule.
llvm::FailureOr<MemoryPlan> planSharedMemory(const Graph &blockGraph,
                                             int64_t alignment = kTileAlignment,
                                             std::string *why = nullptr);

/// The memory plan of `blockGraph` under `schedule` (its plannedSchedule)
/// as planned (KernelPlan.h): the offsets its ops record (Op::offsets,
/// `bgraph.offset`), when every op records one per tile, checked by
/// verifyPlan (tiles live at once that share a byte, or an offset that is
/// not a multiple of kTileAlignment, fail with the reason in `why`); else
/// planSharedMemory's. The cost model and the lowering read this.
llvm::FailureOr<MemoryPlan> plannedMemory(const Graph &blockGraph,
                                          const Schedule &schedule,
                                          std::string *why = nullptr);

/// Checks `plan` against the lifetimes tileLifetimes computes for
/// `blockGraph` and `schedule`: every tile is placed once with its size at an
/// aligned, non-negative offset inside `totalBytes`, and no two tiles live in
/// a common step share a byte. Fails with the first violation in `why`.
llvm::LogicalResult verifyPlan(const Graph &blockGraph,
                               const Schedule &schedule, const MemoryPlan &plan,
                               std::string *why = nullptr);

} // namespace tsopt

#endif // TSOPT_OPTIMIZE_MEMORYPLAN_H
