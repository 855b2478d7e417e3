//===- tsopt-translate.cpp - Kernel graphs to PTX and a manifest ----------===//
//
//   tsopt-translate --tsopt-to-ptx [--target=sm_90] [--function=f,...] \
//                   [--bank-conflicts] \
//       prog.mlir -o prog.ptx
//
// writes prog.ptx and the launch manifest prog.json (docs/launch-manifest.md).
//
//===----------------------------------------------------------------------===//

#include "tsopt/Interchange/KernelGraphs.h"
#include "tsopt/InitAll.h"
#include "tsopt/Support/InputLimits.h"
#include "tsopt/Target/PTX.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace llvm;

namespace {
cl::OptionCategory category("tsopt-translate options");
cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input .mlir>"),
                               cl::init("-"), cl::cat(category));
cl::opt<std::string> outputFile("o", cl::desc("Output PTX file"),
                                cl::value_desc("file"), cl::init("-"),
                                cl::cat(category));
cl::opt<bool> toPTX("tsopt-to-ptx",
                    cl::desc("Lower kernel graphs to PTX plus a launch "
                             "manifest"),
                    cl::cat(category));
cl::opt<std::string> manifestFile(
    "manifest",
    cl::desc("Launch manifest (default: the output with extension .json; "
             "none when the output is stdout)"),
    cl::value_desc("file"), cl::cat(category));
cl::opt<std::string> target("target",
                            cl::desc("Target GPU: sm_80 (a100) or sm_90 "
                                     "(h100, h200); default: the module's "
                                     "tsopt.target, else sm_90"),
                            cl::init("sm_90"), cl::cat(category));
cl::opt<int64_t> threadsPerBlock("threads-per-block",
                                 cl::desc("Threads per block"), cl::init(128),
                                 cl::cat(category));
cl::opt<bool> tensorCores("tensor-cores",
                          cl::desc("Run f16 matmuls whose tiles divide into "
                                   "m16n8k16 on tensor cores (mma.sync)"),
                          cl::init(true), cl::cat(category));
cl::opt<bool> bankConflicts(
    "bank-conflicts",
    cl::desc("Report each kernel's shared-memory bank conflicts, counted "
             "by running its lanes' address arithmetic (remarks on stderr)"),
    cl::init(false), cl::cat(category));
cl::list<std::string> functions("function",
                                cl::desc("Functions to translate (default: "
                                         "all kernel graphs)"),
                                cl::CommaSeparated, cl::cat(category));

bool writeFile(StringRef path, StringRef text) {
  std::string error;
  auto out = mlir::openOutputFile(path, &error);
  if (!out) {
    errs() << "tsopt-translate: " << error << "\n";
    return false;
  }
  out->os() << text;
  out->keep();
  return true;
}
} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "tsopt translation: kernel graphs to PTX\n");
  if (!toPTX) {
    errs() << "tsopt-translate: choose a translation (--tsopt-to-ptx)\n";
    return 1;
  }

  mlir::DialectRegistry registry;
  tsopt::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();
  SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  std::string error;
  auto input = tsopt::readIRInput(inputFile, &error);
  if (!input) {
    errs() << "tsopt-translate: error: " << error << "\n";
    return 1;
  }
  if (failed(tsopt::checkIRNesting(input->getBuffer(), &error))) {
    errs() << input->getBufferIdentifier() << ": error: " << error << "\n";
    return 1;
  }
  sourceMgr.AddNewSourceBuffer(std::move(input), SMLoc());
  mlir::OwningOpRef<mlir::ModuleOp> module;
  if (!tsopt::parseSurvives([&] {
        module = mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
      })) {
    errs() << inputFile << ": error: " << tsopt::kParserCrashed << "\n";
    errs().flush();
    std::_Exit(1); // the context's state is lost with the parse
  }
  if (!module)
    return 1;

  tsopt::PTXOptions options;
  // The target the module was optimized for (tsopt.target), unless --target
  // names one; a module planned for one target and asked for another is an
  // error.
  const tsopt::TargetDesc *desc = tsopt::lookupTargetOrEmit(
      *module, target, target.getNumOccurrences() > 0);
  if (!desc)
    return 1;
  options.lowering.target = target;
  if (auto recorded =
          (*module)->getAttrOfType<mlir::StringAttr>(tsopt::kTargetAttrName))
    options.lowering.target = recorded.getValue().str();
  options.lowering.threadsPerBlock = threadsPerBlock;
  options.lowering.tensorCores = tensorCores;
  options.lowering.reportBankConflicts = bankConflicts;
  options.functions.assign(functions.begin(), functions.end());
  std::string manifestPath = manifestFile;
  if (manifestPath.empty() && outputFile != "-") {
    SmallString<256> path(outputFile);
    sys::path::replace_extension(path, ".json");
    manifestPath = path.str().str();
  }
  options.ptxFileName = outputFile == "-"
                            ? std::string("kernels.ptx")
                            : sys::path::filename(outputFile).str();

  FailureOr<tsopt::PTXResult> result = tsopt::translateToPTX(*module, options);
  if (failed(result))
    return 1;
  if (!writeFile(outputFile, result->ptx))
    return 1;
  if (!manifestPath.empty()) {
    std::string text;
    raw_string_ostream os(text);
    os << formatv("{0:2}", result->manifest) << "\n";
    if (!writeFile(manifestPath, text))
      return 1;
  }
  return 0;
}
