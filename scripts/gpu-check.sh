#!/usr/bin/env bash
# scripts/gpu-check.sh - the one GPU call: build and run everything that needs the GPU.
#
#   scripts/gpu-check.sh [--full] [--python] [--gated]
#
# Run on the GPU machine from the repository root. Steps, in order:
#   nvidia-smi -L, nvcc --version
#   build (in parallel, nvcc -O3 -arch=$ARCH):
#     tests/gpu/test_device.cu (skipped with a message if absent; and test_device_tk: the same with
#     pass tickets from 64 KB of input, -DGPUACT__TICKET_BYTES=65536), tests/accuracy/sweep_f32.cu,
#     tests/accuracy/sweep_fast.cu, bench/bench.cu, examples/basic.cu (skipped if absent),
#     tests/gpu/test_gated.cu, bench/gated_bench.cu, tests/gpu/test_bias.cu, bench/bias_bench.cu,
#     tests/gpu/test_f64_core.cu, tests/gpu/test_f64_device.cu, bench/f64_bench.cu
#   run: test_device (and, with --full only, test_device --exhaustive-f32 as a second step,
#        test_gated (the gated forms, device against host), test_bias (bias + activation, the same),
#        test_f64_core and test_f64_device (fp64: the core's bits and the entry points', the same),
#        in the background beside the next ones), examples/basic, the exhaustive fp32 sweep,
#        fast mode's exhaustive sweep (CSV to $OUT/sweep_fast.csv),
#        compute-sanitizer memcheck, racecheck and initcheck on `test_device --quick`
#        (each bounded by `timeout 240`), memcheck and initcheck on `test_device_tk --tickets`
#        (racecheck reports the tickets' ring of flags in shared memory as hazards), the README's CUDA programs built and run
#        (tests/readme/run_blocks.sh --run-cuda), with --full also tests/accuracy/tier_error on every
#        input (CI samples every 7th; in the background beside the exhaustive test), with
#        --python the Python package (scripts/gpu-python.sh: the wheel with its CUDA part,
#        pytest on the GPU, the seed models' comparison; its wheel build starts beside the
#        nvcc builds; then bench/torch_compare.py, gpuact against PyTorch's ops at n = 2^28,
#        CSV to $OUT/torch_compare.csv; with --gated, which implies --python, also its gated
#        forms against PyTorch's composition and torch.compile of it, y [2^14, 2^14],
#        CSV to $OUT/torch_compare-gated.csv), and last, alone on the GPU, the bench (CSV to $OUT/bench.csv),
#        the gated forms' bench (CSV to $OUT/gated_bench.csv), bias + activation's (CSV to
#        $OUT/bias_bench.csv), fp64's (CSV to $OUT/f64_bench.csv) and the bench of fast mode
#        (randn, CSV to $OUT/bench_fast.csv)
# Every step's exit code and elapsed seconds are recorded; the script goes on
# after a failing step, prints a summary table (step, rc, seconds, key figure)
# LAST, and exits non-zero if any step failed (a step skipped because its
# source is absent is not a failure; one skipped because its build failed or
# the time budget ran out is reported as such, and the build failure / budget
# counts as the failure).
#
# Environment:
#   OUT=/tmp/gpu-out        logs: $OUT/logs/NN-step.log, summary: $OUT/summary.txt, $OUT/bench.csv
#   BUILD_DIR=build-gpu     binaries (build*/ is git-ignored)
#   ARCH=sm_90              NVCC=..., COMPUTE_SANITIZER=...
#   GPU_CHECK_BUDGET=570    wall-clock seconds for the whole script (each step's timeout is cut to
#                           what is left, so the summary still prints under a 600 s limit); 0 = none
#   BENCH_RESERVE=45        seconds of the budget the steps before the three benches leave to them
#   TAIL_LINES=60           lines of each run step's log echoed to stdout
#   SANITIZE_ARGS=--quick   arguments of test_device under compute-sanitizer
#   REBUILD=1               rebuild even where $BUILD_DIR holds an up-to-date binary
#   HOST_MARCH=-march=native  host code generation of test_device (its CPU reference side)
#   GPUACT_REFSHIM          with --python: the MPFR reference for the Python tests, prebuilt where
#                           the GPU machine has no MPFR headers (scripts/gpu-python.sh; default
#                           build-refshim/librefshim.so: run scripts/build-refshim.sh on the CPU
#                           machine and carry build-refshim/)
set -u

