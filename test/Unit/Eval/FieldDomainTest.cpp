//===- FieldDomainTest.cpp - Tests of the finite-field number system ------===//
//
// The field arithmetic against slow references (unsigned __int128 and %),
// the constants against a deterministic Miller–Rabin, the PRF against the
// SipHash reference vectors, and the evaluator instantiated on the field on
// equivalent and non-equivalent program pairs.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Eval/FieldDomain.h"
#include "TestGraphs.h"
#include "tsopt/Eval/Evaluator.h"

#include "gtest/gtest.h"

#include <cmath>
#include <random>
#include <set>

using namespace tsopt;
using namespace tsopt::test;

namespace {

using u128 = unsigned __int128;
using Elem = FieldElem;
using FTensor = Tensor<Elem>;
/// The domain of seed 1, whose primes the tests below compute against;
/// every FieldDomain of seed 1 has the same ones.
const FieldDomain &seedOne() {
  static const FieldDomain dom(1);
  return dom;
}
const uint64_t P = seedOne().p();
const uint64_t Q = seedOne().q();

/// A domain of `seed` (its ω and key) under seed 1's primes P and Q.
FieldDomain domain(uint64_t seed, ExpQComponent expQ = ExpQComponent::One) {
  return FieldDomain(seed, expQ, field::FieldPrimes::draw(1));
}

//===----------------------------------------------------------------------===//
// Slow references
//===----------------------------------------------------------------------===//

uint64_t mulMod(uint64_t a, uint64_t b, uint64_t m) {
  return uint64_t(u128(a) * b % m);
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

/// Deterministic Miller–Rabin for 64-bit n: the first twelve primes as bases
/// decide every n < 3.3·10^24 (Sorenson and Webster).
bool isPrime(uint64_t n) {
  const uint64_t bases[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};
  if (n < 2)
    return false;
  for (uint64_t b : bases)
    if (n % b == 0)
      return n == b;
  uint64_t d = n - 1;
  int s = 0;
  for (; d % 2 == 0; d /= 2)
    ++s;
  for (uint64_t a : bases) {
    uint64_t x = powMod(a, d, n);
    if (x == 1 || x == n - 1)
      continue;
    bool composite = true;
    for (int i = 1; i < s && composite; ++i) {
      x = mulMod(x, x, n);
      composite = x != n - 1;
    }
    if (composite)
      return false;
  }
  return true;
}

/// Canonical values of an element, as a pair for EXPECT_EQ.
std::pair<uint64_t, uint64_t> canon(Elem e) {
  return {seedOne().canonicalP(e), seedOne().canonicalQ(e)};
}

Elem elem(uint64_t xp, uint64_t xq) {
  return seedOne().fromCanonical(xp, xq);
}

/// Canonical pairs at the edges of the ranges: 0, 1, −1, −2, 1/2, and q and
/// q − 1 in the p component.
std::vector<std::pair<uint64_t, uint64_t>> edgePairs() {
  std::vector<std::pair<uint64_t, uint64_t>> v;
  const uint64_t edgeP[] = {0, 1, 2, P - 1, P - 2, Q - 1, Q, (P + 1) / 2};
  const uint64_t edgeQ[] = {0, 1, 2, Q - 1, Q - 2, (Q + 1) / 2};
  for (uint64_t a : edgeP)
    for (uint64_t b : edgeQ)
      v.push_back({a, b});
  return v;
}

//===----------------------------------------------------------------------===//
// Constants and arithmetic
//===----------------------------------------------------------------------===//

TEST(FieldDomainTest, ModuliArePrimeAndQDividesPMinusOne) {
  // Drawn per seed: every draw is a pair of primes in range with q | p − 1,
  // the same for the same seed, and the draws differ across seeds.
  std::set<uint64_t> qs;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    field::FieldPrimes f = field::FieldPrimes::draw(seed);
    ASSERT_TRUE(isPrime(f.p)) << seed;
    ASSERT_TRUE(isPrime(f.q)) << seed;
    ASSERT_EQ((f.p - 1) % f.q, 0u) << seed;
    ASSERT_EQ((f.p - 1) / f.q % 2, 0u) << seed;
    ASSERT_LT(f.p, uint64_t(1) << 62) << seed;
    ASSERT_GE(f.q, uint64_t(1) << 59) << seed;
    ASSERT_LT(f.q, uint64_t(1) << 61) << seed;
    EXPECT_EQ(field::FieldPrimes::draw(seed).q, f.q);
    EXPECT_EQ(field::isPrime(f.q), isPrime(f.q));
    qs.insert(f.q);
  }
  EXPECT_EQ(qs.size(), 200u);
  EXPECT_EQ(FieldDomain(7).p(), field::FieldPrimes::draw(7).p);
  // The library's primality test agrees with this file's reference.
  std::mt19937_64 rng(3);
  for (int i = 0; i < 20000; ++i) {
    uint64_t n = rng() >> (i % 60);
    ASSERT_EQ(field::isPrime(n), isPrime(n)) << n;
  }
  // The reference test itself must be able to say no: a Carmichael number,
  // a strong pseudoprime to bases 2..11 (Jaeschke), and 2^62 − 1.
  EXPECT_FALSE(isPrime(561));
  EXPECT_FALSE(isPrime(2152302898747ULL));
  EXPECT_FALSE(isPrime((uint64_t(1) << 62) - 1));
  EXPECT_TRUE(isPrime((uint64_t(1) << 61) - 1));
}

TEST(FieldDomainTest, MontgomeryConstants) {
  field::Montgomery modP(P), modQ(Q);
  EXPECT_EQ(modP.fromMont(modP.one), 1u);
  EXPECT_EQ(modQ.fromMont(modQ.one), 1u);
  EXPECT_EQ(modP.one, uint64_t((u128(1) << 64) % P));
  EXPECT_EQ(modQ.r2, uint64_t((u128(modQ.one) << 64) % Q));
  EXPECT_EQ(modP.modulus * modP.mInv, 1u);
}

TEST(FieldDomainTest, ArithmeticMatchesReference) {
  FieldDomain dom = domain(1);
  std::mt19937_64 rng(11);
  // Every pair of edge values, then random pairs.
  using Pair = std::pair<uint64_t, uint64_t>;
  std::vector<std::pair<Pair, Pair>> cases;
  for (Pair x : edgePairs())
    for (Pair y : edgePairs())
      cases.push_back({x, y});
  for (int i = 0; i < 4000; ++i)
    cases.push_back({{rng() % P, rng() % Q}, {rng() % P, rng() % Q}});
  for (auto [x, y] : cases) {
    auto [ap, aq] = x;
    auto [bp, bq] = y;
    Elem a = elem(ap, aq), b = elem(bp, bq);
    ASSERT_EQ(canon(a), std::make_pair(ap % P, aq % Q));
    ap %= P;
    aq %= Q;
    bp %= P;
    bq %= Q;
    SCOPED_TRACE(::testing::Message() << "a = " << a << ", b = " << b);
    // Residues must stay reduced, or equal values could compare unequal.
    for (Elem r :
         {dom.add(a, b), dom.sub(a, b), dom.mul(a, b), dom.div(a, b)}) {
      EXPECT_LT(r.montP, P);
      EXPECT_LT(r.montQ, Q);
    }
    EXPECT_EQ(canon(dom.add(a, b)),
              std::make_pair((ap + bp) % P, (aq + bq) % Q));
    EXPECT_EQ(canon(dom.sub(a, b)),
              std::make_pair((ap + P - bp) % P, (aq + Q - bq) % Q));
    EXPECT_EQ(canon(dom.mul(a, b)),
              std::make_pair(mulMod(ap, bp, P), mulMod(aq, bq, Q)));
    // Division against Fermat in the reference arithmetic (0^{M−2} = 0
    // matches inv(0) = 0).
    EXPECT_EQ(canon(dom.div(a, b)),
              std::make_pair(mulMod(ap, powMod(bp, P - 2, P), P),
                             mulMod(aq, powMod(bq, Q - 2, Q), Q)));
  }
}

TEST(FieldDomainTest, InverseAndDivision) {
  FieldDomain dom = domain(2);
  std::mt19937_64 rng(12);
  for (int i = 0; i < 2000; ++i) {
    Elem a = dom.random(rng);
    if (canon(a).first == 0 || canon(a).second == 0)
      continue;
    EXPECT_EQ(dom.mul(a, dom.inverse(a)), dom.one()) << a;
    EXPECT_EQ(dom.div(a, a), dom.one()) << a;
    Elem b = dom.random(rng);
    EXPECT_EQ(dom.mul(dom.div(b, a), a), b) << a << " " << b;
  }
  // inv(0) = 0 per component; the other component is still inverted.
  EXPECT_EQ(dom.inverse(dom.zero()), dom.zero());
  EXPECT_EQ(canon(dom.inverse(elem(0, 2))),
            std::make_pair(uint64_t(0), (Q + 1) / 2));
  EXPECT_EQ(canon(dom.inverse(elem(P - 1, 0))),
            std::make_pair(P - 1, uint64_t(0)));
  EXPECT_EQ(dom.div(dom.one(), dom.zero()), dom.zero());
  // The per-thread cache of the last inverse must not leak across values.
  Elem x = elem(3, 5), y = elem(7, 11);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(dom.mul(dom.inverse(x), x), dom.one());
    EXPECT_EQ(dom.mul(dom.inverse(y), y), dom.one());
    EXPECT_EQ(dom.mul(dom.inverse(y), y), dom.one());
  }
}

