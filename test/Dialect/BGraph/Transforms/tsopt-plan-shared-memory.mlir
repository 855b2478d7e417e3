// RUN: tsopt-opt %s -split-input-file -verify-diagnostics \
// RUN:   --tsopt-plan-shared-memory='target=sm_80 report=true' | FileCheck %s
// The plan depends on the graph, not on the op order: scheduled IR gets the
// same offsets (and the same remarks).
// RUN: tsopt-opt %s -split-input-file -verify-diagnostics --tsopt-schedule \
// RUN:   --tsopt-plan-shared-memory='target=sm_80 report=true' | FileCheck %s
// RUN: not tsopt-opt %s --tsopt-plan-shared-memory='target=sm_70' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TARGET
// Every workload gets a plan on every kernel.
// RUN: tsopt-opt %S/../../../Workloads/flash_attention.mlir --tsopt-schedule --tsopt-plan-shared-memory=target=sm_80 | FileCheck %s --check-prefix=WORKLOAD
// RUN: tsopt-opt %S/../../../Workloads/gated_mlp.mlir --tsopt-schedule --tsopt-plan-shared-memory=target=sm_80 | FileCheck %s --check-prefix=WORKLOAD
// RUN: tsopt-opt %S/../../../Workloads/gqa.mlir --tsopt-schedule --tsopt-plan-shared-memory=target=sm_80 | FileCheck %s --check-prefixes=WORKLOAD,WORKLOAD2
// RUN: tsopt-opt %S/../../../Workloads/lora.mlir --tsopt-schedule --tsopt-plan-shared-memory=target=sm_80 | FileCheck %s --check-prefix=WORKLOAD
// RUN: tsopt-opt %S/../../../Workloads/mha.mlir --tsopt-schedule --tsopt-plan-shared-memory=target=sm_80 | FileCheck %s --check-prefixes=WORKLOAD,WORKLOAD2
// RUN: tsopt-opt %S/../../../Workloads/mqa.mlir --tsopt-schedule --tsopt-plan-shared-memory=target=sm_80 | FileCheck %s --check-prefixes=WORKLOAD,WORKLOAD2
// RUN: tsopt-opt %S/../../../Workloads/rmsnorm.mlir --tsopt-schedule --tsopt-plan-shared-memory=target=sm_80 | FileCheck %s --check-prefix=WORKLOAD

// TARGET: error: unknown target 'sm_70'; known: sm_80

// WORKLOAD-LABEL: func.func @{{[a-z_]+}}_opt
// WORKLOAD:       kgraph.kernel {{.*}} attributes {bgraph.barriers = array<i64: {{[0-9]+}}, {{[0-9]+}}>, bgraph.shared_memory = {{[0-9]+}} : i64}
// WORKLOAD:       bgraph.input {{.*}}bgraph.offset = {{[0-9]+}} : i64
// WORKLOAD2:      kgraph.kernel {{.*}} attributes {bgraph.barriers = array<i64: {{[0-9]+}}, {{[0-9]+}}>, bgraph.shared_memory = {{[0-9]+}} : i64}

// The flash-attention µGraph (test/Workloads/flash_attention.mlir): eight
// 512-byte tiles and two 32-byte ones, 4160 bytes with every tile resident
// (the output saver computes the division itself: it has no tile).
// Steps: q, k, v 0; transpose 1; matmul 2; thread graph 3; matmul and
// reduction 4; accumulators 5; div 6; output 7. Lifetimes: q is the same in
// every iteration (fmap = replica), so it lives in all loop steps; the
// accumulators live from step 0 to the div. At step 4, q, v, exp, the matmul,
// the reduction and both accumulators are live: 2624 bytes, which the plan
// attains. Placed largest first at the lowest free offset:
// q 0, k 512, v 1024, acc 1536, transpose 2048, the scores 512 (k is dead),
// exp 2048, the second matmul 512, the accumulated sum 2560, the reduction
// 2592.

