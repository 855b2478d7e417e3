//===- Tasks.h - The search's items as requests and replies --*- C++ -*-===//
//
// Internal to the search: the two kinds of items a search hands to the
// workers of a job (Distribute.h) — generating one work item, and pricing
// one candidate — as request and reply texts, and the pricing itself, which
// this process and a worker run alike. A request carries all its worker
// needs: the program, the options that decide what is found, and the time
// left; a worker prepares the same forms (Forms.h) and runs the item.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_LIB_SEARCH_TASKS_H
#define TSOPT_LIB_SEARCH_TASKS_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Core/Target.h"
#include "tsopt/Search/Search.h"
#include "tsopt/Support/Deadline.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tsopt::search {

inline constexpr llvm::StringLiteral kItemTask = "search.item";
inline constexpr llvm::StringLiteral kPriceTask = "search.price";

/// The options that decide what generation finds and how candidates are
/// priced, as text (JSON).
std::string generationOptionsText(const SearchOptions &options);

/// Work item `item` of the search of `programText` under `optionsText`,
/// generated until `deadline`, with Z3 verdicts for the worker's oracles
/// (one SubexprOracle::solvedText per form).
std::string itemRequest(llvm::StringRef programText,
                        llvm::StringRef optionsText, const Deadline &deadline,
                        size_t item, llvm::ArrayRef<std::string> verdicts);

/// What generating one item gave: its candidates (GraphText) and counters,
/// or, cut by the deadline, nothing (not finished, not recorded).
struct ItemReply {
  bool finished = false;
  uint64_t states = 0, prunedShape = 0, prunedExpr = 0, solverCalls = 0;
  std::vector<std::string> candidates;
  /// Per form, the verdicts the worker's solver gave for this item.
  std::vector<std::string> verdicts;
};
std::optional<ItemReply> parseItemReply(llvm::StringRef text);

/// A candidate priced: its thread graphs formed and precision planned
/// (untiled) and its extents chosen by the cost model (tiled), with the
/// estimate of each (infinity: does not fit).
struct PricedCandidate {
  Graph tiled, untiled;
  double cost = 0, untiledCost = 0;
};

/// Prices `candidate` of `program`; nothing when neither form fits. Past
/// `stop` its tiling keeps the best extents priced so far (tileExtents).
std::optional<PricedCandidate> priceCandidate(const Graph &candidate,
                                              const Graph &program,
                                              const SearchOptions &options,
                                              const TargetDesc &target,
                                              const Deadline &stop = Deadline());

std::string priceRequest(llvm::StringRef programText,
                         llvm::StringRef candidateText,
                         llvm::StringRef optionsText);
/// The reply to a price request: nullopt when it is not one; a price, or
/// none (neither form fits).
std::optional<std::optional<PricedCandidate>>
parsePriceReply(llvm::StringRef text);

} // namespace tsopt::search

#endif // TSOPT_LIB_SEARCH_TASKS_H