TEST(FieldDomainTest, InterpretedUnaryOps) {
  FieldDomain dom = domain(3);
  std::mt19937_64 rng(13);
  for (int i = 0; i < 200; ++i) {
    Elem a = dom.random(rng);
    EXPECT_EQ(dom.unary(OpKind::Square, a), dom.mul(a, a));
    EXPECT_EQ(dom.add(dom.unary(OpKind::Neg, a), a), dom.zero());
    // rsqrt is modeled as 1/sqrt of the same uninterpreted sqrt.
    EXPECT_EQ(dom.mul(dom.unary(OpKind::Rsqrt, a), dom.unary(OpKind::Sqrt, a)),
              dom.one());
  }
  EXPECT_EQ(canon(dom.unary(OpKind::Neg, dom.one())),
            std::make_pair(P - 1, Q - 1));
}

//===----------------------------------------------------------------------===//
// exp
//===----------------------------------------------------------------------===//

TEST(FieldDomainTest, OmegaHasOrderQ) {
  for (uint64_t seed : {0ULL, 1ULL, 42ULL, ~0ULL}) {
    FieldDomain dom = domain(seed);
    uint64_t w = dom.omega();
    EXPECT_NE(w, 1u);
    EXPECT_LT(w, P);
    EXPECT_EQ(powMod(w, Q, P), 1u) << "seed " << seed;
  }
  EXPECT_NE(FieldDomain(1).omega(), FieldDomain(2).omega());
  EXPECT_EQ(FieldDomain(7).omega(), FieldDomain(7).omega());
}

