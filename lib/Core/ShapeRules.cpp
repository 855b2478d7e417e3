//===- ShapeRules.cpp - Shape and path rules of every op -----------------===//

#include "tsopt/Core/ShapeRules.h"
#include "tsopt/Core/Precision.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace tsopt;
using llvm::ArrayRef;
using llvm::failure;
using llvm::FailureOr;
using llvm::LogicalResult;
using llvm::success;

namespace {
/// Stores a formatted message in `why` (when requested) and returns failure.
struct Fail {
  std::string *why;
  template <typename... Ts> llvm::FailureOr<Shape> operator()(Ts &&...parts) {
    if (why) {
      why->clear();
      llvm::raw_string_ostream os(*why);
      (os << ... << parts);
    }
    return failure();
  }
};

const char *gridDimName(size_t g) {
  static const char *names[] = {"x", "y", "z"};
  return g < 3 ? names[g] : "?";
}
} // namespace

FailureOr<Shape> tsopt::broadcastShape(ArrayRef<int64_t> a, ArrayRef<int64_t> b,
                                       std::string *why) {
  size_t rank = std::max(a.size(), b.size());
  Shape out(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    int64_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (da != db && da != 1 && db != 1)
      return Fail{why}("shapes ", formatShape(a), " and ", formatShape(b),
                       " do not broadcast: dim ", i, " has ", da, " vs ", db);
    out[i] = da == 1 ? db : da;
  }
  return out;
}

FailureOr<Shape> tsopt::matmulShape(ArrayRef<int64_t> a, ArrayRef<int64_t> b,
                                    std::string *why) {
  if (a.size() < 2 || a.size() != b.size())
    return Fail{why}("matmul operands must have equal rank >= 2, got ",
                     formatShape(a), " and ", formatShape(b));
  size_t r = a.size();
  for (size_t i = 0; i + 2 < r; ++i)
    if (a[i] != b[i])
      return Fail{why}("matmul batch dim ", i, " differs: ", a[i], " vs ",
                       b[i]);
  if (a[r - 1] != b[r - 2])
    return Fail{why}("matmul contraction dims differ: ", formatShape(a),
                     " has ", a[r - 1], " columns but ", formatShape(b),
                     " has ", b[r - 2], " rows");
  Shape out(a.begin(), a.end());
  out[r - 1] = b[r - 1];
  return out;
}

FailureOr<Shape> tsopt::reduceShape(ArrayRef<int64_t> in, int64_t dim,
                                    int64_t extent, std::string *why) {
  if (dim < 0 || dim >= (int64_t)in.size())
    return Fail{why}("reduction dim ", dim, " is out of range for rank ",
                     in.size());
  if (extent < 1 || in[dim] % extent != 0)
    return Fail{why}("reduction extent ", extent, " does not divide dim ", dim,
                     " of size ", in[dim]);
  Shape out(in.begin(), in.end());
  out[dim] = extent;
  return out;
}

LogicalResult tsopt::checkReduce(ArrayRef<int64_t> in, int64_t dim,
                                 ArrayRef<int64_t> out, std::string *why) {
  if (in.size() != out.size())
    return Fail{why}("reduction keeps the rank: operand ", formatShape(in),
                     ", result ", formatShape(out));
  if (dim < 0 || dim >= (int64_t)in.size())
    return Fail{why}("reduction dim ", dim, " is out of range for rank ",
                     in.size());
  FailureOr<Shape> expected = reduceShape(in, dim, out[dim], why);
  if (failed(expected))
    return failure();
  if (ArrayRef<int64_t>(*expected) != out)
    return Fail{why}("reduction over dim ", dim, " of ", formatShape(in),
                     " must give ", formatShape(*expected), ", not ",
                     formatShape(out));
  return success();
}

LogicalResult tsopt::checkRepeat(ArrayRef<int64_t> in, ArrayRef<int64_t> out,
                                 std::string *why) {
  if (in.size() != out.size())
    return Fail{why}("repeat keeps the rank: operand ", formatShape(in),
                     ", result ", formatShape(out));
  for (size_t i = 0; i < in.size(); ++i)
    if (in[i] < 1 || out[i] % in[i] != 0)
      return Fail{why}("repeat result dim ", i, " (", out[i],
                       ") is not a multiple of the operand dim (", in[i], ")");
  return success();
}

