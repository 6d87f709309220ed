"""Bias + activation (bias_gelu, bias_silu, bias_act, bias_backward):
f(x + b) of the exact sum, rounded once, and its gradients. Bits equal to
the C library's host entry points (y, dx and db), correctly rounded (16-bit)
or within 0.501 ULP (fp32) against MPFR, db the same bits on every call,
shapes, errors, torch.compile, and on a GPU the device kernels."""
import ctypes

import pytest
import torch
import torch.nn.functional as F

import gpuact.torch as ga
from conftest import C_DTYPE, CUDA, DTYPES, OPS, REF_FMT, _dptr, _ptr, bits_equal, c_params, ref_params, ref_ulp

DEVICES = ["cpu"] + (["cuda"] if CUDA else [])
BIAS_DEVICE = ("gelu_erf", "gelu_tanh", "silu", "swish_tanh")  # the ops whose device kernels are built (GPUACT_BIAS_OPS)
ALL = ("gelu_erf", "gelu_tanh", "gelu_sigmoid", "elu", "selu", "silu", "swish_tanh")


def operands(dtype, rows=300, cols=67, seed=0):
    """x [rows, cols], b [cols], dy: randn times 4, a quarter of b tiny beside x
    (sums that are not numbers of the type), a few specials"""
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(rows, cols, generator=g) * 4
    b = torch.randn(cols, generator=g) * 4
    b[::4] = b[::4] * 2.0 ** -20
    x.view(-1)[::211] = torch.tensor([0.0, -0.0, float("inf"), float("-inf"), float("nan"), 1e-40, 3e38, -3e38]).repeat(200)[
        :x.view(-1)[::211].numel()]
    dy = torch.randn(rows, cols, generator=g)
    return x.to(dtype), b.to(dtype), dy.to(dtype)


def c_bias(clib, op, x, b, dy=None):
    """gpuact_bias_forward_host / gpuact_bias_backward_host on contiguous CPU copies"""
    x, b = x.detach().cpu().contiguous(), b.detach().cpu().contiguous()
    rows, cols = x.numel() // b.numel(), b.numel()
    p = c_params()
    head = [ctypes.c_int(OPS[op]), ctypes.c_int(C_DTYPE[x.dtype]), ctypes.byref(p), _ptr(x), _ptr(b)]
    if dy is None:
        y = torch.empty_like(x)
        s = clib.gpuact_bias_forward_host(*head, _ptr(y), ctypes.c_size_t(rows), ctypes.c_size_t(cols))
        assert s == 0
        return y
    dy = dy.detach().cpu().contiguous()
    dx, db = torch.empty_like(x), torch.empty_like(b)
    s = clib.gpuact_bias_backward_host(*head, _ptr(dy), _ptr(dx), _ptr(db), ctypes.c_size_t(rows), ctypes.c_size_t(cols))
    assert s == 0
    return dx, db


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("op", ALL)
def test_bits_equal_c_library(clib, op, dtype, device):
    if device == "cuda" and op not in BIAS_DEVICE:
        pytest.skip("no device kernels for %s" % op)
    x, b, dy = operands(dtype, seed=OPS[op])
    xd, bd = x.to(device).requires_grad_(True), b.to(device).requires_grad_(True)
    y = ga.bias_act(xd, bd, op)
    y.backward(dy.to(device))
    ry = c_bias(clib, op, x, b)
    rdx, rdb = c_bias(clib, op, x, b, dy)
    assert bits_equal(y, ry) and bits_equal(xd.grad, rdx) and bits_equal(bd.grad, rdb)
    dx2, db2 = ga.bias_backward(x.to(device), b.to(device), dy.to(device), op)
    assert bits_equal(dx2, rdx) and bits_equal(db2, rdb)  # the same db bits on a second call


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("op", ("gelu_erf", "gelu_tanh", "silu", "elu", "swish_tanh"))
def test_against_mpfr(ref, op, dtype):
    x, b, dy = operands(dtype, rows=40, cols=50, seed=7)
    xb = x.expand(40, 50).contiguous()
    bb = b.expand(40, 50).contiguous()
    y = ga.bias_act(x, b, op)
    dx, _ = ga.bias_backward(x, b, dy, op, need_db=False)
    n = xb.numel()
    xs, bs, gs = (t.double().contiguous().view(-1) for t in (xb, bb, dy))
    for deriv, got in ((0, y), (2, dx)):
        want = torch.empty(n, dtype=torch.float64)
        ref.refshim_bias(ctypes.c_int(OPS[op]), ctypes.c_int(deriv), ref_params(), ctypes.c_int(REF_FMT[dtype]), _dptr(xs),
                         _dptr(bs), _dptr(gs) if deriv else None, _dptr(want), ctypes.c_size_t(n))
        g = got.double().contiguous().view(-1)
        if dtype == torch.float32:
            # within 0.501 ULP of the exact value: the correctly rounded one, or
            # (rarely) its neighbour where the exact value lies within 0.001 ULP of a midpoint
            ok = (g == want) | (g.isnan() & want.isnan())
            assert (~ok).sum().item() <= n // 100, (op, deriv)
            for i in torch.nonzero(~ok).view(-1).tolist():
                w = want[i].float()
                ulp = (torch.nextafter(w.abs(), torch.tensor(float("inf"))) - w.abs()).double().item()
                assert abs(g[i].item() - want[i].item()) <= ulp, (op, deriv, xs[i].item(), bs[i].item())
        else:  # correctly rounded: the same value (NaN where NaN; torch's conversion does not keep NaN bits)
            nan = want.isnan()
            assert torch.equal(g.isnan(), nan), (op, deriv)
            assert bits_equal(got.view(-1)[~nan], want[~nan].to(dtype)), (op, deriv)


