//===- Correction.h - PET's per-box examination and corrections -*- C++ -*-===//
//
// Part 2 of PET (Boxes.h is part 1): which boxes of a mutant's outputs
// differ from the original program's, and the program that restores full
// equivalence by computing the original on exactly those boxes.
//
//  * examineBoxes: the outputs of both programs are cut into their common
//    boxes; each box is tested at its m + 1 positions (Theorem 1) on random
//    inputs over the verifier's finite field (Theorem 2: a difference at a
//    position escapes one test with probability at most n/p, n the
//    polynomial degree). A box that agrees in every trial is equivalent up
//    to that bound; one that differs gets a correction.
//  * restrictToBox: the original program computing one box of one of its
//    values only, by pulling the box back through every op (a
//    convolution's box reads the input rows and columns its windows cover,
//    what falls outside the image becoming padding; a matmul's reads its
//    rows and columns of each operand; ...).
//  * correct: the mutant whose outputs are assembled from its own boxes
//    where they agree and from the restricted original where they differ
//    (slices and concatenations; a region with no differing box is one
//    slice).
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_PET_CORRECTION_H
#define TSOPT_PET_CORRECTION_H

#include "tsopt/PET/Boxes.h"

#include "llvm/Support/LogicalResult.h"

#include <string>
#include <vector>

namespace tsopt {

/// What examineBoxes found, per output of the programs.
struct BoxExamination {
  struct Output {
    std::vector<Box> boxes;
    /// Per box: it differs (needs a correction).
    std::vector<bool> differs;
  };
  std::vector<Output> outputs;
  /// The primes of the field the tests ran in, and how many trials.
  uint64_t p = 0, q = 0;
  unsigned trials = 0;
  /// Positions tested per box at most (m + 1 for the largest rank).
  unsigned positionsPerBox = 0;
  /// Bound on the probability that a differing box passed every trial:
  /// (n / q)^trials, n the programs' polynomial degree.
  double boundPerBox = 0;

  unsigned numBoxes() const;
  unsigned numDiffering() const;
  /// "18 boxes, 6 differ; p = ..., 2 trials of up to 5 positions per box,
  /// bound 1e-35 per box".
  std::string summary() const;
};

/// Tests every common box of the outputs of `original` and `mutant` (same
/// inputs and output types; both of multi-linear ops) at its m + 1
/// positions over `trials` random field points drawn from `seed`. Fails,
/// with `why`, when the programs cannot be compared.
llvm::FailureOr<BoxExamination> examineBoxes(const Graph &original,
                                             const Graph &mutant,
                                             unsigned trials, uint64_t seed,
                                             std::string *why = nullptr);

/// Appends to `out` ops computing `box` of value `v` of `program`, whose
/// inputs are `inputs` in `out` (one per program input); returns the value.
/// Fails, with `why`, for an op it cannot restrict.
llvm::FailureOr<int> restrictToBox(const Graph &program, int v, const Box &box,
                                   Graph &out, llvm::ArrayRef<int> inputs,
                                   std::string *why = nullptr);

/// The mutant with the differing boxes of `exam` computed by `original`
/// (restrictToBox); fully equivalent to `original` when the examination
/// found every differing box.
llvm::FailureOr<Graph> correct(const Graph &original, const Graph &mutant,
                               const BoxExamination &exam,
                               std::string *why = nullptr);

} // namespace tsopt

#endif // TSOPT_PET_CORRECTION_H
