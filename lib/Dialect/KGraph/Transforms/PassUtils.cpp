//===- PassUtils.cpp - What kgraph passes share ---------------------------===//

#include "tsopt/Dialect/KGraph/Transforms/Passes.h"

#include "tsopt/Dialect/KGraph/IR/KGraph.h"
#include "tsopt/Interchange/Export.h"
#include "tsopt/Optimize/KernelPlan.h"

using namespace mlir;
using namespace tsopt;

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

LogicalResult tsopt::kgraph::forEachFunctionWithin(
    ModuleOp module, double timeLimit, StringRef pass,
    function_ref<LogicalResult(func::FuncOp, Deadline)> run) {
  if (!(timeLimit >= 0))
    return module.emitError()
           << pass << ": time-limit must be a number of seconds >= 0 (0: none)";
  SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
  Deadline end = Deadline::in(timeLimit);
  for (auto [i, fn] : llvm::enumerate(funcs))
    if (failed(run(fn, end.share(1.0 / (funcs.size() - i)))))
      return failure();
  return success();
}

LogicalResult tsopt::kgraph::replaceWithPlannedBody(func::FuncOp func,
                                                    const Graph &program,
                                                    StringRef target) {
  const TargetDesc *desc = lookupTarget(target);
  if (!desc)
    return func.emitError("unknown target '") << target << "'";
  Graph planned = program;
  std::string why;
  if (failed(planProgram(planned, *desc, {}, &why)))
    return func.emitError(why);
  return replaceFunctionBody(func, planned);
}
