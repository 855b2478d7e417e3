//===- IndexVariables.h - Index variables of a kernel graph -----*- C++ -*-===//
//
// The dims of a kernel graph's tensors that range over the same index: a
// matmul ties the contracted dims of its operands and each output dim to the
// operand dim it comes from, an element-wise op ties right-aligned dims of
// equal extent (a broadcast dim of extent 1 ties nothing), a reduction ties
// every dim but the reduced one, a transpose follows its permutation. Each
// class of tied dims is one index variable. Reshape and repeat make new
// variables. The search enumerates maps per variable, and rule-based fusion
// chooses a kernel's grid and loop among them.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_CORE_INDEXVARIABLES_H
#define TSOPT_CORE_INDEXVARIABLES_H

#include "tsopt/Core/Graph.h"

#include <vector>

namespace tsopt {

/// Union-find over the (value, dim) pairs of one graph.
class IndexVariables {
public:
  explicit IndexVariables(const Graph &g);

  /// The representative of the class of dim `d` of value `v`; equal
  /// representatives mean the same index variable. Unit dims (extent 1)
  /// are tied to nothing.
  int root(int v, int d);

private:
  int find(int x);
  void unify(const Graph &g, int a, int da, int b, int db);
  /// Right-aligned unification of `a` with `r` (broadcasting).
  void unifyAligned(const Graph &g, int a, int r);
  void unifyOp(const Graph &g, const Op &op);

  std::vector<int> parent;
  std::vector<int> base;
};

} // namespace tsopt

#endif // TSOPT_CORE_INDEXVARIABLES_H
