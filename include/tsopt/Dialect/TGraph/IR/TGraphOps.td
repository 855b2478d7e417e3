//===- TGraphOps.td - Thread-level ops ------------------------*- tablegen -*-===//

#ifndef TSOPT_DIALECT_TGRAPH_TGRAPHOPS
#define TSOPT_DIALECT_TGRAPH_TGRAPHOPS

include "tsopt/Dialect/TGraph/IR/TGraphDialect.td"
include "tsopt/Dialect/BGraph/IR/BGraphTypes.td"
include "tsopt/Dialect/BGraph/IR/BGraphInterfaces.td"
include "tsopt/Dialect/Common/ComputeOps.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def TGraph_GraphOp : TS_CoreOp<TGraph_Dialect, "graph", "ThreadGraph", [
    Pure, IsolatedFromAbove, SingleBlock, InBlockGraph]> {
  let summary = "a thread graph applied element-wise over tiles";
  let description = [{
    The region has one scalar argument per tile operand (of the operand's
    element type) and yields one scalar per result. The operands broadcast to
    a common shape (numpy rules), which is the shape of every result; the
    region is applied to each element.

    Example (silu(a) * b fused into registers):

    ```mlir
    %r = tgraph.graph %a, %b : !bgraph.tile<16x32xf16>, !bgraph.tile<16x32xf16> -> !bgraph.tile<16x32xf16> {
    ^bb0(%x: f16, %y: f16):
      %s = tgraph.silu %x : f16
      %m = tgraph.mul %s, %y : f16
      tgraph.yield %m : f16
    }
    ```
  }];
  let arguments = (ins Variadic<BGraph_Tile>:$inputs);
  let results = (outs Variadic<BGraph_Tile>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $inputs attr-dict `:` qualified(type($inputs)) `->` qualified(type($results)) $body
  }];
  let hasRegionVerifier = 1;
}

class TGraph_ScalarOp<string mnemonic, string kind, list<Trait> traits = []>
    : TS_CoreOp<TGraph_Dialect, mnemonic, kind, !listconcat(traits,
        [Pure, SameOperandsAndResultType, HasParent<"GraphOp">])>;

class TGraph_BinaryOp<string mnemonic, string kind, string what>
    : TGraph_ScalarOp<mnemonic, kind> {
  let summary = "scalar " # what;
  let description = "Scalar " # what # " in registers.\n\nExample:\n\n"
    # "```mlir\n%z = tgraph." # mnemonic # " %x, %y : f32\n```";
  let arguments = (ins TS_ElementType:$lhs, TS_ElementType:$rhs);
  let results = (outs TS_ElementType:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` qualified(type($result))";
}

class TGraph_UnaryOp<string mnemonic, string kind, string what>
    : TGraph_ScalarOp<mnemonic, kind> {
  let summary = "scalar " # what;
  let description = "Scalar " # what # " in registers.\n\nExample:\n\n"
    # "```mlir\n%y = tgraph." # mnemonic # " %x : f32\n```";
  let arguments = (ins TS_ElementType:$input);
  let results = (outs TS_ElementType:$result);
  let assemblyFormat = "$input attr-dict `:` qualified(type($result))";
}

def TGraph_AddOp : TGraph_BinaryOp<"add", "Add", "addition">;
def TGraph_SubOp : TGraph_BinaryOp<"sub", "Sub", "subtraction">;
def TGraph_MulOp : TGraph_BinaryOp<"mul", "Mul", "multiplication">;
def TGraph_DivOp : TGraph_BinaryOp<"div", "Div", "division">;
def TGraph_ExpOp : TGraph_UnaryOp<"exp", "Exp", "exp(x)">;
def TGraph_SquareOp : TGraph_UnaryOp<"square", "Square", "x*x">;
def TGraph_SqrtOp : TGraph_UnaryOp<"sqrt", "Sqrt", "sqrt(x)">;
def TGraph_RsqrtOp : TGraph_UnaryOp<"rsqrt", "Rsqrt", "1/sqrt(x)">;
def TGraph_SiluOp : TGraph_UnaryOp<"silu", "Silu", "silu(x) = x * sigmoid(x)">;
def TGraph_GeluOp : TGraph_UnaryOp<"gelu", "Gelu", "gelu(x), erf form">;
def TGraph_ReluOp : TGraph_UnaryOp<"relu", "Relu", "max(x, 0)">;
def TGraph_SigmoidOp : TGraph_UnaryOp<"sigmoid", "Sigmoid", "1 / (1 + exp(-x))">;
def TGraph_TanhOp : TGraph_UnaryOp<"tanh", "Tanh", "tanh(x)">;
def TGraph_NegOp : TGraph_UnaryOp<"neg", "Neg", "-x">;

def TGraph_MulScalarOp : TGraph_ScalarOp<"mul_scalar", "MulScalar"> {
  let summary = "scalar multiplication by a constant";
  let description = [{
    Multiplies by the constant `scalar`.

    Example:

    ```mlir
    %y = tgraph.mul_scalar %x, 1.250000e-01 : f32
    ```
  }];
  let arguments = (ins TS_ElementType:$input, F64Attr:$scalar);
  let results = (outs TS_ElementType:$result);
  let assemblyFormat = "$input `,` $scalar attr-dict `:` qualified(type($result))";
}

def TGraph_MaxScalarOp : TGraph_ScalarOp<"max_scalar", "MaxScalar"> {
  let summary = "the larger of the operand and a constant";
  let description = [{
    max(x, `scalar`).

    Example:

    ```mlir
    %y = tgraph.max_scalar %x, 0.000000e+00 : f32
    ```
  }];
  let arguments = (ins TS_ElementType:$input, F64Attr:$scalar);
  let results = (outs TS_ElementType:$result);
  let assemblyFormat = "$input `,` $scalar attr-dict `:` qualified(type($result))";
}

def TGraph_MinScalarOp : TGraph_ScalarOp<"min_scalar", "MinScalar"> {
  let summary = "the smaller of the operand and a constant";
  let description = [{
    min(x, `scalar`).

    Example:

    ```mlir
    %y = tgraph.min_scalar %x, 6.000000e+00 : f32
    ```
  }];
  let arguments = (ins TS_ElementType:$input, F64Attr:$scalar);
  let results = (outs TS_ElementType:$result);
  let assemblyFormat = "$input `,` $scalar attr-dict `:` qualified(type($result))";
}

def TGraph_AddScalarOp : TGraph_ScalarOp<"add_scalar", "AddScalar"> {
  let summary = "scalar addition of a constant";
  let description = [{
    Adds the constant `scalar`.

    Example:

    ```mlir
    %y = tgraph.add_scalar %x, 9.999999e-07 : f32
    ```
  }];
  let arguments = (ins TS_ElementType:$input, F64Attr:$scalar);
  let results = (outs TS_ElementType:$result);
  let assemblyFormat = "$input `,` $scalar attr-dict `:` qualified(type($result))";
}

def TGraph_YieldOp : Op<TGraph_Dialect, "yield", [
    Pure, Terminator, ReturnLike, HasParent<"GraphOp">]> {
  let summary = "returns a thread graph's scalars";
  let description = [{
    Terminates a thread graph; one scalar per result tile.

    Example:

    ```mlir
    tgraph.yield %m : f16
    ```
  }];
  let arguments = (ins Variadic<TS_ElementType>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` qualified(type($values)))?";
}

#endif // TSOPT_DIALECT_TGRAPH_TGRAPHOPS
