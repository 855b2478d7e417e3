//===- SoftmaxPlan.cpp - Running maxima and reduction trees ---------------===//

#include "tsopt/Optimize/SoftmaxPlan.h"
#include "tsopt/Core/RunningMax.h"
#include "tsopt/Optimize/MemoryPlan.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <memory>

using namespace tsopt;

namespace tsopt {

std::optional<FoldGroups> foldsGroups(const Graph &bg, int idx,
                                      const SoftmaxRescale *rescale) {
  const Op &op = bg.ops[idx];
  if (op.kind == OpKind::ReduceSum || op.kind == OpKind::ReduceMax) {
    const Shape &in = bg.type(op.operands[0]).shape;
    const Shape &out = bg.type(op.results[0]).shape;
    return FoldGroups{numElements(out), in[op.dim] / out[op.dim]};
  }
  if (op.kind == OpKind::RmsNorm) {
    const Shape &xs = bg.type(op.operands[0]).shape;
    return FoldGroups{numElements(xs) / xs.back(), xs.back()};
  }
  if (rescale && rescale->hasExp() && rescale->expOp == idx)
    return FoldGroups{numElements(rescale->rows),
                      bg.type(op.results[0]).shape.back()};
  return std::nullopt;
}

static int64_t alignedEnd(int64_t bytes) {
  return (bytes + kTileAlignment - 1) / kTileAlignment * kTileAlignment;
}

void planTreeWidths(Graph &bg, const SoftmaxRescale *rescale, int64_t endBytes,
                    int64_t limitBytes) {
  int64_t offset = alignedEnd(endBytes);
  // Scratch slots (f32): one per thread, fewer where the limit says so,
  // and fewer by what recorded trees already take.
  int64_t maxSlots = bg.threads;
  if (limitBytes > 0)
    maxSlots =
        std::min(maxSlots, std::max<int64_t>(0, limitBytes - offset) / 4);
  // A group of `size` elements, `groups` of them: split each over the
  // largest power of two of threads that leaves every group at least
  // kMinPerThread elements and fits all groups in the scratch slots.
  constexpr int64_t kMinPerThread = 4;
  for (int i = 0, e = bg.ops.size(); i < e; ++i) {
    std::optional<FoldGroups> fold = foldsGroups(bg, i, rescale);
    if (!fold || bg.ops[i].treeWidth)
      continue;
    int64_t width = 1;
    while (fold->groups * width * 2 <= maxSlots &&
           fold->size >= width * 2 * kMinPerThread)
      width *= 2;
    bg.ops[i].treeWidth = width;
  }
}

llvm::FailureOr<ReductionTrees>
plannedReductionTrees(const Graph &bg, const SoftmaxRescale *rescale,
                      int64_t endBytes, int64_t limitBytes, std::string *why) {
  ReductionTrees trees;
  int64_t slots = 0;
  for (int i = 0, e = bg.ops.size(); i < e; ++i) {
    const Op &op = bg.ops[i];
    std::optional<FoldGroups> fold = foldsGroups(bg, i, rescale);
    if (!fold || op.treeWidth <= 1)
      continue;
    std::string at = "op #" + std::to_string(i) + " (" +
                     stringifyOpKind(op.kind).str() + ")";
    if (!llvm::isPowerOf2_64(op.treeWidth) ||
        fold->groups * op.treeWidth > bg.threads) {
      if (why)
        *why = at + " folds " + std::to_string(fold->groups) +
               " groups over trees of " + std::to_string(op.treeWidth) +
               " threads: the width must be a power of two and the trees "
               "must fit in the block's " +
               std::to_string(bg.threads) + " threads";
      return llvm::failure();
    }
    trees.width[i] = op.treeWidth;
    slots = std::max(slots, fold->groups * op.treeWidth);
  }
  if (trees.empty())
    return trees;
  trees.offset = alignedEnd(endBytes);
  trees.bytes = slots * 4;
  if (limitBytes > 0 && trees.offset + trees.bytes > limitBytes) {
    if (why)
      *why = "the reduction trees' scratch buffer (" +
             std::to_string(trees.bytes) + " bytes at " +
             std::to_string(trees.offset) + ") ends past the " +
             std::to_string(limitBytes) + " bytes of shared memory";
    return llvm::failure();
  }
  return trees;
}

std::optional<SoftmaxRescale>
plannedSoftmaxRescale(const Graph &bg, int64_t planBytes, int64_t *endBytes) {
  std::optional<SoftmaxRescale> r;
  int64_t end = planBytes;
  if (std::optional<RunningMaxForm> form = runningMaxForm(bg)) {
    r.emplace();
    r->expOp = form->expOp;
    r->accums = form->accums;
    r->rows = form->rows;
    r->writtenOut = form->writtenOut;
    r->maxOffset = alignedEnd(planBytes);
    r->scaleOffset = alignedEnd(r->maxOffset + numElements(r->rows) * 4);
    end = r->scaleOffset + numElements(r->rows) * 4;
  }
  // Accumulators that merge split-softmax partials (a second operand, the
  // partials' row maxima): a running maximum per element.
  for (auto [i, op] : llvm::enumerate(bg.ops)) {
    if (op.kind != OpKind::Accum || op.operands.size() != 2)
      continue;
    if (!r)
      r.emplace();
    int64_t offset = alignedEnd(end);
    r->merges.push_back(i);
    r->mergeOffsets.push_back(offset);
    end = offset + bg.type(op.results[0]).numElements() * 4;
  }
  if (endBytes)
    *endBytes = end;
  return r;
}

} // namespace tsopt
