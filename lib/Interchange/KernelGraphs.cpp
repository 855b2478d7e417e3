//===- KernelGraphs.cpp - Kernels of a function, MLIR and core ------------===//

#include "tsopt/Interchange/KernelGraphs.h"
#include "tsopt/Dialect/BGraph/IR/BGraph.h"
#include "tsopt/Interchange/Import.h"

using namespace mlir;
using namespace tsopt;

/// The non-terminator ops of `block`, in order.
static SmallVector<Operation *> bodyOps(Block &block) {
  SmallVector<Operation *> ops;
  for (Operation &op : block)
    if (!op.hasTrait<OpTrait::IsTerminator>())
      ops.push_back(&op);
  return ops;
}

FailureOr<SmallVector<KernelGraph>> tsopt::importKernelGraphs(func::FuncOp func,
                                                              Graph *program) {
  SmallVector<KernelGraph> kernels;
  if (func.isExternal() ||
      llvm::none_of(func.getBody().getOps(), [](Operation &op) {
        return isa<bgraph::LaunchOpInterface>(op);
      }))
    return kernels;
  FailureOr<Graph> graph = importFunction(func);
  if (failed(graph))
    return failure();
  // The importer turns every non-terminator op of a body into exactly one
  // core op, in program order (Import.cpp, importBody); that is the whole
  // correspondence between the two graphs, at the function level and inside
  // each block graph.
  SmallVector<Operation *> funcOps = bodyOps(func.getBody().front());
  assert(funcOps.size() == graph->ops.size() &&
         "importer maps function ops one to one");
  for (auto [op, core] : llvm::zip_equal(funcOps, graph->ops)) {
    if (core.kind != OpKind::Kernel)
      continue;
    KernelGraph k;
    k.kernel = op;
    k.body = core.body;
    k.ops = bodyOps(op->getRegion(0).front());
    assert(k.ops.size() == k.body->ops.size() &&
           "importer maps block-graph ops one to one");
    kernels.push_back(std::move(k));
  }
  if (program)
    *program = std::move(*graph);
  return kernels;
}

static ModuleOp moduleOf(Operation *op) {
  if (auto m = dyn_cast<ModuleOp>(op))
    return m;
  return op->getParentOfType<ModuleOp>();
}

const TargetDesc *tsopt::lookupTargetOrEmit(Operation *anchor,
                                            StringRef option,
                                            bool optionGiven) {
  StringRef name = option;
  ModuleOp module = moduleOf(anchor);
  if (auto recorded = module ? module->getAttrOfType<StringAttr>(kTargetAttrName)
                             : StringAttr()) {
    const TargetDesc *planned = lookupTarget(recorded.getValue());
    if (!planned) {
      anchor->emitError("the module's ")
          << kTargetAttrName << " names an unknown target '"
          << recorded.getValue() << "'; known: " << knownTargetNames();
      return nullptr;
    }
    if (optionGiven && lookupTarget(option) != planned) {
      anchor->emitError("the module is planned for target '")
          << recorded.getValue() << "' (" << kTargetAttrName
          << "), but the pass was asked for '" << option
          << "': optimize it again for that target";
      return nullptr;
    }
    name = recorded.getValue();
  }
  const TargetDesc *desc = lookupTarget(name);
  if (!desc)
    anchor->emitError("unknown target '")
        << name << "'; known: " << knownTargetNames();
  return desc;
}

LogicalResult tsopt::adoptModuleTarget(ModuleOp module, std::string &target,
                                      bool optionGiven) {
  if (auto recorded = module->getAttrOfType<StringAttr>(kTargetAttrName)) {
    if (!lookupTargetOrEmit(module, target, optionGiven))
      return failure();
    target = recorded.getValue().str();
    return success();
  }
  if (lookupTarget(target))
    module->setAttr(kTargetAttrName,
                    StringAttr::get(module.getContext(), StringRef(target).lower()));
  return success();
}
