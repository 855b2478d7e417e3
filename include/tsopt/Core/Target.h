//===- Target.h - GPU target descriptions ------------------------*- C++
//-*-===//
//
// What a µGraph must fit into on each supported GPU (Mirage Def. 2.1 (2)).
// The resource check reads it today; the cost model will add rates.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_CORE_TARGET_H
#define TSOPT_CORE_TARGET_H

#include "tsopt/Core/Graph.h"

#include "llvm/ADT/StringRef.h"

namespace tsopt {

struct TargetDesc {
  llvm::StringRef name;   ///< "sm_80", "sm_90"
  llvm::StringRef device; ///< the GPU the numbers are taken from
  /// Largest shared memory one thread block may use (opt-in maximum), bytes.
  int64_t sharedMemoryPerBlock;
};

/// Looks a target up by architecture ("sm_80", "sm_90") or GPU name ("a100",
/// "h100", "h200"); nullptr when unknown.
const TargetDesc *lookupTarget(llvm::StringRef name);

/// The names lookupTarget accepts, for diagnostics.
llvm::StringRef knownTargetNames();

/// Bytes of an element of `dtype`.
int64_t dtypeBytes(DType dtype);

/// Shared memory a block graph needs with every tile resident at once: the
/// sum of the sizes of all tiles it produces (input iterator tiles, compute
/// results, accumulators, thread-graph results). An upper bound: a memory
/// plan with lifetime-based reuse can only lower it.
int64_t sharedMemoryUpperBound(const Graph &blockGraph);

} // namespace tsopt

#endif // TSOPT_CORE_TARGET_H
