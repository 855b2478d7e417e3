//===- Export.h - Core µGraph -> MLIR kgraph/bgraph/tgraph ------*- C++ -*-===//
//
// The one exporter from the core graph back into IR (DESIGN §1), the inverse
// of Import.h: importing what it builds gives back the same graph, attribute
// for attribute. Passes that compute on the core graph write their result
// back through it.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_INTERCHANGE_EXPORT_H
#define TSOPT_INTERCHANGE_EXPORT_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Dialect/KGraph/IR/KGraph.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace tsopt {

/// The MLIR element type of a storage dtype.
mlir::Type exportElementType(mlir::MLIRContext *context, DType dtype);

/// Builds `func.func @name` computing the kernel-level graph `g` at the
/// builder's insertion point (usually a module body): one kgraph op per core
/// op, `kgraph.kernel` ops with their block graphs, `tgraph.graph` ops with
/// their thread graphs. Every op gets `loc`. The builder's insertion point is
/// left where it was.
///
/// Does not assume `g` came from the importer: a graph it could not have
/// produced (bad value ids, an op at the wrong level, a missing body, shapes
/// breaking the dialect verifiers...) gets errors at `loc` and failure, and
/// nothing is left in the IR.
mlir::FailureOr<mlir::func::FuncOp> exportFunction(const Graph &g,
                                                   llvm::StringRef name,
                                                   mlir::OpBuilder &builder,
                                                   mlir::Location loc);

/// Sets the kernel plan's decisions of `op` (tsopt/Optimize/KernelPlan.h:
/// tensor cores, copy widths, tile layouts, stages, the schedule's depth and
/// the memory plan's offsets) on `built`, the MLIR op exported from it.
void setKernelPlanAttributes(const Op &op, mlir::Operation *built);

/// Replaces the body of `func` by the kernel-level graph `g` (built with
/// exportFunction next to `func`, then moved); for passes that rewrite a
/// whole function on the core graph. Fails, with `func` unchanged, when `g`
/// cannot be exported or its signature differs from the function's.
mlir::LogicalResult replaceFunctionBody(mlir::func::FuncOp func,
                                        const Graph &g);

/// Builds one `kgraph.kernel` running the block graph `blockGraph` (its
/// `grid` and `forloop` become the launch attributes) on `operands`, with
/// `resultTypes`, at the builder's insertion point; for passes that rebuild
/// one kernel of a function. The i-th op of the kernel's region is the i-th
/// op of `blockGraph` (then the `bgraph.yield`). Errors as exportFunction;
/// the kernel is verified on its own (its operands' types against its
/// region, not their definitions).
mlir::FailureOr<kgraph::KernelOp> exportKernel(mlir::OpBuilder &builder,
                                               mlir::Location loc,
                                               const Graph &blockGraph,
                                               mlir::ValueRange operands,
                                               mlir::TypeRange resultTypes);

} // namespace tsopt

#endif // TSOPT_INTERCHANGE_EXPORT_H
