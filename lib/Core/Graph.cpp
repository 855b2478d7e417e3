//===- Graph.cpp - Compact µGraph representation -------------------------===//

#include "tsopt/Core/Graph.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <cstdlib>
#include <string>
#include <unistd.h>

#include "llvm/ADT/StringExtras.h"

using namespace tsopt;

llvm::StringRef tsopt::stringifyDType(DType t) {
  switch (t) {
  case DType::F16:
    return "f16";
  case DType::BF16:
    return "bf16";
  case DType::F32:
    return "f32";
  }
  return "?";
}

int64_t tsopt::numElements(llvm::ArrayRef<int64_t> shape) {
  // Callers hold shapes that passed checkedNumElements (the importer and
  // the dialect verifiers reject the others).
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

int tsopt::appendCopy(Graph &to, const Op &op, const Graph &from,
                      std::vector<int> &ids) {
  Op c = op;
  for (int &o : c.operands)
    o = ids[o];
  llvm::SmallVector<TensorType, 2> types;
  for (int r : op.results)
    types.push_back(from.type(r));
  int first = to.addOp(std::move(c), types);
  for (auto [k, r] : llvm::enumerate(op.results))
    ids[r] = first + k;
  return first;
}

std::optional<int64_t> tsopt::checkedNumElements(llvm::ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    if (d < 0 || llvm::MulOverflow(n, d, n))
      return std::nullopt;
  return n;
}

llvm::LogicalResult tsopt::checkMemoryNeeds(const Graph &g,
                                            int64_t bytesPerElement,
                                            int64_t limit, std::string *why) {
  int64_t total = 0;
  for (auto [v, t] : llvm::enumerate(g.values)) {
    std::optional<int64_t> n = checkedNumElements(t.shape);
    int64_t bytes = 0;
    if (!n || llvm::MulOverflow(*n, bytesPerElement, bytes) ||
        llvm::AddOverflow(total, bytes, total) || total > limit) {
      if (why)
        *why = "value " + std::to_string(v) + " (" + formatShape(t.shape) +
               ") needs " +
               (n && bytes > 0 ? std::to_string(bytes) + " bytes"
                               : std::string("more than 2^63 bytes")) +
               "; an evaluation may allocate " + std::to_string(limit) +
               " bytes in all (TSOPT_MEMORY_LIMIT)";
      return llvm::failure();
    }
  }
  return llvm::success();
}

/// The positive integer the environment variable `name` holds, if any.
static std::optional<int64_t> positiveFromEnv(const char *name) {
  if (const char *env = std::getenv(name)) {
    char *end = nullptr;
    long long v = std::strtoll(env, &end, 10);
    if (end && *end == 0 && v > 0)
      return v;
  }
  return std::nullopt;
}

int64_t tsopt::evaluationMemoryLimit() {
  if (std::optional<int64_t> v = positiveFromEnv("TSOPT_MEMORY_LIMIT"))
    return *v;
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0)
    return int64_t(8) << 30;
  return static_cast<int64_t>(pages) * page / 2;
}

