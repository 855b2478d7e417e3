//===- Superoptimize.cpp - The µGraph search as a pass --------------------===//
//
// Imports a function, runs the search (tsopt/Search/Search.h), exports the
// best verified µGraph and moves its body into the function. The search
// itself knows nothing of MLIR.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Dialect/KGraph/Transforms/Passes.h"
#include "tsopt/Interchange/Export.h"
#include "tsopt/Interchange/Import.h"
#include "tsopt/Interchange/KernelGraphs.h"
#include "tsopt/Optimize/CostModel.h"
#include "tsopt/Orchestrate/Orchestrate.h"
#include "tsopt/PET/PartialEquivalence.h"
#include "tsopt/Search/Search.h"
#include "tsopt/Support/Format.h"
#include "tsopt/Transforms/Fission.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

namespace tsopt::kgraph {
#define GEN_PASS_DEF_TSOPTSUPEROPTIMIZE
#include "tsopt/Dialect/KGraph/Transforms/Passes.h.inc"
} // namespace tsopt::kgraph

using namespace mlir;
using namespace tsopt;

namespace {

struct SuperoptimizePass
    : public kgraph::impl::TSOptSuperoptimizeBase<SuperoptimizePass> {
  using Base::Base;

  void runOnOperation() override;
  /// Searches one function; failure stops the pass.
  LogicalResult runOnFunction(func::FuncOp func, Deadline deadline,
                              const llvm::DenseSet<StringRef> &references);

  /// Writes the kept candidates as functions `@<name>_candidate<i>`.
  LogicalResult writeTop(func::FuncOp func, const SearchResult &result);

  /// PET in the default path: each corrected mutant of `program` that
  /// verifies is orchestrated beside it, and the cheaper result replaces
  /// `best` once checked whole against the program as written.
  LogicalResult orchestrateMutants(func::FuncOp func, const Graph &program,
                                   const OrchestrateOptions &oopts,
                                   PricingCache &cache, Deadline deadline,
                                   OrchestrateResult &best);
};

} // namespace

LogicalResult SuperoptimizePass::orchestrateMutants(
    func::FuncOp func, const Graph &program, const OrchestrateOptions &oopts,
    PricingCache &cache, Deadline deadline, OrchestrateResult &best) {
  // Only programs of the enumeration estimated faster than the ops they
  // replace, before any correction, are examined (corrections only add).
  const TargetDesc *desc = lookupTarget(oopts.target);
  unsigned screenedOut = 0;
  MutantScreen faster;
  if (desc)
    faster = fasterThanReplaced(
        [&](const Graph &g) { return estimatedUs(g, *desc); }, screenedOut);
  std::vector<CorrectedMutant> mutants =
      correctedMutants(program, {}, /*trials=*/2, seed, deadline, faster);
  if (mutants.empty()) {
    if (screenedOut)
      emitRemark(func.getLoc())
          << "partial equivalence: 0 mutants examined; " << screenedOut
          << " program" << (screenedOut == 1 ? "" : "s")
          << " of the mutation enumeration estimated no faster than the ops "
             "they replace before any correction";
    return success();
  }
  std::string kept;
  for (CorrectedMutant &c : mutants) {
    std::string line = c.summary();
    if (c.program) {
      std::string why;
      FailureOr<OrchestrateResult> alt =
          orchestrate(*c.program, oopts, &cache, &why);
      if (failed(alt)) {
        line += "; not orchestrated: " + why;
      } else {
        line += "; orchestrated " + formatFixed(alt->costUs) + " us vs " +
                formatFixed(best.costUs) + " us";
        if (alt->costUs < best.costUs && alt->wholeStable) {
          VerifyOptions vo;
          vo.seed = seed;
          vo.delta = delta;
          vo.deadline = deadline;
          FailureOr<VerifyRecord> whole =
              verifyEquivalence(alt->graph, program, vo, &why);
          if (succeeded(whole) && whole->equivalent) {
            alt->programCostUs = best.programCostUs;
            alt->wholeCheck = whole->summary();
            best = std::move(*alt);
            kept = c.mutation.name + " (" + c.mutation.description + ")";
            line += ": kept";
          } else {
            line += ": not kept, the whole does not verify against the "
                    "program: " +
                    (failed(whole) ? why : whole->summary());
          }
        }
      }
    }
    if (progress)
      llvm::errs() << "tsopt-superoptimize @" << func.getName()
                   << ": partial equivalence: " << line << "\n";
  }
  emitRemark(func.getLoc())
      << "partial equivalence: " << mutants.size() << " mutant"
      << (mutants.size() == 1 ? "" : "s") << " examined; "
      << (kept.empty() ? "none orchestrates faster than the program"
                       : "kept " + kept);
  return success();
}

