#!/usr/bin/env bash
# Installs NVIDIA's SASS disassemblers (the PyPI wheels nvidia-cuda-nvdisasm and
# nvidia-cuda-cuobjdump, no GPU or driver needed) into a virtual environment,
# .venv-sass by default (the first argument overrides it), and prints where the
# binaries are. utils/kernel_stats.py finds them with --sass-tools VENV.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${1:-.venv-sass}
python3 -m venv "$VENV"
"$VENV/bin/pip" install --quiet --upgrade pip
"$VENV/bin/pip" install --quiet nvidia-cuda-nvdisasm nvidia-cuda-cuobjdump
# The wheels put them under site-packages/nvidia/cuda_{nvdisasm,cuobjdump}/bin
# (the layout has moved between releases, so search rather than assume).
found=0
for tool in nvdisasm cuobjdump; do
  path=$(find "$VENV" -type f -name "$tool" -path "*/bin/*" ! -path "$VENV/bin/*" | head -n 1)
  if [ -n "$path" ]; then
    chmod +x "$path"
    echo "$tool: $path"
    found=$((found + 1))
  else
    echo "$tool: not found under $VENV" >&2
  fi
done
[ "$found" -eq 2 ]
echo "use: utils/kernel_stats.py --sass-tools $VENV ..."
