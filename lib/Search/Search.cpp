//===- Search.cpp - The search driver -------------------===//
//
// Mirage Algorithm 1 (see Search.h and docs/search.md): prepares the forms
// of the program, runs their work items on worker threads with progress,
// time limit and checkpoints, then tiles, ranks, screens and verifies the
// candidates. The generation itself is in KernelGeneration.cpp and
// BlockGeneration.cpp, the program analysis in ProgramAnalysis.cpp.
//
//===----------------------------------------------------------------------===//

#include "Checkpoint.h"
#include "Forms.h"
#include "Tasks.h"

#include "tsopt/Core/Distribute.h"
#include "tsopt/Core/Precision.h"
#include "tsopt/Core/ShapeRules.h"
#include "tsopt/Optimize/CostModel.h"
#include "tsopt/Optimize/ThreadGraphs.h"
#include "tsopt/Search/AbstractExpr.h"
#include "tsopt/Search/Search.h"
#include "tsopt/Transforms/Rewrite.h"
#include "tsopt/Verify/Equivalence.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include "llvm/Support/xxhash.h"

#include <condition_variable>
#include <mutex>
#include <thread>

using namespace tsopt;
using namespace tsopt::search;

llvm::FailureOr<SearchResult>
tsopt::superoptimize(const Graph &program, const SearchOptions &options,
                     std::string *why) {
  return superoptimizeShared(program, options, nullptr,
                             std::numeric_limits<double>::infinity(), why);
}

const TargetDesc *tsopt::search::searchTarget(const SearchOptions &options,
                                             std::string *why) {
  // 0 is no limit; NaN would compare false everywhere and mean no limit too.
  if (!(options.timeLimit >= 0) || !(options.delta > 0 && options.delta < 1)) {
    if (why)
      *why = !(options.timeLimit >= 0)
                 ? "the time limit must be a number >= 0 (0: none)"
                 : "delta must be in (0, 1)";
    return nullptr;
  }
  const TargetDesc *target = lookupTarget(options.target);
  if (!target && why)
    *why = ("unknown target '" + options.target + "' (known: " +
            knownTargetNames() + ")")
               .str();
  return target;
}

