//===- Dot.cpp - Graphviz pictures of µGraphs -----------------------------===//

#include "tsopt/Support/Dot.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace tsopt;

namespace {

/// A DOT string literal; '\n' becomes a centred line break.
std::string quote(llvm::StringRef s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string typeLabel(const TensorType &t) {
  if (t.shape.empty())
    return stringifyDType(t.dtype).str();
  return formatShape(t.shape) + " " + stringifyDType(t.dtype).str();
}

/// The spelling of the IR: a tensor dim or `replica`.
std::string mapEntry(int dim) {
  return dim == kReplica ? "replica" : std::to_string(dim);
}

/// `{x = 1, y = replica}` over the grid dims a kernel has.
std::string gridMapLabel(const Op &op, size_t gridDims) {
  static const char *names[] = {"x", "y", "z"};
  std::string s = "{";
  for (size_t g = 0; g < std::min<size_t>(std::max<size_t>(gridDims, 1), 3);
       ++g)
    s += (g ? ", " : "") + std::string(names[g]) + " = " +
         mapEntry(op.gridMap[g]);
  return s + "}";
}

std::string formatScalar(double v) {
  std::string s;
  llvm::raw_string_ostream(s) << llvm::format("%g", v);
  return s;
}

/// The op's name and the attributes the picture must show; maps are drawn on
/// edges instead, and result shapes are appended by the caller.
std::string opLabel(const Op &op) {
  std::string s = stringifyOpKind(op.kind).str();
  switch (op.kind) {
  case OpKind::ReduceSum:
  case OpKind::ReduceMax:
  case OpKind::Concat:
    return s + " dim = " + std::to_string(op.dim);
  case OpKind::MulScalar:
  case OpKind::AddScalar:
  case OpKind::MaxScalar:
  case OpKind::MinScalar:
    return s + " " + formatScalar(op.scalar);
  case OpKind::RmsNorm:
    return op.scalar != 0 ? s + " eps = " + formatScalar(op.scalar) : s;
  case OpKind::Transpose: {
    s += " perm = [";
    for (auto [i, p] : llvm::enumerate(op.perm))
      s += (i ? ", " : "") + std::to_string(p);
    return s + "]";
  }
  case OpKind::Accum:
    if (op.fmap != kReplica)
      return s + " concat fmap = " + std::to_string(op.fmap);
    return s + (op.accum == AccumKind::Max ? " max" : " sum");
  default:
    return s;
  }
}

class DotWriter {
public:
  DotWriter(std::string &out, llvm::ArrayRef<std::string> inputNames)
      : os(out), inputNames(inputNames) {}

  void write(const Graph &g, llvm::StringRef name) {
    os << "digraph " << quote(name) << " {\n"
       << "  compound = true;\n"
       << "  node [fontname = \"Helvetica\", fontsize = 10];\n"
       << "  edge [fontname = \"Helvetica\", fontsize = 9];\n";
    writeKernelGraph(g);
    for (const std::string &e : edges)
      os << e;
    os << "}\n";
  }

private:
  llvm::raw_string_ostream os;
  llvm::ArrayRef<std::string> inputNames;
  std::string indent = "  ";
  std::vector<std::string> edges;

  static std::string valueNode(int v) { return "v" + std::to_string(v); }

  void node(llvm::StringRef id, llvm::StringRef label,
            llvm::StringRef attrs = "") {
    os << indent << id << " [label = " << quote(label);
    if (!attrs.empty())
      os << ", " << attrs;
    os << "];\n";
  }

  /// Edges are written after all nodes, at the top level: an edge statement
  /// inside a cluster would pull its endpoints (kernel tensors) into it.
  void edge(llvm::StringRef from, llvm::StringRef to,
            llvm::StringRef label = "") {
    std::string e = "  " + from.str() + " -> " + to.str();
    if (!label.empty())
      e += " [label = " + quote(label) + "]";
    edges.push_back(e + ";\n");
  }

  /// Kernel level: tensors are nodes, since they are what lives in device
  /// memory between launches.
  void writeKernelGraph(const Graph &g) {
    for (int v = 0; v < (int)g.values.size(); ++v) {
      std::string tags;
      bool isInput = false, isOutput = false;
      for (auto [i, in] : llvm::enumerate(g.inputs))
        if (in == v) {
          tags += (tags.empty() ? "" : " ") +
                  (i < inputNames.size() && !inputNames[i].empty()
                       ? inputNames[i]
                       : "in" + std::to_string(i));
          isInput = true;
        }
      for (auto [i, out] : llvm::enumerate(g.outputs))
        if (out == v) {
          tags += (tags.empty() ? "out" : " out") + std::to_string(i);
          isOutput = true;
        }
      std::string label = typeLabel(g.values[v]);
      if (!tags.empty())
        label = tags + "\n" + label;
      std::string attrs = "shape = ellipse";
      if (isInput)
        attrs += ", style = filled, fillcolor = \"#dde8f7\"";
      if (isOutput)
        attrs += ", penwidth = 2";
      node(valueNode(v), label, attrs);
    }
    for (auto [i, op] : llvm::enumerate(g.ops)) {
      if (op.kind == OpKind::Kernel && op.body) {
        writeKernel(op, i);
        continue;
      }
      std::string id = "op" + std::to_string(i);
      node(id, opLabel(op), "shape = box, style = rounded");
      for (int v : op.operands)
        edge(valueNode(v), id);
      for (int r : op.results)
        edge(id, valueNode(r));
    }
  }

  /// The nodes a body's values come from, and the op that produced each
  /// (-1 for the body's inputs).
  struct Drawn {
    std::vector<std::string> node;
    std::vector<int> op;
  };

  /// Draws the ops of a block or thread graph under `prefix`; `inputNodes[p]`
  /// stands for `g.inputs[p]`. `gridDims` labels input iterator maps.
  Drawn writeBody(const Graph &g, const std::string &prefix,
                  llvm::ArrayRef<std::string> inputNodes, size_t gridDims) {
    Drawn d;
    d.node.assign(g.values.size(), "");
    d.op.assign(g.values.size(), -1);
    for (auto [p, in] : llvm::enumerate(g.inputs))
      if (in >= 0 && in < (int)g.values.size() && p < inputNodes.size())
        d.node[in] = inputNodes[p];
    auto source = [&](int v) -> std::string {
      if (v >= 0 && v < (int)d.node.size() && !d.node[v].empty())
        return d.node[v];
      // A dangling operand: draw it where it can be seen.
      std::string id = prefix + "bad" + std::to_string(v);
      node(id, "?" + std::to_string(v), "shape = plaintext");
      return id;
    };
    for (auto [i, op] : llvm::enumerate(g.ops)) {
      std::string id = prefix + "op" + std::to_string(i);
      if (op.kind == OpKind::ThreadGraph && op.body) {
        std::vector<std::string> operandNodes;
        for (int v : op.operands)
          operandNodes.push_back(source(v));
        std::string yield =
            writeThreadGraph(*op.body, op, g, id + "_", operandNodes, i);
        for (int r : op.results)
          if (r >= 0 && r < (int)g.values.size()) {
            d.node[r] = yield;
            d.op[r] = i;
          }
        continue;
      }
      std::string label = opLabel(op);
      // Thread-level values are scalars of the kernel's one dtype: their
      // types would repeat on every node without saying anything.
      if (g.level != Level::Thread)
        for (auto [k, r] : llvm::enumerate(op.results))
          if (r >= 0 && r < (int)g.values.size())
            label += (k ? ", " : "\n") + typeLabel(g.values[r]);
      const char *shape =
          op.kind == OpKind::BlockInput || op.kind == OpKind::BlockOutput
              ? "shape = box, style = filled, fillcolor = "
                "\"#fff2cc\""
          : op.kind == OpKind::Accum
              ? "shape = box, style = filled, fillcolor = "
                "\"#e2f0d9\""
              : "shape = box, style = rounded";
      node(id, label, shape);
      std::string inLabel;
      if (op.kind == OpKind::BlockInput)
        inLabel = "imap = " + gridMapLabel(op, gridDims) +
                  "\nfmap = " + mapEntry(op.fmap);
      for (int v : op.operands)
        edge(source(v), id, inLabel);
      for (int r : op.results)
        if (r >= 0 && r < (int)g.values.size()) {
          d.node[r] = id;
          d.op[r] = i;
        }
    }
    return d;
  }

  void writeKernel(const Op &kernel, size_t index) {
    const Graph &body = *kernel.body;
    std::string prefix = "k" + std::to_string(index) + "_";
    std::string grid = "[";
    for (auto [i, e] : llvm::enumerate(body.grid))
      grid += (i ? ", " : "") + std::to_string(e);
    grid += "]";
    os << indent << "subgraph cluster_k" << index << " {\n";
    std::string outer = indent;
    indent += "  ";
    os << indent << "label = "
       << quote("kernel #" + std::to_string(index) + "\ngrid = " + grid +
                ", forloop = " + std::to_string(body.forloop))
       << ";\n"
       << indent << "style = rounded;\n"
       << indent << "color = \"#4472c4\";\n";
    std::vector<std::string> inputs;
    for (int v : kernel.operands)
      inputs.push_back(valueNode(v));
    Drawn d = writeBody(body, prefix, inputs, body.grid.size());
    indent = outer;
    os << indent << "}\n";
    // Output savers write kernel tensors, which are outside the cluster.
    for (auto [q, v] : llvm::enumerate(body.outputs)) {
      if (q >= kernel.results.size() || v < 0 || v >= (int)d.node.size() ||
          d.node[v].empty())
        continue;
      std::string label;
      int producer = d.op[v];
      if (producer >= 0 && body.ops[producer].kind == OpKind::BlockOutput)
        label = "omap = " + gridMapLabel(body.ops[producer], body.grid.size());
      edge(d.node[v], valueNode(kernel.results[q]), label);
    }
  }

  /// Draws a thread graph as a nested cluster; returns its yield node, which
  /// stands for all of the thread-graph op's results.
  std::string writeThreadGraph(const Graph &tg, const Op &op,
                               const Graph &block, const std::string &prefix,
                               llvm::ArrayRef<std::string> operandNodes,
                               size_t index) {
    std::string label = "thread graph #" + std::to_string(index);
    os << indent << "subgraph cluster_" << prefix << " {\n";
    std::string outer = indent;
    indent += "  ";
    os << indent << "label = " << quote(label) << ";\n"
       << indent << "style = \"rounded,filled\";\n"
       << indent << "fillcolor = \"#f2f2f2\";\n"
       << indent << "color = \"#7f7f7f\";\n";
    std::vector<std::string> inputs;
    for (size_t p = 0; p < tg.inputs.size(); ++p) {
      std::string id = prefix + "in" + std::to_string(p);
      node(id, "in" + std::to_string(p), "shape = plaintext");
      inputs.push_back(id);
    }
    Drawn d = writeBody(tg, prefix, inputs, 0);
    std::string yield = prefix + "yield";
    std::string yl = "yield";
    for (auto [k, r] : llvm::enumerate(op.results))
      if (r >= 0 && r < (int)block.values.size())
        yl += (k ? ", " : "\n") + typeLabel(block.values[r]);
    node(yield, yl, "shape = box, style = rounded");
    for (int v : tg.outputs)
      if (v >= 0 && v < (int)d.node.size() && !d.node[v].empty())
        edge(d.node[v], yield);
    indent = outer;
    os << indent << "}\n";
    // Tiles enter the thread graph element by element.
    for (auto [p, from] : llvm::enumerate(operandNodes))
      if (p < inputs.size())
        edge(from, inputs[p]);
    return yield;
  }
};

} // namespace

std::string tsopt::toDot(const Graph &kernelGraph, llvm::StringRef name,
                         llvm::ArrayRef<std::string> inputNames) {
  std::string out;
  DotWriter(out, inputNames).write(kernelGraph, name);
  return out;
}
