#!/usr/bin/env bash
# fuzz/plant_test.sh - proves the harnesses bite: each planted bug (fuzz_core.h,
# GPUACT_FUZZ_PLANT) must be found by libFuzzer within LIMIT seconds.
#
#   fuzz/plant_test.sh [--no-seeds] [--save] [--limit SECONDS] [BUG...]
#
#   1  gelu_erf forward as 0.5f*x*(1+erff(x/sqrtf(2)))       fuzz_ulp
#   2  elu forward with expf(x)-1                            fuzz_ulp
#   3  gelu_tanh' with x^3 where x^2 belongs                 fuzz_ulp, fuzz_deriv
#   4  fast mode: gelu_tanh' 2^-10 relative too large        fuzz_ulp, fuzz_deriv
#   5  fast mode: silu f loses the sign of a zero (-0 -> +0) fuzz_special
#   6  gated y, db with f(a) rounded first: RN(RN(f(a)) b)   fuzz_ulp, fuzz_special
#   7  gated da with dy b rounded first: RN(RN(dy b) f'(a))  fuzz_ulp, fuzz_deriv
# For each (bug, harness): builds HARNESS_plantN, runs it from the seed corpus
# (--no-seeds: from an empty corpus, to time the fuzzer alone) with
# -max_total_time=LIMIT (default 60), and asserts it stopped on a "FAIL fn=" line.
# Prints the time to find and the FAIL line. Then replays every crash input on
# the real library (standalone build): it must pass there (the finding is the
# plant's, not the library's). --save copies the crash inputs to
# fuzz/planted/<bug>/<harness>/ (what the committed ones came from).
# FUZZ_SKIP_KNOWN is ignored (the real library's known findings are skipped in
# the planted builds only where they cannot mask the plant: see below).
# Exits 1 if a plant was not found.
set -u
FUZZ_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT=${FUZZ_OUT:-$FUZZ_DIR/out}
LIMIT=60 SEEDS=1 SAVE=0
ONLY=()
while [ $# -gt 0 ]; do
    case "$1" in
    --no-seeds) SEEDS=0 ;;
    --save) SAVE=1 ;;
    --limit) LIMIT=$2; shift ;;
    [1-9]) ONLY+=("$1") ;;
    *) echo "usage: $0 [--no-seeds] [--save] [--limit SECONDS] [BUG...]" >&2; exit 2 ;;
    esac
    shift
done
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
# The real library's known findings (K1..K6) would stop a planted run early with
# the wrong FAIL: skip them, so that only the plant can end the run.
export FUZZ_SKIP_KNOWN=1
NAMES=("" "gelu_erf textbook 0.5f*x*(1+erff(x/sqrtf(2)))" "elu with expf(x)-1" "gelu_tanh' with x^3 for x^2"
       "fast gelu_tanh' times 1+2^-10" "fast silu f: -0 -> +0" "gated f(a) rounded before times b"
       "gated dy b rounded before times f'(a)")
PLANTS=("1 fuzz_ulp" "2 fuzz_ulp" "3 fuzz_ulp" "3 fuzz_deriv" "4 fuzz_ulp" "4 fuzz_deriv" "5 fuzz_special"
        "6 fuzz_ulp" "6 fuzz_special" "7 fuzz_ulp" "7 fuzz_deriv")
# fuzz_deriv stops before its binary64 bytes (39..55): they bypass fz_lib, where the plants are
max_len() { case "$1" in fuzz_special) echo 42 ;; fuzz_deriv) echo 39 ;; *) echo 35 ;; esac; }
"$FUZZ_DIR/build.sh" --standalone --out "$OUT" fuzz_ulp fuzz_deriv fuzz_special >/dev/null || exit 2
status=0
crashes=()
tried=0
for pl in "${PLANTS[@]}"; do
    read -r bug h <<<"$pl"
    if [ ${#ONLY[@]} -gt 0 ] && [[ " ${ONLY[*]} " != *" $bug "* ]]; then continue; fi
    tried=$((tried + 1))
    "$FUZZ_DIR/build.sh" --libfuzzer --plant "$bug" --out "$OUT" "$h" >/dev/null || exit 2
    dir=$OUT/plant/$bug-$h
    rm -rf "$dir"
    mkdir -p "$dir/corpus" "$dir/artifacts"
    seeds=()
    [ $SEEDS = 1 ] && seeds=("$FUZZ_DIR/corpus/$h")
    t0=$(date +%s.%N)
    (cd "$dir" && "$OUT/${h}_plant$bug" -max_total_time="$LIMIT" -print_final_stats=1 -max_len="$(max_len "$h")" \
        -dict="$FUZZ_DIR/dict/$h.dict" -artifact_prefix="$dir/artifacts/" "$dir/corpus" "${seeds[@]}" >"$dir/log" 2>&1)
    rc=$?
    t1=$(date +%s.%N)
    secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
    line=$(grep -m 1 '^FAIL' "$dir/log")
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log" | tail -n 1)
    crash=$(ls "$dir"/artifacts/crash-* 2>/dev/null | head -n 1)
    if [ $rc -ne 0 ] && [ -n "$line" ] && [[ "$line" == "FAIL fn="* ]] && [ -n "$crash" ]; then
        printf 'plant %s (%s) via %s: found in %s s (%s execs)\n    %s\n' "$bug" "${NAMES[$bug]}" "$h" "$secs" "${execs:-?}" "$line"
        crashes+=("$h $crash")
        if [ $SAVE = 1 ]; then
            mkdir -p "$FUZZ_DIR/planted/$bug/$h"
            cp "$crash" "$FUZZ_DIR/planted/$bug/$h/"
        fi
    else
        printf 'plant %s (%s) via %s: NOT FOUND in %s s (exit %s; log %s)\n' "$bug" "${NAMES[$bug]}" "$h" "$secs" "$rc" "$dir/log"
        status=1
    fi
done
# the crash inputs pass on the real library
unset FUZZ_SKIP_KNOWN
for c in "${crashes[@]}"; do
    read -r h f <<<"$c"
    if ! "$OUT/${h}_standalone" --quiet "$f" >/dev/null 2>&1; then
        echo "plant input $f also fails on the real library (a real finding?)"
        status=1
    fi
done
[ $status = 0 ] && echo "plant test: all $tried planted bugs found" || echo "plant test: FAILED"
exit $status
