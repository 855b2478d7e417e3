//===- LinalgToKGraph.cpp - linalg on tensors -> kernel graphs ------------===//
//
// Imports a function of linalg on tensors (torch-mlir, JAX through
// stablehlo, tosa-to-linalg) into an expression graph of kgraph-level ops,
// raises the composite patterns the search and the rules know (silu,
// rms_norm with epsilon, softmax with its row max), and writes the result
// back as pre-defined kgraph ops through the exporter. Anything kgraph
// cannot express is an error naming the op (docs/import.md).
//
//===----------------------------------------------------------------------===//

#include "tsopt/Core/Precision.h"
#include "tsopt/Conversion/LinalgToKGraph/LinalgToKGraph.h"
#include "tsopt/Conversion/Passes.h"
#include "tsopt/Core/Graph.h"
#include "tsopt/Interchange/Export.h"
#include "tsopt/Interchange/Import.h"

#include "ImportGraph.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>
#include <functional>
#include <limits>
#include <optional>

namespace tsopt {
#define GEN_PASS_DEF_CONVERTLINALGTOKGRAPH
#include "tsopt/Conversion/Passes.h.inc"
} // namespace tsopt

using namespace mlir;
using namespace tsopt;

namespace tsopt::linalg_import {

DType dtypeOf(Type t) {
  auto tt = dyn_cast<RankedTensorType>(t);
  FailureOr<DType> d = importElementType(tt ? tt.getElementType() : t);
  return succeeded(d) ? *d : DType::F32;
}

Shape shapeOf(Type t) {
  auto tt = cast<RankedTensorType>(t);
  return Shape(tt.getShape().begin(), tt.getShape().end());
}

int Importer::add(Node n) {
  nodes.push_back(std::move(n));
  return nodes.size() - 1;
}

int Importer::addOp(OpKind kind, llvm::ArrayRef<int> operands,
                    const Shape &shape, DType dtype, Location loc,
                    double scalar, int64_t dim) {
  Node n{Form::Op, kind, {}, shape, dtype, scalar, dim, {}, -1, loc};
  n.operands.assign(operands.begin(), operands.end());
  return add(std::move(n));
}

int Importer::reshape(int x, const Shape &shape, Location loc) {
  if (nodes[x].shape == shape)
    return x;
  if (nodes[x].form == Form::Constant) {
    Node n = nodes[x];
    n.shape = shape;
    return add(std::move(n));
  }
  // A reshape of a reshape reads the original.
  if (nodes[x].form == Form::Op && nodes[x].kind == OpKind::Reshape)
    x = nodes[x].operands[0];
  if (nodes[x].shape == shape)
    return x;
  return addOp(OpKind::Reshape, {x}, shape, nodes[x].dtype, loc);
}

int Importer::transpose(int x, llvm::ArrayRef<int64_t> perm, Location loc) {
  // A transpose of a transpose reads the original through the composition.
  llvm::SmallVector<int64_t, 4> composed(perm);
  if (nodes[x].form == Form::Op && nodes[x].kind == OpKind::Transpose) {
    for (auto [i, p] : llvm::enumerate(perm))
      composed[i] = nodes[x].perm[p];
    x = nodes[x].operands[0];
    perm = composed;
  }
  if (llvm::equal(perm, llvm::seq<int64_t>(0, perm.size())))
    return x;
  Shape shape;
  for (int64_t p : perm)
    shape.push_back(nodes[x].shape[p]);
  int t = addOp(OpKind::Transpose, {x}, shape, nodes[x].dtype, loc);
  nodes[t].perm.assign(perm.begin(), perm.end());
  return t;
}

FailureOr<int> Importer::nodeOf(Value v, Operation *user) {
  if (auto it = values.find(v); it != values.end())
    return it->second;
  if (inits.count(v))
    return user->emitError()
           << "reads a fill or an uninitialized tensor as an input; only "
              "the init of a contraction or a reduction may be one";
  return user->emitError() << "reads a value the importer did not convert";
}

FailureOr<int> Importer::toDomain(int x, AffineMap map,
                                  llvm::ArrayRef<int64_t> domain,
                                  Operation *op) {
  // Each input dim: the domain dim it runs over, or -1 (a unit dim read at
  // constant 0).
  llvm::SmallVector<int64_t, 4> toDim;
  for (auto [i, e] : llvm::enumerate(map.getResults())) {
    if (auto d = dyn_cast<AffineDimExpr>(e)) {
      toDim.push_back(d.getPosition());
      continue;
    }
    auto c = dyn_cast<AffineConstantExpr>(e);
    if (c && c.getValue() == 0 && nodes[x].shape[i] == 1) {
      toDim.push_back(-1);
      continue;
    }
    std::string text;
    llvm::raw_string_ostream os(text);
    map.print(os);
    return op->emitError() << "reads an input through " << text
                           << ": only projected permutations (and 0 on unit "
                              "dims) are supported";
  }
  // Drop the constant dims, order the rest by domain dim, then insert unit
  // dims where the input does not range.
  Location loc = op->getLoc();
  llvm::SmallVector<int64_t, 4> kept;
  Shape keptShape;
  for (auto [i, d] : llvm::enumerate(toDim))
    if (d >= 0) {
      kept.push_back(d);
      keptShape.push_back(nodes[x].shape[i]);
    }
  x = reshape(x, keptShape, loc);
  llvm::SmallVector<int64_t, 4> order(kept.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  llvm::stable_sort(order, [&](int64_t a, int64_t b) {
    return kept[a] < kept[b];
  });
  x = transpose(x, order, loc);
  Shape full(domain.size(), 1);
  for (int64_t i : order) {
    if (nodes[x].shape.empty())
      break;
    full[kept[i]] = domain[kept[i]];
  }
  for (auto [k, i] : llvm::enumerate(order))
    if (nodes[x].shape[k] != domain[kept[i]])
      return op->emitError() << "input dim of extent " << nodes[x].shape[k]
                             << " runs over a loop of extent "
                             << domain[kept[i]];
  return reshape(x, full, loc);
}

LogicalResult Importer::importContraction(Operation *op, Value a, Value b,
                                          Value init) {
  FailureOr<int> na = nodeOf(a, op), nb = nodeOf(b, op);
  if (failed(na) || failed(nb))
    return failure();
  Value result = op->getResult(0);
  Shape shape = shapeOf(result.getType());
  DType dtype = dtypeOf(result.getType());
  Location loc = op->getLoc();
  int x = *na, y = *nb;
  // vecmat / matvec: rank-1 operands become a row or a column.
  if (nodes[x].shape.size() == 1)
    x = reshape(x, {1, nodes[x].shape[0]}, loc);
  if (nodes[y].shape.size() == 1)
    y = reshape(y, {nodes[y].shape[0], 1}, loc);
  Shape mm = nodes[x].shape;
  mm.back() = nodes[y].shape.back();
  int m = addOp(OpKind::Matmul, {x, y}, mm, dtype, loc);
  FailureOr<int> sum = accumulate(op, reshape(m, shape, loc), init);
  if (failed(sum))
    return failure();
  values[result] = *sum;
  return success();
}

FailureOr<int> Importer::accumulate(Operation *op, int value, Value init) {
  if (auto it = inits.find(init); it != inits.end()) {
    if (!it->second.fill || *it->second.fill != 0)
      return op->emitError() << "accumulates into a fill of a nonzero "
                                "value or an uninitialized tensor";
    return value;
  }
  FailureOr<int> c = nodeOf(init, op);
  if (failed(c))
    return failure();
  return addOp(OpKind::Add, {value, *c}, nodes[value].shape, nodes[value].dtype,
               op->getLoc());
}

/// `v` without the extf/truncf casts around it.
static Value stripCasts(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (!isa<arith::ExtFOp, arith::TruncFOp>(def))
      break;
    v = def->getOperand(0);
  }
  return v;
}

std::optional<int> Importer::raiseContraction(linalg::GenericOp op,
                                              int64_t reduced,
                                              unsigned result) {
  // The payload: acc + a·b of the two inputs (casts allowed).
  if (op.getNumDpsInputs() != 2)
    return std::nullopt;
  Block &body = op.getRegion().front();
  Value acc = body.getArgument(2 + result);
  auto add = stripCasts(body.getTerminator()->getOperand(result))
                 .getDefiningOp<arith::AddFOp>();
  if (!add)
    return std::nullopt;
  Value product = stripCasts(add.getLhs()) == acc   ? add.getRhs()
                  : stripCasts(add.getRhs()) == acc ? add.getLhs()
                                                    : Value();
  auto mul = product ? stripCasts(product).getDefiningOp<arith::MulFOp>()
                     : arith::MulFOp();
  if (!mul)
    return std::nullopt;
  Value x = stripCasts(mul.getLhs()), y = stripCasts(mul.getRhs());
  if (!((x == body.getArgument(0) && y == body.getArgument(1)) ||
        (x == body.getArgument(1) && y == body.getArgument(0))))
    return std::nullopt;
  // Both inputs read through projections of the loops (each loop at most
  // once), both range over the reduced loop.
  auto maps = op.getIndexingMapsArray();
  llvm::SmallVector<int64_t, 4> domain = op.getStaticLoopRanges();
  llvm::SmallVector<int, 2> in;
  for (unsigned i = 0; i < 2; ++i) {
    Value t = op.getDpsInputs()[i];
    auto it = values.find(t);
    if (!isa<RankedTensorType>(t.getType()) || it == values.end() ||
        nodes[it->second].form != Form::Op || !maps[i].isProjectedPermutation(
                                                 /*allowZeroInResults=*/false) ||
        !maps[i].isFunctionOfDim(reduced))
      return std::nullopt;
    in.push_back(it->second);
  }
  // Each parallel loop: a batch loop (both inputs), an M loop (the first
  // only), an N loop (the second only), or a unit loop neither reads.
  llvm::SmallVector<int64_t, 4> batch, mDims, nDims;
  for (int64_t d = 0; d < static_cast<int64_t>(domain.size()); ++d) {
    if (d == reduced)
      continue;
    bool a = maps[0].isFunctionOfDim(d), b = maps[1].isFunctionOfDim(d);
    if (a && b)
      batch.push_back(d);
    else if (a)
      mDims.push_back(d);
    else if (b)
      nDims.push_back(d);
    else if (domain[d] != 1)
      return std::nullopt; // a sum over a broadcast: not a contraction
  }
  Location loc = op.getLoc();
  DType dtype = dtypeOf(op.getResult(result).getType());
  // Input `i` transposed to the loops `order` and reshaped to
  // batch × (product of the loops of `rows`) × (product of `cols`).
  auto operand = [&](unsigned i, llvm::ArrayRef<int64_t> rows,
                     llvm::ArrayRef<int64_t> cols) {
    llvm::SmallVector<int64_t, 4> order(batch);
    order.append(rows.begin(), rows.end());
    order.append(cols.begin(), cols.end());
    llvm::SmallVector<int64_t, 4> perm;
    for (int64_t d : order)
      perm.push_back(*maps[i].getResultPosition(
          getAffineDimExpr(d, op.getContext())));
    int t = transpose(in[i], perm, loc);
    Shape shape;
    for (int64_t d : batch)
      shape.push_back(domain[d]);
    int64_t r = 1, c = 1;
    for (int64_t d : rows)
      r *= domain[d];
    for (int64_t d : cols)
      c *= domain[d];
    shape.append({r, c});
    return reshape(t, shape, loc);
  };
  int a = operand(0, mDims, {reduced});
  int b = operand(1, {reduced}, nDims);
  Shape mm = nodes[a].shape;
  mm.back() = nodes[b].shape.back();
  int m = addOp(OpKind::Matmul, {a, b}, mm, dtype, loc);
  // Back to the loops: batch, M, N; then in the domain's order with the
  // reduced loop (and the loops neither input reads) as unit dims.
  llvm::SmallVector<int64_t, 4> order(batch);
  order.append(mDims.begin(), mDims.end());
  order.append(nDims.begin(), nDims.end());
  Shape split;
  for (int64_t d : order)
    split.push_back(domain[d]);
  m = reshape(m, split, loc);
  llvm::SmallVector<int64_t, 4> sorted(order), perm;
  llvm::sort(sorted);
  for (int64_t d : sorted)
    perm.push_back(llvm::find(order, d) - order.begin());
  m = transpose(m, perm, loc);
  Shape reducedShape(domain.begin(), domain.end());
  reducedShape[reduced] = 1;
  return reshape(m, reducedShape, loc);
}

LogicalResult Importer::importGeneric(linalg::GenericOp op) {
  // With several outputs, only one result may be read (torch's max(dim)
  // yields values and indices; a softmax reads the values).
  unsigned k = 0;
  if (op.getNumDpsInits() != 1) {
    llvm::SmallVector<unsigned, 2> used;
    for (auto [i, r] : llvm::enumerate(op.getResults()))
      if (!r.use_empty())
        used.push_back(i);
    if (used.size() != 1)
      return op.emitError() << "a linalg.generic with several outputs is "
                               "supported when exactly one of its results "
                               "is used";
    k = used[0];
  }
  llvm::SmallVector<int64_t, 4> domain = op.getStaticLoopRanges();
  if (llvm::any_of(domain, ShapedType::isDynamic))
    return op.emitError() << "dynamic shapes are not supported";
  auto iterators = op.getIteratorTypesArray();
  llvm::SmallVector<int64_t, 1> reduced;
  for (auto [i, it] : llvm::enumerate(iterators))
    if (it == utils::IteratorType::reduction)
      reduced.push_back(i);
  if (reduced.size() > 1)
    return op.emitError() << "reduces over " << reduced.size()
                          << " loops; one is supported";
  auto maps = op.getIndexingMapsArray();
  Value out = op.getDpsInits()[k];
  Value result = op.getResult(k);
  DType dtype = dtypeOf(result.getType());
  Shape domainShape(domain.begin(), domain.end());
  llvm::SmallVector<int, 4> args;
  argConstants.clear();
  Block &payload = op.getRegion().front();
  for (auto [i, in] : llvm::enumerate(op.getDpsInputs())) {
    if (!isa<RankedTensorType>(in.getType())) {
      args.push_back(-1); // a scalar operand: constants only
      if (std::optional<double> c = constantOf(in))
        argConstants[payload.getArgument(i)] = *c;
      continue;
    }
    FailureOr<int> n = nodeOf(in, op);
    if (failed(n))
      return failure();
    if (nodes[*n].form == Form::Constant) {
      // Read as a scalar in the payload.
      argConstants[payload.getArgument(i)] = nodes[*n].scalar;
      args.push_back(-1);
      continue;
    }
    FailureOr<int> d = toDomain(*n, maps[i], domain, op);
    if (failed(d))
      return failure();
    args.push_back(*d);
  }
  AffineMap outMap = maps[op.getNumDpsInputs() + k];
  Block &body = op.getRegion().front();
  int accArg = op.getNumDpsInputs() + k;
  bool readsOut = !body.getArgument(accArg).use_empty();
  if (reduced.empty()) {
    if (!outMap.isIdentity())
      return op.emitError() << "writes its output through a map other "
                               "than the identity; it is not supported";
    if (readsOut)
      return op.emitError() << "an element-wise linalg.generic that reads "
                               "its output is not supported";
    args.append(op.getNumDpsInits(), -1);
    FailureOr<int> r = importPayload(body, args, domainShape, dtype, op,
                                     accArg, nullptr, k);
    if (failed(r))
      return failure();
    // A payload of casts only (torch's .to(f16) of an f32 result) yields a
    // node that exists already: a truncation stores it in the narrower type.
    if (dtype != DType::F32)
      r = narrow(*r, dtype);
    // A payload that only reads a broadcast input (JAX's broadcast_in_dim)
    // is the input repeated over the dims it does not range over.
    if (nodes[*r].form == Form::Op && nodes[*r].shape != domainShape &&
        nodes[*r].shape.size() == domainShape.size())
      r = addOp(OpKind::Repeat, {*r}, domainShape, dtype, op.getLoc());
    values[result] = reshape(*r, shapeOf(result.getType()), op.getLoc());
    return success();
  }
  // A reduction: the output map drops the reduced loop.
  int64_t r = reduced[0];
  // (A kept unit dim reads as the constant 0.)
  for (auto [k, e] : llvm::enumerate(outMap.getResults())) {
    auto c = dyn_cast<AffineConstantExpr>(e);
    if (c && c.getValue() == 0)
      continue;
    auto d = dyn_cast<AffineDimExpr>(e);
    if (!d || d.getPosition() == r)
      return op.emitError() << "a reduction must write its output through "
                               "the parallel loops in order";
  }
  args.append(op.getNumDpsInits(), -1);
  OpKind combiner = OpKind::Add; // not seen yet
  FailureOr<int> f = importPayload(body, args, domainShape, dtype, op, accArg,
                                   &combiner, k);
  if (failed(f))
    return failure();
  if (combiner == OpKind::Add)
    return op.emitError() << "a reduction must combine with its output";
  Shape reducedShape = domainShape;
  reducedShape[r] = 1;
  std::optional<int> contraction;
  if (combiner == OpKind::ReduceSum)
    contraction = raiseContraction(op, r, k);
  int red = contraction ? *contraction
                        : addOp(combiner, {*f}, reducedShape, dtype,
                                op.getLoc(), 0, r);
  red = reshape(red, shapeOf(result.getType()), op.getLoc());
  auto it = inits.find(out);
  double identity = combiner == OpKind::ReduceSum
                        ? 0.0
                        : -std::numeric_limits<double>::infinity();
  // A max starts from -inf, a huge negative value, or NaN (upstream's
  // identity of maxnumf).
  auto maxIdentity = [](double v) { return v < -1e30 || std::isnan(v); };
  if (it == inits.end() || !it->second.fill ||
      (*it->second.fill != identity &&
       !(combiner == OpKind::ReduceMax && maxIdentity(*it->second.fill))))
    return op.emitError() << "a reduction's init must be a fill of its "
                             "identity (0 for a sum, -inf for a max)";
  values[result] = red;
  return success();
}

LogicalResult Importer::importReduce(linalg::ReduceOp op) {
  if (op.getInputs().size() != 1 || op.getDimensions().size() != 1)
    return op.emitError() << "a linalg.reduce of one input over one dim is "
                             "supported";
  FailureOr<int> x = nodeOf(op.getInputs()[0], op);
  if (failed(x))
    return failure();
  Block &body = op.getRegion().front();
  Operation *combine = body.getTerminator()->getOperand(0).getDefiningOp();
  OpKind kind = combine && isa<arith::AddFOp>(combine) ? OpKind::ReduceSum
                : combine && isa<arith::MaximumFOp, arith::MaxNumFOp>(combine)
                    ? OpKind::ReduceMax
                    : OpKind::Kernel;
  if (kind == OpKind::Kernel)
    return op.emitError() << "a linalg.reduce combines by addf or maximumf";
  int64_t d = op.getDimensions()[0];
  Shape shape = nodes[*x].shape;
  shape[d] = 1;
  int r = addOp(kind, {*x}, shape, dtypeOf(op.getResult(0).getType()),
                op.getLoc(), 0, d);
  values[op.getResult(0)] = reshape(r, shapeOf(op.getResult(0).getType()),
                                    op.getLoc());
  return success();
}

LogicalResult Importer::importOp(Operation *op) {
  for (Type t : op->getResultTypes())
    if (auto rt = dyn_cast<RankedTensorType>(t); rt && !rt.hasStaticShape())
      return op->emitError() << "dynamic shapes are not supported";
  Location loc = op->getLoc();
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    auto splat = dyn_cast<SplatElementsAttr>(c.getValue());
    if (splat && isa<FloatType>(splat.getElementType())) {
      auto t = cast<RankedTensorType>(c.getType());
      Node n{Form::Constant, OpKind::Add, {}, shapeOf(t), dtypeOf(t),
             splat.getSplatValue<APFloat>().convertToDouble(), 0, {}, -1,
             loc};
      values[c.getResult()] = add(std::move(n));
      return success();
    }
    if (isa<RankedTensorType>(c.getType()))
      return op->emitError()
             << "tensor constants (weights inlined as dense or "
                "dense_resource) are not supported: pass them as function "
                "arguments";
    return success(); // scalars are read where they are used
  }
  if (auto e = dyn_cast<tensor::EmptyOp>(op)) {
    inits[e.getResult()] = Init{};
    return success();
  }
  if (auto f = dyn_cast<linalg::FillOp>(op)) {
    std::optional<double> c = constantOf(f.getInputs()[0]);
    if (!c)
      return op->emitError() << "fills with a value that is not a constant";
    inits[f.getResult(0)] = Init{c};
    return success();
  }
  if (auto m = dyn_cast<linalg::MatmulOp>(op)) {
    if (!m.hasDynamicShape() && m.getIndexingMaps() &&
        m.getIndexingMapsArray() != m.getDefaultIndexingMaps(op->getContext()))
      return op->emitError() << "a linalg.matmul with non-default indexing "
                                "maps is not supported";
    return importContraction(op, m.getInputs()[0], m.getInputs()[1],
                             m.getOutputs()[0]);
  }
  if (auto m = dyn_cast<linalg::BatchMatmulOp>(op))
    return importContraction(op, m.getInputs()[0], m.getInputs()[1],
                             m.getOutputs()[0]);
  if (auto m = dyn_cast<linalg::MatvecOp>(op))
    return importContraction(op, m.getInputs()[0], m.getInputs()[1],
                             m.getOutputs()[0]);
  if (auto m = dyn_cast<linalg::VecmatOp>(op))
    return importContraction(op, m.getInputs()[0], m.getInputs()[1],
                             m.getOutputs()[0]);
  if (auto t = dyn_cast<linalg::TransposeOp>(op)) {
    FailureOr<int> x = nodeOf(t.getInput(), op);
    if (failed(x))
      return failure();
    values[t.getResult()[0]] = transpose(*x, t.getPermutation(), loc);
    return success();
  }
  if (auto b = dyn_cast<linalg::BroadcastOp>(op)) {
    FailureOr<int> x = nodeOf(b.getInput(), op);
    if (failed(x))
      return failure();
    Shape shape = shapeOf(b.getResult()[0].getType());
    Shape withUnits = shape;
    for (int64_t d : b.getDimensions())
      withUnits[d] = 1;
    int u = reshape(*x, withUnits, loc);
    values[b.getResult()[0]] =
        addOp(OpKind::Repeat, {u}, shape, nodes[u].dtype, loc);
    return success();
  }
  if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op)) {
    FailureOr<int> x = nodeOf(op->getOperand(0), op);
    if (failed(x))
      return failure();
    values[op->getResult(0)] =
        reshape(*x, shapeOf(op->getResult(0).getType()), loc);
    return success();
  }
  // Named element-wise ops (operands and result of one shape).
  std::optional<OpKind> named =
      isa<linalg::AddOp>(op)     ? std::optional(OpKind::Add)
      : isa<linalg::SubOp>(op)   ? std::optional(OpKind::Sub)
      : isa<linalg::MulOp>(op)   ? std::optional(OpKind::Mul)
      : isa<linalg::DivOp>(op)   ? std::optional(OpKind::Div)
      : isa<linalg::ExpOp>(op)   ? std::optional(OpKind::Exp)
      : isa<linalg::NegFOp>(op)  ? std::optional(OpKind::Neg)
      : isa<linalg::SqrtOp>(op)  ? std::optional(OpKind::Sqrt)
      : isa<linalg::RsqrtOp>(op) ? std::optional(OpKind::Rsqrt)
      : isa<linalg::SquareOp>(op) ? std::optional(OpKind::Square)
                                  : std::nullopt;
  if (named) {
    auto structured = cast<linalg::LinalgOp>(op);
    llvm::SmallVector<int, 2> operands;
    Shape shape = shapeOf(op->getResult(0).getType());
    for (Value in : structured.getDpsInputs()) {
      FailureOr<int> n = nodeOf(in, op);
      if (failed(n))
        return failure();
      if (nodes[*n].shape != shape)
        return op->emitError() << "operands of another shape than the "
                                  "result are not supported";
      operands.push_back(*n);
    }
    values[op->getResult(0)] =
        addOp(*named, operands, shape, dtypeOf(op->getResult(0).getType()),
              loc);
    return success();
  }
  if (auto c = dyn_cast<tensor::ConcatOp>(op)) {
    llvm::SmallVector<int, 2> operands;
    for (Value in : c.getInputs()) {
      FailureOr<int> n = nodeOf(in, op);
      if (failed(n))
        return failure();
      operands.push_back(*n);
    }
    values[c.getResult()] =
        addOp(OpKind::Concat, operands, shapeOf(c.getType()),
              dtypeOf(c.getType()), loc, 0, c.getDim());
    return success();
  }
  if (auto s = dyn_cast<tensor::ExtractSliceOp>(op)) {
    // Static offsets, sizes and strides; a strided slice is the unit-stride
    // slice from its first to its last element, then a 1x1 window of those
    // strides (up to two strided dims); a rank-reducing slice is followed by
    // a reshape to the reduced type.
    if (!s.getOffsets().empty() || !s.getSizes().empty() ||
        !s.getStrides().empty())
      return op->emitError() << "slices with dynamic offsets, sizes or "
                                "strides are not supported";
    FailureOr<int> x = nodeOf(s.getSource(), op);
    if (failed(x))
      return failure();
    SmallVector<int64_t, 4> strides(s.getStaticStrides());
    if (llvm::any_of(strides, [](int64_t st) { return st < 1; }))
      return op->emitError() << "slices with strides below 1 are not "
                                "supported";
    Shape sizes(s.getStaticSizes().begin(), s.getStaticSizes().end());
    // A stride over one element is none.
    for (size_t d = 0; d < sizes.size(); ++d)
      if (sizes[d] == 1)
        strides[d] = 1;
    Shape span = sizes;
    for (size_t d = 0; d < span.size(); ++d)
      span[d] = (sizes[d] - 1) * strides[d] + 1;
    int n = addOp(OpKind::Slice, {*x}, span, nodes[*x].dtype, loc);
    nodes[n].perm.assign(s.getStaticOffsets().begin(),
                         s.getStaticOffsets().end());
    SmallVector<int64_t, 4> none(span.size(), 0);
    FailureOr<int> strided = unitWindow(n, none, none, strides, op);
    if (failed(strided))
      return failure();
    values[s.getResult()] = reshape(*strided, shapeOf(s.getType()), loc);
    return success();
  }
  if (isa<linalg::Conv2DNchwFchwOp, linalg::Conv2DNhwcHwcfOp,
          linalg::Conv2DNhwcFhwcOp, linalg::Conv2DNgchwGfchwOp,
          linalg::DepthwiseConv2DNchwChwOp>(op))
    return importConvolution(cast<linalg::LinalgOp>(op));
  if (isa<linalg::PoolingNchwSumOp, linalg::PoolingNchwMaxOp,
          linalg::PoolingNhwcSumOp, linalg::PoolingNhwcMaxOp>(op))
    return importPooling(cast<linalg::LinalgOp>(op));
  if (auto p = dyn_cast<tensor::PadOp>(op))
    return importPad(p);
  if (auto g = dyn_cast<linalg::GenericOp>(op))
    return importGeneric(g);
  if (auto r = dyn_cast<linalg::ReduceOp>(op))
    return importReduce(r);
  if (auto s = dyn_cast<linalg::SoftmaxOp>(op)) {
    // softmax(x) = exp(x - max) / Σ exp(x - max), with the max: finite in
    // f32 for any scores.
    FailureOr<int> x = nodeOf(s.getInput(), op);
    if (failed(x))
      return failure();
    Shape shape = nodes[*x].shape;
    DType dt = nodes[*x].dtype;
    int64_t d = s.getDimension();
    Shape red = shape;
    red[d] = 1;
    int m = addOp(OpKind::ReduceMax, {*x}, red, dt, loc, 0, d);
    int c = addOp(OpKind::Sub, {*x, m}, shape, dt, loc);
    int e = addOp(OpKind::Exp, {c}, shape, dt, loc);
    int sum = addOp(OpKind::ReduceSum, {e}, red, dt, loc, 0, d);
    values[s.getResult()[0]] = addOp(OpKind::Div, {e, sum}, shape, dt, loc);
    return success();
  }
  if (isa<func::ReturnOp>(op)) {
    for (Value v : op->getOperands()) {
      FailureOr<int> n = nodeOf(v, op);
      if (failed(n))
        return failure();
      outputs.push_back(*n);
    }
    return success();
  }
  return op->emitError() << "'" << op->getName()
                         << "' has no kgraph counterpart";
}

