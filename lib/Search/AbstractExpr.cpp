//===- AbstractExpr.cpp - Abstract expressions of lean graphs -------------===//
//
// Two of the three pieces of AbstractExpr.h (the third, SubexprOracle, is
// in SubexprOracle.cpp):
//  * ExprContext: hash-consed expression nodes;
//  * ExprBuilder: Mirage Table 1 over every op of the lean graph, with
//    concatenations kept as parts.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Search/AbstractExpr.h"

#include "SymbolSets.h"
#include "tsopt/Core/ShapeRules.h"
#include "tsopt/Support/SplitMix.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <functional>
#include <map>
#include <optional>

using namespace tsopt;
using namespace tsopt::search;

//===----------------------------------------------------------------------===//
// ExprContext
//===----------------------------------------------------------------------===//

namespace {

uint64_t ownSymbol(const ExprNode &n) {
  switch (n.kind) {
  case ExprKind::Var:
    return n.attr >= 0 && n.attr < kVarBits ? 1ull << (kVarShift + n.attr)
                                            : kVarOverflow;
  case ExprKind::Add:
    return kSymAdd;
  case ExprKind::Mul:
    return kSymMul;
  case ExprKind::Div:
    return kSymDiv;
  case ExprKind::Exp:
    return kSymExp;
  case ExprKind::Sum:
    return kSymSum;
  case ExprKind::Max:
    return kSymMax;
  case ExprKind::Apply:
    return 1ull << (kApplyShift + static_cast<unsigned>(n.attr));
  }
  return 0;
}

} // namespace

size_t ExprContext::size() const {
  std::lock_guard<std::mutex> lock(mutex);
  return nodes.size();
}

ExprNode ExprContext::node(ExprId id) const {
  std::lock_guard<std::mutex> lock(mutex);
  assert(id >= 0 && (size_t)id < nodes.size() && "no such expression");
  return nodes[id];
}

ExprId ExprContext::intern(ExprNode n) {
  std::lock_guard<std::mutex> lock(mutex);
  return internLocked(n);
}

ExprId ExprContext::internLocked(ExprNode n) {
  auto key =
      std::make_tuple(static_cast<uint8_t>(n.kind), n.attr, n.lhs, n.rhs);
  auto it = index.find(key);
  if (it != index.end())
    return it->second;
  // The hash is built from the children's hashes, never their ids, so it is
  // the same in every context whatever the insertion order.
  uint64_t h = splitMix64(static_cast<uint64_t>(n.kind) + kSplitMixGamma);
  h = splitMix64(h ^ static_cast<uint64_t>(n.attr));
  uint64_t syms = ownSymbol(n);
  if (n.lhs >= 0) {
    h = splitMix64(h ^ hashes[n.lhs]);
    syms |= symbolSets[n.lhs];
  }
  if (n.rhs >= 0) {
    h = splitMix64((h + 0x632be59bd9b4e019ULL) ^ hashes[n.rhs]);
    syms |= symbolSets[n.rhs];
  }
  ExprId id = static_cast<ExprId>(nodes.size());
  nodes.push_back(n);
  hashes.push_back(h);
  symbolSets.push_back(syms);
  index.insert({key, id});
  return id;
}

int ExprContext::compareLocked(ExprId a, ExprId b) const {
  if (a == b)
    return 0;
  if (a < 0 || b < 0)
    return a < b ? -1 : 1;
  if (hashes[a] != hashes[b])
    return hashes[a] < hashes[b] ? -1 : 1;
  // Equal hashes of different nodes: a collision, resolved structurally
  // (hash-consing makes different ids structurally different).
  const ExprNode &x = nodes[a], &y = nodes[b];
  if (x.kind != y.kind)
    return x.kind < y.kind ? -1 : 1;
  if (x.attr != y.attr)
    return x.attr < y.attr ? -1 : 1;
  if (int c = compareLocked(x.lhs, y.lhs))
    return c;
  return compareLocked(x.rhs, y.rhs);
}

ExprId ExprContext::var(int64_t input) {
  return intern({ExprKind::Var, input, -1, -1});
}

