//===- InitAll.h - Registration of tsopt dialects and passes ----*- C++ -*-===//

#ifndef TSOPT_INITALL_H
#define TSOPT_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace tsopt {
/// Registers the kgraph, bgraph and tgraph dialects and the upstream dialects
/// tsopt programs use (func).
void registerAllDialects(mlir::DialectRegistry &registry);
/// Registers every tsopt pass and pipeline with the global pass registry.
void registerAllPasses();
} // namespace tsopt

#endif // TSOPT_INITALL_H
