#!/usr/bin/env bash
# fuzz/run_all.sh - builds every harness, fuzzes each for DURATION seconds, then
# replays the corpora and regressions through the standalone builds.
#
#   fuzz/run_all.sh DURATION [HARNESS...]
#
# Each harness: libFuzzer with -max_total_time=DURATION -print_final_stats=1
# -jobs=1, its dictionary (fuzz/dict/H.dict), the seed corpus (fuzz/corpus/H,
# read only) and a working corpus that persists between runs (OUT/corpus/H);
# the job log is OUT/run/H/fuzz-0.log, crash files go to OUT/artifacts/H/.
# One progress line per harness (execs, time, rate, peak RSS, result), then the
# replay. Exits 1 on a finding (or a replay failure), 2 on a build error.
# Environment:
#   FUZZ_OUT=fuzz/out          build and run directory (git-ignored)
#   FUZZ_PARALLEL=1            harnesses fuzzed at the same time (2 on two cores)
#   FUZZ_SKIP_KNOWN=1          skip the known findings (fuzz/regressions/README.md)
#   FUZZ_ARGS="..."            extra libFuzzer flags
#   FUZZ_REPLAY=0              skip the replay (CMake's fuzz_smoke: fuzz_replay does it)
set -u
FUZZ_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
DURATION=${1:?usage: fuzz/run_all.sh DURATION [HARNESS...]}
shift
HARNESSES=("$@")
[ ${#HARNESSES[@]} -eq 0 ] && HARNESSES=(fuzz_ulp fuzz_special fuzz_deriv fuzz_api fuzz_f64)
OUT=${FUZZ_OUT:-$FUZZ_DIR/out}
PAR=${FUZZ_PARALLEL:-1}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
"$FUZZ_DIR/build.sh" --both --out "$OUT" "${HARNESSES[@]}" || exit 2

max_len() {
    case "$1" in
    fuzz_ulp) echo 35 ;;
    fuzz_deriv) echo 56 ;;
    fuzz_special) echo 42 ;;
    fuzz_f64) echo 36 ;;
    fuzz_api) echo 1400 ;;
    *) echo 4096 ;;
    esac
}
fuzz_one() { # HARNESS: runs it, writes OUT/run/H/result
    local h=$1 dir=$OUT/run/$1 t0 t1 rc
    rm -rf "$dir"
    mkdir -p "$dir" "$OUT/corpus/$h" "$OUT/artifacts/$h"
    t0=$(date +%s)
    # shellcheck disable=SC2086
    (cd "$dir" && "$OUT/$h" -max_total_time="$DURATION" -print_final_stats=1 -jobs=1 -timeout=30 -rss_limit_mb=4096 \
        -max_len="$(max_len "$h")" -dict="$FUZZ_DIR/dict/$h.dict" -artifact_prefix="$OUT/artifacts/$h/" ${FUZZ_ARGS:-} \
        "$OUT/corpus/$h" "$FUZZ_DIR/corpus/$h" >"$dir/parent.log" 2>&1)
    rc=$?
    t1=$(date +%s)
    echo "$rc $((t1 - t0))" >"$dir/result"
}
report() { # HARNESS: the progress line
    local h=$1 dir=$OUT/run/$1 rc secs log execs rate rss news fail
    read -r rc secs <"$dir/result"
    log=$dir/fuzz-0.log
    [ -f "$log" ] || log=$dir/parent.log
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    news=$(sed -n 's/^stat::new_units_added: *//p' "$log" | tail -n 1)
    rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -n 1)
    if [ "$rc" = 0 ]; then
        printf '%-13s %12s execs in %5s s (%s/s), %s new units, peak RSS %s MB: no finding\n' "$h" "${execs:-?}" "$secs" \
            "${rate:-?}" "${news:-?}" "${rss:-?}"
        return 0
    fi
    fail=$(grep -m 1 -E '^FAIL' "$log" || grep -m 1 -E 'ERROR: (AddressSanitizer|libFuzzer|LeakSanitizer)|runtime error' "$log" || echo "(see $log)")
    printf '%-13s %12s execs in %5s s: FINDING (exit %s)\n    %s\n    input: %s\n' "$h" "${execs:-?}" "$secs" "$rc" "$fail" \
        "$(ls -t "$OUT/artifacts/$h"/* 2>/dev/null | head -n 1)"
    return 1
}

status=0
i=0
while [ $i -lt ${#HARNESSES[@]} ]; do
    batch=("${HARNESSES[@]:$i:$PAR}")
    for h in "${batch[@]}"; do fuzz_one "$h" & done
    wait
    for h in "${batch[@]}"; do report "$h" || status=1; done
    i=$((i + PAR))
done

if [ "${FUZZ_REPLAY:-1}" != 0 ]; then
    echo "replay (standalone build):"
    FUZZ_HARNESSES="${HARNESSES[*]}" "$FUZZ_DIR/replay.sh" "$OUT" || status=1
fi
exit $status
