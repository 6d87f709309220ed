#!/usr/bin/env bash
# fuzz/replay.sh - replays the seed corpora, the regressions and the planted-bug
# findings through the standalone (no libFuzzer) builds: a plain regression test.
#
#   fuzz/replay.sh [BIN_DIR]        BIN_DIR holds HARNESS_standalone (default: fuzz/out,
#                                   built by fuzz/build.sh --standalone if missing)
# Each input must pass on the real library: corpus/<h>/, regressions/<h>/ (every
# failure ever found; it fails until the bug is fixed) and planted/*/<h>/ (what the
# planted bugs were caught with; they pass on the real code). FUZZ_SKIP_KNOWN is
# ignored here. Prints one "N passed, M failed" line per harness and a total;
# exits 1 if anything failed.
# Open findings: regressions whose id (K<n>) is listed in regressions/open.txt are
# replayed apart and reported ("open: ..."), without failing the run, until the
# fix lands; one that passes is reported as fixed (then remove its id from
# open.txt and its signature from fz_known_issue_id). FUZZ_REPLAY_STRICT=1 counts
# their failures like any other.
set -u
FUZZ_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BIN=${1:-${FUZZ_OUT:-$FUZZ_DIR/out}}
unset FUZZ_SKIP_KNOWN
HARNESSES=${FUZZ_HARNESSES:-"fuzz_ulp fuzz_special fuzz_deriv fuzz_api fuzz_f64"}
if [ $# -eq 0 ]; then "$FUZZ_DIR/build.sh" --standalone --out "$BIN" $HARNESSES >/dev/null || exit 2; fi
total_pass=0 total_fail=0 status=0
for h in $HARNESSES; do
    exe=$BIN/${h}_standalone
    [ -x "$exe" ] || { echo "replay: $exe missing" >&2; status=2; continue; }
    dirs=()
    for d in "$FUZZ_DIR/corpus/$h" "$FUZZ_DIR"/planted/*/"$h"; do
        [ -d "$d" ] && dirs+=("$d")
    done
    open_files=()
    for f in "$FUZZ_DIR/regressions/$h"/*; do
        [ -f "$f" ] || continue
        id=$(basename "$f" | sed -n 's/^\(K[0-9]*\)-.*/\1/p')
        if [ "${FUZZ_REPLAY_STRICT:-0}" != 1 ] && [ -n "$id" ] && grep -qx "$id" <(sed 's/#.*//; s/[[:space:]]//g' "$FUZZ_DIR/regressions/open.txt" 2>/dev/null); then
            open_files+=("$f")
        else
            dirs+=("$f")
        fi
    done
    for f in "${open_files[@]}"; do
        if "$exe" --quiet "$f" >/dev/null 2>&1; then
            echo "open: $(basename "$f") now passes (fixed? remove its id from regressions/open.txt)"
        else
            echo "open: $(basename "$f") still fails (known, regressions/open.txt)"
        fi
    done
    [ ${#dirs[@]} -eq 0 ] && continue
    line=$("$exe" --quiet "${dirs[@]}" 2> >(grep -E '^(FAIL|  why|FAILED INPUT)' >&2) | tail -n 1)
    rc=$?
    echo "$line"
    p=$(echo "$line" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed/\1/p')
    f=$(echo "$line" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed/\2/p')
    total_pass=$((total_pass + ${p:-0}))
    total_fail=$((total_fail + ${f:-0}))
    [ "${f:-1}" != 0 ] && status=1
done
echo "fuzz replay: $total_pass passed, $total_fail failed"
exit $status
