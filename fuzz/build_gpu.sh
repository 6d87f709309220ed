#!/usr/bin/env bash
# fuzz/build_gpu.sh - builds the GPU harness fuzz/fuzz_gpu.cu (needs nvcc; running it needs a CUDA GPU).
#
#   fuzz/build_gpu.sh [--out DIR] [--arch sm_90] [--no-libfuzzer] [--compile-only]
#
# Produces OUT/fuzz_gpu (libFuzzer) and OUT/fuzz_gpu_standalone (replay / --random, no libFuzzer).
# nvcc cannot link libFuzzer, so:
#   1. nvcc -c fuzz_gpu.cu with clang++ as the host compiler and -fsanitize=fuzzer-no-link
#      (coverage of the host code; no ASan: the CUDA runtime and ASan do not mix);
#   2. clang++ -fsanitize=fuzzer fuzz_gpu.o -lcudart.
# If nvcc refuses clang++ as its host compiler, the object is built with nvcc's default host
# compiler and linked the same way (libFuzzer then runs without coverage feedback: it still
# mutates the seeds and checks every input, but it is blind). --compile-only: the objects only
# (no linking; what a machine without libcudart can do).
# Environment: NVCC (default nvcc, /usr/local/cuda/bin/nvcc), CLANGXX (clang++), CXX (g++), CC (gcc),
#              CUDA_LIB (default <nvcc>/../lib64), FUZZ_OUT (default fuzz/out).
set -euo pipefail
FUZZ_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$FUZZ_DIR")
OUT=${FUZZ_OUT:-$FUZZ_DIR/out} ARCH=${ARCH:-sm_90} LIBFUZZER=1 LINK=1
while [ $# -gt 0 ]; do
    case "$1" in
    --out) OUT=$2; shift ;;
    --arch) ARCH=$2; shift ;;
    --no-libfuzzer) LIBFUZZER=0 ;;
    --compile-only) LINK=0 ;;
    -h | --help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "build_gpu.sh: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
CLANGXX=${CLANGXX:-$(command -v clang++ || command -v clang++-14 || echo clang++)}
CXX=${CXX:-g++} CC=${CC:-gcc}
CUDA_LIB=${CUDA_LIB:-$(cd "$(dirname "$NVCC")/.." && pwd)/lib64}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
NVFLAGS=(-std=c++14 -O2 "-arch=$ARCH" -I"$ROOT")
LINKFLAGS=(-L"$CUDA_LIB" -lcudart -Wl,-rpath,"$CUDA_LIB")

echo "build_gpu.sh: standalone object"
"$NVCC" "${NVFLAGS[@]}" -Xcompiler -fPIC -DFUZZ_STANDALONE -c "$FUZZ_DIR/fuzz_gpu.cu" -o "$OUT/fuzz_gpu_standalone.o"
"$CC" -O2 -I"$ROOT" -c "$FUZZ_DIR/standalone_main.c" -o "$OUT/standalone_main.o"
if [ $LINK = 1 ]; then
    "$CXX" "$OUT/fuzz_gpu_standalone.o" "$OUT/standalone_main.o" "${LINKFLAGS[@]}" -o "$OUT/fuzz_gpu_standalone"
    echo "build_gpu.sh: $OUT/fuzz_gpu_standalone"
fi
if [ $LIBFUZZER = 1 ]; then
    echo "build_gpu.sh: libFuzzer object"
    if "$NVCC" "${NVFLAGS[@]}" -ccbin "$CLANGXX" -Xcompiler -fPIC,-fsanitize=fuzzer-no-link \
        -c "$FUZZ_DIR/fuzz_gpu.cu" -o "$OUT/fuzz_gpu.o"; then
        :
    else
        echo "build_gpu.sh: nvcc -ccbin $CLANGXX failed; building without coverage instrumentation" >&2
        "$NVCC" "${NVFLAGS[@]}" -Xcompiler -fPIC -c "$FUZZ_DIR/fuzz_gpu.cu" -o "$OUT/fuzz_gpu.o"
    fi
    if [ $LINK = 1 ]; then
        "$CLANGXX" -fsanitize=fuzzer "$OUT/fuzz_gpu.o" "${LINKFLAGS[@]}" -o "$OUT/fuzz_gpu"
        echo "build_gpu.sh: $OUT/fuzz_gpu"
    fi
fi
