//===- SoftmaxPlan.h - Running maxima and reduction trees -------*- C++ -*-===//
//
// The parts of the kernel plan that follow from a block graph's structure
// (DESIGN §5): the running-max form of a softmax inside a kernel, its
// split across kernels (FlashDecoding's combine, with the row maxima written
// beside the partials), and reduction trees. They are functions of the
// graph: the lowering emits what they find, and the cost model prices the
// program they rewrite (addSplitSoftmaxMaxima), so both see the same
// kernels.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_OPTIMIZE_SOFTMAXPLAN_H
#define TSOPT_OPTIMIZE_SOFTMAXPLAN_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Optimize/Schedule.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

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
  /// The softmax split across kernels (FlashDecoding). In the producing
  /// kernel the accumulators are not divided but written out, relative to
  /// each row's running maximum, and these output savers (block op indices)
  /// write that maximum (f32) alongside.
  llvm::SmallVector<int, 2> maxOutputs;
  /// Whether the accumulators are written out rather than divided.
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
/// combined by a tree of log2(width) barrier-separated steps.
struct ReductionTrees {
  /// Op index -> threads per group (a power of two, at least 2).
  llvm::SmallDenseMap<int, int64_t, 4> width;
  /// Byte offset and size of the f32 scratch buffer, placed after the plan's
  /// tiles (and the running-max buffers).
  int64_t offset = 0, bytes = 0;

  bool empty() const { return width.empty(); }
};

/// Chooses the reduction trees of `blockGraph` for `threads` threads per
/// block, the scratch buffer placed at the first aligned offset from
/// `endBytes` (the end of what shared memory holds so far). With a nonzero
/// `limitBytes`, the scratch buffer ends within it: trees get fewer threads
/// per group, or none, rather than a kernel that fits without them not
/// fitting with them.
ReductionTrees planReductionTrees(const Graph &blockGraph,
                                  const SoftmaxRescale *rescale,
                                  int64_t threads, int64_t endBytes,
                                  int64_t limitBytes = 0);

/// Finds the running-max form for `blockGraph`, or nullopt when its exps do
/// not fit the pattern (they are then computed as written). With
/// `allowOutputs`, accumulators that are only written out (the producing
/// half of a split softmax) are accepted too; `maxOutputs` is then left for
/// the caller to fill once it knows the consumers can merge them.
std::optional<SoftmaxRescale> findSoftmaxRescale(const Graph &blockGraph,
                                                 const Schedule &schedule,
                                                 int64_t planBytes,
                                                 bool allowOutputs = false);


/// The split softmaxes of kernel graph `program`, made mergeable as the
/// lowering emits them: every graph-defined kernel whose exps fit the
/// running-max form with accumulators that are only written out, and whose
/// consumers can merge the partials (every use a graph-defined kernel whose
/// iterator feeds the tile unchanged to a sum accumulator, the merged
/// accumulators meeting only as quotients), gets a second output saver per
/// partial writing each row's maximum (f32) into a new kernel result; each
/// consumer reads it with the partial's maps as its accumulator's second
/// operand. Returns, per producer (op index), those output savers (op
/// indices in its block graph).
llvm::DenseMap<int, llvm::SmallVector<int, 2>>
addSplitSoftmaxMaxima(Graph &program);

} // namespace tsopt

#endif // TSOPT_OPTIMIZE_SOFTMAXPLAN_H
