//===- TSOptModule.cpp - Python bindings of the tsopt core ---------------===//
//
// The compiled half of the `tsopt` Python package (`tsopt._tsopt`). Python
// builds programs op by op on the lean core graph; everything that knows a
// rule lives here in C++: shape and dtype inference by the shared shape rules,
// IR text through the one exporter and importer, the float evaluator, the
// verifier, the cost model, the search and the DOT pictures. The pure-Python
// layer (tsopt/_program.py) only adds names and numpy-like spelling.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "tsopt/Conversion/LinalgToKGraph/LinalgToKGraph.h"
#include "tsopt/Core/GraphCheck.h"
#include "tsopt/Core/GraphCompare.h"
#include "tsopt/Core/ShapeRules.h"
#include "tsopt/Core/Target.h"
#include "tsopt/Eval/Evaluator.h"
#include "tsopt/Fusion/BlockFusion.h"
#include "tsopt/InitAll.h"
#include "tsopt/Interchange/Export.h"
#include "tsopt/Interchange/Import.h"
#include "tsopt/Optimize/CostModel.h"
#include "tsopt/Search/Search.h"
#include "tsopt/Support/Dot.h"
#include "tsopt/Support/InputLimits.h"
#include "tsopt/Support/Npy.h"
#include "tsopt/Target/CPU.h"
#include "tsopt/Target/PTX.h"
#include "tsopt/Verify/Equivalence.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <exception>
#include <optional>
#include <set>
#include <stdexcept>

namespace py = pybind11;
using namespace tsopt;
using tsopt::python::bindFusionAndOrchestration;
using tsopt::python::SearchFailure;
using llvm::failed;
using llvm::failure;
using llvm::FailureOr;

