//===- Tasks.cpp - The search's items as requests and replies -------------===//
//
// See Tasks.h. Doubles travel as their bits, so a worker's estimate is the
// estimate this process would compute; graphs travel as GraphText.
//
//===----------------------------------------------------------------------===//

#include "Tasks.h"
#include "Forms.h"

#include "tsopt/Core/Distribute.h"
#include "tsopt/Core/GraphText.h"
#include "tsopt/Core/Precision.h"
#include "tsopt/Optimize/CostModel.h"
#include "tsopt/Optimize/ThreadGraphs.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <limits>
#include <memory>

using namespace tsopt;
using namespace tsopt::search;

namespace {
std::optional<uint64_t> parseCount(llvm::StringRef text) {
  uint64_t n;
  if (text.getAsInteger(10, n))
    return std::nullopt;
  return n;
}

template <typename Range> llvm::json::Array intArray(const Range &values) {
  llvm::json::Array a;
  for (auto v : values)
    a.push_back(static_cast<int64_t>(v));
  return a;
}

/// The options of generationOptionsText, read back over defaults.
std::optional<SearchOptions> parseGenerationOptions(llvm::StringRef text) {
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(text);
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return std::nullopt;
  }
  const llvm::json::Object *o = parsed->getAsObject();
  if (!o)
    return std::nullopt;
  SearchOptions opts;
  bool ok = true;
  auto count = [&](llvm::StringRef key, unsigned &to) {
    std::optional<int64_t> v = o->getInteger(key);
    ok &= v.has_value();
    if (v)
      to = static_cast<unsigned>(*v);
  };
  auto flag = [&](llvm::StringRef key, bool &to) {
    std::optional<bool> v = o->getBoolean(key);
    ok &= v.has_value();
    if (v)
      to = *v;
  };
  auto ints = [&](llvm::StringRef key, auto &to) {
    const llvm::json::Array *a = o->getArray(key);
    ok &= a != nullptr;
    if (!a)
      return;
    to.clear();
    for (const llvm::json::Value &v : *a) {
      std::optional<int64_t> i = v.getAsInteger();
      ok &= i.has_value();
      if (i)
        to.push_back(static_cast<std::decay_t<decltype(to[0])>>(*i));
    }
  };
  count("maxKernelOps", opts.maxKernelOps);
  count("maxBlockOps", opts.maxBlockOps);
  count("maxKernelOutputs", opts.maxKernelOutputs);
  count("maxGridDims", opts.maxGridDims);
  count("minGridDims", opts.minGridDims);
  flag("requireForloop", opts.requireForloop);
  flag("splitReduction", opts.splitReduction);
  ints("gridExtents", opts.gridExtents);
  ints("forloopExtents", opts.forloopExtents);
  ints("blockOps", opts.blockOps);
  ints("kernelOps", opts.kernelOps);
  flag("noKernelOps", opts.noKernelOps);
  flag("noBlockOps", opts.noBlockOps);
  flag("exprPruning", opts.exprPruning);
  flag("graphDefinedKernels", opts.graphDefinedKernels);
  flag("canonicalOrder", opts.canonicalOrder);
  flag("programTemplates", opts.programTemplates);
  flag("algebraicRewrites", opts.algebraicRewrites);
  std::optional<llvm::StringRef> target = o->getString("target");
  ok &= target.has_value();
  if (target)
    opts.target = target->str();
  if (!ok)
    return std::nullopt;
  opts.threads = 1;
  return opts;
}

/// What one worker keeps between items: the forms of the search it last
/// ran items of, and the expression state of its program (the searches of
/// a plan's spaces share a program).
struct ItemWorker {
  std::string key;
  std::unique_ptr<Graph> program;
  std::unique_ptr<SearchOptions> options;
  std::unique_ptr<SearchControl> ctl;
  std::unique_ptr<Forms> forms;
  std::string cacheProgram;
  ExprCache cache;

