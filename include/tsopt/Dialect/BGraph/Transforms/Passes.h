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

/// The planned shared-memory offset of the tile `result`, whichever of the
/// two spellings of `bgraph.offset` its op carries; nullopt when unplanned.
std::optional<int64_t> getTileOffset(mlir::OpResult result);

} // namespace tsopt::bgraph

#endif // TSOPT_DIALECT_BGRAPH_TRANSFORMS_PASSES_H
