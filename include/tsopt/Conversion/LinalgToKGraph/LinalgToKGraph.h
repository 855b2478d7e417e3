//===- LinalgToKGraph.h - linalg on tensors -> kernel graphs ----*- C++ -*-===//
//
// The importer of convert-linalg-to-kgraph (docs/import.md), for tools that
// import one function without a pass manager (the Python package).
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_CONVERSION_LINALGTOKGRAPH_LINALGTOKGRAPH_H
#define TSOPT_CONVERSION_LINALGTOKGRAPH_LINALGTOKGRAPH_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace tsopt {

/// Whether `func`'s body holds linalg or tensor dialect ops to import.
bool hasLinalgOps(mlir::func::FuncOp func);

/// Rewrites `func` (linalg on tensors) into pre-defined kgraph ops in place;
/// errors (naming the op kgraph cannot express) are emitted on the ops and
/// `func` is left unchanged.
mlir::LogicalResult convertLinalgToKGraph(mlir::func::FuncOp func);

} // namespace tsopt

#endif // TSOPT_CONVERSION_LINALGTOKGRAPH_LINALGTOKGRAPH_H
