// Pipelined copies (bgraph.stages), compiled for the CPU and run against
// the reference: iteration i reads the buffer of stage i % s that the
// copies issued s - 1 iterations earlier filled. Three stages over eight
// iterations, two over four (8-byte copies, CUDA cores), three over two (the prologue reaches past the
// loop), and the planner's own choice.
// RUN: tsopt-run %s --backend=cpu --fn=gemm_s3 | FileCheck %s --check-prefix=S3
// RUN: tsopt-run %s --backend=cpu --fn=gemm_s2 | FileCheck %s --check-prefix=S2
// RUN: tsopt-run %s --backend=cpu --fn=gemm_short | FileCheck %s --check-prefix=SHORT
// RUN: tsopt-run %s --backend=cpu --fn=gemm_planned | FileCheck %s --check-prefix=PLANNED
// S3: @gemm_s3 vs @gemm_ref: agree
// S2: @gemm_s2 vs @gemm_ref: agree
// SHORT: @gemm_short vs @gemm_ref: agree
// PLANNED: @gemm_planned vs @gemm_ref: agree

func.func @gemm_ref(%a: tensor<64x256xf16>, %b: tensor<256x64xf16>) -> tensor<64x64xf16> {
  %c = kgraph.matmul %a, %b : tensor<64x256xf16>, tensor<256x64xf16> -> tensor<64x64xf16>
  return %c : tensor<64x64xf16>
}

func.func @gemm_s3(%a: tensor<64x256xf16>, %b: tensor<256x64xf16>) -> tensor<64x64xf16> attributes {tsopt.reference = @gemm_ref} {
  %c = kgraph.kernel grid = [2] forloop = 8 ins(%a, %b : tensor<64x256xf16>, tensor<256x64xf16>) -> (tensor<64x64xf16>) attributes {bgraph.stages = 3 : i64} {
  ^bb0(%ab: tensor<64x256xf16>, %bb: tensor<256x64xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = 1 : tensor<64x256xf16> -> !bgraph.tile<64x32xf16>
    %bt = bgraph.input %bb imap = {x = 1} fmap = 0 : tensor<256x64xf16> -> !bgraph.tile<32x32xf16>
    %p = bgraph.matmul %at, %bt : !bgraph.tile<64x32xf16>, !bgraph.tile<32x32xf16> -> !bgraph.tile<64x32xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<64x32xf32> -> !bgraph.tile<64x32xf32>
    %o = bgraph.output %s omap = {x = 1} : !bgraph.tile<64x32xf32> -> tensor<64x64xf16>
    bgraph.yield %o : tensor<64x64xf16>
  }
  return %c : tensor<64x64xf16>
}

func.func @gemm_s2(%a: tensor<64x256xf16>, %b: tensor<256x64xf16>) -> tensor<64x64xf16> attributes {tsopt.reference = @gemm_ref} {
  %c = kgraph.kernel grid = [4] forloop = 4 ins(%a, %b : tensor<64x256xf16>, tensor<256x64xf16>) -> (tensor<64x64xf16>) attributes {bgraph.stages = 2 : i64} {
  ^bb0(%ab: tensor<64x256xf16>, %bb: tensor<256x64xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = 1 {bgraph.copy_bytes = 8 : i64} : tensor<64x256xf16> -> !bgraph.tile<64x64xf16>
    %bt = bgraph.input %bb imap = {x = 1} fmap = 0 : tensor<256x64xf16> -> !bgraph.tile<64x16xf16>
    %p = bgraph.matmul %at, %bt {bgraph.mma = "cuda_cores"} : !bgraph.tile<64x64xf16>, !bgraph.tile<64x16xf16> -> !bgraph.tile<64x16xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<64x16xf32> -> !bgraph.tile<64x16xf32>
    %o = bgraph.output %s omap = {x = 1} : !bgraph.tile<64x16xf32> -> tensor<64x64xf16>
    bgraph.yield %o : tensor<64x64xf16>
  }
  return %c : tensor<64x64xf16>
}

func.func @gemm_short(%a: tensor<64x256xf16>, %b: tensor<256x64xf16>) -> tensor<64x64xf16> attributes {tsopt.reference = @gemm_ref} {
  %c = kgraph.kernel grid = [2, 2] forloop = 2 ins(%a, %b : tensor<64x256xf16>, tensor<256x64xf16>) -> (tensor<64x64xf16>) attributes {bgraph.stages = 3 : i64} {
  ^bb0(%ab: tensor<64x256xf16>, %bb: tensor<256x64xf16>):
    %at = bgraph.input %ab imap = {x = replica, y = 0} fmap = 1 : tensor<64x256xf16> -> !bgraph.tile<32x128xf16>
    %bt = bgraph.input %bb imap = {x = 1, y = replica} fmap = 0 : tensor<256x64xf16> -> !bgraph.tile<128x32xf16>
    %p = bgraph.matmul %at, %bt : !bgraph.tile<32x128xf16>, !bgraph.tile<128x32xf16> -> !bgraph.tile<32x32xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<32x32xf32> -> !bgraph.tile<32x32xf32>
    %o = bgraph.output %s omap = {x = 1, y = 0} : !bgraph.tile<32x32xf32> -> tensor<64x64xf16>
    bgraph.yield %o : tensor<64x64xf16>
  }
  return %c : tensor<64x64xf16>
}

func.func @gemm_planned(%a: tensor<64x256xf16>, %b: tensor<256x64xf16>) -> tensor<64x64xf16> attributes {tsopt.reference = @gemm_ref} {
  %c = kgraph.kernel grid = [2] forloop = 16 ins(%a, %b : tensor<64x256xf16>, tensor<256x64xf16>) -> (tensor<64x64xf16>) {
  ^bb0(%ab: tensor<64x256xf16>, %bb: tensor<256x64xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = 1 : tensor<64x256xf16> -> !bgraph.tile<64x16xf16>
    %bt = bgraph.input %bb imap = {x = 1} fmap = 0 : tensor<256x64xf16> -> !bgraph.tile<16x32xf16>
    %p = bgraph.matmul %at, %bt : !bgraph.tile<64x16xf16>, !bgraph.tile<16x32xf16> -> !bgraph.tile<64x32xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<64x32xf32> -> !bgraph.tile<64x32xf32>
    %o = bgraph.output %s omap = {x = 1} : !bgraph.tile<64x32xf32> -> tensor<64x64xf16>
    bgraph.yield %o : tensor<64x64xf16>
  }
  return %c : tensor<64x64xf16>
}