LogicalResult tsopt::checkReshape(ArrayRef<int64_t> in, ArrayRef<int64_t> out,
                                  std::string *why) {
  if (numElements(in) != numElements(out))
    return Fail{why}("reshape changes the element count: ", formatShape(in),
                     " has ", numElements(in), ", ", formatShape(out), " has ",
                     numElements(out));
  return success();
}

LogicalResult tsopt::checkSlice(ArrayRef<int64_t> in, ArrayRef<int64_t> offsets,
                                ArrayRef<int64_t> out, std::string *why) {
  if (offsets.size() != in.size() || out.size() != in.size())
    return Fail{why}("slice of rank ", in.size(), " has ", offsets.size(),
                     " offsets and a result of rank ", out.size());
  for (size_t i = 0; i < in.size(); ++i)
    if (offsets[i] < 0 || out[i] < 1 || offsets[i] > in[i] - out[i])
      return Fail{why}("slice dim ", i, ": offset ", offsets[i], " and size ",
                       out[i], " leave the operand dim (", in[i], ")");
  return success();
}

LogicalResult tsopt::checkRowMaxima(ArrayRef<int64_t> tile,
                                    ArrayRef<int64_t> maxima,
                                    std::string *why) {
  if (tile.empty() || maxima.size() != tile.size() ||
      tile.drop_back() != maxima.drop_back() || maxima.back() < 1 ||
      tile.back() % maxima.back() != 0)
    return Fail{why}("row maxima of shape ", formatShape(maxima),
                     " do not hold one value per row for every group of "
                     "columns of a tile of shape ",
                     formatShape(tile));
  return success();
}

LogicalResult tsopt::checkConvWindow(const ConvWindow &w, std::string *why) {
  static const char *dims[] = {"height", "width"};
  for (int d = 0; d < 2; ++d) {
    if (w.kernel[d] < 1 || w.stride[d] < 1 || w.dilation[d] < 1)
      return Fail{why}("window ", dims[d], ": kernel ", w.kernel[d],
                       ", stride ", w.stride[d], " and dilation ",
                       w.dilation[d], " must be at least 1");
    if (w.padLow[d] < 0 || w.padHigh[d] < 0)
      return Fail{why}("window ", dims[d], ": padding ", w.padLow[d], " and ",
                       w.padHigh[d], " must be at least 0");
    // Bounded so that the extents below cannot overflow.
    constexpr int64_t kMax = int64_t(1) << 31;
    if (std::max({w.kernel[d], w.stride[d], w.dilation[d], w.padLow[d],
                  w.padHigh[d]}) > kMax)
      return Fail{why}("window ", dims[d], ": extents above 2^31");
  }
  return success();
}

FailureOr<Shape> tsopt::im2colShape(ArrayRef<int64_t> x, const ConvWindow &w,
                                    std::string *why) {
  if (x.size() != 4)
    return Fail{why}("im2col reads NCHW images (rank 4), got ", formatShape(x));
  if (failed(checkConvWindow(w, why)))
    return failure();
  int64_t oh = w.outputExtent(0, x[2]), ow = w.outputExtent(1, x[3]);
  if (oh < 1 || ow < 1)
    return Fail{why}("the window does not fit the ", x[2], "x", x[3],
                     " image once");
  return Shape{x[0], x[1] * w.kernel[0] * w.kernel[1], oh * ow};
}

