//===- Export.cpp - Core µGraph -> MLIR kgraph/bgraph/tgraph --------------===//

#include "tsopt/Interchange/Export.h"
#include "tsopt/Dialect/BGraph/IR/BGraph.h"
#include "tsopt/Dialect/KGraph/IR/KGraph.h"
#include "tsopt/Dialect/TGraph/IR/TGraph.h"

#include "mlir/IR/Verifier.h"
#include "llvm/ADT/Twine.h"

using namespace mlir;
using namespace tsopt;
using CoreOp = tsopt::Op;

Type tsopt::exportElementType(MLIRContext *context, DType dtype) {
  switch (dtype) {
  case DType::F16:
    return Float16Type::get(context);
  case DType::BF16:
    return BFloat16Type::get(context);
  case DType::F32:
    return Float32Type::get(context);
  }
  return {};
}

namespace {

// The compute families exist in all three dialects with the same builders
// (tsopt/Dialect/Common/ComputeOps.td); these tables let one template per
// family create the op of the right level.

struct KGraphOps {
  using Add = kgraph::AddOp;
  using Sub = kgraph::SubOp;
  using Mul = kgraph::MulOp;
  using Div = kgraph::DivOp;
  using Exp = kgraph::ExpOp;
  using Square = kgraph::SquareOp;
  using Sqrt = kgraph::SqrtOp;
  using Rsqrt = kgraph::RsqrtOp;
  using Silu = kgraph::SiluOp;
  using Gelu = kgraph::GeluOp;
  using Sigmoid = kgraph::SigmoidOp;
  using Tanh = kgraph::TanhOp;
  using Relu = kgraph::ReluOp;
  using Neg = kgraph::NegOp;
  using MulScalar = kgraph::MulScalarOp;
  using AddScalar = kgraph::AddScalarOp;
  using MaxScalar = kgraph::MaxScalarOp;
  using MinScalar = kgraph::MinScalarOp;
  using Matmul = kgraph::MatmulOp;
  using ReduceSum = kgraph::ReduceSumOp;
  using ReduceMax = kgraph::ReduceMaxOp;
  using Repeat = kgraph::RepeatOp;
  using Reshape = kgraph::ReshapeOp;
  using Transpose = kgraph::TransposeOp;
  using Concat = kgraph::ConcatOp;
  using Slice = kgraph::SliceOp;
  using Im2Col = kgraph::Im2ColOp;
};

struct BGraphOps {
  using Add = bgraph::AddOp;
  using Sub = bgraph::SubOp;
  using Mul = bgraph::MulOp;
  using Div = bgraph::DivOp;
  using Exp = bgraph::ExpOp;
  using Square = bgraph::SquareOp;
  using Sqrt = bgraph::SqrtOp;
  using Rsqrt = bgraph::RsqrtOp;
  using Silu = bgraph::SiluOp;
  using Gelu = bgraph::GeluOp;
  using Sigmoid = bgraph::SigmoidOp;
  using Tanh = bgraph::TanhOp;
  using Relu = bgraph::ReluOp;
  using Neg = bgraph::NegOp;
  using MulScalar = bgraph::MulScalarOp;
  using AddScalar = bgraph::AddScalarOp;
  using MaxScalar = bgraph::MaxScalarOp;
  using MinScalar = bgraph::MinScalarOp;
  using Matmul = bgraph::MatmulOp;
  using ReduceSum = bgraph::ReduceSumOp;
  using ReduceMax = bgraph::ReduceMaxOp;
  using Repeat = bgraph::RepeatOp;
  using Reshape = bgraph::ReshapeOp;
  using Transpose = bgraph::TransposeOp;
  using Concat = bgraph::ConcatOp;
  using Slice = bgraph::SliceOp;
  using Im2Col = bgraph::Im2ColOp;
};

/// Thread graphs hold element-wise ops only.
struct TGraphOps {
  using Add = tgraph::AddOp;
  using Sub = tgraph::SubOp;
  using Mul = tgraph::MulOp;
  using Div = tgraph::DivOp;
  using Exp = tgraph::ExpOp;
  using Square = tgraph::SquareOp;
  using Sqrt = tgraph::SqrtOp;
  using Rsqrt = tgraph::RsqrtOp;
  using Silu = tgraph::SiluOp;
  using Gelu = tgraph::GeluOp;
  using Sigmoid = tgraph::SigmoidOp;
  using Tanh = tgraph::TanhOp;
  using Relu = tgraph::ReluOp;
  using Neg = tgraph::NegOp;
  using MulScalar = tgraph::MulScalarOp;
  using AddScalar = tgraph::AddScalarOp;
  using MaxScalar = tgraph::MaxScalarOp;
  using MinScalar = tgraph::MinScalarOp;
};

/// The element-wise op of `op.kind` from table `Ops`; null for other kinds.
template <typename Ops>
Operation *createElementwise(OpBuilder &b, Location loc, const CoreOp &op,
                             ValueRange in, Type result) {
  switch (op.kind) {
  case OpKind::Add:
    return Ops::Add::create(b, loc, result, in[0], in[1]);
  case OpKind::Sub:
    return Ops::Sub::create(b, loc, result, in[0], in[1]);
  case OpKind::Mul:
    return Ops::Mul::create(b, loc, result, in[0], in[1]);
  case OpKind::Div:
    return Ops::Div::create(b, loc, result, in[0], in[1]);
  case OpKind::Exp:
    return Ops::Exp::create(b, loc, result, in[0]);
  case OpKind::Square:
    return Ops::Square::create(b, loc, result, in[0]);
  case OpKind::Sqrt:
    return Ops::Sqrt::create(b, loc, result, in[0]);
  case OpKind::Rsqrt:
    return Ops::Rsqrt::create(b, loc, result, in[0]);
  case OpKind::Silu:
    return Ops::Silu::create(b, loc, result, in[0]);
  case OpKind::Gelu:
    return Ops::Gelu::create(b, loc, result, in[0]);
  case OpKind::Sigmoid:
    return Ops::Sigmoid::create(b, loc, result, in[0]);
  case OpKind::Tanh:
    return Ops::Tanh::create(b, loc, result, in[0]);
  case OpKind::Relu:
    return Ops::Relu::create(b, loc, result, in[0]);
  case OpKind::Neg:
    return Ops::Neg::create(b, loc, result, in[0]);
  case OpKind::MulScalar:
    return Ops::MulScalar::create(b, loc, result, in[0],
                                  b.getF64FloatAttr(op.scalar));
  case OpKind::AddScalar:
    return Ops::AddScalar::create(b, loc, result, in[0],
                                  b.getF64FloatAttr(op.scalar));
  case OpKind::MaxScalar:
    return Ops::MaxScalar::create(b, loc, result, in[0],
                                  b.getF64FloatAttr(op.scalar));
  case OpKind::MinScalar:
    return Ops::MinScalar::create(b, loc, result, in[0],
                                  b.getF64FloatAttr(op.scalar));
  default:
    return nullptr;
  }
}

/// A window's padding as the dialects spell it: top, left, bottom, right.
std::array<int64_t, 4> paddingOf(const ConvWindow &w) {
  return {w.padLow[0], w.padLow[1], w.padHigh[0], w.padHigh[1]};
}

/// The compute op of `op.kind` shared by the kernel and block levels; null
/// for the kinds of neither family.
template <typename Ops>
Operation *createCompute(OpBuilder &b, Location loc, const CoreOp &op,
                         ValueRange in, Type result) {
  if (Operation *e = createElementwise<Ops>(b, loc, op, in, result))
    return e;
  switch (op.kind) {
  case OpKind::Matmul:
    return Ops::Matmul::create(b, loc, result, in[0], in[1]);
  case OpKind::ReduceSum:
    return Ops::ReduceSum::create(b, loc, result, in[0],
                                  b.getI64IntegerAttr(op.dim));
  case OpKind::ReduceMax:
    return Ops::ReduceMax::create(b, loc, result, in[0],
                                  b.getI64IntegerAttr(op.dim));
  case OpKind::Repeat:
    return Ops::Repeat::create(b, loc, result, in[0]);
  case OpKind::Reshape:
    return Ops::Reshape::create(b, loc, result, in[0]);
  case OpKind::Transpose:
    return Ops::Transpose::create(b, loc, result, in[0],
                                  b.getDenseI64ArrayAttr(op.perm));
  case OpKind::Concat:
    return Ops::Concat::create(b, loc, result, in, b.getI64IntegerAttr(op.dim));
  case OpKind::Slice:
    return Ops::Slice::create(b, loc, result, in[0],
                              b.getDenseI64ArrayAttr(op.perm));
  case OpKind::Im2Col: {
    ConvWindow w = *ConvWindow::decode(op.perm);
    return Ops::Im2Col::create(
        b, loc, result, in[0], b.getDenseI64ArrayAttr(w.kernel),
        b.getDenseI64ArrayAttr(w.stride), b.getDenseI64ArrayAttr(paddingOf(w)),
        b.getDenseI64ArrayAttr(w.dilation), b.getF64FloatAttr(op.scalar));
  }
  default:
    return nullptr;
  }
}

/// Whether the dialect of `level` has an op for `kind`. Stricter than what
/// the evaluator runs: it must be what the importer can have produced.
bool existsAt(OpKind kind, Level level) {
  if (isElementwiseBinary(kind) || isElementwiseUnary(kind))
    return true;
  switch (kind) {
  case OpKind::Kernel:
  case OpKind::Conv2d:
    return level == Level::Kernel;
  case OpKind::RmsNorm:
    return level != Level::Thread;
  case OpKind::BlockInput:
  case OpKind::Accum:
  case OpKind::BlockOutput:
  case OpKind::ThreadGraph:
  case OpKind::RunningMax:
    return level == Level::Block;
  default:
    return level != Level::Thread;
  }
}

/// Operand count of a kind; -1 when variadic.
int arityOf(OpKind kind) {
  if (isElementwiseBinary(kind))
    return 2;
  switch (kind) {
  case OpKind::Matmul:
  case OpKind::RmsNorm:
  case OpKind::Conv2d:
    return 2;
  case OpKind::Concat:
  case OpKind::Kernel:
  case OpKind::ThreadGraph:
  case OpKind::Accum: // a sum may merge partials with their row maxima
    return -1;
  default:
    return 1;
  }
}

/// Builds the IR of core graphs. Every diagnostic goes to `loc`, prefixed
/// with where in the (nested) graph the problem is.
class Exporter {
public:
  Exporter(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  /// Checks what the builders below index or dereference, so that a graph
  /// the importer could not have produced gives an error instead of a crash.
  /// The shape rules are left to the dialect verifiers.
  LogicalResult checkGraph(const Graph &g, Level level,
                           const std::string &where) {
    if (g.level != level)
      return fail(where, Twine("expected a ") + levelName(level) +
                             "-level graph, got a " + levelName(g.level) +
                             "-level one");
    int64_t n = g.values.size();
    for (int64_t v = 0; v < n; ++v) {
      ArrayRef<int64_t> shape = g.values[v].shape;
      if (static_cast<unsigned>(g.values[v].dtype) >
          static_cast<unsigned>(DType::F32))
        return fail(where, "value " + Twine(v) + " has an unknown dtype");
      if (level == Level::Thread && !shape.empty())
        return fail(where, "thread graph value " + Twine(v) +
                               " must be a scalar, got " + formatShape(shape));
      if (llvm::any_of(shape, [](int64_t d) { return d < 0; }))
        return fail(where, "value " + Twine(v) + " has a negative dim");
    }
    if (level == Level::Block && (g.grid.empty() || g.grid.size() > 3))
      return fail(where, "a grid has 1 to 3 dims, got " + Twine(g.grid.size()));
    std::vector<bool> defined(n, false);
    for (int v : g.inputs) {
      if (v < 0 || v >= n || defined[v])
        return fail(where, "graph input " + Twine(v) +
                               " is out of range or listed twice");
      defined[v] = true;
    }
    for (auto [idx, op] : llvm::enumerate(g.ops)) {
      std::string at = where + "op #" + std::to_string(idx) + " (" +
                       stringifyOpKind(op.kind).str() + "): ";
      if (!existsAt(op.kind, level))
        return fail(at, Twine("has no op in the ") + levelName(level) +
                            "-level dialect");
      int arity = arityOf(op.kind);
      if (arity >= 0 && op.operands.size() != static_cast<size_t>(arity))
        return fail(at, "takes " + Twine(arity) + " operand(s), got " +
                            Twine(op.operands.size()));
      bool variadicResults =
          op.kind == OpKind::Kernel || op.kind == OpKind::ThreadGraph;
      if (!variadicResults && op.results.size() != 1)
        return fail(at, "has one result, got " + Twine(op.results.size()));
      if (variadicResults && !op.body)
        return fail(at, "has no body");
      for (int v : op.operands)
        if (v < 0 || v >= n || !defined[v])
          return fail(at, "operand value " + Twine(v) +
                              " is out of range or not yet defined");
      for (int v : op.results) {
        if (v < 0 || v >= n || defined[v])
          return fail(at, "result value " + Twine(v) +
                              " is out of range or already defined");
        defined[v] = true;
      }
    }
    for (int v : g.outputs)
      if (v < 0 || v >= n || !defined[v])
        return fail(where, "graph output " + Twine(v) +
                               " is out of range or never defined");
    return success();
  }

  /// The IR type of every value of `g` (checked). In a block graph only the
  /// arguments and what output savers write are kernel tensors.
  FailureOr<SmallVector<Type>> valueTypes(const Graph &g,
                                          const std::string &where) {
    std::vector<bool> tensor(g.values.size(), g.level == Level::Kernel);
    if (g.level == Level::Block) {
      for (int v : g.inputs)
        tensor[v] = true;
      for (const CoreOp &op : g.ops)
        if (op.kind == OpKind::BlockOutput)
          tensor[op.results[0]] = true;
    }
    SmallVector<Type> types;
    for (auto [v, t] : llvm::enumerate(g.values)) {
      Type elem = exportElementType(b.getContext(), t.dtype);
      if (!elem)
        return fail(where, "value " + Twine(v) + " has an unknown dtype");
      auto emit = [&] { return emitError(loc); };
      ArrayRef<int64_t> shape = t.shape;
      Type type = elem;
      if (g.level != Level::Thread)
        type = tensor[v] ? Type(RankedTensorType::getChecked(emit, shape, elem))
                         : Type(bgraph::TileType::getChecked(
                               emit, b.getContext(), shape, elem));
      if (!type)
        return fail(where, "value " + Twine(v) + " has no valid type");
      types.push_back(type);
    }
    return types;
  }

  /// Fills `block`, whose arguments stand for `g.inputs`, with the ops of
  /// `g` and the terminator of its level.
  LogicalResult buildBody(const Graph &g, Block &block,
                          const std::string &where) {
    if (failed(checkGraph(g, g.level, where)))
      return failure();
    FailureOr<SmallVector<Type>> types = valueTypes(g, where);
    if (failed(types))
      return failure();
    if (block.getNumArguments() != g.inputs.size())
      return fail(where, "the region has " + Twine(block.getNumArguments()) +
                             " arguments for " + Twine(g.inputs.size()) +
                             " graph inputs");
    SmallVector<Value> values(g.values.size());
    for (auto [i, v] : llvm::enumerate(g.inputs))
      values[v] = block.getArgument(i);

    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(&block);
    for (auto [idx, op] : llvm::enumerate(g.ops)) {
      std::string at = where + "op #" + std::to_string(idx) + " (" +
                       stringifyOpKind(op.kind).str() + "): ";
      SmallVector<Value> in;
      for (int v : op.operands)
        in.push_back(values[v]);
      SmallVector<Type> resultTypes;
      for (int v : op.results)
        resultTypes.push_back((*types)[v]);
      FailureOr<Operation *> built = buildOp(g, op, in, resultTypes, at);
      if (failed(built))
        return failure();
      setKernelPlanAttributes(op, *built);
      for (auto [v, r] : llvm::zip_equal(op.results, (*built)->getResults()))
        values[v] = r;
    }

    SmallVector<Value> outs;
    for (int v : g.outputs)
      outs.push_back(values[v]);
    switch (g.level) {
    case Level::Kernel:
      func::ReturnOp::create(b, loc, outs);
      break;
    case Level::Block:
      bgraph::YieldOp::create(b, loc, outs);
      break;
    case Level::Thread:
      tgraph::YieldOp::create(b, loc, outs);
      break;
    }
    return success();
  }

  /// A kgraph.kernel holding `body` (not verified).
  FailureOr<kgraph::KernelOp> buildKernel(const Graph &body,
                                          ValueRange operands,
                                          TypeRange resultTypes,
                                          const std::string &where) {
    if (failed(checkGraph(body, Level::Block, where)))
      return failure();
    FailureOr<SmallVector<Type>> types = valueTypes(body, where);
    if (failed(types))
      return failure();
    auto kernel = kgraph::KernelOp::create(b, loc, resultTypes, operands,
                                           b.getDenseI64ArrayAttr(body.grid),
                                           b.getI64IntegerAttr(body.forloop));
    Block *block = new Block();
    kernel.getBody().push_back(block);
    for (int v : body.inputs)
      block->addArgument((*types)[v], loc);
    if (failed(buildBody(body, *block, where))) {
      kernel.erase();
      return failure();
    }
    return kernel;
  }

  /// Diagnoses at `loc` and fails.
  LogicalResult fail(const std::string &where, const Twine &msg) {
    emitError(loc) << "cannot export the µGraph: " << where << msg;
    return failure();
  }

private:
  FailureOr<Operation *> buildOp(const Graph &g, const CoreOp &op,
                                 ValueRange in, ArrayRef<Type> resultTypes,
                                 const std::string &at) {
    switch (g.level) {
    case Level::Thread:
      if (Operation *e =
              createElementwise<TGraphOps>(b, loc, op, in, resultTypes[0]))
        return e;
      break;
    case Level::Block:
      if (Operation *c =
              createCompute<BGraphOps>(b, loc, op, in, resultTypes[0]))
        return c;
      return buildBlockOp(g, op, in, resultTypes, at);
    case Level::Kernel:
      if (Operation *c =
              createCompute<KGraphOps>(b, loc, op, in, resultTypes[0]))
        return c;
      if (op.kind == OpKind::RmsNorm)
        return kgraph::RmsNormOp::create(b, loc, resultTypes[0], in[0], in[1],
                                         b.getF64FloatAttr(op.scalar))
            .getOperation();
      if (op.kind == OpKind::Conv2d) {
        ConvWindow w = *ConvWindow::decode(op.perm);
        return kgraph::Conv2dOp::create(b, loc, resultTypes[0], in[0], in[1],
                                        b.getDenseI64ArrayAttr(w.stride),
                                        b.getDenseI64ArrayAttr(paddingOf(w)),
                                        b.getDenseI64ArrayAttr(w.dilation),
                                        b.getI64IntegerAttr(op.dim))
            .getOperation();
      }
      if (op.kind == OpKind::Kernel) {
        FailureOr<kgraph::KernelOp> k =
            buildKernel(*op.body, in, resultTypes, at + "in its block graph: ");
        if (failed(k))
          return failure();
        return k->getOperation();
      }
      break;
    }
    // checkGraph admitted only kinds the level has.
    (void)fail(at, "has no op at this level");
    return failure();
  }

  FailureOr<Operation *> buildBlockOp(const Graph &g, const CoreOp &op,
                                      ValueRange in, ArrayRef<Type> resultTypes,
                                      const std::string &at) {
    // The core keeps three map entries; the IR one per grid dim.
    auto gridMap = [&] {
      SmallVector<int64_t, 3> map(op.gridMap.begin(),
                                  op.gridMap.begin() + g.grid.size());
      return b.getDenseI64ArrayAttr(map);
    };
    switch (op.kind) {
    case OpKind::RmsNorm:
      return bgraph::RmsNormOp::create(b, loc, resultTypes[0], in[0], in[1],
                                       b.getF64FloatAttr(op.scalar))
          .getOperation();
    case OpKind::BlockInput:
      return bgraph::InputOp::create(b, loc, resultTypes[0], in[0], gridMap(),
                                     b.getI64IntegerAttr(op.fmap))
          .getOperation();
    case OpKind::Accum: {
      // A loop dim makes the accumulator a concatenation (the kind is then
      // ignored, and the importer reads it back as a sum).
      bool concat = op.fmap != kReplica;
      bgraph::AccumKind kind = concat ? bgraph::AccumKind::concat
                               : op.accum == AccumKind::Max
                                   ? bgraph::AccumKind::max
                                   : bgraph::AccumKind::sum;
      return bgraph::AccumOp::create(b, loc, resultTypes[0], in[0], kind,
                                     in.size() >= 2 ? in[1] : Value(),
                                     concat ? b.getI64IntegerAttr(op.fmap)
                                            : IntegerAttr())
          .getOperation();
    }
    case OpKind::RunningMax:
      return bgraph::RunningMaxOp::create(b, loc, resultTypes[0], in[0])
          .getOperation();
    case OpKind::BlockOutput:
      return bgraph::OutputOp::create(b, loc, resultTypes[0], in[0], gridMap())
          .getOperation();
    case OpKind::ThreadGraph: {
      std::string where = at + "in its thread graph: ";
      const Graph &body = *op.body;
      if (failed(checkGraph(body, Level::Thread, where)))
        return failure();
      auto graph = tgraph::GraphOp::create(b, loc, resultTypes, in);
      Block *block = new Block();
      graph.getBody().push_back(block);
      for (int v : body.inputs)
        block->addArgument(
            exportElementType(b.getContext(), body.values[v].dtype), loc);
      if (failed(buildBody(body, *block, where))) {
        graph.erase();
        return failure();
      }
      return graph.getOperation();
    }
    default:
      (void)fail(at, "has no op at the block level");
      return failure();
    }
  }

  OpBuilder &b;
  Location loc;
};

} // namespace

FailureOr<func::FuncOp> tsopt::exportFunction(const Graph &g, StringRef name,
                                              OpBuilder &builder,
                                              Location loc) {
  Exporter ex(builder, loc);
  if (failed(ex.checkGraph(g, Level::Kernel, "")))
    return failure();
  // Kernel-level values are all tensors with valid types once checked
  // (negative dims rejected; RankedTensorType takes any other static shape).
  SmallVector<Type> ins, outs;
  auto tensorType = [&](int v) -> Type {
    return RankedTensorType::get(
        g.values[v].shape,
        exportElementType(builder.getContext(), g.values[v].dtype));
  };
  for (int v : g.inputs)
    ins.push_back(tensorType(v));
  for (int v : g.outputs)
    outs.push_back(tensorType(v));

  OpBuilder::InsertionGuard guard(builder);
  auto fn = func::FuncOp::create(builder, loc, name,
                                 builder.getFunctionType(ins, outs));
  Block *entry = fn.addEntryBlock();
  for (BlockArgument arg : entry->getArguments())
    arg.setLoc(loc);
  if (failed(ex.buildBody(g, *entry, "")) || failed(verify(fn))) {
    fn.erase();
    return failure();
  }
  return fn;
}

FailureOr<kgraph::KernelOp>
tsopt::exportKernel(OpBuilder &builder, Location loc, const Graph &blockGraph,
                    ValueRange operands, TypeRange resultTypes) {
  Exporter ex(builder, loc);
  FailureOr<kgraph::KernelOp> kernel =
      ex.buildKernel(blockGraph, operands, resultTypes, "");
  if (failed(kernel))
    return failure();
  if (failed(verify(*kernel))) {
    kernel->erase();
    return failure();
  }
  return kernel;
}

LogicalResult tsopt::replaceFunctionBody(func::FuncOp func, const Graph &g) {
  OpBuilder builder(func);
  FailureOr<func::FuncOp> made =
      exportFunction(g, func.getName(), builder, func.getLoc());
  if (failed(made))
    return failure();
  if (made->getFunctionType() != func.getFunctionType()) {
    made->erase();
    return func.emitError("internal error: the exported graph's signature "
                          "differs from the function's");
  }
  func.getBody().takeBody(made->getBody());
  made->erase();
  return success();
}

void tsopt::setKernelPlanAttributes(const tsopt::Op &op, Operation *built) {
  Builder b(built->getContext());
  if (op.kind == OpKind::Matmul && op.mma)
    built->setAttr(bgraph::kMmaAttrName,
                   b.getStringAttr(stringifyMmaPlan(MmaPlan(op.mma))));
  if (op.expForm)
    built->setAttr(bgraph::kExpFormAttrName,
                   b.getStringAttr(op.expForm == uint8_t(ExpForm::RunningMax)
                                       ? "running_max"
                                       : "literal"));
  if (op.treeWidth)
    built->setAttr(bgraph::kTreeWidthAttrName,
                   b.getI64IntegerAttr(op.treeWidth));
  if (op.kind == OpKind::BlockInput && op.copyBytes)
    built->setAttr(bgraph::kCopyBytesAttrName,
                   b.getI64IntegerAttr(op.copyBytes));
  if (op.kind == OpKind::BlockInput && op.tma)
    built->setAttr(bgraph::kTmaAttrName, b.getUnitAttr());
  if (!op.layouts.empty()) {
    SmallVector<Attribute, 1> texts;
    for (const Layout &layout : op.layouts)
      texts.push_back(b.getStringAttr(layout.str()));
    built->setAttr(bgraph::kLayoutAttrName,
                   texts.size() == 1 ? texts.front() : b.getArrayAttr(texts));
  }
  if (op.kind == OpKind::Kernel && op.body && op.body->stages)
    built->setAttr(bgraph::kStagesAttrName,
                   b.getI64IntegerAttr(op.body->stages));
  if (op.kind == OpKind::Kernel && op.body && op.body->threads)
    built->setAttr(bgraph::kBlockThreadsAttrName,
                   b.getI64IntegerAttr(op.body->threads));
  // The schedule and the memory plan belong to ops of block graphs.
  if (!isa_and_nonnull<bgraph::LaunchOpInterface>(built->getParentOp()))
    return;
  if (op.depth >= 0)
    built->setAttr(bgraph::kDepthAttrName, b.getI64IntegerAttr(op.depth));
  if (op.offsets.size() == 1)
    built->setAttr(bgraph::kOffsetAttrName,
                   b.getI64IntegerAttr(op.offsets.front()));
  else if (!op.offsets.empty())
    built->setAttr(bgraph::kOffsetAttrName, b.getDenseI64ArrayAttr(op.offsets));
}
