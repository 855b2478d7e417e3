//===- FloatDomain.h - IEEE float number system ----------------*- C++ -*-===//
//
// The float domain (DESIGN §3): the reference semantics for lowering tests
// and the numerical-stability filter. A domain is any class with the members
// below; the evaluator is written against this interface only, so a new
// number system (e.g. the finite field Z_p x Z_q) is a new domain class, not a
// second evaluator.
//
// Domain interface (all const member functions, so that a domain may carry
// state such as a random key):
//   using Elem = ...;
//   Elem zero() const;  Elem one() const;
//   Elem add(Elem, Elem) const;  sub, mul, div  (same signature)
//   Elem max(Elem, Elem) const;   reduce_max and max accumulators
//   Elem fromDouble(double) const;  mul_scalar factors, rms_norm's epsilon
//                                   and 1/n
//   Elem unary(OpKind, Elem) const; exp, square, sqrt, rsqrt, silu, gelu,
//                                   relu, neg (never mul_scalar)
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_EVAL_FLOATDOMAIN_H
#define TSOPT_EVAL_FLOATDOMAIN_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Core/Precision.h"

#include "llvm/Support/ErrorHandling.h"

#include <cmath>
#include <type_traits>

namespace tsopt {

/// IEEE arithmetic in `T` (float or double). NaNs propagate through max and
/// relu so that the numerical filter sees them.
template <typename T> class FloatDomain {
  static_assert(std::is_floating_point_v<T>, "FloatDomain needs a float type");

public:
  using Elem = T;

  FloatDomain() = default;
  /// With `roundToStorage`, every value the evaluator stores at the kernel
  /// and block levels is rounded to its dtype (Core/Precision.h): the
  /// program's own precision for a reference, the emitted kernels' for a
  /// candidate. Without it, values keep T's precision (the algebra alone).
  explicit FloatDomain(bool roundToStorage) : roundToStorage(roundToStorage) {}

  /// Rounds `n` values stored as `t` (a no-op unless rounding to storage).
  void round(DType t, Elem *data, size_t n) const {
    if (!roundToStorage || (t == DType::F32 && std::is_same_v<T, float>))
      return;
    for (size_t i = 0; i < n; ++i)
      data[i] = static_cast<T>(roundToDType(static_cast<float>(data[i]), t));
  }

  /// Whether values are computed as the emitted kernels compute them (with
  /// rounding to storage): the evaluator then also runs the plan's
  /// running-max form of softmaxes (Core/RunningMax.h).
  bool computesAsKernels() const { return roundToStorage; }

  Elem zero() const { return T(0); }
  Elem one() const { return T(1); }
  Elem add(Elem a, Elem b) const { return a + b; }
  Elem sub(Elem a, Elem b) const { return a - b; }
  Elem mul(Elem a, Elem b) const { return a * b; }
  Elem div(Elem a, Elem b) const { return a / b; }
  /// The larger of `a` and `b`; NaN if either is NaN.
  Elem max(Elem a, Elem b) const { return (a < b || std::isnan(b)) ? b : a; }
  Elem fromDouble(double v) const { return static_cast<T>(v); }

  /// Applies the element-wise unary op `k` (not MulScalar or AddScalar, whose constant the
  /// evaluator multiplies in with `mul`).
  Elem unary(OpKind k, Elem x) const {
    switch (k) {
    case OpKind::Exp:
      return std::exp(x);
    case OpKind::Square:
      return x * x;
    case OpKind::Sqrt:
      return std::sqrt(x);
    case OpKind::Rsqrt:
      return T(1) / std::sqrt(x);
    case OpKind::Silu:
      return x / (T(1) + std::exp(-x));
    case OpKind::Gelu:
      // The exact (erf) form, not the tanh approximation.
      return T(0.5) * x * (T(1) + std::erf(x * T(0.70710678118654752440)));
    case OpKind::Relu:
      return max(x, T(0));
    case OpKind::Sigmoid:
      return T(1) / (T(1) + std::exp(-x));
    case OpKind::Tanh:
      return std::tanh(x);
    case OpKind::Neg:
      return -x;
    default:
      llvm_unreachable("not an element-wise unary op of a domain");
    }
  }

private:
  bool roundToStorage = false;
};

} // namespace tsopt

#endif // TSOPT_EVAL_FLOATDOMAIN_H
