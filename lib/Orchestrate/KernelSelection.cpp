//===- KernelSelection.cpp - The cheapest cover, solved by CBC ------------===//

#include "tsopt/Orchestrate/KernelSelection.h"
#include "tsopt/Support/Format.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <Cbc_C_Interface.h>

#include <cfloat>
#include <chrono>
#include <cmath>
#include <memory>

using namespace tsopt;

namespace {

/// Orders `chosen` greedily; `blocked` gets the kernels left when no other
/// can run, each with one value it reads that nothing before writes.
std::vector<unsigned>
orderGreedily(const CoverProblem &p, llvm::ArrayRef<unsigned> chosen,
              std::vector<std::pair<unsigned, int>> &blocked) {
  llvm::DenseSet<int> available(p.inputs.begin(), p.inputs.end());
  std::vector<unsigned> order, left(chosen.begin(), chosen.end());
  bool progress = true;
  while (!left.empty() && progress) {
    progress = false;
    for (auto it = left.begin(); it != left.end();) {
      const KernelChoice &k = p.kernels[*it];
      if (llvm::all_of(k.reads, [&](int v) { return available.contains(v); })) {
        available.insert(k.writes.begin(), k.writes.end());
        order.push_back(*it);
        it = left.erase(it);
        progress = true;
      } else {
        ++it;
      }
    }
  }
  for (unsigned k : left)
    for (int v : p.kernels[k].reads)
      if (!available.contains(v)) {
        blocked.push_back({k, v});
        break;
      }
  return order;
}

/// One row of the program: Σ coef · u ≥ lower (or ≤ upper).
struct Row {
  std::vector<std::pair<int, double>> terms;
  double lower = -INFINITY, upper = INFINITY;
};

struct CbcModelDeleter {
  void operator()(Cbc_Model *m) const { Cbc_deleteModel(m); }
};

} // namespace

std::optional<std::vector<unsigned>>
tsopt::orderKernels(const CoverProblem &problem,
                    llvm::ArrayRef<unsigned> chosen) {
  std::vector<std::pair<unsigned, int>> blocked;
  std::vector<unsigned> order = orderGreedily(problem, chosen, blocked);
  if (!blocked.empty())
    return std::nullopt;
  return order;
}