namespace {

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

DType parseDType(const std::string &name) {
  for (DType t : {DType::F16, DType::BF16, DType::F32})
    if (stringifyDType(t) == name)
      return t;
  throw py::value_error("unknown dtype '" + name +
                        "'; tsopt executes f16, bf16 and f32");
}

/// Kinds a program may be built from: the pre-defined kernel ops. Kernels,
/// block and thread graphs come from the search or from parsed IR.
OpKind parsePredefinedKind(const std::string &name) {
  std::optional<OpKind> k = parseOpKind(name);
  if (!k || !isPredefinedOp(*k))
    throw py::value_error("'" + name + "' is not a pre-defined kernel op");
  return *k;
}

std::string typeString(const TensorType &t) {
  return formatShape(t.shape) + " " + stringifyDType(t.dtype).str();
}

py::tuple shapeTuple(llvm::ArrayRef<int64_t> shape) {
  py::tuple t(shape.size());
  for (size_t i = 0; i < shape.size(); ++i)
    t[i] = py::int_(shape[i]);
  return t;
}

const TensorType &valueType(const Graph &g, int v) {
  if (v < 0 || v >= static_cast<int>(g.values.size()))
    throw py::index_error("no value #" + std::to_string(v) + " in the graph");
  return g.values[v];
}

//===----------------------------------------------------------------------===//
// Building: result types by the shared shape rules
//===----------------------------------------------------------------------===//

/// Appends a pre-defined op to a kernel graph; returns its result id. Shape
/// and dtype errors become ValueError naming the op and every operand type.
int addOp(Graph &g, const std::string &kindName, const std::vector<int> &ops,
          int64_t dim, double scalar, const std::vector<int64_t> &perm,
          const std::optional<std::vector<int64_t>> &shape, int64_t extent) {
  OpKind kind = parsePredefinedKind(kindName);
  std::vector<TensorType> in;
  for (int v : ops)
    in.push_back(valueType(g, v));
  auto fail = [&](const std::string &why) -> py::value_error {
    std::string operands;
    for (size_t i = 0; i < in.size(); ++i)
      operands +=
          (i ? (i + 1 == in.size() ? " and " : ", ") : "") + typeString(in[i]);
    return py::value_error(kindName + " of " + operands + ": " + why);
  };
  size_t arity = isElementwiseBinary(kind) || kind == OpKind::Matmul ||
                         kind == OpKind::RmsNorm || kind == OpKind::Conv2d
                     ? 2
                     : 1;
  if (kind == OpKind::Concat ? in.size() < 1 : in.size() != arity)
    throw py::value_error(kindName + " takes " + std::to_string(arity) +
                          " operands, got " + std::to_string(in.size()));
  // One element type throughout: tsopt never converts implicitly.
  for (const TensorType &t : in)
    if (t.dtype != in.front().dtype)
      throw fail("operands mix dtypes " +
                 stringifyDType(in.front().dtype).str() + " and " +
                 stringifyDType(t.dtype).str());

  std::string why;
  FailureOr<Shape> result = failure();
  auto checkDim = [&]() {
    if (dim < 0 || dim >= static_cast<int64_t>(in.front().shape.size()))
      throw fail("dim " + std::to_string(dim) + " is out of range for rank " +
                 std::to_string(in.front().shape.size()));
  };
  Op op;
  op.kind = kind;
  op.operands.assign(ops.begin(), ops.end());
  if (isElementwiseBinary(kind)) {
    result = broadcastShape(in[0].shape, in[1].shape, &why);
  } else if (isElementwiseUnary(kind)) {
    result = in[0].shape;
    op.scalar = isScalarOp(kind) ? scalar : 0.0;
  } else {
    switch (kind) {
    case OpKind::Matmul:
      result = matmulShape(in[0].shape, in[1].shape, &why);
      break;
    case OpKind::ReduceSum:
    case OpKind::ReduceMax:
      checkDim();
      op.dim = dim;
      result = reduceShape(in[0].shape, dim, extent, &why);
      break;
    case OpKind::Repeat:
    case OpKind::Reshape:
      if (!shape)
        throw fail("needs a result shape");
      if (failed(kind == OpKind::Repeat
                     ? checkRepeat(in[0].shape, *shape, &why)
                     : checkReshape(in[0].shape, *shape, &why)))
        break;
      result = Shape(shape->begin(), shape->end());
      break;
    case OpKind::Transpose:
      op.perm.assign(perm.begin(), perm.end());
      result = transposeShape(in[0].shape, perm, &why);
      break;
    case OpKind::Concat: {
      checkDim();
      op.dim = dim;
      llvm::SmallVector<Shape> shapes;
      for (const TensorType &t : in)
        shapes.push_back(t.shape);
      result = concatShape(shapes, dim, &why);
      break;
    }
    case OpKind::RmsNorm:
      op.scalar = scalar;
      result = rmsNormShape(in[0].shape, in[1].shape, &why);
      break;
    case OpKind::Conv2d: {
      std::optional<ConvWindow> window = ConvWindow::decode(perm);
      if (!window)
        throw fail("needs a window of ten extents");
      op.perm.assign(perm.begin(), perm.end());
      op.dim = dim;
      result = conv2dShape(in[0].shape, in[1].shape, *window, dim, &why);
      break;
    }
    default:
      throw fail("not a pre-defined op");
    }
  }
  if (failed(result))
    throw fail(why);
  for (int64_t d : *result)
    if (d < 1)
      throw fail("result shape " + formatShape(*result) + " has an empty dim");
  TensorType resultType{*result, in.front().dtype};
  return g.addOp(std::move(op), resultType);
}

/// `g` without the ops no output depends on, values renumbered in order.
/// Python builds eagerly, so an expression that was abandoned (or failed
/// half-way) leaves ops behind; the IR, the evaluator and the search should
/// see only the program the outputs define.
Graph liveGraph(const Graph &g) {
  for (int v : g.outputs)
    valueType(g, v); // throws on a bad id
  return withoutDeadOps(g);
}

/// One op for Python: its kind, ids and the attributes its kind uses.
py::dict describeOp(const Graph &g, const Op &op) {
  py::dict d;
  d["kind"] = stringifyOpKind(op.kind).str();
  d["operands"] = std::vector<int>(op.operands.begin(), op.operands.end());
  d["results"] = std::vector<int>(op.results.begin(), op.results.end());
  switch (op.kind) {
  case OpKind::ReduceSum:
  case OpKind::ReduceMax:
  case OpKind::Concat:
    d["dim"] = op.dim;
    break;
  case OpKind::MulScalar:
  case OpKind::AddScalar:
  case OpKind::MaxScalar:
  case OpKind::MinScalar:
  case OpKind::RmsNorm:
    d["scalar"] = op.scalar;
    break;
  case OpKind::Transpose:
    d["perm"] = std::vector<int64_t>(op.perm.begin(), op.perm.end());
    break;
  case OpKind::Slice:
    d["offsets"] = std::vector<int64_t>(op.perm.begin(), op.perm.end());
    break;
  case OpKind::Conv2d:
  case OpKind::Im2Col:
    // kernel, stride, padding (top, left, bottom, right), dilation.
    d["window"] = std::vector<int64_t>(op.perm.begin(), op.perm.end());
    if (op.kind == OpKind::Conv2d)
      d["groups"] = op.dim;
    break;
  case OpKind::BlockInput:
    d["imap"] = std::vector<int>(op.gridMap.begin(), op.gridMap.end());
    d["fmap"] = op.fmap;
    break;
  case OpKind::BlockOutput:
    d["omap"] = std::vector<int>(op.gridMap.begin(), op.gridMap.end());
    break;
  case OpKind::Accum:
    d["fmap"] = op.fmap;
    d["accum"] = op.accum == AccumKind::Max ? "max" : "sum";
    break;
  default:
    break;
  }
  if (op.body)
    d["body"] = Graph(*op.body);
  return d;
}

//===----------------------------------------------------------------------===//
// IR text: the one exporter and importer
//===----------------------------------------------------------------------===//

/// A context with the tsopt dialects, one per call: contexts are cheap next
/// to parsing and printing, and no MLIR state outlives a call (nothing to
/// tear down in the wrong order at interpreter exit).
struct Context {
  mlir::DialectRegistry registry;
  std::unique_ptr<mlir::MLIRContext> ctx;
  /// The diagnostics emitted so far, one per line.
  std::string diags;
  std::unique_ptr<mlir::ScopedDiagnosticHandler> handler;
  Context() {
    registerAllDialects(registry);
    ctx = std::make_unique<mlir::MLIRContext>(
        registry, mlir::MLIRContext::Threading::DISABLED);
    ctx->loadAllAvailableDialects();
    handler = std::make_unique<mlir::ScopedDiagnosticHandler>(
        ctx.get(), [this](mlir::Diagnostic &d) {
          diags += (diags.empty() ? "" : "\n") + d.str();
          return mlir::success();
        });
  }
};

/// A module holding `g` as `func.func @name`, in `c`'s context.
mlir::OwningOpRef<mlir::ModuleOp> exportModule(Context &c, const Graph &g,
                                               const std::string &name) {
  mlir::Location loc = mlir::UnknownLoc::get(c.ctx.get());
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::ModuleOp::create(loc);
  mlir::OpBuilder builder(c.ctx.get());
  builder.setInsertionPointToEnd(module->getBody());
  if (failed(exportFunction(g, name, builder, loc)))
    throw py::value_error("cannot write @" + name + " as IR: " + c.diags);
  return module;
}

/// The function `@name` computing `g`, as text. Input `i` prints as
/// `%<inputNames[i]>` where a name is given.
std::string toIR(const Graph &g, const std::string &name,
                 const std::vector<std::string> &inputNames) {
  Context c;
  mlir::OwningOpRef<mlir::ModuleOp> module = exportModule(c, g, name);
  auto func = mlir::cast<mlir::func::FuncOp>(module->getBody()->front());
  // Name locations print as SSA names (`%x`), so the IR reads like the
  // Python program that built it.
  for (auto [i, arg] : llvm::enumerate(func.getArguments()))
    if (i < inputNames.size() && !inputNames[i].empty())
      arg.setLoc(mlir::NameLoc::get(
          mlir::StringAttr::get(c.ctx.get(), inputNames[i])));
  std::string text;
  llvm::raw_string_ostream os(text);
  func.print(os, mlir::OpPrintingFlags().printNameLocAsPrefix());
  os << "\n";
  return text;
}

/// Parses IR text and imports one function: (graph, name, input names).
py::tuple parseIR(const std::string &text,
                  const std::optional<std::string> &function) {
  std::string why;
  if (llvm::failed(tsopt::checkIRNesting(text, &why)))
    throw py::value_error(why);
  // Everything the parser touches lives on the heap: when MLIR's parser
  // crashes (parseSurvives), it is left allocated, never destroyed, since
  // its state is lost with the parse; the interpreter goes on.
  struct Parse {
    Context c;
    llvm::SourceMgr sourceMgr;
    std::string diags;
    llvm::raw_string_ostream diagOS{diags};
    mlir::SourceMgrDiagnosticHandler handler{sourceMgr, c.ctx.get(), diagOS};
    mlir::Block block;
    mlir::AsmParserState state;
  };
  auto parse = std::make_unique<Parse>();
  Context &c = parse->c;
  std::string &diags = parse->diags;
  parse->sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "ir"), llvm::SMLoc());
  auto error = [&](const std::string &what) {
    return py::value_error(what + (diags.empty() ? "" : ":\n" + diags));
  };
  mlir::ParserConfig config(c.ctx.get());
  mlir::LogicalResult parsed = mlir::failure();
  if (!tsopt::parseSurvives([&] {
        parsed = mlir::parseAsmSourceFile(parse->sourceMgr, &parse->block,
                                          config, &parse->state);
      })) {
    (void)parse.release();
    throw py::value_error(tsopt::kParserCrashed);
  }
  if (failed(parsed))
    throw error("cannot parse the IR");
  mlir::Block &block = parse->block;
  mlir::AsmParserState &state = parse->state;
  llvm::SmallVector<mlir::func::FuncOp> funcs;
  for (mlir::Operation &op : block) {
    if (failed(mlir::verify(&op)))
      throw error("the IR does not verify");
    if (auto module = llvm::dyn_cast<mlir::ModuleOp>(op))
      llvm::append_range(funcs, module.getOps<mlir::func::FuncOp>());
    else if (auto func = llvm::dyn_cast<mlir::func::FuncOp>(op))
      funcs.push_back(func);
  }
  llvm::erase_if(funcs, [](mlir::func::FuncOp f) { return f.isExternal(); });
  std::string names;
  for (mlir::func::FuncOp f : funcs)
    names += (names.empty() ? "@" : ", @") + f.getSymName().str();
  mlir::func::FuncOp func;
  if (function) {
    for (mlir::func::FuncOp f : funcs)
      if (f.getSymName() == *function)
        func = f;
    if (!func)
      throw py::value_error("no function @" + *function +
                            " in the IR (it has " +
                            (names.empty() ? "none" : names) + ")");
  } else if (funcs.size() == 1) {
    func = funcs.front();
  } else if (funcs.empty()) {
    throw py::value_error("the IR has no function with a body");
  } else {
    throw py::value_error("the IR has " + std::to_string(funcs.size()) +
                          " functions (" + names +
                          "); choose one with function=");
  }
  // linalg on tensors (torch-mlir, JAX, tosa-to-linalg) is imported first.
  if (hasLinalgOps(func) && failed(convertLinalgToKGraph(func)))
    throw error("cannot import the linalg of @" + func.getSymName().str());
  mlir::FailureOr<Graph> graph = importFunction(func);
  if (failed(graph))
    throw error("cannot import @" + func.getSymName().str());
  // The parser keeps SSA names only in its source ranges.
  std::vector<std::string> inputNames;
  const mlir::AsmParserState::BlockDefinition *def =
      state.getBlockDef(&func.getBody().front());
  for (size_t i = 0; i < func.getNumArguments(); ++i) {
    std::string n;
    if (def && i < def->arguments.size()) {
      llvm::SMRange r = def->arguments[i].loc;
      n = llvm::StringRef(r.Start.getPointer(),
                          r.End.getPointer() - r.Start.getPointer())
              .ltrim('%')
              .str();
    }
    inputNames.push_back(n);
  }
  return py::make_tuple(std::move(*graph), func.getSymName().str(), inputNames);
}

