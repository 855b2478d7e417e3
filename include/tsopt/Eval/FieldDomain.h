//===- FieldDomain.h - The finite-field number system Z_p x Z_q -*- C++ -*-===//
//
// The number system of the equivalence check (DESIGN §3): pairs (x_p, x_q) in
// Z_p x Z_q with q | p - 1, exp(x) = ω^{x_q} mod p, and every non-polynomial
// op other than exp an uninterpreted function. docs/finite-field.md states the
// choices and what they can and cannot prove.
//
// The evaluator calls these per element, so everything on that path is inline
// here; only the setup and fromDouble live in lib/Eval/FieldDomain.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_EVAL_FIELDDOMAIN_H
#define TSOPT_EVAL_FIELDDOMAIN_H

#include "tsopt/Core/Graph.h"

#include "llvm/Support/ErrorHandling.h"

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <random>
#include <vector>

namespace tsopt {
namespace field {

using u128 = unsigned __int128;

/// Arithmetic modulo an odd `M` < 2^62 on Montgomery residues x·2^64 mod M,
/// always kept canonical (in [0, M)), so that equal values have equal
/// residues and comparison is a plain integer compare. Residue 0 is the
/// field's 0. The modulus is drawn at run time (FieldPrimes), so the
/// constants are computed once per modulus.
struct Montgomery {
  uint64_t modulus = 0;
  /// M^{-1} mod 2^64.
  uint64_t mInv = 0;
  /// 2^64 mod M: the residue of 1.
  uint64_t one = 0;
  /// 2^128 mod M: multiplying by it converts into Montgomery form.
  uint64_t r2 = 0;

  Montgomery() = default;
  explicit Montgomery(uint64_t M) : modulus(M) {
    // Newton's iteration for M^{-1} mod 2^64: each step doubles the number
    // of correct low bits, and M·M ≡ 1 (mod 8) gives the first three.
    uint64_t x = M;
    for (int i = 0; i < 5; ++i)
      x *= 2 - M * x;
    mInv = x;
    one = (0 - M) % M;
    r2 = uint64_t(u128(one) * one % M);
  }

