#!/usr/bin/env bash
# The main job: the accuracy audit of gpuact against MPFR (tests/accuracy/audit.c).
# Installs what it needs (the same Debian packages as scripts/test.sh),
# builds the `audit` target with CMake and runs it with the default settings:
#   docs/ACCURACY.md           the report (tables, the GPU section, plots, how to reproduce)
#   docs/accuracy/<fn>.svg     one plot per function: gpuact vs the textbook fp32 formula
#   build/audit.csv, build/audit.json
# The exhaustive fp32 GPU section is merged from docs/accuracy/sweep_f32.csv when that
# file exists (written on a GPU machine by `sweep_f32 --csv FILE`, tests/accuracy/sweep_f32.cu); the double
# reference that sweep uses is then validated here (check_ref_double, ~15 s).
#
#   bash scripts/audit.sh                 # BUILD_DIR=build by default
#   bash scripts/audit.sh --check-bars    # extra arguments go to the audit (exit 1 if a bar is exceeded)
#   GPU_SWEEP=path/to/sweep_f32.csv bash scripts/audit.sh
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
for pkg in cmake make gcc g++ clang libclang-rt-14-dev libmpfr-dev libgmp-dev python3 python3-mpmath; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}"
  SUDO=""; [ "$(id -u)" != 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

build=${BUILD_DIR:-build}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$(nproc)" --target audit check_ref_double

mkdir -p docs/accuracy
args=(--markdown docs/ACCURACY.md --svg-dir docs/accuracy --csv "$build/audit.csv" --json "$build/audit.json")
sweep=${GPU_SWEEP:-docs/accuracy/sweep_f32.csv}
if [ -f "$sweep" ]; then
  args+=(--gpu-sweep "$sweep" --validate-double)
else
  echo "audit: no $sweep: the report will have no exhaustive fp32 (GPU) section"
fi
start=$(date +%s)
rc=0
"$build/tests/audit" "${args[@]}" "$@" || rc=$?
echo "audit: $(($(date +%s) - start)) s; wrote docs/ACCURACY.md, docs/accuracy/*.svg, $build/audit.csv, $build/audit.json"
exit $rc
