//===- KernelGeneration.cpp - Kernel-graph generation ----------------------===//
//
// KernelSearch: kernel-graph prefixes grown op by op in canonical order;
// graph-defined kernels enumerated by configuration (inputs, grid and loop
// variables, representative extents).
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
// Kernel level
//===----------------------------------------------------------------------===//

void KernelSearch::pushOp(tsopt::Op op, llvm::ArrayRef<tsopt::TensorType> types,
                          llvm::ArrayRef<Info> resultInfos, Rank rank) {
  int first = g.addOp(std::move(op), types);
  infos.resize(first + types.size());
  for (size_t i = 0; i < types.size(); ++i)
    infos[first + i] = resultInfos[i];
  ranks.push_back(std::move(rank));
}

void KernelSearch::popOp() {
  size_t n = g.ops.back().results.size();
  g.ops.pop_back();
  g.values.resize(g.values.size() - n);
  infos.resize(g.values.size());
  ranks.pop_back();
}

void KernelSearch::tryComplete() {
  // Every produced tensor is used or an output; the unused ones are the
  // outputs, in creation order, and must match the program's.
  llvm::SmallVector<int, 2> sinks;
  for (int v = g.inputs.size(); v < static_cast<int>(g.values.size()); ++v)
    if (users(v) == 0)
      sinks.push_back(v);
  if (sinks.size() != s.program.outputs.size())
    return;
  for (auto [i, v] : llvm::enumerate(sinks)) {
    const tsopt::TensorType &want = s.program.type(s.program.outputs[i]);
    if (g.values[v].shape != want.shape || !infos[v].partialVars.empty() ||
        infos[v].dims != s.outputLabels[i])
      return;
  }
  Graph cand = g;
  cand.outputs.assign(sinks.begin(), sinks.end());
  for (size_t i = 0; i < sinks.size(); ++i)
    cand.values[sinks[i]].dtype =
        s.program.type(s.program.outputs[i]).dtype;
  out.push_back({std::move(cand), ""});
}

void KernelSearch::updateMustRead() {
  // The last op allowed must read every program input not read yet and,
  // for a single-output program, every result nobody reads yet.
  mustRead = 0;
  if (s.options.maxKernelOps - g.ops.size() != 1)
    return;
  for (auto [i, v] : llvm::enumerate(g.inputs))
    if (s.usedInputs[i] && users(v) == 0)
      mustRead |= uint64_t(1) << v;
  if (s.program.outputs.size() == 1)
    for (int v = g.inputs.size(); v < static_cast<int>(g.values.size()); ++v)
      if (users(v) == 0)
        mustRead |= uint64_t(1) << v;
}

void KernelSearch::extend() {
  if (s.timeUp())
    return;
  tryComplete();
  if (g.ops.size() >= s.options.maxKernelOps)
    return;

  updateMustRead();

  int n = g.values.size();
  for (OpKind kind : s.kernelOps) {
    if (isElementwiseUnary(kind) && !Searcher::takesConstant(kind)) {
      for (int a = 0; a < n; ++a)
        tryPredefined(kind, {a}, 0, 0);
    } else if (isElementwiseUnary(kind)) {
      for (int a = 0; a < n; ++a)
        for (double c : s.constantsOf(kind))
          tryPredefined(kind, {a}, 0, c);
    } else if (isElementwiseBinary(kind) || kind == OpKind::Matmul) {
      for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b)
          if (!isCommutative(kind) || a <= b)
            tryPredefined(kind, {a, b}, 0, 0);
    } else if (kind == OpKind::RmsNorm) {
      for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b)
          for (double eps : s.constantsOf(kind))
            tryPredefined(kind, {a, b}, 0, eps);
    } else if (kind == OpKind::ReduceSum || kind == OpKind::ReduceMax) {
      for (int a = 0; a < n; ++a)
        for (size_t d = 0; d < g.values[a].shape.size(); ++d)
          tryPredefined(kind, {a}, d, 0);
    } else if (kind == OpKind::Transpose) {
      for (int a = 0; a < n; ++a)
        if (g.values[a].shape.size() >= 2)
          tryPredefined(kind, {a}, 0, 0);
    }
  }
  if (s.options.graphDefinedKernels)
    enumerateKernelConfigs(
        [&](KernelConfig &config) { searchKernel(config); });
}