  uint64_t add(uint64_t a, uint64_t b) const {
    // a + b < 2M < 2^63: no carry out of the word.
    uint64_t s = a + b;
    return s >= modulus ? s - modulus : s;
  }
  uint64_t sub(uint64_t a, uint64_t b) const {
    uint64_t d = a - b;
    return a < b ? d + modulus : d;
  }
  /// a·b·2^-64 mod M for canonical a, b (Montgomery's REDC, in the variant
  /// that subtracts m·M instead of adding it). With m = lo(ab)·M^{-1}, the
  /// low words of ab and m·M agree, so (ab − m·M)/2^64 = hi(ab) − hi(m·M),
  /// which lies in (−M, M): one conditional add of M makes it canonical.
  uint64_t mul(uint64_t a, uint64_t b) const { return redc(u128(a) * b); }
  /// t·2^-64 mod M, canonical, for any t < M·2^64.
  uint64_t redc(u128 t) const {
    uint64_t m = uint64_t(t) * mInv;
    uint64_t hi = uint64_t(t >> 64);
    uint64_t mh = uint64_t((u128(m) * modulus) >> 64);
    uint64_t r = hi - mh;
    return hi < mh ? r + modulus : r;
  }
  /// Montgomery form of a canonical value x < M.
  uint64_t toMont(uint64_t x) const { return mul(x, r2); }
  /// Canonical value of a residue.
  uint64_t fromMont(uint64_t a) const { return mul(a, 1); }
  /// a^e for a residue a and a plain exponent e.
  uint64_t pow(uint64_t a, uint64_t e) const {
    uint64_t r = one;
    for (; e; e >>= 1) {
      if (e & 1)
        r = mul(r, a);
      a = mul(a, a);
    }
    return r;
  }
  /// A residue from 64 uniform bits: ⌊h·M / 2^64⌋ is within statistical
  /// distance (2^64 mod M)/2^64 of uniform, and a uniform residue is a
  /// uniform value since toMont is a bijection.
  uint64_t fromBits(uint64_t h) const {
    return uint64_t((u128(h) * modulus) >> 64);
  }
};

/// Whether `n` is prime: Miller–Rabin with the first twelve primes as
/// bases, which is deterministic below 3.3·10^24 (so for every 64-bit n).
bool isPrime(uint64_t n);

/// The moduli of one verification: primes q and p = k·q + 1 (k even, so
/// that q | p − 1 and Z_p^* has elements of order q), with
/// 2^59 <= q < 2^61 and p < 2^62, drawn from a seed. Constants written into
/// a program before the draw cannot target them: a nonzero integer of L
/// bits has at most L/59 prime factors of this size, against about 2^47
/// primes q the draw chooses among (docs/finite-field.md).
struct FieldPrimes {
  uint64_t p = 0, q = 0;
  /// The primes of `seed`: the same seed always gives the same pair.
  static FieldPrimes draw(uint64_t seed);
  /// Whether p and q are primes a domain can compute with: q | p − 1,
  /// p < 2^62 and q >= 2^54 (so that constants of 53 bits are reduced).
  bool valid() const;
};

inline uint64_t rotl(uint64_t x, int b) { return (x << b) | (x >> (64 - b)); }

/// One SipRound on the state v0..v3.
inline void sipRound(uint64_t &v0, uint64_t &v1, uint64_t &v2, uint64_t &v3) {
  v0 += v1;
  v1 = rotl(v1, 13);
  v1 ^= v0;
  v0 = rotl(v0, 32);
  v2 += v3;
  v3 = rotl(v3, 16);
  v3 ^= v2;
  v0 += v3;
  v3 = rotl(v3, 21);
  v3 ^= v0;
  v2 += v1;
  v1 = rotl(v1, 17);
  v1 ^= v2;
  v2 = rotl(v2, 32);
}

/// SipHash-2-4 with 128-bit output (Aumasson–Bernstein) of the message made
/// of `n` little-endian 64-bit words, under the key (k0, k1) read as two
/// little-endian words. out[0] and out[1] are the two output words, in the
/// byte order of the reference implementation's vectors_sip128.
inline void sipHash128(uint64_t k0, uint64_t k1, const uint64_t *words,
                       size_t n, uint64_t out[2]) {
  uint64_t v0 = k0 ^ 0x736f6d6570736575ULL;
  uint64_t v1 = k1 ^ 0x646f72616e646f6dULL ^ 0xee;
  uint64_t v2 = k0 ^ 0x6c7967656e657261ULL;
  uint64_t v3 = k1 ^ 0x7465646279746573ULL;
  auto compress = [&](uint64_t m) {
    v3 ^= m;
    sipRound(v0, v1, v2, v3);
    sipRound(v0, v1, v2, v3);
    v0 ^= m;
  };
  for (size_t i = 0; i < n; ++i)
    compress(words[i]);
  compress(uint64_t(n * 8 & 0xff) << 56);
  v2 ^= 0xee;
  for (int i = 0; i < 4; ++i)
    sipRound(v0, v1, v2, v3);
  out[0] = v0 ^ v1 ^ v2 ^ v3;
  v1 ^= 0xdd;
  for (int i = 0; i < 4; ++i)
    sipRound(v0, v1, v2, v3);
  out[1] = v0 ^ v1 ^ v2 ^ v3;
}

} // namespace field

/// An element (x_p, x_q) of Z_p x Z_q, each component a canonical Montgomery
/// residue (see field::Montgomery). Equality of elements is equality of the
/// two words; FieldDomain::canonicalP/Q give the values themselves. A
/// value-initialized element is the field's zero.
struct FieldElem {
  uint64_t montP = 0;
  uint64_t montQ = 0;

  friend bool operator==(FieldElem a, FieldElem b) {
    return a.montP == b.montP && a.montQ == b.montQ;
  }
  friend bool operator!=(FieldElem a, FieldElem b) { return !(a == b); }
};

/// Prints the two Montgomery residues (for test diagnostics).
std::ostream &operator<<(std::ostream &os, FieldElem e);

/// What exp puts into the Z_q component of its result; the Z_p component is
/// always ω^{x_q}. docs/finite-field.md discusses the trade-off.
enum class ExpQComponent : uint8_t {
  /// 1. Then exp(a)·exp(b) = exp(a + b) and exp(0) = 1 hold on whole
  /// elements, so rewrites that rely on them keep both components equal;
  /// but exp of an exp result is the constant ω, so programs outside LAX
  /// must not be compared in this mode.
  One,
  /// A keyed PRF of the argument. exp of an exp result then acts as an
  /// uninterpreted function, at the cost of rewrites that use the exp
  /// homomorphism (exp(a)·exp(b) vs exp(a + b)) comparing unequal on Z_q.
  Keyed,
};

/// The finite-field domain of the evaluator (interface: FloatDomain.h).
/// Constructed from a seed that fixes ω and the key of the uninterpreted
/// functions; two programs are compared under one domain object. Immutable
/// after construction, so one object may serve several threads.
class FieldDomain {
public:
  using Elem = FieldElem;

  /// The moduli: primes with q | p − 1, drawn from the seed
  /// (field::FieldPrimes).
  uint64_t p() const { return modP.modulus; }
  uint64_t q() const { return modQ.modulus; }

