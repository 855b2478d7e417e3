//===- tsopt-run.cpp - Execute µGraphs on the CPU ------------------------===//
//
// Runs a kgraph function through the float evaluator on seeded random inputs
// or .npy files, summarizes or writes its outputs, and with a reference
// function reports how far the two are apart. Exit code 1 when they differ
// beyond the tolerance of the outputs' dtype.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Eval/Evaluator.h"
#include "tsopt/InitAll.h"
#include "tsopt/Interchange/Import.h"
#include "tsopt/Support/Format.h"
#include "tsopt/Support/InputLimits.h"
#include "tsopt/Support/Npy.h"
#include "tsopt/Target/CPU.h"
#include "tsopt/Verify/Equivalence.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <random>

using namespace mlir;
using namespace tsopt;
namespace cl = llvm::cl;

static cl::OptionCategory category("tsopt-run options");

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input.mlir>"),
                                      cl::init("-"), cl::cat(category));
static cl::opt<std::string>
    fnName("fn", cl::desc("Function to run (default: the only function, or "
                          "the one carrying tsopt.reference)"), cl::cat(category));
static cl::opt<std::string> referenceName(
    "reference",
    cl::desc("Reference function to compare with (default: the function's "
             "tsopt.reference attribute)"), cl::cat(category));
static cl::list<std::string>
    inputFiles("inputs", cl::desc("Comma-separated .npy files, one per input"),
               cl::CommaSeparated, cl::cat(category));
static cl::opt<uint64_t> seed("seed", cl::desc("Seed of the random inputs"),
                              cl::init(0), cl::cat(category));
static cl::opt<std::string>
    outputDir("output-dir", cl::desc("Write outputs as <dir>/output<i>.npy"), cl::cat(category));
static cl::opt<double>
    rtolOverride("rtol", cl::desc("Relative tolerance (default: by dtype)"),
                 cl::init(-1.0), cl::cat(category));
static cl::opt<std::string> backend(
    "backend",
    cl::desc("How to run the function: 'evaluator' (the float evaluator, "
             "every value stored in its dtype as the kernels store it) or "
             "'cpu' (lowered with tsopt-lower-to-cpu and compiled); the "
             "reference always runs on the evaluator, unrounded"),
    cl::init("evaluator"), cl::cat(category));
static cl::opt<std::string>
    precision("precision", cl::desc("Evaluator number type: f32 or f64"),
              cl::init("f32"), cl::cat(category));
static cl::opt<double> inputScale(
    "input-scale",
    cl::desc("Multiply the random inputs by this (activations of real layers "
             "reach hundreds: an f16 row sum of squares overflows past 256)"),
    cl::init(1.0), cl::cat(category));

