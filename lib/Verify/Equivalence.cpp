//===- Equivalence.cpp - Probabilistic equivalence of µGraphs ------------===//

#include "tsopt/Verify/Equivalence.h"
#include "tsopt/Core/Distribute.h"
#include "tsopt/Core/GraphCheck.h"
#include "tsopt/Core/GraphText.h"
#include "tsopt/Core/Precision.h"
#include "tsopt/Eval/Evaluator.h"
#include "tsopt/Eval/FieldDomain.h"
#include "tsopt/Support/SplitMix.h"
#include "tsopt/Verify/Lax.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <atomic>
#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <mutex>
#include <random>
#include <thread>
#include <tuple>

using namespace tsopt;

double tsopt::dtypeTolerance(DType dtype) {
  switch (dtype) {
  case DType::F16:
    return 1e-2;
  case DType::BF16:
    return 5e-2;
  case DType::F32:
    return 1e-4;
  }
  return 1e-4;
}

double tsopt::trialErrorBound(int64_t valueDegree, int64_t exponentDegree,
                              uint64_t p, uint64_t q) {
  double smaller = static_cast<double>(std::min(p, q));
  return std::min(1.0,
                  static_cast<double>(valueDegree + exponentDegree) / smaller);
}

double tsopt::opaqueCollisionBound(double applications, int64_t degree,
                                   uint64_t p, uint64_t q) {
  if (applications < 2 || degree <= 0)
    return 0;
  double pairs = applications * (applications - 1) / 2;
  double d = static_cast<double>(degree);
  return std::min(1.0, pairs * (d / static_cast<double>(p)) *
                           (d / static_cast<double>(q)));
}

double tsopt::primeDrawBound(int64_t valueDegree, int64_t constantBits) {
  // Primes q in [2^59, 2^61) with some even k making k·q + 1 a prime below
  // 2^62: about (2^61/ln 2^61 − 2^59/ln 2^59)/ln 2^62 > 2^49.
  constexpr double kDrawnPrimes = 562949953421312.0; // 2^49
  double bits = double(valueDegree + 1) * double(constantBits + 64);
  return std::min(1.0, bits / 59.0 / kDrawnPrimes);
}

unsigned tsopt::trialsFor(double delta, double epsilon) {
  if (!(delta > 0 && delta < 1) || epsilon >= 1)
    return 0; // no number of trials reaches delta
  if (epsilon <= 0 || epsilon <= delta)
    return 1;
  double t = std::ceil(std::log(delta) / std::log(epsilon));
  // Beyond this many trials the bound is not a practical guarantee anyway.
  return t > kMaxTrials ? 0 : std::max(1u, static_cast<unsigned>(t));
}

std::string VerifyRecord::summary() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << (equivalent ? "equivalent" : "not equivalent");
  if (mismatchOutput)
    os << " (output #" << *mismatchOutput << " differs)";
  if (candidateDividesByZero)
    os << " (the candidate divides by zero)";
  os << ": p = " << p << ", q = " << q << ", t = " << trials
     << llvm::format(", delta = %.3g, per-trial bound = %.3g", delta, epsilon);
  if (opaqueBound > 0)
    os << llvm::format(" (of it, opaque-argument collisions %.3g)",
                       opaqueBound);
  os
     << llvm::format(", prime bound = %.3g", primeBound)
     << ", degrees " << valueDegree << "/" << exponentDegree;
  if (!inLax)
    os << "; outside the LAX fragment, no probability guarantee: "
       << laxViolation;
  if (floatChecked)
    os << llvm::format("; float check: error %.3g (tolerance %.3g)", floatError,
                       floatTolerance)
       << (floatStable ? "" : " UNSTABLE")
       << (floatRegime.empty() ? "" : " on " + floatRegime)
       << (floatDisagrees ? " (beyond the tolerance: not equivalent)" : "");
  return s;
}