llvm::FailureOr<SearchResult>
tsopt::search::superoptimizeShared(const Graph &program,
                                   const SearchOptions &options,
                                   ExprCache *cache, double mustBeatUs,
                                   std::string *why) {
  auto start = std::chrono::steady_clock::now();
  const TargetDesc *target = searchTarget(options, why);
  if (!target)
    return llvm::failure();
  // Generation ends at two thirds of the time; ranking, screening and
  // verification take the rest, and the best verified by then is returned.
  Deadline end = searchDeadline(options);
  if (options.maxGridDims < 1 || options.maxGridDims > 3) {
    if (why)
      *why = "max grid dims must be 1, 2 or 3";
    return llvm::failure();
  }
  SearchControl ctl;
  Forms forms;
  if (failed(forms.prepare(program, options, ctl, cache, why)))
    return llvm::failure();
  // The oracles may come from earlier searches: count this one's queries.
  std::vector<SubexprStats> exprsBefore;
  for (const auto &form : forms.searchers)
    exprsBefore.push_back(form->oracle->stats());
  const Searcher &s = *forms.searchers[0];
  ctl.deadline = end.share(2.0 / 3);
  std::vector<WorkItem> &items = forms.items;

  // The checkpoint is keyed by the program and every option that changes
  // what the search finds.
  std::string key;
  {
    llvm::raw_string_ostream os(key);
    os << "tsopt-search-v1 " << llvm::utohexstr(llvm::xxh3_64bits(
                                     serializeGraph(program)))
       << ' ' << options.maxKernelOps << ' ' << options.maxBlockOps << ' '
       << options.maxKernelOutputs << ' ' << options.maxGridDims << ' '
       << options.minGridDims << ' ' << options.requireForloop << ' '
       << options.splitReduction << ' '
       << options.noKernelOps << ' ' << options.noBlockOps << ' '
       << options.exprPruning << ' ' << options.canonicalOrder << ' '
       << options.programTemplates << ' ' << options.algebraicRewrites;
    for (OpKind kd : s.blockOps)
      os << ' ' << static_cast<int>(kd);
    os << " |";
    for (OpKind kd : s.kernelOps)
      os << ' ' << static_cast<int>(kd);
  }
  Checkpoint ckpt;
  if (!options.checkpoint.empty()) {
    // A checkpoint that cannot be written would lose the work it is for:
    // refuse before searching.
    if (std::optional<std::string> bad =
            Checkpoint::unwritable(options.checkpoint)) {
      if (why)
        *why = *bad;
      return llvm::failure();
    }
    ckpt.load(options.checkpoint, key);
  }

  SearchResult result;
  result.stats.workItems = items.size();
  std::vector<std::vector<Found>> found(items.size());
  std::vector<char> finished(items.size(), 0);
  for (auto &[item, cands] : ckpt.done) {
    if (item >= items.size())
      continue;
    finished[item] = 1;
    ++result.stats.workItemsResumed;
    for (const std::string &text : cands)
      if (auto g = deserializeGraph(text); succeeded(g))
        found[item].push_back({std::move(*g), text});
  }

  std::mutex mutex;
  std::atomic<uint64_t> doneCount{result.stats.workItemsResumed};
  std::atomic<uint64_t> candidateCount{0};
  std::atomic<bool> workersDone{false};

  // Finishing an item, here or on a worker: its candidates are kept by
  // index and checkpointed.
  auto record = [&](size_t i, std::vector<Found> local) {
    std::lock_guard<std::mutex> lock(mutex);
    for (Found &f : local)
      if (f.key.empty())
        f.key = serializeGraph(f.graph);
    candidateCount += local.size();
    if (options.maxCandidates && candidateCount >= options.maxCandidates &&
        !ctl.stop.exchange(true))
      result.stats.candidateLimit = true;
    found[i] = std::move(local);
    finished[i] = 1;
    ++doneCount;
    if (!options.checkpoint.empty()) {
      ckpt.done[i].clear();
      for (const Found &f : found[i])
        ckpt.done[i].push_back(f.key);
      ckpt.save(options.checkpoint, key);
    }
  };
  std::vector<size_t> todo;
  for (size_t i = 0; i < items.size(); ++i)
    if (!finished[i])
      todo.push_back(i);
  std::atomic<unsigned> started{0};
  auto more = [&] {
    if (ctl.timeUp())
      return false;
    if (options.stopAfterItems && ++started > options.stopAfterItems) {
      ctl.stop = true;
      return false;
    }
    return true;
  };
  auto runHere = [&](size_t j) {
    std::vector<Found> local;
    forms.run(items[todo[j]], local);
    if (!ctl.stop) // an item cut short is not recorded
      record(todo[j], std::move(local));
  };
  // The same item on a worker of the job (Tasks.h): its counters are added
  // to this search's, so they sum to a single process's.
  std::string programText = serializeGraph(program);
  std::atomic<uint64_t> remoteSolverCalls{0};
  std::map<unsigned, std::vector<size_t>> verdictsSent;
  std::string optionsText = generationOptionsText(options);
  RemoteWork remoteItems{
      kItemTask,
      [&](size_t j, unsigned worker) {
        // With the Z3 verdicts of the job the worker has not seen yet.
        std::vector<size_t> &seen = verdictsSent[worker];
        seen.resize(forms.searchers.size(), 0);
        std::vector<std::string> verdicts;
        for (auto [f, form] : llvm::enumerate(forms.searchers)) {
          verdicts.push_back(form->oracle->solvedText(seen[f]));
          seen[f] = form->oracle->numSolved();
        }
        return itemRequest(programText, optionsText, ctl.deadline, todo[j],
                           verdicts);
      },
      [&](size_t j, llvm::StringRef text) {
        // A reply that cannot be read loses nothing: the item runs here.
        std::optional<ItemReply> reply = parseItemReply(text);
        std::vector<Found> local;
        if (reply)
          for (std::string &c : reply->candidates) {
            llvm::FailureOr<Graph> g = deserializeGraph(c);
            if (failed(g)) {
              reply.reset();
              break;
            }
            local.push_back({std::move(*g), std::move(c)});
          }
        if (!reply)
          return runHere(j);
        if (!reply->finished || ctl.stop)
          return;
        ctl.states += reply->states;
        ctl.prunedShape += reply->prunedShape;
        ctl.prunedExpr += reply->prunedExpr;
        remoteSolverCalls += reply->solverCalls;
        for (auto [f, text] : llvm::enumerate(reply->verdicts))
          if (f < forms.searchers.size())
            (void)forms.searchers[f]->oracle->importVerdicts(text);
        record(todo[j], std::move(local));
      }};

  std::thread reporter;
  std::mutex reportMutex;
  std::condition_variable reportCv;
  if (options.progress) {
    reporter = std::thread([&]() {
      std::unique_lock<std::mutex> lock(reportMutex);
      while (!reportCv.wait_for(
          lock,
          std::chrono::milliseconds(
              static_cast<int64_t>(options.progressInterval * 1000)),
          [&] { return workersDone.load(); })) {
        double secs = std::chrono::duration<double>(
                          std::chrono::steady_clock::now() - start)
                          .count();
        std::string line;
        llvm::raw_string_ostream os(line);
        os << llvm::format("search: %.0fs, work items %llu/%llu, states "
                           "%llu (%.0f/s), pruned by shape %llu, by "
                           "expression %llu, candidates %llu",
                           secs, (unsigned long long)doneCount.load(),
                           (unsigned long long)items.size(),
                           (unsigned long long)ctl.states.load(),
                           ctl.states.load() / std::max(secs, 1e-3),
                           (unsigned long long)ctl.prunedShape.load(),
                           (unsigned long long)ctl.prunedExpr.load(),
                           (unsigned long long)candidateCount.load());
        options.progress(line);
      }
    });
  }
  distributedFor(todo.size(), options.threads, runHere, &remoteItems, more);
  {
    std::lock_guard<std::mutex> lock(reportMutex);
    workersDone = true;
  }
  reportCv.notify_all();
  if (reporter.joinable())
    reporter.join();

  result.stats.timedOut = ctl.stop.load();
  result.stats.workItemsDone = doneCount.load();

  // Rank first, screen second: every candidate gets its thread graphs and
  // its extents and is estimated (cheap); then candidates are screened and
  // verified in order of estimated time until `topN` pass. Sorting is
  // stable over item order, so the result is deterministic.
  struct Pending {
    Graph tiled, untiled;
    double cost, untiledCost;
    unsigned form;
  };
  std::vector<Pending> pending;
  std::set<std::string> seen;
  auto programCost = estimateCost(program, *target);
  result.programCostUs = succeeded(programCost)
                             ? programCost->totalUs
                             : std::numeric_limits<double>::infinity();
  // Past the end, candidates not yet estimated are dropped, screening
  // stops and a verification in progress is cut: the best verified so far
  // wins, if any.
  auto late = [&] { return end.expired(); };
  auto pastFinalDeadline = [&] {
    if (!late())
      return false;
    result.stats.timedOut = true;
    return true;
  };
  // The distinct candidates in generation order, then each priced (thread
  // graphs, extents, estimate) on the worker threads: tiling tries every
  // combination of extents and dominates this phase.
  std::vector<std::pair<const Found *, unsigned>> distinct;
  for (auto [item, list] : llvm::enumerate(found))
    for (Found &f : list) {
      if (f.key.empty())
        f.key = serializeGraph(f.graph);
      if (seen.insert(f.key).second)
        distinct.push_back({&f, items[item].form});
    }
  std::vector<std::optional<Pending>> priced(distinct.size());
  {
    std::atomic<bool> cut{false};
    auto keep = [&](size_t i, std::optional<PricedCandidate> p) {
      if (p)
        priced[i] = Pending{std::move(p->tiled), std::move(p->untiled), p->cost,
                            p->untiledCost, distinct[i].second};
    };
    auto priceHere = [&](size_t i) {
      keep(i, priceCandidate(distinct[i].first->graph, program, options,
                             *target, end));
    };
    RemoteWork remotePrices{
        kPriceTask,
        [&](size_t i, unsigned) {
          return priceRequest(programText, distinct[i].first->key, optionsText);
        },
        [&](size_t i, llvm::StringRef text) {
          if (std::optional<std::optional<PricedCandidate>> p =
                  parsePriceReply(text))
            keep(i, std::move(*p));
          else
            priceHere(i);
        }};
    distributedFor(distinct.size(), options.threads, priceHere, &remotePrices,
                   [&] {
                     if (!late())
                       return true;
                     cut = true;
                     return false;
                   });
    if (cut)
      result.stats.timedOut = true;
  }
  result.stats.candidates = distinct.size();
  for (std::optional<Pending> &p : priced)
    if (p)
      pending.push_back(std::move(*p));
  std::stable_sort(pending.begin(), pending.end(),
                   [](const Pending &a, const Pending &b) {
                     return a.cost < b.cost;
                   });
  VerifyOptions vopts;
  vopts.delta = options.delta;
  vopts.seed = options.seed;
  vopts.threads = std::max(1u, options.threads);
  vopts.deadline = end;
  auto pastDeadline = [&] { return ctl.deadline.expired(); };
  // Screens run one candidate after another in the order of the estimates,
  // and the first that passes is verified. With more hands than one screen
  // uses (threads beyond two, the workers of a job), the next candidates
  // are screened at once, ahead; their verdicts are used in the same order,
  // so the answer is the one screening them one by one gives.
  WorkDistributor *distributor = workDistributor();
  size_t ahead = (distributor ? distributor->workers() : 0) +
                 std::max(1u, options.threads / 2);
  std::vector<std::optional<llvm::FailureOr<bool>>> screened(pending.size());
  auto screenAhead = [&](size_t from) {
    std::vector<size_t> batch;
    for (size_t j = from; j < pending.size() && batch.size() < ahead; ++j) {
      if (pending[j].cost >= mustBeatUs)
        break;
      if (!screened[j] &&
          !(cache && cache->rejected.count(serializeGraph(pending[j].tiled))))
        batch.push_back(j);
    }
    auto screenHere = [&](size_t b) {
      screened[batch[b]] = screenEquivalence(pending[batch[b]].tiled, program,
                                             options.seed, 1, end);
    };
    RemoteWork remote{kScreenTask,
                      [&](size_t b, unsigned) {
                        return screenRequest(pending[batch[b]].tiled, program,
                                             options.seed, end);
                      },
                      [&](size_t b, llvm::StringRef text) {
                        std::optional<llvm::FailureOr<bool>> verdict =
                            parseScreenReply(text);
                        if (verdict)
                          screened[batch[b]] = *verdict;
                        else
                          screenHere(b);
                      }};
    distributedFor(batch.size(), options.threads, screenHere, &remote);
  };
  for (size_t i = 0; i < pending.size(); ++i) {
    Pending &p = pending[i];
    // Sorted by estimate: nothing from here on can beat the incumbent.
    if (p.cost >= mustBeatUs)
      break;
    if (result.ranked.size() >= std::max(1u, options.topN) ||
        (pastDeadline() && !result.ranked.empty()) || pastFinalDeadline())
      break;
    // The screen, at the chosen extents; a tiling that changed the function
    // (e.g. a combine loop that no longer walks whole chunks) falls back to
    // the extents the search used.
    // Candidates an earlier search of the same program rejected (a planned
    // search's spaces overlap) are not screened again.
    std::string key = serializeGraph(p.tiled);
    if (cache && cache->rejected.count(key))
      continue;
    llvm::FailureOr<bool> same = llvm::failure();
    if (ahead > 1) {
      if (!screened[i])
        screenAhead(i);
      same = *screened[i];
    }
    Candidate cand{std::move(p.tiled), p.cost, ""};
    if (ahead <= 1)
      same = screenEquivalence(cand.graph, program, options.seed, vopts.threads,
                               end);
    if ((failed(same) || !*same) && std::isfinite(p.untiledCost) &&
        serializeGraph(p.untiled) != serializeGraph(cand.graph)) {
      cand = {std::move(p.untiled), p.untiledCost, ""};
      same = screenEquivalence(cand.graph, program, options.seed, vopts.threads,
                               end);
    }
    if (late())
      break; // cut, not rejected: not remembered as a failure
    if (failed(same) || !*same || !std::isfinite(cand.costUs)) {
      if (cache)
        cache->rejected.insert(key);
      continue;
    }
    ++result.stats.screenedEquivalent;
    // The δ-bounded check and the float check.
    auto rec = verifyEquivalence(cand.graph, program, vopts);
    if (failed(rec) || !rec->equivalent || !rec->floatStable)
      continue;
    ++result.stats.verified;
    if (result.ranked.empty())
      result.record = *rec;
    cand.structure = describeStructure(cand.graph);
    if (p.form > 0)
      cand.rewrites = llvm::join(forms.rewritten->rules, ", ");
    result.ranked.push_back(std::move(cand));
  }
  for (auto [f, form] : llvm::enumerate(forms.searchers)) {
    SubexprStats es = form->oracle->stats();
    result.stats.solverCalls += es.solverCalls - exprsBefore[f].solverCalls;
    result.stats.exprCacheHits += es.cacheHits - exprsBefore[f].cacheHits;
  }
  result.stats.solverCalls += remoteSolverCalls;
  result.stats.states = ctl.states;
  result.stats.prunedShape = ctl.prunedShape;
  result.stats.prunedExpr = ctl.prunedExpr;
  result.stats.seconds = std::chrono::duration<double>(
                             std::chrono::steady_clock::now() - start)
                             .count();
  return result;
}

llvm::FailureOr<std::vector<Graph>>
tsopt::enumerateCandidates(const Graph &program, const SearchOptions &options,
                           std::string *why) {
  SearchControl ctl;
  Forms forms;
  if (failed(forms.prepare(program, options, ctl, nullptr, why)))
    return llvm::failure();
  std::vector<Graph> all;
  for (const WorkItem &item : forms.items) {
    std::vector<Found> found;
    forms.run(item, found);
    for (Found &f : found)
      all.push_back(std::move(f.graph));
  }
  return all;
}