LogicalResult SuperoptimizePass::writeTop(func::FuncOp func,
                                          const SearchResult &result) {
  OpBuilder builder(func.getContext());
  OwningOpRef<ModuleOp> module = ModuleOp::create(func.getLoc());
  builder.setInsertionPointToEnd(module->getBody());
  for (auto [i, cand] : llvm::enumerate(result.ranked)) {
    std::string name = (func.getName() + "_candidate" + llvm::Twine(i)).str();
    FailureOr<func::FuncOp> f =
        exportFunction(cand.graph, name, builder, func.getLoc());
    if (failed(f))
      return failure();
    (*f)->setAttr("tsopt.cost_us", builder.getF64FloatAttr(cand.costUs));
    (*f)->setAttr("tsopt.structure", builder.getStringAttr(cand.structure));
    if (!cand.rewrites.empty())
      (*f)->setAttr("tsopt.rewrites", builder.getStringAttr(cand.rewrites));
  }
  std::error_code ec;
  llvm::raw_fd_ostream os(topFile, ec);
  if (ec)
    return func.emitError() << "cannot write '" << topFile
                            << "': " << ec.message();
  module->print(os);
  return success();
}

void SuperoptimizePass::runOnOperation() {
  ModuleOp module = getOperation();
  // The target is the module's once it names one (kTargetAttrName).
  if (failed(adoptModuleTarget(module, target, target.hasValue())))
    return signalPassFailure();
  llvm::DenseSet<StringRef> references = kgraph::referencedFunctions(module);
  if (failed(kgraph::forEachFunctionWithin(
          module, timeLimit, getArgument(),
          [&](func::FuncOp fn, Deadline deadline) {
            return runOnFunction(fn, deadline, references);
          })))
    return signalPassFailure();
}

