//===- ImportGraph.h - The linalg importer's expression graph ---*- C++ -*-===//
//
// Internal to convert-linalg-to-kgraph: the expression graph a function of
// linalg on tensors is imported into (LinalgToKGraph.cpp), raised
// (Raising.cpp) and emitted as kgraph ops.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_LIB_CONVERSION_LINALGTOKGRAPH_IMPORTGRAPH_H
#define TSOPT_LIB_CONVERSION_LINALGTOKGRAPH_IMPORTGRAPH_H

#include "tsopt/Core/Graph.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <vector>

namespace tsopt::linalg_import {

// Internal to the importer's two files: MLIR names unqualified, as in them.
using namespace mlir;

/// The dtype and shape of a ranked tensor type.
DType dtypeOf(Type t);
Shape shapeOf(Type t);
/// The value of a scalar constant, if `v` is one (through casts).
std::optional<double> constantOf(Value v);

/// A node of the imported expression graph: a kgraph op, or one of the
/// element-wise forms raising looks for: a scalar add (absorbed into silu or
/// an rms_norm's epsilon, else kgraph.add_scalar), a reciprocal and erf
/// (kgraph has neither: raising must absorb them before emission); or a
/// splat constant tensor (`scalar` everywhere, as JAX materializes a
/// broadcast scalar), which element-wise payloads read as a scalar
/// constant and nothing else may read.
enum class Form : uint8_t { Op, AddScalar, Reciprocal, Erf, Constant };

struct Node {
  Form form = Form::Op;
  OpKind kind = OpKind::Add;
  llvm::SmallVector<int, 2> operands;
  Shape shape;
  DType dtype = DType::F32;
  double scalar = 0;
  int64_t dim = 0;
  llvm::SmallVector<int64_t, 4> perm;
  /// Index of the function argument (-1: computed).
  int argument = -1;
  /// Where it came from; set whenever a node is added (null until then).
  LocationAttr loc;
  /// An im2col of a pad with -inf (max pooling's padding): its `scalar` is
  /// the dtype's lowest finite value, which only a max reads as -inf.
  bool negInfPad = false;
};

/// A value that is not a tensor of the program: a splat fill (the init of
/// a contraction or reduction) or an uninitialized tensor.
struct Init {
  std::optional<double> fill;
};

class Importer {
public:
  explicit Importer(func::FuncOp func) : func(func) {}

  LogicalResult run();
  /// Stores the value of `node` in `dtype`, narrower than f32: what an
  /// export's truncf of it says. The op that computes it stores it so; an
  /// argument wider than `dtype` is rounded by an exact ×1 stored in
  /// `dtype`, whose node is returned (else `node`).
  int narrow(int node, DType dtype);

private:
  LogicalResult importOp(Operation *op);
  LogicalResult importGeneric(linalg::GenericOp op);
  LogicalResult importReduce(linalg::ReduceOp op);
  LogicalResult importContraction(Operation *op, Value a, Value b,
                                  Value init);
  /// The named 2-d convolutions (Convolution.cpp).
  LogicalResult importConvolution(linalg::LinalgOp op);
  /// 2-d sum and max pooling: the window's elements (im2col) reduced.
  LogicalResult importPooling(linalg::LinalgOp op);
  /// A constant pad of up to two dims: im2col with a 1x1 window and the
  /// pad value; -inf as the dtype's lowest finite value, for a max pooling
  /// to fold (an error anywhere else, see emit).
  LogicalResult importPad(tensor::PadOp op);
  /// The images a pad (importPad) of `x` reads, its padding added to `w`'s,
  /// when its value is `padValue` (a convolution's and a sum's: zero) or,
  /// with `underMax`, -inf; `x` itself when it is no such pad.
  int foldPad(int x, ConvWindow &w, bool underMax);
  /// `x` padded with `padValue` (`padLow`, `padHigh`) and strided
  /// (`strides`, a dim's rows 0, s, 2s, ...) in up to two dims: a 1x1
  /// im2col between transposes and reshapes. Fails, at `op`, for more dims.
  FailureOr<int> unitWindow(int x, ArrayRef<int64_t> padLow,
                            ArrayRef<int64_t> padHigh,
                            ArrayRef<int64_t> strides, Operation *op,
                            double padValue = 0);
  /// `value` (the result of `op`) accumulated into `init`: itself when
  /// `init` is a fill of zero, else the sum.
  FailureOr<int> accumulate(Operation *op, int value, Value init);
  /// A reduction generic that is a contraction (einsum: acc + a·b over one
  /// reduced loop, inputs read through projections) as a matmul with
  /// transposes and reshapes around it, in the iteration space with the
  /// reduced loop as a unit dim; std::nullopt when it is not one.
  std::optional<int> raiseContraction(linalg::GenericOp op, int64_t reduced,
                                      unsigned result);

  /// The node of tensor `v`; fails with an error at `user`.
  FailureOr<int> nodeOf(Value v, Operation *user);
  int add(Node n);
  int addOp(OpKind kind, llvm::ArrayRef<int> operands, const Shape &shape,
            DType dtype, Location loc, double scalar = 0, int64_t dim = 0);
  int reshape(int x, const Shape &shape, Location loc);
  int transpose(int x, llvm::ArrayRef<int64_t> perm, Location loc);
  int im2col(int x, const ConvWindow &w, Location loc, double padValue = 0);

  /// Brings input `x`, read through `map` (results: dims of the iteration
  /// space, or a constant 0 on a unit dim), to the iteration space of
  /// `domain` (transposed, unit dims inserted; broadcasting does the rest).
  FailureOr<int> toDomain(int x, AffineMap map, llvm::ArrayRef<int64_t> domain,
                          Operation *op);
  /// The element-wise payload of a linalg region over `domain`: `args` are
  /// the nodes of the block arguments (-1: the accumulator, which only the
  /// reduction combiner may read). Returns the node of yielded value
  /// `yieldIndex`; the ops it does not depend on are not imported.
  /// Block arguments that stand for splat constant tensors, while a
  /// payload is imported.
  llvm::DenseMap<Value, double> argConstants;
  FailureOr<int> importPayload(Block &block, llvm::ArrayRef<int> args,
                               const Shape &domain, DType dtype,
                               Operation *op, int accumulatorArg,
                               OpKind *combiner, unsigned yieldIndex = 0);

  void raise();
  /// `v` without reshapes that only add or drop unit dims.
  int strip(int v) const;
  std::vector<int> useCounts() const;
  FailureOr<Graph> emit();

  func::FuncOp func;
  std::vector<Node> nodes;
  llvm::DenseMap<Value, int> values;
  llvm::DenseMap<Value, Init> inits;
  std::vector<int> outputs;
};

} // namespace tsopt::linalg_import

#endif // TSOPT_LIB_CONVERSION_LINALGTOKGRAPH_IMPORTGRAPH_H
