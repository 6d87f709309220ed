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

Gated forms (GEGLU, SwiGLU): y = f(a) * b, with the gradients
da = dy * b * f'(a) and db = dy * f(a), each the exact value rounded once:
    geglu(x, approximate='none'|'tanh', dim=-1, gate_first=True)   GEGLU(...)
    swiglu(x, dim=-1, gate_first=True)                             SwiGLU(...)
    gated_halves(x, op='gelu_erf', dim=-1, gate_first=True, ...)   any op
        a and b are the two halves of x along dim (its size must be even);
        gate_first=True: a = the first half (f applies to it), b = the
        second, as vLLM's SiluAndMul: F.silu(x[..., :d]) * x[..., d:];
        gate_first=False: the other order, as F.glu and diffusers' GEGLU
        (h, gate = x.chunk(2, -1); h * F.gelu(gate)). y has x's shape with
        dim halved; the gradient comes back as one tensor of x's shape.
    gated(a, b, op='gelu_erf', ...)                 a and b two tensors of one shape
    gated_backward(a, b, dy, op, ...) -> (da, db)   both in one pass, no autograd
The modules are the activation only, as torch.nn.GLU (no projection). op:
a key of OPS, or 'gelu' for 'gelu_erf'. On CUDA the gated kernels are built
for gelu_erf, gelu_tanh and silu (gpuact.h's GPUACT_GATED_OPS); another op
raises GPUACT_ERROR_UNSUPPORTED there, and runs on the CPU. The halves form
reads a contiguous x in place (one kernel, no chunk or copy); other layouts
are made contiguous first. Prefer it to gated(*x.chunk(2, -1)), whose halves
are not dense and get copied.

Bias + activation: f(x + b) of the exact sum x + b, rounded once (adding
first rounds the sum, and f carries that error on), with the gradients
dx = dy f'(x + b) and db = the sums of dx over the leading dimensions:
    bias_gelu(x, b, approximate='none'|'tanh')     F.gelu(x + b)
    bias_silu(x, b)                                F.silu(x + b)
    bias_act(x, b, op='gelu_erf', ...)             any op (swish_tanh: scale, lo, hi)
    bias_backward(x, b, dy, op, need_db=True) -> (dx, db)   no autograd
b is 1-D with x's last size: nn.Linear(i, o, bias=False) then
bias_gelu(h, bias) is Linear + GELU with the sum exact. Modules:
    BiasGELU(n, approximate='none'), BiasSiLU(n), BiasAct(n, op, ...)
        a bias parameter of n (zeros) and the activation: f(x + bias)
    LinearAct(i, o, op='gelu_erf')     nn.Linear(i, o) then f, the bias
        added inside f; parameters, initialisation and state_dict keys
        (weight, bias) as nn.Linear's; LinearAct.from_linear(linear, op)
        takes a trained nn.Linear's

Tensors: float32, float16, bfloat16, and float64 for the single ops (for
torch.autograd.gradcheck: every result the exact value rounded once to
binary64); any shape (0 elements too), any
strides (dense layouts are read in place, others copied to contiguous);
results take x's layout as torch.empty_like(x) does. CUDA tensors run on
their device and the current stream; CPU tensors run the same math core with
bit-identical results. Other dtypes raise TypeError; a status from the C
library raises RuntimeError naming the op and the status.

Autograd: each function saves only x (the gated forms: a and b, or x), and
its backward is gpuact's backward kernel (dx = dy f'(x), rounded once; the
gated forms: da and db from one kernel); the out-of-place ones are one operator,
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
import torch.nn.functional as F
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
           "SwishTanh", "geglu", "swiglu", "gated_halves", "gated", "gated_backward", "GEGLU", "SwiGLU", "bias_act",
           "bias_gelu", "bias_silu", "bias_backward", "BiasAct", "BiasGELU", "BiasSiLU", "LinearAct", "has_cuda",
           "OPS"]

# gpuact_op codes (gpuact_kernels.cuh)
OPS = {"gelu_erf": 1, "gelu_tanh": 2, "gelu_sigmoid": 3, "elu": 4, "selu": 5, "silu": 6, "swish_tanh": 7}
_GELU = {"none": "gelu_erf", "tanh": "gelu_tanh", "sigmoid": "gelu_sigmoid"}
_DTYPES = (torch.float32, torch.float16, torch.bfloat16, torch.float64)  # the single ops
_DTYPES_FORMS = (torch.float32, torch.float16, torch.bfloat16)  # the gated and bias forms
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


