//===- Rewrite.h - Algebraic rewrites ahead of the search -------*- C++ -*-===//
//
// The search reaches µGraphs whose abstract expressions the axioms A_eq ∪
// A_sub relate to the program's. Some published µGraphs rest on field
// identities outside them, which need cancellation (Blockbuster's layer-norm
// example: Σ(x - m)² = Σx² - K·m² and (x - m)·Y = x·Y - m ⊗ colsum(Y)). Such
// identities are applied here, as rewrite rules on the program; the search
// then explores the rewritten program too, and every candidate is still
// verified against the program as written (docs/search.md, "Algebraic
// rewrites").
//
// Each rule moves a reduction of a program input ahead of a row-wise
// normalization, so that the reduction can accumulate in the same loop as
// the rest:
//  * centred-variance: mean((x - mean(x))²) → mean(x²) - mean(x)²;
//  * matmul-past-row-shift: (x - m)·Y → x·Y - m ⊗ colsum(Y) for m constant
//    along each row (also through row scalings: (x - m) / r, (x - m) · r,
//    and + m), the scalings moving past the matmul as they are;
//  * matmul-past-rms-norm: rms_norm(x, g)·W → ((x ∘ g)·W) / sqrt(mean(x²))
//    (Blockbuster's rules 4 and 8: the row scale moves past each matmul the
//    norm feeds).
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_TRANSFORMS_REWRITE_H
#define TSOPT_TRANSFORMS_REWRITE_H

#include "tsopt/Core/Graph.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace tsopt {

/// A program after the rewrite rules, and the names of the rules applied
/// (in order, each once per application).
struct RewrittenProgram {
  Graph graph;
  llvm::SmallVector<llvm::StringRef, 4> rules;
};

/// Which rules apply. The search explores the rewritten program beside the
/// program, so it only needs the identities its axioms cannot derive; rule-
/// based fusion (BlockFusion.h) needs every scale and shift moved past the
/// matmuls it feeds, and adds:
///  * duplicate-row-scale: a row scale read by several matmuls is moved
///    past each of them (Blockbuster's rule 8, then 4);
///  * row-scale-past-matmul: (x ∘ s)·W → (x·W) ∘ s and (x / s)·W →
///    (x·W) / s for s constant along each row, when the matmul is the only
///    reader of the scaled value (rule 4); likewise a column scale of the
///    rhs, X·(y / c) → (X·y) / c for c constant along each column (a
///    normalized K in attention).
enum class RewriteRules { Search, Fusion };

/// Applies every rule wherever it matches until none does and removes the
/// ops nobody reads any more; std::nullopt when no rule matched. The
/// result computes the same function as `program` over any field (the rules
/// are identities of rational functions), with its inputs and outputs in
/// the same order.
std::optional<RewrittenProgram>
rewriteAlgebraically(const Graph &program,
                     RewriteRules rules = RewriteRules::Search);

} // namespace tsopt

#endif // TSOPT_TRANSFORMS_REWRITE_H
