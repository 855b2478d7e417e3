//===- FusedKernel.cpp - One kernel for a set of program ops --------------===//

#include "FusedKernel.h"

#include "tsopt/Core/IndexVariables.h"
#include "tsopt/Optimize/CostModel.h"
#include "tsopt/Optimize/ThreadGraphs.h"
#include "tsopt/Search/Search.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace tsopt;
using namespace tsopt::fusion;

static constexpr double kInf = std::numeric_limits<double>::infinity();

BlockProgram::BlockProgram(const Graph &program)
    : graph(program), producer(producers(program)),
      users(program.values.size()), isOutput(program.values.size(), false),
      vars(program.values.size()) {
  for (auto [i, op] : llvm::enumerate(program.ops))
    for (int o : op.operands)
      if (users[o].empty() || users[o].back() != static_cast<int>(i))
        users[o].push_back(i);
  for (int o : program.outputs)
    isOutput[o] = true;
  IndexVariables iv(program);
  llvm::DenseMap<int, int> varOf;
  for (auto [v, t] : llvm::enumerate(program.values))
    for (size_t d = 0; d < t.shape.size(); ++d) {
      if (t.shape[d] == 1) {
        vars[v].push_back(-1);
        continue;
      }
      auto [it, inserted] = varOf.try_emplace(iv.root(v, d), varSize.size());
      if (inserted)
        varSize.push_back(t.shape[d]);
      vars[v].push_back(it->second);
    }
}

std::string BlockProgram::unfusable(int i) const {
  const Op &op = graph.ops[i];
  if (op.results.size() != 1)
    return "it has several results";
  switch (op.kind) {
  case OpKind::Matmul: {
    size_t rank = graph.type(op.operands[0]).shape.size();
    if (rank < 2 || graph.type(op.operands[1]).shape.size() != rank)
      return "its operands differ in rank (broadcast batch)";
    return "";
  }
  case OpKind::ReduceSum:
  case OpKind::ReduceMax:
  case OpKind::Transpose:
  case OpKind::RmsNorm:
    return "";
  default:
    if (isElementwiseBinary(op.kind) || isElementwiseUnary(op.kind))
      return "";
    return "the fusion rules do not know kgraph." +
           stringifyOpKind(op.kind).str();
  }
}

bool BlockProgram::elementwise(int i) const {
  OpKind k = graph.ops[i].kind;
  return isElementwiseBinary(k) || isElementwiseUnary(k);
}

llvm::SmallVector<int, 1> BlockProgram::summed(int i) const {
  const Op &op = graph.ops[i];
  if (op.kind == OpKind::Matmul) {
    int a = op.operands[0];
    return {vars[a].back()};
  }
  if (op.kind == OpKind::ReduceSum &&
      graph.type(op.results[0]).shape[op.dim] == 1)
    return {vars[op.operands[0]][op.dim]};
  return {};
}

llvm::SmallVector<int, 1> BlockProgram::reduced(int i) const {
  const Op &op = graph.ops[i];
  switch (op.kind) {
  case OpKind::Matmul:
    return {vars[op.operands[0]].back()};
  case OpKind::ReduceSum:
  case OpKind::ReduceMax:
    return {vars[op.operands[0]][op.dim]};
  case OpKind::RmsNorm:
    return {vars[op.operands[0]].back()};
  default:
    return {};
  }
}

int BlockProgram::dimOf(int v, int var) const {
  int found = -1;
  for (auto [d, x] : llvm::enumerate(vars[v]))
    if (x == var && var >= 0) {
      if (found >= 0)
        return -2;
      found = d;
    }
  return found;
}

double fusion::predefinedCost(const BlockProgram &bp, int i,
                              const TargetDesc &target) {
  const Op &op = bp.graph.ops[i];
  Graph g;
  Op copy = op;
  copy.operands.clear();
  for (int o : op.operands)
    copy.operands.push_back(g.addInput(bp.graph.type(o)));
  llvm::SmallVector<TensorType, 1> types;
  for (int r : op.results)
    types.push_back(bp.graph.type(r));
  int first = g.addOp(std::move(copy), types);
  for (size_t k = 0; k < op.results.size(); ++k)
    g.outputs.push_back(first + k);
  auto cost = estimateCost(g, target);
  return succeeded(cost) && cost->fits ? cost->totalUs : kInf;
}

