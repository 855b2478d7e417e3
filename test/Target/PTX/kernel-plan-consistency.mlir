// For every kernel of the twelve workloads (reduced and published shapes)
// and of the front-end fixtures after orchestration (graph-defined kernels,
// and pre-defined ops, priced by the expansion the lowering emits), on
// sm_80 and sm_90: the kernel plan the cost model reads (tensor cores,
// pipeline stages, copy widths, ldmatrix operands, swizzled tiles) is the
// one in the PTX (mma.sync, cp.async.wait_group, cp.async widths,
// ldmatrix, xor.b32). Zero disagreements.
// RUN: %check-kernel-plan %repo/test/Workloads/*.mlir %repo/utils/workloads/*.mlir | FileCheck %s
// RUN: %check-kernel-plan --orchestrate %repo/test/Conversion/LinalgToKGraph/llama_*.mlir %repo/test/Conversion/LinalgToKGraph/jax_*.mlir %repo/test/Conversion/LinalgToKGraph/decoder_layer.mlir %repo/test/Conversion/LinalgToKGraph/attention_f16.mlir %repo/test/Conversion/LinalgToKGraph/rmsnorm_mlp.mlir %repo/test/Conversion/LinalgToKGraph/tosa_mlp.mlir %repo/test/Conversion/LinalgToKGraph/torch_*.mlir %repo/test/Conversion/LinalgToKGraph/resnet_block.mlir | FileCheck %s
// CHECK-NOT: DIFF
// CHECK: {{[1-9][0-9]*}} kernels checked, 0 disagreements
