// tsopt-plan-precision gives a hand-written µGraph the tile dtypes of the
// precision plan, in place: sums, reductions and products in f32, a tile
// whose only reader is a saver to an f16 tensor in f16, thread graphs in
// f32 registers; iterators keep their tensor's dtype. Idempotent.
// RUN: tsopt-opt %s --tsopt-plan-precision | FileCheck %s
// RUN: tsopt-opt %s --tsopt-plan-precision | tsopt-opt --tsopt-plan-precision | FileCheck %s
// Written all in f16, the sums of squares of inputs of size 80 overflow
// (64 squares of up to 6400 exceed 65504) and every output is 0; planned,
// the µGraph agrees with the reference, evaluated and compiled for the CPU.
// RUN: not tsopt-run %s --fn=norm_matmul --reference=norm_matmul_ref --input-scale=80 | FileCheck %s --check-prefix=F16
// RUN: tsopt-opt %s --tsopt-plan-precision | tsopt-run --fn=norm_matmul --reference=norm_matmul_ref --input-scale=80 | FileCheck %s --check-prefix=PLANNED
// RUN: tsopt-opt %s --tsopt-plan-precision | tsopt-run --fn=norm_matmul --reference=norm_matmul_ref --input-scale=80 --backend=cpu | FileCheck %s --check-prefix=PLANNED

// F16: output #0: tensor<16x32xf16> mean 0 absmax 0
// F16: @norm_matmul vs @norm_matmul_ref: DIFFER
// PLANNED: @norm_matmul vs @norm_matmul_ref: agree

// CHECK-LABEL: func.func @norm_matmul(
// CHECK: bgraph.input {{.*}} -> !bgraph.tile<16x16xf16>
// CHECK: bgraph.input {{.*}} -> !bgraph.tile<16x32xf16>
// CHECK: bgraph.matmul {{.*}} -> !bgraph.tile<16x32xf32>
// CHECK: bgraph.square {{.*}} : !bgraph.tile<16x16xf16> -> !bgraph.tile<16x16xf32>
// CHECK: bgraph.reduce_sum {{.*}} : !bgraph.tile<16x16xf32> -> !bgraph.tile<16x1xf32>
// CHECK: bgraph.accum sum {{.*}} : !bgraph.tile<16x32xf32> -> !bgraph.tile<16x32xf32>
// CHECK: bgraph.accum sum {{.*}} : !bgraph.tile<16x1xf32> -> !bgraph.tile<16x1xf32>
// CHECK: tgraph.graph {{.*}} : !bgraph.tile<16x32xf32>, !bgraph.tile<16x1xf32> -> !bgraph.tile<16x32xf16> {
// CHECK-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
// CHECK-NEXT: tgraph.mul_scalar {{.*}} : f32
// CHECK-NEXT: tgraph.sqrt {{.*}} : f32
// CHECK-NEXT: tgraph.div {{.*}} : f32
// CHECK-NEXT: tgraph.yield {{.*}} : f32
// CHECK: bgraph.output {{.*}} : !bgraph.tile<16x32xf16> -> tensor<16x32xf16>

func.func @norm_matmul_ref(%x: tensor<16x64xf16>, %w: tensor<64x32xf16>) -> tensor<16x32xf16> {
  %sq = kgraph.square %x : tensor<16x64xf16> -> tensor<16x64xf32>
  %ss = kgraph.reduce_sum %sq dim = 1 : tensor<16x64xf32> -> tensor<16x1xf32>
  %ms = kgraph.mul_scalar %ss, 1.562500e-02 : tensor<16x1xf32>
  %r = kgraph.sqrt %ms : tensor<16x1xf32>
  %p = kgraph.matmul %x, %w : tensor<16x64xf16>, tensor<64x32xf16> -> tensor<16x32xf32>
  %y = kgraph.div %p, %r : tensor<16x32xf32>, tensor<16x1xf32> -> tensor<16x32xf16>
  return %y : tensor<16x32xf16>
}

func.func @norm_matmul(%x: tensor<16x64xf16>, %w: tensor<64x32xf16>) -> tensor<16x32xf16> attributes {tsopt.reference = @norm_matmul_ref} {
  %y = kgraph.kernel grid = [1] forloop = 4 ins(%x, %w : tensor<16x64xf16>, tensor<64x32xf16>) -> (tensor<16x32xf16>) {
  ^bb0(%xb: tensor<16x64xf16>, %wb: tensor<64x32xf16>):
    %xt = bgraph.input %xb imap = {x = replica} fmap = 1 : tensor<16x64xf16> -> !bgraph.tile<16x16xf16>
    %wt = bgraph.input %wb imap = {x = replica} fmap = 0 : tensor<64x32xf16> -> !bgraph.tile<16x32xf16>
    %p = bgraph.matmul %xt, %wt : !bgraph.tile<16x16xf16>, !bgraph.tile<16x32xf16> -> !bgraph.tile<16x32xf16>
    %sq = bgraph.square %xt : !bgraph.tile<16x16xf16>
    %ss = bgraph.reduce_sum %sq dim = 1 : !bgraph.tile<16x16xf16> -> !bgraph.tile<16x1xf16>
    %pa = bgraph.accum sum %p : !bgraph.tile<16x32xf16> -> !bgraph.tile<16x32xf16>
    %sa = bgraph.accum sum %ss : !bgraph.tile<16x1xf16> -> !bgraph.tile<16x1xf16>
    %t = tgraph.graph %pa, %sa : !bgraph.tile<16x32xf16>, !bgraph.tile<16x1xf16> -> !bgraph.tile<16x32xf16> {
    ^bb0(%a: f16, %s: f16):
      %m = tgraph.mul_scalar %s, 1.562500e-02 : f16
      %r = tgraph.sqrt %m : f16
      %d = tgraph.div %a, %r : f16
      tgraph.yield %d : f16
    }
    %o = bgraph.output %t omap = {x = replica} : !bgraph.tile<16x32xf16> -> tensor<16x32xf16>
    bgraph.yield %o : tensor<16x32xf16>
  }
  return %y : tensor<16x32xf16>
}
