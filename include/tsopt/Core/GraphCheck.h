//===- GraphCheck.h - Well-formedness of core graphs ------------*- C++ -*-===//
//
// The one check of a core graph's structure that every consumer of a graph
// not built by the importer runs first: the evaluator, the verifier, the
// cost model, and the readers of serialized graphs (result caches,
// checkpoints, pickles).
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_CORE_GRAPHCHECK_H
#define TSOPT_CORE_GRAPHCHECK_H

#include "tsopt/Core/Graph.h"

#include <string>

namespace tsopt {

/// Checks the kernel-level graph `g` and the bodies it nests: known dtypes,
/// positive dims whose element and byte counts fit in 64 bits, value ids
/// defined once and before use, op kinds the level has, op arities, the
/// shape rules of every op at every level, Mirage Def. 2.1 (3) for block
/// graphs, and bodies that match their ops. On failure, `why` (when given)
/// names the op by index and kind, and the ops holding it.
llvm::LogicalResult checkGraphWellFormed(const Graph &g, std::string *why);

} // namespace tsopt

#endif // TSOPT_CORE_GRAPHCHECK_H