FailureOr<Shape> tsopt::conv2dShape(ArrayRef<int64_t> x,
                                    ArrayRef<int64_t> filter,
                                    const ConvWindow &w, int64_t groups,
                                    std::string *why) {
  if (x.size() != 4 || filter.size() != 4)
    return Fail{why}("conv2d takes NCHW images and FCHW filters (rank 4), got ",
                     formatShape(x), " and ", formatShape(filter));
  if (groups < 1 || x[1] % groups != 0 || filter[0] % groups != 0)
    return Fail{why}("groups (", groups, ") must divide the ", x[1],
                     " input channels and the ", filter[0], " filters");
  if (filter[1] * groups != x[1])
    return Fail{why}("filters of ", filter[1], " channels in ", groups,
                     " group(s) read ", filter[1] * groups,
                     " channels, but the images have ", x[1]);
  if (filter[2] != w.kernel[0] || filter[3] != w.kernel[1])
    return Fail{why}("the window's kernel ", w.kernel[0], "x", w.kernel[1],
                     " is not the filters' ", filter[2], "x", filter[3]);
  FailureOr<Shape> cols = im2colShape(x, w, why);
  if (failed(cols))
    return failure();
  return Shape{x[0], filter[0], w.outputExtent(0, x[2]),
               w.outputExtent(1, x[3])};
}

FailureOr<Shape> tsopt::transposeShape(ArrayRef<int64_t> in,
                                       ArrayRef<int64_t> perm,
                                       std::string *why) {
  if (perm.size() != in.size())
    return Fail{why}("permutation has ", perm.size(), " entries for rank ",
                     in.size());
  llvm::SmallVector<bool, 4> seen(in.size(), false);
  Shape out;
  for (int64_t p : perm) {
    if (p < 0 || p >= (int64_t)in.size() || seen[p])
      return Fail{why}("permutation entry ", p, " is out of range or repeated");
    seen[p] = true;
    out.push_back(in[p]);
  }
  return out;
}

FailureOr<Shape> tsopt::concatShape(ArrayRef<Shape> ins, int64_t dim,
                                    std::string *why) {
  if (ins.empty())
    return Fail{why}("concat needs at least one operand");
  size_t rank = ins.front().size();
  if (dim < 0 || dim >= (int64_t)rank)
    return Fail{why}("concat dim ", dim, " is out of range for rank ", rank);
  Shape out = ins.front();
  for (size_t i = 1; i < ins.size(); ++i) {
    const Shape &s = ins[i];
    if (s.size() != rank)
      return Fail{why}("concat operand ", i, " has rank ", s.size(),
                       ", expected ", rank);
    for (size_t d = 0; d < rank; ++d)
      if ((int64_t)d != dim && s[d] != out[d])
        return Fail{why}("concat operand ", i, " differs in dim ", d, ": ",
                         s[d], " vs ", out[d]);
    out[dim] += s[dim];
  }
  return out;
}

FailureOr<Shape> tsopt::rmsNormShape(ArrayRef<int64_t> x, ArrayRef<int64_t> g,
                                     std::string *why) {
  if (x.empty())
    return Fail{why}("rms_norm input must have rank >= 1");
  if (g.size() != 1 || g[0] != x.back())
    return Fail{why}("rms_norm gain must have shape ", x.back(), ", got ",
                     formatShape(g));
  return Shape(x.begin(), x.end());
}

LogicalResult tsopt::checkLaunch(ArrayRef<int64_t> grid, int64_t forloop,
                                 std::string *why) {
  if (grid.empty() || grid.size() > 3)
    return Fail{why}("grid must have 1 to 3 dims, got ", grid.size());
  for (size_t g = 0; g < grid.size(); ++g)
    if (grid[g] < 1)
      return Fail{why}("grid dim ", gridDimName(g), " must be >= 1, got ",
                       grid[g]);
  if (forloop < 1)
    return Fail{why}("forloop must be >= 1, got ", forloop);
  return success();
}