namespace {
uint64_t mix(uint64_t seed, uint64_t stream) {
  return splitMixStream(seed, stream);
}

llvm::LogicalResult sameSignature(const Graph &a, const Graph &b,
                                  std::string *why) {
  // Shapes and dtypes: an f16 program is not a bf16 one.
  auto differ = [](const Graph &x, const std::vector<int> &xs, const Graph &y,
                   const std::vector<int> &ys) -> std::optional<std::string> {
    if (xs.size() != ys.size())
      return std::to_string(xs.size()) + " against " +
             std::to_string(ys.size());
    for (size_t i = 0; i < xs.size(); ++i) {
      const TensorType &s = x.type(xs[i]), &t = y.type(ys[i]);
      if (s.shape != t.shape || s.dtype != t.dtype)
        return "#" + std::to_string(i) + " is " + formatShape(s.shape) + "x" +
               stringifyDType(s.dtype).str() + " against " +
               formatShape(t.shape) + "x" + stringifyDType(t.dtype).str();
    }
    return std::nullopt;
  };
  if (std::optional<std::string> d = differ(a, a.inputs, b, b.inputs)) {
    if (why)
      *why = "the programs take different inputs: " + *d;
    return llvm::failure();
  }
  if (std::optional<std::string> d = differ(a, a.outputs, b, b.outputs)) {
    if (why)
      *why = "the programs return different types: " + *d;
    return llvm::failure();
  }
  // The trials allocate the inputs and every value of both programs, per
  // thread; the float check evaluates in double.
  int64_t limit = evaluationMemoryLimit();
  for (const Graph *g : {&a, &b})
    if (failed(checkMemoryNeeds(*g, std::max<int64_t>(
                                        sizeof(FieldDomain::Elem), 8),
                                limit, why)))
      return llvm::failure();
  return llvm::success();
}

/// The scalar constants of `g` and its nested graphs (mul_scalar factors,
/// add_scalar addends, max_scalar and min_scalar bounds, rms_norm epsilons,
/// im2col pad values).
void collectConstants(const Graph &g, std::vector<double> &out) {
  for (const Op &op : g.ops) {
    if (isScalarOp(op.kind) || op.kind == OpKind::RmsNorm ||
        op.kind == OpKind::Im2Col)
      out.push_back(op.scalar);
    if (op.body)
      collectConstants(*op.body, out);
  }
}

/// Two distinct real constants of the programs (or one and 0, 1 or -1, which
/// the programs use implicitly) whose images coincide modulo p or modulo q:
/// the field would see one where the reals see two, so a field verdict says
/// nothing about them. Returns a description of the first such pair.
std::optional<std::string> aliasedConstants(const FieldDomain &dom,
                                            const Graph &a, const Graph &b) {
  std::vector<double> cs = {0.0, 1.0, -1.0};
  collectConstants(a, cs);
  collectConstants(b, cs);
  llvm::sort(cs);
  cs.erase(std::unique(cs.begin(), cs.end()), cs.end());
  std::map<uint64_t, double> byP, byQ;
  for (double c : cs) {
    if (!std::isfinite(c))
      return "the constant " + std::to_string(c) + " has no field value";
    FieldDomain::Elem e = dom.fromDouble(c);
    for (auto [images, image, modulus] :
         {std::tuple(&byP, dom.canonicalP(e), "p"),
          std::tuple(&byQ, dom.canonicalQ(e), "q")}) {
      auto [it, added] = images->try_emplace(image, c);
      if (!added) {
        std::string s;
        llvm::raw_string_ostream os(s);
        os << "the constants " << llvm::format("%g", it->second) << " and "
           << llvm::format("%g", c) << " are equal modulo " << modulus
           << " but differ in the reals";
        return s;
      }
    }
  }
  return std::nullopt;
}

using FieldTensors = std::vector<Tensor<FieldDomain::Elem>>;

/// Why a check cut by its deadline has no verdict.
constexpr const char *kTimeUp = "the time limit ran out before the verdict";

llvm::LogicalResult failWith(std::string *why, const char *msg) {
  if (why)
    *why = msg;
  return llvm::failure();
}

/// Elements drawn between two looks at the deadline (a weight matrix of a
/// large model takes seconds to draw).
constexpr int64_t kDrawsPerDeadlineCheck = 1 << 20;

/// The first output where two evaluations differ, if any.
std::optional<unsigned> firstDifference(const FieldTensors &a,
                                        const FieldTensors &b) {
  for (size_t o = 0; o < a.size(); ++o)
    if (a[o].data != b[o].data)
      return o;
  return std::nullopt;
}

struct TrialOutcome {
  std::optional<unsigned> mismatch;
  bool candidateDividesByZero = false, referenceDividesByZero = false;
};

/// The task of a worker of a job (Distribute.h): one side of one field
/// trial, its inputs drawn again from the trial's seed.
constexpr llvm::StringLiteral kEvaluateTask = "verify.evaluate";

std::string evaluateRequest(llvm::StringRef graphText, const FieldDomain &dom,
                            uint64_t inputSeed, const Deadline &deadline) {
  std::string domainSeed = std::to_string(dom.seed());
  std::string expQ = std::to_string(static_cast<unsigned>(dom.expQComponent()));
  std::string seed = std::to_string(inputSeed);
  return packFields(
      {graphText, domainSeed, expQ, seed, deadlineField(deadline)});
}

/// One evaluation's reply: "ok", whether it divided by zero, and each
/// output's elements as bytes; or "failed" and why.
std::string evaluationReply(const llvm::FailureOr<FieldTensors> &outs,
                            bool dividedByZero, llvm::StringRef error) {
  if (failed(outs))
    return packFields({"failed", error});
  std::vector<std::string> data;
  for (const Tensor<FieldDomain::Elem> &t : *outs)
    data.emplace_back(reinterpret_cast<const char *>(t.data.data()),
                      t.data.size() * sizeof(FieldDomain::Elem));
  std::vector<llvm::StringRef> fields = {"ok", dividedByZero ? "1" : "0"};
  fields.insert(fields.end(), data.begin(), data.end());
  return packFields(fields);
}

std::string runEvaluateRequest(llvm::StringRef request) {
  std::optional<std::vector<llvm::StringRef>> f = unpackFields(request);
  uint64_t domainSeed, inputSeed;
  unsigned expQ;
  std::optional<Deadline> deadline;
  if (!f || f->size() != 5 || (*f)[1].getAsInteger(10, domainSeed) ||
      (*f)[2].getAsInteger(10, expQ) || expQ > 1 ||
      (*f)[3].getAsInteger(10, inputSeed) ||
      !(deadline = parseDeadlineField((*f)[4])))
    return taskError("not an evaluation request");
  llvm::FailureOr<Graph> g = deserializeGraph((*f)[0]);
  if (failed(g))
    return taskError("unreadable graph");
  FieldDomain dom(domainSeed, static_cast<ExpQComponent>(expQ));
  FieldTensors inputs = fieldInputs(dom, *g, inputSeed, *deadline);
  if (deadline->expired())
    return packFields({"failed", kTimeUp});
  std::string error;
  uint64_t before = FieldDomain::zeroInverseCount();
  llvm::FailureOr<FieldTensors> outs =
      Evaluator<FieldDomain>(dom, *deadline).run(*g, inputs, &error);
  return evaluationReply(outs, FieldDomain::zeroInverseCount() != before,
                         error);
}

/// Reads evaluationReply's text for graph `g`'s outputs.
bool readEvaluation(llvm::StringRef text, const Graph &g,
                    llvm::FailureOr<FieldTensors> &outs, char &dividedByZero,
                    std::string &error) {
  std::optional<std::vector<llvm::StringRef>> f = unpackFields(text);
  if (!f || f->empty())
    return false;
  if ((*f)[0] == "failed" && f->size() == 2) {
    outs = llvm::failure();
    error = (*f)[1].str();
    return true;
  }
  if ((*f)[0] != "ok" || f->size() != 2 + g.outputs.size())
    return false;
  FieldTensors tensors;
  for (auto [o, v] : llvm::enumerate(g.outputs)) {
    llvm::StringRef bytes = (*f)[2 + o];
    Tensor<FieldDomain::Elem> t;
    t.shape = g.type(v).shape;
    if (bytes.size() != static_cast<size_t>(g.type(v).numElements()) *
                            sizeof(FieldDomain::Elem))
      return false;
    t.data.resize(g.type(v).numElements());
    std::memcpy(t.data.data(), bytes.data(), bytes.size());
    tensors.push_back(std::move(t));
  }
  outs = std::move(tensors);
  dividedByZero = (*f)[1] == "1";
  return true;
}

/// Field trials: each trial's two evaluations (candidate, reference) are
/// separate jobs so that even a single trial uses two threads, or two
/// processes of a job.
llvm::FailureOr<TrialOutcome>
fieldTrials(const FieldDomain &dom, const Graph &a, const Graph &b,
            unsigned trials, uint64_t seed, unsigned threads, Deadline deadline,
            std::vector<std::function<void()>> extraJobs, std::string *why) {
  if (deadline.expired())
    return failWith(why, kTimeUp);
  // Each trial's inputs are drawn by the first of its evaluations that runs
  // here (a worker of a job draws its own), so that no process waits for
  // draws it does not use.
  std::vector<FieldTensors> inputs(trials);
  std::vector<std::once_flag> drawn(trials);
  std::vector<llvm::FailureOr<FieldTensors>> outs(2 * trials, llvm::failure());
  std::vector<std::string> errors(2 * trials);
  std::vector<char> zeroDivisions(2 * trials, 0);
  Evaluator<FieldDomain> eval(dom, deadline);
  size_t evaluations = 2 * trials;
  auto runHere = [&](size_t j) {
    if (j >= evaluations) {
      extraJobs[j - evaluations]();
      return;
    }
    unsigned t = j / 2, side = j % 2;
    std::call_once(drawn[t], [&] {
      inputs[t] = fieldInputs(dom, a, mix(seed, t), deadline);
    });
    if (deadline.expired()) {
      errors[j] = kTimeUp;
      return;
    }
    uint64_t before = FieldDomain::zeroInverseCount();
    outs[j] = eval.run(side ? b : a, inputs[t], &errors[j]);
    zeroDivisions[j] = FieldDomain::zeroInverseCount() != before;
  };
  // Evaluations may run on the workers of a job; the extra jobs run here.
  std::string texts[2];
  if (workDistributor())
    texts[0] = serializeGraph(a), texts[1] = serializeGraph(b);
  RemoteWork remote{kEvaluateTask,
                    [&](size_t j, unsigned) {
                      if (j >= evaluations)
                        return std::string();
                      return evaluateRequest(texts[j % 2], dom,
                                             mix(seed, j / 2), deadline);
                    },
                    [&](size_t j, llvm::StringRef text) {
                      if (!readEvaluation(text, j % 2 ? b : a, outs[j],
                                          zeroDivisions[j], errors[j]))
                        runHere(j);
                    }};
  distributedFor(evaluations + extraJobs.size(), threads, runHere, &remote);
  TrialOutcome outcome;
  for (unsigned t = 0; t < 2 * trials; ++t)
    if (failed(outs[t])) {
      if (why)
        *why = errors[t];
      return llvm::failure();
    }
  for (unsigned t = 0; t < trials; ++t) {
    outcome.candidateDividesByZero |= zeroDivisions[2 * t] != 0;
    outcome.referenceDividesByZero |= zeroDivisions[2 * t + 1] != 0;
    if (!outcome.mismatch)
      outcome.mismatch = firstDifference(*outs[2 * t], *outs[2 * t + 1]);
  }
  return outcome;
}
/// Per output of a float check, the worst error and the inputs it was seen
/// on.
struct FloatErrors {
  std::vector<double> errors, tolerances;
  std::vector<std::string> regimes;
};

/// Inputs of one float-check regime, the same values for both programs:
/// standard normal times `scale`, every 61st element (from a seeded start)
/// times 8 when `outliers` (the few large channels of real activations),
/// each rounded to its input's dtype. Incomplete once `deadline` has passed
/// (the caller checks it).
std::vector<Tensor<double>> regimeInputs(const Graph &g, uint64_t seed,
                                         double scale, bool outliers,
                                         const Deadline &deadline) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  std::vector<Tensor<double>> ins;
  for (int id : g.inputs) {
    Tensor<double> t;
    t.shape = g.type(id).shape;
    int64_t n = g.type(id).numElements();
    int64_t phase = static_cast<int64_t>(rng() % 61);
    t.data.reserve(n);
    for (int64_t i = 0; i < n; ++i) {
      if (i % kDrawsPerDeadlineCheck == 0 && deadline.expired())
        return ins;
      double v = normal(rng) * scale;
      if (outliers && i % 61 == phase)
        v *= 8;
      t.data.push_back(roundToDType(v, g.type(id).dtype));
    }
    ins.push_back(std::move(t));
  }
  return ins;
}

