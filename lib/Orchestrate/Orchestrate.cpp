//===- Orchestrate.cpp - Fission, candidates, pricing, BLP, stitching -----===//

#include "tsopt/Orchestrate/Orchestrate.h"
#include "tsopt/Core/Distribute.h"
#include "tsopt/Core/GraphText.h"
#include "tsopt/Fusion/BlockFusion.h"
#include "tsopt/Optimize/CostModel.h"
#include "tsopt/Orchestrate/KernelSelection.h"
#include "tsopt/Search/Search.h"
#include "tsopt/Support/Format.h"
#include "tsopt/Transforms/Fission.h"
#include "tsopt/Transforms/Partition.h"

#include "llvm/ADT/DenseMap.h"

#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <thread>

using namespace tsopt;

PricedKernel *PricingCache::lookup(llvm::StringRef key) {
  auto it = entries.find(key);
  return it == entries.end() ? nullptr : &it->second;
}

PricedKernel &PricingCache::insert(llvm::StringRef key, PricedKernel kernel) {
  return entries.insert_or_assign(key, std::move(kernel)).first->second;
}

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

using Clock = std::chrono::steady_clock;
double secondsSince(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

/// Seconds per unit of evaluationWork (candidate plus reference) of a
/// verification before one has been measured: one field trial and the
/// float check at 2^-40, two threads (measured on Llama-2-7B's layers).
constexpr double kVerifySecondsPerWork = 1.5e-8;
/// Verified work that makes the measured rate replace the prior one.
constexpr double kRateSampleWork = 1e8;

/// One candidate kernel: its ops, as a subprogram, and its price.
struct CandidateKernel {
  OpSet ops;
  Subprogram sub;
  std::string key;
  PricedKernel *price = nullptr;
};

/// The subgraph's ops as pre-defined kernels, or its rule-fused µGraph
/// when the cost model ranks that faster.
/// Past the deadline, the ops alone (rule-based fusion is fast, but not
/// free on hundreds of subgraphs).
PricedKernel priceByRules(const Graph &sub, const OrchestrateOptions &options,
                          const TargetDesc &target) {
  PricedKernel pk;
  pk.implementation = sub;
  pk.costUs = estimatedUs(sub, target);
  pk.origin = "pre-defined ops";
  if (options.deadline.expired())
    return pk;
  FusionOptions fopts;
  fopts.target = options.target;
  auto fused = fuseBlocks(sub, fopts);
  if (llvm::succeeded(fused) && !fused->snapshots.empty()) {
    const FusionSnapshot &best = fused->snapshots[fused->best];
    if (best.costUs < pk.costUs) {
      pk.implementation = best.graph;
      pk.costUs = best.costUs;
      pk.origin = "rule-based fusion (rules " +
                  fused->rulesUpTo(fused->best) + ")";
      pk.asWritten = false;
    }
  }
  return pk;
}

constexpr llvm::StringLiteral kPriceTask = "orchestrate.price";

std::string priceRequest(const Graph &sub, const OrchestrateOptions &options) {
  std::string text = serializeGraph(sub);
  return packFields({text, options.target, deadlineField(options.deadline)});
}

std::string priceReplyText(const PricedKernel &pk) {
  std::string text = serializeGraph(pk.implementation);
  return packFields(
      {text, doubleField(pk.costUs), pk.origin, pk.asWritten ? "1" : "0"});
}

std::optional<PricedKernel> parsePriceReply(llvm::StringRef text) {
  std::optional<std::vector<llvm::StringRef>> fields = unpackFields(text);
  if (!fields || fields->size() != 4)
    return std::nullopt;
  llvm::FailureOr<Graph> impl = deserializeGraph((*fields)[0]);
  std::optional<double> cost = parseDoubleField((*fields)[1]);
  if (failed(impl) || !cost)
    return std::nullopt;
  PricedKernel pk;
  pk.implementation = std::move(*impl);
  pk.costUs = *cost;
  pk.origin = (*fields)[2].str();
  pk.asWritten = (*fields)[3] == "1";
  return pk;
}

/// A worker's side of kPriceTask.
std::string runPriceRequest(llvm::StringRef request) {
  std::optional<std::vector<llvm::StringRef>> fields = unpackFields(request);
  if (!fields || fields->size() != 3)
    return taskError("not a subgraph price request");
  llvm::FailureOr<Graph> sub = deserializeGraph((*fields)[0]);
  std::optional<Deadline> deadline = parseDeadlineField((*fields)[2]);
  OrchestrateOptions options;
  options.target = (*fields)[1].str();
  const TargetDesc *target = lookupTarget(options.target);
  if (failed(sub) || !deadline || !target)
    return taskError("unreadable subgraph, target or deadline");
  options.deadline = *deadline;
  return priceReplyText(priceByRules(*sub, options, *target));
}

/// The cheapest cover without redundancy: a shortest path from the empty
/// execution state to the full one, each step a candidate (column) whose
/// inputs the state has written. Exact for covers that compute every op
/// once, in milliseconds; the BLP starts from it.
std::vector<unsigned> cheapestPath(const Graph &prim,
                                   const std::vector<OpSet> &states,
                                   const std::vector<CandidateKernel> &cands,
                                   const std::vector<unsigned> &columns) {
  llvm::DenseMap<OpSet, unsigned> stateIndex;
  for (auto [i, st] : llvm::enumerate(states))
    stateIndex[st] = i;
  std::vector<int> producer = producers(prim);
  std::vector<double> dist(states.size(), kInf);
  std::vector<std::pair<unsigned, unsigned>> prev(states.size());
  dist[0] = 0;
  // States come in order of size, so every step goes forward.
  for (size_t s = 0; s < states.size(); ++s) {
    if (dist[s] == kInf)
      continue;
    const OpSet &state = states[s];
    for (auto [k, i] : llvm::enumerate(columns)) {
      const CandidateKernel &c = cands[i];
      if (c.ops.anyCommon(state) ||
          !llvm::all_of(c.sub.inputs, [&](int v) {
            return producer[v] < 0 || state.test(producer[v]);
          }))
        continue;
      OpSet next = state;
      next |= c.ops;
      auto it = stateIndex.find(next);
      if (it == stateIndex.end())
        continue;
      double d = dist[s] + c.price->costUs;
      if (d < dist[it->second]) {
        dist[it->second] = d;
        prev[it->second] = {static_cast<unsigned>(s), static_cast<unsigned>(k)};
      }
    }
  }
  std::vector<unsigned> path;
  for (size_t s = states.size() - 1; s != 0 && dist[s] < kInf;
       s = prev[s].first)
    path.push_back(prev[s].second);
  std::reverse(path.begin(), path.end());
  return path;
}

std::string listOps(const Graph &g, const OpSet &ops) {
  std::string s;
  for (int i : ops.set_bits())
    s += (s.empty() ? "" : ", ") + stringifyOpKind(g.ops[i].kind).str();
  return s;
}

} // namespace