//===----------------------------------------------------------------------===//
// Compiled code: the CPU JIT and PTX
//===----------------------------------------------------------------------===//

/// The inputs of `g` as contiguous double arrays, their count and shapes
/// checked.
std::vector<py::array_t<double>> checkedInputs(const Graph &g,
                                               const std::vector<py::array> &in) {
  if (in.size() != g.inputs.size())
    throw py::value_error("the program takes " +
                          std::to_string(g.inputs.size()) + " inputs, got " +
                          std::to_string(in.size()));
  std::vector<py::array_t<double>> arrays;
  for (size_t i = 0; i < in.size(); ++i) {
    const TensorType &t = valueType(g, g.inputs[i]);
    auto a =
        py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(
            in[i]);
    if (!a)
      throw py::type_error("input #" + std::to_string(i) +
                           " is not convertible to a float array");
    Shape shape(a.shape(), a.shape() + a.ndim());
    if (shape != t.shape)
      throw py::value_error("input #" + std::to_string(i) + " has shape " +
                            formatShape(shape) + " but the program expects " +
                            formatShape(t.shape));
    arrays.push_back(std::move(a));
  }
  return arrays;
}

/// Runs `g` lowered for the host CPU and compiled (tsopt-lower-to-cpu).
/// A program lowered for the host CPU and compiled once, run many times
/// (`Graph.compile_cpu`; the torch.compile backend keeps one per graph).
struct CompiledGraph {
  Graph graph;
  std::unique_ptr<CPUExecutable> exe;
  std::vector<TensorType> inTypes, outTypes;
};

