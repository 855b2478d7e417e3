//===- Lax.h - The LAX fragment and degree bounds ---------------*- C++ -*-===//
//
// The finite-field test's guarantee holds for LAX programs: multi-linear
// arithmetic, division and exponentiation with at most one exp on every
// input→output path (Mirage). This analysis decides membership, names the
// offending path otherwise, and bounds the degrees the error bound needs.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_VERIFY_LAX_H
#define TSOPT_VERIFY_LAX_H

#include "tsopt/Core/Graph.h"

#include <optional>
#include <string>

namespace tsopt {

struct LaxReport {
  /// Set when some input→output path passes two or more exps: the path's
  /// exps, named by op and nesting ("exp (op #4 in kernel op #1)").
  std::optional<std::string> violation;
  /// Upper bound on the total degree of every output, and of every argument
  /// of an uninterpreted function, as a rational function of the inputs,
  /// with each exp result and each uninterpreted function result counted as
  /// a fresh variable of degree 1 (the value part, in Z_p).
  int64_t valueDegree = 1;
  /// Upper bound on the degree of every exp argument (the exponent part, in
  /// Z_q).
  int64_t exponentDegree = 0;
  /// Number of exp ops (kernel-level and nested).
  int64_t numExps = 0;
  /// How many times the program applies an uninterpreted function (sqrt,
  /// tanh, max, ...) to a scalar, nested graphs counted once per block,
  /// iteration and element; and the largest degree of such an argument.
  /// Two distinct argument polynomials that collide at a trial's point give
  /// the random oracle one input for two: the verifier adds the union
  /// bound over these pairs to the per-trial bound.
  double opaqueApplications = 0;
  int64_t opaqueDegree = 0;
  /// A bound passed 2^40 and was capped there: valueDegree and
  /// exponentDegree are then not upper bounds, and no error bound can be
  /// derived from them.
  bool saturated = false;
};

/// Analyzes a kernel-level graph (with nested block and thread graphs).
LaxReport analyzeLax(const Graph &g);

} // namespace tsopt

#endif // TSOPT_VERIFY_LAX_H
