"""The package's contract: special values, layouts, sizes, errors,
modules, torch.compile and CUDA graphs."""
import math

import pytest
import torch
import torch.nn.functional as F

import gpuact.torch as ga
from conftest import CASES, CUDA, DTYPES, assert_compile_bits, bits_equal, c_call, case_id, pkg_forward, ref_value

DEVICES = ["cpu"] + (["cuda"] if CUDA else [])
SELU_LAMBDA, SELU_ALPHA = 1.0507009873554804934193349852946, 1.6732632423543772848170429916717
INF, NAN = float("inf"), float("nan")


def fwd_bwd(fn, x, dy=None):
    x = x.detach().clone().requires_grad_(True)
    y = fn(x)
    y.backward(torch.ones_like(y) if dy is None else dy)
    return y.detach(), x.grad


def sign_bit(t):
    return (t.float().view(torch.int32) < 0).tolist()


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_infinities_and_zeros(device, dtype):
    """The documented rules (gpuact.h, SPECIAL VALUES), from the limits of
    each function: gelu*, silu(-inf) = -0 with f' = -0; (+inf) = +inf with
    f' = 1; elu(-inf) = -alpha, f' = +0; selu(-inf) = -lambda alpha, f' = +0,
    selu'(+inf) = lambda; f(+-0) = +-0."""
    x = torch.tensor([-INF, INF, -0.0, 0.0], dtype=dtype, device=device)
    for name in ("gelu_erf", "gelu_tanh", "gelu_sigmoid", "silu"):
        y, d = fwd_bwd(lambda t: pkg_forward(name, t), x)
        assert y.tolist() == [0.0, INF, 0.0, 0.0] and sign_bit(y) == [True, False, True, False], name
        assert d[0].item() == 0.0 and sign_bit(d[0:1]) == [True] and d[1].item() == 1.0, name
    y, d = fwd_bwd(lambda t: ga.elu(t, 0.5), x)
    assert y[:2].tolist() == [-0.5, INF] and sign_bit(y[2:]) == [True, False]
    assert d[:2].tolist() == [0.0, 1.0] and sign_bit(d[0:1]) == [False]
    y, d = fwd_bwd(ga.selu, x)
    assert y[0].item() == torch.tensor(-SELU_LAMBDA * SELU_ALPHA, dtype=dtype).item() and y[1].item() == INF
    assert d[0].item() == 0.0 and sign_bit(d[0:1]) == [False]
    assert d[1].item() == torch.tensor(SELU_LAMBDA, dtype=dtype).item()
    y, d = fwd_bwd(ga.swish_tanh, x)  # w: silu(-inf) s = -0, silu(+inf) s = inf -> clamp to 1 -> tanh 1
    assert sign_bit(y[0:1]) == [True] and y[0].item() == 0.0
    assert y[1].item() == torch.tensor(math.tanh(1.0), dtype=dtype).item()


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_nan_and_subnormals(ref, case, device, dtype):
    """NaN in x or dy gives the canonical quiet NaN; subnormal inputs and
    results are exact (nothing flushed): bits equal to MPFR's correctly
    rounded value, signs of zeros included."""
    op, kw = case
    tiny = {torch.float32: [1e-45, 3e-44, 1e-40, 1.1754942e-38], torch.float16: [6e-8, 1e-6, 6.1e-5],
            torch.bfloat16: [1e-40, 9.2e-41, 1e-38]}[dtype]
    vals = tiny + [-v for v in tiny] + [NAN, 1.0]
    x = torch.tensor(vals, dtype=dtype)
    dy = torch.ones_like(x)
    dy[-1] = NAN  # x = 1, dy = NaN
    y, d = fwd_bwd(lambda t: pkg_forward(op, t, **kw), x.to(device), dy.to(device))
    assert bits_equal(y, ref_value(ref, op, "f", x, dtype, **kw))
    assert bits_equal(d, ref_value(ref, op, "bwd", x, dtype, dy=dy, **kw))
    assert torch.isnan(y[-2]) and torch.isnan(d[-2]) and torch.isnan(d[-1])


