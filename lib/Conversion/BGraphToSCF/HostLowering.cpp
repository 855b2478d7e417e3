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

LogicalResult verifyThreadsPerBlock(Location loc, int64_t threadsPerBlock) {
  if (threadsPerBlock >= 32 && threadsPerBlock <= 1024 &&
      threadsPerBlock % 32 == 0)
    return success();
  return emitError(loc)
         << "threads-per-block must be a multiple of 32 between 32 and 1024, "
            "got "
         << threadsPerBlock;
}

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

namespace {

/// The partial results of a split softmax and the kernels that merge them
/// (FlashDecoding's combine step).
struct SplitSoftmax {
  /// Producer block output ops (by index) of the partials, the kernel
  /// result each writes, and that result's position in the kernel.
  struct Partial {
    int output, tensor;
  };
  llvm::SmallVector<Partial, 2> partials;
  /// Consumer kernel (op index in the function) and the operand position
  /// of a partial in it.
  struct Use {
    int kernel, operand;
  };
  llvm::SmallVector<Use, 2> uses;
};

/// Whether the partials written by kernel `producer` (its accumulators
/// `accums`, rescaled to their rows' running maxima) can be merged by their
/// consumers: every use is a graph-defined kernel whose input iterator feeds
/// the tile, unchanged, to a sum accumulator, and the merged accumulators of
/// each consumer meet only as quotients of each other (so the common factor
/// cancels). No partial may be a result of the function.
std::optional<SplitSoftmax> findSplitSoftmax(const Graph &g, int producer,
                                             const Graph &body,
                                             llvm::ArrayRef<int> accums) {
  SplitSoftmax split;
  for (int a : accums)
    for (auto [i, o] : llvm::enumerate(body.ops)) {
      if (o.kind != OpKind::BlockOutput ||
          o.operands[0] != body.ops[a].results[0])
        continue;
      int pos = llvm::find(body.outputs, o.results[0]) - body.outputs.begin();
      int tensor = g.ops[producer].results[pos];
      if (llvm::is_contained(g.outputs, tensor))
        return std::nullopt;
      split.partials.push_back({static_cast<int>(i), tensor});
    }
  // Merged accumulators of each consumer, by accumulator result value.
  llvm::DenseMap<int, llvm::SmallDenseSet<int, 4>> merged;
  for (const SplitSoftmax::Partial &p : split.partials)
    for (auto [k, op] : llvm::enumerate(g.ops)) {
      for (auto [pos, v] : llvm::enumerate(op.operands)) {
        if (v != p.tensor)
          continue;
        if (op.kind != OpKind::Kernel)
          return std::nullopt;
        const Graph &cb = *op.body;
        if (llvm::any_of(cb.ops, [](const Op &o) {
              return o.kind == OpKind::Exp || o.kind == OpKind::ThreadGraph;
            }))
          return std::nullopt;
        int in = -1, acc = -1, readers = 0;
        for (auto [j, o] : llvm::enumerate(cb.ops))
          if (llvm::is_contained(o.operands, cb.inputs[pos])) {
            ++readers;
            in = j;
          }
        if (readers != 1 || cb.ops[in].kind != OpKind::BlockInput)
          return std::nullopt;
        int tile = cb.ops[in].results[0], tileUsers = 0;
        for (auto [j, o] : llvm::enumerate(cb.ops))
          if (llvm::is_contained(o.operands, tile)) {
            ++tileUsers;
            acc = j;
          }
        if (tileUsers != 1 || cb.ops[acc].kind != OpKind::Accum ||
            cb.ops[acc].accum != AccumKind::Sum ||
            cb.ops[acc].fmap != kReplica)
          return std::nullopt;
        merged[k].insert(cb.ops[acc].results[0]);
        split.uses.push_back({static_cast<int>(k), static_cast<int>(pos)});
      }
    }
  for (auto &[k, values] : merged) {
    const Graph &cb = *g.ops[k].body;
    bool divided = false;
    for (const Op &o : cb.ops)
      for (int v : o.operands) {
        if (!values.contains(v) || o.kind == OpKind::Accum)
          continue;
        if (o.kind != OpKind::Div || !values.contains(o.operands[0]) ||
            !values.contains(o.operands[1]))
          return std::nullopt;
        divided = true;
      }
    if (!divided)
      return std::nullopt;
  }
  return split;
}

/// Adds the row maxima of `split`'s partials to `g`: a kernel result (f32)
/// next to each partial, written by a second output saver in `producerBody`
/// (recorded in `maxOutputs`), and, in each consumer, an input iterator
/// reading it with the partial's maps, given to the partial's accumulator as
/// its second operand.
void addRowMaxima(Graph &g, int producer, Graph &producerBody,
                  const SplitSoftmax &split,
                  llvm::SmallVectorImpl<int> &maxOutputs) {
  llvm::DenseMap<int, int> maxima; // partial tensor -> its maxima tensor
  for (const SplitSoftmax::Partial &p : split.partials) {
    TensorType type{g.type(p.tensor).shape, DType::F32};
    Op out = producerBody.ops[p.output];
    maxOutputs.push_back(producerBody.ops.size());
    int r = producerBody.addOp(out, {type});
    producerBody.outputs.push_back(r);
    int m = g.values.size();
    g.values.push_back(type);
    g.ops[producer].results.push_back(m);
    maxima[p.tensor] = m;
  }
  for (const SplitSoftmax::Use &u : split.uses) {
    Op &kernel = g.ops[u.kernel];
    int m = maxima.lookup(kernel.operands[u.operand]);
    kernel.operands.push_back(m);
    auto body = std::make_shared<Graph>(*kernel.body);
    // The partial's iterator (found again: earlier insertions moved it).
    auto partial = llvm::find_if(body->ops, [&](const Op &o) {
      return o.kind == OpKind::BlockInput &&
             o.operands[0] == body->inputs[u.operand];
    });
    Op read = *partial;
    read.copyBytes = 0; // another tile type: planned anew
    int tileOf = partial->results[0];
    int in = body->addInput(g.type(m));
    read.operands = {in};
    TensorType tile{body->type(tileOf).shape, DType::F32};
    int t = body->values.size();
    body->values.push_back(tile);
    read.results = {t};
    for (Op &o : body->ops)
      if (o.kind == OpKind::Accum && o.operands.size() == 1 &&
          o.operands[0] == tileOf)
        o.operands.push_back(t);
    // Before every use: at the front.
    body->ops.insert(body->ops.begin(), read);
    kernel.body = std::move(body);
  }
}

} // namespace