std::optional<int64_t> tsopt::evaluationWork(const Graph &g) {
  constexpr int64_t kCap = int64_t(1) << 62;
  int64_t total = 0;
  auto add = [&](int64_t w) {
    total = (w >= kCap || total >= kCap - w) ? kCap : total + w;
  };
  auto times = [&](int64_t a, int64_t b) {
    int64_t r;
    return (a < 0 || b < 0 || llvm::MulOverflow(a, b, r) || r > kCap) ? kCap
                                                                       : r;
  };
  // Safe on a malformed graph (its value ids are checked later, by
  // checkGraphWellFormed): an id out of range counts nothing.
  auto sizeOf = [&](int v) -> int64_t {
    if (v < 0 || static_cast<size_t>(v) >= g.values.size())
      return 1;
    return checkedNumElements(g.values[v].shape).value_or(kCap);
  };
  for (const Op &op : g.ops) {
    int64_t elements = 1;
    for (int v : llvm::concat<const int>(op.operands, op.results))
      elements = std::max(elements, sizeOf(v));
    if (op.kind == OpKind::Matmul && !op.operands.empty() &&
        !op.results.empty() && op.operands[0] >= 0 &&
        static_cast<size_t>(op.operands[0]) < g.values.size()) {
      const Shape &a = g.values[op.operands[0]].shape;
      int64_t k = a.empty() ? 1 : a.back();
      elements = times(sizeOf(op.results[0]), k);
    }
    // A convolution: its multiply-adds, and as many again for its im2col.
    if (op.kind == OpKind::Conv2d && op.operands.size() == 2 &&
        !op.results.empty() && op.operands[1] >= 0 &&
        static_cast<size_t>(op.operands[1]) < g.values.size()) {
      llvm::ArrayRef<int64_t> f = g.values[op.operands[1]].shape;
      int64_t k = f.size() == 4 ? times(times(f[1], f[2]), f[3]) : kCap;
      elements = times(times(sizeOf(op.results[0]), k), 2);
    }
    if (op.body) {
      std::optional<int64_t> inner = evaluationWork(*op.body);
      int64_t runs = 1;
      if (op.kind == OpKind::Kernel) {
        for (int64_t e : op.body->grid)
          runs = times(runs, e);
        runs = times(runs, std::max<int64_t>(op.body->forloop, 1));
      } else {
        runs = elements; // a thread graph, once per element
      }
      elements = times(runs, inner.value_or(kCap));
    }
    add(elements);
  }
  if (total >= kCap)
    return std::nullopt;
  return total;
}

llvm::LogicalResult tsopt::checkWorkNeeds(const Graph &g, int64_t limit,
                                          std::string *why) {
  std::optional<int64_t> work = evaluationWork(g);
  if (work && *work <= limit)
    return llvm::success();
  if (why)
    *why = "the program performs " +
           (work ? "about " + std::to_string(*work)
                 : std::string("more than 2^62")) +
           " scalar operations; an evaluation may perform " +
           std::to_string(limit) + " (TSOPT_WORK_LIMIT)";
  return llvm::failure();
}

int64_t tsopt::evaluationWorkLimit() {
  return positiveFromEnv("TSOPT_WORK_LIMIT").value_or(int64_t(1) << 40);
}

std::string tsopt::formatShape(llvm::ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "scalar";
  return llvm::join(
      llvm::map_range(shape, [](int64_t d) { return std::to_string(d); }), "x");
}

namespace {
constexpr OpKindInfo kOpKinds[] = {
#define TSOPT_OP_KIND(Enum, Mnemonic, Family, Field, Flops, Sfu)               \
  {OpKind::Enum, Mnemonic, OpFamily::Family, FieldReading::Field, Flops, Sfu},
#include "tsopt/Core/OpKinds.def"
};
} // namespace

llvm::ArrayRef<OpKindInfo> tsopt::allOpKinds() { return kOpKinds; }

const OpKindInfo &tsopt::opKindInfo(OpKind k) {
  return kOpKinds[static_cast<size_t>(k)];
}

std::optional<OpKind> tsopt::parseOpKind(llvm::StringRef name) {
  for (const OpKindInfo &info : kOpKinds)
    if (info.mnemonic == name)
      return info.kind;
  return std::nullopt;
}

llvm::StringRef tsopt::stringifyOpKind(OpKind k) {
  return opKindInfo(k).mnemonic;
}

static constexpr std::pair<MmaPlan, llvm::StringLiteral> kMmaPlanNames[] = {
    {MmaPlan::CudaCores, "cuda_cores"},
    {MmaPlan::M16N8K16, "m16n8k16"},
    {MmaPlan::Wgmma, "wgmma"},
};

llvm::StringRef tsopt::stringifyMmaPlan(MmaPlan plan) {
  for (auto [p, name] : kMmaPlanNames)
    if (p == plan)
      return name;
  return "";
}

