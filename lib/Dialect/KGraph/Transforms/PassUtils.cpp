//===- PassUtils.cpp - What kgraph passes share ---------------------------===//

#include "tsopt/Dialect/KGraph/Transforms/Passes.h"

#include "tsopt/Dialect/KGraph/IR/KGraph.h"

using namespace mlir;

llvm::DenseSet<StringRef> tsopt::kgraph::referencedFunctions(ModuleOp module) {
  llvm::DenseSet<StringRef> names;
  for (auto fn : module.getOps<func::FuncOp>())
    if (auto ref = fn->getAttrOfType<FlatSymbolRefAttr>("tsopt.reference"))
      names.insert(ref.getValue());
  return names;
}

bool tsopt::kgraph::isRewritableProgram(
    func::FuncOp func, const llvm::DenseSet<StringRef> &references) {
  return !func.isExternal() && !references.contains(func.getName()) &&
         func.getBody().getOps<kgraph::KernelOp>().empty() &&
         func.getBody().getOps<func::CallOp>().empty();
}