TEST(FieldDomainTest, ExpMatchesReferenceAndIsAHomomorphism) {
  FieldDomain dom = domain(4);
  std::mt19937_64 rng(14);
  uint64_t w = dom.omega();
  EXPECT_EQ(dom.exp(dom.zero()), dom.one());
  EXPECT_EQ(canon(dom.exp(dom.one())), std::make_pair(w, uint64_t(1)));
  EXPECT_EQ(dom.unary(OpKind::Exp, dom.one()), dom.exp(dom.one()));
  for (int i = 0; i < 1000; ++i) {
    Elem a = dom.random(rng), b = dom.random(rng);
    // The exponent is the Z_q component; the Z_p component is ignored.
    EXPECT_EQ(canon(dom.exp(a)),
              std::make_pair(powMod(w, canon(a).second, P), uint64_t(1)));
    EXPECT_EQ(dom.exp(a), dom.exp(elem(canon(b).first, canon(a).second)));
    EXPECT_EQ(dom.exp(dom.add(a, b)), dom.mul(dom.exp(a), dom.exp(b)));
    EXPECT_EQ(dom.exp(dom.sub(a, b)), dom.div(dom.exp(a), dom.exp(b)));
    EXPECT_EQ(dom.mul(dom.exp(dom.unary(OpKind::Neg, a)), dom.exp(a)),
              dom.one());
    // Distinct exponents give distinct powers: ω has order q.
    if (canon(a).second != canon(b).second) {
      EXPECT_NE(dom.exp(a), dom.exp(b));
    }
  }
  // Edge exponents: q − 1 (ω^{-1}) and the largest window digits.
  Elem top = elem(0, Q - 1);
  EXPECT_EQ(dom.mul(dom.exp(top), dom.exp(dom.one())), dom.one());
  EXPECT_EQ(canon(dom.exp(elem(0, 0xff00ff00ff00ffULL))).first,
            powMod(w, 0xff00ff00ff00ffULL, P));
}

