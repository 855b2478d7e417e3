//===- Mutations.h - PET's mutants of multi-linear subprograms --*- C++ -*-===//
//
// Part 3 of PET: mutants. Each mutation replaces a convex set of
// multi-linear ops of a program (its *subprogram*: the ops, with the
// values they read from outside as inputs and their results as outputs)
// by another multi-linear program of the same signature that is equal to
// it on most of its output but not necessarily all; Correction.h finds
// the boxes where it is not and restores them.
//
// Mutants come from PET's generator: on each subprogram of two
// contractions that share an operand (PET's multi-op merges) and of each
// dilated convolution (its single-op replacement), a depth-first
// enumeration of the multi-linear programs of the subprogram's signature,
// built by concatenations, the subprogram's contractions (a dilated
// convolution also without its dilation), slices at split points, and
// phase splits and merges (reshape-transpose chains, one step each), with
// fewer contractions than the subprogram or one without its dilation. A
// program that differs from the subprogram on at most half of each output
// at a random point of the verifier's field is a mutant. Each is named by
// what it does:
//
//  * conv-merge-{batch,height,width,channels,filters}: two convolutions as
//    one over their operands concatenated along that dim, the result
//    sliced back; images side by side along the width (PET's first worked
//    figure) are equal but on the seam;
//  * matmul-merge-{batch,rows,cols}: the same for two matmuls;
//  * dilated-to-regular: a dilated convolution as a regular one over its
//    input's phases (PET's second worked figure), interleaved back; an
//    extent the dilation does not divide is padded with zeros first and
//    the result's leading part taken;
//  * merge: any other merge the enumeration finds.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_PET_MUTATIONS_H
#define TSOPT_PET_MUTATIONS_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Support/Deadline.h"

#include <functional>
#include <string>
#include <vector>

namespace tsopt {

struct Mutation {
  /// "conv-merge-width", "conv-merge-batch", "dilated-to-regular".
  std::string name;
  /// "kgraph.conv2d ops 0 and 2 over their images side by side".
  std::string description;
  /// The ops of the program it replaces, in order.
  std::vector<unsigned> ops;
  /// Those ops as a program (inputs: the values they read from outside,
  /// in order of first use; outputs: their results), and the mutant of it.
  Graph original, mutant;
};

/// The names a mutation can have.
std::vector<std::string> mutationNames();

/// The mutations of `program` (a kernel graph of pre-defined ops) whose
/// names are in `names` (all when empty): per subprogram, in the order of
/// its ops, the mutants that differ on fewest elements first. `seed` draws
/// the field point the mutants are screened at; the enumeration stops at
/// `deadline`. With `worthExamining`, a complete program of the
/// enumeration is evaluated only when it holds of (subprogram, program):
/// a caller that keeps only faster mutants passes "estimated faster than
/// the subprogram", since corrections only add to a mutant's cost.
using MutantScreen =
    std::function<bool(const Graph &original, const Graph &mutant)>;
std::vector<Mutation>
generateMutations(const Graph &program, llvm::ArrayRef<std::string> names = {},
                  uint64_t seed = 0, const Deadline &deadline = {},
                  const MutantScreen &worthExamining = {});

/// `program` with the ops of `m` replaced by `replacement` (a program of
/// `m.original`'s signature), in a topological order.
Graph spliceSubprogram(const Graph &program, const Mutation &m,
                       const Graph &replacement);

} // namespace tsopt

#endif // TSOPT_PET_MUTATIONS_H
