//===- Passes.h - kgraph passes ---------------------------------*- C++ -*-===//

#ifndef TSOPT_DIALECT_KGRAPH_TRANSFORMS_PASSES_H
#define TSOPT_DIALECT_KGRAPH_TRANSFORMS_PASSES_H

#include "tsopt/Dialect/BGraph/IR/BGraph.h"
#include "tsopt/Dialect/KGraph/IR/KGraph.h"
#include "tsopt/Dialect/TGraph/IR/TGraph.h"
#include "tsopt/Support/Deadline.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/DenseSet.h"

namespace tsopt {
struct Graph;
struct OrchestrateResult;
} // namespace tsopt

namespace tsopt::kgraph {

/// The functions of `module` that another function names as its
/// `tsopt.reference`: specifications, which passes leave as written.
llvm::DenseSet<llvm::StringRef> referencedFunctions(mlir::ModuleOp module);

/// Whether `func` is a program of pre-defined ops that a rewriting pass may
/// replace: defined, not the reference of another function (in
/// `references`), without graph-defined kernels or calls.
bool isRewritableProgram(mlir::func::FuncOp func,
                         const llvm::DenseSet<llvm::StringRef> &references);

/// Replaces the body of `func` by `program` with every graph-defined kernel
/// planned for `target` (tsopt/Optimize/KernelPlan.h): what the µGraph
/// producers (superoptimization, rule-based fusion, orchestration) return.
mlir::LogicalResult replaceWithPlannedBody(mlir::func::FuncOp func,
                                           const Graph &program,
                                           llvm::StringRef target);

/// Runs `run` on each function of `module` in order, under one deadline of
/// `timeLimit` seconds (0: none) for all of them: each function gets an
/// equal share of what the ones before it left. A time limit that is not a
/// number >= 0 is an error naming `pass`. Fails as soon as `run` fails.
mlir::LogicalResult forEachFunctionWithin(
    mlir::ModuleOp module, double timeLimit, llvm::StringRef pass,
    llvm::function_ref<mlir::LogicalResult(mlir::func::FuncOp, Deadline)> run);

/// Moves an orchestration result into `func` when it is estimated faster
/// than one kernel per op and its whole passes the float check: the body,
/// `tsopt.verification`, `tsopt.kernel_verification`, `tsopt.cost_us`, and a
/// remark saying `verb` ("orchestrated") with the figures; otherwise a
/// remark says why not. Returns whether the body was replaced.
mlir::FailureOr<bool> applyOrchestration(mlir::func::FuncOp func,
                                         const OrchestrateResult &result,
                                         llvm::StringRef target,
                                         llvm::StringRef verb);

#define GEN_PASS_DECL
#include "tsopt/Dialect/KGraph/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tsopt/Dialect/KGraph/Transforms/Passes.h.inc"

} // namespace tsopt::kgraph

#endif // TSOPT_DIALECT_KGRAPH_TRANSFORMS_PASSES_H
