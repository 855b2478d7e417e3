//===- Layout.cpp - Memory layouts of tensors -----------------------------===//

#include "tsopt/Core/Layout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <array>
#include <cassert>
#include <utility>

using namespace tsopt;

std::string Layout::str() const {
  switch (kind) {
  case LayoutKind::RowMajor:
  case LayoutKind::ColMajor: {
    std::string s = kind == LayoutKind::RowMajor ? "row_major" : "col_major";
    if (swizzle)
      s += "_swizzle<" + std::to_string(swizzle) + ",4," +
           std::to_string(swizzleShift) + ">";
    else if (pad)
      s += "_pad<" + std::to_string(pad) + ">";
    return s;
  }
  }
  return "?";
}

llvm::StringRef Layout::spellings() {
  return "row_major, col_major, row_major_swizzle<B,4,S>, "
         "col_major_swizzle<B,4,S> (B = 1, 2 or 3; S = B to 9), "
         "row_major_pad<P> or col_major_pad<P> (P bytes, 1 to 4096, whole "
         "elements that end each stored row at a multiple of 16 bytes)";
}

std::optional<Layout> Layout::parse(llvm::StringRef text) {
  Layout l;
  if (text.consume_front("row_major"))
    l.kind = LayoutKind::RowMajor;
  else if (text.consume_front("col_major"))
    l.kind = LayoutKind::ColMajor;
  else
    return std::nullopt;
  if (text.empty())
    return l;
  // _pad<P>: P in 1..4096 (whether it suits a tile's rows is
  // isAddressableTileLayout's question).
  if (text.consume_front("_pad<")) {
    unsigned pad = 0;
    if (!text.consume_back(">") || text.getAsInteger(10, pad) || pad == 0 ||
        pad > 4096)
      return std::nullopt;
    l.pad = static_cast<int>(pad);
    return l;
  }
  // _swizzle<B,4,S>: B in 1..3, S in B..9 (the XOR's source bits above
  // the bits it permutes; lines of up to 8192 bytes).
  if (!text.consume_front("_swizzle<") || !text.consume_back(">") ||
      text.size() != 5 || text.substr(1, 3) != ",4,")
    return std::nullopt;
  if (text[0] < '1' || text[0] > '3' || text[4] < text[0] || text[4] > '9')
    return std::nullopt;
  l.swizzle = text[0] - '0';
  l.swizzleShift = text[4] - '0';
  return l;
}

/// Dims of a rank-`rank` tensor from the fastest-varying in storage to the
/// slowest: row-major is the reverse of the dim order; column-major swaps
/// the last two.
llvm::SmallVector<int, 4> tsopt::storageFastestFirst(int rank,
                                                     const Layout &layout) {
  llvm::SmallVector<int, 4> dims;
  for (int d = rank - 1; d >= 0; --d)
    dims.push_back(d);
  if (layout.kind == LayoutKind::ColMajor && rank >= 2)
    std::swap(dims[0], dims[1]);
  return dims;
}

LayoutAddressing::LayoutAddressing(llvm::ArrayRef<int64_t> shape,
                                   int64_t elementBytes, const Layout &layout)
    : strides(shape.size(), 0), elementBytes(elementBytes), layout(layout) {
  int64_t stride = 1;
  for (int d : storageFastestFirst(shape.size(), layout)) {
    strides[d] = stride;
    stride *= shape[d];
  }
  row = shape.empty() ? 1 : shape[storageFastestFirst(shape.size(), layout)[0]];
}

int64_t LayoutAddressing::operator()(llvm::ArrayRef<int64_t> index) const {
  int64_t linear = 0;
  for (auto [i, stride] : llvm::zip_equal(index, strides))
    linear += i * stride;
  int64_t bytes = linear * elementBytes;
  if (layout.pad)
    bytes = (linear / row) * (row * elementBytes + layout.pad) +
            (linear % row) * elementBytes;
  if (layout.swizzle) {
    int64_t mask = (int64_t(1) << layout.swizzle) - 1;
    bytes ^= ((bytes >> (4 + layout.swizzleShift)) & mask) << 4;
  }
  return bytes;
}

int64_t tsopt::layoutByteOffset(llvm::ArrayRef<int64_t> shape,
                                int64_t elementBytes, const Layout &layout,
                                llvm::ArrayRef<int64_t> index) {
  return LayoutAddressing(shape, elementBytes, layout)(index);
}