/// Per output, the normwise relative error of `got` against `want` over the
/// elements where the reference is finite (elsewhere the inputs are outside
/// the program's domain, a sqrt of a negative value, and say nothing):
/// infinity where the candidate is not finite on such an element, or where
/// the reference has no finite element at all.
template <typename E>
std::vector<double> normwiseErrors(const std::vector<Tensor<E>> &got,
                                   const std::vector<Tensor<double>> &want) {
  std::vector<double> errs;
  for (size_t o = 0; o < got.size(); ++o) {
    double diff = 0, scale = 0;
    bool candFinite = true, anyFinite = false;
    for (size_t i = 0; i < got[o].data.size(); ++i) {
      double x = got[o].data[i], y = want[o].data[i];
      if (!std::isfinite(y))
        continue;
      anyFinite = true;
      candFinite &= std::isfinite(x);
      diff = std::max(diff, std::fabs(x - y));
      scale = std::max(scale, std::fabs(y));
    }
    errs.push_back(!anyFinite || !candFinite ? INFINITY
                   : scale > 0              ? diff / scale
                                            : diff);
  }
  return errs;
}

bool allFinite(const std::vector<Tensor<double>> &ts) {
  for (const Tensor<double> &t : ts)
    for (double v : t.data)
      if (!std::isfinite(v))
        return false;
  return true;
}

