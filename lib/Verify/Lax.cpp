//===- Lax.cpp - The LAX fragment and degree bounds ----------------------===//
//
// Degrees are tracked as (numerator, denominator) pairs of a rational
// function and saturate at 2^40; every rule is monotone, so an output whose
// bound saturated reports the cap, and the report says the bound is no
// longer one (`saturated`): a verdict must then fail closed. The rules are
// the textbook ones: a·b and a/b add degrees crosswise, a±b puts both over a
// common denominator, and a sum of n terms (reductions, matmul contraction,
// sum accumulators) is n−1 additions — which only grows when the terms carry
// denominators.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Verify/Lax.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace tsopt;

namespace {
constexpr int64_t kSaturate = int64_t(1) << 40;

int64_t sat(int64_t v) { return std::min(v, kSaturate); }
int64_t satMul(int64_t a, int64_t b) {
  return (a != 0 && b > kSaturate / a) ? kSaturate : sat(a * b);
}

/// What the analysis knows about one value.
struct Info {
  int64_t num = 1;  ///< degree of the numerator
  int64_t den = 0;  ///< degree of the denominator
  int exps = 0;     ///< most exps on a path from an input
  std::string path; ///< the exps on that path, for the diagnostic
};

Info add(const Info &a, const Info &b) {
  Info r;
  r.num = sat(std::max(a.num + b.den, b.num + a.den));
  r.den = sat(a.den + b.den);
  return r;
}

Info mul(const Info &a, const Info &b) {
  Info r;
  r.num = sat(a.num + b.num);
  r.den = sat(a.den + b.den);
  return r;
}

Info div(const Info &a, const Info &b) {
  Info r;
  r.num = sat(a.num + b.den);
  r.den = sat(a.den + b.num);
  return r;
}

/// Sum of `n` terms shaped like `t`.
Info sum(const Info &t, int64_t n) {
  Info r = t;
  if (t.den > 0 && n > 1) {
    r.num = sat(t.num + satMul(n - 1, t.den));
    r.den = satMul(n, t.den);
  }
  return r;
}

/// A fresh variable standing for an opaque result (exp, uninterpreted op).
Info fresh() { return Info{1, 0, 0, ""}; }

/// Keeps the path information of the operand with the most exps.
void inheritPath(Info &r, llvm::ArrayRef<const Info *> operands) {
  const Info *best = nullptr;
  for (const Info *o : operands)
    if (!best || o->exps > best->exps)
      best = o;
  if (best) {
    r.exps = best->exps;
    r.path = best->path;
  }
}

class Analysis {
public:
  LaxReport report;

  std::vector<Info> run(const Graph &g, std::vector<Info> inputs,
                        const std::string &where) {
    std::vector<Info> values(g.values.size());
    for (size_t i = 0; i < g.inputs.size(); ++i)
      values[g.inputs[i]] = inputs[i];
    for (size_t k = 0; k < g.ops.size(); ++k) {
      const Op &op = g.ops[k];
      std::string here = "op #" + std::to_string(k) + where;
      llvm::SmallVector<const Info *> in;
      for (int v : op.operands)
        in.push_back(&values[v]);
      std::vector<Info> out = transfer(g, op, in, here);
      for (size_t r = 0; r < op.results.size(); ++r)
        values[op.results[r]] = out[r];
    }
    std::vector<Info> outs;
    for (int v : g.outputs)
      outs.push_back(values[v]);
    return outs;
  }

private:
  /// An uninterpreted op's argument: two programs that agree as functions
  /// of the opaque results may still differ in their arguments, which the
  /// trial catches unless the argument polynomials collide at its point, so
  /// their degrees bound the error too (and saturate like any other: a
  /// Fermat power x^N under a relu is no bound).
  void noteOpaqueArgument(const Info &a, double elements) {
    int64_t degree = sat(a.num + a.den);
    report.valueDegree = std::max(report.valueDegree, degree);
    report.opaqueDegree = std::max(report.opaqueDegree, degree);
    report.opaqueApplications += multiplicity * elements;
  }

  /// How many times an op of the graph being analyzed runs per run of the
  /// program: the blocks and iterations of the kernels and the elements of
  /// the thread graphs around it.
  double multiplicity = 1;

