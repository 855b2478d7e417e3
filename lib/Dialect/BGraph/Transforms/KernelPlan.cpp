//===- KernelPlan.cpp - Record the kernel plan in the IR ------------------===//

#include "tsopt/Optimize/KernelPlan.h"
#include "tsopt/Dialect/BGraph/IR/BGraph.h"
#include "tsopt/Dialect/BGraph/Transforms/Passes.h"
#include "tsopt/Interchange/Export.h"
#include "tsopt/Interchange/Import.h"
#include "tsopt/Interchange/KernelGraphs.h"
#include "tsopt/Optimize/Layout.h"

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
    if (kernels->empty())
      return;
    // The whole program is planned at once: a kernel's stages depend on
    // what the lowering adds to it (a split softmax's row maxima).
    FailureOr<Graph> program = importFunction(func);
    if (failed(program))
      return signalPassFailure();
    KernelPlanOptions options;
    options.tensorCores = tensorCores;
    options.pipeline = pipeline;
    std::string why;
    // Layouts first: an iterator's copies are as wide as its tile's layout
    // stores contiguously.
    if (failed(planTileLayouts(*program, *desc, &why))) {
      func.emitError("cannot choose the tiles' layouts: ") << why;
      return signalPassFailure();
    }
    if (failed(planKernels(*program, *desc, options, &why))) {
      func.emitError("cannot plan the kernels: ") << why;
      return signalPassFailure();
    }
    auto kernel = kernels->begin();
    for (const tsopt::Op &kop : program->ops) {
      if (kop.kind != OpKind::Kernel)
        continue;
      assert(kernel != kernels->end() && "one kernel graph per kernel op");
      KernelGraph &k = *kernel++;
      const Graph &body = *kop.body;
      ++numKernels;
      if (body.stages > 1)
        ++numPipelined;
      setKernelPlanAttributes(kop, k.kernel);
      for (auto [op, mlirOp] : llvm::zip_equal(body.ops, k.ops)) {
        if (op.kind == OpKind::Matmul)
          numTensorCoreMatmuls += op.mma == uint8_t(MmaPlan::M16N8K16);
        for (const Layout &layout : op.layouts)
          numSwizzledTiles += layout.swizzle != 0;
        setKernelPlanAttributes(op, mlirOp);
      }
    }
  }
};
} // namespace