FailureOr<Shape> tsopt::inputTileShape(ArrayRef<int64_t> tensor,
                                       ArrayRef<int64_t> grid, int64_t forloop,
                                       ArrayRef<int> imap, int fmap,
                                       std::string *why) {
  int64_t rank = tensor.size();
  if (failed(checkLaunch(grid, forloop, why)))
    return failure();
  if (imap.size() != grid.size())
    return Fail{why}("imap has ", imap.size(), " entries for a ", grid.size(),
                     "-d grid");
  Shape tile(tensor.begin(), tensor.end());
  for (size_t g = 0; g < imap.size(); ++g) {
    int d = imap[g];
    if (d == kReplica)
      continue;
    if (d < 0 || d >= rank)
      return Fail{why}("imap maps grid dim ", gridDimName(g), " to dim ", d,
                       ", out of range for rank ", rank);
    for (size_t h = 0; h < g; ++h)
      if (imap[h] == d)
        return Fail{why}("imap maps grid dims ", gridDimName(h), " and ",
                         gridDimName(g), " to the same tensor dim ", d);
    if (tensor[d] % grid[g] != 0)
      return Fail{why}("imap: grid dim ", gridDimName(g), " (", grid[g],
                       ") does not divide tensor dim ", d, " (", tensor[d],
                       ")");
    tile[d] = tensor[d] / grid[g];
  }
  if (fmap != kReplica) {
    if (fmap < 0 || fmap >= rank)
      return Fail{why}("fmap maps the for-loop to dim ", fmap,
                       ", out of range for rank ", rank);
    if (tile[fmap] % forloop != 0)
      return Fail{why}("fmap: forloop (", forloop,
                       ") does not divide the extent left in dim ", fmap, " (",
                       tile[fmap], ")");
    tile[fmap] /= forloop;
  }
  return tile;
}

FailureOr<Shape> tsopt::accumShape(ArrayRef<int64_t> tile, int64_t forloop,
                                   int fmap, std::string *why) {
  Shape out(tile.begin(), tile.end());
  if (forloop < 1)
    return Fail{why}("forloop must be >= 1, got ", forloop);
  if (fmap == kReplica)
    return out;
  if (fmap < 0 || fmap >= (int64_t)tile.size())
    return Fail{why}("accumulator fmap dim ", fmap,
                     " is out of range for rank ", tile.size());
  out[fmap] *= forloop;
  return out;
}

FailureOr<Shape> tsopt::outputTensorShape(ArrayRef<int64_t> tile,
                                          ArrayRef<int64_t> grid,
                                          ArrayRef<int> omap,
                                          std::string *why) {
  int64_t rank = tile.size();
  if (failed(checkLaunch(grid, /*forloop=*/1, why)))
    return failure();
  if (omap.size() != grid.size())
    return Fail{why}("omap has ", omap.size(), " entries for a ", grid.size(),
                     "-d grid");
  Shape out(tile.begin(), tile.end());
  for (size_t g = 0; g < omap.size(); ++g) {
    int d = omap[g];
    if (d == kReplica) {
      if (grid[g] > 1)
        return Fail{why}("omap: grid dim ", gridDimName(g), " has extent ",
                         grid[g],
                         " but is not mapped to a result dim, so blocks would "
                         "write the same region");
      continue;
    }
    if (d < 0 || d >= rank)
      return Fail{why}("omap maps grid dim ", gridDimName(g), " to dim ", d,
                       ", out of range for rank ", rank);
    for (size_t h = 0; h < g; ++h)
      if (omap[h] == d)
        return Fail{why}("omap maps grid dims ", gridDimName(h), " and ",
                         gridDimName(g), " to the same result dim ", d,
                         ", so blocks would write overlapping regions");
    out[d] *= grid[g];
  }
  return out;
}

static const char *stageName(Stage s) {
  switch (s) {
  case Stage::Tensor:
    return "a kernel tensor (no input iterator yet)";
  case Stage::Loop:
    return "in the for-loop body";
  case Stage::PostLoop:
    return "post-loop (past an accumulator)";
  case Stage::Saved:
    return "already saved by an output saver";
  }
  return "?";
}

