//===- Partition.cpp - Split programs into searchable parts, and back -----===//

#include "tsopt/Transforms/Partition.h"
#include "tsopt/Dialect/KGraph/Transforms/Passes.h"
#include "tsopt/Interchange/Import.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"

namespace tsopt::kgraph {
#define GEN_PASS_DEF_TSOPTPARTITIONLAX
#define GEN_PASS_DEF_TSOPTINLINEPARTITIONS
#include "tsopt/Dialect/KGraph/Transforms/Passes.h.inc"
} // namespace tsopt::kgraph

using namespace mlir;
using namespace tsopt;

static constexpr llvm::StringLiteral kPartitionOf = "tsopt.partition_of";

namespace {

struct PartitionLaxPass
    : public kgraph::impl::TSOptPartitionLaxBase<PartitionLaxPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (maxOps == 0) {
      module.emitError("tsopt-partition-lax: max-ops must be at least 1");
      return signalPassFailure();
    }
    llvm::DenseSet<StringRef> references = kgraph::referencedFunctions(module);
    SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
    for (func::FuncOp fn : funcs) {
      if (fn.isExternal() || references.contains(fn.getName()) ||
          fn->hasAttr(kPartitionOf) ||
          !fn.getBody().getOps<kgraph::KernelOp>().empty())
        continue;
      if (failed(split(fn)))
        return signalPassFailure();
    }
  }

  LogicalResult split(func::FuncOp fn) {
    FailureOr<Graph> program = importFunction(fn);
    if (failed(program))
      return failure();
    Block &body = fn.getBody().front();
    SmallVector<Operation *> ops;
    for (Operation &op : body.without_terminator())
      ops.push_back(&op);
    if (ops.size() != program->ops.size())
      return fn.emitError("tsopt-partition-lax: expected one kgraph op per "
                          "graph op");
    std::vector<unsigned> partOf = partitionLax(*program, maxOps);
    unsigned parts = partOf.empty() ? 0 : partOf.back() + 1;
    if (parts <= 1)
      return success();

    // MLIR value of each graph value.
    std::vector<Value> valueOf(program->values.size());
    for (auto [i, in] : llvm::enumerate(program->inputs))
      valueOf[in] = body.getArgument(i);
    for (auto [i, op] : llvm::enumerate(program->ops))
      for (auto [k, r] : llvm::enumerate(op.results))
        valueOf[r] = ops[i]->getResult(k);

    OpBuilder moduleBuilder(fn);
    for (unsigned p = 0; p < parts; ++p) {
      Subprogram sub = extractPart(*program, partOf, p);
      SmallVector<Type> inTypes, outTypes;
      for (int v : sub.inputs)
        inTypes.push_back(valueOf[v].getType());
      for (int v : sub.outputs)
        outTypes.push_back(valueOf[v].getType());
      std::string name = (fn.getName() + "_part" + Twine(p)).str();
      auto callee = func::FuncOp::create(
          moduleBuilder, fn.getLoc(), name,
          moduleBuilder.getFunctionType(inTypes, outTypes));
      callee.setPrivate();
      callee->setAttr(kPartitionOf, FlatSymbolRefAttr::get(fn.getNameAttr()));
      Block *entry = callee.addEntryBlock();
      IRMapping map;
      for (auto [i, v] : llvm::enumerate(sub.inputs))
        map.map(valueOf[v], entry->getArgument(i));
      OpBuilder b = OpBuilder::atBlockEnd(entry);
      Operation *firstOfPart = nullptr;
      for (auto [i, op] : llvm::enumerate(ops)) {
        if (partOf[i] != p)
          continue;
        firstOfPart = firstOfPart ? firstOfPart : op;
        b.clone(*op, map);
      }
      SmallVector<Value> results;
      for (int v : sub.outputs)
        results.push_back(map.lookup(valueOf[v]));
      func::ReturnOp::create(b, fn.getLoc(), results);

      // The call, where the part began; later parts and the return read
      // its results.
      OpBuilder at(firstOfPart);
      SmallVector<Value> args;
      for (int v : sub.inputs)
        args.push_back(valueOf[v]);
      auto call = func::CallOp::create(at, fn.getLoc(), callee, args);
      for (auto [k, v] : llvm::enumerate(sub.outputs)) {
        valueOf[v].replaceUsesWithIf(call.getResult(k), [&](OpOperand &use) {
          Operation *user = use.getOwner();
          auto it = llvm::find(ops, user);
          return it == ops.end() || partOf[it - ops.begin()] != p;
        });
        valueOf[v] = call.getResult(k);
      }
      ++numParts;
    }
    for (Operation *op : llvm::reverse(ops))
      op->erase();
    ++numSplit;
    return success();
  }
};

struct InlinePartitionsPass
    : public kgraph::impl::TSOptInlinePartitionsBase<InlinePartitionsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::CallOp> calls;
    module.walk([&](func::CallOp call) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      if (callee && callee->hasAttr(kPartitionOf))
        calls.push_back(call);
    });
    for (func::CallOp call : calls) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      Block &entry = callee.getBody().front();
      IRMapping map;
      for (auto [arg, operand] :
           llvm::zip(entry.getArguments(), call.getOperands()))
        map.map(arg, operand);
      OpBuilder b(call);
      for (Operation &op : entry.without_terminator())
        b.clone(op, map);
      auto ret = cast<func::ReturnOp>(entry.getTerminator());
      for (auto [res, val] : llvm::zip(call.getResults(), ret.getOperands()))
        res.replaceAllUsesWith(map.lookup(val));
      // Keep the part's verification record on the caller.
      if (auto rec = callee->getAttrOfType<StringAttr>("tsopt.verification")) {
        auto caller = call->getParentOfType<func::FuncOp>();
        SmallVector<Attribute> records;
        if (auto old = caller->getAttrOfType<ArrayAttr>(
                "tsopt.part_verification"))
          records.append(old.begin(), old.end());
        records.push_back(rec);
        caller->setAttr("tsopt.part_verification",
                        ArrayAttr::get(&getContext(), records));
      }
      call.erase();
      ++numInlined;
    }
    SmallVector<func::FuncOp> parts;
    for (auto fn : module.getOps<func::FuncOp>())
      if (fn->hasAttr(kPartitionOf) && fn.symbolKnownUseEmpty(module))
        parts.push_back(fn);
    for (func::FuncOp fn : parts)
      fn.erase();
  }
};

} // namespace
