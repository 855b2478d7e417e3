//===- Evaluator.h - Executable semantics of µGraphs ------------*- C++ -*-===//
//
// One evaluator, templated on the number system (DESIGN §3), that executes a
// kernel graph with its graph-defined kernels and thread graphs exactly as
// DESIGN §2 defines them: block by block, iteration by iteration.
//
// Instantiations for FloatDomain<float> and FloatDomain<double> live in
// TSOptEval. Another domain includes "lib/Eval/EvaluatorImpl.h" in its own
// .cpp and instantiates `template class tsopt::Evaluator<MyDomain>;`.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_EVAL_EVALUATOR_H
#define TSOPT_EVAL_EVALUATOR_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Eval/FieldDomain.h"
#include "tsopt/Eval/FloatDomain.h"
#include "tsopt/Eval/Tensor.h"
#include "tsopt/Support/Deadline.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/LogicalResult.h"

#include <string>
#include <vector>

namespace tsopt {

/// Executes µGraphs over the elements of `Domain` (see FloatDomain.h for the
/// interface a domain provides). Stateless apart from the domain reference,
/// so one evaluator may run several graphs, also from several threads.
template <typename Domain> class Evaluator {
public:
  using Elem = typename Domain::Elem;

  /// `dom` must outlive the evaluator. A run still going at `deadline`
  /// stops there and fails ("the time limit ran out").
  explicit Evaluator(const Domain &dom, Deadline deadline = {})
      : dom(dom), deadline(deadline) {}
  /// The evaluator keeps a reference; a temporary domain would dangle.
  explicit Evaluator(const Domain &&, Deadline = {}) = delete;

  /// Runs the kernel-level graph `g` on `inputs` (one per `g.inputs`, in
  /// order, shapes equal to their types) and returns one tensor per
  /// `g.outputs`, in order. Fails, with a message in `why` when non-null, if
  /// the inputs do not match or `g` is not a well-formed µGraph (bad value
  /// ids, shapes violating the ShapeRules, a block graph violating Mirage
  /// Def. 2.1 (3), ...); the graph is checked once per call, not per block.
  llvm::FailureOr<std::vector<Tensor<Elem>>>
  run(const Graph &g, llvm::ArrayRef<Tensor<Elem>> inputs,
      std::string *why = nullptr) const;

private:
  const Domain &dom;
  Deadline deadline;
};

extern template class Evaluator<FloatDomain<float>>;
extern template class Evaluator<FloatDomain<double>>;
extern template class Evaluator<FieldDomain>;

} // namespace tsopt

#endif // TSOPT_EVAL_EVALUATOR_H
