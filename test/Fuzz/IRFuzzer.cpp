//===- IRFuzzer.cpp - libFuzzer target: parse and verify tsopt IR ---------===//
//
// Any bytes through the MLIR parser with tsopt's dialects registered (kgraph,
// bgraph, tgraph, and func for the functions that hold them), then the
// verifiers. Upstream dialects are left out: their parsers are upstream's to
// fuzz (docs/fuzzing.md lists one crash found in linalg's on the way). Built with ASan and UBSan by utils/fuzz.sh (the tsopt libraries
// instrumented with -fsanitize=fuzzer-no-link, so the coverage that guides
// the fuzzer is that of tsopt's parsers, printers and verifiers).
//
// Findings: a crash or sanitizer report; and a module that verifies but
// whose printed form does not parse again, verify, and print the same
// (custom printers and parsers must round-trip).
//
//===----------------------------------------------------------------------===//

#include "tsopt/Dialect/BGraph/IR/BGraph.h"
#include "tsopt/Dialect/KGraph/IR/KGraph.h"
#include "tsopt/Dialect/TGraph/IR/TGraph.h"
#include "tsopt/Support/InputLimits.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace mlir;

namespace {

MLIRContext &context() {
  static MLIRContext *ctx = [] {
    DialectRegistry registry;
    registry.insert<tsopt::kgraph::KGraphDialect, tsopt::bgraph::BGraphDialect,
                    tsopt::tgraph::TGraphDialect, func::FuncDialect>();
    auto *c = new MLIRContext(registry, MLIRContext::Threading::DISABLED);
    c->loadAllAvailableDialects();
    c->allowUnregisteredDialects(false);
    return c;
  }();
  return *ctx;
}

/// Parses and verifies; the diagnostics are counted, not printed.
OwningOpRef<ModuleOp> parseAndVerify(llvm::StringRef text, unsigned &errors) {
  MLIRContext &ctx = context();
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
    if (d.getSeverity() == DiagnosticSeverity::Error)
      ++errors;
    return success();
  });
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &ctx);
  if (!module)
    return nullptr;
  if (failed(verify(*module)))
    return nullptr;
  return module;
}

std::string print(ModuleOp module) {
  std::string s;
  llvm::raw_string_ostream os(s);
  module->print(os);
  return s;
}

} // namespace

// LLVM's allocators poison and unpoison their slabs when the code that
// inlines them is built with ASan, as tsopt's is and Debian's libMLIR is
// not: the uninstrumented half would be reported as using poisoned memory.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // A std::string: MLIR's lexer reads the NUL that ends its buffer, which
  // libFuzzer's input lacks (files tsopt-opt reads have it).
  std::string text(reinterpret_cast<const char *>(data), size);
  // As tsopt's tools do: nesting MLIR's parser cannot recurse through is
  // refused first (an upstream limit, docs/fuzzing.md).
  std::string why;
  if (failed(tsopt::checkIRNesting(text, &why))) {
    if (why.empty())
      abort();
    return 0;
  }
  unsigned errors = 0;
  OwningOpRef<ModuleOp> module = parseAndVerify(text, errors);
  if (!module) {
    if (errors == 0)
      abort(); // a refusal must say why
    return 0;
  }
  // What verifies must round-trip through the printer.
  std::string first = print(*module);
  unsigned errors2 = 0;
  OwningOpRef<ModuleOp> again = parseAndVerify(first, errors2);
  if (!again) {
    llvm::errs() << "printed form does not parse or verify:\n" << first;
    abort();
  }
  if (print(*again) != first) {
    llvm::errs() << "printing is not stable:\n" << first;
    abort();
  }
  return 0;
}
