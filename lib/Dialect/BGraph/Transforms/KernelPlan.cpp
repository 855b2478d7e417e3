//===- KernelPlan.cpp - Record the kernel plan in the IR ------------------===//

#include "tsopt/Optimize/KernelPlan.h"
#include "tsopt/Core/RunningMax.h"
#include "tsopt/Dialect/BGraph/IR/BGraph.h"
#include "tsopt/Dialect/BGraph/Transforms/Passes.h"
#include "tsopt/Interchange/Export.h"
#include "tsopt/Interchange/Import.h"
#include "tsopt/Interchange/KernelGraphs.h"
#include "tsopt/Optimize/CostModel.h"
#include "tsopt/Optimize/KernelExpansion.h"
#include "tsopt/Optimize/Layout.h"

#include "mlir/IR/Builders.h"

namespace tsopt::bgraph {
#define GEN_PASS_DEF_TSOPTPLANKERNELS
#include "tsopt/Dialect/BGraph/Transforms/Passes.h.inc"
} // namespace tsopt::bgraph

using namespace mlir;
using namespace tsopt;

namespace {

/// Whether `func` holds a pre-defined kgraph op (one that is not a kernel).
bool hasPredefinedOps(func::FuncOp func) {
  return llvm::any_of(func.getBody().getOps(), [](Operation &op) {
    return isa_and_nonnull<kgraph::KGraphDialect>(op.getDialect()) &&
           !isa<kgraph::KernelOp>(op);
  });
}

/// Gives every pre-defined op of `func` that runs as a kernel (all but the
/// reshapes the lowering makes views, lowersToView) its default block graph
/// with its whole plan, as a `kgraph.kernel` in its place: the expansion
/// the cost model prices (planExpandedKernel). A convolution with no
/// one-kernel implicit GEMM is first replaced as convolutionsAsKernels
/// says. Counts the kernels made in `numExpanded`.
LogicalResult expandPredefinedOps(func::FuncOp func, const TargetDesc &target,
                                  const KernelPlanOptions &options,
                                  uint64_t &numExpanded) {
  if (!hasPredefinedOps(func))
    return success();
  FailureOr<Graph> g = importFunction(func);
  if (failed(g))
    return failure();
  // Convolutions too large for one kernel: over bands of their output
  // rows (or as their fission), as the cost model prices them.
  ConvolutionKernels asKernels = convolutionsAsKernels(*g, target);
  if (asKernels.graph.ops.size() != g->ops.size()) {
    if (failed(replaceFunctionBody(func, asKernels.graph)))
      return failure();
    g = importFunction(func);
    if (failed(g))
      return failure();
  }
  SmallVector<Operation *> ops;
  for (Operation &op : func.getBody().front().without_terminator())
    ops.push_back(&op);
  assert(ops.size() == g->ops.size() && "importer maps function ops 1:1");
  for (auto [i, op] : llvm::enumerate(g->ops)) {
    if (op.kind == OpKind::Kernel || lowersToView(*g, i))
      continue;
    std::string why;
    FailureOr<Graph> body = planExpandedKernel(*g, op, target, options, &why);
    if (failed(body))
      return ops[i]->emitError("cannot expand kgraph.")
             << stringifyOpKind(op.kind) << " into a block graph: " << why;
    OpBuilder b(ops[i]);
    FailureOr<kgraph::KernelOp> kernel =
        exportKernel(b, ops[i]->getLoc(), *body, ops[i]->getOperands(),
                     ops[i]->getResultTypes());
    if (failed(kernel))
      return failure();
    tsopt::Op planned;
    planned.kind = OpKind::Kernel;
    planned.body = std::make_shared<const Graph>(std::move(*body));
    setKernelPlanAttributes(planned, *kernel);
    ops[i]->replaceAllUsesWith(*kernel);
    ops[i]->erase();
    ++numExpanded;
  }
  return success();
}

struct PlanKernelsPass
    : public bgraph::impl::TSOptPlanKernelsBase<PlanKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    const TargetDesc *desc =
        lookupTargetOrEmit(func, target, target.hasValue());
    if (!desc)
      return signalPassFailure();
    if (!isValidBlockThreads(threadsPerBlock)) {
      func.emitError("threads-per-block must be a multiple of 32 between 32 "
                     "and 1024, got ")
          << static_cast<int64_t>(threadsPerBlock);
      return signalPassFailure();
    }
    KernelPlanOptions options;
    options.tensorCores = tensorCores;
    options.pipeline = pipeline;
    options.threadsPerBlock = threadsPerBlock;
    uint64_t expanded = 0;
    if (failed(expandPredefinedOps(func, *desc, options, expanded)))
      return signalPassFailure();
    numExpanded += expanded;
    // The whole program is planned at once: a split softmax's producer
    // writes its rows' maxima beside its partials, and its consumers read
    // them, as kernel results and operands the function gains here.
    Graph program;
    FailureOr<SmallVector<KernelGraph>> kernels =
        importKernelGraphs(func, &program);
    if (failed(kernels))
      return signalPassFailure();
    if (kernels->empty())
      return;
    if (addSplitSoftmaxMaxima(program)) {
      if (failed(replaceFunctionBody(func, program)))
        return signalPassFailure();
      kernels = importKernelGraphs(func);
      if (failed(kernels))
        return signalPassFailure();
    }
    std::string why;
    if (failed(planProgram(program, *desc, options, &why))) {
      func.emitError(why);
      return signalPassFailure();
    }
    auto kernel = kernels->begin();
    for (const tsopt::Op &kop : program.ops) {
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
