// RUN: rm -rf %t && split-file %s %t
// RUN: tsopt-opt %t/layouts.mlir -split-input-file -verify-diagnostics \
// RUN:   --tsopt-select-layouts='target=sm_80 report=true' \
// RUN:   | FileCheck %t/layouts.mlir --check-prefix=CHECK
// RUN: tsopt-opt %t/layouts.mlir -split-input-file -verify-diagnostics \
// RUN:   --tsopt-select-layouts='target=sm_90 report=true' \
// RUN:   | FileCheck %t/layouts.mlir --check-prefix=CHECK
// Layouts already in the IR are kept: a second run changes nothing.
// RUN: tsopt-opt %t/layouts.mlir -split-input-file -verify-diagnostics \
// RUN:   --tsopt-select-layouts='target=sm_80 report=true' -o %t/once.mlir
// RUN: tsopt-opt %t/once.mlir -split-input-file \
// RUN:   --tsopt-select-layouts=target=sm_80 -o %t/twice.mlir
// RUN: diff %t/once.mlir %t/twice.mlir
// Diagnostics.
// RUN: tsopt-opt %t/errors.mlir -split-input-file -verify-diagnostics \
// RUN:   --tsopt-select-layouts=target=sm_80 -o /dev/null
// RUN: tsopt-opt %t/target.mlir -verify-diagnostics \
// RUN:   --tsopt-select-layouts=target=sm_70 -o /dev/null
// RUN: tsopt-opt %t/unverified.mlir -verify-diagnostics \
// RUN:   --mlir-very-unsafe-disable-verifier-on-parsing \
// RUN:   --tsopt-select-layouts -o /dev/null
// Layouts are attributes, never semantics: every workload still computes
// what its reference does.
// RUN: tsopt-opt %S/../../../Workloads/flash_attention.mlir --tsopt-select-layouts=target=sm_80 | tsopt-run - | FileCheck %s --check-prefix=AGREE
// RUN: tsopt-opt %S/../../../Workloads/gated_mlp.mlir --tsopt-select-layouts=target=sm_90 | tsopt-run - | FileCheck %s --check-prefix=AGREE
// RUN: tsopt-opt %S/../../../Workloads/gqa.mlir --tsopt-select-layouts=target=sm_80 | tsopt-run - | FileCheck %s --check-prefix=AGREE
// RUN: tsopt-opt %S/../../../Workloads/lora.mlir --tsopt-select-layouts=target=sm_90 | tsopt-run - | FileCheck %s --check-prefix=AGREE
// RUN: tsopt-opt %S/../../../Workloads/mha.mlir --tsopt-select-layouts=target=sm_80 | tsopt-run - | FileCheck %s --check-prefix=AGREE
// RUN: tsopt-opt %S/../../../Workloads/mqa.mlir --tsopt-select-layouts=target=sm_90 | tsopt-run - | FileCheck %s --check-prefix=AGREE
// RUN: tsopt-opt %S/../../../Workloads/rmsnorm.mlir --tsopt-select-layouts=target=sm_80 | tsopt-run - | FileCheck %s --check-prefix=AGREE
// RUN: tsopt-opt %S/../../../Workloads/gqa.mlir --tsopt-select-layouts=target=sm_90 | FileCheck %s --check-prefix=GQA

// AGREE: @{{[a-z_]+}}_opt vs @{{[a-z_]+}}_ref: agree

// The GQA µGraph (test/Workloads/gqa.mlir): the first kernel writes the
// per-split sums (2x16x4) one 1x8x1 column per block and the second kernel
// reads them the same way; column-major would make those 8-element runs,
// but the lowering stores device tensors row-major, so both stay
// row-major. The second kernel's
// result is the program's output: no attribute. The reference (library
// kernels only) is left alone.

// GQA-LABEL: func.func @gqa_ref
// GQA-NOT:     bgraph.layout
// GQA-LABEL: func.func @gqa_opt
// GQA:         kgraph.kernel {{.*}} -> (tensor<2x16x32xf16>, tensor<2x16x4xf16>) attributes {bgraph.layout = ["row_major", "row_major"]} {
// GQA:         kgraph.kernel {{.*}} -> (tensor<2x16x8xf16>) {