/// Whether every tensor of `ts` has a finite element.
bool someFiniteEach(const std::vector<Tensor<double>> &ts) {
  return llvm::all_of(ts, [](const Tensor<double> &t) {
    return t.data.empty() ||
           llvm::any_of(t.data, [](double v) { return std::isfinite(v); });
  });
}

/// Float differential check (docs/verifier.md): per output, the worst
/// normwise relative error over the input regimes of the candidate, computed
/// as its kernels compute (f32 arithmetic, every stored value rounded to its
/// planned dtype), against the reference in f64 with the program's own
/// precision (every value rounded to its dtype). Regimes: standard normal
/// inputs, and activations at the largest scale of 32, 8, 2 (with outliers)
/// at which the reference stays finite. The tolerance of an output is its
/// dtype's, or four times the program's own rounding error on those inputs
/// (the reference against itself in exact f64) when that is larger: an
/// ill-conditioned program (a softmax of large logits) is not the
/// candidate's fault, but an overflow or a lost term stays far outside.
/// A program whose own rounding error on some inputs passes this computes
/// nothing meaningful there: such scaled inputs are not used.
constexpr double kMeaningful = 0.1;

llvm::FailureOr<FloatErrors> floatCheck(const Graph &candidate,
                                        const Graph &reference, uint64_t seed,
                                        Deadline deadline, std::string *why) {
  FloatDomain<float> fdom(/*roundToStorage=*/true);
  FloatDomain<double> ddom(/*roundToStorage=*/true), exact;
  FloatErrors result;
  size_t n = candidate.outputs.size();
  result.errors.assign(n, 0.0);
  result.tolerances.resize(n);
  for (size_t o = 0; o < n; ++o)
    result.tolerances[o] =
        dtypeTolerance(candidate.type(candidate.outputs[o]).dtype);
  result.regimes.assign(n, "");
  struct Regime {
    double scale;
    bool outliers;
  };
  // Standard normal inputs, scaled down where the reference overflows on
  // them (its exps of large constants), so that no output goes unchecked.
  llvm::SmallVector<llvm::SmallVector<Regime, 12>, 2> regimes = {
      {}, {{32, true}, {8, true}, {2, true}}};
  for (int e = 0; e <= 80; e += 8)
    regimes[0].push_back({std::ldexp(1.0, -e), false});
  bool checked = false;
  for (auto [r, tries] : llvm::enumerate(regimes)) {
    uint64_t regimeSeed = mix(seed, (1u << 30) + r);
    // The inputs to compare on: the first of `tries` on which the
    // reference is finite everywhere (and, with outliers, computes its own
    // value within kMeaningful). A scale at which the program itself
    // overflows, or loses its value to rounding, says nothing about the
    // candidate. Standard normal inputs are always used: when no scale
    // keeps every element finite, the first scale with a finite element in
    // every output is compared on those elements.
    struct Evaluation {
      Regime regime;
      std::vector<Tensor<double>> in, want, ideal;
    };
    std::optional<Evaluation> chosen, fallback;
    for (const Regime &regime : tries) {
      if (deadline.expired())
        return failWith(why, kTimeUp);
      Evaluation e{regime,
                   regimeInputs(candidate, regimeSeed, regime.scale,
                                regime.outliers, deadline),
                   {},
                   {}};
      if (deadline.expired())
        return failWith(why, kTimeUp);
      auto want = Evaluator<FloatDomain<double>>(ddom, deadline)
                      .run(reference, e.in, why);
      if (failed(want))
        return llvm::failure();
      bool finite = allFinite(*want);
      if (!finite && (regime.outliers || fallback || !someFiniteEach(*want)))
        continue;
      auto ideal = Evaluator<FloatDomain<double>>(exact, deadline)
                       .run(reference, e.in, why);
      if (failed(ideal))
        return llvm::failure();
      std::vector<double> own = normwiseErrors(*want, *ideal);
      if (regime.outliers &&
          llvm::any_of(own, [](double err) { return !(err <= kMeaningful); }))
        continue;
      e.want = std::move(*want);
      e.ideal = std::move(*ideal);
      if (finite) {
        chosen = std::move(e);
        break;
      }
      fallback = std::move(e);
    }
    if (!chosen)
      chosen = std::move(fallback);
    if (!chosen)
      continue;
    const Regime &regime = chosen->regime;
    std::vector<double> own = normwiseErrors(chosen->want, chosen->ideal);
    std::vector<Tensor<float>> fin;
    for (const Tensor<double> &t : chosen->in) {
      Tensor<float> f;
      f.shape = t.shape;
      f.data.assign(t.data.begin(), t.data.end());
      fin.push_back(std::move(f));
    }
    auto got =
        Evaluator<FloatDomain<float>>(fdom, deadline).run(candidate, fin, why);
    if (failed(got))
      return llvm::failure();
    std::vector<double> errs = normwiseErrors(*got, chosen->want);
    std::string name =
        regime.outliers
            ? "activations at scale " +
                  std::to_string(static_cast<int>(regime.scale)) +
                  " with outliers"
        : regime.scale == 1
            ? std::string("standard normal inputs")
            : "standard normal inputs scaled by 2^" +
                  std::to_string(std::ilogb(regime.scale));
    checked |= !regime.outliers;
    for (size_t o = 0; o < n; ++o) {
      double tol =
          std::max(dtypeTolerance(candidate.type(candidate.outputs[o]).dtype),
                   4 * own[o]);
      if (!(errs[o] / tol <= result.errors[o] / result.tolerances[o])) {
        result.errors[o] = errs[o];
        result.tolerances[o] = tol;
        result.regimes[o] = name;
      }
    }
  }
  if (!checked) {
    // The reference overflows on every input scale tried: nothing in float
    // says the candidate is right.
    for (size_t o = 0; o < n; ++o) {
      result.errors[o] = INFINITY;
      result.regimes[o] = "no input scale on which the reference is finite";
    }
  }
  return result;
}