  /// Derives the primes, ω (an element of order q in Z_p^*) and the PRF key
  /// from `seed`.
  explicit FieldDomain(uint64_t seed, ExpQComponent expQ = ExpQComponent::One);
  /// The same with the primes given (to reproduce a verification under
  /// primes it reported): they must be primes with q | p − 1, p < 2^62
  /// and q >= 2^54 (field::FieldPrimes::valid).
  FieldDomain(uint64_t seed, ExpQComponent expQ, field::FieldPrimes primes);

  uint64_t seed() const { return seedValue; }
  ExpQComponent expQComponent() const { return expQ; }
  /// The canonical value of ω in [2, p).
  uint64_t omega() const { return modP.fromMont(omegaMont); }

  //===--------------------------------------------------------------------===//
  // The domain interface
  //===--------------------------------------------------------------------===//

  Elem zero() const { return {0, 0}; }
  Elem one() const { return {modP.one, modQ.one}; }
  Elem add(Elem a, Elem b) const {
    return {modP.add(a.montP, b.montP), modQ.add(a.montQ, b.montQ)};
  }
  Elem sub(Elem a, Elem b) const {
    return {modP.sub(a.montP, b.montP), modQ.sub(a.montQ, b.montQ)};
  }
  Elem mul(Elem a, Elem b) const {
    return {modP.mul(a.montP, b.montP), modQ.mul(a.montQ, b.montQ)};
  }
  /// Sum of a[i]·b[i] with delayed reduction: products of Montgomery
  /// residues (< M² < 2^124) are summed in 128 bits four at a time (< 4M² <
  /// M·2^64, the range REDC accepts) and reduced once per group, instead of
  /// once per product.
  Elem dot(const Elem *a, const Elem *b, int64_t n) const {
    uint64_t accP = 0, accQ = 0;
    int64_t i = 0;
    for (; i + 4 <= n; i += 4) {
      field::u128 sp = 0, sq = 0;
      for (int64_t j = i; j < i + 4; ++j) {
        sp += field::u128(a[j].montP) * b[j].montP;
        sq += field::u128(a[j].montQ) * b[j].montQ;
      }
      accP = modP.add(accP, modP.redc(sp));
      accQ = modQ.add(accQ, modQ.redc(sq));
    }
    for (; i < n; ++i) {
      accP = modP.add(accP, modP.mul(a[i].montP, b[i].montP));
      accQ = modQ.add(accQ, modQ.mul(a[i].montQ, b[i].montQ));
    }
    return {accP, accQ};
  }

  /// a · inverse(b); division by 0 gives 0.
  Elem div(Elem a, Elem b) const { return mul(a, inverse(b)); }

  /// A keyed uninterpreted binary function, symmetric and idempotent
  /// (max(a, a) = a) like the real max, but not associative.
  Elem max(Elem a, Elem b) const {
    if (a == b)
      return a;
    bool swap = b.montP < a.montP || (b.montP == a.montP && b.montQ < a.montQ);
    Elem lo = swap ? b : a, hi = swap ? a : b;
    uint64_t msg[5] = {tag(OpKind::ReduceMax, 2), lo.montP, lo.montQ, hi.montP,
                       hi.montQ};
    return prfElem(msg, 5);
  }

  /// The field value of the constant `v`: 1/n when `v` is the double
  /// nearest to 1/n for an integer 2 <= n <= 2^32 (a mean's 1/n written as
  /// a double stands for it), else the exact dyadic rational `v` (every
  /// finite double is one): m·2^e maps to m·2^e or m·(2^{-e})^{-1} in both
  /// components. NaN and infinities have no field value and abort.
  Elem fromDouble(double v) const;

  Elem unary(OpKind k, Elem x) const {
    switch (k) {
    case OpKind::Exp:
      return exp(x);
    case OpKind::Square:
      return mul(x, x);
    case OpKind::Neg:
      return sub(zero(), x);
    case OpKind::Rsqrt:
      // rsqrt is 1/sqrt by definition, so it is not a second unknown
      // function: x·rsqrt(v) and x / sqrt(v) (rms_norm) then agree.
      return inverse(uninterpreted(OpKind::Sqrt, x));
    case OpKind::Relu:
      // relu is max(x, 0) by definition: relu(x) and max_scalar(x, 0)
      // agree.
      return max(x, zero());
    default:
      // The rest of the table's uninterpreted unary ops (OpKinds.def).
      if (isUninterpretedUnary(k))
        return uninterpreted(k, x);
      llvm_unreachable("not an element-wise unary op of a domain");
    }
  }

  //===--------------------------------------------------------------------===//
  // Field operations beyond the interface
  //===--------------------------------------------------------------------===//

