//===- Boxes.h - PET's boxes of multi-linear programs -----------*- C++ -*-===//
//
// Partially equivalent transformations (PET, OSDI'21) on tsopt's kernel
// graphs, part 1: boxes. A multi-linear program (convolutions, matmuls,
// data movement, sums and scalings) computes each output position as a sum
// over intervals of its inputs; a *box* is a region of an output whose
// positions all have the same summation intervals, up to a shift. Boxes
// come from split points: the starts of the intervals of each dim,
// propagated from the inputs (one interval per dim) through every op,
// which adds its own (a convolution's window meeting the padding or a
// seam of its input, a concatenation's seam, a slice's edges).
//
// Theorem 1 of the paper: two multi-linear programs whose boxes are
// common (the union of both programs' split points) and that agree on the
// m + 1 positions v0, v0 + e_1, ..., v0 + e_m of a box agree on all of it.
// Correction.h runs that test and builds the corrections.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_PET_BOXES_H
#define TSOPT_PET_BOXES_H

#include "tsopt/Core/Graph.h"

#include <string>
#include <vector>

namespace tsopt {

/// A region of a tensor: [lo[d], hi[d]) in each dim d.
struct Box {
  Shape lo, hi;
  int64_t numElements() const;
  /// Whether `other` lies inside this box.
  bool contains(const Box &other) const;
  bool operator==(const Box &other) const {
    return lo == other.lo && hi == other.hi;
  }
  /// "[0:1, 0:8, 7:8]".
  std::string str() const;
  /// The whole of a tensor of `shape`.
  static Box whole(llvm::ArrayRef<int64_t> shape);
};

/// Per dim of a tensor, the sorted starts of its intervals (0 first).
using Splits = std::vector<std::vector<int64_t>>;

/// Whether `op` is one of PET's multi-linear operators: conv2d, matmul,
/// im2col padding with zeros, element-wise add, sub and neg,
/// multiplication by a constant, and data movement (reshape, transpose,
/// slice, concat, repeat).
bool isMultiLinear(const Op &op);

/// The split points of every value of `g` (a kernel graph of pre-defined
/// multi-linear ops), by value id. Conservative where an op's intervals are
/// not tracked (a reshape that merges dims, a repeat): every position is
/// then its own interval, which keeps every box a box.
std::vector<Splits> propagateSplits(const Graph &g);

/// The union of two splits of one shape.
Splits mergeSplits(const Splits &a, const Splits &b);

/// The boxes `splits` cut a tensor of `shape` into, in row-major order of
/// their corners.
std::vector<Box> boxesOf(const Splits &splits, llvm::ArrayRef<int64_t> shape);

} // namespace tsopt

#endif // TSOPT_PET_BOXES_H
