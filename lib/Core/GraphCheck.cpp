//===- GraphCheck.cpp - Well-formedness of core graphs --------------------===//
//
// Everything the evaluator, the verifier and the cost model index or rely on
// in a core graph, checked once: a graph built by the importer always passes;
// one read back from a file (a result cache, a checkpoint, a pickle) or built
// by an embedder may not, and must get a message instead of a crash.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Core/GraphCheck.h"
#include "tsopt/Core/ShapeRules.h"
#include "tsopt/Core/Target.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

#include <cstdint>

using namespace tsopt;
using llvm::ArrayRef;
using llvm::failure;
using llvm::LogicalResult;
using llvm::success;

namespace {

/// Walks a graph and its nested bodies once. Every message names the op (by
/// index and kind) and, for nested graphs, the op that holds the body, so a
/// failure can be found in a printed µGraph.
class GraphChecker {
public:
  explicit GraphChecker(std::string *why) : why(why) {}

  LogicalResult check(const Graph &g, Level level, const std::string &where);

private:
  LogicalResult fail(const std::string &where, const llvm::Twine &msg) {
    if (why)
      *why = (where + msg).str();
    return failure();
  }
  /// Forwards a ShapeRules message, prefixed with the location.
  LogicalResult failRule(const std::string &where, const std::string &rule) {
    return fail(where, rule);
  }
  LogicalResult checkOp(const Graph &g, const Op &op, const std::string &at);
  LogicalResult checkKernel(const Graph &g, const Op &op,
                            const std::string &at);
  LogicalResult checkThreadGraph(const Graph &g, const Op &op,
                                 const std::string &at);
  LogicalResult expectShape(ArrayRef<int64_t> expected, ArrayRef<int64_t> got,
                            const std::string &at) {
    if (expected == got)
      return success();
    return fail(at, "result has shape " + formatShape(got) + ", expected " +
                        formatShape(expected));
  }

  std::string *why;
  std::string rule;
};

bool allowedAt(OpKind k, Level level) {
  switch (k) {
  case OpKind::Kernel:
    return level == Level::Kernel;
  case OpKind::BlockInput:
  case OpKind::Accum:
  case OpKind::BlockOutput:
  case OpKind::ThreadGraph:
  case OpKind::RunningMax:
    return level == Level::Block;
  default:
    return level != Level::Thread || isElementwiseBinary(k) ||
           isElementwiseUnary(k);
  }
}

} // namespace

