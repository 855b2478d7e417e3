//===- GraphText.cpp - Text form and descriptions of lean graphs ----------===//
//
// The search keeps candidates as lean graphs; checkpoints, result caches and
// canonical ranks need a stable text for them, and remarks a one-line
// description.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Core/GraphText.h"
#include "tsopt/Core/GraphCheck.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace tsopt;

//===----------------------------------------------------------------------===//
// Text form
//===----------------------------------------------------------------------===//

static void writeGraph(const Graph &g, llvm::raw_ostream &os) {
  auto list = [&](llvm::ArrayRef<int64_t> xs) {
    os << xs.size();
    for (int64_t x : xs)
      os << ' ' << x;
    os << ' ';
  };
  os << "G " << static_cast<int>(g.level) << ' ';
  list(g.grid);
  os << g.forloop << ' ' << g.values.size() << ' ';
  for (const tsopt::TensorType &t : g.values) {
    os << static_cast<int>(t.dtype) << ' ';
    list(t.shape);
  }
  auto ints = [&](llvm::ArrayRef<int> xs) {
    os << xs.size();
    for (int x : xs)
      os << ' ' << x;
    os << ' ';
  };
  ints(g.inputs);
  ints(g.outputs);
  os << g.ops.size() << ' ';
  for (const tsopt::Op &op : g.ops) {
    uint64_t scalarBits;
    std::memcpy(&scalarBits, &op.scalar, sizeof scalarBits);
    os << static_cast<int>(op.kind) << ' ';
    ints(op.operands);
    ints(op.results);
    os << op.dim << ' ' << scalarBits << ' ';
    list(op.perm);
    os << op.gridMap[0] << ' ' << op.gridMap[1] << ' ' << op.gridMap[2] << ' '
       << op.fmap << ' ' << static_cast<int>(op.accum) << ' '
       << (op.body ? 1 : 0) << ' ';
    if (op.body)
      writeGraph(*op.body, os);
  }
}

std::string tsopt::serializeGraph(const Graph &graph) {
  std::string s;
  llvm::raw_string_ostream os(s);
  writeGraph(graph, os);
  return s;
}

namespace {
/// Reads the integers writeGraph wrote; any malformed token fails.
class Reader {
public:
  explicit Reader(llvm::StringRef text) : rest(text) {}
  bool failed = false;

  int64_t next() {
    rest = rest.ltrim();
    auto [tok, tail] = rest.split(' ');
    rest = tail;
    int64_t v = 0;
    if (tok.empty() || tok.getAsInteger(10, v))
      failed = true;
    return v;
  }
  uint64_t nextUnsigned() {
    rest = rest.ltrim();
    auto [tok, tail] = rest.split(' ');
    rest = tail;
    uint64_t v = 0;
    if (tok.empty() || tok.getAsInteger(10, v))
      failed = true;
    return v;
  }
  bool expect(llvm::StringRef word) {
    rest = rest.ltrim();
    if (!rest.consume_front(word))
      failed = true;
    return !failed;
  }
  /// A count of what follows, each item at least one token of two
  /// characters: a count the rest of the text cannot hold fails before
  /// anything is allocated for it.
  int64_t count() {
    int64_t n = next();
    if (n < 0 || n > static_cast<int64_t>(rest.size() / 2 + 1))
      failed = true;
    return failed ? 0 : n;
  }

private:
  llvm::StringRef rest;
};
} // namespace

