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

/// Imports `func` and returns its kernels in order, and, with `program`,
/// the whole function as one kernel graph (its kernel ops in the same
/// order). A function without kernels is not imported (it may hold ops the
/// importer does not know) and gives an empty list, `program` untouched.
/// Import errors are emitted and give failure.
llvm::FailureOr<llvm::SmallVector<KernelGraph>>
importKernelGraphs(mlir::func::FuncOp func, Graph *program = nullptr);

/// The module attribute that names the target a module was optimized for
/// (a string lookupTarget accepts), set once by tsopt-superoptimize,
/// tsopt-fuse-blocks or tsopt-orchestrate and read by every later pass and
/// by tsopt-translate.
inline constexpr llvm::StringLiteral kTargetAttrName = "tsopt.target";

/// The target of a pass anchored at `anchor`: the enclosing module's
/// `tsopt.target` when it has one, else the pass option `option`. A module
/// planned for one target and a pass asked explicitly (`optionGiven`) for
/// another is an error, as is an unknown name; both give nullptr after an
/// error on `anchor` that says which.
const TargetDesc *lookupTargetOrEmit(mlir::Operation *anchor,
                                     llvm::StringRef option,
                                     bool optionGiven = false);

/// For a pass that optimizes `module` for the target its option `target`
/// names (`optionGiven` when set explicitly): the module's recorded target
/// replaces the option (an explicit other one is an error on the module),
/// and a known target is recorded for the passes and translation after it
/// (an unknown name is left to the pass's own error). Failure after an
/// error.
llvm::LogicalResult adoptModuleTarget(mlir::ModuleOp module,
                                      std::string &target, bool optionGiven);

} // namespace tsopt

#endif // TSOPT_INTERCHANGE_KERNELGRAPHS_H
