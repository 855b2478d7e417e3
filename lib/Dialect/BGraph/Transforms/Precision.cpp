//===- Precision.cpp - Tile dtypes from the precision plan ----------------===//

#include "tsopt/Core/Precision.h"
#include "tsopt/Dialect/BGraph/IR/BGraph.h"
#include "tsopt/Dialect/BGraph/Transforms/Passes.h"
#include "tsopt/Dialect/TGraph/IR/TGraph.h"
#include "tsopt/Interchange/Export.h"
#include "tsopt/Interchange/KernelGraphs.h"

namespace tsopt::bgraph {
#define GEN_PASS_DEF_TSOPTPLANPRECISION
#include "tsopt/Dialect/BGraph/Transforms/Passes.h.inc"
} // namespace tsopt::bgraph

using namespace mlir;
using namespace tsopt;

namespace {

struct PlanPrecisionPass
    : public bgraph::impl::TSOptPlanPrecisionBase<PlanPrecisionPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    Graph program;
    FailureOr<SmallVector<KernelGraph>> kernels =
        importKernelGraphs(func, &program);
    if (failed(kernels))
      return signalPassFailure();
    // The kernel graph's plan: it sees the softmaxes split across kernels.
    planPrecision(program);
    auto kernel = kernels->begin();
    for (const tsopt::Op &kop : program.ops) {
      if (kop.kind != OpKind::Kernel)
        continue;
      KernelGraph &k = *kernel++;
      const Graph &body = *kop.body;
      for (auto [op, mlirOp] : llvm::zip_equal(body.ops, k.ops)) {
        if (auto graph = dyn_cast<tgraph::GraphOp>(mlirOp))
          retypeScalars(graph);
        for (auto [r, result] : llvm::enumerate(mlirOp->getResults())) {
          auto tile = dyn_cast<bgraph::TileType>(result.getType());
          if (!tile)
            continue; // an output saver's tensor: the program's
          Type elem = exportElementType(func.getContext(),
                                        body.type(op.results[r]).dtype);
          if (tile.getElementType() == elem)
            continue;
          result.setType(
              bgraph::TileType::get(func.getContext(), tile.getShape(), elem));
          ++numRetyped;
        }
      }
    }
  }

  /// A thread graph computes in f32 registers: its arguments, scalar ops
  /// and yield (loads convert from the operand tiles, stores round to the
  /// result tiles).
  void retypeScalars(tgraph::GraphOp graph) {
    Type f32 = Float32Type::get(graph.getContext());
    for (BlockArgument arg : graph.getBody().front().getArguments())
      arg.setType(f32);
    graph.getBody().walk([&](Operation *op) {
      for (Value result : op->getResults())
        result.setType(f32);
    });
  }
};

} // namespace
