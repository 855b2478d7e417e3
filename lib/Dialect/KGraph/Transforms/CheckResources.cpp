//===- CheckResources.cpp - Shared-memory check of kernels ---------------===//

#include "tsopt/Core/Target.h"
#include "tsopt/Dialect/KGraph/Transforms/Passes.h"
#include "tsopt/Interchange/Import.h"
#include "tsopt/Interchange/KernelGraphs.h"

namespace tsopt::kgraph {
#define GEN_PASS_DEF_TSOPTCHECKRESOURCES
#include "tsopt/Dialect/KGraph/Transforms/Passes.h.inc"
} // namespace tsopt::kgraph

using namespace mlir;
using namespace tsopt;

namespace {
struct CheckResourcesPass
    : public kgraph::impl::TSOptCheckResourcesBase<CheckResourcesPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    const TargetDesc *desc = lookupTargetOrEmit(func, target, target.hasValue());
    if (!desc)
      return signalPassFailure();
    // Measure on the core graph, the one statement of what a tile costs.
    FailureOr<SmallVector<KernelGraph>> kernels = importKernelGraphs(func);
    if (failed(kernels))
      return signalPassFailure();
    bool failedAny = false;
    for (KernelGraph &k : *kernels) {
      Operation *kernel = k.kernel;
      int64_t bytes = sharedMemoryUpperBound(*k.body);
      ++numKernels;
      maxSharedMemory = std::max<uint64_t>(maxSharedMemory, bytes);
      if (bytes > desc->sharedMemoryPerBlock) {
        ++numOverLimit;
        failedAny = true;
        kernel->emitError("block graph needs ")
            << bytes << " bytes of shared memory; " << desc->name << " ("
            << desc->device << ") allows " << desc->sharedMemoryPerBlock
            << " per block";
      } else if (report) {
        emitRemark(kernel->getLoc(), "block graph needs ")
            << bytes << " bytes of shared memory; " << desc->name << " ("
            << desc->device << ") allows " << desc->sharedMemoryPerBlock
            << " per block";
      }
    }
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
