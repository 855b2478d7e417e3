//===- ComputeOps.td - Op classes shared by the three levels -*- tablegen -*-===//
//
// The compute op families (DESIGN §2) exist at the kernel, block and thread
// level with the same semantics on different value types: device tensors,
// shared-memory tiles, scalars in registers. These classes define each family
// once; each dialect instantiates them with its own value type.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_DIALECT_COMMON_COMPUTEOPS
#define TSOPT_DIALECT_COMMON_COMPUTEOPS

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "tsopt/Dialect/Common/CoreOpInterface.td"

/// Element types tsopt executes.
def TS_ElementType : AnyTypeOf<[F16, BF16, F32]>;
/// A device-memory tensor (kernel level): static shape.
def TS_Tensor : StaticShapeTensorOf<[F16, BF16, F32]>;

/// An op standing for core op kind `kind` (an enumerator of tsopt::OpKind).
class TS_CoreOp<Dialect dialect, string mnemonic, string kind,
                list<Trait> traits = []>
    : Op<dialect, mnemonic, !listconcat(traits, [CoreOpInterface])> {
  code coreKindDecl = "static constexpr ::tsopt::OpKind kCoreKind = "
                      "::tsopt::OpKind::" # kind # ";";
  let extraClassDeclaration = coreKindDecl;
}

