//===- BGraphOps.td - Block-level ops -------------------------*- tablegen -*-===//

#ifndef TSOPT_DIALECT_BGRAPH_BGRAPHOPS
#define TSOPT_DIALECT_BGRAPH_BGRAPHOPS

include "tsopt/Dialect/BGraph/IR/BGraphDialect.td"
include "tsopt/Dialect/BGraph/IR/BGraphAttrs.td"
include "tsopt/Dialect/BGraph/IR/BGraphTypes.td"
include "tsopt/Dialect/BGraph/IR/BGraphInterfaces.td"
include "tsopt/Dialect/Common/ComputeOps.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

defm BGraph_ : TS_ComputeOps<BGraph_Dialect, BGraph_Tile, "!bgraph.tile",
                             [InBlockGraph]>;

class BGraph_Op<string mnemonic, string kind, list<Trait> traits = []>
    : TS_CoreOp<BGraph_Dialect, mnemonic, kind,
                !listconcat(traits, [InBlockGraph])>;

def BGraph_RmsNormOp : BGraph_Op<"rms_norm", "RmsNorm", [Pure]> {
  let summary = "RMS normalization of a tile over its last dim";
  let description = [{
    `Y[..., j] = X[..., j] * G[j] / sqrt(mean_j X[..., j]^2 + epsilon)` on
    tiles, with `kgraph.rms_norm`'s semantics: the block graph of a
    pre-defined `kgraph.rms_norm` (its default expansion) runs it on blocks
    of whole rows.

    Example:

    ```mlir
    %y = bgraph.rms_norm %x, %g epsilon = 1.0e-05 : !bgraph.tile<16x64xf16>, !bgraph.tile<64xf16> -> !bgraph.tile<16x64xf32>
    ```
  }];
  let arguments = (ins BGraph_Tile:$input, BGraph_Tile:$gain,
                   DefaultValuedAttr<F64Attr, "0.0">:$epsilon);
  let results = (outs BGraph_Tile:$result);
  let assemblyFormat = [{
    $input `,` $gain (`epsilon` `=` $epsilon^)? attr-dict `:` qualified(type($input)) `,`
    qualified(type($gain)) `->` qualified(type($result))
  }];
}

