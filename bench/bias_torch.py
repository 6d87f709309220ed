#!/usr/bin/env python3
"""Bias + activation: gpuact's kernels (through the Python package, where it
is installed with its CUDA part) and PyTorch's eager composition, in one
process, timed as bench/bias_bench.cu times the kernels (same shape, data,
bytes and copy):

    python3 bench/bias_torch.py [--log2rows 14] [--log2cols 14] [--reps 20] [--csv FILE]

PyTorch: fwd F.gelu(x + b) (F.silu for silu; for swish_tanh seed 002's
chain clamp(tanh(clamp(silu(x + b) / 2, -1, 1)), -1, 1), also under
torch.compile); bwd torch.autograd.grad of it
for x with the forward graph built before the timing and retained (aten's
add backward is the identity: gelu_backward alone); bwd+db the same for x
and b (db = dx.sum(0), autograd's reduction for the broadcast bias).
gpuact: ga.bias_act(x, b, op) forward (one kernel), and autograd.grad
through it the same way (gpuact's bias_backward: one kernel, with db a
second small one). Bytes and "% copy" as bias_bench: fwd 2 n elements, bwd
3 n, against x.copy_ of n elements, each call alternating with the copy,
median of --reps after 3 warm-up rounds, CUDA events. ratio = PyTorch's
time / gpuact's (compile: torch.compile's time / gpuact's). Data: x, b, dy
randn (never 0)."""
import argparse
import statistics

import torch
import torch.nn.functional as F

try:
    import gpuact.torch as ga
    HAVE_GA = ga.has_cuda()
except ImportError:
    HAVE_GA = False

ap = argparse.ArgumentParser()
ap.add_argument("--log2rows", type=int, default=14)
ap.add_argument("--log2cols", type=int, default=14)
ap.add_argument("--reps", type=int, default=20)
ap.add_argument("--csv")
a = ap.parse_args()
rows, cols = 1 << a.log2rows, 1 << a.log2cols
dev = "cuda"
ops = {"gelu_erf": lambda v: F.gelu(v), "gelu_tanh": lambda v: F.gelu(v, approximate="tanh"), "silu": F.silu,
       "swish_tanh": lambda v: torch.clamp(torch.tanh(torch.clamp(F.silu(v) / 2, -1.0, 1.0)), -1.0, 1.0)}
COMPILED = ("swish_tanh",)  # the chain, where torch.compile fuses what eager runs as five kernels
out = []


def timed(fn, copy):
    ev = [torch.cuda.Event(enable_timing=True) for _ in range(4)]
    tk, tc = [], []
    for i in range(a.reps + 3):
        ev[0].record(); fn(); ev[1].record()
        ev[2].record(); copy(); ev[3].record()
        torch.cuda.synchronize()
        if i >= 3:
            tk.append(ev[0].elapsed_time(ev[1]))
            tc.append(ev[2].elapsed_time(ev[3]))
    return statistics.median(tk), statistics.median(tc)


def nonzero_randn(shape, dt, g):
    v = torch.randn(shape, device=dev, generator=g)
    return torch.where(v == 0, torch.full_like(v, 0.5), v).to(dt)


print("bias + activation, PyTorch %s, %s, [%d, %d], median of %d; gpuact: %s" % (
    torch.__version__, torch.cuda.get_device_name(), rows, cols, a.reps,
    "the package, same process" if HAVE_GA else "not installed (PyTorch alone)"))
print("%-10s %-5s %-6s %10s %8s %10s %8s %10s %8s %8s %8s" % ("op", "dtype", "dir", "torch ms", "% copy", "compile ms", "% copy",
                                                            "gpuact ms", "% copy", "ratio", "vs comp"))
for dt, dn in ((torch.float32, "f32"), (torch.bfloat16, "bf16"), (torch.float16, "f16")):
    g = torch.Generator(device=dev).manual_seed(1)
    x, b, dy = nonzero_randn((rows, cols), dt, g), nonzero_randn((cols,), dt, g), nonzero_randn((rows, cols), dt, g)
    y = torch.empty_like(x)
    nbytes = x.numel() * x.element_size()
    for on, f in ops.items():
        for d in ("fwd", "bwd", "bwd+db"):
            row = [on, dn, d]
            for who in ("torch", "compile", "gpuact"):
                if (who == "gpuact" and not HAVE_GA) or (who == "compile" and on not in COMPILED):
                    row += [float("nan"), float("nan")]
                    continue
                if who == "torch":
                    act = lambda v, w: f(v + w)
                elif who == "compile":
                    act = torch.compile(lambda v, w: f(v + w))
                else:
                    act = lambda v, w: ga.bias_act(v, w, on)
                if d == "fwd":
                    fn = lambda: act(x, b)
                else:
                    xr = x.detach().requires_grad_(True)
                    br = b.detach().requires_grad_(d == "bwd+db")
                    yy = act(xr, br)
                    inputs = (xr, br) if d == "bwd+db" else (xr,)
                    fn = lambda: torch.autograd.grad(yy, inputs, dy, retain_graph=True)
                mk, mc = timed(fn, lambda: y.copy_(dy))
                kb = nbytes * (2 if d == "fwd" else 3)
                row += [mk, 100.0 * (kb / mk) / (2 * nbytes / mc)]
            ratio = row[3] / row[7] if HAVE_GA else float("nan")
            rc = row[5] / row[7] if HAVE_GA else float("nan")
            print("%-10s %-5s %-6s %10.3f %7.1f%% %10.3f %7.1f%% %10.3f %7.1f%% %7.2fx %7.2fx" % (tuple(row) + (ratio, rc)))
            out.append(tuple(row) + (ratio, rc))
    del x, b, dy, y
    torch.cuda.empty_cache()
if a.csv:
    with open(a.csv, "w") as fh:
        fh.write("op,dtype,direction,torch_ms,torch_pct_of_copy,compile_ms,compile_pct_of_copy,gpuact_ms,gpuact_pct_of_copy,"
                 "ratio,ratio_compile\n")
        for r in out:
            fh.write("%s,%s,%s,%.4f,%.2f,%.4f,%.2f,%.4f,%.2f,%.3f,%.3f\n" % r)
