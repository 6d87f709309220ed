#!/usr/bin/env python3
"""PyTorch's eager composition of bias + activation, timed as bench/bias_bench.cu
times gpuact's kernels (same shape, data, bytes and copy), for comparison
until the Python package has the bias forms (then torch_compare.py times both
in one process):

    python3 bench/bias_torch.py [--log2rows 14] [--log2cols 14] [--reps 20] [--csv FILE]

fwd: F.gelu(x + b) (F.silu for silu); bwd: torch.autograd.grad of it for x
with the forward graph built before the timing and retained (aten's add
backward is the identity: gelu_backward alone, dx; db = dx.sum(0) for
bwd+db, as autograd's reduction for the broadcast bias). Bytes and "% copy"
as bias_bench: fwd 2 n elements, bwd 3 n, against x.copy_ of n elements,
alternating, median of --reps after warm-up, CUDA events."""
import argparse, statistics, sys
import torch
import torch.nn.functional as F

ap = argparse.ArgumentParser()
ap.add_argument("--log2rows", type=int, default=14)
ap.add_argument("--log2cols", type=int, default=14)
ap.add_argument("--reps", type=int, default=20)
ap.add_argument("--csv")
a = ap.parse_args()
rows, cols = 1 << a.log2rows, 1 << a.log2cols
dev = "cuda"
ops = {"gelu_erf": lambda v: F.gelu(v), "gelu_tanh": lambda v: F.gelu(v, approximate="tanh"), "silu": F.silu}
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


print("PyTorch %s eager composition, %s, [%d, %d], median of %d" % (torch.__version__, torch.cuda.get_device_name(), rows, cols, a.reps))
print("%-10s %-5s %-6s %10s %8s %10s" % ("op", "dtype", "dir", "time ms", "% copy", "copy ms"))
for dt, dn in ((torch.float32, "f32"), (torch.bfloat16, "bf16"), (torch.float16, "f16")):
    g = torch.Generator(device=dev).manual_seed(1)
    x = torch.randn(rows, cols, device=dev, dtype=dt, generator=g)
    b = torch.randn(cols, device=dev, dtype=dt, generator=g)
    dy = torch.randn(rows, cols, device=dev, dtype=dt, generator=g)
    y = torch.empty_like(x)
    nbytes = x.numel() * x.element_size()
    for on, f in ops.items():
        for d in ("fwd", "bwd", "bwd+db"):
            if d == "fwd":
                fn = lambda: f(x + b)
            else:
                xr = x.detach().requires_grad_(True)
                br = b.detach().requires_grad_(d == "bwd+db")
                yy = f(xr + br)
                inputs = (xr, br) if d == "bwd+db" else (xr,)
                fn = lambda: torch.autograd.grad(yy, inputs, dy, retain_graph=True)
            mk, mc = timed(fn, lambda: y.copy_(dy))
            kb = nbytes * (2 if d == "fwd" else 3)
            pct = 100.0 * (kb / mk) / (2 * nbytes / mc)
            print("%-10s %-5s %-6s %10.3f %7.1f%% %10.3f" % (on, dn, d, mk, pct, mc))
            out.append((on, dn, d, rows, cols, mk, pct, mc))
    del x, b, dy, y
    torch.cuda.empty_cache()
if a.csv:
    with open(a.csv, "w") as fh:
        fh.write("op,dtype,direction,rows,cols,time_ms,pct_of_copy,copy_ms\n")
        for r in out:
            fh.write("%s,%s,%s,%d,%d,%.4f,%.2f,%.4f\n" % r)
