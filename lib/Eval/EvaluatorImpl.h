//===- EvaluatorImpl.h - Evaluator template implementation ------*- C++ -*-===//
//
// The body of Evaluator<Domain>. Only .cpp files that instantiate the
// evaluator for a domain include it (Evaluator.cpp for the float domains);
// everything here must use the domain's operations only, never assume that
// Elem is a floating type.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_LIB_EVAL_EVALUATORIMPL_H
#define TSOPT_LIB_EVAL_EVALUATORIMPL_H

#include "tsopt/Core/GraphCheck.h"
#include "tsopt/Core/Precision.h"
#include "tsopt/Core/RunningMax.h"
#include "tsopt/Core/ShapeRules.h"
#include "tsopt/Eval/Evaluator.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>

namespace tsopt {
/// Whether a domain provides `Elem dot(const Elem *a, const Elem *b,
/// int64_t n) const`, the sum of a[i]·b[i] — optional, for speed.
template <typename D, typename = void> struct HasDot : std::false_type {};
template <typename D>
struct HasDot<D, std::void_t<decltype(std::declval<const D &>().dot(
                     std::declval<const typename D::Elem *>(),
                     std::declval<const typename D::Elem *>(), int64_t()))>>
    : std::true_type {};
/// Whether a domain provides `void round(DType, Elem *, size_t) const`,
/// rounding stored values to their dtype (FloatDomain); a domain without it
/// (the finite field) stores values exactly.
template <typename D, typename = void> struct HasRound : std::false_type {};
template <typename D>
struct HasRound<D, std::void_t<decltype(std::declval<const D &>().round(
                       DType(), std::declval<typename D::Elem *>(),
                       size_t()))>> : std::true_type {};
} // namespace tsopt

