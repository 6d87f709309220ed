"""Shared fixtures of gpuact's Python tests.

Two independent oracles, built here with the system C compiler:
  clib  gpuact.h's host entry points, compiled on their own (the C library
        as a C user gets it), and cshim.c's loops over its scalar gated
        functions: the package must give their bits exactly.
  ref   the MPFR reference (reference/), correctly rounded: the package must
        meet the library's accuracy bars against it.
"""
import ctypes
import os
import subprocess
import sys

import pytest
import torch

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
HERE = os.path.dirname(os.path.abspath(__file__))

import gpuact.torch as ga  # noqa: E402

OPS = ga.OPS
DTYPES = [torch.float32, torch.float16, torch.bfloat16]
C_DTYPE = {torch.float32: 1, torch.float16: 2, torch.bfloat16: 3, torch.float64: 4}    # gpuact_dtype
REF_FMT = {torch.float32: 0, torch.float16: 1, torch.bfloat16: 2, torch.float64: 3}   # gpuact_ref_format
CUDA = torch.cuda.is_available() and ga.has_cuda()


def _build(tmp, name, sources, libs):
    out = os.path.join(tmp, name)
    cc = os.environ.get("CC", "cc")
    cmd = [cc, "-std=c99", "-O2", "-fPIC", "-shared", "-I" + ROOT, "-I" + os.path.join(ROOT, "reference")] + \
        sources + ["-o", out] + libs
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("building %s failed:\n%s\n%s" % (name, " ".join(cmd), r.stderr))
    return ctypes.CDLL(out)


@pytest.fixture(scope="session")
def libdir(tmp_path_factory):
    return str(tmp_path_factory.mktemp("gpuact_c"))


@pytest.fixture(scope="session")
def clib(libdir):
    src = os.path.join(libdir, "impl.c")
    with open(src, "w") as f:
        f.write('#define GPUACT_IMPLEMENTATION\n#include "gpuact.h"\n')
    return _build(libdir, "libgpuact_c.so", [src, os.path.join(HERE, "cshim.c")], ["-lm"])


@pytest.fixture(scope="session")
def ref(libdir):
    # a prebuilt one, for machines without MPFR's headers (the GPU machine)
    if os.environ.get("GPUACT_REFSHIM"):
        return ctypes.CDLL(os.environ["GPUACT_REFSHIM"])
    rdir = os.path.join(ROOT, "reference")
    srcs = [os.path.join(rdir, f) for f in sorted(os.listdir(rdir))
            if f.endswith(".c") and f.startswith(("gpuact_ref", "ref_"))] + [os.path.join(HERE, "refshim.c")]
    return _build(libdir, "librefshim.so", srcs, ["-lmpfr", "-lgmp", "-lpthread", "-lm"])


class Params(ctypes.Structure):
    _fields_ = [("set", ctypes.c_uint), ("alpha", ctypes.c_float), ("scale", ctypes.c_float),
                ("lo", ctypes.c_float), ("hi", ctypes.c_float)]


def c_params(alpha=1.0, scale=0.5, lo=-1.0, hi=1.0):
    return Params(0xF, alpha, scale, lo, hi)


def _ptr(t):
    return ctypes.c_void_p(t.data_ptr())


def c_call(clib, fn, op, x, *rest, alpha=1.0, scale=0.5, lo=-1.0, hi=1.0):
    """Runs gpuact_<fn>_host on contiguous CPU copies; returns the outputs."""
    x = x.detach().cpu().contiguous()
    p = c_params(alpha, scale, lo, hi)
    ins = [x] + [r.detach().cpu().contiguous() for r in rest]
    nout = {"forward": 1, "backward": 1, "backward_from_output": 1, "forward_backward": 2, "grad": 1}[fn]
    outs = [torch.empty_like(x) for _ in range(nout)]
    f = getattr(clib, "gpuact_%s_host" % fn)
    args = [ctypes.c_int(OPS[op]), ctypes.c_int(C_DTYPE[x.dtype]), ctypes.byref(p)] + \
        [_ptr(t) for t in ins] + [_ptr(t) for t in outs] + [ctypes.c_size_t(x.numel())]
    s = f(*args)
    assert s == 0, "C library %s(%s) returned status %d" % (fn, op, s)
    return outs[0] if nout == 1 else tuple(outs)


