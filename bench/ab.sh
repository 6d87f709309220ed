#!/usr/bin/env bash
# bench/ab.sh - bench/bench.cu of several builds, run in turn on one GPU, so
# that a change is measured against its baseline in the same call.
#
#   bench/ab.sh [-r ROUNDS] NAME=ROOT[:FLAGS] ... [-- BENCH_ARGS...]
#
# Each NAME=ROOT builds ROOT/bench/bench.cu (ROOT: a tree with gpuact.h,
# gpuact_kernels.cuh, gpuact_tables.h, bench/ and tests/common/; "." for
# this one) with nvcc -O3 -arch=$ARCH -I ROOT and FLAGS (space-separated),
# all builds at once. Then ROUNDS rounds (default 2) run every build once
# with BENCH_ARGS (default: --data randn --reps 20), the order reversed
# every other round so that drift over the call hits all alike. Each run's
# CSV goes to $OUT/ab-NAME-ROUND.csv; the table printed last gives, per
# row of the bench, each build's median % of copy over its rounds, and the
# mean per (dtype, direction).
# Environment: OUT (default /tmp/ab-out), ARCH (default sm_90), NVCC,
# BUILD_DIR (default build-ab).
set -u
rounds=2
builds=()
while [ $# -gt 0 ]; do
  case $1 in
    -r) rounds=$2; shift 2 ;;
    --) shift; break ;;
    *=*) builds+=("$1"); shift ;;
    *) echo "usage: $0 [-r ROUNDS] NAME=ROOT[:FLAGS] ... [-- BENCH_ARGS...]" >&2; exit 2 ;;
  esac
done
[ ${#builds[@]} -gt 0 ] || { echo "usage: $0 [-r ROUNDS] NAME=ROOT[:FLAGS] ... [-- BENCH_ARGS...]" >&2; exit 2; }
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--data randn --reps 20)
OUT=${OUT:-/tmp/ab-out}
ARCH=${ARCH:-sm_90}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
BUILD=${BUILD_DIR:-build-ab}
mkdir -p "$OUT" "$BUILD" || exit 2

names=()
for b in "${builds[@]}"; do
  name=${b%%=*}; spec=${b#*=}; root=${spec%%:*}; flags=""
  [ "$spec" != "$root" ] && flags=${spec#*:}
  names+=("$name")
  # shellcheck disable=SC2086 # FLAGS: words on purpose
  ( "$NVCC" -O3 -arch="$ARCH" -I"$root" $flags "$root/bench/bench.cu" -o "$BUILD/bench-$name" >"$OUT/ab-build-$name.log" 2>&1
    echo $? >"$BUILD/bench-$name.rc" ) &
done
wait
for name in "${names[@]}"; do
  if [ "$(cat "$BUILD/bench-$name.rc")" != 0 ]; then
    echo "ab: build $name failed:"; tail -20 "$OUT/ab-build-$name.log"; exit 1
  fi
done
echo "ab: built ${names[*]}"

rc=0
for ((r = 1; r <= rounds; r++)); do
  order=("${names[@]}")
  if ((r % 2 == 0)); then order=(); for ((i = ${#names[@]} - 1; i >= 0; i--)); do order+=("${names[$i]}"); done; fi
  for name in "${order[@]}"; do
    echo "ab: round $r, $name"
    "$BUILD/bench-$name" "${args[@]}" --csv "$OUT/ab-$name-$r.csv" >"$OUT/ab-$name-$r.log" 2>&1 || { echo "ab: $name round $r failed"; tail -5 "$OUT/ab-$name-$r.log"; rc=1; }
  done
done

python3 - "$OUT" "${names[@]}" <<'PY'
import csv, glob, statistics, sys
out, names = sys.argv[1], sys.argv[2:]
rows, keys = {}, []
for name in names:
    for f in sorted(glob.glob(f"{out}/ab-{name}-*.csv")):
        for r in csv.DictReader(open(f)):
            k = (r["data"], r["mode"], r["dtype"], r["direction"], r["op"])
            if k not in keys: keys.append(k)
            rows.setdefault((name, k), []).append(float(r["pct_of_copy"]))
med = lambda v: statistics.median(v) if v else float("nan")
print("\n%-6s %-8s %-5s %-7s %-13s" % ("data", "mode", "dtype", "dir", "op") + "".join("%10s" % n[:10] for n in names))
for k in keys:
    print("%-6s %-8s %-5s %-7s %-13s" % k + "".join("%10.1f" % med(rows.get((n, k), [])) for n in names))
print("\nmean % of copy per (data, mode, dtype, direction):")
groups = []
for k in keys:
    if k[:4] not in groups: groups.append(k[:4])
for g in groups:
    cells = []
    for n in names:
        v = [med(rows[(n, k)]) for k in keys if k[:4] == g and (n, k) in rows]
        cells.append(sum(v) / len(v) if v else float("nan"))
    print("%-6s %-8s %-5s %-7s %-13s" % (g + ("",)) + "".join("%10.1f" % c for c in cells))
PY
exit $rc
