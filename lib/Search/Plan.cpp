//===- Plan.cpp - The search configured by the program, anytime -----------===//
//
// What an expert passes to the search by hand, derived from the program
// (planSearch), and the anytime driver that searches the resulting spaces
// from small to large within one time limit (superoptimizePlanned). See
// docs/search.md, "Defaults".
//
//===----------------------------------------------------------------------===//

#include "Generation.h"

#include "tsopt/Fusion/BlockFusion.h"
#include "tsopt/Optimize/CostModel.h"
#include "tsopt/Search/Search.h"
#include "tsopt/Support/Format.h"
#include "tsopt/Transforms/Rewrite.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <tuple>

using namespace tsopt;
using namespace tsopt::search;

namespace {

/// Tile width a block gives one of the last two dims at least (a tensor-core
/// fragment is 16 wide); outer (batch) dims can be split to single rows.
constexpr int64_t kMinTile = 16;
/// Block-op limits the deepening goes through, and the largest with two
/// kernels (each kernel has its own limit, so two kernels grow faster).
constexpr unsigned kFirstBlockOps = 3, kLastBlockOps = 9, kLastBlockOps2 = 7;

int64_t elementBytes(DType t) { return t == DType::F32 ? 4 : 2; }

std::string kib(int64_t bytes) {
  return std::to_string((bytes + 1023) / 1024) + " KiB";
}

std::string opList(llvm::ArrayRef<OpKind> kinds) {
  llvm::SmallVector<std::string, 8> names;
  for (OpKind k : kinds)
    names.push_back(stringifyOpKind(k).str());
  return names.empty() ? "none" : llvm::join(names, ", ");
}

/// Extents that suit the hardware for variables of these sizes: powers of
/// two and, for sizes that are not, their divisors that leave tiles a
/// multiple of kMinTile wide (3584 = 2^9·7 is split 7, 14, 28, ... ways).
llvm::SmallVector<int64_t, 8> extentsFor(llvm::ArrayRef<int64_t> sizes,
                                         int64_t maxExtent) {
  std::set<int64_t> out;
  for (int64_t e = 1; e <= maxExtent; e *= 2)
    out.insert(e);
  for (int64_t n : sizes)
    for (int64_t e = 3; e <= maxExtent; ++e)
      if (n % e == 0 && (n / e) % kMinTile == 0 && !llvm::isPowerOf2_64(e))
        out.insert(e);
  return {out.begin(), out.end()};
}

/// The program analysis the plan reads: a prepared Searcher per form.
struct Analysis {
  SearchControl ctl;
  std::vector<std::unique_ptr<Searcher>> forms;
};

} // namespace

