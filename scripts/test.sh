#!/usr/bin/env bash
# The test command: installs what the CPU tests need (Debian packages),
# configures, builds and runs every CPU test with CTest. No GPU needed.
#   bash scripts/test.sh            # BUILD_DIR=build by default
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
for pkg in cmake make gcc g++ clang libclang-rt-14-dev libmpfr-dev libgmp-dev python3 python3-mpmath python3-venv; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}"
  SUDO=""; [ "$(id -u)" != 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

build=${BUILD_DIR:-build}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release
cmake --build "$build" -j "$(nproc)"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