@torch.library.register_fake("gpuact::gated")
def _(a, b, op, alpha, scale, lo, hi):
    return _fake_like(a)


@torch.library.register_fake("gpuact::gated_act")
def _(a, b, op, alpha, scale, lo, hi):
    return _fake_like(a)


@torch.library.register_fake("gpuact::gated_backward")
def _(a, b, dy, op, alpha, scale, lo, hi):
    return _fake_like(a), _fake_like(a)


@torch.library.register_fake("gpuact::bias")
def _(x, b, op, alpha, scale, lo, hi):
    return torch.empty_like(x, memory_format=torch.contiguous_format)


@torch.library.register_fake("gpuact::bias_act")
def _(x, b, op, alpha, scale, lo, hi):
    return torch.empty_like(x, memory_format=torch.contiguous_format)


@torch.library.register_fake("gpuact::bias_backward")
def _(x, b, dy, need_db, op, alpha, scale, lo, hi):
    return (torch.empty_like(x, memory_format=torch.contiguous_format),
            torch.empty_like(b) if need_db else b.new_empty(0))


def _fake_halves(x, dim):
    """The operator's output (contiguous, dim halved), with its argument
    checks, so that a traced call fails as the eager one does."""
    if x.dim() == 0:
        raise RuntimeError("gpuact.gated_halves: x must have at least one dimension")
    if not -x.dim() <= dim < x.dim():
        raise IndexError("gpuact.gated_halves: dim %d out of range for %d dimensions" % (dim, x.dim()))
    d = dim % x.dim()
    torch._check(x.shape[d] % 2 == 0, lambda: "gpuact.gated_halves: x has shape %s: dimension %d must have an "
                 "even size to split in halves" % (list(x.shape), d))
    shape = list(x.shape)
    shape[d] = shape[d] // 2
    return x.new_empty(shape)


@torch.library.register_fake("gpuact::gated_halves")
def _(x, dim, gate_first, op, alpha, scale, lo, hi):
    return _fake_halves(x, dim)


@torch.library.register_fake("gpuact::gated_halves_act")
def _(x, dim, gate_first, op, alpha, scale, lo, hi):
    return _fake_halves(x, dim)


@torch.library.register_fake("gpuact::gated_halves_backward")
def _(x, dy, dim, gate_first, op, alpha, scale, lo, hi):
    return x.new_empty(x.shape)


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


def _check_dtype(name, x, allowed=_DTYPES):
    if not isinstance(x, torch.Tensor):
        raise TypeError("gpuact.%s: expected a Tensor, got %s" % (name, type(x).__name__))
    if x.dtype not in allowed:
        raise TypeError("gpuact.%s: dtype %s is not supported (%s)" % (name, x.dtype, ", ".join(str(t)[6:] for t in allowed)))


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


# ---- gated forms ----
# gated_act and gated_halves_act carry their autograd in C++ as act does: the
# forward saves its inputs, the backward is one gated_backward /
# gated_halves_backward call (da and db together).
_GATED_ALIASES = {"gelu": "gelu_erf"}


def _gated_op(name, op):
    op = _GATED_ALIASES.get(op, op)
    if op not in OPS:
        raise ValueError("gpuact.%s: op must be one of %s (or 'gelu'), not %r" % (name, ", ".join(OPS), op))
    return OPS[op]


def _gated_halves_checked(name, x, op, dim, gate_first, alpha, scale, lo, hi):
    _check_dtype(name, x, _DTYPES_FORMS)
    return _ops.gated_halves_act(x, int(dim), bool(gate_first), op, float(alpha), float(scale), float(lo), float(hi))


def gated_halves(x, op="gelu_erf", dim=-1, gate_first=True, alpha=1.0, scale=0.5, lo=-1.0, hi=1.0):
    """f(a) * b with a and b the halves of x along dim: a the first half
    when gate_first, else the second. y has x's shape with dim halved."""
    return _gated_halves_checked("gated_halves", x, _gated_op("gated_halves", op), dim, gate_first, alpha, scale, lo,
                                 hi)


def geglu(x, approximate="none", dim=-1, gate_first=True):
    """GEGLU: gelu(a) * b, a and b the halves of x along dim (gelu's
    approximate: 'none', 'tanh', or 'sigmoid' on the CPU)."""
    if approximate not in _GELU:
        raise ValueError("gpuact.geglu: approximate must be 'none', 'tanh' or 'sigmoid', not %r" % (approximate,))
    return _gated_halves_checked("geglu", x, OPS[_GELU[approximate]], dim, gate_first, 1.0, 0.5, -1.0, 1.0)


