//===- KernelCandidates.h - Execution states and candidate kernels -*- C++ -*-//
//
// Korch's kernel identification on the lean core graph. An execution state
// is a set of a program's ops closed under predecessors (what has run at
// some point of some execution). Every convex subgraph (a set of ops that
// no path leaves and re-enters) is the difference of two states, one
// containing the other (Korch, Theorem 1), so enumerating pairs of states
// enumerates every kernel a program could be cut into. Deep and narrow
// programs — a transformer layer, a stack of them — have few states (about
// linear in the program's length), and the limits below keep the pairs
// near quadratic.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_ORCHESTRATE_KERNELCANDIDATES_H
#define TSOPT_ORCHESTRATE_KERNELCANDIDATES_H

#include "tsopt/Core/Graph.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/Support/LogicalResult.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tsopt {

/// A set of a kernel graph's ops, by index.
using OpSet = llvm::BitVector;

/// Bounds on the candidates (Korch's pruning limits).
struct CandidateLimits {
  /// Primitives in one candidate kernel (a decoder layer's attention with
  /// its projections and norm is about 20).
  unsigned maxOps = 20;
  /// Linear primitives (matmuls) in one candidate kernel (a gated MLP with
  /// its down projection and residual holds 3, attention with q, k, v 5).
  unsigned maxLinear = 4;
  /// Execution states enumerated before the candidates are grown without
  /// them (a few seconds' worth).
  uint64_t maxStates = 1u << 18;
  /// Candidate kernels enumerated before giving up with an error.
  uint64_t maxCandidates = 1u << 20;
};

/// Every execution state of `program` (a kernel graph whose ops are in a
/// topological order), the empty and the full one included, in order of
/// size. Fails, saying so, past `maxStates`.
llvm::FailureOr<std::vector<OpSet>>
enumerateExecutionStates(const Graph &program, uint64_t maxStates,
                         std::string *why = nullptr);

struct CandidateKernels {
  /// The candidates, each a set of ops, smallest first.
  std::vector<OpSet> kernels;
  /// The execution states they were found from; empty when the program
  /// had more than the states limit and the candidates were grown instead.
  std::vector<OpSet> states;
};

/// Every candidate kernel of `program`: each difference S2 \ S1 of
/// execution states S1 ⊂ S2 whose ops are connected (through the values
/// they pass or an input they share) and within the limits. An op marked in
/// `opaque` only forms a candidate alone (it is its own kernel).
///
/// Ops that read only program inputs (a weight's transpose, a reshape of
/// the rotary table) can run at any point, so each multiplies the states;
/// past `maxStates` the same candidates — every connected, convex set
/// within the limits — are grown from each op instead, without states.
/// Fails, saying so, past the candidates limit.
llvm::FailureOr<CandidateKernels>
enumerateCandidateKernels(const Graph &program, const CandidateLimits &limits,
                          llvm::ArrayRef<bool> opaque = {},
                          std::string *why = nullptr);

/// The candidates of enumerateCandidateKernels found without states: sets
/// grown from each op through neighbours (values passed, inputs shared),
/// kept when convex and within the limits.
llvm::FailureOr<std::vector<OpSet>>
growCandidateKernels(const Graph &program, const CandidateLimits &limits,
                     llvm::ArrayRef<bool> opaque = {},
                     std::string *why = nullptr);

/// Whether no path of `program` leaves `ops` and re-enters it.
bool isConvex(const Graph &program, const OpSet &ops);

/// Whether `ops` are connected through the values they pass or an input
/// they share.
bool isConnected(const Graph &program, const OpSet &ops);

} // namespace tsopt

#endif // TSOPT_ORCHESTRATE_KERNELCANDIDATES_H
