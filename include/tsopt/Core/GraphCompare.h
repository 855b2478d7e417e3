//===- GraphCompare.h - Structural equality of µGraphs ----------*- C++ -*-===//
//
// Whether two core graphs are the same graph, op for op and value for value,
// nested bodies included: what an import/export round trip must preserve and
// what an idempotent rewrite must leave alone.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_CORE_GRAPHCOMPARE_H
#define TSOPT_CORE_GRAPHCOMPARE_H

#include "tsopt/Core/Graph.h"

#include <string>

namespace tsopt {

/// True when `a` and `b` have the same level, launch attributes, value types
/// (by id), inputs, outputs and ops in the same order with the same kinds,
/// operand and result ids and attributes, and structurally equal bodies.
/// Attributes an op kind does not use are compared too: the importer leaves
/// them at their defaults, so a difference there is a difference in how the
/// graph was built. Otherwise, when `why` is non-null, stores where the first
/// difference is (e.g. "op #3 (exp) in the body of op #1: operand 0 is 5 vs
/// 6").
bool structurallyEqual(const Graph &a, const Graph &b,
                       std::string *why = nullptr);

} // namespace tsopt

#endif // TSOPT_CORE_GRAPHCOMPARE_H