LogicalResult GraphChecker::check(const Graph &g, Level level,
                                  const std::string &where) {
  if (g.level != level)
    return fail(where, llvm::Twine("expected a ") + levelName(level) +
                           "-level graph, got a " + levelName(g.level) +
                           "-level one");
  int64_t n = g.values.size();
  for (int64_t v = 0; v < n; ++v) {
    const TensorType &t = g.values[v];
    if (static_cast<unsigned>(t.dtype) > static_cast<unsigned>(DType::F32))
      return fail(where, "value " + llvm::Twine(v) + " has an unknown dtype");
    for (int64_t d : t.shape)
      if (d < 1)
        return fail(where, "value " + llvm::Twine(v) + " has shape " +
                               formatShape(t.shape) +
                               "; dims must be positive");
    std::optional<int64_t> count = checkedNumElements(t.shape);
    if (!count || *count > INT64_MAX / dtypeBytes(t.dtype))
      return fail(where, "value " + llvm::Twine(v) + " has shape " +
                             formatShape(t.shape) +
                             ", more elements or bytes than 64 bits count");
  }
  if (level == Level::Block && failed(checkLaunch(g.grid, g.forloop, &rule)))
    return failRule(where, rule);

  std::vector<bool> defined(n, false);
  std::vector<Stage> stage(n, Stage::Tensor);
  for (int v : g.inputs) {
    if (v < 0 || v >= n || defined[v])
      return fail(where, "graph input " + llvm::Twine(v) +
                             " is out of range or listed twice");
    defined[v] = true;
    if (level == Level::Thread && !g.values[v].shape.empty())
      return fail(where, "thread graph input " + llvm::Twine(v) +
                             " must be a scalar, got " +
                             formatShape(g.values[v].shape));
  }

  for (auto [idx, op] : llvm::enumerate(g.ops)) {
    std::string at = where + "op #" + std::to_string(idx) + " (" +
                     stringifyOpKind(op.kind).str() + "): ";
    if (!allowedAt(op.kind, level))
      return fail(at, llvm::Twine("not allowed in a ") + levelName(level) +
                          "-level graph");
    for (int v : op.operands)
      if (v < 0 || v >= n || !defined[v])
        return fail(at, "operand value " + llvm::Twine(v) +
                            " is out of range or not yet defined");
    for (int v : op.results) {
      if (v < 0 || v >= n || defined[v])
        return fail(at, "result value " + llvm::Twine(v) +
                            " is out of range or already defined");
      defined[v] = true;
      if (level == Level::Thread && !g.values[v].shape.empty())
        return fail(at, "thread graph values must be scalars, got " +
                            formatShape(g.values[v].shape));
    }
    if (failed(checkOp(g, op, at)))
      return failure();
    if (level == Level::Block) {
      llvm::SmallVector<Stage, 4> operandStages;
      for (int v : op.operands)
        operandStages.push_back(stage[v]);
      llvm::FailureOr<Stage> s = resultStage(op.kind, operandStages, &rule);
      if (failed(s))
        return failRule(at, rule);
      for (int v : op.results)
        stage[v] = *s;
    }
  }

  for (int v : g.outputs) {
    if (v < 0 || v >= n || !defined[v])
      return fail(where, "graph output " + llvm::Twine(v) +
                             " is out of range or never defined");
    if (level == Level::Block && stage[v] != Stage::Saved)
      return fail(where, "block graph output " + llvm::Twine(v) +
                             " is not the result of an output saver");
  }
  return success();
}

