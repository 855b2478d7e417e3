//===- Equivalence.h - Probabilistic equivalence of µGraphs -----*- C++ -*-===//
//
// Decides whether two kernel graphs compute the same function by random
// tests over the finite field Z_p × Z_q (DESIGN §3), with the number of
// trials derived from a requested error bound, and checks numerical
// stability by a float differential test. Usable from C++ by the search and
// from IR by the tsopt-verify-equivalence pass.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_VERIFY_EQUIVALENCE_H
#define TSOPT_VERIFY_EQUIVALENCE_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Eval/FieldDomain.h"
#include "tsopt/Eval/Tensor.h"
#include "tsopt/Support/Deadline.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/LogicalResult.h"

#include <functional>
#include <optional>
#include <string>

namespace tsopt {

struct VerifyOptions {
  /// Requested bound on the probability of calling two non-equivalent LAX
  /// programs equivalent.
  double delta = 0x1p-40;
  /// Seed of the field (ω, the uninterpreted functions' key) and of inputs.
  uint64_t seed = 0;
  /// Run at least this many field trials (0: as many as delta needs).
  unsigned minTrials = 0;
  /// Worker threads for the trials (and the float check).
  unsigned threads = 2;
  /// Run the float differential check.
  bool floatCheck = true;
  /// Float check tolerance (normwise relative error of the candidate in f32
  /// against the reference in f64); <= 0 picks it from the outputs' dtype.
  double floatTolerance = 0;
  /// A verification still running at the deadline stops and fails with
  /// "the time limit ran out" (no verdict: the caller keeps what it had).
  Deadline deadline;
};

/// The seed the field of a verification is drawn from (its primes, ω and
/// key): `seed` mixed with a hash of both programs' text forms. The primes
/// then depend on the constants they are to test: a program crafted so that
/// its constants alias modulo the primes of some seed (a result-cache file,
/// a hand-written candidate) changes those primes by the very constants
/// that target them, so it aliases only by the prime-draw chance the
/// record's bound states. The same programs and seed give the same field.
uint64_t fieldSeed(uint64_t seed, const Graph &candidate,
                   const Graph &reference);

/// The verdict and the record every verdict carries.
struct VerifyRecord {
  bool equivalent = false;
  /// The output index where the field test saw a difference, if any.
  std::optional<unsigned> mismatchOutput;
  /// The candidate divided by zero on some trial (so it is not equivalent:
  /// on random inputs only an identically zero denominator vanishes, up to
  /// the per-trial bound).
  bool candidateDividesByZero = false;
  /// Both programs are in the LAX fragment; otherwise the verdict carries no
  /// probability guarantee and `laxViolation` names the path.
  bool inLax = true;
  std::string laxViolation;
  /// The primes of this verification, drawn from fieldSeed(seed, the two
  /// programs)
  /// (field::FieldPrimes), and the probability that the draw hit a prime
  /// dividing the integer a real difference of the programs reduces to.
  uint64_t p = 0, q = 0;
  double primeBound = 0;
  unsigned trials = 0;
  /// The requested bound and the per-trial bound it was derived from: the
  /// field bound plus `opaqueBound` (opaqueCollisionBound over both
  /// programs' uninterpreted applications).
  double delta = 0, epsilon = 0, opaqueBound = 0;
  int64_t valueDegree = 0, exponentDegree = 0;
  /// Float check: normwise relative error, and whether it is within
  /// tolerance and finite.
  bool floatChecked = false, floatStable = true;
  double floatError = 0, floatTolerance = 0;
  std::optional<unsigned> floatWorstOutput;
  /// The inputs the worst float error was seen on ("standard normal
  /// inputs", "activations at scale 32 with outliers").
  std::string floatRegime;
  /// The field trials agreed but the float check's finite error passed
  /// kFloatDisagreement: the verdict is "not equivalent".
  bool floatDisagrees = false;

