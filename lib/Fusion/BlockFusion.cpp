//===- BlockFusion.cpp - Rule-based block fusion (Blockbuster) ------------===//

#include "tsopt/Fusion/BlockFusion.h"
#include "tsopt/Core/Precision.h"
#include "tsopt/Transforms/Fission.h"

#include "FusedKernel.h"
#include "tsopt/Core/GraphText.h"
#include "tsopt/Optimize/Tiling.h"

#include "tsopt/Optimize/CostModel.h"
#include "tsopt/Transforms/Rewrite.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <chrono>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <set>

using namespace tsopt;
using namespace tsopt::fusion;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// The ops of the program in one kernel (several) or left pre-defined (one
/// op, no plan).
struct Group {
  std::vector<int> ops;
  std::optional<KernelPlan> plan;
  double costUs = 0;
  bool alive = true;
};

class Fuser {
public:
  Fuser(const Graph &program, const TargetDesc &target)
      : bp(program), target(target), groupOf(program.ops.size()) {
    for (size_t i = 0; i < program.ops.size(); ++i) {
      groupOf[i] = groups.size();
      groups.push_back({{static_cast<int>(i)},
                        std::nullopt,
                        predefinedCost(bp, i, target),
                        true});
    }
  }

  /// Rules 9, 3, 1, 2 in priority order until none applies; `guided`: a
  /// rule applies only where the fused kernel is estimated faster.
  void fuseAll(bool replicate, bool guided);
  /// Rule 6: the most profitable merge that replicates work; false when
  /// none pays (`guided`) or none is possible.
  bool extend(bool guided);
  /// The kernel graph of the current groups.
  Graph assemble();

  BlockProgram bp;
  const TargetDesc &target;
  std::vector<int> groupOf;
  std::vector<Group> groups;
  std::vector<FusionStep> steps;

private:
  const KernelPlan *planFor(const std::vector<int> &ops, bool replicate);
  std::vector<int> mergedOps(int a, int b) const;
  /// Groups reading a result of group `a`.
  llvm::SmallVector<int, 4> successors(int a) const;
  /// Merging `a` and `b` leaves the group graph acyclic: no path between
  /// them passes through a third group.
  bool convex(int a, int b) const;
  bool reaches(int from, int to, int skipDirect) const;
  void merge(int a, int b, const KernelPlan &plan);
  std::string describe(int group) const;
  /// Candidate pairs (producer group, consumer group or sibling) for `rule`.
  std::vector<std::pair<int, int>> pairs(unsigned rule) const;

  /// `plan`'s kernel with its extents chosen over every combination (the
  /// search's tiling): planKernel's descent, run while the kernel grew, can
  /// miss the best; done once per kernel of a snapshot.
  const Graph &retiled(const std::vector<int> &ops, const KernelPlan &plan);

  std::map<std::pair<std::vector<int>, bool>, std::optional<KernelPlan>> memo;
  /// By ops and estimate (a group re-planned with replication keeps its
  /// ops).
  std::map<std::pair<std::vector<int>, double>, Graph> retiledKernels;
};

const Graph &Fuser::retiled(const std::vector<int> &ops,
                            const KernelPlan &plan) {
  auto key = std::make_pair(ops, plan.costUs);
  auto it = retiledKernels.find(key);
  if (it != retiledKernels.end())
    return it->second;
  double cost;
  Graph g = tileExtents(plan.graph, plan.graph, kDefaultGridExtents,
                        kDefaultForloopExtents, target, cost);
  return retiledKernels
      .emplace(key, cost < plan.costUs ? std::move(g) : plan.graph)
      .first->second;
}

const KernelPlan *Fuser::planFor(const std::vector<int> &ops, bool replicate) {
  auto key = std::make_pair(ops, replicate);
  auto it = memo.find(key);
  if (it == memo.end())
    it = memo.emplace(key, planKernel(bp, ops, replicate, target)).first;
  return it->second ? &*it->second : nullptr;
}

std::vector<int> Fuser::mergedOps(int a, int b) const {
  std::vector<int> ops = groups[a].ops;
  ops.insert(ops.end(), groups[b].ops.begin(), groups[b].ops.end());
  llvm::sort(ops);
  return ops;
}

llvm::SmallVector<int, 4> Fuser::successors(int a) const {
  llvm::SmallVector<int, 4> out;
  for (int i : groups[a].ops)
    for (int r : bp.graph.ops[i].results)
      for (int u : bp.users[r]) {
        int gu = groupOf[u];
        if (gu != a && !llvm::is_contained(out, gu))
          out.push_back(gu);
      }
  return out;
}