namespace {
using Clock = std::chrono::steady_clock;

std::string typeString(const tsopt::TensorType &t) {
  return "tensor<" + formatShape(t.shape) + "x" +
         stringifyDType(t.dtype).str() + ">";
}

int fail(const llvm::Twine &msg) {
  llvm::errs() << "tsopt-run: error: " << msg << "\n";
  return 2;
}

func::FuncOp lookupFunction(ModuleOp module, StringRef name) {
  return module.lookupSymbol<func::FuncOp>(name);
}

template <typename Domain> int runAll(ModuleOp module) {
  using Elem = typename Domain::Elem;
  // Pick the function.
  func::FuncOp fn;
  if (!fnName.empty()) {
    fn = lookupFunction(module, fnName);
    if (!fn)
      return fail("no function @" + fnName + " in the input");
  } else {
    SmallVector<func::FuncOp> fns(module.getOps<func::FuncOp>());
    auto withReference = llvm::make_filter_range(
        fns, [](func::FuncOp f) { return f->hasAttr("tsopt.reference"); });
    if (llvm::hasSingleElement(withReference))
      fn = *withReference.begin();
    else if (fns.size() == 1)
      fn = fns.front();
    if (!fn) {
      std::string names;
      for (func::FuncOp f : fns)
        names += " @" + f.getSymName().str();
      return fail("choose a function with --fn; the input has:" + names);
    }
  }
  func::FuncOp ref;
  if (!referenceName.empty()) {
    ref = lookupFunction(module, referenceName);
    if (!ref)
      return fail("no reference function @" + referenceName + " in the input");
  } else if (Attribute attr = fn->getAttr("tsopt.reference");
             attr && !isa<FlatSymbolRefAttr>(attr)) {
    std::string text;
    llvm::raw_string_ostream os(text);
    attr.print(os);
    return fail("@" + fn.getSymName() +
                ": 'tsopt.reference' must be a symbol reference to a "
                "function (e.g. @ref), got " +
                text);
  } else if (auto sym =
                 fn->getAttrOfType<FlatSymbolRefAttr>("tsopt.reference")) {
    ref = lookupFunction(module, sym.getValue());
    if (!ref)
      return fail("@" + fn.getSymName() + " names reference @" +
                  sym.getValue() + ", which does not exist");
  }

  FailureOr<Graph> graph = importFunction(fn);
  if (failed(graph))
    return 2;
  std::optional<Graph> refGraph;
  if (ref) {
    FailureOr<Graph> g = importFunction(ref);
    if (failed(g))
      return 2;
    refGraph = std::move(*g);
    auto sig = [](const Graph &g, const std::vector<int> &ids) {
      std::string s;
      for (int id : ids)
        s += typeString(g.type(id)) + " ";
      return s;
    };
    if (sig(*graph, graph->inputs) != sig(*refGraph, refGraph->inputs))
      return fail("@" + fn.getSymName() + " and reference @" +
                  ref.getSymName() +
                  " take different inputs: " + sig(*graph, graph->inputs) +
                  "vs " + sig(*refGraph, refGraph->inputs));
    if (sig(*graph, graph->outputs) != sig(*refGraph, refGraph->outputs))
      return fail("@" + fn.getSymName() + " and reference @" +
                  ref.getSymName() +
                  " return different types: " + sig(*graph, graph->outputs) +
                  "vs " + sig(*refGraph, refGraph->outputs));
  }

  // Everything below is sized by the programs: checked before any
  // allocation (the CPU path allocates the same tensors in f32).
  for (const Graph *g : {&*graph, refGraph ? &*refGraph : &*graph}) {
    std::string why;
    if (failed(checkMemoryNeeds(*g, sizeof(Elem), evaluationMemoryLimit(),
                                &why)) ||
        failed(checkWorkNeeds(*g, evaluationWorkLimit(), &why)))
      return fail("@" + fn.getSymName() + ": " + why);
  }

  // Inputs: .npy files or seeded uniform values in [-1, 1) (times
  // --input-scale), exact in their storage type. The evaluator stores every
  // value in its dtype, as the compiled kernels do (Core/Precision.h).
  Domain dom(/*roundToStorage=*/true);
  std::vector<Tensor<Elem>> inputs;
  size_t numInputs = graph->inputs.size();
  if (!inputFiles.empty() && inputFiles.size() != numInputs)
    return fail("@" + fn.getSymName() + " takes " + llvm::Twine(numInputs) +
                " inputs but --inputs names " + llvm::Twine(inputFiles.size()) +
                " files");
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  for (size_t i = 0; i < numInputs; ++i) {
    const tsopt::TensorType &t = graph->type(graph->inputs[i]);
    Tensor<Elem> tensor;
    tensor.shape = t.shape;
    tensor.data.reserve(t.numElements());
    if (!inputFiles.empty()) {
      std::string why;
      FailureOr<NpyArray> a = readNpy(inputFiles[i], &why);
      if (failed(a))
        return fail(why);
      if (a->shape != t.shape)
        return fail("input #" + llvm::Twine(i) + " ('" + inputFiles[i] +
                    "') has shape " + formatShape(a->shape) + " but @" +
                    fn.getSymName() + " expects " + typeString(t));
      if (a->descr != npyDescrFor(t.dtype))
        return fail("input #" + llvm::Twine(i) + " ('" + inputFiles[i] +
                    "') has dtype " + a->descr + " but @" + fn.getSymName() +
                    " expects " + typeString(t) + " (numpy dtype " +
                    npyDescrFor(t.dtype) + ")");
      for (float v : a->data)
        tensor.data.push_back(dom.fromDouble(roundToDType(v, t.dtype)));
    } else {
      for (int64_t k = 0; k < t.numElements(); ++k)
        tensor.data.push_back(
            dom.fromDouble(roundToDType(
                static_cast<float>(inputScale * uniform(rng)), t.dtype)));
    }
    inputs.push_back(std::move(tensor));
  }

  std::unique_ptr<CPUExecutable> compiled;
  if (backend == "cpu") {
    auto start = Clock::now();
    std::string why;
    auto exe = CPUExecutable::compile(module, &why);
    if (failed(exe))
      return fail("compiling for the CPU: " + why);
    compiled = std::move(*exe);
    llvm::outs() << "compiled for the CPU in "
                 << llvm::format("%.1f", std::chrono::duration<double, std::milli>(
                                             Clock::now() - start)
                                             .count())
                 << " ms\n";
  }

  // The function under test computes as its kernels do; the reference is
  // the exact value (its algebra, unrounded) the result is measured against.
  Evaluator<Domain> evaluator(dom);
  Domain exactDom;
  Evaluator<Domain> exact(exactDom);
  // The function under test on the compiled code, when asked for.
  auto runCompiled = [&](func::FuncOp f, const Graph &g, std::string *why)
      -> FailureOr<std::vector<Tensor<Elem>>> {
    std::vector<tsopt::TensorType> inTypes, outTypes;
    for (int v : g.inputs)
      inTypes.push_back(g.type(v));
    for (int v : g.outputs)
      outTypes.push_back(g.type(v));
    std::vector<std::vector<double>> in, out;
    for (const Tensor<Elem> &t : inputs)
      in.emplace_back(t.data.begin(), t.data.end());
    if (failed(compiled->runOnFloats(f.getSymName(), inTypes, outTypes, in,
                                     out, why)))
      return failure();
    std::vector<Tensor<Elem>> result;
    for (auto [type, data] : llvm::zip(outTypes, out)) {
      Tensor<Elem> t;
      t.shape = type.shape;
      for (double d : data)
        t.data.push_back(dom.fromDouble(d));
      result.push_back(std::move(t));
    }
    return result;
  };
  auto evaluate =
      [&](func::FuncOp f, const Graph &g,
          bool onCPU, bool isReference =
                          false) -> std::optional<std::vector<Tensor<Elem>>> {
    auto start = Clock::now();
    std::string why;
    auto outs = onCPU         ? runCompiled(f, g, &why)
                : isReference ? exact.run(g, inputs, &why)
                              : evaluator.run(g, inputs, &why);
    double ms =
        std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    if (failed(outs)) {
      llvm::errs() << "tsopt-run: error: " << (onCPU ? "running" : "evaluating")
                   << " @" << f.getSymName() << ": "
                   << why << "\n";
      return std::nullopt;
    }
    llvm::outs() << "@" << f.getSymName()
                 << (onCPU ? ": ran compiled in " : ": evaluated in ")
                 << llvm::format("%.1f", ms) << " ms\n";
    return std::move(*outs);
  };

  llvm::outs() << "inputs: " << numInputs << " ("
               << (inputFiles.empty()
                       ? "uniform [-1, 1)" +
                             (inputScale != 1.0
                                  ? " x " + formatSignificant(inputScale)
                                  : std::string()) +
                             ", seed " + std::to_string(seed)
                       : std::string(".npy files"))
               << ")\n";
  auto outs = evaluate(fn, *graph, compiled != nullptr);
  if (!outs)
    return 2;
  for (size_t i = 0; i < outs->size(); ++i) {
    const Tensor<Elem> &o = (*outs)[i];
    double sum = 0, absmax = 0;
    bool finite = true;
    for (const Elem &v : o.data) {
      double d = static_cast<double>(v);
      finite &= std::isfinite(d);
      sum += d;
      absmax = std::max(absmax, std::fabs(d));
    }
    llvm::outs() << "  output #" << i << ": "
                 << typeString(graph->type(graph->outputs[i]))
                 << llvm::format(" mean %.6g absmax %.6g", sum / o.data.size(),
                                 absmax)
                 << (finite ? "" : " (contains inf/nan)") << "\n";
    if (!outputDir.empty()) {
      std::error_code ec = llvm::sys::fs::create_directories(outputDir);
      if (ec)
        return fail("cannot create '" + outputDir + "': " + ec.message());
      llvm::SmallString<128> path(outputDir);
      llvm::sys::path::append(path, "output" + std::to_string(i) + ".npy");
      std::vector<float> data(o.data.begin(), o.data.end());
      std::string why;
      if (failed(writeNpy(path, o.shape, data, &why)))
        return fail(why);
    }
  }
  if (!refGraph)
    return 0;

  auto refOuts = evaluate(ref, *refGraph, /*onCPU=*/false, /*isReference=*/true);
  if (!refOuts)
    return 2;
  bool agree = true;
  for (size_t i = 0; i < outs->size(); ++i) {
    const auto &a = (*outs)[i].data;
    const auto &b = (*refOuts)[i].data;
    double maxAbs = 0, refMax = 0;
    bool finite = true;
    for (size_t k = 0; k < a.size(); ++k) {
      double x = static_cast<double>(a[k]), y = static_cast<double>(b[k]);
      finite &= std::isfinite(x) && std::isfinite(y);
      maxAbs = std::max(maxAbs, std::fabs(x - y));
      refMax = std::max(refMax, std::fabs(y));
    }
    // Normwise relative difference: element-wise ratios blow up at zeros.
    double rel = refMax > 0 ? maxAbs / refMax : maxAbs;
    DType dtype = graph->type(graph->outputs[i]).dtype;
    double rtol = rtolOverride >= 0 ? rtolOverride : dtypeTolerance(dtype);
    bool ok = finite && rel <= rtol;
    agree &= ok;
    llvm::outs() << "  output #" << i
                 << llvm::format(": max abs diff %.3g, max rel diff %.3g "
                                 "(tolerance %.3g for ",
                                 maxAbs, rel, rtol)
                 << stringifyDType(dtype) << "): "
                 << (ok       ? "agree"
                     : finite ? "DIFFER"
                              : "DIFFER (inf/nan)")
                 << "\n";
  }
  llvm::outs() << "@" << fn.getSymName() << " vs @" << ref.getSymName() << ": "
               << (agree ? "agree" : "DIFFER") << "\n";
  return agree ? 0 : 1;
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "tsopt-run: execute a kgraph function on the CPU evaluator\n\n"
      "  tsopt-run prog.mlir --fn=opt --reference=ref\n"
      "  tsopt-run prog.mlir --fn=opt --inputs=x.npy,w.npy --output-dir=out\n");
  if (precision != "f32" && precision != "f64")
    return fail("--precision must be f32 or f64, got '" + precision + "'");
  if (backend != "evaluator" && backend != "cpu")
    return fail("--backend must be evaluator or cpu, got '" + backend + "'");
  if (!std::isfinite(inputScale) || inputScale <= 0)
    return fail("--input-scale must be a positive finite number, got " +
                formatSignificant(inputScale));

  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  std::string err;
  auto file = readIRInput(inputFile, &err);
  if (!file)
    return fail(err);
  if (failed(checkIRNesting(file->getBuffer(), &err)))
    return fail(file->getBufferIdentifier().str() + ": " + err);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  OwningOpRef<ModuleOp> module;
  if (!parseSurvives(
          [&] { module = parseSourceFile<ModuleOp>(sourceMgr, &context); })) {
    llvm::errs() << "tsopt-run: error: " << inputFile << ": " << kParserCrashed
                 << "\n";
    llvm::errs().flush();
    std::_Exit(2); // the context's state is lost with the parse
  }
  if (!module)
    return 2;
  return precision == "f64" ? runAll<FloatDomain<double>>(*module)
                            : runAll<FloatDomain<float>>(*module);
}
