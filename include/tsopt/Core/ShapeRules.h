//===- ShapeRules.h - Shape and path rules of every op ----------*- C++ -*-===//
//
// The single statement of the µGraph shape rules (DESIGN §2) and of Mirage
// Def. 2.1 (3). The dialect verifiers, the importer and the search all call
// these; none of them restates a rule. Every function returns failure and,
// when `why` is non-null, stores a message that names the offending dim or map.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_CORE_SHAPERULES_H
#define TSOPT_CORE_SHAPERULES_H

#include "tsopt/Core/Graph.h"

#include "llvm/Support/LogicalResult.h"

namespace tsopt {

/// numpy broadcasting: shapes are right-aligned, missing leading dims and
/// size-1 dims stretch.
llvm::FailureOr<Shape> broadcastShape(llvm::ArrayRef<int64_t> a,
                                      llvm::ArrayRef<int64_t> b,
                                      std::string *why = nullptr);

/// Batched matmul: (..., m, k) x (..., k, n) -> (..., m, n); both ranks >= 2
/// and equal, batch dims equal.
llvm::FailureOr<Shape> matmulShape(llvm::ArrayRef<int64_t> a,
                                   llvm::ArrayRef<int64_t> b,
                                   std::string *why = nullptr);

/// Reduction of `dim` to `extent` groups (DESIGN §2.1): extent must divide the
/// dim; the rank is kept.
llvm::FailureOr<Shape> reduceShape(llvm::ArrayRef<int64_t> in, int64_t dim,
                                   int64_t extent, std::string *why = nullptr);

/// Checks a reduction's declared result shape against its operand's.
llvm::LogicalResult checkReduce(llvm::ArrayRef<int64_t> in, int64_t dim,
                                llvm::ArrayRef<int64_t> out,
                                std::string *why = nullptr);

/// Repeat tiles the operand (numpy.tile): equal rank, each result dim a
/// multiple of the operand dim.
llvm::LogicalResult checkRepeat(llvm::ArrayRef<int64_t> in,
                                llvm::ArrayRef<int64_t> out,
                                std::string *why = nullptr);

/// Reshape keeps the element count (row-major reinterpretation).
llvm::LogicalResult checkReshape(llvm::ArrayRef<int64_t> in,
                                 llvm::ArrayRef<int64_t> out,
                                 std::string *why = nullptr);

/// A slice at `offsets` of the result's size: equal ranks, each offset
/// >= 0 and offset + size within the operand dim.
llvm::LogicalResult checkSlice(llvm::ArrayRef<int64_t> in,
                               llvm::ArrayRef<int64_t> offsets,
                               llvm::ArrayRef<int64_t> out,
                               std::string *why = nullptr);

/// Result dim i is operand dim perm[i]; perm must be a permutation.
llvm::FailureOr<Shape> transposeShape(llvm::ArrayRef<int64_t> in,
                                      llvm::ArrayRef<int64_t> perm,
                                      std::string *why = nullptr);

/// Concatenation along `dim`: equal ranks, all other dims equal.
llvm::FailureOr<Shape> concatShape(llvm::ArrayRef<Shape> ins, int64_t dim,
                                   std::string *why = nullptr);

/// rms_norm(X, G): G is a vector of X's last dim; the result has X's shape.
llvm::FailureOr<Shape> rmsNormShape(llvm::ArrayRef<int64_t> x,
                                    llvm::ArrayRef<int64_t> g,
                                    std::string *why = nullptr);

/// A convolution window (ConvWindow): kernel, stride and dilation >= 1,
/// padding >= 0.
llvm::LogicalResult checkConvWindow(const ConvWindow &w,
                                    std::string *why = nullptr);

/// im2col of NCHW images X under window `w`: (N, C·KH·KW, OH·OW), where
/// element (n, (c·KH + i)·KW + j, oh·OW + ow) is
/// X[n, c, oh·sh - ph + i·dh, ow·sw - pw + j·dw], zero outside X.
llvm::FailureOr<Shape> im2colShape(llvm::ArrayRef<int64_t> x,
                                   const ConvWindow &w,
                                   std::string *why = nullptr);

/// conv2d(X, W) of NCHW images X (N, C, H, W) and FCHW filters
/// W (F, C/groups, KH, KW), whose kernel extents are `w`'s:
/// (N, F, OH, OW). groups divides C and F.
llvm::FailureOr<Shape> conv2dShape(llvm::ArrayRef<int64_t> x,
                                   llvm::ArrayRef<int64_t> filter,
                                   const ConvWindow &w, int64_t groups,
                                   std::string *why = nullptr);

/// Checks a grid (1 to 3 dims, each >= 1) and a for-loop extent (>= 1).
llvm::LogicalResult checkLaunch(llvm::ArrayRef<int64_t> grid, int64_t forloop,
                                std::string *why = nullptr);

/// Tile of an input iterator (DESIGN §2.2): `imap[g]` is the tensor dim grid
/// dim g partitions (or kReplica), `fmap` the dim the for-loop partitions.
/// Extents must divide what they partition; no two grid dims share a dim.
llvm::FailureOr<Shape> inputTileShape(llvm::ArrayRef<int64_t> tensor,
                                      llvm::ArrayRef<int64_t> grid,
                                      int64_t forloop, llvm::ArrayRef<int> imap,
                                      int fmap, std::string *why = nullptr);

/// Result of a for-loop accumulator: the operand shape when `fmap` is
/// kReplica, else dim `fmap` grows by the for-loop extent (concatenation).
llvm::FailureOr<Shape> accumShape(llvm::ArrayRef<int64_t> tile, int64_t forloop,
                                  int fmap, std::string *why = nullptr);

/// Row maxima beside tile `tile` (bgraph.running_max's result, an
/// accumulator's maxima operand): `tile`'s shape with its last dim divided
/// by a group size, one value per row for every group of columns.
llvm::LogicalResult checkRowMaxima(llvm::ArrayRef<int64_t> tile,
                                   llvm::ArrayRef<int64_t> maxima,
                                   std::string *why = nullptr);

/// Kernel tensor written by an output saver: every grid dim of extent > 1
/// maps to a distinct result dim, which grows by that extent.
llvm::FailureOr<Shape> outputTensorShape(llvm::ArrayRef<int64_t> tile,
                                         llvm::ArrayRef<int64_t> grid,
                                         llvm::ArrayRef<int> omap,
                                         std::string *why = nullptr);

/// Where a value sits on the input→output paths of a block graph.
enum class Stage : uint8_t {
  Tensor,   ///< a kernel tensor before its input iterator
  Loop,     ///< in the for-loop body (past one input, no accumulator yet)
  PostLoop, ///< past exactly one accumulator
  Saved,    ///< written by an output saver
};

/// Mirage Def. 2.1 (3) as a transfer function: the stage of an op's results
/// given its operands' stages. Every input→output path passes exactly one
/// input, one accumulator and one output saver iff this never fails and every
/// block-graph output is Saved.
llvm::FailureOr<Stage> resultStage(OpKind kind,
                                   llvm::ArrayRef<Stage> operandStages,
                                   std::string *why = nullptr);

/// Recomputes every value type of a kernel graph (and its block graphs) from
/// the op attributes and the input types; fails when a shape rule fails.
llvm::LogicalResult inferShapes(Graph &graph, std::string *why = nullptr);

/// inferShapes for a graph whose dtypes are decided (a kernel retiled: only
/// its grid and loop extents changed): the shapes recomputed, every dtype
/// (kernel tensors, tiles, thread values) kept as it was.
llvm::LogicalResult reinferShapes(Graph &graph, std::string *why = nullptr);

/// inferShapes for op `opIndex` alone (its operands' types are current).
llvm::LogicalResult inferOpShapes(Graph &graph, unsigned opIndex,
                                  std::string *why = nullptr);

} // namespace tsopt

#endif // TSOPT_CORE_SHAPERULES_H
