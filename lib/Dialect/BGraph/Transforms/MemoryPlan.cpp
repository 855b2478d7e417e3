//===- MemoryPlan.cpp - Shared-memory offsets of block-graph tiles --------===//

#include "tsopt/Optimize/MemoryPlan.h"
#include "tsopt/Core/Target.h"
#include "tsopt/Dialect/BGraph/Transforms/Passes.h"
#include "tsopt/Interchange/KernelGraphs.h"

#include "mlir/IR/Builders.h"

namespace tsopt::bgraph {
#define GEN_PASS_DEF_TSOPTPLANSHAREDMEMORY
#include "tsopt/Dialect/BGraph/Transforms/Passes.h.inc"
} // namespace tsopt::bgraph

using namespace mlir;
using namespace tsopt;

std::optional<int64_t> bgraph::getTileOffset(OpResult result) {
  Operation *op = result.getOwner();
  Attribute attr = op->getAttr(kOffsetAttrName);
  if (auto one = dyn_cast_or_null<IntegerAttr>(attr)) {
    if (op->getNumResults() == 1)
      return one.getInt();
    return std::nullopt;
  }
  if (auto many = dyn_cast_or_null<DenseI64ArrayAttr>(attr))
    if (static_cast<size_t>(many.size()) == op->getNumResults())
      return many[result.getResultNumber()];
  return std::nullopt;
}

namespace {
struct PlanSharedMemoryPass
    : public bgraph::impl::TSOptPlanSharedMemoryBase<PlanSharedMemoryPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    const TargetDesc *desc = lookupTargetOrEmit(func, target, target.hasValue());
    if (!desc)
      return signalPassFailure();
    FailureOr<SmallVector<KernelGraph>> kernels = importKernelGraphs(func);
    if (failed(kernels))
      return signalPassFailure();
    Builder b(&getContext());
    bool failedAny = false;
    for (KernelGraph &k : *kernels) {
      // The plan depends on the graph alone, not on the op order in the IR,
      // so scheduled and unscheduled IR get the same offsets.
      std::string why;
      FailureOr<MemoryPlan> plan =
          planSharedMemory(*k.body, kTileAlignment, &why);
      if (failed(plan)) {
        // Unreachable on verified IR (see tsopt-schedule).
        k.kernel->emitError("cannot plan the block graph's shared memory: ")
            << why;
        failedAny = true;
        continue;
      }
      int64_t noReuse = sharedMemoryUpperBound(*k.body);
      assert(noReuse == plan->noReuseBytes && "one statement of a tile's size");
      ++numKernels;
      maxSharedMemory = std::max<uint64_t>(maxSharedMemory, plan->totalBytes);
      // Alignment padding can make a plan without any reuse a little larger
      // than the unaligned sum.
      bytesSaved += std::max<int64_t>(0, noReuse - plan->totalBytes);

      if (plan->totalBytes > desc->sharedMemoryPerBlock) {
        ++numOverLimit;
        failedAny = true;
        InFlightDiagnostic diag =
            k.kernel->emitError("shared-memory plan needs ")
            << plan->totalBytes << " bytes; " << desc->name << " ("
            << desc->device << ") allows " << desc->sharedMemoryPerBlock
            << " per block";
        diag.attachNote() << "with lifetime-based reuse: " << plan->totalBytes
                          << " bytes against " << noReuse
                          << " with every tile resident (peak live "
                          << plan->peakLiveBytes << ")";
        continue;
      }

      // Offsets per op, in result order (tiles are listed by op, then
      // result).
      llvm::DenseMap<int, SmallVector<int64_t, 1>> offsets;
      for (const TileAllocation &t : plan->tiles)
        offsets[t.op].push_back(t.offset);
      for (auto [idx, op] : llvm::enumerate(k.ops)) {
        auto it = offsets.find(idx);
        if (it == offsets.end()) {
          op->removeAttr(bgraph::kOffsetAttrName);
          continue;
        }
        if (it->second.size() == 1)
          op->setAttr(bgraph::kOffsetAttrName,
                      b.getI64IntegerAttr(it->second.front()));
        else
          op->setAttr(bgraph::kOffsetAttrName,
                      b.getDenseI64ArrayAttr(it->second));
      }
      k.kernel->setAttr(bgraph::kSharedMemoryAttrName,
                        b.getI64IntegerAttr(plan->totalBytes));
      if (report)
        emitRemark(k.kernel->getLoc(), "shared-memory plan needs ")
            << plan->totalBytes << " bytes (every tile resident: " << noReuse
            << ", peak live: " << plan->peakLiveBytes << "); " << desc->name
            << " (" << desc->device << ") allows " << desc->sharedMemoryPerBlock
            << " per block";
    }
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