std::shared_ptr<CompiledGraph> compileGraph(const Graph &g) {
  auto compiled = std::make_shared<CompiledGraph>();
  compiled->graph = g;
  for (int v : g.inputs)
    compiled->inTypes.push_back(valueType(g, v));
  for (int v : g.outputs)
    compiled->outTypes.push_back(valueType(g, v));
  Context c;
  auto module = exportModule(c, g, "program");
  std::string why;
  auto exe = CPUExecutable::compile(*module, &why);
  if (failed(exe))
    throw py::value_error("cannot compile for the CPU: " + why +
                          (c.diags.empty() ? "" : ": " + c.diags));
  compiled->exe = std::move(*exe);
  return compiled;
}

std::vector<py::array> runCompiledGraph(CompiledGraph &compiled,
                                        const std::vector<py::array> &in) {
  std::vector<std::vector<double>> inputs, outputs;
  for (py::array_t<double> &a : checkedInputs(compiled.graph, in))
    inputs.emplace_back(a.data(), a.data() + a.size());
  std::string why;
  if (failed(compiled.exe->runOnFloats("program", compiled.inTypes,
                                       compiled.outTypes, inputs, outputs,
                                       &why)))
    throw py::value_error("cannot run the compiled program: " + why);
  std::vector<py::array> result;
  for (auto [type, data] : llvm::zip(compiled.outTypes, outputs)) {
    std::vector<py::ssize_t> shape(type.shape.begin(), type.shape.end());
    py::array_t<float> a(shape);
    std::copy(data.begin(), data.end(), a.mutable_data());
    result.push_back(std::move(a));
  }
  return result;
}

std::vector<py::array> runCompiled(const Graph &g,
                                   const std::vector<py::array> &in) {
  return runCompiledGraph(*compileGraph(g), in);
}