std::optional<MmaPlan> tsopt::parseMmaPlan(llvm::StringRef text) {
  for (auto [p, name] : kMmaPlanNames)
    if (name == text)
      return p;
  return std::nullopt;
}

bool tsopt::isElementwiseBinary(OpKind k) {
  return opKindInfo(k).family == OpFamily::ElementwiseBinary;
}

bool tsopt::isElementwiseUnary(OpKind k) {
  return opKindInfo(k).family == OpFamily::ElementwiseUnary;
}

bool tsopt::isDataMovement(OpKind k) {
  return opKindInfo(k).family == OpFamily::DataMovement;
}

bool tsopt::isUninterpretedUnary(OpKind k) {
  return opKindInfo(k).family == OpFamily::ElementwiseUnary &&
         opKindInfo(k).field == FieldReading::Uninterpreted;
}

bool tsopt::isScalarOp(OpKind k) {
  return k == OpKind::MulScalar || k == OpKind::AddScalar ||
         k == OpKind::MaxScalar || k == OpKind::MinScalar;
}

bool tsopt::isPredefinedOp(OpKind k) {
  return opKindInfo(k).family != OpFamily::Structure;
}

llvm::SmallVector<int64_t, 4> ConvWindow::encode() const {
  llvm::SmallVector<int64_t, 4> out;
  for (const auto *field : {&kernel, &stride, &padLow, &padHigh, &dilation})
    out.append(field->begin(), field->end());
  return out;
}

std::optional<ConvWindow> ConvWindow::decode(llvm::ArrayRef<int64_t> perm) {
  if (perm.size() != 10)
    return std::nullopt;
  ConvWindow w;
  size_t i = 0;
  for (auto *field : {&w.kernel, &w.stride, &w.padLow, &w.padHigh, &w.dilation})
    for (int64_t &v : *field)
      v = perm[i++];
  return w;
}

int Graph::addInput(TensorType type) {
  int id = values.size();
  values.push_back(std::move(type));
  inputs.push_back(id);
  return id;
}

int Graph::addOp(Op op, llvm::ArrayRef<TensorType> resultTypes) {
  int first = values.size();
  op.results.clear();
  for (const TensorType &t : resultTypes) {
    op.results.push_back(values.size());
    values.push_back(t);
  }
  ops.push_back(std::move(op));
  return first;
}

Graph tsopt::withoutDeadOps(const Graph &g) {
  std::vector<bool> live(g.values.size(), false);
  for (int o : g.outputs)
    live[o] = true;
  std::vector<bool> keep(g.ops.size(), false);
  for (size_t i = g.ops.size(); i-- > 0;) {
    const Op &op = g.ops[i];
    if (llvm::none_of(op.results, [&](int r) { return live[r]; }))
      continue;
    keep[i] = true;
    for (int o : op.operands)
      live[o] = true;
  }
  Graph out;
  out.level = g.level;
  out.grid = g.grid;
  out.forloop = g.forloop;
  out.stages = g.stages;
  out.threads = g.threads;
  std::vector<int> ids(g.values.size(), -1);
  for (int v : g.inputs)
    ids[v] = out.addInput(g.type(v));
  for (auto [i, op] : llvm::enumerate(g.ops))
    if (keep[i])
      appendCopy(out, op, g, ids);
  for (int o : g.outputs)
    out.outputs.push_back(ids[o]);
  return out;
}

std::vector<int> tsopt::producers(const Graph &g) {
  std::vector<int> producer(g.values.size(), -1);
  for (size_t i = 0; i < g.ops.size(); ++i)
    for (int r : g.ops[i].results)
      producer[r] = i;
  return producer;
}

Layout tsopt::tileLayout(const Graph &g, int value) {
  for (const Op &op : g.ops)
    for (auto [r, result] : llvm::enumerate(op.results))
      if (result == value)
        return isPassThroughAccum(g, op) ? tileLayout(g, op.operands[0])
                                         : op.layoutOf(r);
  return Layout::rowMajor();
}

