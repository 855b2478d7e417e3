//===- Fission.cpp - Composite ops into primitives ------------------------===//

#include "tsopt/Transforms/Fission.h"

#include "llvm/ADT/STLExtras.h"

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

/// conv2d(x, w) = the matmul of the filters, (groups, F/groups, Cg·KH·KW),
/// once per image, with the columns of x's im2col, (N·groups, Cg·KH·KW,
/// OH·OW): the evaluator's definition (EvaluatorImpl.h).
int splitConv2d(Emitter &e, const Graph &g, const Op &op, int x, int filter) {
  const TensorType &result = g.type(op.results[0]);
  const Shape &xs = g.type(op.operands[0]).shape;
  const Shape &fs = g.type(op.operands[1]).shape;
  int64_t n = xs[0], groups = op.dim, f = fs[0];
  int64_t k = fs[1] * fs[2] * fs[3];
  int64_t positions = result.shape[2] * result.shape[3];
  auto typed = [](DType dtype, Shape shape) {
    return TensorType{std::move(shape), dtype};
  };
  Op cols;
  cols.kind = OpKind::Im2Col;
  cols.operands = {x};
  cols.perm = op.perm;
  DType xt = g.type(op.operands[0]).dtype, ft = g.type(op.operands[1]).dtype;
  int c = e.out.addOp(cols, {typed(xt, {n, xs[1] * fs[2] * fs[3], positions})});
  if (groups > 1)
    c = e.emit(OpKind::Reshape, {c}, typed(xt, {n * groups, k, positions}));
  int a = e.emit(OpKind::Reshape, {filter}, typed(ft, {groups, f / groups, k}));
  if (n > 1)
    a = e.emit(OpKind::Repeat, {a}, typed(ft, {n * groups, f / groups, k}));
  int y = e.emit(OpKind::Matmul, {a, c},
                 typed(result.dtype, {n * groups, f / groups, positions}));
  return e.emit(OpKind::Reshape, {y}, result);
}

} // namespace

FissionResult tsopt::fission(const Graph &program,
                             llvm::ArrayRef<OpKind> kinds) {
  FissionResult result;
  Graph &out = result.graph;
  out.level = program.level;
  std::vector<int> map(program.values.size(), -1);
  for (int in : program.inputs)
    map[in] = out.addInput(program.type(in));
  Emitter e{out};
  for (const Op &op : program.ops) {
    bool splits = kinds.empty() ? op.kind == OpKind::RmsNorm
                                : llvm::is_contained(kinds, op.kind) &&
                                      (op.kind == OpKind::RmsNorm ||
                                       op.kind == OpKind::Conv2d);
    if (!splits) {
      appendCopy(out, op, program, map);
      continue;
    }
    auto split = op.kind == OpKind::RmsNorm ? splitRmsNorm : splitConv2d;
    map[op.results[0]] =
        split(e, program, op, map[op.operands[0]], map[op.operands[1]]);
    ++result.split;
  }
  for (int o : program.outputs)
    out.outputs.push_back(map[o]);
  return result;
}
