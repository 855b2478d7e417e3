//===- KernelExpansion.cpp - Default block graphs of pre-defined ops ------===//
//
// expandKernelOp: the block graph a pre-defined kernel-level op runs as when
// it is lowered on its own. Element-wise ops, reductions and rms_norm in
// blocks over the dims they keep, matmuls in output tiles with a for-loop over
// K, and convolutions as implicit GEMM (im2col of each channel block in shared
// memory), data movement (transpose, reshape, concat, repeat, slice, im2col)
// in tiles over the dims it keeps one to one, so that tensors of any size fit
// shared memory as long as the dims it rearranges do.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Optimize/KernelExpansion.h"
#include "tsopt/Core/GraphText.h"
#include "tsopt/Core/Precision.h"
#include "tsopt/Optimize/CostModel.h"
#include "tsopt/Optimize/Layout.h"
#include "tsopt/Support/Memo.h"
#include "tsopt/Transforms/Fission.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

#include <numeric>
#include <optional>

using llvm::failure;
using llvm::FailureOr;

namespace tsopt {

namespace {

/// The largest divisor of `n` that is at most `limit` (at least 1).
int64_t largestDivisorAtMost(int64_t n, int64_t limit) {
  for (int64_t d = std::min(n, std::max<int64_t>(limit, 1)); d > 1; --d)
    if (n % d == 0)
      return d;
  return 1;
}

/// Elements of a data-movement tile the expansion aims at: 16 KiB in f32,
/// so that operand and result tiles stay far below any target's shared
/// memory.
constexpr int64_t kMoveTileElements = 4096;

/// Elements of a convolution's tiles (image, columns, filters, products
/// and their accumulator): 96 KiB in f32, within every target's shared
/// memory.
constexpr int64_t kConvTileElements = 24576;

/// A convolution's grid over filters and images aims at this many blocks
/// (about half the SMs of the smallest target).
constexpr int64_t kConvMinBlocks = 64;

/// A dim a data-movement op keeps one to one: result dim `resultDim` and,
/// for each operand, the dim of that operand it is read from. Cutting
/// `blocks` blocks along it (any divisor of `divides`) cuts operands and
/// result alike, and the op on the tiles computes the tile of the result.
struct MovedDim {
  int resultDim;
  llvm::SmallVector<int, 2> operandDims;
  int64_t divides;
};

/// The dims of `op`'s result that can be cut into blocks. Transpose: every
/// dim (read from perm[i]). Slice and repeat: the dims they leave whole.
/// Im2col: the images and the channels.
/// Concat: every dim but the concatenated one. Reshape: the leading dims
/// operand and result share (batch dims of the reshape), then the first
/// dim where they differ by a common divisor of both sizes, since cutting
/// it cuts the row-major order of both into the same contiguous chunks.
llvm::SmallVector<MovedDim, 4> movedDims(const Graph &g, const Op &op) {
  const Shape &out = g.type(op.results[0]).shape;
  llvm::SmallVector<MovedDim, 4> dims;
  auto same = [&](int d) {
    MovedDim m{d, {}, out[d]};
    for (size_t i = 0; i < op.operands.size(); ++i)
      m.operandDims.push_back(d);
    return m;
  };
  switch (op.kind) {
  case OpKind::Transpose:
    for (size_t d = 0; d < out.size(); ++d)
      dims.push_back(
          {static_cast<int>(d), {static_cast<int>(op.perm[d])}, out[d]});
    break;
  case OpKind::Slice:
  case OpKind::Repeat: {
    const Shape &in = g.type(op.operands[0]).shape;
    for (size_t d = 0; d < out.size(); ++d)
      if (in[d] == out[d])
        dims.push_back(same(d));
    break;
  }
  case OpKind::Concat:
    for (size_t d = 0; d < out.size(); ++d)
      if (static_cast<int64_t>(d) != op.dim)
        dims.push_back(same(d));
    break;
  case OpKind::Im2Col:
    // The images, and the channels: cutting the C channels cuts the
    // C·KH·KW rows of columns into the same contiguous groups.
    dims.push_back(same(0));
    dims.push_back({1, {1}, g.type(op.operands[0]).shape[1]});
    break;
  case OpKind::Reshape: {
    const Shape &in = g.type(op.operands[0]).shape;
    for (size_t d = 0; d < std::min(in.size(), out.size()); ++d) {
      if (in[d] == out[d]) {
        dims.push_back(same(d));
        continue;
      }
      int64_t common = std::gcd(in[d], out[d]);
      if (common > 1)
        dims.push_back({static_cast<int>(d), {static_cast<int>(d)}, common});
      break;
    }
    break;
  }
  default:
    break;
  }
  return dims;
}

/// Up to three of `moved`, each with its number of blocks: the fewest
/// blocks that bring the largest tile (of the operands and the result) to
/// kMoveTileElements, a dim cut completely before the next is cut. Ordered by
/// blocks, most first, since grid dims y and z are the smaller ones on GPUs.
llvm::SmallVector<std::pair<const MovedDim *, int64_t>, 3>
chooseMoveSplits(const Graph &g, const Op &op, llvm::ArrayRef<MovedDim> moved) {
  llvm::SmallVector<Shape, 3> tiles;
  for (int v : op.operands)
    tiles.push_back(g.type(v).shape);
  tiles.push_back(g.type(op.results[0]).shape);
  auto largestTile = [&] {
    int64_t most = 0;
    for (const Shape &t : tiles)
      most = std::max(most, numElements(t));
    return most;
  };
  // Dims contiguous in no operand and not in the result first, then the
  // contiguous ones, largest first: a transpose's tiles keep rows of both
  // its operand and its result whole where it can.
  const Shape &out = g.type(op.results[0]).shape;
  auto contiguous = [&](const MovedDim &m) {
    if (m.resultDim + 1 == static_cast<int>(out.size()))
      return true;
    for (auto [i, d] : llvm::enumerate(m.operandDims))
      if (d + 1 == static_cast<int>(g.type(op.operands[i]).shape.size()))
        return true;
    return false;
  };
  llvm::SmallVector<const MovedDim *, 4> order;
  for (const MovedDim &m : moved)
    order.push_back(&m);
  llvm::stable_sort(order, [&](const MovedDim *a, const MovedDim *b) {
    bool ca = contiguous(*a), cb = contiguous(*b);
    if (ca != cb)
      return cb;
    return ca && a->divides > b->divides;
  });

  llvm::SmallVector<std::pair<const MovedDim *, int64_t>, 3> splits;
  for (const MovedDim *mp : order) {
    const MovedDim &m = *mp;
    if (splits.size() == 3 || largestTile() <= kMoveTileElements)
      break;
    if (m.divides < 2)
      continue;
    int64_t need = (largestTile() + kMoveTileElements - 1) / kMoveTileElements;
    int64_t blocks = m.divides;
    for (int64_t b = 2; b < m.divides; ++b)
      if (m.divides % b == 0 && b >= need) {
        blocks = b;
        break;
      }
    splits.push_back({&m, blocks});
    for (auto [i, d] : llvm::enumerate(m.operandDims))
      tiles[i][d] /= blocks;
    tiles.back()[m.resultDim] /= blocks;
  }
  llvm::stable_sort(
      splits, [](const auto &a, const auto &b) { return a.second > b.second; });
  return splits;
}

} // namespace

FailureOr<Graph> expandKernelOp(const Graph &g, const Op &op,
                                std::string *why) {
  auto fail = [&](const llvm::Twine &msg) -> FailureOr<Graph> {
    if (why)
      *why = msg.str();
    return failure();
  };
  if (op.kind == OpKind::Kernel || op.kind == OpKind::BlockInput ||
      op.kind == OpKind::Accum || op.kind == OpKind::BlockOutput ||
      op.kind == OpKind::ThreadGraph)
    return fail("'" + stringifyOpKind(op.kind) +
                "' is not a pre-defined kernel op");
  if (op.results.size() != 1)
    return fail("expected one result");
  if (!isDataMovement(op.kind) && !isElementwiseBinary(op.kind) &&
      !isElementwiseUnary(op.kind) && op.kind != OpKind::Matmul &&
      op.kind != OpKind::Conv2d && op.kind != OpKind::ReduceSum &&
      op.kind != OpKind::ReduceMax && op.kind != OpKind::RmsNorm)
    return fail("no default expansion of '" + stringifyOpKind(op.kind) + "'");

  Graph bg;
  bg.level = Level::Block;
  const TensorType &out = g.type(op.results[0]);
  size_t rank = out.shape.size();
  llvm::SmallVector<int, 4> ins;
  for (int v : op.operands)
    ins.push_back(bg.addInput(g.type(v)));

  // The tile an iterator cuts from `tensor` under grid map `imap` and loop
  // map `fmap`.
  auto addInput = [&](int in, std::array<int, 3> imap, int fmap) {
    TensorType tile = bg.type(in);
    for (size_t gd = 0; gd < bg.grid.size(); ++gd)
      if (imap[gd] != kReplica)
        tile.shape[imap[gd]] /= bg.grid[gd];
    if (fmap != kReplica)
      tile.shape[fmap] /= bg.forloop;
    Op iop;
    iop.kind = OpKind::BlockInput;
    iop.operands = {in};
    iop.gridMap = imap;
    iop.fmap = fmap;
    return bg.addOp(iop, {tile});
  };
  auto finish = [&](int tile, std::array<int, 3> omap) {
    Op acc;
    acc.kind = OpKind::Accum;
    acc.operands = {tile};
    acc.accum = AccumKind::Sum;
    int a = bg.addOp(acc, {bg.type(tile)});
    Op o;
    o.kind = OpKind::BlockOutput;
    o.operands = {a};
    o.gridMap = omap;
    bg.outputs.push_back(bg.addOp(o, {out}));
    planTilePrecision(bg);
    return std::move(bg);
  };
  auto computeOn = [&](llvm::ArrayRef<int> tiles, const TensorType &type) {
    Op c = op;
    c.operands.assign(tiles.begin(), tiles.end());
    c.results.clear();
    return bg.addOp(c, {type});
  };

  if (op.kind == OpKind::Matmul) {
    // Output tiles of at most 64 x 64, a for-loop over K in steps of <= 32,
    // the batch (leading) dims in blocks of one along z when there is one.
    const Shape &as = bg.type(ins[0]).shape, &bs = bg.type(ins[1]).shape;
    if (as.size() != rank || bs.size() != rank || rank < 2)
      return fail("matmul operands of different ranks");
    int64_t m = out.shape[rank - 2], n = out.shape[rank - 1];
    int64_t k = as[rank - 1];
    int64_t gn = n / largestDivisorAtMost(n, 64);
    int64_t gm = m / largestDivisorAtMost(m, 64);
    bg.grid = {gn, gm};
    bool batched = rank >= 3 && as[0] == out.shape[0] &&
                   bs[0] == out.shape[0] && out.shape[0] > 1;
    if (batched)
      bg.grid.push_back(out.shape[0]);
    bg.forloop = k / largestDivisorAtMost(k, 32);
    int r1 = static_cast<int>(rank) - 1, r2 = static_cast<int>(rank) - 2;
    int z = batched ? 0 : kReplica;
    int at = addInput(ins[0], {kReplica, r2, z}, r1);
    int bt = addInput(ins[1], {r1, kReplica, z}, r2);
    TensorType ct = out;
    ct.shape[rank - 1] /= gn;
    ct.shape[rank - 2] /= gm;
    if (batched)
      ct.shape[0] = 1;
    return finish(computeOn({at, bt}, ct), {r1, r2, z});
  }

  if (op.kind == OpKind::Conv2d) {
    // Implicit GEMM: per image and block of filters (with groups, a
    // group's), a for-loop over blocks of the channels they read; each
    // iteration's image tile becomes its columns in shared memory
    // (bgraph.im2col), multiplied by the filters' tile, the products summed by
    // the accumulator. The images' rows and columns are whole in a tile (a
    // window reads its neighbours'), so the channels per iteration are what
    // shared memory bounds.
    const Shape &xs = bg.type(ins[0]).shape, &fs = bg.type(ins[1]).shape;
    int64_t groups = std::max<int64_t>(op.dim, 1);
    int64_t n = xs[0], c = xs[1] / groups, f = fs[0], kk = fs[2] * fs[3];
    int64_t positions = out.shape[2] * out.shape[3];
    // With groups, a block takes one group's filters (and so its channels:
    // the grid's x partitions the filters and the channels alike).
    int64_t ft = groups > 1 ? f / groups : largestDivisorAtMost(f, 64);
    if (ft > 256)
      return fail("a group of " + std::to_string(ft) +
                  " filters is more than one block takes");
    // The most channels per iteration whose tiles fit with `ft` filters.
    auto channelsPerIteration = [&](int64_t ft) -> int64_t {
      for (int64_t d = c; d >= 1; --d) {
        if (c % d)
          continue;
        int64_t elements = d * xs[2] * xs[3] + d * kk * positions +
                           ft * d * kk + 2 * ft * positions;
        if (elements <= kConvTileElements)
          return d;
      }
      return 0;
    };
    int64_t cc = channelsPerIteration(ft);
    // Fewer filters a block where the products of all of them do not fit
    // beside one channel's columns.
    while (cc == 0 && groups == 1 && ft > 1) {
      ft = largestDivisorAtMost(f, ft / 2);
      cc = channelsPerIteration(ft);
    }
    if (cc == 0)
      return fail("the columns of one channel of a " + std::to_string(xs[2]) +
                  "x" + std::to_string(xs[3]) +
                  " image do not fit the tile budget");
    // A small image gives few blocks: its filters are cut finer, down to
    // one a block, until the grid holds kConvMinBlocks. Each block's work
    // only shrinks (its image tile and columns stay, its filters and
    // products get fewer), so while the grid is below the SMs this only
    // adds parallelism.
    while (groups == 1 && ft > 1 && (f / ft) * n < kConvMinBlocks)
      ft = largestDivisorAtMost(f, ft - 1);
    cc = channelsPerIteration(ft);
    bg.grid = {f / ft, n};
    bg.forloop = c / cc;
    int xt = addInput(ins[0], {groups > 1 ? 1 : kReplica, 0, kReplica}, 1);
    int wt = addInput(ins[1], {0, kReplica, kReplica}, 1);
    auto tileOf = [&](int like, Shape shape) {
      TensorType t = bg.type(like);
      t.shape = std::move(shape);
      return t;
    };
    Op cols;
    cols.kind = OpKind::Im2Col;
    cols.operands = {xt};
    cols.perm = op.perm;
    int ct = bg.addOp(cols, {tileOf(xt, {1, cc * kk, positions})});
    Op flat;
    flat.kind = OpKind::Reshape;
    flat.operands = {ct};
    int c2 = bg.addOp(flat, {tileOf(xt, {cc * kk, positions})});
    flat.operands = {wt};
    int w2 = bg.addOp(flat, {tileOf(wt, {ft, cc * kk})});
    Op mm;
    mm.kind = OpKind::Matmul;
    mm.operands = {w2, c2};
    TensorType prod = out;
    prod.shape = {ft, positions};
    int y = bg.addOp(mm, {prod});
    Op acc;
    acc.kind = OpKind::Accum;
    acc.operands = {y};
    acc.accum = AccumKind::Sum;
    int a = bg.addOp(acc, {prod});
    flat.operands = {a};
    TensorType tile = out;
    tile.shape = {1, ft, out.shape[2], out.shape[3]};
    int r = bg.addOp(flat, {tile});
    Op o;
    o.kind = OpKind::BlockOutput;
    o.operands = {r};
    o.gridMap = {1, 0, kReplica};
    bg.outputs.push_back(bg.addOp(o, {out}));
    planTilePrecision(bg);
    return std::move(bg);
  }

  bool reduction = op.kind == OpKind::ReduceSum || op.kind == OpKind::ReduceMax;
  bool rowwise = isElementwiseBinary(op.kind) || isElementwiseUnary(op.kind) ||
                 reduction || op.kind == OpKind::RmsNorm;
  if (rowwise) {
    // Blocks over up to three of the dims the op keeps element for element
    // (not a reduction's reduced dim, not rms_norm's rows; an element-wise
    // op's rows last), outermost first, until the largest tile (of the
    // result and the operands cut with it) holds about 2048 elements.
    // Operand dim of result dim d: aligned from the right (broadcasting),
    // cut with it when it has the result's extent there.
    auto operandDim = [&](int in, size_t d) -> int {
      const Shape &s = bg.type(in).shape;
      int64_t i = int64_t(d) - int64_t(rank - s.size());
      if (i < 0 || s[i] != out.shape[d] || s[i] == 1 ||
          (op.kind == OpKind::RmsNorm && in == ins[1]))
        return kReplica;
      return int(i);
    };
    llvm::SmallVector<size_t, 4> cuttable;
    for (size_t d = 0; d + 1 < rank; ++d)
      if (!(reduction && int64_t(d) == op.dim))
        cuttable.push_back(d);
    if (rank >= 1 && op.kind != OpKind::RmsNorm &&
        !(reduction && op.dim == int64_t(rank) - 1))
      cuttable.push_back(rank - 1);
    int64_t tileElems = numElements(out.shape);
    for (int in : ins)
      tileElems = std::max(tileElems, numElements(bg.type(in).shape));
    llvm::SmallVector<std::pair<size_t, int64_t>, 3> cuts;
    for (size_t d : cuttable) {
      if (cuts.size() == 3 || tileElems <= 2048)
        break;
      int64_t want = (tileElems + 2047) / 2048;
      int64_t keep = largestDivisorAtMost(
          out.shape[d], std::max<int64_t>(1, out.shape[d] / want));
      int64_t blocks = out.shape[d] / keep;
      if (blocks == 1)
        continue;
      cuts.push_back({d, blocks});
      tileElems /= blocks;
    }
    bg.grid.clear();
    for (auto [d, blocks] : cuts)
      bg.grid.push_back(blocks);
    if (bg.grid.empty())
      bg.grid = {1};
    llvm::SmallVector<int, 2> tiles;
    for (int in : ins) {
      std::array<int, 3> imap = {kReplica, kReplica, kReplica};
      for (auto [gd, cut] : llvm::enumerate(cuts))
        imap[gd] = operandDim(in, cut.first);
      tiles.push_back(addInput(in, imap, kReplica));
    }
    std::array<int, 3> omap = {kReplica, kReplica, kReplica};
    TensorType ct = out;
    for (auto [gd, cut] : llvm::enumerate(cuts)) {
      omap[gd] = int(cut.first);
      ct.shape[cut.first] /= cut.second;
    }
    return finish(computeOn(tiles, ct), omap);
  }

  // Data movement: a grid over the dims it keeps one to one (movedDims),
  // tiles of about kMoveTileElements elements.
  llvm::SmallVector<MovedDim, 4> moved = movedDims(g, op);
  llvm::SmallVector<std::pair<const MovedDim *, int64_t>, 3> splits =
      chooseMoveSplits(g, op, moved);
  bg.grid.clear();
  for (auto &[dim, blocks] : splits)
    bg.grid.push_back(blocks);
  if (bg.grid.empty())
    bg.grid = {1};
  llvm::SmallVector<int, 2> tiles;
  for (auto [i, in] : llvm::enumerate(ins)) {
    std::array<int, 3> imap = {kReplica, kReplica, kReplica};
    for (auto [gd, split] : llvm::enumerate(splits))
      imap[gd] = split.first->operandDims[i];
    tiles.push_back(addInput(in, imap, kReplica));
  }
  std::array<int, 3> omap = {kReplica, kReplica, kReplica};
  TensorType ct = out;
  for (auto [gd, split] : llvm::enumerate(splits)) {
    omap[gd] = split.first->resultDim;
    ct.shape[split.first->resultDim] /= split.second;
  }
  return finish(computeOn(tiles, ct), omap);
}

FailureOr<Graph> planBlockGraph(Graph bg, const TargetDesc &target,
                                const KernelPlanOptions &options,
                                std::string *why) {
  // The layout ILP reads the threads (which sums stay in mma registers).
  if (bg.threads == 0)
    bg.threads = options.threadsPerBlock;
  std::string key = serializeGraph(bg) + "\n" + target.key() + " " +
                    std::to_string(options.tensorCores) + " " +
                    std::to_string(options.pipeline) + " " +
                    std::to_string(options.threadsPerBlock);
  // Bounded: a long search over many shapes starts the cache over.
  static Memo<Graph> cache(4096);
  if (std::optional<Graph> cached = cache.lookup(key))
    return std::move(*cached);
  // The layout ILP solves programs: the block graph as the one kernel of
  // one.
  Graph program;
  program.level = Level::Kernel;
  Op kernel;
  kernel.kind = OpKind::Kernel;
  for (int v : bg.inputs)
    kernel.operands.push_back(program.addInput(bg.type(v)));
  llvm::SmallVector<TensorType, 2> results;
  for (int v : bg.outputs)
    results.push_back(bg.type(v));
  kernel.body = std::make_shared<const Graph>(std::move(bg));
  int first = program.addOp(kernel, results);
  for (size_t r = 0; r < results.size(); ++r)
    program.outputs.push_back(first + static_cast<int>(r));
  if (failed(planTileLayouts(program, target, why)))
    return failure();
  Graph planned = *program.ops.back().body;
  if (failed(planKernel(planned, target, options, why)))
    return failure();
  cache.insert(key, planned);
  return planned;
}

FailureOr<Graph> planExpandedKernel(const Graph &g, const Op &op,
                                    const TargetDesc &target,
                                    const KernelPlanOptions &options,
                                    std::string *why) {
  FailureOr<Graph> expanded = expandKernelOp(g, op, why);
  if (failed(expanded))
    return failure();
  return planBlockGraph(std::move(*expanded), target, options, why);
}

namespace {

/// Whether convolution `op` of `g` has a one-kernel implicit GEMM.
bool convolutionFits(const Graph &g, const Op &op) {
  return succeeded(expandKernelOp(g, op));
}

/// Output rows [begin, end) of a band of a convolution.
struct Band {
  int64_t begin, end;
};

/// The convolution `op` of `program` restricted to output rows `band`, as
/// a graph of its own: the image rows its windows read (a slice, unless
/// they are all the rows), the image's top and bottom padding only where
/// the band's windows reach it.
struct BandOps {
  std::optional<Op> slice;
  TensorType sliceType;
  Op conv;
  TensorType convType;
};

std::optional<BandOps> bandOps(const Graph &program, const Op &op, Band band) {
  ConvWindow w = *ConvWindow::decode(op.perm);
  const TensorType &x = program.type(op.operands[0]);
  const TensorType &y = program.type(op.results[0]);
  int64_t height = x.shape[2];
  int64_t span = w.dilation[0] * (w.kernel[0] - 1) + 1;
  int64_t start = band.begin * w.stride[0] - w.padLow[0];
  int64_t end = (band.end - 1) * w.stride[0] - w.padLow[0] + span;
  int64_t first = std::max<int64_t>(start, 0);
  int64_t last = std::min(end, height);
  if (last <= first)
    return std::nullopt; // a band of padding alone
  BandOps b;
  if (first > 0 || last < height) {
    Op slice;
    slice.kind = OpKind::Slice;
    slice.operands = {op.operands[0]};
    slice.perm = {0, 0, first, 0};
    b.slice = slice;
    b.sliceType = x;
    b.sliceType.shape[2] = last - first;
  }
  ConvWindow bw = w;
  bw.padLow[0] = first - start;
  bw.padHigh[0] = end - last;
  b.conv = op;
  b.conv.perm = bw.encode();
  b.convType = y;
  b.convType.shape[2] = band.end - band.begin;
  return b;
}

/// `conv` (a kernel graph of one convolution) over `bands` of its output
/// rows, concatenated along the height; none when a band reads padding
/// alone.
std::optional<Graph> convolutionOverBands(const Graph &conv,
                                          llvm::ArrayRef<Band> bands) {
  const Op &op = conv.ops.front();
  Graph out;
  out.level = Level::Kernel;
  for (int v : conv.inputs)
    out.addInput(conv.type(v));
  Op concat;
  concat.kind = OpKind::Concat;
  concat.dim = 2;
  for (const Band &band : bands) {
    std::optional<BandOps> b = bandOps(conv, op, band);
    if (!b)
      return std::nullopt;
    int image = op.operands[0];
    if (b->slice)
      image = out.addOp(*b->slice, {b->sliceType});
    b->conv.operands = {image, op.operands[1]};
    concat.operands.push_back(out.addOp(b->conv, {b->convType}));
  }
  out.outputs.push_back(out.addOp(concat, {conv.type(conv.outputs[0])}));
  return out;
}

/// `conv` over the fewest bands of output rows (of equal height, the last
/// shorter) whose convolutions all have a one-kernel implicit GEMM; none
/// when even bands of one row do not.
std::optional<Graph> bandedConvolution(const Graph &conv) {
  int64_t rows = conv.type(conv.outputs[0]).shape[2];
  // Band heights from rows / 2 down to 1, each height once.
  for (int64_t count = 2, previous = rows; count <= rows; ++count) {
    int64_t height = (rows + count - 1) / count;
    if (height == previous)
      continue;
    previous = height;
    llvm::SmallVector<Band> bands;
    for (int64_t begin = 0; begin < rows; begin += height)
      bands.push_back({begin, std::min(rows, begin + height)});
    std::optional<Graph> banded = convolutionOverBands(conv, bands);
    if (banded && llvm::all_of(banded->ops, [&](const Op &o) {
          return o.kind != OpKind::Conv2d || convolutionFits(*banded, o);
        }))
      return banded;
  }
  return std::nullopt;
}

/// Convolution `op` of `program` on its own: a kernel graph of its two
/// operands.
Graph convolutionAlone(const Graph &program, const Op &op) {
  Graph alone;
  alone.level = Level::Kernel;
  std::vector<int> ids(program.values.size(), -1);
  for (int v : op.operands)
    ids[v] = alone.addInput(program.type(v));
  alone.outputs.push_back(appendCopy(alone, op, program, ids));
  return alone;
}

/// How convolution `conv` (a kernel graph of one convolution with no
/// one-kernel implicit GEMM) runs as kernels on `target`: over bands of
/// its output rows or as its fission, whichever is estimated faster.
/// Cached per convolution and target.
Graph largeConvolutionKernels(const Graph &conv, const TargetDesc &target) {
  std::string key = serializeGraph(conv) + "\n" + target.key();
  static Memo<Graph> cache(1024);
  if (std::optional<Graph> cached = cache.lookup(key))
    return std::move(*cached);
  Graph best = fission(conv, {OpKind::Conv2d}).graph;
  if (std::optional<Graph> banded = bandedConvolution(conv);
      banded && estimatedUs(*banded, target) < estimatedUs(best, target))
    best = std::move(*banded);
  cache.insert(key, best);
  return best;
}

} // namespace

ConvolutionKernels convolutionsAsKernels(const Graph &program,
                                         const TargetDesc &target) {
  ConvolutionKernels result;
  Graph &out = result.graph;
  out.level = program.level;
  std::vector<int> map(program.values.size(), -1);
  for (int in : program.inputs)
    map[in] = out.addInput(program.type(in));
  for (auto [i, op] : llvm::enumerate(program.ops)) {
    int origin = static_cast<int>(i);
    if (op.kind != OpKind::Conv2d || convolutionFits(program, op)) {
      appendCopy(out, op, program, map);
      result.origin.push_back(origin);
      continue;
    }
    Graph kernels =
        largeConvolutionKernels(convolutionAlone(program, op), target);
    std::vector<int> ids(kernels.values.size(), -1);
    for (auto [j, v] : llvm::enumerate(kernels.inputs))
      ids[v] = map[op.operands[j]];
    for (const Op &k : kernels.ops) {
      appendCopy(out, k, kernels, ids);
      result.origin.push_back(origin);
    }
    map[op.results[0]] = ids[kernels.outputs[0]];
  }
  for (int o : program.outputs)
    out.outputs.push_back(map[o]);
  return result;
}

} // namespace tsopt