/// PTX and the launch manifest (JSON text) of `g` as function `@name`.
py::tuple toPTX(const Graph &g, const std::string &name,
                const std::string &target, int64_t threadsPerBlock) {
  Context c;
  auto module = exportModule(c, g, name);
  PTXOptions options;
  options.lowering.target = target;
  options.lowering.threadsPerBlock = threadsPerBlock;
  options.ptxFileName = name + ".ptx";
  FailureOr<PTXResult> result = translateToPTX(*module, options);
  if (failed(result))
    throw py::value_error("cannot translate @" + name + " to PTX: " + c.diags);
  std::string manifest;
  llvm::raw_string_ostream os(manifest);
  os << llvm::formatv("{0:2}", result->manifest);
  return py::make_tuple(result->ptx, manifest);
}

//===----------------------------------------------------------------------===//
// Running on numpy arrays
//===----------------------------------------------------------------------===//

template <typename T>
std::vector<py::array> runOn(const Graph &g, const std::vector<py::array> &in) {
  std::vector<Tensor<T>> inputs;
  std::vector<py::array_t<double>> arrays = checkedInputs(g, in);
  for (auto [i, a] : llvm::enumerate(arrays)) {
    const TensorType &t = valueType(g, g.inputs[i]);
    Tensor<T> tensor;
    tensor.shape = t.shape;
    tensor.data.reserve(a.size());
    // Inputs are stored in the program's dtype, as on a device.
    for (py::ssize_t k = 0; k < a.size(); ++k)
      tensor.data.push_back(static_cast<T>(
          roundToDType(static_cast<float>(a.data()[k]), t.dtype)));
    inputs.push_back(std::move(tensor));
  }
  FloatDomain<T> dom;
  Evaluator<FloatDomain<T>> evaluator(dom);
  std::string why;
  FailureOr<std::vector<Tensor<T>>> outs = failure();
  {
    // Without the GIL another thread may grow `g`; run on a copy.
    Graph copy = g;
    py::gil_scoped_release release;
    outs = evaluator.run(copy, inputs, &why);
  }
  if (failed(outs))
    throw py::value_error("cannot evaluate: " + why);
  std::vector<py::array> result;
  for (Tensor<T> &o : *outs) {
    std::vector<py::ssize_t> shape(o.shape.begin(), o.shape.end());
    py::array_t<T> a(shape);
    std::copy(o.data.begin(), o.data.end(), a.mutable_data());
    result.push_back(std::move(a));
  }
  return result;
}

const TargetDesc &targetOrThrow(const std::string &name) {
  const TargetDesc *t = lookupTarget(name);
  if (!t)
    throw py::value_error("unknown target '" + name +
                          "'; known: " + knownTargetNames().str());
  return *t;
}

std::vector<std::string> kindNames(llvm::ArrayRef<OpKind> kinds) {
  std::vector<std::string> names;
  for (OpKind k : kinds)
    names.push_back(stringifyOpKind(k).str());
  return names;
}

llvm::SmallVector<OpKind, 8>
kindsFromNames(const std::vector<std::string> &ns) {
  llvm::SmallVector<OpKind, 8> kinds;
  for (const std::string &n : ns) {
    std::optional<OpKind> k = parseOpKind(n);
    if (!k || !isPredefinedOp(*k))
      throw py::value_error("unknown op '" + n + "'");
    kinds.push_back(*k);
  }
  return kinds;
}

} // namespace

