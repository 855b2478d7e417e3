//===- KernelExpansion.h - Default block graphs of pre-defined ops -*- C++
//-*-===//
//
// The block graph a pre-defined kernel-level op runs as when tsopt lowers it
// on its own. The lowering emits it; the cost model prices a pre-defined op
// by it (unless asked for library kernels), so that what is priced is what
// is emitted.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_OPTIMIZE_KERNELEXPANSION_H
#define TSOPT_OPTIMIZE_KERNELEXPANSION_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Core/Target.h"
#include "tsopt/Optimize/KernelPlan.h"

#include "llvm/Support/LogicalResult.h"

#include <string>
#include <vector>

namespace tsopt {

/// The default block-graph expansion of pre-defined kernel-level op `op` of
/// `g`: a block graph computing the same function whose inputs are the op's
/// operands and whose outputs are its results. Element-wise ops, reductions
/// and rms_norm are cut into blocks along up to three of the dims they keep
/// (outermost first, rows whole where possible) until a tile holds about
/// 2048 elements; a matmul into
/// output tiles of at most 64 x 64 with a for-loop over K in steps of at most
/// 32; data movement (reshape, transpose, concat, repeat, slice) in tiles
/// of about 4096 elements cut along the dims it keeps one to one (one block
/// when it keeps none). Fails, with the reason in `why`, for kernel ops
/// (already block graphs) and unknown kinds.
llvm::FailureOr<Graph> expandKernelOp(const Graph &g, const Op &op,
                                      std::string *why = nullptr);

/// Block graph `blockGraph` with its whole kernel plan for `target`, as
/// tsopt-plan-kernels plans a kernel: its threads per block (recorded, or
/// the options'), the tiles' layouts by the layout ILP (planTileLayouts, the
/// kernel alone), then planKernel with `options`; what is recorded is kept.
/// The plans are kept in a process-wide cache (thread-safe) keyed by the
/// graph, the target and the options. The cost model prices an unplanned
/// body as this plans it: the layouts decide, among others, whether a
/// product fits wgmma.
llvm::FailureOr<Graph> planBlockGraph(Graph blockGraph,
                                      const TargetDesc &target,
                                      const KernelPlanOptions &options,
                                      std::string *why = nullptr);

/// expandKernelOp's block graph with its whole kernel plan for `target`:
/// the tiles' layouts by the layout ILP (planTileLayouts, as for a
/// graph-defined kernel), then planKernel with `options`: planBlockGraph.
/// The lowering emits this and the cost model prices it.
llvm::FailureOr<Graph> planExpandedKernel(const Graph &g, const Op &op,
                                          const TargetDesc &target,
                                          const KernelPlanOptions &options,
                                          std::string *why = nullptr);

/// A kernel graph with every convolution runnable as kernels, and where each
/// op came from.
struct ConvolutionKernels {
  Graph graph;
  /// Per op of `graph`, the index of the op of the program it comes from.
  std::vector<int> origin;
};

/// `program` with each convolution that has no one-kernel implicit GEMM
/// (expandKernelOp fails: the columns of a whole image do not fit a
/// block's tiles) replaced by convolutions over bands of its output rows —
/// each band's image rows, its windows' halo included, sliced out, the
/// image's top and bottom padding kept only by the bands that reach it,
/// the bands concatenated along the height, the fewest bands whose
/// convolutions each have one — or by its fission (im2col and a batched
/// matmul), whichever the cost model estimates faster on `target` (the
/// fission where no band fits, not even one output row). Every other op is
/// kept. The function the result computes is the program's, over any
/// field. tsopt-plan-kernels writes this into the IR, and the cost model
/// prices a program as it.
ConvolutionKernels convolutionsAsKernels(const Graph &program,
                                         const TargetDesc &target);

} // namespace tsopt

#endif // TSOPT_OPTIMIZE_KERNELEXPANSION_H
