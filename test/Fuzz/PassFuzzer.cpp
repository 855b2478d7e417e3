//===- PassFuzzer.cpp - libFuzzer target: tsopt's passes on IR that verifies =//
//
// The first byte of the input picks a pass pipeline (every tsopt pass and
// pipeline, the expensive ones with small limits); the rest is IR. Input
// that does not parse or verify is skipped: this target is about the passes.
// Built with ASan and UBSan by utils/fuzz.sh.
//
// Findings: a crash or sanitizer report; a pass that fails without an error
// diagnostic (a refusal must say why); IR a pass leaves that does not verify
// (the pass manager's verifier is on).
//
//===----------------------------------------------------------------------===//

#include "tsopt/InitAll.h"
#include "tsopt/Support/InputLimits.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace mlir;

namespace {

/// The pipelines, indexed by the input's first byte (modulo their number),
/// nested explicitly where a pass runs on functions or GPU modules.
/// Searches and verifications run with small limits so that one input takes
/// well under libFuzzer's timeout.
const char *const kPipelines[] = {
    "tsopt-fission",
    "tsopt-fuse-blocks",
    "func.func(tsopt-form-thread-graphs)",
    "func.func(tsopt-schedule)",
    "func.func(tsopt-plan-shared-memory)",
    "func.func(tsopt-check-resources)",
    "func.func(tsopt-select-layouts)",
    "func.func(tsopt-estimate-cost)",
    "tsopt-rewrite-algebraic",
    "tsopt-partition-lax",
    "tsopt-partition-lax,tsopt-inline-partitions",
    "tsopt-verify-equivalence{threads=1 min-trials=1}",
    "tsopt-superoptimize{time-limit=1 threads=1}",
    "tsopt-orchestrate{threads=1 search-time=0 solve-time=1}",
    "convert-kgraph-to-scf",
    "convert-kgraph-to-gpu",
    "tsopt-lower-to-cpu",
    "tsopt-lower-to-nvvm",
    "gpu.module(tsopt-extern-dynamic-shared-memory)",
    "convert-linalg-to-kgraph",
    "tsopt-import-tosa",
    "func.func(tsopt-plan-kernels)",
    "func.func(tsopt-plan-kernels),convert-kgraph-to-gpu",
};

MLIRContext &context() {
  static MLIRContext *ctx = [] {
    DialectRegistry registry;
    tsopt::registerAllDialects(registry);
    auto *c = new MLIRContext(registry, MLIRContext::Threading::DISABLED);
    c->loadAllAvailableDialects();
    return c;
  }();
  return *ctx;
}

} // namespace

// LLVM's allocators poison and unpoison their slabs when the code that
// inlines them is built with ASan, as tsopt's is and Debian's libMLIR is
// not: the uninstrumented half would be reported as using poisoned memory.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  tsopt::registerAllPasses();
  // Allocations sized by the input stay well within the fuzzer's RSS limit.
  setenv("TSOPT_MEMORY_LIMIT", "268435456", /*overwrite=*/0);
  // Every pipeline parses (a bad one is the fuzzer's bug, found at once).
  for (const char *pipeline : kPipelines) {
    PassManager pm(&context());
    if (failed(parsePassPipeline(pipeline, pm))) {
      llvm::errs() << "bad pipeline in the fuzzer: " << pipeline << "\n";
      abort();
    }
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1)
    return 0;
  const char *pipeline = kPipelines[data[0] % std::size(kPipelines)];
  // A std::string: MLIR's lexer reads the NUL that ends its buffer, which
  // libFuzzer's input lacks (files tsopt-opt reads have it).
  std::string text(reinterpret_cast<const char *>(data + 1), size - 1);
  // As tsopt's tools do: nesting MLIR's parser cannot recurse through is
  // refused first (an upstream limit, docs/fuzzing.md).
  if (failed(tsopt::checkIRNesting(text, nullptr)))
    return 0;

  MLIRContext &ctx = context();
  unsigned errors = 0;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
    if (d.getSeverity() == DiagnosticSeverity::Error)
      ++errors;
    return success();
  });
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &ctx);
  if (!module || failed(verify(*module)))
    return 0;

  PassManager pm(&ctx);
  pm.enableVerifier(true);
  if (failed(parsePassPipeline(pipeline, pm)))
    abort(); // parsed in LLVMFuzzerInitialize
  errors = 0;
  if (failed(pm.run(*module)) && errors == 0) {
    llvm::errs() << "'" << pipeline << "' failed without an error\n";
    abort();
  }
  return 0;
}
