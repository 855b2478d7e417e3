//===- Fission.cpp - Composite ops into primitives ------------------------===//

#include "tsopt/Transforms/Fission.h"

using namespace tsopt;

namespace {

/// Appends ops of one result each to `out`.
struct Emitter {
  Graph &out;
  int emit(OpKind kind, llvm::ArrayRef<int> operands, const TensorType &type,
           int64_t dim = 0, double scalar = 0) {
    Op e;
    e.kind = kind;
    e.operands.assign(operands.begin(), operands.end());
    e.dim = dim;
    e.scalar = scalar;
    return out.addOp(std::move(e), {type});
  }
};

/// rms_norm(x, g) = x / sqrt(mean(x²) + eps) ∘ g, as the evaluator defines
/// it (EvaluatorImpl.h); without an epsilon, no add_scalar.
int splitRmsNorm(Emitter &e, const Graph &g, const Op &op, int x, int gamma) {
  // The statistics and the normalized rows are f32 whatever the storage
  // (torch's RMSNorm upcasts; a row sum of squares overflows f16 at
  // activations of a few hundred); only the result is stored as the op's.
  TensorType result = g.type(op.results[0]), full = result, row = full;
  full.dtype = row.dtype = DType::F32;
  int64_t last = full.shape.size() - 1;
  row.shape[last] = 1;
  int sq = e.emit(OpKind::Square, {x}, full);
  int ss = e.emit(OpKind::ReduceSum, {sq}, row, last);
  int ms = e.emit(OpKind::MulScalar, {ss}, row, 0,
                  1.0 / static_cast<double>(full.shape[last]));
  if (op.scalar != 0)
    ms = e.emit(OpKind::AddScalar, {ms}, row, 0, op.scalar);
  int rms = e.emit(OpKind::Sqrt, {ms}, row);
  int n = e.emit(OpKind::Div, {x, rms}, full);
  return e.emit(OpKind::Mul, {n, gamma}, result);
}

} // namespace

FissionResult tsopt::fission(const Graph &program) {
  FissionResult result;
  Graph &out = result.graph;
  out.level = program.level;
  std::vector<int> map(program.values.size(), -1);
  for (int in : program.inputs)
    map[in] = out.addInput(program.type(in));
  Emitter e{out};
  for (const Op &op : program.ops) {
    if (op.kind != OpKind::RmsNorm) {
      appendCopy(out, op, program, map);
      continue;
    }
    map[op.results[0]] =
        splitRmsNorm(e, program, op, map[op.operands[0]], map[op.operands[1]]);
    ++result.split;
  }
  for (int o : program.outputs)
    out.outputs.push_back(map[o]);
  return result;
}
