//===- tsopt-opt.cpp - The tsopt pass driver -----------------------------===//
//
// Parses, verifies, transforms and prints kgraph/bgraph/tgraph IR; the lit
// tests drive every tsopt pass through it.
//
//===----------------------------------------------------------------------===//

#include "tsopt/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tsopt::registerAllDialects(registry);
  tsopt::registerAllPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tsopt optimizer driver\n", registry));
}
