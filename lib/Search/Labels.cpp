//===- Labels.cpp - Dimension labels and their rules -----------------------===//
//
// The index-variable analysis of the input program and the label rules the
// kernel- and block-level generation share (Labels.h).
//
//===----------------------------------------------------------------------===//

#include "Labels.h"

#include "tsopt/Core/ShapeRules.h"

#include "llvm/ADT/STLExtras.h"

#include <numeric>

using namespace tsopt;

namespace tsopt::search {

std::set<int> reducedVariables(const Graph &program, DimAnalysis &dims) {
  std::set<int> reduced;
  for (const tsopt::Op &op : program.ops) {
    int v = -1, d = -1;
    if (op.kind == OpKind::Matmul) {
      v = op.operands[0];
      d = program.type(v).shape.size() - 1;
    } else if (op.kind == OpKind::ReduceSum || op.kind == OpKind::ReduceMax) {
      v = op.operands[0];
      d = op.dim;
    } else if (op.kind == OpKind::RmsNorm) {
      v = op.operands[0];
      d = program.type(v).shape.size() - 1;
    }
    if (v < 0)
      continue;
    auto labels = dims.labels(program, v);
    if (labels[d].outerVar() >= 0)
      reduced.insert(labels[d].outerVar());
  }
  return reduced;
}

/// Unary ops that do not commute with sums (everything but scaling).
bool isNonlinearUnary(OpKind k) {
  return isElementwiseUnary(k) && k != OpKind::Neg && k != OpKind::MulScalar;
}

bool isCommutative(OpKind k) { return k == OpKind::Add || k == OpKind::Mul; }

/// The transpose the search explores: the last two of `rank` dims swapped
/// (what the program's transposes do).
llvm::SmallVector<int64_t, 4> swapLastTwo(size_t rank) {
  llvm::SmallVector<int64_t, 4> perm(rank);
  std::iota(perm.begin(), perm.end(), 0);
  std::swap(perm[rank - 1], perm[rank - 2]);
  return perm;
}

/// Some dim of `dims` has `v` as its outer variable.
bool hasOuterVar(llvm::ArrayRef<DimLabel> dims, int v) {
  return llvm::any_of(dims,
                      [&](const DimLabel &d) { return d.outerVar() == v; });
}

//===----------------------------------------------------------------------===//
// Label rules shared by kernel and block level
//===----------------------------------------------------------------------===//

/// Marks `info` as a reduction over the variables of `dim`.
void reduceOver(Info &info, const DimLabel &dim, const Slicing &s,
                AccumKind kind) {
  for (int v : dim.vars()) {
    if (v == s.loopVar) {
      info.partialLoop = true;
      info.partialKind = kind;
    }
    for (auto [g, gv] : llvm::enumerate(s.gridVars))
      if (gv == v)
        info.partialGrid |= 1u << g;
  }
}

/// Same abstract expression (one part, not opaque): hash-consing makes this
/// equality modulo the context's normal forms.
bool sameExpr(const AbsTensor &a, const AbsTensor &b) {
  return !a.unknown && !b.unknown && a.parts.size() == 1 &&
         b.parts.size() == 1 && a.parts[0].expr == b.parts[0].expr;
}

bool samePartial(const Info &a, const Info &b) {
  return a.partialLoop == b.partialLoop && a.partialGrid == b.partialGrid &&
         (!a.partialLoop || a.partialKind == b.partialKind);
}

/// Labels and partial state of a compute op's result from its operands';
/// failure when the op mixes unrelated variables or applies a non-linear
/// function to a partial sum.
llvm::FailureOr<Info> labelOp(const tsopt::Op &op,
                              llvm::ArrayRef<const Info *> in,
                              const Graph &g, const Slicing &s) {
  Info r;
  // A concatenated dim only makes sense as a contraction (the LoRA
  // rewrite): anything else on a concatenation is rejected.
  auto hasParts = [](const Info &i, int except) {
    for (auto [d, l] : llvm::enumerate(i.dims))
      if (static_cast<int>(d) != except && !l.parts.empty())
        return true;
    return false;
  };
  if (op.kind == OpKind::Matmul) {
    int rank = in[0]->dims.size();
    if (hasParts(*in[0], rank - 1) || hasParts(*in[1], rank - 2))
      return llvm::failure();
  } else {
    for (const Info *i : in)
      if (hasParts(*i, -1))
        return llvm::failure();
  }
  auto carry = [&](const Info &from) {
    r.partialLoop = from.partialLoop;
    r.partialKind = from.partialKind;
    r.partialGrid = from.partialGrid;
  };
  if (isElementwiseUnary(op.kind)) {
    if (isNonlinearUnary(op.kind) && in[0]->partial())
      return llvm::failure();
    r.dims = in[0]->dims;
    carry(*in[0]);
    return r;
  }
  switch (op.kind) {
  case OpKind::Add:
  case OpKind::Sub:
  case OpKind::Mul:
  case OpKind::Div: {
    const Info &a = *in[0], &b = *in[1];
    int ra = a.dims.size(), rb = b.dims.size(), rank = std::max(ra, rb);
    r.dims.resize(rank);
    for (int i = 0; i < rank; ++i) {
      const DimLabel *la = i < ra ? &a.dims[ra - 1 - i] : nullptr;
      const DimLabel *lb = i < rb ? &b.dims[rb - 1 - i] : nullptr;
      DimLabel &out = r.dims[rank - 1 - i];
      if (la && lb && !la->unit() && !lb->unit() && *la != *lb)
        return llvm::failure();
      out = (la && !la->unit()) ? *la : (lb ? *lb : DimLabel());
    }
    if (op.kind == OpKind::Add || op.kind == OpKind::Sub) {
      if (!samePartial(a, b))
        return llvm::failure();
      carry(a);
    } else if (op.kind == OpKind::Mul) {
      if (a.partial() && b.partial())
        return llvm::failure();
      carry(a.partial() ? a : b);
    } else {
      if (b.partial())
        return llvm::failure();
      carry(a);
    }
    return r;
  }
  case OpKind::Matmul: {
    const Info &a = *in[0], &b = *in[1];
    int rank = a.dims.size();
    if (rank < 2 || static_cast<int>(b.dims.size()) != rank)
      return llvm::failure();
    if (a.partial() && b.partial())
      return llvm::failure();
    if ((a.partialLoop && a.partialKind != AccumKind::Sum) ||
        (b.partialLoop && b.partialKind != AccumKind::Sum))
      return llvm::failure();
    for (int d = 0; d + 2 < rank; ++d) {
      if (a.dims[d] != b.dims[d])
        return llvm::failure();
      r.dims.push_back(a.dims[d]);
    }
    if (a.dims[rank - 1] != b.dims[rank - 2])
      return llvm::failure();
    r.dims.push_back(a.dims[rank - 2]);
    r.dims.push_back(b.dims[rank - 1]);
    carry(a.partial() ? a : b);
    reduceOver(r, a.dims[rank - 1], s, AccumKind::Sum);
    return r;
  }
  case OpKind::ReduceSum:
  case OpKind::ReduceMax: {
    const Info &a = *in[0];
    AccumKind kind =
        op.kind == OpKind::ReduceSum ? AccumKind::Sum : AccumKind::Max;
    if (a.partial() && (kind == AccumKind::Max || a.partialKind != kind))
      return llvm::failure();
    if (g.values[op.results[0]].shape[op.dim] != 1 || a.dims[op.dim].unit())
      return llvm::failure();
    r.dims = a.dims;
    r.dims[op.dim] = DimLabel();
    carry(a);
    reduceOver(r, a.dims[op.dim], s, kind);
    return r;
  }
  case OpKind::Concat: {
    const Info &a = *in[0], &b = *in[1];
    if (a.dims.size() != b.dims.size())
      return llvm::failure();
    r.dims = a.dims;
    for (size_t d = 0; d < a.dims.size(); ++d) {
      if (static_cast<int64_t>(d) == op.dim)
        continue;
      if (a.dims[d] != b.dims[d])
        return llvm::failure();
    }
    if (a.dims[op.dim] == b.dims[op.dim])
      return llvm::failure(); // two copies of the same slice
    DimLabel cat;
    for (const Info *x : in) {
      const DimLabel &l = x->dims[op.dim];
      if (!l.parts.empty() || l.unit())
        return llvm::failure();
      cat.parts.push_back(l.factors);
    }
    r.dims[op.dim] = cat;
    // By linearity a contraction of two concatenations is a sum of the
    // pieces' contractions; the pieces may be partial in different ways,
    // which the screen (not the labels) decides.
    r.partialLoop = a.partialLoop || b.partialLoop;
    r.partialGrid = a.partialGrid | b.partialGrid;
    return r;
  }
  case OpKind::Transpose: {
    // A permutation of the dims: linear, so partial sums stay partial.
    const Info &a = *in[0];
    if (op.perm.size() != a.dims.size())
      return llvm::failure();
    for (int64_t d : op.perm)
      r.dims.push_back(a.dims[d]);
    carry(a);
    return r;
  }
  case OpKind::RmsNorm: {
    const Info &x = *in[0], &gamma = *in[1];
    if (x.partial() || gamma.partial() || gamma.dims.size() != 1 ||
        x.dims.empty() || (gamma.dims[0] != x.dims.back()))
      return llvm::failure();
    r.dims = x.dims;
    return r;
  }
  default:
    return llvm::failure();
  }
}

} // namespace tsopt::search
