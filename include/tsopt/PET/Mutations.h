//===- Mutations.h - PET's mutants of multi-linear subprograms --*- C++ -*-===//
//
// Part 3 of PET: mutants. Each mutation replaces a convex set of
// multi-linear ops of a program (its *subprogram*: the ops, with the
// values they read from outside as inputs and their results as outputs)
// by another multi-linear program of the same signature that is equal to
// it on most of its output but not necessarily all; Correction.h finds
// the boxes where it is not and restores them. The mutations are PET's
// categories that pay on tsopt's operator set:
//
//  * conv-merge-batch: two convolutions with the same filters and window
//    on images of one shape as one convolution over the images stacked
//    along the batch, its result split back (fully equivalent);
//  * conv-merge-width: the same with the images side by side along the
//    width (PET's first worked figure): equal but on the seam, where a
//    window reads the other image instead of the padding;
//  * dilated-to-regular: a dilated convolution as a regular one over its
//    input re-linearized (each of the dilation's phases of rows and
//    columns a batch entry; PET's second worked figure), its result
//    interleaved back; generated when the extents and the padding are
//    multiples of the dilation, where it is fully equivalent.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_PET_MUTATIONS_H
#define TSOPT_PET_MUTATIONS_H

#include "tsopt/Core/Graph.h"

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

/// The names of every mutation, in the order generateMutations tries them.
std::vector<std::string> mutationNames();

/// The mutations of `program` (a kernel graph of pre-defined ops) whose
/// names are in `names` (all when empty).
std::vector<Mutation> generateMutations(const Graph &program,
                                        llvm::ArrayRef<std::string> names = {});

/// `program` with the ops of `m` replaced by `replacement` (a program of
/// `m.original`'s signature), in a topological order.
Graph spliceSubprogram(const Graph &program, const Mutation &m,
                       const Graph &replacement);

} // namespace tsopt

#endif // TSOPT_PET_MUTATIONS_H