bool Fuser::reaches(int from, int to, int skipDirect) const {
  // Depth-first from `from`'s successors other than `skipDirect` itself.
  std::vector<int> stack;
  std::set<int> seen;
  for (int s : successors(from))
    if (s != skipDirect)
      stack.push_back(s);
  while (!stack.empty()) {
    int x = stack.back();
    stack.pop_back();
    if (x == to)
      return true;
    if (!seen.insert(x).second)
      continue;
    for (int s : successors(x))
      stack.push_back(s);
  }
  return false;
}

bool Fuser::convex(int a, int b) const {
  return !reaches(a, b, b) && !reaches(b, a, a);
}

std::string Fuser::describe(int group) const {
  std::string s = "{";
  for (auto [k, i] : llvm::enumerate(groups[group].ops)) {
    if (k == 4) {
      s += ", +" + std::to_string(groups[group].ops.size() - 4);
      break;
    }
    s += (k ? ", " : "") + stringifyOpKind(bp.graph.ops[i].kind).str();
  }
  return s + "}";
}

void Fuser::merge(int a, int b, const KernelPlan &plan) {
  groups[a].ops = mergedOps(a, b);
  groups[a].plan = plan;
  groups[a].costUs = plan.costUs;
  groups[b].alive = false;
  groups[b].ops.clear();
  for (int i : groups[a].ops)
    groupOf[i] = a;
}

std::vector<std::pair<int, int>> Fuser::pairs(unsigned rule) const {
  const Graph &g = bp.graph;
  std::vector<std::pair<int, int>> out;
  auto add = [&](int a, int b) {
    if (a != b && groups[a].alive && groups[b].alive &&
        !llvm::is_contained(out, std::make_pair(a, b)))
      out.emplace_back(a, b);
  };
  auto allElementwise = [&](int grp) {
    return llvm::all_of(groups[grp].ops,
                        [&](int i) { return bp.elementwise(i); });
  };
  if (rule == 2) {
    // Siblings: two groups reading the same value, neither reading the
    // other.
    for (size_t v = 0; v < g.values.size(); ++v) {
      const std::vector<int> &us = bp.users[v];
      for (size_t x = 0; x < us.size(); ++x)
        for (size_t y = x + 1; y < us.size(); ++y) {
          int a = groupOf[us[x]], b = groupOf[us[y]];
          if (a > b)
            std::swap(a, b);
          add(a, b);
        }
    }
    return out;
  }
  for (auto [i, op] : llvm::enumerate(g.ops))
    for (int r : op.results)
      for (int u : bp.users[r]) {
        int a = groupOf[i], b = groupOf[u];
        OpKind uk = g.ops[u].kind;
        bool reduction = uk == OpKind::ReduceSum || uk == OpKind::ReduceMax ||
                         uk == OpKind::RmsNorm;
        if ((rule == 9 && allElementwise(a) && allElementwise(b)) ||
            (rule == 3 && reduction) || rule == 1 || rule == 6)
          add(a, b);
      }
  if (rule == 6)
    for (auto p : pairs(2))
      add(p.first, p.second);
  return out;
}

void Fuser::fuseAll(bool replicate, bool guided) {
  static const unsigned kOrder[] = {9, 3, 1, 2};
  bool merged = true;
  while (merged) {
    merged = false;
    for (unsigned rule : kOrder) {
      for (auto [a, b] : pairs(rule)) {
        if (!convex(a, b))
          continue;
        const KernelPlan *plan = planFor(mergedOps(a, b), replicate);
        if (!plan ||
            (guided && plan->costUs >= groups[a].costUs + groups[b].costUs))
          continue;
        std::string what = "fused " + describe(b) + " into " + describe(a);
        steps.push_back({rule, what});
        merge(a, b, *plan);
        merged = true;
        break;
      }
      if (merged)
        break;
    }
  }
}

