//===- KGraphDialect.td - The kernel-level dialect ------------*- tablegen -*-===//

#ifndef TSOPT_DIALECT_KGRAPH_KGRAPHDIALECT
#define TSOPT_DIALECT_KGRAPH_KGRAPHDIALECT

include "mlir/IR/OpBase.td"

def KGraph_Dialect : Dialect {
  let name = "kgraph";
  let cppNamespace = "::tsopt::kgraph";
  let summary = "Kernel graphs: tensor programs over device memory";
  let description = [{
    A `func.func` whose body is `kgraph` ops is a kernel graph (DESIGN §2.1).
    Values are static-shaped row-major tensors in device memory. Pre-defined
    kernel ops (matmul, element-wise, reductions, data movement, rms_norm)
    have fixed semantics; `kgraph.kernel` is a graph-defined kernel whose body
    is a block graph (`bgraph` ops) launched on a grid with a for-loop.

    ```mlir
    func.func @ref(%x: tensor<8x64xf16>, %w: tensor<64x32xf16>) -> tensor<8x32xf16> {
      %y = kgraph.matmul %x, %w : tensor<8x64xf16>, tensor<64x32xf16> -> tensor<8x32xf16>
      return %y : tensor<8x32xf16>
    }
    ```
  }];
  let dependentDialects = ["::tsopt::bgraph::BGraphDialect"];
}

#endif // TSOPT_DIALECT_KGRAPH_KGRAPHDIALECT
