#!/usr/bin/env bash
# The host half of "one math core": tests/core_digest.c built by every
# compiler and flag set at hand must print the same digest. Contraction
# (-ffp-contract=fast with FMA, -march=x86-64-v3), -O0..-O3, C and C++ all
# included: if the core had a contractible a*b+c or relied on excess
# precision, one of these would differ.
# usage: tests/bit_identity.sh [source-dir] [work-dir]
set -u
src=${1:-$(cd "$(dirname "$0")/.." && pwd)}
work=${2:-$(mktemp -d)}
mkdir -p "$work"
fma=0; grep -qw fma /proc/cpuinfo 2>/dev/null && grep -qw avx2 /proc/cpuinfo 2>/dev/null && fma=1
builds=(
  "gcc -std=c99 -O0"
  "gcc -std=c99 -O2"
  "gcc -std=gnu11 -O3 -ffp-contract=fast"
  "g++ -x c++ -std=c++11 -O2"
  "clang -std=c99 -O2"
  "clang -std=c11 -O3 -ffp-contract=fast"
  "clang++ -x c++ -std=c++17 -O1"
)
if [ $fma = 1 ]; then
  builds+=("gcc -std=gnu11 -O3 -march=x86-64-v3 -ffp-contract=fast"
           "g++ -x c++ -std=gnu++17 -O2 -march=x86-64-v3"
           "clang -std=c99 -O3 -march=x86-64-v3 -ffp-contract=fast"
           "clang -std=c99 -O2 -march=x86-64-v3 -ffp-contract=on")
fi
if command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then
  NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
  builds+=("$NVCC -x cu -O3")   # the host pass of a .cu file
fi
ref=""; pass=0; fail=0; i=0
for b in "${builds[@]}"; do
  i=$((i+1)); exe="$work/digest$i"
  if ! $b -I"$src" "$src/tests/core_digest.c" -o "$exe" -lm 2>"$work/err$i"; then
    echo "FAIL build: $b"; cat "$work/err$i"; fail=$((fail+1)); continue
  fi
  d=$("$exe")
  [ -z "$ref" ] && ref=$d
  if [ "$d" = "$ref" ]; then echo "ok   $d  $b"; pass=$((pass+1)); else echo "FAIL $d  $b (expected $ref)"; fail=$((fail+1)); fi
done
echo "$pass passed, $fail failed"
[ $fail = 0 ]