/// Element-wise binary op with numpy broadcasting.
class TS_BinaryOp<Dialect dialect, string mnemonic, string kind, Type valueType,
                  string ty, string what,
    list<Trait> extra = []>
    : TS_CoreOp<dialect, mnemonic, kind, !listconcat(extra, [Pure])> {
  let summary = "element-wise " # what # " with numpy broadcasting";
  let description = "Element-wise " # what # " of two operands. Shapes are "
    # "right-aligned; missing leading dims and size-1 dims broadcast.\n\n"
    # "Example:\n\n```mlir\n%z = " # dialect.name # "." # mnemonic
    # " %x, %g : " # ty # "<8x64xf32>, " # ty # "<64xf32> -> " # ty
    # "<8x64xf32>\n```";
  let arguments = (ins valueType:$lhs, valueType:$rhs);
  let results = (outs valueType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` qualified(type($lhs)) `,` qualified(type($rhs)) `->` qualified(type($result))
  }];
}

/// Element-wise unary op.
class TS_UnaryOp<Dialect dialect, string mnemonic, string kind, Type valueType,
                 string ty, string what,
    list<Trait> extra = []>
    : TS_CoreOp<dialect, mnemonic, kind, !listconcat(extra, [Pure, SameOperandsAndResultShape])> {
  let summary = "element-wise " # what;
  let description = "Applies " # what # " to every element. The operand is "
    # "read at its element type and the result stored in its own (one type "
    # "is printed when they agree).\n\n"
    # "Example:\n\n```mlir\n%y = " # dialect.name # "." # mnemonic
    # " %x : " # ty # "<8x64xf32>\n%z = " # dialect.name # "." # mnemonic
    # " %h : " # ty # "<8x64xf16> -> " # ty # "<8x64xf32>\n```";
  let arguments = (ins valueType:$input);
  let results = (outs valueType:$result);
  let assemblyFormat =
      "$input attr-dict `:` custom<ComputeTypes>(type($input), type($result))";
}

/// An element-wise op with a compile-time constant: multiplication
/// (mul_scalar), addition (add_scalar), max(x, c) (max_scalar) or min(x, c)
/// (min_scalar).
class TS_ScalarOp<Dialect dialect, string mnemonic, string kind, string what,
    string example, Type valueType, string ty, list<Trait> extra = []>
    : TS_CoreOp<dialect, mnemonic, kind,
                !listconcat(extra, [Pure, SameOperandsAndResultShape])> {
  let summary = what # " a constant";
  let description = "Computes every element " # what # " the constant "
    # "`scalar`.\n\n"
    # "Example:\n\n```mlir\n%y = " # dialect.name # "." # mnemonic # " %x, "
    # example # " : " # ty # "<8x64xf32>\n```";
  let arguments = (ins valueType:$input, F64Attr:$scalar);
  let results = (outs valueType:$result);
  let assemblyFormat = "$input `,` $scalar attr-dict `:` "
                       "custom<ComputeTypes>(type($input), type($result))";
}

/// Batched matrix multiplication.
class TS_MatmulOp<Dialect dialect, Type valueType, string ty,
    list<Trait> extra = []>
    : TS_CoreOp<dialect, "matmul", "Matmul", !listconcat(extra, [Pure])> {
  let summary = "batched matrix multiplication";
  let description = "Contracts the last dim of `lhs` with the second-to-last "
    # "dim of `rhs`; leading (batch) dims must be equal.\n\n"
    # "Example:\n\n```mlir\n%c = " # dialect.name # ".matmul %a, %b : "
    # ty # "<2x16x64xf16>, " # ty # "<2x64x32xf16> -> " # ty
    # "<2x16x32xf16>\n```";
  let arguments = (ins valueType:$lhs, valueType:$rhs);
  let results = (outs valueType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` qualified(type($lhs)) `,` qualified(type($rhs)) `->` qualified(type($result))
  }];
}

/// Reduction of one dim to the extent given by the result type.
class TS_ReduceOp<Dialect dialect, string mnemonic, string kind,
                  Type valueType, string ty, string what,
    list<Trait> extra = []>
    : TS_CoreOp<dialect, mnemonic, kind, !listconcat(extra, [Pure])> {
  let summary = what # " reduction of one dim to an extent";
  let description = "Reduces dim `dim` of size n to the extent m given by the "
    # "result type (m divides n): result element j along `dim` is the " # what
    # " of the j-th contiguous group of n/m elements. m = 1 is a full "
    # "reduction; the rank is kept.\n\n"
    # "Example:\n\n```mlir\n%s = " # dialect.name # "." # mnemonic
    # " %x dim = 1 : " # ty # "<8x64xf32> -> " # ty # "<8x1xf32>\n```";
  let arguments = (ins valueType:$input, I64Attr:$dim);
  let results = (outs valueType:$result);
  let assemblyFormat = [{
    $input `dim` `=` $dim attr-dict `:` qualified(type($input)) `->` qualified(type($result))
  }];
}

/// Shape-changing op whose result shape is given by its type.
class TS_ReshapeLikeOp<Dialect dialect, string mnemonic, string kind,
                       Type valueType, string ty, string what, string to,
    list<Trait> extra = []>
    : TS_CoreOp<dialect, mnemonic, kind, !listconcat(extra, [Pure])> {
  let summary = what;
  let description = "The result shape is given by the result type: " # what
    # ".\n\nExample:\n\n```mlir\n%y = " # dialect.name # "." # mnemonic
    # " %x : " # ty # "<8x64xf32> -> " # ty # "<" # to # "xf32>\n```";
  let arguments = (ins valueType:$input);
  let results = (outs valueType:$result);
  let assemblyFormat = "$input attr-dict `:` qualified(type($input)) `->` qualified(type($result))";
}

/// Permutation of dims.
class TS_TransposeOp<Dialect dialect, Type valueType, string ty,
    list<Trait> extra = []>
    : TS_CoreOp<dialect, "transpose", "Transpose", !listconcat(extra, [Pure])> {
  let summary = "permutation of dims";
  let description = "Result dim i is operand dim `permutation[i]`.\n\n"
    # "Example:\n\n```mlir\n%kt = " # dialect.name # ".transpose %k "
    # "permutation = [1, 0] : " # ty # "<64x16xf16> -> " # ty
    # "<16x64xf16>\n```";
  let arguments = (ins valueType:$input, DenseI64ArrayAttr:$permutation);
  let results = (outs valueType:$result);
  let assemblyFormat = [{
    $input `permutation` `=` $permutation attr-dict `:` qualified(type($input)) `->`
    qualified(type($result))
  }];
}

/// A box of the operand at static offsets, unit strides.
class TS_SliceOp<Dialect dialect, Type valueType, string ty,
    list<Trait> extra = []>
    : TS_CoreOp<dialect, "slice", "Slice", !listconcat(extra, [Pure])> {
  let summary = "a box of the operand";
  let description = "Result element i is operand element i + `offsets` "
    # "(unit strides); the sizes are the result type's.\n\nExample:\n\n"
    # "```mlir\n%y = " # dialect.name # ".slice %x offsets = [0, 8] : " # ty
    # "<4x16xf32> -> " # ty # "<4x8xf32>\n```";
  let arguments = (ins valueType:$input, DenseI64ArrayAttr:$offsets);
  let results = (outs valueType:$result);
  let assemblyFormat = [{
    $input `offsets` `=` $offsets attr-dict `:` qualified(type($input)) `->`
    qualified(type($result))
  }];
}

/// The patches of a 2-d convolution's window as columns (im2col).
class TS_Im2ColOp<Dialect dialect, Type valueType, string ty,
    list<Trait> extra = []>
    : TS_CoreOp<dialect, "im2col", "Im2Col", !listconcat(extra, [Pure])> {
  let summary = "the patches of a convolution window, as columns";
  let description = "Reads NCHW images `X` (N, C, H, W) and writes, for "
    # "each output position (oh, ow) of the window, its patch as a column: "
    # "result element (n, (c*KH + i)*KW + j, oh*OW + ow) is "
    # "X[n, c, oh*sh - pt + i*dh, ow*sw - pl + j*dw], and `pad_value` "
    # "(finite; 0 when not written) outside X. "
    # "`kernel` = [KH, KW], `stride` = [sh, sw], `padding` = [pt, pl, pb, pr] "
    # "(top, left, bottom, right) and `dilation` = [dh, dw]; "
    # "OH = (H + pt + pb - dh*(KH - 1) - 1) / sh + 1, OW alike. A conv2d is "
    # "a matmul of its filters with this op's result.\n\nExample:\n\n"
    # "```mlir\n%c = " # dialect.name # ".im2col %x kernel = [3, 3] "
    # "stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] : " # ty
    # "<1x4x8x8xf32> -> " # ty # "<1x36x64xf32>\n```";
  let arguments = (ins valueType:$input, DenseI64ArrayAttr:$kernel,
                   DenseI64ArrayAttr:$stride, DenseI64ArrayAttr:$padding,
                   DenseI64ArrayAttr:$dilation,
                   DefaultValuedAttr<F64Attr, "0.0">:$pad_value);
  let results = (outs valueType:$result);
  let assemblyFormat = [{
    $input `kernel` `=` $kernel `stride` `=` $stride `padding` `=` $padding
    `dilation` `=` $dilation (`pad_value` `=` $pad_value^)? attr-dict `:`
    qualified(type($input)) `->` qualified(type($result))
  }];
}

/// Concatenation along one dim.
class TS_ConcatOp<Dialect dialect, Type valueType, string ty,
    list<Trait> extra = []>
    : TS_CoreOp<dialect, "concat", "Concat", !listconcat(extra, [Pure])> {
  let summary = "concatenation along one dim";
  let description = "Concatenates the operands along `dim`; all other dims "
    # "must agree.\n\nExample:\n\n```mlir\n%y = " # dialect.name
    # ".concat %a, %b dim = 1 : " # ty # "<16x32xf16>, " # ty
    # "<16x16xf16> -> " # ty # "<16x48xf16>\n```";
  let arguments = (ins Variadic<valueType>:$inputs, I64Attr:$dim);
  let results = (outs valueType:$result);
  let assemblyFormat = [{
    $inputs `dim` `=` $dim attr-dict `:` qualified(type($inputs)) `->` qualified(type($result))
  }];
}

/// Instantiates the compute families shared by the kernel and block levels.
multiclass TS_ComputeOps<Dialect dialect, Type valueType, string ty,
                         list<Trait> extra = []> {
  def AddOp : TS_BinaryOp<dialect, "add", "Add", valueType, ty, "addition", extra>;
  def SubOp : TS_BinaryOp<dialect, "sub", "Sub", valueType, ty, "subtraction", extra>;
  def MulOp : TS_BinaryOp<dialect, "mul", "Mul", valueType, ty,
                          "multiplication", extra>;
  def DivOp : TS_BinaryOp<dialect, "div", "Div", valueType, ty, "division", extra>;
  def ExpOp : TS_UnaryOp<dialect, "exp", "Exp", valueType, ty, "exp(x)", extra>;
  def SquareOp : TS_UnaryOp<dialect, "square", "Square", valueType, ty, "x*x", extra>;
  def SqrtOp : TS_UnaryOp<dialect, "sqrt", "Sqrt", valueType, ty, "sqrt(x)", extra>;
  def RsqrtOp : TS_UnaryOp<dialect, "rsqrt", "Rsqrt", valueType, ty,
                           "1/sqrt(x)", extra>;
  def SiluOp : TS_UnaryOp<dialect, "silu", "Silu", valueType, ty,
                          "silu(x) = x * sigmoid(x)", extra>;
  def GeluOp : TS_UnaryOp<dialect, "gelu", "Gelu", valueType, ty,
                          "gelu(x) = x * Phi(x) (erf form)", extra>;
  def ReluOp : TS_UnaryOp<dialect, "relu", "Relu", valueType, ty,
                          "relu(x) = max(x, 0)", extra>;
  def SigmoidOp : TS_UnaryOp<dialect, "sigmoid", "Sigmoid", valueType, ty,
                             "sigmoid(x) = 1 / (1 + exp(-x))", extra>;
  def TanhOp : TS_UnaryOp<dialect, "tanh", "Tanh", valueType, ty,
                          "tanh(x)", extra>;
  def NegOp : TS_UnaryOp<dialect, "neg", "Neg", valueType, ty, "-x", extra>;
  def MulScalarOp : TS_ScalarOp<dialect, "mul_scalar", "MulScalar",
      "multiplied by", "1.250000e-01", valueType, ty, extra>;
  def AddScalarOp : TS_ScalarOp<dialect, "add_scalar", "AddScalar",
      "plus", "9.999999e-07", valueType, ty, extra>;
  def MaxScalarOp : TS_ScalarOp<dialect, "max_scalar", "MaxScalar",
      "clamped from below to", "0.000000e+00", valueType, ty, extra>;
  def MinScalarOp : TS_ScalarOp<dialect, "min_scalar", "MinScalar",
      "clamped from above to", "6.000000e+00", valueType, ty, extra>;
  def MatmulOp : TS_MatmulOp<dialect, valueType, ty, extra>;
  def ReduceSumOp : TS_ReduceOp<dialect, "reduce_sum", "ReduceSum", valueType,
                                ty, "sum", extra>;
  def ReduceMaxOp : TS_ReduceOp<dialect, "reduce_max", "ReduceMax", valueType,
                                ty, "max", extra>;
  def RepeatOp : TS_ReshapeLikeOp<dialect, "repeat", "Repeat", valueType, ty,
      "tiling (numpy.tile): each result dim is a multiple of the operand dim",
      "16x128", extra>;
  def ReshapeOp : TS_ReshapeLikeOp<dialect, "reshape", "Reshape", valueType,
      ty, "row-major reinterpretation with the same element count", "2x4x64", extra>;
  def TransposeOp : TS_TransposeOp<dialect, valueType, ty, extra>;
  def ConcatOp : TS_ConcatOp<dialect, valueType, ty, extra>;
  def SliceOp : TS_SliceOp<dialect, valueType, ty, extra>;
  def Im2ColOp : TS_Im2ColOp<dialect, valueType, ty, extra>;
}

#endif // TSOPT_DIALECT_COMMON_COMPUTEOPS
