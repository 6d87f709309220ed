"""The gated forms (geglu, swiglu, gated_halves, gated; GEGLU, SwiGLU):
y = f(a) b, da = dy b f'(a), db = dy f(a), each rounded once. Bits equal to
the C library's scalar functions and host entry points (both layouts, both
half orders), gradients against float64 math, layouts, sizes, errors,
modules, torch.compile, and on a GPU the device kernels."""
import math

import pytest
import torch
import torch.nn.functional as F

import gpuact.torch as ga
from conftest import (CASES, CUDA, DTYPES, all_16bit, assert_compile_bits, bits_equal, c_gated, c_gated_halves, case_id,
                      sample_f32)

DEVICES = ["cpu"] + (["cuda"] if CUDA else [])
GATED = ("gelu_erf", "gelu_tanh", "silu")  # the ops whose device kernels are built (GPUACT_GATED_OPS)
GATED_CASES = [c for c in CASES if c[0] in GATED]
INF, NAN = float("inf"), float("nan")
# values b and dy take at every 97th / 89th element: zeros, infinities, NaN,
# subnormals, overflowing and underflowing products
B_SPECIALS = [0.0, -0.0, INF, -INF, NAN, 1e-40, -3e-39, 3e38, -1e30, 1.0, -1.0, 6e-8, 60000.0]


