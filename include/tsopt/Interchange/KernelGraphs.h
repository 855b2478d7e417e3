//===- KernelGraphs.h - Kernels of a function, MLIR and core ----*- C++ -*-===//
//
// Pairs each graph-defined kernel of a function with its block graph in the
// core representation, and each core op with the MLIR op it came from, so
// that passes compute on the core graph and write back to IR; and the
// target-option lookup those passes share.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_INTERCHANGE_KERNELGRAPHS_H
#define TSOPT_INTERCHANGE_KERNELGRAPHS_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Core/Target.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <memory>

namespace tsopt {

/// One graph-defined kernel of a function.
struct KernelGraph {
  /// The kernel op (it implements LaunchOpInterface).
  mlir::Operation *kernel;
  /// Its block graph, imported.
  std::shared_ptr<const Graph> body;
  /// ops[i] is the MLIR op of body->ops[i].
  llvm::SmallVector<mlir::Operation *> ops;
};

/// Imports `func` and returns its kernels in order. A function without
/// kernels is not imported (it may hold ops the importer does not know) and
/// gives an empty list. Import errors are emitted and give failure.
llvm::FailureOr<llvm::SmallVector<KernelGraph>>
importKernelGraphs(mlir::func::FuncOp func);

/// The target named by a pass option, or nullptr after an error on `anchor`
/// that lists the known names.
const TargetDesc *lookupTargetOrEmit(mlir::Operation *anchor,
                                     llvm::StringRef name);

} // namespace tsopt

#endif // TSOPT_INTERCHANGE_KERNELGRAPHS_H