int Importer::narrow(int node, DType dtype) {
  // Through data movement to the op that computes the value: a reshape
  // is a view of its operand's buffer, so its dtype is its operand's.
  int source = node;
  while (nodes[source].form == Form::Op && isDataMovement(nodes[source].kind) &&
         nodes[source].kind != OpKind::Concat)
    source = nodes[source].operands[0];
  Node &n = nodes[source];
  if (n.form == Form::Op && n.argument < 0 && n.dtype == DType::F32) {
    n.dtype = dtype;
    return node;
  }
  if (n.argument < 0 || n.dtype == dtype ||
      widerDType(n.dtype, dtype) != n.dtype)
    return node;
  Shape shape = nodes[node].shape; // addOp may move the nodes
  Location loc = nodes[node].loc;
  return addOp(OpKind::MulScalar, {node}, shape, dtype, loc, 1.0);
}

FailureOr<Graph> Importer::emit() {
  // Precision is the program's (Core/Precision.h): every value keeps the
  // dtype the export gives it, so an f16 model's norms, softmax and
  // residual statistics stay f32 where torch computes them in f32. An
  // extf is exact and reads as its operand; a truncf stores its operand's
  // node in the narrower type (narrow). Data movement keeps its operand's
  // dtype, and a result is stored in the function's result type.
  for (Node &n : nodes) {
    if (n.form != Form::Op || n.argument >= 0 || !isDataMovement(n.kind) ||
        n.operands.empty())
      continue;
    n.dtype = nodes[n.operands[0]].dtype;
    for (int o : n.operands)
      n.dtype = widerDType(n.dtype, nodes[o].dtype);
  }
  // A result is stored in the function's result type: a computed value is
  // computed into it; an argument or data movement, which keep their
  // dtype, is converted by an exact ×1 (a cast of an input to the result's
  // type, torch's .to(f16) of an argument).
  for (auto [i, t] : llvm::enumerate(func.getFunctionType().getResults())) {
    auto rt = dyn_cast<RankedTensorType>(t);
    if (!rt || i >= outputs.size() ||
        failed(importElementType(rt.getElementType())))
      continue;
    Node &n = nodes[outputs[i]];
    bool keepsDType =
        n.argument >= 0 || (n.form == Form::Op && isDataMovement(n.kind));
    if (!keepsDType)
      n.dtype = dtypeOf(rt);
    else if (n.dtype != dtypeOf(rt)) {
      Shape shape = n.shape; // addOp may move the nodes
      Location loc = n.loc;
      outputs[i] =
          addOp(OpKind::MulScalar, {outputs[i]}, shape, dtypeOf(rt), loc, 1.0);
    }
  }
  std::vector<bool> live(nodes.size(), false);
  for (int o : outputs)
    live[o] = true;
  for (size_t v = nodes.size(); v-- > 0;)
    if (live[v])
      for (int o : nodes[v].operands)
        live[o] = true;
  Graph g;
  std::vector<int> ids(nodes.size(), -1);
  for (auto [v, n] : llvm::enumerate(nodes))
    if (n.argument >= 0)
      ids[v] = g.addInput(tsopt::TensorType{n.shape, n.dtype});
  for (auto [v, n] : llvm::enumerate(nodes)) {
    if (n.argument >= 0 || !live[v])
      continue;
    if (n.form == Form::Constant)
      return emitError(n.loc)
             << "a constant tensor (" << n.scalar
             << " everywhere) is read by an op that cannot take it as a "
                "scalar: pass it as a function argument";
    if (n.form == Form::Erf)
      return emitError(n.loc)
             << "takes erf: kgraph has none (only gelu's "
                "x/2·(1 + erf(x/√2)) is raised)";
    if (n.negInfPad)
      return emitError(n.loc)
             << "pads with -inf, which kgraph has only where a max pooling "
                "reads the padding (every window holding an element of the "
                "image, so that the max never takes it)";
    if (n.form == Form::Reciprocal)
      return emitError(n.loc)
             << "takes a reciprocal 1/x: kgraph has none (only 1/(1 + "
                "exp(-x)) is raised, to sigmoid, or with x to silu)";
    tsopt::Op op;
    // A scalar add raising did not absorb (into silu, an rms_norm's
    // epsilon) is kgraph.add_scalar.
    op.kind = n.form == Form::AddScalar ? OpKind::AddScalar : n.kind;
    for (int o : n.operands)
      op.operands.push_back(ids[o]);
    op.scalar = n.scalar;
    op.dim = n.dim;
    op.perm = n.perm;
    ids[v] = g.addOp(std::move(op), {tsopt::TensorType{n.shape, n.dtype}});
  }
  for (int o : outputs)
    g.outputs.push_back(ids[o]);
  return g;
}