const char *tsopt::levelName(Level level) {
  switch (level) {
  case Level::Kernel:
    return "kernel";
  case Level::Block:
    return "block";
  case Level::Thread:
    return "thread";
  }
  return "?";
}

bool tsopt::isPipelinedInput(const Graph &g, const Op &op) {
  return op.kind == OpKind::BlockInput && op.fmap != kReplica &&
         g.forloop > 1;
}

bool tsopt::isPassThroughAccum(const Graph &g, const Op &op) {
  return op.kind == OpKind::Accum && g.forloop <= 1 &&
         op.operands.size() == 1 && op.results.size() == 1 &&
         g.type(op.operands[0]).shape == g.type(op.results[0]).shape &&
         g.type(op.operands[0]).dtype == g.type(op.results[0]).dtype;
}

std::vector<int> tsopt::opsComputedBySavers(const Graph &g) {
  std::vector<int> savedBy(g.ops.size(), -1);
  std::vector<int> producer = producers(g);
  std::vector<int> readers(g.values.size(), 0);
  for (const Op &op : g.ops)
    for (int v : op.operands)
      ++readers[v];
  for (auto [s, saver] : llvm::enumerate(g.ops)) {
    if (saver.kind != OpKind::BlockOutput || saver.operands.size() != 1)
      continue;
    int v = saver.operands[0];
    while (producer[v] >= 0 && readers[v] == 1 &&
           isPassThroughAccum(g, g.ops[producer[v]]))
      v = g.ops[producer[v]].operands[0];
    int p = producer[v];
    if (p < 0 || readers[v] != 1)
      continue;
    const Op &op = g.ops[p];
    bool elementwise =
        isElementwiseUnary(op.kind) || isElementwiseBinary(op.kind);
    bool threadGraph =
        op.kind == OpKind::ThreadGraph && op.results.size() == 1 && op.body;
    if ((elementwise || threadGraph) &&
        g.type(v).shape == g.type(saver.operands[0]).shape)
      savedBy[p] = static_cast<int>(s);
  }
  return savedBy;
}

std::vector<bool> tsopt::inputsLoadedBySavers(const Graph &g) {
  std::vector<int> savedBy = opsComputedBySavers(g);
  std::vector<int> readers(g.values.size(), 0),
      computedReaders(g.values.size(), 0);
  for (auto [i, op] : llvm::enumerate(g.ops))
    for (int v : op.operands) {
      ++readers[v];
      computedReaders[v] += savedBy[i] >= 0;
    }
  std::vector<bool> loaded(g.ops.size(), false);
  for (auto [i, op] : llvm::enumerate(g.ops))
    loaded[i] = op.kind == OpKind::BlockInput && op.fmap == kReplica &&
                readers[op.results[0]] > 0 &&
                computedReaders[op.results[0]] == readers[op.results[0]];
  return loaded;
}

std::vector<bool> tsopt::opsWithTiles(const Graph &g) {
  std::vector<int> savedBy = opsComputedBySavers(g);
  std::vector<bool> loaded = inputsLoadedBySavers(g);
  std::vector<bool> tiles(g.ops.size());
  for (auto [i, op] : llvm::enumerate(g.ops))
    tiles[i] = op.kind != OpKind::BlockOutput && !isPassThroughAccum(g, op) &&
               savedBy[i] < 0 && !loaded[i];
  return tiles;
}

void tsopt::dropScheduleAndMemoryPlan(Graph &g) {
  for (Op &op : g.ops) {
    op.depth = -1;
    op.offsets.clear();
    if (op.kind == OpKind::ThreadGraph && op.body) {
      auto body = std::make_shared<Graph>(*op.body);
      dropScheduleAndMemoryPlan(*body);
      op.body = std::move(body);
    }
  }
}
