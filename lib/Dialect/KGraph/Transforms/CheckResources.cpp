//===- CheckResources.cpp - Shared-memory check of kernels ---------------===//

#include "tsopt/Core/Target.h"
#include "tsopt/Dialect/KGraph/Transforms/Passes.h"
#include "tsopt/Interchange/Import.h"

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
    const TargetDesc *desc = lookupTarget(target);
    if (!desc) {
      func.emitError("unknown target '")
          << target << "'; known: " << knownTargetNames();
      return signalPassFailure();
    }
    // Measure on the core graph, the one statement of what a tile costs.
    FailureOr<Graph> graph = importFunction(func);
    if (failed(graph))
      return signalPassFailure();
    auto kernels = func.getBody().getOps<kgraph::KernelOp>();
    auto kernelIt = kernels.begin();
    bool failedAny = false;
    for (const tsopt::Op &op : graph->ops) {
      if (op.kind != OpKind::Kernel)
        continue;
      kgraph::KernelOp kernel = *kernelIt++;
      int64_t bytes = sharedMemoryUpperBound(*op.body);
      ++numKernels;
      maxSharedMemory = std::max<uint64_t>(maxSharedMemory, bytes);
      if (bytes > desc->sharedMemoryPerBlock) {
        ++numOverLimit;
        failedAny = true;
        kernel.emitError("block graph needs ")
            << bytes << " bytes of shared memory; " << desc->name << " ("
            << desc->device << ") allows " << desc->sharedMemoryPerBlock
            << " per block";
      } else if (report) {
        kernel.emitRemark("block graph needs ")
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
