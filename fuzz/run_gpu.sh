#!/usr/bin/env bash
# fuzz/run_gpu.sh - on a machine with a CUDA GPU: builds fuzz_gpu, replays its corpus,
# then fuzzes for DURATION seconds.
#
#   fuzz/run_gpu.sh DURATION [--arch sm_90]
#
# With clang++ and libFuzzer: OUT/fuzz_gpu -max_total_time=DURATION (coverage-guided).
# Without them: OUT/fuzz_gpu_standalone --random N (mutations of the seeds, no coverage),
# in slices until DURATION is spent. Exits 1 on a finding (device result or status differs
# from the host entry points, CUDA error). OUT = $FUZZ_OUT or fuzz/out.
set -u
FUZZ_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
DURATION=${1:?usage: fuzz/run_gpu.sh DURATION [--arch sm_90]}
shift
OUT=${FUZZ_OUT:-$FUZZ_DIR/out}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
nvidia-smi -L 2>/dev/null || echo "run_gpu: nvidia-smi not found"
have_lf=0
if command -v "${CLANGXX:-clang++}" >/dev/null 2>&1 && echo 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long){return 0;}' |
    "${CLANGXX:-clang++}" -x c++ -fsanitize=fuzzer - -o "$OUT/.lf_probe" >/dev/null 2>&1; then
    have_lf=1
fi
if [ $have_lf = 1 ]; then "$FUZZ_DIR/build_gpu.sh" --out "$OUT" "$@" || exit 2
else echo "run_gpu: no clang++/libFuzzer: standalone build only"; "$FUZZ_DIR/build_gpu.sh" --out "$OUT" --no-libfuzzer "$@" || exit 2; fi
echo "run_gpu: replay of the seed corpus and regressions"
dirs=("$FUZZ_DIR/corpus/fuzz_gpu")
[ -d "$FUZZ_DIR/regressions/fuzz_gpu" ] && dirs+=("$FUZZ_DIR/regressions/fuzz_gpu")
"$OUT/fuzz_gpu_standalone" --quiet "${dirs[@]}" || exit 1
mkdir -p "$OUT/corpus/fuzz_gpu" "$OUT/artifacts/fuzz_gpu"
if [ $have_lf = 1 ]; then
    "$OUT/fuzz_gpu" -max_total_time="$DURATION" -print_final_stats=1 -timeout=60 -max_len=33000 \
        -dict="$FUZZ_DIR/dict/fuzz_gpu.dict" -artifact_prefix="$OUT/artifacts/fuzz_gpu/" \
        "$OUT/corpus/fuzz_gpu" "$FUZZ_DIR/corpus/fuzz_gpu" 2>&1 | grep -vE '^#[0-9]+.*(NEW|REDUCE|pulse)' | tail -n 40
    exit "${PIPESTATUS[0]}"
fi
end=$(($(date +%s) + DURATION)) slice=0 status=0 total=0
while [ "$(date +%s)" -lt $end ]; do
    line=$(cd "$OUT/artifacts/fuzz_gpu" && "$OUT/fuzz_gpu_standalone" --quiet --random 2000 $((slice + 1)) "$FUZZ_DIR/corpus/fuzz_gpu" 2>&1 | tail -n 3)
    echo "$line" | grep -E '^FAIL' && status=1
    total=$((total + 2000))
    slice=$((slice + 1))
    echo "$line" | grep -q ' 0 failed' || status=1
done
echo "run_gpu: $total mutated inputs (+ the seeds each slice) in $DURATION s; status $status"
exit $status
