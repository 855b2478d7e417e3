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

/// expandKernelOp's block graph with its whole kernel plan for `target`:
/// the tiles' layouts by the layout ILP (planTileLayouts, as for a
/// graph-defined kernel), then planKernel with `options`. The lowering
/// emits this and the cost model prices it. Expansions depend only on the
/// op and its operands' types, so the plans are kept in a process-wide
/// cache (thread-safe) keyed by the expansion, the target and the options.
llvm::FailureOr<Graph> planExpandedKernel(const Graph &g, const Op &op,
                                          const TargetDesc &target,
                                          const KernelPlanOptions &options,
                                          std::string *why = nullptr);

} // namespace tsopt

#endif // TSOPT_OPTIMIZE_KERNELEXPANSION_H
