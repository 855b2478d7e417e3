//===- Labels.h - Dimension labels and their rules --------*- C++ -*-===//
//
// Internal to the search. Every tensor and tile the generator builds carries,
// besides its type:
//  * dimension labels: for each dim, the index variables of the input
//    program it ranges over (outer first; a dim written by an omap that
//    concatenates per-block partial results has the split variable outside);
//  * whether it is a partial reduction: over a variable the for-loop slices
//    (closed by an accumulator) or one a grid dim slices (written out with
//    the split as an extra factor and summed by a later kernel);
//  * its abstract expression.
// Matmul contractions, broadcasts and accumulators must agree with the
// labels; non-linear ops never see a partial sum.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_LIB_SEARCH_LABELS_H
#define TSOPT_LIB_SEARCH_LABELS_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Core/IndexVariables.h"
#include "tsopt/Core/ShapeRules.h"
#include "tsopt/Search/AbstractExpr.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/LogicalResult.h"

#include <set>
#include <vector>

namespace tsopt::search {


struct Factor {
  int var;
  int64_t count;
  bool operator==(const Factor &o) const {
    return var == o.var && count == o.count;
  }
};
using Factors = llvm::SmallVector<Factor, 2>;

/// The variables a dim ranges over. `parts` is set for a concatenated dim
/// (one entry per piece); `factors` otherwise. Both empty: a unit dim.
struct DimLabel {
  Factors factors;
  llvm::SmallVector<Factors, 2> parts;
  bool unit() const { return factors.empty() && parts.empty(); }
  bool operator==(const DimLabel &o) const {
    return factors == o.factors && parts == o.parts;
  }
  bool operator!=(const DimLabel &o) const { return !(*this == o); }
  int outerVar() const { return factors.empty() ? -1 : factors[0].var; }
  /// Every variable the dim ranges over.
  llvm::SmallVector<int, 2> vars() const {
    llvm::SmallVector<int, 2> vs;
    for (const Factor &f : factors)
      vs.push_back(f.var);
    for (const Factors &p : parts)
      for (const Factor &f : p)
        vs.push_back(f.var);
    return vs;
  }
};

/// What the generator knows about a kernel tensor or a tile.
struct Info {
  llvm::SmallVector<DimLabel, 4> dims;
  /// Kernel tensors: variables whose partial sums a dim factor indexes.
  llvm::SmallVector<int, 1> partialVars;
  /// Tiles: a partial reduction over the loop variable (Sum or Max) and the
  /// grid dims whose variable was reduced.
  bool partialLoop = false;
  AccumKind partialKind = AccumKind::Sum;
  unsigned partialGrid = 0;
  Stage stage = Stage::Tensor;
  AbsTensor expr;
  /// An input tile that a loop over chunks of partial sums also slices: it
  /// goes to a concatenating accumulator.
  bool carried = false;
  bool partial() const { return partialLoop || partialGrid; }
};

/// The index variables of the input program (tsopt/Core/IndexVariables.h),
/// numbered in the order the generator first asks for them.
class DimAnalysis {
public:
  explicit DimAnalysis(const Graph &g) : vars(g) {}

  /// Labels of value `v`: one variable per non-unit dim.
  llvm::SmallVector<DimLabel, 4> labels(const Graph &g, int v) {
    llvm::SmallVector<DimLabel, 4> ls;
    const Shape &s = g.values[v].shape;
    for (size_t d = 0; d < s.size(); ++d) {
      DimLabel l;
      if (s[d] != 1) {
        int root = vars.root(v, d);
        auto [it, inserted] = varOf.try_emplace(root, varSize.size());
        if (inserted)
          varSize.push_back(s[d]);
        l.factors.push_back({it->second, s[d]});
      }
      ls.push_back(l);
    }
    return ls;
  }
  std::vector<int64_t> varSize;

private:
  IndexVariables vars;
  llvm::DenseMap<int, int> varOf;
};


/// Variables the program reduces: the contracted dim of each matmul's lhs,
/// the reduced dim of each reduction (rms_norm reduces its last dim).
std::set<int> reducedVariables(const Graph &program, DimAnalysis &dims);

/// Unary ops that do not commute with sums (everything but scaling).
bool isNonlinearUnary(OpKind k);
bool isCommutative(OpKind k);
/// The transpose the search explores: the last two of `rank` dims swapped
/// (what the program's transposes do).
llvm::SmallVector<int64_t, 4> swapLastTwo(size_t rank);
/// Some dim of `dims` has `v` as its outer variable.
bool hasOuterVar(llvm::ArrayRef<DimLabel> dims, int v);


/// Variables sliced by the enclosing kernel's grid dims and for-loop (block
/// level); empty at kernel level.
struct Slicing {
  llvm::SmallVector<int, 3> gridVars;
  int loopVar = -1;
};

/// Marks `info` as a reduction over the variables of `dim`.
void reduceOver(Info &info, const DimLabel &dim, const Slicing &s,
                AccumKind kind);
/// Same abstract expression (one part, not opaque): hash-consing makes this
/// equality modulo the context's normal forms.
bool sameExpr(const AbsTensor &a, const AbsTensor &b);
bool samePartial(const Info &a, const Info &b);
/// Labels and partial state of a compute op's result from its operands';
/// failure when the op mixes unrelated variables or applies a non-linear
/// function to a partial sum.
llvm::FailureOr<Info> labelOp(const tsopt::Op &op,
                              llvm::ArrayRef<const Info *> in,
                              const Graph &g, const Slicing &s);

} // namespace tsopt::search

#endif // TSOPT_LIB_SEARCH_LABELS_H
