//===- BGraphDialect.td - The block-level dialect -------------*- tablegen -*-===//

#ifndef TSOPT_DIALECT_BGRAPH_BGRAPHDIALECT
#define TSOPT_DIALECT_BGRAPH_BGRAPHDIALECT

include "mlir/IR/OpBase.td"

def BGraph_Dialect : Dialect {
  let name = "bgraph";
  let cppNamespace = "::tsopt::bgraph";
  let summary = "Block graphs: what one thread block computes in shared memory";
  let description = [{
    The body of a graph-defined kernel (`kgraph.kernel`). Every value is a
    tile (`!bgraph.tile<...>`) held in shared memory; its type is the tile
    shape one block sees in one for-loop iteration. `bgraph.input` (input
    iterator) cuts tiles out of a kernel tensor by `imap` (grid dims) and
    `fmap` (the for-loop dim); `bgraph.accum` accumulates or concatenates
    the loop's iterations; `bgraph.output` (output saver) writes each
    block's tile into a result tensor by `omap`.

    Maps name one tensor dim per grid dim, or `replica` when that grid dim
    does not partition the tensor: `imap = {x = 0, y = replica}`.
  }];
  let useDefaultTypePrinterParser = 1;
  // The kernel plan's attributes (bgraph.mma, bgraph.copy_bytes,
  // bgraph.stages) are checked where they are attached.
  let hasOperationAttrVerify = 1;
}

#endif // TSOPT_DIALECT_BGRAPH_BGRAPHDIALECT