/// The output whose error is largest against its tolerance.
FloatComparison worstOutput(const Graph &candidate, const FloatErrors &found,
                            const VerifyOptions &options) {
  const std::vector<double> &errors = found.errors;
  FloatComparison cmp;
  for (size_t o = 0; o < errors.size(); ++o) {
    double tol = options.floatTolerance > 0 ? options.floatTolerance
                                            : found.tolerances[o];
    if (!cmp.worstOutput || errors[o] / tol > cmp.error / cmp.tolerance) {
      cmp.worstOutput = o;
      cmp.error = errors[o];
      cmp.tolerance = tol;
      cmp.regime = found.regimes[o];
    }
  }
  cmp.stable = cmp.error <= cmp.tolerance;
  // Beyond 100 % is a different function, unless the program's own rounding
  // on those inputs is that large (the tolerance says so); between the
  // tolerance and that, the candidate loses what its stored precision
  // cannot hold. Either way it is not equivalent.
  cmp.disagrees = std::isfinite(cmp.error) &&
                  cmp.error > std::max(kFloatDisagreement, cmp.tolerance);
  return cmp;
}

} // namespace

std::vector<Tensor<FieldElem>> tsopt::fieldInputs(const FieldDomain &dom,
                                                  const Graph &g, uint64_t seed,
                                                  const Deadline &deadline) {
  std::mt19937_64 rng(seed);
  std::vector<Tensor<FieldElem>> inputs;
  for (int id : g.inputs) {
    Tensor<FieldElem> t;
    t.shape = g.type(id).shape;
    t.data.reserve(g.type(id).numElements());
    for (int64_t i = 0; i < g.type(id).numElements(); ++i) {
      if (i % kDrawsPerDeadlineCheck == 0 && deadline.expired())
        return inputs;
      t.data.push_back(dom.random(rng));
    }
    inputs.push_back(std::move(t));
  }
  return inputs;
}