// CHECK-LABEL: func.func @flash_attention
// CHECK:      kgraph.kernel {{.*}} attributes {{.*}}bgraph.shared_memory = 2624 : i64}
// CHECK-DAG:    %[[QT:.*]] = bgraph.input {{.*}}bgraph.offset = 0 : i64} : tensor<32x16xf16>
// CHECK-DAG:    %[[KT:.*]] = bgraph.input {{.*}}bgraph.offset = 512 : i64} : tensor<64x16xf16>
// CHECK-DAG:    %[[VT:.*]] = bgraph.input {{.*}}bgraph.offset = 1024 : i64} : tensor<64x16xf16>
// CHECK-DAG:    %[[KTT:.*]] = bgraph.transpose %[[KT]] {{.*}}bgraph.offset = 2048 : i64}
// CHECK-DAG:    %[[ST:.*]] = bgraph.matmul %[[QT]], %[[KTT]] {{.*}}bgraph.offset = 512 : i64}
// CHECK-DAG:    %[[ET:.*]] = tgraph.graph %[[ST]] {{.*}}bgraph.offset = 2048 : i64}
// CHECK-DAG:    %[[AT:.*]] = bgraph.matmul %[[ET]], %[[VT]] {{.*}}bgraph.offset = 512 : i64}
// CHECK-DAG:    %[[RT:.*]] = bgraph.reduce_sum %[[ET]] dim = 1 {{.*}}bgraph.offset = 2592 : i64}
// CHECK-DAG:    %[[AA:.*]] = bgraph.accum sum %[[AT]] {{.*}}bgraph.offset = 1536 : i64}
// CHECK-DAG:    %[[RA:.*]] = bgraph.accum sum %[[RT]] {{.*}}bgraph.offset = 2560 : i64}
// CHECK-DAG:    %[[Y:.*]] = bgraph.div %[[AA]], %[[RA]] {{(\{bgraph.depth = [0-9]+ : i64\} )?}}:
// CHECK:        bgraph.output %[[Y]] omap = {x = 0}{{( \{bgraph.depth = [0-9]+ : i64\})?}} :
func.func @flash_attention(%q: tensor<32x16xf16>, %k: tensor<64x16xf16>, %v: tensor<64x16xf16>) -> tensor<32x16xf16> {
  // expected-remark @+1 {{shared-memory plan needs 2624 bytes (every tile resident: 4160, peak live: 2624); sm_80 (A100) allows 166912 per block}}
  %o = kgraph.kernel grid = [2] forloop = 4 ins(%q, %k, %v : tensor<32x16xf16>, tensor<64x16xf16>, tensor<64x16xf16>) -> (tensor<32x16xf16>) {
  ^bb0(%q_b: tensor<32x16xf16>, %k_b: tensor<64x16xf16>, %v_b: tensor<64x16xf16>):
    %qt = bgraph.input %q_b imap = {x = 0} fmap = replica : tensor<32x16xf16> -> !bgraph.tile<16x16xf16>
    %kt = bgraph.input %k_b imap = {x = replica} fmap = 0 : tensor<64x16xf16> -> !bgraph.tile<16x16xf16>
    %vt = bgraph.input %v_b imap = {x = replica} fmap = 0 : tensor<64x16xf16> -> !bgraph.tile<16x16xf16>
    %ktt = bgraph.transpose %kt permutation = [1, 0] : !bgraph.tile<16x16xf16> -> !bgraph.tile<16x16xf16>
    %st = bgraph.matmul %qt, %ktt : !bgraph.tile<16x16xf16>, !bgraph.tile<16x16xf16> -> !bgraph.tile<16x16xf16>
    %et = tgraph.graph %st : !bgraph.tile<16x16xf16> -> !bgraph.tile<16x16xf16> {
    ^bb0(%st_s: f16):
      %z = tgraph.mul_scalar %st_s, 2.50000000000000000e-01 : f16
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

// -----

// Written out of schedule order (%wt after %e), which the plan does not
// depend on. A thread graph with two results gets one offset per result.
// f32 tiles: x and e 512 bytes, w 2048, the product, the accumulator and the
// thread graph's results 1024 each. Steps: x, w 0; e 1; matmul 2; accum 3;
// thread graph 4; outputs 5. Step 2 holds w, e, the product and the
// accumulator: 4608 bytes, attained.

// CHECK-LABEL: func.func @two_results
// CHECK:      kgraph.kernel {{.*}} attributes {{.*}}bgraph.shared_memory = 4608 : i64}
// CHECK-DAG:    %[[XT:.*]] = bgraph.input {{.*}}bgraph.offset = 3072 : i64} : tensor<8x64xf32>
// CHECK-DAG:    %[[E:.*]] = bgraph.exp %[[XT]] {{.*}}bgraph.offset = 4096 : i64}
// CHECK-DAG:    %[[WT:.*]] = bgraph.input {{.*}}bgraph.offset = 0 : i64} : tensor<64x128xf32>
// CHECK-DAG:    %[[P:.*]] = bgraph.matmul %[[E]], %[[WT]] {{.*}}bgraph.offset = 3072 : i64}
// CHECK-DAG:    %[[S:.*]] = bgraph.accum sum %[[P]] {{.*}}bgraph.offset = 2048 : i64}
// CHECK-DAG:    %{{.*}}:2 = tgraph.graph %[[S]] {{.*}}bgraph.offset = array<i64: 0, 1024>}
func.func @two_results(%a: tensor<8x64xf32>, %b: tensor<64x128xf32>) -> (tensor<8x128xf32>, tensor<8x128xf32>) {
  // expected-remark @+1 {{shared-memory plan needs 4608 bytes (every tile resident: 7168, peak live: 4608); sm_80 (A100) allows 166912 per block}}
  %c:2 = kgraph.kernel grid = [4] forloop = 4 ins(%a, %b : tensor<8x64xf32>, tensor<64x128xf32>) -> (tensor<8x128xf32>, tensor<8x128xf32>) {
  ^bb0(%x: tensor<8x64xf32>, %w: tensor<64x128xf32>):
    %xt = bgraph.input %x imap = {x = replica} fmap = 1 : tensor<8x64xf32> -> !bgraph.tile<8x16xf32>
    %e = bgraph.exp %xt : !bgraph.tile<8x16xf32>
    %wt = bgraph.input %w imap = {x = 1} fmap = 0 : tensor<64x128xf32> -> !bgraph.tile<16x32xf32>
    %p = bgraph.matmul %e, %wt : !bgraph.tile<8x16xf32>, !bgraph.tile<16x32xf32> -> !bgraph.tile<8x32xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<8x32xf32> -> !bgraph.tile<8x32xf32>
    %g:2 = tgraph.graph %s : !bgraph.tile<8x32xf32> -> !bgraph.tile<8x32xf32>, !bgraph.tile<8x32xf32> {
    ^bb0(%s_s: f32):
      %n = tgraph.neg %s_s : f32
      %m = tgraph.exp %s_s : f32
      tgraph.yield %n, %m : f32, f32
    }
    %o1 = bgraph.output %g#0 omap = {x = 1} : !bgraph.tile<8x32xf32> -> tensor<8x128xf32>
    %o2 = bgraph.output %g#1 omap = {x = 1} : !bgraph.tile<8x32xf32> -> tensor<8x128xf32>
    bgraph.yield %o1, %o2 : tensor<8x128xf32>, tensor<8x128xf32>
  }
  return %c#0, %c#1 : tensor<8x128xf32>, tensor<8x128xf32>
}

// -----

// Over the limit even with reuse: the input (fmap = replica over 4
// iterations, so it lives through the loop), exp and the accumulator are
// live at once, 3 x 64 KiB; the saver computes the post-loop neg itself, so
// the no-reuse bound is the same.

func.func @too_big(%a: tensor<256x64xf32>) -> tensor<256x64xf32> {
  // expected-error @+2 {{shared-memory plan needs 196608 bytes; sm_80 (A100) allows 166912 per block}}
  // expected-note @+1 {{with lifetime-based reuse: 196608 bytes against 196608 with every tile resident (peak live 196608)}}
  %c = kgraph.kernel grid = [1] forloop = 4 ins(%a : tensor<256x64xf32>) -> (tensor<256x64xf32>) {
  ^bb0(%x: tensor<256x64xf32>):
    %xt = bgraph.input %x imap = {x = replica} fmap = replica : tensor<256x64xf32> -> !bgraph.tile<256x64xf32>
    %e = bgraph.exp %xt : !bgraph.tile<256x64xf32>
    %s = bgraph.accum sum %e : !bgraph.tile<256x64xf32> -> !bgraph.tile<256x64xf32>
    %n = bgraph.neg %s : !bgraph.tile<256x64xf32>
    %o = bgraph.output %n omap = {x = replica} : !bgraph.tile<256x64xf32> -> tensor<256x64xf32>
    bgraph.yield %o : tensor<256x64xf32>
  }
  return %c : tensor<256x64xf32>
}

// -----

// Fits only with reuse: seven 256x32 f32 tiles (32 KiB each; the saver
// computes the last exp itself) are 224 KiB with every tile resident, over
// sm_80's limit, but no step holds more than three of them (the
// accumulator and the two ends of one chain link).

// CHECK-LABEL: func.func @fits_with_reuse
// CHECK:      kgraph.kernel {{.*}} attributes {{.*}}bgraph.shared_memory = 98304 : i64}
// CHECK:        %[[XT:.*]] = bgraph.input {{.*}}bgraph.offset = 0 : i64}
// CHECK-NEXT:   %[[E:.*]] = bgraph.exp %[[XT]] {{.*}}bgraph.offset = 65536 : i64}
// CHECK-NEXT:   %[[N:.*]] = bgraph.neg %[[E]] {{.*}}bgraph.offset = 0 : i64}
// CHECK-NEXT:   %[[Q:.*]] = bgraph.sqrt %[[N]] {{.*}}bgraph.offset = 65536 : i64}
// CHECK-NEXT:   %[[R:.*]] = bgraph.relu %[[Q]] {{.*}}bgraph.offset = 0 : i64}
// CHECK-NEXT:   %[[S:.*]] = bgraph.accum sum %[[R]] {{.*}}bgraph.offset = 32768 : i64}
// CHECK-NEXT:   %[[M:.*]] = bgraph.neg %[[S]] {{.*}}bgraph.offset = 0 : i64}
// CHECK-NEXT:   %[[K:.*]] = bgraph.exp %[[M]] {{(\{bgraph.depth = [0-9]+ : i64\} )?}}:
// CHECK-NEXT:   bgraph.output %[[K]] omap = {x = replica}{{( \{bgraph.depth = [0-9]+ : i64\})?}} :
func.func @fits_with_reuse(%a: tensor<1024x32xf32>) -> tensor<256x32xf32> {
  // expected-remark @+1 {{shared-memory plan needs 98304 bytes (every tile resident: 229376, peak live: 98304); sm_80 (A100) allows 166912 per block}}
  %c = kgraph.kernel grid = [1] forloop = 4 ins(%a : tensor<1024x32xf32>) -> (tensor<256x32xf32>) {
  ^bb0(%x: tensor<1024x32xf32>):
    %xt = bgraph.input %x imap = {x = replica} fmap = 0 : tensor<1024x32xf32> -> !bgraph.tile<256x32xf32>
    %e = bgraph.exp %xt : !bgraph.tile<256x32xf32>
    %n = bgraph.neg %e : !bgraph.tile<256x32xf32>
    %q = bgraph.sqrt %n : !bgraph.tile<256x32xf32>
    %r = bgraph.relu %q : !bgraph.tile<256x32xf32>
    %s = bgraph.accum sum %r : !bgraph.tile<256x32xf32> -> !bgraph.tile<256x32xf32>
    %m = bgraph.neg %s : !bgraph.tile<256x32xf32>
    %k = bgraph.exp %m : !bgraph.tile<256x32xf32>
    %o = bgraph.output %k omap = {x = replica} : !bgraph.tile<256x32xf32> -> tensor<256x32xf32>
    bgraph.yield %o : tensor<256x32xf32>
  }
  return %c : tensor<256x32xf32>
}
