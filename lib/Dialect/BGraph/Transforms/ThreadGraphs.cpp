//===- ThreadGraphs.cpp - Fuse element-wise block ops into thread graphs -===//

#include "tsopt/Optimize/ThreadGraphs.h"
#include "tsopt/Dialect/BGraph/Transforms/Passes.h"
#include "tsopt/Dialect/TGraph/IR/TGraph.h"
#include "tsopt/Interchange/Export.h"
#include "tsopt/Interchange/KernelGraphs.h"

#include "mlir/IR/Builders.h"

namespace tsopt::bgraph {
#define GEN_PASS_DEF_TSOPTFORMTHREADGRAPHS
#include "tsopt/Dialect/BGraph/Transforms/Passes.h.inc"
} // namespace tsopt::bgraph

using namespace mlir;
using namespace tsopt;

/// The schedule and the shared-memory plan describe the ops of a kernel as
/// they were; once ops are fused they are wrong, so they are not carried.
static bool isStaleAfterFusion(StringRef name) {
  return name == bgraph::kDepthAttrName || name == bgraph::kOffsetAttrName ||
         name == bgraph::kBarriersAttrName ||
         name == bgraph::kSharedMemoryAttrName;
}

static void copyDiscardableAttrs(Operation *from, Operation *to) {
  for (NamedAttribute attr : from->getDiscardableAttrs())
    if (!isStaleAfterFusion(attr.getName().getValue()))
      to->setAttr(attr.getName(), attr.getValue());
}

/// Gives `to`, an exported copy of `from` (same ops, nested ones included,
/// in the same order), the locations and discardable attributes of `from`.
static void copyOrigin(Operation *from, Operation *to) {
  to->setLoc(from->getLoc());
  copyDiscardableAttrs(from, to);
  for (auto [ra, rb] : llvm::zip(from->getRegions(), to->getRegions()))
    for (auto [ba, bb] : llvm::zip(ra, rb)) {
      for (auto [aa, ab] : llvm::zip(ba.getArguments(), bb.getArguments()))
        ab.setLoc(aa.getLoc());
      for (auto [oa, ob] : llvm::zip(ba, bb))
        copyOrigin(&oa, &ob);
    }
}

namespace {
struct FormThreadGraphsPass
    : public bgraph::impl::TSOptFormThreadGraphsBase<FormThreadGraphsPass> {
  using Base::Base;

  /// Checks the options once, not once per function.
  LogicalResult initialize(MLIRContext *context) override {
    if (minOps < 1)
      return emitError(UnknownLoc::get(context),
                       "tsopt-form-thread-graphs: min-ops must be at least "
                       "1, got ")
             << static_cast<unsigned>(minOps);
    return success();
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    FailureOr<SmallVector<KernelGraph>> kernels = importKernelGraphs(func);
    if (failed(kernels))
      return signalPassFailure();
    ThreadGraphOptions opts;
    opts.minOps = minOps;
    bool failedAny = false;
    for (KernelGraph &k : *kernels) {
      FusedBlockGraph fused = fuseBlockGraph(*k.body, opts);
      if (fused.stats.groups == 0)
        continue;
      if (failed(replaceKernel(k, fused))) {
        failedAny = true;
        continue;
      }
      numGroups += fused.stats.groups;
      numOpsFused += fused.stats.opsFused;
    }
    if (failedAny)
      signalPassFailure();
  }

  LogicalResult replaceKernel(KernelGraph &k, const FusedBlockGraph &fused) {
    Operation *old = k.kernel;
    OpBuilder b(old);
    FailureOr<kgraph::KernelOp> kernel =
        exportKernel(b, old->getLoc(), fused.graph, old->getOperands(),
                     old->getResultTypes());
    // Unreachable for a verified input: formation keeps the graph valid.
    // The exporter has said what is wrong, at the kernel.
    if (failed(kernel))
      return failure();

    copyDiscardableAttrs(old, *kernel);
    Block &oldBody = old->getRegion(0).front();
    Block &newBody = kernel->getBody().front();
    for (auto [a, n] :
         llvm::zip(oldBody.getArguments(), newBody.getArguments()))
      n.setLoc(a.getLoc());
    // The exporter makes the i-th op of the region from the i-th core op.
    for (auto [op, origin] :
         llvm::zip(newBody.without_terminator(), fused.origin)) {
      if (origin.size() == 1) {
        copyOrigin(k.ops[origin[0]], &op);
        continue;
      }
      // A new thread graph: its i-th scalar op is the i-th fused op.
      SmallVector<Location> locs;
      for (int idx : origin)
        locs.push_back(k.ops[idx]->getLoc());
      op.setLoc(FusedLoc::get(&getContext(), locs));
      Block &scalars = op.getRegion(0).front();
      for (auto [arg, tile] :
           llvm::zip(scalars.getArguments(), op.getOperands()))
        arg.setLoc(tile.getLoc());
      for (auto [scalar, idx] : llvm::zip(scalars.without_terminator(), origin))
        scalar.setLoc(k.ops[idx]->getLoc());
      scalars.getTerminator()->setLoc(op.getLoc());
    }
    newBody.getTerminator()->setLoc(oldBody.getTerminator()->getLoc());

    old->replaceAllUsesWith(kernel->getResults());
    old->erase();
    return success();
  }
};
} // namespace
