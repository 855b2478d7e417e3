//===- CPU.h - Kernel graphs compiled for the host CPU ----------*- C++ -*-===//
//
// The CPU path of DESIGN §5 end to end: a module lowered by
// tsopt-lower-to-cpu and compiled by MLIR's ExecutionEngine, so that the
// generated kernels run (and are checked against the evaluator) where no GPU
// exists.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_TARGET_CPU_H
#define TSOPT_TARGET_CPU_H

#include "tsopt/Core/Graph.h"

#include "mlir/IR/BuiltinOps.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir {
class ExecutionEngine;
} // namespace mlir

namespace tsopt {

class CPUExecutable {
public:
  ~CPUExecutable();

  /// Lowers a copy of `module` with tsopt-lower-to-cpu and compiles it.
  /// Pass errors are emitted as diagnostics; the reason is also in `why`.
  static llvm::FailureOr<std::unique_ptr<CPUExecutable>>
  compile(mlir::ModuleOp module, std::string *why);

  /// Runs lowered function `name` on `buffers`: one row-major host buffer per
  /// input, then one per result, each in its tensor's storage type.
  llvm::LogicalResult run(llvm::StringRef name, llvm::ArrayRef<void *> buffers,
                          std::string *why);

  /// Runs `name` on float data: converts `inputs` to the storage types of
  /// `types` (inputs then results), runs, and converts the results back.
  llvm::LogicalResult runOnFloats(llvm::StringRef name,
                                  llvm::ArrayRef<TensorType> inputTypes,
                                  llvm::ArrayRef<TensorType> resultTypes,
                                  llvm::ArrayRef<std::vector<double>> inputs,
                                  std::vector<std::vector<double>> &results,
                                  std::string *why);

private:
  CPUExecutable() = default;
  std::unique_ptr<mlir::ExecutionEngine> engine;
};

} // namespace tsopt

#endif // TSOPT_TARGET_CPU_H