namespace tsopt {
namespace detail {

/// Strides for reading a tensor of `shape` as if broadcast to `target` (numpy
/// rules): stretched and missing leading dims get stride 0.
inline Shape broadcastStrides(llvm::ArrayRef<int64_t> shape,
                              llvm::ArrayRef<int64_t> target) {
  assert(shape.size() <= target.size() && "broadcast cannot drop dims");
  Shape own = rowMajorStrides(shape);
  Shape strides(target.size(), 0);
  size_t lead = target.size() - shape.size();
  for (size_t i = 0; i < shape.size(); ++i)
    strides[lead + i] = shape[i] == 1 ? 0 : own[i];
  return strides;
}

/// Extent and stride of the innermost dim; a rank-0 tensor is one element.
inline int64_t innerExtent(llvm::ArrayRef<int64_t> shape) {
  return shape.empty() ? 1 : shape.back();
}
inline int64_t innerStride(llvm::ArrayRef<int64_t> strides) {
  return strides.empty() ? 0 : strides.back();
}

/// Calls `fn(offsets)` once per row of `shape` (every index of all dims but
/// the last), where offsets[k] is the row start under `strides[k]`. Rows are
/// visited in row-major order. Walking rows rather than elements keeps the
/// index bookkeeping out of the inner loops, which the callers write over the
/// last dim with a known stride.
template <size_t N, typename Fn>
void forEachRow(llvm::ArrayRef<int64_t> shape,
                const std::array<llvm::ArrayRef<int64_t>, N> &strides,
                Fn &&fn) {
  std::array<int64_t, N> off{};
  int rank = shape.size();
  if (rank <= 1) {
    fn(off);
    return;
  }
  llvm::SmallVector<int64_t, 4> idx(rank - 1, 0);
  while (true) {
    fn(off);
    int d = rank - 2;
    for (; d >= 0; --d) {
      for (size_t k = 0; k < N; ++k)
        off[k] += strides[k][d];
      if (++idx[d] < shape[d])
        break;
      for (size_t k = 0; k < N; ++k)
        off[k] -= shape[d] * strides[k][d];
      idx[d] = 0;
    }
    if (d < 0)
      return;
  }
}

/// Reads the box `shape` of a strided source into contiguous row-major `dst`.
template <typename E>
void gatherStrided(const E *src, llvm::ArrayRef<int64_t> shape,
                   llvm::ArrayRef<int64_t> srcStrides, E *dst) {
  Shape dstStrides = rowMajorStrides(shape);
  int64_t len = innerExtent(shape), s = innerStride(srcStrides);
  forEachRow<2>(shape, {srcStrides, dstStrides},
                [&](const std::array<int64_t, 2> &off) {
                  const E *from = src + off[0];
                  E *to = dst + off[1];
                  if (s == 1) {
                    std::copy(from, from + len, to);
                    return;
                  }
                  for (int64_t j = 0; j < len; ++j)
                    to[j] = from[j * s];
                });
}

/// Writes contiguous row-major `src` of `shape` into a strided destination.
template <typename E>
void scatterStrided(const E *src, llvm::ArrayRef<int64_t> shape, E *dst,
                    llvm::ArrayRef<int64_t> dstStrides) {
  Shape srcStrides = rowMajorStrides(shape);
  int64_t len = innerExtent(shape), s = innerStride(dstStrides);
  if (shape.empty())
    s = 1;
  forEachRow<2>(shape, {srcStrides, dstStrides},
                [&](const std::array<int64_t, 2> &off) {
                  const E *from = src + off[0];
                  E *to = dst + off[1];
                  if (s == 1) {
                    std::copy(from, from + len, to);
                    return;
                  }
                  for (int64_t j = 0; j < len; ++j)
                    to[j * s] = from[j];
                });
}

/// Writes `tile` into `dst` with its origin at `offsets` (one per dim).
template <typename E>
void insertTile(const Tensor<E> &tile, llvm::ArrayRef<int64_t> offsets,
                Tensor<E> &dst) {
  assert(tile.shape.size() == dst.shape.size() && "tile rank mismatch");
  Shape strides = rowMajorStrides(dst.shape);
  int64_t base = 0;
  for (size_t d = 0; d < strides.size(); ++d) {
    assert(offsets[d] + tile.shape[d] <= dst.shape[d] && "tile out of bounds");
    base += offsets[d] * strides[d];
  }
  scatterStrided(tile.data.data(), tile.shape, dst.data.data() + base, strides);
}

/// Executes graphs over `Domain`. One instance per Evaluator::run call; it
/// owns all scratch state, which is what keeps Evaluator::run reentrant.
template <typename Domain> class Interpreter {
public:
  using E = typename Domain::Elem;
  using T = Tensor<E>;

  Interpreter(const Domain &dom, Deadline deadline)
      : dom(dom), deadline(deadline) {}

  llvm::FailureOr<std::vector<T>> run(const Graph &g, llvm::ArrayRef<T> inputs,
                                      std::string *why);

private:
  /// The values of one graph being executed. Graph inputs are borrowed
  /// (`view` points at the caller's tensors, so a kernel tensor is never
  /// copied just to be tiled); op results live in `owned` and keep their
  /// buffers across iterations and blocks, so the steady state of a block
  /// graph allocates nothing.
  struct Frame {
    const Graph *graph;
    std::vector<const T *> view;
    std::vector<T> owned;
    /// Per ThreadGraph op (by op index): the frame of its thread graph.
    std::vector<std::unique_ptr<Frame>> threadFrames;

    explicit Frame(const Graph &g)
        : graph(&g), view(g.values.size(), nullptr), owned(g.values.size()),
          threadFrames(g.ops.size()) {}
    const T &get(int v) const {
      assert(view[v] && "value used before it is defined");
      return *view[v];
    }
    T &define(int v) {
      view[v] = &owned[v];
      return owned[v];
    }
    const Shape &declared(int v) const { return graph->values[v].shape; }
  };

  void execOp(Frame &f, unsigned opIndex);
  /// Calls `fn` with the two operands of contraction `op` read in the
  /// matmul's input type (Core/Precision.h): rounded copies where a
  /// domain rounds and an operand's stored type is wider; thread values
  /// are registers, read as they are.
  template <typename Fn>
  void withMatmulInputs(Frame &f, const Op &op, Fn &&fn) const {
    const T &a = f.get(op.operands[0]), &b = f.get(op.operands[1]);
    if constexpr (HasRound<Domain>::value) {
      const Graph &g = *f.graph;
      DType ta = g.type(op.operands[0]).dtype,
            tb = g.type(op.operands[1]).dtype;
      DType input = matmulInputType(ta, tb);
      if (g.level != Level::Thread && (ta != input || tb != input)) {
        T ra = a, rb = b;
        dom.round(input, ra.data.data(), ra.data.size());
        dom.round(input, rb.data.data(), rb.data.size());
        return fn(ra, rb);
      }
    }
    fn(a, b);
  }
  void computeOp(Frame &f, unsigned opIndex);
  /// Rounds `t`, stored as value `v` of `g`, to the value's dtype: kernel
  /// and block values live in memory; thread values are registers (f32).
  void roundStored(const Graph &g, int v, T &t) const {
    if constexpr (HasRound<Domain>::value)
      if (g.level != Level::Thread)
        dom.round(g.values[v].dtype, t.data.data(), t.data.size());
  }
  void execKernel(Frame &f, const Op &op);
  void execThreadGraph(Frame &f, unsigned opIndex);
  void execBlockInput(Frame &f, const Op &op,
                      const std::array<int64_t, 3> &block, int64_t iter);
  void execAccum(Frame &f, const Op &op, int64_t iter);
  /// An accumulator that merges split-softmax partials (its second operand
  /// the partials' row maxima c): with m each element's running maximum
  /// (in `runMax`), m' = max(m, c), acc = acc · exp(m − m') + x · exp(c − m').
  void execMergeAccum(Frame &f, const Op &op, int64_t iter,
                      std::vector<E> &runMax);
  /// The exp op `opIndex` of the running-max form: exp(x - m) with m the
  /// running maximum of x per row (updated in `rowMax`), and in `rowScale`
  /// the factor exp(m_old - m_new) that rescales the sums it reaches.
  void execRunningMaxExp(Frame &f, unsigned opIndex, std::vector<E> &rowMax,
                         std::vector<E> &rowScale);
  void execBlockOutput(Frame &f, const Op &op,
                       const std::array<int64_t, 3> &block);

  template <typename F> void binary(const T &a, const T &b, T &out, F fn) const;
  void evalBinary(OpKind k, const T &a, const T &b, T &out) const;
  template <OpKind K> void unaryAs(const T &a, T &out) const;
  void evalUnary(OpKind k, const T &a, T &out) const;
  /// mul_scalar (k = MulScalar) or add_scalar (k = AddScalar) by `c`.
  void evalScalar(OpKind k, const T &a, double c, T &out) const;
  void evalMatmul(const T &a, const T &b, T &out) const;
  void evalReduce(OpKind k, const T &a, int64_t dim,
                  llvm::ArrayRef<int64_t> outShape, T &out) const;
  void evalRepeat(const T &a, llvm::ArrayRef<int64_t> outShape, T &out) const;
  void evalSlice(const T &a, llvm::ArrayRef<int64_t> offsets,
                 llvm::ArrayRef<int64_t> outShape, T &out) const;
  void evalTranspose(const T &a, llvm::ArrayRef<int64_t> perm, T &out) const;
  void evalConcat(llvm::ArrayRef<const T *> ins, int64_t dim,
                  llvm::ArrayRef<int64_t> outShape, T &out) const;
  void evalRmsNorm(const T &x, const T &gain, double eps, T &out) const;
  /// The columns of `x`'s windows; `pad` where a window leaves `x`.
  void evalIm2Col(const T &x, const ConvWindow &w, E pad,
                  llvm::ArrayRef<int64_t> outShape, T &out) const;
  /// conv2d as its fission writes it: im2col, then per image and group a
  /// matmul of the group's filters with its columns.
  void evalConv2d(const T &x, const T &filter, const ConvWindow &w,
                  int64_t groups, llvm::ArrayRef<int64_t> outShape,
                  T &out) const;
  void broadcastTo(const T &a, llvm::ArrayRef<int64_t> shape, T &out) const;

  /// True once the deadline has passed; checked between ops, between
  /// blocks and between the rows of a matmul, so a stop comes within one
  /// row's work. A stopped run's values are incomplete and `run` fails.
  bool timeUp() const {
    if (!stopped && deadline.isSet() && deadline.expired())
      stopped = true;
    return stopped;
  }

  const Domain &dom;
  Deadline deadline;
  mutable bool stopped = false;
};

//===----------------------------------------------------------------------===//
// Kernel level
//===----------------------------------------------------------------------===//

template <typename Domain>
llvm::FailureOr<std::vector<typename Interpreter<Domain>::T>>
Interpreter<Domain>::run(const Graph &program, llvm::ArrayRef<T> inputs,
                         std::string *why) {
  auto fail = [&](std::string msg) -> llvm::FailureOr<std::vector<T>> {
    if (why)
      *why = std::move(msg);
    return llvm::failure();
  };
  if (program.level != Level::Kernel)
    return fail("the evaluator runs kernel-level graphs only");
  if (failed(checkGraphWellFormed(program, why)))
    return llvm::failure();
  // Computing as the kernels do, a softmax split across kernels runs as
  // planned (addSplitSoftmaxMaxima, which a planned program has been
  // through): its producer writes the partials relative to each row's
  // maximum, beside the maxima, and its consumers merge them. The
  // program's values keep their ids.
  std::optional<Graph> emitted;
  if constexpr (HasRound<Domain>::value)
    if (dom.computesAsKernels()) {
      emitted = program;
      if (!addSplitSoftmaxMaxima(*emitted))
        emitted.reset();
    }
  const Graph &g = emitted ? *emitted : program;
  if (inputs.size() != g.inputs.size())
    return fail("graph has " + std::to_string(g.inputs.size()) +
                " inputs but " + std::to_string(inputs.size()) +
                " tensors were given");
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Shape &expected = g.values[g.inputs[i]].shape;
    if (llvm::ArrayRef<int64_t>(inputs[i].shape) !=
        llvm::ArrayRef<int64_t>(expected))
      return fail("input " + std::to_string(i) + " has shape " +
                  formatShape(inputs[i].shape) + " but the graph expects " +
                  formatShape(expected));
    if ((int64_t)inputs[i].data.size() != numElements(expected))
      return fail(
          "input " + std::to_string(i) + " of shape " + formatShape(expected) +
          " holds " + std::to_string(inputs[i].data.size()) +
          " elements instead of " + std::to_string(numElements(expected)));
  }