def swiglu(x, dim=-1, gate_first=True):
    """SwiGLU: silu(a) * b, a and b the halves of x along dim."""
    return _gated_halves_checked("swiglu", x, OPS["silu"], dim, gate_first, 1.0, 0.5, -1.0, 1.0)


def gated(a, b, op="gelu_erf", alpha=1.0, scale=0.5, lo=-1.0, hi=1.0):
    """f(a) * b for two tensors of one shape and dtype."""
    code = _gated_op("gated", op)
    _check_dtype("gated", a, _DTYPES_FORMS)
    _check_dtype("gated", b, _DTYPES_FORMS)
    return _ops.gated_act(a, b, code, float(alpha), float(scale), float(lo), float(hi))


def gated_backward(a, b, dy, op="gelu_erf", alpha=1.0, scale=0.5, lo=-1.0, hi=1.0):
    """(dy * b * f'(a), dy * f(a)) in one pass, no autograd."""
    code = _gated_op("gated_backward", op)
    _check_dtype("gated_backward", a, _DTYPES_FORMS)
    return _ops.gated_backward(a, b, dy, code, float(alpha), float(scale), float(lo), float(hi))


# ---- bias + activation ----
# bias_act carries its autograd in C++ as act does: the forward saves x and
# b, the backward is one bias_backward call (dx, and db where b needs it).
def bias_act(x, b, op="gelu_erf", alpha=1.0, scale=0.5, lo=-1.0, hi=1.0):
    """f(x + b) of the exact sum x + b, rounded once: b 1-D of x's last size
    (a Linear layer's output before its bias, and the bias), every op
    ('gelu' for 'gelu_erf'; alpha for elu; scale, lo, hi for swish_tanh).
    The gradient of b is dx summed over the leading dimensions in a fixed
    order (double-float, 128 rows to a partial): the same bits on every
    run. On CUDA the kernels are built for gelu_erf, gelu_tanh, silu and
    swish_tanh (GPUACT_BIAS_OPS)."""
    code = _gated_op("bias_act", op)
    _check_dtype("bias_act", x, _DTYPES_FORMS)
    _check_dtype("bias_act", b, _DTYPES_FORMS)
    return _ops.bias_act(x, b, code, float(alpha), float(scale), float(lo), float(hi))


def bias_gelu(x, b, approximate="none"):
    """gelu(x + b) of the exact sum (approximate: 'none', 'tanh', or 'sigmoid' on the CPU)."""
    if approximate not in _GELU:
        raise ValueError("gpuact.bias_gelu: approximate must be 'none', 'tanh' or 'sigmoid', not %r" % (approximate,))
    return bias_act(x, b, _GELU[approximate])


def bias_silu(x, b):
    """silu(x + b) of the exact sum."""
    return bias_act(x, b, "silu")


def bias_backward(x, b, dy, op="gelu_erf", need_db=True, alpha=1.0, scale=0.5, lo=-1.0, hi=1.0):
    """(dy * f'(x + b), its sums over the leading dimensions) in one pass, no
    autograd; need_db=False leaves the sums out (an empty tensor)."""
    code = _gated_op("bias_backward", op)
    _check_dtype("bias_backward", x, _DTYPES_FORMS)
    return _ops.bias_backward(x, b, dy, bool(need_db), code, float(alpha), float(scale), float(lo), float(hi))


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


def _act_params_repr(m):
    if m.op == "elu":
        return ", alpha=%s" % (m.alpha,)
    if m.op == "swish_tanh":
        return ", scale=%s, lo=%s, hi=%s" % (m.scale, m.lo, m.hi)
    return ""


