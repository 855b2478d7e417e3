//===- FuseBlocks.cpp - Rule-based block fusion as a pass -----------------===//
//
// Imports each function, runs tsopt/Fusion/BlockFusion.h, verifies the
// snapshot the cost model ranks first and moves it into the function.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Dialect/KGraph/Transforms/Passes.h"
#include "tsopt/Fusion/BlockFusion.h"
#include "tsopt/Interchange/Export.h"
#include "tsopt/Interchange/Import.h"
#include "tsopt/Interchange/KernelGraphs.h"
#include "tsopt/Search/Search.h"
#include "tsopt/Support/Format.h"
#include "tsopt/Verify/Equivalence.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace tsopt::kgraph {
#define GEN_PASS_DEF_TSOPTFUSEBLOCKS
#include "tsopt/Dialect/KGraph/Transforms/Passes.h.inc"
} // namespace tsopt::kgraph

using namespace mlir;
using namespace tsopt;

namespace {

/// "rule 4 (row-scale-past-matmul); rule 9: fused {exp} into {mul_scalar}".
std::string formatSteps(const std::vector<FusionStep> &steps) {
  std::string s;
  for (const FusionStep &st : steps)
    s += (s.empty() ? "" : "; ") + ("rule " + llvm::Twine(st.rule)).str() +
         (st.what.find(' ') == std::string::npos ? " (" + st.what + ")"
                                                 : ": " + st.what);
  return s;
}

struct FuseBlocksPass
    : public kgraph::impl::TSOptFuseBlocksBase<FuseBlocksPass> {
  using Base::Base;

  void runOnOperation() override;
  LogicalResult runOnFunction(func::FuncOp func,
                              const llvm::DenseSet<StringRef> &references,
                              OpBuilder &snapshots);
};

} // namespace

void FuseBlocksPass::runOnOperation() {
  ModuleOp module = getOperation();
  // The target is the module's once it names one (kTargetAttrName).
  if (failed(adoptModuleTarget(module, target, target.hasValue())))
    return signalPassFailure();
  llvm::DenseSet<StringRef> references = kgraph::referencedFunctions(module);
  OwningOpRef<ModuleOp> snapshotModule = ModuleOp::create(module.getLoc());
  OpBuilder snapshots(&getContext());
  snapshots.setInsertionPointToEnd(snapshotModule->getBody());
  SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
  for (func::FuncOp fn : funcs)
    if (failed(runOnFunction(fn, references, snapshots)))
      return signalPassFailure();
  if (snapshotFile.empty())
    return;
  std::error_code ec;
  llvm::raw_fd_ostream os(snapshotFile, ec);
  if (ec) {
    module.emitError() << "cannot write '" << snapshotFile
                       << "': " << ec.message();
    return signalPassFailure();
  }
  snapshotModule->print(os);
}

LogicalResult
FuseBlocksPass::runOnFunction(func::FuncOp func,
                              const llvm::DenseSet<StringRef> &references,
                              OpBuilder &snapshots) {
  if (!kgraph::isRewritableProgram(func, references))
    return success();
  FailureOr<Graph> program = importFunction(func);
  if (failed(program))
    return failure();
  FusionOptions opts;
  opts.target = target;
  opts.algebraicRules = algebraic;
  opts.extensions = extensions;
  std::string why;
  FailureOr<FusionResult> result = fuseBlocks(*program, opts, &why);
  if (failed(result))
    return func.emitError() << "cannot fuse: " << why;
  numSnapshots += result->snapshots.size();

  if (!snapshotFile.empty())
    for (auto [i, snap] : llvm::enumerate(result->snapshots)) {
      std::string name =
          (func.getName() + "_snapshot" + llvm::Twine(i)).str();
      FailureOr<func::FuncOp> f =
          exportFunction(snap.graph, name, snapshots, func.getLoc());
      if (failed(f))
        return failure();
      (*f)->setAttr("tsopt.cost_us", snapshots.getF64FloatAttr(snap.costUs));
      (*f)->setAttr("tsopt.fusion_steps",
                    snapshots.getStringAttr(formatSteps(snap.steps)));
      (*f)->setAttr("tsopt.fusion_sequence",
                    snapshots.getStringAttr(snap.guided ? "cost-guided"
                                                        : "unconditional"));
    }

  std::string notes;
  if (!result->unfused.empty())
    notes = "; left unfused: " + llvm::join(result->unfused, "; ");
  std::string counters =
      std::to_string(result->snapshots.size()) + " snapshot" +
      (result->snapshots.size() == 1 ? "" : "s") + " in " +
      formatFixed(result->seconds * 1e3) + " ms" + notes;
  // Snapshots faster than the program, cheapest first; the first that
  // passes both checks is kept.
  llvm::SmallVector<unsigned, 8> order;
  for (auto [i, snap] : llvm::enumerate(result->snapshots))
    if (snap.costUs < result->programCostUs)
      order.push_back(i);
  llvm::stable_sort(order, [&](unsigned a, unsigned b) {
    return result->snapshots[a].costUs < result->snapshots[b].costUs;
  });
  if (order.empty()) {
    emitRemark(func.getLoc())
        << "not fused: no snapshot is estimated faster than the program ("
        << formatFixed(result->programCostUs) << " us on " << target
        << "); " << counters;
    return success();
  }
  VerifyOptions vopts;
  vopts.delta = delta;
  vopts.seed = seed;
  vopts.threads = std::max(1u, static_cast<unsigned>(threads));
  std::optional<unsigned> chosen;
  FailureOr<VerifyRecord> rec = failure();
  std::string unstable;
  for (unsigned i : order) {
    std::string vwhy;
    rec = verifyEquivalence(result->snapshots[i].graph, *program, vopts, &vwhy);
    if (failed(rec)) {
      // No verdict at all (degrees too large to bound at this size, ...):
      // nothing unverified is emitted.
      emitRemark(func.getLoc())
          << "not fused: the fused program cannot be verified as a whole ("
          << vwhy << "); tsopt-orchestrate verifies kernel by kernel; "
          << counters;
      return success();
    }
    if (!rec->equivalent)
      // The rules are identities: a failure here is a defect, not a result.
      return func.emitError()
             << "fused snapshot " << i
             << " is not equivalent to the program ("
             << rec->summary() << "); please report it";
    if (rec->floatStable) {
      chosen = i;
      break;
    }
    unstable = rec->summary();
  }
  if (!chosen) {
    // Equivalent, but the float evaluation of the fused µGraph (exp without
    // a running max, as the evaluator runs it) leaves the tolerance.
    emitRemark(func.getLoc())
        << "not fused: every faster snapshot is equivalent but fails the "
           "float check ("
        << unstable << "); " << counters;
    return success();
  }
  const FusionSnapshot &best = result->snapshots[*chosen];
  if (failed(kgraph::replaceWithPlannedBody(func, best.graph, target)))
    return failure();
  MLIRContext *ctx = &getContext();
  std::string rules = result->rulesUpTo(*chosen);
  func->setAttr("tsopt.verification", StringAttr::get(ctx, rec->summary()));
  func->setAttr("tsopt.cost_us",
                FloatAttr::get(Float64Type::get(ctx), best.costUs));
  func->setAttr("tsopt.fusion_rules", StringAttr::get(ctx, rules));
  ++numFused;
  emitRemark(func.getLoc())
      << "fused by rules: " << describeStructure(best.graph) << "; estimated "
      << formatFixed(best.costUs) << " us vs "
      << formatFixed(result->programCostUs) << " us on " << target
      << "; rules " << rules << "; snapshot " << *chosen << " of "
      << counters << "; " << rec->summary();
  return success();
}
