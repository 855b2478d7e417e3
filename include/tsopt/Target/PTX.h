//===- PTX.h - Kernel graphs to PTX and a launch manifest -------*- C++ -*-===//
//
// Ahead-of-time deployment (DESIGN §5): the functions of a module become one
// PTX module plus a JSON launch manifest (docs/launch-manifest.md) that any
// CUDA driver client can follow.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_TARGET_PTX_H
#define TSOPT_TARGET_PTX_H

#include "tsopt/Conversion/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace tsopt {

struct PTXOptions {
  LoweringPipelineOptions lowering;
  /// Functions to translate; empty means every kernel-graph function.
  std::vector<std::string> functions;
  /// The PTX file name the manifest refers to.
  std::string ptxFileName = "kernels.ptx";
};

struct PTXResult {
  std::string ptx;
  llvm::json::Value manifest = nullptr;
};

/// Lowers `module` in place (tsopt-lower-to-nvvm, then upstream
/// gpu-module-to-binary{format=isa}) and returns the PTX and the manifest
/// describing every lowered function. Errors are emitted as diagnostics.
llvm::FailureOr<PTXResult> translateToPTX(mlir::ModuleOp module,
                                          const PTXOptions &options);

/// The manifest of the host functions of a module lowered by
/// convert-kgraph-to-gpu (each launch becomes a kernel entry). Fails with a
/// diagnostic on a host function it cannot describe.
llvm::FailureOr<llvm::json::Value>
describeLaunches(mlir::ModuleOp module, llvm::StringRef target,
                 llvm::StringRef ptxFileName);

} // namespace tsopt

#endif // TSOPT_TARGET_PTX_H
