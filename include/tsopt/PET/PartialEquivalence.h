//===- PartialEquivalence.h - PET's mutants, corrected ----------*- C++ -*-===//
//
// The one driver of PET (Boxes.h, Correction.h, Mutations.h): for each
// mutation of a program, the per-box examination, the corrected mutant,
// its check against the ops it replaces by the delta-bounded verifier, and
// the program with it in place. The pass tsopt-partial-equivalence prices
// these programs as they are; tsopt-superoptimize orchestrates them beside
// the program and keeps the cheapest.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_PET_PARTIALEQUIVALENCE_H
#define TSOPT_PET_PARTIALEQUIVALENCE_H

#include "tsopt/PET/Correction.h"
#include "tsopt/PET/Mutations.h"
#include "tsopt/Verify/Equivalence.h"

#include <optional>
#include <string>
#include <vector>

namespace tsopt {

/// One mutation of a program, examined and corrected.
struct CorrectedMutant {
  Mutation mutation;
  std::optional<BoxExamination> exam;
  std::optional<VerifyRecord> record;
  /// Set when the corrected mutant verified equivalent to the ops it
  /// replaces: the program with it in their place.
  std::optional<Graph> program;
  /// Why it is not usable (empty when it is).
  std::string failure;

  /// "conv-merge-width: kgraph.conv2d ops 0 and 1 ...: 18 boxes, 6 differ;
  /// ...; 6 corrected, verified: equivalent: ..." or the failure.
  std::string summary() const;
};

/// Every mutation of `program` whose name is in `names` (all when empty),
/// each examined on `trials` random field points per box, corrected and
/// verified (seeded by `seed`, within `deadline`).
/// The screen of a caller that keeps only faster mutants: a program of the
/// mutation enumeration is examined only when `estimateUs` ranks it below
/// the ops it replaces before any correction (corrections only add
/// kernels); `screenedOut` counts the others.
MutantScreen fasterThanReplaced(std::function<double(const Graph &)> estimateUs,
                                unsigned &screenedOut);

std::vector<CorrectedMutant>
correctedMutants(const Graph &program, llvm::ArrayRef<std::string> names,
                 unsigned trials, uint64_t seed, Deadline deadline = {},
                 const MutantScreen &worthExamining = {});

} // namespace tsopt

#endif // TSOPT_PET_PARTIALEQUIVALENCE_H
