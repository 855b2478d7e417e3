#!/usr/bin/env bash
# Installs every Debian package tsopt needs to build and test. Idempotent:
# packages already present are not reinstalled, and apt is only touched when
# something is missing. Runs as root, or through sudo when available.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build ccache git python3
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  libz3-dev libgtest-dev coinor-libcbc-dev pkg-config
  # The Python bindings and their tests (ctest runs them without installing),
  # and Graphviz to render the pictures.
  python3-dev python3-venv python3-pybind11 pybind11-dev python3-numpy
  python3-pytest graphviz
  # MPI for tsopt-mpi and its tests (optional at build time).
  libopenmpi-dev openmpi-bin
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "bootstrap: all ${#PACKAGES[@]} packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then
    SUDO="sudo"
  else
    echo "bootstrap: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
fi

echo "bootstrap: installing ${missing[*]}"
# LLVM/MLIR 22 come from Debian 12's security/updates suites.
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