TEST(FieldDomainTest, KeyedExpQComponent) {
  FieldDomain dom = domain(5, ExpQComponent::Keyed), plain = domain(5);
  EXPECT_EQ(dom.expQComponent(), ExpQComponent::Keyed);
  EXPECT_EQ(dom.omega(), plain.omega());
  std::mt19937_64 rng(15);
  Elem a = dom.random(rng), b = dom.random(rng);
  // Same p component as the plain mode: the homomorphism holds on Z_p ...
  EXPECT_EQ(dom.exp(a).montP, plain.exp(a).montP);
  EXPECT_EQ(dom.exp(dom.add(a, b)).montP,
            dom.mul(dom.exp(a), dom.exp(b)).montP);
  // ... while the q component is a function of the whole argument, so exp of
  // an exp result still tells arguments apart.
  EXPECT_NE(dom.exp(dom.add(a, b)).montQ,
            dom.mul(dom.exp(a), dom.exp(b)).montQ);
  EXPECT_EQ(dom.exp(a), dom.exp(a));
  EXPECT_NE(dom.exp(dom.exp(a)), dom.exp(dom.exp(b)));
  // Without the key, exp of an exp result is the constant ω: the plain mode
  // is for the LAX fragment only.
  EXPECT_EQ(plain.exp(plain.exp(a)), plain.exp(plain.exp(b)));
}

//===----------------------------------------------------------------------===//
// Constants from doubles
//===----------------------------------------------------------------------===//

TEST(FieldDomainTest, FromDoubleIsExactOnDyadics) {
  FieldDomain dom = domain(6);
  Elem one = dom.one(), two = dom.add(one, one);
  EXPECT_EQ(dom.fromDouble(0.0), dom.zero());
  EXPECT_EQ(dom.fromDouble(-0.0), dom.zero());
  EXPECT_EQ(dom.fromDouble(1.0), one);
  EXPECT_EQ(dom.mul(dom.fromDouble(0.125), dom.fromDouble(8)), one);
  EXPECT_EQ(canon(dom.fromDouble(-1.0)), std::make_pair(P - 1, Q - 1));
  EXPECT_EQ(dom.fromDouble(3.0), dom.add(two, one));
  EXPECT_EQ(dom.fromDouble(1.0 / 64), dom.inverse(dom.fromDouble(64)));
  Elem pow40 = one;
  for (int i = 0; i < 40; ++i)
    pow40 = dom.mul(pow40, two);
  EXPECT_EQ(dom.fromDouble(std::ldexp(1.0, 40)), pow40);
  EXPECT_EQ(dom.mul(dom.fromDouble(std::ldexp(1.0, -40)), pow40), one);
  EXPECT_EQ(
      dom.fromDouble(-0.375),
      dom.unary(OpKind::Neg, dom.div(dom.fromDouble(3), dom.fromDouble(8))));
  // Large integers beyond the moduli reduce: 2^62 ≡ 10565 (mod p).
  EXPECT_EQ(canon(dom.fromDouble(std::ldexp(1.0, 62))).first,
            (uint64_t(1) << 62) % P);
  // Extremes of the double range: the smallest subnormal and the largest
  // finite value, against the reference powers.
  EXPECT_EQ(canon(dom.fromDouble(std::ldexp(1.0, -1074))),
            std::make_pair(powMod(powMod(2, P - 2, P), 1074, P),
                           powMod(powMod(2, Q - 2, Q), 1074, Q)));
  double big = std::ldexp(double((uint64_t(1) << 53) - 1), 971);
  EXPECT_EQ(canon(dom.fromDouble(big)).first,
            mulMod((uint64_t(1) << 53) - 1, powMod(2, 971, P), P));
  // The double nearest to 1/n stands for 1/n (a mean's 1/48, 0.1), not for
  // the dyadic it is (0.1 = 3602879701896397 / 2^55 as a double); other
  // doubles are their dyadics (0.3 is not 3/10).
  for (double n : {3.0, 10.0, 48.0, 768.0, 4095.0, 4294967295.0}) {
    EXPECT_EQ(dom.fromDouble(1 / n), dom.inverse(dom.fromDouble(n))) << n;
    EXPECT_EQ(dom.fromDouble(-1 / n),
              dom.sub(dom.zero(), dom.inverse(dom.fromDouble(n))))
        << n;
  }
  EXPECT_NE(dom.fromDouble(0.1), dom.div(dom.fromDouble(3602879701896397.0),
                                         dom.fromDouble(std::ldexp(1.0, 55))));
  EXPECT_EQ(dom.fromDouble(0.3), dom.div(dom.fromDouble(5404319552844595.0),
                                         dom.fromDouble(std::ldexp(1.0, 54))));
  EXPECT_NE(dom.fromDouble(0.3),
            dom.div(dom.fromDouble(3), dom.fromDouble(10)));
  // Constants do not depend on the seed (its ω and key), only on the primes.
  EXPECT_EQ(dom.fromDouble(-2.5), domain(99).fromDouble(-2.5));
}