PYBIND11_MODULE(_tsopt, m) {
  m.attr("MAX_IR_BYTES") = tsopt::kMaxIRBytes;
  m.doc() = "Compiled core of tsopt: graphs, IR, evaluator, verifier, search";
  py::register_exception<SearchFailure>(m, "SearchError", PyExc_RuntimeError);

  py::class_<CompiledGraph, std::shared_ptr<CompiledGraph>>(
      m, "CompiledGraph", "A program compiled for the host CPU")
      .def("run", &runCompiledGraph, py::arg("inputs"),
           "Runs the compiled program on float arrays, one per input");

  py::class_<Graph>(m, "Graph", "A kernel-level µGraph (the lean core graph)")
      .def(py::init<>())
      .def(
          "add_input",
          [](Graph &g, const std::vector<int64_t> &shape,
             const std::string &dtype) {
            for (int64_t d : shape)
              if (d < 1)
                throw py::value_error("input shape " + formatShape(shape) +
                                      " has a dim < 1");
            DType t = parseDType(dtype);
            std::optional<int64_t> count = checkedNumElements(shape);
            if (!count || *count > INT64_MAX / dtypeBytes(t))
              throw py::value_error("input shape " + formatShape(shape) +
                                    " has more elements or bytes than 64 "
                                    "bits count");
            return g.addInput(TensorType{Shape(shape.begin(), shape.end()), t});
          },
          py::arg("shape"), py::arg("dtype"))
      .def("add_op", &addOp, py::arg("kind"), py::arg("operands"),
           py::arg("dim") = 0, py::arg("scalar") = 0.0,
           py::arg("perm") = std::vector<int64_t>(),
           py::arg("shape") = std::nullopt, py::arg("extent") = 1,
           "Appends a pre-defined op; returns its result's value id")
      .def(
          "set_outputs",
          [](Graph &g, const std::vector<int> &outs) {
            for (int v : outs)
              valueType(g, v);
            g.outputs = outs;
          },
          py::arg("values"))
      .def_property_readonly("inputs", [](const Graph &g) { return g.inputs; })
      .def_property_readonly("outputs",
                             [](const Graph &g) { return g.outputs; })
      .def_property_readonly("num_values",
                             [](const Graph &g) { return g.values.size(); })
      .def_property_readonly("level",
                             [](const Graph &g) {
                               return g.level == Level::Kernel  ? "kernel"
                                      : g.level == Level::Block ? "block"
                                                                : "thread";
                             })
      .def_property_readonly("grid",
                             [](const Graph &g) {
                               return std::vector<int64_t>(g.grid.begin(),
                                                           g.grid.end());
                             })
      .def_readonly("forloop", &Graph::forloop)
      .def("shape", [](const Graph &g,
                       int v) { return shapeTuple(valueType(g, v).shape); })
      .def("dtype",
           [](const Graph &g, int v) {
             return stringifyDType(valueType(g, v).dtype).str();
           })
      .def("ops",
           [](const Graph &g) {
             py::list l;
             for (const Op &op : g.ops)
               l.append(describeOp(g, op));
             return l;
           })
      .def("producer",
           [](const Graph &g, int v) -> py::object {
             valueType(g, v);
             for (size_t i = 0; i < g.ops.size(); ++i)
               for (int r : g.ops[i].results)
                 if (r == v)
                   return py::int_(i);
             return py::none();
           })
      .def(
          "difference",
          [](const Graph &a, const Graph &b) -> py::object {
            std::string why;
            if (structurallyEqual(a, b, &why))
              return py::none();
            return py::str(why);
          },
          "None when the graphs are structurally equal, else where they "
          "first differ")
      .def("live", &liveGraph, "A copy without the ops no output depends on")
      .def("structure", [](const Graph &g) { return describeStructure(g); })
      .def("to_ir", &toIR, py::arg("name"),
           py::arg("input_names") = std::vector<std::string>())
      .def(
          "to_dot",
          [](const Graph &g, const std::string &name,
             const std::vector<std::string> &inputNames) {
            return toDot(g, name, inputNames);
          },
          py::arg("name"), py::arg("input_names") = std::vector<std::string>())
      .def(
          "run",
          [](const Graph &g, const std::vector<py::array> &inputs,
             const std::string &precision) {
            if (precision == "f32")
              return runOn<float>(g, inputs);
            if (precision == "f64")
              return runOn<double>(g, inputs);
            throw py::value_error("precision must be 'f32' or 'f64', got '" +
                                  precision + "'");
          },
          py::arg("inputs"), py::arg("precision") = "f32")
      .def("run_compiled", &runCompiled, py::arg("inputs"),
           "Runs the program lowered for the host CPU and compiled")
      .def("compile_cpu", &compileGraph,
           "The program lowered for the host CPU and compiled, to run many "
           "times")
      .def("to_ptx", &toPTX, py::arg("name"), py::arg("target") = "sm_90",
           py::arg("threads_per_block") = 128,
           "(PTX text, launch manifest JSON text)")
      .def(
          "estimate_cost",
          [](const Graph &g, const std::string &target) {
            std::string why;
            if (failed(checkGraphWellFormed(g, &why)))
              throw py::value_error("cannot estimate the cost: " + why);
            FailureOr<ProgramCost> cost =
                estimateCost(g, targetOrThrow(target), {}, &why);
            if (failed(cost))
              throw py::value_error("cannot estimate the cost: " + why);
            return cost->totalUs;
          },
          py::arg("target") = "sm_90")
      .def(py::pickle([](const Graph &g) { return serializeGraph(g); },
                      [](const std::string &s) {
                        std::string why;
                        FailureOr<Graph> g = deserializeGraph(s, &why);
                        if (failed(g))
                          throw py::value_error(why);
                        return std::move(*g);
                      }));

  m.def("parse", &parseIR, py::arg("text"), py::arg("function") = std::nullopt,
        "Parses IR text; returns (graph, function name, input names)");

  py::class_<VerifyRecord>(m, "VerifyRecord",
                           "The verdict of an equivalence check and the "
                           "numbers it rests on")
      .def_readonly("equivalent", &VerifyRecord::equivalent)
      .def_readonly("mismatch_output", &VerifyRecord::mismatchOutput)
      .def_readonly("candidate_divides_by_zero",
                    &VerifyRecord::candidateDividesByZero)
      .def_readonly("in_lax", &VerifyRecord::inLax)
      .def_readonly("lax_violation", &VerifyRecord::laxViolation)
      .def_readonly("p", &VerifyRecord::p)
      .def_readonly("q", &VerifyRecord::q)
      .def_readonly("trials", &VerifyRecord::trials)
      .def_readonly("delta", &VerifyRecord::delta)
      .def_readonly("epsilon", &VerifyRecord::epsilon)
      .def_readonly("float_checked", &VerifyRecord::floatChecked)
      .def_readonly("float_stable", &VerifyRecord::floatStable)
      .def_readonly("float_error", &VerifyRecord::floatError)
      .def_readonly("float_tolerance", &VerifyRecord::floatTolerance)
      .def("summary", &VerifyRecord::summary)
      .def("__str__", &VerifyRecord::summary)
      .def("__bool__", [](const VerifyRecord &r) { return r.equivalent; })
      .def("__repr__", [](const VerifyRecord &r) {
        return "<VerifyRecord " + r.summary() + ">";
      });

  m.def(
      "verify",
      [](const Graph &candidate, const Graph &reference, double delta,
         uint64_t seed, unsigned threads, bool floatCheck) {
        VerifyOptions opts;
        opts.delta = delta;
        opts.seed = seed;
        opts.threads = threads;
        opts.floatCheck = floatCheck;
        std::string why;
        FailureOr<VerifyRecord> rec = failure();
        {
          // Copies, as for the search: Python may touch the originals.
          Graph c = candidate, r = reference;
          py::gil_scoped_release release;
          rec = verifyEquivalence(c, r, opts, &why);
        }
        if (failed(rec))
          throw py::value_error("cannot compare: " + why);
        return *rec;
      },
      py::arg("candidate"), py::arg("reference"), py::arg("delta") = 0x1p-40,
      py::arg("seed") = 0, py::arg("threads") = 2,
      py::arg("float_check") = true);

  py::class_<SearchStats>(m, "SearchStats", "Counters of one search")
      .def_readonly("states", &SearchStats::states)
      .def_readonly("pruned_shape", &SearchStats::prunedShape)
      .def_readonly("pruned_expr", &SearchStats::prunedExpr)
      .def_readonly("candidates", &SearchStats::candidates)
      .def_readonly("screened_equivalent", &SearchStats::screenedEquivalent)
      .def_readonly("verified", &SearchStats::verified)
      .def_readonly("work_items", &SearchStats::workItems)
      .def_readonly("work_items_done", &SearchStats::workItemsDone)
      .def_readonly("work_items_resumed", &SearchStats::workItemsResumed)
      .def_readonly("solver_calls", &SearchStats::solverCalls)
      .def_readonly("expr_cache_hits", &SearchStats::exprCacheHits)
      .def_readonly("seconds", &SearchStats::seconds)
      .def_readonly("timed_out", &SearchStats::timedOut)
      .def("__repr__", [](const SearchStats &s) {
        std::string r;
        llvm::raw_string_ostream os(r);
        os << "<SearchStats " << llvm::format("%.2f", s.seconds) << " s, "
           << s.states << " states, pruned " << s.prunedShape
           << " by shape and " << s.prunedExpr << " by expression, "
           << s.candidates << " candidates, " << s.verified << " verified"
           << (s.timedOut ? ", timed out" : "") << ">";
        return r;
      });

  // SearchOptions field for field, under Python names.
  py::class_<SearchOptions>(m, "SearchOptions")
      .def(py::init<>())
      .def_readwrite("max_kernel_ops", &SearchOptions::maxKernelOps)
      .def_readwrite("max_block_ops", &SearchOptions::maxBlockOps)
      .def_readwrite("max_kernel_outputs", &SearchOptions::maxKernelOutputs)
      .def_readwrite("max_grid_dims", &SearchOptions::maxGridDims)
      .def_readwrite("min_grid_dims", &SearchOptions::minGridDims)
      .def_readwrite("require_forloop", &SearchOptions::requireForloop)
      .def_readwrite("split_reduction", &SearchOptions::splitReduction)
      .def_readwrite("no_kernel_ops", &SearchOptions::noKernelOps)
      .def_property(
          "grid_extents",
          [](const SearchOptions &o) {
            return std::vector<int64_t>(o.gridExtents.begin(),
                                        o.gridExtents.end());
          },
          [](SearchOptions &o, const std::vector<int64_t> &v) {
            o.gridExtents.assign(v.begin(), v.end());
          })
      .def_property(
          "forloop_extents",
          [](const SearchOptions &o) {
            return std::vector<int64_t>(o.forloopExtents.begin(),
                                        o.forloopExtents.end());
          },
          [](SearchOptions &o, const std::vector<int64_t> &v) {
            o.forloopExtents.assign(v.begin(), v.end());
          })
      .def_property(
          "block_ops",
          [](const SearchOptions &o) { return kindNames(o.blockOps); },
          [](SearchOptions &o, const std::vector<std::string> &v) {
            o.blockOps = kindsFromNames(v);
          })
      .def_property(
          "kernel_ops",
          [](const SearchOptions &o) { return kindNames(o.kernelOps); },
          [](SearchOptions &o, const std::vector<std::string> &v) {
            o.kernelOps = kindsFromNames(v);
          })
      .def_readwrite("expr_pruning", &SearchOptions::exprPruning)
      .def_readwrite("graph_defined_kernels",
                     &SearchOptions::graphDefinedKernels)
      .def_readwrite("stop_after_items", &SearchOptions::stopAfterItems)
      .def_readwrite("canonical_order", &SearchOptions::canonicalOrder)
      .def_readwrite("program_templates", &SearchOptions::programTemplates)
      .def_readwrite("algebraic_rewrites", &SearchOptions::algebraicRewrites)
      .def_readwrite("rule_fusion", &SearchOptions::ruleFusion)
      .def_readwrite("no_block_ops", &SearchOptions::noBlockOps)
      .def_readwrite("target", &SearchOptions::target)
      .def_readwrite("threads", &SearchOptions::threads)
      .def_readwrite("seed", &SearchOptions::seed)
      .def_readwrite("delta", &SearchOptions::delta)
      .def_readwrite("time_limit", &SearchOptions::timeLimit)
      .def_readwrite("checkpoint", &SearchOptions::checkpoint)
      .def_readwrite("top_n", &SearchOptions::topN)
      .def_readwrite("max_candidates", &SearchOptions::maxCandidates)
      .def_readwrite("progress_interval", &SearchOptions::progressInterval);

  m.def(
      "superoptimize",
      [](const Graph &program, const SearchOptions &options,
         py::object progress, py::object given) {
        targetOrThrow(options.target);
        for (int64_t e : options.gridExtents)
          if (e < 1)
            throw py::value_error("grid_extents must be >= 1, got " +
                                  std::to_string(e));
        for (int64_t e : options.forloopExtents)
          if (e < 1)
            throw py::value_error("forloop_extents must be >= 1, got " +
                                  std::to_string(e));
        // The search runs without the GIL on copies Python cannot touch.
        Graph g = program;
        SearchOptions opts = options;
        std::exception_ptr callbackError;
        if (!progress.is_none()) {
          // Captured by address: the search may copy the std::function on
          // its own threads, and copying a py::object needs the GIL. The
          // first exception the callback raises is kept and re-raised once
          // the search is over: it cannot unwind through the search's
          // threads.
          opts.progress = [cb = &progress,
                           err = &callbackError](const std::string &line) {
            py::gil_scoped_acquire gil;
            if (*err)
              return;
            try {
              (*cb)(line);
            } catch (...) {
              *err = std::current_exception();
            }
          };
        }
        // The fields the caller set: planSearch derives the others.
        ExplicitOptions explicitOptions;
        if (!given.is_none()) {
          std::set<std::string> names;
          for (py::handle h : given)
            names.insert(py::cast<std::string>(h));
          explicitOptions.maxKernelOps = names.count("max_kernel_ops");
          explicitOptions.maxBlockOps = names.count("max_block_ops");
          explicitOptions.maxGridDims = names.count("max_grid_dims");
          explicitOptions.minGridDims = names.count("min_grid_dims");
          explicitOptions.requireForloop = names.count("require_forloop");
          explicitOptions.splitReduction = names.count("split_reduction");
          explicitOptions.blockOps =
              names.count("block_ops") || names.count("no_block_ops");
          explicitOptions.kernelOps =
              names.count("kernel_ops") || names.count("no_kernel_ops");
          explicitOptions.gridExtents = names.count("grid_extents");
          explicitOptions.forloopExtents = names.count("forloop_extents");
        }
        std::string why;
        FailureOr<SearchResult> result = failure();
        {
          py::gil_scoped_release release;
          if (given.is_none()) {
            result = superoptimize(g, opts, &why);
          } else {
            FailureOr<SearchPlan> plan =
                planSearch(g, opts, explicitOptions, &why);
            if (succeeded(plan))
              result = superoptimizePlanned(g, *plan, opts, &why);
          }
        }
        if (callbackError)
          std::rethrow_exception(callbackError);
        if (failed(result))
          throw SearchFailure("cannot superoptimize: " + why);
        py::list ranked;
        for (Candidate &c : result->ranked)
          ranked.append(
              py::make_tuple(std::move(c.graph), c.costUs, c.structure,
                             c.rewrites, c.origin));
        py::list spaces;
        for (const SpaceReport &sp : result->spaces)
          spaces.append(py::dict(
              py::arg("name") = sp.name, py::arg("seconds") = sp.seconds,
              py::arg("finished") = sp.finished,
              py::arg("skipped") = sp.skipped,
              py::arg("best_us") = sp.bestUs));
        return py::make_tuple(ranked, result->record, result->programCostUs,
                              result->stats, result->derived, spaces);
      },
      py::arg("program"), py::arg("options"), py::arg("progress") = py::none(),
      py::arg("given") = py::none(),
      "Runs the search (planned from the program when `given`, the names "
      "of the options the caller set, is not None); returns (ranked "
      "[(graph, cost_us, structure, rewrites, origin)], verification record of the "
      "best, program cost_us, stats, derived choices, space reports)");

  bindFusionAndOrchestration(m);

  m.def("known_targets", []() { return knownTargetNames().str(); });
  m.def("dtype_tolerance", [](const std::string &dtype) {
    return dtypeTolerance(parseDType(dtype));
  });
}
