//===- Layout.h - Memory layouts of tensors ---------------------*- C++ -*-===//
//
// How a tensor is laid out in memory: device tensors and shared-memory
// tiles, row- or column-major, optionally XOR-swizzled. A block graph records
// the memory layout of its tiles (Op::layouts, the IR's `bgraph.layout`); the
// layout ILP (tsopt/Optimize/Layout.h) chooses them and the lowering addresses
// every tile through layoutByteOffset's formula.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_CORE_LAYOUT_H
#define TSOPT_CORE_LAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tsopt {

enum class LayoutKind : uint8_t {
  // Memory (device tensors and shared-memory tiles). Both order the leading
  // (batch) dims outermost; they differ in the last two dims.
  RowMajor, ///< the last dim is contiguous
  ColMajor, ///< the second-to-last dim is contiguous
};

/// One candidate layout. Spelled (print and parse) as `row_major`,
/// `col_major`, `row_major_swizzle<B,4,S>`, `col_major_swizzle<B,4,S>`,
/// `row_major_pad<P>`, `col_major_pad<P>`.
struct Layout {
  LayoutKind kind = LayoutKind::RowMajor;
  /// B of swizzle<B,4,S> on byte offsets — bits
  /// [4 + S, 4 + S + B) are XORed into bits [4, 4 + B), permuting the
  /// 16-byte chunks of each 2^(4+B)-byte block by the 2^(4+S)-byte line it
  /// lies in. With S = 3, B = 1, 2, 3 are the 32-, 64- and 128-byte swizzle
  /// modes of TMA and wgmma; a larger S takes the XOR from the row index of
  /// rows of 2^(4+S) bytes (256-byte rows: S = 4), a smaller one (S >= B)
  /// from groups of narrower rows (32-byte rows, B = S = 2: pairs of rows).
  /// 0 means no swizzle.
  int swizzle = 0;
  int swizzleShift = 3; ///< S; meaningful only with a swizzle
  /// Bytes left unused after each stored row (a run of the contiguous dim):
  /// whole elements that end the row at a multiple of 16 bytes; never with
  /// a swizzle. Two uses. Rows that are not whole 16-byte chunks (a
  /// contraction of 27 halves) get 16-byte aligned starts, so ldmatrix can
  /// address them. And an XOR of address bits cannot spread rows whose
  /// length is an even number of 16-byte chunks but not a power of two (160
  /// or 96 bytes): their starts repeat every few rows in the same bank
  /// groups; padding to an odd number of chunks makes 8 consecutive rows
  /// start in 8 different groups.
  int pad = 0;

  static Layout rowMajor(int swizzle = 0, int shift = 3) {
    return {LayoutKind::RowMajor, swizzle, shift};
  }
  static Layout colMajor(int swizzle = 0, int shift = 3) {
    return {LayoutKind::ColMajor, swizzle, shift};
  }
  static Layout padded(LayoutKind kind, int pad) {
    Layout l;
    l.kind = kind;
    l.pad = pad;
    return l;
  }
  /// The swizzle modes of TMA and wgmma (S = 3).
  bool isTmaSwizzle() const { return swizzle && swizzleShift == 3; }

  std::string str() const;
  /// The inverse of str(); nullopt for anything else.
  static std::optional<Layout> parse(llvm::StringRef text);
  /// What parse accepts, for diagnostics.
  static llvm::StringRef spellings();

  friend bool operator==(const Layout &a, const Layout &b) {
    return a.kind == b.kind && a.swizzle == b.swizzle && a.pad == b.pad &&
           (!a.swizzle || a.swizzleShift == b.swizzleShift);
  }
  friend bool operator!=(const Layout &a, const Layout &b) { return !(a == b); }
};

/// Byte offset of element `index` of a tensor of `shape` with elements of
/// `elementBytes` bytes stored in the memory layout `layout`.
/// One lane's part of a shared-memory warp instruction.
struct LaneAccess {
  int64_t lane;    ///< 0-31
  int64_t address; ///< bytes
  int64_t bytes;   ///< 1, 2, 4, 8 or 16
};

/// Shared-memory wavefronts of one warp instruction, and the number it
/// would take without conflicts: 32 banks of 4 bytes serve 128 bytes per
/// wavefront; 16-byte accesses (and ldmatrix's rows) are served in phases
/// of 8 lanes, 8-byte ones in phases of 16 lanes, narrower ones all 32
/// lanes at once. Within a phase a bank serves one 4-byte word per
/// wavefront (lanes reading the same word share it), so a phase takes as
/// many wavefronts as its busiest bank has distinct words; without
/// conflicts, one per phase with an active lane.
struct Wavefronts {
  int64_t taken = 0, conflictFree = 0;
};
Wavefronts sharedMemoryWavefronts(llvm::ArrayRef<LaneAccess> lanes);

int64_t layoutByteOffset(llvm::ArrayRef<int64_t> shape, int64_t elementBytes,
                         const Layout &layout, llvm::ArrayRef<int64_t> index);

/// layoutByteOffset of one tensor with its strides worked out once, for
/// walks over many of its elements.
class LayoutAddressing {
public:
  LayoutAddressing(llvm::ArrayRef<int64_t> shape, int64_t elementBytes,
                   const Layout &layout);
  int64_t operator()(llvm::ArrayRef<int64_t> index) const;

private:
  llvm::SmallVector<int64_t, 4> strides; ///< in elements, per dim
  int64_t elementBytes;
  int64_t row = 1; ///< extent of the storage-fastest dim (padded runs)
  Layout layout;
};

/// The bytes a tensor of `shape` takes in `layout`: its elements', and a
/// padded layout's unused bytes after every stored row.
int64_t layoutStorageBytes(llvm::ArrayRef<int64_t> shape, int64_t elementBytes,
                           const Layout &layout);

/// Whether the lowering can address a tile of `shape` with elements of
/// `elementBytes` bytes in `layout`: a memory layout whose swizzle stays
/// inside the tile (its bytes a multiple of the 16 << B bytes each XOR
/// permutes). Fails with the reason in `why`.
bool isAddressableTileLayout(llvm::ArrayRef<int64_t> shape,
                             int64_t elementBytes, const Layout &layout,
                             std::string *why = nullptr);

/// Whether every stored row of a tile of `shape` in `layout` (a run along
/// its contiguous dim) starts at a multiple of 16 bytes and has room, its
/// padding included, for its elements rounded up to whole 16-byte chunks:
/// then ldmatrix can read the 8 elements of any row from any multiple of 8
/// below its extent rounded up to 8 (the values past the extent are the
/// row's padding).
bool storesAlignedRows(llvm::ArrayRef<int64_t> shape, int64_t elementBytes,
                       const Layout &layout);

/// Dims of a rank-`rank` tensor from the fastest-varying in storage to the
/// slowest: row-major is the reverse of the dim order; column-major swaps
/// the last two.
llvm::SmallVector<int, 4> storageFastestFirst(int rank, const Layout &layout);

/// The dim a memory layout stores contiguously, skipping dims of extent 1
/// (a 16x1 tile is contiguous along dim 0 in either order).
int contiguousDim(llvm::ArrayRef<int64_t> shape, const Layout &layout);

} // namespace tsopt

#endif // TSOPT_CORE_LAYOUT_H