LogicalResult GraphChecker::checkOp(const Graph &g, const Op &op,
                                    const std::string &at) {
  auto arity = [&](size_t operands, size_t results) -> LogicalResult {
    if (op.operands.size() == operands && op.results.size() == results)
      return success();
    return fail(at, "expected " + llvm::Twine(operands) + " operands and " +
                        llvm::Twine(results) + " result(s), got " +
                        llvm::Twine(op.operands.size()) + " and " +
                        llvm::Twine(op.results.size()));
  };
  auto shapeOf = [&](int v) -> ArrayRef<int64_t> { return g.values[v].shape; };
  // Thread-level values are scalars standing for elements; their shapes say
  // nothing about broadcasting, which the enclosing ThreadGraph op checks.
  bool thread = g.level == Level::Thread;
  OpKind k = op.kind;

  if (isElementwiseBinary(k)) {
    if (failed(arity(2, 1)))
      return failure();
    if (thread)
      return success();
    llvm::FailureOr<Shape> s =
        broadcastShape(shapeOf(op.operands[0]), shapeOf(op.operands[1]), &rule);
    if (failed(s))
      return failRule(at, rule);
    return expectShape(*s, shapeOf(op.results[0]), at);
  }
  if (isElementwiseUnary(k)) {
    if (failed(arity(1, 1)))
      return failure();
    if (thread)
      return success();
    return expectShape(shapeOf(op.operands[0]), shapeOf(op.results[0]), at);
  }

  switch (k) {
  case OpKind::Matmul: {
    if (failed(arity(2, 1)))
      return failure();
    llvm::FailureOr<Shape> s =
        matmulShape(shapeOf(op.operands[0]), shapeOf(op.operands[1]), &rule);
    if (failed(s))
      return failRule(at, rule);
    return expectShape(*s, shapeOf(op.results[0]), at);
  }
  case OpKind::ReduceSum:
  case OpKind::ReduceMax:
    if (failed(arity(1, 1)))
      return failure();
    if (failed(checkReduce(shapeOf(op.operands[0]), op.dim,
                           shapeOf(op.results[0]), &rule)))
      return failRule(at, rule);
    return success();
  case OpKind::Repeat:
    if (failed(arity(1, 1)))
      return failure();
    if (failed(checkRepeat(shapeOf(op.operands[0]), shapeOf(op.results[0]),
                           &rule)))
      return failRule(at, rule);
    return success();
  case OpKind::Reshape:
    if (failed(arity(1, 1)))
      return failure();
    if (failed(checkReshape(shapeOf(op.operands[0]), shapeOf(op.results[0]),
                            &rule)))
      return failRule(at, rule);
    return success();
  case OpKind::Slice:
    if (failed(arity(1, 1)))
      return failure();
    if (failed(checkSlice(shapeOf(op.operands[0]), op.perm,
                          shapeOf(op.results[0]), &rule)))
      return failRule(at, rule);
    return success();
  case OpKind::Transpose: {
    if (failed(arity(1, 1)))
      return failure();
    llvm::FailureOr<Shape> s =
        transposeShape(shapeOf(op.operands[0]), op.perm, &rule);
    if (failed(s))
      return failRule(at, rule);
    return expectShape(*s, shapeOf(op.results[0]), at);
  }
  case OpKind::Concat: {
    if (op.operands.empty() || op.results.size() != 1)
      return fail(at, "expected at least one operand and one result");
    llvm::SmallVector<Shape, 4> ins;
    for (int v : op.operands)
      ins.push_back(g.values[v].shape);
    llvm::FailureOr<Shape> s = concatShape(ins, op.dim, &rule);
    if (failed(s))
      return failRule(at, rule);
    return expectShape(*s, shapeOf(op.results[0]), at);
  }
  case OpKind::RmsNorm: {
    if (failed(arity(2, 1)))
      return failure();
    llvm::FailureOr<Shape> s =
        rmsNormShape(shapeOf(op.operands[0]), shapeOf(op.operands[1]), &rule);
    if (failed(s))
      return failRule(at, rule);
    return expectShape(*s, shapeOf(op.results[0]), at);
  }
  case OpKind::Im2Col:
  case OpKind::Conv2d: {
    bool conv = op.kind == OpKind::Conv2d;
    if (failed(arity(conv ? 2 : 1, 1)))
      return failure();
    std::optional<ConvWindow> w = ConvWindow::decode(op.perm);
    if (!w)
      return fail(at, "expected a window of ten entries");
    llvm::FailureOr<Shape> s =
        conv ? conv2dShape(shapeOf(op.operands[0]), shapeOf(op.operands[1]), *w,
                           op.dim, &rule)
             : im2colShape(shapeOf(op.operands[0]), *w, &rule);
    if (failed(s))
      return failRule(at, rule);
    return expectShape(*s, shapeOf(op.results[0]), at);
  }
  case OpKind::Kernel:
    return checkKernel(g, op, at);
  case OpKind::ThreadGraph:
    return checkThreadGraph(g, op, at);
  case OpKind::BlockInput: {
    if (failed(arity(1, 1)))
      return failure();
    ArrayRef<int> imap = ArrayRef<int>(op.gridMap).take_front(g.grid.size());
    llvm::FailureOr<Shape> s = inputTileShape(shapeOf(op.operands[0]), g.grid,
                                              g.forloop, imap, op.fmap, &rule);
    if (failed(s))
      return failRule(at, rule);
    return expectShape(*s, shapeOf(op.results[0]), at);
  }
  case OpKind::Accum: {
    // A sum may merge partials kept relative to row maxima (its second
    // operand, as a split softmax's combining kernel reads them).
    bool merges = op.operands.size() == 2;
    if (failed(arity(merges ? 2 : 1, 1)))
      return failure();
    if (merges && (op.accum != AccumKind::Sum || op.fmap != kReplica))
      return fail(at, "only a sum accumulator merges partials relative to "
                      "row maxima");
    if (merges && failed(checkRowMaxima(shapeOf(op.operands[0]),
                                        shapeOf(op.operands[1]), &rule)))
      return failRule(at, rule);
    llvm::FailureOr<Shape> s =
        accumShape(shapeOf(op.operands[0]), g.forloop, op.fmap, &rule);
    if (failed(s))
      return failRule(at, rule);
    return expectShape(*s, shapeOf(op.results[0]), at);
  }
  case OpKind::RunningMax: {
    if (failed(arity(1, 1)))
      return failure();
    auto def = llvm::find_if(g.ops, [&](const Op &o) {
      return llvm::is_contained(o.results, op.operands[0]);
    });
    const Op *acc = def == g.ops.end() ? nullptr : &*def;
    if (!acc || acc->kind != OpKind::Accum || acc->accum != AccumKind::Sum ||
        acc->fmap != kReplica || acc->operands.size() != 1)
      return fail(at, "reads a sum accumulator's rows; its operand is not one");
    if (failed(checkRowMaxima(shapeOf(op.operands[0]), shapeOf(op.results[0]),
                              &rule)))
      return failRule(at, rule);
    return success();
  }
  case OpKind::BlockOutput: {
    if (failed(arity(1, 1)))
      return failure();
    ArrayRef<int> omap = ArrayRef<int>(op.gridMap).take_front(g.grid.size());
    llvm::FailureOr<Shape> s =
        outputTensorShape(shapeOf(op.operands[0]), g.grid, omap, &rule);
    if (failed(s))
      return failRule(at, rule);
    return expectShape(*s, shapeOf(op.results[0]), at);
  }
  default:
    return fail(at, "unknown op kind");
  }
}