llvm::FailureOr<FloatComparison>
tsopt::compareInFloat(const Graph &candidate, const Graph &reference,
                      const VerifyOptions &options, std::string *why) {
  if (failed(sameSignature(candidate, reference, why)))
    return llvm::failure();
  auto errors =
      floatCheck(candidate, reference, options.seed, options.deadline, why);
  if (failed(errors))
    return llvm::failure();
  return worstOutput(candidate, *errors, options);
}

std::string FloatComparison::summary() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::format("float check: error %.3g (tolerance %.3g)", error,
                     tolerance)
     << (stable ? "" : " UNSTABLE")
     << (regime.empty() ? "" : " on " + regime)
     << (disagrees ? " (a disagreement, not rounding)" : "");
  return s;
}

llvm::FailureOr<bool> tsopt::screenEquivalence(const Graph &candidate,
                                               const Graph &reference,
                                               uint64_t seed, unsigned threads,
                                               Deadline deadline,
                                               std::string *why) {
  if (failed(sameSignature(candidate, reference, why)))
    return llvm::failure();
  bool inLax =
      !analyzeLax(candidate).violation && !analyzeLax(reference).violation;
  FieldDomain dom(seed, inLax ? ExpQComponent::One : ExpQComponent::Keyed);
  auto r = fieldTrials(dom, candidate, reference, 1, seed, threads, deadline,
                       {}, why);
  if (failed(r))
    return llvm::failure();
  return !r->mismatch && !r->candidateDividesByZero &&
         !r->referenceDividesByZero;
}