llvm::FailureOr<SearchPlan> tsopt::planSearch(const Graph &program,
                                              const SearchOptions &options,
                                              const ExplicitOptions &given,
                                              std::string *why) {
  const TargetDesc *target = searchTarget(options, why);
  if (!target)
    return llvm::failure();
  // The analysis runs with the op sets left to their defaults: the plan
  // restricts them itself.
  SearchOptions base = options;
  base.blockOps.clear();
  base.noBlockOps = false;
  Analysis a;
  a.forms.push_back(std::make_unique<Searcher>(program, base, a.ctl));
  std::string unsupported;
  // Bad input (not a program of pre-defined ops) and bad options stay
  // errors; a program the search cannot take yet falls back below.
  bool badInput =
      program.level != Level::Kernel || program.outputs.empty() ||
      llvm::any_of(program.ops,
                   [](const Op &op) { return op.kind == OpKind::Kernel; }) ||
      given.blockOps;
  if (failed(a.forms[0]->prepare(&unsupported))) {
    if (badInput) {
      if (why)
        *why = unsupported;
      return llvm::failure();
    }
    // A program the search cannot take still gets the default path's
    // answer: no space to search, rule-based fusion (or the program itself)
    // as the result.
    SearchPlan plan;
    plan.derived.push_back("no search: " + unsupported +
                           " (rule-based fusion only)");
    return plan;
  }
  std::optional<RewrittenProgram> rewritten;
  if (options.algebraicRewrites &&
      (rewritten = rewriteAlgebraically(program))) {
    auto s = std::make_unique<Searcher>(rewritten->graph, base, a.ctl);
    s->cutAtReductions = true;
    if (succeeded(s->prepare(nullptr)))
      a.forms.push_back(std::move(s));
  }
  const Searcher &s = *a.forms[0];
  SearchPlan plan;
  // Variables a matmul contracts or produces: their tiles are tensor-core
  // fragments, at least kMinTile wide; any other dim can be sliced to
  // single rows.
  std::set<int> matmulVars;
  {
    DimAnalysis dims(program);
    for (const tsopt::Op &op : program.ops)
      if (op.kind == OpKind::Matmul)
        for (int v : {op.operands[0], op.operands[1], op.results[0]}) {
          auto labels = dims.labels(program, v);
          size_t rank = labels.size();
          for (size_t d = rank >= 2 ? rank - 2 : 0; d < rank; ++d)
            if (labels[d].outerVar() >= 0)
              matmulVars.insert(labels[d].outerVar());
        }
  }
  auto minTile = [&](int v, int64_t size) {
    return matmulVars.count(v) ? std::min(size, kMinTile) : int64_t(1);
  };

  // For-loops: a reduced variable whose inputs, unsliced along it, overfill
  // half of shared memory needs a loop (or a grid split) over it.
  bool loopNeeded = false;
  for (int v : s.reducedVars) {
    int64_t bytes = 0;
    for (auto [i, labels] : llvm::enumerate(s.inputLabels)) {
      if (!hasOuterVar(labels, v))
        continue;
      const TensorType &t = program.type(program.inputs[i]);
      int64_t b = elementBytes(t.dtype);
      for (auto [d, l] : llvm::enumerate(labels))
        b *= l.outerVar() == v ? t.shape[d] : minTile(l.outerVar(), t.shape[d]);
      bytes += b;
    }
    if (bytes > target->sharedMemoryPerBlock / 2) {
      loopNeeded = true;
      plan.derived.push_back("for-loop required (a reduced dim of " +
                             std::to_string(s.varSize[v]) + " needs " +
                             kib(bytes) + " of tiles per block unsliced, " +
                             kib(target->sharedMemoryPerBlock) +
                             " of shared memory)");
      break;
    }
  }

  // Grid dims: enough of the output's parallel dims to give every SM a
  // block, largest first.
  struct Par {
    int64_t blocks;
    int var;
  };
  llvm::SmallVector<Par, 4> par;
  std::set<int> seenVars;
  for (const auto &labels : s.outputLabels)
    for (auto [d, l] : llvm::enumerate(labels)) {
      int v = l.outerVar();
      // A variable the program also reduces still slices the output (the
      // residual columns of mlp_adapter are its contracted dim too).
      if (v < 0 || !seenVars.insert(v).second)
        continue;
      int64_t b = s.varSize[v] / minTile(v, s.varSize[v]);
      if (b > 1)
        par.push_back({b, v});
    }
  llvm::sort(par, [](const Par &x, const Par &y) { return x.blocks > y.blocks; });
  unsigned minGrid = 0;
  int64_t blocks = 1;
  for (const Par &p : par) {
    if (blocks >= target->numSMs || minGrid == 2)
      break;
    blocks *= p.blocks;
    ++minGrid;
  }
  if (minGrid)
    plan.derived.push_back("at least " + std::to_string(minGrid) +
                           " grid dim" + (minGrid > 1 ? "s" : "") +
                           " (the output gives " + std::to_string(blocks) +
                           " blocks for " +
                           std::to_string(target->numSMs) + " SMs)");
  unsigned maxGrid = std::min(3u, std::max(minGrid, 1u) + 1);

  // Kernels: a second kernel pays where the program reduces twice (a split
  // reduction and its combine, or a producer kernel for a contraction).
  unsigned reductions = 0;
  for (const tsopt::Op &op : program.ops)
    reductions += op.kind == OpKind::Matmul || op.kind == OpKind::ReduceSum ||
                  op.kind == OpKind::ReduceMax || op.kind == OpKind::RmsNorm;
  unsigned maxKernels = reductions >= 2 ? 2 : 1;
  // Where the output's blocks cannot fill the SMs, two kernels are for a
  // split reduction (FlashDecoding's split-kv): the first kernel's grid
  // slices a reduced dim and the second combines the parts.
  int64_t allBlocks = 1;
  for (const Par &p : par)
    allBlocks *= p.blocks;
  bool split = maxKernels == 2 && allBlocks < target->numSMs &&
               !s.reducedVars.empty();
  if (maxKernels == 2)
    plan.derived.push_back(
        "up to 2 kernels (" + std::to_string(reductions) + " reductions: " +
        (split ? "the second combines a split reduction, which fills the SMs"
               : "a split and its combine, or a producer kernel") +
        ")");

  // Block ops, in up to four levels: the ops no template provides
  // (templates do the rest); then also the reductions templates cover (a
  // sum accumulated beside a matmul); then the binary element-wise ops (the
  // post-loop divisions of softmax and norms); then everything the program
  // uses.
  std::set<OpKind> all, covered;
  unsigned templates = 0;
  for (const auto &form : a.forms) {
    all.insert(form->blockOps.begin(), form->blockOps.end());
    for (const Template &t : form->templates) {
      ++templates;
      for (const Template::TOp &op : t.ops)
        covered.insert(op.kind);
    }
  }
  // Each level adds a group of the ops templates cover.
  auto isReduction = [](OpKind k) {
    return k == OpKind::ReduceSum || k == OpKind::ReduceMax;
  };
  llvm::SmallVector<OpKind, 8> uncovered, withReductions, binary,
      everything(all.begin(), all.end());
  for (OpKind k : all) {
    bool base = !covered.count(k);
    if (base)
      uncovered.push_back(k);
    if (base || isReduction(k))
      withReductions.push_back(k);
    if (base || isReduction(k) || isElementwiseBinary(k))
      binary.push_back(k);
  }
  llvm::SmallVector<llvm::SmallVector<OpKind, 8>, 4> opLevels;
  for (const auto &level : {uncovered, withReductions, binary, everything})
    if ((!level.empty() || templates) &&
        (opLevels.empty() || opLevels.back() != level))
      opLevels.push_back(level);
  std::string levels;
  for (const auto &level : opLevels)
    levels += (levels.empty() ? "" : ", then ") +
              (level.empty() ? std::string("templates only")
                             : "{" + opList(level) + "}");
  if (!given.blockOps)
    plan.derived.push_back("block ops " + levels + " (" +
                           std::to_string(templates) + " templates)");

  // Extents: divisors that suit the hardware, not only powers of two.
  llvm::SmallVector<int64_t, 8> sizes(s.varSize.begin(), s.varSize.end());
  llvm::SmallVector<int64_t, 8> gridExtents = extentsFor(sizes, 256);
  llvm::SmallVector<int64_t, 8> loopExtents = extentsFor(sizes, 128);
  if (!given.gridExtents &&
      llvm::any_of(gridExtents,
                   [](int64_t e) { return !llvm::isPowerOf2_64(e); }))
    plan.derived.push_back("grid extents " +
                           llvm::join(llvm::map_range(gridExtents,
                                                      [](int64_t e) {
                                                        return std::to_string(e);
                                                      }),
                                      ", "));
  if (!given.kernelOps)
    plan.derived.push_back("graph-defined kernels only (the program's own "
                           "kernels are the incumbent)");

  // The spaces: iterative deepening over block ops and kernels, the
  // smaller op sets first at each depth.
  struct Key {
    unsigned level, blockOps, kernels;
  };
  std::vector<Key> keys;
  for (unsigned level = 0; level < opLevels.size(); ++level)
    for (unsigned m = kFirstBlockOps; m <= kLastBlockOps; ++m)
      for (unsigned k = 1; k <= maxKernels; ++k)
        if (k == 1 || m <= kLastBlockOps2)
          keys.push_back({level, m, k});
  // A second kernel costs about three more ops; at one size, the smaller
  // op sets first.
  std::stable_sort(keys.begin(), keys.end(), [](const Key &x, const Key &y) {
    return std::make_tuple(x.blockOps + 3 * (x.kernels - 1), x.level) <
           std::make_tuple(y.blockOps + 3 * (y.kernels - 1), y.level);
  });
  std::set<std::string> seen;
  for (const Key &key : keys) {
    SearchOptions o = options;
    o.maxKernelOps = given.maxKernelOps ? options.maxKernelOps : key.kernels;
    o.maxBlockOps = given.maxBlockOps ? options.maxBlockOps : key.blockOps;
    o.maxGridDims = given.maxGridDims ? options.maxGridDims : maxGrid;
    o.minGridDims = given.minGridDims ? options.minGridDims
                                      : std::min(minGrid, o.maxGridDims);
    if (!given.maxGridDims)
      o.maxGridDims = std::max(o.maxGridDims, o.minGridDims);
    o.requireForloop =
        given.requireForloop ? options.requireForloop : loopNeeded;
    // Only the plan's own two-kernel spaces are split: a kernel count given
    // explicitly keeps every form of that many kernels.
    o.splitReduction = given.splitReduction ? options.splitReduction
                       : given.maxKernelOps ? false
                                            : split && key.kernels >= 2;
    if (!given.blockOps) {
      o.blockOps = opLevels[key.level];
      o.noBlockOps = o.blockOps.empty();
    }
    if (!given.kernelOps) {
      o.kernelOps.clear();
      o.noKernelOps = true;
    }
    if (!given.gridExtents)
      o.gridExtents = gridExtents;
    if (!given.forloopExtents)
      o.forloopExtents = loopExtents;
    std::string name;
    llvm::raw_string_ostream os(name);
    os << o.maxKernelOps << (o.maxKernelOps == 1 ? " kernel, " : " kernels, ")
       << o.maxBlockOps << " block ops"
       << (o.noBlockOps ? " (templates only)"
                        : " (" + opList(o.blockOps) + ")")
       << ", grid dims " << o.minGridDims << "-" << o.maxGridDims
       << (o.requireForloop ? ", loop" : "")
       << (o.splitReduction ? ", split" : "");
    if (seen.insert(name).second)
      plan.spaces.push_back({name, std::move(o), key.level});
  }
  return plan;
}