namespace {

/// Where a value of a loop kernel lives.
enum class State : uint8_t {
  Invariant, ///< in the loop body, the same in every iteration
  Chunked,   ///< in the loop body, one chunk of the loop variable
  Partial,   ///< in the loop body, a sum over one chunk
  Post,      ///< after the loop
};

/// A kernel's structure: which values and ops it has, its grid variables
/// and its loop variable with the place of every op.
struct Structure {
  std::vector<int> ops, inputs, outputs;
  llvm::SmallVector<int, 3> gridVars;
  int loopVar = -1;
  llvm::DenseMap<int, State> state;
};

/// Places every op of `s` for loop variable `s.loopVar`; false when some
/// value would be needed after the loop but is the same in every iteration.
bool placeOps(const BlockProgram &bp, Structure &s) {
  int r = s.loopVar;
  const Graph &g = bp.graph;
  for (int v : s.inputs)
    s.state[v] = bp.dimOf(v, r) >= 0 ? State::Chunked : State::Invariant;
  bool anyPartial = false;
  auto afterLoop = [&](int v) {
    State st = s.state.lookup(v);
    return st != State::Invariant;
  };
  for (int i : s.ops) {
    const Op &op = g.ops[i];
    int res = op.results[0];
    bool body = llvm::none_of(op.operands, [&](int o) {
      State st = s.state.lookup(o);
      return st == State::Partial || st == State::Post;
    });
    State st = bp.dimOf(res, r) >= 0 ? State::Chunked : State::Invariant;
    if (body) {
      llvm::SmallVector<int, 1> red = bp.reduced(i);
      if (!red.empty() && red[0] == r) {
        llvm::SmallVector<int, 1> sum = bp.summed(i);
        if (!sum.empty() && sum[0] == r)
          st = State::Partial;
        else
          body = false; // a max or a norm needs the whole loop variable
      }
    }
    if (!body) {
      if (!llvm::all_of(op.operands, afterLoop))
        return false;
      st = State::Post;
    }
    anyPartial |= st == State::Partial;
    s.state[res] = st;
  }
  if (!anyPartial)
    return false; // nothing accumulates: the loop would only cut chunks
  return llvm::all_of(s.outputs, afterLoop);
}

/// Builds the kernel of `s` with the given grid extents (one per grid
/// variable; those of extent 1 are left out unless `keepUnitGridDims`) and
/// loop extent; std::nullopt when a shape rule fails.
std::optional<Graph> buildKernel(const BlockProgram &bp, const Structure &s,
                                 llvm::ArrayRef<int64_t> extents,
                                 int64_t forloop, bool keepUnitGridDims) {
  const Graph &g = bp.graph;
  Graph bg;
  bg.level = Level::Block;
  llvm::SmallVector<int, 3> gridVars;
  for (auto [v, e] : llvm::zip(s.gridVars, extents))
    if (e > 1 || keepUnitGridDims) {
      gridVars.push_back(v);
      bg.grid.push_back(e);
    }
  if (bg.grid.empty())
    bg.grid.push_back(1);
  int r = s.loopVar;
  bg.forloop = r >= 0 ? forloop : 1;
  llvm::DenseMap<int, int> kernelArg, body, post;
  for (int v : s.inputs)
    kernelArg[v] = bg.addInput(g.type(v));
  bool ok = true;
  auto add = [&](Op op, const TensorType &placeholder) {
    int id = bg.addOp(std::move(op), {placeholder});
    if (failed(inferOpShapes(bg, bg.ops.size() - 1)))
      ok = false;
    return id;
  };
  auto gridMapOf = [&](int v) {
    std::array<int, 3> m = {kReplica, kReplica, kReplica};
    for (auto [gd, var] : llvm::enumerate(gridVars)) {
      int d = bp.dimOf(v, var);
      m[gd] = d >= 0 ? d : kReplica;
    }
    return m;
  };
  auto stateOf = [&](int v) {
    return r >= 0 ? s.state.lookup(v) : State::Invariant;
  };
  auto bodyValue = [&](int v) {
    if (auto it = body.find(v); it != body.end())
      return it->second;
    Op in;
    in.kind = OpKind::BlockInput;
    in.operands = {kernelArg.lookup(v)};
    in.gridMap = gridMapOf(v);
    in.fmap = stateOf(v) == State::Chunked ? bp.dimOf(v, r) : kReplica;
    int id = add(std::move(in), g.type(v));
    body[v] = id;
    return id;
  };
  auto postValue = [&](int v) {
    if (auto it = post.find(v); it != post.end())
      return it->second;
    int b = bodyValue(v);
    Op acc;
    acc.kind = OpKind::Accum;
    acc.operands = {b};
    acc.accum = AccumKind::Sum;
    acc.fmap = stateOf(v) == State::Chunked ? bp.dimOf(v, r) : kReplica;
    int id = add(std::move(acc), bg.type(b));
    post[v] = id;
    return id;
  };
  for (int i : s.ops) {
    Op op = g.ops[i];
    int res = op.results[0];
    bool after = stateOf(res) == State::Post;
    for (int &o : op.operands)
      o = after ? postValue(o) : bodyValue(o);
    op.results.clear();
    int id = add(std::move(op), g.type(res));
    (after ? post : body)[res] = id;
    if (!ok)
      return std::nullopt;
  }
  for (int v : s.outputs) {
    Op out;
    out.kind = OpKind::BlockOutput;
    out.operands = {postValue(v)};
    out.gridMap = gridMapOf(v);
    int id = add(std::move(out), g.type(v));
    if (!ok || bg.type(id).shape != g.type(v).shape)
      return std::nullopt;
    bg.values[id].dtype = g.type(v).dtype;
    bg.outputs.push_back(id);
  }
  if (!ok)
    return std::nullopt;
  Graph kg;
  Op kernel;
  kernel.kind = OpKind::Kernel;
  for (int v : s.inputs)
    kernel.operands.push_back(kg.addInput(g.type(v)));
  llvm::SmallVector<TensorType, 2> types;
  for (int v : s.outputs)
    types.push_back(g.type(v));
  kernel.body = std::make_shared<Graph>(std::move(bg));
  int first = kg.addOp(std::move(kernel), types);
  for (size_t k = 0; k < s.outputs.size(); ++k)
    kg.outputs.push_back(first + k);
  return kg;
}

/// Grid extents of a variable of extent n: 1 and divisors that are powers
/// of two or leave tiles of a multiple of 16.
llvm::SmallVector<int64_t, 16> gridExtents(int64_t n) {
  llvm::SmallVector<int64_t, 16> out = {1};
  for (int64_t e = 2; e <= std::min<int64_t>(n, 1024); ++e)
    if (n % e == 0 && ((e & (e - 1)) == 0 || (n / e) % 16 == 0))
      out.push_back(e);
  return out;
}

/// Loop extents of a variable of extent n: divisors of at least 2 leaving
/// chunks of at least 8 that are powers of two or multiples of 16.
llvm::SmallVector<int64_t, 16> loopExtents(int64_t n) {
  llvm::SmallVector<int64_t, 16> out;
  for (int64_t e = 2; e <= std::min<int64_t>(n / 8, 512); ++e) {
    int64_t c = n / e;
    if (n % e == 0 && ((c & (c - 1)) == 0 || c % 16 == 0))
      out.push_back(e);
  }
  return out;
}

} // namespace