FULL=0
PYTHON_STEPS=0
GATED_STEPS=0
for a in "$@"; do
    case "$a" in
    --full) FULL=1 ;;
    --python) PYTHON_STEPS=1 ;;
    --gated) GATED_STEPS=1; PYTHON_STEPS=1 ;;
    -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "gpu-check: unknown argument: $a (usage: $0 [--full] [--python] [--gated])" >&2; exit 2 ;;
    esac
done

cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
OUT=${OUT:-/tmp/gpu-out}
LOGS=$OUT/logs
BUILD=${BUILD_DIR:-build-gpu}
ARCH=${ARCH:-sm_90}
BUDGET=${GPU_CHECK_BUDGET:-570}
TAIL_LINES=${TAIL_LINES:-60}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
SANITIZER=${COMPUTE_SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
SANITIZE_ARGS=${SANITIZE_ARGS---quick}
NVFLAGS=(-O3 "-arch=$ARCH" -I.)
mkdir -p "$LOGS" "$BUILD" || exit 2
rm -f "$OUT/bench.csv" # the summary's speed lines read this run's only
rm -f "$LOGS"/*.log "$LOGS"/*.res "$OUT/summary.txt"

T0=$(date +%s.%N)
now() { date +%s.%N; }
secs_between() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
remaining() { # whole seconds left in the budget
    if [ "$BUDGET" = 0 ]; then echo 999999; return; fi
    awk -v t0="$T0" -v t="$(now)" -v b="$BUDGET" 'BEGIN { r = b - (t - t0); printf "%d", (r > 0 ? r : 0) }'
}

SEQ=0
ORDER=()
# new_step NAME: allocates the step's id (NN-NAME) in $ID, in order
new_step() { ID=$(printf '%02d-%s' "$SEQ" "$1"); SEQ=$((SEQ + 1)); ORDER+=("$ID"); }
# record ID RC SECONDS NOTE   (RC "-": skipped, not a failure)
record() { printf '%s\t%s\t%s\n' "$2" "$3" "$4" >"$LOGS/$1.res"; }
# the seconds the steps before the benches leave to them (0 once the benches start)
HOLD=${BENCH_RESERVE:-45}
# run_step ID CAP CMD...: CMD under timeout min(CAP, budget left - HOLD), output to the step's log; returns its rc
run_step() {
    local id=$1 cap=$2 t rem s rc
    shift 2
    rem=$(($(remaining) - HOLD))
    if [ "$rem" -lt 5 ]; then
        echo "gpu-check: not run: time budget (GPU_CHECK_BUDGET=$BUDGET s) exhausted" >"$LOGS/$id.log"
        record "$id" 124 0 "not run: time budget exhausted"
        return
    fi
    t=$cap
    [ "$rem" -lt "$t" ] && t=$rem
    s=$(now)
    {
        printf '$'; printf ' %q' "$@"; printf '\n'
    } >"$LOGS/$id.log"
    timeout -k 10 "$t" "$@" >>"$LOGS/$id.log" 2>&1
    rc=$?
    [ $rc -eq 124 ] || [ $rc -eq 137 ] && echo "gpu-check: TIMEOUT after ${t} s" >>"$LOGS/$id.log"
    record "$id" "$rc" "$(secs_between "$s" "$(now)")" ""
    return "$rc"
}
# show ID [LINES]: echo a step's status and the tail of its log
show() {
    local id=$1 n=${2:-$TAIL_LINES} rc secs note
    IFS=$'\t' read -r rc secs note <"$LOGS/$id.res"
    echo "=== $id: rc=$rc, ${secs} s${note:+, $note}"
    [ -f "$LOGS/$id.log" ] && tail -n "$n" "$LOGS/$id.log"
    echo
}

# key figure of a step, from its log (its last output line when the usual one is missing)
key_of() {
    local id=$1 log=$LOGS/$1.log rc secs note k
    IFS=$'\t' read -r rc secs note <"$LOGS/$id.res"
    if [ -n "$note" ]; then echo "$note"; return; fi
    [ -f "$log" ] || { echo "(no log)"; return; }
    k=$(key_from_log "$id" "$log" "$rc" 2>/dev/null | head -n1)
    [ -n "$k" ] || k=$(grep -v '^\$ ' "$log" | grep -v '^[[:space:]]*$' | tail -n1)
    echo "$k"
}
key_from_log() {
    local id=$1 log=$2 rc=$3
    case "$id" in
    *nvidia-smi*) grep -m1 '^GPU' "$log" ;;
    *nvcc-version*) grep -o 'release [0-9.]*, V[0-9.]*' "$log" | head -n1 ;;
    *build-*)
        if [ "$rc" = 0 ]; then
            echo "built, $(grep -ci 'warning' "$log") warning line(s)"
        else
            grep -m1 -iE 'error|fatal' "$log" || tail -n1 "$log"
        fi ;;
    *sweep*) grep 'SWEEP SUMMARY' "$log" | tail -n1 | sed 's/SWEEP SUMMARY: //' ;;
    *bench-bias*) awk '$6 ~ /%$/ { s[$2 " " $3] = s[$2 " " $3] " " $6 } END { for (k in s) printf "%s:%s; ", k, s[k] }' "$log" ;;
    *bench-f64*) awk '$6 ~ /%$/ { s[$3] = s[$3] " " $6 } END { for (k in s) printf "%s:%s; ", k, s[k] }' "$log" ;;
    *bench-gated*) awk '$6 ~ /%$/ { s[$2 " " $3] = s[$2 " " $3] " " $6 } END { for (k in s) printf "%s:%s; ", k, s[k] }' "$log" ;;
    *bench*)
        local b
        b=$(grep 'BENCH SUMMARY' "$log" | sed -E 's/BENCH SUMMARY (fast )?([a-z]+) ([a-z0-9]+) ([a-z]+): mean ([0-9.]+%).*min ([0-9.]+%).*/\1\2 \3 \4 \5 (min \6)/' | paste -sd ';' -)
        [ -n "$b" ] && echo "copy BW: $b" ;;
    *memcheck* | *initcheck*) grep -E 'ERROR SUMMARY' "$log" | tail -n1 ;;
    *racecheck*) grep -E 'RACECHECK SUMMARY|ERROR SUMMARY' "$log" | tail -n1 ;;
    *run-test_device* | *run-test_gated* | *run-test_bias* | *run-test_f64* | *tier_error* | *readme* | *python*) grep -E '[0-9]+ passed, [0-9]+ failed' "$log" | tail -n1 ;;
    esac
}

