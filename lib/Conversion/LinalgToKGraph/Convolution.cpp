//===- Convolution.cpp - Convolutions and padding into kgraph -------------===//
//
// Part of convert-linalg-to-kgraph (ImportGraph.h). The 2-d convolutions
// torch-mlir, JAX and IREE write as named linalg ops become kgraph.conv2d
// in NCHW / FCHW, the other layouts through transposes and reshapes; a
// tensor.pad with zeros, and a strided slice, are im2col with a 1x1 window
// (data movement), and a convolution whose input is such a pad takes the
// padding into its window.
//
//===----------------------------------------------------------------------===//

#include "ImportGraph.h"
#include "tsopt/Core/Precision.h"
#include "tsopt/Core/ShapeRules.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/STLExtras.h"

#include <cmath>

#include <functional>

namespace tsopt::linalg_import {

namespace {
/// Static extents of `attr` ("strides", "dilations"), or {1, 1} when the op
/// has none (the named ops' default).
FailureOr<std::array<int64_t, 2>> windowAttr(Operation *op, StringRef name) {
  auto attr = op->getAttrOfType<DenseIntElementsAttr>(name);
  if (!attr)
    return std::array<int64_t, 2>{1, 1};
  if (attr.getNumElements() != 2)
    return op->emitError() << "'" << name << "' must hold 2 extents";
  auto values = attr.getValues<int64_t>();
  return std::array<int64_t, 2>{values[0], values[1]};
}

/// Whether every window of `w` over an image of `extent` (height, width)
/// holds an element of the image, so that a max never takes the padding.
bool everyWindowTouches(const ConvWindow &w, std::array<int64_t, 2> extent) {
  for (int d = 0; d < 2; ++d)
    for (int64_t o = 0, n = w.outputExtent(d, extent[d]); o < n; ++o) {
      bool touches = false;
      for (int64_t i = 0; i < w.kernel[d] && !touches; ++i) {
        int64_t at = o * w.stride[d] - w.padLow[d] + i * w.dilation[d];
        touches = at >= 0 && at < extent[d];
      }
      if (!touches)
        return false;
    }
  return true;
}

bool isUnitWindow(const ConvWindow &w) {
  return w.kernel == std::array<int64_t, 2>{1, 1} &&
         w.stride == std::array<int64_t, 2>{1, 1} &&
         w.dilation == std::array<int64_t, 2>{1, 1};
}
} // namespace

int Importer::im2col(int x, const ConvWindow &w, Location loc,
                     double padValue) {
  const Shape &s = nodes[x].shape;
  Shape cols = {s[0], s[1] * w.kernel[0] * w.kernel[1],
                w.outputExtent(0, s[2]) * w.outputExtent(1, s[3])};
  int c = addOp(OpKind::Im2Col, {x}, cols, nodes[x].dtype, loc, padValue);
  nodes[c].perm = w.encode();
  return c;
}

FailureOr<int> Importer::unitWindow(int x, ArrayRef<int64_t> padLow,
                                    ArrayRef<int64_t> padHigh,
                                    ArrayRef<int64_t> strides, Operation *op,
                                    double padValue) {
  Location loc = op->getLoc();
  size_t rank = padLow.size();
  // The dims the window changes, last; at most two (its height and width).
  SmallVector<int64_t, 4> kept, moved;
  for (size_t d = 0; d < rank; ++d)
    (padLow[d] || padHigh[d] || strides[d] != 1 ? moved : kept).push_back(d);
  if (moved.empty())
    return x;
  if (moved.size() > 2 || rank > 4)
    return op->emitError() << "changes " << moved.size() << " dims of a rank-"
                           << rank << " tensor: at most two dims of a tensor "
                           << "of rank 4 or less are supported";
  if (moved.size() == 1 && rank >= 2) {
    // One dim: the window's other dim its neighbour (after it, or before
    // the last), so that a dim already last stays last and a pad of an
    // image's height alone needs no transpose.
    int64_t d = moved[0];
    int64_t other = d + 1 < static_cast<int64_t>(rank) ? d + 1 : d - 1;
    llvm::erase(kept, other);
    moved = {std::min(d, other), std::max(d, other)};
  }
  SmallVector<int64_t, 4> perm(kept);
  perm.append(moved.begin(), moved.end());
  int t = transpose(x, perm, loc);
  // (a, b, h, w): the kept dims as the images and channels.
  Shape s = nodes[t].shape;
  while (s.size() < 4)
    s.insert(s.begin(), 1);
  int64_t lead = 1;
  for (size_t d = 0; d + 3 < s.size(); ++d)
    lead *= s[d];
  int r = reshape(t, {lead, s[s.size() - 3], s[s.size() - 2], s.back()}, loc);
  ConvWindow w;
  for (int d = 0; d < 2; ++d) {
    int64_t dim = moved.size() == 2 ? moved[d] : (d == 0 ? -1 : moved[0]);
    if (dim < 0)
      continue;
    w.padLow[d] = padLow[dim];
    w.padHigh[d] = padHigh[dim];
    w.stride[d] = strides[dim];
  }
  std::string why;
  if (failed(checkConvWindow(w, &why)))
    return op->emitError() << why;
  int c = im2col(r, w, loc, padValue);
  // Back to the operand's order, with the window's extents.
  Shape transposed;
  for (int64_t p : perm)
    transposed.push_back(nodes[x].shape[p]);
  for (size_t k = 0; k < moved.size(); ++k) {
    int d = moved.size() == 2 ? k : 1;
    transposed[kept.size() + k] =
        w.outputExtent(d, transposed[kept.size() + k]);
  }
  int back = reshape(c, transposed, loc);
  SmallVector<int64_t, 4> inverse(perm.size());
  for (auto [i, p] : llvm::enumerate(perm))
    inverse[p] = i;
  return transpose(back, inverse, loc);
}

int Importer::foldPad(int x, ConvWindow &w, bool underMax) {
  const Node &in = nodes[x];
  if (in.form != Form::Op || in.kind != OpKind::Reshape)
    return x;
  const Node &cols = nodes[in.operands[0]];
  std::optional<ConvWindow> pad = ConvWindow::decode(cols.perm);
  if (cols.form != Form::Op || cols.kind != OpKind::Im2Col || !pad ||
      !isUnitWindow(*pad))
    return x;
  // A convolution and a sum pad with zeros; a max with -inf, which its
  // window never takes when every window holds an element of the image.
  if (underMax ? !cols.negInfPad : (cols.negInfPad || cols.scalar != 0))
    return x;
  if (underMax) {
    ConvWindow folded = w;
    for (int d = 0; d < 2; ++d) {
      folded.padLow[d] += pad->padLow[d];
      folded.padHigh[d] += pad->padHigh[d];
    }
    const Shape &image = nodes[cols.operands[0]].shape;
    if (!everyWindowTouches(folded, {image[2], image[3]}))
      return x;
  }
  for (int d = 0; d < 2; ++d) {
    w.padLow[d] += pad->padLow[d];
    w.padHigh[d] += pad->padHigh[d];
  }
  return cols.operands[0];
}

LogicalResult Importer::importPad(tensor::PadOp op) {
  if (!op.getLow().empty() || !op.getHigh().empty())
    return op.emitError() << "padding of dynamic extent is not supported";
  Value padValue = op.getConstantPaddingValue();
  std::optional<double> value = padValue ? constantOf(padValue) : std::nullopt;
  if (!value)
    return op.emitError() << "pads with a value that is not a constant";
  bool negInf = std::isinf(*value) && *value < 0;
  if (!std::isfinite(*value) && !negInf)
    return op.emitError() << "pads with " << *value
                          << ": kgraph's values are finite";
  FailureOr<int> x = nodeOf(op.getSource(), op);
  if (failed(x))
    return failure();
  DType dtype = nodes[*x].dtype;
  if (negInf)
    value = -maxFinite(dtype);
  int before = static_cast<int>(nodes.size());
  SmallVector<int64_t, 4> strides(op.getStaticLow().size(), 1);
  FailureOr<int> padded = unitWindow(*x, op.getStaticLow(), op.getStaticHigh(),
                                     strides, op, *value);
  if (failed(padded))
    return failure();
  for (int n = before; n < static_cast<int>(nodes.size()); ++n)
    if (nodes[n].kind == OpKind::Im2Col)
      nodes[n].negInfPad = negInf;
  values[op.getResult()] = *padded;
  return success();
}

LogicalResult Importer::importConvolution(linalg::LinalgOp op) {
  Operation *operation = op.getOperation();
  Location loc = op.getLoc();
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1)
    return op.emitError() << "expected a convolution of two inputs";
  FailureOr<int> xn = nodeOf(op.getDpsInputs()[0], operation),
                 wn = nodeOf(op.getDpsInputs()[1], operation);
  if (failed(xn) || failed(wn))
    return failure();
  FailureOr<std::array<int64_t, 2>> strides = windowAttr(operation, "strides"),
                                    dilations =
                                        windowAttr(operation, "dilations");
  if (failed(strides) || failed(dilations))
    return failure();
  int x = *xn, w = *wn;
  Value result = operation->getResult(0);
  Shape resultShape = shapeOf(result.getType());
  // Into NCHW images and FCHW filters; `back` undoes the result's layout.
  int64_t groups = 1;
  std::function<int(int)> back = [](int y) { return y; };
  const Shape &xs = nodes[x].shape, &ws = nodes[w].shape;
  if (isa<linalg::Conv2DNhwcHwcfOp, linalg::Conv2DNhwcFhwcOp>(operation)) {
    x = transpose(x, {0, 3, 1, 2}, loc);
    w = transpose(w,
                  isa<linalg::Conv2DNhwcHwcfOp>(operation)
                      ? ArrayRef<int64_t>{3, 2, 0, 1}
                      : ArrayRef<int64_t>{0, 3, 1, 2},
                  loc);
    back = [&, loc](int y) { return transpose(y, {0, 2, 3, 1}, loc); };
  } else if (isa<linalg::DepthwiseConv2DNchwChwOp>(operation)) {
    groups = xs[1];
    w = reshape(w, {ws[0], 1, ws[1], ws[2]}, loc);
  } else if (isa<linalg::Conv2DNgchwGfchwOp>(operation)) {
    groups = xs[1];
    x = reshape(x, {xs[0], xs[1] * xs[2], xs[3], xs[4]}, loc);
    w = reshape(w, {ws[0] * ws[1], ws[2], ws[3], ws[4]}, loc);
    back = [&, loc, resultShape](int y) {
      return reshape(y, resultShape, loc);
    };
  }
  ConvWindow window;
  window.kernel = {nodes[w].shape[2], nodes[w].shape[3]};
  window.stride = *strides;
  window.dilation = *dilations;
  x = foldPad(x, window, /*underMax=*/false);
  std::string why;
  FailureOr<Shape> shape =
      conv2dShape(nodes[x].shape, nodes[w].shape, window, groups, &why);
  if (failed(shape))
    return op.emitError() << why;
  DType dtype = dtypeOf(result.getType());
  int y = addOp(OpKind::Conv2d, {x, w}, *shape, dtype, loc, 0, groups);
  nodes[y].perm = window.encode();
  y = back(y);
  if (nodes[y].shape != resultShape)
    return op.emitError() << "the convolution gives "
                          << formatShape(nodes[y].shape) << ", not "
                          << formatShape(resultShape);
  FailureOr<int> sum = accumulate(operation, y, op.getDpsInits()[0]);
  if (failed(sum))
    return failure();
  values[result] = *sum;
  return success();
}