  Frame f(g);
  for (size_t i = 0; i < inputs.size(); ++i)
    f.view[g.inputs[i]] = &inputs[i];

  // Free intermediate kernel tensors after their last use: a workload's
  // intermediates can be hundreds of MB.
  std::vector<int> lastUse(g.values.size(), -1);
  for (auto [idx, op] : llvm::enumerate(g.ops))
    for (int v : op.operands)
      lastUse[v] = idx;
  for (int v : g.outputs)
    lastUse[v] = g.ops.size();

  for (unsigned idx = 0; idx < g.ops.size(); ++idx) {
    if (timeUp())
      return fail("the time limit ran out during the evaluation");
    execOp(f, idx);
    for (int v : g.ops[idx].operands)
      if (lastUse[v] == (int)idx && f.view[v] == &f.owned[v]) {
        f.owned[v] = T();
        f.view[v] = nullptr;
      }
  }

  if (timeUp())
    return fail("the time limit ran out during the evaluation");
  std::vector<T> results;
  results.reserve(g.outputs.size());
  for (size_t j = 0; j < g.outputs.size(); ++j) {
    int v = g.outputs[j];
    bool later = std::find(g.outputs.begin() + j + 1, g.outputs.end(), v) !=
                 g.outputs.end();
    if (f.view[v] == &f.owned[v] && !later)
      results.push_back(std::move(f.owned[v]));
    else
      results.push_back(f.get(v));
  }
  return results;
}

template <typename Domain>
void Interpreter<Domain>::execOp(Frame &f, unsigned opIndex) {
  computeOp(f, opIndex);
  const Op &op = f.graph->ops[opIndex];
  if (op.kind != OpKind::Kernel && op.kind != OpKind::ThreadGraph)
    roundStored(*f.graph, op.results[0], f.owned[op.results[0]]);
}

template <typename Domain>
void Interpreter<Domain>::computeOp(Frame &f, unsigned opIndex) {
  const Op &op = f.graph->ops[opIndex];
  auto in = [&](unsigned i) -> const T & { return f.get(op.operands[i]); };
  OpKind k = op.kind;
  if (k == OpKind::Kernel)
    return execKernel(f, op);
  if (k == OpKind::ThreadGraph)
    return execThreadGraph(f, opIndex);

  T &out = f.define(op.results[0]);
  const Shape &declared = f.declared(op.results[0]);
  if (isElementwiseBinary(k))
    return evalBinary(k, in(0), in(1), out);
  switch (k) {
  case OpKind::MulScalar:
  case OpKind::AddScalar:
  case OpKind::MaxScalar:
  case OpKind::MinScalar:
    return evalScalar(k, in(0), op.scalar, out);
  case OpKind::Matmul:
    return withMatmulInputs(
        f, op, [&](const T &a, const T &b) { evalMatmul(a, b, out); });
  case OpKind::ReduceSum:
  case OpKind::ReduceMax:
    return evalReduce(k, in(0), op.dim, declared, out);
  case OpKind::Repeat:
    return evalRepeat(in(0), declared, out);
  case OpKind::Reshape:
    out.shape = declared;
    out.data.assign(in(0).data.begin(), in(0).data.end());
    return;
  case OpKind::Transpose:
    return evalTranspose(in(0), op.perm, out);
  case OpKind::Slice:
    return evalSlice(in(0), op.perm, declared, out);
  case OpKind::Concat: {
    llvm::SmallVector<const T *, 4> ins;
    for (int v : op.operands)
      ins.push_back(&f.get(v));
    return evalConcat(ins, op.dim, declared, out);
  }
  case OpKind::RmsNorm:
    return evalRmsNorm(in(0), in(1), op.scalar, out);
  case OpKind::Im2Col:
    return evalIm2Col(in(0), *ConvWindow::decode(op.perm),
                      dom.fromDouble(op.scalar), declared, out);
  case OpKind::Conv2d:
    // As the matmul of its fission reads them.
    return withMatmulInputs(f, op, [&](const T &x, const T &w) {
      evalConv2d(x, w, *ConvWindow::decode(op.perm), op.dim, declared, out);
    });
  case OpKind::BlockInput:
  case OpKind::Accum:
  case OpKind::BlockOutput:
  case OpKind::RunningMax:
    llvm_unreachable("iterators are run by the block-graph driver");
  default:
    assert(isElementwiseUnary(k) && "unhandled op kind");
    return evalUnary(k, in(0), out);
  }
}

//===----------------------------------------------------------------------===//
// Block level
//===----------------------------------------------------------------------===//

template <typename Domain>
void Interpreter<Domain>::execKernel(Frame &f, const Op &op) {
  const Graph &body = *op.body;
  Frame bf(body);
  for (size_t i = 0; i < body.inputs.size(); ++i)
    bf.view[body.inputs[i]] = &f.get(op.operands[i]);

  // Computing as the kernels do, a softmax runs in the running-max form the
  // plan gives it (Core/RunningMax.h), its exp never hoisted: each
  // iteration's exps are of x - m and the sums they reach are rescaled as
  // m grows. Partials written out relative to their rows' maxima (a softmax
  // split across kernels) run in the form only where the maxima are written
  // beside them (bgraph.running_max), for consumers that merge them.
  // Otherwise every exp runs as written, and bgraph.running_max is 0.
  std::optional<RunningMaxForm> form;
  if constexpr (HasRound<Domain>::value)
    if (dom.computesAsKernels())
      form = runningMaxForm(body);
  if (form && form->writtenOut && !writesRowMaxima(body))
    form.reset();
  int formExp = form ? form->expOp : -1;
  std::vector<E> rowMax, rowScale;
  // Accumulators that merge split partials: each element's running maximum.
  llvm::SmallDenseMap<unsigned, std::vector<E>, 2> mergeMax;

  // Which ops run in the loop body and which after it is Mirage Def. 2.1
  // (3); resultStage is its one statement. On top of that, each loop value
  // gets how often it can change: 0 = once per kernel (a tile that is the
  // whole tensor), 1 = once per block, 2 = every iteration. Hoisting the
  // invariant ones is exact, since ops are pure functions of their operands.

  std::vector<Stage> stage(body.values.size(), Stage::Tensor);
  std::vector<uint8_t> variance(body.values.size(), 0);
  std::array<llvm::SmallVector<unsigned, 8>, 3> loopOps;
  llvm::SmallVector<unsigned, 4> accumOps, postOps, outputOps;
  int64_t forloop = body.forloop;
  for (auto [idx, bop] : llvm::enumerate(body.ops)) {
    llvm::SmallVector<Stage, 4> operandStages;
    uint8_t var = 0;
    for (int v : bop.operands) {
      operandStages.push_back(stage[v]);
      var = std::max(var, variance[v]);
    }
    llvm::FailureOr<Stage> s = resultStage(bop.kind, operandStages);
    assert(succeeded(s) && "checked by checkGraphWellFormed");
    if (bop.kind == OpKind::BlockInput) {
      bool perBlock = false;
      for (size_t g = 0; g < body.grid.size(); ++g)
        perBlock |= bop.gridMap[g] != kReplica && body.grid[g] > 1;
      bool perIter = bop.fmap != kReplica && forloop > 1;
      var = perIter ? 2 : perBlock ? 1 : 0;
    } else if (bop.kind == OpKind::Accum) {
      var = 1;
    } else if (static_cast<int>(idx) == formExp) {
      var = 2;
    }
    for (int r : bop.results) {
      stage[r] = *s;
      variance[r] = var;
    }
    switch (bop.kind) {
    case OpKind::Accum:
      accumOps.push_back(idx);
      break;
    case OpKind::BlockOutput:
      outputOps.push_back(idx);
      break;
    default:
      if (*s == Stage::Loop)
        loopOps[var].push_back(idx);
      else
        postOps.push_back(idx);
    }
  }

  // Output savers write into the kernel's result tensors, which every block
  // fills in part.
  for (unsigned idx : outputOps) {
    int r = body.ops[idx].results[0];
    bf.define(r) = T(bf.declared(r), dom.zero());
  }

  auto runLoopOps = [&](int var, const std::array<int64_t, 3> &block,
                        int64_t iter) {
    for (unsigned idx : loopOps[var]) {
      const Op &bop = body.ops[idx];
      if (bop.kind == OpKind::BlockInput)
        execBlockInput(bf, bop, block, iter);
      else if (static_cast<int>(idx) == formExp)
        execRunningMaxExp(bf, idx, rowMax, rowScale);
      else
        execOp(bf, idx);
    }
  };

  std::array<int64_t, 3> extent = {1, 1, 1};
  for (size_t g = 0; g < body.grid.size(); ++g)
    extent[g] = body.grid[g];
  runLoopOps(0, {0, 0, 0}, 0);
  std::array<int64_t, 3> b;
  for (b[2] = 0; b[2] < extent[2]; ++b[2])
    for (b[1] = 0; b[1] < extent[1]; ++b[1])
      for (b[0] = 0; b[0] < extent[0]; ++b[0]) {
        if (timeUp())
          return;
        runLoopOps(1, b, 0);
        if (form)
          rowMax.assign(
              numElements(form->rows),
              dom.fromDouble(-std::numeric_limits<double>::infinity()));
        for (int64_t i = 0; i < forloop; ++i) {
          runLoopOps(2, b, i);
          for (unsigned idx : accumOps) {
            if (form && i > 0 &&
                llvm::is_contained(form->accums, static_cast<int>(idx))) {
              // What the accumulator holds, relative to the old maxima.
              T &acc = bf.owned[body.ops[idx].results[0]];
              int64_t cols = acc.shape.back();
              for (size_t j = 0; j < acc.data.size(); ++j)
                acc.data[j] = dom.mul(acc.data[j], rowScale[j / cols]);
            }
            if (body.ops[idx].operands.size() == 2)
              execMergeAccum(bf, body.ops[idx], i, mergeMax[idx]);
            else
              execAccum(bf, body.ops[idx], i);
          }
        }
        for (unsigned idx : postOps) {
          const Op &post = body.ops[idx];
          if (post.kind != OpKind::RunningMax) {
            execOp(bf, idx);
            continue;
          }
          // Each row's maximum, in every column of the result; 0 where
          // the accumulator is not rescaled (the exp runs as written).
          bool rescaled =
              form && readsRescaledAccumulator(body, form->accums, post);
          T &out = bf.define(post.results[0]);
          out.shape = bf.declared(post.results[0]);
          out.data.resize(numElements(out.shape));
          int64_t cols = out.shape.back();
          for (size_t j = 0; j < out.data.size(); ++j)
            out.data[j] = rescaled ? rowMax[j / cols] : dom.zero();
          roundStored(body, post.results[0], out);
        }
        for (unsigned idx : outputOps)
          execBlockOutput(bf, body.ops[idx], b);
      }

  for (size_t j = 0; j < body.outputs.size(); ++j) {
    int v = body.outputs[j];
    T &res = f.define(op.results[j]);
    auto first = std::find(body.outputs.begin(), body.outputs.end(), v);
    if (first != body.outputs.begin() + j)
      res = f.get(op.results[first - body.outputs.begin()]);
    else
      res = std::move(bf.owned[v]);
  }
}

template <typename Domain>
void Interpreter<Domain>::execBlockInput(Frame &f, const Op &op,
                                         const std::array<int64_t, 3> &block,
                                         int64_t iter) {
  const T &tensor = f.get(op.operands[0]);
  const Graph &g = *f.graph;
  Shape size = tensor.shape;
  Shape offset(size.size(), 0);
  for (size_t gd = 0; gd < g.grid.size(); ++gd) {
    int d = op.gridMap[gd];
    if (d == kReplica)
      continue;
    size[d] /= g.grid[gd];
    offset[d] = block[gd] * size[d];
  }
  if (op.fmap != kReplica) {
    int e = op.fmap;
    size[e] /= g.forloop;
    offset[e] += iter * size[e];
  }
  assert(llvm::ArrayRef<int64_t>(size) ==
             llvm::ArrayRef<int64_t>(f.declared(op.results[0])) &&
         "tile shape differs from the declared one");
  Shape strides = rowMajorStrides(tensor.shape);
  int64_t base = 0;
  for (size_t d = 0; d < strides.size(); ++d)
    base += offset[d] * strides[d];
  T &tile = f.define(op.results[0]);
  tile.shape = size;
  tile.data.resize(numElements(size));
  gatherStrided(tensor.data.data() + base, size, strides, tile.data.data());
}

template <typename Domain>
void Interpreter<Domain>::execAccum(Frame &f, const Op &op, int64_t iter) {
  const T &tile = f.get(op.operands[0]);
  T &acc = f.define(op.results[0]);
  if (op.fmap != kReplica) {
    // Concatenation: iteration i's tile lands at i * |tile[d]| along d.
    if (iter == 0) {
      acc.shape = f.declared(op.results[0]);
      acc.data.resize(numElements(acc.shape));
    }
    Shape offsets(tile.shape.size(), 0);
    offsets[op.fmap] = iter * tile.shape[op.fmap];
    insertTile(tile, offsets, acc);
    return;
  }
  // The first iteration's tile is the initial value, so no identity element
  // is needed (max has none in a finite field).
  if (iter == 0) {
    acc.shape = tile.shape;
    acc.data.assign(tile.data.begin(), tile.data.end());
  } else {
    E *a = acc.data.data();
    const E *t = tile.data.data();
    size_t n = acc.data.size();
    if (op.accum == AccumKind::Sum)
      for (size_t j = 0; j < n; ++j)
        a[j] = dom.add(a[j], t[j]);
    else
      for (size_t j = 0; j < n; ++j)
        a[j] = dom.max(a[j], t[j]);
  }
  // The running value is stored in the accumulator's tile after every step.
  roundStored(*f.graph, op.results[0], acc);
}

template <typename Domain>
void Interpreter<Domain>::execMergeAccum(Frame &f, const Op &op, int64_t iter,
                                         std::vector<E> &runMax) {
  {
    const T &tile = f.get(op.operands[0]), &maxima = f.get(op.operands[1]);
    T &acc = f.define(op.results[0]);
    // One maximum per row for every `group` columns (addSplitSoftmaxMaxima).
    int64_t cols = tile.shape.back(), mcols = maxima.shape.back();
    int64_t group = cols / mcols;
    auto maximumAt = [&](size_t j) {
      return maxima.data[(j / cols) * mcols + (j % cols) / group];
    };
    // exp(0) = 1 and max(c, c) = c, exactly in every domain: partials
    // written as the program states them (maxima 0) are summed as they are
    // (and -inf maxima, rows that saw no finite value, never meet an
    // exp(-inf + inf)).
    auto factor = [&](E from, E to) {
      return from == to ? dom.one() : dom.unary(OpKind::Exp, dom.sub(from, to));
    };
    auto maxOf = [&](E a, E b) { return a == b ? a : dom.max(a, b); };
    size_t n = tile.data.size();
    if (iter == 0) {
      acc.shape = tile.shape;
      acc.data.assign(tile.data.begin(), tile.data.end());
      runMax.resize(n);
      for (size_t j = 0; j < n; ++j)
        runMax[j] = maximumAt(j);
    } else {
      for (size_t j = 0; j < n; ++j) {
        E c = maximumAt(j), next = maxOf(runMax[j], c);
        acc.data[j] = dom.add(dom.mul(acc.data[j], factor(runMax[j], next)),
                              dom.mul(tile.data[j], factor(c, next)));
        runMax[j] = next;
      }
    }
    roundStored(*f.graph, op.results[0], acc);
  }
}

template <typename Domain>
void Interpreter<Domain>::execRunningMaxExp(Frame &f, unsigned opIndex,
                                            std::vector<E> &rowMax,
                                            std::vector<E> &rowScale) {
  if constexpr (!HasRound<Domain>::value) {
    llvm_unreachable("a domain that computes as the kernels do has round");
  } else {
    const Op &op = f.graph->ops[opIndex];
    const Shape &shape = f.declared(op.results[0]);
    // The exp's argument x: the exp op's operand, or the value a thread graph
    // takes the exp of (in registers, as the lowering computes it).
    T arg;
    if (op.kind == OpKind::Exp) {
      arg = f.get(op.operands[0]);
    } else {
      execThreadGraph(f, opIndex);
      const Graph &tg = *op.body;
      const Op &exp = *llvm::find_if(tg.ops, [&](const Op &t) {
        return t.kind == OpKind::Exp && t.results[0] == tg.outputs[0];
      });
      broadcastTo(f.threadFrames[opIndex]->get(exp.operands[0]), shape, arg);
    }
    int64_t cols = shape.back(), rows = numElements(shape) / cols;
    rowScale.resize(rows);
    const E negInf = dom.fromDouble(-std::numeric_limits<double>::infinity());
    for (int64_t r = 0; r < rows; ++r) {
      E tileMax = negInf;
      for (int64_t c = 0; c < cols; ++c)
        tileMax = dom.max(tileMax, arg.data[r * cols + c]);
      E next = dom.max(rowMax[r], tileMax);
      // 1 while the row is all -inf.
      rowScale[r] = next == negInf
                        ? dom.one()
                        : dom.unary(OpKind::Exp, dom.sub(rowMax[r], next));
      rowMax[r] = next;
    }
    T &out = f.define(op.results[0]);
    out.shape = shape;
    out.data.resize(arg.data.size());
    for (size_t j = 0; j < out.data.size(); ++j)
      out.data[j] =
          dom.unary(OpKind::Exp, dom.sub(arg.data[j], rowMax[j / cols]));
    roundStored(*f.graph, op.results[0], out);
  }
}

template <typename Domain>
void Interpreter<Domain>::execBlockOutput(Frame &f, const Op &op,
                                          const std::array<int64_t, 3> &block) {
  const T &tile = f.get(op.operands[0]);
  T &dst = f.owned[op.results[0]];
  const Graph &g = *f.graph;
  Shape offsets(tile.shape.size(), 0);
  for (size_t gd = 0; gd < g.grid.size(); ++gd)
    if (op.gridMap[gd] != kReplica)
      offsets[op.gridMap[gd]] = block[gd] * tile.shape[op.gridMap[gd]];
  // The tile is converted to the result tensor's dtype as it is written.
  if (g.type(op.results[0]).dtype != g.type(op.operands[0]).dtype) {
    T stored = tile;
    roundStored(g, op.results[0], stored);
    insertTile(stored, offsets, dst);
    return;
  }
  insertTile(tile, offsets, dst);
}

//===----------------------------------------------------------------------===//
// Thread level
//===----------------------------------------------------------------------===//

template <typename Domain>
void Interpreter<Domain>::execThreadGraph(Frame &f, unsigned opIndex) {
  const Op &op = f.graph->ops[opIndex];
  const Graph &tg = *op.body;
  std::unique_ptr<Frame> &sub = f.threadFrames[opIndex];
  if (!sub)
    sub = std::make_unique<Frame>(tg);
  for (size_t i = 0; i < tg.inputs.size(); ++i)
    sub->view[tg.inputs[i]] = &f.get(op.operands[i]);
  // Element-wise ops commute with broadcasting, so running the scalar graph
  // over whole (unbroadcast) tiles with numpy broadcasting and broadcasting
  // each result at the end equals applying it element by element to the
  // broadcast operands. The element-wise evaluators take their result shape
  // from the operands, which is why the scalar types are never consulted.
  for (unsigned idx = 0; idx < tg.ops.size(); ++idx)
    execOp(*sub, idx);
  for (size_t r = 0; r < tg.outputs.size(); ++r) {
    broadcastTo(sub->get(tg.outputs[r]), f.declared(op.results[r]),
                f.define(op.results[r]));
    roundStored(*f.graph, op.results[r], f.owned[op.results[r]]);
  }
}

//===----------------------------------------------------------------------===//
// Op semantics
//===----------------------------------------------------------------------===//

template <typename Domain>
template <typename F>
void Interpreter<Domain>::binary(const T &a, const T &b, T &out, F fn) const {
  llvm::FailureOr<Shape> shape = broadcastShape(a.shape, b.shape);
  assert(succeeded(shape) && "checked by checkGraphWellFormed");
  out.shape = *shape;
  out.data.resize(numElements(out.shape));
  E *o = out.data.data();
  const E *pa = a.data.data(), *pb = b.data.data();
  if (a.shape == b.shape) {
    for (size_t j = 0, n = out.data.size(); j < n; ++j)
      o[j] = fn(pa[j], pb[j]);
    return;
  }
  Shape sa = broadcastStrides(a.shape, out.shape);
  Shape sb = broadcastStrides(b.shape, out.shape);
  Shape so = rowMajorStrides(out.shape);
  int64_t len = innerExtent(out.shape);
  int64_t ia = innerStride(sa), ib = innerStride(sb);
  forEachRow<3>(out.shape, {sa, sb, so},
                [&](const std::array<int64_t, 3> &off) {
                  const E *ra = pa + off[0], *rb = pb + off[1];
                  E *ro = o + off[2];
                  if (ia && ib) {
                    for (int64_t j = 0; j < len; ++j)
                      ro[j] = fn(ra[j], rb[j]);
                  } else if (ia) {
                    E y = rb[0];
                    for (int64_t j = 0; j < len; ++j)
                      ro[j] = fn(ra[j], y);
                  } else if (ib) {
                    E x = ra[0];
                    for (int64_t j = 0; j < len; ++j)
                      ro[j] = fn(x, rb[j]);
                  } else {
                    std::fill(ro, ro + len, fn(ra[0], rb[0]));
                  }
                });
}

template <typename Domain>
void Interpreter<Domain>::evalBinary(OpKind k, const T &a, const T &b,
                                     T &out) const {
  const Domain &d = dom;
  switch (k) {
  case OpKind::Add:
    return binary(a, b, out, [&d](E x, E y) { return d.add(x, y); });
  case OpKind::Sub:
    return binary(a, b, out, [&d](E x, E y) { return d.sub(x, y); });
  case OpKind::Mul:
    return binary(a, b, out, [&d](E x, E y) { return d.mul(x, y); });
  case OpKind::Div:
    return binary(a, b, out, [&d](E x, E y) { return d.div(x, y); });
  default:
    llvm_unreachable("not an element-wise binary op");
  }
}

template <typename Domain>
template <OpKind K>
void Interpreter<Domain>::unaryAs(const T &a, T &out) const {
  // K is a constant here, so the domain's switch folds away once inlined.
  out.shape = a.shape;
  out.data.resize(a.data.size());
  const E *p = a.data.data();
  E *o = out.data.data();
  for (size_t j = 0, n = a.data.size(); j < n; ++j)
    o[j] = dom.unary(K, p[j]);
}

template <typename Domain>
void Interpreter<Domain>::evalUnary(OpKind k, const T &a, T &out) const {
  switch (k) {
  case OpKind::Exp:
    return unaryAs<OpKind::Exp>(a, out);
  case OpKind::Square:
    return unaryAs<OpKind::Square>(a, out);
  case OpKind::Sqrt:
    return unaryAs<OpKind::Sqrt>(a, out);
  case OpKind::Rsqrt:
    return unaryAs<OpKind::Rsqrt>(a, out);
  case OpKind::Silu:
    return unaryAs<OpKind::Silu>(a, out);
  case OpKind::Gelu:
    return unaryAs<OpKind::Gelu>(a, out);
  case OpKind::Relu:
    return unaryAs<OpKind::Relu>(a, out);
  case OpKind::Sigmoid:
    return unaryAs<OpKind::Sigmoid>(a, out);
  case OpKind::Tanh:
    return unaryAs<OpKind::Tanh>(a, out);
  case OpKind::Neg:
    return unaryAs<OpKind::Neg>(a, out);
  default:
    llvm_unreachable("not an element-wise unary op");
  }
}

template <typename Domain>
void Interpreter<Domain>::evalScalar(OpKind k, const T &a, double c,
                                     T &out) const {
  E e = dom.fromDouble(c);
  out.shape = a.shape;
  out.data.resize(a.data.size());
  const E *p = a.data.data();
  E *o = out.data.data();
  size_t n = a.data.size();
  switch (k) {
  case OpKind::AddScalar:
    for (size_t j = 0; j < n; ++j)
      o[j] = dom.add(p[j], e);
    return;
  case OpKind::MulScalar:
    for (size_t j = 0; j < n; ++j)
      o[j] = dom.mul(p[j], e);
    return;
  case OpKind::MaxScalar:
    for (size_t j = 0; j < n; ++j)
      o[j] = dom.max(p[j], e);
    return;
  case OpKind::MinScalar: {
    // min(x, c) = -max(-x, -c): exact in floats, and the field has one max.
    E zero = dom.zero(), negC = dom.sub(zero, e);
    for (size_t j = 0; j < n; ++j)
      o[j] = dom.sub(zero, dom.max(dom.sub(zero, p[j]), negC));
    return;
  }
  default:
    llvm_unreachable("not an op with a constant");
  }
}

template <typename Domain>
void Interpreter<Domain>::evalMatmul(const T &a, const T &b, T &out) const {
  size_t r = a.shape.size();
  int64_t m = a.shape[r - 2], k = a.shape[r - 1], n = b.shape[r - 1];
  int64_t batch = numElements(llvm::ArrayRef<int64_t>(a.shape).drop_back(2));
  out.shape = a.shape;
  out.shape[r - 1] = n;
  out.data.resize(batch * m * n);
  E zero = dom.zero();
  if constexpr (HasDot<Domain>::value) {
    // The domain sums products faster than add(mul) chains (the field
    // domain reduces once per several products), so form each C element as
    // one dot product of a row of A and a row of B transposed.
    std::vector<E> bt(k * n);
    for (int64_t t = 0; t < batch && !timeUp(); ++t) {
      const E *pa = a.data.data() + t * m * k;
      const E *pb = b.data.data() + t * k * n;
      E *pc = out.data.data() + t * m * n;
      for (int64_t kk = 0; kk < k; ++kk)
        for (int64_t j = 0; j < n; ++j)
          bt[j * k + kk] = pb[kk * n + j];
      for (int64_t i = 0; i < m && !timeUp(); ++i)
        for (int64_t j = 0; j < n; ++j)
          pc[i * n + j] = dom.dot(pa + i * k, bt.data() + j * k, k);
    }
    return;
  }
  // i-k-j order: the inner loop streams a row of B into a row of C, both
  // contiguous, and the sum over k is formed in order k = 0, 1, ...
  for (int64_t bt = 0; bt < batch; ++bt) {
    const E *pa = a.data.data() + bt * m * k;
    const E *pb = b.data.data() + bt * k * n;
    E *pc = out.data.data() + bt * m * n;
    for (int64_t i = 0; i < m && !timeUp(); ++i) {
      E *crow = pc + i * n;
      std::fill(crow, crow + n, zero);
      for (int64_t kk = 0; kk < k; ++kk) {
        E av = pa[i * k + kk];
        const E *brow = pb + kk * n;
        for (int64_t j = 0; j < n; ++j)
          crow[j] = dom.add(crow[j], dom.mul(av, brow[j]));
      }
    }
  }
}

template <typename Domain>
void Interpreter<Domain>::evalReduce(OpKind k, const T &a, int64_t dim,
                                     llvm::ArrayRef<int64_t> outShape,
                                     T &out) const {
  llvm::ArrayRef<int64_t> in = a.shape;
  int64_t outer = numElements(in.take_front(dim));
  int64_t inner = numElements(in.drop_front(dim + 1));
  int64_t n = in[dim], m = outShape[dim], group = n / m;
  out.shape.assign(outShape.begin(), outShape.end());
  out.data.resize(outer * m * inner);
  auto reduce = [&](auto combine) {
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t j = 0; j < m; ++j) {
        const E *src = a.data.data() + (o * n + j * group) * inner;
        E *dst = out.data.data() + (o * m + j) * inner;
        // Start from the group's first element: max has no identity in a
        // finite field, and the float sum is the same.
        std::copy(src, src + inner, dst);
        for (int64_t t = 1; t < group; ++t) {
          src += inner;
          for (int64_t x = 0; x < inner; ++x)
            dst[x] = combine(dst[x], src[x]);
        }
      }
  };
  const Domain &d = dom;
  if (k == OpKind::ReduceSum)
    reduce([&d](E x, E y) { return d.add(x, y); });
  else
    reduce([&d](E x, E y) { return d.max(x, y); });
}