//--- layouts.mlir

// A tiled f16 matmul. Both operand tiles keep the row-major order of their
// tensors (16-byte copies) with the 128-byte swizzle: ldmatrix reads them
// without bank conflicts on sm_80, wgmma reads them as they are on sm_90
// (128-byte rows: its 128B mode). The sums stay in the mma registers, so
// the product is never stored (nothing prices its tile, which keeps the
// plainest layout) and the accumulator's tile is written once, from the
// fragments.

// CHECK-LABEL: func.func @matmul
// CHECK:         %[[AT:.*]] = bgraph.input {{.*}} {bgraph.layout = "row_major_swizzle<3,4,3>"} : tensor<64x256xf16>
// CHECK-NEXT:    %[[BT:.*]] = bgraph.input {{.*}} {bgraph.layout = "row_major_swizzle<3,4,3>"} : tensor<256x64xf16>
// CHECK-NEXT:    %[[P:.*]] = bgraph.matmul %[[AT]], %[[BT]] {bgraph.layout = "row_major"}
// CHECK-NEXT:    %[[S:.*]] = bgraph.accum sum %[[P]] {bgraph.layout = "row_major_swizzle<3,4,3>"}
// CHECK-NEXT:    bgraph.output %[[S]]
func.func @matmul(%a: tensor<64x256xf16>, %b: tensor<256x64xf16>) -> tensor<64x64xf16> {
  // expected-remark-re @+1 {{layout objective {{(877.284 ns on sm_80 \(A100\)|618.498 ns on sm_90 \(H100\))}}; function: {{[0-9.]+}} ns, 4 tensors, 12 variables (0 products)}}
  %c = kgraph.kernel grid = [1] forloop = 4 ins(%a, %b : tensor<64x256xf16>, tensor<256x64xf16>) -> (tensor<64x64xf16>) {
  ^bb0(%ab: tensor<64x256xf16>, %bb: tensor<256x64xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = 1 : tensor<64x256xf16> -> !bgraph.tile<64x64xf16>
    %bt = bgraph.input %bb imap = {x = replica} fmap = 0 : tensor<256x64xf16> -> !bgraph.tile<64x64xf16>
    %p = bgraph.matmul %at, %bt : !bgraph.tile<64x64xf16>, !bgraph.tile<64x64xf16> -> !bgraph.tile<64x64xf16>
    %s = bgraph.accum sum %p : !bgraph.tile<64x64xf16> -> !bgraph.tile<64x64xf16>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<64x64xf16> -> tensor<64x64xf16>
    bgraph.yield %o : tensor<64x64xf16>
  }
  return %c : tensor<64x64xf16>
}

// -----

// An element-wise chain on f32 tiles of a row-major input: every tile keeps
// that order (any other would cost a conversion on the way in and out). The
// accumulator reads and writes its tile every iteration, in its storage
// order, as the lowering walks it.

// CHECK-LABEL: func.func @elementwise_chain
// CHECK:         %[[XT:.*]] = bgraph.input {{.*}} {bgraph.layout = "row_major"}
// CHECK-NEXT:    %[[E:.*]] = bgraph.exp %[[XT]] {bgraph.layout = "row_major"}
// CHECK-NEXT:    %[[N:.*]] = bgraph.neg %[[E]] {bgraph.layout = "row_major"}
// CHECK-NEXT:    %[[M:.*]] = bgraph.mul %[[N]], %[[XT]] {bgraph.layout = "row_major"}
// CHECK-NEXT:    %[[S:.*]] = bgraph.accum sum %[[M]] {bgraph.layout = "row_major"}
// CHECK-NEXT:    %[[Y:.*]] = tgraph.graph %[[S]] {bgraph.layout = "row_major"}
// CHECK:         bgraph.output %[[Y]]
func.func @elementwise_chain(%x: tensor<128x128xf32>) -> tensor<128x64xf32> {
  // expected-remark-re @+1 {{layout objective {{(1215.103 ns on sm_80 \(A100\)|856.983 ns on sm_90 \(H100\))}}; function: {{[0-9.]+}} ns, 6 tensors, 40 variables (12 products)}}
  %c = kgraph.kernel grid = [4] forloop = 2 ins(%x : tensor<128x128xf32>) -> (tensor<128x64xf32>) {
  ^bb0(%xb: tensor<128x128xf32>):
    %xt = bgraph.input %xb imap = {x = 0} fmap = 1 : tensor<128x128xf32> -> !bgraph.tile<32x64xf32>
    %e = bgraph.exp %xt : !bgraph.tile<32x64xf32>
    %n = bgraph.neg %e : !bgraph.tile<32x64xf32>
    %m = bgraph.mul %n, %xt : !bgraph.tile<32x64xf32>, !bgraph.tile<32x64xf32> -> !bgraph.tile<32x64xf32>
    %s = bgraph.accum sum %m : !bgraph.tile<32x64xf32> -> !bgraph.tile<32x64xf32>
    %y = tgraph.graph %s : !bgraph.tile<32x64xf32> -> !bgraph.tile<32x64xf32> {
    ^bb0(%v: f32):
      %r = tgraph.relu %v : f32
      tgraph.yield %r : f32
    }
    %o = bgraph.output %y omap = {x = 0} : !bgraph.tile<32x64xf32> -> tensor<128x64xf32>
    bgraph.yield %o : tensor<128x64xf32>
  }
  return %c : tensor<128x64xf32>
}

// -----

// The published LoRA µGraph. The left operand of the big matmul is the
// concatenation of X's tile (copied row-major from X) and X·A: 16x80, rows
// of 160 bytes, ten 16-byte chunks. Row-major, ldmatrix would read those
// rows with 2-way bank conflicts, and no swizzle spans them; padded by one
// chunk per row they are conflict-free, and the copies stay row-wise. The
// same on sm_90, where the 16-row products run on mma.sync.

// CHECK-LABEL: func.func @lora
// CHECK:         %[[XT:.*]] = bgraph.input {{.*}} {bgraph.layout = "row_major_swizzle<3,4,3>"} : tensor<16x256xf16>
// CHECK:         %[[XA:.*]] = bgraph.matmul %[[XT]], %{{[^ ]*}}
// CHECK-SAME:      {bgraph.layout = "row_major_swizzle<1,4,3>"}
// CHECK-NEXT:    %[[LHS:.*]] = bgraph.concat %[[XT]], %[[XA]] dim = 1
// CHECK-SAME:      {bgraph.layout = "row_major_pad<16>"}
// CHECK-NEXT:    %[[RHS:.*]] = bgraph.concat {{.*}} {bgraph.layout = "row_major_swizzle<3,4,3>"}
// CHECK-NEXT:    %[[P:.*]] = bgraph.matmul %[[LHS]], %[[RHS]]
// CHECK-NEXT:    bgraph.accum sum %[[P]] {bgraph.layout = "row_major_swizzle<3,4,3>"}
func.func @lora(%x: tensor<16x256xf16>, %w: tensor<256x4096xf16>, %a: tensor<256x16xf16>, %b: tensor<16x4096xf16>) -> tensor<16x4096xf16> {
  // expected-remark-re @+1 {{layout objective {{(4374.228 ns on sm_80|2826.770 ns on sm_90)}}}}
  %o = kgraph.kernel grid = [64] forloop = 4 ins(%x, %w, %a, %b : tensor<16x256xf16>, tensor<256x4096xf16>, tensor<256x16xf16>, tensor<16x4096xf16>) -> (tensor<16x4096xf16>) {
  ^bb0(%x_b: tensor<16x256xf16>, %w_b: tensor<256x4096xf16>, %a_b: tensor<256x16xf16>, %b_b: tensor<16x4096xf16>):
    %xt = bgraph.input %x_b imap = {x = replica} fmap = 1 : tensor<16x256xf16> -> !bgraph.tile<16x64xf16>
    %wt = bgraph.input %w_b imap = {x = 1} fmap = 0 : tensor<256x4096xf16> -> !bgraph.tile<64x64xf16>
    %at = bgraph.input %a_b imap = {x = replica} fmap = 0 : tensor<256x16xf16> -> !bgraph.tile<64x16xf16>
    %bt = bgraph.input %b_b imap = {x = 1} fmap = replica : tensor<16x4096xf16> -> !bgraph.tile<16x64xf16>
    %xa = bgraph.matmul %xt, %at : !bgraph.tile<16x64xf16>, !bgraph.tile<64x16xf16> -> !bgraph.tile<16x16xf16>
    %lhs = bgraph.concat %xt, %xa dim = 1 : !bgraph.tile<16x64xf16>, !bgraph.tile<16x16xf16> -> !bgraph.tile<16x80xf16>
    %rhs = bgraph.concat %wt, %bt dim = 0 : !bgraph.tile<64x64xf16>, !bgraph.tile<16x64xf16> -> !bgraph.tile<80x64xf16>
    %p = bgraph.matmul %lhs, %rhs : !bgraph.tile<16x80xf16>, !bgraph.tile<80x64xf16> -> !bgraph.tile<16x64xf16>
    %acc = bgraph.accum sum %p : !bgraph.tile<16x64xf16> -> !bgraph.tile<16x64xf16>
    %oo = bgraph.output %acc omap = {x = 1} : !bgraph.tile<16x64xf16> -> tensor<16x4096xf16>
    bgraph.yield %oo : tensor<16x4096xf16>
  }
  return %o : tensor<16x4096xf16>
}

// -----

// A device tensor passed between kernels in columns: the first kernel
// writes T one 256x1 column per block, the second reads it in 64x1 boxes.
// Row-major T moves a 32-byte sector per 2-byte element both ways, and the
// objective prices that; column-major T would make every box one
// contiguous run, but the lowering stores device tensors row-major, so
// that is the one candidate (the kernel's second result is a program
// output and is row-major anyway).

// CHECK-LABEL: func.func @column_boxes
// CHECK:         %[[T:.*]]:2 = kgraph.kernel {{.*}} attributes {bgraph.layout = ["row_major", "row_major"]}
// CHECK:         kgraph.kernel {{.*}} ins(%[[T]]#0 : tensor<256x16xf16>)
func.func @column_boxes(%x: tensor<256x16xf16>) -> (tensor<256x16xf16>, tensor<256x16xf16>) {
  // expected-remark-re @+1 {{layout objective {{(346.944 ns on sm_80 \(A100\); function: 566.181|213.810 ns on sm_90 \(H100\); function: 347.765)}} ns, 5 tensors, 5 variables (0 products)}}
  %t:2 = kgraph.kernel grid = [16] forloop = 1 ins(%x : tensor<256x16xf16>) -> (tensor<256x16xf16>, tensor<256x16xf16>) {
  ^bb0(%xb: tensor<256x16xf16>):
    %xt = bgraph.input %xb imap = {x = 1} fmap = replica : tensor<256x16xf16> -> !bgraph.tile<256x1xf16>
    %s = bgraph.accum sum %xt : !bgraph.tile<256x1xf16> -> !bgraph.tile<256x1xf16>
    %e = bgraph.exp %s : !bgraph.tile<256x1xf16>
    %o1 = bgraph.output %e omap = {x = 1} : !bgraph.tile<256x1xf16> -> tensor<256x16xf16>
    %o2 = bgraph.output %s omap = {x = 1} : !bgraph.tile<256x1xf16> -> tensor<256x16xf16>
    bgraph.yield %o1, %o2 : tensor<256x16xf16>, tensor<256x16xf16>
  }
  // expected-remark-re @+1 {{layout objective {{(219.237 ns on sm_80 \(A100\); function: 566.181|133.955 ns on sm_90 \(H100\); function: 347.765)}} ns, 5 tensors, 5 variables (0 products)}}
  %y = kgraph.kernel grid = [4, 16] forloop = 1 ins(%t#0 : tensor<256x16xf16>) -> (tensor<256x16xf16>) {
  ^bb0(%tb: tensor<256x16xf16>):
    %tt = bgraph.input %tb imap = {x = 0, y = 1} fmap = replica : tensor<256x16xf16> -> !bgraph.tile<64x1xf16>
    %s = bgraph.accum sum %tt : !bgraph.tile<64x1xf16> -> !bgraph.tile<64x1xf16>
    %n = bgraph.neg %s : !bgraph.tile<64x1xf16>
    %o = bgraph.output %n omap = {x = 0, y = 1} : !bgraph.tile<64x1xf16> -> tensor<256x16xf16>
    bgraph.yield %o : tensor<256x16xf16>
  }
  return %y, %t#1 : tensor<256x16xf16>, tensor<256x16xf16>
}

// -----

// Attention (FlashAttention-2 style). The lowering keeps a product in the
// mma accumulator registers only for sums over the loop
// (fragmentAccumulatedMatmul), and the objective prices exactly that: the
// scores Q·Kᵀ are stored to their tile and read back by the exp thread
// graph, so their tile is swizzled (the fragment stores conflict-free),
// and so is the exponentials' tile the second matmul loads. The sums of
// exp·V come from a thread graph (a softmax's rescaled sums stay in shared
// memory), so they are stored too. The transpose walks Kᵀ element by
// element (the element walk, rotated so that a warp's reads of K's columns
// spread over the banks), so Kᵀ takes the swizzle ldmatrix reads best; the
// reduction reads along its contiguous dim.

// CHECK-LABEL: func.func @attention
// CHECK:         %[[KT:.*]] = bgraph.input %{{.*}} fmap = 0 {bgraph.layout = "row_major"}
// CHECK:         %[[KTT:.*]] = bgraph.transpose %[[KT]] {{.*}}{bgraph.layout = "row_major_swizzle<1,4,3>"}
// CHECK-NEXT:    %[[ST:.*]] = bgraph.matmul %{{.*}}, %[[KTT]] {bgraph.layout = "row_major_swizzle<1,4,3>"}
// CHECK-NEXT:    %[[ET:.*]] = tgraph.graph %[[ST]] {bgraph.layout = "row_major_swizzle<1,4,3>"}
// CHECK:         %[[AT:.*]] = bgraph.matmul %[[ET]], %{{.*}} {bgraph.layout = "row_major_swizzle<1,4,3>"}
// CHECK-NEXT:    %[[RT:.*]] = bgraph.reduce_sum %[[ET]] dim = 1 {bgraph.layout = "row_major"}
// CHECK-NEXT:    bgraph.accum sum %[[AT]] {bgraph.layout = "row_major"}
// CHECK-NEXT:    bgraph.accum sum %[[RT]] {bgraph.layout = "row_major"}
func.func @attention(%q: tensor<32x16xf16>, %k: tensor<64x16xf16>, %v: tensor<64x16xf16>) -> tensor<32x16xf16> {
  // expected-remark-re @+1 {{layout objective {{(255.185 ns on sm_80|180.853 ns on sm_90)}}}}
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

// A partial assignment is completed: the A tile pinned to plain row-major
// and the accumulator's tile pinned to column-major keep their layouts (the
// sums leave the mma registers once, into the column-major tile), B still
// gets its swizzle, and the product, never stored, its plainest layout.

// CHECK-LABEL: func.func @pinned
// CHECK:         %[[AT:.*]] = bgraph.input {{.*}} {bgraph.layout = "row_major"} : tensor<64x256xf16>
// CHECK-NEXT:    %[[BT:.*]] = bgraph.input {{.*}} {bgraph.layout = "row_major_swizzle<3,4,3>"} : tensor<256x64xf16>
// CHECK-NEXT:    %[[P:.*]] = bgraph.matmul %[[AT]], %[[BT]] {bgraph.layout = "row_major"}
// CHECK-NEXT:    bgraph.accum sum %[[P]] {bgraph.layout = "col_major"}
func.func @pinned(%a: tensor<64x256xf16>, %b: tensor<256x64xf16>) -> tensor<64x64xf16> {
  // expected-remark-re @+1 {{layout objective {{(2613.455 ns on sm_80|1854.862 ns on sm_90)}}}}
  %c = kgraph.kernel grid = [1] forloop = 4 ins(%a, %b : tensor<64x256xf16>, tensor<256x64xf16>) -> (tensor<64x64xf16>) {
  ^bb0(%ab: tensor<64x256xf16>, %bb: tensor<256x64xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = 1 {bgraph.layout = "row_major"} : tensor<64x256xf16> -> !bgraph.tile<64x64xf16>
    %bt = bgraph.input %bb imap = {x = replica} fmap = 0 : tensor<256x64xf16> -> !bgraph.tile<64x64xf16>
    %p = bgraph.matmul %at, %bt : !bgraph.tile<64x64xf16>, !bgraph.tile<64x64xf16> -> !bgraph.tile<64x64xf16>
    %s = bgraph.accum sum %p {bgraph.layout = "col_major"} : !bgraph.tile<64x64xf16> -> !bgraph.tile<64x64xf16>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<64x64xf16> -> tensor<64x64xf16>
    bgraph.yield %o : tensor<64x64xf16>
  }
  return %c : tensor<64x64xf16>
}

//--- errors.mlir

func.func @unknown_layout(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%x : tensor<64x64xf32>) -> (tensor<64x64xf32>) {
  ^bb0(%xb: tensor<64x64xf32>):
    // expected-error @+1 {{unknown memory layout 'diagonal' in 'bgraph.layout'; expected row_major, col_major, row_major_swizzle<B,4,S>, col_major_swizzle<B,4,S> (B = 1, 2 or 3; S = B to 9), row_major_pad<P> or col_major_pad<P> (P bytes, 1 to 4096, whole elements that end each stored row at a multiple of 16 bytes)}}
    %xt = bgraph.input %xb imap = {x = replica} fmap = replica {bgraph.layout = "diagonal"} : tensor<64x64xf32> -> !bgraph.tile<64x64xf32>
    %s = bgraph.accum sum %xt : !bgraph.tile<64x64xf32> -> !bgraph.tile<64x64xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<64x64xf32> -> tensor<64x64xf32>
    bgraph.yield %o : tensor<64x64xf32>
  }
  return %c : tensor<64x64xf32>
}

// -----

func.func @wrong_shape(%x: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %c:2 = kgraph.kernel grid = [1] forloop = 1 ins(%x : tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  ^bb0(%xb: tensor<64x64xf32>):
    %xt = bgraph.input %xb imap = {x = replica} fmap = replica : tensor<64x64xf32> -> !bgraph.tile<64x64xf32>
    %s = bgraph.accum sum %xt : !bgraph.tile<64x64xf32> -> !bgraph.tile<64x64xf32>
    // expected-error @+1 {{invalid 'bgraph.layout': expected an array of 2 layout strings, one per result}}
    %g:2 = tgraph.graph %s {bgraph.layout = "row_major"} : !bgraph.tile<64x64xf32> -> !bgraph.tile<64x64xf32>, !bgraph.tile<64x64xf32> {
    ^bb0(%v: f32):
      %n = tgraph.neg %v : f32
      %e = tgraph.exp %v : f32
      tgraph.yield %n, %e : f32, f32
    }
    %o1 = bgraph.output %g#0 omap = {x = replica} : !bgraph.tile<64x64xf32> -> tensor<64x64xf32>
    %o2 = bgraph.output %g#1 omap = {x = replica} : !bgraph.tile<64x64xf32> -> tensor<64x64xf32>
    bgraph.yield %o1, %o2 : tensor<64x64xf32>, tensor<64x64xf32>
  }
  return %c#0, %c#1 : tensor<64x64xf32>, tensor<64x64xf32>
}

// -----

// Rows of 48 f32 (192 bytes) match no swizzle span.

func.func @not_a_candidate(%x: tensor<64x48xf32>) -> tensor<64x48xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%x : tensor<64x48xf32>) -> (tensor<64x48xf32>) {
  ^bb0(%xb: tensor<64x48xf32>):
    // expected-error @+1 {{layout 'row_major_swizzle<3,4,3>' is not a candidate of the tile of 'bgraph.input'; candidates: row_major}}
    %xt = bgraph.input %xb imap = {x = replica} fmap = replica {bgraph.layout = "row_major_swizzle<3,4,3>"} : tensor<64x48xf32> -> !bgraph.tile<64x48xf32>
    %s = bgraph.accum sum %xt : !bgraph.tile<64x48xf32> -> !bgraph.tile<64x48xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<64x48xf32> -> tensor<64x48xf32>
    bgraph.yield %o : tensor<64x48xf32>
  }
  return %c : tensor<64x48xf32>
}

