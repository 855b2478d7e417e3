//===- Half.h - IEEE binary16 conversions -----------------------*- C++ -*-===//
//
// float <-> IEEE binary16 bits, round-to-nearest-even, NaN kept NaN and
// overflow to infinity. Header-only and free of LLVM, so that the runtime
// (lib/Runtime) and the compiler share one conversion, and portable to
// compilers without _Float16.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_SUPPORT_HALF_H
#define TSOPT_SUPPORT_HALF_H

#include <cstdint>
#include <cstring>

namespace tsopt {

inline uint16_t floatToHalfBits(float value) {
  uint32_t x;
  std::memcpy(&x, &value, 4);
  uint32_t sign = (x >> 16) & 0x8000u;
  uint32_t exponent = (x >> 23) & 0xffu;
  uint32_t mantissa = x & 0x7fffffu;
  if (exponent == 0xff) // infinity, or NaN (kept quiet)
    return sign | 0x7c00u | (mantissa ? 0x200u | (mantissa >> 13) : 0);
  int e = static_cast<int>(exponent) - 127 + 15;
  if (e >= 31)
    return sign | 0x7c00u;
  uint32_t kept, rest, halfway;
  if (e > 0) {
    kept = mantissa >> 13;
    rest = mantissa & 0x1fffu;
    halfway = 0x1000u;
  } else {
    // A subnormal half (or zero): value = m * 2^-24.
    if (e < -10)
      return sign;
    uint32_t full = mantissa | 0x800000u;
    int shift = 14 - e;
    kept = full >> shift;
    rest = full & ((1u << shift) - 1);
    halfway = 1u << (shift - 1);
  }
  uint32_t bits = (e > 0 ? static_cast<uint32_t>(e) << 10 : 0) + kept;
  if (rest > halfway || (rest == halfway && (kept & 1)))
    ++bits; // may carry into the exponent, up to infinity: both correct
  return static_cast<uint16_t>(sign | bits);
}

inline float halfBitsToFloat(uint16_t bits) {
  uint32_t sign = static_cast<uint32_t>(bits & 0x8000u) << 16;
  uint32_t exponent = (bits >> 10) & 0x1fu;
  uint32_t mantissa = bits & 0x3ffu;
  uint32_t x;
  if (exponent == 0) {
    float magnitude = static_cast<float>(mantissa) * (1.0f / 16777216.0f);
    std::memcpy(&x, &magnitude, 4);
    x |= sign;
  } else if (exponent == 31) {
    x = sign | 0x7f800000u | (mantissa << 13);
  } else {
    x = sign | ((exponent + 112) << 23) | (mantissa << 13);
  }
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

} // namespace tsopt

#endif // TSOPT_SUPPORT_HALF_H
