//===- Fission.h - Composite ops into primitives (Korch) --------*- C++ -*-===//
//
// Korch's operator fission on tsopt's kernel graphs: a composite op becomes
// the primitives that define it, so that rule-based fusion, orchestration
// and the search can cut kernels across its boundary. Primitives are of
// four kinds (element-wise, reduce/broadcast, layout, linear); every kgraph
// op but `rms_norm` is one already. A convolution is a linear primitive; its
// split into im2col and a matmul is asked for by name, where a lowering
// cannot run it as one kernel.
//
// Rules (docs/orchestration.md, "Fission"):
//  * rms-norm: rms_norm(x, g) with epsilon eps →
//      square → reduce_sum (last dim) → mul_scalar 1/n → add_scalar eps →
//      sqrt → div → mul g
//    (no add_scalar without an epsilon).
//  * conv2d: conv2d(x, w) with G groups →
//      im2col x (N, C·KH·KW, OH·OW) → reshape (N·G, C/G·KH·KW, OH·OW);
//      reshape w (G, F/G, C/G·KH·KW) → repeat N times (N > 1) →
//      matmul → reshape (N, F, OH, OW)
//    (the reshape of the columns only with G > 1).
// Every composite kgraph op has a primitive form today; `opaque` is where
// one without would be reported.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_TRANSFORMS_FISSION_H
#define TSOPT_TRANSFORMS_FISSION_H

#include "tsopt/Core/Graph.h"

#include <string>
#include <vector>

namespace tsopt {

struct FissionResult {
  /// The program with every composite op that has a primitive form
  /// replaced by it; inputs and outputs in the same order.
  Graph graph;
  /// Composite ops split.
  unsigned split = 0;
  /// Composite ops left whole, each with the reason:
  /// "kgraph.rms_norm (op 3): ...".
  std::vector<std::string> opaque;
};

/// Splits the composite ops of `program` (a kernel graph of pre-defined
/// ops), or, when `kinds` is not empty, the ops of those kinds that have a
/// split (rms_norm, conv2d). The result computes the same function over
/// any field.
FissionResult fission(const Graph &program, llvm::ArrayRef<OpKind> kinds = {});

} // namespace tsopt

#endif // TSOPT_TRANSFORMS_FISSION_H
