// PET's two worked figures (tsopt-partial-equivalence, docs/pet.md).
//
// 1. Two images convolved with one filter, as one convolution over the
//    images side by side: equal but on the seam, where a window reads the
//    other image instead of the padding; the seam's column of each result
//    is corrected by the original convolution of that column alone.
// 2. A dilated convolution as a regular one over its input's four phases
//    (rows and columns of even and odd index as batch entries), its result
//    interleaved back: equal everywhere, no box to correct. Extents the
//    dilation does not divide (7 x 9) are padded with zeros to multiples
//    first and the merged result's leading part taken: exact too.
//
// Each result is checked whole by the verifier against the function as
// written (tsopt.reference), and compiled for the CPU against it.
// RUN: tsopt-opt %s --tsopt-partial-equivalence='accept=any mutations=conv-merge-width' 2>&1 >/dev/null | FileCheck %s --check-prefix=SEAM
// RUN: tsopt-opt %s --tsopt-partial-equivalence='accept=any mutations=conv-merge-width' 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: tsopt-opt %s --tsopt-partial-equivalence='accept=any mutations=conv-merge-width,dilated-to-regular' 2>/dev/null > %t.mlir
// RUN: tsopt-opt %t.mlir --tsopt-verify-equivalence 2>&1 >/dev/null | FileCheck %s --check-prefix=VERIFY
// RUN: tsopt-run %t.mlir --backend=cpu --fn=two_images --reference=two_images_ref | FileCheck %s --check-prefix=RUN1
// RUN: tsopt-run %t.mlir --backend=cpu --fn=dilated --reference=dilated_ref | FileCheck %s --check-prefix=RUN2
// RUN: tsopt-run %t.mlir --backend=cpu --fn=dilated_odd --reference=dilated_odd_ref | FileCheck %s --check-prefix=RUN5
// RUN: tsopt-opt %s --tsopt-partial-equivalence='accept=any mutations=dilated-to-regular' 2>&1 >/dev/null | FileCheck %s --check-prefix=PHASES
// 3. The enumeration's merges beyond the paper's figures: two convolutions
//    of one image as one over their filters stacked, two matmuls of one
//    input (query and key projections) as one over their weights side by
//    side; both exact.
// RUN: tsopt-opt %s --tsopt-partial-equivalence='accept=any mutations=conv-merge-filters,matmul-merge-cols' 2>&1 >/dev/null | FileCheck %s --check-prefix=MERGES
// RUN: tsopt-opt %s --tsopt-partial-equivalence='accept=any mutations=conv-merge-filters,matmul-merge-cols' 2>/dev/null > %t.merged.mlir
// RUN: tsopt-opt %t.merged.mlir --tsopt-verify-equivalence 2>&1 >/dev/null | FileCheck %s --check-prefix=VERIFY3
// RUN: tsopt-run %t.merged.mlir --backend=cpu --fn=one_image --reference=one_image_ref | FileCheck %s --check-prefix=RUN3
// RUN: tsopt-run %t.merged.mlir --backend=cpu --fn=projections --reference=projections_ref | FileCheck %s --check-prefix=RUN4
// With no options a mutant is kept only when the cost model ranks it
// faster; here none is (the concatenation and the slices are kernels of
// their own), and the program is left as written.
// RUN: tsopt-opt %s --tsopt-partial-equivalence --mlir-print-op-on-diagnostic=false 2>&1 >/dev/null | FileCheck %s --check-prefix=DEFAULT
// RUN: tsopt-opt %s --tsopt-partial-equivalence 2>/dev/null | FileCheck %s --check-prefix=ASIS
// RUN: not tsopt-opt %s --tsopt-partial-equivalence='mutations=fold' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not tsopt-opt %s --tsopt-partial-equivalence='accept=maybe' 2>&1 | FileCheck %s --check-prefix=ACCEPT

// SEAM: remark: conv-merge-width: kgraph.conv2d ops 0 and 1 as concat(dim 3), conv2d(dilation 1x1), slice(dim 3 at 0), slice(dim 3 at 8): 18 boxes, 6 differ; p = {{[0-9]+}}, q = {{[0-9]+}}, 2 trials of up to 5 positions per box, bound {{.*}} per box; 6 corrected, verified: equivalent: {{.*}}: applied

