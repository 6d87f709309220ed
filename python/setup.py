"""Builds gpuact's PyTorch extension (gpuact._C) from gpuact.h.

    pip install --no-build-isolation ./python   # against the torch you have
    pip install ./python                         # pip fetches torch to build with

The CUDA part is built when nvcc is found and a GPU is visible (or
TORCH_CUDA_ARCH_LIST / GPUACT_CUDA=1 say so); gpuact/_build.py has the rules.
"""
import importlib.util
import os
import shutil

from setuptools import setup

HERE = os.path.dirname(os.path.abspath(__file__))
# gpuact/_build.py by its path: importing the package would import gpuact.torch
_spec = importlib.util.spec_from_file_location("gpuact_build", os.path.join(HERE, "gpuact", "_build.py"))
_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_build)

from torch.utils.cpp_extension import BuildExtension, CppExtension, CUDAExtension  # noqa: E402

# The headers travel inside the package (for the JIT path and sdists): copy
# them from the repository when building from a checkout.
root = os.path.normpath(os.path.join(HERE, ".."))
inc = os.path.join(HERE, "gpuact", "include")
if all(os.path.isfile(os.path.join(root, h)) for h in _build.HEADERS):
    os.makedirs(inc, exist_ok=True)
    for h in _build.HEADERS:
        shutil.copyfile(os.path.join(root, h), os.path.join(inc, h))

cuda, why = _build.want_cuda()
print("gpuact: building the %s extension (%s)" % ("CPU + CUDA" if cuda else "CPU-only", why))
cxx, nvcc = _build.flags(cuda)
Ext = CUDAExtension if cuda else CppExtension
ext = Ext("gpuact._C", [os.path.relpath(s, HERE) for s in _build.sources(cuda)],
          include_dirs=[inc], extra_compile_args={"cxx": cxx, "nvcc": nvcc} if cuda else cxx)

setup(ext_modules=[ext], cmdclass={"build_ext": BuildExtension})
