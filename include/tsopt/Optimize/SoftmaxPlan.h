//===- SoftmaxPlan.h - Running maxima and reduction trees -------*- C++ -*-===//
//
// The parts of the kernel plan that follow from a block graph's structure
// (DESIGN §5): where the running-max form of a softmax (Core/RunningMax.h)
// keeps its row maxima and factors, and reduction trees. The lowering emits
// what the plan records, and the cost model prices the same program.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_OPTIMIZE_SOFTMAXPLAN_H
#define TSOPT_OPTIMIZE_SOFTMAXPLAN_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Core/RunningMax.h"
#include "tsopt/Optimize/Schedule.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/LogicalResult.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tsopt {

/// The running-max form of a softmax inside one block graph (DESIGN §5):
/// an exp in the loop body whose values reach sum accumulators only through
/// row-preserving linear ops (a matmul with the exp on the left, a sum over
/// the last dim), and whose accumulators are only divided by each other
/// after the loop. Each iteration then computes exp(x - m) with m the
/// running maximum of x per row and rescales the accumulators by
/// exp(m_old - m_new); the quotients are unchanged and no exp exceeds 1.
struct SoftmaxRescale {
  /// The op whose result is the exp: an exp op, or a thread graph whose
  /// output is an exp; -1 in a kernel that only merges split partials.
  int expOp = -1;
  bool hasExp() const { return expOp >= 0; }
  /// Whether the accumulators are written out rather than divided: the
  /// producing kernel of a softmax split across kernels (FlashDecoding),
  /// which writes them relative to each row's running maximum and that
  /// maximum beside them (bgraph.running_max).
  bool writtenOut = false;
  /// In the combining kernel: accumulators whose second operand is the tile
  /// of row maxima that came with their partials. Each keeps a per-element
  /// running maximum (f32, at `mergeOffsets[i]`, after the plan) and adds
  /// every partial rescaled to it; they meet only as quotients of each
  /// other, so the common factor cancels.
  llvm::SmallVector<int, 2> merges;
  llvm::SmallVector<int64_t, 2> mergeOffsets;
  /// The accumulator ops to rescale.
  llvm::SmallVector<int, 2> accums;
  /// The row shape: the exp's shape without its last dim.
  Shape rows;
  /// Byte offsets of the per-row running maximum and rescale factor (f32),
  /// placed after the plan's tiles.
  int64_t maxOffset = 0, scaleOffset = 0;
};

/// Reductions split over several threads per output element (DESIGN §5):
/// when a serial fold over a group (reduce_sum/reduce_max, rms_norm's row
/// statistics, the running-max form's row maxima) would leave most threads
/// idle, each group is split over `width` threads; each writes its partial
/// fold to an f32 scratch buffer in shared memory, and the partials are
/// combined by a tree of log2(width) barrier-separated steps. The widths
/// are the kernel plan's (Op::treeWidth, bgraph.tree_width).
struct ReductionTrees {
  /// Op index -> threads per group (a power of two, at least 2).
  llvm::SmallDenseMap<int, int64_t, 4> width;
  /// Byte offset and size of the f32 scratch buffer, placed after the plan's
  /// tiles (and the running-max buffers).
  int64_t offset = 0, bytes = 0;

  bool empty() const { return width.empty(); }
};

/// The groups op `op` of `blockGraph` folds and the elements of each, for
/// `rescale` the running-max form the block graph is planned with (its exp
/// folds each row to its maximum); nullopt for an op that folds nothing.
struct FoldGroups {
  int64_t groups = 0, size = 0;
};
std::optional<FoldGroups> foldsGroups(const Graph &blockGraph, int op,
                                      const SoftmaxRescale *rescale);

/// Chooses the tree widths of `blockGraph` (Op::treeWidth) for its threads
/// per block, a scratch buffer placed at the first aligned offset from
/// `endBytes` (the end of what shared memory holds so far): the largest
/// power of two of threads per group that leaves each thread at least four
/// elements and fits every group's slots in one per thread. With a nonzero
/// `limitBytes`, the scratch buffer ends within it: trees get fewer threads
/// per group, or none, rather than a kernel that fits without them not
/// fitting with them. Recorded widths are kept.
void planTreeWidths(Graph &blockGraph, const SoftmaxRescale *rescale,
                    int64_t endBytes, int64_t limitBytes = 0);

/// The reduction trees `blockGraph`'s plan records, their scratch buffer
/// placed at the first aligned offset from `endBytes`; fails, saying why in
/// `why`, where a width is not a power of two, its groups need more slots
/// than the block has threads, or (with a nonzero `limitBytes`) the
/// scratch buffer ends past it.
llvm::FailureOr<ReductionTrees>
plannedReductionTrees(const Graph &blockGraph, const SoftmaxRescale *rescale,
                      int64_t endBytes, int64_t limitBytes = 0,
                      std::string *why = nullptr);

/// The running-max form `blockGraph` is planned with (runningMaxForm,
/// Core/RunningMax.h) and its accumulators that merge a split softmax's
/// partials, their buffers (row maxima and factors, per-element running
/// maxima) placed after `planBytes` (the end of the plan's tiles), ending at
/// `*endBytes` when given; nullopt where it computes its exps as written
/// and merges nothing.
std::optional<SoftmaxRescale>
plannedSoftmaxRescale(const Graph &blockGraph, int64_t planBytes,
                      int64_t *endBytes = nullptr);

} // namespace tsopt

#endif // TSOPT_OPTIMIZE_SOFTMAXPLAN_H