def c_gated(clib, op, a, b, dy=None, alpha=1.0, scale=0.5, lo=-1.0, hi=1.0):
    """The C scalar gated functions elementwise on contiguous CPU copies:
    y = f(a) b, or (da, db) when dy is given."""
    ins = [t.detach().cpu().contiguous() for t in ((a, b) if dy is None else (a, b, dy))]
    outs = [torch.empty_like(ins[0]) for _ in range(1 if dy is None else 2)]
    p = c_params(alpha, scale, lo, hi)
    s = clib.cshim_gated(ctypes.c_int(OPS[op]), ctypes.c_int(C_DTYPE[ins[0].dtype]), ctypes.byref(p), _ptr(ins[0]),
                         _ptr(ins[1]), _ptr(ins[2]) if dy is not None else None, _ptr(outs[0]),
                         _ptr(outs[1]) if dy is not None else None, ctypes.c_size_t(ins[0].numel()))
    assert s == 0, "gpuact_resolve(%s) returned status %d" % (op, s)
    return outs[0] if dy is None else tuple(outs)


def c_gated_halves(clib, op, x, dy=None, gate_first=True, alpha=1.0, scale=0.5, lo=-1.0, hi=1.0):
    """gpuact_gated_host / gpuact_gated_backward_host on a 2-D [rows, 2 cols]
    CPU tensor as the C API documents its halves (a = ab + off, b the other
    half, ld = 2 cols): y [rows, cols], or dx of x's shape from dy."""
    x = x.detach().cpu().contiguous()
    rows, cols = x.shape[0], x.shape[1] // 2
    esz = x.element_size()
    base = x.data_ptr()
    ao, bo = (0, cols) if gate_first else (cols, 0)
    p = c_params(alpha, scale, lo, hi)
    head = [ctypes.c_int(OPS[op]), ctypes.c_int(C_DTYPE[x.dtype]), ctypes.byref(p),
            ctypes.c_void_p(base + ao * esz), ctypes.c_void_p(base + bo * esz), ctypes.c_size_t(2 * cols)]
    if dy is None:
        y = torch.empty(rows, cols, dtype=x.dtype)
        s = clib.gpuact_gated_host(*head, _ptr(y), ctypes.c_size_t(rows), ctypes.c_size_t(cols))
        out = y
    else:
        dy = dy.detach().cpu().contiguous()
        dx = torch.empty_like(x)
        q = dx.data_ptr()
        s = clib.gpuact_gated_backward_host(*head, _ptr(dy), ctypes.c_void_p(q + ao * esz), ctypes.c_void_p(q + bo * esz),
                                            ctypes.c_size_t(rows), ctypes.c_size_t(cols))
        out = dx
    assert s == 0, "C library gated(%s) returned status %d" % (op, s)
    return out


def ref_params(alpha=1.0, scale=0.5, lo=-1.0, hi=1.0):
    return (ctypes.c_float * 4)(alpha, scale, lo, hi)


def _dptr(a):
    return ctypes.c_void_p(a.data_ptr())


def ref_ulp(ref, op, direction, x, got, dy=None, **kw):
    """Error in ulps of got's format against MPFR, per element (float64
    tensor): of f(x), dy f'(x) ('bwd') or dy f(x) ('gated')."""
    xd = x.detach().cpu().double().contiguous().flatten()
    gd = got.detach().cpu().double().contiguous().flatten()
    dyd = dy.detach().cpu().double().contiguous().flatten() if dy is not None else None
    out = torch.empty_like(xd)
    ref.refshim_ulp(ctypes.c_int(OPS[op]), ctypes.c_int({"f": 0, "bwd": 2, "gated": 3}[direction]), ref_params(**kw),
                    ctypes.c_int(REF_FMT[got.dtype]), _dptr(xd), _dptr(dyd) if dyd is not None else None, _dptr(gd),
                    _dptr(out), ctypes.c_size_t(xd.numel()))
    return out


def ref_value(ref, op, direction, x, dtype, dy=None, **kw):
    """The correctly rounded f(x) or dy f'(x) in dtype (MPFR)."""
    xd = x.detach().cpu().double().contiguous().flatten()
    out = torch.empty_like(xd)
    if direction == "f":
        ref.refshim_eval(ctypes.c_int(OPS[op]), ctypes.c_int(0), ref_params(**kw), ctypes.c_int(REF_FMT[dtype]),
                         _dptr(xd), _dptr(out), ctypes.c_size_t(xd.numel()))
    else:
        dyd = dy.detach().cpu().double().contiguous().flatten()
        ref.refshim_backward(ctypes.c_int(OPS[op]), ref_params(**kw), ctypes.c_int(REF_FMT[dtype]), _dptr(xd),
                             _dptr(dyd), _dptr(out), ctypes.c_size_t(xd.numel()))
    return _canonical(out, dtype).reshape(x.shape)


