//===- Fission.cpp - Composite ops into primitives as a pass --------------===//

#include "tsopt/Transforms/Fission.h"
#include "tsopt/Dialect/KGraph/Transforms/Passes.h"
#include "tsopt/Interchange/Export.h"
#include "tsopt/Interchange/Import.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"

namespace tsopt::kgraph {
#define GEN_PASS_DEF_TSOPTFISSION
#include "tsopt/Dialect/KGraph/Transforms/Passes.h.inc"
} // namespace tsopt::kgraph

using namespace mlir;
using namespace tsopt;

namespace {

struct FissionPass : public kgraph::impl::TSOptFissionBase<FissionPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::DenseSet<StringRef> references = kgraph::referencedFunctions(module);
    SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
    for (func::FuncOp fn : funcs) {
      if (!kgraph::isRewritableProgram(fn, references))
        continue;
      FailureOr<Graph> program = importFunction(fn);
      if (failed(program))
        return signalPassFailure();
      FissionResult result = fission(*program);
      numSplit += result.split;
      numOpaque += result.opaque.size();
      if (!result.opaque.empty())
        emitRemark(fn.getLoc())
            << "left whole: " << llvm::join(result.opaque, "; ");
      if (result.split == 0)
        continue;
      if (failed(replaceFunctionBody(fn, result.graph)))
        return signalPassFailure();
    }
  }
};

} // namespace