ExprId ExprContext::add(ExprId a, ExprId b) {
  std::lock_guard<std::mutex> lock(mutex);
  // add is commutative (A_eq): one operand order for both.
  if (compareLocked(b, a) < 0)
    std::swap(a, b);
  return internLocked({ExprKind::Add, 0, a, b});
}

ExprId ExprContext::mul(ExprId a, ExprId b) {
  std::lock_guard<std::mutex> lock(mutex);
  if (compareLocked(b, a) < 0)
    std::swap(a, b);
  return internLocked({ExprKind::Mul, 0, a, b});
}

ExprId ExprContext::div(ExprId a, ExprId b) {
  return intern({ExprKind::Div, 0, a, b});
}

ExprId ExprContext::exp(ExprId a) { return intern({ExprKind::Exp, 0, a, -1}); }

ExprId ExprContext::sum(int64_t extent, ExprId a) {
  std::lock_guard<std::mutex> lock(mutex);
  // sum(i, sum(j, x)) = sum(i*j, x) (A_eq): a reduction accumulated over a
  // loop gets the id of the one-shot reduction.
  if (a >= 0 && nodes[a].kind == ExprKind::Sum) {
    extent *= nodes[a].attr;
    a = nodes[a].lhs;
  }
  return internLocked({ExprKind::Sum, extent, a, -1});
}

ExprId ExprContext::max(int64_t extent, ExprId a) {
  std::lock_guard<std::mutex> lock(mutex);
  if (a >= 0 && nodes[a].kind == ExprKind::Max) {
    extent *= nodes[a].attr;
    a = nodes[a].lhs;
  }
  return internLocked({ExprKind::Max, extent, a, -1});
}

ExprId ExprContext::apply(OpKind f, ExprId a) {
  return intern({ExprKind::Apply, static_cast<int64_t>(f), a, -1});
}