uint64_t tsopt::fieldSeed(uint64_t seed, const Graph &candidate,
                          const Graph &reference) {
  std::string text = serializeGraph(candidate);
  text += '|';
  text += serializeGraph(reference);
  return splitMixStream(seed, llvm::xxh3_64bits(text));
}

llvm::FailureOr<VerifyRecord>
tsopt::verifyEquivalence(const Graph &candidate, const Graph &reference,
                         const VerifyOptions &options, std::string *why) {
  for (auto [g, role] : {std::pair(&candidate, "candidate"),
                         std::pair(&reference, "reference")}) {
    std::string bad;
    if (failed(checkGraphWellFormed(*g, &bad))) {
      if (why)
        *why = std::string("the ") + role + " is malformed: " + bad;
      return llvm::failure();
    }
  }
  if (failed(sameSignature(candidate, reference, why)))
    return llvm::failure();
  if (!(options.delta > 0 && options.delta < 1)) {
    if (why)
      *why = "delta must be in (0, 1)";
    return llvm::failure();
  }
  if (options.deadline.expired())
    return failWith(why, kTimeUp);
  VerifyRecord rec;
  LaxReport lc = analyzeLax(candidate), lr = analyzeLax(reference);
  rec.inLax = !lc.violation && !lr.violation;
  if (!rec.inLax)
    rec.laxViolation = lc.violation ? "candidate: " + *lc.violation
                                    : "reference: " + *lr.violation;
  // Inside LAX, exp's q-component is 1 so that exp(a)·exp(b) = exp(a+b)
  // holds exactly; outside it, nested exps must at least behave as an
  // uninterpreted function of their argument (docs/finite-field.md).
  FieldDomain dom(fieldSeed(options.seed, candidate, reference),
                  rec.inLax ? ExpQComponent::One : ExpQComponent::Keyed);
  rec.p = dom.p();
  rec.q = dom.q();
  // Constants are mapped exactly into the field, so distinct ones can
  // coincide there; such programs get no verdict (docs/verifier.md).
  if (std::optional<std::string> alias =
          aliasedConstants(dom, candidate, reference)) {
    if (why)
      *why = *alias + ": the field cannot tell them apart, no verdict";
    return llvm::failure();
  }
  rec.delta = options.delta;
  // The difference of the two programs has at most the sum of their degrees.
  rec.valueDegree = lc.valueDegree + lr.valueDegree;
  rec.exponentDegree = lc.exponentDegree + lr.exponentDegree;
  rec.opaqueBound = opaqueCollisionBound(
      lc.opaqueApplications + lr.opaqueApplications,
      std::max(lc.opaqueDegree, lr.opaqueDegree), rec.p, rec.q);
  rec.epsilon = std::min(
      1.0, trialErrorBound(rec.valueDegree, rec.exponentDegree, rec.p, rec.q) +
               rec.opaqueBound);
  {
    // The widest constant: m·2^e with |m| < 2^53 has 53 + |e| bits once
    // the powers of two are cleared.
    std::vector<double> cs;
    collectConstants(candidate, cs);
    collectConstants(reference, cs);
    int64_t widest = 1;
    for (double c : cs)
      if (std::isfinite(c) && c != 0) {
        int e;
        std::frexp(c, &e);
        widest = std::max<int64_t>(widest, 53 + std::abs(e - 53));
      }
    rec.primeBound = primeDrawBound(rec.valueDegree, widest);
  }
  rec.trials =
      std::max(options.minTrials, trialsFor(options.delta, rec.epsilon));
  if (lc.saturated || lr.saturated) {
    // A capped degree is no bound (x^(2^62) is x in both fields by Fermat's
    // little theorem, but its bound would say 2^40): fail closed.
    if (why)
      *why = "the programs' degrees are too large to bound (over 2^40): no "
             "error bound can be given";
    return llvm::failure();
  }
  if (rec.trials == 0) {
    if (why)
      *why = "the programs' degrees are too large for the field: no "
             "practical number of trials reaches the requested bound";
    return llvm::failure();
  }

  // Field trials and the float check, in parallel; each job owns its slot.
  std::vector<std::function<void()>> extra;
  std::string floatWhy;
  std::optional<llvm::FailureOr<FloatErrors>> floatErrors;
  if (options.floatCheck)
    extra.push_back([&] {
      floatErrors = floatCheck(candidate, reference, options.seed,
                               options.deadline, &floatWhy);
    });
  auto outcome =
      fieldTrials(dom, candidate, reference, rec.trials, options.seed,
                  options.threads, options.deadline, std::move(extra), why);
  if (failed(outcome))
    return llvm::failure();
  if (outcome->referenceDividesByZero) {
    if (why)
      *why = "the reference divides by zero (a denominator that vanishes "
             "on random inputs is identically zero)";
    return llvm::failure();
  }
  rec.mismatchOutput = outcome->mismatch;
  rec.candidateDividesByZero = outcome->candidateDividesByZero;
  rec.equivalent = !rec.mismatchOutput && !rec.candidateDividesByZero;

  if (floatErrors) {
    if (failed(*floatErrors)) {
      if (why)
        *why = floatWhy;
      return llvm::failure();
    }
    FloatComparison cmp = worstOutput(candidate, **floatErrors, options);
    rec.floatChecked = true;
    rec.floatWorstOutput = cmp.worstOutput;
    rec.floatError = cmp.error;
    rec.floatTolerance = cmp.tolerance;
    rec.floatStable = cmp.stable;
    rec.floatRegime = cmp.regime;
    // "Equivalent" means both checks: an error beyond the tolerance, or a
    // non-finite candidate where the reference is finite, is not
    // equivalent whatever the field said (a constant that aliases in the
    // field, a case the trials missed, a value lost to its stored
    // precision). floatDisagrees says which check refused.
    if (rec.equivalent && !cmp.stable) {
      rec.equivalent = false;
      rec.floatDisagrees = true;
    }
  }
  return rec;
}

