//===- Orchestrate.cpp - Korch's orchestration as a pass ------------------===//
//
// Imports each function, runs tsopt/Orchestrate/Orchestrate.h and moves the
// chosen kernels into the function when they are estimated faster than one
// kernel per op and pass the checks.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Dialect/KGraph/Transforms/Passes.h"
#include "tsopt/Interchange/KernelGraphs.h"
#include "tsopt/Interchange/Export.h"
#include "tsopt/Interchange/Import.h"
#include "tsopt/Optimize/CostModel.h"
#include "tsopt/Orchestrate/Orchestrate.h"
#include "tsopt/Search/Search.h"
#include "tsopt/Support/Format.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace tsopt::kgraph {
#define GEN_PASS_DEF_TSOPTORCHESTRATE
#include "tsopt/Dialect/KGraph/Transforms/Passes.h.inc"
} // namespace tsopt::kgraph

using namespace mlir;
using namespace tsopt;

namespace {

struct OrchestratePass
    : public kgraph::impl::TSOptOrchestrateBase<OrchestratePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The target is the module's once it names one (kTargetAttrName).
    if (failed(adoptModuleTarget(module, target, target.hasValue())))
      return signalPassFailure();
    llvm::DenseSet<StringRef> references = kgraph::referencedFunctions(module);
    PricingCache cache;
    if (failed(kgraph::forEachFunctionWithin(
            module, timeLimit, getArgument(),
            [&](func::FuncOp fn, Deadline deadline) {
              return kgraph::isRewritableProgram(fn, references)
                         ? runOnFunction(fn, deadline, cache)
                         : success();
            })))
      return signalPassFailure();
  }

  LogicalResult runOnFunction(func::FuncOp func, Deadline deadline,
                              PricingCache &cache);
};

/// "kgraph.reshape (ops 2, 5): the fusion rules do not know ...; ...".
std::string groupOpaque(const std::vector<OrchestrateResult::Opaque> &opaque) {
  std::vector<std::pair<const OrchestrateResult::Opaque *,
                        SmallVector<std::string>>>
      groups;
  for (const OrchestrateResult::Opaque &o : opaque) {
    auto it = llvm::find_if(groups, [&](const auto &g) {
      return g.first->name == o.name && g.first->reason == o.reason;
    });
    if (it == groups.end())
      it = groups.insert(groups.end(), {&o, {}});
    it->second.push_back(std::to_string(o.op));
  }
  std::string s;
  for (auto &[first, ops] : groups)
    s += (s.empty() ? "" : "; ") + first->name +
         (ops.size() == 1 ? " (op " : " (ops ") + llvm::join(ops, ", ") +
         "): " + first->reason;
  return s;
}

} // namespace

LogicalResult OrchestratePass::runOnFunction(func::FuncOp func,
                                             Deadline deadline,
                                             PricingCache &cache) {
  if (maxOps == 0 || maxLinear == 0)
    return func.emitError() << "tsopt-orchestrate: max-ops and max-linear "
                               "must be at least 1";
  FailureOr<Graph> program = importFunction(func);
  if (failed(program))
    return failure();
  OrchestrateOptions opts;
  opts.target = target;
  opts.fission = doFission;
  opts.limits.maxOps = maxOps;
  opts.limits.maxLinear = maxLinear;
  opts.limits.maxStates = maxStates;
  opts.limits.maxCandidates = maxCandidates;
  opts.solveTimeLimit = solveTime;
  opts.deadline = deadline;
  opts.searchTimeLimit = searchTime;
  opts.searchTimePerKernel = searchTimePerKernel;
  opts.wholeCheck = wholeCheck;
  opts.delta = delta;
  opts.seed = seed;
  opts.threads = std::max(1u, static_cast<unsigned>(threads));
  if (progress)
    opts.progress = [name = func.getName().str()](const std::string &line) {
      llvm::errs() << "tsopt-orchestrate @" << name << ": " << line << "\n";
    };
  std::string why;
  FailureOr<OrchestrateResult> result =
      orchestrate(*program, opts, &cache, &why);
  if (failed(result))
    return func.emitError() << "cannot orchestrate: " << why;
  numCandidates += result->candidates;
  FailureOr<bool> replaced =
      kgraph::applyOrchestration(func, *result, target, "orchestrated");
  if (failed(replaced))
    return failure();
  numOrchestrated += *replaced;
  return success();
}