class BiasAct(nn.Module):
    """f(x + bias) of the exact sum, with bias a parameter of num_features
    (x's last size), zeros at first. A bias of another dtype than x (an
    fp32 parameter under autocast) is cast to x's first, as F.linear does
    with its bias."""

    def __init__(self, num_features, op="gelu_erf", alpha=1.0, scale=0.5, lo=-1.0, hi=1.0, device=None, dtype=None):
        super().__init__()
        op = _GATED_ALIASES.get(op, op)
        _gated_op(type(self).__name__, op)
        self.num_features, self.op = int(num_features), op
        self.alpha, self.scale, self.lo, self.hi = alpha, scale, lo, hi
        self.bias = nn.Parameter(torch.zeros(self.num_features, device=device, dtype=dtype))

    def forward(self, x):
        b = self.bias if self.bias.dtype == x.dtype else self.bias.to(x.dtype)
        return bias_act(x, b, self.op, alpha=self.alpha, scale=self.scale, lo=self.lo, hi=self.hi)

    def extra_repr(self):
        return "%d, op=%r%s" % (self.num_features, self.op, _act_params_repr(self))


class BiasGELU(BiasAct):
    """gelu(x + bias) of the exact sum (approximate: 'none', 'tanh', or 'sigmoid' on the CPU)."""

    def __init__(self, num_features, approximate="none", device=None, dtype=None):
        if approximate not in _GELU:
            raise ValueError("gpuact.BiasGELU: approximate must be 'none', 'tanh' or 'sigmoid', not %r" % (approximate,))
        super().__init__(num_features, _GELU[approximate], device=device, dtype=dtype)


class BiasSiLU(BiasAct):
    """silu(x + bias) of the exact sum."""

    def __init__(self, num_features, device=None, dtype=None):
        super().__init__(num_features, "silu", device=device, dtype=dtype)


class LinearAct(nn.Linear):
    """f(x W^T + bias): nn.Linear followed by the activation, the bias added
    inside it (f of the exact sum x W^T + bias, one rounding). An nn.Linear
    in every other respect (parameters, initialisation, state_dict), so
    nn.Sequential(nn.Linear(i, o), nn.GELU()) becomes LinearAct(i, o) and
    loads the same weights; bias=False is the matmul then f alone."""

    def __init__(self, in_features, out_features, op="gelu_erf", bias=True, alpha=1.0, scale=0.5, lo=-1.0, hi=1.0, device=None,
                 dtype=None):
        op = _GATED_ALIASES.get(op, op)
        _gated_op("LinearAct", op)
        super().__init__(in_features, out_features, bias=bias, device=device, dtype=dtype)
        self.op, self.alpha, self.scale, self.lo, self.hi = op, alpha, scale, lo, hi

    @classmethod
    def from_linear(cls, linear, op="gelu_erf", alpha=1.0, scale=0.5, lo=-1.0, hi=1.0):
        """A LinearAct sharing linear's weight and bias (the same Parameters)."""
        m = cls(linear.in_features, linear.out_features, op, bias=linear.bias is not None, alpha=alpha, scale=scale, lo=lo, hi=hi,
                device="meta")
        m.weight = linear.weight
        if linear.bias is not None:
            m.bias = linear.bias
        return m

    def forward(self, x):
        h = F.linear(x, self.weight)
        if self.bias is None:
            return _apply(self.op, h, False, alpha=self.alpha, scale=self.scale, lo=self.lo, hi=self.hi)
        b = self.bias if self.bias.dtype == h.dtype else self.bias.to(h.dtype)
        return bias_act(h, b, self.op, alpha=self.alpha, scale=self.scale, lo=self.lo, hi=self.hi)

    def extra_repr(self):
        return super().extra_repr() + ", op=%r%s" % (self.op, _act_params_repr(self))


class GEGLU(nn.Module):
    """gelu(a) * b, a and b the halves of the input along dim (the
    activation only, as torch.nn.GLU)."""

    def __init__(self, approximate="none", dim=-1, gate_first=True):
        super().__init__()
        if approximate not in _GELU:
            raise ValueError("gpuact.GEGLU: approximate must be 'none', 'tanh' or 'sigmoid', not %r" % (approximate,))
        self.approximate, self.dim, self.gate_first = approximate, dim, gate_first

    def forward(self, x):
        return geglu(x, self.approximate, self.dim, self.gate_first)

    def extra_repr(self):
        return "approximate=%r, dim=%d, gate_first=%s" % (self.approximate, self.dim, self.gate_first)


class SwiGLU(nn.Module):
    """silu(a) * b, a and b the halves of the input along dim (the
    activation only, as torch.nn.GLU)."""

    def __init__(self, dim=-1, gate_first=True):
        super().__init__()
        self.dim, self.gate_first = dim, gate_first

    def forward(self, x):
        return swiglu(x, self.dim, self.gate_first)

    def extra_repr(self):
        return "dim=%d, gate_first=%s" % (self.dim, self.gate_first)
