//===- Layouts.cpp - Choose layouts with the 0-1 ILP ----------------------===//

#include "tsopt/Dialect/BGraph/Transforms/Passes.h"
#include "tsopt/Interchange/Import.h"
#include "tsopt/Interchange/KernelGraphs.h"
#include "tsopt/Optimize/Layout.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/FormatVariadic.h"

namespace tsopt::bgraph {
#define GEN_PASS_DEF_TSOPTSELECTLAYOUTS
#include "tsopt/Dialect/BGraph/Transforms/Passes.h.inc"
} // namespace tsopt::bgraph

using namespace mlir;
using namespace tsopt;

using bgraph::kLayoutAttrName;

/// The non-terminator ops of `block`, in order: the importer makes exactly
/// one core op of each (see KernelGraphs.h).
static SmallVector<Operation *> bodyOps(Block &block) {
  SmallVector<Operation *> ops;
  for (Operation &op : block)
    if (!op.hasTrait<OpTrait::IsTerminator>())
      ops.push_back(&op);
  return ops;
}

static std::string formatNs(int64_t ps) {
  return llvm::formatv("{0:F3}", double(ps) / 1000.0).str();
}

namespace {
struct SelectLayoutsPass
    : public bgraph::impl::TSOptSelectLayoutsBase<SelectLayoutsPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  /// The layout string `attr` holds for result `result` of `op`, or an
  /// error on `op` when the attribute has the wrong shape.
  FailureOr<StringRef> entry(Operation *op, StringRef name, Attribute attr,
                             unsigned result);
  LogicalResult applyPins(LayoutProblem &problem,
                          ArrayRef<Operation *> tensorOp,
                          ArrayRef<Operation *> funcOps, const Graph &program);
};
} // namespace

FailureOr<StringRef> SelectLayoutsPass::entry(Operation *op, StringRef name,
                                              Attribute attr, unsigned result) {
  FailureOr<SmallVector<StringRef, 1>> texts = bgraph::layoutStrings(op, attr);
  if (failed(texts))
    return failure();
  return (*texts)[result];
}

/// Layouts already in the IR are constraints: the pass completes a partial
/// assignment (and leaves a complete one as it is).
LogicalResult SelectLayoutsPass::applyPins(LayoutProblem &problem,
                                           ArrayRef<Operation *> tensorOp,
                                           ArrayRef<Operation *> funcOps,
                                           const Graph &program) {
  for (auto [t, op] : llvm::enumerate(tensorOp)) {
    const LayoutTensor &tensor = problem.tensors[t];
    StringRef name = kLayoutAttrName;
    Attribute attr = op->getAttr(name);
    if (!attr)
      continue;
    FailureOr<StringRef> text = entry(op, name, attr, tensor.result);
    if (failed(text))
      return failure();
    std::optional<Layout> layout = Layout::parse(*text);
    if (!layout)
      return op->emitError("unknown layout '")
             << *text << "'; expected " << tsopt::Layout::spellings();
    std::string error;
    if (failed(pinLayout(
            problem, t, *layout,
            "pinned to " + layout->str() + " by '" + name.str() + "'", &error)))
      return op->emitError(error);
  }
  // Results of kernel-level ops that are program outputs have no tensor:
  // they are row-major, and an attribute may only say so.
  for (auto [i, op] : llvm::enumerate(funcOps)) {
    Attribute attr = op->getAttr(kLayoutAttrName);
    if (!attr)
      continue;
    for (auto [r, v] : llvm::enumerate(program.ops[i].results)) {
      if (!llvm::is_contained(program.outputs, v))
        continue;
      FailureOr<StringRef> text = entry(op, kLayoutAttrName, attr, r);
      if (failed(text))
        return failure();
      if (Layout::parse(*text) != Layout::rowMajor())
        return op->emitError("layout '")
               << *text << "' of result #" << r
               << ", a program output: program inputs and outputs are "
                  "row_major";
    }
  }
  return success();
}