  std::vector<Info> transfer(const Graph &g, const Op &op,
                             llvm::ArrayRef<const Info *> in,
                             const std::string &here) {
    auto one = [](Info i) { return std::vector<Info>{std::move(i)}; };
    auto contraction = [&]() -> int64_t {
      const Shape &a = g.type(op.operands[0]).shape;
      return a.empty() ? 1 : a.back();
    };
    auto elements = [&](int v) {
      return static_cast<double>(numElements(g.type(v).shape));
    };
    Info r;
    switch (op.kind) {
    case OpKind::Add:
    case OpKind::Sub:
      r = add(*in[0], *in[1]);
      break;
    case OpKind::Mul:
      r = mul(*in[0], *in[1]);
      break;
    case OpKind::Div:
      r = div(*in[0], *in[1]);
      break;
    case OpKind::Square:
      r = mul(*in[0], *in[0]);
      break;
    case OpKind::AddScalar:
      r = add(*in[0], Info{0, 0, 0, ""}); // x + c: c has degree 0
      break;
    case OpKind::Neg:
    case OpKind::MulScalar:
    case OpKind::Repeat:
    case OpKind::Reshape:
    case OpKind::Transpose:
    case OpKind::Im2Col: // its elements, and its pad value, a constant
      r = op.scalar == 0 ? *in[0] : add(*in[0], Info{0, 0, 0, ""});
      break;
    case OpKind::Slice:
    case OpKind::BlockInput:
    case OpKind::BlockOutput:
      r = *in[0];
      break;
    case OpKind::RunningMax: // 0 where the exps run as written
      r = Info{0, 0, 0, ""};
      break;
    case OpKind::Concat: {
      r = *in[0];
      for (const Info *o : in) {
        r.num = std::max(r.num, o->num);
        r.den = std::max(r.den, o->den);
      }
      break;
    }
    case OpKind::Matmul:
      r = sum(mul(*in[0], *in[1]), contraction());
      break;
    case OpKind::Conv2d: {
      // A sum of C/groups·KH·KW products per element.
      const Shape &f = g.type(op.operands[1]).shape;
      r = sum(mul(*in[0], *in[1]), f[1] * f[2] * f[3]);
      break;
    }
    case OpKind::ReduceSum: {
      const Shape &s = g.type(op.operands[0]).shape;
      const Shape &o = g.type(op.results[0]).shape;
      r = sum(*in[0], s[op.dim] / std::max<int64_t>(o[op.dim], 1));
      break;
    }
    case OpKind::Accum:
      // A max accumulator is the field's uninterpreted max, which returns
      // its argument when all iterations agree: bounded like its operand.
      r = op.fmap == kReplica && op.accum == AccumKind::Sum
              ? sum(*in[0], g.forloop)
              : *in[0];
      if (op.accum != AccumKind::Sum)
        noteOpaqueArgument(*in[0], elements(op.operands[0]));
      break;
    case OpKind::RmsNorm: {
      // X·G / sqrt(mean X²): sqrt is uninterpreted, so a fresh variable;
      // its argument, the mean square, counts as an opaque argument.
      noteOpaqueArgument(mul(*in[0], *in[0]), elements(op.results[0]));
      r = div(mul(*in[0], *in[1]), fresh());
      break;
    }
    case OpKind::Exp: {
      ++report.numExps;
      report.exponentDegree =
          std::max(report.exponentDegree, sat(in[0]->num + in[0]->den));
      r = fresh();
      r.exps = in[0]->exps + 1;
      r.path = in[0]->path + (in[0]->path.empty() ? "" : ", ") + "exp (" +
               here + ")";
      if (r.exps >= 2 && !report.violation)
        report.violation =
            "a path passes " + std::to_string(r.exps) + " exps: " + r.path;
      return one(r);
    }
    case OpKind::Sqrt:
    case OpKind::Rsqrt:
    case OpKind::Silu:
    case OpKind::Gelu:
    case OpKind::Relu:
    case OpKind::Sigmoid:
    case OpKind::Tanh:
      noteOpaqueArgument(*in[0], elements(op.results[0]));
      r = fresh();
      break;
    case OpKind::MaxScalar:
    case OpKind::MinScalar:
      // The field's max of x and a constant (min through negations): like
      // a reduce_max, at most the operand's degree.
      noteOpaqueArgument(*in[0], elements(op.results[0]));
      r = *in[0];
      r.num = std::max<int64_t>(r.num, 1);
      break;
    case OpKind::ReduceMax:
      // max(a, a) = a in the field, so a max may be its operand: at least
      // a fresh variable's degree, at most the operand's.
      noteOpaqueArgument(*in[0], elements(op.operands[0]));
      r = *in[0];
      r.num = std::max<int64_t>(r.num, 1);
      break;
    case OpKind::Kernel:
    case OpKind::ThreadGraph: {
      std::vector<Info> ins;
      for (const Info *o : in)
        ins.push_back(*o);
      // A kernel's block graph runs once per block and iteration; a thread
      // graph's scalar ops once per element of its result.
      double outer = multiplicity;
      if (op.kind == OpKind::Kernel) {
        for (int64_t extent : op.body->grid)
          multiplicity *= static_cast<double>(extent);
        multiplicity *= static_cast<double>(op.body->forloop);
      } else {
        multiplicity *= elements(op.results[0]);
      }
      std::vector<Info> outs =
          run(*op.body, std::move(ins),
              " in " + std::string(stringifyOpKind(op.kind)) + " " + here);
      multiplicity = outer;
      return outs;
    }
    }
    inheritPath(r, in);
    return one(r);
  }
};
} // namespace

LaxReport tsopt::analyzeLax(const Graph &g) {
  Analysis a;
  std::vector<Info> inputs(g.inputs.size(), fresh());
  std::vector<Info> outs = a.run(g, std::move(inputs), "");
  for (const Info &o : outs)
    a.report.valueDegree = std::max(a.report.valueDegree, sat(o.num + o.den));
  a.report.saturated = a.report.valueDegree >= kSaturate ||
                      a.report.exponentDegree >= kSaturate;
  return a.report;
}