llvm::FailureOr<OrchestrateResult>
tsopt::orchestrate(const Graph &program, const OrchestrateOptions &options,
                   PricingCache *sharedCache, std::string *why) {
  auto start = Clock::now();
  auto fail = [&](const std::string &msg) -> llvm::FailureOr<OrchestrateResult> {
    if (why)
      *why = msg;
    return llvm::failure();
  };
  auto progress = [&](const std::string &line) {
    if (options.progress)
      options.progress(line);
  };
  const TargetDesc *target = lookupTarget(options.target);
  if (!target)
    return fail("unknown target '" + options.target + "' (known: " +
                knownTargetNames().str() + ")");
  for (auto [seconds, name] :
       {std::pair(options.solveTimeLimit, "solve time"),
        std::pair(options.searchTimeLimit, "search time"),
        std::pair(options.searchTimePerKernel, "search time per kernel")})
    if (!(seconds >= 0))
      return fail(std::string("the ") + name +
                  " must be a number of seconds >= 0");
  if (program.level != Level::Kernel ||
      llvm::any_of(program.ops,
                   [](const Op &op) { return op.kind == OpKind::Kernel; }))
    return fail("orchestration takes a kernel graph of pre-defined ops");
  PricingCache localCache;
  PricingCache &cache = sharedCache ? *sharedCache : localCache;

  OrchestrateResult result;
  result.programCostUs = estimatedUs(program, *target);
  if (options.fission) {
    FissionResult split = fission(program);
    result.primitives = std::move(split.graph);
    result.compositesSplit = split.split;
  } else {
    result.primitives = program;
  }
  const Graph &prim = result.primitives;
  std::vector<std::string> refusals = unfusableReasons(prim);
  llvm::SmallVector<bool> opaque(prim.ops.size(), false);
  for (auto [i, reason] : llvm::enumerate(refusals))
    if (!reason.empty()) {
      opaque[i] = true;
      result.opaque.push_back(
          {static_cast<unsigned>(i),
           "kgraph." + stringifyOpKind(prim.ops[i].kind).str(), reason});
    }

  // 1. CandidateKernel kernels.
  auto t = Clock::now();
  auto enumerated =
      enumerateCandidateKernels(prim, options.limits, opaque, why);
  if (llvm::failed(enumerated))
    return llvm::failure();
  result.states = enumerated->states.size();
  result.candidates = enumerated->kernels.size();
  std::vector<CandidateKernel> cands;
  cands.reserve(enumerated->kernels.size());
  std::vector<unsigned> marks(prim.ops.size());
  for (OpSet &ops : enumerated->kernels) {
    for (size_t i = 0; i < marks.size(); ++i)
      marks[i] = ops.test(i) ? 1 : 0;
    CandidateKernel c;
    c.sub = extractPart(prim, marks, 1);
    c.key = serializeGraph(c.sub.graph) + "|" + options.target;
    // A lone reshape that is not a program result is a view, no kernel
    // (lowersToView); its subprogram alone would price it as a copy.
    if (ops.count() == 1 && lowersToView(prim, ops.find_first()))
      c.key = "view|" + c.key;
    c.ops = std::move(ops);
    cands.push_back(std::move(c));
  }
  result.enumerateSeconds = secondsSince(t);
  progress((result.states ? std::to_string(result.states) +
                                " execution states, "
                          : std::string("more execution states than the "
                                        "limit: candidates grown, ")) +
           std::to_string(result.candidates) + " candidate kernels in " +
           formatFixed(result.enumerateSeconds) + " s");

  // 2. Prices by the rules, each canonical subgraph once.
  t = Clock::now();
  llvm::StringMap<unsigned> firstOfKey;
  std::vector<unsigned> toPrice;
  for (auto [i, c] : llvm::enumerate(cands)) {
    if (firstOfKey.count(c.key))
      continue;
    firstOfKey[c.key] = i;
    if (cache.lookup(c.key))
      ++result.cacheHits;
    else
      toPrice.push_back(i);
  }
  result.distinct = firstOfKey.size();
  std::vector<PricedKernel> priced(toPrice.size());
  // Views are no work (and no kernel); the rest is priced here and by the
  // workers of the job, each from the subgraph's text (priceRequest).
  std::vector<size_t> work;
  for (auto [j, i] : llvm::enumerate(toPrice)) {
    if (!llvm::StringRef(cands[i].key).starts_with("view|")) {
      work.push_back(j);
      continue;
    }
    priced[j].implementation = cands[i].sub.graph;
    priced[j].costUs = 0;
    priced[j].origin = "a view of its operand (no kernel)";
  }
  auto priceHere = [&](size_t w) {
    priced[work[w]] =
        priceByRules(cands[toPrice[work[w]]].sub.graph, options, *target);
  };
  RemoteWork remote{kPriceTask,
                    [&](size_t w, unsigned) {
                      return priceRequest(cands[toPrice[work[w]]].sub.graph,
                                          options);
                    },
                    [&](size_t w, llvm::StringRef text) {
                      if (std::optional<PricedKernel> p = parsePriceReply(text))
                        priced[work[w]] = std::move(*p);
                      else
                        priceHere(w);
                    }};
  distributedFor(work.size(), options.threads, priceHere, &remote);
  for (auto [j, i] : llvm::enumerate(toPrice))
    cache.insert(cands[i].key, std::move(priced[j]));
  for (CandidateKernel &c : cands)
    c.price = cache.lookup(c.key);
  result.pricingSeconds = secondsSince(t);
  progress(std::to_string(result.distinct) + " distinct subgraphs priced (" +
           std::to_string(result.cacheHits) + " from the cache) in " +
           formatFixed(result.pricingSeconds) + " s");

  // 3. The BLP over the candidates that can pay: one whose price is not
  // below its ops' own kernels' is dominated by those (they write all it
  // writes and read no more).
  std::vector<double> alone(prim.ops.size(), kInf);
  for (const CandidateKernel &c : cands)
    if (c.ops.count() == 1)
      alone[c.ops.find_first()] = c.price->costUs;
  std::vector<unsigned> columns;
  CoverProblem problem;
  problem.inputs = prim.inputs;
  problem.outputs = prim.outputs;
  CoverOptions copts;
  copts.timeLimit = options.solveTimeLimit;
  copts.deadline = options.deadline;
  auto refreshCosts = [&] {
    for (auto [k, i] : llvm::enumerate(columns))
      problem.kernels[k].cost = cands[i].price->costUs;
  };
  for (auto [i, c] : llvm::enumerate(cands)) {
    double own = 0;
    for (int op : c.ops.set_bits())
      own += alone[op];
    if (c.ops.count() > 1 && !(c.price->costUs < own))
      continue;
    columns.push_back(i);
    problem.kernels.push_back({c.sub.inputs, c.sub.outputs, 0});
  }
  refreshCosts();
  result.columns = columns.size();
  // Every op that reaches an output runs in some chosen kernel.
  {
    std::vector<int> producer = producers(prim);
    std::vector<bool> needed(prim.ops.size(), false);
    for (int o : prim.outputs)
      if (producer[o] >= 0)
        needed[producer[o]] = true;
    for (size_t i = prim.ops.size(); i-- > 0;)
      if (needed[i])
        for (int v : prim.ops[i].operands)
          if (producer[v] >= 0)
            needed[producer[v]] = true;
    std::vector<std::vector<unsigned>> runsIn(prim.ops.size());
    for (auto [k, i] : llvm::enumerate(columns))
      for (int op : cands[i].ops.set_bits())
        runsIn[op].push_back(k);
    for (size_t i = 0; i < prim.ops.size(); ++i)
      if (needed[i])
        problem.atLeastOne.push_back(std::move(runsIn[i]));
  }

  VerifyOptions vopts;
  vopts.delta = options.delta;
  vopts.seed = options.seed;
  vopts.threads = std::max(1u, options.threads);
  vopts.deadline = options.deadline;
  double searchLeft = options.searchTimeLimit;
  // Searches leave the last 40 % of the time to verification and the
  // whole check.
  Deadline searchEnd = options.deadline.share(0.6);
  // The verifications' rate (seconds per unit of evaluationWork), so that
  // none starts that the deadline would cut.
  double verifiedWork = 0, verifiedSeconds = 0;
  CoverSolution solution;
  for (;;) {
    if (!enumerated->states.empty())
      copts.start = cheapestPath(prim, enumerated->states, cands, columns);
    auto solved = solveCover(problem, copts, why);
    if (llvm::failed(solved))
      return llvm::failure();
    solution = std::move(*solved);
    result.solveSeconds += solution.seconds;
    result.cuts += solution.cuts;
    progress("BLP " + std::to_string(solution.columns) + " x " +
             std::to_string(solution.rows) + ": " +
             std::to_string(solution.order.size()) + " kernels, " +
             formatFixed(solution.cost) + " us, gap " +
             formatFixed(solution.gap * 100) + " %, " +
             formatFixed(solution.seconds) + " s");

    // 4. Verify the chosen kernels not yet verified; one that fails the
    // float check falls back to its ops' own kernels.
    t = Clock::now();
    bool changed = false;
    auto asWritten = [&](CandidateKernel &c, const std::string &why) {
      PricedKernel &pk = *c.price;
      pk.implementation = c.sub.graph;
      pk.costUs = estimatedUs(c.sub.graph, *target);
      pk.origin = "pre-defined ops (the " + pk.origin + " " + why + ")";
      pk.asWritten = true;
      changed = true;
    };
    // The largest saving over the kernel's ops alone per unit of
    // verification work first, and none started that the time left cannot
    // finish (at the rate of those verified so far): when the time runs
    // out, what is left unverified gains the least.
    auto saving = [&](unsigned k) {
      const CandidateKernel &c = cands[columns[k]];
      double own = 0;
      for (int op : c.ops.set_bits())
        own += alone[op];
      return own - c.price->costUs;
    };
    auto work = [&](const CandidateKernel &c) {
      return static_cast<double>(
                 evaluationWork(c.price->implementation).value_or(INT64_MAX)) +
             static_cast<double>(
                 evaluationWork(c.sub.graph).value_or(INT64_MAX));
    };
    // Each kernel's density computed once, not per comparison (work walks
    // both graphs).
    std::vector<std::pair<double, unsigned>> density;
    for (unsigned k : solution.order)
      density.push_back({-saving(k) / work(cands[columns[k]]), k});
    llvm::stable_sort(density, [](const auto &a, const auto &b) {
      return a.first < b.first;
    });
    std::vector<unsigned> byGain;
    for (auto [d, k] : density)
      byGain.push_back(k);
    // Predicted seconds of a verification; none starts that the time left
    // cannot finish.
    auto tooLong = [&](const CandidateKernel &c) {
      double rate = verifiedWork > kRateSampleWork
                        ? verifiedSeconds / verifiedWork
                        : kVerifySecondsPerWork;
      return options.deadline.isSet() &&
             work(c) * rate > options.deadline.secondsLeft();
    };
    for (unsigned k : byGain) {
      CandidateKernel &c = cands[columns[k]];
      PricedKernel &pk = *c.price;
      if (pk.asWritten || pk.record)
        continue;
      if (options.deadline.expired())
        break; // the rest runs as written (below)
      if (tooLong(c))
        continue; // runs as written (below)
      std::string vwhy;
      auto tk = Clock::now();
      auto rec = verifyEquivalence(pk.implementation, c.sub.graph, vopts, &vwhy);
      if (llvm::succeeded(rec)) {
        verifiedWork += work(c);
        verifiedSeconds += secondsSince(tk);
      }
      progress("verified {" + listOps(prim, c.ops) + "} in " +
               formatFixed(secondsSince(tk)) +
               " s: " + (llvm::succeeded(rec) ? rec->summary() : vwhy));
      if (llvm::succeeded(rec) && !rec->equivalent)
        return fail("the " + pk.origin + " of {" + listOps(prim, c.ops) +
                    "} is not equivalent to it (" + rec->summary() +
                    "); please report it");
      if (llvm::failed(rec) || !rec->floatStable) {
        // No verdict (memory, degrees, time) or unstable in float: the
        // kernel's ops run as written instead, and the BLP is solved again.
        asWritten(c, llvm::failed(rec)
                         ? "could not be verified: " + vwhy
                         : "failed the float check: " + rec->summary());
        continue;
      }
      pk.record = *rec;
    }
    // A candidate whose verification the time left cannot finish, and past
    // the deadline every one without a verdict, runs as written: all at
    // once, so that the solves do not go through them one by one.
    for (unsigned i : columns)
      if (!cands[i].price->asWritten && !cands[i].price->record &&
          tooLong(cands[i]))
        asWritten(cands[i], "was not verified: the time limit came first");
    result.verifySeconds += secondsSince(t);

    // 5. While search time is left: search the chosen kernels not searched
    // yet, costliest first.
    if (!changed && searchLeft > 0 && !searchEnd.expired()) {
      t = Clock::now();
      std::vector<unsigned> order = solution.order;
      llvm::stable_sort(order, [&](unsigned a, unsigned b) {
        return cands[columns[a]].price->costUs >
               cands[columns[b]].price->costUs;
      });
      for (unsigned k : order) {
        CandidateKernel &c = cands[columns[k]];
        PricedKernel &pk = *c.price;
        if (pk.searched || c.ops.count() < 2 ||
            c.ops.count() > options.searchMaxOps || searchLeft <= 0 ||
            searchEnd.expired())
          continue;
        pk.searched = true;
        SearchOptions sopts;
        sopts.target = options.target;
        sopts.threads = options.threads;
        sopts.seed = options.seed;
        sopts.delta = options.delta;
        sopts.timeLimit = std::min(options.searchTimePerKernel, searchLeft);
        sopts.deadline = searchEnd;
        auto ts = Clock::now();
        auto plan = planSearch(c.sub.graph, sopts, ExplicitOptions{});
        llvm::FailureOr<SearchResult> found = llvm::failure();
        if (llvm::succeeded(plan) && !plan->spaces.empty())
          found = superoptimizePlanned(c.sub.graph, *plan, sopts);
        searchLeft -= secondsSince(ts);
        ++result.searches;
        if (llvm::failed(found) || found->ranked.empty() ||
            !(found->ranked[0].costUs < pk.costUs - 1e-9) ||
            !found->record.equivalent || !found->record.floatStable)
          continue;
        pk.implementation = found->ranked[0].graph;
        pk.costUs = found->ranked[0].costUs;
        pk.origin = found->ranked[0].origin.empty()
                        ? "µGraph search"
                        : found->ranked[0].origin;
        pk.asWritten = false;
        pk.record = found->record;
        ++result.searchImproved;
        changed = true;
      }
      result.searchSeconds += secondsSince(t);
    }
    if (!changed)
      break;
    refreshCosts();
  }
  result.optimal = solution.optimal;
  result.gap = solution.gap;
  result.rows = solution.rows;

  // 6. Stitch the chosen kernels in their order.
  Graph &out = result.graph;
  out.level = Level::Kernel;
  std::vector<int> valueOf(prim.values.size(), -1);
  for (int in : prim.inputs)
    valueOf[in] = out.addInput(prim.type(in));
  for (unsigned k : solution.order) {
    const CandidateKernel &c = cands[columns[k]];
    const Graph &impl = c.price->implementation;
    std::vector<int> ids(impl.values.size(), -1);
    for (auto [j, v] : llvm::enumerate(c.sub.inputs))
      ids[impl.inputs[j]] = valueOf[v];
    for (const Op &op : impl.ops)
      appendCopy(out, op, impl, ids);
    for (auto [j, v] : llvm::enumerate(c.sub.outputs))
      if (valueOf[v] < 0)
        valueOf[v] = ids[impl.outputs[j]];
    OrchestratedKernel ok;
    for (int i : c.ops.set_bits())
      ok.ops.push_back(i);
    ok.costUs = c.price->costUs;
    ok.origin = c.price->origin;
    ok.verification = c.price->asWritten ? "as written"
                      : c.price->record  ? c.price->record->summary()
                                         : "not verified";
    result.kernels.push_back(std::move(ok));
  }
  for (int o : prim.outputs)
    out.outputs.push_back(valueOf[o]);
  result.costUs = result.coverUs = estimatedUs(out, *target);

  // The rule-fused whole, if it beats the cover and verifies as a whole.
  if (options.fusionIncumbent) {
    t = Clock::now();
    FusionOptions fopts;
    fopts.target = options.target;
    auto fused = fuseBlocks(program, fopts);
    if (llvm::succeeded(fused)) {
      const FusionSnapshot &best = fused->snapshots[fused->best];
      if (best.costUs < result.costUs) {
        auto rec = verifyEquivalence(best.graph, program, vopts);
        if (llvm::succeeded(rec) && rec->equivalent && rec->floatStable) {
          result.graph = best.graph;
          result.costUs = best.costUs;
          result.incumbent = "rule-based fusion (rules " +
                             fused->rulesUpTo(fused->best) + ")";
          result.wholeCheck = rec->summary();
          result.wholeStable = true;
        }
      }
    }
    result.verifySeconds += secondsSince(t);
  }

  if (options.wholeCheck && result.incumbent.empty()) {
    t = Clock::now();
    std::string vwhy;
    auto rec = verifyEquivalence(out, program, vopts, &vwhy);
    if (llvm::succeeded(rec)) {
      if (!rec->equivalent)
        return fail("the orchestrated program is not equivalent to the "
                    "program (" + rec->summary() + "); please report it");
      result.wholeCheck = rec->summary();
      result.wholeStable = rec->floatStable;
    } else {
      // No δ-bounded verdict for the whole (its degrees, say): each kernel
      // has one against its subgraph; the whole gets the float check.
      std::string fwhy;
      auto cmp = compareInFloat(out, program, vopts, &fwhy);
      if (llvm::failed(cmp)) {
        // Not even the float check fits (the whole program's tensors in
        // f64 past the evaluation memory limit): the kernels' records are
        // all there is, and the record says so.
        result.wholeCheck = "kernels verified part by part; the whole not "
                            "checked (" + vwhy + "; float check: " + fwhy +
                            ")";
        result.verifySeconds += secondsSince(t);
        result.seconds = secondsSince(start);
        return result;
      }
      if (cmp->disagrees)
        return fail("the orchestrated program disagrees with the program (" +
                    cmp->summary() + "); please report it");
      result.wholeCheck = "kernels verified part by part (the whole: " +
                          vwhy + "); whole " + cmp->summary();
      result.wholeStable = cmp->stable;
    }
    result.verifySeconds += secondsSince(t);
  }
  result.seconds = secondsSince(start);
  return result;
}

void tsopt::registerOrchestrateTasks(TaskRegistry &tasks) {
  tasks[kPriceTask] = runPriceRequest;
}
