#!/usr/bin/env bash
# compile-cost.sh - what gpuact's implementation costs to compile, measured:
#   1. the CUDA implementation file (GPUACT_IMPLEMENTATION, host and device
#      entry points, every kernel) with `nvcc -c -arch=sm_90`: wall and CPU
#      time, peak memory (the largest of nvcc's processes: cicc or ptxas),
#      object size, kernel count, and where the time went (nvcc -time);
#   2. the host-only implementation (a C file) with `gcc -O2 -c`.
# Each is compared with its budget (issue 26): nvcc <= 60 s and <= 3 MB of
# object for one architecture, gcc <= 15 s.
# usage: scripts/compile-cost.sh [--check] [-- FLAGS...]
#   --check   exit status 1 if a figure is over its budget
#   FLAGS     passed to both compilers, e.g. a configuration that builds
#             fewer kernels: -- -DGPUACT_ONLY_OPS='GPUACT_BIT(GPUACT_OP_SILU)'
# Environment: NVCC (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc),
# ARCH (default sm_90), CODE (default sass+ptx: -arch=ARCH, the SASS and the
# PTX; sass: -gencode arch=compute_NN,code=ARCH, the SASS alone, as
# torch.utils.cpp_extension and most multi-architecture builds compile each
# architecture), COMPRESS (1: -Xfatbin -compress-all, the fatbinary's SASS
# compressed as well as its PTX), SPLIT (N: --split-compile=N, cicc's and
# ptxas's optimizations in N threads, 0 for one a core; CUDA 11.8's nvcc has
# no such option, 13.0's has), CC (default gcc), CUOBJDUMP (optional, default
# cuobjdump next to nvcc: then the kernels' registers and spills are listed
# too). Peak memory needs GNU time (/usr/bin/time -v); without it that
# figure is left out. Run it on an idle machine: the times are wall times.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
ARCH=${ARCH:-sm_90}
CODE=${CODE:-sass+ptx}
case $CODE in
  sass+ptx) archflags=(-arch="$ARCH") ;;
  sass) archflags=(-gencode "arch=compute_${ARCH#sm_},code=$ARCH") ;;
  *) echo "CODE: sass+ptx or sass"; exit 2 ;;
esac
[ "${COMPRESS:-0}" = 1 ] && archflags+=(-Xfatbin -compress-all)
[ -n "${SPLIT:-}" ] && archflags+=(--split-compile="$SPLIT")
CC=${CC:-gcc}
CUOBJDUMP=${CUOBJDUMP:-$(dirname "$NVCC")/cuobjdump}
NVCC_BUDGET_S=60
NVCC_BUDGET_BYTES=3000000
HOST_BUDGET_S=15
check=0
flags=()
while [ $# -gt 0 ]; do
  case $1 in
    --check) check=1; shift ;;
    --) shift; flags=("$@"); break ;;
    *) echo "usage: $0 [--check] [-- FLAGS...]"; exit 2 ;;
  esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '#define GPUACT_IMPLEMENTATION\n#include "gpuact.h"\n' >"$work/impl.cu"
cp "$work/impl.cu" "$work/impl.c"

