// Alternative µGraphs at the published shapes, for the cost-model tests
// (CostModelTest.cpp); each names its reference, a copy of the workload's.
//
// @gqa_flashdecoding: FlashDecoding's partition of GQA (Mirage Fig. 4b):
// blocks split heads and the kv sequence only, every block holds the whole
// 256-row query block; grid [2, 16], the same kv split, partial layout and
// combine kernel as @gqa_opt in utils/workloads/gqa.mlir, which also splits
// the query rows four ways (grid [2, 16, 4], Mirage Fig. 4c).

func.func @gqa_ref(%q: tensor<2x256x64xf16>, %k: tensor<2x64x4096xf16>, %v: tensor<2x4096x64xf16>) -> tensor<2x256x64xf16> {
  %s = kgraph.matmul %q, %k : tensor<2x256x64xf16>, tensor<2x64x4096xf16> -> tensor<2x256x4096xf16>
  %e = kgraph.exp %s : tensor<2x256x4096xf16>
  %r = kgraph.reduce_sum %e dim = 2 : tensor<2x256x4096xf16> -> tensor<2x256x1xf16>
  %p = kgraph.div %e, %r : tensor<2x256x4096xf16>, tensor<2x256x1xf16> -> tensor<2x256x4096xf16>
  %o = kgraph.matmul %p, %v : tensor<2x256x4096xf16>, tensor<2x4096x64xf16> -> tensor<2x256x64xf16>
  return %o : tensor<2x256x64xf16>
}

func.func @gqa_flashdecoding(%q: tensor<2x256x64xf16>, %k: tensor<2x64x4096xf16>, %v: tensor<2x4096x64xf16>) -> tensor<2x256x64xf16> attributes {tsopt.reference = @gqa_ref} {
  %k_pa:2 = kgraph.kernel grid = [2, 16] forloop = 4 ins(%q, %k, %v : tensor<2x256x64xf16>, tensor<2x64x4096xf16>, tensor<2x4096x64xf16>) -> (tensor<2x256x1024xf16>, tensor<2x256x16xf16>) {
  ^bb0(%q_b: tensor<2x256x64xf16>, %k_b: tensor<2x64x4096xf16>, %v_b: tensor<2x4096x64xf16>):
    %qt = bgraph.input %q_b imap = {x = 0, y = replica} fmap = replica : tensor<2x256x64xf16> -> !bgraph.tile<1x256x64xf16>
    %kt = bgraph.input %k_b imap = {x = 0, y = 2} fmap = 2 : tensor<2x64x4096xf16> -> !bgraph.tile<1x64x64xf16>
    %vt = bgraph.input %v_b imap = {x = 0, y = 1} fmap = 1 : tensor<2x4096x64xf16> -> !bgraph.tile<1x64x64xf16>
    %st = bgraph.matmul %qt, %kt : !bgraph.tile<1x256x64xf16>, !bgraph.tile<1x64x64xf16> -> !bgraph.tile<1x256x64xf16>
    %et = bgraph.exp %st : !bgraph.tile<1x256x64xf16>
    %at = bgraph.matmul %et, %vt : !bgraph.tile<1x256x64xf16>, !bgraph.tile<1x64x64xf16> -> !bgraph.tile<1x256x64xf16>
    %rt = bgraph.reduce_sum %et dim = 2 : !bgraph.tile<1x256x64xf16> -> !bgraph.tile<1x256x1xf16>
    %aa = bgraph.accum sum %at : !bgraph.tile<1x256x64xf16> -> !bgraph.tile<1x256x64xf16>
    %ra = bgraph.accum sum %rt : !bgraph.tile<1x256x1xf16> -> !bgraph.tile<1x256x1xf16>
    %oa = bgraph.output %aa omap = {x = 0, y = 2} : !bgraph.tile<1x256x64xf16> -> tensor<2x256x1024xf16>
    %or = bgraph.output %ra omap = {x = 0, y = 2} : !bgraph.tile<1x256x1xf16> -> tensor<2x256x16xf16>
    bgraph.yield %oa, %or : tensor<2x256x1024xf16>, tensor<2x256x16xf16>
  }
  %o = kgraph.kernel grid = [2, 4] forloop = 16 ins(%k_pa#0, %k_pa#1 : tensor<2x256x1024xf16>, tensor<2x256x16xf16>) -> (tensor<2x256x64xf16>) {
  ^bb0(%pa_b: tensor<2x256x1024xf16>, %pr_b: tensor<2x256x16xf16>):
    %at = bgraph.input %pa_b imap = {x = 0, y = 1} fmap = 2 : tensor<2x256x1024xf16> -> !bgraph.tile<1x64x64xf16>
    %rt = bgraph.input %pr_b imap = {x = 0, y = 1} fmap = 2 : tensor<2x256x16xf16> -> !bgraph.tile<1x64x1xf16>
    %as = bgraph.accum sum %at : !bgraph.tile<1x64x64xf16> -> !bgraph.tile<1x64x64xf32>
    %rs = bgraph.accum sum %rt : !bgraph.tile<1x64x1xf16> -> !bgraph.tile<1x64x1xf32>
    %d = bgraph.div %as, %rs : !bgraph.tile<1x64x64xf32>, !bgraph.tile<1x64x1xf32> -> !bgraph.tile<1x64x64xf16>
    %od = bgraph.output %d omap = {x = 0, y = 1} : !bgraph.tile<1x64x64xf16> -> tensor<2x256x64xf16>
    bgraph.yield %od : tensor<2x256x64xf16>
  }
  return %o : tensor<2x256x64xf16>
}
