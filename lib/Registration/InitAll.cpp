//===- InitAll.cpp - Registration of tsopt dialects and passes -----------===//

#include "tsopt/InitAll.h"
#include "tsopt/Dialect/BGraph/IR/BGraph.h"
#include "tsopt/Dialect/BGraph/Transforms/Passes.h"
#include "tsopt/Dialect/KGraph/IR/KGraph.h"
#include "tsopt/Dialect/KGraph/Transforms/Passes.h"
#include "tsopt/Dialect/TGraph/IR/TGraph.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"

void tsopt::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<kgraph::KGraphDialect, bgraph::BGraphDialect,
                  tgraph::TGraphDialect, mlir::func::FuncDialect>();
}

void tsopt::registerAllPasses() {
  kgraph::registerKGraphPasses();
  bgraph::registerBGraphPasses();
}
