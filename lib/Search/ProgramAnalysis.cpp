//===- ProgramAnalysis.cpp - What the search derives from the program ------===//
//
// Searcher::prepare (index variables, reduced variables, abstract
// expressions, op sets, constants), program templates, and the first
// kernel-level ops of all prefixes (work items).
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

llvm::LogicalResult Searcher::prepare(std::string *why) {
  auto fail = [&](const llvm::Twine &msg) {
    if (why)
      *why = msg.str();
    return llvm::failure();
  };
  if (program.level != Level::Kernel)
    return fail("the program must be a kernel graph");
  if (program.outputs.empty())
    return fail("the program has no outputs");
  std::set<OpKind> kinds;
  for (const tsopt::Op &op : program.ops) {
    switch (op.kind) {
    case OpKind::Kernel:
      return fail("the program already contains a graph-defined kernel; "
                  "superoptimize a program of pre-defined ops");
    case OpKind::Repeat:
    case OpKind::Reshape:
      return fail(llvm::Twine("kgraph.") + stringifyOpKind(op.kind) +
                  " is not supported by the search yet");
    default:
      break;
    }
    kinds.insert(op.kind);
  }

  if (program.values.size() > 60)
    return fail("the program has more than 60 values; split it first");
  usedInputs.assign(program.inputs.size(), false);
  for (const tsopt::Op &op : program.ops)
    for (int o : op.operands)
      for (auto [i, in] : llvm::enumerate(program.inputs))
        if (in == o)
          usedInputs[i] = true;

  DimAnalysis dims(program);
  for (int in : program.inputs)
    inputLabels.push_back(dims.labels(program, in));
  for (int o : program.outputs)
    outputLabels.push_back(dims.labels(program, o));
  reducedVars = reducedVariables(program, dims);
  varSize = dims.varSize;

  llvm::SmallVector<AbsTensor, 2> targets;
  programExprs = builder.evaluate(program);
  for (int o : program.outputs)
    targets.push_back(programExprs[o]);
  if (!oracle)
    oracle = std::make_unique<SubexprOracle>(exprs, targets);

  // Op sets: the program's kernel ops; block ops are the program's ops with
  // rms_norm expanded into the primitives that compute it, and concat when
  // the program adds two contractions (the LoRA rewrite).
  kernelOps = options.kernelOps;
  if (kernelOps.empty() && !options.noKernelOps)
    kernelOps.assign(kinds.begin(), kinds.end());
  blockOps = options.blockOps;
  if (llvm::is_contained(blockOps, OpKind::RmsNorm))
    return fail("block-ops: rms_norm has no block-level op; the search "
                "explores its primitives (mul, square, reduce_sum, "
                "mul_scalar, sqrt, div) instead");
  if (blockOps.empty() && !options.noBlockOps) {
    std::set<OpKind> b;
    for (OpKind k : kinds) {
      if (k == OpKind::RmsNorm) {
        b.insert({OpKind::Mul, OpKind::Square, OpKind::ReduceSum,
                  OpKind::MulScalar, OpKind::Sqrt, OpKind::Div});
        continue;
      }
      b.insert(k);
    }
    for (const tsopt::Op &op : program.ops) {
      if (op.kind != OpKind::Add)
        continue;
      auto fromMatmul = [&](int v) {
        return llvm::any_of(program.ops, [&](const tsopt::Op &p) {
          return p.kind == OpKind::Matmul && p.results[0] == v;
        });
      };
      if (fromMatmul(op.operands[0]) && fromMatmul(op.operands[1]))
        b.insert(OpKind::Concat);
    }
    blockOps.assign(b.begin(), b.end());
  }
  // Constants: the program's factors and addends; for each rms_norm over K,
  // 1/K, its epsilon as an addend (when nonzero) and as an epsilon.
  for (const tsopt::Op &op : program.ops) {
    if (op.kind == OpKind::MulScalar)
      scalars.push_back(op.scalar);
    if (op.kind == OpKind::AddScalar)
      addends.push_back(op.scalar);
    if (op.kind == OpKind::MaxScalar)
      lowerBounds.push_back(op.scalar);
    if (op.kind == OpKind::MinScalar)
      upperBounds.push_back(op.scalar);
    if (!searchTakes(op.kind))
      return fail(stringifyOpKind(op.kind).str() +
                  " is not supported by the search yet (rule-based fusion "
                  "and orchestration take it)");
    if (op.kind == OpKind::RmsNorm) {
      scalars.push_back(
          1.0 / static_cast<double>(program.type(op.operands[0]).shape.back()));
      epsilons.push_back(op.scalar);
      if (op.scalar != 0)
        addends.push_back(op.scalar);
    }
  }
  for (auto *list :
       {&scalars, &addends, &epsilons, &lowerBounds, &upperBounds}) {
    llvm::sort(*list);
    list->erase(std::unique(list->begin(), list->end()), list->end());
  }
  // An rms_norm's epsilon is added in its block-level primitives.
  if (!addends.empty() && !options.blockOps.size() && !options.noBlockOps &&
      !llvm::is_contained(blockOps, OpKind::AddScalar))
    blockOps.push_back(OpKind::AddScalar);
  if (options.programTemplates)
    collectTemplates();
  return llvm::success();
}