bool Fuser::extend(bool guided) {
  double bestSaving = guided ? 0 : -kInf;
  std::pair<int, int> best = {-1, -1};
  const KernelPlan *bestPlan = nullptr;
  for (auto [a, b] : pairs(6)) {
    if (!convex(a, b))
      continue;
    const KernelPlan *plan = planFor(mergedOps(a, b), true);
    if (!plan)
      continue;
    double saving = groups[a].costUs + groups[b].costUs - plan->costUs;
    if (saving > bestSaving) {
      bestSaving = saving;
      best = {a, b};
      bestPlan = plan;
    }
  }
  // A kernel's own grid extended over variables some of its ops do not
  // range over.
  for (auto [gi, grp] : llvm::enumerate(groups)) {
    if (!grp.alive || !grp.plan)
      continue;
    const KernelPlan *plan = planFor(grp.ops, true);
    if (!plan || !plan->replicates)
      continue;
    // Only where it pays, in both sequences: it merges nothing.
    double saving = grp.costUs - plan->costUs;
    if (saving > std::max(bestSaving, 0.0)) {
      bestSaving = saving;
      best = {static_cast<int>(gi), static_cast<int>(gi)};
      bestPlan = plan;
    }
  }
  if (!bestPlan)
    return false;
  auto [a, b] = best;
  if (a == b) {
    steps.push_back(
        {6, "extended the grid of " + describe(a) + " (replicated work)"});
    groups[a].plan = *bestPlan;
    groups[a].costUs = bestPlan->costUs;
    return true;
  }
  std::string what = "extended " + describe(a) + " over " + describe(b) +
                     (bestPlan->replicates ? " (replicated work)" : "");
  steps.push_back({6, what});
  KernelPlan plan = *bestPlan;
  merge(a, b, plan);
  return true;
}

Graph Fuser::assemble() {
  const Graph &g = bp.graph;
  Graph out;
  std::vector<int> map(g.values.size(), -1);
  for (int in : g.inputs)
    map[in] = out.addInput(g.type(in));
  // Groups in a topological order, the one with the first op first.
  std::vector<int> order;
  std::vector<int> pending(groups.size(), 0);
  std::set<std::pair<int, int>> ready; // (first op, group)
  for (auto [gi, grp] : llvm::enumerate(groups)) {
    if (!grp.alive)
      continue;
    for (int i : grp.ops)
      for (int o : g.ops[i].operands)
        if (bp.producer[o] >= 0 && groupOf[bp.producer[o]] != (int)gi)
          ++pending[gi];
    if (!pending[gi])
      ready.insert({grp.ops.front(), gi});
  }
  while (!ready.empty()) {
    int gi = ready.begin()->second;
    ready.erase(ready.begin());
    order.push_back(gi);
    for (int i : groups[gi].ops)
      for (int r : g.ops[i].results)
        for (int u : bp.users[r]) {
          int gu = groupOf[u];
          if (gu == gi)
            continue;
          // One decrement per operand occurrence counted above.
          for (int o : g.ops[u].operands)
            if (o == r && --pending[gu] == 0)
              ready.insert({groups[gu].ops.front(), gu});
        }
  }
  for (int gi : order) {
    const Group &grp = groups[gi];
    if (!grp.plan) {
      appendCopy(out, g.ops[grp.ops.front()], g, map);
      continue;
    }
    // The plan's kernels (one, or a split reduction's two), its inputs
    // and results mapped to the program's values.
    const KernelPlan &plan = *grp.plan;
    const Graph &kernels = retiled(grp.ops, plan);
    std::vector<int> local(kernels.values.size(), -1);
    for (auto [k, v] : llvm::enumerate(plan.inputs))
      local[kernels.inputs[k]] = map[v];
    for (const Op &op : kernels.ops)
      appendCopy(out, op, kernels, local);
    for (auto [k, v] : llvm::enumerate(plan.outputs))
      map[v] = local[kernels.outputs[k]];
  }
  for (int o : g.outputs)
    out.outputs.push_back(map[o]);
  return out;
}

/// `g` with ops that repeat an earlier op (same kind, operands and
/// attributes) dropped, their readers reading the earlier result: rules 8
/// and 4 rewrite each matmul a scale feeds on its own, and leave copies of
/// the scale's statistics.
Graph withoutRepeatedOps(const Graph &g) {
  Graph out;
  out.level = g.level;
  std::vector<int> map(g.values.size(), -1);
  for (int in : g.inputs)
    map[in] = out.addInput(g.type(in));
  std::map<std::string, int> seen;
  for (const Op &op : g.ops) {
    uint64_t scalarBits;
    std::memcpy(&scalarBits, &op.scalar, sizeof scalarBits);
    std::string key = std::to_string(static_cast<int>(op.kind)) + "|" +
                      std::to_string(op.dim) + "|" +
                      std::to_string(scalarBits) + "|";
    for (int o : op.operands)
      key += std::to_string(map[o]) + ",";
    key += "|";
    for (int64_t p : op.perm)
      key += std::to_string(p) + ",";
    bool pure = op.results.size() == 1 && !op.body;
    if (pure) {
      key += "|" + formatShape(g.type(op.results[0]).shape);
      if (auto it = seen.find(key); it != seen.end()) {
        map[op.results[0]] = it->second;
        continue;
      }
    }
    int first = appendCopy(out, op, g, map);
    if (pure)
      seen[key] = first;
  }
  for (int o : g.outputs)
    out.outputs.push_back(map[o]);
  return out;
}