def BGraph_InputOp : BGraph_Op<"input", "BlockInput", [Pure]> {
  let summary = "input iterator: cuts a kernel tensor into tiles";
  let description = [{
    Reads the kernel tensor `source` (an argument of the enclosing block
    graph). For block (bx, by, bz) and iteration i: for each grid dim g with
    `imap[g] = d`, keep chunk b_g of size |d| / grid_g along d; then, when
    `fmap = e`, keep chunk i of size (remaining |e|) / forloop along e.
    `replica` means the grid dim (or the loop) does not partition the tensor:
    every block (iteration) sees the whole extent.

    Example (grid [4, 2], forloop 8):

    ```mlir
    %t = bgraph.input %w imap = {x = 1, y = replica} fmap = 0 : tensor<64x128xf16> -> !bgraph.tile<8x32xf16>
    ```
  }];
  let arguments = (ins TS_Tensor:$source, DenseI64ArrayAttr:$imap,
                   I64Attr:$fmap);
  let results = (outs BGraph_Tile:$result);
  let assemblyFormat = [{
    $source `imap` `=` custom<GridMap>($imap) `fmap` `=` custom<LoopMap>($fmap)
    attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def BGraph_AccumOp : BGraph_Op<"accum", "Accum", [Pure]> {
  let summary = "for-loop accumulator";
  let description = [{
    Closes the for-loop. `sum` and `max` combine the operand's tiles of all
    iterations element-wise; `concat` concatenates them along dim `fmap` in
    iteration order (the result's dim `fmap` is forloop times larger). Ops
    that use the result run once per block after the loop.

    A `sum` with `maxima` merges partials that were each kept relative to
    their rows' maxima (a softmax split across kernels, as FlashDecoding
    combines its splits: the partials and the `bgraph.running_max` of the
    kernel that wrote them). `maxima` holds one value per row for every
    group of the tile's columns. With `m` each element's running maximum,
    iteration i's tile `x` with maxima `c` gives `m' = max(m, c)` and
    `acc = acc * exp(m - m') + x * exp(c - m')`; the result is kept
    relative to the final `m`, so accumulators that merge partials meet
    only as quotients of each other, where the factor cancels. Where every
    maximum is 0 (partials computed with their exps as written) this is
    the plain sum.

    Example (forloop 4):

    ```mlir
    %s = bgraph.accum sum %p : !bgraph.tile<16x32xf32> -> !bgraph.tile<16x32xf32>
    %c = bgraph.accum concat %p fmap = 1 : !bgraph.tile<16x32xf32> -> !bgraph.tile<16x128xf32>
    %o = bgraph.accum sum %p maxima %m : !bgraph.tile<16x32xf32>, !bgraph.tile<16x1xf32> -> !bgraph.tile<16x32xf32>
    ```
  }];
  let arguments = (ins BGraph_Tile:$input, BGraph_AccumKind:$kind,
                   Optional<BGraph_Tile>:$maxima,
                   OptionalAttr<I64Attr>:$fmap);
  let results = (outs BGraph_Tile:$result);
  let assemblyFormat = [{
    $kind $input (`maxima` $maxima^)? (`fmap` `=` $fmap^)? attr-dict `:`
    qualified(type($input)) (`,` qualified(type($maxima))^)? `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def BGraph_RunningMaxOp : BGraph_Op<"running_max", "RunningMax", [Pure]> {
  let summary = "the row maxima a sum accumulator is kept relative to";
  let description = [{
    The producing kernel of a softmax split across kernels writes its
    partial sums relative to each row's running maximum (the exp planned
    `bgraph.exp_form = "running_max"`, whose sums are written out rather
    than divided); this op is that maximum, for every row of the sum
    accumulator `input`, repeated over the result's columns (one value per
    row for every group of the accumulator's columns). An accumulator that
    no running-max form rescales (its exp runs as written, or it sums
    something else) is kept relative to 0, and so this op is 0. A saver
    writes it beside the partials; the consumers merge them with
    `bgraph.accum sum ... maxima`. `tsopt-plan-kernels` adds both where
    the consumers of a split softmax can merge its partials.

    Example:

    ```mlir
    %m = bgraph.running_max %o : !bgraph.tile<16x64xf32> -> !bgraph.tile<16x1xf32>
    ```
  }];
  let arguments = (ins BGraph_Tile:$input);
  let results = (outs BGraph_Tile:$result);
  let assemblyFormat = [{
    $input attr-dict `:` qualified(type($input)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def BGraph_OutputOp : BGraph_Op<"output", "BlockOutput", [Pure]> {
  let summary = "output saver: writes each block's tile into a result tensor";
  let description = [{
    Block (bx, by, bz) writes its post-loop tile at offset b_g * tile[d]
    along dim d = `omap[g]` of the result tensor, for every grid dim g. Every
    grid dim of extent > 1 maps to a distinct result dim, so blocks write
    disjoint regions; the result shape is the tile shape scaled by omap.

    Example (grid [4, 2]):

    ```mlir
    %o = bgraph.output %s omap = {x = 1, y = 0} : !bgraph.tile<8x32xf16> -> tensor<16x128xf16>
    ```
  }];
  let arguments = (ins BGraph_Tile:$input, DenseI64ArrayAttr:$omap);
  let results = (outs TS_Tensor:$result);
  let assemblyFormat = [{
    $input `omap` `=` custom<GridMap>($omap) attr-dict `:` qualified(type($input)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def BGraph_YieldOp : Op<BGraph_Dialect, "yield", [
    Pure, Terminator, ReturnLike, InBlockGraph]> {
  let summary = "returns a block graph's result tensors";
  let description = [{
    Terminates a block graph. Its operands are the results of
    `bgraph.output` ops, in the order of the enclosing kernel's results.

    Example:

    ```mlir
    bgraph.yield %o : tensor<16x128xf16>
    ```
  }];
  let arguments = (ins Variadic<TS_Tensor>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` qualified(type($values)))?";
  let hasVerifier = 1;
}

#endif // TSOPT_DIALECT_BGRAPH_BGRAPHOPS