@pytest.mark.parametrize("device", DEVICES)
def test_layouts(clib, device):
    """Non-contiguous inputs: transposes and channels_last are read in place
    and give x's layout back, slices are copied; all give the same values."""
    base = torch.randn(6, 8, 10, 12)
    cases = {
        "transpose": base.transpose(1, 3),
        "channels_last": base.contiguous(memory_format=torch.channels_last),
        "slice": base[:, ::2, 1:, ::3],
        "expanded": torch.randn(1, 8, 1, 12).expand(6, 8, 10, 12),
    }
    for name, x in cases.items():
        x = x.to(device)
        y, d = fwd_bwd(lambda t: ga.gelu(t), x, dy=torch.randn(x.shape, device=device).transpose(0, 1).contiguous()
                       .transpose(0, 1))
        want = c_call(clib, "forward", "gelu_erf", x)
        assert bits_equal(y.contiguous(), want.reshape(x.shape)), name
        assert y.shape == x.shape and y.stride() == torch.empty_like(x).stride(), name
    # backward with a dy whose layout differs from x
    x = base.to(device)
    dy = torch.randn(base.shape, device=device).contiguous(memory_format=torch.channels_last)
    _, d = fwd_bwd(ga.silu, x, dy)
    assert bits_equal(d.contiguous(), c_call(clib, "backward", "silu", base, dy.cpu()))


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_zero_size(device, dtype):
    for shape in [(0,), (3, 0), (0, 4, 5)]:
        x = torch.empty(shape, dtype=dtype, device=device, requires_grad=True)
        y = ga.gelu(x)
        assert y.shape == x.shape and y.dtype == dtype
        y.sum().backward()
        assert x.grad.shape == x.shape
        z = torch.empty(shape, dtype=dtype, device=device)
        assert ga.silu(z, inplace=True) is z


@pytest.mark.parametrize("fn", [lambda t: ga.gelu(t), lambda t: ga.elu(t), ga.selu, ga.silu, ga.swish_tanh,
                                lambda t: ga.silu(t, inplace=True)], ids=["gelu", "elu", "selu", "silu",
                                                                          "swish_tanh", "silu_"])
@pytest.mark.parametrize("dtype", [torch.int32, torch.int64, torch.bool, torch.complex64], ids=str)
def test_wrong_dtype_raises(fn, dtype):
    x = torch.ones(4, dtype=dtype)
    with pytest.raises(TypeError, match=r"gpuact\.\w+: dtype .* is not supported"):
        fn(x)


def test_errors_name_op_and_status():
    with pytest.raises(RuntimeError, match=r"gpuact\.forward\(elu, .*GPUACT_ERROR_INVALID_PARAMS"):
        ga.elu(torch.randn(3), alpha=NAN)
    with pytest.raises(RuntimeError, match=r"gpuact\.forward\(swish_tanh, .*GPUACT_ERROR_INVALID_PARAMS"):
        ga.swish_tanh(torch.randn(3), lo=1.0, hi=-1.0)
    with pytest.raises(RuntimeError, match=r"GPUACT_ERROR_INVALID_PARAMS"):  # checked even for n = 0
        ga.swish_tanh(torch.randn(0), scale=INF)
    with pytest.raises(ValueError, match="approximate"):
        ga.gelu(torch.randn(3), approximate="fast")
    with pytest.raises(TypeError, match="dy is"):
        torch.ops.gpuact.backward(torch.randn(3), torch.randn(3, dtype=torch.float16), 1, 1.0, 0.5, -1.0, 1.0)
    with pytest.raises(RuntimeError, match="dy has shape"):
        torch.ops.gpuact.backward(torch.randn(3), torch.randn(4), 1, 1.0, 0.5, -1.0, 1.0)
    with pytest.raises(RuntimeError, match="unknown op"):
        torch.ops.gpuact.forward(torch.randn(3), 9, 1.0, 0.5, -1.0, 1.0)
    with pytest.raises(RuntimeError, match="UNSUPPORTED"):
        torch.ops.gpuact.backward_from_output(torch.randn(3), torch.randn(3), 1, 1.0, 0.5, -1.0, 1.0)
    leaf = torch.randn(3, requires_grad=True)  # as torch: no in-place on a leaf that requires grad
    with pytest.raises(RuntimeError, match="leaf"):
        ga.elu(leaf, inplace=True)


def test_modules_match_functions():
    x = torch.randn(1000)
    pairs = [(ga.GELU(), ga.gelu(x)), (ga.GELU("tanh"), ga.gelu(x, "tanh")), (ga.GELU("sigmoid"), ga.gelu(x, "sigmoid")),
             (ga.ELU(0.7), ga.elu(x, 0.7)), (ga.SELU(), ga.selu(x)), (ga.SiLU(), ga.silu(x)),
             (ga.SwishTanh(1.5, -0.5, 2.0), ga.swish_tanh(x, 1.5, -0.5, 2.0))]
    for m, want in pairs:
        assert bits_equal(m(x), want), repr(m)
    assert repr(ga.ELU(0.7, inplace=True)) == "ELU(alpha=0.7, inplace=True)"
    assert repr(ga.GELU("tanh")) == "GELU(approximate='tanh')"
    x2 = x.clone()
    assert ga.SiLU(inplace=True)(x2) is x2 and bits_equal(x2, ga.silu(x))