void KernelSearch::tryPredefined(OpKind kind, llvm::ArrayRef<int> operands,
                                 int64_t dim, double scalar) {
  if (s.timeUp())
    return;
  ++s.ctl.states;
  tsopt::Op op;
  op.kind = kind;
  op.operands.assign(operands.begin(), operands.end());
  op.dim = dim;
  op.scalar = scalar;
  if (kind == OpKind::Transpose)
    op.perm = swapLastTwo(g.values[operands[0]].shape.size());
  Rank rank = rankOf(op);
  if (s.options.canonicalOrder && !ranks.empty() && !(ranks.back() < rank))
    return;
  uint64_t reads = 0;
  for (int o : operands)
    reads |= uint64_t(1) << o;
  if ((reads & mustRead) != mustRead) {
    ++s.ctl.prunedShape;
    return;
  }
  for (int o : operands)
    if (!infos[o].partialVars.empty()) {
      ++s.ctl.prunedShape;
      return;
    }
  // Result type by the shape rules (reductions to one group).
  tsopt::TensorType type;
  type.dtype = g.values[operands[0]].dtype;
  Graph probe;
  probe.level = Level::Kernel;
  for (int o : operands)
    probe.addInput(g.values[o]);
  tsopt::Op probeOp = op;
  for (size_t i = 0; i < operands.size(); ++i)
    probeOp.operands[i] = i;
  tsopt::TensorType guess = g.values[operands[0]];
  if (kind == OpKind::ReduceSum || kind == OpKind::ReduceMax)
    guess.shape[dim] = 1;
  probe.addOp(probeOp, {guess});
  if (failed(inferShapes(probe))) {
    ++s.ctl.prunedShape;
    return;
  }
  type = probe.values.back();
  if (kind == OpKind::ReduceSum || kind == OpKind::ReduceMax)
    if (g.values[operands[0]].shape[dim] == 1) {
      ++s.ctl.prunedShape;
      return;
    }

  pushOp(op, {type}, {Info()}, rank);
  // Pointers into `infos` only after it has grown.
  llvm::SmallVector<const Info *, 2> in;
  for (int o : operands)
    in.push_back(&infos[o]);
  auto info = labelOp(g.ops.back(), in, g, Slicing());
  if (failed(info)) {
    ++s.ctl.prunedShape;
    popOp();
    return;
  }
  llvm::SmallVector<AbsTensor, 2> ex;
  for (int o : operands)
    ex.push_back(infos[o].expr);
  info->expr = s.builder.apply(g.ops.back(), g, ex)[0];
  info->stage = Stage::Tensor;
  if (!s.keepExpr(info->expr)) {
    popOp();
    return;
  }
  infos.back() = *info;
  extend();
  popOp();
  updateMustRead(); // the recursion computed it for a deeper prefix
}

/// Variables a kernel can slice: the outer variable of every non-unit dim of
/// its inputs, in increasing order.
static llvm::SmallVector<int, 8>
sliceableVars(llvm::ArrayRef<const Info *> inputs) {
  std::set<int> vars;
  for (const Info *in : inputs)
    for (const DimLabel &d : in->dims)
      if (d.outerVar() >= 0)
        vars.insert(d.outerVar());
  return {vars.begin(), vars.end()};
}

/// Smallest extent >= 2 among `candidates` dividing `n` (0 if none).
static int64_t representative(llvm::ArrayRef<int64_t> candidates, int64_t n) {
  for (int64_t e : candidates)
    if (e >= 2 && n % e == 0)
      return e;
  return 0;
}

