#!/usr/bin/env bash
# gpu-build-check.sh - gpuact's CUDA code, checked without a GPU:
#   1. the implementation (every kernel) built with nvcc for sm_70, sm_80 and
#      sm_90; examples/epilogue.cu (the scalar core in a user's kernel) for
#      all three; examples/basic.cu and tests/gpu/test_device.cu for sm_90;
#      -Wall -Wextra, every warning an error. (The implementation is compiled
#      once per architecture: the examples and the device test add their own
#      host code to it, which no architecture changes.) CUDA 13 has no
#      sm_70: where NVCC lacks it, the sm_70 builds use NVCC_SM70, by default
#      the CUDA 11.8 nvcc that scripts/setup-nvcc-sm70.sh unpacks (a cached
#      download; NVCC_SM70=skip leaves sm_70 out, reported as skipped);
#   2. the kernels' resources on sm_90 (ptxas -v): all NKERNELS and NFAST (below) present, no stack
#      frame, no spills; the registers of each;
#   3. a C file (tests/gpu/host_link.c, gcc -DGPUACT_CUDA) calling
#      gpuact_forward_device, linked against an nvcc-built object and run:
#      it must return a status (GPUACT_ERROR_CUDA without a GPU), not crash;
#      the same with an sm_70 object and CUDA 11.8's static runtime;
#   4. the kernels' PTX (kept from the sm_90 build of 3) holds no .ftz /
#      .approx / div.full instruction;
#   5. the CPU emulation of the kernels (tests/gpu/emulation/kernel_emu.cpp,
#      with -fsanitize=alignment,undefined) against the host entry points;
#   6. GPUACT_ONLY_OPS / GPUACT_ONLY_TYPES: a build for silu in fp32 and
#      bf16 holds its 8 kernels, and its device entry points answer
#      GPUACT_ERROR_UNSUPPORTED for the other ops and types (tests/gpu/config_link.c).
# usage: scripts/gpu-build-check.sh [--emulate-tests]
#   --emulate-tests  also build and run tests/gpu/test_device.cu in the CPU
#                    emulation (minutes)
# Environment: NVCC (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc),
# CUDA_HOME (default: two levels above nvcc), NVCC_SM70 (above), JOBS
# (default: nproc).
# Ends with "N passed, M failed"; exit status 1 if anything failed.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
CUDA_HOME=${CUDA_HOME:-$(cd "$(dirname "$NVCC")/.." && pwd)}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
emulate_tests=0
for a in "$@"; do
  case $a in
    --emulate-tests) emulate_tests=1 ;;
    *) echo "usage: $0 [--emulate-tests]"; exit 2 ;;
  esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The kernel counts come from the kernel traits (gpuact__kt's OK rows in
# gpuact_kernels.cuh): gpuact__k_eltwise instantiations (GPUACT__NKERNELS: 7 ops
# x 3 dtypes x 4 directions, elu's and selu's backward from y, swish_tanh's
# table-tier kernels), gpuact__k_fm ones (GPUACT__NFAST, fast mode) and
# gpuact__k_lut ones (GPUACT__NLUT, the 16-bit forward from a table).
printf '#include "gpuact_kernels.cuh"\n#include <stdio.h>\nint main(void) { printf("%%d %%d %%d %%d %%d\\n", (int)GPUACT__NKERNELS, (int)GPUACT__NFAST, (int)GPUACT__NGATED, (int)GPUACT__NPASS, (int)GPUACT__NLUT); return 0; }\n' \
  >"$work/kcount.cu"
# (the sm_90 build of host_link_impl.cu below has the fast-mode kernels too:
# GPUACT_FAST_KERNELS, FASTK)
FASTK=(-DGPUACT_FAST_KERNELS)
if ! "$NVCC" -I"$root" "${FASTK[@]}" "$work/kcount.cu" -o "$work/kcount" >"$work/kcount.log" 2>&1; then
  cat "$work/kcount.log"; echo "gpu-build-check: cannot build the kernel count"; exit 1
fi
read -r NKERNELS NFAST NGATED NPASS NLUT < <("$work/kcount")
echo "kernel traits: $NKERNELS kernels ($NPASS of them one-pass), $NFAST fast-mode kernels, $NGATED gated-form kernels, $NLUT 16-bit forward table kernels"
WARN=(-Xcompiler -Wall,-Wextra -Werror all-warnings)
EMU=(-std=c++17 -pthread -Wall -Wextra -Werror -Wno-unknown-pragmas -fsanitize=alignment,undefined
     -fno-sanitize-recover=all -D__CUDACC__ -include "$root/tests/gpu/emulation/cuda_runtime.h"
     -I"$root/tests/gpu/emulation" -I"$root")

echo "nvcc: $("$NVCC" --version | tail -1)"
echo "host: $(nproc) cores, $JOBS jobs at a time"

# architectures: each with the nvcc that has it (sm_70: see the top)
codes=$("$NVCC" --list-gpu-code 2>/dev/null)
archs=(); skipped=(); nvcc70=""; no_sm70=0
for a in 70 80 90; do
  if grep -qx "sm_$a" <<<"$codes"; then
    archs+=("$a")
  elif [ "$a" = 70 ]; then
    nvcc70=${NVCC_SM70:-}
    if [ "$nvcc70" = skip ]; then
      skipped+=("sm_70 (NVCC_SM70=skip)")
    else
      if [ -z "$nvcc70" ]; then
        nvcc70=$(bash "$root/scripts/setup-nvcc-sm70.sh" 2>"$work/setup-nvcc-sm70.log" | tail -1) || nvcc70=""
      fi
      if [ -n "$nvcc70" ] && "$nvcc70" --list-gpu-code 2>/dev/null | grep -qx sm_70; then
        echo "sm_70: $nvcc70 ($("$nvcc70" --version | tail -1))"
        archs+=("$a")
      else
        nvcc70=""; no_sm70=1 # reported below as a failed check, with the setup's log
      fi
    fi
  else
    skipped+=("sm_$a (this nvcc has none)")
  fi
done
nvcc_for() { if [ "$1" = 70 ] && [ -n "$nvcc70" ]; then echo "$nvcc70"; else echo "$NVCC"; fi; }

# ---- the checks: each runs in the background, JOBS at a time ------------
names=()
check() { # check NAME COMMAND... : COMMAND's output in $work/NAME.log, status in $work/NAME.rc
  local name=$1; shift
  names+=("$name")
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
  (
    t0=$(date +%s.%N)
    # its own subshell: a function's set -e ends that one, not the one that writes the status
    ("$@") >"$work/$name.log" 2>&1
    rc=$?
    t1=$(date +%s.%N)
    echo "$rc $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')" >"$work/$name.rc"
  ) &
}

# 3 + 2: the implementation object with ptxas -v (its report is check 2), then the link test
link_test() {
  set -e
  mkdir -p "$work/keep" # the PTX, for check 4 (nvcc's device flags are its -ptx defaults)
  "$NVCC" -O2 -arch=sm_90 -I"$root" "${WARN[@]}" "${FASTK[@]}" -Xptxas -v -keep -keep-dir "$work/keep" \
    -c "$root/tests/gpu/host_link_impl.cu" -o "$work/host_link_impl.o" 2>"$work/ptxas_sm90.txt"
  gcc -std=c99 -O2 -Wall -Wextra -Werror -DGPUACT_CUDA -I"$root" -I"$CUDA_HOME/include" \
    -c "$root/tests/gpu/host_link.c" -o "$work/host_link.o"
  g++ -x c++ -std=c++11 -O2 -Wall -Wextra -Werror -DGPUACT_CUDA -I"$root" -I"$CUDA_HOME/include" \
    -c "$root/tests/gpu/host_link.c" -o "$work/host_link_cxx.o"
  gcc "$work/host_link.o" "$work/host_link_impl.o" -L"$CUDA_HOME/lib64" -lcudart -lstdc++ -lm -o "$work/host_link"
  LD_LIBRARY_PATH="$CUDA_HOME/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$work/host_link"
}
check host_link link_test

# the configuration macros (gpuact.h's top comment): an implementation built
# for silu in fp32 and bf16 (and without GPUACT_FAST_KERNELS) holds those 8
# kernels (4 directions x 2 types), 4 gated-form ones and bf16's forward
# table's 2 (its lookup and its build),
# and its device entry points answer GPUACT_ERROR_UNSUPPORTED for the rest
config_subset() {
  set -e
  "$NVCC" -O2 -arch=sm_90 -I"$root" "${WARN[@]}" -DGPUACT_ONLY_OPS='GPUACT_BIT(GPUACT_OP_SILU)' \
    -DGPUACT_ONLY_TYPES='(GPUACT_BIT(GPUACT_F32) | GPUACT_BIT(GPUACT_BF16))' -Xptxas -v \
    -c "$root/tests/gpu/host_link_impl.cu" -o "$work/config_impl.o" 2>"$work/config_ptxas.txt"
  local n nk nf ng nl
  n=$(grep -c 'Compiling entry function' "$work/config_ptxas.txt" || true)
  "$NVCC" -I"$root" -DGPUACT_ONLY_OPS='GPUACT_BIT(GPUACT_OP_SILU)' \
    -DGPUACT_ONLY_TYPES='(GPUACT_BIT(GPUACT_F32) | GPUACT_BIT(GPUACT_BF16))' "$work/kcount.cu" -o "$work/kcount_subset"
  read -r nk nf ng _ nl < <("$work/kcount_subset")
  echo "config_subset: $n kernels (silu, fp32 and bf16: 8 expected, 4 gated-form ones, 2 of bf16's forward table, no fast-mode kernels; the traits count $nk, $nf, $ng and $nl tables)"
  gcc -std=c99 -O2 -Wall -Wextra -Werror -DGPUACT_CUDA -I"$root" -I"$CUDA_HOME/include" \
    -c "$root/tests/gpu/config_link.c" -o "$work/config_link.o"
  gcc "$work/config_link.o" "$work/config_impl.o" -L"$CUDA_HOME/lib64" -lcudart -lstdc++ -lm -o "$work/config_link"
  LD_LIBRARY_PATH="$CUDA_HOME/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$work/config_link"
  [ "$n" = 14 ] && [ "$nk" = 8 ] && [ "$nf" = 0 ] && [ "$ng" = 4 ] && [ "$nl" = 1 ]
}
check config_subset config_subset

# no nvcc for sm_70: one failed check that says why
if [ $no_sm70 = 1 ]; then
  no_nvcc_sm70() { echo "no nvcc for sm_70: NVCC has none, and NVCC_SM70 or scripts/setup-nvcc-sm70.sh gave none (its log follows, if it ran)"; cat "$work/setup-nvcc-sm70.log" 2>/dev/null; return 1; }
  check nvcc_sm70 no_nvcc_sm70
fi

# the same with sm_70 where its nvcc is another one: its object, its headers,
# its static runtime (the layout of setup-nvcc-sm70.sh's Debian toolkit, or a
# CUDA install's: bin/, include/, lib64/)
if [ -n "$nvcc70" ]; then
  link_test_sm70() {
    set -e
    local bin inc lib
    bin=$(cd "$(dirname "$nvcc70")" && pwd)
    if [ -f "$bin/../../../include/cuda_runtime.h" ]; then
      inc=$bin/../../../include; lib=$bin/../../x86_64-linux-gnu
    else
      inc=$bin/../include; lib=$bin/../lib64
    fi
    "$nvcc70" -O2 -arch=sm_70 -I"$root" "${WARN[@]}" -c "$root/tests/gpu/host_link_impl.cu" -o "$work/host_link_impl70.o"
    gcc -std=c99 -O2 -Wall -Wextra -Werror -DGPUACT_CUDA -I"$root" -I"$inc" \
      -c "$root/tests/gpu/host_link.c" -o "$work/host_link70.o"
    gcc "$work/host_link70.o" "$work/host_link_impl70.o" "$lib/libcudart_static.a" \
      -ldl -lrt -lpthread -lstdc++ -lm -o "$work/host_link70"
    "$work/host_link70"
  }
  check host_link_sm70 link_test_sm70
fi

for a in "${archs[@]}"; do
  srcs=(examples/epilogue.cu)
  if [ "$a" = 90 ]; then
    srcs+=(tests/gpu/test_device.cu examples/basic.cu) # the implementation: host_link above
  elif [ "$a" != 70 ] || [ -z "$nvcc70" ]; then # (sm_70 with another nvcc: host_link_sm70 above)
    check "implementation_sm$a" "$(nvcc_for "$a")" -O2 -arch="sm_$a" -I"$root" "${WARN[@]}" \
      -c "$root/tests/gpu/host_link_impl.cu" -o "$work/implementation_sm$a.o"
  fi
  for src in "${srcs[@]}"; do
    check "$(basename "$src" .cu)_sm$a" "$(nvcc_for "$a")" -O2 -arch="sm_$a" -I"$root" "${WARN[@]}" "$root/$src" \
      -o "$work/$(basename "$src" .cu)_sm$a"
  done
done

# the kernels' PTX (default flags) holds no flush-to-zero and no approximate
# arithmetic: the bit-identity with the host rests on it (a build with
# -ftz=true or -use_fast_math would show .ftz / .approx here; no macro tells)
ptx_exact() {
  set -e
  cp "$work/keep/host_link_impl.ptx" "$work/kernels.ptx" # from host_link's build (no such file: it failed)
  n=$(grep -c '^.entry _Z17gpuact__k_eltwise' "$work/kernels.ptx" || true)
  np=$(grep -c '^.entry _Z14gpuact__k_pass' "$work/kernels.ptx" || true)
  nf=$(grep -c '^.entry _Z12gpuact__k_fm' "$work/kernels.ptx" || true)
  ng=$(grep -c '^.entry _Z15gpuact__k_gated' "$work/kernels.ptx" || true)
  nl=$(grep -c '^.entry _Z13gpuact__k_lut' "$work/kernels.ptx" || true)
  nlb=$(grep -c '^.entry _Z19gpuact__k_lut_build' "$work/kernels.ptx" || true)
  bad=$(grep -cE '\.ftz|\.approx|div\.full' "$work/kernels.ptx" || true)
  echo "ptx: $((n + np)) kernels ($np one-pass), $nf fast-mode kernels, $ng gated-form kernels, $nl + $nlb table kernels, $bad flush-to-zero/approximate instructions"
  [ "$((n + np))" = "$NKERNELS" ] && [ "$np" = "$NPASS" ] && [ "$nf" = "$NFAST" ] && [ "$ng" = "$NGATED" ] && [ "$nl" = "$NLUT" ] && [ "$nlb" = "$NLUT" ] && [ "$bad" = 0 ]
}

emu_kernels() {
  set -e
  g++ -O1 "${EMU[@]}" "$root/tests/gpu/emulation/kernel_emu.cpp" -o "$work/kernel_emu"
  "$work/kernel_emu"
}
check kernel_emulation emu_kernels
if [ $emulate_tests = 1 ]; then
  emu_tests() {
    set -e
    g++ -O2 "${EMU[@]}" "$root/tests/gpu/emulation/test_device_emu.cpp" -o "$work/test_device_emu"
    "$work/test_device_emu"
  }
  check test_device_emulation emu_tests
fi
wait
check kernel_ptx_exact ptx_exact # after host_link's build, whose PTX it reads
wait

# ---- results ------------------------------------------------------------
pass=0; fail=0
report() { # report OK NAME SECONDS NOTE
  if [ "$1" = 1 ]; then pass=$((pass + 1)); printf 'ok    %-28s %6.1f s  %s\n' "$2" "$3" "$4"
  else fail=$((fail + 1)); printf 'FAIL  %-28s %6.1f s  %s\n' "$2" "$3" "$4"; fi
}
for name in "${names[@]}"; do
  rc=1; secs=0 # no status file: it never finished
  [ -f "$work/$name.rc" ] && read -r rc secs <"$work/$name.rc"
  note=""
  case $name in
    host_link|host_link_sm70) note=$(grep -h '^host_link:' "$work/$name.log" | head -1) ;;
    kernel_ptx_exact) note=$(grep -h '^ptx:' "$work/$name.log" | head -1) ;;
    config_subset) note=$(grep -h '^config_subset:' "$work/$name.log" | head -1) ;;
    kernel_emulation|test_device_emulation) note=$(tail -1 "$work/$name.log") ;;
  esac
  report $([ "$rc" = 0 ] && echo 1 || echo 0) "$name" "$secs" "$note"
  if [ "$rc" != 0 ]; then sed 's/^/      /' "$work/$name.log" | tail -40; fi