// -----

func.func @program_output(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // expected-error @+1 {{device tensors are stored row_major; 'col_major' is a layout of shared-memory tiles}}
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%x : tensor<64x64xf32>) -> (tensor<64x64xf32>) attributes {bgraph.layout = "col_major"} {
  ^bb0(%xb: tensor<64x64xf32>):
    %xt = bgraph.input %xb imap = {x = replica} fmap = replica : tensor<64x64xf32> -> !bgraph.tile<64x64xf32>
    %s = bgraph.accum sum %xt : !bgraph.tile<64x64xf32> -> !bgraph.tile<64x64xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<64x64xf32> -> tensor<64x64xf32>
    bgraph.yield %o : tensor<64x64xf32>
  }
  return %c : tensor<64x64xf32>
}

// -----

// On sm_80 ldmatrix cannot load a 2x128 operand stored column-major (rows
// of 4 bytes); the pin asks for exactly that.

// expected-error @+1 {{no layout assignment satisfies the constraints}}
func.func @infeasible(%a: tensor<2x128xf16>, %b: tensor<128x64xf16>) -> tensor<2x64xf16> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %b : tensor<2x128xf16>, tensor<128x64xf16>) -> (tensor<2x64xf16>) {
  ^bb0(%ab: tensor<2x128xf16>, %bb: tensor<128x64xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica : tensor<2x128xf16> -> !bgraph.tile<2x128xf16>
    // expected-note @+2 {{the tile of 'bgraph.neg' cannot be col_major: a tensor-core matmul operand needs whole 16-byte rows along its contiguous dim (ldmatrix)}}
    // expected-note @+1 {{the tile of 'bgraph.neg' cannot be row_major, row_major_swizzle<3,4,4>, row_major_swizzle<3,4,3>, col_major_pad<12>: pinned to col_major by 'bgraph.layout'}}
    %n = bgraph.neg %at {bgraph.layout = "col_major"} : !bgraph.tile<2x128xf16>
    %bt = bgraph.input %bb imap = {x = replica} fmap = replica : tensor<128x64xf16> -> !bgraph.tile<128x64xf16>
    %p = bgraph.matmul %n, %bt : !bgraph.tile<2x128xf16>, !bgraph.tile<128x64xf16> -> !bgraph.tile<2x64xf16>
    %s = bgraph.accum sum %p : !bgraph.tile<2x64xf16> -> !bgraph.tile<2x64xf16>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<2x64xf16> -> tensor<2x64xf16>
    bgraph.yield %o : tensor<2x64xf16>
  }
  return %c : tensor<2x64xf16>
}