template <typename Domain>
void Interpreter<Domain>::evalRepeat(const T &a,
                                     llvm::ArrayRef<int64_t> outShape,
                                     T &out) const {
  // numpy.tile as a strided gather: view result dim d of size R·n as the
  // pair (R, n) and read the operand with stride 0 along R.
  Shape strides = rowMajorStrides(a.shape);
  Shape viewShape, viewStrides;
  for (size_t d = 0; d < a.shape.size(); ++d) {
    viewShape.push_back(outShape[d] / a.shape[d]);
    viewStrides.push_back(0);
    viewShape.push_back(a.shape[d]);
    viewStrides.push_back(strides[d]);
  }
  out.shape.assign(outShape.begin(), outShape.end());
  out.data.resize(numElements(outShape));
  gatherStrided(a.data.data(), viewShape, viewStrides, out.data.data());
}

template <typename Domain>
void Interpreter<Domain>::evalSlice(const T &a,
                                    llvm::ArrayRef<int64_t> offsets,
                                    llvm::ArrayRef<int64_t> outShape,
                                    T &out) const {
  // A strided gather from the box's first element.
  Shape strides = rowMajorStrides(a.shape);
  int64_t base = 0;
  for (size_t d = 0; d < offsets.size(); ++d)
    base += offsets[d] * strides[d];
  out.shape.assign(outShape.begin(), outShape.end());
  out.data.resize(numElements(outShape));
  gatherStrided(a.data.data() + base, outShape, strides, out.data.data());
}

