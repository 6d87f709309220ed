#!/bin/bash
# probe 1: fast-mode kernels with each vector element through a call (GPUACT__FM_CALL_MASK) against inlined; then test_device --exhaustive-f32
set -u
O=${OUT:-/tmp/out}; mkdir -p $O b
T0=$(date +%s)
nvidia-smi -L > $O/probe1.log 2>&1
NV="nvcc -O3 -arch=sm_90 -I."
( $NV -lineinfo -Xcompiler -march=native tests/gpu/test_device.cu -o b/test_device > b/td.log 2>&1; echo "test_device build rc=$? $(( $(date +%s) - T0 ))s" >> $O/probe1.log ) &
( $NV bench/bench.cu -o b/bench0 > b/b0.log 2>&1; echo "bench0 build rc=$? $(( $(date +%s) - T0 ))s" >> $O/probe1.log ) &
( $NV -DGPUACT__FM_CALL_MASK=0xfeu bench/bench.cu -o b/bench1 > b/b1.log 2>&1; echo "bench1 build rc=$? $(( $(date +%s) - T0 ))s" >> $O/probe1.log ) &
wait
tail -3 b/td.log b/b0.log b/b1.log >> $O/probe1.log
for r in 1 2; do
  for v in 0 1; do
    echo "== bench$v run $r $(( $(date +%s) - T0 ))s" >> $O/probe1.log
    ./b/bench$v --mode fast --data randn --dir all --reps 20 --csv $O/fast$v-$r.csv >> $O/bench$v.log 2>&1; echo "rc=$?" >> $O/probe1.log
  done
done
for v in 0 1; do cuobjdump --dump-sass b/bench$v 2>/dev/null | awk '/Function :/{f=$3} /\/\*[0-9a-f]+\*\//{n[f]++} END{for(k in n) if (k ~ /k_fm/) print n[k], k}' | sort -k2 > $O/sass$v.txt; done
echo "== exhaustive start $(( $(date +%s) - T0 ))s" >> $O/probe1.log
timeout $(( 590 - ($(date +%s) - T0) )) ./b/test_device --exhaustive-f32 > $O/exh.log 2>&1; echo "exh rc=$? $(( $(date +%s) - T0 ))s" >> $O/probe1.log
tail -40 $O/exh.log >> $O/probe1.log
python3 - $O <<'PY' >> $O/probe1.log
import csv,sys,glob
O=sys.argv[1]; t={}
for f in sorted(glob.glob(O+'/fast*.csv')):
    v=f.split('/')[-1][4]
    for r in csv.DictReader(open(f)):
        t.setdefault((r['op'],r['dtype'],r['direction']),{}).setdefault(v,[]).append(float(r['pct_of_copy']))
for k in sorted(t):
    print(*k, ' inl', t[k].get('0'), ' call', t[k].get('1'))
PY