done

# 2. the kernels' resources (from the sm_90 build of host_link_impl.cu)
if [ -s "$work/ptxas_sm90.txt" ]; then
  python3 - "$work/ptxas_sm90.txt" "$NKERNELS" "$NFAST" "$NGATED" "$NLUT" >"$work/resources.txt" <<'PY'
import re, sys
txt = open(sys.argv[1]).read()
ops = {1: 'gelu_erf', 2: 'gelu_tanh', 3: 'gelu_sigmoid', 4: 'elu', 5: 'selu', 6: 'silu', 7: 'swish_tanh',
       64: 'swish_tanh tt'}  # 64: GPUACT__OP_SWISH_TT, the table tier's fp32 kernels
dts = {1: 'f32', 2: 'f16', 3: 'bf16'}
dirs = ['fwd', 'grad', 'bwd', 'fwd+bwd', 'bwd-from-y']
pat = re.compile(r"Function properties for _Z\d+gpuact__k_(eltwise|pass|fm)ILi(\d+)ELi(\d)ELi(\d)EEv13gpuact__kargs\s*\n"
                 r"\s*(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads\s*\n"
                 r"ptxas info\s*: Used (\d+) registers")
res, fm = {}, {}
for m in pat.finditer(txt):
    kind = m.group(1)
    op, dt, d, st, ss, sl, r = map(int, m.groups()[1:])
    (fm if kind == 'fm' else res)[(op, dt, d)] = (r, st, ss, sl)
