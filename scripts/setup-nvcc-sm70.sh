#!/usr/bin/env bash
# setup-nvcc-sm70.sh - an nvcc that builds sm_70 (Volta), for
# gpu-build-check.sh. CUDA 13 has no sm_70; Debian's non-free
# nvidia-cuda-toolkit (CUDA 11.8 on bookworm) has. Its compiler, with the
# headers and static runtime of nvidia-cuda-dev, is unpacked into a cache
# folder (nothing system-wide: only its host compiler g++-11 is installed
# with apt-get), and the path of that nvcc is printed on the last line:
#   NVCC_SM70=$(bash scripts/setup-nvcc-sm70.sh | tail -1)
# A second run finds the cache and prints the path at once.
# The packages come from the system's own Debian archive (the first apt
# source for this release's suite) with the non-free component, through a
# private apt state folder: the system's sources and lists are left alone.
# Environment: GPUACT_CACHE (default ${XDG_CACHE_HOME:-$HOME/.cache}/gpuact).
# Exit status 1, with the reason on stderr, when it cannot be set up.
set -euo pipefail
cache=${GPUACT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/gpuact}
dest=$cache/nvcc-sm70
nvcc=$dest/usr/lib/nvidia-cuda-toolkit/bin/nvcc
SUDO=""; [ "$(id -u)" != 0 ] && SUDO=sudo
say() { echo "setup-nvcc-sm70: $*" >&2; }

has_sm70() { [ -x "$nvcc" ] && "$nvcc" --list-gpu-code 2>/dev/null | grep -qx sm_70; }

# the host compiler the Debian toolkit's g++ wrapper looks for first
if ! command -v g++-11 >/dev/null 2>&1; then
  say "installing g++-11"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq g++-11 >/dev/null 2>&1 ||
    { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq g++-11 >/dev/null; }
fi
if has_sm70; then echo "$nvcc"; exit 0; fi

work=$(mktemp -d)
trap 'rm -rf "$work" "$dest.tmp"' EXIT

# the archive: URI and signing key of the first source serving this release's suite
. /etc/os-release
suite=${VERSION_CODENAME:?no VERSION_CODENAME in /etc/os-release}
src=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk -v s="$suite" '
  function flush() { if (uri != "" && (" " suites " ") ~ (" " s " ") && out == "")
                       out = "deb" (key != "" ? " [signed-by=" key "]" : "") " " uri " " s " non-free"
                     uri = ""; suites = ""; key = "" }
  /^[ \t]*$/ { flush(); next }
  $1 == "URIs:" { uri = $2 } $1 == "Suites:" { $1 = ""; suites = $0 } $1 == "Signed-By:" { key = $2 }
  END { flush(); print out }')
if [ -z "$src" ]; then
  src=$(cat /etc/apt/sources.list 2>/dev/null | awk -v s="$suite" '
    $1 == "deb" { i = 2; opt = ""; if ($2 ~ /^\[/) { opt = $2 " "; i = 3 }
                  if ($(i + 1) == s) { print "deb " opt $i " " s " non-free"; exit } }')
fi
[ -n "$src" ] || { say "no apt source for suite $suite"; exit 1; }
echo "$src" >"$work/sources.list"
mkdir -p "$work/lists/partial" "$work/archives/partial"
apt=(apt-get -q -o Dir::Etc::SourceList="$work/sources.list" -o Dir::Etc::SourceParts=/nonexistent
     -o Dir::State::Lists="$work/lists" -o Dir::Cache::Archives="$work/archives" -o Debug::NoLocking=1
     -o APT::Sandbox::User=root)
say "downloading nvidia-cuda-toolkit and nvidia-cuda-dev ($suite non-free)"
"${apt[@]}" update >"$work/apt.log" 2>&1 || { cat "$work/apt.log" >&2; exit 1; }
(cd "$work" && "${apt[@]}" download nvidia-cuda-toolkit nvidia-cuda-dev >>"$work/apt.log" 2>&1) ||
  { cat "$work/apt.log" >&2; exit 1; }

say "unpacking"
rm -rf "$dest.tmp"; mkdir -p "$dest.tmp"
dpkg-deb -x "$work"/nvidia-cuda-toolkit_*.deb "$dest.tmp"
# nvidia-cuda-dev is mostly the CUDA libraries: only the headers and the runtime a link needs
dpkg-deb --fsys-tarfile "$work"/nvidia-cuda-dev_*.deb | tar -x -C "$dest.tmp" --wildcards './usr/include/*' \
  './usr/lib/x86_64-linux-gnu/libcudart_static.a' './usr/lib/x86_64-linux-gnu/libcudadevrt.a' \
  './usr/lib/x86_64-linux-gnu/libculibos.a'
# the package's nvcc.profile is a link to /etc/nvcc.profile, with absolute
# paths: this one finds everything relative to nvcc itself (bin/g++ there is
# the package's wrapper that picks g++-11)
bin=$dest.tmp/usr/lib/nvidia-cuda-toolkit/bin
rm -f "$bin/nvcc.profile"
cat >"$bin/nvcc.profile" <<'EOF'
TOP = $(_HERE_)/../../../..
NVVMIR_LIBRARY_DIR = $(TOP)/usr/lib/nvidia-cuda-toolkit/libdevice
PATH += $(_HERE_):$(TOP)/usr/bin:
INCLUDES += "-I$(TOP)/usr/include" $(_SPACE_)
LIBRARIES =+ $(_SPACE_) "-L$(TOP)/usr/lib/x86_64-linux-gnu"
EOF
rm -rf "$dest"; mv "$dest.tmp" "$dest"
has_sm70 || { say "the unpacked nvcc ($("$nvcc" --version 2>&1 | tail -1)) lists no sm_70"; exit 1; }
say "$("$nvcc" --version | tail -1)"
echo "$nvcc"
