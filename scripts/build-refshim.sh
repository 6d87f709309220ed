#!/usr/bin/env bash
# scripts/build-refshim.sh - the MPFR reference as the Python tests load it
# (python/tests/refshim.c with reference/), prebuilt for a machine without
# MPFR's headers (the GPU machine): run it on a machine that has them, then
# carry build-refshim/ to the other (the device tool's `carry`).
#   bash scripts/build-refshim.sh [DIR]     (default DIR: build-refshim)
# DIR gets librefshim.so, with libmpfr and libgmp copied beside it and found
# there ($ORIGIN). scripts/gpu-python.sh uses DIR/librefshim.so as
# GPUACT_REFSHIM when that variable is unset and the file exists.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build-refshim}
mkdir -p "$out"
cc=${CC:-cc}
"$cc" -std=c99 -O2 -fPIC -shared -I"$root" -I"$root/reference" "$root"/reference/gpuact_ref.c "$root"/reference/ref_*.c \
  "$root/python/tests/refshim.c" -Wl,-rpath,'$ORIGIN' -lmpfr -lgmp -lpthread -lm -o "$out/librefshim.so"
for lib in libmpfr libgmp; do
  path=$(ldd "$out/librefshim.so" | awk -v l="$lib" '$1 ~ "^" l "\\.so" { print $3; exit }')
  [ -n "$path" ] || { echo "build-refshim: $lib not found by ldd" >&2; exit 1; }
  cp -L "$path" "$out/$(basename "$path")"
done
echo "build-refshim: $out/librefshim.so ($(ls "$out" | tr '\n' ' '))"