template <typename Domain>
void Interpreter<Domain>::evalTranspose(const T &a,
                                        llvm::ArrayRef<int64_t> perm,
                                        T &out) const {
  Shape strides = rowMajorStrides(a.shape);
  Shape outShape, outStrides;
  for (int64_t p : perm) {
    outShape.push_back(a.shape[p]);
    outStrides.push_back(strides[p]);
  }
  out.shape.assign(outShape.begin(), outShape.end());
  out.data.resize(a.data.size());
  gatherStrided(a.data.data(), outShape, outStrides, out.data.data());
}

template <typename Domain>
void Interpreter<Domain>::evalConcat(llvm::ArrayRef<const T *> ins, int64_t dim,
                                     llvm::ArrayRef<int64_t> outShape,
                                     T &out) const {
  out.shape.assign(outShape.begin(), outShape.end());
  out.data.resize(numElements(outShape));
  Shape offsets(outShape.size(), 0);
  for (const T *t : ins) {
    insertTile(*t, offsets, out);
    offsets[dim] += t->shape[dim];
  }
}

template <typename Domain>
void Interpreter<Domain>::evalIm2Col(const T &x, const ConvWindow &w, E pad,
                                     llvm::ArrayRef<int64_t> outShape,
                                     T &out) const {
  int64_t n = x.shape[0], c = x.shape[1], h = x.shape[2], wd = x.shape[3];
  int64_t kh = w.kernel[0], kw = w.kernel[1];
  int64_t oh = w.outputExtent(0, h), ow = w.outputExtent(1, wd);
  out.shape.assign(outShape.begin(), outShape.end());
  out.data.assign(numElements(outShape), pad);
  E *dst = out.data.data();
  for (int64_t b = 0; b < n && !timeUp(); ++b)
    for (int64_t ch = 0; ch < c; ++ch) {
      const E *img = x.data.data() + (b * c + ch) * h * wd;
      for (int64_t i = 0; i < kh; ++i)
        for (int64_t j = 0; j < kw; ++j, dst += oh * ow)
          for (int64_t y = 0; y < oh; ++y) {
            int64_t iy = y * w.stride[0] - w.padLow[0] + i * w.dilation[0];
            if (iy < 0 || iy >= h)
              continue;
            for (int64_t xo = 0; xo < ow; ++xo) {
              int64_t ix = xo * w.stride[1] - w.padLow[1] + j * w.dilation[1];
              if (ix >= 0 && ix < wd)
                dst[y * ow + xo] = img[iy * wd + ix];
            }
          }
    }
}

