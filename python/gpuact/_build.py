"""How gpuact's PyTorch extension is built: shared by setup.py (pip install)
and by the JIT path (torch.utils.cpp_extension.load) for a vendored header.

Environment:
  GPUACT_CUDA=1|0        build the CUDA part, or not. Unset: build it when
                         nvcc is found (CUDA_HOME), torch has CUDA, and either
                         a GPU is visible or TORCH_CUDA_ARCH_LIST names the
                         architectures (without either there is nothing to
                         build for, and compiling for every architecture
                         torch knows would take tens of minutes).
  TORCH_CUDA_ARCH_LIST   the architectures, e.g. "9.0" (torch's own variable;
                         default: those of the visible GPUs).
  GPUACT_INCLUDE         the folder holding gpuact.h (JIT path; default: the
                         package's copy, else the repository root).
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
CSRC = os.path.join(HERE, "csrc")
HEADERS = ("gpuact.h", "gpuact_kernels.cuh", "gpuact_tables.h", "gpuact_f64.h", "gpuact_f64_tables.h")


def header_dir():
    """The folder holding gpuact.h and the headers it includes (HEADERS)."""
    env = os.environ.get("GPUACT_INCLUDE")
    cands = ([env] if env else []) + [os.path.join(HERE, "include"), os.path.normpath(os.path.join(HERE, "..", ".."))]
    for d in cands:
        if all(os.path.isfile(os.path.join(d, h)) for h in HEADERS):
            return d
    raise FileNotFoundError("gpuact: gpuact.h not found in " + ", ".join(cands) + " (set GPUACT_INCLUDE)")


def want_cuda():
    """(build the CUDA part?, why) by the rules in this module's docstring."""
    import torch
    from torch.utils.cpp_extension import CUDA_HOME
    env = os.environ.get("GPUACT_CUDA")
    if env == "0":
        return False, "GPUACT_CUDA=0"
    have = CUDA_HOME is not None and torch.version.cuda is not None
    if env == "1":
        if not have:
            raise RuntimeError("gpuact: GPUACT_CUDA=1 but nvcc (CUDA_HOME) or a CUDA build of torch is missing")
        return True, "GPUACT_CUDA=1"
    if CUDA_HOME is None:
        return False, "no nvcc (CUDA_HOME) found"
    if torch.version.cuda is None:
        return False, "torch was built without CUDA"
    if torch.cuda.is_available():
        return True, "a GPU is visible"
    if os.environ.get("TORCH_CUDA_ARCH_LIST"):
        return True, "TORCH_CUDA_ARCH_LIST is set"
    return False, "no GPU visible and TORCH_CUDA_ARCH_LIST unset (set it, or GPUACT_CUDA=1, to cross-compile)"


def sources(cuda):
    """The translation units: the operators, and one implementation TU."""
    impl = "gpuact_impl.cu" if cuda else "gpuact_impl_host.cpp"
    return [os.path.join(CSRC, "gpuact_torch.cpp"), os.path.join(CSRC, impl)]


def flags(cuda):
    """(cxx flags, nvcc flags). No fast-math anywhere: gpuact refuses it.
    -fopenmp where torch runs its intra-op threads on OpenMP (Linux wheels):
    at::parallel_for is inline, and without _OPENMP in our translation unit
    it runs the whole range on the calling thread; the GOMP symbols come from
    the libgomp torch loads with its global dependencies (no second runtime
    is linked in, so torch.set_num_threads governs ours too)."""
    import sys
    import torch
    cxx = ["-O2"] + (["-DGPUACT_TORCH_CUDA"] if cuda else [])
    if sys.platform.startswith("linux") and getattr(torch._C, "has_openmp", False):
        cxx.append("-fopenmp")
    # the fatbinary compressed: torch builds SASS alone for each architecture,
    # and compressed the implementation's is a quarter of its size (about
    # 2.6 MB for sm_90 in place of 9 MB: docs/BENCHMARKS.md, "Compile cost")
    nvcc = ["-O3", "-Xfatbin", "-compress-all"]
    # cicc's and ptxas's optimizations in one thread a core where nvcc has
    # the option (CUDA 13.0's has, 11.8's has not): the implementation's one
    # file then built in 57-67 s where it took 89 s, 2 cores (docs/BENCHMARKS.md)
    if cuda and _nvcc_splits():
        nvcc.append("--split-compile=0")
    return cxx, nvcc


def _nvcc_splits():
    """Whether CUDA_HOME's nvcc takes --split-compile."""
    import subprocess
    from torch.utils.cpp_extension import CUDA_HOME
    if CUDA_HOME is None:
        return False
    try:
        out = subprocess.run([os.path.join(CUDA_HOME, "bin", "nvcc"), "--help"], capture_output=True, text=True,
                             timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return "--split-compile" in out


def jit_load(verbose=False, cuda=None):
    """Builds and loads the extension with torch.utils.cpp_extension.load
    (cached under torch's extension folder; the CPU part takes seconds, the
    CUDA part minutes). Returns the loaded module."""
    from torch.utils.cpp_extension import load
    if cuda is None:
        cuda, _ = want_cuda()
    cxx, nvcc = flags(cuda)
    return load(name="gpuact_C_cuda" if cuda else "gpuact_C_cpu", sources=sources(cuda),
                extra_include_paths=[header_dir()], extra_cflags=cxx, extra_cuda_cflags=nvcc,
                with_cuda=cuda, verbose=verbose)
