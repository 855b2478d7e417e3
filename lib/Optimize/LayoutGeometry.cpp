//===- LayoutGeometry.cpp - What layouts cost -----------------------------===//
//
// Addresses, shared-memory bank conflicts (wavefronts) and device-memory
// sectors of every access pattern the layout ILP prices. Every cost is
// written out in docs/optimizer.md ("Layouts"); keep the two in step.
//
//===----------------------------------------------------------------------===//

#include "LayoutGeometry.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <array>
#include <vector>

using namespace tsopt;
using namespace tsopt::layout_geometry;

//===----------------------------------------------------------------------===//
// Geometry: addresses, bank conflicts, sectors
//===----------------------------------------------------------------------===//

namespace {

/// The lanes of a warp, each instruction's accesses.
constexpr int64_t kWarpLanes = 32;

/// One lane's access within a warp instruction.
struct Access {
  int64_t addr;
  int64_t width; ///< bytes: 2, 4, 8 or 16
};
} // namespace

/// Wavefronts of one warp instruction whose lane l makes access l
/// (sharedMemoryWavefronts).
static int64_t instructionWavefronts(llvm::ArrayRef<Access> lanes) {
  llvm::SmallVector<LaneAccess, 32> parts;
  for (auto [l, a] : llvm::enumerate(lanes))
    parts.push_back({int64_t(l), a.addr, a.width});
  return sharedMemoryWavefronts(parts).taken;
}

/// Collects the accesses of a warp lane by lane and prices them: lane l's
/// k-th access goes into the warp's k-th instruction.
namespace {
class WarpAccounting {
public:
  void lane(llvm::ArrayRef<Access> accesses) {
    lanes.emplace_back(accesses.begin(), accesses.end());
    if (int64_t(lanes.size()) == kWarpLanes)
      flush();
  }
  int64_t finish() {
    flush();
    return total;
  }

private:
  std::vector<llvm::SmallVector<Access, 8>> lanes;
  int64_t total = 0;

  void flush() {
    size_t n = 0;
    for (const auto &l : lanes)
      n = std::max(n, l.size());
    llvm::SmallVector<Access, 32> instr;
    for (size_t k = 0; k < n; ++k) {
      instr.clear();
      for (const auto &l : lanes)
        if (k < l.size())
          instr.push_back(l[k]);
      total += instructionWavefronts(instr);
    }
    lanes.clear();
  }
};
} // namespace

void layout_geometry::broadcastIndex(llvm::ArrayRef<int64_t> xShape,
                                     llvm::ArrayRef<int64_t> iter,
                                     llvm::SmallVectorImpl<int64_t> &x) {
  size_t offset = iter.size() - xShape.size();
  x.resize(xShape.size());
  for (size_t i = 0; i < xShape.size(); ++i)
    x[i] = xShape[i] == 1 ? 0 : iter[i + offset];
}

/// The widest vector, in elements, a thread reads along a dim of `extent`:
/// a power of two dividing it, at most 16 bytes.
static int64_t vectorElements(int64_t extent, int64_t eb) {
  int64_t v = std::max<int64_t>(1, 16 / eb);
  while (v > 1 && extent % v != 0)
    v /= 2;
  return v;
}

int64_t layout_geometry::stripWavefronts(const MemRef &x,
                                         llvm::ArrayRef<int64_t> iter, int d,
                                         IndexMap map) {
  int rank = iter.size();
  if (rank == 0) {
    llvm::SmallVector<int64_t, 4> xi(x.shape.size(), 0);
    return instructionWavefronts(
        {Access{layoutByteOffset(x.shape, x.eb, x.layout, xi), x.eb}});
  }
  int64_t v = vectorElements(iter[d], x.eb);
  // Dims from the slowest to the fastest of the iteration order.
  llvm::SmallVector<int, 4> order;
  for (int i = 0; i < rank; ++i)
    if (i != d)
      order.push_back(i);
  order.push_back(d);

  WarpAccounting warp;
  LayoutAddressing address(x.shape, x.eb, x.layout);
  llvm::SmallVector<int64_t, 4> idx(rank, 0), xi;
  llvm::SmallVector<int64_t, 16> addrs;
  llvm::SmallVector<Access, 16> accesses;
  // A large tile repeats its rows' pattern: price its first kSample strips
  // (whole warps) and scale to all of them.
  constexpr int64_t kSample = 4096;
  int64_t strips = 0, total = 1;
  for (int64_t e : iter)
    total *= e;
  total /= v;
  while (true) {
    addrs.clear();
    for (int64_t j = 0; j < v; ++j) {
      idx[d] += j;
      map(idx, xi);
      idx[d] -= j;
      addrs.push_back(address(xi));
    }
    accesses.clear();
    bool same = llvm::all_equal(addrs);
    bool consecutive = addrs[0] % (v * x.eb) == 0;
    for (int64_t j = 1; j < v && consecutive; ++j)
      consecutive = addrs[j] == addrs[0] + j * x.eb;
    if (same)
      accesses.push_back({addrs[0], x.eb});
    else if (consecutive)
      accesses.push_back({addrs[0], v * x.eb});
    else
      for (int64_t a : addrs)
        accesses.push_back({a, x.eb});
    warp.lane(accesses);
    if (++strips == kSample && total > kSample)
      return (warp.finish() * total + kSample / 2) / kSample;

    // Next run: step the fastest dim by v, carry into the slower ones.
    int k = rank - 1;
    for (; k >= 0; --k) {
      int dim = order[k];
      idx[dim] += dim == d ? v : 1;
      if (idx[dim] < iter[dim])
        break;
      idx[dim] = 0;
    }
    if (k < 0)
      break;
  }
  return warp.finish();
}

