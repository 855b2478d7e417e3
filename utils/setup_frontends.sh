#!/usr/bin/env bash
# Installs the optional front ends (torch, transformers, torch-mlir, jax from PyPI,
# about 5 GB with torch's CUDA libraries) into a virtual environment,
# .venv-frontends by default. The default test command does not need them:
# their exports are committed as lit fixtures (utils/export_models.py).
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${1:-.venv-frontends}
python3 -m venv "$VENV"
"$VENV/bin/pip" install --upgrade pip
"$VENV/bin/pip" install torch transformers torch-mlir jax numpy pytest
echo "front ends installed: $VENV/bin/python utils/export_models.py --out DIR"
