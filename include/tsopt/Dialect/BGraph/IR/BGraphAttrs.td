//===- BGraphAttrs.td - Block-level attributes ----------------*- tablegen -*-===//

#ifndef TSOPT_DIALECT_BGRAPH_BGRAPHATTRS
#define TSOPT_DIALECT_BGRAPH_BGRAPHATTRS

include "tsopt/Dialect/BGraph/IR/BGraphDialect.td"
include "mlir/IR/EnumAttr.td"

def BGraph_AccumKind : I32EnumAttr<"AccumKind", "for-loop accumulator kind", [
    I32EnumAttrCase<"sum", 0>,
    I32EnumAttrCase<"max", 1>,
    I32EnumAttrCase<"concat", 2>]> {
  let cppNamespace = "::tsopt::bgraph";
}

#endif // TSOPT_DIALECT_BGRAPH_BGRAPHATTRS
