#!/bin/bash
# 16-bit tier tails per vector: test_device, test_gated, test_bias (new), bench 16-bit both builds alternating
set -u
O=${OUT:-/tmp/out}; mkdir -p $O b
T0=$(date +%s)
NV="nvcc -O3 -arch=sm_90"
( $NV -I. -lineinfo -Xcompiler -march=native tests/gpu/test_device.cu -o b/test_device > b/td.log 2>&1; echo "test_device build rc=$? $(( $(date +%s) - T0 ))s" >> $O/run.log ) &
( $NV -I. bench/bench.cu -o b/bench1 > b/b1.log 2>&1; echo "bench new build rc=$? $(( $(date +%s) - T0 ))s" >> $O/run.log ) &
( $NV -Iprobe/base -I. bench/bench.cu -o b/bench0 > b/b0.log 2>&1; echo "bench base build rc=$? $(( $(date +%s) - T0 ))s" >> $O/run.log ) &
wait
grep -c warning b/td.log b/b1.log b/b0.log >> $O/run.log
for r in 1 2; do
  for v in 0 1; do
    for t in f16 bf16; do
      ./b/bench$v --dtype $t --data all --dir all --reps 20 --csv $O/bench$v-$t-$r.csv > $O/bench$v-$t-$r.log 2>&1; echo "bench$v $t run $r rc=$? $(( $(date +%s) - T0 ))s" >> $O/run.log
    done
  done
  if [ $r = 1 ]; then
    for t in test_device; do
      ./b/$t > $O/$t.log 2>&1; echo "$t rc=$? $(( $(date +%s) - T0 ))s: $(grep -E '[0-9]+ passed, [0-9]+ failed' $O/$t.log | tail -1)" >> $O/run.log
    done
  fi
done
cd $O && for f in bench*.csv; do awk -v F=${f%.csv} 'NR>1{print F","$0}' $f; done > all.csv && tar czf logs.tgz bench*.log test_*.log && rm -f bench*.csv bench*.log test_*.log
cat $O/run.log
