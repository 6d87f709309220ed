#!/usr/bin/env bash
# The header under users' strict flags: a file that includes gpuact.h, and
# one that also defines GPUACT_IMPLEMENTATION, must compile with no warning
#   gcc, clang      as C99 and C11, -Wall -Wextra -Wpedantic -Wconversion -Wshadow
#   g++, clang++    as C++11 and C++17, the same plus -Wsign-conversion
#                   (which -Wconversion implies in C, not in C++)
#   nvcc            the include-only file as CUDA C++11 and C++17 for sm_90,
#                   -Xcompiler -Wall,-Wextra,-Wconversion,-Wshadow (not
#                   -Wpedantic: it flags the line directives nvcc itself
#                   writes); the implementation's kernels are built with
#                   -Wall -Wextra by scripts/gpu-build-check.sh
# every warning an error. Each host file is compiled at -O0 and at -O2:
# -Wmaybe-uninitialized, -Warray-bounds and the like only run when the
# optimiser does, and the implementation file takes under a second either way.
# usage: tests/strict_warnings.sh [source-dir] [work-dir]
# Environment: CC_LIST (default "gcc clang"), CXX_LIST (default "g++ clang++"),
# NVCC (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc; "skip" leaves it out).
set -u
src=${1:-$(cd "$(dirname "$0")/.." && pwd)}
work=${2:-$(mktemp -d)}
mkdir -p "$work"
W=(-Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror)
printf '#include "gpuact.h"\n' >"$work/include_only.c"
printf '#define GPUACT_IMPLEMENTATION\n#include "gpuact.h"\n' >"$work/implementation.c"
cp "$work/include_only.c" "$work/include_only.cu"

pass=0; fail=0; i=0
build() { # build LABEL COMMAND...
  local label=$1; shift
  i=$((i+1))
  if "$@" >"$work/log$i" 2>&1 && ! grep -Eq 'warning ?:' "$work/log$i"; then
    echo "ok   $label"; pass=$((pass+1))
  else
    echo "FAIL $label"; cat "$work/log$i"; fail=$((fail+1))
  fi
}
for cc in ${CC_LIST:-gcc clang}; do
  command -v "$cc" >/dev/null || { echo "FAIL $cc: not found"; fail=$((fail+1)); continue; }
  for std in c99 c11; do for tu in include_only implementation; do for o in -O0 -O2; do
    build "$cc -std=$std $o $tu" "$cc" -x c -std=$std $o "${W[@]}" -I"$src" -c "$work/$tu.c" -o "$work/out$i.o"
  done; done; done
done
for cxx in ${CXX_LIST:-g++ clang++}; do
  command -v "$cxx" >/dev/null || { echo "FAIL $cxx: not found"; fail=$((fail+1)); continue; }
  for std in c++11 c++17; do for tu in include_only implementation; do for o in -O0 -O2; do
    build "$cxx -std=$std $o $tu" "$cxx" -x c++ -std=$std $o "${W[@]}" -Wsign-conversion -I"$src" -c "$work/$tu.c" -o "$work/out$i.o"
  done; done; done
done
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
if [ "$NVCC" = skip ]; then
  echo "skip nvcc (NVCC=skip)"
elif [ -x "$NVCC" ] || command -v "$NVCC" >/dev/null; then
  for std in c++11 c++17; do
    build "nvcc -std=$std -arch=sm_90 include_only" "$NVCC" -std=$std -arch=sm_90 -Xcompiler -Wall,-Wextra,-Wconversion,-Wshadow \
      -Werror all-warnings -I"$src" -c "$work/include_only.cu" -o "$work/out$i.o"
  done
else
  echo "skip nvcc (not found)"
fi
echo "$pass passed, $fail failed"
[ $fail = 0 ]