  /// How many times this thread inverted a value with a zero component (in
  /// Z_p or in Z_q). On uniform random inputs that happens with probability
  /// about degree/q unless the denominator is identically zero in that
  /// field, so the verifier treats it as a division by zero of the program.
  static uint64_t &zeroInverseCount() {
    thread_local uint64_t count = 0;
    return count;
  }

  /// The multiplicative inverse in each component, with inv(0) = 0.
  Elem inverse(Elem a) const {
    // Division by a broadcast value (rms_norm's denominator, a softmax's
    // row sum) inverts one value for a whole row, and a Fermat inverse costs
    // ~240 multiplications, so the last inverse is kept per thread, with
    // the moduli it was computed under; {0, 0} -> {0, 0} is a correct entry
    // under any moduli as inv(0) = 0.
    thread_local Elem lastIn, lastOut;
    thread_local uint64_t lastP = 0, lastQ = 0;
    if (a.montP == 0 || a.montQ == 0)
      ++zeroInverseCount();
    if (a == lastIn && lastP == p() && lastQ == q())
      return lastOut;
    // Fermat in both components in one loop, so that the two chains of
    // dependent multiplications overlap.
    uint64_t rp = modP.one, rq = modQ.one, bp = a.montP, bq = a.montQ;
    for (uint64_t ep = p() - 2, eq = q() - 2; ep; ep >>= 1, eq >>= 1) {
      if (ep & 1)
        rp = modP.mul(rp, bp);
      if (eq & 1)
        rq = modQ.mul(rq, bq);
      bp = modP.mul(bp, bp);
      bq = modQ.mul(bq, bq);
    }
    lastIn = a;
    lastOut = {rp, rq};
    lastP = p();
    lastQ = q();
    return lastOut;
  }

  /// (ω^{x_q} mod p, 1 or a keyed PRF of x as set by expQComponent()), by a
  /// fixed-base table: eight 8-bit windows of the exponent, seven
  /// multiplications.
  Elem exp(Elem x) const {
    uint64_t e = modQ.fromMont(x.montQ);
    const uint64_t *t = expTable.data();
    uint64_t r = t[e & 0xff];
    for (int w = 1; w < kExpWindows; ++w)
      r = modP.mul(r, t[w * 256 + ((e >> (8 * w)) & 0xff)]);
    uint64_t rq = modQ.one;
    if (expQ == ExpQComponent::Keyed)
      rq = uninterpreted(OpKind::Exp, x).montQ;
    return {r, rq};
  }

  /// The uninterpreted function named by `k`: SipHash-2-4-128 under this
  /// domain's key of (k, x), its two output words mapped into Z_p and Z_q.
  Elem uninterpreted(OpKind k, Elem x) const {
    uint64_t msg[3] = {tag(k, 1), x.montP, x.montQ};
    return prfElem(msg, 3);
  }

  /// A uniformly random element: each component by rejection sampling from
  /// the top bits of `rng`'s output (no modulo bias).
  Elem random(std::mt19937_64 &rng) const {
    // Bits as wide as the modulus: a draw is rejected with probability
    // below 1/2.
    uint64_t xp, xq;
    do
      xp = rng() >> shiftP;
    while (xp >= p());
    do
      xq = rng() >> shiftQ;
    while (xq >= q());
    return {modP.toMont(xp), modQ.toMont(xq)};
  }

  /// The element with canonical values (xp mod p, xq mod q).
  Elem fromCanonical(uint64_t xp, uint64_t xq) const {
    return {modP.toMont(xp % p()), modQ.toMont(xq % q())};
  }
  uint64_t canonicalP(Elem e) const { return modP.fromMont(e.montP); }
  uint64_t canonicalQ(Elem e) const { return modQ.fromMont(e.montQ); }

private:
  static constexpr int kExpWindows = 8;

  /// The first PRF message word: op kind and arity, so that functions of
  /// different ops (and max) never share inputs.
  static uint64_t tag(OpKind k, unsigned arity) {
    return uint64_t(k) | uint64_t(arity) << 8;
  }
  Elem prfElem(const uint64_t *msg, size_t n) const {
    uint64_t h[2];
    field::sipHash128(key0, key1, msg, n, h);
    return {modP.fromBits(h[0]), modQ.fromBits(h[1])};
  }

  uint64_t seedValue;
  ExpQComponent expQ;
  field::Montgomery modP, modQ;
  int shiftP = 0, shiftQ = 0;
  uint64_t key0, key1;
  uint64_t omegaMont;
  /// expTable[w·256 + d] = ω^{d·2^{8w}} (Montgomery residues mod p).
  std::vector<uint64_t> expTable;
};

} // namespace tsopt

#endif // TSOPT_EVAL_FIELDDOMAIN_H