/// Blockbuster's number of an algebraic rule of Rewrite.h.
unsigned ruleNumber(llvm::StringRef name) {
  return llvm::StringSwitch<unsigned>(name)
      .Case("duplicate-row-scale", 8)
      .Case("row-scale-past-matmul", 4)
      .Case("matmul-past-rms-norm", 4)
      .Default(5); // matmul-past-row-shift, centred-variance
}

} // namespace

llvm::FailureOr<FusionResult> tsopt::fuseBlocks(const Graph &program,
                                                const FusionOptions &options,
                                                std::string *why) {
  auto start = std::chrono::steady_clock::now();
  auto fail = [&](const std::string &msg) -> llvm::FailureOr<FusionResult> {
    if (why)
      *why = msg;
    return llvm::failure();
  };
  const TargetDesc *target = lookupTarget(options.target);
  if (!target)
    return fail("unknown target '" + options.target +
                "' (known: " + knownTargetNames().str() + ")");
  if (program.level != Level::Kernel ||
      llvm::any_of(program.ops,
                   [](const Op &op) { return op.kind == OpKind::Kernel; }))
    return fail("rule-based fusion takes a kernel graph of pre-defined ops");

  FusionResult result;
  auto programCost = estimateCost(program, *target);
  result.programCostUs =
      succeeded(programCost) && programCost->fits ? programCost->totalUs : kInf;

  Graph form = program;
  std::vector<FusionStep> algebraic;
  if (options.algebraicRules)
    if (auto rewritten = rewriteAlgebraically(program, RewriteRules::Fusion)) {
      form = withoutRepeatedOps(rewritten->graph);
      for (llvm::StringRef rule : rewritten->rules)
        algebraic.push_back({ruleNumber(rule), rule.str()});
    }

  // The rules see composite ops as their primitives (Fission.h); those
  // without a primitive form stay whole and are reported as unfused below.
  form = fission(form).graph;
  BlockProgram bp(form);
  for (size_t i = 0; i < form.ops.size(); ++i) {
    std::string reason = bp.unfusable(i);
    if (!reason.empty())
      result.unfused.push_back("kgraph." +
                               stringifyOpKind(form.ops[i].kind).str() +
                               " (op " + std::to_string(i) + "): " + reason);
  }
  // Two sequences: rules applied where each fusion pays (a greedy descent
  // that can stop short of a fusion paying only once complete), then rules
  // applied wherever they are legal, as Blockbuster does.
  for (bool guided : {true, false}) {
    Fuser fuser(form, *target);
    fuser.steps = algebraic;
    auto snapshot = [&] {
      FusionSnapshot s;
      s.graph = fuser.assemble();
      planPrecision(s.graph);
      s.costUs = estimatedUs(s.graph, *target);
      s.steps = std::move(fuser.steps);
      s.guided = guided;
      fuser.steps.clear();
      result.snapshots.push_back(std::move(s));
    };
    fuser.fuseAll(/*replicate=*/false, guided);
    snapshot();
    if (options.extensions)
      while (fuser.extend(guided)) {
        fuser.fuseAll(/*replicate=*/true, guided);
        snapshot();
      }
  }
  for (auto [i, s] : llvm::enumerate(result.snapshots))
    if (s.costUs < result.snapshots[result.best].costUs)
      result.best = i;
  result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  return result;
}

std::vector<std::string> tsopt::unfusableReasons(const Graph &program) {
  BlockProgram bp(program);
  std::vector<std::string> reasons;
  for (size_t i = 0; i < program.ops.size(); ++i)
    reasons.push_back(bp.unfusable(i));
  return reasons;
}

std::string tsopt::FusionResult::rulesUpTo(unsigned snapshot) const {
  llvm::SmallVector<unsigned, 9> rules;
  for (unsigned i = 0; i <= snapshot; ++i)
    if (snapshots[i].guided == snapshots[snapshot].guided)
      for (const FusionStep &st : snapshots[i].steps)
        if (!llvm::is_contained(rules, st.rule))
          rules.push_back(st.rule);
  std::string s;
  for (unsigned r : rules)
    s += (s.empty() ? "" : ", ") + std::to_string(r);
  return s;
}