bad = [k for k, v in res.items() if v[1] or v[2] or v[3]]
fbad = [k for k, v in fm.items() if v[1] or v[2] or v[3]]
print("kernels: %d, with stack or spills: %d, registers %d..%d; fast-mode kernels: %d, with stack or spills: %d, registers %d..%d" % (
      len(res), len(bad), min(v[0] for v in res.values()) if res else 0, max(v[0] for v in res.values()) if res else 0,
      len(fm), len(fbad), min(v[0] for v in fm.values()) if fm else 0, max(v[0] for v in fm.values()) if fm else 0))
print("registers per thread, sm_90 (stack 0, spills 0 unless listed):")
print("  %-18s" % "op / dtype" + "".join("%-11s" % d for d in dirs))
for op in ops:
    for dt in dts:
        if op == 64 and dt != 1: continue
        print("  %-18s" % (ops[op] + " " + dts[dt]) + "".join(
            "%-11s" % (res[(op, dt, d)][0] if (op, dt, d) in res else "-") for d in range(5)))
for k in bad:
    print("  stack/spill: %s %s %s: %s" % (ops[k[0]], dts[k[1]], dirs[k[2]], res[k]))
for k in fbad:
    print("  stack/spill (fast mode): %s %s %s: %s" % (ops[k[0]], dts[k[1]], dirs[k[2]], fm[k]))