def test_swish_tanh_modules():
    # seed 002's Linear -> swish -> /2 -> clamp -> tanh -> clamp with the bias inside the chain
    lin = torch.nn.Linear(24, 40)
    m = ga.LinearAct.from_linear(lin, "swish_tanh", scale=0.5, lo=-0.2, hi=0.8)
    assert "scale=0.5, lo=-0.2, hi=0.8" in repr(m)
    x = torch.randn(7, 24)
    h = torch.nn.functional.linear(x, lin.weight)
    assert bits_equal(m(x), ga.bias_act(h, lin.bias, "swish_tanh", scale=0.5, lo=-0.2, hi=0.8))
    ba = ga.BiasAct(40, "swish_tanh", scale=1.5)
    assert bits_equal(ba(h), ga.bias_act(h, torch.zeros(40), "swish_tanh", scale=1.5))


def test_exact_sum_matters():
    # -10 + 2^-22 is -10 in float32: the composition gives gelu(-10), bias_gelu gelu(-10 + 2^-22)
    x, b = torch.tensor([[-10.0]]), torch.tensor([2.0 ** -22])
    assert (x + b).item() == -10.0
    assert ga.bias_gelu(x, b).item() != F.gelu(x + b).item()


@pytest.mark.parametrize("device", DEVICES)
def test_shapes_and_layouts(device):
    x = torch.randn(3, 5, 8, device=device)
    b = torch.randn(8, device=device)
    y = ga.bias_silu(x, b)
    assert y.shape == x.shape
    xt = torch.randn(8, 15, device=device).t()  # not contiguous
    assert bits_equal(ga.bias_silu(xt, b), ga.bias_silu(xt.contiguous(), b))
    z = ga.bias_gelu(torch.empty(0, 8, device=device), b)
    assert z.shape == (0, 8)
    x0 = torch.empty(0, 8, device=device, requires_grad=True)
    b0 = torch.randn(8, device=device, requires_grad=True)
    ga.bias_gelu(x0, b0).sum().backward()
    assert bits_equal(b0.grad, torch.zeros(8, device=device))  # no rows: +0


def test_errors():
    x = torch.randn(4, 8)
    with pytest.raises(RuntimeError, match="bias.*b has shape"):
        ga.bias_gelu(x, torch.randn(7))
    with pytest.raises(RuntimeError, match="b has shape"):
        ga.bias_gelu(x, torch.randn(1, 8))
    with pytest.raises(TypeError, match="bias_act: dtype torch.float64"):
        ga.bias_gelu(x.double(), torch.randn(8).double())
    with pytest.raises(TypeError, match="bias_act: dtype torch.int32"):
        ga.bias_silu(x.int(), torch.randn(8).int())
    with pytest.raises((RuntimeError, TypeError), match="b is"):
        ga.bias_gelu(x, torch.randn(8).half())


