//===- Precision.h - Storage precision of values ----------------*- C++ -*-===//
//
// The precision half of the plan (DESIGN §5): what dtype every value of a
// µGraph is stored in, and the rounding that storage implies.
//
// Semantics, shared by the evaluator, the lowering and the cost model: an op
// reads its operands at their dtype, computes in (at least) f32, and rounds
// its result to the result's dtype. A value's dtype is therefore its storage
// precision, and an f16 tile that holds a row sum of squares overflows in the
// evaluator exactly as it does in the emitted kernel.
//
// Kernel-level dtypes are the program's (the importer keeps the f32 of an
// export's extf/truncf regions). Block-level tile dtypes are planned by
// `planTilePrecision`: every accumulator, reduction, matmul result and
// element-wise result is an f32 tile, as in production kernels, except a tile
// whose every reader wants a half type anyway — a tensor-core matmul operand
// beside a half operand, or an output saver to a half tensor — which is
// stored in that half type; and the exps of a softmax in the running-max
// form (RunningMax.h: values in [0, 1]), read by products beside a half
// operand and by row sums, are stored in that half type, as FlashAttention
// keeps P, so that the products load them as tensor-core fragments.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_CORE_PRECISION_H
#define TSOPT_CORE_PRECISION_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Support/Half.h"

#include <cmath>
#include <cstring>

namespace tsopt {

/// f16 and bf16.
inline bool isHalf(DType t) { return t != DType::F32; }

/// The dtype that holds both `a` and `b` exactly (f32 when they differ).
inline DType widerDType(DType a, DType b) { return a == b ? a : DType::F32; }

/// The largest finite value of `t`.
inline double maxFinite(DType t) {
  switch (t) {
  case DType::F16:
    return 65504.0;
  case DType::BF16:
    return 3.3895313892515355e38;
  default:
    return 3.4028234663852886e38;
  }
}

/// `x` rounded to the nearest value of `t` (round-to-nearest-even; past the
/// largest finite value, infinity), returned in the wider type.
inline float roundToDType(float x, DType t) {
  switch (t) {
  case DType::F32:
    return x;
  case DType::F16:
    return halfBitsToFloat(floatToHalfBits(x));
  case DType::BF16: {
    uint32_t bits;
    std::memcpy(&bits, &x, 4);
    if ((bits & 0x7f800000u) != 0x7f800000u) // finite: round the low half
      bits += 0x7fffu + ((bits >> 16) & 1u);
    bits &= 0xffff0000u;
    if ((bits & 0x7f800000u) == 0x7f800000u && (bits & 0x7fffffu) == 0 &&
        std::isnan(x))
      bits |= 0x10000u; // keep a NaN a NaN
    std::memcpy(&x, &bits, 4);
    return x;
  }
  }
  return x;
}
inline double roundToDType(double x, DType t) {
  return static_cast<double>(roundToDType(static_cast<float>(x), t));
}

/// The type a matmul reads its operands in: a half type when either operand
/// is of it (the other is rounded to it as it is read, as a tensor-core
/// fragment is loaded), f32 otherwise (and for f16 beside bf16).
inline DType matmulInputType(DType a, DType b) {
  if (a == b)
    return a;
  if (a == DType::F32)
    return b;
  if (b == DType::F32)
    return a;
  return DType::F32;
}

/// Whether the block-level matmul `op` of `blockGraph` runs on tensor cores
/// (mma.sync m16n8k16): a half input type. A tile the instruction does not
/// divide is padded (rows to 16, columns to 8, the contraction to 16). The
/// one statement of this decision: the lowering emits it, the cost model
/// and the layout ILP price it.
bool isTensorCoreMatmul(const Graph &blockGraph, const Op &op);

/// Plans the storage dtype of every tile of the block graph `blockGraph` in
/// place (see above); input iterators keep their tensor's dtype, output
/// savers their result tensor's. Idempotent: the plan is a function of the
/// graph's structure, its exps' planned forms and its kernel-level dtypes
/// only, so planning a planned graph changes nothing.
void planTilePrecision(Graph &blockGraph);

/// planTilePrecision on the body of every graph-defined kernel of the
/// kernel graph `g` (on `g` itself when it is a block graph), after giving
/// the body's inputs and outputs the dtypes of the kernel's operands and
/// results: kernel-level dtypes are what is stored in device memory. The
/// producers of split softmaxes are planned in the running-max form first
/// (planSplitSoftmaxForms).
void planPrecision(Graph &g);

} // namespace tsopt

#endif // TSOPT_CORE_PRECISION_H
