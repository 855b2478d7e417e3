#!/usr/bin/env bash
# Sets up, builds and runs every test (lit + GoogleTest) through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
utils/bootstrap.sh
utils/build.sh
cd "${BUILD_DIR:-build}"
ctest --output-on-failure -j "${JOBS:-$(nproc)}"
