//===- PrintDot.cpp - Graphviz pictures of functions as a pass ------------===//
//
// Lets `tsopt-opt` users look at a µGraph: imports each function and writes
// tsopt::toDot of it. A module pass, so that all functions go to one file in
// order instead of racing for it from parallel function passes.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Dialect/KGraph/Transforms/Passes.h"
#include "tsopt/Interchange/Import.h"
#include "tsopt/Support/Dot.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"

namespace tsopt::kgraph {
#define GEN_PASS_DEF_TSOPTPRINTDOT
#include "tsopt/Dialect/KGraph/Transforms/Passes.h.inc"
} // namespace tsopt::kgraph

using namespace mlir;
using namespace tsopt;

namespace {
struct PrintDotPass : public kgraph::impl::TSOptPrintDotBase<PrintDotPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::string dot;
    bool found = false;
    for (func::FuncOp func : module.getOps<func::FuncOp>()) {
      if (func.isExternal() ||
          (!function.empty() && func.getSymName() != function))
        continue;
      found = true;
      FailureOr<Graph> graph = importFunction(func);
      if (failed(graph))
        return signalPassFailure();
      dot += toDot(*graph, func.getSymName());
    }
    if (!function.empty() && !found) {
      module.emitError() << "tsopt-print-dot: no function @" << function
                         << " with a body";
      return signalPassFailure();
    }
    std::string err;
    std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(output, &err);
    if (!file) {
      module.emitError() << "tsopt-print-dot: " << err;
      return signalPassFailure();
    }
    file->os() << dot;
    file->keep();
    markAllAnalysesPreserved();
  }
};
} // namespace
