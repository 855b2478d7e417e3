// RUN: tsopt-opt %s --tsopt-plan-kernels=target=sm_80 --convert-kgraph-to-gpu=target=sm_80 | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 --function=view %s -o %t/view.ptx --manifest=%t/view.json
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/view.json

// Data movement of tensors far larger than shared memory (6 MiB and 3 MiB in
// f32) lowers to a grid of tiles of at most 4096 elements, cut along the dims
// each op keeps one to one; test/tsopt-run/data-movement.mlir runs the same
// tiling on the CPU against the evaluator.

// Each tile is at most 4096 elements (16 KiB): an input tile and the
// result tile take at most 32 KiB of shared memory (the accumulator, over a
// loop of one, is the result's tile).
// The first transpose cuts the swapped dims first and keeps its rows (the
// contiguous dim) whole: 32 x 4 blocks of 1 x 16 x 256.
// CHECK: arith.constant 32768 : i32
// CHECK: gpu.launch_func @tsopt_kernels::@move_kernel0 blocks in (%c32{{[_0-9]*}}, %c4{{[_0-9]*}}, %c1{{[_0-9]*}})
// The slice keeps dims 0 and 1 and needs 2 blocks of dim 1.
// CHECK: arith.constant 18432 : i32
// CHECK: gpu.launch_func @tsopt_kernels::@move_kernel1 blocks in (%c64{{[_0-9]*}}, %c2{{[_0-9]*}}, %c1{{[_0-9]*}})
// CHECK: gpu.launch_func @tsopt_kernels::@move_kernel2 blocks in (%c32{{[_0-9]*}}, %c2{{[_0-9]*}}, %c1{{[_0-9]*}})
// The concat keeps dims 0 and 1.
// CHECK: arith.constant 24576 : i32
// CHECK: gpu.launch_func @tsopt_kernels::@move_kernel3 blocks in (%c32{{[_0-9]*}}, %c8{{[_0-9]*}}, %c1{{[_0-9]*}})
// CHECK-NOT: error
func.func @move(%x: tensor<64x32x256xf32>, %y: tensor<64x32x160xf32>) -> tensor<32x64x384xf32> {
  %t = kgraph.transpose %x permutation = [1, 0, 2] : tensor<64x32x256xf32> -> tensor<32x64x256xf32>
  %s = kgraph.slice %y offsets = [0, 0, 32] : tensor<64x32x160xf32> -> tensor<64x32x128xf32>
  %u = kgraph.transpose %s permutation = [1, 0, 2] : tensor<64x32x128xf32> -> tensor<32x64x128xf32>
  %c = kgraph.concat %t, %u dim = 2 : tensor<32x64x256xf32>, tensor<32x64x128xf32> -> tensor<32x64x384xf32>
  return %c : tensor<32x64x384xf32>
}

// A reshape that is not a result is a view of its operand's buffer: no
// kernel, no allocation. The transpose reads the argument's buffer through
// it; the launch manifest names that buffer (kernels take bare pointers).
// CHECK-LABEL: func.func @view(
// CHECK-NOT: gpu.alloc
// CHECK: %[[V:.*]] = memref.reinterpret_cast %arg0 to offset: [0], sizes: [512, 96], strides: [96, 1] : memref<8x64x96xf32> to memref<512x96xf32>
// CHECK-NOT: gpu.alloc
// CHECK: gpu.launch_func @tsopt_kernels::@view_kernel0 {{.*}} args(%[[V]] : memref<512x96xf32>, %arg1 : memref<96x512xf32>)
// CHECK-NOT: gpu.launch_func
// CHECK: return
// MANIFEST-NOT: "temporary"
// MANIFEST: "args": [
// MANIFEST-NEXT: 0,
// MANIFEST-NEXT: 1
// MANIFEST: "name": "view_kernel0"
func.func @view(%x: tensor<8x64x96xf32>) -> tensor<96x512xf32> {
  %r = kgraph.reshape %x : tensor<8x64x96xf32> -> tensor<512x96xf32>
  %t = kgraph.transpose %r permutation = [1, 0] : tensor<512x96xf32> -> tensor<96x512xf32>
  return %t : tensor<96x512xf32>
}
