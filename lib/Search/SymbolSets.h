//===- SymbolSets.h - Symbol bits of abstract expressions --------*- C++
//-*-===//
//
// Internal to the search: the bits of ExprContext::symbolSets, which the
// context computes (AbstractExpr.cpp) and the subexpression oracle's
// pre-check compares (SubexprOracle.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_LIB_SEARCH_SYMBOLSETS_H
#define TSOPT_LIB_SEARCH_SYMBOLSETS_H

#include "tsopt/Core/Graph.h"

#include <cstdint>

namespace tsopt::search {

// Symbol sets (ExprContext::symbolSets): one bit per function symbol, per
// uninterpreted unary (by OpKind) and per program input. The pre-check
// compares them with the targets' (see SubexprOracle::precheck).
inline constexpr uint64_t kSymAdd = 1ull << 0;
inline constexpr uint64_t kSymMul = 1ull << 1;
inline constexpr uint64_t kSymDiv = 1ull << 2;
inline constexpr uint64_t kSymExp = 1ull << 3;
inline constexpr uint64_t kSymSum = 1ull << 4;
inline constexpr uint64_t kSymMax = 1ull << 5;
inline constexpr unsigned kApplyShift = 6;
inline constexpr unsigned kVarShift = 38;
// An Apply names an uninterpreted op kind, all of which are numbered
// before ThreadGraph (the kinds appended after it are not uninterpreted).
static_assert(static_cast<unsigned>(OpKind::ThreadGraph) + kApplyShift <
                  kVarShift,
              "every kind an Apply names needs its own symbol bit");
inline constexpr int64_t kVarBits = 63 - kVarShift;
/// Inputs from kVarBits on share this bit, so it proves nothing about a
/// particular input and the pre-check never prunes on it.
inline constexpr uint64_t kVarOverflow = 1ull << 63;

} // namespace tsopt::search

#endif // TSOPT_LIB_SEARCH_SYMBOLSETS_H
