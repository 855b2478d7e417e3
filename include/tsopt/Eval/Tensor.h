//===- Tensor.h - Dense row-major tensors of domain elements ----*- C++ -*-===//
//
// The value type of the evaluator: a logical, row-major, static-shaped tensor
// whose elements belong to some number system (floats, finite-field pairs).
// Layouts are not semantics (DESIGN §2), so there is exactly one layout here.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_EVAL_TENSOR_H
#define TSOPT_EVAL_TENSOR_H

#include "tsopt/Core/Graph.h"

#include "llvm/ADT/ArrayRef.h"

#include <cassert>
#include <cstdint>
#include <utility>
#include <vector>

namespace tsopt {

/// Row-major strides (in elements) of `shape`: the last dim has stride 1.
inline Shape rowMajorStrides(llvm::ArrayRef<int64_t> shape) {
  Shape strides(shape.size(), 1);
  for (size_t i = shape.size(); i > 1; --i)
    strides[i - 2] = strides[i - 1] * shape[i - 1];
  return strides;
}

/// Row-major linear offset of the multi-index `index` into `shape`.
inline int64_t linearOffset(llvm::ArrayRef<int64_t> shape,
                            llvm::ArrayRef<int64_t> index) {
  assert(shape.size() == index.size() && "index rank mismatch");
  int64_t offset = 0;
  for (size_t i = 0; i < shape.size(); ++i) {
    assert(index[i] >= 0 && index[i] < shape[i] && "index out of bounds");
    offset = offset * shape[i] + index[i];
  }
  return offset;
}

/// A dense row-major tensor; `data` holds numElements(shape) elements (one
/// for a rank-0 scalar).
template <typename E> struct Tensor {
  Shape shape;
  std::vector<E> data;

  Tensor() = default;
  /// A tensor of `shape` with every element equal to `fill`.
  Tensor(Shape shape, const E &fill)
      : shape(std::move(shape)), data(tsopt::numElements(this->shape), fill) {}
  /// A tensor of `shape` holding `data` in row-major order.
  Tensor(Shape shape, std::vector<E> data)
      : shape(std::move(shape)), data(std::move(data)) {
    assert((int64_t)this->data.size() == tsopt::numElements(this->shape) &&
           "element count does not match the shape");
  }

  int64_t rank() const { return shape.size(); }
  int64_t numElements() const { return tsopt::numElements(shape); }
  /// Row-major strides of this tensor's shape.
  Shape strides() const { return rowMajorStrides(shape); }

  /// Element at a multi-index (bounds checked in debug builds only).
  E &at(llvm::ArrayRef<int64_t> index) {
    return data[linearOffset(shape, index)];
  }
  const E &at(llvm::ArrayRef<int64_t> index) const {
    return data[linearOffset(shape, index)];
  }
};

} // namespace tsopt

#endif // TSOPT_EVAL_TENSOR_H
