//===- Partition.cpp - Splitting programs for the search
//-------------------===//

#include "tsopt/Transforms/Partition.h"

#include "tsopt/Verify/Lax.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

using namespace tsopt;

Subprogram tsopt::extractPart(const Graph &program,
                              const std::vector<unsigned> &partOf,
                              unsigned part) {
  Subprogram sub;
  sub.graph.level = Level::Kernel;
  llvm::DenseMap<int, int> local; // program value -> part value
  std::vector<int> producer = producers(program);
  for (auto [i, op] : llvm::enumerate(program.ops)) {
    if (partOf[i] != part)
      continue;
    tsopt::Op copy = op;
    for (int &o : copy.operands) {
      auto it = local.find(o);
      if (it == local.end()) {
        it = local.insert({o, sub.graph.addInput(program.type(o))}).first;
        sub.inputs.push_back(o);
      }
      o = it->second;
    }
    llvm::SmallVector<tsopt::TensorType, 1> types;
    for (int r : op.results)
      types.push_back(program.type(r));
    int first = sub.graph.addOp(copy, types);
    for (auto [k, r] : llvm::enumerate(op.results))
      local[r] = first + k;
  }
  // Outputs: values of this part read by another part or by the program.
  for (int v = 0; v < static_cast<int>(program.values.size()); ++v) {
    if (producer[v] < 0 || partOf[producer[v]] != part)
      continue;
    bool needed = llvm::is_contained(program.outputs, v);
    for (auto [i, op] : llvm::enumerate(program.ops))
      if (partOf[i] != part && llvm::is_contained(op.operands, v))
        needed = true;
    if (needed) {
      sub.outputs.push_back(v);
      sub.graph.outputs.push_back(local[v]);
    }
  }
  return sub;
}

std::vector<unsigned> tsopt::partitionLax(const Graph &program,
                                          unsigned maxOps) {
  std::vector<unsigned> partOf(program.ops.size(), 0);
  unsigned part = 0, size = 0;
  for (size_t i = 0; i < program.ops.size(); ++i) {
    bool open = size > 0 && size >= std::max(1u, maxOps);
    if (size > 0 && !open) {
      // Would the part with this op still be in LAX? Every value the part
      // produces counts as an output, so that no path is missed.
      partOf[i] = part;
      std::vector<unsigned> trial(partOf.begin(), partOf.begin() + i + 1);
      trial.resize(program.ops.size(), part + 1);
      Subprogram sub = extractPart(program, trial, part);
      sub.graph.outputs.clear();
      for (int v = sub.graph.inputs.size();
           v < static_cast<int>(sub.graph.values.size()); ++v)
        sub.graph.outputs.push_back(v);
      open = analyzeLax(sub.graph).violation.has_value();
    }
    if (open) {
      ++part;
      size = 0;
    }
    partOf[i] = part;
    ++size;
  }
  return partOf;
}