  std::string run(llvm::StringRef request) {
    std::optional<std::vector<llvm::StringRef>> fields = unpackFields(request);
    std::optional<Deadline> deadline;
    std::optional<uint64_t> item;
    if (!fields || fields->size() != 5 ||
        !(deadline = parseDeadlineField((*fields)[2])) ||
        !(item = parseCount((*fields)[3])))
      return taskError("not a search item request");
    llvm::StringRef programText = (*fields)[0], optionsText = (*fields)[1];
    std::string wanted = packFields({programText, optionsText});
    if (wanted != key || !forms) {
      forms.reset();
      key.clear();
      llvm::FailureOr<Graph> g = deserializeGraph(programText);
      std::optional<SearchOptions> o = parseGenerationOptions(optionsText);
      if (failed(g) || !o)
        return taskError("unreadable program or options");
      if (programText != cacheProgram) {
        cache = ExprCache();
        cacheProgram = programText.str();
      }
      program = std::make_unique<Graph>(std::move(*g));
      options = std::make_unique<SearchOptions>(std::move(*o));
      ctl = std::make_unique<SearchControl>();
      forms = std::make_unique<Forms>();
      std::string why;
      if (failed(forms->prepare(*program, *options, *ctl, &cache, &why))) {
        forms.reset();
        return taskError(why);
      }
      key = std::move(wanted);
    }
    std::optional<std::vector<llvm::StringRef>> verdicts =
        unpackFields((*fields)[4]);
    if (!verdicts)
      return taskError("unreadable verdicts");
    std::vector<size_t> marks;
    for (auto [f, form] : llvm::enumerate(forms->searchers)) {
      if (f < verdicts->size() && !form->oracle->importVerdicts((*verdicts)[f]))
        return taskError("unreadable verdicts");
      marks.push_back(form->oracle->numSolved());
    }
    if (*item >= forms->items.size())
      return taskError("no work item " + std::to_string(*item));
    ctl->states = ctl->prunedShape = ctl->prunedExpr = 0;
    ctl->stop = false;
    ctl->deadline = *deadline;
    auto solverCalls = [&] {
      uint64_t calls = 0;
      for (const auto &form : forms->searchers)
        calls += form->oracle->stats().solverCalls;
      return calls;
    };
    uint64_t callsBefore = solverCalls();
    std::vector<Found> found;
    forms->run(forms->items[*item], found);
    if (ctl->stop)
      return packFields({"cut"});
    std::string states = std::to_string(ctl->states.load());
    std::string shape = std::to_string(ctl->prunedShape.load());
    std::string expr = std::to_string(ctl->prunedExpr.load());
    std::string calls = std::to_string(solverCalls() - callsBefore);
    std::vector<std::string> learned;
    for (auto [f, form] : llvm::enumerate(forms->searchers))
      learned.push_back(form->oracle->solvedText(marks[f]));
    std::vector<llvm::StringRef> learnedRefs(learned.begin(), learned.end());
    std::string verdictsOut = packFields(learnedRefs);
    std::vector<std::string> texts;
    for (const Found &f : found)
      texts.push_back(serializeGraph(f.graph));
    std::vector<llvm::StringRef> out = {"done", states, shape,
                                        expr,   calls,  verdictsOut};
    out.insert(out.end(), texts.begin(), texts.end());
    return packFields(out);
  }
};

std::string priceReplyText(const std::optional<PricedCandidate> &p) {
  if (!p)
    return packFields({"none"});
  std::string tiled = serializeGraph(p->tiled);
  std::string untiled = serializeGraph(p->untiled);
  return packFields({"price", tiled, untiled, doubleField(p->cost),
                     doubleField(p->untiledCost)});
}

std::string runPriceRequest(llvm::StringRef request) {
  std::optional<std::vector<llvm::StringRef>> fields = unpackFields(request);
  if (!fields || fields->size() != 3)
    return taskError("not a price request");
  llvm::FailureOr<Graph> program = deserializeGraph((*fields)[0]);
  llvm::FailureOr<Graph> candidate = deserializeGraph((*fields)[1]);
  std::optional<SearchOptions> options = parseGenerationOptions((*fields)[2]);
  if (failed(program) || failed(candidate) || !options)
    return taskError("unreadable program, candidate or options");
  const TargetDesc *target = lookupTarget(options->target);
  if (!target)
    return taskError("unknown target '" + options->target + "'");
  return priceReplyText(
      priceCandidate(*candidate, *program, *options, *target));
}
} // namespace

std::string search::generationOptionsText(const SearchOptions &o) {
  llvm::SmallVector<int64_t> blockOps, kernelOps;
  for (OpKind k : o.blockOps)
    blockOps.push_back(static_cast<int64_t>(k));
  for (OpKind k : o.kernelOps)
    kernelOps.push_back(static_cast<int64_t>(k));
  llvm::json::Object obj{
      {"maxKernelOps", o.maxKernelOps},
      {"maxBlockOps", o.maxBlockOps},
      {"maxKernelOutputs", o.maxKernelOutputs},
      {"maxGridDims", o.maxGridDims},
      {"minGridDims", o.minGridDims},
      {"requireForloop", o.requireForloop},
      {"splitReduction", o.splitReduction},
      {"gridExtents", intArray(o.gridExtents)},
      {"forloopExtents", intArray(o.forloopExtents)},
      {"blockOps", intArray(blockOps)},
      {"kernelOps", intArray(kernelOps)},
      {"noKernelOps", o.noKernelOps},
      {"noBlockOps", o.noBlockOps},
      {"exprPruning", o.exprPruning},
      {"graphDefinedKernels", o.graphDefinedKernels},
      {"canonicalOrder", o.canonicalOrder},
      {"programTemplates", o.programTemplates},
      {"algebraicRewrites", o.algebraicRewrites},
      {"target", o.target},
  };
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::json::Value(std::move(obj));
  return text;
}

