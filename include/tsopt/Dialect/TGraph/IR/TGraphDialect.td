//===- TGraphDialect.td - The thread-level dialect ------------*- tablegen -*-===//

#ifndef TSOPT_DIALECT_TGRAPH_TGRAPHDIALECT
#define TSOPT_DIALECT_TGRAPH_TGRAPHDIALECT

include "mlir/IR/OpBase.td"

def TGraph_Dialect : Dialect {
  let name = "tgraph";
  let cppNamespace = "::tsopt::tgraph";
  let summary = "Thread graphs: element-wise chains run in registers";
  let description = [{
    A `tgraph.graph` op sits in a block graph. Its region computes scalars:
    it is applied element by element (with numpy broadcasting) over its tile
    operands, its inputs loaded from shared memory to registers and its
    results stored back (DESIGN §2.3). Thread graphs are constructed by
    fusing chains of element-wise block ops; a `tgraph.graph` means exactly
    what the chain it replaced meant.
  }];
  let dependentDialects = ["::tsopt::bgraph::BGraphDialect"];
}

#endif // TSOPT_DIALECT_TGRAPH_TGRAPHDIALECT
