#!/usr/bin/env bash
# The Python package's CPU tests, as CI runs them (CTest `python_package`):
# a virtual environment with torch, numpy and pytest from PyPI, the package
# built from ./python (its CPU part: GPUACT_CUDA=0), python/tests under pytest
# (values bit-identical to the C library, accuracy against MPFR, specials,
# layouts, dtype errors, torch.compile), and the README's Python blocks.
#   bash scripts/test-python.sh VENV_DIR [OUTDIR]
# The venv is kept and reused (torch is about 5 GB installed, 1-2 minutes to
# fetch). GPUACT_PYTHON_TESTS=0 skips everything (exit 77, CTest's skip).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv=${1:?usage: test-python.sh VENV_DIR [OUTDIR]}
out=${2:-$venv/out}
if [ "${GPUACT_PYTHON_TESTS:-1}" = 0 ]; then echo "skipped: GPUACT_PYTHON_TESTS=0"; exit 77; fi
py=$venv/bin/python
if ! "$py" -c "import torch, numpy, pytest, setuptools, wheel" 2>/dev/null; then
  python3 -m venv "$venv"
  "$py" -m pip install -q --upgrade pip
  "$py" -m pip install -q torch numpy pytest setuptools wheel
fi
"$py" -c "import torch; print('torch', torch.__version__)"
cd "$root"
rm -rf python/build
GPUACT_CUDA=0 "$py" -m pip install -q --no-build-isolation --force-reinstall --no-deps ./python
mkdir -p "$out"
# from outside the checkout, so that the installed package is what is tested
(cd "$out" && "$py" -m pytest -q -p no:cacheprovider "$root/python/tests")
bash "$root/tests/readme/run_blocks.sh" --no-cuda --python "$py" "$out/readme"
