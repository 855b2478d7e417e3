//===- BlockGeneration.cpp - Block-graph generation ------------------------===//
//
// BlockSearch: the nested generation of one graph-defined kernel, in
// phases (loop body, accumulators, post-loop), with templates, prologues
// and omaps.
//
//===----------------------------------------------------------------------===//

#include "Generation.h"

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

using namespace tsopt;

namespace tsopt::search {

//===----------------------------------------------------------------------===//
// Block level
//===----------------------------------------------------------------------===//

bool BlockSearch::begin() {
  bool chunkLoop = llvm::any_of(c.inputs, [&](int v) {
    return llvm::is_contained(k.infos[v].partialVars, c.loopVar);
  });
  bg.level = Level::Block;
  bg.grid.assign(c.grid.begin(), c.grid.end());
  bg.forloop = c.forloop;
  for (int v : c.inputs) {
    const Info &in = k.infos[v];
    int arg = bg.addInput(k.g.values[v]);
    infos.resize(arg + 1);
    useCount.resize(arg + 1, 0);
    infos[arg].dims = in.dims;
    infos[arg].expr = in.expr;
    infos[arg].stage = Stage::Tensor;
  }
  for (auto [i, v] : llvm::enumerate(c.inputs)) {
    const Info &in = k.infos[v];
    tsopt::Op op;
    op.kind = OpKind::BlockInput;
    op.operands = {bg.inputs[i]};
    Info tile;
    tile.dims = in.dims;
    tile.expr = in.expr;
    tile.stage = Stage::Loop;
    // imap: the dim whose outer variable grid dim g slices (every block
    // reads all chunks of partial sums).
    for (auto [gd, gv] : llvm::enumerate(c.gridVars)) {
      if (llvm::is_contained(in.partialVars, gv))
        continue;
      for (auto [d, label] : llvm::enumerate(tile.dims))
        if (label.outerVar() == gv) {
          op.gridMap[gd] = d;
          // A slice of one element keeps its variable: the tile still
          // depends on which block it is in.
          Factor &f = label.factors[0];
          if (f.count % c.grid[gd])
            return false;
          f.count /= c.grid[gd];
          break;
        }
    }
    if (c.loopVar >= 0) {
      for (auto [d, label] : llvm::enumerate(tile.dims))
        if (label.outerVar() == c.loopVar) {
          op.fmap = d;
          Factor &f = label.factors[0];
          if (f.count % c.forloop)
            return false;
          f.count /= c.forloop;
          // A loop over chunks of partial sums consumes the chunk index.
          if (f.count == 1 && llvm::is_contained(in.partialVars, c.loopVar))
            label.factors.erase(label.factors.begin());
          break;
        }
    }
    // A loop over chunks of partial sums that also slices this (whole)
    // input carries it to a concatenating accumulator.
    if (op.fmap != kReplica && in.partialVars.empty() && chunkLoop)
      tile.carried = true;
    // Partial sums indexed by the loop: the tile is a loop-partial sum.
    if (!in.partialVars.empty()) {
      if (op.fmap == kReplica)
        return false;
      if (!tile.dims[op.fmap].factors.empty() &&
          tile.dims[op.fmap].outerVar() == c.loopVar)
        return false; // chunks not consumed whole
      tile.partialLoop = true;
      tile.partialKind = AccumKind::Sum;
    }
    tsopt::TensorType type = k.g.values[v];
    if (!push(op, type))
      return false;
    infos.back() = tile;
  }
  return true;
}

bool BlockSearch::push(tsopt::Op op, const tsopt::TensorType &type) {
  int first = bg.addOp(std::move(op), {type});
  infos.resize(first + 1);
  useCount.resize(first + 1, 0);
  if (failed(inferOpShapes(bg, bg.ops.size() - 1))) {
    bg.ops.pop_back();
    bg.values.pop_back();
    infos.pop_back();
    useCount.pop_back();
    return false;
  }
  for (int o : bg.ops.back().operands)
    ++useCount[o];
  return true;
}

void BlockSearch::pop() {
  for (int o : bg.ops.back().operands)
    --useCount[o];
  bg.ops.pop_back();
  bg.values.pop_back();
  infos.pop_back();
  useCount.pop_back();
}

bool BlockSearch::place(tsopt::Op op) {
  llvm::SmallVector<Stage, 2> stages;
  for (int o : op.operands)
    stages.push_back(infos[o].stage);
  auto stage = resultStage(op.kind, stages);
  if (failed(stage)) {
    ++s.ctl.prunedShape;
    return false;
  }
  tsopt::TensorType guess = bg.values[op.operands[0]];
  if (op.kind == OpKind::ReduceSum || op.kind == OpKind::ReduceMax) {
    if (guess.shape[op.dim] == 1) {
      ++s.ctl.prunedShape;
      return false;
    }
    guess.shape[op.dim] = 1;
  }
  if (!push(op, guess)) {
    ++s.ctl.prunedShape;
    return false;
  }
  const tsopt::Op &placed = bg.ops.back();
  // Pointers into `infos` only after push grew it.
  llvm::SmallVector<const Info *, 2> in;
  for (int o : placed.operands)
    in.push_back(&infos[o]);
  Info info;
  if (placed.kind == OpKind::Accum) {
    const Info &a = *in[0];
    info = a;
    if (placed.fmap == kReplica) {
      bool loopIdentity = c.loopVar < 0 && !a.partialLoop;
      if (!loopIdentity &&
          (!a.partialLoop || a.partialKind != placed.accum)) {
        ++s.ctl.prunedShape;
        pop();
        return false;
      }
      info.partialLoop = false;
    } else {
      // Concatenation over iterations: the tile's dim is the loop slice.
      DimLabel &d = info.dims[placed.fmap];
      if (a.partialLoop || d.outerVar() != c.loopVar) {
        ++s.ctl.prunedShape;
        pop();
        return false;
      }
      d.factors[0].count *= c.forloop;
    }
  } else {
    auto labelled = labelOp(placed, in, bg, slicing);
    if (failed(labelled)) {
      ++s.ctl.prunedShape;
      pop();
      return false;
    }
    info = *labelled;
  }
  info.stage = *stage;
  llvm::SmallVector<AbsTensor, 2> ex;
  for (const Info *i : in)
    ex.push_back(i->expr);
  info.expr = s.builder.apply(placed, bg, ex)[0];
  if (!s.keepExpr(info.expr)) {
    pop();
    return false;
  }
  infos.back() = info;
  ++computeOps;
  return true;
}

void BlockSearch::unplace() {
  --computeOps;
  pop();
}

void BlockSearch::tryOp(tsopt::Op op) {
  if (s.timeUp())
    return;
  ++s.ctl.states;
  Rank rank = rankOf(op);
  if (s.options.canonicalOrder && !ranks.empty() && !(ranks.back() < rank))
    return;
  if (!place(op))
    return;
  ranks.push_back(std::move(rank));
  extend();
  ranks.pop_back();
  unplace();
}

void BlockSearch::withPrologues(unsigned t) {
  if (s.timeUp())
    return;
  if (t == s.templates.size()) {
    // A tile a prologue read is not read again.
    HiddenValues hide(*this, prologueTiles);
    extend();
    return;
  }
  const Template &tp = s.templates[t];
  if (!tp.prologue()) {
    withPrologues(t + 1);
    return;
  }
  // The leaves are program inputs, kernel values 0..n-1; input tile p
  // belongs to kernel input p. One prologue per tile.
  llvm::SmallVector<int, 4> leaves;
  for (int in : tp.leafInputs) {
    auto pos = llvm::find(c.inputs, in);
    int tileValue = pos == c.inputs.end()
                        ? -1
                        : bg.inputs.size() + (pos - c.inputs.begin());
    if (tileValue < 0 || llvm::is_contained(prologueTiles, tileValue)) {
      withPrologues(t + 1);
      return;
    }
    leaves.push_back(tileValue);
  }
  int start = bg.values.size();
  unsigned placed = 0;
  for (unsigned j = 0; j < tp.ops.size(); ++j) {
    ++s.ctl.states;
    if (!place(tp.instantiate(j, start, leaves)))
      break;
    ++placed;
  }
  bool applied = placed == tp.ops.size();
  if (applied) {
    computeOps -= placed; // a prologue is free
    prologueTiles.append(leaves.begin(), leaves.end());
    HiddenValues hide(*this, llvm::to_vector(llvm::seq<int>(
                                 start, start + tp.ops.size() - 1)));
    withPrologues(t + 1);
    prologueTiles.resize(prologueTiles.size() - leaves.size());
    computeOps += placed;
  }
  for (unsigned i = 0; i < placed; ++i)
    unplace();
  if (!applied || !tp.onlyUse)
    withPrologues(t + 1);
}

void BlockSearch::tryTemplate(unsigned t) {
  // One op is a template only as a prologue (the op itself is explored).
  if (s.timeUp() || s.templates[t].ops.size() < 2)
    return;
  llvm::SmallVector<int, 4> leaves(s.templates[t].leafRanks.size(), -1);
  placeTemplateOp(t, 0, bg.values.size(), leaves);
}

/// Places op `j` of template `t` (its ops from value `start` on), binding
/// its leaves not bound yet to earlier values of the current phase, each in
/// all ways; the whole template is then one step of the generation.
void BlockSearch::placeTemplateOp(unsigned t, unsigned j, int start,
                                  llvm::SmallVectorImpl<int> &leaves) {
  const Template &tp = s.templates[t];
  if (j == tp.ops.size()) {
    // The template's rank: its leaves, as for an op reading them.
    tsopt::Op probe;
    probe.kind = OpKind::Kernel; // no block op has this kind
    probe.operands.assign(leaves.begin(), leaves.end());
    probe.dim = t;
    Rank rank = rankOf(probe);
    if (s.options.canonicalOrder && !ranks.empty() && !(ranks.back() < rank))
      return;
    unsigned extra = tp.ops.size() - 1;
    computeOps -= extra;
    ranks.push_back(std::move(rank));
    // Only the template's result is visible, as for one op.
    HiddenValues hide(*this,
                      llvm::to_vector(llvm::seq<int>(start, start + extra)));
    extend();
    ranks.pop_back();
    computeOps += extra;
    return;
  }
  const Template::TOp &top = tp.ops[j];
  // The first leaf operand not bound yet, if any, is bound here.
  for (int a : top.operands) {
    if (a >= 0 || leaves[-1 - a] >= 0)
      continue;
    unsigned leaf = -1 - a;
    Stage phase = inPost ? Stage::PostLoop : Stage::Loop;
    const AbsTensor &want = s.programExprs[tp.leafValues[leaf]];
    for (int v = 0; v < start; ++v) {
      if (infos[v].stage != phase ||
          bg.values[v].shape.size() != tp.leafRanks[leaf] ||
          llvm::is_contained(leaves, v) || !sameExpr(infos[v].expr, want))
        continue;
      leaves[leaf] = v;
      placeTemplateOp(t, j, start, leaves);
      leaves[leaf] = -1;
      if (s.timeUp())
        return;
    }
    return;
  }
  ++s.ctl.states;
  if (!place(tp.instantiate(j, start, leaves)))
    return;
  placeTemplateOp(t, j + 1, start, leaves);
  unplace();
}

void BlockSearch::accumulate(llvm::ArrayRef<int> dangling, unsigned i) {
  if (s.timeUp())
    return;
  if (i == dangling.size()) {
    inPost = true;
    extend();
    inPost = false;
    return;
  }
  int a = dangling[i];
  tsopt::Op op;
  op.kind = OpKind::Accum;
  op.operands = {a};
  auto attempt = [&]() {
    ++s.ctl.states;
    if (place(op)) {
      accumulate(dangling, i + 1);
      unplace();
    }
  };
  op.accum = infos[a].partialLoop ? infos[a].partialKind : AccumKind::Sum;
  attempt();
  op.accum = AccumKind::Sum;
  if (c.loopVar >= 0)
    for (size_t d = 0; d < bg.values[a].shape.size(); ++d)
      if (infos[a].dims[d].outerVar() == c.loopVar) {
        op.fmap = d;
        attempt();
      }
}

void BlockSearch::extend() {
  if (s.timeUp())
    return;
  // Generation runs in phases (a canonical form: no loop-body op depends on
  // a post-loop value): loop-body ops, then one accumulator for every
  // loop-body result nobody uses, then post-loop ops.
  llvm::SmallVector<int, 4> dangling;
  unsigned postSinks = 0, unusedInputs = 0;
  for (int v = bg.inputs.size(); v < static_cast<int>(bg.values.size()); ++v) {
    if (users(v))
      continue;
    if (infos[v].stage == Stage::Loop) {
      // An input tile of partial sums (the combine step of a split
      // reduction) goes straight to its accumulator.
      if (bg.ops[v - bg.inputs.size()].kind == OpKind::BlockInput &&
          !infos[v].partialLoop && !infos[v].carried)
        ++unusedInputs;
      else
        dangling.push_back(v);
    } else if (infos[v].stage == Stage::PostLoop) {
      ++postSinks;
    }
  }
  unsigned remaining = s.options.maxBlockOps - computeOps;
  unsigned maxOut = s.options.maxKernelOutputs;
  if (inPost) {
    if (postSinks >= 1 && postSinks <= maxOut)
      tryClose();
    if (computeOps >= s.options.maxBlockOps ||
        (postSinks > maxOut && postSinks - maxOut > remaining * s.maxMerge))
      return;
  } else {
    if (unusedInputs == 0 && !dangling.empty() &&
        dangling.size() <= remaining) {
      llvm::SmallVector<int, 4> toAccumulate = dangling;
      accumulate(toAccumulate, 0);
    }
    // Ops still needed to close: every dangling value (a result nobody
    // uses or an input tile nobody reads) needs an op that consumes it (a
    // binary op merges two into one, a template with k leaves k into one,
    // an accumulator moves one past the loop).
    unsigned open = dangling.size() + unusedInputs;
    if (computeOps >= s.options.maxBlockOps ||
        open > remaining * s.maxMerge)
      return;
  }

  int n = bg.values.size();
  Stage phase = inPost ? Stage::PostLoop : Stage::Loop;
  auto usable = [&](int v) { return infos[v].stage == phase; };
  bool haveSquare = llvm::is_contained(s.blockOps, OpKind::Square);
  for (OpKind kind : s.blockOps) {
    for (int a = 0; a < n; ++a) {
      if (!usable(a))
        continue;
      tsopt::Op op;
      op.kind = kind;
      op.operands = {a};
      if (Searcher::takesConstant(kind)) {
        // Scaling (or shifting) an input tile or a scaled (shifted) tile
        // again is never needed: apply it to what is computed from it, once.
        int producer = a - bg.inputs.size();
        if (bg.ops[producer].kind == OpKind::BlockInput ||
            bg.ops[producer].kind == kind)
          continue;
        for (double cst : s.constantsOf(kind)) {
          op.scalar = cst;
          tryOp(op);
        }
      } else if (isElementwiseUnary(kind)) {
        tryOp(op);
      } else if (kind == OpKind::ReduceSum || kind == OpKind::ReduceMax) {
        for (size_t d = 0; d < bg.values[a].shape.size(); ++d) {
          op.dim = d;
          tryOp(op);
        }
      } else if (kind == OpKind::Transpose) {
        size_t rank = bg.values[a].shape.size();
        if (rank < 2)
          continue;
        op.perm = swapLastTwo(rank);
        tryOp(op);
        op.perm.clear();
      } else if (isElementwiseBinary(kind) || kind == OpKind::Matmul ||
                 kind == OpKind::Concat) {
        for (int b = 0; b < n; ++b) {
          if (!usable(b) || (isCommutative(kind) && b < a))
            continue;
          // x * x is square when square is explored.
          if (a == b && (kind != OpKind::Mul || haveSquare))
            continue;
          op.operands = {a, b};
          if (kind == OpKind::Concat) {
            for (size_t d = 0; d < bg.values[a].shape.size(); ++d) {
              op.dim = d;
              tryOp(op);
            }
          } else {
            tryOp(op);
          }
        }
      }
    }
  }
  for (unsigned t = 0; t < s.templates.size(); ++t)
    tryTemplate(t);
}

void BlockSearch::tryClose() {
  llvm::SmallVector<int, 2> sinks;
  for (int v = bg.inputs.size(); v < static_cast<int>(bg.values.size()); ++v)
    if (!users(v) && infos[v].stage == Stage::PostLoop)
      sinks.push_back(v);
  llvm::SmallVector<std::array<int, 3>, 2> omaps;
  closeWithOmaps(sinks, 0, omaps);
}

void BlockSearch::closeWithOmaps(
    llvm::ArrayRef<int> sinks, unsigned i,
    llvm::SmallVector<std::array<int, 3>, 2> &omaps) {
  if (i == sinks.size()) {
    // Build the kernel op: outputs in sink order.
    Graph body = bg;
    llvm::SmallVector<Info, 2> outInfos;
    for (auto [j, v] : llvm::enumerate(sinks)) {
      tsopt::Op out;
      out.kind = OpKind::BlockOutput;
      out.operands = {v};
      out.gridMap = omaps[j];
      int r = body.addOp(out, {bg.values[v]});
      body.outputs.push_back(r);
      const Info &t = infos[v];
      Info o;
      o.dims = t.dims;
      o.expr = t.expr;
      for (auto [g, gv] : llvm::enumerate(c.gridVars)) {
        DimLabel &d = o.dims[omaps[j][g]];
        if (t.partialGrid & (1u << g)) {
          d.factors.insert(d.factors.begin(), Factor{gv, c.grid[g]});
          o.partialVars.push_back(gv);
        } else if (!d.factors.empty() && d.outerVar() == gv) {
          d.factors[0].count *= c.grid[g];
        } else {
          d.factors.insert(d.factors.begin(), Factor{gv, c.grid[g]});
        }
      }
      o.stage = Stage::Tensor;
      outInfos.push_back(o);
    }
    if (failed(inferShapes(body)))
      return;
    tsopt::Op kernel;
    kernel.kind = OpKind::Kernel;
    for (int v : c.inputs)
      kernel.operands.push_back(v);
    llvm::SmallVector<tsopt::TensorType, 2> types;
    for (int o : body.outputs)
      types.push_back(body.values[o]);
    std::string text = serializeGraph(body);
    kernel.body = std::make_shared<Graph>(std::move(body));
    Rank rank = rankOf(kernel, text);
    if (s.options.canonicalOrder && !k.ranks.empty() &&
        !(k.ranks.back() < rank))
      return;
    k.pushOp(kernel, types, outInfos, rank);
    k.extend();
    k.popOp();
    k.updateMustRead(); // the recursion computed it for a deeper prefix
    return;
  }
  // Omap of sink i: a grid dim slicing a variable the tile ranges over maps
  // to that dim; one whose variable the tile reduced maps to a free dim
  // (the partial results are concatenated there).
  const Info &t = infos[sinks[i]];
  std::array<int, 3> omap = {kReplica, kReplica, kReplica};
  llvm::SmallVector<int, 3> concatDims;
  for (auto [g, gv] : llvm::enumerate(c.gridVars)) {
    if (t.partialGrid & (1u << g)) {
      concatDims.push_back(g);
      continue;
    }
    for (auto [d, label] : llvm::enumerate(t.dims))
      if (label.outerVar() == gv) {
        omap[g] = d;
        break;
      }
    // A tile that does not depend on grid dim g would be written by every
    // block along g: not a valid saver.
    if (omap[g] == kReplica)
      return;
  }
  // Assign the concatenated grid dims to distinct free dims, in all ways.
  std::function<void(unsigned)> assign = [&](unsigned j) {
    if (j == concatDims.size()) {
      omaps.push_back(omap);
      closeWithOmaps(sinks, i + 1, omaps);
      omaps.pop_back();
      return;
    }
    int g = concatDims[j];
    for (size_t d = 0; d < t.dims.size(); ++d) {
      if (llvm::is_contained(omap, static_cast<int>(d)))
        continue;
      omap[g] = d;
      assign(j + 1);
      omap[g] = kReplica;
    }
  };
  assign(0);
}

} // namespace tsopt::search
