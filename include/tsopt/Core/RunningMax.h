//===- RunningMax.h - The running-max form of a softmax ---------*- C++ -*-===//
//
// A softmax inside one kernel (DESIGN §5) is computed as FlashAttention
// computes it: each iteration takes exp(x - m), m the running maximum of x
// per row, and rescales the sums it reaches by exp(m_old - m_new), so that no
// exp exceeds 1. Whether an exp runs in this form is a decision of the
// kernel plan (Op::expForm, bgraph.exp_form); this header says where the
// form applies and which exp a block graph computes in it. The lowering
// emits it, the cost model prices it and the evaluator, computing as the
// kernels do, runs it.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_CORE_RUNNINGMAX_H
#define TSOPT_CORE_RUNNINGMAX_H

#include "tsopt/Core/Graph.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace tsopt {

/// Whether block-graph op `op` produces an exp: an exp op, or a thread
/// graph with one output that is an exp. These ops carry Op::expForm.
bool producesExp(const Op &op);

/// The running-max form of exp op `expOp` of a block graph: the exp runs in
/// the for-loop body, its values reach sum accumulators only through
/// row-preserving linear ops (a matmul with the exp on the left, a sum over
/// the last dim), and after the loop the accumulators only meet as
/// quotients of each other (the rescaling cancels) or, the producing half
/// of a softmax split across kernels, are only written out (beside their
/// rows' maxima, bgraph.running_max, once the split is planned).
struct RunningMaxForm {
  int expOp = -1;
  /// The accumulators to rescale.
  llvm::SmallVector<int, 2> accums;
  /// The row shape: the exp's shape without its last dim.
  Shape rows;
  /// Whether the accumulators are written out (relative to each row's
  /// maximum, which their consumers need to merge them) rather than divided.
  bool writtenOut = false;
};

/// The running-max form of op `op` of `blockGraph`, or nullopt where it
/// does not apply.
std::optional<RunningMaxForm> runningMaxFormAt(const Graph &blockGraph, int op);

/// The exp `blockGraph` computes in the running-max form: the one its plan
/// records (ExpForm::RunningMax), if it fits; in a block graph that records
/// none, the default choice, the first exp not recorded literal whose
/// accumulators are divided (written-out partials need consumers that
/// merge them, which only the program shows: planSplitSoftmaxForms records
/// those). At most one exp per block graph runs in the form.
std::optional<RunningMaxForm> runningMaxForm(const Graph &blockGraph);

/// Whether bgraph.running_max `op` of `blockGraph` reads one of the
/// accumulators `accums` of a running-max form, whose rows are kept
/// relative to the exp's running maximum; any other sum accumulator's rows
/// are kept relative to 0, and so are its maxima.
bool readsRescaledAccumulator(const Graph &blockGraph,
                              llvm::ArrayRef<int> accums, const Op &op);

/// Plans the producers of the softmaxes of kernel graph `program` split
/// across kernels (FlashDecoding) in the running-max form: every
/// graph-defined kernel with an exp not planned literal that fits the form
/// with accumulators that are only written out (runningMaxFormAt), and
/// whose consumers can merge the partials (every use a graph-defined kernel
/// whose iterator feeds the tile unchanged to a sum accumulator, the merged
/// accumulators meeting only as quotients), gets that exp recorded
/// ExpForm::RunningMax. Idempotent.
void planSplitSoftmaxForms(Graph &program);

/// The split softmaxes of kernel graph `program` made mergeable as the
/// kernels compute them, in the program itself (tsopt-plan-kernels runs
/// this first; the cost model and the evaluator computing as the kernels do
/// run it on an unplanned program, to see the kernels as they would be
/// planned). After planSplitSoftmaxForms, every producer whose exp runs in
/// the written-out running-max form, whose consumers can merge its
/// partials and which has no bgraph.running_max yet gets, per partial, a
/// bgraph.running_max of the partial's accumulator (the row maxima its
/// rows are kept relative to) written by a saver into a new kernel result
/// (f32); each consumer reads it with the partial's maps and gives it to
/// the partial's accumulator as its second operand, which merges each
/// partial rescaled to a running maximum. Returns whether it added any.
bool addSplitSoftmaxMaxima(Graph &program);

/// Whether `blockGraph` writes out the row maxima its partials are kept
/// relative to (it has a bgraph.running_max): without them, partials
/// written in the running-max form cannot be merged, so the evaluator runs
/// such a body's exps as written and the lowering refuses it.
bool writesRowMaxima(const Graph &blockGraph);

} // namespace tsopt

#endif // TSOPT_CORE_RUNNINGMAX_H
