"""gpuact for PyTorch: drop-in activations, forward and backward, whose every
result is correctly rounded (or within 0.501 ULP in fp32) on CPU and CUDA.

    import gpuact.torch as ga
    y = ga.gelu(x)                  # torch.nn.functional.gelu(x)
    model = nn.Sequential(nn.Linear(1024, 4096), ga.GELU(approximate="tanh"))

Functions (PyTorch's signatures and semantics) and modules:
    gelu(x, approximate='none'|'tanh'|'sigmoid')   GELU(approximate=...)
    elu(x, alpha=1.0, inplace=False)                ELU(alpha=1.0, inplace=False)
    selu(x, inplace=False)                          SELU(inplace=False)
    silu(x, inplace=False)                          SiLU(inplace=False)
    swish_tanh(x, scale=0.5, lo=-1.0, hi=1.0)       SwishTanh(scale, lo, hi)
        = clamp(tanh(clamp(silu(x) * scale, lo, hi)), lo, hi)
    forward_backward(x, dy, op, ...) -> (y, dx)     both in one pass
'sigmoid' is x * sigmoid(1.702 x). swish_tanh with the defaults is
    torch.clamp(torch.tanh(torch.clamp(F.silu(x) / 2, -1, 1)), -1, 1).

Tensors: float32, float16, bfloat16, any shape (0 elements too), any
strides (dense layouts are read in place, others copied to contiguous);
results take x's layout as torch.empty_like(x) does. CUDA tensors run on
their device and the current stream; CPU tensors run the same math core with
bit-identical results. Other dtypes raise TypeError; a status from the C
library raises RuntimeError naming the op and the status.

Autograd: each function saves only x, and its backward is gpuact's backward
kernel (dx = dy f'(x), rounded once); the out-of-place ones are one operator,
torch.ops.gpuact.act, whose autograd is written in C++ (no Python between the
autograd engine and the kernels). The in-place elu/selu (alpha >= 0) save
their output instead, as PyTorch does, and use the backward from the output.
The operators are torch.ops.gpuact.* custom ops with fake implementations:
torch.compile traces through them without a graph break (in-place calls are
traced as out-of-place ones plus a copy), and CUDA graphs capture them.
"""
import os as _os
import warnings as _warnings

import torch
from torch import nn

try:
    from . import _C  # built by pip install
except ImportError as _e:  # a vendored checkout: build it now (cached)
    if _os.environ.get("GPUACT_NO_JIT") == "1":
        raise
    _warnings.warn("gpuact: no compiled extension (%s); building it with torch.utils.cpp_extension.load" % _e)
    from ._build import jit_load as _jit_load
    _C = _jit_load()

__all__ = ["gelu", "elu", "selu", "silu", "swish_tanh", "forward_backward", "GELU", "ELU", "SELU", "SiLU",
           "SwishTanh", "has_cuda", "OPS"]

# gpuact_op codes (gpuact_kernels.cuh)
OPS = {"gelu_erf": 1, "gelu_tanh": 2, "gelu_sigmoid": 3, "elu": 4, "selu": 5, "silu": 6, "swish_tanh": 7}
_GELU = {"none": "gelu_erf", "tanh": "gelu_tanh", "sigmoid": "gelu_sigmoid"}
_DTYPES = (torch.float32, torch.float16, torch.bfloat16)
_ops = torch.ops.gpuact


def has_cuda():
    """True when this build holds the CUDA kernels."""
    return bool(_C.has_cuda())


# ---- fake implementations: shapes, dtypes and layouts for torch.compile ----
def _fake_like(x):
    return torch.empty_like(x)


@torch.library.register_fake("gpuact::forward")
def _(x, op, alpha, scale, lo, hi):
    return _fake_like(x)


@torch.library.register_fake("gpuact::act")
def _(x, op, alpha, scale, lo, hi):
    return _fake_like(x)


@torch.library.register_fake("gpuact::forward_")
def _(x, op, alpha, scale, lo, hi):
    return None


@torch.library.register_fake("gpuact::backward")
def _(x, dy, op, alpha, scale, lo, hi):
    return _fake_like(x)


@torch.library.register_fake("gpuact::backward_from_output")
def _(y, dy, op, alpha, scale, lo, hi):
    return _fake_like(y)


@torch.library.register_fake("gpuact::forward_backward")
def _(x, dy, op, alpha, scale, lo, hi):
    return _fake_like(x), _fake_like(x)


# ---- autograd ----
# The out-of-place functions call torch.ops.gpuact.act, whose autograd is in
# C++ (csrc/gpuact_torch.cpp): it saves x, and its backward is the backward
# operator. The in-place ones below are Python autograd.Functions.
class _ActInplaceFromOutput(torch.autograd.Function):
    """elu/selu in place (alpha >= 0): saves y, backward from the output."""

    @staticmethod
    def forward(ctx, x, op, alpha, scale, lo, hi):
        _ops.forward_(x, op, alpha, scale, lo, hi)
        ctx.mark_dirty(x)
        ctx.save_for_backward(x)
        ctx.args = (op, alpha, scale, lo, hi)
        return x

    @staticmethod
    def backward(ctx, dy):
        (y,) = ctx.saved_tensors
        return _ops.backward_from_output(y, dy, *ctx.args), None, None, None, None, None


