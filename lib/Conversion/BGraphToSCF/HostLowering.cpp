//===- HostLowering.cpp - Kernel-graph functions as host code -------------===//
//
// The host side of the block-graph lowering (BGraphToSCF.h): a function of
// kernel-level ops becomes the allocation of its intermediate tensors and
// one launch (or loop nest) per kernel, each kernel's block graph planned
// (schedule, memory plan, running-max form, split-softmax combine) and
// emitted by the block emitter of BGraphToSCF.cpp.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Conversion/BGraphToSCF/BGraphToSCF.h"
#include "tsopt/Core/RunningMax.h"
#include "tsopt/Core/ShapeRules.h"
#include "tsopt/Interchange/Export.h"
#include "tsopt/Interchange/Import.h"
#include "tsopt/Optimize/CostModel.h"

#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/NVGPU/Utils/MMAUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/ADT/DenseMap.h"

#include <cmath>
#include <limits>

using namespace mlir;

namespace tsopt {

SmallVector<func::FuncOp> kernelGraphFunctions(ModuleOp module) {
  SmallVector<func::FuncOp> functions;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal() &&
        (llvm::any_of(func.getArgumentTypes(),
                      llvm::IsaPred<mlir::TensorType>) ||
         llvm::any_of(func.getResultTypes(), llvm::IsaPred<mlir::TensorType>)))
      functions.push_back(func);
  return functions;
}