LogicalResult Importer::importPooling(linalg::LinalgOp op) {
  Operation *operation = op.getOperation();
  Location loc = op.getLoc();
  bool isMax =
      isa<linalg::PoolingNchwMaxOp, linalg::PoolingNhwcMaxOp>(operation);
  bool nhwc =
      isa<linalg::PoolingNhwcSumOp, linalg::PoolingNhwcMaxOp>(operation);
  FailureOr<int> xn = nodeOf(op.getDpsInputs()[0], operation);
  if (failed(xn))
    return failure();
  auto window = dyn_cast<ShapedType>(op.getDpsInputs()[1].getType());
  FailureOr<std::array<int64_t, 2>> strides = windowAttr(operation, "strides"),
                                    dilations =
                                        windowAttr(operation, "dilations");
  if (!window || window.getRank() != 2 || failed(strides) || failed(dilations))
    return op.emitError() << "expected a 2-d pooling window";
  int x = nhwc ? transpose(*xn, {0, 3, 1, 2}, loc) : *xn;
  ConvWindow w;
  w.kernel = {window.getDimSize(0), window.getDimSize(1)};
  w.stride = *strides;
  w.dilation = *dilations;
  // A zero pad is a sum's padding; a -inf pad a max's, which its window
  // never takes: the columns pad with the dtype's lowest finite value.
  int padded = x;
  x = foldPad(x, w, isMax);
  double padValue = isMax && x != padded ? -maxFinite(nodes[x].dtype) : 0;
  std::string why;
  FailureOr<Shape> colShape = im2colShape(nodes[x].shape, w, &why);
  if (failed(colShape))
    return op.emitError() << why;
  const Shape xs = nodes[x].shape;
  int64_t kk = w.kernel[0] * w.kernel[1];
  int64_t oh = w.outputExtent(0, xs[2]), ow = w.outputExtent(1, xs[3]);
  // The window's elements as a dim of their own, reduced.
  int c = im2col(x, w, loc, padValue);
  int r = reshape(c, {xs[0], xs[1], kk, oh * ow}, loc);
  DType dtype = dtypeOf(operation->getResult(0).getType());
  int y = addOp(isMax ? OpKind::ReduceMax : OpKind::ReduceSum, {r},
                {xs[0], xs[1], 1, oh * ow}, dtype, loc, 0, 2);
  y = reshape(y, {xs[0], xs[1], oh, ow}, loc);
  if (nhwc)
    y = transpose(y, {0, 2, 3, 1}, loc);
  Value init = op.getDpsInits()[0];
  Value result = operation->getResult(0);
  if (isMax) {
    // The init must not change a max: -inf, or the lowest finite value.
    auto it = inits.find(init);
    if (it == inits.end() || !it->second.fill || !(*it->second.fill <= -3.0e38))
      return op.emitError() << "a max pooling accumulates into an init "
                               "other than -inf";
    values[result] = y;
    return success();
  }
  FailureOr<int> sum = accumulate(operation, y, init);
  if (failed(sum))
    return failure();
  values[result] = *sum;
  return success();
}

} // namespace tsopt::linalg_import