std::string search::itemRequest(llvm::StringRef programText,
                                llvm::StringRef optionsText,
                                const Deadline &deadline, size_t item,
                                llvm::ArrayRef<std::string> verdicts) {
  std::string index = std::to_string(item);
  std::vector<llvm::StringRef> refs(verdicts.begin(), verdicts.end());
  std::string packed = packFields(refs);
  return packFields(
      {programText, optionsText, deadlineField(deadline), index, packed});
}

std::optional<ItemReply> search::parseItemReply(llvm::StringRef text) {
  std::optional<std::vector<llvm::StringRef>> fields = unpackFields(text);
  if (!fields || fields->empty())
    return std::nullopt;
  ItemReply reply;
  if ((*fields)[0] == "cut" && fields->size() == 1)
    return reply;
  std::optional<uint64_t> states, shape, expr, calls;
  std::optional<std::vector<llvm::StringRef>> verdicts;
  if ((*fields)[0] != "done" || fields->size() < 6 ||
      !(states = parseCount((*fields)[1])) ||
      !(shape = parseCount((*fields)[2])) ||
      !(expr = parseCount((*fields)[3])) ||
      !(calls = parseCount((*fields)[4])) ||
      !(verdicts = unpackFields((*fields)[5])))
    return std::nullopt;
  reply.finished = true;
  reply.states = *states;
  reply.prunedShape = *shape;
  reply.prunedExpr = *expr;
  reply.solverCalls = *calls;
  for (llvm::StringRef v : *verdicts)
    reply.verdicts.push_back(v.str());
  for (llvm::StringRef c : llvm::drop_begin(*fields, 6))
    reply.candidates.push_back(c.str());
  return reply;
}

std::optional<PricedCandidate>
search::priceCandidate(const Graph &candidate, const Graph &program,
                       const SearchOptions &options, const TargetDesc &target,
                       const Deadline &stop) {
  // Element-wise chains run in registers (DESIGN §2.3); the cost model sees
  // the µGraph as it will be emitted.
  Graph fused = formThreadGraphs(candidate);
  planPrecision(fused);
  double cost;
  Graph tiled = tileExtents(fused, program, options.gridExtents,
                            options.forloopExtents, target, cost, stop);
  double untiledCost = estimatedUs(fused, target);
  if (!std::isfinite(cost) && !std::isfinite(untiledCost))
    return std::nullopt;
  return PricedCandidate{std::move(tiled), std::move(fused), cost, untiledCost};
}

std::string search::priceRequest(llvm::StringRef programText,
                                 llvm::StringRef candidateText,
                                 llvm::StringRef optionsText) {
  return packFields({programText, candidateText, optionsText});
}

std::optional<std::optional<PricedCandidate>>
search::parsePriceReply(llvm::StringRef text) {
  std::optional<std::vector<llvm::StringRef>> fields = unpackFields(text);
  if (!fields || fields->empty())
    return std::nullopt;
  if ((*fields)[0] == "none" && fields->size() == 1)
    return std::optional<PricedCandidate>();
  std::optional<double> cost, untiledCost;
  if ((*fields)[0] != "price" || fields->size() != 5 ||
      !(cost = parseDoubleField((*fields)[3])) ||
      !(untiledCost = parseDoubleField((*fields)[4])))
    return std::nullopt;
  llvm::FailureOr<Graph> tiled = deserializeGraph((*fields)[1]);
  llvm::FailureOr<Graph> untiled = deserializeGraph((*fields)[2]);
  if (failed(tiled) || failed(untiled))
    return std::nullopt;
  return std::optional<PricedCandidate>(PricedCandidate{
      std::move(*tiled), std::move(*untiled), *cost, *untiledCost});
}

void tsopt::registerSearchTasks(TaskRegistry &tasks) {
  auto worker = std::make_shared<ItemWorker>();
  tasks[kItemTask] = [worker](llvm::StringRef request) {
    return worker->run(request);
  };
  tasks[kPriceTask] = runPriceRequest;
}
