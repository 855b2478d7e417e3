//===- PassUtils.cpp - What kgraph passes share ---------------------------===//

#include "tsopt/Dialect/KGraph/Transforms/Passes.h"

using namespace mlir;

llvm::DenseSet<StringRef> tsopt::kgraph::referencedFunctions(ModuleOp module) {
  llvm::DenseSet<StringRef> names;
  for (auto fn : module.getOps<func::FuncOp>())
    if (auto ref = fn->getAttrOfType<FlatSymbolRefAttr>("tsopt.reference"))
      names.insert(ref.getValue());
  return names;
}