# the gated forms' kernels: no spill; a stack frame (their rare full path is
# a call) is listed
gpat = re.compile(r"Function properties for _Z\d+gpuact__k_gatedILi(\d+)ELi(\d)ELi(\d)EEv13gpuact__gargs\s*\n"
                  r"\s*(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads\s*\n"
                  r"ptxas info\s*: Used (\d+) registers")
gk = {tuple(map(int, m.groups()[:3])): tuple(map(int, m.groups()[3:])) for m in gpat.finditer(txt)}
gbad = [k for k, v in gk.items() if v[1] or v[2]]
print("gated-form kernels: %d, with spills: %d, with a stack frame: %d, registers %d..%d" % (
      len(gk), len(gbad), sum(1 for v in gk.values() if v[0]), min(v[3] for v in gk.values()) if gk else 0,
      max(v[3] for v in gk.values()) if gk else 0))
for k, v in sorted(gk.items()):
    if v[0] or v[1] or v[2]:
        print("  gated %s %s %s: %d bytes stack, %d/%d bytes spilled" % (ops[k[0]], dts[k[1]], ["fwd", "bwd"][k[2]], v[0], v[1], v[2]))
# the 16-bit forward's table kernels: no stack, no spill
lpat = re.compile(r"Function properties for _Z\d+gpuact__k_lutILi(\d+)ELi(\d)EEv13gpuact__kargs\s*\n"
                  r"\s*(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads\s*\n"
                  r"ptxas info\s*: Used (\d+) registers")