//--- target.mlir

// expected-error @+1 {{unknown target 'sm_70'; known: sm_80 (a100, a100-40gb), sm_90 (h100, h200)}}
func.func @unknown_target(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%x : tensor<8x16xf32>) -> (tensor<8x16xf32>) {
  ^bb0(%xb: tensor<8x16xf32>):
    %xt = bgraph.input %xb imap = {x = replica} fmap = replica : tensor<8x16xf32> -> !bgraph.tile<8x16xf32>
    %s = bgraph.accum sum %xt : !bgraph.tile<8x16xf32> -> !bgraph.tile<8x16xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x16xf32> -> tensor<8x16xf32>
    bgraph.yield %o : tensor<8x16xf32>
  }
  return %c : tensor<8x16xf32>
}

//--- unverified.mlir

// The pass relies on Mirage Def. 2.1 (3), which the kernel verifier
// checks; without the verifier, a block graph breaking it gets a
// diagnostic, not a crash.

// expected-error @+1 {{cannot select layouts: kernel op 0: block graph: op 1: output operand 0 is in the for-loop body; an output saver takes a post-loop value, so the path would pass no accumulator}}
func.func @output_of_loop_value(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8x16xf32>) -> (tensor<8x16xf32>) {
  ^bb0(%x: tensor<8x16xf32>):
    %xt = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8x16xf32> -> !bgraph.tile<8x16xf32>
    %o = bgraph.output %xt omap = {x = replica} : !bgraph.tile<8x16xf32> -> tensor<8x16xf32>
    bgraph.yield %o : tensor<8x16xf32>
  }
  return %c : tensor<8x16xf32>
}