LogicalResult GraphChecker::checkKernel(const Graph &g, const Op &op,
                                        const std::string &at) {
  if (!op.body)
    return fail(at, "has no block graph");
  const Graph &body = *op.body;
  if (body.inputs.size() != op.operands.size())
    return fail(at, "block graph has " + llvm::Twine(body.inputs.size()) +
                        " inputs for " + llvm::Twine(op.operands.size()) +
                        " operands");
  if (body.outputs.size() != op.results.size())
    return fail(at, "block graph has " + llvm::Twine(body.outputs.size()) +
                        " outputs for " + llvm::Twine(op.results.size()) +
                        " results");
  if (failed(check(body, Level::Block, at + "in its block graph: ")))
    return failure();
  for (size_t i = 0; i < op.operands.size(); ++i)
    if (body.values[body.inputs[i]].shape != g.values[op.operands[i]].shape)
      return fail(at, "operand " + llvm::Twine(i) + " has shape " +
                          formatShape(g.values[op.operands[i]].shape) +
                          " but block graph input " + llvm::Twine(i) +
                          " has shape " +
                          formatShape(body.values[body.inputs[i]].shape));
  for (size_t j = 0; j < op.results.size(); ++j)
    if (body.values[body.outputs[j]].shape != g.values[op.results[j]].shape)
      return fail(at, "result " + llvm::Twine(j) + " has shape " +
                          formatShape(g.values[op.results[j]].shape) +
                          " but block graph output " + llvm::Twine(j) +
                          " has shape " +
                          formatShape(body.values[body.outputs[j]].shape));
  return success();
}

LogicalResult GraphChecker::checkThreadGraph(const Graph &g, const Op &op,
                                             const std::string &at) {
  if (!op.body)
    return fail(at, "has no thread graph");
  const Graph &body = *op.body;
  if (op.operands.empty())
    return fail(at, "needs at least one operand");
  if (body.inputs.size() != op.operands.size())
    return fail(at, "thread graph has " + llvm::Twine(body.inputs.size()) +
                        " inputs for " + llvm::Twine(op.operands.size()) +
                        " operands");
  if (body.outputs.size() != op.results.size())
    return fail(at, "thread graph has " + llvm::Twine(body.outputs.size()) +
                        " outputs for " + llvm::Twine(op.results.size()) +
                        " results");
  if (failed(check(body, Level::Thread, at + "in its thread graph: ")))
    return failure();
  Shape common = g.values[op.operands[0]].shape;
  for (size_t i = 1; i < op.operands.size(); ++i) {
    llvm::FailureOr<Shape> s =
        broadcastShape(common, g.values[op.operands[i]].shape, &rule);
    if (failed(s))
      return failRule(at, rule);
    common = *s;
  }
  for (int v : op.results)
    if (failed(expectShape(common, g.values[v].shape, at)))
      return failure();
  return success();
}

LogicalResult tsopt::checkGraphWellFormed(const Graph &g, std::string *why) {
  return GraphChecker(why).check(g, Level::Kernel, "");
}
