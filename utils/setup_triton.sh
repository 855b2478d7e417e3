#!/usr/bin/env bash
# Installs Triton (PyPI, with its bundled LLVM and ptxas; compiling needs no
# GPU) and numpy into a virtual environment, .venv-triton by default (the
# first argument overrides it), for utils/triton_side_by_side.py.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${1:-.venv-triton}
python3 -m venv "$VENV"
"$VENV/bin/pip" install --quiet --upgrade pip
"$VENV/bin/pip" install --quiet triton numpy
"$VENV/bin/python" -c 'import triton; print("triton", triton.__version__)'
echo "use: $VENV/bin/python utils/triton_side_by_side.py --sass-tools .venv-sass ..."
