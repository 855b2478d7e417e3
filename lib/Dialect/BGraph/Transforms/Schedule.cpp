//===- Schedule.cpp - Order block-graph ops by depth ----------------------===//

#include "tsopt/Optimize/Schedule.h"
#include "tsopt/Dialect/BGraph/Transforms/Passes.h"
#include "tsopt/Interchange/KernelGraphs.h"

#include "mlir/IR/Builders.h"

namespace tsopt::bgraph {
#define GEN_PASS_DEF_TSOPTSCHEDULE
#include "tsopt/Dialect/BGraph/Transforms/Passes.h.inc"
} // namespace tsopt::bgraph

using namespace mlir;
using namespace tsopt;

namespace {
struct SchedulePass : public bgraph::impl::TSOptScheduleBase<SchedulePass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<SmallVector<KernelGraph>> kernels =
        importKernelGraphs(getOperation());
    if (failed(kernels))
      return signalPassFailure();
    Builder b(&getContext());
    bool failedAny = false;
    for (KernelGraph &k : *kernels) {
      std::string why;
      FailureOr<Schedule> s = scheduleBlockGraph(*k.body, &why);
      if (failed(s)) {
        // Unreachable on verified IR: the kernel verifier checks the path
        // rule the schedule relies on.
        k.kernel->emitError("cannot schedule the block graph: ") << why;
        failedAny = true;
        continue;
      }
      // Moving each op in schedule order before the terminator leaves the
      // block in that order; it is topological, so SSA dominance holds.
      Operation *terminator = k.kernel->getRegion(0).front().getTerminator();
      for (int idx : s->order) {
        Operation *op = k.ops[idx];
        op->moveBefore(terminator);
        op->setAttr(bgraph::kDepthAttrName, b.getI64IntegerAttr(s->depth[idx]));
      }
      int64_t loop = s->barriers(Phase::Loop);
      int64_t post = s->barriers(Phase::PostLoop);
      k.kernel->setAttr(bgraph::kBarriersAttrName,
                        b.getDenseI64ArrayAttr({loop, post}));
      ++numKernels;
      numBarriers += loop + post;
      maxDepth = std::max<uint64_t>(maxDepth, s->maxDepth());
    }
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
