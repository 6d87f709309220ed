#!/usr/bin/env bash
# A file that includes gpuact.h without GPUACT_IMPLEMENTATION, and calls
# nothing, must add nothing to a program: its object's text + data + bss, as
# `size` counts them, is 0 with gcc and clang, as C (C99, C11) and C++
# (C++11, C++17), at -O0 and -O2. (GCC keeps unused file-scope static consts
# at -O0, so a table defined at file scope would show up here.) With nvcc, it
# measures what an empty .cu measures. As a control
# that the measure works, the implementation file must measure more than 0.
# usage: tests/include_footprint.sh [source-dir] [work-dir]
# Environment: CC_LIST (default "gcc clang"), CXX_LIST (default "g++ clang++").
set -u
src=${1:-$(cd "$(dirname "$0")/.." && pwd)}
work=${2:-$(mktemp -d)}
mkdir -p "$work"
command -v size >/dev/null || { echo "FAIL size (binutils) not found"; echo "0 passed, 1 failed"; exit 1; }
printf '#include "gpuact.h"\n' >"$work/include_only.c"
printf '#define GPUACT_IMPLEMENTATION\n#include "gpuact.h"\n' >"$work/implementation.c"

pass=0; fail=0; i=0
bytes() { size "$1" | awk 'NR == 2 { print $1 + $2 + $3 }'; } # text + data + bss
measure() { # measure COMPILER LANG STD OPT
  local o="$work/out$i.o" n
  i=$((i+1))
  if ! "$1" -x "$2" -std="$3" "$4" -I"$src" -c "$work/include_only.c" -o "$o" >"$work/log$i" 2>&1; then
    echo "FAIL build: $1 -std=$3 $4"; cat "$work/log$i"; fail=$((fail+1)); return
  fi
  n=$(bytes "$o")
  if [ "$n" = 0 ]; then echo "ok   0 bytes  $1 -std=$3 $4"; pass=$((pass+1))
  else echo "FAIL $n bytes  $1 -std=$3 $4"; size -A "$o"; fail=$((fail+1)); fi
}
for cc in ${CC_LIST:-gcc clang}; do
  command -v "$cc" >/dev/null || { echo "FAIL $cc: not found"; fail=$((fail+1)); continue; }
  for std in c99 c11; do for o in -O0 -O2; do measure "$cc" c $std $o; done; done
done
for cxx in ${CXX_LIST:-g++ clang++}; do
  command -v "$cxx" >/dev/null || { echo "FAIL $cxx: not found"; fail=$((fail+1)); continue; }
  for std in c++11 c++17; do for o in -O0 -O2; do measure "$cxx" c++ $std $o; done; done
done
# nvcc (where found): every CUDA object carries the runtime's registration code, so a .cu
# that includes the header must measure what an empty .cu measures (device tables
# defined at file scope were 760 KB here: the runtime registers them, so they are kept)
nvcc=${NVCC:-$(command -v nvcc || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; })}
if [ -n "$nvcc" ]; then
  : >"$work/empty.cu"
  cp "$work/include_only.c" "$work/include_only.cu"
  if "$nvcc" -arch=sm_90 -O3 -I"$src" -c "$work/empty.cu" -o "$work/empty_cu.o" >"$work/nvcc.log" 2>&1 &&
     "$nvcc" -arch=sm_90 -O3 -I"$src" -c "$work/include_only.cu" -o "$work/include_cu.o" >>"$work/nvcc.log" 2>&1; then
    e=$(bytes "$work/empty_cu.o"); n=$(bytes "$work/include_cu.o")
    # a few bytes of difference: the file's name in the registration
    if [ $((n - e)) -le 64 ]; then echo "ok   $n bytes  nvcc sm_90 (an empty .cu: $e)"; pass=$((pass+1))
    else echo "FAIL $n bytes  nvcc sm_90 (an empty .cu: $e)"; size -A "$work/include_cu.o"; fail=$((fail+1)); fi
  else
    echo "FAIL build: nvcc"; cat "$work/nvcc.log"; fail=$((fail+1))
  fi
fi
# control: the implementation, with the first C compiler
cc=${CC_LIST:-gcc}; cc=${cc%% *}
if "$cc" -std=c99 -O0 -I"$src" -c "$work/implementation.c" -o "$work/impl.o" >"$work/impl.log" 2>&1 &&
   n=$(bytes "$work/impl.o") && [ "${n:-0}" -gt 0 ]; then
  echo "ok   $n bytes  $cc -std=c99 -O0 with GPUACT_IMPLEMENTATION (control: the measure sees code)"; pass=$((pass+1))
else
  echo "FAIL control: the implementation measured ${n:-nothing}"; cat "$work/impl.log"; fail=$((fail+1))
fi
echo "$pass passed, $fail failed"
[ $fail = 0 ]
