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

private:
  ExprId intern(ExprNode n);
  mutable std::mutex mutex;
  std::vector<ExprNode> nodes;
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
class ExprBuilder {
public:
  explicit ExprBuilder(ExprContext &ctx) : ctx(ctx) {}

  /// Expressions of `op`'s results (one per result). `graph` is the graph
  /// holding `op` (for operand types and, at block level, the for-loop).
  /// Kernel and ThreadGraph ops recurse into their bodies.
  llvm::SmallVector<AbsTensor, 1> apply(const Op &op, const Graph &graph,
                                        llvm::ArrayRef<AbsTensor> operands);

  /// Expressions of every value of a graph whose inputs are given (kernel
  /// level: pass `inputVars` empty to use var(i) for input i).
  std::vector<AbsTensor> evaluate(const Graph &graph,
                                  llvm::ArrayRef<AbsTensor> inputs = {});

private:
  ExprContext &ctx;
};

/// Counters of the subexpression test, for statistics and progress lines.
struct SubexprStats {
  uint64_t queries = 0;       ///< isSubexpr calls
  uint64_t cacheHits = 0;     ///< answered from the cache
  uint64_t precheckKept = 0;  ///< syntactic subterm: kept without Z3
  uint64_t precheckPruned = 0;///< a symbol the target lacks: pruned without Z3
  uint64_t solverCalls = 0;   ///< Z3 queries
  uint64_t solverUnknown = 0; ///< Z3 gave up (resource limit): pruned
};

/// Decides e ⊑ target under A_eq ∪ A_sub (Mirage Table 2) with Z3, for a
/// fixed target (the input program's outputs). Results are cached per
/// expression id; the cache is shared by all threads.
///
/// Decision: `isSubexpr(e)` is true iff Z3 proves the negation
/// unsatisfiable within `resourceLimit` (a deterministic Z3 rlimit, not a
/// wall-clock timeout, so that searches are reproducible). A cheap syntactic
/// pre-check answers first when it can; it keeps only what Z3 proves and
/// prunes only what Z3 cannot prove (its rules are stated in
/// AbstractExpr.cpp and the property is tested on random expressions).
class SubexprOracle {
public:
  SubexprOracle(ExprContext &ctx, llvm::ArrayRef<AbsTensor> targets,
                unsigned resourceLimit = 2000000);
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

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace tsopt

#endif // TSOPT_SEARCH_ABSTRACTEXPR_H
