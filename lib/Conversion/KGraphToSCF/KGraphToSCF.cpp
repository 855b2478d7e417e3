//===- KGraphToSCF.cpp - Kernel graphs as loops on the CPU ----------------===//
//
// The CPU path of DESIGN §5: the grid and the threads become loops and
// shared memory a stack buffer, so that generated kernels are executed and
// checked against the evaluator where no GPU exists.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Conversion/BGraphToSCF/BGraphToSCF.h"
#include "tsopt/Interchange/KernelGraphs.h"
#include "tsopt/Conversion/Passes.h"

#include "mlir/IR/SymbolTable.h"

namespace tsopt {
#define GEN_PASS_DEF_CONVERTKGRAPHTOSCF
#include "tsopt/Conversion/Passes.h.inc"
} // namespace tsopt

using namespace mlir;
using namespace tsopt;

namespace {

/// Builds `func.func private @<kernel.name>` running every block of the
/// kernel's grid in turn.
LogicalResult buildCPUKernel(OpBuilder &moduleBuilder, Location loc,
                             const PlannedKernel &kernel, TypeRange argTypes) {
  OpBuilder::InsertionGuard guard(moduleBuilder);
  auto fn = func::FuncOp::create(moduleBuilder, loc, kernel.name,
                                 moduleBuilder.getFunctionType(argTypes, {}));
  fn.setPrivate();
  Block *entry = fn.addEntryBlock();
  OpBuilder b = OpBuilder::atBlockBegin(entry);
  // Shared memory: a heap buffer (a plan can exceed what a stack holds),
  // allocated once per kernel call.
  auto smem = memref::AllocOp::create(
      b, loc,
      MemRefType::get({std::max<int64_t>(kernel.plan.totalBytes, 1)},
                      b.getI8Type()));
  smem.setAlignment(16);

  BlockContext ctx;
  ctx.target = LoweringTarget::CPU;
  ctx.threads = kernel.body.threads;
  ctx.sharedMemory = smem;
  // Loops over z, y, x (outermost first), absent dims as constants 0.
  std::array<int64_t, 3> grid = {1, 1, 1};
  for (size_t d = 0; d < kernel.body.grid.size(); ++d)
    grid[d] = kernel.body.grid[d];
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  for (int d = 2; d >= 0; --d) {
    if (grid[d] == 1) {
      ctx.blockIds[d] = zero;
      continue;
    }
    auto loop = scf::ForOp::create(
        b, loc, zero, arith::ConstantIndexOp::create(b, loc, grid[d]), one);
    ctx.blockIds[d] = loop.getInductionVar();
    b.setInsertionPointToStart(loop.getBody());
  }
  size_t numInputs = kernel.body.inputs.size();
  size_t numOutputs = kernel.body.outputs.size();
  if (failed(emitBlockGraph(
          b, loc, kernel.body, kernel.schedule, kernel.plan,
          entry->getArguments().take_front(numInputs),
          entry->getArguments().slice(numInputs, numOutputs), ctx,
          kernel.rescale ? &*kernel.rescale : nullptr, &kernel.trees,
          entry->getArguments().drop_front(numInputs + numOutputs),
          &kernel.tma)))
    return failure();
  b.setInsertionPointToEnd(entry);
  memref::DeallocOp::create(b, loc, smem);
  func::ReturnOp::create(b, loc);
  return success();
}

struct ConvertKGraphToSCFPass
    : public tsopt::impl::ConvertKGraphToSCFBase<ConvertKGraphToSCFPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> functions = kernelGraphFunctions(module);
    if (functions.empty())
      return;
    // The kernels run as planned for the module's target (the GPU's code,
    // emulated), sm_90 when it names none, as tsopt-plan-kernels plans.
    const TargetDesc *desc = lookupTargetOrEmit(module, "sm_90");
    if (!desc)
      return signalPassFailure();

    OpBuilder moduleBuilder = OpBuilder::atBlockEnd(module.getBody());
    HostHooks hooks;
    hooks.target = desc;
    hooks.allocate = [](OpBuilder &b, Location loc, MemRefType type) {
      return memref::AllocOp::create(b, loc, type).getResult();
    };
    hooks.deallocate = [](OpBuilder &b, Location loc, Value v) {
      memref::DeallocOp::create(b, loc, v);
    };
    hooks.launch = [&](OpBuilder &b, Location loc, const PlannedKernel &k,
                       ValueRange args) -> LogicalResult {
      if (module.lookupSymbol(k.name))
        return emitError(loc) << "symbol '" << k.name
                              << "' is in the way of this function's kernels";
      if (failed(buildCPUKernel(moduleBuilder, loc, k, args.getTypes())))
        return failure();
      ++numKernels;
      func::CallOp::create(b, loc, k.name, TypeRange{}, args);
      return success();
    };
    for (func::FuncOp func : functions)
      if (failed(lowerKernelGraphFunction(func, hooks)))
        return signalPassFailure();
  }
};

} // namespace