# timed NAME COMMAND...: runs COMMAND, leaves "wall cpu rss_kb" in $work/NAME.t
timed() {
  local name=$1; shift
  if /usr/bin/time -v true >/dev/null 2>&1; then
    /usr/bin/time -v -o "$work/$name.tv" "$@" >"$work/$name.log" 2>&1
    local rc=$?
    awk -F': ' '
      /Elapsed \(wall clock\)/ { n = split($2, p, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + p[i] }
      /User time/ { u = $2 } /System time/ { s = $2 } /Maximum resident set size/ { r = $2 }
      END { printf "%.1f %.1f %d\n", w, u + s, r }' "$work/$name.tv" >"$work/$name.t"
    return $rc
  fi
  local t0 t1 rc
  t0=$(date +%s.%N)
  "$@" >"$work/$name.log" 2>&1
  rc=$?
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f - 0\n", b - a }' >"$work/$name.t"
  return $rc
}
mb() { awk -v b="$1" 'BEGIN { printf "%.2f MB", b / 1e6 }'; }
verdict() { awk -v v="$1" -v b="$2" 'BEGIN { print (v <= b) ? "within" : "OVER" }'; }
over=0

echo "gpuact compile cost: $(nproc 2>/dev/null || echo ?) cores; nvcc $("$NVCC" --version | grep -o 'V[0-9][0-9.]*' | head -1); $("$CC" --version | head -1)"
[ ${#flags[@]} -gt 0 ] && echo "flags: ${flags[*]}"

# 1. nvcc, the implementation with the kernels
if timed nvcc "$NVCC" -c "${archflags[@]}" -I"$root" -keep -keep-dir "$work" -time "$work/phases.csv" "${flags[@]}" \
    "$work/impl.cu" -o "$work/impl.o"; then
  read -r wall cpu rss <"$work/nvcc.t"
  size=$(stat -c %s "$work/impl.o")
  kernels=$(cat "$work"/impl*.ptx 2>/dev/null | grep -c '^\.entry ' || true)
  printf 'nvcc -c %s (CUDA implementation): %s s wall, %s s cpu, peak %s, object %s (%d bytes), %d kernels\n' \
    "${archflags[*]}" "$wall" "$cpu" "$([ "$rss" = - ] && echo '?' || awk -v k="$rss" 'BEGIN { printf "%d MB", k / 1024 }')" \
    "$(mb "$size")" "$size" "$kernels"
  awk -F' *, *' 'NR > 1 && $7 != "" { if (!($2 in t)) o[n++] = $2; t[$2] += $7 } END {
      printf "  phases:"; for (i = 0; i < n; i++) if (t[o[i]] >= 50) printf " %s %.1f s;", o[i], t[o[i]] / 1000; printf "\n" }' \
    "$work/phases.csv"
  ptx=$(stat -c %s "$work"/impl*.ptx 2>/dev/null | head -1)
  cubin=$(stat -c %s "$work"/impl*.cubin 2>/dev/null | head -1)
  [ -n "$cubin" ] && echo "  in the object: SASS (cubin) $(mb "$cubin")$([ "$CODE" = sass ] || echo ", PTX $(mb "${ptx:-0}")") before the fatbinary's compression"
  tv=$(verdict "$wall" $NVCC_BUDGET_S); sv=$(verdict "$size" $NVCC_BUDGET_BYTES)
  echo "  budget: $NVCC_BUDGET_S s ($tv), $(mb $NVCC_BUDGET_BYTES) ($sv)"
  [ "$tv" = OVER ] || [ "$sv" = OVER ] && over=1
  if [ -x "$CUOBJDUMP" ]; then
    "$CUOBJDUMP" --dump-resource-usage "$work/impl.o" 2>/dev/null | awk '
      /Function/ { n++ } /REG:/ { split($1, r, ":"); if (r[2] > mx) mx = r[2]; if (mn == "" || r[2] < mn) mn = r[2] }
      /STACK:[1-9]|LOCAL:[1-9]/ { bad++ }
      END { if (n) printf "  kernels: %d, registers %d..%d, with stack or local memory: %d\n", n, mn, mx, bad }'
  fi
else
  echo "nvcc -c ${archflags[*]} (CUDA implementation): FAILED"; tail -20 "$work/nvcc.log"; over=1
fi

# 2. the host-only implementation
if timed host "$CC" -O2 -c -x c -I"$root" "${flags[@]}" "$work/impl.c" -o "$work/impl_host.o"; then
  read -r wall cpu rss <"$work/host.t"
  size=$(stat -c %s "$work/impl_host.o")
  printf '%s -O2 -c (host-only implementation): %s s wall, peak %s, object %s (%d bytes)\n' "$CC" "$wall" \
    "$([ "$rss" = - ] && echo '?' || awk -v k="$rss" 'BEGIN { printf "%d MB", k / 1024 }')" "$(mb "$size")" "$size"
  tv=$(verdict "$wall" $HOST_BUDGET_S)
  echo "  budget: $HOST_BUDGET_S s ($tv)"
  [ "$tv" = OVER ] && over=1
else
  echo "$CC -O2 -c (host-only implementation): FAILED"; tail -20 "$work/host.log"; over=1
fi
[ $check = 1 ] && [ $over = 1 ] && exit 1
exit 0