LogicalResult
SuperoptimizePass::runOnFunction(func::FuncOp func, Deadline deadline,
                                 const llvm::DenseSet<StringRef> &references) {
  if (func.isExternal())
    return success();
  if (references.contains(func.getName())) {
    emitRemark(func.getLoc())
        << "not superoptimized: it is the reference of another function";
    return success();
  }
  if (!func.getBody().getOps<kgraph::KernelOp>().empty()) {
    emitRemark(func.getLoc())
        << "not superoptimized: already contains graph-defined kernels";
    return success();
  }
  if (!func.getBody().getOps<func::CallOp>().empty()) {
    emitRemark(func.getLoc())
        << "not superoptimized: calls other functions (the parts of "
           "tsopt-partition-lax are searched on their own)";
    return success();
  }
  FailureOr<Graph> program = importFunction(func);
  if (failed(program))
    return failure();

  // Beyond the search's reach: orchestration (docs/orchestration.md), for
  // programs of more primitives than orchestrate-above and for ops the
  // search does not take.
  Graph primitives = fission(*program).graph;
  bool searchable = llvm::all_of(
      primitives.ops, [](const tsopt::Op &op) { return searchTakes(op.kind); });
  if (plan &&
      ((orchestrateAbove > 0 && primitives.ops.size() > orchestrateAbove) ||
       !searchable)) {
    OrchestrateOptions oopts;
    oopts.target = target;
    oopts.threads = std::max(1u, static_cast<unsigned>(threads));
    oopts.seed = seed;
    oopts.delta = delta;
    // Searches of the chosen kernels until 60 % of the deadline (a minute
    // in all without one); the rest for verification and the whole check.
    oopts.searchTimeLimit = timeLimit > 0 ? timeLimit : 60;
    oopts.deadline = deadline;
    oopts.searchMaxOps = orchestrateAbove;
    if (progress)
      oopts.progress = [name = func.getName().str()](const std::string &line) {
        llvm::errs() << "tsopt-superoptimize @" << name
                     << ": orchestration: " << line << "\n";
      };
    std::string why;
    PricingCache cache;
    FailureOr<OrchestrateResult> result =
        orchestrate(*program, oopts, &cache, &why);
    if (failed(result))
      return func.emitError() << "cannot orchestrate: " << why;
    if (failed(orchestrateMutants(func, *program, oopts, cache, deadline,
                                  *result)))
      return failure();
    FailureOr<bool> replaced = kgraph::applyOrchestration(
        func, *result, target, "superoptimized by orchestration");
    if (failed(replaced))
      return failure();
    numImproved += *replaced;
    return success();
  }

  SearchOptions opts;
  opts.maxKernelOps = maxKernelOps;
  opts.maxBlockOps = maxBlockOps;
  opts.maxKernelOutputs = maxKernelOutputs;
  opts.maxGridDims = maxGridDims;
  opts.minGridDims = minGridDims;
  opts.requireForloop = requireForloop;
  opts.splitReduction = splitReduction;
  if (minGridDims > maxGridDims) {
    func.emitError() << "min-grid-dims ("
                     << static_cast<unsigned>(minGridDims)
                     << ") exceeds max-grid-dims ("
                     << static_cast<unsigned>(maxGridDims) << ")";
    return failure();
  }
  if (!gridExtents.empty())
    opts.gridExtents.assign(gridExtents.begin(), gridExtents.end());
  if (!forloopExtents.empty())
    opts.forloopExtents.assign(forloopExtents.begin(), forloopExtents.end());
  for (const std::string &name : blockOps) {
    if (name == "none") {
      opts.noBlockOps = true;
      continue;
    }
    std::optional<OpKind> kind = parseOpKind(name);
    if (!kind || !isPredefinedOp(*kind)) {
      func.emitError() << "block-ops: unknown block op '" << name << "'";
      return failure();
    }
    opts.blockOps.push_back(*kind);
  }
  if (opts.noBlockOps && !programTemplates) {
    func.emitError() << "block-ops=none explores program templates only; it "
                        "needs program-templates=true";
    return failure();
  }
  for (const std::string &name : kernelOps) {
    if (name == "none") {
      opts.noKernelOps = true;
      continue;
    }
    std::optional<OpKind> kind = parseOpKind(name);
    if (!kind || !isPredefinedOp(*kind)) {
      func.emitError() << "kernel-ops: unknown kernel op '" << name << "'";
      return failure();
    }
    opts.kernelOps.push_back(*kind);
  }
  for (int64_t e : opts.gridExtents)
    if (e < 1) {
      func.emitError() << "grid-extents: extents must be >= 1, got " << e;
      return failure();
    }
  for (int64_t e : opts.forloopExtents)
    if (e < 1) {
      func.emitError() << "forloop-extents: extents must be >= 1, got " << e;
      return failure();
    }
  opts.exprPruning = exprPruning;
  opts.canonicalOrder = canonical;
  opts.programTemplates = programTemplates;
  opts.algebraicRewrites = rewrites;
  opts.ruleFusion = ruleFusion;
  opts.target = target;
  opts.threads = threads;
  opts.seed = seed;
  opts.delta = delta;
  opts.timeLimit = 0;
  opts.deadline = deadline;
  opts.maxCandidates = maxCandidates;
  opts.checkpoint = checkpoint;
  opts.topN = std::max(1u, static_cast<unsigned>(topN));
  if (progress)
    opts.progress = [name = func.getName().str()](const std::string &line) {
      llvm::errs() << "tsopt-superoptimize @" << name << ": " << line << "\n";
    };

  // The result cache: one file per program and options.
  std::string cachePath;
  if (!cacheDir.empty()) {
    std::string key = serializeGraph(*program);
    llvm::raw_string_ostream os(key);
    os << '|' << opts.maxKernelOps << ' ' << opts.maxBlockOps << ' '
       << opts.maxKernelOutputs << ' ' << opts.maxGridDims << ' '
       << opts.minGridDims << ' ' << opts.requireForloop << ' '
       << opts.splitReduction << ' '
       << opts.noKernelOps << ' ' << opts.noBlockOps << ' '
       << opts.exprPruning << ' ' << opts.canonicalOrder << ' '
       << opts.programTemplates << ' ' << opts.algebraicRewrites << ' '
       << opts.ruleFusion << ' '
       << (plan ? "plan " : "") << opts.target
       << ' ' << opts.seed;
    for (int64_t e : opts.gridExtents)
      os << " g" << e;
    for (int64_t e : opts.forloopExtents)
      os << " f" << e;
    for (OpKind k : opts.blockOps)
      os << " b" << static_cast<int>(k);
    for (OpKind k : opts.kernelOps)
      os << " k" << static_cast<int>(k);
    llvm::SmallString<128> path(cacheDir.getValue());
    llvm::sys::path::append(path,
                            llvm::utohexstr(llvm::xxh3_64bits(key)) + ".graph");
    cachePath = path.str().str();
    if (auto buf = llvm::MemoryBuffer::getFile(cachePath)) {
      std::string unusable;
      FailureOr<Graph> cached =
          deserializeGraph((*buf)->getBuffer(), &unusable);
      VerifyOptions vopts;
      vopts.delta = opts.delta;
      vopts.seed = opts.seed;
      vopts.threads = opts.threads;
      vopts.deadline = deadline;
      FailureOr<VerifyRecord> rec =
          succeeded(cached) ? verifyEquivalence(*cached, *program, vopts)
                            : FailureOr<VerifyRecord>(failure());
      if (succeeded(cached))
        unusable = "it does not verify against the program";
      if (succeeded(rec) && rec->equivalent && rec->floatStable) {
        if (failed(kgraph::replaceWithPlannedBody(func, *cached, target)))
          return failure();
        func->setAttr("tsopt.verification",
                      StringAttr::get(&getContext(), rec->summary()));
        emitRemark(func.getLoc())
            << "superoptimized (from the result cache): "
            << describeStructure(*cached) << "; " << rec->summary();
        ++numImproved;
        return success();
      }
      emitWarning(func.getLoc())
          << "ignoring the cached result '" << cachePath << "': " << unusable;
    }
  }

  std::string why;
  FailureOr<SearchResult> result = failure();
  if (plan) {
    ExplicitOptions given;
    given.maxKernelOps = maxKernelOps.hasValue();
    given.maxBlockOps = maxBlockOps.hasValue();
    given.maxGridDims = maxGridDims.hasValue();
    given.minGridDims = minGridDims.hasValue();
    given.requireForloop = requireForloop.hasValue();
    given.splitReduction = splitReduction.hasValue();
    given.blockOps = blockOps.hasValue();
    given.kernelOps = kernelOps.hasValue();
    given.gridExtents = gridExtents.hasValue();
    given.forloopExtents = forloopExtents.hasValue();
    FailureOr<SearchPlan> searchPlan =
        planSearch(*program, opts, given, &why);
    if (succeeded(searchPlan))
      result = superoptimizePlanned(*program, *searchPlan, opts, &why);
  } else {
    result = superoptimize(*program, opts, &why);
  }
  if (failed(result)) {
    func.emitError() << "cannot superoptimize: " << why;
    return failure();
  }
  ++numSearched;
  const SearchStats &st = result->stats;
  numStates += st.states;
  numPrunedShape += st.prunedShape;
  numPrunedExpr += st.prunedExpr;
  numCandidates += st.candidates;
  numVerified += st.verified;
  numSolverCalls += st.solverCalls;
  numResumed += st.workItemsResumed;

  std::string counters;
  {
    llvm::raw_string_ostream os(counters);
    os << "search " << formatFixed(st.seconds) << " s"
       << (st.timedOut ? " (time limit reached)" : "") << ", " << st.states
       << " states, pruned " << st.prunedShape << " by shape and "
       << st.prunedExpr << " by expression (" << st.solverCalls
       << " Z3 queries), " << st.candidates << " candidates, "
       << st.screenedEquivalent << " passed the screen, " << st.verified
       << " verified";
    if (st.candidateLimit)
      os << " (candidate limit reached)";
    if (st.workItemsResumed)
      os << ", " << st.workItemsResumed
         << " work items resumed from the checkpoint";
    if (plan) {
      unsigned finished = 0, cut = 0, skipped = 0;
      for (const SpaceReport &sp : result->spaces) {
        finished += sp.finished;
        skipped += sp.skipped;
        cut += !sp.finished && !sp.skipped;
      }
      os << "; derived: " << llvm::join(result->derived, "; ") << "; "
         << result->spaces.size() << " spaces: " << finished << " finished, "
         << cut << " cut by the limit, " << skipped << " not reached";
    }
  }
  if (result->ranked.empty()) {
    if (plan)
      emitRemark(func.getLoc())
          << "not superoptimized: no equivalent µGraph estimated faster "
             "than the program ("
          << formatFixed(result->programCostUs) << " us on " << target
          << ") within the limits; " << counters;
    else
      emitRemark(func.getLoc())
          << "not superoptimized: no equivalent µGraph within the limits; "
          << counters;
    return success();
  }
  const Candidate &best = result->ranked.front();
  if (!topFile.empty() && failed(writeTop(func, *result)))
    return failure();
  // A µGraph the cost model does not expect to beat the program as written
  // (possible when the options rule out the program's own kernels) would
  // make the function slower: keep the program.
  if (best.costUs >= result->programCostUs) {
    emitRemark(func.getLoc())
        << "not superoptimized: the best µGraph found (" << best.structure
        << ") is estimated at " << formatFixed(best.costUs)
        << " us, not faster than the program's "
        << formatFixed(result->programCostUs) << " us on " << target << "; "
        << counters;
    return success();
  }
  if (failed(kgraph::replaceWithPlannedBody(func, best.graph, target)))
    return failure();
  func->setAttr("tsopt.verification",
                StringAttr::get(&getContext(), result->record.summary()));
  func->setAttr("tsopt.cost_us", FloatAttr::get(Float64Type::get(&getContext()),
                                                best.costUs));
  ++numImproved;
  emitRemark(func.getLoc())
      << "superoptimized: " << best.structure
      << (best.origin.empty() ? "" : "; by " + best.origin)
      << (best.rewrites.empty() ? ""
                                : "; from the program rewritten by " +
                                      best.rewrites)
      << "; estimated "
      << formatFixed(best.costUs) << " us vs " << formatFixed(result->programCostUs)
      << " us on " << target << "; " << result->record.summary() << "; "
      << counters;

  if (!cachePath.empty()) {
    std::error_code ec = llvm::sys::fs::create_directories(cacheDir);
    llvm::raw_fd_ostream os(cachePath, ec);
    if (!ec)
      os << serializeGraph(best.graph);
    else
      emitWarning(func.getLoc())
          << "cannot write the result cache '" << cachePath
          << "': " << ec.message();
  }
  return success();
}
