#!/bin/bash
# probe 3: fast mode with GPUACT__FM_OWN = fp32 elu, selu, silu: test_device, then fast mode's and accurate mode's bench in one call
set -u
O=${OUT:-/tmp/out}; mkdir -p $O b
T0=$(date +%s)
NV="nvcc -O3 -arch=sm_90 -I."
( $NV -lineinfo -Xcompiler -march=native tests/gpu/test_device.cu -o b/test_device > b/td.log 2>&1; echo "test_device build rc=$? $(( $(date +%s) - T0 ))s" >> $O/probe3.log ) &
( $NV bench/bench.cu -o b/bench > b/b.log 2>&1; echo "bench build rc=$? $(( $(date +%s) - T0 ))s" >> $O/probe3.log ) &
wait
grep -c warning b/td.log b/b.log >> $O/probe3.log
./b/test_device > $O/test_device.log 2>&1; echo "test_device rc=$? $(( $(date +%s) - T0 ))s: $(grep -E '[0-9]+ passed, [0-9]+ failed' $O/test_device.log | tail -1)" >> $O/probe3.log
./b/bench --mode all --data randn --dir all --reps 20 --csv $O/bench_all.csv > $O/bench_all.log 2>&1; echo "bench rc=$? $(( $(date +%s) - T0 ))s" >> $O/probe3.log
grep -E "fast|FAIL|mismatch" $O/test_device.log | head -20 >> $O/probe3.log
