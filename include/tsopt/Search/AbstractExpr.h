//===- AbstractExpr.h - Abstract expressions and the subexpression test -*- C++ -*-===//
//
// The search's pruning rule (Mirage §4.2, Tables 1 and 2): every tensor of a
// prefix gets an index-free *abstract expression* describing how each of its
// elements is computed from the program inputs; a new op is kept only if its
// expression is a subexpression of the input program's output expressions
// under the axioms A_eq ∪ A_sub, which Z3 decides. An equivalent µGraph
// never has a pruned prefix (Theorem 1), so pruning loses nothing the
// axioms can see.
//
// Expressions are hash-consed nodes in an `ExprContext`; a tensor's
// expression is an `AbsTensor`, a list of parts when the tensor is a
// concatenation (LoRA), so that a reduction over the concatenated dimension
// becomes a sum of per-part reductions instead of an opaque symbol.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_SEARCH_ABSTRACTEXPR_H
#define TSOPT_SEARCH_ABSTRACTEXPR_H

#include "tsopt/Core/Graph.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace tsopt {

/// Index of a node in an ExprContext; -1 is "no expression".
using ExprId = int32_t;

/// Node kinds of the abstract-expression language (paper Table 1, extended).
enum class ExprKind : uint8_t {
  Var,  ///< a program input (name = input index)
  Add,  ///< add(a, b); sub maps here too (signs are forgotten)
  Mul,  ///< mul(a, b); square(x) = mul(x, x)
  Div,  ///< div(a, b)
  Exp,  ///< exp(a)
  Sum,  ///< sum(extent, a): a reduction over `extent` elements
  Max,  ///< max(extent, a): a max reduction (uninterpreted, with its extent)
  Apply ///< f(a) for an uninterpreted unary f (sqrt, rsqrt, silu, gelu, relu)
};

struct ExprNode {
  ExprKind kind;
  /// Var: input index; Sum/Max: extent; Apply: the OpKind of f.
  int64_t attr = 0;
  ExprId lhs = -1, rhs = -1;
};

/// Hash-consing store of expression nodes: structurally equal nodes get the
/// same id, so ids compare expressions. Thread-safe.
///
/// Constructors canonicalize where the axioms A_eq make it an identity, so
/// that more equal expressions share an id (and a cache entry):
///  * add and mul order their operands by a structural key (a hash of the
///    subterm, ties broken by structural comparison), never by id, so the
///    order does not depend on which thread interned what first;
///  * sum(i, sum(j, x)) becomes sum(i*j, x), and max(i, max(j, x)) becomes
///    max(i*j, x).
/// Ids themselves depend only on the order of insertion.
class ExprContext {
public:
  ExprId var(int64_t input);
  ExprId add(ExprId a, ExprId b);
  ExprId mul(ExprId a, ExprId b);
  ExprId div(ExprId a, ExprId b);
  ExprId exp(ExprId a);
  ExprId sum(int64_t extent, ExprId a);
  ExprId max(int64_t extent, ExprId a);
  ExprId apply(OpKind f, ExprId a);

  ExprNode node(ExprId id) const;
  /// "sum(64, mul(x0, x2))".
  std::string str(ExprId id) const;
  /// Number of nodes interned so far.
  size_t size() const;

private:
  friend class SubexprOracle;
  ExprId intern(ExprNode n);
  ExprId internLocked(ExprNode n);
  /// <0, 0, >0 as `a` orders before, equal to or after `b` structurally.
  int compareLocked(ExprId a, ExprId b) const;
  mutable std::mutex mutex;
  std::vector<ExprNode> nodes;
  /// Per node: the structural hash (a function of the structure only) and
  /// the set of symbols occurring in the subterm (bits: see AbstractExpr.cpp).
  std::vector<uint64_t> hashes;
  std::vector<uint64_t> symbolSets;
  llvm::DenseMap<std::tuple<uint8_t, int64_t, ExprId, ExprId>, ExprId> index;
};

/// The abstract expression of a tensor. `parts` has one entry for an
/// ordinary tensor; a concatenation along `dim` has one per piece, with the
/// piece's extent along `dim`. `unknown` marks a tensor the language cannot
/// describe (e.g. a reshape that splits a concatenated dimension); it and
/// everything computed from it are never pruned.
struct AbsTensor {
  struct Part {
    int64_t extent = 0;
    ExprId expr = -1;
  };
  int dim = -1;
  llvm::SmallVector<Part, 2> parts;
  bool unknown = false;

  static AbsTensor single(ExprId e) { return {-1, {{0, e}}, false}; }
  static AbsTensor opaque() { return {-1, {}, true}; }
};