def _canonical(out, dtype):
    """float64 values exact in dtype, as dtype, NaN as the library's
    canonical quiet NaN (torch's conversion keeps the payload)."""
    r = out.to(dtype)
    iv, qnan = {torch.float32: (torch.int32, 0x7fc00000), torch.float16: (torch.int16, 0x7e00),
                torch.bfloat16: (torch.int16, 0x7fc0)}[dtype]
    r.view(iv)[torch.isnan(out)] = qnan
    return r


def ref_gated(ref, op, a, s, dtype, **kw):
    """The correctly rounded s f(a) in dtype (MPFR): the gated forms' y
    (s = b) and db (s = dy)."""
    ad = a.detach().cpu().double().contiguous().flatten()
    sd = s.detach().cpu().double().contiguous().flatten()
    out = torch.empty_like(ad)
    ref.refshim_gated(ctypes.c_int(OPS[op]), ref_params(**kw), ctypes.c_int(REF_FMT[dtype]), _dptr(ad), _dptr(sd),
                      _dptr(out), ctypes.c_size_t(ad.numel()))
    return _canonical(out, dtype).reshape(a.shape)


def all_16bit(dtype):
    """Every bit pattern of a 16-bit format, as a tensor of that format."""
    return torch.arange(-32768, 32768, dtype=torch.int32).to(torch.int16).view(dtype)


def sample_f32(n, seed=0):
    """randn-like values, wide-range values and every special: the inputs of
    the fp32 checks."""
    g = torch.Generator().manual_seed(seed)
    a = torch.randn(n, generator=g)
    bits = torch.randint(-2**31, 2**31 - 1, (n,), generator=g, dtype=torch.int64).to(torch.int32).view(torch.float32)
    sp = torch.tensor([0.0, -0.0, 1e-45, -1e-45, 1.17549435e-38, -1.17549435e-38, 1e-30, -1e-30, 1.0, -1.0,
                       -5.0, -6.0, -10.0, -20.0, -88.0, -104.0, 88.0, 3.4028235e38, -3.4028235e38,
                       float("inf"), float("-inf"), float("nan")])
    return torch.cat([a, a * 8, bits, sp])


def bits_equal(a, b):
    """Equal bit patterns (NaNs compared as NaN: the library's are canonical)."""
    a = a.detach().cpu().contiguous()
    b = b.detach().cpu().contiguous()
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    iv = {torch.float32: torch.int32, torch.float16: torch.int16, torch.bfloat16: torch.int16, torch.float64: torch.int64}[a.dtype]
    return torch.equal(a.view(iv), b.view(iv))


# op name, its keyword parameters (for the package, the C library and MPFR)
CASES = [
    ("gelu_erf", {}), ("gelu_tanh", {}), ("gelu_sigmoid", {}),
    ("elu", {"alpha": 1.0}), ("elu", {"alpha": 0.3}), ("selu", {}), ("silu", {}),
    ("swish_tanh", {"scale": 0.5, "lo": -1.0, "hi": 1.0}), ("swish_tanh", {"scale": 1.5, "lo": -0.25, "hi": 2.0}),
]


def case_id(c):
    return c[0] + "".join("-%s%s" % (k, v) for k, v in c[1].items())


def pkg_forward(op, x, **kw):
    """The package's public function for op, with kw."""
    if op.startswith("gelu"):
        return ga.gelu(x, {"gelu_erf": "none", "gelu_tanh": "tanh", "gelu_sigmoid": "sigmoid"}[op])
    if op == "elu":
        return ga.elu(x, kw.get("alpha", 1.0))
    if op == "swish_tanh":
        return ga.swish_tanh(x, kw.get("scale", 0.5), kw.get("lo", -1.0), kw.get("hi", 1.0))
    return getattr(ga, op)(x)


def pytest_report_header(config):
    return "gpuact: torch %s, CUDA part %s, GPU %s" % (
        torch.__version__, "built" if ga.has_cuda() else "not built",
        torch.cuda.get_device_name(0) if torch.cuda.is_available() else "none")




def assert_compile_bits(m, x, device):
    """torch.compile(fullgraph=True) of module m gives the eager forward and
    gradient bits at x (CPU: aot_eager, GPU: inductor)."""
    y0 = m(x)
    y0.sum().backward()
    g0 = x.grad.clone()
    x.grad = None
    torch._dynamo.reset()
    cm = torch.compile(m, fullgraph=True, backend="inductor" if device == "cuda" else "aot_eager")
    y1 = cm(x)
    y1.sum().backward()
    assert bits_equal(y1, y0) and bits_equal(x.grad, g0)
