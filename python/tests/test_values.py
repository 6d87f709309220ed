"""The package gives the C library's bits, on the CPU and on the GPU, in
every direction, for every op, dtype and parameter set."""
import pytest
import torch

import gpuact.torch as ga
from conftest import CASES, CUDA, DTYPES, OPS, all_16bit, bits_equal, c_call, case_id, pkg_forward, sample_f32


def inputs(dtype, seed=0):
    if dtype == torch.float32:
        return sample_f32(20000, seed)
    return all_16bit(dtype)


def upstream(x, seed=1):
    g = torch.Generator().manual_seed(seed)
    dy = torch.randn(x.shape, generator=g).to(x.dtype)
    dy[:3] = torch.tensor([0.0, -0.0, float("inf")]).to(x.dtype)
    return dy


def act(op, x, **kw):
    """(y, dx) through autograd: forward, then backward with a random dy."""
    x = x.detach().clone().requires_grad_(True)
    y = pkg_forward(op, x, **kw)
    dy = upstream(x).to(x.device)  # autograd takes a gradient on its output's device only
    y.backward(dy)
    return y.detach(), x.grad, dy.cpu()


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_cpu_matches_c_library(clib, case, dtype):
    op, kw = case
    x = inputs(dtype)
    y, dx, dy = act(op, x, **kw)
    assert bits_equal(y, c_call(clib, "forward", op, x, **kw))
    assert bits_equal(dx, c_call(clib, "backward", op, x, dy, **kw))
    y2, dx2 = ga.forward_backward(x, dy, op, **kw)
    ry, rdx = c_call(clib, "forward_backward", op, x, dy, **kw)
    assert bits_equal(y2, ry) and bits_equal(dx2, rdx)


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("case", [c for c in CASES if c[0] in ("elu", "selu", "silu")], ids=case_id)
def test_inplace_cpu(clib, case, dtype):
    """inplace=True writes f(x) into x and returns x; its gradient is the
    C library's: from the output for elu/selu (PyTorch's in-place form), from
    a saved copy of x for silu."""
    op, kw = case
    x0 = inputs(dtype)
    leaf = x0.clone().requires_grad_(True)
    x = leaf.clone()  # in place on a non-leaf, as in a model (clone passes the gradient through untouched)
    fn = {"elu": lambda t: ga.elu(t, kw.get("alpha", 1.0), inplace=True),
          "selu": lambda t: ga.selu(t, inplace=True), "silu": lambda t: ga.silu(t, inplace=True)}[op]
    y = fn(x)
    assert y is x
    assert bits_equal(y, c_call(clib, "forward", op, x0, **kw))
    dy = upstream(x0)
    y.backward(dy)
    if op == "silu":
        want = c_call(clib, "backward", op, x0, dy, **kw)
    else:
        want = c_call(clib, "backward_from_output", op, y.detach(), dy, **kw)
    assert bits_equal(leaf.grad, want)
    # without autograd, in place is plain: same bits
    z = x0.clone()
    with torch.no_grad():
        fn(z)
    assert bits_equal(z, c_call(clib, "forward", op, x0, **kw))


@pytest.mark.skipif(not CUDA, reason="needs a GPU and the CUDA part")
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_gpu_matches_c_library(clib, case, dtype):
    """GPU results, through the package, equal the C library's host results."""
    op, kw = case
    x = inputs(dtype, seed=3)
    if dtype == torch.float32:  # a larger sample on the GPU: the kernels' vector paths and queues
        x = torch.cat([x, sample_f32(1 << 20, seed=4)])
    y, dx, dy = act(op, x.cuda(), **kw)
    assert y.is_cuda and dx.is_cuda
    assert bits_equal(y, c_call(clib, "forward", op, x, **kw))
    assert bits_equal(dx, c_call(clib, "backward", op, x, dy, **kw))
    y2, dx2 = ga.forward_backward(x.cuda(), dy.cuda(), op, **kw)
    ry, rdx = c_call(clib, "forward_backward", op, x, dy, **kw)
    assert bits_equal(y2, ry) and bits_equal(dx2, rdx)


@pytest.mark.skipif(not CUDA, reason="needs a GPU and the CUDA part")
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("case", [c for c in CASES if c[0] in ("elu", "selu", "silu")], ids=case_id)
def test_inplace_gpu(clib, case, dtype):
    op, kw = case
    x0 = inputs(dtype)
    leaf = x0.cuda().requires_grad_(True)
    x = leaf.clone()
    fn = {"elu": lambda t: ga.elu(t, kw.get("alpha", 1.0), inplace=True),
          "selu": lambda t: ga.selu(t, inplace=True), "silu": lambda t: ga.silu(t, inplace=True)}[op]
    y = fn(x)
    assert y is x and bits_equal(y, c_call(clib, "forward", op, x0, **kw))
    dy = upstream(x0)
    y.backward(dy.cuda())
    if op == "silu":
        want = c_call(clib, "backward", op, x0, dy, **kw)
    else:
        want = c_call(clib, "backward_from_output", op, y.detach(), dy, **kw)
    assert bits_equal(leaf.grad, want)
