//===- LayoutGeometry.h - What layouts cost, private ------------*- C++ -*-===//
//-*-===//
//
// The geometry of the layout ILP's costs (lib/Optimize/LayoutGeometry.cpp):
// addresses, shared-memory bank conflicts counted in wavefronts, device-
// memory sectors. Layout.cpp builds the problem from these. Private to
// lib/Optimize.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_LIB_OPTIMIZE_LAYOUTGEOMETRY_H
#define TSOPT_LIB_OPTIMIZE_LAYOUTGEOMETRY_H

#include "tsopt/Optimize/Layout.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace tsopt::layout_geometry {

/// A tensor in memory: what an address computation needs.
struct MemRef {
  llvm::ArrayRef<int64_t> shape;
  int64_t eb; ///< element bytes
  Layout layout;
};

/// Maps an index of an op's iteration space to an index of one of its
/// tensors.
using IndexMap = llvm::function_ref<void(llvm::ArrayRef<int64_t> iter,
                                         llvm::SmallVectorImpl<int64_t> &x)>;

/// numpy broadcasting: trailing dims align, extent-1 dims stay at 0.
void broadcastIndex(llvm::ArrayRef<int64_t> xShape,
                    llvm::ArrayRef<int64_t> iter,
                    llvm::SmallVectorImpl<int64_t> &x);

/// Wavefronts of a pass over iteration space `iter` in strips along dim `d`:
/// consecutive lanes take consecutive runs of v elements along d (v as wide
/// as 16 bytes allow), the other dims in row-major order. Each lane reads its
/// run of tensor `x` (at map(index)) with one vector access when the run's
/// addresses are consecutive and aligned, with one access when they coincide
/// (broadcast), and with v element accesses otherwise. Past 4096 strips,
/// the first 4096 are counted and scaled to all (a tile repeats its rows'
/// pattern).
int64_t stripWavefronts(const MemRef &x, llvm::ArrayRef<int64_t> iter, int d,
                        IndexMap map);

/// Wavefronts of loading or storing tensor `x` (at map(index)) in the
/// mma.m16n8k16 accumulator fragment pattern over iteration space `iter`:
/// in each 16x8 block, lane l holds rows l/4 and l/4 + 8, columns 2(l%4) and
/// 2(l%4) + 1. A lane moves its two column neighbours with one access when
/// `pairs` allows and they are adjacent in memory (one instruction per row
/// half), else with one access each (four instructions). Where `iter`'s
/// last two dims are not multiples of 16 and 8 the fragments are padded:
/// the values past them are not moved.
int64_t fragmentWavefronts(const MemRef &x, llvm::ArrayRef<int64_t> iter,
                           IndexMap map, bool pairs = true);

} // namespace tsopt::layout_geometry

#endif // TSOPT_LIB_OPTIMIZE_LAYOUTGEOMETRY_H