FailureOr<bool> tsopt::kgraph::applyOrchestration(func::FuncOp func,
                                                  const OrchestrateResult &r,
                                                  StringRef target,
                                                  StringRef verb) {
  unsigned graphDefined = 0, views = 0;
  for (auto [i, op] : llvm::enumerate(r.graph.ops)) {
    graphDefined += op.kind == OpKind::Kernel;
    views += lowersToView(r.graph, i);
  }
  std::string counters;
  {
    llvm::raw_string_ostream os(counters);
    if (r.states)
      os << r.states << " states, ";
    else
      os << "more states than the limit (candidates grown from each op), ";
    os << r.candidates << " candidates ("
       << r.distinct << " distinct, " << r.cacheHits
       << " priced before), BLP " << r.columns << " x " << r.rows << " ("
       << r.cuts << " cuts) solved in " << formatFixed(r.solveSeconds)
       << " s, gap " << formatFixed(r.gap * 100) << " %"
       << (r.optimal ? " (optimal)" : "") << "; candidates "
       << formatFixed(r.enumerateSeconds) << " s, pricing "
       << formatFixed(r.pricingSeconds) << " s";
    if (r.searches)
      os << ", " << r.searches << " kernel searches ("
         << r.searchImproved << " improved) " << formatFixed(r.searchSeconds)
         << " s";
    os << ", verification " << formatFixed(r.verifySeconds) << " s, in all "
       << formatFixed(r.seconds) << " s";
    if (r.compositesSplit)
      os << "; fission split " << r.compositesSplit << " composite op"
         << (r.compositesSplit == 1 ? "" : "s");
    if (!r.opaque.empty())
      os << "; opaque, each its own kernel: " << groupOpaque(r.opaque);
  }
  std::string estimate = formatFixed(r.costUs) + " us vs " +
                         formatFixed(r.programCostUs) +
                         " us one kernel per op on " + target.str();
  if (!(r.costUs < r.programCostUs)) {
    emitRemark(func.getLoc())
        << "not " << verb << ": no set of kernels is estimated faster ("
        << estimate << "); " << counters;
    return false;
  }
  if (!r.wholeStable) {
    emitRemark(func.getLoc())
        << "not " << verb << ": the kernels are equivalent but the whole "
        << "fails the float check (" << r.wholeCheck << "); " << counters;
    return false;
  }
  if (failed(kgraph::replaceWithPlannedBody(func, r.graph, target)))
    return failure();
  MLIRContext *ctx = func.getContext();
  if (r.incumbent.empty()) {
    SmallVector<Attribute> records;
    for (auto [i, k] : llvm::enumerate(r.kernels)) {
      std::string ops;
      for (int op : k.ops)
        ops += (ops.empty() ? "" : " ") + std::to_string(op);
      records.push_back(StringAttr::get(
          ctx, "kernel " + std::to_string(i) + " (ops " + ops + "): " +
                   k.origin + "; " + k.verification));
    }
    func->setAttr("tsopt.kernel_verification", ArrayAttr::get(ctx, records));
  }
  if (!r.wholeCheck.empty())
    func->setAttr("tsopt.verification", StringAttr::get(ctx, r.wholeCheck));
  func->setAttr("tsopt.cost_us", FloatAttr::get(Float64Type::get(ctx),
                                                r.costUs));
  InFlightDiagnostic remark = emitRemark(func.getLoc());
  if (r.incumbent.empty())
    remark << verb << ": " << r.graph.ops.size() - views << " kernels ("
           << graphDefined << " graph-defined"
           << (views ? ", and " + std::to_string(views) +
                           " reshapes as views of their operands"
                     : std::string())
           << ") from " << r.primitives.ops.size() << " primitives";
  else
    remark << verb << ": " << describeStructure(r.graph) << "; by "
           << r.incumbent << " of the whole program, which beats the "
           << r.kernels.size() << " kernels of the BLP's cover ("
           << formatFixed(r.coverUs) << " us)";
  remark << "; estimated " << estimate << "; " << counters
         << (r.wholeCheck.empty() ? "" : "; " + r.wholeCheck);
  return true;
}