LogicalResult lowerKernelGraphFunction(func::FuncOp func,
                                       const HostHooks &hooks) {
  FailureOr<Graph> imported = importFunction(func);
  if (failed(imported))
    return failure();
  // The lowering reads the plan and makes none: every op that runs is a
  // planned kernel (tsopt-plan-kernels expands pre-defined ops and plans
  // them; the lowering pipelines run it first).
  Graph g = std::move(*imported);
  auto funcOp = func.getBody().front().begin();
  for (auto [i, op] : llvm::enumerate(g.ops)) {
    Operation *at = &*funcOp++;
    // Partials written relative to their rows' maxima need the maxima
    // beside them, for consumers that merge them (tsopt-plan-kernels adds
    // both where the consumers can: addSplitSoftmaxMaxima).
    if (op.kind == OpKind::Kernel && op.body) {
      std::optional<RunningMaxForm> form = runningMaxForm(*op.body);
      if (form && form->writtenOut && !writesRowMaxima(*op.body))
        return at->emitError("op #")
               << form->expOp
               << " is planned in the running-max form, but the partials it "
                  "writes relative to their rows' maxima go out without the "
                  "maxima (bgraph.running_max) that a consumer merges them "
                  "with";
    }
    if (lowersToView(g, i))
      continue;
    if (op.kind != OpKind::Kernel)
      return at->emitError("no block graph to lower: run tsopt-plan-kernels "
                           "first, which gives pre-defined ops their default "
                           "expansion");
    if (!isPlanned(*op.body))
      return at->emitError(
          "the kernel carries no plan: run tsopt-plan-kernels first");
  }
  MLIRContext *context = func.getContext();
  Location loc = func.getLoc();

  // The schedule, memory plan, running-max form and reduction trees a
  // body's plan records.
  auto prepareKernel = [&](PlannedKernel &k) -> LogicalResult {
    std::string why;
    FailureOr<Schedule> schedule = plannedSchedule(k.body, &why);
    if (failed(schedule))
      return func.emitError() << "cannot schedule " << k.name << ": " << why;
    k.schedule = std::move(*schedule);
    FailureOr<MemoryPlan> plan = plannedMemory(k.body, k.schedule, &why);
    if (failed(plan))
      return func.emitError() << "cannot plan the shared memory of " << k.name
                              << ": " << why;
    k.plan = std::move(*plan);
    k.rescale =
        plannedSoftmaxRescale(k.body, k.plan.totalBytes, &k.plan.totalBytes);
    k.tma = plannedTmaBarriers(k.body, k.plan.totalBytes);
    k.plan.totalBytes = std::max(k.plan.totalBytes, k.tma.end());
    FailureOr<ReductionTrees> trees =
        plannedReductionTrees(k.body, k.rescale ? &*k.rescale : nullptr,
                              k.plan.totalBytes, hooks.sharedMemoryLimit, &why);
    if (failed(trees))
      return func.emitError() << "the reduction trees of " << k.name
                              << " cannot be emitted: " << why;
    k.trees = std::move(*trees);
    if (!k.trees.empty())
      k.plan.totalBytes = k.trees.offset + k.trees.bytes;
    return success();
  };

  // Prepare every kernel first, so that nothing is built for a function
  // that cannot be lowered. A reshape that is not a result is a view of its
  // operand's buffer (lowersToView): it gets no kernel, and its slot here
  // stays empty.
  std::vector<PlannedKernel> kernels;
  unsigned numKernels = 0;
  for (size_t i = 0; i < g.ops.size(); ++i) {
    const Op &op = g.ops[i];
    if (lowersToView(g, i)) {
      kernels.emplace_back();
      continue;
    }
    PlannedKernel k;
    k.name = (func.getSymName() + "_kernel" + llvm::Twine(numKernels++)).str();
    k.body = *op.body;
    if (failed(prepareKernel(k)))
      return failure();
    kernels.push_back(std::move(k));
  }

  // The new signature: inputs, then one out-parameter per result.
  SmallVector<Type> argTypes;
  for (int v : g.inputs)
    argTypes.push_back(getTensorMemRefType(context, g.type(v)));
  for (int v : g.outputs)
    argTypes.push_back(getTensorMemRefType(context, g.type(v)));

  OpBuilder b(func);
  auto lowered = func::FuncOp::create(b, loc, func.getSymName(),
                                      b.getFunctionType(argTypes, {}));
  lowered.setVisibility(func.getVisibility());
  lowered->setAttr(kNumInputsAttrName, b.getI64IntegerAttr(g.inputs.size()));
  Block *entry = lowered.addEntryBlock();
  b.setInsertionPointToStart(entry);

  llvm::DenseMap<int, Value> memrefs;
  for (auto [i, v] : llvm::enumerate(g.inputs))
    memrefs[v] = entry->getArgument(i);
  // A result computed by a kernel is written in place; one that is an input
  // or repeats an earlier result is copied at the end.
  SmallVector<std::pair<int, Value>> copies;
  for (auto [j, v] : llvm::enumerate(g.outputs)) {
    Value out = entry->getArgument(g.inputs.size() + j);
    if (memrefs.count(v))
      copies.push_back({v, out});
    else
      memrefs[v] = out;
  }
  if (!copies.empty() && !hooks.allowCopies) {
    lowered.erase();
    return func.emitError()
           << "a result that is an argument or repeats another result needs "
              "a copy, which this lowering does not provide";
  }

  SmallVector<Value> temporaries;
  for (auto [i, op] : llvm::enumerate(g.ops)) {
    if (lowersToView(g, i)) {
      // The same row-major buffer with the result's shape.
      const Shape &shape = g.type(op.results[0]).shape;
      Shape strides(shape.size(), 1);
      for (int d = static_cast<int>(shape.size()) - 2; d >= 0; --d)
        strides[d] = strides[d + 1] * shape[d + 1];
      memrefs[op.results[0]] = memref::ReinterpretCastOp::create(
          b, loc, getTensorMemRefType(context, g.type(op.results[0])),
          memrefs.lookup(op.operands[0]), /*offset=*/0, shape, strides);
      continue;
    }
    SmallVector<Value> args;
    for (int v : op.operands)
      args.push_back(memrefs.lookup(v));
    for (int v : op.results) {
      Value &m = memrefs[v];
      if (!m) {
        m = hooks.allocate(b, loc, getTensorMemRefType(context, g.type(v)));
        temporaries.push_back(m);
      }
      args.push_back(m);
    }
    // Then, per TMA-copied input, its tensor: the argument that stands for
    // the tensor's TMA descriptor (the GPU's launch passes the descriptor).
    for (int idx : tmaInputs(kernels[i].body)) {
      const Graph &body = kernels[i].body;
      int input =
          static_cast<int>(llvm::find(body.inputs, body.ops[idx].operands[0]) -
                           body.inputs.begin());
      args.push_back(args[input]);
    }
    if (failed(hooks.launch(b, loc, kernels[i], args))) {
      lowered.erase();
      return failure();
    }
  }
  for (auto [v, out] : copies)
    memref::CopyOp::create(b, loc, memrefs.lookup(v), out);
  for (Value t : temporaries)
    hooks.deallocate(b, loc, t);
  func::ReturnOp::create(b, loc);

  func.erase();
  return success();
}

} // namespace tsopt
