//===- KernelCandidates.cpp - Execution states and candidate kernels ------===//

#include "tsopt/Orchestrate/KernelCandidates.h"

#include "llvm/ADT/DenseSet.h"

using namespace tsopt;

namespace {

/// The ops producing each op's operands (program inputs have none).
std::vector<llvm::SmallVector<int, 2>> predecessorsOf(const Graph &g) {
  std::vector<int> producer = producers(g);
  std::vector<llvm::SmallVector<int, 2>> preds(g.ops.size());
  for (auto [i, op] : llvm::enumerate(g.ops))
    for (int v : op.operands)
      if (producer[v] >= 0 && !llvm::is_contained(preds[i], producer[v]))
        preds[i].push_back(producer[v]);
  return preds;
}

bool allIn(llvm::ArrayRef<int> ops, const OpSet &a, const OpSet &b) {
  return llvm::all_of(ops, [&](int p) { return a.test(p) || b.test(p); });
}

bool fail(std::string *why, const std::string &msg) {
  if (why)
    *why = msg;
  return false;
}

} // namespace

llvm::FailureOr<std::vector<OpSet>>
tsopt::enumerateExecutionStates(const Graph &program, uint64_t maxStates,
                                std::string *why) {
  size_t n = program.ops.size();
  auto preds = predecessorsOf(program);
  std::vector<OpSet> states{OpSet(n)};
  // States of size k + 1 are those of size k plus one op all of whose
  // predecessors they hold.
  size_t levelBegin = 0;
  while (levelBegin < states.size()) {
    size_t levelEnd = states.size();
    llvm::DenseSet<OpSet> next;
    for (size_t s = levelBegin; s < levelEnd; ++s)
      for (size_t i = 0; i < n; ++i) {
        if (states[s].test(i) || !allIn(preds[i], states[s], states[s]))
          continue;
        OpSet grown = states[s];
        grown.set(i);
        if (!next.insert(grown).second)
          continue;
        states.push_back(std::move(grown));
        if (states.size() > maxStates) {
          fail(why, "more than " + std::to_string(maxStates) +
                        " execution states (the program is too wide; "
                        "raise the states limit)");
          return llvm::failure();
        }
      }
    levelBegin = levelEnd;
  }
  return states;
}

bool tsopt::isConvex(const Graph &program, const OpSet &ops) {
  // An op outside the set that depends on the set, and on which the set
  // depends, lies on a path that leaves and re-enters.
  size_t n = program.ops.size();
  auto preds = predecessorsOf(program);
  std::vector<bool> fromSet(n, false); // reachable from the set, outside it
  for (size_t i = 0; i < n; ++i)
    for (int p : preds[i])
      if (ops.test(p) || fromSet[p]) {
        if (ops.test(i)) {
          if (fromSet[p])
            return false;
        } else {
          fromSet[i] = true;
        }
      }
  return true;
}

bool tsopt::isConnected(const Graph &program, const OpSet &ops) {
  int first = ops.find_first();
  if (first < 0)
    return true;
  // Union of the ops through every value one writes and another reads, or
  // both read.
  std::vector<int> parent(program.ops.size());
  for (size_t i = 0; i < parent.size(); ++i)
    parent[i] = i;
  std::function<int(int)> find = [&](int x) {
    return parent[x] == x ? x : parent[x] = find(parent[x]);
  };
  std::vector<int> owner(program.values.size(), -1);
  for (int i : ops.set_bits()) {
    const Op &op = program.ops[i];
    for (int v : llvm::concat<const int>(op.operands, op.results)) {
      if (owner[v] >= 0)
        parent[find(i)] = find(owner[v]);
      else
        owner[v] = i;
    }
  }
  int root = find(first);
  return llvm::all_of(ops.set_bits(), [&](int i) { return find(i) == root; });
}