template <typename Domain>
void Interpreter<Domain>::evalConv2d(const T &x, const T &filter,
                                     const ConvWindow &w, int64_t groups,
                                     llvm::ArrayRef<int64_t> outShape,
                                     T &out) const {
  int64_t n = x.shape[0], f = filter.shape[0];
  int64_t k = filter.shape[1] * filter.shape[2] * filter.shape[3];
  T cols;
  evalIm2Col(x, w, dom.zero(), *im2colShape(x.shape, w), cols);
  int64_t positions = cols.shape[2];
  // (N·groups, F/groups, K) x (N·groups, K, OH·OW): the filters once per
  // image, the columns of each group as they lie.
  T a, b;
  a.shape = {n * groups, f / groups, k};
  a.data.reserve(n * filter.data.size());
  for (int64_t i = 0; i < n; ++i)
    a.data.insert(a.data.end(), filter.data.begin(), filter.data.end());
  b.shape = {n * groups, k, positions};
  b.data = std::move(cols.data);
  evalMatmul(a, b, out);
  out.shape.assign(outShape.begin(), outShape.end());
}

template <typename Domain>
void Interpreter<Domain>::evalRmsNorm(const T &x, const T &gain, double eps,
                                      T &out) const {
  // Y[..., j] = X[..., j] * G[j] / sqrt(mean_j X[..., j]^2 + eps), in domain
  // operations only so that every number system gives it the same meaning.
  int64_t n = x.shape.back();
  int64_t rows = x.data.size() / n;
  E invN = dom.fromDouble(1.0 / n);
  E epsilon = dom.fromDouble(eps);
  out.shape = x.shape;
  out.data.resize(x.data.size());
  const E *g = gain.data.data();
  for (int64_t row = 0; row < rows; ++row) {
    const E *px = x.data.data() + row * n;
    E *po = out.data.data() + row * n;
    E sumSq = dom.zero();
    for (int64_t j = 0; j < n; ++j)
      sumSq = dom.add(sumSq, dom.mul(px[j], px[j]));
    E denom = dom.unary(OpKind::Sqrt, dom.add(dom.mul(sumSq, invN), epsilon));
    for (int64_t j = 0; j < n; ++j)
      po[j] = dom.div(dom.mul(px[j], g[j]), denom);
  }
}

