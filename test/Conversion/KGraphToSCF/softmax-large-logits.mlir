// Logits up to about 45: exp overflows f16 (largest finite value 65504) but
// not f32. The fused kernel is lowered in the running-max form, so no exp
// it stores exceeds 1 and it agrees with the reference evaluated in f32.
// The reference's own exp kernel stores exp(x) in f16 as written and
// overflows: the running-max form is what keeps the fused kernel finite.
// RUN: tsopt-run %s --backend=cpu | FileCheck %s --check-prefix=SAFE
// RUN: not tsopt-run %s --backend=cpu --fn=attn_ref --reference=attn_ref | FileCheck %s --check-prefix=UNSAFE
// RUN: tsopt-opt %s --tsopt-plan-kernels --convert-kgraph-to-gpu | FileCheck %s --check-prefix=GPU

// SAFE: @attn_opt vs @attn_ref: agree
// UNSAFE: DIFFER (inf/nan)

// The running maximum: a row max of the exp's argument, merged with the old
// maximum, and the factor exp(m_old - m_new) (1 while the row is all -inf).
// The 16 rows of 16 columns take 4 threads each: partial maxima, a
// butterfly of two shuffles, the row's first lane's store, one barrier.
// GPU-LABEL: gpu.func @attn_opt_kernel0
// GPU: scf.for %{{.*}} step %c4{{[_0-9]*}} iter_args(%[[M:[a-z0-9]+]] = %{{.*}}) -> (f32)
// GPU: arith.maximumf %[[M]]
// GPU-NOT: gpu.barrier
// GPU: gpu.shuffle  xor %{{.*}}, %c2_i32
// GPU: arith.maximumf
// GPU: gpu.shuffle  xor %{{.*}}, %c1_i32
// GPU: arith.maximumf
// GPU: memref.store %{{.*}}, %[[SCRATCH:.*]][%{{.*}}] : memref<64xf32, #gpu.address_space<workgroup>>
// GPU-NEXT: }
// GPU-NEXT: gpu.barrier
// GPU: memref.load %[[SCRATCH]]
// GPU: %[[OLD:.*]] = memref.load %[[MAXBUF:.*]][
// GPU: %[[NEW:.*]] = arith.maximumf %[[OLD]]
// GPU: arith.cmpf oeq, %[[NEW]]
// GPU: arith.subf %[[OLD]], %[[NEW]]
// GPU: ex2.approx.ftz.f32
// GPU: arith.select
// GPU: memref.store %[[NEW]], %[[MAXBUF]]
// GPU: gpu.barrier
// The exp itself is of x - m.
// GPU: memref.load %[[MAXBUF]]
// GPU: arith.subf
// GPU: ex2.approx.ftz.f32

func.func @attn_ref(%q: tensor<32x16xf16>, %k: tensor<64x16xf16>, %v: tensor<64x16xf16>) -> tensor<32x16xf16> {
  %kt = kgraph.transpose %k permutation = [1, 0] : tensor<64x16xf16> -> tensor<16x64xf16>
  %s = kgraph.matmul %q, %kt : tensor<32x16xf16>, tensor<16x64xf16> -> tensor<32x64xf16>
  %z = kgraph.mul_scalar %s, 1.0e+01 : tensor<32x64xf16>
  %e = kgraph.exp %z : tensor<32x64xf16>
  %r = kgraph.reduce_sum %e dim = 1 : tensor<32x64xf16> -> tensor<32x1xf16>
  %p = kgraph.div %e, %r : tensor<32x64xf16>, tensor<32x1xf16> -> tensor<32x64xf16>
  %o = kgraph.matmul %p, %v : tensor<32x64xf16>, tensor<64x16xf16> -> tensor<32x16xf16>
  return %o : tensor<32x16xf16>
}

func.func @attn_opt(%q: tensor<32x16xf16>, %k: tensor<64x16xf16>, %v: tensor<64x16xf16>) -> tensor<32x16xf16> attributes {tsopt.reference = @attn_ref} {
  %o = kgraph.kernel grid = [2] forloop = 4 ins(%q, %k, %v : tensor<32x16xf16>, tensor<64x16xf16>, tensor<64x16xf16>) -> (tensor<32x16xf16>) {
  ^bb0(%q_b: tensor<32x16xf16>, %k_b: tensor<64x16xf16>, %v_b: tensor<64x16xf16>):
    %qt = bgraph.input %q_b imap = {x = 0} fmap = replica : tensor<32x16xf16> -> !bgraph.tile<16x16xf16>
    %kt = bgraph.input %k_b imap = {x = replica} fmap = 0 : tensor<64x16xf16> -> !bgraph.tile<16x16xf16>
    %vt = bgraph.input %v_b imap = {x = replica} fmap = 0 : tensor<64x16xf16> -> !bgraph.tile<16x16xf16>
    %ktt = bgraph.transpose %kt permutation = [1, 0] : !bgraph.tile<16x16xf16> -> !bgraph.tile<16x16xf16>
    %st = bgraph.matmul %qt, %ktt : !bgraph.tile<16x16xf16>, !bgraph.tile<16x16xf16> -> !bgraph.tile<16x16xf16>
    %et = tgraph.graph %st : !bgraph.tile<16x16xf16> -> !bgraph.tile<16x16xf16> {
    ^bb0(%st_s: f16):
      %z = tgraph.mul_scalar %st_s, 1.0e+01 : f16
      %e = tgraph.exp %z : f16
      tgraph.yield %e : f16
    }
    %at = bgraph.matmul %et, %vt : !bgraph.tile<16x16xf16>, !bgraph.tile<16x16xf16> -> !bgraph.tile<16x16xf16>
    %rt = bgraph.reduce_sum %et dim = 1 : !bgraph.tile<16x16xf16> -> !bgraph.tile<16x1xf16>
    %aa = bgraph.accum sum %at : !bgraph.tile<16x16xf16> -> !bgraph.tile<16x16xf16>
    %ra = bgraph.accum sum %rt : !bgraph.tile<16x1xf16> -> !bgraph.tile<16x1xf16>
    %y = bgraph.div %aa, %ra : !bgraph.tile<16x16xf16>, !bgraph.tile<16x1xf16> -> !bgraph.tile<16x16xf16>
    %oo = bgraph.output %y omap = {x = 0} : !bgraph.tile<16x16xf16> -> tensor<32x16xf16>
    bgraph.yield %oo : tensor<32x16xf16>
  }
  return %o : tensor<32x16xf16>
}
