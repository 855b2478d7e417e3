//===- RewriteAlgebraic.cpp - The search's algebraic rewrites as a pass ---===//
//
// Imports each function, applies tsopt/Transforms/Rewrite.h and writes the
// rewritten program back through the exporter.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Dialect/KGraph/Transforms/Passes.h"
#include "tsopt/Interchange/Export.h"
#include "tsopt/Interchange/Import.h"
#include "tsopt/Transforms/Rewrite.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringExtras.h"

namespace tsopt::kgraph {
#define GEN_PASS_DEF_TSOPTREWRITEALGEBRAIC
#include "tsopt/Dialect/KGraph/Transforms/Passes.h.inc"
} // namespace tsopt::kgraph

using namespace mlir;
using namespace tsopt;

namespace {

struct RewriteAlgebraicPass
    : public kgraph::impl::TSOptRewriteAlgebraicBase<RewriteAlgebraicPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::DenseSet<StringRef> references = kgraph::referencedFunctions(module);
    SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
    for (func::FuncOp fn : funcs)
      if (failed(runOnFunction(fn, references)))
        return signalPassFailure();
  }

  LogicalResult runOnFunction(func::FuncOp func,
                              const llvm::DenseSet<StringRef> &references) {
    // The specification of another function stays as written, and only
    // programs of pre-defined ops are rewritten.
    if (!kgraph::isRewritableProgram(func, references))
      return success();
    FailureOr<Graph> program = importFunction(func);
    if (failed(program))
      return failure();
    std::optional<RewrittenProgram> rewritten = rewriteAlgebraically(*program);
    if (!rewritten)
      return success();
    if (failed(replaceFunctionBody(func, rewritten->graph)))
      return failure();
    func->setAttr("tsopt.rewrites",
                  StringAttr::get(&getContext(),
                                  llvm::join(rewritten->rules, ", ")));
    ++numRewritten;
    numRules += rewritten->rules.size();
    return success();
  }
};

} // namespace
