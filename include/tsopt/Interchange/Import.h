//===- Import.h - MLIR kgraph/bgraph/tgraph -> core µGraph ------*- C++ -*-===//
//
// The one importer from IR into the core graph (DESIGN §1): everything past
// it (evaluator, verifier, search) is plain C++.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_INTERCHANGE_IMPORT_H
#define TSOPT_INTERCHANGE_IMPORT_H

#include "tsopt/Core/Graph.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace tsopt {
/// Converts a kgraph function (verified IR) into a kernel-level core graph.
/// An op that is not a tsopt op, or an argument/result that is not a static
/// f16/bf16/f32 tensor, gets an error diagnostic on it and failure.
llvm::FailureOr<Graph> importFunction(mlir::func::FuncOp func);

/// The storage type of an MLIR element type, or failure if tsopt does not
/// execute it.
llvm::FailureOr<DType> importElementType(mlir::Type type);
} // namespace tsopt

#endif // TSOPT_INTERCHANGE_IMPORT_H
