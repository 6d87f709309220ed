"""float64 through the package: the single ops' every direction bit-identical
to the C library's host entry points (GPUACT_F64), within 0.5x ULP of MPFR
(binary64), NaN the canonical quiet NaN, torch.autograd.gradcheck of each op
(the backward against finite differences of the forward), and the gated and
bias forms refusing float64 with a TypeError."""
import pytest
import torch

import gpuact.torch as ga
from conftest import CUDA, bits_equal, c_call, ref_ulp

DEVICES = ["cpu"] + (["cuda"] if CUDA else [])
SINGLE = {"gelu_erf": lambda t: ga.gelu(t), "gelu_tanh": lambda t: ga.gelu(t, "tanh"),
          "gelu_sigmoid": lambda t: ga.gelu(t, "sigmoid"), "elu": lambda t: ga.elu(t, 0.5), "selu": ga.selu,
          "silu": ga.silu, "swish_tanh": lambda t: ga.swish_tanh(t)}
ALPHA = {"elu": 0.5}


def sample(n=4000, seed=0):
    """randn * 8, values over the whole double range, and the specials"""
    g = torch.Generator().manual_seed(seed)
    a = torch.randn(n, generator=g, dtype=torch.float64) * 8
    wide = torch.ldexp(torch.randn(n, generator=g, dtype=torch.float64),
                       torch.randint(-1070, 1020, (n,), generator=g))
    sp = torch.tensor([0.0, -0.0, 5e-324, -5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
                       -1.7976931348623157e308, float("inf"), float("-inf"), float("nan"), -0.7517915241, -1.2784645427610738,
                       -38.0, -40.0, 1e-20, -745.0], dtype=torch.float64)
    return torch.cat([a, wide, sp])


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("op", list(SINGLE))
def test_bits_equal_c_library(clib, op, device):
    x = sample().to(device)
    dy = sample(seed=1)[:x.numel()].flip(0).to(device)
    kw = {"alpha": ALPHA.get(op, 1.0)}
    y = SINGLE[op](x)
    assert bits_equal(y, c_call(clib, "forward", op, x, **kw))
    xr = x.clone().requires_grad_(True)
    SINGLE[op](xr).backward(dy)
    assert bits_equal(xr.grad, c_call(clib, "backward", op, x, dy, **kw))
    yb, dxb = ga.forward_backward(x, dy, op, **kw)
    assert bits_equal(yb, y) and bits_equal(dxb, xr.grad)


@pytest.mark.parametrize("op", list(SINGLE))
def test_against_mpfr(ref, op):
    x = sample(1500)
    dy = torch.randn(x.numel(), dtype=torch.float64, generator=torch.Generator().manual_seed(5))
    kw = {"alpha": ALPHA.get(op, 1.0)}
    y = SINGLE[op](x)
    assert ref_ulp(ref, op, "f", x, y, **kw).max().item() <= 0.5000001
    xr = x.clone().requires_grad_(True)
    SINGLE[op](xr).backward(dy)
    assert ref_ulp(ref, op, "bwd", x, xr.grad, dy=dy, **kw).max().item() <= 0.5000001


def test_nan_is_canonical():
    x = torch.tensor([1.0, float("nan")], dtype=torch.float64)
    x.view(torch.int64)[1] = 0x7ff4000000000123  # a signalling NaN with a payload
    assert x.view(torch.int64)[1].item() == 0x7ff4000000000123
    for op, f in SINGLE.items():
        assert f(x).view(torch.int64)[1].item() == 0x7ff8000000000000, op


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("op", list(SINGLE))
def test_gradcheck(op, device):
    # away from elu/selu's kink at 0 and swish_tanh's clamp edges (there the
    # one-sided derivatives differ and a central difference averages them)
    g = torch.Generator().manual_seed(3)
    x = (torch.rand(64, generator=g, dtype=torch.float64) * 12 - 6)
    x = x[(x.abs() > 1e-3)]
    if op == "swish_tanh":
        x = x[(x > -4) & (x < 1.5)]  # silu(x)/2 inside (-1, 1): no clamp acts
    x = x.to(device).requires_grad_(True)
    assert torch.autograd.gradcheck(SINGLE[op], (x,), eps=1e-6, atol=1e-7, rtol=1e-6)


def test_forms_refuse_float64():
    x = torch.randn(4, 8, dtype=torch.float64)
    with pytest.raises(TypeError, match="bias_act: dtype torch.float64 is not supported"):
        ga.bias_gelu(x, torch.randn(8, dtype=torch.float64))
    with pytest.raises(TypeError, match="dtype torch.float64 is not supported"):
        ga.geglu(x)
    with pytest.raises(TypeError, match="gated: dtype torch.float64"):
        ga.gated(x, x)