/// Reads a graph at `minLevel` or deeper; a body is one level deeper than
/// the op holding it, so the recursion ends after three levels.
static bool readGraph(Reader &r, Graph &g, int64_t minLevel = 0) {
  if (!r.expect("G"))
    return false;
  int64_t level = r.next();
  if (level < minLevel || level > 2)
    return false;
  g.level = static_cast<Level>(level);
  g.grid.clear();
  for (int64_t i = 0, n = r.count(); i < n; ++i)
    g.grid.push_back(r.next());
  g.forloop = r.next();
  g.values.resize(r.count());
  for (tsopt::TensorType &t : g.values) {
    int64_t dt = r.next();
    if (dt < 0 || dt > 2)
      return false;
    t.dtype = static_cast<DType>(dt);
    for (int64_t i = 0, n = r.count(); i < n; ++i)
      t.shape.push_back(r.next());
  }
  auto ids = [&](auto &out) {
    for (int64_t i = 0, n = r.count(); i < n; ++i) {
      int64_t v = r.next();
      if (v < 0 || v >= static_cast<int64_t>(g.values.size()))
        r.failed = true;
      out.push_back(static_cast<int>(v));
    }
  };
  ids(g.inputs);
  ids(g.outputs);
  g.ops.resize(r.count());
  for (tsopt::Op &op : g.ops) {
    int64_t kind = r.next();
    if (kind < 0 || kind >= static_cast<int64_t>(allOpKinds().size()))
      return false;
    op.kind = static_cast<OpKind>(kind);
    ids(op.operands);
    ids(op.results);
    op.dim = r.next();
    uint64_t bits = r.nextUnsigned();
    std::memcpy(&op.scalar, &bits, sizeof bits);
    for (int64_t i = 0, n = r.count(); i < n; ++i)
      op.perm.push_back(r.next());
    for (int &m : op.gridMap)
      m = static_cast<int>(r.next());
    op.fmap = static_cast<int>(r.next());
    op.accum = r.next() ? AccumKind::Max : AccumKind::Sum;
    if (r.next()) {
      auto body = std::make_shared<Graph>();
      if (!readGraph(r, *body, level + 1))
        return false;
      op.body = std::move(body);
    }
    if (r.failed)
      return false;
  }
  return !r.failed;
}

llvm::FailureOr<Graph> tsopt::deserializeGraph(llvm::StringRef text,
                                               std::string *why) {
  Reader r(text);
  Graph g;
  if (!readGraph(r, g)) {
    if (why)
      *why = "not the text of a serialized graph";
    return llvm::failure();
  }
  // The text may come from a file anyone can edit (a result cache, a
  // checkpoint) or a pickle: what it describes is checked like any graph
  // not built by the importer.
  std::string bad;
  if (failed(checkGraphWellFormed(g, &bad))) {
    if (why)
      *why = "the serialized graph is malformed: " + bad;
    return llvm::failure();
  }
  return g;
}

//===----------------------------------------------------------------------===//
// Descriptions
//===----------------------------------------------------------------------===//

std::string tsopt::describeStructure(const Graph &graph) {
  std::string s;
  llvm::raw_string_ostream os(s);
  unsigned kernels = 0;
  for (const tsopt::Op &op : graph.ops)
    kernels += op.kind == OpKind::Kernel;
  os << graph.ops.size() << (graph.ops.size() == 1 ? " op" : " ops") << " ("
     << kernels << " graph-defined)";
  for (auto [i, op] : llvm::enumerate(graph.ops)) {
    os << (i ? "; " : ": ");
    if (op.kind != OpKind::Kernel) {
      os << "kgraph." << stringifyOpKind(op.kind);
      continue;
    }
    unsigned compute = 0, threadGraphs = 0, outputs = 0;
    for (const tsopt::Op &b : op.body->ops) {
      compute += b.kind != OpKind::BlockInput && b.kind != OpKind::BlockOutput;
      threadGraphs += b.kind == OpKind::ThreadGraph;
      outputs += b.kind == OpKind::BlockOutput;
    }
    os << "kernel grid [";
    llvm::interleaveComma(op.body->grid, os);
    os << "] forloop " << op.body->forloop << ", " << compute << " block ops, "
       << threadGraphs << " thread graphs, " << outputs
       << (outputs == 1 ? " output" : " outputs");
  }
  return s;
}