SUMMARY_DONE=0
summary() {
    [ "$SUMMARY_DONE" = 1 ] && return
    SUMMARY_DONE=1
    local id rc secs note failed=0 total=0 k
    {
        echo
        echo "================================ gpu-check summary ================================"
        printf '%-26s %5s %8s  %s\n' "step" "rc" "seconds" "key figure"
        for id in "${ORDER[@]}"; do
            if [ ! -f "$LOGS/$id.res" ]; then
                printf '%-26s %5s %8s  %s\n' "$id" "?" "-" "did not finish (interrupted)"
                failed=$((failed + 1)); total=$((total + 1))
                continue
            fi
            IFS=$'\t' read -r rc secs note <"$LOGS/$id.res"
            k=$(key_of "$id" | tr -d '\r' | head -n1 | cut -c1-120)
            printf '%-26s %5s %8s  %s\n' "$id" "$rc" "$secs" "$k"
            total=$((total + 1))
            if [ "$rc" != 0 ] && [ "$rc" != - ]; then failed=$((failed + 1)); fi
        done
        if [ -s "$OUT/bench.csv" ]; then # the bar: fp32 forward and backward of every op, randn
            echo "fp32 randn, % of copy bandwidth, forward / backward:"
            awk -F, '$1 == "randn" && $3 == "f32" && ($4 == "fwd" || $4 == "bwd") {
                if (!($2 in v)) order[n++] = $2
                v[$2] = v[$2] (v[$2] == "" ? "" : " / ") $8
            } END { for (i = 0; i < n; i++) printf "  %-14s %s\n", order[i], v[order[i]] }' "$OUT/bench.csv"
        fi
        printf 'total %s s (budget %s s); logs in %s\n' "$(secs_between "$T0" "$(now)")" "$BUDGET" "$LOGS"
        if [ "$failed" -eq 0 ]; then
            echo "GPU CHECK: $total steps, 0 failed -> PASS"
        else
            echo "GPU CHECK: $total steps, $failed failed -> FAIL"
        fi
    } >"$OUT/summary.txt" # a redirected group runs in this shell: $failed survives
    cat "$OUT/summary.txt"
    GC_FAILED=$failed
}
on_signal() {
    echo "gpu-check: interrupted" >&2
    [ -n "${EXH_PID:-}" ] && kill "$EXH_PID" 2>/dev/null
    summary
    exit 130
}
trap on_signal INT TERM