std::optional<KernelPlan> fusion::planKernel(const BlockProgram &bp,
                                             llvm::ArrayRef<int> ops,
                                             bool allowReplication,
                                             const TargetDesc &target) {
  const Graph &g = bp.graph;
  Structure base;
  base.ops.assign(ops.begin(), ops.end());
  llvm::DenseMap<int, bool> inSet;
  for (int i : ops) {
    if (!bp.unfusable(i).empty())
      return std::nullopt;
    inSet[i] = true;
  }
  llvm::DenseMap<int, bool> produced;
  for (int i : ops)
    produced[g.ops[i].results[0]] = true;
  for (int i : ops)
    for (int o : g.ops[i].operands)
      if (!produced.count(o) && !llvm::is_contained(base.inputs, o))
        base.inputs.push_back(o);
  for (int i : ops) {
    int r = g.ops[i].results[0];
    if (bp.isOutput[r] || llvm::any_of(bp.users[r], [&](int u) {
          return !inSet.count(u);
        }))
      base.outputs.push_back(r);
  }
  if (base.outputs.empty())
    return std::nullopt;

  // Grid variables: in every output once, reduced by no op, at most once in
  // every value; without replication, in every value the set computes.
  llvm::SmallVector<int, 4> reducedVars;
  for (int i : ops)
    for (int v : bp.reduced(i))
      reducedVars.push_back(v);
  llvm::SmallVector<int, 4> gridVars;
  for (int var : bp.vars[base.outputs[0]]) {
    if (var < 0 || llvm::is_contained(reducedVars, var) ||
        llvm::is_contained(gridVars, var))
      continue;
    bool ok = llvm::all_of(base.outputs,
                           [&](int v) { return bp.dimOf(v, var) >= 0; }) &&
              llvm::all_of(base.inputs,
                           [&](int v) { return bp.dimOf(v, var) != -2; });
    for (int i : ops) {
      int d = bp.dimOf(g.ops[i].results[0], var);
      ok &= d != -2 && (allowReplication || d >= 0);
    }
    if (ok)
      gridVars.push_back(var);
  }
  // The largest three, in the order of the first output's dims.
  while (gridVars.size() > 3) {
    auto smallest = llvm::min_element(gridVars, [&](int a, int b) {
      return bp.varSize[a] < bp.varSize[b];
    });
    gridVars.erase(smallest);
  }
  base.gridVars.assign(gridVars.begin(), gridVars.end());

  // Loop variables: none, or one the set sums over.
  llvm::SmallVector<int, 3> loopVars = {-1};
  for (int i : ops)
    for (int v : bp.summed(i))
      if (v >= 0 && !llvm::is_contained(loopVars, v) &&
          llvm::all_of(base.inputs,
                       [&](int x) { return bp.dimOf(x, v) != -2; }))
        loopVars.push_back(v);

  std::optional<KernelPlan> best;
  for (int r : loopVars) {
    Structure s = base;
    s.loopVar = r;
    if (r >= 0 && !placeOps(bp, s))
      continue;
    // Extents by coordinate descent from tiles of about 64.
    std::vector<llvm::SmallVector<int64_t, 16>> domains;
    llvm::SmallVector<int64_t, 4> choice;
    for (int var : s.gridVars) {
      domains.push_back(gridExtents(bp.varSize[var]));
      int64_t pick = 1;
      for (int64_t e : domains.back())
        if (bp.varSize[var] / e >= 64)
          pick = e;
      choice.push_back(pick);
    }
    if (r >= 0) {
      domains.push_back(loopExtents(bp.varSize[r]));
      if (domains.back().empty())
        continue;
      int64_t pick = domains.back().front();
      for (int64_t e : domains.back())
        if (bp.varSize[r] / e >= 64)
          pick = e;
      choice.push_back(pick);
    }
    // Thread graphs are formed once, on a kernel that keeps a grid dim per
    // grid variable; each trial only changes extents and re-infers shapes
    // (fusion of element-wise chains does not depend on the extents).
    size_t numGrid = s.gridVars.size();
    auto forloopOf = [&](llvm::ArrayRef<int64_t> c) {
      return r >= 0 ? c.back() : int64_t(1);
    };
    std::optional<Graph> shape =
        buildKernel(bp, s, llvm::ArrayRef(choice).take_front(numGrid),
                    forloopOf(choice), /*keepUnitGridDims=*/true);
    if (!shape)
      continue;
    Graph formed = formThreadGraphs(*shape);
    auto evaluate = [&](llvm::ArrayRef<int64_t> c) {
      Graph trial = formed;
      auto body = std::make_shared<Graph>(*trial.ops.front().body);
      for (size_t d = 0; d < numGrid; ++d)
        body->grid[d] = c[d];
      body->forloop = forloopOf(c);
      trial.ops.front().body = body;
      if (failed(inferShapes(trial)))
        return kInf;
      for (auto [k, v] : llvm::enumerate(s.outputs))
        if (trial.type(trial.outputs[k]).shape != g.type(v).shape)
          return kInf;
      auto cost = estimateCost(trial, target);
      return succeeded(cost) && cost->fits ? cost->totalUs : kInf;
    };
    double cost = evaluate(choice);
    for (int round = 0; round < 2; ++round)
      for (size_t d = 0; d < domains.size(); ++d)
        for (int64_t e : domains[d]) {
          if (e == choice[d])
            continue;
          llvm::SmallVector<int64_t, 4> trial = choice;
          trial[d] = e;
          double c = evaluate(trial);
          if (c < cost) {
            cost = c;
            choice = trial;
          }
        }
    if (!std::isfinite(cost) || (best && best->costUs <= cost))
      continue;
    // The kernel as emitted: grid dims of extent 1 left out.
    std::optional<Graph> kernel =
        buildKernel(bp, s, llvm::ArrayRef(choice).take_front(numGrid),
                    forloopOf(choice), /*keepUnitGridDims=*/false);
    if (!kernel)
      continue;
    Graph graph = formThreadGraphs(*kernel);
    auto final = estimateCost(graph, target);
    if (failed(final) || !final->fits)
      continue;
    cost = final->totalUs;
    if (!std::isfinite(cost) || (best && best->costUs <= cost))
      continue;
    KernelPlan plan;
    plan.inputs = s.inputs;
    plan.outputs = s.outputs;
    plan.graph = std::move(graph);
    plan.costUs = cost;
    for (auto [var, e] : llvm::zip(s.gridVars, choice))
      if (e > 1)
        for (int i : ops)
          plan.replicates |= bp.dimOf(g.ops[i].results[0], var) < 0;
    best = std::move(plan);
  }
  return best;
}