  /// One line: "equivalent (p=..., q=..., t=2, delta=2^-40, ...)".
  std::string summary() const;
};

/// A finite normwise relative error of the float check above this (100 %)
/// is a disagreement, not rounding: it overrides an "equivalent" field
/// verdict.
constexpr double kFloatDisagreement = 1.0;

/// Agreement tolerance of an output in a float comparison, scaled to its
/// storage dtype (normwise relative): f16 1e-2, bf16 5e-2, f32 1e-4.
double dtypeTolerance(DType dtype);

/// The probability that the primes drawn for a verification (q among the
/// about 2^49 primes in [2^59, 2^61) the draw can return) divide a nonzero
/// integer of the programs' difference: such an integer has at most
/// (valueDegree + 1) · (constantBits + 64) bits (each monomial a product of
/// at most valueDegree constants of constantBits bits, summed), so at most
/// that many / 59 prime factors of 59 bits or more.
double primeDrawBound(int64_t valueDegree, int64_t constantBits);

/// Per-trial false-agreement bound for value degree d_p and exponent degree
/// d_q (see docs/verifier.md): eps = d_p / q + d_q / q, q <= p.
double trialErrorBound(int64_t valueDegree, int64_t exponentDegree, uint64_t p,
                       uint64_t q);

/// The probability that, at one trial's point, two of `applications`
/// arguments of uninterpreted functions that are distinct polynomials of
/// degree at most `degree` take the same value in Z_p and in Z_q (the
/// random oracle hashes both parts, drawn independently): the union bound
/// C(applications, 2) · (degree / p) · (degree / q).
double opaqueCollisionBound(double applications, int64_t degree, uint64_t p,
                            uint64_t q);

/// Most trials trialsFor asks for.
constexpr unsigned kMaxTrials = 1u << 16;

/// Trials needed so that eps^t <= delta (at least 1); 0 when no number up to
/// kMaxTrials reaches it or when delta is not in (0, 1).
unsigned trialsFor(double delta, double epsilon);

/// Uniform random inputs of `g` over `dom` for the trial `seed`, as every
/// field trial draws them; incomplete once `deadline` has passed (the
/// caller checks it).
std::vector<Tensor<FieldElem>> fieldInputs(const FieldDomain &dom,
                                           const Graph &g, uint64_t seed,
                                           const Deadline &deadline = {});

/// Checks `candidate` against `reference` (same input and output types).
/// Fails, with `why`, when they cannot be compared (signature mismatch,
/// malformed graph, more memory than the evaluation limit) or when no
/// verdict would be sound: degree bounds over 2^40, or two distinct
/// constants equal modulo p or q. A non-equivalent pair is a successful
/// verdict with `equivalent = false`.
llvm::FailureOr<VerifyRecord> verifyEquivalence(const Graph &candidate,
                                                const Graph &reference,
                                                const VerifyOptions &options,
                                                std::string *why = nullptr);

/// The float differential check alone: the candidate evaluated in float
/// against the reference in double on normal inputs, per output the
/// normwise relative error; the worst output against its tolerance.
struct FloatComparison {
  double error = 0, tolerance = 0;
  std::optional<unsigned> worstOutput;
  /// The inputs the worst error was seen on.
  std::string regime;
  /// Within tolerance and finite.
  bool stable = true;
  /// A finite error beyond kFloatDisagreement.
  bool disagrees = false;
  std::string summary() const;
};

/// Runs the float check of verifyEquivalence alone, for programs the field
/// test cannot bound (a whole program checked part by part). Fails, with
/// `why`, on a signature mismatch or past the memory limit.
llvm::FailureOr<FloatComparison> compareInFloat(const Graph &candidate,
                                                const Graph &reference,
                                                const VerifyOptions &options,
                                                std::string *why = nullptr);

/// A single field test (the search's cheap screen): true when all outputs
/// agree on one random point.
llvm::FailureOr<bool> screenEquivalence(const Graph &candidate,
                                        const Graph &reference, uint64_t seed,
                                        unsigned threads = 2,
                                        Deadline deadline = {},
                                        std::string *why = nullptr);

/// The task of a worker of a job that screens one candidate
/// (screenEquivalence, one thread), its request and its reply (nothing:
/// not a reply).
inline constexpr llvm::StringLiteral kScreenTask = "verify.screen";
std::string screenRequest(const Graph &candidate, const Graph &reference,
                          uint64_t seed, const Deadline &deadline);
std::optional<llvm::FailureOr<bool>> parseScreenReply(llvm::StringRef text);

/// Registers the tasks a worker process of a job runs for the verifier:
/// one side of one field trial, and one screen (Distribute.h).
void registerVerifyTasks(
    llvm::StringMap<std::function<std::string(llvm::StringRef)>> &tasks);

} // namespace tsopt

#endif // TSOPT_VERIFY_EQUIVALENCE_H