int64_t layout_geometry::fragmentWavefronts(const MemRef &x,
                                            llvm::ArrayRef<int64_t> iter,
                                            IndexMap map, bool pairs) {
  size_t r = iter.size();
  assert(r >= 2 && "fragments cover the last two dims");
  int64_t rows = iter[r - 2], cols = iter[r - 1];
  int64_t batch = 1;
  for (size_t i = 0; i + 2 < r; ++i)
    batch *= iter[i];
  int64_t total = 0;
  llvm::SmallVector<int64_t, 4> idx(r, 0), xi;
  LayoutAddressing address(x.shape, x.eb, x.layout);
  auto addrOf = [&](int64_t row, int64_t col) {
    idx[r - 2] = row;
    idx[r - 1] = col;
    map(idx, xi);
    return address(xi);
  };
  for (int64_t b = 0; b < batch; ++b) {
    int64_t rest = b;
    for (int i = static_cast<int>(r) - 3; i >= 0; --i) {
      idx[i] = rest % iter[i];
      rest /= iter[i];
    }
    for (int64_t m0 = 0; m0 < rows; m0 += 16)
      for (int64_t n0 = 0; n0 < cols; n0 += 8)
        for (int64_t half = 0; half < 2; ++half) {
          llvm::SmallVector<Access, 32> first, second;
          bool paired = pairs;
          for (int64_t l = 0; l < 32; ++l) {
            int64_t row = m0 + l / 4 + 8 * half, col = n0 + 2 * (l % 4);
            if (row >= rows)
              continue;
            int64_t a0 = col < cols ? addrOf(row, col) : -1;
            int64_t a1 = col + 1 < cols ? addrOf(row, col + 1) : -1;
            if (a0 >= 0 && a0 == a1) {
              first.push_back({a0, x.eb});
              continue;
            }
            paired &= a0 >= 0 && a1 == a0 + x.eb && a0 % (2 * x.eb) == 0;
            if (a0 >= 0)
              first.push_back({a0, x.eb});
            if (a1 >= 0)
              second.push_back({a1, x.eb});
          }
          if (paired && !second.empty()) {
            for (Access &a : first)
              a.width = 2 * x.eb;
            total += instructionWavefronts(first);
          } else {
            total +=
                instructionWavefronts(first) + instructionWavefronts(second);
          }
        }
  }
  return total;
}

std::optional<int64_t> tsopt::ldmatrixWavefronts(llvm::ArrayRef<int64_t> shape,
                                                 DType dtype,
                                                 const Layout &layout) {
  size_t r = shape.size();
  if (dtypeBytes(dtype) != 2 || r < 2)
    return std::nullopt;
  if (!storesAlignedRows(shape, 2, layout))
    return std::nullopt;
  int c = contiguousDim(shape, layout);
  if (c < static_cast<int>(r) - 2)
    return std::nullopt;
  int o = c == static_cast<int>(r) - 1 ? r - 2 : r - 1;
  int64_t batch = numElements(shape) / (shape[c] * shape[o]);
  MemRef x{shape, 2, layout};
  llvm::SmallVector<int64_t, 4> idx(r, 0);
  int64_t total = 0;
  for (int64_t b = 0; b < batch; ++b) {
    int64_t rest = b;
    for (int i = static_cast<int>(r) - 3; i >= 0; --i) {
      idx[i] = rest % shape[i];
      rest /= shape[i];
    }
    // One 8x8 matrix (8 rows of 16 bytes) per phase; the rows past the
    // tile read its last row again (the lowering's clamp), which costs no
    // extra wavefront, and a row's last run of 8 reaches into its padding.
    for (int64_t o0 = 0; o0 < shape[o]; o0 += 8)
      for (int64_t c0 = 0; c0 < shape[c]; c0 += 8) {
        llvm::SmallVector<Access, 8> phase;
        for (int64_t row = 0; row < 8; ++row) {
          idx[o] = std::min(o0 + row, shape[o] - 1);
          idx[c] = c0;
          phase.push_back({layoutByteOffset(x.shape, x.eb, x.layout, idx), 16});
        }
        total += instructionWavefronts(phase);
      }
  }
  return total;
}