template <typename Domain>
void Interpreter<Domain>::broadcastTo(const T &a, llvm::ArrayRef<int64_t> shape,
                                      T &out) const {
  out.shape.assign(shape.begin(), shape.end());
  out.data.resize(numElements(shape));
  if (llvm::ArrayRef<int64_t>(a.shape) == shape) {
    std::copy(a.data.begin(), a.data.end(), out.data.begin());
    return;
  }
  gatherStrided(a.data.data(), shape, broadcastStrides(a.shape, shape),
                out.data.data());
}

} // namespace detail

template <typename Domain>
llvm::FailureOr<std::vector<Tensor<typename Domain::Elem>>>
Evaluator<Domain>::run(const Graph &g, llvm::ArrayRef<Tensor<Elem>> inputs,
                       std::string *why) const {
  // Scalar constants must be finite (a field domain has no NaN or inf; the
  // dialect verifiers reject them, graphs built in C++ or Python may not).
  std::function<bool(const Graph &)> finite = [&](const Graph &x) {
    for (const Op &op : x.ops)
      if (!std::isfinite(op.scalar) || (op.body && !finite(*op.body)))
        return false;
    return true;
  };
  if (!finite(g)) {
    if (why)
      *why = "a scalar constant (mul_scalar factor or rms_norm epsilon) is "
             "not finite";
    return llvm::failure();
  }
  // Every tensor of the run is sized by the graph: checked before any is
  // allocated.
  if (failed(checkMemoryNeeds(g, sizeof(Elem), evaluationMemoryLimit(), why)) ||
      failed(checkWorkNeeds(g, evaluationWorkLimit(), why)))
    return llvm::failure();
  detail::Interpreter<Domain> interpreter(dom, deadline);
  return interpreter.run(g, inputs, why);
}

} // namespace tsopt

#endif // TSOPT_LIB_EVAL_EVALUATORIMPL_H
