//===- FieldDomain.cpp - Setup of the finite-field domain -----------------===//
//
// The parts of FieldDomain that run once per domain or per op rather than per
// element (deriving ω, the PRF key and the exp table from the seed; constants
// from doubles), and the evaluator's instantiation for the field.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Eval/FieldDomain.h"

#include "EvaluatorImpl.h"
#include "tsopt/Support/SplitMix.h"

#include <cmath>
#include <map>
#include <mutex>
#include <ostream>

using namespace tsopt;

namespace {

// SplitMix64 (tsopt/Support/SplitMix.h) expands the 64-bit seed into the
// stream from which the key and ω are drawn. Every seed gives a distinct,
// well mixed stream; the seed itself is not secret, so no more is needed.

uint64_t mulMod(uint64_t a, uint64_t b, uint64_t m) {
  return uint64_t(field::u128(a) * b % m);
}

uint64_t powMod(uint64_t a, uint64_t e, uint64_t m) {
  uint64_t r = 1 % m;
  for (a %= m; e; e >>= 1) {
    if (e & 1)
      r = mulMod(r, a, m);
    a = mulMod(a, a, m);
  }
  return r;
}

} // namespace

bool field::isPrime(uint64_t n) {
  static constexpr uint64_t kBases[] = {2,  3,  5,  7,  11, 13,
                                        17, 19, 23, 29, 31, 37};
  if (n < 2)
    return false;
  for (uint64_t b : kBases)
    if (n % b == 0)
      return n == b;
  uint64_t d = n - 1;
  int r = 0;
  while (d % 2 == 0) {
    d /= 2;
    ++r;
  }
  for (uint64_t b : kBases) {
    uint64_t x = powMod(b, d, n);
    if (x == 1 || x == n - 1)
      continue;
    bool composite = true;
    for (int i = 1; i < r && composite; ++i) {
      x = mulMod(x, x, n);
      composite = x != n - 1;
    }
    if (composite)
      return false;
  }
  return true;
}

field::FieldPrimes field::FieldPrimes::draw(uint64_t seed) {
  // The primes of a seed are drawn once per process: the search and the
  // orchestrator verify many candidates under one seed.
  static std::mutex mutex;
  static std::map<uint64_t, FieldPrimes> drawn;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = drawn.find(seed);
  if (it != drawn.end())
    return it->second;
  // A stream of its own, apart from the key's and ω's.
  SplitMix64 gen{seed ^ 0x7072696d65730000ULL};
  FieldPrimes primes;
  while (!primes.p) {
    // q uniform among odd numbers in [2^59, 2^61); then the first even k
    // with p = k·q + 1 prime and below 2^62.
    uint64_t q = (gen.next() >> 3) | (uint64_t(1) << 59) | 1;
    if (!isPrime(q))
      continue;
    for (uint64_t k = 2; q <= ((uint64_t(1) << 62) - 2) / k; k += 2)
      if (isPrime(k * q + 1)) {
        primes = {k * q + 1, q};
        break;
      }
  }
  drawn[seed] = primes;
  return primes;
}

bool field::FieldPrimes::valid() const {
  return q >= (uint64_t(1) << 54) && p < (uint64_t(1) << 62) && p > q &&
         (p - 1) % q == 0 && isPrime(q) && isPrime(p);
}

FieldDomain::FieldDomain(uint64_t seed, ExpQComponent expQ)
    : FieldDomain(seed, expQ, field::FieldPrimes::draw(seed)) {}

FieldDomain::FieldDomain(uint64_t seed, ExpQComponent expQ,
                         field::FieldPrimes primes)
    : seedValue(seed), expQ(expQ) {
  if (!primes.valid())
    llvm::report_fatal_error("FieldDomain: p and q must be primes with "
                             "q | p - 1, p < 2^62 and q >= 2^54");
  modP = field::Montgomery(primes.p);
  modQ = field::Montgomery(primes.q);
  shiftP = __builtin_clzll(primes.p);
  shiftQ = __builtin_clzll(primes.q);
  SplitMix64 gen{seed};
  key0 = gen.next();
  key1 = gen.next();

  // For g ≠ 0, ω = g^{(p−1)/q} satisfies ω^q = g^{p−1} = 1, so its order
  // divides the prime q: it is q unless ω = 1.
  uint64_t cofactor = (p() - 1) / q();
  while (true) {
    uint64_t g = gen.next() >> shiftP;
    if (g == 0 || g >= p())
      continue;
    omegaMont = modP.pow(modP.toMont(g), cofactor);
    if (omegaMont != modP.one)
      break;
  }

  expTable.resize(kExpWindows * 256);
  uint64_t base = omegaMont; // ω^{2^{8w}} for the current window w
  for (int w = 0; w < kExpWindows; ++w) {
    uint64_t *row = expTable.data() + w * 256;
    row[0] = modP.one;
    for (int d = 1; d < 256; ++d)
      row[d] = modP.mul(row[d - 1], base);
    base = modP.mul(row[255], base);
  }
}

FieldElem FieldDomain::fromDouble(double v) const {
  if (!std::isfinite(v))
    llvm::report_fatal_error("FieldDomain::fromDouble: NaN and infinities "
                             "have no finite-field value");
  if (v == 0)
    return zero();
  // The double nearest to 1/n for an integer n (a mean's 1/n, a rewrite's
  // coefficient, written as a double) stands for 1/n exactly: a program
  // that is an identity in the reals with 1/n is one in the field too, and
  // the float check measures what writing 1/n as a double costs.
  double n = std::nearbyint(1.0 / std::fabs(v));
  if (n >= 2 && n <= 0x1p32 && 1.0 / n == std::fabs(v)) {
    uint64_t k = uint64_t(n);
    Elem r = inverse({modP.toMont(k % p()), modQ.toMont(k % q())});
    return v < 0 ? sub(zero(), r) : r;
  }
  // Otherwise |v| = mant · 2^e with an integer mant < 2^53, exactly (also
  // for subnormals, which frexp normalizes).
  int e;
  double frac = std::frexp(std::fabs(v), &e);
  uint64_t mant = uint64_t(std::ldexp(frac, 53));
  e -= 53;
  // mant < 2^53 < 2^54 <= q < p: already reduced in both components.
  Elem r = {modP.toMont(mant), modQ.toMont(mant)};
  if (e > 0) {
    r = mul(r, {modP.pow(modP.toMont(2), e), modQ.pow(modQ.toMont(2), e)});
  } else if (e < 0) {
    // 2^{-1} = (M + 1)/2 for an odd modulus M.
    Elem half = {modP.toMont((p() + 1) / 2), modQ.toMont((q() + 1) / 2)};
    r = mul(r, {modP.pow(half.montP, -e), modQ.pow(half.montQ, -e)});
  }
  return v < 0 ? sub(zero(), r) : r;
}

std::ostream &tsopt::operator<<(std::ostream &os, FieldElem e) {
  // The residues (the moduli belong to the domain, not to the element).
  return os << "(residues " << e.montP << ", " << e.montQ << ')';
}

namespace tsopt {
template class Evaluator<FieldDomain>;
} // namespace tsopt