echo "gpu-check: repo $(pwd), OUT=$OUT, BUILD_DIR=$BUILD, ARCH=$ARCH, budget ${BUDGET} s, full=$FULL"

# ---- environment ------------------------------------------------------------
new_step nvidia-smi
run_step "$ID" 30 nvidia-smi -L
show "$ID" 20
new_step nvcc-version
run_step "$ID" 30 "$NVCC" --version
show "$ID" 10

# ---- builds (in parallel) ---------------------------------------------------
# start_build NAME SRC EXTRA_FLAGS...: builds $BUILD/NAME in the background (or records the skip)
declare -A BUILD_ID
start_build() {
    local name=$1 src=$2
    shift 2
    new_step "build-$name"
    BUILD_ID[$name]=$ID
    if [ ! -f "$src" ]; then
        echo "gpu-check: $src is absent: skipped" >"$LOGS/$ID.log"
        record "$ID" - 0 "skipped: $src absent"
        return
    fi
    local cmd=("$NVCC" "${NVFLAGS[@]}" "$@" "$src" -o "$BUILD/$name") dep newer=0
    # reuse a binary from an earlier run if it is newer than the source and every header
    # it could include, and was built with the same command (REBUILD=1 forces a build)
    if [ "${REBUILD:-0}" != 1 ] && [ -x "$BUILD/$name" ] && [ -f "$BUILD/$name.cmd" ] &&
        [ "$(cat "$BUILD/$name.cmd")" = "${cmd[*]}" ]; then
        for dep in "$src" ./*.h ./*.cuh tests/accuracy/*.h tests/common/*.h tests/gpu/*.h tests/gpu/*.cuh bench/*.h examples/*.h; do
            [ -e "$dep" ] && [ "$dep" -nt "$BUILD/$name" ] && newer=1
        done
        if [ "$newer" = 0 ]; then
            echo "gpu-check: $BUILD/$name is up to date (${cmd[*]})" >"$LOGS/$ID.log"
            record "$ID" 0 0 "up to date (built by an earlier run)"
            return
        fi
    fi
    rm -f "$BUILD/$name.cmd"
    (run_step "$ID" 400 "${cmd[@]}" && printf '%s' "${cmd[*]}" >"$BUILD/$name.cmd") &
}
# the host side of test_device computes every reference result of the exhaustive
# comparison: with the host's FMA inlined (fmaf is a libm call without it) it runs
# 2.1x faster (x86-64-v3 vs baseline, all ops); the core's bits do not depend on it
# (tests/bit_identity.sh builds with and without -march=x86-64-v3)
start_build test_device tests/gpu/test_device.cu -lineinfo -Xcompiler "${HOST_MARCH:--march=native}"
start_build test_device_tk tests/gpu/test_device.cu -lineinfo -DGPUACT__TICKET_BYTES=65536
start_build sweep_f32 tests/accuracy/sweep_f32.cu
start_build sweep_fast tests/accuracy/sweep_fast.cu
start_build bench bench/bench.cu
start_build basic examples/basic.cu
start_build test_gated tests/gpu/test_gated.cu -Xcompiler "${HOST_MARCH:--march=native}"
start_build gated_bench bench/gated_bench.cu
start_build test_bias tests/gpu/test_bias.cu -Xcompiler "${HOST_MARCH:--march=native}"
start_build bias_bench bench/bias_bench.cu
start_build test_f64_core tests/gpu/test_f64_core.cu
start_build test_f64_device tests/gpu/test_f64_device.cu
start_build f64_bench bench/f64_bench.cu
if [ "$FULL" = 1 ]; then # a host program: the fast tier's error on every input (tests/accuracy/tier_error.c)
    new_step build-tier_error
    TE_BUILD_ID=$ID
    (run_step "$ID" 120 "${CC:-cc}" -std=c99 -O2 -I. tests/accuracy/tier_error.c -o "$BUILD/tier_error" -lpthread -lm) &
fi
PY_PID=""
if [ "$PYTHON_STEPS" = 1 ]; then # the wheel (with its CUDA part) builds beside the kernels
    new_step python-build
    PY_BUILD_ID=$ID
    (run_step "$ID" 500 env GPUACT_GPU_PYTHON_STAGE=build bash scripts/gpu-python.sh "$OUT/python") &
    PY_PID=$!
fi
wait
for n in test_device sweep_f32 sweep_fast bench basic; do
    show "${BUILD_ID[$n]}" 15
done
built() { # built NAME: the build ran and succeeded
    local rc secs note
    IFS=$'\t' read -r rc secs note <"$LOGS/${BUILD_ID[$1]}.res"
    [ "$rc" = 0 ] && [ -x "$BUILD/$1" ]
}
# runs of a program whose build did not succeed: skipped, with the reason
why_not_built() {
    local rc secs note
    IFS=$'\t' read -r rc secs note <"$LOGS/${BUILD_ID[$1]}.res"
    if [ "$rc" = - ]; then echo "skipped: ${note#skipped: }"; else echo "not run: build failed"; fi
}
not_run() { # ID NAME
    local why
    why=$(why_not_built "$2")
    echo "gpu-check: $why" >"$LOGS/$1.log"
    record "$1" - 0 "$why" # the build step carries the failure
}

# ---- runs -------------------------------------------------------------------
# With --full, test_device --exhaustive-f32 (187 s on the H100 machine's 16 host threads, bound
# by its host-side reference results) starts first, in the background, and the
# other correctness steps run beside it; the bench runs last, alone on the GPU,
# once everything else has finished (its figures are timings).
new_step run-test_device
TD_ID=$ID
EXH_PID=""
if [ "$FULL" = 1 ]; then # --exhaustive-f32 runs test 2 alone, which the plain run leaves out
    new_step run-test_device-exh
    EXH_ID=$ID
    if built test_device; then
        run_step "$EXH_ID" 540 "$BUILD/test_device" --exhaustive-f32 &
        EXH_PID=$!
    else not_run "$EXH_ID" test_device; fi
    new_step run-tier_error
    TE_ID=$ID
    if [ -x "$BUILD/tier_error" ] && grep -q '^0'$'\t' "$LOGS/$TE_BUILD_ID.res"; then
        run_step "$TE_ID" 540 "$BUILD/tier_error" &
        TE_PID=$!
    else
        echo "gpu-check: not run: build failed" >"$LOGS/$TE_ID.log"
        record "$TE_ID" - 0 "not run: build failed"
    fi
fi
if built test_device; then run_step "$TD_ID" 300 "$BUILD/test_device"; else not_run "$TD_ID" test_device; fi
show "$TD_ID"

new_step run-test_gated # the gated forms' device entry points against the host ones
if built test_gated; then run_step "$ID" 300 "$BUILD/test_gated"; else not_run "$ID" test_gated; fi
show "$ID" 12

new_step run-test_bias # bias + activation's device entry points against the host ones
if built test_bias; then run_step "$ID" 300 "$BUILD/test_bias"; else not_run "$ID" test_bias; fi
show "$ID" 12

new_step run-test_f64_core # the fp64 core: device bits against the host's
if built test_f64_core; then run_step "$ID" 300 "$BUILD/test_f64_core"; else not_run "$ID" test_f64_core; fi
show "$ID" 16

new_step run-test_f64_device # the fp64 device entry points against the host ones
if built test_f64_device; then run_step "$ID" 300 "$BUILD/test_f64_device"; else not_run "$ID" test_f64_device; fi
show "$ID" 12

new_step run-basic
if built basic; then run_step "$ID" 60 "$BUILD/basic"; else not_run "$ID" basic; fi
show "$ID" 30

new_step sweep-f32
if built sweep_f32; then run_step "$ID" 480 "$BUILD/sweep_f32" -v; else not_run "$ID" sweep_f32; fi
show "$ID" 80

new_step sweep-fast # fast mode's error on every fp32 and 16-bit input
if built sweep_fast; then run_step "$ID" 300 "$BUILD/sweep_fast" --csv "$OUT/sweep_fast.csv"; else not_run "$ID" sweep_fast; fi
show "$ID" 90

for tool in memcheck racecheck initcheck; do
    new_step "sanitizer-$tool"
    if built test_device; then
        extra=()
        [ "$tool" = memcheck ] && extra=(--leak-check full)
        # shellcheck disable=SC2086 # SANITIZE_ARGS is a word list
        run_step "$ID" 240 "$SANITIZER" --tool "$tool" ${extra[@]+"${extra[@]}"} --error-exitcode 1 --print-limit 20 \
            "$BUILD/test_device" $SANITIZE_ARGS
    else not_run "$ID" test_device; fi
    show "$ID" 25
done
for tool in memcheck initcheck; do # the tickets' ring (test 9) at small sizes
    new_step "sanitizer-$tool-tickets"
    if built test_device_tk; then
        run_step "$ID" 180 "$SANITIZER" --tool "$tool" --error-exitcode 1 --print-limit 20 "$BUILD/test_device_tk" --tickets
    else not_run "$ID" test_device_tk; fi
    show "$ID" 12
done

new_step readme-cuda
run_step "$ID" 300 env NVCC="$NVCC" bash tests/readme/run_blocks.sh --run-cuda "$OUT/readme"
show "$ID" 15

if [ "$FULL" = 1 ]; then
    [ -n "$EXH_PID" ] && wait "$EXH_PID"
    EXH_PID=""
    show "$EXH_ID"
    [ -n "${TE_PID:-}" ] && wait "$TE_PID"
    show "$TE_ID" 30
fi

if [ "$PYTHON_STEPS" = 1 ]; then # pytest and the seed models' timings, with the GPU to themselves
    new_step python-test
    if grep -q '^0'$'\t' "$LOGS/$PY_BUILD_ID.res"; then
        run_step "$ID" 400 env GPUACT_GPU_PYTHON_STAGE=test bash scripts/gpu-python.sh "$OUT/python"
    else
        echo "gpu-check: not run: the wheel build failed" >"$LOGS/$ID.log"
        record "$ID" - 0 "not run: the wheel build failed"
    fi
    show "$ID" 30
    new_step torch-compare # the installed package against PyTorch's own ops, one process
    if grep -q '^0'$'\t' "$LOGS/$PY_BUILD_ID.res"; then
        run_step "$ID" 300 env PYTHONUNBUFFERED=1 "${PYTHON:-python3}" bench/torch_compare.py --csv "$OUT/torch_compare.csv"
    else
        echo "gpu-check: not run: the wheel build failed" >"$LOGS/$ID.log"
        record "$ID" - 0 "not run: the wheel build failed"
    fi
    show "$ID" 140
    if [ "$GATED_STEPS" = 1 ]; then # GEGLU/SwiGLU: 18 rows at n = 2^28 and 18 torch.compile graphs
        new_step torch-compare-gated
        if grep -q '^0'$'\t' "$LOGS/$PY_BUILD_ID.res"; then
            run_step "$ID" 420 env PYTHONUNBUFFERED=1 "${PYTHON:-python3}" bench/torch_compare.py --gated \
                --csv "$OUT/torch_compare.csv"
        else
            echo "gpu-check: not run: the wheel build failed" >"$LOGS/$ID.log"
            record "$ID" - 0 "not run: the wheel build failed"
        fi
        show "$ID" 30
    fi
fi

HOLD=0
new_step bench
if built bench; then run_step "$ID" 300 "$BUILD/bench" --reps 20 --csv "$OUT/bench.csv"; else not_run "$ID" bench; fi
show "$ID" 50
new_step bench-gated # the gated forms, [2^14, 2 x 2^14] halves, randn
if built gated_bench; then run_step "$ID" 200 "$BUILD/gated_bench" --reps 20 --csv "$OUT/gated_bench.csv"; else not_run "$ID" gated_bench; fi
show "$ID" 24
new_step bench-bias # bias + activation, [2^14, 2^14], randn
if built bias_bench; then run_step "$ID" 200 "$BUILD/bias_bench" --reps 20 --csv "$OUT/bias_bench.csv"; else not_run "$ID" bias_bench; fi
show "$ID" 30
new_step bench-f64 # fp64, n = 2^28, randn * 4
if built f64_bench; then run_step "$ID" 200 "$BUILD/f64_bench" --reps 20 --csv "$OUT/f64_bench.csv"; else not_run "$ID" f64_bench; fi
show "$ID" 26
new_step bench-fast # fast mode, randn (its kernels take no data-dependent path)
if built bench; then run_step "$ID" 200 "$BUILD/bench" --mode fast --data randn --reps 20 --csv "$OUT/bench_fast.csv"; else not_run "$ID" bench; fi
show "$ID" 30

GC_FAILED=0
summary
[ "$GC_FAILED" -eq 0 ]