/// Ops a template may contain: those that compute each row of their result
/// from the same row of their operands.
static bool isRowLocal(OpKind k) {
  return isElementwiseUnary(k) || isElementwiseBinary(k) ||
         k == OpKind::ReduceSum || k == OpKind::ReduceMax ||
         k == OpKind::RmsNorm;
}

void Searcher::collectTemplates() {
  std::vector<int> producer = producers(program);
  std::vector<unsigned> uses(program.values.size(), 0);
  for (const tsopt::Op &op : program.ops)
    for (int o : op.operands)
      ++uses[o];
  for (int o : program.outputs)
    ++uses[o];
  // Records program value `v` as the next leaf of `t`.
  auto addLeaf = [&](Template &t, int v) {
    t.leafRanks.push_back(program.type(v).shape.size());
    t.leafValues.push_back(v);
    auto in = llvm::find(program.inputs, v);
    t.leafInputs.push_back(
        in == program.inputs.end() ? -1 : in - program.inputs.begin());
  };
  std::set<std::string> seen;
  // A transposed program input is a one-op prologue: the kernel reads the
  // tile and transposes it in shared memory.
  for (const tsopt::Op &op : program.ops) {
    if (op.kind != OpKind::Transpose ||
        !llvm::is_contained(program.inputs, op.operands[0]))
      continue;
    Template t;
    t.ops.push_back({OpKind::Transpose, {-1}, 0, 0, op.perm});
    addLeaf(t, op.operands[0]);
    t.onlyUse = uses[op.operands[0]] == 1;
    templates.push_back(std::move(t));
  }
  // Cut at reductions, a reduction's result is a leaf of the cones that
  // read it and the root of its own.
  auto isCut = [&](OpKind k) {
    return cutAtReductions &&
           (k == OpKind::ReduceSum || k == OpKind::ReduceMax);
  };
  for (const tsopt::Op &root : program.ops) {
    if (!isRowLocal(root.kind))
      continue;
    // Maximal cones only: rooted at a value that is an output, has several
    // users or feeds an op that is not row-local.
    int rv = root.results[0];
    bool maximal = uses[rv] != 1 ||
                   llvm::is_contained(program.outputs, rv) ||
                   isCut(root.kind);
    for (const tsopt::Op &user : program.ops)
      if (llvm::is_contained(user.operands, rv) && !isRowLocal(user.kind))
        maximal = true;
    if (!maximal)
      continue;
    // The cone of `root`: row-local producers of values used once; every
    // other value (an input, a matmul result, a value with other users) is
    // a leaf.
    Template t;
    llvm::DenseMap<int, int> opOf, leafOf;
    llvm::SmallVector<int, 8> coneOps;
    std::function<int(int, bool)> visit = [&](int v, bool isRoot) -> int {
      int p = producer[v];
      // Cut at reductions, a cone also takes in the row-local values it
      // shares with others (computed again in each): a leaf stands for a
      // value the loop accumulates, and abstract expressions, which forget
      // constant factors, would let a leaf `mean` bind to the sum itself.
      bool inner = p >= 0 && isRowLocal(program.ops[p].kind) &&
                   (isRoot || (cutAtReductions ? !isCut(program.ops[p].kind)
                                               : uses[v] == 1));
      if (!inner) {
        auto [it, added] = leafOf.try_emplace(v, t.leafRanks.size());
        if (added)
          addLeaf(t, v);
        return -1 - it->second;
      }
      if (auto it = opOf.find(v); it != opOf.end())
        return it->second;
      const tsopt::Op &op = program.ops[p];
      coneOps.push_back(p);
      llvm::SmallVector<int, 2> operands;
      for (int o : op.operands)
        operands.push_back(visit(o, false));
      auto add = [&](OpKind kind, llvm::ArrayRef<int> in, int64_t dim = 0,
                     double scalar = 0) {
        t.ops.push_back({kind, {in.begin(), in.end()}, dim, scalar, {}});
        return static_cast<int>(t.ops.size() - 1);
      };
      if (op.kind != OpKind::RmsNorm)
        return opOf[v] = add(op.kind, operands, op.dim, op.scalar);
      // rms_norm has no block-level op: its primitives,
      // x·g / sqrt(sum(x²) / K + ε) (no add_scalar when ε = 0).
      int64_t last = program.type(op.operands[0]).shape.size() - 1;
      int sq = add(OpKind::Square, {operands[0]});
      int ss = add(OpKind::ReduceSum, {sq}, last);
      int ms = add(OpKind::MulScalar, {ss}, 0,
                   1.0 / program.type(op.operands[0]).shape.back());
      if (op.scalar != 0)
        ms = add(OpKind::AddScalar, {ms}, 0, op.scalar);
      int rms = add(OpKind::Sqrt, {ms});
      int xg = add(OpKind::Mul, {operands[0], operands[1]});
      return opOf[v] = add(OpKind::Div, {xg, rms});
    };
    visit(root.results[0], true);
    unsigned leafUses = 0, usesInside = 0;
    for (int v : t.leafValues)
      leafUses += uses[v];
    for (int p : coneOps)
      for (int o : program.ops[p].operands)
        usesInside += leafOf.count(o);
    t.onlyUse = leafUses == usesInside;
    if (t.ops.size() < 2)
      continue;
    std::string key;
    llvm::raw_string_ostream os(key);
    for (const Template::TOp &o : t.ops) {
      os << static_cast<int>(o.kind) << ' ' << o.dim << ' ' << o.scalar;
      for (int a : o.operands)
        os << ' ' << a;
      os << ';';
    }
    for (size_t r : t.leafRanks)
      os << ' ' << r;
    if (!seen.insert(key).second)
      continue;
    maxMerge = std::max<unsigned>(maxMerge, t.leafRanks.size() - 1);
    templates.push_back(std::move(t));
  }
}