double tsopt::sectorWaste(llvm::ArrayRef<int64_t> tensor,
                          llvm::ArrayRef<int64_t> box, int64_t elementBytes,
                          const Layout &layout) {
  // The box's contiguous run: its extent along the storage-fastest dim,
  // times the next dims' while the box spans them whole.
  int64_t run = elementBytes;
  for (int d : storageFastestFirst(tensor.size(), layout)) {
    run *= box[d];
    if (box[d] < tensor[d])
      break;
  }
  // Runs start at multiples of their length; average the 32-byte sectors a
  // run touches over one period of start offsets modulo 32.
  int64_t period = 32 / std::gcd(run, int64_t(32));
  int64_t sectors = 0;
  for (int64_t k = 0; k < period; ++k) {
    int64_t begin = k * run, end = begin + run - 1;
    sectors += end / 32 - begin / 32 + 1;
  }
  return double(sectors) * 32.0 / double(period * run);
}

//===----------------------------------------------------------------------===//
// The element walk
//===----------------------------------------------------------------------===//

void ElementWalk::apply(llvm::ArrayRef<int64_t> shape,
                        llvm::MutableArrayRef<int64_t> index) const {
  if (isPlain())
    return;
  index[rotated] =
      (index[rotated] + step * (index[along] / group)) % shape[rotated];
}

std::function<void(llvm::ArrayRef<int64_t>, llvm::SmallVectorImpl<int64_t> &)>
tsopt::movementReadAt(const Graph &bg, const Op &op) {
  using Index = llvm::SmallVectorImpl<int64_t>;
  Shape in = bg.type(op.operands[0]).shape;
  Shape out = bg.type(op.results[0]).shape;
  Shape perm(op.perm.begin(), op.perm.end());
  switch (op.kind) {
  case OpKind::Transpose:
    return [perm](llvm::ArrayRef<int64_t> s, Index &at) {
      at.resize(s.size());
      for (size_t i = 0; i < perm.size(); ++i)
        at[perm[i]] = s[i];
    };
  case OpKind::Slice: // perm holds the slice's start
    return [perm](llvm::ArrayRef<int64_t> s, Index &at) {
      at.resize(s.size());
      for (size_t d = 0; d < s.size(); ++d)
        at[d] = s[d] + perm[d];
    };
  case OpKind::Repeat:
    return [in](llvm::ArrayRef<int64_t> s, Index &at) {
      at.resize(in.size());
      for (size_t d = 0; d < in.size(); ++d)
        at[d] = s[d] % in[d];
    };
  case OpKind::Reshape:
    // The row-major reinterpretation.
    return [in, out](llvm::ArrayRef<int64_t> s, Index &at) {
      int64_t linear = 0;
      for (size_t d = 0; d < out.size(); ++d)
        linear = linear * out[d] + s[d];
      at.resize(in.size());
      for (int d = int(in.size()) - 1; d >= 0; --d) {
        at[d] = linear % in[d];
        linear /= in[d];
      }
    };
  case OpKind::Im2Col: {
    // Column (c, i, j), position (oh, ow) reads the image at
    // oh·sh + i·dh - pt, ow·sw + j·dw - pl, clamped to 0 in the padding
    // (the lowering's clamped load).
    std::optional<ConvWindow> w = ConvWindow::decode(op.perm);
    if (!w || in.size() != 4)
      return {};
    std::array<int64_t, 2> outHW = {w->outputExtent(0, in[2]),
                                    w->outputExtent(1, in[3])};
    return [w = *w, in, outHW](llvm::ArrayRef<int64_t> s, Index &at) {
      int64_t kernel = w.kernel[0] * w.kernel[1];
      int64_t c = s[1] / kernel, ij = s[1] % kernel;
      std::array<int64_t, 2> tap = {ij / w.kernel[1], ij % w.kernel[1]};
      std::array<int64_t, 2> pos = {s[2] / outHW[1], s[2] % outHW[1]};
      at.assign({s[0], c, 0, 0});
      for (int d = 0; d < 2; ++d) {
        int64_t padded = pos[d] * w.stride[d] + tap[d] * w.dilation[d];
        bool inside = padded >= w.padLow[d] && padded < w.padLow[d] + in[2 + d];
        at[2 + d] = inside ? padded - w.padLow[d] : 0;
      }
    };
  }
  default:
    return {};
  }
}