TEST(FieldDomainTest, FromDoubleRejectsNonFinite) {
  FieldDomain dom = domain(7);
  EXPECT_DEATH(dom.fromDouble(std::nan("")), "NaN and infinities");
  EXPECT_DEATH(dom.fromDouble(INFINITY), "NaN and infinities");
}

//===----------------------------------------------------------------------===//
// Uninterpreted functions
//===----------------------------------------------------------------------===//

TEST(FieldDomainTest, SipHashReferenceVectors) {
  // vectors_sip128 of the reference implementation: key bytes 00..0f,
  // message bytes 00..len−1, for lengths that are whole words.
  const uint64_t k0 = 0x0706050403020100ULL, k1 = 0x0f0e0d0c0b0a0908ULL;
  uint64_t msg[5];
  for (int w = 0; w < 5; ++w)
    msg[w] = 0x0706050403020100ULL + 0x0808080808080808ULL * w;
  struct Vector {
    size_t words;
    uint64_t h0, h1;
  } vectors[] = {{0, 0xe6a825ba047f81a3ULL, 0x930255c71472f66dULL},
                 {1, 0x61f55862baa9623bULL, 0xb49714f364e2830fULL},
                 {2, 0xbb54b067caa4e26eULL, 0x77052385bf1533fdULL},
                 {3, 0xd850bd78ae79b42dULL, 0xad32618a178a2a88ULL},
                 {5, 0xad5dc9951e306adfULL, 0xd83b91c6c80cae97ULL}};
  for (const Vector &v : vectors) {
    uint64_t h[2];
    field::sipHash128(k0, k1, msg, v.words, h);
    EXPECT_EQ(h[0], v.h0) << v.words << " words";
    EXPECT_EQ(h[1], v.h1) << v.words << " words";
  }
}

TEST(FieldDomainTest, UninterpretedFunctionsAreKeyedFunctions) {
  FieldDomain dom = domain(8), same = domain(8), other = domain(9);
  std::mt19937_64 rng(18);
  const OpKind ops[] = {OpKind::Sqrt, OpKind::Silu, OpKind::Gelu, OpKind::Relu,
                        OpKind::Rsqrt};
  for (int i = 0; i < 200; ++i) {
    Elem a = dom.random(rng), b = dom.random(rng);
    for (OpKind k : ops) {
      Elem fa = dom.unary(k, a);
      // Congruence: the same argument under the same key, from another
      // object built from the same seed, gives the same value.
      EXPECT_EQ(fa, dom.unary(k, a));
      EXPECT_EQ(fa, same.unary(k, a));
      EXPECT_LT(canon(fa).first, P);
      EXPECT_NE(fa, other.unary(k, a)) << stringifyOpKind(k).str();
      EXPECT_NE(fa, dom.unary(k, b)) << stringifyOpKind(k).str();
      // Not a disguised interpreted op.
      EXPECT_NE(fa, a);
      for (OpKind l : ops) {
        if (l != k) {
          EXPECT_NE(fa, dom.unary(l, a))
              << stringifyOpKind(k).str() << " vs " << stringifyOpKind(l).str();
        }
      }
    }
    // A change in either component changes the value.
    Elem a2 = dom.add(a, elem(0, 1)), a3 = dom.add(a, elem(1, 0));
    EXPECT_NE(dom.unary(OpKind::Silu, a), dom.unary(OpKind::Silu, a2));
    EXPECT_NE(dom.unary(OpKind::Silu, a), dom.unary(OpKind::Silu, a3));
  }
}

TEST(FieldDomainTest, MaxIsSymmetricIdempotentAndKeyed) {
  FieldDomain dom = domain(10), other = domain(11);
  std::mt19937_64 rng(20);
  for (int i = 0; i < 500; ++i) {
    Elem a = dom.random(rng), b = dom.random(rng), c = dom.random(rng);
    EXPECT_EQ(dom.max(a, b), dom.max(b, a));
    EXPECT_EQ(dom.max(a, a), a);
    EXPECT_NE(dom.max(a, b), a);
    EXPECT_NE(dom.max(a, b), b);
    EXPECT_NE(dom.max(a, b), other.max(a, b));
    EXPECT_NE(dom.max(a, b), dom.max(a, c));
    // Pairs that share one component are still ordered consistently.
    Elem d = {a.montP, b.montQ};
    EXPECT_EQ(dom.max(a, d), dom.max(d, a));
    // Associativity is not modeled.
    EXPECT_NE(dom.max(dom.max(a, b), c), dom.max(a, dom.max(b, c)));
  }
}

