// The softmax split over two kernels (FlashDecoding): kernel 1 keeps
// unnormalized partial sums of exp(S)·V and exp(S) per kv split, kernel 2
// sums the splits and divides. Logits here reach about 45, so exp overflows
// f16 (largest finite value 65504) though not f32. Kernel 1 is lowered in
// the running-max form and writes its partials relative to each row's
// maximum, with the maxima as an extra f32 tensor (one per row of each
// producer tile, as FlashDecoding writes one log-sum-exp per row and
// split); kernel 2 merges the
// splits against a running maximum of its own. The result is finite and
// agrees with the reference evaluated in f32. The reference's own exp
// kernel stores exp(x) in f16 as written and overflows.
// RUN: tsopt-run %s --backend=cpu | FileCheck %s --check-prefix=SAFE
// The evaluator, computing as the kernels do, runs the same split form and
// agrees too; planned with the producer's exp as written (and so without
// the tree of its row maxima), both overflow.
// RUN: tsopt-run %s | FileCheck %s --check-prefix=SAFE
// RUN: tsopt-opt %s --tsopt-plan-kernels | sed -e '/running_max/s/, bgraph.tree_width = [0-9]* : i64//' -e 's/"running_max"/"literal"/' > %t.literal.mlir
// RUN: not tsopt-run %t.literal.mlir --fn=split_opt | FileCheck %s --check-prefix=UNSAFE
// RUN: not tsopt-run %t.literal.mlir --fn=split_opt --backend=cpu | FileCheck %s --check-prefix=UNSAFE
// RUN: not tsopt-run %s --backend=cpu --fn=split_ref --reference=split_ref | FileCheck %s --check-prefix=UNSAFE
// RUN: tsopt-opt %s --tsopt-plan-kernels --convert-kgraph-to-scf | FileCheck %s --check-prefix=IR
// The plan states the split in the program: the producer writes each partial's
// row maxima (bgraph.running_max) into two new f32 results, and the
// consumer reads them as two new operands, merged by its accumulators.
// Planned twice, it is unchanged.
// RUN: tsopt-opt %s --tsopt-plan-kernels | FileCheck %s --check-prefix=PLAN
// RUN: tsopt-opt %s --tsopt-plan-kernels | tsopt-opt --tsopt-plan-kernels | FileCheck %s --check-prefix=PLAN

// PLAN-LABEL: func.func @split_opt(
// PLAN: %[[K:.*]]:4 = kgraph.kernel grid = [2, 4, 2] {{.*}} -> (tensor<2x16x32xf16>, tensor<2x16x4xf16>, tensor<2x16x4xf32>, tensor<2x16x4xf32>)
// PLAN: %[[A:.*]] = bgraph.accum sum
// PLAN: %[[R:.*]] = bgraph.accum sum
// PLAN: %[[MA:.*]] = bgraph.running_max %[[A]] {{.*}} : !bgraph.tile<1x8x8xf16> -> !bgraph.tile<1x8x1xf32>
// PLAN-NEXT: bgraph.output %[[MA]]
// PLAN-NEXT: %[[MR:.*]] = bgraph.running_max %[[R]]
// PLAN-NEXT: bgraph.output %[[MR]]
// PLAN-NOT: bgraph.running_max
// PLAN: kgraph.kernel grid = [2, 2] forloop = 4 ins(%[[K]]#0, %[[K]]#1, %[[K]]#2, %[[K]]#3 :
// PLAN: bgraph.accum sum %{{.*}} maxima %{{.*}} : !bgraph.tile<1x8x8xf16>, !bgraph.tile<1x8x1xf32> -> !bgraph.tile<1x8x8xf16>
// PLAN: bgraph.accum sum %{{.*}} maxima %{{.*}} : !bgraph.tile<1x8x1xf16>, !bgraph.tile<1x8x1xf32> -> !bgraph.tile<1x8x1xf16>

// SAFE: @split_opt vs @split_ref: agree
// UNSAFE: DIFFER (inf/nan)

// The row maxima travel as f32 tensors, one value per row of a producer
// tile (2x16x4 next to the 2x16x32 partial of 8-column tiles, and next to
// the 2x16x4 row sums), written by kernel 0 and read by kernel 1 next to
// the partials.
// IR-LABEL: func.func @split_opt(
// IR: %[[MA:.*]] = memref.alloc() : memref<2x16x4xf32>
// IR: %[[MR:.*]] = memref.alloc() : memref<2x16x4xf32>
// IR: call @split_opt_kernel0(%arg0, %arg1, %arg2, %[[PA:.*]], %[[PR:.*]], %[[MA]], %[[MR]])
// IR: call @split_opt_kernel1(%[[PA]], %[[PR]], %[[MA]], %[[MR]], %arg3)
// The merge: m' = max(m, c), acc * exp(m - m') + x * exp(c - m').
// IR-LABEL: func.func private @split_opt_kernel1(
// IR: %[[M:.*]] = memref.load %{{.*}} : memref<1x8x8xf32>
// IR-NEXT: %[[G:.*]] = arith.constant 8 : index
// IR-NEXT: %[[COL:.*]] = arith.divui %{{.*}}, %[[G]] : index
// IR-NEXT: %[[C:.*]] = memref.load %{{.*}}[%{{.*}}, %{{.*}}, %[[COL]]] : memref<1x8x1xf32>
// IR-NEXT: %[[N:.*]] = arith.maximumf %[[M]], %[[C]] : f32
// IR: arith.cmpf oeq, %[[N]]
// IR: arith.subf %[[M]], %[[N]] : f32
// IR: arith.subf %[[C]], %[[N]] : f32
// IR: arith.addf
// IR: memref.store
// IR-NEXT: memref.store %[[N]]

