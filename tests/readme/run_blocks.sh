#!/usr/bin/env bash
# run_blocks.sh - the README's code, built and run as a reader would.
#
#   tests/readme/run_blocks.sh [--run-cuda] [--no-cuda] [--python PY] OUTDIR
#
# tests/readme/extract.py writes the blocks marked <!-- test: KIND FILE --> to
# OUTDIR/KIND/FILE, next to a copy of single_include/gpuact.h (what the README
# tells a user to copy). Each command below must appear in README.md as a line
# of its own, character for character: the commands run are the ones the
# README shows.
#   c       built with the README's cc line (-std=c99 -Wall -Wextra -Werror),
#           run; each program checks its results against values from
#           mathematics and must exit 0.
#   cuda    where nvcc is found (NVCC, else PATH, else /usr/local/cuda/bin/nvcc):
#           built and linked with the README's nvcc lines (sm_90). The
#           implementation file is one nvcc compile of every kernel (55-105 s
#           with nvcc 13.0 on a shared 2-core machine); the other files include
#           only declarations and the scalar core (1-3 s each).
#           --run-cuda also runs them (a GPU machine: they exit 0 only if their
#           results are right); --no-cuda leaves them out.
#   python  with --python PY: each block run by PY, which must import
#           gpuact.torch (install the package first); otherwise skipped.
# Environment: CC (default cc), NVCC, PYTHON3 (runs the extractor; default
# python3), README (default: the repository's README.md).
# Logs in OUTDIR/logs/. Ends with "N passed, M failed, K skipped"; exit 1 if
# anything failed.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
readme=${README:-$root/README.md}
run_cuda=0; no_cuda=0; py=""
while [ $# -gt 1 ]; do
  case $1 in
    --run-cuda) run_cuda=1 ;;
    --no-cuda) no_cuda=1 ;;
    --python) py=$2; shift ;;
    *) echo "usage: $0 [--run-cuda] [--no-cuda] [--python PY] OUTDIR" >&2; exit 2 ;;
  esac
  shift
done
out=${1:?usage: $0 [--run-cuda] [--no-cuda] [--python PY] OUTDIR}
case $out in -*) echo "usage: $0 [--run-cuda] [--no-cuda] [--python PY] OUTDIR" >&2; exit 2 ;; esac
CC=${CC:-cc}
NVCC=${NVCC:-$(command -v nvcc || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; })}

rm -rf "$out"
mkdir -p "$out/logs"
out=$(cd "$out" && pwd)
pass=0; fail=0; skip=0

# the README's commands: "cc ..." and "nvcc ..." run with $CC and $NVCC
have_line() { grep -Fxq -- "$1" "$readme"; }
run_line() {
  local line=$1
  case $line in
    "cc "*) line="\"\$CC\" ${line#cc }" ;;
    "nvcc "*) line="\"\$NVCC\" ${line#nvcc }" ;;
  esac
  eval "$line"
}
# step NAME DIR LINE... : the lines in DIR, in order, each required in the README
step() {
  local name=$1 dir=$2 t0=$SECONDS rc=0 l
  shift 2
  for l in "$@"; do
    if ! have_line "$l"; then
      echo "README.md has no line: $l" >"$out/logs/$name.log"; rc=1; break
    fi
  done
  if [ $rc = 0 ]; then
    (cd "$dir" && for l in "$@"; do echo "\$ $l"; run_line "$l" || exit $?; done) >"$out/logs/$name.log" 2>&1 || rc=$?
  fi
  if [ $rc = 0 ]; then pass=$((pass + 1)); r=ok; else fail=$((fail + 1)); r=FAIL; fi
  printf '%-4s %-28s %5ds  %s\n' "$r" "$name" $((SECONDS - t0)) "$(tail -n 1 "$out/logs/$name.log")"
  [ $rc = 0 ] || sed 's/^/    /' "$out/logs/$name.log" | tail -n 30
  return $rc
}
skipped() { skip=$((skip + 1)); printf '%-4s %-28s %5s   %s\n' skip "$1" - "$2"; }

if ! "${PYTHON3:-python3}" "$root/tests/readme/extract.py" "$readme" "$out" >"$out/logs/extract.log" 2>&1; then
  cat "$out/logs/extract.log"
  echo "0 passed, 1 failed, 0 skipped"
  exit 1
fi
echo "blocks (kind, file, README line):"
sed 's/^/  /' "$out/logs/extract.log"
for k in c cuda; do cp "$root/single_include/gpuact.h" "$out/$k/"; done

# ---- C on the host ----------------------------------------------------------
step c-main "$out/c" "cc -std=c99 -Wall -Wextra -Werror main.c -o main -lm" "./main"
step c-params "$out/c" "cc -std=c99 -Wall -Wextra -Werror params.c -o params -lm" "./params"
step c-gated "$out/c" "cc -std=c99 -Wall -Wextra -Werror gated.c -o gated -lm" "./gated"

# ---- CUDA -------------------------------------------------------------------
if [ $no_cuda = 1 ]; then
  skipped cuda "--no-cuda"
elif [ -z "$NVCC" ]; then
  skipped cuda "no nvcc found"
else
  export NVCC
  echo "nvcc: $NVCC ($("$NVCC" --version | tail -n 1))"
  step cuda-impl "$out/cuda" "nvcc -O2 -arch=sm_90 -c gpuact.cu"
  step cuda-main "$out/cuda" "nvcc -O2 -arch=sm_90 main.cu gpuact.o -o main"
  step cuda-epilogue "$out/cuda" "nvcc -O2 -arch=sm_90 epilogue.cu -o epilogue"
  if [ $run_cuda = 1 ]; then
    step cuda-main-run "$out/cuda" "./main"
    step cuda-epilogue-run "$out/cuda" "./epilogue"
  else
    skipped cuda-run "no --run-cuda (built only)"
  fi
fi

# ---- PyTorch ----------------------------------------------------------------
pip_line="pip install --no-build-isolation ./python"
have_line "$pip_line" || { fail=$((fail + 1)); echo "FAIL README.md has no line: $pip_line"; }
for f in "$out"/python/*.py; do
  n=python-$(basename "$f" .py)
  if [ -n "$py" ]; then
    t0=$SECONDS
    if (cd "$out/python" && "$py" "$(basename "$f")") >"$out/logs/$n.log" 2>&1; then
      pass=$((pass + 1)); r=ok
    else
      fail=$((fail + 1)); r=FAIL
    fi
    printf '%-4s %-28s %5ds  %s\n' "$r" "$n" $((SECONDS - t0)) "$(tail -n 1 "$out/logs/$n.log")"
    [ $r = ok ] || sed 's/^/    /' "$out/logs/$n.log" | tail -n 30
  else
    skipped "$n" "no --python"
  fi
done

echo "$pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