Wavefronts tsopt::elementWalkWavefronts(const ElementWalk &walk,
                                        const TileAccess &result,
                                        llvm::ArrayRef<TileAccess> reads,
                                        int64_t threads, bool writeResult,
                                        int64_t maxElements) {
  int rank = static_cast<int>(result.shape.size());
  // Dims slowest first in storage: the linear index walks the storage.
  llvm::SmallVector<int, 4> order =
      llvm::to_vector(llvm::reverse(storageFastestFirst(rank, result.layout)));
  int64_t n = 1;
  for (int64_t e : result.shape)
    n *= e;
  int64_t rounds = (n + threads - 1) / threads;
  if (maxElements > 0)
    rounds = std::min(rounds, (maxElements + threads - 1) / threads);
  llvm::SmallVector<const TileAccess *, 4> tiles;
  for (const TileAccess &r : reads)
    tiles.push_back(&r);
  if (writeResult)
    tiles.push_back(&result);

  llvm::SmallVector<LayoutAddressing, 4> addressing;
  for (const TileAccess *tile : tiles)
    addressing.emplace_back(tile->shape, tile->elementBytes, tile->layout);

  Wavefronts total;
  std::vector<llvm::SmallVector<LaneAccess, 32>> lanes(tiles.size());
  llvm::SmallVector<int64_t, 4> index(rank), xi;
  for (int64_t k = 0; k < rounds; ++k)
    for (int64_t warp = 0; warp * 32 < threads; ++warp) {
      for (auto &l : lanes)
        l.clear();
      for (int64_t lane = 0; lane < 32 && warp * 32 + lane < threads; ++lane) {
        int64_t i = k * threads + warp * 32 + lane;
        if (i >= n)
          break;
        for (int d : llvm::reverse(order)) {
          index[d] = i % result.shape[d];
          i /= result.shape[d];
        }
        walk.apply(result.shape, index);
        for (auto [j, tile] : llvm::enumerate(tiles)) {
          if (tile->readAt && tile != &result)
            tile->readAt(index, xi);
          else
            broadcastIndex(tile->shape, index, xi);
          lanes[j].push_back({lane, addressing[j](xi), tile->elementBytes});
        }
      }
      for (const auto &l : lanes) {
        Wavefronts w = sharedMemoryWavefronts(l);
        total.taken += w.taken;
        total.conflictFree += w.conflictFree;
      }
    }
  return total;
}

ElementWalk tsopt::planElementWalk(const TileAccess &result,
                                   llvm::ArrayRef<TileAccess> reads,
                                   int64_t threads, bool writeResult) {
  constexpr int64_t maxElements = kElementWalkSample;
  ElementWalk chosen;
  Wavefronts best = elementWalkWavefronts(chosen, result, reads, threads,
                                          writeResult, maxElements);
  if (best.taken <= best.conflictFree)
    return chosen;
  // The contiguous dim and the next stored dim, skipping extent-1 dims.
  llvm::SmallVector<int, 4> stored;
  for (int d : storageFastestFirst(result.shape.size(), result.layout))
    if (result.shape[d] > 1)
      stored.push_back(d);
  if (stored.size() < 2)
    return chosen;
  ElementWalk walk;
  walk.along = stored[0];
  walk.rotated = stored[1];
  // Where the rows along `along` are whole warps' runs (a multiple of 32
  // elements), every warp instruction holds 32 consecutive c of one row,
  // so a group of 32 or more rotates all its lanes by the same amount: the
  // instruction is the plain walk's instruction of another row, and over
  // the tile the instructions are the plain walk's, permuted. Such groups
  // cannot take fewer wavefronts than the plain walk, and are not tried.
  int64_t groups = result.shape[walk.along];
  if (groups % kWarpLanes == 0)
    groups = kWarpLanes;
  for (walk.step = 1; walk.step < result.shape[walk.rotated]; walk.step *= 2)
    for (walk.group = 1; walk.group < groups; walk.group *= 2) {
      Wavefronts w = elementWalkWavefronts(walk, result, reads, threads,
                                           writeResult, maxElements);
      if (w.taken < best.taken) {
        best = w;
        chosen = walk;
        if (best.taken <= best.conflictFree)
          return chosen;
      }
    }
  return chosen;
}