//===----------------------------------------------------------------------===//
// Random elements
//===----------------------------------------------------------------------===//

TEST(FieldDomainTest, RandomElementsAreUniform) {
  FieldDomain dom = domain(12);
  std::mt19937_64 rng(21);
  const int n = 64000, buckets = 16;
  int countP[buckets] = {}, countQ[buckets] = {};
  for (int i = 0; i < n; ++i) {
    auto [xp, xq] = canon(dom.random(rng));
    ASSERT_LT(xp, P);
    ASSERT_LT(xq, Q);
    ++countP[uint64_t(u128(xp) * buckets / P)];
    ++countQ[uint64_t(u128(xq) * buckets / Q)];
  }
  // Chi-square with 15 degrees of freedom: 40 is exceeded with probability
  // < 0.1% under uniformity. Sampling only from [0, 2^61), for example,
  // leaves half the p buckets empty.
  auto chi2 = [&](const int *count) {
    double expected = double(n) / buckets, s = 0;
    for (int b = 0; b < buckets; ++b)
      s += (count[b] - expected) * (count[b] - expected) / expected;
    return s;
  };
  EXPECT_LT(chi2(countP), 40.0);
  EXPECT_LT(chi2(countQ), 40.0);
  // Draws are reproducible from the generator state.
  std::mt19937_64 r1(5), r2(5);
  EXPECT_EQ(dom.random(r1), dom.random(r2));
}

//===----------------------------------------------------------------------===//
// The evaluator over the field
//===----------------------------------------------------------------------===//

/// Y = A B as one kernel: grid over M (gridM blocks) and N (gridN blocks),
/// for-loop over K, an accumulator of kind `acc`.
Graph tiledMatmul(int64_t m, int64_t k, int64_t n, int64_t gridM, int64_t gridN,
                  int64_t forloop, AccumKind acc = AccumKind::Sum) {
  Graph bg = blockGraph({gridN, gridM}, forloop);
  int a = bg.addInput(tt({m, k})), b = bg.addInput(tt({k, n}));
  int ta = blockInput(bg, a, {R, 0, R}, 1, {m / gridM, k / forloop});
  int tb = blockInput(bg, b, {1, R, R}, 0, {k / forloop, n / gridN});
  int c = add(bg, OpKind::Matmul, {ta, tb}, {m / gridM, n / gridN});
  int accv = accum(bg, c, R, acc, {m / gridM, n / gridN});
  blockOutput(bg, accv, {1, 0, R}, {m, n});
  return kernelGraph(std::move(bg));
}

FTensor randomTensor(const FieldDomain &dom, const Idx &shape,
                     std::mt19937_64 &rng) {
  FTensor t;
  t.shape.assign(shape.begin(), shape.end());
  for (int64_t i = 0, n = numElements(t.shape); i < n; ++i)
    t.data.push_back(dom.random(rng));
  return t;
}

/// Random field inputs for `g`'s inputs.
std::vector<FTensor> randomInputs(const FieldDomain &dom, const Graph &g,
                                  std::mt19937_64 &rng) {
  std::vector<FTensor> ins;
  for (int v : g.inputs) {
    const Shape &s = g.type(v).shape;
    ins.push_back(randomTensor(dom, Idx(s.begin(), s.end()), rng));
  }
  return ins;
}

std::vector<FTensor> runField(const FieldDomain &dom, const Graph &g,
                              const std::vector<FTensor> &inputs) {
  Evaluator<FieldDomain> eval(dom);
  std::string why;
  llvm::FailureOr<std::vector<FTensor>> out = eval.run(g, inputs, &why);
  EXPECT_TRUE(succeeded(out)) << why;
  if (failed(out))
    return {};
  return std::move(*out);
}

/// Whether `a` and `b` give identical outputs on one draw of random inputs.
bool sameOnRandomInputs(const FieldDomain &dom, const Graph &a, const Graph &b,
                        uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<FTensor> ins = randomInputs(dom, a, rng);
  std::vector<FTensor> ra = runField(dom, a, ins), rb = runField(dom, b, ins);
  EXPECT_EQ(ra.size(), a.outputs.size());
  if (ra.size() != rb.size())
    return false;
  for (size_t o = 0; o < ra.size(); ++o)
    if (ra[o].shape != rb[o].shape || ra[o].data != rb[o].data)
      return false;
  return true;
}