std::string ExprContext::str(ExprId id) const {
  if (id < 0)
    return "<none>";
  ExprNode n = node(id);
  switch (n.kind) {
  case ExprKind::Var:
    return "x" + std::to_string(n.attr);
  case ExprKind::Add:
    return "add(" + str(n.lhs) + ", " + str(n.rhs) + ")";
  case ExprKind::Mul:
    return "mul(" + str(n.lhs) + ", " + str(n.rhs) + ")";
  case ExprKind::Div:
    return "div(" + str(n.lhs) + ", " + str(n.rhs) + ")";
  case ExprKind::Exp:
    return "exp(" + str(n.lhs) + ")";
  case ExprKind::Sum:
    return "sum(" + std::to_string(n.attr) + ", " + str(n.lhs) + ")";
  case ExprKind::Max:
    return "max(" + std::to_string(n.attr) + ", " + str(n.lhs) + ")";
  case ExprKind::Apply:
    return stringifyOpKind(static_cast<OpKind>(n.attr)).str() + "(" +
           str(n.lhs) + ")";
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// ExprBuilder
//===----------------------------------------------------------------------===//
//
// Abstract expressions are index-free: every element of a tensor has the
// same expression, except that a concatenation along one dim keeps one
// expression per piece (AbsTensor parts). Any sub-range of a part therefore
// has that part's expression, which makes it exact to intersect the cut
// points of two parted operands (their common refinement) instead of
// requiring equal ones. What needs two parted dims at once, or a max across
// pieces (there is no binary max in the language), is opaque.

namespace {

using Parts = llvm::SmallVector<AbsTensor::Part, 2>;

bool isParted(const AbsTensor &t) { return !t.unknown && t.parts.size() > 1; }

/// Merges adjacent parts with the same expression; one part left is a
/// single tensor. Keeps the representation unique, so that equal tensors
/// compare equal and a concatenation of equal pieces is no concatenation.
AbsTensor normalize(AbsTensor t) {
  if (t.unknown || t.parts.empty())
    return AbsTensor::opaque();
  Parts merged;
  for (const AbsTensor::Part &p : t.parts) {
    if (p.expr < 0)
      return AbsTensor::opaque();
    if (!merged.empty() && merged.back().expr == p.expr)
      merged.back().extent += p.extent;
    else
      merged.push_back(p);
  }
  if (merged.size() == 1)
    return AbsTensor::single(merged[0].expr);
  t.parts = std::move(merged);
  return t;
}

int64_t totalExtent(const Parts &parts) {
  int64_t n = 0;
  for (const AbsTensor::Part &p : parts)
    n += p.extent;
  return n;
}

/// One piece of the common refinement of two part lists.
struct Piece {
  int64_t len;
  ExprId a, b;
};

/// The common refinement of two cuts of the same extent; false if the
/// extents differ.
bool refine(const Parts &a, const Parts &b, llvm::SmallVectorImpl<Piece> &out) {
  if (totalExtent(a) != totalExtent(b))
    return false;
  size_t i = 0, j = 0;
  int64_t usedA = 0, usedB = 0;
  while (i < a.size() && j < b.size()) {
    int64_t len = std::min(a[i].extent - usedA, b[j].extent - usedB);
    if (len > 0)
      out.push_back({len, a[i].expr, b[j].expr});
    usedA += len;
    usedB += len;
    if (usedA == a[i].extent) {
      ++i;
      usedA = 0;
    }
    if (usedB == b[j].extent) {
      ++j;
      usedB = 0;
    }
  }
  return true;
}

/// A tensor's expression along `dim` of extent `extent`: its parts if it is
/// parted there, else one piece.
Parts along(const AbsTensor &t, int dim, int64_t extent) {
  if (isParted(t) && t.dim == dim)
    return t.parts;
  return {{extent, t.parts[0].expr}};
}

AbsTensor parted(int dim, const Parts &parts) {
  AbsTensor t;
  t.dim = dim;
  t.parts = parts;
  return normalize(std::move(t));
}

/// Table 1 on tensors with parts. All shapes are the shapes the values
/// really have (for thread graphs: tile shapes, not the declared scalars).
class TensorAlgebra {
public:
  explicit TensorAlgebra(ExprContext &ctx) : ctx(ctx) {}

  AbsTensor unary(const AbsTensor &a, const std::function<ExprId(ExprId)> &f) {
    if (a.unknown)
      return AbsTensor::opaque();
    AbsTensor r = a;
    for (AbsTensor::Part &p : r.parts)
      p.expr = f(p.expr);
    return normalize(std::move(r));
  }

  ExprId binaryExpr(OpKind k, ExprId a, ExprId b) {
    switch (k) {
    case OpKind::Add:
    case OpKind::Sub: // signs are forgotten
      return ctx.add(a, b);
    case OpKind::Mul:
      return ctx.mul(a, b);
    case OpKind::Div:
      return ctx.div(a, b);
    default:
      return -1;
    }
  }

  /// Element-wise binary op with numpy broadcasting.
  AbsTensor binary(OpKind k, const AbsTensor &a, llvm::ArrayRef<int64_t> sa,
                   const AbsTensor &b, llvm::ArrayRef<int64_t> sb,
                   llvm::ArrayRef<int64_t> so) {
    if (a.unknown || b.unknown)
      return AbsTensor::opaque();
    int rank = so.size();
    // Broadcasting right-aligns the shapes: operand dim d is result dim
    // d + (rank - operand rank).
    int da = isParted(a) ? a.dim + rank - (int)sa.size() : -1;
    int db = isParted(b) ? b.dim + rank - (int)sb.size() : -1;
    if (da < 0 && db < 0)
      return AbsTensor::single(binaryExpr(k, a.parts[0].expr, b.parts[0].expr));
    if (da >= 0 && db >= 0 && da != db)
      return AbsTensor::opaque(); // two parted dims: not expressible
    int d = std::max(da, db);
    if (d >= rank)
      return AbsTensor::opaque();
    // A broadcast operand (single, or of extent 1 there) applies whole to
    // every part of the other.
    Parts pa = da >= 0 ? a.parts : Parts{{so[d], a.parts[0].expr}};
    Parts pb = db >= 0 ? b.parts : Parts{{so[d], b.parts[0].expr}};
    llvm::SmallVector<Piece, 4> pieces;
    if (!refine(pa, pb, pieces))
      return AbsTensor::opaque();
    Parts out;
    for (const Piece &p : pieces)
      out.push_back({p.len, binaryExpr(k, p.a, p.b)});
    return parted(d, out);
  }

  ExprId reduceExpr(bool isMax, int64_t extent, ExprId e) {
    // A reduction over one element is a copy.
    if (extent == 1)
      return e;
    return isMax ? ctx.max(extent, e) : ctx.sum(extent, e);
  }

  /// ReduceSum/ReduceMax of `dim` (extent in[dim]) to `outExtent` groups.
  AbsTensor reduce(bool isMax, const AbsTensor &a, llvm::ArrayRef<int64_t> sa,
                   int64_t dim, int64_t outExtent) {
    if (a.unknown || dim < 0 || dim >= (int64_t)sa.size() || outExtent < 1 ||
        sa[dim] % outExtent != 0)
      return AbsTensor::opaque();
    int64_t group = sa[dim] / outExtent;
    if (!isParted(a) || a.dim != dim)
      return unary(a, [&](ExprId e) { return reduceExpr(isMax, group, e); });
    // Reducing across the cut: each group is the add of the per-piece
    // reductions (a sum over a concatenation is the sum of the sums).
    Parts out;
    size_t i = 0;
    int64_t used = 0;
    for (int64_t g = 0; g < outExtent; ++g) {
      int64_t need = group;
      ExprId acc = -1;
      while (need > 0 && i < a.parts.size()) {
        int64_t len = std::min(need, a.parts[i].extent - used);
        if (acc >= 0 && isMax)
          return AbsTensor::opaque(); // no binary max in the language
        ExprId piece = reduceExpr(isMax, len, a.parts[i].expr);
        acc = acc < 0 ? piece : ctx.add(acc, piece);
        need -= len;
        used += len;
        if (used == a.parts[i].extent) {
          ++i;
          used = 0;
        }
      }
      if (need > 0 || acc < 0)
        return AbsTensor::opaque();
      out.push_back({1, acc});
    }
    return parted(dim, out);
  }

  /// add over the pieces of sum(len, mul(a, b)): a contraction whose
  /// operands are cut along the contracted dim.
  ExprId contract(const Parts &a, const Parts &b) {
    llvm::SmallVector<Piece, 4> pieces;
    if (!refine(a, b, pieces))
      return -1;
    ExprId acc = -1;
    for (const Piece &p : pieces) {
      ExprId term = reduceExpr(false, p.len, ctx.mul(p.a, p.b));
      acc = acc < 0 ? term : ctx.add(acc, term);
    }
    return acc;
  }

  /// Batched matmul (..., m, k) x (..., k, n): sum(k, mul(a, b)).
  AbsTensor matmul(const AbsTensor &a, llvm::ArrayRef<int64_t> sa,
                   const AbsTensor &b, llvm::ArrayRef<int64_t> sb) {
    if (a.unknown || b.unknown || sa.size() < 2 || sa.size() != sb.size())
      return AbsTensor::opaque();
    int r = sa.size();
    int64_t k = sa[r - 1];
    // Where each operand's cut goes: the contraction, or a result dim
    // (batch dims keep their place, a's rows are r-2, b's columns r-1).
    int aCut = isParted(a) ? a.dim : -1, bCut = isParted(b) ? b.dim : -1;
    bool aContr = aCut == r - 1, bContr = bCut == r - 2;
    int outA = aCut >= 0 && !aContr ? aCut : -1;
    int outB = bCut >= 0 && !bContr ? bCut : -1;
    if (outA >= 0 && outB >= 0 && outA != outB)
      return AbsTensor::opaque();
    int outDim = std::max(outA, outB);
    Parts ca = along(a, r - 1, k), cb = along(b, r - 2, k);
    if (outDim < 0) {
      ExprId e = contract(ca, cb);
      return e < 0 ? AbsTensor::opaque() : AbsTensor::single(e);
    }
    int64_t extent = outDim == r - 1 ? sb[r - 1] : sa[outDim];
    Parts oa = outA >= 0 ? a.parts : Parts{{extent, a.parts[0].expr}};
    Parts ob = outB >= 0 ? b.parts : Parts{{extent, b.parts[0].expr}};
    llvm::SmallVector<Piece, 4> pieces;
    if (!refine(oa, ob, pieces))
      return AbsTensor::opaque();
    Parts out;
    for (const Piece &p : pieces) {
      // The operand cut along a result dim is whole along the contraction.
      Parts pa = outA >= 0 ? Parts{{k, p.a}} : ca;
      Parts pb = outB >= 0 ? Parts{{k, p.b}} : cb;
      ExprId e = contract(pa, pb);
      if (e < 0)
        return AbsTensor::opaque();
      out.push_back({p.len, e});
    }
    return parted(outDim, out);
  }

  AbsTensor concat(llvm::ArrayRef<AbsTensor> ins, llvm::ArrayRef<Shape> shapes,
                   int64_t dim) {
    Parts out;
    for (auto [t, s] : llvm::zip(ins, shapes)) {
      if (t.unknown || dim < 0 || dim >= (int64_t)s.size())
        return AbsTensor::opaque();
      if (isParted(t) && t.dim != dim)
        return AbsTensor::opaque(); // cut along two dims
      for (const AbsTensor::Part &p : along(t, dim, s[dim]))
        out.push_back(p);
    }
    if (out.empty())
      return AbsTensor::opaque();
    return parted(dim, out);
  }

  AbsTensor transpose(const AbsTensor &a, llvm::ArrayRef<int64_t> perm) {
    if (!isParted(a))
      return a;
    for (size_t i = 0; i < perm.size(); ++i)
      if (perm[i] == a.dim)
        return parted(i, a.parts);
    return AbsTensor::opaque();
  }

  /// The parts of `t` along its cut, repeated `times` times (numpy.tile, and
  /// the concatenation of equal tiles over a loop or a grid).
  AbsTensor repeatParts(const AbsTensor &t, int64_t times) {
    if (!isParted(t) || times <= 1)
      return t;
    Parts out;
    for (int64_t i = 0; i < times; ++i)
      out.append(t.parts.begin(), t.parts.end());
    return parted(t.dim, out);
  }

  AbsTensor repeat(const AbsTensor &a, llvm::ArrayRef<int64_t> sa,
                   llvm::ArrayRef<int64_t> so) {
    if (!isParted(a))
      return a;
    if (a.dim >= (int)sa.size() || sa.size() != so.size() || sa[a.dim] == 0)
      return AbsTensor::opaque();
    return repeatParts(a, so[a.dim] / sa[a.dim]);
  }

  /// Reshape keeps a cut only when the cut dim survives intact: same extent
  /// and the same number of elements before it.
  AbsTensor reshape(const AbsTensor &a, llvm::ArrayRef<int64_t> sa,
                    llvm::ArrayRef<int64_t> so) {
    if (!isParted(a))
      return a;
    if (a.dim >= (int)sa.size())
      return AbsTensor::opaque();
    int64_t before = numElements(sa.take_front(a.dim));
    int64_t prefix = 1;
    for (size_t d = 0; d < so.size(); ++d) {
      if (prefix == before && so[d] == sa[a.dim])
        return parted(d, a.parts);
      prefix *= so[d];
    }
    return AbsTensor::opaque();
  }

  /// BlockInput: a tile of the operand. Index-free, a tile has the tensor's
  /// expression; when the tiles slice a cut dim, the tile is parted the same
  /// way only if every tile sees the same pieces.
  AbsTensor tile(const AbsTensor &a, llvm::ArrayRef<int64_t> sa, const Op &op,
                 const Graph &graph) {
    if (!isParted(a))
      return a;
    if (a.dim >= (int)sa.size())
      return AbsTensor::opaque();
    int64_t slices = 1;
    for (size_t g = 0; g < graph.grid.size() && g < 3; ++g)
      if (op.gridMap[g] == a.dim)
        slices *= graph.grid[g];
    if (op.fmap == a.dim)
      slices *= graph.forloop;
    if (slices <= 1)
      return a;
    int64_t extent = sa[a.dim];
    if (extent % slices != 0)
      return AbsTensor::opaque();
    int64_t size = extent / slices;
    // Cut every window of the tile size out of the parts; all must agree.
    std::optional<Parts> first;
    size_t i = 0;
    int64_t used = 0;
    for (int64_t w = 0; w < slices; ++w) {
      Parts window;
      int64_t need = size;
      while (need > 0 && i < a.parts.size()) {
        int64_t len = std::min(need, a.parts[i].extent - used);
        window.push_back({len, a.parts[i].expr});
        need -= len;
        used += len;
        if (used == a.parts[i].extent) {
          ++i;
          used = 0;
        }
      }
      AbsTensor t = parted(a.dim, window);
      Parts norm = t.parts;
      if (!first)
        first = norm;
      else if (first->size() != norm.size() ||
               !std::equal(
                   first->begin(), first->end(), norm.begin(),
                   [](const AbsTensor::Part &x, const AbsTensor::Part &y) {
                     return x.extent == y.extent && x.expr == y.expr;
                   }))
        return AbsTensor::opaque();
    }
    return parted(a.dim, *first);
  }

  /// RmsNorm(x, g) = x·g / sqrt(mean(x²) + eps), built from the primitives
  /// a µGraph would use: div(mul(x, g), sqrt(sum(K, mul(x, x)))). The mean's
  /// 1/K is a forgotten constant, and so is eps.
  AbsTensor rmsNorm(const AbsTensor &x, llvm::ArrayRef<int64_t> sx,
                    const AbsTensor &g, llvm::ArrayRef<int64_t> sg) {
    if (sx.empty())
      return AbsTensor::opaque();
    int last = sx.size() - 1;
    AbsTensor sq = binary(OpKind::Mul, x, sx, x, sx, sx);
    AbsTensor ss = reduce(false, sq, sx, last, 1);
    Shape sr(sx.begin(), sx.end());
    sr[last] = 1;
    AbsTensor root =
        unary(ss, [&](ExprId e) { return ctx.apply(OpKind::Sqrt, e); });
    llvm::FailureOr<Shape> sn = broadcastShape(sx, sg);
    if (failed(sn))
      return AbsTensor::opaque();
    AbsTensor num = binary(OpKind::Mul, x, sx, g, sg, *sn);
    return binary(OpKind::Div, num, *sn, root, sr, *sn);
  }

  ExprContext &ctx;
};

/// Shapes of the values of one graph as evaluated: declared ones, except
/// thread-graph values, which take the tile shapes of their operands.
struct GraphEval {
  std::vector<AbsTensor> values;
  std::vector<Shape> shapes;
};

} // namespace

namespace {

/// The evaluator behind ExprBuilder; recursion into bodies goes through
/// here so that thread graphs get tile shapes.
class BuilderImpl {
public:
  explicit BuilderImpl(ExprContext &ctx) : ctx(ctx), alg(ctx) {}

  llvm::SmallVector<AbsTensor, 1> apply(const Op &op, const Graph &graph,
                                        llvm::ArrayRef<AbsTensor> operands,
                                        llvm::ArrayRef<Shape> operandShapes,
                                        llvm::ArrayRef<Shape> resultShapes);

  GraphEval evaluate(const Graph &graph, llvm::ArrayRef<AbsTensor> inputs,
                     llvm::ArrayRef<Shape> inputShapes);

private:
  ExprContext &ctx;
  TensorAlgebra alg;
};

llvm::SmallVector<AbsTensor, 1> BuilderImpl::apply(
    const Op &op, const Graph &graph, llvm::ArrayRef<AbsTensor> operands,
    llvm::ArrayRef<Shape> operandShapes, llvm::ArrayRef<Shape> resultShapes) {
  size_t numResults = std::max<size_t>(op.results.size(), 1);
  auto opaqueAll = [&] {
    return llvm::SmallVector<AbsTensor, 1>(numResults, AbsTensor::opaque());
  };
  if (operands.size() != op.operands.size() ||
      operandShapes.size() != operands.size() ||
      resultShapes.size() < op.results.size())
    return opaqueAll();
  for (const AbsTensor &t : operands)
    if (!t.unknown && t.parts.empty())
      return opaqueAll();
  auto one = [](AbsTensor t) { return llvm::SmallVector<AbsTensor, 1>{t}; };
  auto in = [&](unsigned i) -> const AbsTensor & { return operands[i]; };
  auto shape = [&](unsigned i) -> llvm::ArrayRef<int64_t> {
    return operandShapes[i];
  };
  llvm::ArrayRef<int64_t> out =
      resultShapes.empty() ? llvm::ArrayRef<int64_t>() : resultShapes[0];

  OpKind k = op.kind;
  if (isElementwiseBinary(k)) {
    if (operands.size() != 2)
      return opaqueAll();
    return one(alg.binary(k, in(0), shape(0), in(1), shape(1), out));
  }
  switch (k) {
  case OpKind::Exp:
    return one(alg.unary(in(0), [&](ExprId e) { return ctx.exp(e); }));
  case OpKind::Square:
    return one(alg.unary(in(0), [&](ExprId e) { return ctx.mul(e, e); }));
  case OpKind::Neg:
  case OpKind::MulScalar:
  case OpKind::AddScalar:
    return one(in(0)); // constants are forgotten
  case OpKind::Matmul:
    if (operands.size() != 2)
      return opaqueAll();
    return one(alg.matmul(in(0), shape(0), in(1), shape(1)));
  case OpKind::ReduceSum:
  case OpKind::ReduceMax: {
    if (op.dim < 0 || op.dim >= (int64_t)out.size())
      return opaqueAll();
    return one(alg.reduce(k == OpKind::ReduceMax, in(0), shape(0), op.dim,
                          out[op.dim]));
  }
  case OpKind::Repeat:
    return one(alg.repeat(in(0), shape(0), out));
  case OpKind::Reshape:
    return one(alg.reshape(in(0), shape(0), out));
  case OpKind::Transpose:
    return one(alg.transpose(in(0), op.perm));
  case OpKind::Concat:
    return one(alg.concat(operands, operandShapes, op.dim));
  case OpKind::RmsNorm:
    if (operands.size() != 2)
      return opaqueAll();
    return one(alg.rmsNorm(in(0), shape(0), in(1), shape(1)));
  case OpKind::Kernel: {
    if (!op.body)
      return opaqueAll();
    GraphEval body = evaluate(*op.body, operands, operandShapes);
    llvm::SmallVector<AbsTensor, 1> results;
    for (int v : op.body->outputs)
      results.push_back(v >= 0 && (size_t)v < body.values.size()
                            ? body.values[v]
                            : AbsTensor::opaque());
    results.resize(numResults, AbsTensor::opaque());
    return results;
  }
  case OpKind::BlockInput:
    return one(alg.tile(in(0), shape(0), op, graph));
  case OpKind::Accum: {
    const AbsTensor &t = in(0);
    if (op.fmap != kReplica) // concatenation of the iterations' tiles
      return one(alg.repeatParts(t, graph.forloop));
    bool isMax = op.accum == AccumKind::Max;
    return one(alg.unary(
        t, [&](ExprId e) { return alg.reduceExpr(isMax, graph.forloop, e); }));
  }
  case OpKind::RunningMax: // a plan's row maxima: nothing the search forms
    return opaqueAll();
  case OpKind::BlockOutput: {
    // The kernel tensor concatenates the blocks' tiles along the omap dims.
    AbsTensor t = in(0);
    if (isParted(t))
      for (size_t g = 0; g < graph.grid.size() && g < 3; ++g)
        if (op.gridMap[g] == t.dim)
          t = alg.repeatParts(t, graph.grid[g]);
    return one(t);
  }
  case OpKind::ThreadGraph: {
    if (!op.body)
      return opaqueAll();
    GraphEval body = evaluate(*op.body, operands, operandShapes);
    llvm::SmallVector<AbsTensor, 1> results;
    for (auto [j, v] : llvm::enumerate(op.body->outputs)) {
      if (v < 0 || (size_t)v >= body.values.size()) {
        results.push_back(AbsTensor::opaque());
        continue;
      }
      // The result is the body's value broadcast to the declared tile:
      // a cut dim keeps its place counted from the right.
      AbsTensor t = body.values[v];
      if (isParted(t) && j < resultShapes.size())
        t.dim += (int)resultShapes[j].size() - (int)body.shapes[v].size();
      if (isParted(t) && t.dim < 0)
        t = AbsTensor::opaque();
      results.push_back(t);
    }
    results.resize(numResults, AbsTensor::opaque());
    return results;
  }
  default:
    // The table's uninterpreted unary ops (OpKinds.def), each its own
    // symbol. rsqrt(x) is deliberately not div(1, sqrt(x)): the language
    // has no constant 1, so a µGraph that divides by sqrt and a program
    // that multiplies by rsqrt get different expressions (the search
    // explores the program's own op kinds).
    if (isUninterpretedUnary(k))
      return one(alg.unary(in(0), [&](ExprId e) { return ctx.apply(k, e); }));
    return opaqueAll();
  }
}

GraphEval BuilderImpl::evaluate(const Graph &graph,
                                llvm::ArrayRef<AbsTensor> inputs,
                                llvm::ArrayRef<Shape> inputShapes) {
  GraphEval ev;
  ev.values.assign(graph.values.size(), AbsTensor::opaque());
  ev.shapes.reserve(graph.values.size());
  for (const TensorType &t : graph.values)
    ev.shapes.push_back(t.shape);
  bool own = !inputShapes.empty();
  for (auto [i, v] : llvm::enumerate(graph.inputs)) {
    if (v < 0 || (size_t)v >= graph.values.size())
      continue;
    if (inputs.empty() && graph.level == Level::Kernel)
      ev.values[v] = AbsTensor::single(ctx.var(i));
    else if (i < inputs.size())
      ev.values[v] = inputs[i];
    if (own && i < inputShapes.size())
      ev.shapes[v] = inputShapes[i];
  }
  for (const Op &op : graph.ops) {
    llvm::SmallVector<AbsTensor, 2> operands;
    llvm::SmallVector<Shape, 2> operandShapes;
    bool valid = true;
    for (int v : op.operands) {
      if (v < 0 || (size_t)v >= graph.values.size()) {
        valid = false;
        break;
      }
      operands.push_back(ev.values[v]);
      operandShapes.push_back(ev.shapes[v]);
    }
    if (!valid)
      continue;
    llvm::SmallVector<Shape, 1> resultShapes;
    for (int r : op.results)
      resultShapes.push_back(r >= 0 && (size_t)r < graph.values.size()
                                 ? graph.values[r].shape
                                 : Shape());
    // Thread-level values stand for whole tiles: their shapes follow the
    // operands' (element-wise ops broadcast).
    if (own && graph.level == Level::Thread && !resultShapes.empty()) {
      Shape s = operandShapes.empty() ? Shape() : operandShapes[0];
      for (size_t i = 1; i < operandShapes.size(); ++i) {
        llvm::FailureOr<Shape> b = broadcastShape(s, operandShapes[i]);
        if (succeeded(b))
          s = *b;
      }
      resultShapes[0] = s;
    }
    llvm::SmallVector<AbsTensor, 1> results =
        apply(op, graph, operands, operandShapes, resultShapes);
    for (auto [j, r] : llvm::enumerate(op.results))
      if (r >= 0 && (size_t)r < graph.values.size()) {
        ev.values[r] = j < results.size() ? results[j] : AbsTensor::opaque();
        ev.shapes[r] = resultShapes[j];
      }
  }
  return ev;
}

} // namespace

llvm::SmallVector<AbsTensor, 1>
ExprBuilder::apply(const Op &op, const Graph &graph,
                   llvm::ArrayRef<AbsTensor> operands) {
  llvm::SmallVector<Shape, 2> operandShapes;
  for (int v : op.operands)
    operandShapes.push_back(v >= 0 && (size_t)v < graph.values.size()
                                ? graph.values[v].shape
                                : Shape());
  llvm::SmallVector<Shape, 1> resultShapes;
  for (int r : op.results)
    resultShapes.push_back(r >= 0 && (size_t)r < graph.values.size()
                               ? graph.values[r].shape
                               : Shape());
  return BuilderImpl(ctx).apply(op, graph, operands, operandShapes,
                                resultShapes);
}

std::vector<AbsTensor> ExprBuilder::evaluate(const Graph &graph,
                                             llvm::ArrayRef<AbsTensor> inputs) {
  return BuilderImpl(ctx).evaluate(graph, inputs, {}).values;
}

std::vector<AbsTensor>
ExprBuilder::evaluate(const Graph &graph, llvm::ArrayRef<AbsTensor> inputs,
                      llvm::ArrayRef<Shape> inputShapes) {
  return BuilderImpl(ctx).evaluate(graph, inputs, inputShapes).values;
}
