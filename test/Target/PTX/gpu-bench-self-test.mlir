// The GPU harness (utils/gpu_bench.py) tests itself without a GPU: the
// manifest reader on good and broken manifests and the report layout with
// the standard library alone; where PyTorch is installed, also the
// references against the published shapes and the µGraphs' algebra, the
// SDPA baselines, the input conditioning, the tolerance check and the check
// against upstream's outputs of the front-end fixtures (cases files). A
// failing part prints FAIL and exits non-zero.
// RUN: %python %repo/utils/gpu_bench.py --self-test | FileCheck %s
// CHECK: ok    test_manifest_reader
// CHECK: ok    test_manifest_files
// CHECK: ok    test_report
// CHECK-NOT: FAIL