def operands(dtype, seed=0, n=None):
    """(a, b, dy): a every 16-bit input or the fp32 sample (randn, wide
    range, specials), or n of them (each value once per repetition, in a
    random order); b and dy randn times 4 with specials spread through them."""
    a = sample_f32(max(20000, (n or 0) // 3), seed) if dtype == torch.float32 else all_16bit(dtype)
    g = torch.Generator().manual_seed(seed + 1)
    if n is not None:
        reps = -(-n // a.numel())
        a = a[torch.cat([torch.randperm(a.numel(), generator=g) for _ in range(reps)])[:n]]
    out = [a]
    for step in (97, 89):
        v = torch.randn(a.shape, generator=g) * 4
        idx = torch.arange(0, a.numel(), step)
        v[idx] = torch.tensor(B_SPECIALS * (len(idx) // len(B_SPECIALS) + 1))[:len(idx)]
        out.append(v.to(dtype))
    return tuple(out)


def through_autograd(fn, *inputs, dy):
    """fn(*inputs) and the gradients of its inputs for the upstream dy."""
    leaves = [t.detach().clone().requires_grad_(True) for t in inputs]
    y = fn(*leaves)
    y.backward(dy.to(y.device))
    return (y.detach(),) + tuple(t.grad for t in leaves)


def halves_of(x, dim, gate_first):
    first, second = x.chunk(2, dim)
    return (first, second) if gate_first else (second, first)


# ---- the C library's bits -------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_cpu_matches_c_scalar(clib, case, dtype):
    """Every op on the CPU: y, da and db through autograd, and
    gated_backward, equal the C scalar functions element by element."""
    op, kw = case
    a, b, dy = operands(dtype)
    y, da, db = through_autograd(lambda s, t: ga.gated(s, t, op, **kw), a, b, dy=dy)
    assert bits_equal(y, c_gated(clib, op, a, b, **kw)), "y"
    wda, wdb = c_gated(clib, op, a, b, dy, **kw)
    assert bits_equal(da, wda) and bits_equal(db, wdb), "da, db"
    da2, db2 = ga.gated_backward(a, b, dy, op, **kw)
    assert bits_equal(da2, wda) and bits_equal(db2, wdb)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("gate_first", [True, False], ids=["gate_first", "gate_second"])
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("op", GATED)
def test_halves_match_c_host(clib, op, dtype, gate_first, device):
    """One [rows, 2 cols] tensor: y and its gradient (da | db in x's layout)
    equal gpuact_gated_host / gpuact_gated_backward_host on the same halves,
    and the two-tensor form on the chunks. rows x cols spans several of the
    CPU's parallel chunks, which start inside rows."""
    rows, cols = 301, 333
    a, b, dy = operands(dtype, seed=5, n=rows * cols * 2)
    x = a[:2 * rows * cols].reshape(rows, 2 * cols)
    dy = dy[:rows * cols].reshape(rows, cols)
    threads = torch.get_num_threads()
    torch.set_num_threads(4)
    try:
        y, dx = through_autograd(lambda t: ga.gated_halves(t, op, gate_first=gate_first), x.to(device), dy=dy)
    finally:
        torch.set_num_threads(threads)
    assert y.shape == (rows, cols) and dx.shape == x.shape
    assert bits_equal(y, c_gated_halves(clib, op, x, gate_first=gate_first))
    assert bits_equal(dx, c_gated_halves(clib, op, x, dy, gate_first=gate_first))
    ha, hb = halves_of(x, -1, gate_first)
    y2, da2, db2 = through_autograd(lambda s, t: ga.gated(s, t, op), ha.contiguous().to(device),
                                    hb.contiguous().to(device), dy=dy)
    assert bits_equal(y, y2)
    assert bits_equal(dx, torch.cat([da2, db2] if gate_first else [db2, da2], -1))
    if op != "gelu_tanh":  # the named forms are the same call
        named = ga.swiglu if op == "silu" else ga.geglu
        assert bits_equal(named(x.to(device), gate_first=gate_first), y)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dim", [0, 1, -2, 2])
@pytest.mark.parametrize("gate_first", [True, False], ids=["gate_first", "gate_second"])
def test_halves_along_any_dim(clib, dim, gate_first, device):
    """dim other than the last: the halves of a contiguous tensor along dim
    are pitched rows too; equal to the two-tensor form on the chunks."""
    x = torch.randn(6, 10, 4).to(device)
    half = list(x.shape)
    half[dim] //= 2
    dy = torch.randn(half).to(device)
    y, dx = through_autograd(lambda t: ga.geglu(t, "tanh", dim=dim, gate_first=gate_first), x, dy=dy)
    ha, hb = halves_of(x, dim, gate_first)
    y2, da2, db2 = through_autograd(lambda s, t: ga.gated(s, t, "gelu_tanh"), ha.contiguous(), hb.contiguous(), dy=dy)
    assert bits_equal(y, y2)
    assert bits_equal(dx, torch.cat([da2, db2] if gate_first else [db2, da2], dim))
    assert bits_equal(y, c_gated(clib, "gelu_tanh", ha, hb).reshape(y.shape))


# ---- gradients against float64 math ------------------------------------------------------
TORCH_F = {"gelu_erf": F.gelu, "gelu_tanh": lambda t: F.gelu(t, approximate="tanh"), "silu": F.silu}


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("op", GATED)
def test_gradients_against_float64(op, dtype, device):
    """y, da and db within one ulp of dtype of the float64 composition
    f(a) b and its autograd gradients (|a| <= 4: away from the tails where
    float64's own composition cancels)."""
    g = torch.Generator().manual_seed(3)
    x = (torch.randn(64, 2 * 96, generator=g) * 2).clamp(-4, 4).to(dtype)
    dy = torch.randn(64, 96, generator=g).to(dtype)
    y, dx = through_autograd(lambda t: ga.gated_halves(t, op), x.to(device), dy=dy)
    x64 = x.double().requires_grad_(True)
    a64, b64 = x64.chunk(2, -1)
    y64 = TORCH_F[op](a64) * b64
    y64.backward(dy.double())
    eps = torch.finfo(dtype).eps  # one ulp at 1: an ulp of a value is at most eps times it
    for got, want in ((y, y64.detach()), (dx, x64.grad)):
        err = (got.cpu().double() - want).abs()
        tiny = torch.finfo(dtype).tiny * eps  # the subnormal ulp
        assert bool((err <= eps * want.abs() + tiny).all()), "max error %g" % (err / (want.abs() + tiny)).max()


# ---- layouts, sizes, errors --------------------------------------------------------------
@pytest.mark.parametrize("device", DEVICES)
def test_non_contiguous(clib, device):
    """Strided inputs are made contiguous first (halves) or read as dense
    layouts (two tensors): the bits of the contiguous call."""
    xt = torch.randn(12, 40).to(device).t()  # [40, 12], a transpose
    for dim, dy in ((1, torch.randn(40, 6)), (0, torch.randn(12, 20).t())):  # dy: contiguous, transposed
        y, dx = through_autograd(lambda t: ga.swiglu(t, dim=dim), xt, dy=dy)
        y0, dx0 = through_autograd(lambda t: ga.swiglu(t, dim=dim), xt.contiguous(), dy=dy.contiguous())
        assert bits_equal(y, y0) and bits_equal(dx, dx0) and dx.shape == xt.shape
    sl = torch.randn(8, 64).to(device)[:, ::2]  # [8, 32], not dense
    dy = torch.randn(8, 16)
    y, dx = through_autograd(lambda t: ga.geglu(t), sl, dy=dy)
    y0, dx0 = through_autograd(lambda t: ga.geglu(t), sl.contiguous(), dy=dy)
    assert bits_equal(y, y0) and bits_equal(dx, dx0)
    # two tensors: a transposed (dense, read in place), b channels_last-like, dy a slice
    a = torch.randn(6, 8, 10, 12).to(device).transpose(1, 3)
    b = torch.randn(a.shape).to(device).contiguous(memory_format=torch.channels_last)
    dyt = torch.randn(6, 12, 10, 16).to(device)[..., ::2]
    y, da, db = through_autograd(lambda s, t: ga.gated(s, t, "silu"), a, b, dy=dyt)
    assert y.stride() == torch.empty_like(a).stride()
    assert bits_equal(y.contiguous(), c_gated(clib, "silu", a, b))
    wda, wdb = c_gated(clib, "silu", a, b, dyt)
    assert bits_equal(da.contiguous(), wda) and bits_equal(db.contiguous(), wdb)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_zero_size(device, dtype):
    for shape, dim in [((0, 4), -1), ((3, 0), -1), ((2, 0, 6), -1), ((0, 6), 0), ((4, 0, 2), 0)]:
        x = torch.empty(shape, dtype=dtype, device=device, requires_grad=True)
        y = ga.swiglu(x, dim=dim)
        want = list(shape)
        want[dim] //= 2
        assert list(y.shape) == want and y.dtype == dtype
        y.sum().backward()
        assert x.grad.shape == x.shape
    for shape in [(0,), (3, 0)]:
        a = torch.empty(shape, dtype=dtype, device=device, requires_grad=True)
        b = torch.empty(shape, dtype=dtype, device=device, requires_grad=True)
        y = ga.gated(a, b, "gelu_tanh")
        assert y.shape == a.shape
        y.sum().backward()
        assert a.grad.shape == a.shape and b.grad.shape == b.shape


@pytest.mark.parametrize("fn", [lambda t: ga.geglu(t), lambda t: ga.swiglu(t), lambda t: ga.gated_halves(t, "silu"),
                                lambda t: ga.gated(t, t), lambda t: ga.GEGLU()(t)],
                         ids=["geglu", "swiglu", "gated_halves", "gated", "GEGLU"])
@pytest.mark.parametrize("dtype", [torch.float64, torch.int32, torch.bool, torch.complex64], ids=str)
def test_wrong_dtype_raises(fn, dtype):
    with pytest.raises(TypeError, match=r"gpuact\.\w+: dtype .* is not supported"):
        fn(torch.ones(4, 6, dtype=dtype))


def test_errors_name_op_and_status():
    a, b = torch.randn(4, 6), torch.randn(4, 6)
    with pytest.raises(RuntimeError, match=r"gpuact\.gated\(elu, .*GPUACT_ERROR_INVALID_PARAMS"):
        ga.gated(a, b, "elu", alpha=NAN)
    with pytest.raises(RuntimeError, match=r"gpuact\.gated_halves\(swish_tanh, .*GPUACT_ERROR_INVALID_PARAMS"):
        ga.gated_halves(torch.randn(0, 4), "swish_tanh", lo=1.0, hi=-1.0)  # checked for n = 0 too
    with pytest.raises(TypeError, match=r"gpuact\.gated\(gelu_erf\): b is Half but a is Float"):
        ga.gated(a, b.half())
    with pytest.raises(RuntimeError, match=r"gpuact\.gated\(silu\): b has shape \[4, 5\] but a has \[4, 6\]"):
        ga.gated(a, b[:, :5], "silu")
    with pytest.raises(RuntimeError, match=r"gpuact\.gated_halves\(gelu_erf\): x has shape \[4, 5\].*even size"):
        ga.geglu(torch.randn(4, 5))
    with pytest.raises(RuntimeError, match=r"dy has shape \[4, 6\] but the halves of x has \[4, 3\]"):
        torch.ops.gpuact.gated_halves_backward(a, b, -1, True, 1, 1.0, 0.5, -1.0, 1.0)
    with pytest.raises(RuntimeError, match=r"dy has shape"):
        torch.ops.gpuact.gated_backward(a, b, torch.randn(6, 4), 6, 1.0, 0.5, -1.0, 1.0)
    with pytest.raises(RuntimeError, match="at least one dimension"):
        ga.swiglu(torch.tensor(1.0))
    with pytest.raises(IndexError):
        ga.swiglu(a, dim=2)
    with pytest.raises(ValueError, match="op must be one of"):
        ga.gated(a, b, "relu")
    with pytest.raises(ValueError, match="approximate"):
        ga.GEGLU("fast")
    with pytest.raises(RuntimeError, match="unknown op"):
        torch.ops.gpuact.gated(a, b, 0, 1.0, 0.5, -1.0, 1.0)


def test_modules_match_functions():
    x = torch.randn(16, 48)
    pairs = [(ga.GEGLU(), ga.geglu(x)), (ga.GEGLU("tanh"), ga.geglu(x, "tanh")),
             (ga.GEGLU(gate_first=False), ga.geglu(x, gate_first=False)), (ga.SwiGLU(), ga.swiglu(x)),
             (ga.SwiGLU(dim=0, gate_first=False), ga.swiglu(x, dim=0, gate_first=False))]
    for m, want in pairs:
        assert bits_equal(m(x), want), repr(m)
    assert repr(ga.GEGLU("tanh")) == "GEGLU(approximate='tanh', dim=-1, gate_first=True)"
    assert repr(ga.SwiGLU(dim=1, gate_first=False)) == "SwiGLU(dim=1, gate_first=False)"
    assert bits_equal(ga.gated_halves(x, "gelu"), ga.geglu(x))


def test_close_to_pytorch():
    """Same functions as PyTorch's compositions (the semantics and the half
    order, not the bits): within 1e-6 in fp32 on randn data."""
    x = torch.randn(256, 512)
    a, b = x.chunk(2, -1)
    pairs = [(ga.geglu(x), F.gelu(a) * b), (ga.geglu(x, "tanh"), F.gelu(a, approximate="tanh") * b),
             (ga.swiglu(x), F.silu(a) * b), (ga.geglu(x, gate_first=False), a * F.gelu(b)),
             (ga.gated(a, b, "silu"), F.silu(a) * b)]
    for got, want in pairs:
        torch.testing.assert_close(got, want, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("device", DEVICES)
def test_compile_fullgraph(device):
    """torch.compile(fullgraph=True) traces the gated modules and functions,
    forward and backward, with no graph break and the eager bits (CPU:
    aot_eager, GPU: inductor)."""
    torch.manual_seed(0)

    class Net(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.l1, self.l2, self.l3 = torch.nn.Linear(16, 64), torch.nn.Linear(32, 64), torch.nn.Linear(32, 32)
            self.geglu, self.swiglu = ga.GEGLU(), ga.SwiGLU(gate_first=False)

        def forward(self, x):
            h = self.swiglu(self.l2(self.geglu(self.l1(x))))
            p, q = self.l3(h).chunk(2, -1)
            return ga.gated(p.contiguous(), q.contiguous(), "gelu_tanh")

    # the traced calls check their arguments as the eager ones
    for bad, dim, err, msg in ((torch.randn(4, 5, device=device), -1, RuntimeError, "even size"),
                               (torch.randn(4, 6, device=device), 2, IndexError, "out of range")):
        torch._dynamo.reset()
        # (torch 2.11's dynamo raises its own TorchRuntimeError around the error, whose text it keeps)
        with pytest.raises((err, torch._dynamo.exc.TorchRuntimeError), match=msg):
            torch.compile(lambda t: ga.swiglu(t, dim=dim), fullgraph=True, backend="aot_eager")(bad)
    m = Net().to(device)
    x = torch.randn(8, 16, device=device, requires_grad=True)
    assert_compile_bits(m, x, device)


# ---- the GPU --------------------------------------------------------------------------------
@pytest.mark.skipif(not CUDA, reason="needs a GPU and the CUDA part")
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("op", GATED)
def test_gpu_matches_c_scalar(clib, op, dtype):
    """The device kernels, two tensors and halves (cols odd: rows start off
    the 16-byte grid), equal the C scalar functions."""
    a, b, dy = operands(dtype, seed=9)
    if dtype == torch.float32:  # a larger sample: the kernels' vector paths
        a, b, dy = [torch.cat([t, u]) for t, u in zip((a, b, dy), operands(dtype, seed=10, n=1 << 20))]
    y, da, db = through_autograd(lambda s, t: ga.gated(s, t, op), a.cuda(), b.cuda(), dy=dy)
    assert y.is_cuda and da.is_cuda and db.is_cuda
    assert bits_equal(y, c_gated(clib, op, a, b))
    wda, wdb = c_gated(clib, op, a, b, dy)
    assert bits_equal(da, wda) and bits_equal(db, wdb)
    for cols in (1 << 12, 4093):
        rows = a.numel() // (2 * cols)
        x = a[:2 * rows * cols].reshape(rows, 2 * cols)
        d = dy[:rows * cols].reshape(rows, cols)
        for gate_first in (True, False):
            y, dx = through_autograd(lambda t: ga.gated_halves(t, op, gate_first=gate_first), x.cuda(), dy=d)
            assert bits_equal(y, c_gated_halves(clib, op, x, gate_first=gate_first)), (cols, gate_first)
            assert bits_equal(dx, c_gated_halves(clib, op, x, d, gate_first=gate_first)), (cols, gate_first)


@pytest.mark.skipif(not CUDA, reason="needs a GPU and the CUDA part")
def test_gpu_unbuilt_op_and_devices():
    """Ops outside GPUACT_GATED_OPS say so, naming the op and the status;
    operands on two devices are refused."""
    a, b = torch.randn(4, 6, device="cuda"), torch.randn(4, 6, device="cuda")
    with pytest.raises(RuntimeError, match=r"gpuact\.gated\(elu, .*cuda.*GPUACT_ERROR_UNSUPPORTED"):
        ga.gated(a, b, "elu")
    with pytest.raises(RuntimeError, match=r"gpuact\.gated_halves\(gelu_sigmoid, .*GPUACT_ERROR_UNSUPPORTED"):
        ga.geglu(a, "sigmoid")
    with pytest.raises(RuntimeError, match="b is on"):
        ga.gated(a, b.cpu())


@pytest.mark.skipif(not CUDA, reason="needs a GPU and the CUDA part")
def test_gpu_graph_capture_and_stream(clib):
    """Forward and backward of the halves form captured into a CUDA graph on
    a side stream and replayed on new data give the C library's bits."""
    x = torch.randn(1024, 2 * 1024, device="cuda")
    dy = torch.randn(1024, 1024, device="cuda")
    op = ga.OPS["silu"]
    args = (-1, True, op, 1.0, 0.5, -1.0, 1.0)
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):  # warm-up outside capture
        torch.ops.gpuact.gated_halves(x, *args)
        torch.ops.gpuact.gated_halves_backward(x, dy, *args)
    torch.cuda.current_stream().wait_stream(s)
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        y = torch.ops.gpuact.gated_halves(x, *args)
        dx = torch.ops.gpuact.gated_halves_backward(x, dy, *args)
    x.copy_(torch.randn(x.shape, device="cuda"))
    dy.copy_(torch.randn(dy.shape, device="cuda"))
    g.replay()
    torch.cuda.synchronize()
    assert bits_equal(y, c_gated_halves(clib, "silu", x))
    assert bits_equal(dx, c_gated_halves(clib, "silu", x, dy))
