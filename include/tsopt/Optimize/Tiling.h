//===- Tiling.h - Grid and for-loop extents by the cost model ---*- C++ -*-===//
//
// The search finds structures at representative extents, and rule-based
// fusion builds kernels at default ones; the cost model then chooses every
// kernel's extents (docs/search.md, "Pipeline").
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_OPTIMIZE_TILING_H
#define TSOPT_OPTIMIZE_TILING_H

#include "tsopt/Support/Deadline.h"

#include "tsopt/Core/Graph.h"
#include "tsopt/Core/Target.h"

#include "llvm/ADT/ArrayRef.h"

namespace tsopt {

/// The extents tried for each grid dim and for the for-loop, unless a
/// search's options name others.
constexpr int64_t kDefaultGridExtents[] = {1, 2, 4, 8, 16, 32, 64, 128};
constexpr int64_t kDefaultForloopExtents[] = {1, 2, 4, 8, 16, 32, 64};

/// The grid and for-loop extents of every graph-defined kernel of `g`,
/// chosen by the cost model among `gridExtents` and `forloopExtents` (each
/// dividing what it slices; the extents `g` has are among them). Kernels
/// are tiled in program order; a later kernel whose for-loop walks an
/// earlier kernel's outputs (the combine step of a split reduction) has its
/// loop extent chosen together with that kernel's, and only tilings that
/// keep `program`'s output shapes count. `bestCost` is the estimate of the
/// result (infinity when none fits). Past `stop`, the combinations not yet
/// priced are skipped and the best so far is kept (each can plan a body's
/// layouts, so a candidate's tiling can take seconds).
Graph tileExtents(const Graph &g, const Graph &program,
                  llvm::ArrayRef<int64_t> gridExtents,
                  llvm::ArrayRef<int64_t> forloopExtents,
                  const TargetDesc &target, double &bestCost,
                  const Deadline &stop = Deadline());

} // namespace tsopt

#endif // TSOPT_OPTIMIZE_TILING_H
