//===- TestWorkloads.h - Workload programs for the unit tests ---*- C++ -*-===//

#ifndef TSOPT_TEST_UNIT_TESTWORKLOADS_H
#define TSOPT_TEST_UNIT_TESTWORKLOADS_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Eval/Tensor.h"
#include "tsopt/InitAll.h"
#include "tsopt/Interchange/Import.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

// Set by the test target (test/Unit/CMakeLists.txt). Fail the build without
// it rather than run suites over no workload at all.
#ifndef TSOPT_WORKLOAD_DIR
#error "TSOPT_WORKLOAD_DIR must name the test/Workloads directory"
#endif

namespace tsopt::test {

/// The .mlir programs under test/Workloads, sorted so that the order of the
/// tests and of the results does not depend on the directory listing.
inline std::vector<std::string> workloadFiles() {
  std::vector<std::string> files;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(TSOPT_WORKLOAD_DIR, ec), end;
       it != end && !ec; it.increment(ec))
    if (llvm::sys::path::extension(it->path()) == ".mlir")
      files.push_back(it->path());
  std::sort(files.begin(), files.end());
  return files;
}

/// A hand-written µGraph of a workload file and the reference it must agree
/// with, both imported into core graphs (which outlive the MLIR context).
struct Workload {
  std::string name; ///< the µGraph function's symbol name
  Graph opt, ref;
};

/// Imports every function of `file` that has a `tsopt.reference` attribute,
/// in file order, with the function that attribute names. What cannot be
/// parsed, found or imported is a non-fatal failure naming the file and is
/// skipped, so that one broken workload does not hide the others; a caller
/// that must not run on a partial result checks HasFailure().
inline std::vector<Workload> loadWorkloads(const std::string &file) {
  mlir::DialectRegistry registry;
  registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  std::vector<Workload> out;
  auto module = mlir::parseSourceFile<mlir::ModuleOp>(file, &context);
  EXPECT_TRUE(module) << "cannot parse " << file;
  if (!module)
    return out;
  for (auto fn : module->getOps<mlir::func::FuncOp>()) {
    auto refName =
        fn->getAttrOfType<mlir::FlatSymbolRefAttr>("tsopt.reference");
    if (!refName)
      continue;
    auto refFn = module->lookupSymbol<mlir::func::FuncOp>(refName.getValue());
    EXPECT_TRUE(refFn) << file;
    if (!refFn)
      continue;
    auto g = importFunction(fn);
    auto r = importFunction(refFn);
    EXPECT_TRUE(succeeded(g) && succeeded(r)) << file;
    if (failed(g) || failed(r))
      continue;
    out.push_back({fn.getSymName().str(), std::move(*g), std::move(*r)});
  }
  return out;
}

/// loadWorkloads over every file of workloadFiles(), in that order.
inline std::vector<Workload> loadAllWorkloads() {
  std::vector<Workload> all;
  for (const std::string &file : workloadFiles())
    for (Workload &w : loadWorkloads(file))
      all.push_back(std::move(w));
  return all;
}

/// The reference program of workload `name` (its µGraph is `<name>_opt`);
/// a failure when there is none.
inline Graph workloadReference(llvm::StringRef name) {
  for (const std::string &file : workloadFiles())
    for (Workload &w : loadWorkloads(file))
      if (w.name == (name + "_opt").str())
        return w.ref;
  ADD_FAILURE() << "no workload " << name.str();
  return Graph();
}

/// Inputs for `g` drawn uniformly from [-1, 1] by a generator seeded with
/// `seed`. They are drawn as doubles and then converted, so that runs in
/// float and in double see the same values up to rounding.
template <typename T = double>
std::vector<Tensor<T>> uniformInputs(const Graph &g, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  std::vector<Tensor<T>> inputs;
  for (int id : g.inputs) {
    Tensor<T> t;
    t.shape = g.type(id).shape;
    for (int64_t i = 0; i < g.type(id).numElements(); ++i)
      t.data.push_back(static_cast<T>(uniform(rng)));
    inputs.push_back(std::move(t));
  }
  return inputs;
}

} // namespace tsopt::test

#endif // TSOPT_TEST_UNIT_TESTWORKLOADS_H
