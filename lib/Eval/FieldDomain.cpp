//===- FieldDomain.cpp - Setup of the finite-field domain -----------------===//
//
// The parts of FieldDomain that run once per domain or per op rather than per
// element (deriving ω, the PRF key and the exp table from the seed; constants
// from doubles), and the evaluator's instantiation for the field.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Eval/FieldDomain.h"

#include "EvaluatorImpl.h"

#include <cmath>
#include <ostream>

using namespace tsopt;
using field::ModP;
using field::ModQ;

namespace {

/// splitmix64 (Steele, Lea, Flood): expands the 64-bit seed into the stream
/// from which the key and ω are drawn. Every seed gives a distinct, well
/// mixed stream; the seed itself is not secret, so no more is needed.
struct SplitMix64 {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
};

} // namespace

FieldDomain::FieldDomain(uint64_t seed, ExpQComponent expQ)
    : seedValue(seed), expQ(expQ) {
  SplitMix64 gen{seed};
  key0 = gen.next();
  key1 = gen.next();

  // For g ≠ 0, ω = g^{(p−1)/q} satisfies ω^q = g^{p−1} = 1, so its order
  // divides the prime q: it is q unless ω = 1 (g = ±1 here, as (p−1)/q = 2).
  constexpr uint64_t cofactor = (field::kP - 1) / field::kQ;
  static_assert((field::kP - 1) % field::kQ == 0, "q must divide p - 1");
  while (true) {
    uint64_t g = gen.next() >> 2;
    if (g == 0 || g >= p())
      continue;
    omegaMont = ModP::pow(ModP::toMont(g), cofactor);
    if (omegaMont != ModP::one)
      break;
  }

  expTable.resize(kExpWindows * 256);
  uint64_t base = omegaMont; // ω^{2^{8w}} for the current window w
  for (int w = 0; w < kExpWindows; ++w) {
    uint64_t *row = expTable.data() + w * 256;
    row[0] = ModP::one;
    for (int d = 1; d < 256; ++d)
      row[d] = ModP::mul(row[d - 1], base);
    base = ModP::mul(row[255], base);
  }
}

FieldElem FieldDomain::fromDouble(double v) const {
  if (!std::isfinite(v))
    llvm::report_fatal_error("FieldDomain::fromDouble: NaN and infinities "
                             "have no finite-field value");
  if (v == 0)
    return zero();
  // |v| = mant · 2^e with an integer mant < 2^53, exactly (also for
  // subnormals, which frexp normalizes).
  int e;
  double frac = std::frexp(std::fabs(v), &e);
  uint64_t mant = uint64_t(std::ldexp(frac, 53));
  e -= 53;
  // mant < 2^53 < q < p: already reduced in both components.
  Elem r = {ModP::toMont(mant), ModQ::toMont(mant)};
  if (e > 0) {
    r = mul(r, {ModP::pow(ModP::toMont(2), e), ModQ::pow(ModQ::toMont(2), e)});
  } else if (e < 0) {
    // 2^{-1} = (M + 1)/2 for an odd modulus M.
    Elem half = {ModP::toMont((p() + 1) / 2), ModQ::toMont((q() + 1) / 2)};
    r = mul(r, {ModP::pow(half.montP, -e), ModQ::pow(half.montQ, -e)});
  }
  return v < 0 ? sub(zero(), r) : r;
}

std::ostream &tsopt::operator<<(std::ostream &os, FieldElem e) {
  return os << '(' << FieldDomain::canonicalP(e) << ", "
            << FieldDomain::canonicalQ(e) << ')';
}

namespace tsopt {
template class Evaluator<FieldDomain>;
} // namespace tsopt
