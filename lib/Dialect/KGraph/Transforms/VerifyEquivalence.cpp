//===- VerifyEquivalence.cpp - Check functions against references --------===//

#include "tsopt/Core/RunningMax.h"
#include "tsopt/Dialect/KGraph/Transforms/Passes.h"
#include "tsopt/Interchange/Import.h"
#include "tsopt/Support/Format.h"
#include "tsopt/Verify/Equivalence.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

namespace tsopt::kgraph {
#define GEN_PASS_DEF_TSOPTVERIFYEQUIVALENCE
#include "tsopt/Dialect/KGraph/Transforms/Passes.h.inc"
} // namespace tsopt::kgraph

using namespace mlir;
using namespace tsopt;

namespace {
struct VerifyEquivalencePass
    : public kgraph::impl::TSOptVerifyEquivalenceBase<VerifyEquivalencePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!(delta > 0 && delta < 1)) {
      module.emitError("delta must be in (0, 1), got ") << delta;
      return signalPassFailure();
    }
    bool failedAny = false;
    for (func::FuncOp fn : module.getOps<func::FuncOp>()) {
      Attribute attr = fn->getAttr("tsopt.reference");
      if (!attr)
        continue;
      // A malformed reference is an error, never a function left unchecked.
      auto refName = dyn_cast<FlatSymbolRefAttr>(attr);
      if (!refName) {
        fn.emitError() << "'tsopt.reference' must be a symbol reference to "
                          "a function (e.g. @ref), got "
                       << attr;
        failedAny = true;
        continue;
      }
      if (failed(check(module, fn, refName)))
        failedAny = true;
    }
    if (failedAny)
      signalPassFailure();
  }

  LogicalResult check(ModuleOp module, func::FuncOp fn,
                      FlatSymbolRefAttr refName) {
    auto ref = module.lookupSymbol<func::FuncOp>(refName.getValue());
    if (!ref)
      return fn.emitError("reference ") << refName << " does not exist";
    FailureOr<Graph> candidate = importFunction(fn);
    FailureOr<Graph> reference = importFunction(ref);
    if (failed(candidate) || failed(reference))
      return failure();
    VerifyOptions options;
    options.delta = delta;
    options.seed = seed;
    options.minTrials = minTrials;
    options.threads = threads;
    options.floatCheck = floatCheck;
    std::string why;
    FailureOr<VerifyRecord> rec =
        verifyEquivalence(*candidate, *reference, options, &why);
    if (failed(rec))
      return fn.emitError("cannot compare with ") << refName << ": " << why;
    ++numChecked;
    numTrials += rec->trials;
    if (!rec->equivalent) {
      ++numDifferent;
      if (rec->floatDisagrees && std::isfinite(rec->floatError) &&
          rec->floatError > std::max(kFloatDisagreement, rec->floatTolerance))
        return fn.emitError("computes another function than ")
               << refName << ": every field trial agreed, but output #"
               << *rec->floatWorstOutput << " differs in float by "
               << formatSignificant(rec->floatError) << " on "
               << rec->floatRegime << ": " << rec->summary();
      if (rec->floatDisagrees) {
        // Equal as algebra, but not as computed: the candidate evaluated
        // in the precision its kernels store values in (Core/Precision.h)
        // overflows, underflows or loses a term against the reference in
        // the program's own precision.
        unsigned o = *rec->floatWorstOutput;
        const tsopt::TensorType &t = candidate->type(candidate->outputs[o]);
        // An exp planned as written where the running-max form applies
        // (Core/RunningMax.h) is the likelier cause of an overflow.
        bool literalSoftmax =
            llvm::any_of(candidate->ops, [](const tsopt::Op &k) {
              if (k.kind != tsopt::OpKind::Kernel || !k.body)
                return false;
              for (auto [i, op] : llvm::enumerate(k.body->ops))
                if (op.expForm == uint8_t(tsopt::ExpForm::Literal) &&
                    tsopt::runningMaxFormAt(*k.body, i))
                  return true;
              return false;
            });
        InFlightDiagnostic diag =
            fn.emitError("loses output #")
            << o << " (" << formatShape(t.shape) << "x"
            << stringifyDType(t.dtype) << ") in its stored precision "
            << "against " << refName << ": float error "
            << formatSignificant(rec->floatError) << " (tolerance "
            << formatSignificant(rec->floatTolerance) << ") on "
            << rec->floatRegime;
        if (literalSoftmax)
          diag << "; compute its softmax in the running-max form "
                  "(bgraph.exp_form = \"running_max\"), or store its "
                  "accumulators and statistics in f32";
        else
          diag << "; store accumulators and statistics in f32";
        return diag;
      }
      if (!rec->mismatchOutput)
        return fn.emitError("divides by zero, unlike ")
               << refName << ": " << rec->summary();
      return fn.emitError("differs from ")
             << refName << " at output #" << *rec->mismatchOutput << ": "
             << rec->summary();
    }
    ++numEquivalent;
    if (!rec->inLax)
      emitWarning(fn.getLoc(), "agrees with ")
          << refName << " on every trial, but " << rec->laxViolation
          << ", so the verdict carries no probability guarantee";
    emitRemark(fn.getLoc(), "equivalent to ")
        << refName << ": " << rec->summary();
    return success();
  }
};
} // namespace