class _ActInplaceSaveInput(torch.autograd.Function):
    """silu, or elu with alpha < 0, in place: keeps a copy of x for backward."""

    @staticmethod
    def forward(ctx, x, op, alpha, scale, lo, hi):
        ctx.save_for_backward(x.clone())
        _ops.forward_(x, op, alpha, scale, lo, hi)
        ctx.mark_dirty(x)
        ctx.args = (op, alpha, scale, lo, hi)
        return x

    @staticmethod
    def backward(ctx, dy):
        (x,) = ctx.saved_tensors
        return _ops.backward(x, dy, *ctx.args), None, None, None, None, None


def _check_dtype(name, x):
    if not isinstance(x, torch.Tensor):
        raise TypeError("gpuact.%s: expected a Tensor, got %s" % (name, type(x).__name__))
    if x.dtype not in _DTYPES:
        raise TypeError("gpuact.%s: dtype %s is not supported (float32, float16, bfloat16)" % (name, x.dtype))


def _apply(name, x, inplace, alpha=1.0, scale=0.5, lo=-1.0, hi=1.0):
    _check_dtype(name, x)
    op = OPS[name]
    args = (op, float(alpha), float(scale), float(lo), float(hi))
    if not inplace:
        return _ops.act(x, *args)
    if torch.is_grad_enabled() and x.requires_grad:
        if torch.compiler.is_compiling():
            # traced, the graph is functional anyway: f of a copy of x, written
            # back (saving the mutated x itself gave wrong gradients under
            # torch 2.11's functionalization)
            return x.copy_(_ops.act(x.clone(), *args))
        if name == "selu" or (name == "elu" and alpha >= 0):
            return _ActInplaceFromOutput.apply(x, *args)
        return _ActInplaceSaveInput.apply(x, *args)
    _ops.forward_(x, *args)
    return x


# ---- functions ----
def gelu(x, approximate="none"):
    """GELU as torch.nn.functional.gelu: 'none' x Phi(x), 'tanh' the tanh
    form, and also 'sigmoid' x sigmoid(1.702 x)."""
    if approximate not in _GELU:
        raise ValueError("gpuact.gelu: approximate must be 'none', 'tanh' or 'sigmoid', not %r" % (approximate,))
    return _apply(_GELU[approximate], x, False)


def elu(x, alpha=1.0, inplace=False):
    """ELU as torch.nn.functional.elu: x > 0 ? x : alpha expm1(x)."""
    return _apply("elu", x, inplace, alpha=alpha)


def selu(x, inplace=False):
    """SELU as torch.nn.functional.selu (PyTorch's lambda and alpha)."""
    return _apply("selu", x, inplace)


def silu(x, inplace=False):
    """SiLU as torch.nn.functional.silu: x sigmoid(x)."""
    return _apply("silu", x, inplace)


def swish_tanh(x, scale=0.5, lo=-1.0, hi=1.0):
    """clamp(tanh(clamp(silu(x) * scale, lo, hi)), lo, hi), fused, as one
    correctly rounded function; the gradient passes where lo <= value <= hi,
    as torch.clamp's does."""
    return _apply("swish_tanh", x, False, scale=scale, lo=lo, hi=hi)


def forward_backward(x, dy, op, alpha=1.0, scale=0.5, lo=-1.0, hi=1.0):
    """(f(x), dy f'(x)) in one pass over x and dy, no autograd (for
    recomputing activations in backward). op: a key of OPS."""
    _check_dtype(op, x)
    return _ops.forward_backward(x, dy, OPS[op], float(alpha), float(scale), float(lo), float(hi))


# ---- modules ----
class GELU(nn.Module):
    def __init__(self, approximate="none"):
        super().__init__()
        if approximate not in _GELU:
            raise ValueError("gpuact.GELU: approximate must be 'none', 'tanh' or 'sigmoid', not %r" % (approximate,))
        self.approximate = approximate

    def forward(self, x):
        return gelu(x, self.approximate)

    def extra_repr(self):
        return "approximate=%r" % (self.approximate,)


class ELU(nn.Module):
    def __init__(self, alpha=1.0, inplace=False):
        super().__init__()
        self.alpha, self.inplace = alpha, inplace

    def forward(self, x):
        return elu(x, self.alpha, self.inplace)

    def extra_repr(self):
        return "alpha=%s%s" % (self.alpha, ", inplace=True" if self.inplace else "")


class SELU(nn.Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, x):
        return selu(x, self.inplace)

    def extra_repr(self):
        return "inplace=True" if self.inplace else ""


class SiLU(nn.Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, x):
        return silu(x, self.inplace)

    def extra_repr(self):
        return "inplace=True" if self.inplace else ""


class SwishTanh(nn.Module):
    """clamp(tanh(clamp(silu(x) * scale, lo, hi)), lo, hi), the chain of
    swish, /2, clamp, tanh, clamp in one function (defaults: /2, [-1, 1])."""

    def __init__(self, scale=0.5, lo=-1.0, hi=1.0):
        super().__init__()
        self.scale, self.lo, self.hi = scale, lo, hi

    def forward(self, x):
        return swish_tanh(x, self.scale, self.lo, self.hi)

    def extra_repr(self):
        return "scale=%s, lo=%s, hi=%s" % (self.scale, self.lo, self.hi)