// The merged convolution, then per result the clean columns sliced from it
// and the seam column computed by the original convolution of the columns
// its windows read (the padding where the other image was read).
// IR-LABEL: func.func @two_images(
// IR: %[[X:.*]] = kgraph.concat %arg0, %arg1 dim = 3 : tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32> -> tensor<1x4x8x16xf32>
// IR: %[[Y:.*]] = kgraph.conv2d %[[X]], %arg2 stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : tensor<1x4x8x16xf32>, tensor<8x4x3x3xf32> -> tensor<1x8x8x16xf32>
// IR: %[[L:.*]] = kgraph.slice %[[Y]] offsets = [0, 0, 0, 0] : tensor<1x8x8x16xf32> -> tensor<1x8x8x7xf32>
// IR: %[[S:.*]] = kgraph.slice %arg0 offsets = [0, 0, 0, 6] : tensor<1x4x8x8xf32> -> tensor<1x4x8x2xf32>
// IR: %[[C:.*]] = kgraph.conv2d %[[S]], %arg2 stride = [1, 1] padding = [1, 0, 1, 1] dilation = [1, 1] groups = 1 : tensor<1x4x8x2xf32>, tensor<8x4x3x3xf32> -> tensor<1x8x8x1xf32>
// IR: %[[A:.*]] = kgraph.concat %[[L]], %[[C]] dim = 3
// IR: %[[T:.*]] = kgraph.slice %arg1 offsets = [0, 0, 0, 0] : tensor<1x4x8x8xf32> -> tensor<1x4x8x2xf32>
// IR: %[[D:.*]] = kgraph.conv2d %[[T]], %arg2 stride = [1, 1] padding = [1, 1, 1, 0] dilation = [1, 1] groups = 1 : tensor<1x4x8x2xf32>, tensor<8x4x3x3xf32> -> tensor<1x8x8x1xf32>
// IR: %[[R:.*]] = kgraph.slice %[[Y]] offsets = [0, 0, 0, 9] : tensor<1x8x8x16xf32> -> tensor<1x8x8x7xf32>
// IR: %[[B:.*]] = kgraph.concat %[[D]], %[[R]] dim = 3
// IR: return %[[A]], %[[B]]

// VERIFY-DAG: remark: equivalent to @two_images_ref: equivalent
// VERIFY-DAG: remark: equivalent to @dilated_ref: equivalent
// VERIFY-DAG: remark: equivalent to @dilated_odd_ref: equivalent
// RUN1: @two_images vs @two_images_ref: agree
// RUN2: @dilated vs @dilated_ref: agree
// RUN5: @dilated_odd vs @dilated_odd_ref: agree

// PHASES: remark: dilated-to-regular: kgraph.conv2d op 0 as reshape, transpose, reshape, conv2d(dilation 1x1), reshape, transpose, reshape: {{[0-9]+}} boxes, 0 differ; {{.*}}; 0 corrected, verified: equivalent: {{.*}}: applied

// MERGES: remark: conv-merge-filters: kgraph.conv2d ops 0 and 1 as concat(dim 0), conv2d(dilation 1x1), slice(dim 1 at 0), slice(dim 1 at 8): 18 boxes, 0 differ; {{.*}}; 0 corrected, verified: equivalent: {{.*}}: applied
// MERGES: remark: matmul-merge-cols: kgraph.matmul ops 0 and 1 as concat(dim 1), matmul, slice(dim 1 at 0), slice(dim 1 at 64): 2 boxes, 0 differ; {{.*}}: applied
// VERIFY3-DAG: remark: equivalent to @one_image_ref: equivalent
// VERIFY3-DAG: remark: equivalent to @projections_ref: equivalent
// RUN3: @one_image vs @one_image_ref: agree
// RUN4: @projections vs @projections_ref: agree

// Keeping only faster mutants, the enumeration examines only programs
// estimated faster than the ops they replace before any correction: none.
// DEFAULT-NOT: differ
// DEFAULT-COUNT-5: remark: partial equivalence: {{[0-9]+}} programs of the mutation enumeration not examined: estimated no faster than the ops they replace before any correction
// DEFAULT-NOT: differ
// ASIS-LABEL: func.func @two_images(
// ASIS-NEXT: kgraph.conv2d %arg0, %arg2
// ASIS-NEXT: kgraph.conv2d %arg1, %arg2
// UNKNOWN: error: unknown mutation 'fold' (known: conv-merge-batch, conv-merge-channels, conv-merge-height, conv-merge-width, conv-merge-filters, matmul-merge-batch, matmul-merge-rows, matmul-merge-cols, dilated-to-regular, merge)
// ACCEPT: error: accept must be 'faster' or 'any', got 'maybe'

func.func @two_images(%a: tensor<1x4x8x8xf32>, %b: tensor<1x4x8x8xf32>, %w: tensor<8x4x3x3xf32>) -> (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) attributes {tsopt.reference = @two_images_ref} {
  %ya = kgraph.conv2d %a, %w stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : tensor<1x4x8x8xf32>, tensor<8x4x3x3xf32> -> tensor<1x8x8x8xf32>
  %yb = kgraph.conv2d %b, %w stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : tensor<1x4x8x8xf32>, tensor<8x4x3x3xf32> -> tensor<1x8x8x8xf32>
  return %ya, %yb : tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>
}

