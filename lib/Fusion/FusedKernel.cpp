//===- FusedKernel.cpp - One kernel for a set of program ops --------------===//

#include "FusedKernel.h"

#include "tsopt/Core/IndexVariables.h"
#include "tsopt/Core/Precision.h"
#include "tsopt/Core/ShapeRules.h"
#include "tsopt/Optimize/CostModel.h"
#include "tsopt/Optimize/ThreadGraphs.h"

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
    return "";
  case OpKind::RmsNorm:
    // fuseBlocks splits them into primitives first (Fission.h).
    return "rms_norm has no block-level op (fission splits it)";
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
  return estimatedUs(g, target);
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
  /// A split reduction: the grid also slices `splitVar`, which ops of the
  /// kernel sum over; each output is such a partial sum, written with the
  /// splits concatenated along its `partialDim`, and a second kernel
  /// (Combine) sums the splits.
  int splitVar = -1;
  llvm::DenseMap<int, int> partialDim;
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

/// A kernel's block graph and the types of its results.
struct BuiltKernel {
  Graph body;
  llvm::SmallVector<TensorType, 2> results;
};

/// The type a kernel writes for value `v` of structure `s`: a partial sum
/// over the split variable has the splits concatenated along its partial
/// dim.
TensorType writtenType(const BlockProgram &bp, const Structure &s, int v,
                       int64_t splits) {
  TensorType t = bp.graph.type(v);
  if (auto it = s.partialDim.find(v); it != s.partialDim.end()) {
    t.shape[it->second] *= splits;
    t.dtype = DType::F32; // partial sums cross kernels unrounded
  }
  return t;
}

