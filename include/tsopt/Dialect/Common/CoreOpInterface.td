//===- CoreOpInterface.td - Ops that map onto core µGraph ops -*- tablegen -*-===//
//
// Every kgraph/bgraph/tgraph op that is a node of a µGraph implements this
// interface: it names the core op kind (tsopt/Core/Graph.h) the op stands
// for. The importer, the shape verifier and the block-graph path check work
// through it, so no op list is restated per dialect.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_DIALECT_COMMON_COREOPINTERFACE
#define TSOPT_DIALECT_COMMON_COREOPINTERFACE

include "mlir/IR/OpBase.td"

def CoreOpInterface : OpInterface<"CoreOpInterface"> {
  let cppNamespace = "::tsopt";
  let description = [{
    An op that is one node of a µGraph. `getCoreKind` names the core op kind
    it stands for. The interface verifier checks the op's shape rules through
    `tsopt/Core/ShapeRules.h`, the single statement of those rules.
  }];
  let methods = [
    InterfaceMethod<"The core µGraph op kind this op stands for.",
      "::tsopt::OpKind", "getCoreKind", (ins), [{}],
      [{ return ConcreteOp::kCoreKind; }]>,
  ];
  let verify = [{ return ::tsopt::verifyCoreOpShapes($_op); }];
}

#endif // TSOPT_DIALECT_COMMON_COREOPINTERFACE