LogicalResult Importer::run() {
  for (auto [i, arg] : llvm::enumerate(func.getArguments())) {
    auto t = dyn_cast<RankedTensorType>(arg.getType());
    if (!t || !t.hasStaticShape())
      return func.emitError() << "argument " << i
                              << " is not a statically shaped tensor";
    if (failed(importElementType(t.getElementType())))
      return func.emitError() << "argument " << i << " has element type "
                              << t.getElementType()
                              << "; f16, bf16 and f32 are supported";
    Node n;
    n.shape = shapeOf(t);
    n.dtype = dtypeOf(t);
    n.argument = i;
    n.loc = arg.getLoc();
    values[arg] = add(std::move(n));
  }
  for (Operation &op : func.getBody().front())
    if (failed(importOp(&op)))
      return failure();
  raise();
  FailureOr<Graph> g = emit();
  if (failed(g))
    return failure();
  return replaceFunctionBody(func, *g);
}

} // namespace tsopt::linalg_import

namespace {
using tsopt::linalg_import::Importer;

struct ConvertLinalgToKGraphPass
    : public tsopt::impl::ConvertLinalgToKGraphBase<
          ConvertLinalgToKGraphPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (hasLinalgOps(func) && failed(convertLinalgToKGraph(func)))
        return signalPassFailure();
  }
};

} // namespace

bool tsopt::hasLinalgOps(func::FuncOp func) {
  if (func.isExternal())
    return false;
  bool found = false;
  func.walk([&](Operation *op) {
    found |= isa<linalg::LinalgDialect, tensor::TensorDialect>(
        op->getDialect());
  });
  return found;
}

LogicalResult tsopt::convertLinalgToKGraph(func::FuncOp func) {
  if (func.getBody().getBlocks().size() != 1)
    return func.emitError() << "a function of one block is supported";
  return Importer(func).run();
}