/// Builds the block graph of `s` with the given grid extents (one per grid
/// variable; those of extent 1 are left out unless `keepUnitGridDims`) and
/// loop extent; std::nullopt when a shape rule fails.
std::optional<BuiltKernel> buildKernel(const BlockProgram &bp,
                                       const Structure &s,
                                       llvm::ArrayRef<int64_t> extents,
                                       int64_t forloop, bool keepUnitGridDims) {
  const Graph &g = bp.graph;
  Graph bg;
  bg.level = Level::Block;
  llvm::SmallVector<int, 3> gridVars;
  int64_t splits = 1;
  for (auto [v, e] : llvm::zip(s.gridVars, extents))
    if (e > 1 || keepUnitGridDims) {
      gridVars.push_back(v);
      bg.grid.push_back(e);
      if (v == s.splitVar)
        splits = e;
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
  auto gridMapOf = [&](int v, bool written) {
    std::array<int, 3> m = {kReplica, kReplica, kReplica};
    for (auto [gd, var] : llvm::enumerate(gridVars)) {
      int d = bp.dimOf(v, var);
      if (written && var == s.splitVar)
        d = s.partialDim.lookup(v);
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
    in.gridMap = gridMapOf(v, false);
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
  BuiltKernel k;
  for (int v : s.outputs) {
    Op out;
    out.kind = OpKind::BlockOutput;
    out.operands = {postValue(v)};
    out.gridMap = gridMapOf(v, true);
    TensorType want = writtenType(bp, s, v, splits);
    int id = add(std::move(out), want);
    if (!ok || bg.type(id).shape != want.shape)
      return std::nullopt;
    bg.values[id].dtype = want.dtype;
    bg.outputs.push_back(id);
    k.results.push_back(want);
  }
  if (!ok)
    return std::nullopt;
  k.body = std::move(bg);
  return k;
}

/// The second kernel of a split reduction: its loop walks the splits of
/// each partial sum the first kernel wrote, accumulating them, and the ops
/// that needed the whole sums run after the loop.
struct Combine {
  std::vector<int> ops, outputs;
  llvm::SmallVector<int, 3> gridVars;
};

std::optional<BuiltKernel> buildCombine(const BlockProgram &bp,
                                        const Structure &first,
                                        const Combine &c,
                                        llvm::ArrayRef<int64_t> extents,
                                        int64_t splits, bool keepUnitGridDims) {
  const Graph &g = bp.graph;
  Graph bg;
  bg.level = Level::Block;
  llvm::SmallVector<int, 3> gridVars;
  for (auto [v, e] : llvm::zip(c.gridVars, extents))
    if (e > 1 || keepUnitGridDims) {
      gridVars.push_back(v);
      bg.grid.push_back(e);
    }
  if (bg.grid.empty())
    bg.grid.push_back(1);
  bg.forloop = splits;
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
  llvm::DenseMap<int, int> value;
  for (int v : first.outputs) {
    int arg = bg.addInput(writtenType(bp, first, v, splits));
    Op in;
    in.kind = OpKind::BlockInput;
    in.operands = {arg};
    in.gridMap = gridMapOf(v);
    in.fmap = first.partialDim.lookup(v);
    int tile = add(std::move(in), g.type(v));
    Op acc;
    acc.kind = OpKind::Accum;
    acc.operands = {tile};
    acc.accum = AccumKind::Sum;
    value[v] = add(std::move(acc), bg.type(tile));
  }
  for (int i : c.ops) {
    Op op = g.ops[i];
    int res = op.results[0];
    for (int &o : op.operands)
      o = value.lookup(o);
    op.results.clear();
    value[res] = add(std::move(op), g.type(res));
    if (!ok)
      return std::nullopt;
  }
  BuiltKernel k;
  for (int v : c.outputs) {
    Op out;
    out.kind = OpKind::BlockOutput;
    out.operands = {value.lookup(v)};
    out.gridMap = gridMapOf(v);
    int id = add(std::move(out), g.type(v));
    if (!ok || bg.type(id).shape != g.type(v).shape)
      return std::nullopt;
    bg.values[id].dtype = g.type(v).dtype;
    bg.outputs.push_back(id);
    k.results.push_back(g.type(v));
  }
  if (!ok)
    return std::nullopt;
  k.body = std::move(bg);
  return k;
}

/// A kernel graph reading `inputs`: `first`, then (a split reduction) the
/// combine kernel reading all of `first`'s results.
Graph kernelGraph(const BlockProgram &bp, llvm::ArrayRef<int> inputs,
                  BuiltKernel first, std::optional<BuiltKernel> second) {
  Graph kg;
  Op k1;
  k1.kind = OpKind::Kernel;
  for (int v : inputs)
    k1.operands.push_back(kg.addInput(bp.graph.type(v)));
  k1.body = std::make_shared<Graph>(std::move(first.body));
  int r1 = kg.addOp(std::move(k1), first.results);
  if (!second) {
    for (size_t k = 0; k < first.results.size(); ++k)
      kg.outputs.push_back(r1 + k);
    return kg;
  }
  Op k2;
  k2.kind = OpKind::Kernel;
  for (size_t k = 0; k < first.results.size(); ++k)
    k2.operands.push_back(r1 + k);
  k2.body = std::make_shared<Graph>(std::move(second->body));
  int r2 = kg.addOp(std::move(k2), second->results);
  for (size_t k = 0; k < second->results.size(); ++k)
    kg.outputs.push_back(r2 + k);
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

/// A choice of loop (and split) for a set of ops: the kernels' structure
/// and the extents each coordinate can take.
struct Arrangement {
  Structure first;
  std::optional<Combine> combine;
  /// Program values of the plan's results, in order.
  std::vector<int> outputs;
};

/// The cheapest extents of `shape` (coordinate descent from tiles of about
/// 64, thread graphs formed once), or std::nullopt.
std::optional<KernelPlan> tileShape(const BlockProgram &bp,
                                    const Arrangement &sh,
                                    const TargetDesc &target) {
  const Structure &s = sh.first;
  int r = s.loopVar;
  size_t numGrid = s.gridVars.size();
  size_t numCombine = sh.combine ? sh.combine->gridVars.size() : 0;
  std::vector<llvm::SmallVector<int64_t, 16>> domains;
  llvm::SmallVector<int64_t, 8> choice;
  auto addGrid = [&](int var) {
    domains.push_back(gridExtents(bp.varSize[var]));
    int64_t pick = 1;
    for (int64_t e : domains.back())
      if (bp.varSize[var] / e >= 64)
        pick = e;
    choice.push_back(pick);
  };
  for (int var : s.gridVars)
    addGrid(var);
  if (r >= 0) {
    domains.push_back(loopExtents(bp.varSize[r]));
    if (domains.back().empty())
      return std::nullopt;
    int64_t pick = domains.back().front();
    for (int64_t e : domains.back())
      if (bp.varSize[r] / e >= 64)
        pick = e;
    choice.push_back(pick);
  }
  if (sh.combine)
    for (int var : sh.combine->gridVars)
      addGrid(var);
  int splitIndex = -1;
  for (auto [i, var] : llvm::enumerate(s.gridVars))
    if (var == s.splitVar)
      splitIndex = i;
  if (splitIndex >= 0 && choice[splitIndex] == 1 &&
      domains[splitIndex].size() > 1)
    choice[splitIndex] = domains[splitIndex][1];

  auto firstGrid = [&](llvm::ArrayRef<int64_t> c) {
    return c.take_front(numGrid);
  };
  auto forloopOf = [&](llvm::ArrayRef<int64_t> c) {
    return r >= 0 ? c[numGrid] : int64_t(1);
  };
  auto combineGrid = [&](llvm::ArrayRef<int64_t> c) {
    return c.take_back(numCombine);
  };
  auto splitsOf = [&](llvm::ArrayRef<int64_t> c) {
    return splitIndex >= 0 ? c[splitIndex] : int64_t(1);
  };
  auto build = [&](llvm::ArrayRef<int64_t> c,
                   bool keepUnit) -> std::optional<Graph> {
    std::optional<BuiltKernel> k1 =
        buildKernel(bp, s, firstGrid(c), forloopOf(c), keepUnit);
    if (!k1)
      return std::nullopt;
    std::optional<BuiltKernel> k2;
    if (sh.combine) {
      k2 = buildCombine(bp, s, *sh.combine, combineGrid(c), splitsOf(c),
                        keepUnit);
      if (!k2)
        return std::nullopt;
    }
    return kernelGraph(bp, s.inputs, std::move(*k1), std::move(k2));
  };

  // Thread graphs are formed once, on kernels that keep a grid dim per
  // grid variable; each trial only changes extents and re-infers shapes
  // (fusion of element-wise chains does not depend on the extents).
  std::optional<Graph> shaped = build(choice, /*keepUnit=*/true);
  if (!shaped)
    return std::nullopt;
  Graph formed = formThreadGraphs(*shaped);
  planPrecision(formed);
  auto evaluate = [&](llvm::ArrayRef<int64_t> c) {
    Graph trial = formed;
    auto b1 = std::make_shared<Graph>(*trial.ops[0].body);
    for (size_t d = 0; d < numGrid; ++d)
      b1->grid[d] = c[d];
    b1->forloop = forloopOf(c);
    trial.ops[0].body = b1;
    if (sh.combine) {
      auto b2 = std::make_shared<Graph>(*trial.ops[1].body);
      for (size_t d = 0; d < numCombine; ++d)
        b2->grid[d] = combineGrid(c)[d];
      b2->forloop = splitsOf(c);
      trial.ops[1].body = b2;
    }
    if (failed(reinferShapes(trial)))
      return kInf;
    for (auto [k, v] : llvm::enumerate(sh.outputs))
      if (trial.type(trial.outputs[k]).shape != bp.graph.type(v).shape)
        return kInf;
    return estimatedUs(trial, target);
  };
  double cost = evaluate(choice);
  for (int round = 0; round < 2; ++round)
    for (size_t d = 0; d < domains.size(); ++d)
      for (int64_t e : domains[d]) {
        if (e == choice[d] || (static_cast<int>(d) == splitIndex && e == 1))
          continue; // a split stays split
        llvm::SmallVector<int64_t, 8> trial = choice;
        trial[d] = e;
        double c = evaluate(trial);
        if (c < cost) {
          cost = c;
          choice = trial;
        }
      }
  if (!std::isfinite(cost))
    return std::nullopt;
  // The kernels as emitted: grid dims of extent 1 left out.
  std::optional<Graph> kernels = build(choice, /*keepUnit=*/false);
  if (!kernels)
    return std::nullopt;
  KernelPlan plan;
  plan.graph = formThreadGraphs(*kernels);
  planPrecision(plan.graph);
  auto final = estimateCost(plan.graph, target);
  if (failed(final) || !final->fits)
    return std::nullopt;
  plan.costUs = final->totalUs;
  plan.inputs = s.inputs;
  plan.outputs = sh.outputs;
  for (auto [var, e] : llvm::zip(s.gridVars, firstGrid(choice)))
    if (e > 1 && var != s.splitVar)
      for (int i : s.ops)
        plan.replicates |= bp.dimOf(bp.graph.ops[i].results[0], var) < 0;
  return plan;
}

/// Grid variables of a kernel of `ops` writing `outputs` and reading
/// `inputs`: each ranges once over every output, no op reduces it, it
/// ranges at most once over every input and computed value and, without
/// replication, over every computed value; the `most` largest, in the
/// order of the first output's dims. `excluded` vetoes others.
llvm::SmallVector<int, 3>
gridVariables(const BlockProgram &bp, llvm::ArrayRef<int> ops,
              llvm::ArrayRef<int> outputs, llvm::ArrayRef<int> inputs,
              bool allowReplication, size_t most,
              llvm::function_ref<bool(int)> excluded) {
  const Graph &g = bp.graph;
  llvm::SmallVector<int, 4> vars;
  for (int var : bp.vars[outputs.front()]) {
    if (var < 0 || excluded(var) || llvm::is_contained(vars, var) ||
        llvm::any_of(
            ops, [&](int i) { return llvm::is_contained(bp.reduced(i), var); }))
      continue;
    bool ok =
        llvm::all_of(outputs, [&](int v) { return bp.dimOf(v, var) >= 0; }) &&
        llvm::all_of(inputs, [&](int v) { return bp.dimOf(v, var) != -2; });
    for (int i : ops) {
      int d = bp.dimOf(g.ops[i].results[0], var);
      ok &= d != -2 && (allowReplication || d >= 0);
    }
    if (ok)
      vars.push_back(var);
  }
  while (vars.size() > most) {
    auto smallest = llvm::min_element(
        vars, [&](int a, int b) { return bp.varSize[a] < bp.varSize[b]; });
    vars.erase(smallest);
  }
  return llvm::SmallVector<int, 3>(vars.begin(), vars.end());
}

/// The structure of a split reduction over `splitVar` for `base`'s ops:
/// the ops up to the sums over it in the first kernel, the ops needing the
/// whole sums in the combine kernel; std::nullopt when the set does not
/// split that way.
std::optional<Arrangement> splitShape(const BlockProgram &bp,
                                      const Structure &base, int splitVar,
                                      bool allowReplication) {
  const Graph &g = bp.graph;
  Arrangement sh;
  Structure &first = sh.first;
  Combine combine;
  llvm::DenseMap<int, bool> partial, combined;
  for (int i : base.ops) {
    const Op &op = g.ops[i];
    int res = op.results[0];
    if (llvm::any_of(op.operands, [&](int o) {
          return partial.count(o) || combined.count(o);
        })) {
      // Needs whole sums: every operand must be one, or computed from them.
      if (!llvm::all_of(op.operands, [&](int o) {
            return partial.count(o) || combined.count(o);
          }))
        return std::nullopt;
      combine.ops.push_back(i);
      combined[res] = true;
      continue;
    }
    if (llvm::is_contained(bp.reduced(i), splitVar)) {
      if (!llvm::is_contained(bp.summed(i), splitVar))
        return std::nullopt;
      partial[res] = true;
    }
    first.ops.push_back(i);
  }
  if (partial.empty())
    return std::nullopt;
  llvm::DenseMap<int, bool> inFirst;
  for (int i : first.ops)
    inFirst[i] = true;
  for (int i : first.ops) {
    for (int o : g.ops[i].operands)
      if (!llvm::is_contained(first.inputs, o) &&
          (bp.producer[o] < 0 || !inFirst.count(bp.producer[o])))
        first.inputs.push_back(o);
    int res = g.ops[i].results[0];
    if (!partial.count(res))
      continue;
    bool read = bp.isOutput[res] || llvm::any_of(bp.users[res], [&](int u) {
                  return llvm::is_contained(combine.ops, u) ||
                         !llvm::is_contained(base.ops, u);
                });
    if (read)
      first.outputs.push_back(res);
  }
  for (int v : base.outputs)
    if (!partial.count(v) && !combined.count(v))
      return std::nullopt; // written by the first kernel, not summed
  combine.outputs = base.outputs;

  // The first kernel's grid: variables of every partial sum it writes.
  llvm::SmallVector<int, 3> gridVars = gridVariables(
      bp, first.ops, first.outputs, first.inputs, allowReplication, 2,
      [&](int var) { return var == splitVar; });
  // Each partial sum is written with the splits along its last dim that
  // no grid dim slices.
  for (int v : first.outputs) {
    int d = static_cast<int>(bp.vars[v].size()) - 1;
    while (d >= 0 && llvm::is_contained(gridVars, bp.vars[v][d]))
      --d;
    if (d < 0)
      return std::nullopt;
    first.partialDim[v] = d;
  }
  first.gridVars.assign(gridVars.begin(), gridVars.end());
  first.gridVars.push_back(splitVar);
  first.splitVar = splitVar;

  // The combine kernel's grid: variables of every result, not reduced
  // after the loop, not along a dim the splits are concatenated in (its
  // ops only read the sums, so nothing is replicated).
  combine.gridVars =
      gridVariables(bp, combine.ops, combine.outputs, first.outputs,
                    /*allowReplication=*/true, 3, [&](int var) {
                      return llvm::any_of(first.outputs, [&](int v) {
                        return bp.vars[v][first.partialDim.lookup(v)] == var;
                      });
                    });
  sh.combine = std::move(combine);
  sh.outputs = base.outputs;
  return sh;
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
    if (bp.isOutput[r] ||
        llvm::any_of(bp.users[r], [&](int u) { return !inSet.count(u); }))
      base.outputs.push_back(r);
  }
  if (base.outputs.empty())
    return std::nullopt;

  base.gridVars = gridVariables(bp, ops, base.outputs, base.inputs,
                                allowReplication, 3, [](int) { return false; });

  // Loop variables: none, or one the set sums over.
  llvm::SmallVector<int, 3> loopVars = {-1};
  for (int i : ops)
    for (int v : bp.summed(i))
      if (v >= 0 && !llvm::is_contained(loopVars, v) &&
          llvm::all_of(base.inputs,
                       [&](int x) { return bp.dimOf(x, v) != -2; }))
        loopVars.push_back(v);

  std::optional<KernelPlan> best;
  auto consider = [&](const Arrangement &sh) {
    Structure s = sh.first;
    for (int r : loopVars) {
      s.loopVar = r;
      s.state.clear();
      if (r >= 0 && !placeOps(bp, s))
        continue;
      std::optional<KernelPlan> plan =
          tileShape(bp, Arrangement{s, sh.combine, sh.outputs}, target);
      if (plan && (!best || plan->costUs < best->costUs))
        best = std::move(plan);
    }
  };
  consider(Arrangement{base, std::nullopt, base.outputs});

  // Split reductions (FlashDecoding's split-kv, split-K, a hidden-dim
  // split), priced like every other arrangement: a kernel whose grid gives
  // the SMs enough blocks but walks a long reduction in each of them may
  // still run faster split, with a combine.
  for (int var : loopVars)
    if (var >= 0)
      if (std::optional<Arrangement> sh =
              splitShape(bp, base, var, allowReplication))
        consider(*sh);
  return best;
}