lk = {tuple(map(int, m.groups()[:2])): tuple(map(int, m.groups()[2:])) for m in lpat.finditer(txt)}
lbad = [k for k, v in lk.items() if v[0] or v[1] or v[2]]
print("16-bit forward table kernels: %d, with stack or spills: %d, registers %d..%d" % (
      len(lk), len(lbad), min(v[3] for v in lk.values()) if lk else 0, max(v[3] for v in lk.values()) if lk else 0))
for k in lbad:
    print("  stack/spill (table kernel): %s %s: %s" % (ops[k[0]], dts[k[1]], lk[k]))
sys.exit(0 if len(res) == int(sys.argv[2]) and len(fm) == int(sys.argv[3]) and len(gk) == int(sys.argv[4]) and len(lk) == int(sys.argv[5])
         and not bad and not fbad and not gbad and not lbad else 1)
PY
  rrc=$?
  report $([ $rrc = 0 ] && echo 1 || echo 0) "kernel_resources_sm90" 0 "$(head -1 "$work/resources.txt")"
  tail -n +2 "$work/resources.txt"
else
  report 0 "kernel_resources_sm90" 0 "no ptxas report (the host_link build failed)"
fi
for k in "${skipped[@]}"; do echo "skipped: $k"; done
echo "$pass passed, $fail failed${skipped:+, ${#skipped[@]} skipped}"
[ $fail = 0 ]