void SelectLayoutsPass::runOnOperation() {
  func::FuncOp func = getOperation();
  const TargetDesc *desc = lookupTargetOrEmit(func, target, target.hasValue());
  if (!desc)
    return signalPassFailure();
  // A program of library kernels only has nothing to choose: every
  // element-wise kernel streams its operands in the program's row-major
  // order, and matmuls take either order.
  if (func.isExternal() ||
      llvm::none_of(func.getBody().getOps(), [](Operation &op) {
        return isa<bgraph::LaunchOpInterface>(op);
      }))
    return;
  FailureOr<Graph> program = importFunction(func);
  if (failed(program))
    return signalPassFailure();
  SmallVector<Operation *> funcOps = bodyOps(func.getBody().front());
  assert(funcOps.size() == program->ops.size() &&
         "importer maps function ops one to one");
  llvm::DenseMap<int, SmallVector<Operation *>> blockOps;
  for (auto [i, op] : llvm::enumerate(program->ops))
    if (op.kind == OpKind::Kernel) {
      blockOps[i] = bodyOps(funcOps[i]->getRegion(0).front());
      assert(blockOps[i].size() == op.body->ops.size() &&
             "importer maps block-graph ops one to one");
    }

  std::string why;
  FailureOr<LayoutProblem> problem =
      buildLayoutProblem(*program, *desc, {}, &why);
  if (failed(problem)) {
    // Unreachable on verified IR: the kernel verifier checks the path rule
    // the schedule relies on.
    func.emitError("cannot select layouts: ") << why;
    return signalPassFailure();
  }

  // Name every tensor after its op, where diagnostics point.
  SmallVector<Operation *> tensorOp;
  for (LayoutTensor &t : problem->tensors) {
    Operation *op = t.level == LayoutLevel::Kernel ? funcOps[t.kernelOp]
                                                   : blockOps[t.kernelOp][t.op];
    tensorOp.push_back(op);
    std::string name =
        t.level == LayoutLevel::Kernel ? "the device tensor" : "the tile";
    if (op->getNumResults() > 1)
      name += " of result #" + std::to_string(t.result);
    t.name = name + " of '" + op->getName().getStringRef().str() + "'";
  }
  if (failed(applyPins(*problem, tensorOp, funcOps, *program)))
    return signalPassFailure();

  std::vector<LayoutConstraintRef> conflict;
  FailureOr<LayoutSolution> solution =
      solveLayoutProblem(*problem, {}, &why, &conflict);
  if (failed(solution)) {
    if (conflict.empty()) {
      func.emitError("cannot select layouts: ") << why;
      return signalPassFailure();
    }
    InFlightDiagnostic diag =
        func.emitError("no layout assignment satisfies the constraints");
    // Each constraint of the conflict, at the op of (the first of) its
    // tensors.
    for (const LayoutConstraintRef &ref : conflict) {
      int t = -1;
      switch (ref.kind) {
      case LayoutConstraintRef::Forbid:
        t = problem->forbids[ref.index].tensor;
        break;
      case LayoutConstraintRef::ForbidPair:
        t = problem->forbidPairs[ref.index].a;
        break;
      case LayoutConstraintRef::Capacity:
        t = problem->capacities[ref.index].terms.front().tensor;
        break;
      case LayoutConstraintRef::ExactlyOne:
        t = ref.index;
        break;
      }
      diag.attachNote(tensorOp[t]->getLoc()) << problem->describe(ref);
    }
    return signalPassFailure();
  }

  // Write the choice: one string per result (an array on an op with
  // several), program outputs row-major.
  Builder b(&getContext());
  llvm::MapVector<Operation *, SmallVector<Attribute>> layouts;
  for (auto [t, op] : llvm::enumerate(tensorOp)) {
    const LayoutTensor &tensor = problem->tensors[t];
    StringAttr chosen =
        b.getStringAttr(tensor.candidates[solution->assignment[t]].str());
    auto [it, inserted] = layouts.insert({op, {}});
    if (inserted)
      it->second.assign(op->getNumResults(), b.getStringAttr("row_major"));
    it->second[tensor.result] = chosen;
  }
  for (auto &[op, attrs] : layouts)
    op->setAttr(kLayoutAttrName,
                attrs.size() == 1 ? attrs.front() : b.getArrayAttr(attrs));

  numTensors += problem->tensors.size();
  numVariables += solution->numVariables;
  objectivePs += std::max<int64_t>(0, solution->objective);
  if (report)
    for (auto [i, op] : llvm::enumerate(program->ops))
      if (op.kind == OpKind::Kernel)
        emitRemark(funcOps[i]->getLoc(), "layout objective ")
            << formatNs(layoutObjective(*problem, solution->assignment, i))
            << " ns on " << desc->name << " (" << desc->device
            << "); function: " << formatNs(solution->objective) << " ns, "
            << problem->tensors.size() << " tensors, " << solution->numVariables
            << " variables (" << solution->numAuxiliary << " products)";
}
