"""Checks and times the five seed models, original against gpuact, in one run.

For each model: the max ULP error (fp32) of the activation's forward and of
its gradient, for PyTorch's version and for gpuact's, against a float64
computation of the same function (written to avoid cancellation: erfc,
x sigmoid(2u) for the tanh form); and the time of one training step
(forward + backward with a random upstream gradient) of Model (eager),
torch.compile(Model) and ModelNew (eager, gpuact), CUDA events, median of
the repetitions after warm-up.

    python3 examples/pytorch/compare.py                  # on the GPU, full sizes
    python3 examples/pytorch/compare.py --device cpu --small --no-compile   # a quick CPU check

Prints a Markdown table; --out FILE writes it too. Exits 1 if gpuact's
error exceeds 0.501 ULP anywhere (the library's bar), or if a result of
gpuact differs from its own CPU result on the same input.
"""
import argparse
import math
import os
import statistics
import sys
import time

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpuact.torch as ga  # noqa: E402
from seed_models import SEEDS, chain_eager  # noqa: E402

SQ2PI = math.sqrt(2.0 / math.pi)
SELU_L, SELU_A = 1.0507009873554804934193349852946, 1.6732632423543772848170429916717


def ref64(op, x):
    """(f, f') in float64, by forms that do not cancel."""
    if op == "gelu_tanh":
        u = SQ2PI * (x + 0.044715 * x ** 3)
        s = torch.sigmoid(2 * u)  # (1 + tanh u) / 2
        du = SQ2PI * (1 + 3 * 0.044715 * x * x)
        return x * s, s + x * 2 * s * (1 - s) * du
    if op == "elu":
        return torch.where(x > 0, x, torch.expm1(x)), torch.where(x > 0, torch.ones_like(x), torch.exp(x))
    if op == "selu":
        return (SELU_L * torch.where(x > 0, x, SELU_A * torch.expm1(x)),
                torch.where(x > 0, torch.full_like(x, SELU_L), SELU_L * SELU_A * torch.exp(x)))
    if op == "swish_tanh":
        s = torch.sigmoid(x)
        w = x * s * 0.5
        inside = (w >= -1) & (w <= 1)
        t = torch.tanh(w.clamp(-1, 1))
        dw = 0.5 * s * (1 + x * (1 - s))
        return t, torch.where(inside, (1 - t * t) * dw, torch.zeros_like(x))
    raise ValueError(op)


def ulp_err(got, ref):
    """|got - ref| in fp32 ulps of ref (float64 ref), NaN-aware."""
    got = got.double()
    a = ref.abs()
    e = torch.floor(torch.log2(a.clamp_min(2.0 ** -126)))
    ulp = torch.pow(2.0, e - 23)
    err = (got - ref).abs() / ulp
    both_nan = torch.isnan(got) & torch.isnan(ref)
    return torch.where(both_nan, torch.zeros_like(err), err)


def activation_pair(name):
    """(PyTorch's activation, gpuact's) of a seed, as functions of x."""
    op = SEEDS[name][3]
    if op == "swish_tanh":
        return chain_eager, ga.swish_tanh
    model, model_new = SEEDS[name][0](), SEEDS[name][1]()
    return model, model_new


def accuracy(name, device, n):
    """max ULP (forward, gradient) of PyTorch's and gpuact's activation on the
    seed's input distribution (torch.rand) and on randn * 4 (the tails)."""
    op = SEEDS[name][3]
    f_orig, f_new = activation_pair(name)
    g = torch.Generator(device="cpu").manual_seed(1)
    out = {}
    for dist in ("rand", "randn*4"):
        x = torch.rand(n, generator=g) if dist == "rand" else torch.randn(n, generator=g) * 4
        dy = torch.randn(n, generator=g)
        rf, rd = ref64(op, x.double())
        rdx = dy.double() * rd
        row = {}
        for who, f in (("torch", f_orig), ("gpuact", f_new)):
            xx = x.to(device).requires_grad_(True)
            y = f(xx)
            (dx,) = torch.autograd.grad(y, [xx], dy.to(device))
            row[who] = (ulp_err(y.detach().cpu(), rf).max().item(), ulp_err(dx.cpu(), rdx).max().item())
            if who == "gpuact" and device != "cpu":  # the one math core: GPU bits == CPU bits
                xc = x.clone().requires_grad_(True)
                yc = f(xc)
                (dxc,) = torch.autograd.grad(yc, [xc], dy)
                row["same_bits"] = torch.equal(yc.detach().view(torch.int32), y.detach().cpu().view(torch.int32)) \
                    and torch.equal(dxc.view(torch.int32), dx.cpu().view(torch.int32))
        out[dist] = row
    return out


def time_ms(fn, reps, warm=3):
    for _ in range(warm):
        fn()
    if not torch.cuda.is_available():
        ts = []
        for _ in range(reps):
            t = time.perf_counter()
            fn()
            ts.append((time.perf_counter() - t) * 1e3)
        return statistics.median(ts)
    ts = []
    for _ in range(reps):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        fn()
        b.record()
        b.synchronize()
        ts.append(a.elapsed_time(b))
    return statistics.median(ts)