llvm::FailureOr<CoverSolution>
tsopt::solveCover(const CoverProblem &problem, const CoverOptions &options,
                  std::string *why) {
  auto start = std::chrono::steady_clock::now();
  auto fail = [&](const std::string &msg) -> llvm::FailureOr<CoverSolution> {
    if (why)
      *why = msg;
    return llvm::failure();
  };
  size_t n = problem.kernels.size();
  llvm::DenseSet<int> inputs(problem.inputs.begin(), problem.inputs.end());
  llvm::DenseMap<int, std::vector<int>> writers;
  for (auto [k, kernel] : llvm::enumerate(problem.kernels))
    for (int v : kernel.writes)
      writers[v].push_back(k);

  // Columns: u_k for each kernel (binary), then w_v for each value some
  // kernel reads or the program returns (in [0, 1]: whether it is in
  // memory). Rows: w_v ≤ Σ_{j writes v} u_j, u_k ≤ w_v for each value k
  // reads, w_o ≥ 1 for each output (a bound). The same LP as the rows
  // u_k ≤ Σ_j u_j, with a matrix linear in the candidates' interfaces
  // instead of their product.
  llvm::DenseMap<int, int> valueColumn;
  std::vector<int> valueOf;
  auto columnOf = [&](int v) {
    auto [it, inserted] = valueColumn.insert({v, static_cast<int>(n + valueOf.size())});
    if (inserted)
      valueOf.push_back(v);
    return it->second;
  };
  std::vector<Row> rows;
  std::vector<double> upper(n, 1.0), lowerBound(n, 0.0);
  for (int o : problem.outputs) {
    if (inputs.contains(o))
      continue;
    if (!writers.count(o))
      return fail("no candidate kernel writes output value " +
                  std::to_string(o));
    columnOf(o);
  }
  for (auto [k, kernel] : llvm::enumerate(problem.kernels))
    for (int v : kernel.reads) {
      if (inputs.contains(v))
        continue;
      if (!writers.count(v)) {
        upper[k] = 0; // it can never run
        continue;
      }
      Row r;
      r.upper = 0;
      r.terms = {{static_cast<int>(k), 1.0}, {columnOf(v), -1.0}};
      rows.push_back(std::move(r));
    }
  for (int v : valueOf) {
    Row r;
    r.lower = 0;
    for (int j : writers[v])
      r.terms.push_back({j, 1.0});
    r.terms.push_back({valueColumn[v], -1.0});
    rows.push_back(std::move(r));
  }
  size_t numColumns = n + valueOf.size();
  upper.resize(numColumns, 1.0);
  lowerBound.resize(numColumns, 0.0);
  for (int o : problem.outputs)
    if (valueColumn.count(o))
      lowerBound[valueColumn[o]] = 1.0;
  for (const std::vector<unsigned> &group : problem.atLeastOne) {
    Row r;
    r.lower = 1;
    for (unsigned k : group)
      r.terms.push_back({static_cast<int>(k), 1.0});
    rows.push_back(std::move(r));
  }

  CoverSolution sol;
  sol.columns = n;
  for (unsigned round = 0;; ++round) {
    // Column-major matrix for Cbc_loadProblem.
    std::vector<std::vector<std::pair<int, double>>> cols(numColumns);
    for (auto [r, row] : llvm::enumerate(rows))
      for (auto [k, c] : row.terms)
        cols[k].push_back({static_cast<int>(r), c});
    std::vector<CoinBigIndex> colStart{0};
    std::vector<int> index;
    std::vector<double> value, obj(numColumns, 0.0), rowLower, rowUpper;
    for (size_t k = 0; k < numColumns; ++k) {
      for (auto [r, c] : cols[k]) {
        index.push_back(r);
        value.push_back(c);
      }
      colStart.push_back(index.size());
      if (k < n)
        obj[k] = problem.kernels[k].cost;
    }
    for (const Row &r : rows) {
      rowLower.push_back(std::isinf(r.lower) ? -DBL_MAX : r.lower);
      rowUpper.push_back(std::isinf(r.upper) ? DBL_MAX : r.upper);
    }
    std::unique_ptr<Cbc_Model, CbcModelDeleter> model(Cbc_newModel());
    Cbc_loadProblem(model.get(), numColumns, rows.size(), colStart.data(),
                    index.data(), value.data(), lowerBound.data(),
                    upper.data(), obj.data(), rowLower.data(),
                    rowUpper.data());
    for (size_t k = 0; k < n; ++k)
      Cbc_setInteger(model.get(), k);
    Cbc_setLogLevel(model.get(), getenv("TSOPT_CBC_LOG") ? 1 : 0);
    double seconds =
        std::min(options.timeLimit,
                 std::max(kMinSolveSeconds, options.deadline.secondsLeft()));
    Cbc_setMaximumSeconds(model.get(), seconds);
    if (!options.start.empty()) {
      std::vector<int> idx;
      std::vector<double> val;
      llvm::DenseSet<int> written;
      for (unsigned k : options.start)
        written.insert(problem.kernels[k].writes.begin(),
                       problem.kernels[k].writes.end());
      for (size_t k = 0; k < numColumns; ++k) {
        idx.push_back(k);
        val.push_back(k < n ? (llvm::is_contained(options.start, k) ? 1.0 : 0.0)
                            : (written.contains(valueOf[k - n]) ? 1.0 : 0.0));
      }
      Cbc_setMIPStartI(model.get(), idx.size(), idx.data(), val.data());
    }
    Cbc_solve(model.get());
    sol.rows = rows.size();
    if (Cbc_isProvenInfeasible(model.get()))
      return fail("no set of candidate kernels computes the outputs");
    const double *x = Cbc_getColSolution(model.get());
    if (!x || (Cbc_numberSavedSolutions(model.get()) == 0 &&
               !Cbc_isProvenOptimal(model.get())))
      return fail("CBC found no solution within " + formatFixed(seconds) +
                  " s");
    std::vector<unsigned> chosen;
    for (size_t k = 0; k < n; ++k)
      if (x[k] > 0.5)
        chosen.push_back(k);
    std::vector<std::pair<unsigned, int>> blocked;
    std::vector<unsigned> order = orderGreedily(problem, chosen, blocked);
    if (blocked.empty()) {
      sol.order = std::move(order);
      sol.cost = 0;
      for (unsigned k : sol.order)
        sol.cost += problem.kernels[k].cost;
      sol.optimal = Cbc_isProvenOptimal(model.get());
      sol.bound = sol.optimal ? sol.cost
                              : std::min(sol.cost, Cbc_getBestPossibleObjValue(
                                                       model.get()));
      sol.gap = sol.cost > 0 ? std::max(0.0, (sol.cost - sol.bound) / sol.cost)
                             : 0;
      sol.cuts = round;
      sol.seconds = std::chrono::duration<double>(
                        std::chrono::steady_clock::now() - start)
                        .count();
      return sol;
    }
    if (round >= options.maxCuts)
      return fail("the chosen kernels wait on each other's outputs after " +
                  std::to_string(round) + " cuts");
    // Not all of the blocked kernels, unless another writer of one of the
    // values they wait on is chosen too.
    Row cut;
    llvm::DenseSet<unsigned> stuck;
    for (auto [k, v] : blocked)
      stuck.insert(k);
    cut.upper = static_cast<double>(stuck.size()) - 1;
    for (unsigned k : stuck)
      cut.terms.push_back({static_cast<int>(k), 1.0});
    llvm::DenseSet<int> others;
    for (auto [k, v] : blocked)
      for (int j : writers[v])
        if (!stuck.contains(j) && others.insert(j).second)
          cut.terms.push_back({j, -1.0});
    rows.push_back(std::move(cut));
  }
}