void KernelSearch::enumerateKernelConfigs(
    llvm::function_ref<void(KernelConfig &)> fn) {
  int n = g.values.size();
  // Subsets of the kernel tensors, by bitmask (programs are small).
  for (uint64_t mask = 1; mask < (uint64_t(1) << n); ++mask) {
    if (s.timeUp())
      return;
    if ((mask & mustRead) != mustRead)
      continue;
    KernelConfig base;
    for (int v = 0; v < n; ++v)
      if (mask & (uint64_t(1) << v))
        base.inputs.push_back(v);
    // Canonical order: the kernel's rank prefix must not be below the last.
    if (s.options.canonicalOrder && !ranks.empty()) {
      tsopt::Op probe;
      probe.kind = OpKind::Kernel;
      probe.operands.assign(base.inputs.begin(), base.inputs.end());
      Rank r = rankOf(probe, "\x7f");
      if (r < ranks.back())
        continue;
    }
    llvm::SmallVector<const Info *, 4> ins;
    int partialVar = -1;
    bool mixedPartial = false;
    for (int v : base.inputs) {
      ins.push_back(&infos[v]);
      for (int pv : infos[v].partialVars) {
        if (partialVar >= 0 && partialVar != pv)
          mixedPartial = true;
        partialVar = pv;
      }
    }
    if (mixedPartial)
      continue;
    llvm::SmallVector<int, 8> vars = sliceableVars(ins);
    // The chunk count of a partial variable: its outer factor's count.
    int64_t chunks = 0;
    for (const Info *in : ins)
      for (const DimLabel &d : in->dims)
        if (d.outerVar() == partialVar && partialVar >= 0)
          chunks = d.factors[0].count;

    // The grid does not split the chunks of partial sums; it may slice the
    // partial variable where another input ranges over it (the blocks then
    // share the chunks, and the loop walks them and carries that input to a
    // concatenating accumulator), if the program's output ranges over it
    // too (mlp_adapter's columns; not GQA's reduced kv sequence, whose
    // combine kernels would otherwise try every carried V).
    llvm::SmallVector<int, 8> gridCandidates;
    for (int v : vars) {
      bool elsewhere =
          llvm::any_of(ins,
                       [&](const Info *in) {
                         return in->partialVars.empty() &&
                                hasOuterVar(in->dims, v);
                       }) &&
          llvm::any_of(s.outputLabels,
                       [&](const auto &labels) { return hasOuterVar(labels, v); });
      if (v != partialVar || elsewhere)
        gridCandidates.push_back(v);
    }
    unsigned nv = gridCandidates.size();
    for (uint64_t gm = 0; gm < (uint64_t(1) << nv); ++gm) {
      unsigned gridDims = llvm::popcount(gm);
      if (gridDims > s.options.maxGridDims || gridDims < s.options.minGridDims)
        continue;
      KernelConfig withGrid = base;
      for (unsigned i = 0; i < nv; ++i)
        if (gm & (uint64_t(1) << i))
          withGrid.gridVars.push_back(gridCandidates[i]);
      llvm::SmallVector<int, 9> loopChoices;
      if (partialVar >= 0) {
        loopChoices.push_back(partialVar);
      } else {
        // A for-loop exists to accumulate: it slices a variable the program
        // reduces (a contraction or a reduction), see docs/search.md.
        loopChoices.push_back(-1);
        for (int v : vars)
          if (s.reducedVars.count(v))
            loopChoices.push_back(v);
      }
      for (int loopVar : loopChoices) {
        if (loopVar < 0 && s.options.requireForloop)
          continue;
        KernelConfig config = withGrid;
        config.loopVar = loopVar;
        bool ok = true;
        for (int v : config.gridVars) {
          int64_t size = s.varSize[v];
          int64_t e = representative(s.options.gridExtents, size);
          if (v == loopVar && e)
            e = representative(s.options.gridExtents, size) &&
                        representative(s.options.forloopExtents, size / e)
                    ? e
                    : 0;
          if (!e)
            ok = false;
          config.grid.push_back(e);
        }
        if (config.grid.empty())
          config.grid.push_back(1);
        if (loopVar >= 0) {
          if (loopVar == partialVar) {
            config.forloop = chunks;
          } else {
            int64_t size = s.varSize[loopVar];
            for (auto [i, v] : llvm::enumerate(config.gridVars))
              if (v == loopVar && config.grid[i])
                size /= config.grid[i];
            config.forloop = representative(s.options.forloopExtents, size);
            if (!config.forloop)
              ok = false;
          }
        }
        if (ok)
          fn(config);
      }
    }
  }
}

void KernelSearch::searchKernel(KernelConfig &config) {
  BlockSearch bs(s, *this, config);
  if (bs.begin())
    bs.withPrologues(0);
}

void KernelSearch::runFirst(const WorkItem &item) {
  updateMustRead();
  if (!item.graphDefined) {
    llvm::SmallVector<int, 2> operands(item.op.operands.begin(),
                                       item.op.operands.end());
    tryPredefined(item.op.kind, operands, item.op.dim, item.op.scalar);
    return;
  }
  KernelConfig config = item.config;
  searchKernel(config);
}

void ConfigLister::list(Searcher &s, std::vector<WorkItem> &items) {
  std::vector<Found> unused;
  KernelSearch root(s, unused);
  root.updateMustRead();
  root.enumerateKernelConfigs([&](KernelConfig &config) {
    // A split reduction: the first kernel's grid slices a variable the
    // program reduces, and a later kernel combines the partial results.
    if (s.options.splitReduction &&
        llvm::none_of(config.gridVars,
                      [&](int v) { return s.reducedVars.count(v) != 0; }))
      return;
    WorkItem w;
    w.graphDefined = true;
    w.config = config;
    items.push_back(w);
  });
}

void Searcher::runItem(const WorkItem &item, std::vector<Found> &out) {
  KernelSearch ks(*this, out);
  ks.runFirst(item);
}

} // namespace tsopt::search
