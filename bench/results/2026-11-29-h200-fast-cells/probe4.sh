#!/bin/bash
# probe 4: fast mode's fp32-only kernel code (review cleanup): test_device, and fast mode's fp32 bench
set -u
O=${OUT:-/tmp/out}; mkdir -p $O b
T0=$(date +%s)
NV="nvcc -O3 -arch=sm_90 -I."
( $NV -lineinfo -Xcompiler -march=native tests/gpu/test_device.cu -o b/test_device > b/td.log 2>&1; echo "test_device build rc=$? $(( $(date +%s) - T0 ))s warnings $(grep -c warning b/td.log)" >> $O/probe4.log ) &
( $NV bench/bench.cu -o b/bench > b/b.log 2>&1; echo "bench build rc=$? $(( $(date +%s) - T0 ))s" >> $O/probe4.log ) &
wait
./b/test_device > $O/test_device.log 2>&1; echo "test_device rc=$? $(( $(date +%s) - T0 ))s: $(grep -E '[0-9]+ passed, [0-9]+ failed' $O/test_device.log | tail -1)" >> $O/probe4.log
./b/bench --mode all --dtype f32 --data randn --dir all --reps 20 --csv $O/bench_f32.csv > $O/bench_f32.log 2>&1; echo "bench rc=$? $(( $(date +%s) - T0 ))s" >> $O/probe4.log
grep -E "^(elu|selu|silu) " $O/bench_f32.log >> $O/probe4.log