/// Computes the abstract expressions of op results from those of its
/// operands (paper Table 1). Ops at all three levels; a block graph's
/// for-loop extent is needed for Accum (sum(forloop, e) or max(forloop, e)).
///
/// The mapping: add/sub → add (signs forgotten), mul → mul, square(x) →
/// mul(x, x), div → div, exp → exp, neg and mul_scalar → their operand
/// (constants forgotten), sqrt/rsqrt/silu/gelu/relu → their own
/// uninterpreted f (rsqrt is not div by sqrt: the language has no constant
/// 1), matmul → sum(K, mul(a, b)), reduce_sum/max of groups of n → sum/max(n,
/// ·), repeat/reshape/transpose → their operand, rms_norm(x, g) →
/// div(mul(x, g), sqrt(sum(K, mul(x, x)))) as the primitives compute it (1/K
/// and eps forgotten). A reduction over one element (n = 1, K = 1, a
/// for-loop of 1) is a copy, not sum(1, ·). Block level: an input tile has
/// its tensor's expression, a replica accumulator is sum/max(forloop, e), a
/// concatenating one and an output saver keep e.
///
/// Parts: an element-wise op is applied per piece of the common refinement
/// of its operands' cuts (a broadcast or single operand applies whole to
/// every piece); a reduction or contraction across a cut is the add of the
/// per-piece sums. Cuts along two different dims, a max across a cut, a
/// reshape that does not keep the cut dim, and tiles that slice a cut
/// differently from block to block are opaque; so is everything computed
/// from an opaque tensor.
class ExprBuilder {
public:
  explicit ExprBuilder(ExprContext &ctx) : ctx(ctx) {}

  /// Expressions of `op`'s results (one per result). `graph` is the graph
  /// holding `op` (for operand types and, at block level, the for-loop).
  /// Kernel and ThreadGraph ops recurse into their bodies.
  llvm::SmallVector<AbsTensor, 1> apply(const Op &op, const Graph &graph,
                                        llvm::ArrayRef<AbsTensor> operands);

  /// Expressions of every value of a graph whose inputs are given (kernel
  /// level: pass `inputs` empty to use var(i) for input i).
  std::vector<AbsTensor> evaluate(const Graph &graph,
                                  llvm::ArrayRef<AbsTensor> inputs = {});

  /// As above, with the shapes the inputs really have. A thread graph's
  /// values are declared rank 0, but they stand for whole tiles: to line up
  /// the parts of concatenated operands, pass the tile shapes of the
  /// ThreadGraph op's operands (apply() does). Empty: the declared shapes.
  std::vector<AbsTensor> evaluate(const Graph &graph,
                                  llvm::ArrayRef<AbsTensor> inputs,
                                  llvm::ArrayRef<Shape> inputShapes);

private:
  ExprContext &ctx;
};

/// Counters of the subexpression test, for statistics and progress lines.
struct SubexprStats {
  uint64_t queries = 0;        ///< isSubexpr calls
  uint64_t cacheHits = 0;      ///< answered from the cache
  uint64_t precheckKept = 0;   ///< syntactic subterm: kept without Z3
  uint64_t precheckPruned = 0; ///< a symbol the target lacks: pruned without Z3
  uint64_t solverCalls = 0;    ///< Z3 queries
  uint64_t solverUnknown = 0;  ///< Z3 gave up (resource limit): pruned
  double solverSeconds = 0;    ///< wall time spent in Z3 (not deterministic)
};

/// Decides e ⊑ target under A_eq ∪ A_sub (Mirage Table 2) with Z3, for a
/// fixed target (the input program's outputs). Results are cached per
/// expression id; the cache is shared by all threads. The axioms are listed
/// in AbstractExpr.cpp.
///
/// Decision: `isSubexpr(e)` is true iff Z3 proves the negation
/// unsatisfiable within `resourceLimit` (a deterministic Z3 rlimit, not a
/// wall-clock timeout, so that searches are reproducible). A cheap syntactic
/// pre-check answers first when it can; it keeps only what Z3 proves and
/// prunes only what Z3 cannot prove (its rules are stated in
/// AbstractExpr.cpp and the property is tested on random expressions).
///
/// Every Z3 query runs in a fresh Z3 context (a few milliseconds), so a
/// verdict depends on the expression's structure and the targets only —
/// not on the thread, on what was asked before, or on expression ids.
/// Proofs of the workloads' tensors take at most ~30k rlimit units; the
/// default limit leaves a wide margin while bounding a query whose E-graph
/// grows without end (AC and distributivity over many summands) to about
/// half a second. An opaque target keeps everything.
class SubexprOracle {
public:
  SubexprOracle(ExprContext &ctx, llvm::ArrayRef<AbsTensor> targets,
                unsigned resourceLimit = 100000);
  ~SubexprOracle();

  /// True if every part of `t` is a subexpression of some target; unknown
  /// tensors are kept.
  bool isSubexpr(const AbsTensor &t);
  bool isSubexpr(ExprId e);

  /// The test without the pre-check and without the cache (for tests of the
  /// pre-check's soundness).
  bool solverIsSubexpr(ExprId e);
  /// The pre-check alone: 1 kept, 0 pruned, -1 undecided.
  int precheck(ExprId e) const;

  SubexprStats stats() const;

  /// The verdicts the solver gave (here, or imported from another
  /// process), in the order they were cached: their number, and those
  /// from `from` on as text, which importVerdicts reads in an oracle of the
  /// same targets in another process (the workers of a tsopt-mpi job share
  /// verdicts so that no expression is solved twice in the job).
  size_t numSolved() const;
  std::string solvedText(size_t from) const;
  /// Caches the verdicts of solvedText's `text`; false, caching nothing,
  /// when it is not such a text.
  bool importVerdicts(llvm::StringRef text);

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace tsopt

#endif // TSOPT_SEARCH_ABSTRACTEXPR_H