func.func @split_ref(%q: tensor<2x16x8xf16>, %k: tensor<2x8x64xf16>, %v: tensor<2x64x8xf16>) -> tensor<2x16x8xf16> {
  %s = kgraph.matmul %q, %k : tensor<2x16x8xf16>, tensor<2x8x64xf16> -> tensor<2x16x64xf16>
  %z = kgraph.mul_scalar %s, 16.0 : tensor<2x16x64xf16>
  %e = kgraph.exp %z : tensor<2x16x64xf16>
  %r = kgraph.reduce_sum %e dim = 2 : tensor<2x16x64xf16> -> tensor<2x16x1xf16>
  %p = kgraph.div %e, %r : tensor<2x16x64xf16>, tensor<2x16x1xf16> -> tensor<2x16x64xf16>
  %o = kgraph.matmul %p, %v : tensor<2x16x64xf16>, tensor<2x64x8xf16> -> tensor<2x16x8xf16>
  return %o : tensor<2x16x8xf16>
}

func.func @split_opt(%q: tensor<2x16x8xf16>, %k: tensor<2x8x64xf16>, %v: tensor<2x64x8xf16>) -> tensor<2x16x8xf16> attributes {tsopt.reference = @split_ref} {
  %p:2 = kgraph.kernel grid = [2, 4, 2] forloop = 2 ins(%q, %k, %v : tensor<2x16x8xf16>, tensor<2x8x64xf16>, tensor<2x64x8xf16>) -> (tensor<2x16x32xf16>, tensor<2x16x4xf16>) {
  ^bb0(%q_b: tensor<2x16x8xf16>, %k_b: tensor<2x8x64xf16>, %v_b: tensor<2x64x8xf16>):
    %qt = bgraph.input %q_b imap = {x = 0, y = replica, z = 1} fmap = replica : tensor<2x16x8xf16> -> !bgraph.tile<1x8x8xf16>
    %kt = bgraph.input %k_b imap = {x = 0, y = 2, z = replica} fmap = 2 : tensor<2x8x64xf16> -> !bgraph.tile<1x8x8xf16>
    %vt = bgraph.input %v_b imap = {x = 0, y = 1, z = replica} fmap = 1 : tensor<2x64x8xf16> -> !bgraph.tile<1x8x8xf16>
    %st = bgraph.matmul %qt, %kt : !bgraph.tile<1x8x8xf16>, !bgraph.tile<1x8x8xf16> -> !bgraph.tile<1x8x8xf16>
    %et = tgraph.graph %st : !bgraph.tile<1x8x8xf16> -> !bgraph.tile<1x8x8xf16> {
    ^bb0(%s: f16):
      %z = tgraph.mul_scalar %s, 16.0 : f16
      %e = tgraph.exp %z : f16
      tgraph.yield %e : f16
    }
    %at = bgraph.matmul %et, %vt : !bgraph.tile<1x8x8xf16>, !bgraph.tile<1x8x8xf16> -> !bgraph.tile<1x8x8xf16>
    %rt = bgraph.reduce_sum %et dim = 2 : !bgraph.tile<1x8x8xf16> -> !bgraph.tile<1x8x1xf16>
    %aa = bgraph.accum sum %at : !bgraph.tile<1x8x8xf16> -> !bgraph.tile<1x8x8xf16>
    %ra = bgraph.accum sum %rt : !bgraph.tile<1x8x1xf16> -> !bgraph.tile<1x8x1xf16>
    %oa = bgraph.output %aa omap = {x = 0, y = 2, z = 1} : !bgraph.tile<1x8x8xf16> -> tensor<2x16x32xf16>
    %or = bgraph.output %ra omap = {x = 0, y = 2, z = 1} : !bgraph.tile<1x8x1xf16> -> tensor<2x16x4xf16>
    bgraph.yield %oa, %or : tensor<2x16x32xf16>, tensor<2x16x4xf16>
  }
  %o = kgraph.kernel grid = [2, 2] forloop = 4 ins(%p#0, %p#1 : tensor<2x16x32xf16>, tensor<2x16x4xf16>) -> (tensor<2x16x8xf16>) {
  ^bb0(%pa_b: tensor<2x16x32xf16>, %pr_b: tensor<2x16x4xf16>):
    %at = bgraph.input %pa_b imap = {x = 0, y = 1} fmap = 2 : tensor<2x16x32xf16> -> !bgraph.tile<1x8x8xf16>
    %rt = bgraph.input %pr_b imap = {x = 0, y = 1} fmap = 2 : tensor<2x16x4xf16> -> !bgraph.tile<1x8x1xf16>
    %as = bgraph.accum sum %at : !bgraph.tile<1x8x8xf16> -> !bgraph.tile<1x8x8xf16>
    %rs = bgraph.accum sum %rt : !bgraph.tile<1x8x1xf16> -> !bgraph.tile<1x8x1xf16>
    %d = bgraph.div %as, %rs : !bgraph.tile<1x8x8xf16>, !bgraph.tile<1x8x1xf16> -> !bgraph.tile<1x8x8xf16>
    %od = bgraph.output %d omap = {x = 0, y = 1} : !bgraph.tile<1x8x8xf16> -> tensor<2x16x8xf16>
    bgraph.yield %od : tensor<2x16x8xf16>
  }
  return %o : tensor<2x16x8xf16>
}
