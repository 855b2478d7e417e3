// tsopt-plan-kernels gives every pre-defined op that runs as a kernel its
// default block graph, planned, as a kgraph.kernel in its place: the kernel
// the cost model prices the op by and the lowering reads. A reshape the
// lowering makes a view stays. Planning planned IR changes nothing.
// RUN: tsopt-opt %s --tsopt-plan-kernels=target=sm_80 | FileCheck %s
// RUN: tsopt-opt %s --tsopt-plan-kernels=target=sm_80 | tsopt-opt --tsopt-plan-kernels=target=sm_80 | FileCheck %s
// The cost model prices a pre-defined op by the kernels this pass writes:
// each estimate is the same before and after. (Functions are estimated in
// parallel, and every remark must come out: while a remark also printed
// its whole function, MLIR's "see current operation" note, one of two
// planned functions' remarks was now and then missing.)
// RUN: tsopt-opt %s --tsopt-estimate-cost=target=sm_80 -o /dev/null 2> %t.before
// RUN: tsopt-opt %s --tsopt-plan-kernels=target=sm_80 | tsopt-opt --tsopt-estimate-cost=target=sm_80 -o /dev/null 2> %t.after
// RUN: cat %t.before %t.after | FileCheck %s --check-prefix=COST
// COST: remark: estimated [[F:[0-9.]+]] us
// COST: remark: estimated [[CONV:[0-9.]+]] us
// COST: remark: estimated [[F]] us
// COST: remark: estimated [[CONV]] us
// The expansions compiled for the CPU agree with the evaluator's run of the
// pre-defined ops:
// RUN: tsopt-run %s --backend=cpu --fn=f --reference=f | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: func.func @f(
// CHECK:      %[[N:.*]] = kgraph.kernel grid = [1] forloop = 1 ins(%arg0, %arg2 : {{.*}}) -> (tensor<8x64xf16>) attributes {bgraph.block_threads = 128 : i64, bgraph.stages = 1 : i64}
// CHECK:        bgraph.rms_norm {{.*}} epsilon = 1.000000e-05 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.offset = {{[0-9]+}} : i64, bgraph.tree_width = 16 : i64}
// CHECK:      %[[M:.*]] = kgraph.kernel grid = [1, 1] forloop = 2 ins(%[[N]], %arg1 : {{.*}}) -> (tensor<8x32xf16>) attributes {bgraph.block_threads = 128 : i64, bgraph.stages = 3 : i64}
// CHECK:        bgraph.matmul {{.*}}bgraph.mma = "m16n8k16"
// CHECK:      %[[R:.*]] = kgraph.reshape %arg0 : tensor<8x64xf16> -> tensor<512xf16>
// CHECK:      %[[E:.*]] = kgraph.kernel {{.*}} ins(%[[R]] : tensor<512xf16>)
// CHECK:        bgraph.exp
// CHECK:      return %[[M]], %[[E]]
// EXEC: agree
func.func @f(%x: tensor<8x64xf16>, %w: tensor<64x32xf16>, %g: tensor<64xf16>) -> (tensor<8x32xf16>, tensor<512xf16>) {
  %n = kgraph.rms_norm %x, %g epsilon = 1.000000e-05 : tensor<8x64xf16>, tensor<64xf16> -> tensor<8x64xf16>
  %m = kgraph.matmul %n, %w : tensor<8x64xf16>, tensor<64x32xf16> -> tensor<8x32xf16>
  %r = kgraph.reshape %x : tensor<8x64xf16> -> tensor<512xf16>
  %e = kgraph.exp %r : tensor<512xf16>
  return %m, %e : tensor<8x32xf16>, tensor<512xf16>
}

// A convolution whose image columns do not fit one kernel's tiles: it runs
// over bands of its output rows (each band's image rows sliced out, then
// convolved), the bands concatenated (test/Conversion/KGraphToSCF/conv-bands.mlir
// runs such bands on the CPU).
// CHECK-LABEL: func.func @big_conv(
// CHECK:      %[[S:.*]] = kgraph.kernel {{.*}} ins(%arg0 : tensor<1x64x128x128xf32>) -> (tensor<1x64x16x128xf32>)
// CHECK:        bgraph.slice
// CHECK:      kgraph.kernel {{.*}} ins(%[[S]], %arg1 : {{.*}}) -> (tensor<1x64x15x128xf32>)
// CHECK:        bgraph.im2col
// CHECK-NOT:  kgraph.conv2d
// CHECK:      %[[OUT:.*]] = kgraph.kernel {{.*}} -> (tensor<1x64x128x128xf32>)
// CHECK:        bgraph.concat
// CHECK:      return %[[OUT]]
func.func @big_conv(%x: tensor<1x64x128x128xf32>, %w: tensor<64x64x3x3xf32>) -> tensor<1x64x128x128xf32> {
  %y = kgraph.conv2d %x, %w stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : tensor<1x64x128x128xf32>, tensor<64x64x3x3xf32> -> tensor<1x64x128x128xf32>
  return %y : tensor<1x64x128x128xf32>
}