llvm::FailureOr<SearchResult>
tsopt::superoptimizePlanned(const Graph &program, const SearchPlan &plan,
                            const SearchOptions &options, std::string *why) {
  using Clock = std::chrono::steady_clock;
  auto start = Clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(Clock::now() - start).count();
  };
  SearchResult result;
  result.derived = plan.derived;
  const TargetDesc *target = searchTarget(options, why);
  if (!target)
    return llvm::failure();
  Deadline end = searchDeadline(options);
  // The incumbent: the program's own kernels. Nothing replaces it unless
  // verified and estimated faster (the caller compares with programCostUs).
  auto programCost = estimateCost(program, *target);
  result.programCostUs = succeeded(programCost)
                             ? programCost->totalUs
                             : std::numeric_limits<double>::infinity();

  // The spaces share the abstract-expression state: a small space's Z3
  // queries recur in the larger ones.
  ExprCache exprCache;

  // Families: spaces with one op set and kernel count, deepening over block
  // ops in plan order. A family whose space was cut by the limit is closed:
  // its deeper spaces are larger still.
  struct Family {
    std::vector<size_t> spaces;
    size_t next = 0;
    bool closed = false;
    llvm::SmallVector<double, 4> seconds; // of its finished spaces
  };
  std::vector<Family> families;
  {
    std::map<std::pair<unsigned, unsigned>, size_t> index;
    for (auto [i, space] : llvm::enumerate(plan.spaces)) {
      auto [it, added] = index.try_emplace(
          {space.opLevel, space.options.maxKernelOps}, families.size());
      if (added)
        families.emplace_back();
      families[it->second].spaces.push_back(i);
    }
  }
  // Predicted seconds of a family's next space: its last time grown as
  // much as from the one before (at least 2x; 4x after one space); a family
  // not started yet waits for every started one to grow by 4x.
  double slowest = 0;
  auto predict = [&](const Family &f) {
    if (f.seconds.empty())
      return f.spaces.front() == 0 ? 0.0 : 4 * slowest + 1e-3;
    double last = f.seconds.back();
    if (f.seconds.size() == 1)
      return 4 * last;
    double prev = f.seconds[f.seconds.size() - 2];
    return last * std::max(2.0, last / std::max(prev, 1e-3));
  };

  struct Entry {
    Candidate cand;
    size_t space;
    std::optional<VerifyRecord> record;
  };
  std::vector<Entry> ranked;
  std::set<std::string> kept;
  // Rules first (DESIGN §7): the best snapshot of rule-based fusion, once
  // verified, is the incumbent every space must beat.
  if (options.ruleFusion) {
    std::string fusionWhy;
    llvm::FailureOr<FusionResult> fused =
        fuseBlocks(program, {options.target, true, true}, &fusionWhy);
    if (succeeded(fused)) {
      const FusionSnapshot &best = fused->snapshots[fused->best];
      std::string line = "rule-based fusion: " +
                         formatFixed(best.costUs) + " us in " +
                         formatFixed(fused->seconds * 1e3) + " ms";
      if (best.costUs < result.programCostUs) {
        VerifyOptions vopts;
        vopts.delta = options.delta;
        vopts.seed = options.seed;
        vopts.threads = std::max(1u, options.threads);
        vopts.deadline = end;
        auto rec = verifyEquivalence(best.graph, program, vopts);
        if (succeeded(rec) && rec->equivalent && rec->floatStable) {
          Candidate c;
          c.graph = best.graph;
          c.costUs = best.costUs;
          c.structure = describeStructure(best.graph);
          c.origin =
              "rule-based fusion (rules " + fused->rulesUpTo(fused->best) + ")";
          kept.insert(serializeGraph(c.graph));
          ranked.push_back({std::move(c), plan.spaces.size(), *rec});
          line += ", verified: the incumbent";
        } else {
          line += ", not verified: not used";
        }
      } else {
        line += ", not faster than the program";
      }
      result.derived.push_back(line);
      if (options.progress)
        options.progress(line);
    }
  }
  result.spaces.resize(plan.spaces.size());
  for (auto [i, space] : llvm::enumerate(plan.spaces)) {
    result.spaces[i].name = space.name;
    result.spaces[i].bestUs = std::numeric_limits<double>::infinity();
    result.spaces[i].skipped = true;
  }
  size_t run = 0;
  while (true) {
    Family *pick = nullptr;
    for (Family &f : families)
      if (!f.closed && f.next < f.spaces.size() &&
          (!pick || predict(f) < predict(*pick) ||
           (predict(f) == predict(*pick) &&
            f.spaces[f.next] < pick->spaces[pick->next])))
        pick = &f;
    if (!pick || end.secondsLeft() <= 0.05)
      break;
    size_t i = pick->spaces[pick->next++];
    const SearchSpace &space = plan.spaces[i];
    SpaceReport &report = result.spaces[i];
    report.skipped = false;
    ++run;
    bool last = llvm::none_of(families, [&](const Family &f) {
      return !f.closed && f.next < f.spaces.size();
    });
    SearchOptions o = space.options;
    // A space gets half of what is left, the last one all of it; so a
    // large space cannot starve the ones after it, and the plan ends by
    // its deadline.
    o.timeLimit = 0;
    o.deadline = end.share(last ? 1.0 : 0.5);
    if (!options.checkpoint.empty())
      o.checkpoint = options.checkpoint + ".space" + std::to_string(i);
    std::string tag = "space " + std::to_string(i + 1) + "/" +
                      std::to_string(plan.spaces.size());
    if (options.progress) {
      std::string prefix = tag + " (" + space.name + "): ";
      options.progress(prefix + "started");
      o.progress = [prefix, &options](const std::string &line) {
        options.progress(prefix + line);
      };
    }
    double t0 = elapsed();
    // The incumbent: the program, or the best of the earlier spaces. A
    // space that cannot beat it spends no time verifying.
    double incumbent = ranked.size() < std::max(1u, options.topN)
                           ? result.programCostUs
                           : ranked.front().cand.costUs;
    llvm::FailureOr<SearchResult> r =
        superoptimizeShared(program, o, &exprCache, incumbent, why);
    if (llvm::failed(r))
      return llvm::failure();
    report.seconds = elapsed() - t0;
    report.finished = !r->stats.timedOut;
    if (report.finished) {
      pick->seconds.push_back(report.seconds);
      slowest = std::max(slowest, report.seconds);
    } else {
      pick->closed = true;
    }
    SearchStats &st = result.stats;
    st.states += r->stats.states;
    st.prunedShape += r->stats.prunedShape;
    st.prunedExpr += r->stats.prunedExpr;
    st.candidates += r->stats.candidates;
    st.screenedEquivalent += r->stats.screenedEquivalent;
    st.verified += r->stats.verified;
    st.workItems += r->stats.workItems;
    st.workItemsDone += r->stats.workItemsDone;
    st.workItemsResumed += r->stats.workItemsResumed;
    st.solverCalls += r->stats.solverCalls;
    st.exprCacheHits += r->stats.exprCacheHits;
    st.timedOut |= r->stats.timedOut;
    st.candidateLimit |= r->stats.candidateLimit;
    if (!r->ranked.empty())
      report.bestUs = r->ranked.front().costUs;
    // Each space's best comes with its record; a graph already kept from
    // an earlier space keeps its entry (and gains the record).
    for (auto [n, c] : llvm::enumerate(r->ranked)) {
      std::optional<VerifyRecord> record;
      if (n == 0)
        record = r->record;
      std::string key = serializeGraph(c.graph);
      if (kept.insert(key).second) {
        ranked.push_back({std::move(c), i, record});
        continue;
      }
      for (Entry &e : ranked)
        if (!e.record && record && serializeGraph(e.cand.graph) == key)
          e.record = record;
    }
    // Equal estimates: the earlier space of the plan first, whatever order
    // the spaces ran in.
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const Entry &x, const Entry &y) {
                       return std::tie(x.cand.costUs, x.space) <
                              std::tie(y.cand.costUs, y.space);
                     });
    if (ranked.size() > std::max(1u, options.topN))
      ranked.resize(std::max(1u, options.topN));
    if (options.progress)
      options.progress(
          tag + (report.finished ? " finished" : " cut by the limit") +
          " in " + formatFixed(report.seconds) + " s (" +
          std::to_string(run) + " run); best " +
          (std::isfinite(report.bestUs) ? formatFixed(report.bestUs) + " us"
                                        : std::string("none")) +
          ", overall " +
          (ranked.empty() ? std::string("the program (") +
                                formatFixed(result.programCostUs) + " us)"
                          : formatFixed(ranked.front().cand.costUs) + " us"));
  }
  for (Entry &e : ranked)
    result.ranked.push_back(std::move(e.cand));
  // The overall best is the best of its space, which was verified with a
  // record.
  if (!ranked.empty() && ranked.front().record)
    result.record = *ranked.front().record;
  result.stats.seconds = elapsed();
  return result;
}
