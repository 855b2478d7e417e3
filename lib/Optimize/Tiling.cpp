//===- Tiling.cpp - Grid and for-loop extents by the cost model -----------===//
//
// The search finds structures at representative extents; the cost model
// then chooses every kernel's extents (see docs/search.md, "Pipeline").
//
//===----------------------------------------------------------------------===//

#include "tsopt/Optimize/Tiling.h"
#include "tsopt/Core/ShapeRules.h"
#include "tsopt/Optimize/CostModel.h"

#include "llvm/ADT/STLExtras.h"

#include <limits>
#include <memory>

using namespace tsopt;

/// True if the outputs of `g` have the program's shapes.
static bool sameOutputShapes(const Graph &g, const Graph &program) {
  if (g.outputs.size() != program.outputs.size())
    return false;
  for (size_t i = 0; i < g.outputs.size(); ++i)
    if (g.type(g.outputs[i]).shape != program.type(program.outputs[i]).shape)
      return false;
  return true;
}

Graph tsopt::tileExtents(const Graph &g, const Graph &program,
                         llvm::ArrayRef<int64_t> gridExtents,
                         llvm::ArrayRef<int64_t> forloopExtents,
                         const TargetDesc &target, double &bestCost,
                         const Deadline &stop) {
  bestCost = estimatedUs(g, target);
  Graph cur = g;
  for (size_t i = 0; i < cur.ops.size(); ++i) {
    if (cur.ops[i].kind != OpKind::Kernel)
      continue;
    const Graph &body = *cur.ops[i].body;
    // Later kernels reading this one's results with a for-loop.
    llvm::SmallVector<size_t, 2> dependents;
    for (size_t j = i + 1; j < cur.ops.size(); ++j) {
      const tsopt::Op &later = cur.ops[j];
      if (later.kind != OpKind::Kernel || later.body->forloop == 1)
        continue;
      if (llvm::any_of(later.operands, [&](int v) {
            return llvm::is_contained(cur.ops[i].results, v);
          }))
        dependents.push_back(j);
    }
    // Only extents that divide every input extent they slice.
    auto dividing = [&](llvm::ArrayRef<int64_t> extents, int gridDim) {
      llvm::SmallVector<int64_t, 8> out;
      int64_t current = gridDim >= 0 ? body.grid[gridDim] : body.forloop;
      for (int64_t e : extents) {
        bool ok = true;
        for (const tsopt::Op &op : body.ops) {
          if (op.kind != OpKind::BlockInput)
            continue;
          int d = gridDim >= 0 ? op.gridMap[gridDim] : op.fmap;
          if (d != kReplica && body.type(op.operands[0]).shape[d] % e != 0)
            ok = false;
        }
        if (ok)
          out.push_back(e);
      }
      if (!llvm::is_contained(out, current))
        out.push_back(current); // the extent the search used
      return out;
    };
    std::vector<llvm::SmallVector<int64_t, 8>> choices;
    for (auto [d, e] : llvm::enumerate(body.grid))
      choices.push_back(e == 1 ? llvm::SmallVector<int64_t, 8>{1}
                               : dividing(gridExtents, d));
    choices.push_back(body.forloop == 1 ? llvm::SmallVector<int64_t, 8>{1}
                                        : dividing(forloopExtents, -1));
    for (size_t j = 0; j < dependents.size(); ++j)
      choices.push_back(llvm::SmallVector<int64_t, 8>(forloopExtents));
    std::vector<size_t> idx(choices.size(), 0);
    Graph bestHere = cur;
    double bestHereCost = bestCost;
    while (!stop.expired()) {
      // A sliced dim stays sliced (extent >= 2): the structure is fixed.
      bool usable = true;
      for (size_t d = 0; d < choices.size(); ++d)
        if (choices[d].size() > 1 && choices[d][idx[d]] < 2)
          usable = false;
      if (usable) {
        Graph candidate = cur;
        auto trial = std::make_shared<Graph>(body);
        for (size_t d = 0; d < body.grid.size(); ++d)
          trial->grid[d] = choices[d][idx[d]];
        trial->forloop = choices[body.grid.size()][idx[body.grid.size()]];
        candidate.ops[i].body = trial;
        for (auto [n, j] : llvm::enumerate(dependents)) {
          auto dep = std::make_shared<Graph>(*candidate.ops[j].body);
          size_t slot = body.grid.size() + 1 + n;
          dep->forloop = choices[slot][idx[slot]];
          candidate.ops[j].body = dep;
        }
        if (succeeded(reinferShapes(candidate)) &&
            sameOutputShapes(candidate, program)) {
          auto cost = estimateCost(candidate, target);
          if (succeeded(cost) && cost->fits && cost->totalUs < bestHereCost) {
            bestHereCost = cost->totalUs;
            bestHere = std::move(candidate);
          }
        }
      }
      size_t d = 0;
      while (d < idx.size() && ++idx[d] == choices[d].size())
        idx[d++] = 0;
      if (d == idx.size())
        break;
    }
    cur = std::move(bestHere);
    bestCost = bestHereCost;
  }
  return cur;
}
