//===- PartialEquivalence.cpp - PET's mutants and corrections as a pass ---===//

#include "tsopt/PET/PartialEquivalence.h"
#include "tsopt/Dialect/KGraph/Transforms/Passes.h"
#include "tsopt/Interchange/Export.h"
#include "tsopt/Interchange/Import.h"
#include "tsopt/Interchange/KernelGraphs.h"
#include "tsopt/Optimize/CostModel.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "tsopt/Support/Format.h"
#include "llvm/ADT/StringExtras.h"

namespace tsopt::kgraph {
#define GEN_PASS_DEF_TSOPTPARTIALEQUIVALENCE
#include "tsopt/Dialect/KGraph/Transforms/Passes.h.inc"
} // namespace tsopt::kgraph

using namespace mlir;
using namespace tsopt;

namespace {

struct PartialEquivalencePass
    : public kgraph::impl::TSOptPartialEquivalenceBase<PartialEquivalencePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (accept != "faster" && accept != "any") {
      module.emitError("accept must be 'faster' or 'any', got '")
          << accept << "'";
      return signalPassFailure();
    }
    std::vector<std::string> known = mutationNames();
    for (const std::string &name : mutations)
      if (!llvm::is_contained(known, name)) {
        module.emitError("unknown mutation '")
            << name << "' (known: " << llvm::join(known, ", ") << ")";
        return signalPassFailure();
      }
    const TargetDesc *desc =
        lookupTargetOrEmit(module, target, target.hasValue());
    if (!desc)
      return signalPassFailure();
    llvm::DenseSet<StringRef> references = kgraph::referencedFunctions(module);
    SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
    for (func::FuncOp fn : funcs) {
      if (!kgraph::isRewritableProgram(fn, references))
        continue;
      FailureOr<Graph> program = importFunction(fn);
      if (failed(program))
        return signalPassFailure();
      FailureOr<bool> changed = optimize(fn, *program, *desc);
      if (failed(changed))
        return signalPassFailure();
      if (*changed && failed(replaceFunctionBody(fn, *program)))
        return signalPassFailure();
    }
  }

  /// Tries every mutation of `program` in turn, each on the program as the
  /// ones kept before left it; true when one was kept.
  FailureOr<bool> optimize(func::FuncOp fn, Graph &program,
                           const TargetDesc &desc) {
    std::vector<std::string> names(mutations.begin(), mutations.end());
    bool changed = false;
    double cost = estimatedUs(program, desc);
    // Each kept mutation replaces ops by others; a bound on the rounds keeps
    // mutations of mutants from going on.
    // Keeping only faster mutants, the enumeration examines only programs
    // estimated faster than the ops they replace before any correction
    // (corrections only add kernels).
    unsigned screenedOut = 0;
    MutantScreen faster;
    if (accept == "faster")
      faster = fasterThanReplaced(
          [&](const Graph &g) { return estimatedUs(g, desc); }, screenedOut);
    for (unsigned round = 0, limit = program.ops.size(); round < limit;
         ++round) {
      bool again = false;
      for (CorrectedMutant &c :
           correctedMutants(program, names, trials, seed, {}, faster)) {
        ++numExamined;
        InFlightDiagnostic remark = emitRemark(fn.getLoc());
        remark << c.summary();
        if (!c.program)
          continue;
        remark << "; ";
        Graph &next = *c.program;
        double nextCost = estimatedUs(next, desc);
        remark << "estimated " << formatFixed(nextCost) << " us vs "
               << formatFixed(cost) << " us on " << desc.name;
        if (accept == "faster" && !(nextCost < cost)) {
          remark << ": not faster, not applied";
          continue;
        }
        remark << ": applied";
        ++numApplied;
        numCorrections += c.exam->numDiffering();
        program = std::move(next);
        cost = nextCost;
        changed = again = true;
        break;
      }
      if (!again)
        break;
    }
    if (screenedOut)
      emitRemark(fn.getLoc())
          << "partial equivalence: " << screenedOut << " program"
          << (screenedOut == 1 ? "" : "s")
          << " of the mutation enumeration not examined: "
             "estimated no faster than the ops they replace "
             "before any correction";
    return changed;
  }
};

} // namespace