FailureOr<Stage> tsopt::resultStage(OpKind kind, ArrayRef<Stage> operandStages,
                                    std::string *why) {
  auto fail = [&](auto &&...parts) -> FailureOr<Stage> {
    (void)Fail{why}(parts...);
    return failure();
  };
  auto expectAll = [&](Stage s, const char *role) -> LogicalResult {
    for (auto [i, st] : llvm::enumerate(operandStages))
      if (st != s) {
        (void)fail(stringifyOpKind(kind), " operand ", i, " is ", stageName(st),
                   "; ", role);
        return failure();
      }
    return success();
  };
  switch (kind) {
  case OpKind::BlockInput:
    if (failed(expectAll(Stage::Tensor,
                         "an input iterator reads a kernel tensor")))
      return failure();
    return Stage::Loop;
  case OpKind::Accum:
    if (failed(expectAll(Stage::Loop,
                         "an accumulator takes a for-loop body value, so the "
                         "path would pass zero or two accumulators")))
      return failure();
    return Stage::PostLoop;
  case OpKind::BlockOutput:
    if (failed(expectAll(Stage::PostLoop,
                         "an output saver takes a post-loop value, so the path "
                         "would pass no accumulator")))
      return failure();
    return Stage::Saved;
  case OpKind::Kernel:
    return fail("a graph-defined kernel cannot be nested in a block graph");
  default:
    break;
  }
  if (operandStages.empty())
    return fail(stringifyOpKind(kind), " has no operands");
  Stage s = operandStages.front();
  if (s != Stage::Loop && s != Stage::PostLoop)
    return fail(stringifyOpKind(kind), " operand 0 is ", stageName(s),
                "; block compute ops take tiles");
  if (failed(expectAll(s, s == Stage::Loop
                              ? "mixing for-loop and post-loop operands puts "
                                "a path through zero or two accumulators"
                              : "mixing post-loop and for-loop operands puts "
                                "a path through zero or two accumulators")))
    return failure();
  return s;
}

//===----------------------------------------------------------------------===//
// Shape inference
//===----------------------------------------------------------------------===//

static llvm::LogicalResult inferAll(Graph &graph, std::string *why,
                                    bool keepDtypes, bool planBodies = true);

