#!/usr/bin/env bash
# fuzz/build.sh - builds the fuzz harnesses (used by run_all.sh, plant_test.sh, CMake).
#
#   fuzz/build.sh [--libfuzzer|--standalone|--both] [--plant N] [--out DIR] [HARNESS...]
#
#   --libfuzzer   clang -fsanitize=fuzzer,address,undefined  -> OUT/HARNESS[_plantN]
#   --standalone  $CC (gcc) with standalone_main.c            -> OUT/HARNESS_standalone[_plantN]
#   --both        (default) both
#   --plant N     GPUACT_FUZZ_PLANT=N (1 textbook gelu_erf, 2 elu via expf-1, 3 gelu_tanh' with x^3,
#                 4 fast gelu_tanh' 2^-10 off, 5 fast silu f with +0 for -0, 6 gated f(a) rounded
#                 before times b, 7 gated dy b rounded before times f'(a))
#   --out DIR     default $FUZZ_OUT or fuzz/out (git-ignored)
#   HARNESS       fuzz_ulp fuzz_special fuzz_deriv fuzz_api fuzz_f64 (default: all five; fuzz_gpu: build_gpu.sh)
# Environment: CLANG (default clang, or clang-14), CC (default gcc), FUZZ_CFLAGS (extra flags).
# The MPFR reference (reference/*.c but test_ref.c) is compiled once per flavour into
# OUT/libgpuact_ref_{asan,plain}.a, without coverage instrumentation, so the fuzzer's
# feedback comes from the library and the harness. Rebuilds only what is out of date.
set -euo pipefail
FUZZ_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$FUZZ_DIR")
MODE=both PLANT=0 OUT=${FUZZ_OUT:-$FUZZ_DIR/out}
HARNESSES=()
while [ $# -gt 0 ]; do
    case "$1" in
    --libfuzzer) MODE=libfuzzer ;;
    --standalone) MODE=standalone ;;
    --both) MODE=both ;;
    --plant) PLANT=$2; shift ;;
    --out) OUT=$2; shift ;;
    -h | --help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    fuzz_*) HARNESSES+=("$1") ;;
    *) echo "build.sh: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done
[ ${#HARNESSES[@]} -eq 0 ] && HARNESSES=(fuzz_ulp fuzz_special fuzz_deriv fuzz_api fuzz_f64)
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
if [ -z "${CLANG:-}" ]; then CLANG=$(command -v clang || command -v clang-14 || echo clang); fi
CC=${CC:-gcc}
EXTRA=${FUZZ_CFLAGS:-}
REF_SRCS=()
for f in "$ROOT"/reference/*.c; do [ "$(basename "$f")" = test_ref.c ] || REF_SRCS+=("$f"); done
HEADERS=("$ROOT/gpuact.h" "$ROOT/gpuact_kernels.cuh" "$ROOT/gpuact_tables.h" "$ROOT/gpuact_f64.h" "$ROOT/gpuact_f64_tables.h" "$FUZZ_DIR"/fuzz_*.h "$ROOT"/tests/common/*.h "$ROOT/reference/gpuact_ref.h")

# newer TARGET SOURCES...: 0 if TARGET is missing or older than any source
stale() {
    local t=$1; shift
    [ -e "$t" ] || return 0
    local s
    for s in "$@"; do [ "$s" -nt "$t" ] && return 0; done
    return 1
}
# ref_lib FLAVOUR COMPILER FLAGS...: the reference as a static library
ref_lib() {
    local flavour=$1 cc=$2; shift 2
    local lib=$OUT/libgpuact_ref_$flavour.a dir=$OUT/ref-$flavour
    if stale "$lib" "${REF_SRCS[@]}" "$ROOT"/reference/*.h; then
        mkdir -p "$dir"
        rm -f "$dir"/*.o "$lib"
        local f
        for f in "${REF_SRCS[@]}"; do
            "$cc" "$@" -std=gnu99 -I"$ROOT/reference" -c "$f" -o "$dir/$(basename "${f%.c}").o" &
        done
        wait
        ar rcs "$lib" "$dir"/*.o
    fi
    echo "$lib"
}

suffix=""
[ "$PLANT" != 0 ] && suffix="_plant$PLANT"
DEFS=(-DGPUACT_FUZZ_PLANT="$PLANT")

if [ "$MODE" != standalone ]; then
    SAN=(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
    LIB=$(ref_lib asan "$CLANG" -O2 -g "${SAN[@]}")
    for h in "${HARNESSES[@]}"; do
        bin=$OUT/$h$suffix
        if stale "$bin" "$FUZZ_DIR/$h.c" "${HEADERS[@]}" "$LIB"; then
            echo "build.sh: $bin"
            # shellcheck disable=SC2086
            "$CLANG" -O1 -g -std=gnu99 -fsanitize=fuzzer "${SAN[@]}" "${DEFS[@]}" -I"$ROOT" -I"$ROOT/reference" $EXTRA \
                "$FUZZ_DIR/$h.c" "$LIB" -lmpfr -lgmp -lm -o "$bin"
        fi
    done
fi
if [ "$MODE" != libfuzzer ]; then
    LIB=$(ref_lib plain "$CC" -O2 -g)
    for h in "${HARNESSES[@]}"; do
        bin=$OUT/${h}_standalone$suffix
        if stale "$bin" "$FUZZ_DIR/$h.c" "$FUZZ_DIR/standalone_main.c" "${HEADERS[@]}" "$LIB"; then
            echo "build.sh: $bin"
            # shellcheck disable=SC2086
            "$CC" -O2 -g -std=gnu99 -Wall -Wextra -DFUZZ_STANDALONE "${DEFS[@]}" -I"$ROOT" -I"$ROOT/reference" $EXTRA \
                "$FUZZ_DIR/$h.c" "$FUZZ_DIR/standalone_main.c" "$LIB" -lmpfr -lgmp -lm -o "$bin"
        fi
    done
fi
