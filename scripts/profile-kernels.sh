#!/usr/bin/env bash
# profile-kernels.sh: instructions per element and what bounds each element-wise
# kernel, from Nsight Compute's counters, on the GPU machine.
#
#   OUT=/tmp/prof bash scripts/profile-kernels.sh            # 16-bit backward and forward+backward, fp32 forward
#   LOG2N=26 DIRS="bwd fwdbwd" TYPES="f16 bf16" bash scripts/profile-kernels.sh
#
# Builds bench/bench.cu (nvcc -O3 -arch=sm_90) and runs it under ncu (the
# bench makes 21 launches a row: its least --reps is 20), randn then mix, n = 2^LOG2N (default 26:
# every array past the 50 MB L2). ncu leaves the clocks alone (--clock-control
# none). Takes about 100 s a (type, direction) on an H100. Writes
# $OUT/ncu-<dtype>-<dir>.csv (raw) and $OUT/profile.txt: per kernel and data
# set, the medians of thread instructions per element, warp instructions issued as
# % of the multiprocessors' issue slots, and DRAM and L1 throughput as % of
# peak. A row whose DRAM throughput is near the copy's and whose issue slots
# are not is bound by memory; one whose issue slots run near 100% is bound
# by its instructions.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
OUT=${OUT:-/tmp/gpuact-profile}
LOG2N=${LOG2N:-26}
ARCH=${ARCH:-sm_90}
NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
mkdir -p "$OUT"
cd "$root" || exit 1
nvcc -O3 -arch="$ARCH" -I. bench/bench.cu -o "$OUT/bench" || { echo "profile-kernels: build failed"; exit 1; }
metrics=smsp__thread_inst_executed.sum,smsp__inst_executed.sum,gpu__time_duration.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__throughput.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active
runs=()
if [ -n "${DIRS:-}" ]; then
  for t in ${TYPES:-f16 bf16}; do for d in $DIRS; do runs+=("$t $d"); done; done
else
  runs=("f16 bwd" "f16 fwdbwd" "bf16 bwd" "bf16 fwdbwd" "f32 fwd")
fi
for r in "${runs[@]}"; do
  set -- $r
  "$NCU" --clock-control none --kernel-name regex:'gpuact__k_(eltwise|pass|lut)' --metrics "$metrics" --csv \
    "$OUT/bench" --log2n "$LOG2N" --dtype "$1" --dir "$2" --data all --warmup 0 --reps 20 >"$OUT/ncu-$1-$2.csv" 2>"$OUT/ncu-$1-$2.err"
  echo "ncu $1 $2: rc=$?"
done
python3 - "$OUT" "$LOG2N" <<'PY' | tee "$OUT/profile.txt"
import csv, glob, io, os, re, statistics, sys
out, n = sys.argv[1], 2 ** int(sys.argv[2])
ops = {1: 'gelu_erf', 2: 'gelu_tanh', 3: 'gelu_sigmoid', 4: 'elu', 5: 'selu', 6: 'silu', 7: 'swish_tanh', 64: 'swish_tanh'}
dts = {1: 'f32', 2: 'f16', 3: 'bf16'}
dirs = {0: 'fwd', 1: 'grad', 2: 'bwd', 3: 'fwd+bwd', 4: 'bwd-from-y'}
cols = [("inst/elem", "smsp__thread_inst_executed.sum", 1.0 / n), ("issue%", "smsp__issue_active.avg.pct_of_peak_sustained_active", 1),
        ("dram%", "dram__throughput.avg.pct_of_peak_sustained_elapsed", 1), ("l1%", "l1tex__throughput.avg.pct_of_peak_sustained_active", 1),
        ("warps%", "sm__warps_active.avg.pct_of_peak_sustained_active", 1)]
print("n = %d, medians over each row's launches (the bench's randn rows, then its mix rows: the first and the second half)" % n)
print("inst/elem: thread instructions per element; issue%%: issue slots used (active cycles); dram%%, l1%%: throughput, %% of peak")
print("%-13s %-5s %-8s %-6s" % ("op", "type", "dir", "data") + "".join("%10s" % c[0] for c in cols))
for f in sorted(glob.glob(os.path.join(out, "ncu-*.csv"))):
    txt = open(f).read()
    i = txt.find('"ID"')
    if i < 0:
        continue
    launches = {}
    for r in csv.DictReader(io.StringIO(txt[i:])):
        launches.setdefault((int(r["ID"]), r["Kernel Name"]), {})[r["Metric Name"]] = float(r["Metric Value"].replace(",", "") or "nan")
    by = {}
    for (lid, name), v in sorted(launches.items()):
        by.setdefault(name, []).append(v)
    for name, vs in by.items():
        m = re.search(r"<(\d+), (\d+), (\d+)>", name)
        if not m:
            continue
        op, dt, d = map(int, m.groups())
        half = len(vs) // 2
        for data, part in (("randn", vs[:half]), ("mix", vs[half:])):
            if not part:
                continue
            print("%-13s %-5s %-8s %-6s" % (ops.get(op, op), dts.get(dt), dirs.get(d), data) +
                  "".join("%10.1f" % (statistics.median(p[c[1]] for p in part) * c[2]) for c in cols))
PY