TEST(FieldDomainTest, EvaluatorMatmulMatchesReference) {
  FieldDomain dom = domain(30);
  std::mt19937_64 rng(31);
  Graph g = plainMatmul(3, 5, 4);
  std::vector<FTensor> ins = randomInputs(dom, g, rng);
  std::vector<FTensor> out = runField(dom, g, ins);
  ASSERT_EQ(out.size(), 1u);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j) {
      uint64_t sp = 0, sq = 0;
      for (int k = 0; k < 5; ++k) {
        auto [ap, aq] = canon(ins[0].data[i * 5 + k]);
        auto [bp, bq] = canon(ins[1].data[k * 4 + j]);
        sp = (sp + mulMod(ap, bp, P)) % P;
        sq = (sq + mulMod(aq, bq, Q)) % Q;
      }
      EXPECT_EQ(canon(out[0].data[i * 4 + j]), std::make_pair(sp, sq));
    }
}

TEST(FieldDomainTest, EvaluatorDistributivity) {
  // (A·B) + (A·C) vs A·(B + C), and a non-equivalent A·(B + B).
  auto build = [](int variant) {
    Graph g;
    int a = g.addInput(tt({4, 6})), b = g.addInput(tt({6, 5})),
        c = g.addInput(tt({6, 5}));
    if (variant == 0) {
      int ab = add(g, OpKind::Matmul, {a, b}, {4, 5});
      int ac = add(g, OpKind::Matmul, {a, c}, {4, 5});
      g.outputs.push_back(add(g, OpKind::Add, {ab, ac}, {4, 5}));
    } else {
      int s = add(g, OpKind::Add, {b, variant == 1 ? c : b}, {6, 5});
      g.outputs.push_back(add(g, OpKind::Matmul, {a, s}, {4, 5}));
    }
    return g;
  };
  FieldDomain dom = domain(32);
  for (uint64_t seed = 0; seed < 3; ++seed) {
    EXPECT_TRUE(sameOnRandomInputs(dom, build(0), build(1), seed));
    EXPECT_FALSE(sameOnRandomInputs(dom, build(0), build(2), seed));
  }
}

TEST(FieldDomainTest, EvaluatorTiledMatmulEqualsMatmul) {
  FieldDomain dom = domain(33);
  struct Case {
    int64_t m, k, n, gridM, gridN, forloop;
  } cases[] = {{4, 12, 6, 1, 1, 1},
               {4, 12, 6, 2, 3, 4},
               {6, 16, 8, 3, 4, 16},
               {2, 8, 8, 2, 8, 2}};
  for (const Case &c : cases) {
    SCOPED_TRACE(::testing::Message() << "grid " << c.gridM << "x" << c.gridN
                                      << " forloop " << c.forloop);
    Graph plain = plainMatmul(c.m, c.k, c.n);
    EXPECT_TRUE(sameOnRandomInputs(
        dom, plain, tiledMatmul(c.m, c.k, c.n, c.gridM, c.gridN, c.forloop),
        c.forloop));
    // A max accumulator is not a sum (with more than one iteration).
    if (c.forloop > 1) {
      EXPECT_FALSE(
          sameOnRandomInputs(dom, plain,
                             tiledMatmul(c.m, c.k, c.n, c.gridM, c.gridN,
                                         c.forloop, AccumKind::Max),
                             c.forloop));
    }
  }
}

TEST(FieldDomainTest, EvaluatorRejectsNonEquivalentPrograms) {
  FieldDomain dom = domain(34);
  // A·B vs B·A on square matrices.
  Graph ab, ba;
  for (Graph *g : {&ab, &ba}) {
    int a = g->addInput(tt({5, 5})), b = g->addInput(tt({5, 5}));
    g->outputs.push_back(add(
        *g, OpKind::Matmul,
        g == &ab ? std::vector<int>{a, b} : std::vector<int>{b, a}, {5, 5}));
  }
  EXPECT_FALSE(sameOnRandomInputs(dom, ab, ba, 1));
  EXPECT_TRUE(sameOnRandomInputs(dom, ab, ab, 1));

  // A reduction over the wrong extent: a for-loop of two iterations over
  // operands that do not vary with it sums A·B twice. It equals 2·(A·B).
  Graph bg = blockGraph({1}, 2);
  int a = bg.addInput(tt({3, 8})), b = bg.addInput(tt({8, 4}));
  int ta = blockInput(bg, a, {R, R, R}, R, {3, 8});
  int tb = blockInput(bg, b, {R, R, R}, R, {8, 4});
  int c = add(bg, OpKind::Matmul, {ta, tb}, {3, 4});
  int acc = accum(bg, c, R, AccumKind::Sum, {3, 4});
  blockOutput(bg, acc, {R, R, R}, {3, 4});
  Graph twice = kernelGraph(std::move(bg));
  EXPECT_FALSE(sameOnRandomInputs(dom, plainMatmul(3, 8, 4), twice, 2));
  Graph doubled = plainMatmul(3, 8, 4);
  doubled.outputs[0] = mulScalar(doubled, doubled.outputs[0], 2.0, {3, 4});
  EXPECT_TRUE(sameOnRandomInputs(dom, doubled, twice, 2));
  EXPECT_TRUE(sameOnRandomInputs(dom, plainMatmul(3, 8, 4),
                                 tiledMatmul(3, 8, 4, 1, 1, 2), 2));
}

