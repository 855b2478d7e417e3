//===- BGraphInterfaces.td - Interfaces of block graphs -------*- tablegen -*-===//

#ifndef TSOPT_DIALECT_BGRAPH_BGRAPHINTERFACES
#define TSOPT_DIALECT_BGRAPH_BGRAPHINTERFACES

include "mlir/IR/OpBase.td"

def LaunchOpInterface : OpInterface<"LaunchOpInterface"> {
  let cppNamespace = "::tsopt::bgraph";
  let description = [{
    An op whose single-block region is a block graph: it provides the grid
    and the for-loop extent that the block graph's maps refer to.
    `kgraph.kernel` implements it.
  }];
  let methods = [
    InterfaceMethod<"Grid extents (x, y, z; 1 to 3 dims).",
      "::llvm::ArrayRef<int64_t>", "getGrid">,
    InterfaceMethod<"For-loop iteration count.", "uint64_t", "getForloop">,
  ];
}

/// The op sits directly in the region of an op implementing
/// LaunchOpInterface (a block graph).
def InBlockGraph : NativeOpTrait<"InBlockGraph"> {
  let cppNamespace = "::tsopt::bgraph";
}

#endif // TSOPT_DIALECT_BGRAPH_BGRAPHINTERFACES
