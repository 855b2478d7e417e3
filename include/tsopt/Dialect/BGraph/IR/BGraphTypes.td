//===- BGraphTypes.td - Block-level types ---------------------*- tablegen -*-===//

#ifndef TSOPT_DIALECT_BGRAPH_BGRAPHTYPES
#define TSOPT_DIALECT_BGRAPH_BGRAPHTYPES

include "tsopt/Dialect/BGraph/IR/BGraphDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

def BGraph_TileType : TypeDef<BGraph_Dialect, "Tile", [ShapedTypeInterface]> {
  let mnemonic = "tile";
  let summary = "a tile in shared memory";
  let description = [{
    The static, row-major shape of the tile one block holds in one for-loop
    iteration, and its element type (f16, bf16 or f32).

    Example: `!bgraph.tile<64x128xf16>`.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::llvm::ArrayRef<int64_t>":$shape,
                                        "::mlir::Type":$elementType), [{
      return $_get(elementType.getContext(), shape, elementType);
    }]>
  ];
  let extraClassDeclaration = [{
    using ::mlir::ShapedType::Trait<TileType>::getRank;
    using ::mlir::ShapedType::Trait<TileType>::getNumElements;
    bool hasRank() const { return true; }
    TileType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                       ::mlir::Type elementType) const;
  }];
}

def BGraph_Tile : Type<CPred<"::llvm::isa<::tsopt::bgraph::TileType>($_self)">,
                       "tile", "::tsopt::bgraph::TileType">;

#endif // TSOPT_DIALECT_BGRAPH_BGRAPHTYPES