/// The result shapes (and, unless `keepDtypes`, the dtypes) of `op`. A
/// kernel's body gets its tile precision planned here unless `planBodies`
/// is false: the caller plans the whole kernel graph's precision after
/// (planPrecision), which plans every body once, seeing the softmaxes split
/// across kernels.
static llvm::LogicalResult inferOp(Graph &g, tsopt::Op &op, std::string *why,
                                   bool keepDtypes = false,
                                   bool planBodies = true) {
  auto shapeOf = [&](int i) -> llvm::ArrayRef<int64_t> {
    return g.values[op.operands[i]].shape;
  };
  auto setResult = [&](unsigned i, llvm::FailureOr<Shape> shape) {
    if (failed(shape))
      return llvm::failure();
    g.values[op.results[i]].shape = *shape;
    return llvm::success();
  };
  DType dtype =
      op.operands.empty() ? DType::F16 : g.values[op.operands[0]].dtype;
  for (int r : op.results)
    if (op.kind != OpKind::Kernel && !keepDtypes)
      g.values[r].dtype = dtype;

  if (isElementwiseUnary(op.kind))
    return setResult(0, Shape(shapeOf(0)));
  switch (op.kind) {
  case OpKind::Add:
  case OpKind::Sub:
  case OpKind::Mul:
  case OpKind::Div:
    return setResult(0, broadcastShape(shapeOf(0), shapeOf(1), why));
  case OpKind::Matmul:
    return setResult(0, matmulShape(shapeOf(0), shapeOf(1), why));
  case OpKind::ReduceSum:
  case OpKind::ReduceMax: {
    // The number of groups is an attribute of the result type; keep it.
    const Shape &old = g.values[op.results[0]].shape;
    int64_t groups =
        op.dim < static_cast<int64_t>(old.size()) ? old[op.dim] : 1;
    return setResult(0, reduceShape(shapeOf(0), op.dim, groups, why));
  }
  case OpKind::Repeat:
  case OpKind::Reshape:
    return llvm::success(); // the result type is the attribute
  case OpKind::Slice:
    return checkSlice(shapeOf(0), op.perm, g.values[op.results[0]].shape, why);
  default:
    break; // element-wise unary ops, handled above
  case OpKind::Transpose:
    return setResult(0, transposeShape(shapeOf(0), op.perm, why));
  case OpKind::Concat: {
    llvm::SmallVector<Shape, 2> ins;
    for (unsigned i = 0; i < op.operands.size(); ++i)
      ins.push_back(Shape(shapeOf(i)));
    return setResult(0, concatShape(ins, op.dim, why));
  }
  case OpKind::RmsNorm:
    return setResult(0, rmsNormShape(shapeOf(0), shapeOf(1), why));
  case OpKind::Im2Col:
  case OpKind::Conv2d: {
    std::optional<ConvWindow> w = ConvWindow::decode(op.perm);
    if (!w)
      return Fail{why}(stringifyOpKind(op.kind).str(),
                       " has no window (ten entries)");
    return setResult(
        0, op.kind == OpKind::Im2Col
               ? im2colShape(shapeOf(0), *w, why)
               : conv2dShape(shapeOf(0), shapeOf(1), *w, op.dim, why));
  }
  case OpKind::Kernel:
  case OpKind::ThreadGraph: {
    auto body = std::make_shared<Graph>(*op.body);
    for (auto [i, in] : llvm::enumerate(body->inputs)) {
      if (op.kind == OpKind::Kernel)
        body->values[in].shape = g.values[op.operands[i]].shape;
      if (!keepDtypes)
        body->values[in].dtype = g.values[op.operands[i]].dtype;
    }
    if (failed(inferAll(*body, why, keepDtypes,
                        planBodies || op.kind != OpKind::Kernel)))
      return llvm::failure();
    if (op.kind == OpKind::Kernel) {
      for (auto [i, out] : llvm::enumerate(body->outputs)) {
        g.values[op.results[i]].shape = body->values[out].shape;
        if (!keepDtypes)
          g.values[op.results[i]].dtype = body->values[out].dtype;
      }
    } else {
      // Element-wise over the broadcast of its tile operands.
      Shape shape;
      for (int operand : op.operands) {
        auto b = broadcastShape(shape, g.values[operand].shape, why);
        if (failed(b))
          return llvm::failure();
        shape = *b;
      }
      for (auto [i, r] : llvm::enumerate(op.results)) {
        g.values[r].shape = shape;
        if (!keepDtypes)
          g.values[r].dtype = body->values[body->outputs[i]].dtype;
      }
    }
    op.body = std::move(body);
    return llvm::success();
  }
  case OpKind::BlockInput: {
    llvm::SmallVector<int, 3> imap(op.gridMap.begin(),
                                   op.gridMap.begin() + g.grid.size());
    return setResult(
        0, inputTileShape(shapeOf(0), g.grid, g.forloop, imap, op.fmap, why));
  }
  case OpKind::Accum:
    if (op.operands.size() == 2 &&
        failed(checkRowMaxima(shapeOf(0), shapeOf(1), why)))
      return llvm::failure();
    return setResult(0, accumShape(shapeOf(0), g.forloop, op.fmap, why));
  case OpKind::RunningMax:
    // The group size is the result's own: only checked.
    return checkRowMaxima(shapeOf(0), g.values[op.results[0]].shape, why);
  case OpKind::BlockOutput: {
    llvm::SmallVector<int, 3> omap(op.gridMap.begin(),
                                   op.gridMap.begin() + g.grid.size());
    return setResult(0, outputTensorShape(shapeOf(0), g.grid, omap, why));
  }
  }
  return llvm::success();
}

llvm::LogicalResult tsopt::inferOpShapes(Graph &graph, unsigned opIndex,
                                         std::string *why) {
  return inferOp(graph, graph.ops[opIndex], why);
}

static llvm::LogicalResult inferAll(Graph &graph, std::string *why,
                                    bool keepDtypes, bool planBodies) {
  // inferOp propagates storage dtypes from the inputs (what output savers
  // write); the tiles in between get the precision plan, which for a kernel
  // graph also sees the softmaxes split across its kernels: planned here
  // once, bodies included.
  bool plan = !keepDtypes && planBodies;
  for (tsopt::Op &op : graph.ops)
    if (failed(inferOp(graph, op, why, keepDtypes,
                       /*planBodies=*/!plan || graph.level != Level::Kernel)))
      return llvm::failure();
  if (plan)
    planPrecision(graph);
  return llvm::success();
}

llvm::LogicalResult tsopt::inferShapes(Graph &graph, std::string *why) {
  return inferAll(graph, why, /*keepDtypes=*/false);
}

llvm::LogicalResult tsopt::reinferShapes(Graph &graph, std::string *why) {
  return inferAll(graph, why, /*keepDtypes=*/true);
}
