//===- GraphText.h - Text form and descriptions of lean graphs --*- C++ -*-===//
//
// A compact, stable text form of a Graph (canonical ranks, checkpoints,
// result caches, pickles) and one-line descriptions for remarks.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_CORE_GRAPHTEXT_H
#define TSOPT_CORE_GRAPHTEXT_H

#include "tsopt/Core/Graph.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <string>

namespace tsopt {

/// A compact, stable text form of a graph (used for canonical ranks,
/// checkpoints and result caches) and its inverse, which fails on text that
/// is not such a form or describes a graph checkGraphWellFormed refuses
/// (`why` says which).
std::string serializeGraph(const Graph &graph);
llvm::FailureOr<Graph> deserializeGraph(llvm::StringRef text,
                                        std::string *why = nullptr);

/// "2 kernels: #0 grid [2, 4, 2] forloop 2 (6 ops), #1 ...".
std::string describeStructure(const Graph &graph);

} // namespace tsopt

#endif // TSOPT_CORE_GRAPHTEXT_H