func.func @two_images_ref(%a: tensor<1x4x8x8xf32>, %b: tensor<1x4x8x8xf32>, %w: tensor<8x4x3x3xf32>) -> (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) {
  %ya = kgraph.conv2d %a, %w stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : tensor<1x4x8x8xf32>, tensor<8x4x3x3xf32> -> tensor<1x8x8x8xf32>
  %yb = kgraph.conv2d %b, %w stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : tensor<1x4x8x8xf32>, tensor<8x4x3x3xf32> -> tensor<1x8x8x8xf32>
  return %ya, %yb : tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>
}

func.func @dilated(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) -> tensor<1x6x8x8xf32> attributes {tsopt.reference = @dilated_ref} {
  %y = kgraph.conv2d %x, %w stride = [1, 1] padding = [2, 2, 2, 2] dilation = [2, 2] groups = 1 : tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x8x8xf32>
  return %y : tensor<1x6x8x8xf32>
}

func.func @dilated_ref(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) -> tensor<1x6x8x8xf32> {
  %y = kgraph.conv2d %x, %w stride = [1, 1] padding = [2, 2, 2, 2] dilation = [2, 2] groups = 1 : tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x8x8xf32>
  return %y : tensor<1x6x8x8xf32>
}

func.func @one_image(%x: tensor<1x4x8x8xf32>, %w1: tensor<8x4x3x3xf32>, %w2: tensor<4x4x3x3xf32>) -> (tensor<1x8x8x8xf32>, tensor<1x4x8x8xf32>) attributes {tsopt.reference = @one_image_ref} {
  %y1 = kgraph.conv2d %x, %w1 stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : tensor<1x4x8x8xf32>, tensor<8x4x3x3xf32> -> tensor<1x8x8x8xf32>
  %y2 = kgraph.conv2d %x, %w2 stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32> -> tensor<1x4x8x8xf32>
  return %y1, %y2 : tensor<1x8x8x8xf32>, tensor<1x4x8x8xf32>
}

func.func @one_image_ref(%x: tensor<1x4x8x8xf32>, %w1: tensor<8x4x3x3xf32>, %w2: tensor<4x4x3x3xf32>) -> (tensor<1x8x8x8xf32>, tensor<1x4x8x8xf32>) {
  %y1 = kgraph.conv2d %x, %w1 stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : tensor<1x4x8x8xf32>, tensor<8x4x3x3xf32> -> tensor<1x8x8x8xf32>
  %y2 = kgraph.conv2d %x, %w2 stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32> -> tensor<1x4x8x8xf32>
  return %y1, %y2 : tensor<1x8x8x8xf32>, tensor<1x4x8x8xf32>
}

func.func @projections(%x: tensor<16x64xf16>, %wq: tensor<64x64xf16>, %wk: tensor<64x32xf16>) -> (tensor<16x64xf16>, tensor<16x32xf16>) attributes {tsopt.reference = @projections_ref} {
  %q = kgraph.matmul %x, %wq : tensor<16x64xf16>, tensor<64x64xf16> -> tensor<16x64xf16>
  %k = kgraph.matmul %x, %wk : tensor<16x64xf16>, tensor<64x32xf16> -> tensor<16x32xf16>
  return %q, %k : tensor<16x64xf16>, tensor<16x32xf16>
}

func.func @projections_ref(%x: tensor<16x64xf16>, %wq: tensor<64x64xf16>, %wk: tensor<64x32xf16>) -> (tensor<16x64xf16>, tensor<16x32xf16>) {
  %q = kgraph.matmul %x, %wq : tensor<16x64xf16>, tensor<64x64xf16> -> tensor<16x64xf16>
  %k = kgraph.matmul %x, %wk : tensor<16x64xf16>, tensor<64x32xf16> -> tensor<16x32xf16>
  return %q, %k : tensor<16x64xf16>, tensor<16x32xf16>
}

func.func @dilated_odd(%x: tensor<1x4x7x9xf32>, %w: tensor<6x4x3x3xf32>) -> tensor<1x6x7x9xf32> attributes {tsopt.reference = @dilated_odd_ref} {
  %y = kgraph.conv2d %x, %w stride = [1, 1] padding = [2, 2, 2, 2] dilation = [2, 2] groups = 1 : tensor<1x4x7x9xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x7x9xf32>
  return %y : tensor<1x6x7x9xf32>
}

func.func @dilated_odd_ref(%x: tensor<1x4x7x9xf32>, %w: tensor<6x4x3x3xf32>) -> tensor<1x6x7x9xf32> {
  %y = kgraph.conv2d %x, %w stride = [1, 1] padding = [2, 2, 2, 2] dilation = [2, 2] groups = 1 : tensor<1x4x7x9xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x7x9xf32>
  return %y : tensor<1x6x7x9xf32>
}