int64_t tsopt::layoutStorageBytes(llvm::ArrayRef<int64_t> shape,
                                  int64_t elementBytes, const Layout &layout) {
  int64_t elements = 1;
  for (int64_t n : shape)
    elements *= n;
  int64_t bytes = elements * elementBytes;
  if (layout.pad && !shape.empty() && elements)
    bytes += elements / shape[storageFastestFirst(shape.size(), layout)[0]] *
             layout.pad;
  return bytes;
}

/// The dim a memory layout stores contiguously, skipping dims of extent 1
/// (a 16x1 tile is contiguous along dim 0 in either order).
int tsopt::contiguousDim(llvm::ArrayRef<int64_t> shape, const Layout &layout) {
  for (int d : storageFastestFirst(shape.size(), layout))
    if (shape[d] > 1)
      return d;
  return static_cast<int>(shape.size()) - 1;
}

bool tsopt::isAddressableTileLayout(llvm::ArrayRef<int64_t> shape,
                                    int64_t elementBytes, const Layout &layout,
                                    std::string *why) {
  auto fail = [&](std::string msg) {
    if (why)
      *why = std::move(msg);
    return false;
  };
  int64_t bytes = elementBytes;
  for (int64_t n : shape)
    bytes *= n;
  if (layout.pad) {
    int64_t row = shape.empty()
                      ? elementBytes
                      : shape[storageFastestFirst(shape.size(), layout)[0]] *
                            elementBytes;
    if (layout.swizzle || layout.pad % elementBytes != 0 ||
        (row + layout.pad) % 16 != 0)
      return fail("'" + layout.str() + "' pads rows of " + std::to_string(row) +
                  " bytes to " + std::to_string(row + layout.pad) +
                  ": a padded tile's stored rows start at multiples of 16 "
                  "bytes, its padding is whole elements, and it has no "
                  "swizzle");
    return true;
  }
  int64_t span = int64_t(16) << layout.swizzle;
  if (layout.swizzle && bytes % span != 0)
    return fail("'" + layout.str() + "' permutes " + std::to_string(span) +
                "-byte blocks, and the tile's " + std::to_string(bytes) +
                " bytes are not a whole number of them");
  return true;
}

bool tsopt::storesAlignedRows(llvm::ArrayRef<int64_t> shape,
                              int64_t elementBytes, const Layout &layout) {
  if (shape.empty())
    return false;
  int c = contiguousDim(shape, layout);
  int64_t row = shape[c] * elementBytes;
  if (!layout.pad)
    return row % 16 == 0;
  // Padding follows the storage-fastest dim's runs; it makes rows of the
  // contiguous dim only when that is the fastest.
  return storageFastestFirst(shape.size(), layout)[0] == c &&
         isAddressableTileLayout(shape, elementBytes, layout);
}

Wavefronts tsopt::sharedMemoryWavefronts(llvm::ArrayRef<LaneAccess> lanes) {
  Wavefronts w;
  if (lanes.empty())
    return w;
  int64_t widest = 0, lastLane = 0;
  for (const LaneAccess &a : lanes) {
    widest = std::max(widest, a.bytes);
    lastLane = std::max(lastLane, a.lane);
  }
  int64_t perPhase = widest >= 16 ? 8 : widest == 8 ? 16 : 32;
  // A phase's lanes touch at most 32 words (8 lanes of 4, 16 of 2 or 32
  // of 1): the distinct words of each bank, without allocating.
  std::array<std::array<int64_t, 32>, 32> words;
  std::array<uint8_t, 32> distinct;
  for (int64_t phase = 0; phase <= lastLane / perPhase; ++phase) {
    distinct.fill(0);
    bool active = false;
    for (const LaneAccess &a : lanes) {
      if (a.lane / perPhase != phase)
        continue;
      active = true;
      for (int64_t word = a.address / 4; word <= (a.address + a.bytes - 1) / 4;
           ++word) {
        int64_t bank = word % 32;
        auto held = llvm::ArrayRef(words[bank]).take_front(distinct[bank]);
        if (!llvm::is_contained(held, word) && distinct[bank] < 32)
          words[bank][distinct[bank]++] = word;
      }
    }
    w.taken += *llvm::max_element(distinct);
    w.conflictFree += active;
  }
  return w;
}
