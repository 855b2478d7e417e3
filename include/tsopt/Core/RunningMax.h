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
/// of a softmax split across kernels, are only written out.
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
/// kernels compute them: after planSplitSoftmaxForms, every producer whose
/// exp runs in the written-out running-max form and whose consumers can
/// merge its partials gets a second output saver per partial writing each row's
/// maximum (f32) into a new kernel result (its tile a slice of the
/// accumulator's first columns, which the kernels fill with the maximum:
/// isRowMaximaSlice); each consumer reads it with the partial's maps as its
/// accumulator's second operand, which merges each partial rescaled to a
/// running maximum. The lowering, the cost model and the evaluator (computing
/// as the kernels do) run the program this returns. Returns, per producer (op
/// index), those output savers (op indices in its block graph).
llvm::DenseMap<int, llvm::SmallVector<int, 2>>
addSplitSoftmaxMaxima(Graph &program);

/// Whether op `op` of `blockGraph`, planned in the written-out running-max
/// form with accumulators `accums`, is the slice addSplitSoftmaxMaxima adds
/// for a row-maxima saver: a slice of one of those accumulators that only
/// savers read. The saver writes each row's maximum in its place, so the
/// kernels compute nothing for it.
bool isRowMaximaSlice(const Graph &blockGraph, llvm::ArrayRef<int> accums,
                      int op);

} // namespace tsopt

#endif // TSOPT_CORE_RUNNINGMAX_H
