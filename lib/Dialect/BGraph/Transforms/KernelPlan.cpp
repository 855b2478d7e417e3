//===- KernelPlan.cpp - Record the kernel plan in the IR ------------------===//

#include "tsopt/Optimize/KernelPlan.h"
#include "tsopt/Dialect/BGraph/IR/BGraph.h"
#include "tsopt/Dialect/BGraph/Transforms/Passes.h"
#include "tsopt/Interchange/KernelGraphs.h"

#include "mlir/IR/Builders.h"

namespace tsopt::bgraph {
#define GEN_PASS_DEF_TSOPTPLANKERNELS
#include "tsopt/Dialect/BGraph/Transforms/Passes.h.inc"
} // namespace tsopt::bgraph

using namespace mlir;
using namespace tsopt;

namespace {
struct PlanKernelsPass
    : public bgraph::impl::TSOptPlanKernelsBase<PlanKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    const TargetDesc *desc =
        lookupTargetOrEmit(func, target, target.hasValue());
    if (!desc)
      return signalPassFailure();
    FailureOr<SmallVector<KernelGraph>> kernels = importKernelGraphs(func);
    if (failed(kernels))
      return signalPassFailure();
    KernelPlanOptions options;
    options.tensorCores = tensorCores;
    options.pipeline = pipeline;
    Builder b(&getContext());
    bool failedAny = false;
    for (KernelGraph &k : *kernels) {
      Graph body = *k.body;
      std::string why;
      if (failed(planKernel(body, *desc, options, &why))) {
        k.kernel->emitError("cannot plan the kernel: ") << why;
        failedAny = true;
        continue;
      }
      ++numKernels;
      if (body.stages > 1)
        ++numPipelined;
      k.kernel->setAttr(bgraph::kStagesAttrName,
                        b.getI64IntegerAttr(body.stages));
      for (auto [op, mlirOp] : llvm::zip_equal(body.ops, k.ops)) {
        if (op.kind == OpKind::Matmul) {
          bool mma = op.mma == uint8_t(MmaPlan::M16N8K16);
          numTensorCoreMatmuls += mma;
          mlirOp->setAttr(bgraph::kMmaAttrName,
                          b.getStringAttr(mma ? "m16n8k16" : "cuda_cores"));
        }
        if (op.kind == OpKind::BlockInput)
          mlirOp->setAttr(bgraph::kCopyBytesAttrName,
                          b.getI64IntegerAttr(op.copyBytes));
      }
    }
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