TEST(FieldDomainTest, EvaluatorExpAndRmsNormIdentities) {
  FieldDomain dom = domain(35);
  // exp(x)·exp(y) vs exp(x + y) (equal) and exp(x) + exp(y) (not).
  auto expGraph = [](int variant) {
    Graph g;
    int x = g.addInput(tt({4, 4})), y = g.addInput(tt({4, 4}));
    if (variant == 0) {
      int s = add(g, OpKind::Add, {x, y}, {4, 4});
      g.outputs.push_back(add(g, OpKind::Exp, {s}, {4, 4}));
    } else {
      int ex = add(g, OpKind::Exp, {x}, {4, 4});
      int ey = add(g, OpKind::Exp, {y}, {4, 4});
      g.outputs.push_back(
          add(g, variant == 1 ? OpKind::Mul : OpKind::Add, {ex, ey}, {4, 4}));
    }
    return g;
  };
  EXPECT_TRUE(sameOnRandomInputs(dom, expGraph(0), expGraph(1), 3));
  EXPECT_FALSE(sameOnRandomInputs(dom, expGraph(0), expGraph(2), 3));

  // Softmax with and without subtracting the row max: the max is an
  // uninterpreted value m, and exp(x − m) / Σ exp(x − m) = exp(x) / Σ exp(x)
  // holds exactly by the homomorphism, whatever m is. With a keyed Z_q
  // component of exp it does not.
  auto softmax = [](bool stabilized) {
    Graph g;
    int x = g.addInput(tt({4, 8}));
    int in = x;
    if (stabilized) {
      int m = reduce(g, OpKind::ReduceMax, x, 1, {4, 1});
      in = add(g, OpKind::Sub, {x, m}, {4, 8});
    }
    int e = add(g, OpKind::Exp, {in}, {4, 8});
    int s = reduce(g, OpKind::ReduceSum, e, 1, {4, 1});
    g.outputs.push_back(add(g, OpKind::Div, {e, s}, {4, 8}));
    return g;
  };
  EXPECT_TRUE(sameOnRandomInputs(dom, softmax(false), softmax(true), 5));
  FieldDomain keyed = domain(35, ExpQComponent::Keyed);
  EXPECT_FALSE(sameOnRandomInputs(keyed, softmax(false), softmax(true), 5));

  // rms_norm(x, g) with eps = 0 vs x·rsqrt(mean(x²))·g from primitives, with
  // the mean as a mul_scalar by 1/n for a power of two and for n = 12 (the
  // same double on both sides). A sqrt in place of the rsqrt is not equal.
  for (int64_t n : {8, 12}) {
    auto build = [n](int variant) {
      Graph g;
      int x = g.addInput(tt({3, n})), gain = g.addInput(tt({n}));
      if (variant == 0) {
        Op op = mk(OpKind::RmsNorm, {x, gain});
        op.scalar = 0.0;
        g.outputs.push_back(g.addOp(op, {tt({3, n})}));
        return g;
      }
      int sq = add(g, OpKind::Square, {x}, {3, n});
      int sum = reduce(g, OpKind::ReduceSum, sq, 1, {3, 1});
      int mean = mulScalar(g, sum, 1.0 / n, {3, 1});
      int r =
          add(g, variant == 1 ? OpKind::Rsqrt : OpKind::Sqrt, {mean}, {3, 1});
      int xr = add(g, OpKind::Mul, {x, r}, {3, n});
      g.outputs.push_back(add(g, OpKind::Mul, {xr, gain}, {3, n}));
      return g;
    };
    SCOPED_TRACE(n);
    EXPECT_TRUE(sameOnRandomInputs(dom, build(0), build(1), 4));
    EXPECT_FALSE(sameOnRandomInputs(dom, build(0), build(2), 4));
  }
}

} // namespace
