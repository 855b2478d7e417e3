// An endless input (/dev/zero, a pipe that never closes) is refused by
// every tool after 256 MiB with a message and a non-zero exit, instead of
// being read until memory runs out; a regular file is refused by its size
// before it is read. Input within the limit reads as usual.
// RUN: not tsopt-opt /dev/zero 2>&1 | FileCheck %s
// RUN: not tsopt-opt - < /dev/zero 2>&1 | FileCheck %s --check-prefix=STDIN
// RUN: not tsopt-run /dev/zero 2>&1 | FileCheck %s
// RUN: not tsopt-translate --tsopt-to-ptx --target=sm_90 /dev/zero -o %t.ptx 2>&1 | FileCheck %s
// RUN: %python -c "import os; f = open(r'%t.big.mlir', 'wb'); f.truncate((256 << 20) + 1)"
// RUN: not tsopt-opt %t.big.mlir 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: tsopt-opt %s | FileCheck %s --check-prefix=FINE

// CHECK: error: /dev/zero: the input is larger than 268435456 bytes, more than any program's text; refused before parsing
// STDIN: error: standard input: the input is larger than 268435456 bytes
// BIG: error: {{.*}}big.mlir: the input is larger than 268435456 bytes
// FINE: func.func @small
func.func @small(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
