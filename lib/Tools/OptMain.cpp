//===- OptMain.cpp - The tsopt pass driver --------------------------------===//
//
// Parses, verifies, transforms and prints kgraph/bgraph/tgraph IR; the lit
// tests drive every tsopt pass through it. Input whose brackets nest deeper
// than MLIR's parser can recurse is refused first (checkIRNesting), and
// input the parser crashes on is reported as unreadable (parseSurvives).
//
//===----------------------------------------------------------------------===//

#include "tsopt/Tools/OptMain.h"

#include "tsopt/InitAll.h"
#include "tsopt/Support/InputLimits.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

int tsopt::tsoptOptMain(int argc, char **argv) {
  // The options registered so far are the linked LLVM libraries' (their
  // backends' code-generation flags, hundreds of them): hidden from --help,
  // as upstream's tools keep them, and still accepted (--help-hidden lists
  // them). The driver's own options are registered below.
  for (auto &entry : llvm::cl::getRegisteredOptions())
    if (entry.second->getOptionHiddenFlag() == llvm::cl::NotHidden &&
        entry.first != "help" && entry.first != "version")
      entry.second->setHiddenFlag(llvm::cl::Hidden);
  mlir::DialectRegistry registry;
  tsopt::registerAllDialects(registry);
  tsopt::registerAllPasses();
  auto [inputFile, outputFile] = mlir::registerAndParseCLIOptions(
      argc, argv, "tsopt optimizer driver\n", registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  // What reads no input (--show-dialects, --list-passes) goes straight on.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, inputFile, outputFile, registry));

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      tsopt::readIRInput(inputFile, &error);
  if (!input) {
    llvm::errs() << "error: " << error << "\n";
    return 1;
  }
  std::string why;
  if (llvm::failed(tsopt::checkIRNesting(input->getBuffer(), &why))) {
    llvm::errs() << input->getBufferIdentifier() << ": error: " << why << "\n";
    return 1;
  }
  // A first parse, quiet, in a context of its own, where a crash of the
  // parser is caught: MlirOptMain's own parse cannot be guarded alone.
  auto *scratch =
      new mlir::MLIRContext(registry, mlir::MLIRContext::Threading::DISABLED);
  scratch->allowUnregisteredDialects(config.shouldAllowUnregisteredDialects());
  {
    mlir::ScopedDiagnosticHandler quiet(
        scratch, [](mlir::Diagnostic &) { return mlir::success(); });
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(input->getBuffer(),
                                         input->getBufferIdentifier(),
                                         /*RequiresNullTerminator=*/false),
        llvm::SMLoc());
    if (!tsopt::parseSurvives([&] {
          (void)mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, scratch);
        })) {
      llvm::errs() << input->getBufferIdentifier()
                   << ": error: " << tsopt::kParserCrashed << "\n";
      llvm::errs().flush();
      std::_Exit(1); // the scratch context's state is lost with the parse
    }
  }
  delete scratch;
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFile, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (llvm::failed(
          mlir::MlirOptMain(output->os(), std::move(input), registry, config)))
    return 1;
  output->keep();
  return 0;
}