def test_close_to_pytorch():
    """Same functions as PyTorch's (the semantics, not the bits): within
    1e-6 absolute plus 1e-6 relative in fp32 on randn data. Not closer:
    PyTorch's GELUs cancel in the negative tail (4% relative error at
    x = -4.87 on the CPU), which is what gpuact exists to fix."""
    x = torch.randn(100000)
    pairs = [(ga.gelu(x), F.gelu(x)), (ga.gelu(x, "tanh"), F.gelu(x, approximate="tanh")),
             (ga.elu(x, 0.5), F.elu(x, 0.5)), (ga.selu(x), F.selu(x)), (ga.silu(x), F.silu(x)),
             (ga.swish_tanh(x), torch.clamp(torch.tanh(torch.clamp(F.silu(x) / 2, -1, 1)), -1, 1)),
             (ga.gelu(x, "sigmoid"), x * torch.sigmoid(1.702 * x))]
    for got, want in pairs:
        torch.testing.assert_close(got, want, rtol=1e-6, atol=1e-6)


def _model():
    return torch.nn.Sequential(torch.nn.Linear(16, 32), ga.GELU(), torch.nn.Linear(32, 32), ga.GELU("tanh"),
                               ga.SwishTanh(), ga.ELU(0.5), ga.SiLU(), ga.SELU(), ga.GELU("sigmoid"))


@pytest.mark.parametrize("device", DEVICES)
def test_compile_fullgraph(device):
    """torch.compile(fullgraph=True) traces the modules (forward and
    backward) with no graph break and gives the eager bits; on the CPU the
    aot_eager backend (the tracing without inductor's codegen), on the GPU
    inductor."""
    torch.manual_seed(0)
    m = _model().to(device)
    x = torch.randn(64, 16, device=device, requires_grad=True)
    assert_compile_bits(m, x, device)


def test_compile_inplace_fullgraph():
    def f(t):
        u = t * 2
        return ga.elu(u, inplace=True) + ga.silu(u.clone(), inplace=True)

    def f_out_of_place(t):  # what the compiled graph computes: f of a copy, written back
        e = ga.elu(t * 2)
        return e + ga.silu(e)

    t = torch.randn(100, requires_grad=True)
    a = f(t)
    f_out_of_place(t).sum().backward()
    g = t.grad.clone()
    t.grad = None
    torch._dynamo.reset()
    b = torch.compile(f, fullgraph=True, backend="aot_eager")(t)
    b.sum().backward()
    # the eager in-place elu takes its gradient from the output (as PyTorch's
    # does), the traced one from the input: both dy f' rounded once, from
    # different operands, so the gradient is compared with the out-of-place form
    assert bits_equal(a, b) and bits_equal(t.grad, g)


@pytest.mark.skipif(not CUDA, reason="needs a GPU and the CUDA part")
def test_cuda_graph_capture(clib):
    """Forward and backward captured into a CUDA graph and replayed on new
    data give the C library's bits."""
    x = torch.randn(1 << 20, device="cuda")
    dy = torch.randn(1 << 20, device="cuda")
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):  # warm-up outside capture
        ga.silu(x)
        torch.ops.gpuact.backward(x, dy, ga.OPS["silu"], 1.0, 0.5, -1.0, 1.0)
    torch.cuda.current_stream().wait_stream(s)
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        y = ga.silu(x)
        dx = torch.ops.gpuact.backward(x, dy, ga.OPS["silu"], 1.0, 0.5, -1.0, 1.0)
    x.copy_(torch.randn(1 << 20, device="cuda"))
    dy.copy_(torch.randn(1 << 20, device="cuda"))
    g.replay()
    torch.cuda.synchronize()
    assert bits_equal(y, c_call(clib, "forward", "silu", x))
    assert bits_equal(dx, c_call(clib, "backward", "silu", x, dy))


@pytest.mark.skipif(not CUDA, reason="needs a GPU and the CUDA part")
def test_runs_on_current_stream():
    """The kernel goes on the current stream: work queued before it on that
    stream is seen, with no synchronisation by gpuact."""
    s = torch.cuda.Stream()
    with torch.cuda.stream(s):
        x = torch.full((1 << 24,), 2.0, device="cuda")
        for _ in range(20):
            x = x * 1.0  # a queue of work on s before gpuact's kernel
        y = ga.gelu(x)
    s.synchronize()
    assert torch.all(y == ga.gelu(torch.tensor([2.0]))[0].item())


@pytest.mark.skipif(not CUDA, reason="needs a GPU and the CUDA part")
def test_cuda_errors():
    x = torch.randn(8, device="cuda")
    with pytest.raises(RuntimeError, match="dy is on"):
        torch.ops.gpuact.backward(x, torch.randn(8), 1, 1.0, 0.5, -1.0, 1.0)
