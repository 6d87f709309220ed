#!/bin/bash
# probe 2: why the fast-mode 16-bit backward kernels run slower than accurate mode's (ncu),
# and the fast kernels with the rare paths of swish_tanh's f' and of the tiny-f' test out of line (bench1) against HEAD (bench0)
set -u
O=${OUT:-/tmp/out}; mkdir -p $O b
T0=$(date +%s)
NV="nvcc -O3 -arch=sm_90"
( $NV -Iprobe/base -I. bench/bench.cu -o b/bench0 > b/b0.log 2>&1; echo "bench0 build rc=$? $(( $(date +%s) - T0 ))s" >> $O/probe2.log ) &
( $NV -I. bench/bench.cu -o b/bench1 > b/b1.log 2>&1; echo "bench1 build rc=$? $(( $(date +%s) - T0 ))s" >> $O/probe2.log ) &
wait
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
M=smsp__thread_inst_executed.sum,smsp__inst_executed.sum,gpu__time_duration.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread,launch__occupancy_limit_registers
for s in no_instruction short_scoreboard long_scoreboard wait branch_resolving math_pipe_throttle lg_throttle mio_throttle not_selected selected dispatch_stall imc_miss drain barrier membar sleeping tex_throttle misc; do M=$M,smsp__average_warps_issue_stalled_${s}_per_issue_active.ratio; done
i=0
for r in "0 fast bf16 elu" "0 fast bf16 gelu_erf" "0 fast bf16 swish_tanh" "0 accurate bf16 elu" "0 accurate bf16 swish_tanh" "1 fast bf16 swish_tanh" "0 fast f32 swish_tanh" "0 fast f16 elu"; do
  set -- $r; i=$((i+1))
  $NCU --clock-control none --kernel-name regex:'gpuact__k_(fm|eltwise|pass)' --launch-count 2 --metrics "$M" --csv \
    ./b/bench$1 --log2n 26 --mode $2 --dtype $3 --dir bwd --data randn --only $4 --warmup 0 --reps 20 > $O/ncu$i.csv 2> $O/ncu$i.err
  echo "ncu $i ($r) rc=$? $(( $(date +%s) - T0 ))s" >> $O/probe2.log
done
for v in 0 1; do
  echo "== bench$v $(( $(date +%s) - T0 ))s" >> $O/probe2.log
  ./b/bench$v --mode fast --data randn --dir all --reps 20 --csv $O/fast$v.csv > $O/bench$v.log 2>&1; echo "rc=$?" >> $O/probe2.log
done
python3 - $O <<'PY' >> $O/probe2.log
import csv, io, glob, sys
O=sys.argv[1]
for f in sorted(glob.glob(O+'/ncu*.csv')):
    txt=open(f).read(); i=txt.find('"ID"')
    if i<0: print(f, 'no data'); continue
    L={}
    for r in csv.DictReader(io.StringIO(txt[i:])):
        L.setdefault((r['ID'],r['Kernel Name']),{})[r['Metric Name']]=r['Metric Value']
    for (lid,name),v in sorted(L.items())[:1]:
        n=2**26
        st={k.split('stalled_')[1].split('_per')[0]:float(x.replace(',','')) for k,x in v.items() if 'stalled' in k}
        top=sorted(st.items(),key=lambda a:-a[1])[:6]
        print(f.split('/')[-1], name[:40], 'inst/elem %.1f'%(float(v['smsp__thread_inst_executed.sum'].replace(',',''))/n),
              'issue%% %s warps%% %s regs %s time %s'%(v['smsp__issue_active.avg.pct_of_peak_sustained_active'], v['sm__warps_active.avg.pct_of_peak_sustained_active'], v['launch__registers_per_thread'], v['gpu__time_duration.sum']),
              ' '.join('%s=%.2f'%t for t in top))
t={}
for v in '01':
    for r in csv.DictReader(open(O+'/fast%s.csv'%v)):
        t.setdefault((r['op'],r['dtype'],r['direction']),{})[v]=float(r['pct_of_copy'])
for k in sorted(t): print(*k, t[k])
PY