llvm::FailureOr<std::vector<OpSet>>
tsopt::growCandidateKernels(const Graph &program,
                            const CandidateLimits &limits,
                            llvm::ArrayRef<bool> opaque, std::string *why) {
  size_t n = program.ops.size();
  auto isOpaque = [&](int i) {
    return static_cast<size_t>(i) < opaque.size() && opaque[i];
  };
  // Neighbours: ops that pass a value or share an operand.
  std::vector<llvm::SmallVector<int, 8>> next(n);
  {
    std::vector<std::vector<int>> readers(program.values.size());
    std::vector<int> producer = producers(program);
    for (auto [i, op] : llvm::enumerate(program.ops))
      for (int v : op.operands)
        readers[v].push_back(i);
    auto link = [&](int a, int b) {
      if (a != b && !llvm::is_contained(next[a], b)) {
        next[a].push_back(b);
        next[b].push_back(a);
      }
    };
    for (size_t v = 0; v < readers.size(); ++v)
      for (int r : readers[v]) {
        if (producer[v] >= 0)
          link(producer[v], r);
        for (int r2 : readers[v])
          link(r, r2);
      }
  }
  auto preds = predecessorsOf(program);
  // Convex: no op outside the set both depends on it and feeds it.
  std::vector<char> fromSet(n);
  auto convex = [&](const OpSet &set) {
    int first = set.find_first(), last = set.find_last();
    std::fill(fromSet.begin() + first, fromSet.begin() + last + 1, 0);
    for (int i = first + 1; i <= last; ++i)
      for (int p : preds[i])
        if (p >= first && (set.test(p) || fromSet[p])) {
          if (!set.test(i))
            fromSet[i] = 1;
          else if (fromSet[p])
            return false;
        }
    return true;
  };
  llvm::DenseSet<OpSet> seen;
  std::vector<OpSet> kernels;
  bool overflow = false;
  // Connected sets whose smallest op is `seed`, each visited once.
  std::function<void(OpSet &, int, unsigned, unsigned)> grow =
      [&](OpSet &set, int seed, unsigned size, unsigned linear) {
        if (overflow)
          return;
        if (convex(set)) {
          kernels.push_back(set);
          if (kernels.size() > limits.maxCandidates) {
            overflow = true;
            return;
          }
        }
        if (size >= limits.maxOps || isOpaque(seed))
          return;
        llvm::SmallVector<int, 16> frontier;
        for (int i : set.set_bits())
          for (int j : next[i])
            if (j > seed && !set.test(j) && !isOpaque(j) &&
                !llvm::is_contained(frontier, j))
              frontier.push_back(j);
        for (int j : frontier) {
          bool lin = program.ops[j].kind == OpKind::Matmul;
          if (lin && linear >= limits.maxLinear)
            continue;
          set.set(j);
          if (seen.insert(set).second)
            grow(set, seed, size + 1, linear + lin);
          set.reset(j);
          if (overflow)
            return;
        }
      };
  for (size_t s = 0; s < n && !overflow; ++s) {
    OpSet set(n);
    set.set(s);
    if (!seen.insert(set).second)
      continue;
    grow(set, s, 1, program.ops[s].kind == OpKind::Matmul);
  }
  if (overflow) {
    fail(why, "more than " + std::to_string(limits.maxCandidates) +
                  " candidate kernels (lower the ops per kernel or raise "
                  "the candidates limit)");
    return llvm::failure();
  }
  llvm::stable_sort(kernels, [](const OpSet &a, const OpSet &b) {
    return a.count() < b.count();
  });
  return kernels;
}

llvm::FailureOr<CandidateKernels>
tsopt::enumerateCandidateKernels(const Graph &program,
                                 const CandidateLimits &limits,
                                 llvm::ArrayRef<bool> opaque,
                                 std::string *why) {
  auto states = enumerateExecutionStates(program, limits.maxStates, why);
  if (failed(states)) {
    // Too wide for states: grow the same candidates without them.
    auto grown = growCandidateKernels(program, limits, opaque, why);
    if (failed(grown))
      return llvm::failure();
    CandidateKernels result;
    result.kernels = std::move(*grown);
    return result;
  }
  size_t n = program.ops.size();
  auto preds = predecessorsOf(program);
  auto isOpaque = [&](int i) {
    return static_cast<size_t>(i) < opaque.size() && opaque[i];
  };
  CandidateKernels result;
  llvm::DenseSet<OpSet> seen;
  bool overflow = false;
  // From each state S, every D with S ∪ D a state, grown in op order (so
  // each D is generated once per S): the pairs (S, S ∪ D).
  std::function<void(const OpSet &, OpSet &, int, unsigned, unsigned)> grow =
      [&](const OpSet &s, OpSet &d, int last, unsigned size,
          unsigned linear) {
        if (overflow)
          return;
        if (size > 0 && !seen.contains(d) && isConnected(program, d)) {
          seen.insert(d);
          result.kernels.push_back(d);
          if (result.kernels.size() > limits.maxCandidates) {
            overflow = true;
            return;
          }
        }
        if (size >= limits.maxOps || (size == 1 && isOpaque(last)))
          return;
        for (size_t j = last + 1; j < n; ++j) {
          if (s.test(j) || !allIn(preds[j], s, d))
            continue;
          bool lin = program.ops[j].kind == OpKind::Matmul;
          if ((lin && linear >= limits.maxLinear) ||
              (size > 0 && isOpaque(j)))
            continue;
          d.set(j);
          grow(s, d, j, size + 1, linear + lin);
          d.reset(j);
        }
      };
  for (const OpSet &s : *states) {
    OpSet d(n);
    grow(s, d, -1, 0, 0);
    if (overflow) {
      fail(why, "more than " + std::to_string(limits.maxCandidates) +
                    " candidate kernels (lower the ops per kernel or raise "
                    "the candidates limit)");
      return llvm::failure();
    }
  }
  llvm::stable_sort(result.kernels, [](const OpSet &a, const OpSet &b) {
    return a.count() < b.count();
  });
  result.states = std::move(*states);
  return result;
}
