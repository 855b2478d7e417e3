//===- Dot.h - Graphviz pictures of µGraphs ---------------------*- C++ -*-===//
//
// Renders a core µGraph as Graphviz DOT, so that a search result can be
// looked at rather than read: kernel-level tensors and ops as nodes, each
// graph-defined kernel as a cluster holding its block graph, each thread
// graph as a cluster nested in its kernel's. Works on the lean graph alone,
// so the search, the tools and the Python package share it without MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_SUPPORT_DOT_H
#define TSOPT_SUPPORT_DOT_H

#include "tsopt/Core/Graph.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace tsopt {

/// A `digraph` named `name` showing the kernel graph `kernelGraph`:
///  * kernel-level tensors as ellipses (inputs `in<i>`, outputs `out<i>`,
///    with shape and dtype) and pre-defined ops as boxes;
///  * each graph-defined kernel as a cluster labelled with its grid and
///    for-loop, holding its block ops (labelled with their attributes and
///    result tile); the edge from a kernel tensor to an input iterator
///    carries its imap and fmap, the edge from an output saver to the
///    kernel tensor it writes carries its omap, accumulators name their kind;
///  * each thread graph as a cluster inside its kernel's, with one node per
///    tile operand, its scalar ops and a `yield`.
/// `inputNames[i]`, where given and not empty, labels input i instead of
/// `in<i>`. The graph is drawn as given; malformed value ids are drawn as
/// dangling nodes rather than rejected, so a broken graph can still be
/// inspected.
std::string toDot(const Graph &kernelGraph, llvm::StringRef name,
                  llvm::ArrayRef<std::string> inputNames = {});

} // namespace tsopt

#endif // TSOPT_SUPPORT_DOT_H