def test_compile_no_graph_break():
    torch._dynamo.reset()
    x = torch.randn(16, 32, requires_grad=True)
    b = torch.randn(32, requires_grad=True)

    def f(x, b):
        return ga.bias_gelu(x, b, "tanh") * 2

    y0 = f(x, b)
    y0.sum().backward()
    g0, gb0 = x.grad.clone(), b.grad.clone()
    x.grad = b.grad = None
    cf = torch.compile(f, fullgraph=True, backend="aot_eager")
    y1 = cf(x, b)
    y1.sum().backward()
    assert bits_equal(y1, y0) and bits_equal(x.grad, g0) and bits_equal(b.grad, gb0)


# ---- modules: BiasAct, BiasGELU, BiasSiLU, LinearAct ----
@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES)
def test_bias_module_is_the_function(device, dtype):
    # the module's y, x.grad and bias.grad are the functional form's bits, and
    # bias.grad is bias_backward's column sums
    m = ga.BiasGELU(67, approximate="tanh", device=device, dtype=dtype)
    assert m.bias.shape == (67,) and m.bias.dtype == dtype and bits_equal(m.bias.detach(), torch.zeros(67, dtype=dtype, device=device))
    x, b, dy = (t.to(device) for t in operands(dtype))
    with torch.no_grad():
        m.bias.copy_(b)
    xr = x.clone().requires_grad_(True)
    y = m(xr)
    y.backward(dy)
    assert bits_equal(y, ga.bias_gelu(x, b, "tanh"))
    dx, db = ga.bias_backward(x, b, dy, "gelu_tanh")
    assert bits_equal(xr.grad, dx) and bits_equal(m.bias.grad, db)


def test_bias_module_mixed_dtype():
    # an fp32 bias with bf16 x (autocast's Linear output): the bias is cast to
    # bf16 first, as F.linear casts its own; its gradient arrives in fp32
    m = ga.BiasSiLU(8)
    with torch.no_grad():
        m.bias.copy_(torch.linspace(-2, 2, 8))
    x = torch.randn(5, 8).bfloat16()
    y = m(x)
    assert y.dtype == torch.bfloat16
    assert bits_equal(y, ga.bias_silu(x, m.bias.detach().bfloat16()))
    y.float().sum().backward()
    assert m.bias.grad.dtype == torch.float32 and torch.isfinite(m.bias.grad).all()


def test_linear_act_is_linear_then_bias_act():
    torch.manual_seed(3)
    lin = torch.nn.Linear(24, 40)
    m = ga.LinearAct(24, 40, "gelu")
    m.load_state_dict(lin.state_dict())  # nn.Linear's keys and shapes
    assert m.op == "gelu_erf" and "op='gelu_erf'" in repr(m)
    x = torch.randn(7, 3, 24)
    h = torch.nn.functional.linear(x, lin.weight)
    assert bits_equal(m(x), ga.bias_gelu(h, lin.bias.detach()))
    # the same real value as nn.Sequential(Linear, GELU) up to the sum's rounding:
    # within a few fp32 ulps of a float64 evaluation of gelu(h + b)
    hb = h.double() + lin.bias.detach().double()
    want = 0.5 * hb * (1 + torch.erf(hb / 2 ** 0.5))
    assert torch.allclose(m(x).double(), want, rtol=2 ** -21, atol=2 ** -126)
    # from_linear shares the Parameters; gradients reach them
    m2 = ga.LinearAct.from_linear(lin, "silu")
    assert m2.weight is lin.weight and m2.bias is lin.bias
    m2(x).sum().backward()
    assert lin.weight.grad is not None and lin.bias.grad is not None
    dx, db = ga.bias_backward(h.detach(), lin.bias.detach(), torch.ones(7, 3, 40), "silu")
    assert bits_equal(lin.bias.grad, db)
    # bias=False: the matmul, then f alone
    m3 = ga.LinearAct(24, 40, "silu", bias=False)
    assert m3.bias is None
    assert bits_equal(m3(x), ga.silu(torch.nn.functional.linear(x, m3.weight)))


def test_bias_module_errors_and_compile():
    with pytest.raises(ValueError, match="op must be one of"):
        ga.BiasAct(8, "relu")
    with pytest.raises(ValueError, match="approximate"):
        ga.BiasGELU(8, approximate="erf")
    torch._dynamo.reset()
    m = ga.LinearAct(16, 32, "gelu_tanh")
    x = torch.randn(4, 16)
    y0 = m(x)
    cm = torch.compile(m, fullgraph=True, backend="aot_eager")
    assert bits_equal(cm(x), y0)