std::string tsopt::screenRequest(const Graph &candidate, const Graph &reference,
                                 uint64_t seed, const Deadline &deadline) {
  std::string a = serializeGraph(candidate), b = serializeGraph(reference);
  std::string seedText = std::to_string(seed);
  return packFields({a, b, seedText, deadlineField(deadline)});
}

std::optional<llvm::FailureOr<bool>>
tsopt::parseScreenReply(llvm::StringRef text) {
  if (text == "same")
    return llvm::FailureOr<bool>(true);
  if (text == "differs")
    return llvm::FailureOr<bool>(false);
  if (text == "no verdict")
    return llvm::FailureOr<bool>(llvm::failure());
  return std::nullopt;
}

static std::string runScreenRequest(llvm::StringRef request) {
  std::optional<std::vector<llvm::StringRef>> f = unpackFields(request);
  uint64_t seed;
  std::optional<Deadline> deadline;
  if (!f || f->size() != 4 || (*f)[2].getAsInteger(10, seed) ||
      !(deadline = parseDeadlineField((*f)[3])))
    return taskError("not a screen request");
  llvm::FailureOr<Graph> a = deserializeGraph((*f)[0]);
  llvm::FailureOr<Graph> b = deserializeGraph((*f)[1]);
  if (failed(a) || failed(b))
    return taskError("unreadable graphs");
  llvm::FailureOr<bool> same = screenEquivalence(*a, *b, seed, 1, *deadline);
  return failed(same) ? "no verdict" : *same ? "same" : "differs";
}

void tsopt::registerVerifyTasks(
    llvm::StringMap<std::function<std::string(llvm::StringRef)>> &tasks) {
  tasks[kEvaluateTask] = runEvaluateRequest;
  tasks[kScreenTask] = runScreenRequest;
}