//===----------------------------------------------------------------------===//
// Work items
//===----------------------------------------------------------------------===//

std::vector<WorkItem> Searcher::workItems() {
  // The first ops of all prefixes, found by a kernel search that records
  // instead of recursing.
  std::vector<WorkItem> items;
  // Pre-defined first ops (a split reduction starts with a graph-defined
  // kernel).
  for (OpKind kind : options.splitReduction ? llvm::ArrayRef<OpKind>()
                                            : llvm::ArrayRef(kernelOps)) {
    int n = program.inputs.size();
    auto add = [&](llvm::ArrayRef<int> operands, int64_t dim, double scalar) {
      WorkItem w;
      w.op.kind = kind;
      w.op.operands.assign(operands.begin(), operands.end());
      w.op.dim = dim;
      w.op.scalar = scalar;
      items.push_back(w);
    };
    if (takesConstant(kind) && kind != OpKind::RmsNorm) {
      for (int a = 0; a < n; ++a)
        for (double c : constantsOf(kind))
          add({a}, 0, c);
    } else if (isElementwiseUnary(kind) || kind == OpKind::Transpose) {
      for (int a = 0; a < n; ++a)
        add({a}, 0, 0);
    } else if (kind == OpKind::ReduceSum || kind == OpKind::ReduceMax) {
      for (int a = 0; a < n; ++a)
        for (size_t d = 0; d < program.type(program.inputs[a]).shape.size();
             ++d)
          add({a}, d, 0);
    } else {
      // Binary ops, matmul, and rms_norm with each of the program's
      // epsilons.
      llvm::SmallVector<double, 2> constants = {0.0};
      if (kind == OpKind::RmsNorm)
        constants.assign(epsilons.begin(), epsilons.end());
      for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b)
          if (!isCommutative(kind) || a <= b)
            for (double c : constants)
              add({a, b}, 0, c);
    }
  }
  return items;
}

} // namespace tsopt::search

bool tsopt::searchTakes(OpKind k) {
  return k != OpKind::Slice && k != OpKind::Im2Col && k != OpKind::Conv2d;
}
