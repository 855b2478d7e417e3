//===- GraphCompare.cpp - Structural equality of µGraphs ------------------===//

#include "tsopt/Core/GraphCompare.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace tsopt;

namespace {
template <typename Range> std::string list(const Range &r) {
  return "[" +
         llvm::join(llvm::map_range(
                        r, [](const auto &x) { return std::to_string(x); }),
                    ", ") +
         "]";
}

/// Compares recursively; `where` names the enclosing ops from the inside
/// out ("in the body of op #1").
bool equalGraphs(const Graph &a, const Graph &b, const std::string &where,
                 std::string *why) {
  auto differ = [&](const std::string &what) {
    if (why)
      *why = what + where;
    return false;
  };
  if (a.level != b.level)
    return differ("levels differ");
  if (a.grid != b.grid || a.forloop != b.forloop)
    return differ("launches differ: grid " + list(a.grid) + " forloop " +
                  std::to_string(a.forloop) + " vs grid " + list(b.grid) +
                  " forloop " + std::to_string(b.forloop));
  if (a.values.size() != b.values.size())
    return differ("value counts differ: " + std::to_string(a.values.size()) +
                  " vs " + std::to_string(b.values.size()));
  for (size_t v = 0; v < a.values.size(); ++v) {
    const TensorType &x = a.values[v], &y = b.values[v];
    if (x.shape != y.shape || x.dtype != y.dtype)
      return differ("value " + std::to_string(v) + " has type " +
                    formatShape(x.shape) + "x" + stringifyDType(x.dtype).str() +
                    " vs " + formatShape(y.shape) + "x" +
                    stringifyDType(y.dtype).str());
  }
  if (a.inputs != b.inputs)
    return differ("inputs differ: " + list(a.inputs) + " vs " + list(b.inputs));
  if (a.outputs != b.outputs)
    return differ("outputs differ: " + list(a.outputs) + " vs " +
                  list(b.outputs));
  if (a.ops.size() != b.ops.size())
    return differ("op counts differ: " + std::to_string(a.ops.size()) + " vs " +
                  std::to_string(b.ops.size()));
  for (size_t i = 0; i < a.ops.size(); ++i) {
    const Op &x = a.ops[i], &y = b.ops[i];
    std::string op =
        "op #" + std::to_string(i) + " (" + stringifyOpKind(x.kind).str() + ")";
    if (x.kind != y.kind)
      return differ(op + " vs " + stringifyOpKind(y.kind).str());
    if (x.operands != y.operands)
      return differ(op + ": operands " + list(x.operands) + " vs " +
                    list(y.operands));
    if (x.results != y.results)
      return differ(op + ": results " + list(x.results) + " vs " +
                    list(y.results));
    if (x.dim != y.dim)
      return differ(op + ": dim " + std::to_string(x.dim) + " vs " +
                    std::to_string(y.dim));
    // Exact: the IR stores the scalar as an f64 attribute, which round-trips.
    if (x.scalar != y.scalar)
      return differ(op + ": scalar " + std::to_string(x.scalar) + " vs " +
                    std::to_string(y.scalar));
    if (x.perm != y.perm)
      return differ(op + ": perm " + list(x.perm) + " vs " + list(y.perm));
    if (x.gridMap != y.gridMap)
      return differ(op + ": grid map " + list(x.gridMap) + " vs " +
                    list(y.gridMap));
    if (x.fmap != y.fmap)
      return differ(op + ": fmap " + std::to_string(x.fmap) + " vs " +
                    std::to_string(y.fmap));
    if (x.accum != y.accum)
      return differ(op + ": accumulator kinds differ");
    if (bool(x.body) != bool(y.body))
      return differ(op + ": only one has a body");
    if (x.body &&
        !equalGraphs(*x.body, *y.body, " in the body of " + op + where, why))
      return false;
  }
  return true;
}
} // namespace

bool tsopt::structurallyEqual(const Graph &a, const Graph &b,
                              std::string *why) {
  return equalGraphs(a, b, "", why);
}