def train_step(model, xs, dy):
    """One forward + backward of model on the next of the input buffers."""
    params = [p for p in model.parameters() if p.requires_grad] if hasattr(model, "parameters") else []
    it = [0]

    def step():
        x = xs[it[0] % len(xs)]
        it[0] += 1
        y = model(x)
        torch.autograd.grad(y, [x] + params, dy)
    return step


def speed(name, device, shape, compile_, reps):
    Model, ModelNew, _, op = SEEDS[name]
    torch.manual_seed(0)
    kw = {"in_features": shape[1], "out_features": shape[1]} if op == "swish_tanh" else {}
    m = Model(**kw).to(device)
    mn = ModelNew(**kw).to(device)
    if hasattr(m, "gemm"):
        mn.load_state_dict(m.state_dict())
    nbuf = 1 if math.prod(shape) * 4 > (1 << 30) else 4  # rotate small inputs past the L2
    xs = [torch.rand(shape, device=device, requires_grad=True) for _ in range(nbuf)]
    out_shape = m(xs[0]).shape
    dy = torch.randn(out_shape, device=device)
    r = {"eager": time_ms(train_step(m, xs, dy), reps), "gpuact": time_ms(train_step(mn, xs, dy), reps)}
    if compile_:
        torch._dynamo.reset()
        mc = torch.compile(m)
        r["compile"] = time_ms(train_step(mc, xs, dy), reps)
    if op == "swish_tanh":  # the elementwise part alone, on the Linear's output shape
        zs = [torch.randn(out_shape, device=device, requires_grad=True) for _ in range(4)]
        r["chain_eager"] = time_ms(train_step(lambda z: chain_eager(z), zs, dy), reps)
        r["chain_gpuact"] = time_ms(train_step(lambda z: ga.swish_tanh(z), zs, dy), reps)
        if compile_:
            torch._dynamo.reset()
            cc = torch.compile(chain_eager)
            r["chain_compile"] = time_ms(train_step(lambda z: cc(z), zs, dy), reps)
    del xs, dy, m, mn
    if device == "cuda":
        torch.cuda.empty_cache()
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--small", action="store_true", help="shapes / 64 in each dimension (a quick check)")
    ap.add_argument("--no-compile", action="store_true")
    ap.add_argument("--reps", type=int, default=20)
    ap.add_argument("--samples", type=int, default=1 << 22, help="inputs per distribution for the ULP check")
    ap.add_argument("--out")
    a = ap.parse_args()
    dev = a.device
    info = "device %s, torch %s, gpuact CUDA part %s" % (
        torch.cuda.get_device_name(0) if dev == "cuda" else "cpu", torch.__version__, ga.has_cuda())
    lines = ["# Seed models: gpuact against PyTorch (%s)" % info, "",
             "Training step = forward + backward, fp32, median ms; speed-up = Model's time / ModelNew's.",
             "max ULP: the activation's forward / gradient (dy f') against float64, on the seed's torch.rand "
             "input and on randn*4.", "",
             "| model | shape | eager ms | compile ms | gpuact ms | vs eager | vs compile "
             "| max ULP torch rand | gpuact rand | torch randn*4 | gpuact randn*4 |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    bad = []
    extra = []
    for name, (_, _, shape, _) in SEEDS.items():
        if a.small:
            shape = tuple(max(1, s // 64) for s in shape)
        acc = accuracy(name, dev, a.samples if not a.small else 1 << 16)
        sp = speed(name, dev, shape, not a.no_compile, a.reps)
        for dist, row in acc.items():
            if max(row["gpuact"]) > 0.501:
                bad.append("%s %s: gpuact max ULP %s" % (name, dist, row["gpuact"]))
            if row.get("same_bits") is False:
                bad.append("%s %s: GPU bits differ from CPU bits" % (name, dist))
        fmt = lambda t: "%.3g / %.3g" % t  # noqa: E731
        comp = sp.get("compile")
        lines.append("| %s | %s | %.3f | %s | %.3f | %.2fx | %s | %s | %s | %s | %s |" % (
            name, "x".join(map(str, shape)), sp["eager"], "%.3f" % comp if comp else "-", sp["gpuact"],
            sp["eager"] / sp["gpuact"], "%.2fx" % (comp / sp["gpuact"]) if comp else "-",
            fmt(acc["rand"]["torch"]), fmt(acc["rand"]["gpuact"]), fmt(acc["randn*4"]["torch"]),
            fmt(acc["randn*4"]["gpuact"])))
        if "chain_eager" in sp:
            extra.append("Seed 002's elementwise part alone (swish -> /2 -> clamp -> tanh -> clamp, forward + "
                         "backward on the Linear's output): eager %.3f ms, %sgpuact %.3f ms: %.2fx eager%s." % (
                             sp["chain_eager"], "torch.compile %.3f ms, " % sp["chain_compile"]
                             if "chain_compile" in sp else "", sp["chain_gpuact"],
                             sp["chain_eager"] / sp["chain_gpuact"],
                             ", %.2fx torch.compile" % (sp["chain_compile"] / sp["chain_gpuact"])
                             if "chain_compile" in sp else ""))
        print(lines[-1], flush=True)
    text = "\n".join(lines + [""] + extra + [""])
    print()
    print(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    for b in bad:
        print("FAIL", b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
