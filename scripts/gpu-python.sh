#!/usr/bin/env bash
# The Python package on a GPU machine: build it with its CUDA part, run its
# tests, and the seed models' comparison (examples/pytorch/compare.py).
#   bash scripts/gpu-python.sh OUTDIR [--no-compare]
# Environment: PYTHON (default python3), TORCH_CUDA_ARCH_LIST (default 9.0),
#   GPUACT_WHEEL (install this wheel instead of building one into OUTDIR),
#   GPUACT_REFSHIM (a prebuilt python/tests/refshim.c library, where MPFR's
#   headers are missing; its libmpfr/libgmp beside it; default:
#   build-refshim/librefshim.so where that exists, from scripts/build-refshim.sh
#   on a machine with MPFR's headers, carried here: without it the tests that
#   compare with the MPFR reference fail to set up on the GPU machine).
#   GPUACT_GPU_PYTHON_STAGE=build|test|all (default all): build = the wheel, its
#   install and import; test = pytest, the README's Python block and the comparison
#   (scripts/gpu-check.sh --python runs the two stages apart).
# Ends with "N passed, M failed" over its steps.
set -u
cd "$(dirname "$0")/.."
out=${1:?usage: gpu-python.sh OUTDIR [--no-compare]}
mkdir -p "$out"
PY=${PYTHON:-python3}
export TORCH_CUDA_ARCH_LIST=${TORCH_CUDA_ARCH_LIST:-9.0} GPUACT_CUDA=1 MAX_JOBS=${MAX_JOBS:-4}
if [ -z "${GPUACT_REFSHIM:-}" ] && [ -f build-refshim/librefshim.so ]; then export GPUACT_REFSHIM=$PWD/build-refshim/librefshim.so; fi
if [ -n "${GPUACT_REFSHIM:-}" ]; then
  export LD_LIBRARY_PATH="$(dirname "$GPUACT_REFSHIM")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  echo "gpu-python: the MPFR reference from $GPUACT_REFSHIM"
else
  echo "gpu-python: no GPUACT_REFSHIM and no build-refshim/librefshim.so: the reference is built here (needs MPFR's headers)"
fi
pass=0; fail=0
step() { # name, command...
  local name=$1; shift
  local t0=$SECONDS
  if "$@" >"$out/$name.log" 2>&1; then r=ok; pass=$((pass+1)); else r=FAIL; fail=$((fail+1)); fi
  printf '%-5s %-28s %4ds  %s\n' "$r" "$name" $((SECONDS-t0)) "$(tail -n1 "$out/$name.log")"
}
stage=${GPUACT_GPU_PYTHON_STAGE:-all}
if [ "$stage" != test ]; then
if [ -n "${GPUACT_WHEEL:-}" ]; then   # a wheel built by an earlier run on the same kind of machine
  step pip-install "$PY" -m pip install --no-deps --force-reinstall "$GPUACT_WHEEL"
else
  step pip-wheel "$PY" -m pip wheel --no-build-isolation --no-deps -v -w "$out" ./python
  step pip-install "$PY" -m pip install --no-deps --force-reinstall "$out"/gpuact-*.whl
fi
step import "$PY" -c "import gpuact.torch as ga, torch; assert ga.has_cuda() and torch.cuda.is_available(); print('gpuact CUDA part:', ga.has_cuda())"
fi
if [ "$stage" != build ]; then
step pytest "$PY" -m pytest -q -p no:cacheprovider python/tests
step readme-python bash tests/readme/run_blocks.sh --no-cuda --python "$PY" "$out/readme"
if [ "${2:-}" != "--no-compare" ]; then
  step compare env PYTHONUNBUFFERED=1 "$PY" examples/pytorch/compare.py --out "$out/compare.md"
fi
fi
echo "$pass passed, $fail failed"
[ $fail = 0 ]
