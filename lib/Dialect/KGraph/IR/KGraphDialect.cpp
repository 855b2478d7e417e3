//===- KGraphDialect.cpp - The kernel-level dialect ----------------------===//

#include "tsopt/Core/ShapeRules.h"
#include "tsopt/Dialect/KGraph/IR/KGraph.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace tsopt;
using namespace tsopt::kgraph;

#include "tsopt/Dialect/KGraph/IR/KGraphOpsDialect.cpp.inc"

void KGraphDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "tsopt/Dialect/KGraph/IR/KGraphOps.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "tsopt/Dialect/KGraph/IR/KGraphOps.cpp.inc"

//===----------------------------------------------------------------------===//
// KernelOp
//===----------------------------------------------------------------------===//

LogicalResult KernelOp::verify() {
  if (getNumResults() == 0)
    return emitOpError("must have at least one result");
  std::string why;
  if (failed(checkLaunch(getGrid(), getForloop(), &why)))
    return emitOpError(why);
  return success();
}

LogicalResult KernelOp::verifyRegions() {
  Block &body = getBody().front();
  if (body.getNumArguments() != getInputs().size())
    return emitOpError("block graph has ")
           << body.getNumArguments() << " arguments for " << getInputs().size()
           << " inputs";
  for (auto [i, arg, in] :
       llvm::enumerate(body.getArgumentTypes(), getInputs().getTypes()))
    if (arg != in)
      return emitOpError("block graph argument #")
             << i << " has type " << arg << " but input #" << i << " has type "
             << in;
  if (!isa<bgraph::YieldOp>(body.getTerminator()))
    return emitOpError("block graph must end with bgraph.yield");

  // Mirage Def. 2.1 (3): propagate path stages in program order.
  llvm::DenseMap<Value, Stage> stage;
  for (BlockArgument arg : body.getArguments())
    stage[arg] = Stage::Tensor;
  for (Operation &op : body.without_terminator()) {
    auto core = dyn_cast<CoreOpInterface>(&op);
    if (!core || isa_and_nonnull<KGraphDialect>(op.getDialect()))
      return op.emitOpError("is not a block graph op");
    SmallVector<Stage> operandStages;
    for (auto [i, v] : llvm::enumerate(op.getOperands())) {
      auto it = stage.find(v);
      if (it == stage.end())
        return op.emitOpError("operand #")
               << i << " is used before it is defined in the block graph";
      operandStages.push_back(it->second);
    }
    std::string why;
    FailureOr<Stage> result =
        resultStage(core.getCoreKind(), operandStages, &why);
    if (failed(result))
      return op.emitOpError("violates the path rule (every input->output "
                            "path passes exactly one input iterator, one "
                            "accumulator and one output saver): ")
             << why;
    for (Value r : op.getResults())
      stage[r] = *result;
    if (isa<bgraph::OutputOp>(op) &&
        !llvm::all_of(op.getUsers(), [](Operation *user) {
          return isa<bgraph::YieldOp>(user);
        }))
      return op.emitOpError("result is a kernel result; only bgraph.yield "
                            "may use it");
    if (isa<bgraph::OutputOp>(op) && op.use_empty())
      return op.emitOpError("result is never yielded: every output saver "
                            "writes a result of the kernel");
  }
  return success();
}
