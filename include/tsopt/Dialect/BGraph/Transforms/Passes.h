//===- Passes.h - bgraph passes ---------------------------------*- C++ -*-===//

#ifndef TSOPT_DIALECT_BGRAPH_TRANSFORMS_PASSES_H
#define TSOPT_DIALECT_BGRAPH_TRANSFORMS_PASSES_H

#include "tsopt/Dialect/BGraph/IR/BGraph.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

#include <optional>

namespace tsopt::bgraph {

#define GEN_PASS_DECL
#include "tsopt/Dialect/BGraph/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tsopt/Dialect/BGraph/Transforms/Passes.h.inc"

/// Attributes the µGraph optimizer passes record (see Passes.td).
/// tsopt-schedule: an op's depth within its region (i64).
inline constexpr llvm::StringLiteral kDepthAttrName = "bgraph.depth";
/// tsopt-schedule: a kernel's barriers (array<i64: loop, post-loop>).
inline constexpr llvm::StringLiteral kBarriersAttrName = "bgraph.barriers";
/// tsopt-plan-shared-memory: the shared-memory byte offset of an op's tile
/// (i64; array<i64>, one per result, on an op with several results).
inline constexpr llvm::StringLiteral kOffsetAttrName = "bgraph.offset";
/// tsopt-plan-shared-memory: the bytes of shared memory a kernel's plan
/// needs (i64).
inline constexpr llvm::StringLiteral kSharedMemoryAttrName =
    "bgraph.shared_memory";

/// The planned shared-memory offset of the tile `result`, whichever of the
/// two spellings of `bgraph.offset` its op carries; nullopt when unplanned.
std::optional<int64_t> getTileOffset(mlir::OpResult result);

} // namespace tsopt::bgraph

#endif // TSOPT_DIALECT_BGRAPH_TRANSFORMS_PASSES_H