LogicalResult lowerKernelGraphFunction(func::FuncOp func,
                                       const HostHooks &hooks) {
  FailureOr<Graph> imported = importFunction(func);
  if (failed(imported))
    return failure();
  Graph &g = *imported;
  MLIRContext *context = func.getContext();
  Location loc = func.getLoc();

  // The kernel plan (of a kernel that carries none), then the schedule,
  // memory plan, running-max form and reduction trees of a body.
  auto prepareKernel = [&](PlannedKernel &k,
                           bool allowOutputs) -> LogicalResult {
    std::string why;
    if (!isPlanned(k.body)) {
      if (!hooks.target)
        return func.emitError() << k.name << " has no kernel plan";
      if (failed(planKernel(k.body, *hooks.target, hooks.planOptions, &why)))
        return func.emitError() << "cannot plan " << k.name << ": " << why;
    }
    FailureOr<Schedule> schedule = scheduleBlockGraph(k.body, &why);
    if (failed(schedule))
      return func.emitError() << "cannot schedule " << k.name << ": " << why;
    k.schedule = std::move(*schedule);
    FailureOr<MemoryPlan> plan = planSharedMemory(k.body, k.schedule,
                                                  kTileAlignment, &why);
    if (failed(plan))
      return func.emitError() << "cannot plan the shared memory of " << k.name
                              << ": " << why;
    k.plan = std::move(*plan);
    k.rescale = findSoftmaxRescale(k.body, k.schedule, k.plan.totalBytes,
                                   allowOutputs);
    if (k.rescale)
      k.plan.totalBytes =
          k.rescale->scaleOffset + numElements(k.rescale->rows) * 4;
    // Accumulators that merge split-softmax partials (a second operand).
    for (auto [i, op] : llvm::enumerate(k.body.ops)) {
      if (op.kind != OpKind::Accum || op.operands.size() != 2)
        continue;
      if (!k.rescale)
        k.rescale.emplace();
      int64_t offset = (k.plan.totalBytes + kTileAlignment - 1) /
                       kTileAlignment * kTileAlignment;
      k.rescale->merges.push_back(i);
      k.rescale->mergeOffsets.push_back(offset);
      k.plan.totalBytes =
          offset + k.body.type(op.results[0]).numElements() * 4;
    }
    k.trees = planReductionTrees(k.body, k.rescale ? &*k.rescale : nullptr,
                                 hooks.threadsPerBlock, k.plan.totalBytes,
                                 hooks.sharedMemoryLimit);
    if (!k.trees.empty())
      k.plan.totalBytes = k.trees.offset + k.trees.bytes;
    return success();
  };

  // Plan every kernel first, so that nothing is built for a function that
  // cannot be lowered. A kernel whose softmax partials are written out is
  // kept in the running-max form only when its consumers can merge them;
  // they then get the row maxima as an extra tensor.
  // A reshape that is not a result is a view of its operand's buffer
  // (lowersToView): it gets no kernel, and its slot here stays empty.
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
    std::string why;
    if (op.kind == OpKind::Kernel) {
      k.body = *op.body;
    } else {
      FailureOr<Graph> expanded = expandKernelOp(g, op, &why);
      if (failed(expanded))
        return func.emitError() << "cannot expand kgraph."
                                << stringifyOpKind(op.kind)
                                << " into a block graph: " << why;
      k.body = std::move(*expanded);
    }
    if (failed(prepareKernel(k, /*allowOutputs=*/true)))
      return failure();
    if (k.rescale && k.rescale->writtenOut) {
      std::optional<SplitSoftmax> split =
          findSplitSoftmax(g, i, k.body, k.rescale->accums);
      llvm::SmallVector<int, 2> maxOutputs;
      if (split)
        addRowMaxima(g, i, k.body, *split, maxOutputs);
      if (failed(prepareKernel(k, /*allowOutputs=*/split.has_value())))
        return failure();
      if (split)
        k.rescale->maxOutputs = maxOutputs;
    }
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
