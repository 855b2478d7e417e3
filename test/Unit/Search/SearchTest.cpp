//===- SearchTest.cpp - The µGraph search: canonical form, resume, ... ----===//

#include "TestWorkloads.h"

#include "tsopt/Core/Distribute.h"
#include "tsopt/Core/ShapeRules.h"
#include "tsopt/Search/Search.h"
#include "tsopt/Transforms/Partition.h"
#include "tsopt/Verify/Equivalence.h"
#include "tsopt/Verify/Lax.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <set>

using namespace tsopt;

namespace {

Graph reference(llvm::StringRef name) { return test::workloadReference(name); }

/// A key of a graph invariant under renumbering its values and reordering
/// its ops (so two graphs get the same key iff they are isomorphic), built
/// from each op's tree of operands. `duplicate` is set when two ops are
/// identical (same kind, attributes and operands): such graphs compute a
/// value twice and the canonical order excludes them by design.
class IsoKey {
public:
  std::string graphKey(const Graph &g, llvm::ArrayRef<std::string> args,
                       bool &duplicate) {
    std::vector<std::string> keys(g.values.size());
    for (auto [i, in] : llvm::enumerate(g.inputs))
      keys[in] = i < args.size() ? args[i] : "in" + std::to_string(i);
    std::multiset<std::string> ops;
    for (const tsopt::Op &op : g.ops) {
      std::vector<std::string> operands;
      for (int o : op.operands)
        operands.push_back(keys[o]);
      if (op.kind == OpKind::Add || op.kind == OpKind::Mul)
        std::sort(operands.begin(), operands.end());
      std::string k = std::string(stringifyOpKind(op.kind)) + "{" +
                      std::to_string(op.dim) + "," +
                      std::to_string(op.scalar) + "," +
                      std::to_string(op.fmap) + "," +
                      std::to_string(op.gridMap[0]) +
                      std::to_string(op.gridMap[1]) +
                      std::to_string(op.gridMap[2]) + "," +
                      std::to_string(static_cast<int>(op.accum)) + "}";
      if (op.body) {
        k += "[grid";
        for (int64_t e : op.body->grid)
          k += " " + std::to_string(e);
        k += " loop " + std::to_string(op.body->forloop) + " ";
        k += graphKey(*op.body, operands, duplicate) + "]";
      }
      k += "(" + llvm::join(operands, ",") + ")";
      if (ops.count(k))
        duplicate = true;
      ops.insert(k);
      for (auto [i, r] : llvm::enumerate(op.results))
        keys[r] = k + "#" + std::to_string(i);
    }
    std::string out = "{" + llvm::join(ops, ";") + "} -> ";
    for (int o : g.outputs)
      out += keys[o] + ";";
    return out;
  }
};

struct Census {
  std::map<std::string, unsigned> classes; // key -> times generated
  unsigned withDuplicates = 0;
};

Census census(const Graph &program, SearchOptions opts) {
  Census c;
  std::string why;
  auto all = enumerateCandidates(program, opts, &why);
  EXPECT_TRUE(succeeded(all)) << why;
  if (failed(all))
    return c;
  IsoKey iso;
  for (const Graph &g : *all) {
    bool duplicate = false;
    std::string key = iso.graphKey(g, {}, duplicate);
    if (duplicate) {
      ++c.withDuplicates;
      continue;
    }
    ++c.classes[key];
  }
  return c;
}

/// Canonical generation gives every isomorphism class once, and exactly the
/// classes that generating every order of the same ops (brute force) gives.
void expectCanonicalMatchesBruteForce(const Graph &program,
                                      SearchOptions opts,
                                      unsigned minClasses) {
  opts.exprPruning = false;
  // A program template is a second route to the graph its ops form one by
  // one; the search drops such duplicates when it merges candidates. The
  // canonical form is a property of the op-by-op generation.
  opts.programTemplates = false;
  opts.canonicalOrder = true;
  Census canonical = census(program, opts);
  opts.canonicalOrder = false;
  Census brute = census(program, opts);
  EXPECT_EQ(canonical.withDuplicates, 0u);
  // A space worth testing.
  EXPECT_GE(canonical.classes.size(), minClasses);
  std::cout << "[ canonical ] " << canonical.classes.size()
            << " classes; brute force generated them "
            << [&] {
                 unsigned n = 0;
                 for (const auto &[k, c] : brute.classes)
                   n += c;
                 return n;
               }()
            << " times\n";
  for (const auto &[key, n] : canonical.classes)
    EXPECT_EQ(n, 1u) << "generated " << n << " times: " << key;
  std::set<std::string> a, b;
  for (const auto &[key, n] : canonical.classes)
    a.insert(key);
  unsigned bruteTotal = 0;
  for (const auto &[key, n] : brute.classes) {
    b.insert(key);
    bruteTotal += n;
  }
  EXPECT_EQ(a, b);
  // The brute force really does generate orders the canonical form skips.
  EXPECT_GT(bruteTotal, canonical.classes.size());
}

TEST(SearchCanonical, KernelLevelMatchesBruteForce) {
  Graph program = reference("gated_mlp");
  SearchOptions opts;
  opts.graphDefinedKernels = false;
  opts.maxKernelOps = 4;
  expectCanonicalMatchesBruteForce(program, opts, 20);
}

TEST(SearchCanonical, BlockLevelMatchesBruteForce) {
  Graph program = reference("gated_mlp");
  SearchOptions opts;
  opts.maxKernelOps = 1;
  opts.maxBlockOps = 5;
  opts.maxGridDims = 1;
  expectCanonicalMatchesBruteForce(program, opts, 20);
}

TEST(SearchPruning, ExpressionsPruneAndKeepTheAnswer) {
  Graph program = reference("gated_mlp");
  SearchOptions opts;
  opts.maxKernelOps = 1;
  opts.maxBlockOps = 5;
  opts.maxGridDims = 1;
  opts.threads = 2;
  std::string why;
  auto pruned = superoptimize(program, opts, &why);
  ASSERT_TRUE(succeeded(pruned)) << why;
  EXPECT_GT(pruned->stats.prunedExpr, 0u);
  ASSERT_FALSE(pruned->ranked.empty());
  EXPECT_TRUE(pruned->record.equivalent);
  opts.exprPruning = false;
  auto unpruned = superoptimize(program, opts, &why);
  ASSERT_TRUE(succeeded(unpruned)) << why;
  EXPECT_EQ(unpruned->stats.prunedExpr, 0u);
  EXPECT_GT(unpruned->stats.states, pruned->stats.states);
  // Pruning loses no verified µGraph: the best is the same.
  ASSERT_FALSE(unpruned->ranked.empty());
  EXPECT_EQ(serializeGraph(unpruned->ranked[0].graph),
            serializeGraph(pruned->ranked[0].graph));
}

/// How many of `candidates` the finite-field screen finds equal to
/// `program`.
unsigned screenedEqual(const std::vector<Graph> &candidates,
                       const Graph &program) {
  unsigned n = 0;
  for (const Graph &g : candidates) {
    auto same = screenEquivalence(g, program, /*seed=*/0, /*trials=*/1);
    n += succeeded(same) && *same;
  }
  return n;
}

// ntrans's single kernel has 16 block ops; with templates and accumulators
// only it takes a free prologue, a template and an accumulator.
TEST(SearchTemplates, NtransInOneKernel) {
  Graph program = reference("ntrans");
  SearchOptions opts;
  opts.maxKernelOps = 1;
  opts.maxBlockOps = 4;
  opts.minGridDims = 1;
  opts.noBlockOps = true;
  std::string why;
  auto with = enumerateCandidates(program, opts, &why);
  ASSERT_TRUE(succeeded(with)) << why;
  EXPECT_GT(screenedEqual(*with, program), 0u);
  for (const Graph &g : *with)
    EXPECT_EQ(g.ops.size(), 1u) << describeStructure(g);
  opts.programTemplates = false;
  auto without = enumerateCandidates(program, opts, &why);
  ASSERT_TRUE(succeeded(without)) << why;
  EXPECT_TRUE(without->empty());
}

// A prologue reads whole rows: when the only loop a kernel may have slices
// the normalized dim (rmsnorm's D, which the matmul also contracts), the
// rms_norm prologue does not apply and no candidate is equivalent; without
// the loop it applies and one is.
TEST(SearchTemplates, PrologueOnlyOnWholeRows) {
  Graph program = reference("rmsnorm");
  SearchOptions opts;
  opts.maxKernelOps = 1;
  opts.maxBlockOps = 3;
  opts.minGridDims = 1;
  opts.maxGridDims = 1;
  opts.noKernelOps = true;
  opts.blockOps = {OpKind::Mul, OpKind::Matmul};
  opts.requireForloop = true;
  // Without expression pruning the raw-tile products stay, so that the
  // labels alone are what keeps the prologue off a sliced row.
  opts.exprPruning = false;
  std::string why;
  auto looped = enumerateCandidates(program, opts, &why);
  ASSERT_TRUE(succeeded(looped)) << why;
  EXPECT_FALSE(looped->empty()); // (X·G)·W on raw tiles: no norm
  for (const Graph &g : *looped) {
    for (const tsopt::Op &k : g.ops) {
      if (!k.body)
        continue;
      for (const tsopt::Op &op : k.body->ops) {
        EXPECT_NE(op.kind, OpKind::Sqrt) << describeStructure(g);
      }
    }
  }
  EXPECT_EQ(screenedEqual(*looped, program), 0u);
  opts.requireForloop = false;
  auto whole = enumerateCandidates(program, opts, &why);
  ASSERT_TRUE(succeeded(whole)) << why;
  EXPECT_GT(screenedEqual(*whole, program), 0u);
}

SearchOptions smallLora() {
  SearchOptions opts;
  opts.maxKernelOps = 1;
  opts.maxBlockOps = 5;
  opts.maxGridDims = 1;
  return opts;
}

TEST(SearchDriver, DeterministicAcrossThreadCounts) {
  Graph program = reference("lora");
  SearchOptions opts = smallLora();
  std::string why;
  opts.threads = 1;
  auto one = superoptimize(program, opts, &why);
  ASSERT_TRUE(succeeded(one)) << why;
  ASSERT_FALSE(one->ranked.empty());
  // Four threads also screen two candidates at once, ahead of the order.
  for (unsigned threads : {2u, 4u}) {
    opts.threads = threads;
    auto two = superoptimize(program, opts, &why);
    ASSERT_TRUE(succeeded(two)) << why;
    ASSERT_EQ(one->ranked.size(), two->ranked.size());
    for (size_t i = 0; i < one->ranked.size(); ++i)
      EXPECT_EQ(serializeGraph(one->ranked[i].graph),
                serializeGraph(two->ranked[i].graph));
    EXPECT_EQ(one->stats.states, two->stats.states);
    EXPECT_EQ(one->stats.candidates, two->stats.candidates);
    EXPECT_EQ(one->stats.screenedEquivalent, two->stats.screenedEquivalent);
    EXPECT_EQ(one->record.p, two->record.p);
  }
}

/// Workers of a job within this process: each has its own registered
/// tasks (its own state, as a process would), and they take items in turn.
/// Every `failEvery`-th request is answered with a task error, as a worker
/// that could not run it would answer.
class InProcessWorkers : public WorkDistributor {
public:
  InProcessWorkers(unsigned count, unsigned failEvery = 0)
      : tasks(count), failEvery(failEvery) {
    for (TaskRegistry &t : tasks) {
      registerSearchTasks(t);
      registerVerifyTasks(t);
    }
  }
  unsigned workers() const override { return tasks.size(); }
  std::vector<size_t>
  run(llvm::StringRef task, uint64_t,
      llvm::function_ref<std::optional<size_t>()> take,
      llvm::function_ref<std::string(size_t, unsigned)> request,
      llvm::function_ref<void(size_t, llvm::StringRef)> reply) override {
    std::vector<size_t> redo;
    for (unsigned w = 0;; w = (w + 1) % tasks.size()) {
      std::optional<size_t> item = take();
      if (!item)
        return redo;
      std::string text = request(*item, w);
      if (text.empty()) {
        redo.push_back(*item);
        continue;
      }
      ++requests;
      if (failEvery && requests % failEvery == 0) {
        redo.push_back(*item);
        continue;
      }
      std::string answer = tasks[w][task](text);
      EXPECT_FALSE(isTaskError(answer)) << answer;
      ++answered;
      reply(*item, answer);
    }
  }
  std::vector<TaskRegistry> tasks;
  unsigned failEvery;
  unsigned requests = 0, answered = 0;
};

/// Installs a distributor for the life of this object.
struct Installed {
  explicit Installed(WorkDistributor *d) { workDistributor() = d; }
  ~Installed() { workDistributor() = nullptr; }
};

TEST(SearchDriver, WorkersOfAJobFindWhatOneProcessFinds) {
  Graph program = reference("lora");
  SearchOptions opts = smallLora();
  opts.threads = 1;
  std::string why;
  auto alone = superoptimize(program, opts, &why);
  ASSERT_TRUE(succeeded(alone)) << why;
  ASSERT_FALSE(alone->ranked.empty());
  for (unsigned failEvery : {0u, 3u}) {
    InProcessWorkers workers(2, failEvery);
    Installed installed(&workers);
    auto job = superoptimize(program, opts, &why);
    ASSERT_TRUE(succeeded(job)) << why;
    EXPECT_GT(workers.answered, 0u);
    ASSERT_EQ(job->ranked.size(), alone->ranked.size());
    for (size_t i = 0; i < alone->ranked.size(); ++i) {
      EXPECT_EQ(serializeGraph(job->ranked[i].graph),
                serializeGraph(alone->ranked[i].graph));
      EXPECT_EQ(job->ranked[i].costUs, alone->ranked[i].costUs);
    }
    EXPECT_EQ(job->record.equivalent, alone->record.equivalent);
    EXPECT_EQ(job->record.p, alone->record.p);
    EXPECT_EQ(job->record.trials, alone->record.trials);
    EXPECT_EQ(job->stats.states, alone->stats.states);
    EXPECT_EQ(job->stats.prunedShape, alone->stats.prunedShape);
    EXPECT_EQ(job->stats.prunedExpr, alone->stats.prunedExpr);
    EXPECT_EQ(job->stats.candidates, alone->stats.candidates);
    EXPECT_EQ(job->stats.workItemsDone, alone->stats.workItemsDone);
  }
}

TEST(SearchDriver, ResumesFromCheckpoint) {
  Graph program = reference("lora");
  SearchOptions opts = smallLora();
  opts.threads = 1;
  std::string why;
  auto full = superoptimize(program, opts, &why);
  ASSERT_TRUE(succeeded(full)) << why;
  ASSERT_FALSE(full->ranked.empty());
  ASSERT_GT(full->stats.workItems, 4u);

  llvm::SmallString<64> path;
  ASSERT_FALSE(
      llvm::sys::fs::createTemporaryFile("tsopt-search", "ckpt", path));
  opts.checkpoint = path.str().str();
  // "Killed" after half of the work.
  opts.stopAfterItems = full->stats.workItems / 2;
  auto killed = superoptimize(program, opts, &why);
  ASSERT_TRUE(succeeded(killed)) << why;
  EXPECT_TRUE(killed->stats.timedOut);
  EXPECT_EQ(killed->stats.workItemsDone, opts.stopAfterItems);
  opts.stopAfterItems = 0;
  auto resumed = superoptimize(program, opts, &why);
  ASSERT_TRUE(succeeded(resumed)) << why;
  EXPECT_EQ(resumed->stats.workItemsResumed, full->stats.workItems / 2);
  EXPECT_LT(resumed->stats.states, full->stats.states);
  ASSERT_EQ(resumed->ranked.size(), full->ranked.size());
  for (size_t i = 0; i < full->ranked.size(); ++i)
    EXPECT_EQ(serializeGraph(resumed->ranked[i].graph),
              serializeGraph(full->ranked[i].graph));
  // Every candidate saved (all of them now) reads back (deserializeGraph checks it).
  auto saved = llvm::MemoryBuffer::getFile(path);
  ASSERT_TRUE(bool(saved));
  unsigned candidates = 0;
  llvm::SmallVector<llvm::StringRef> lines;
  (*saved)->getBuffer().split(lines, '\n', -1, false);
  for (llvm::StringRef line : lines)
    if (line.consume_front("cand:")) {
      ++candidates;
      EXPECT_TRUE(succeeded(deserializeGraph(line.split(' ').second, &why)))
          << why;
    }
  EXPECT_GT(candidates, 0u);
  llvm::sys::fs::remove(path);
}

TEST(SearchDriver, UnsupportedProgramIsAnError) {
  Graph g;
  int x = g.addInput({{4, 8}, DType::F16});
  tsopt::Op op;
  op.kind = OpKind::Reshape;
  op.operands = {x};
  int r = g.addOp(op, {tsopt::TensorType{{8, 4}, DType::F16}});
  g.outputs = {r};
  std::string why;
  auto result = superoptimize(g, SearchOptions(), &why);
  EXPECT_TRUE(failed(result));
  EXPECT_NE(why.find("reshape"), std::string::npos) << why;
}

TEST(SearchDriver, NothingWithinLimitsIsEmptyNotAnError) {
  Graph program = reference("rmsnorm");
  SearchOptions opts;
  opts.maxKernelOps = 1;
  // One block op cannot hold a matmul and its accumulator, even with the
  // rms_norm prologue (which is free).
  opts.maxBlockOps = 1;
  opts.kernelOps = {OpKind::Matmul}; // rms_norm itself is not allowed
  std::string why;
  auto result = superoptimize(program, opts, &why);
  ASSERT_TRUE(succeeded(result)) << why;
  EXPECT_TRUE(result->ranked.empty());
}

TEST(SearchDriver, TimeLimitBoundsRankingAndScreeningToo) {
  // Without abstract-expression pruning GQA's space yields far more
  // candidates than fit in a short limit; generation stops at the limit and
  // ranking and screening at half of it again, not after every candidate.
  Graph program = reference("gqa");
  SearchOptions opts;
  opts.maxKernelOps = 2;
  opts.maxBlockOps = 4;
  opts.minGridDims = 2;
  opts.requireForloop = true;
  opts.noKernelOps = true;
  opts.exprPruning = false;
  opts.timeLimit = 0.5;
  opts.threads = 2;
  std::string why;
  auto result = superoptimize(program, opts, &why);
  ASSERT_TRUE(succeeded(result)) << why;
  EXPECT_TRUE(result->stats.timedOut);
  // 0.75 s plus the one screen or verification in flight at the cut; the
  // bound is loose so that a loaded machine does not fail it.
  EXPECT_LT(result->stats.seconds, 30.0);
}

TEST(SearchGraphText, RoundTripsEveryWorkload) {
  for (const std::string &file : test::workloadFiles())
    for (test::Workload &w : test::loadWorkloads(file))
      for (const Graph *g : {&w.opt, &w.ref}) {
        std::string text = serializeGraph(*g);
        auto back = deserializeGraph(text);
        ASSERT_TRUE(succeeded(back)) << w.name;
        EXPECT_EQ(serializeGraph(*back), text) << w.name;
        // Shapes recomputed from the attributes are the declared ones.
        Graph inferred = *g;
        std::string why;
        ASSERT_TRUE(succeeded(inferShapes(inferred, &why))) << why;
        EXPECT_EQ(serializeGraph(inferred), text) << w.name;
      }
  EXPECT_TRUE(failed(deserializeGraph("G 0 1 2")));
  EXPECT_TRUE(failed(deserializeGraph("not a graph")));
}

/// Text read back from a result cache, a checkpoint or a pickle may describe
/// a graph nothing in tsopt builds; it is refused with a reason, never
/// handed on (the verifier used to crash on it).
TEST(SearchGraphText, RefusesMalformedGraphs) {
  // kernel level, no grid, forloop 1; values 0 and 1: f32 4x8; input 0,
  // output 1; one op, then the op's fields.
  auto graph = [](const std::string &op) {
    return "G 0 0 1 2 2 2 4 8 2 2 4 8 1 0 1 1 1 " + op;
  };
  const std::string exp = "4 1 0 1 1 0 0 0 -1 -1 -1 -1 0 0 ";
  std::string why;
  ASSERT_TRUE(succeeded(deserializeGraph(graph(exp), &why))) << why;
  struct Case {
    std::string text, reason;
  } cases[] = {
      // exp with no operand
      {graph("4 0 1 1 0 0 0 -1 -1 -1 -1 0 0 "), "expected 1 operands"},
      // a matmul of a 4x8 by itself
      {graph("16 2 0 0 1 1 0 0 0 -1 -1 -1 -1 0 0 "), "matmul"},
      // exp reading the value it defines
      {graph("4 1 1 1 1 0 0 0 -1 -1 -1 -1 0 0 "), "not yet defined"},
      // a graph-defined kernel without its block graph
      {graph("25 1 0 1 1 0 0 0 -1 -1 -1 -1 0 0 "), "has no block graph"},
      // 2^32 x 2^32 elements
      {"G 0 0 1 1 2 2 4294967296 4294967296 1 0 1 0 0 ",
       "more elements or bytes than 64 bits count"},
      // a block op at kernel level
      {graph("26 1 0 1 1 0 0 0 -1 -1 -1 -1 0 0 "), "not allowed"},
  };
  for (const Case &c : cases) {
    why.clear();
    EXPECT_TRUE(failed(deserializeGraph(c.text, &why))) << c.text;
    EXPECT_NE(why.find(c.reason), std::string::npos) << c.text << ": " << why;
  }
  // A body at its holder's level or above would recurse without end.
  std::string nested = "G 0 0 1 0 0 0 1 25 0 0 0 0 0 -1 -1 -1 -1 0 1 ";
  for (int i = 0; i < 100000; ++i)
    nested += "G 0 0 1 0 0 0 1 25 0 0 0 0 0 -1 -1 -1 -1 0 1 ";
  EXPECT_TRUE(failed(deserializeGraph(nested, &why)));
  // A count the text cannot hold allocates nothing.
  EXPECT_TRUE(failed(deserializeGraph("G 0 0 1 1000000 ", &why)));
}

/// Every part is within the size bound and LAX, parts are runs of
/// consecutive ops, and each part reads only program inputs and values that
/// earlier parts return.
TEST(SearchPartition, PartsAreSmallLaxAndClosed) {
  unsigned checked = 0;
  for (const std::string &file : test::workloadFiles())
    for (test::Workload &w : test::loadWorkloads(file))
      for (unsigned maxOps : {1u, 2u, 3u, 5u}) {
        const Graph &g = w.ref;
        std::vector<unsigned> partOf = partitionLax(g, maxOps);
        ASSERT_EQ(partOf.size(), g.ops.size());
        std::set<int> available(g.inputs.begin(), g.inputs.end());
        for (size_t i = 1; i < partOf.size(); ++i)
          EXPECT_TRUE(partOf[i] == partOf[i - 1] ||
                      partOf[i] == partOf[i - 1] + 1);
        unsigned parts = partOf.empty() ? 0 : partOf.back() + 1;
        for (unsigned p = 0; p < parts; ++p) {
          Subprogram sub = extractPart(g, partOf, p);
          EXPECT_LE(sub.graph.ops.size(), maxOps) << w.name;
          EXPECT_FALSE(analyzeLax(sub.graph).violation) << w.name;
          for (int v : sub.inputs)
            EXPECT_TRUE(available.count(v)) << w.name << " part " << p;
          available.insert(sub.outputs.begin(), sub.outputs.end());
          ++checked;
        }
        for (int o : g.outputs)
          EXPECT_TRUE(available.count(o)) << w.name;
      }
  EXPECT_GT(checked, 20u);
}

/// A program with two exps on a path is cut between them even when it
/// fits the size bound.
TEST(SearchPartition, CutsBetweenTwoExps) {
  Graph g;
  int x = g.addInput({{4, 8}, DType::F32});
  tsopt::Op e;
  e.kind = OpKind::Exp;
  e.operands = {x};
  int a = g.addOp(e, {tsopt::TensorType{{4, 8}, DType::F32}});
  e.operands = {a};
  int b = g.addOp(e, {tsopt::TensorType{{4, 8}, DType::F32}});
  g.outputs = {b};
  EXPECT_EQ(partitionLax(g, 8), (std::vector<unsigned>{0, 1}));
}

} // namespace
