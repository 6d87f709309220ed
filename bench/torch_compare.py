#!/usr/bin/env python3
"""gpuact's kernels against PyTorch's own ops, in one process, on one GPU.

Run on the GPU machine from the repository root, after the Python package is
installed there (scripts/gpu-python.sh builds and installs it):

    python3 bench/torch_compare.py --csv torch_compare.csv           # the table, n = 2^28
    python3 bench/torch_compare.py --small --sweep --svg sweep.svg --csv torch_compare.csv

    python3 bench/torch_compare.py --gated --csv torch_compare.csv    # GEGLU/SwiGLU, y [2^14, 2^14]

and, without a GPU, a smoke test of the same code paths on the CPU:

    python3 bench/torch_compare.py --device cpu --log2n 12 --reps 3
    python3 bench/torch_compare.py --device cpu --gated --gated-shape 64,256 --reps 3

Modes (any combination; the table alone when none of --small, --sweep and
--gated is given, --table adds it to them):

table   For every op (gelu_erf, gelu_tanh, gelu_sigmoid, elu, selu, silu,
        swish_tanh), dtype (f32, f16, bf16), direction and data set, at
        n = 2^28 elements (--log2n): gpuact's kernel, PyTorch's equivalent,
        for swish_tanh also torch.compile of the eager chain, and
        dst.copy_(src) of n elements of the dtype, timed in turn in every
        repetition (so that drift hits all alike).
--small Time per call for n = 2^10 ... 2^20 (fwd and bwd by default), gpuact
        and PyTorch, once as plain launches (200 calls a batch: the host's
        per-call cost included) and once replayed from a CUDA graph of the
        same 200 calls (the allocations made at capture).
--sweep GB/s for n = 2^10 ... 2^30 (fwd and bwd by default) of gpuact,
        PyTorch and the copy, each a CUDA graph of a batch of calls, so that
        small sizes show the kernels' throughput rather than the host's;
        sizes whose buffers do not fit in free memory are skipped. --svg FILE
        plots bandwidth against size: one panel per op and direction, one
        colour per dtype, gpuact solid, PyTorch dashed, copy dotted.

--gated The gated forms y = f(a) b for f = gelu_erf, gelu_tanh (GEGLU) and silu
        (SwiGLU), fwd and bwd, each dtype, y of --gated-shape ROWS,COLS
        (default 16384,16384: n = 2^28 outputs), in --gated-layouts: halves
        (default; a and b the two halves of one [ROWS, 2 COLS] tensor, f on
        the first, as a fused gate/up projection gives them) and pair (two
        [ROWS, COLS] tensors). gpuact: torch.ops.gpuact.gated_halves and
        .gated_halves_backward (dx = [da | db] in x's layout), or .gated and
        .gated_backward (da, db): one kernel each. PyTorch's eager
        composition: a, b = x.chunk(2, -1); F.gelu(a) * b (F.silu for
        silu), and for bwd torch.autograd.grad through it, its forward
        graph built before the timing and retained: what a training step's
        backward runs (aten's mul for db = dy f(a) from the saved f(a), mul
        for dy b, gelu_backward / silu_backward for da, and for the halves
        the chunk's backward, a cat into dx). torch.compile of the same
        composition (fullgraph, static shapes), fwd without grad, bwd its
        AOTAutograd backward through autograd.grad, graph retained. Bytes:
        fwd reads a, b and writes y (3 arrays of n), bwd reads a, b, dy and
        writes da, db (5); copy: dst.copy_(x) of the inputs' 2n elements
        (4n elements moved). Data: a as x below, b and dy as dy. The last
        line counts the rows that meet the issue's bars (>= 90% of copy;
        >= 1.5x eager in f32 and bf16) and those at >= 1.0x torch.compile;
        --csv FILE writes FILE-gated.csv.

Directions and bytes: fwd reads x, writes y (2 arrays of n elements); bwd
reads x and dy, writes dx = dy f'(x) (3); fwdbwd reads x and dy, writes y and
dx (4). GB/s = those bytes / time; copy GB/s = 2 n elements' bytes / time;
"% copy" = GB/s / copy GB/s. PyTorch's own saved intermediates are not
counted: it is held to the same bytes as gpuact.

What is called. gpuact: the operators torch.ops.gpuact.forward, .backward and
.forward_backward (the kernels, no autograd). PyTorch: F.gelu (approximate
'none' / 'tanh'), x * torch.sigmoid(1.702 * x) for gelu_sigmoid, F.elu,
F.selu, F.silu, and for swish_tanh the eager chain
clamp(tanh(clamp(silu(x) / 2, -1, 1)), -1, 1). Its backward: aten's backward
operators (gelu_backward, elu_backward, which F.selu's gradient also uses,
silu_backward); for gelu_sigmoid and swish_tanh, which have none,
torch.autograd.grad through the eager composition, its forward graph built
before the timing and retained (what a training step's backward runs).
fwdbwd for PyTorch: the forward and then the backward. torch.compile of the
chain (fullgraph, static shapes): fwd compiled without grad; bwd its
AOTAutograd backward through autograd.grad, graph retained; fwdbwd both.
Every output is allocated by PyTorch's caching allocator, gpuact's as
PyTorch's.

Data, never zero: randn (x and dy torch.randn) and mix (x mostly uniform in
[-8, 8], 1/32 of it in the tails up to |x| ~ 100, 1/1024 of those up to 1e4;
dy of uniform magnitude in [1/64, 2] with a random sign), drawn in fp32 and
rounded to the dtype (a zero becomes 0.5), as bench/bench.cu's.

Timing: CUDA events around each batch of calls, the host running ahead of
the GPU so that its queue never runs dry (a batch's time is the GPU's, unless
the host is slower, as it is for plain launches at small n); --warmup batches
first, then the median of --reps. On the GPU the inputs are rotated over sets
of (x, dy) and of copy destinations (together at least 3x the L2 cache;
one set at large n, at most 1024) so that L2 does not serve them, and a
batch's outputs are held until its end so that they rotate too. On the CPU
(a smoke test) time.perf_counter, one set, no graphs.

Before any timing, each row checks once that gpuact's outputs are finite,
not all zero, and within a loose tolerance of PyTorch's (a broken kernel is
not timed: its row reads FAIL, and the exit status is 1).

Columns. Table: op, dtype, dir, data; "gpuact ms" and "torch ms" (median
per call); "%copy" of each; "x torch" = torch time / gpuact time (above 1:
gpuact is faster); for swish_tanh "compile ms", its "%copy" and "x compile";
"copy GB/s"; check. The last line counts the rows that meet the speed bars
of issue 22 (>= 95% of copy, >= 1.0x PyTorch; swish_tanh >= 5x eager and
>= 1.0x torch.compile). --small: n, op, dtype, dir, microseconds per call of
gpuact and torch and their ratio, plain and from a graph. --sweep: n, op,
dtype, dir, GB/s of gpuact, torch, copy and the two "% copy". --csv FILE
writes the table to FILE and the other modes to FILE-small.csv and
FILE-sweep.csv (FILE's extension kept), times in ms or us, as printed but
with more digits.
"""
import argparse
import contextlib
import csv
import datetime
import functools
import gc
import math
import os
import platform
import statistics
import subprocess
import sys
import time

import torch
import torch.nn.functional as F

try:
    import gpuact
    import gpuact.torch as GA
except ImportError as _e:
    raise SystemExit("torch_compare: gpuact is not installed (%s): pip install --no-build-isolation ./python, "
                     "or scripts/gpu-python.sh on the GPU machine" % _e)

OPS = ("gelu_erf", "gelu_tanh", "gelu_sigmoid", "elu", "selu", "silu", "swish_tanh")
DTYPES = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}
DTYPE_NAMES = {"float32": "f32", "fp32": "f32", "float16": "f16", "fp16": "f16", "half": "f16", "bfloat16": "bf16"}
DIRS = ("fwd", "bwd", "fwdbwd")
DATA = ("randn", "mix")
ARRAYS = {"fwd": 2, "bwd": 3, "fwdbwd": 4}  # arrays of n elements read + written
PARAMS = (1.0, 0.5, -1.0, 1.0)  # alpha, scale, lo, hi: gpuact.torch's defaults, PyTorch's ops' too
SELU_ALPHA, SELU_SCALE = 1.6732632423543772848170429916717, 1.0507009873554804934193349852946
SEEDS = {"randn": 1, "mix": 2}
CHUNK = 1 << 24  # elements drawn or checked at a time: bounds the temporaries at large n
MAX_SETS = 1024
SMALL_CALLS = 200  # calls per batch in --small
# (relative, absolute) tolerance of the sanity check, and the fraction of
# elements allowed outside it: loose enough for PyTorch's own rounding (its
# composed ops round every step; a clamp's edge can fall either side), tight
# enough to catch a kernel that writes garbage, zeros or nothing
TOL = {"f32": (1e-3, 1e-4), "f16": (2e-2, 2e-2), "bf16": (5e-2, 5e-2)}
MAX_BAD = 1e-3

_aten = torch.ops.aten


# ---- PyTorch's equivalents ----------------------------------------------------
def gelu_sigmoid_eager(x):
    return x * torch.sigmoid(1.702 * x)


def swish_tanh_eager(x):
    return torch.clamp(torch.tanh(torch.clamp(F.silu(x) / 2, -1, 1)), -1, 1)


TORCH_FWD = {
    "gelu_erf": F.gelu,
    "gelu_tanh": functools.partial(F.gelu, approximate="tanh"),
    "gelu_sigmoid": gelu_sigmoid_eager,
    "elu": F.elu,
    "selu": F.selu,
    "silu": F.silu,
    "swish_tanh": swish_tanh_eager,
}
# aten's backward operators, dx from (x, dy); the others go through autograd
TORCH_BWD = {
    "gelu_erf": lambda x, dy: _aten.gelu_backward.default(dy, x, approximate="none"),
    "gelu_tanh": lambda x, dy: _aten.gelu_backward.default(dy, x, approximate="tanh"),
    "elu": lambda x, dy: _aten.elu_backward.default(dy, 1.0, 1.0, 1.0, False, x),
    "selu": lambda x, dy: _aten.elu_backward.default(dy, SELU_ALPHA, SELU_SCALE, 1.0, False, x),
    "silu": lambda x, dy: _aten.silu_backward.default(dy, x),
}


# ---- the calls timed: lists of zero-argument callables, one per buffer set ----
def gpuact_calls(op, direction, xs, dys):
    code = GA.OPS[op]
    if direction == "fwd":
        return [functools.partial(torch.ops.gpuact.forward.default, x, code, *PARAMS) for x in xs]
    f = torch.ops.gpuact.backward.default if direction == "bwd" else torch.ops.gpuact.forward_backward.default
    return [functools.partial(f, x, dy, code, *PARAMS) for x, dy in zip(xs, dys)]


def torch_calls(fwd, bwd, direction, xs, dys):
    """fwd: x -> y; bwd: (x, dy) -> dx, or None for autograd through fwd."""
    if direction == "fwd":
        return [functools.partial(fwd, x) for x in xs]
    if bwd is not None:
        if direction == "bwd":
            return [functools.partial(bwd, x, dy) for x, dy in zip(xs, dys)]
        return [functools.partial(_fwd_then_bwd, fwd, bwd, x, dy) for x, dy in zip(xs, dys)]
    if direction == "bwd":
        return [_retained_backward(fwd, x, dy) for x, dy in zip(xs, dys)]
    return [functools.partial(_autograd_fwdbwd, fwd, x, dy) for x, dy in zip(xs, dys)]


def _fwd_then_bwd(fwd, bwd, x, dy):
    return fwd(x), bwd(x, dy)


def _retained_backward(fwd, x, dy):
    """The backward alone: fwd's graph is built here, once, and kept."""
    with torch.enable_grad():
        xg = x.detach().requires_grad_()
        y = fwd(xg)
    return lambda: torch.autograd.grad(y, xg, dy, retain_graph=True)[0]


def _autograd_fwdbwd(fwd, x, dy):
    with torch.enable_grad():
        xg = x.detach().requires_grad_()
        y = fwd(xg)
    return y.detach(), torch.autograd.grad(y, xg, dy)[0]


def copy_calls(xs, dsts):
    return [functools.partial(torch.Tensor.copy_, d, x) for x, d in zip(xs, dsts)]


def compiled_chain():
    """torch.compile of the eager chain, with room for a graph per dtype and
    grad mode (past the recompile limit dynamo would run it eagerly)."""
    cfg = torch._dynamo.config
    for k in ("recompile_limit", "cache_size_limit"):
        if hasattr(cfg, k):
            setattr(cfg, k, max(getattr(cfg, k), 64))
    return torch.compile(swish_tanh_eager, fullgraph=True, dynamic=False)


# ---- data -------------------------------------------------------------------------
def draw(kind, which, m, gen, dev):
    """m fp32 values of data set `kind`: which 0 is x, 1 is dy."""
    def rand():
        return torch.rand(m, generator=gen, device=dev)

    if kind == "randn":
        return torch.randn(m, generator=gen, device=dev)
    if which == 1:  # dy: magnitude uniform in [1/64, 2], random sign
        mag = 1 / 64 + (2 - 1 / 64) * rand()
        return torch.where(rand() < 0.5, -mag, mag)
    x = 16 * rand() - 8
    t = rand()
    tail = torch.where(rand() < 1 / 1024, 100 + 9900 * t, 8 + 92 * t * t)
    tail = torch.where(rand() < 0.5, -tail, tail)
    return torch.where(rand() < 1 / 32, tail, x)


def make_sets(kind, dtype, n, sets, dev):
    """(xs, dys, dsts): `sets` views of n elements into each of three pools."""
    gen = torch.Generator(device=dev)
    gen.manual_seed(SEEDS[kind])
    pools = [torch.empty(sets * n, dtype=dtype, device=dev) for _ in range(3)]
    for which in (0, 1):
        p = pools[which]
        for a in range(0, p.numel(), CHUNK):
            v = draw(kind, which, min(CHUNK, p.numel() - a), gen, dev).to(dtype)
            p[a:a + v.numel()] = v.masked_fill_(v == 0, 0.5)
    return tuple([p[i * n:(i + 1) * n] for i in range(sets)] for p in pools)


def l2_bytes(dev):
    if dev.type != "cuda":
        return 0
    return getattr(torch.cuda.get_device_properties(dev), "L2_cache_size", 0) or 50 << 20


def n_sets(n, esz, dev, cap=MAX_SETS):
    """Buffer sets whose inputs together cover 3x the L2 cache (one on the CPU)."""
    return max(1, min(cap, -(-3 * l2_bytes(dev) // (2 * n * esz))))


# ---- checks -------------------------------------------------------------------------
def outputs(r):
    return tuple(r) if isinstance(r, (tuple, list)) else (r,)


def check(got, ref, dname):
    """'ok', or what is wrong with `got` (outputs) against `ref` (PyTorch's)."""
    rel, ab = TOL[dname]
    for i, (g, r) in enumerate(zip(got, ref)):
        bad = nonzero = 0
        for a in range(0, g.numel(), CHUNK):
            gv, rv = g[a:a + CHUNK].float(), r[a:a + CHUNK].float()
            if not bool(torch.isfinite(gv).all()):
                return "output %d not finite" % i
            nonzero += int(gv.count_nonzero())
            bad += int(((gv - rv).abs() > rel * rv.abs() + ab).count_nonzero())
        if nonzero == 0:
            return "output %d all zero" % i
        if bad > MAX_BAD * g.numel():
            return "output %d: %d of %d elements off" % (i, bad, g.numel())
    return "ok"


def check_row(dname, impls):
    """One call of each implementation on set 0; 'ok' or why not, naming who."""
    out = {k: outputs(calls[0]()) for k, calls in impls.items()}
    for k in out:
        why = check(out[k], out["torch"], dname)
        if why != "ok":
            return "%s: %s" % (k, why)
    return "ok"


# ---- timing ---------------------------------------------------------------------------
def batch(calls, count):
    """A batch of `count` calls cycling over the sets, outputs held to its end."""
    seq = [calls[i % len(calls)] for i in range(count)]
    return lambda: [c() for c in seq]


def graphed(fn, stream):
    """fn captured into a CUDA graph; returns its replay."""
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g, stream=stream):
        held = fn()

    def replay(_keep=(g, held)):
        g.replay()
    return replay


def measure(batches, reps, warmup, dev):
    """Median seconds of each batch; the batches run in turn, repetition by repetition."""
    names = list(batches)
    if dev.type != "cuda":
        times = {k: [] for k in names}
        for r in range(warmup + reps):
            for k in names:
                t0 = time.perf_counter()
                out = batches[k]()
                t1 = time.perf_counter()
                del out
                if r >= warmup:
                    times[k].append(t1 - t0)
        return {k: statistics.median(v) for k, v in times.items()}
    marks = {k: [] for k in names}
    for r in range(warmup + reps):
        for k in names:
            a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            a.record()
            out = batches[k]()
            b.record()
            del out  # freed in stream order: safe while its kernels are queued
            if r >= warmup:
                marks[k].append((a, b))
    torch.cuda.synchronize(dev)
    return {k: statistics.median([a.elapsed_time(b) for a, b in v]) / 1e3 for k, v in marks.items()}


def free_memory(dev):
    gc.collect()
    if dev.type == "cuda":
        torch.cuda.empty_cache()


# ---- output ---------------------------------------------------------------------------
NAN = float("nan")


def fmt(v, spec):
    return "-" if v is None or (isinstance(v, float) and math.isnan(v)) else spec % v


def print_row(cols, row):
    print("  ".join(fmt(row.get(k), spec).rjust(w) if spec[-1] != "s" else str(row.get(k, "-")).ljust(w)
                    for k, w, spec, _ in cols), flush=True)


def print_header(cols):
    print("  ".join(t.rjust(w) if spec[-1] != "s" else t.ljust(w) for _, w, spec, t in cols))


def csv_path(path, mode):
    if not path or mode == "table":
        return path
    root, ext = os.path.splitext(path)
    return "%s-%s%s" % (root, mode, ext or ".csv")


def write_csv(path, rows, fields):
    if not path:
        return
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow({k: ("" if isinstance(v, float) and math.isnan(v) else v) for k, v in r.items()})
    print("wrote %s" % path)


def environment(dev):
    """Lines naming the device, driver, versions, date and commit."""
    if dev.type == "cuda":
        p = torch.cuda.get_device_properties(dev)
        name = "%s (sm_%d%d, %d SMs, %.1f GiB, L2 %.0f MiB)" % (p.name, p.major, p.minor, p.multi_processor_count,
                                                               p.total_memory / 2**30, l2_bytes(dev) / 2**20)
        drv = run_quiet(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"]).split("\n")[0]
        sw = "driver %s, CUDA %s (torch's)" % (drv or "unknown", torch.version.cuda)
    else:
        name = "CPU %s, %d torch threads" % (platform.processor() or platform.machine(), torch.get_num_threads())
        sw = "no GPU"
    try:
        import triton
        tri = triton.__version__
    except ImportError:
        tri = "absent"
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    commit = run_quiet(["git", "-C", root, "rev-parse", "HEAD"]) or "unknown"
    if commit != "unknown" and run_quiet(["git", "-C", root, "status", "--porcelain", "--untracked-files=no"]):
        commit += " (tracked files modified)"
    ga = "gpuact %s (CUDA part: %s)" % (getattr(gpuact, "__version__", "?"), "yes" if GA.has_cuda() else "no")
    return ["device: %s" % name,
            "%s; torch %s, triton %s, python %s, %s" % (sw, torch.__version__, tri, platform.python_version(), ga),
            "date: %s, commit: %s" % (datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
                                      commit)]


def run_quiet(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=20).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


# ---- table mode -------------------------------------------------------------------------
TABLE_COLS = [  # key, width, format, title
    ("op", 12, "%s", "op"), ("dtype", 5, "%s", "dtype"), ("direction", 6, "%s", "dir"), ("data", 5, "%s", "data"),
    ("gpuact_ms", 9, "%.3f", "gpuact ms"), ("gpuact_pct_of_copy", 6, "%.1f", "%copy"),
    ("torch_ms", 9, "%.3f", "torch ms"), ("torch_pct_of_copy", 6, "%.1f", "%copy"),
    ("speedup_vs_torch", 7, "%.2f", "x torch"),
    ("compile_ms", 10, "%.3f", "compile ms"), ("compile_pct_of_copy", 6, "%.1f", "%copy"),
    ("speedup_vs_compile", 9, "%.2f", "x compile"),
    ("copy_gb_per_s", 9, "%.1f", "copy GB/s"), ("check", 5, "%s", "check"),
]
TABLE_FIELDS = ["data", "op", "dtype", "direction", "n", "bytes", "sets", "gpuact_ms", "gpuact_gb_per_s",
                "gpuact_pct_of_copy", "torch_ms", "torch_gb_per_s", "torch_pct_of_copy", "speedup_vs_torch",
                "compile_ms", "compile_gb_per_s", "compile_pct_of_copy", "speedup_vs_compile", "copy_ms",
                "copy_gb_per_s", "check"]


def table_row(op, dname, direction, kind, sets, state, args, dev):
    xs, dys, dsts = sets
    n = xs[0].numel()
    nbytes = ARRAYS[direction] * n * xs[0].element_size()
    row = {"data": kind, "op": op, "dtype": dname, "direction": direction, "n": n, "bytes": nbytes,
           "sets": len(xs)}
    impls = {"gpuact": gpuact_calls(op, direction, xs, dys),
             "torch": torch_calls(TORCH_FWD[op], TORCH_BWD.get(op), direction, xs, dys)}
    if op == "swish_tanh" and state.get("compiled"):
        try:
            impls["compile"] = torch_calls(state["compiled"], None, direction, xs, dys)
            impls["compile"][0]()  # compiles here, not in the timing
        except Exception as e:  # no compiler, or a torch.compile failure: the column stays empty
            print("torch_compare: torch.compile of the chain failed, no compile column: %s" % e, file=sys.stderr)
            state["compiled"] = None
            impls.pop("compile", None)
    row["check"] = check_row(dname, impls)
    if row["check"] != "ok":
        return row
    impls["copy"] = copy_calls(xs, dsts)
    t = measure({k: batch(c, len(xs)) for k, c in impls.items()}, args.reps, args.warmup, dev)
    copy_gbs = 2 * n * xs[0].element_size() / (t["copy"] / len(xs)) / 1e9
    row.update(copy_ms=t["copy"] / len(xs) * 1e3, copy_gb_per_s=copy_gbs)
    for k in ("gpuact", "torch", "compile"):
        s = t[k] / len(xs) if k in t else NAN
        row[k + "_ms"] = s * 1e3
        row[k + "_gb_per_s"] = nbytes / s / 1e9
        row[k + "_pct_of_copy"] = 100 * nbytes / s / 1e9 / copy_gbs
    row["speedup_vs_torch"] = row["torch_ms"] / row["gpuact_ms"]
    row["speedup_vs_compile"] = row["compile_ms"] / row["gpuact_ms"]
    return row


def table_summary(rows):
    ok = [r for r in rows if r["check"] == "ok"]
    sw = [r for r in ok if r["op"] == "swish_tanh"]
    swc = [r for r in sw if not math.isnan(r["speedup_vs_compile"])]
    return ("torch_compare: %d rows, %d failed checks; gpuact >= 95%% of copy in %d, >= 1.0x PyTorch in %d; "
            "swish_tanh >= 5x eager in %d of %d, >= 1.0x torch.compile in %d of %d" % (
                len(rows), len(rows) - len(ok), sum(r["gpuact_pct_of_copy"] >= 95 for r in ok),
                sum(r["speedup_vs_torch"] >= 1 for r in ok), sum(r["speedup_vs_torch"] >= 5 for r in sw), len(sw),
                sum(r["speedup_vs_compile"] >= 1 for r in swc), len(swc)))


def run_table(args, dev):
    n = 1 << args.log2n
    print("\ntable: n = 2^%d, median of %d repetitions after %d warm-up" % (args.log2n, args.reps, args.warmup))
    print_header(TABLE_COLS)
    state = {"compiled": compiled_chain() if not args.no_compile and "swish_tanh" in args.ops else None}
    rows = []
    for kind in args.data:
        for dname in args.dtypes:
            sets = make_sets(kind, DTYPES[dname], n, n_sets(n, DTYPES[dname].itemsize, dev), dev)
            for op in args.ops:
                for direction in args.dirs:
                    row = table_row(op, dname, direction, kind, sets, state, args, dev)
                    print_row(TABLE_COLS, row)
                    rows.append(row)
            del sets
            free_memory(dev)
    write_csv(csv_path(args.csv, "table"), rows, TABLE_FIELDS)
    print(table_summary(rows))
    return rows


# ---- --small ----------------------------------------------------------------------------
SMALL_COLS = [
    ("log2n", 5, "%d", "log2n"), ("op", 12, "%s", "op"), ("dtype", 5, "%s", "dtype"), ("direction", 6, "%s", "dir"),
    ("gpuact_us", 9, "%.2f", "gpuact us"), ("torch_us", 9, "%.2f", "torch us"),
    ("speedup_vs_torch", 7, "%.2f", "x torch"),
    ("gpuact_graph_us", 9, "%.2f", "graph: ga"), ("torch_graph_us", 8, "%.2f", "torch"),
    ("speedup_vs_torch_graph", 7, "%.2f", "x torch"), ("check", 5, "%s", "check"),
]
SMALL_FIELDS = ["data", "op", "dtype", "direction", "n", "log2n", "calls_per_batch", "sets", "gpuact_us", "torch_us",
                "speedup_vs_torch", "gpuact_graph_us", "torch_graph_us", "speedup_vs_torch_graph", "check"]


def small_row(op, dname, direction, kind, sets, args, dev, stream, notes):
    xs, dys, _ = sets
    n = xs[0].numel()
    row = {"data": kind, "op": op, "dtype": dname, "direction": direction, "n": n, "log2n": n.bit_length() - 1,
           "calls_per_batch": SMALL_CALLS, "sets": len(xs)}
    impls = {"gpuact": gpuact_calls(op, direction, xs, dys),
             "torch": torch_calls(TORCH_FWD[op], TORCH_BWD.get(op), direction, xs, dys)}
    row["check"] = check_row(dname, impls)
    if row["check"] != "ok":
        return row
    batches = {k: batch(c, SMALL_CALLS) for k, c in impls.items()}
    t = measure(batches, args.reps, args.warmup, dev)
    row.update({k + "_us": t[k] / SMALL_CALLS * 1e6 for k in t})
    row["speedup_vs_torch"] = row["torch_us"] / row["gpuact_us"]
    if dev.type == "cuda":
        try:
            t = measure({k: graphed(b, stream) for k, b in batches.items()}, args.reps, args.warmup, dev)
            row.update({k + "_graph_us": t[k] / SMALL_CALLS * 1e6 for k in t})
            row["speedup_vs_torch_graph"] = row["torch_graph_us"] / row["gpuact_graph_us"]
        except RuntimeError as e:
            note(notes, "CUDA graph capture failed (%s %s %s): %s" % (op, dname, direction, e))
    return row


def note(notes, msg):
    """Prints msg to stderr the first time it is seen."""
    if msg not in notes:
        notes.add(msg)
        print("torch_compare: " + msg, file=sys.stderr)


def run_small(args, dev, stream):
    lo, hi = args.min_log2n or 10, args.max_log2n or 20
    print("\nsmall: time per call, n = 2^%d ... 2^%d, %d calls a batch, median of %d after %d warm-up%s" % (
        lo, hi, SMALL_CALLS, args.reps, args.warmup, "" if dev.type == "cuda" else " (no graphs on the CPU)"))
    print_header(SMALL_COLS)
    rows, notes = [], set()
    for kind in args.data:
        for dname in args.dtypes:
            for log2n in range(lo, hi + 1):
                n = 1 << log2n
                sets = make_sets(kind, DTYPES[dname], n, n_sets(n, DTYPES[dname].itemsize, dev, SMALL_CALLS), dev)
                for op in args.ops:
                    for direction in args.dirs:
                        row = small_row(op, dname, direction, kind, sets, args, dev, stream, notes)
                        print_row(SMALL_COLS, row)
                        rows.append(row)
                del sets
                free_memory(dev)
    write_csv(csv_path(args.csv, "small"), rows, SMALL_FIELDS)
    ok = [r for r in rows if r["check"] == "ok"]
    le16 = [r for r in ok if r["log2n"] <= 16]
    print("small: %d rows, %d failed checks; at n <= 2^16 gpuact is no slower per call than PyTorch in %d of %d "
          "(plain), %d of %d (graph)" % (len(rows), len(rows) - len(ok), sum(r["speedup_vs_torch"] >= 1 for r in le16),
                                         len(le16), sum(r.get("speedup_vs_torch_graph", 0) >= 1 for r in le16),
                                         sum("speedup_vs_torch_graph" in r for r in le16)))
    return rows


# ---- --sweep ----------------------------------------------------------------------------
SWEEP_COLS = [
    ("log2n", 5, "%d", "log2n"), ("op", 12, "%s", "op"), ("dtype", 5, "%s", "dtype"), ("direction", 6, "%s", "dir"),
    ("gpuact_gb_per_s", 11, "%.1f", "gpuact GB/s"), ("torch_gb_per_s", 10, "%.1f", "torch GB/s"),
    ("copy_gb_per_s", 9, "%.1f", "copy GB/s"), ("gpuact_pct_of_copy", 6, "%.1f", "%copy"),
    ("torch_pct_of_copy", 6, "%.1f", "%copy"), ("timing", 6, "%s", "timing"), ("check", 5, "%s", "check"),
]
SWEEP_FIELDS = ["data", "op", "dtype", "direction", "n", "log2n", "bytes", "sets", "gpuact_gb_per_s", "torch_gb_per_s",
                "copy_gb_per_s", "gpuact_pct_of_copy", "torch_pct_of_copy", "timing", "check"]


def need_bytes(n, esz, sets):
    """The pools, and the worst case's outputs and intermediates (the eager
    chain's retained graph, and its backward captured in a graph)."""
    return (3 * sets + 16) * n * esz


def fits(n, esz, sets, dev):
    need = need_bytes(n, esz, sets)
    if dev.type == "cuda":
        return need <= 0.9 * torch.cuda.mem_get_info(dev)[0]
    return need <= 4 << 30  # a smoke test, not a machine's worth of memory


def sweep_row(op, dname, direction, kind, sets, args, dev, stream, notes):
    xs, dys, dsts = sets
    n, esz = xs[0].numel(), xs[0].element_size()
    nbytes = ARRAYS[direction] * n * esz
    row = {"data": kind, "op": op, "dtype": dname, "direction": direction, "n": n, "log2n": n.bit_length() - 1,
           "bytes": nbytes, "sets": len(xs), "timing": "plain"}
    impls = {"gpuact": gpuact_calls(op, direction, xs, dys),
             "torch": torch_calls(TORCH_FWD[op], TORCH_BWD.get(op), direction, xs, dys)}
    row["check"] = check_row(dname, impls)
    if row["check"] != "ok":
        return row
    impls["copy"] = copy_calls(xs, dsts)
    batches = {k: batch(c, len(xs)) for k, c in impls.items()}
    if dev.type == "cuda":
        try:
            for b in batches.values():
                b()  # every kernel loaded before the capture
            batches = {k: graphed(b, stream) for k, b in batches.items()}
            row["timing"] = "graph"
        except RuntimeError as e:
            note(notes, "CUDA graph capture failed (%s %s %s), plain launches: %s" % (op, dname, direction, e))
    t = measure(batches, args.reps, args.warmup, dev)
    per = {k: v / len(xs) for k, v in t.items()}
    row["copy_gb_per_s"] = 2 * n * esz / per["copy"] / 1e9
    for k in ("gpuact", "torch"):
        row[k + "_gb_per_s"] = nbytes / per[k] / 1e9
        row[k + "_pct_of_copy"] = 100 * row[k + "_gb_per_s"] / row["copy_gb_per_s"]
    return row


def run_sweep(args, dev, stream):
    lo, hi = args.min_log2n or 10, args.max_log2n or (30 if dev.type == "cuda" else 22)
    print("\nsweep: GB/s, n = 2^%d ... 2^%d, median of %d after %d warm-up, %s" % (
        lo, hi, args.reps, args.warmup, "CUDA graphs of a batch of calls" if dev.type == "cuda" else "plain calls"))
    print_header(SWEEP_COLS)
    rows, notes = [], set()
    for kind in args.data:
        for dname in args.dtypes:
            for log2n in range(lo, hi + 1):
                n, esz = 1 << log2n, DTYPES[dname].itemsize
                k = n_sets(n, esz, dev)
                if not fits(n, esz, k, dev):
                    gib = need_bytes(n, esz, k) / 2**30
                    print("%5d  skipped: %s %s needs about %.1f GiB" % (log2n, kind, dname, gib))
                    continue
                try:
                    sets = make_sets(kind, DTYPES[dname], n, k, dev)
                    for op in args.ops:
                        for direction in args.dirs:
                            row = sweep_row(op, dname, direction, kind, sets, args, dev, stream, notes)
                            print_row(SWEEP_COLS, row)
                            rows.append(row)
                except torch.cuda.OutOfMemoryError:
                    print("%5d  stopped: %s %s out of memory" % (log2n, kind, dname))
                sets = None
                free_memory(dev)
    write_csv(csv_path(args.csv, "sweep"), rows, SWEEP_FIELDS)
    if args.svg:
        plot_sweep(rows, args.svg)
    print("sweep: %d rows, %d failed checks" % (len(rows), sum(r["check"] != "ok" for r in rows)))
    return rows


def plot_sweep(rows, path):
    """Bandwidth against size: a panel per (data, op, direction); per dtype
    a colour, gpuact solid, PyTorch dashed, copy dotted."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [r for r in rows if r["check"] == "ok"]
    panels = list(dict.fromkeys((r["data"], r["op"], r["direction"]) for r in rows))
    if not panels:
        return
    dirs = list(dict.fromkeys(p[2] for p in panels))
    lines = list(dict.fromkeys(p[:2] for p in panels))
    fig, axes = plt.subplots(len(lines), len(dirs), figsize=(4.6 * len(dirs), 3.2 * len(lines)), squeeze=False,
                             sharex=True)
    colours = {"f32": "C0", "f16": "C1", "bf16": "C2"}
    for (data, op, direction) in panels:
        ax = axes[lines.index((data, op))][dirs.index(direction)]
        for dname in colours:
            rs = sorted((r for r in rows if (r["data"], r["op"], r["direction"], r["dtype"]) ==
                         (data, op, direction, dname)), key=lambda r: r["n"])
            if not rs:
                continue
            x = [r["n"] for r in rs]
            for key, style, who in (("gpuact_gb_per_s", "-", "gpuact"), ("torch_gb_per_s", "--", "PyTorch"),
                                    ("copy_gb_per_s", ":", "copy")):
                ax.plot(x, [r[key] for r in rs], style, color=colours[dname], label="%s %s" % (who, dname))
        ax.set_xscale("log", base=2)
        ax.set_title("%s %s (%s)" % (op, direction, data), fontsize=9)
        ax.set_ylabel("GB/s", fontsize=8)
        ax.grid(True, alpha=0.3)
        ax.tick_params(labelsize=7)
    for ax in axes[-1]:
        ax.set_xlabel("n (elements)", fontsize=8)
    axes[0][0].legend(fontsize=6, ncol=3)
    fig.tight_layout()
    fig.savefig(path, format="svg")
    plt.close(fig)
    print("wrote %s" % path)


# ---- --gated ----------------------------------------------------------------------------
# The gated forms y = f(a) b (GEGLU: gelu_erf, gelu_tanh; SwiGLU: silu) on
# rows x cols outputs: "halves", a and b the two halves of one [rows, 2 cols]
# tensor (f on the first), or "pair", two [rows, cols] tensors.
GATED_OPS = ("gelu_erf", "gelu_tanh", "silu")
GATED_LAYOUTS = ("halves", "pair")
GATED_ARRAYS = {"fwd": 3, "bwd": 5}  # arrays of rows x cols: fwd a, b, y; bwd a, b, dy, da, db
GATED_COLS = [
    ("op", 9, "%s", "op"), ("dtype", 5, "%s", "dtype"), ("direction", 4, "%s", "dir"), ("layout", 6, "%s", "layout"),
    ("data", 5, "%s", "data"), ("gpuact_ms", 9, "%.3f", "gpuact ms"), ("gpuact_pct_of_copy", 6, "%.1f", "%copy"),
    ("torch_ms", 9, "%.3f", "eager ms"), ("torch_pct_of_copy", 6, "%.1f", "%copy"),
    ("speedup_vs_torch", 7, "%.2f", "x eager"), ("compile_ms", 10, "%.3f", "compile ms"),
    ("compile_pct_of_copy", 6, "%.1f", "%copy"), ("speedup_vs_compile", 9, "%.2f", "x compile"),
    ("copy_gb_per_s", 9, "%.1f", "copy GB/s"), ("check", 5, "%s", "check"),
]
GATED_FIELDS = ["data", "op", "dtype", "direction", "layout", "rows", "cols", "n", "bytes", "sets", "gpuact_ms",
                "gpuact_gb_per_s", "gpuact_pct_of_copy", "torch_ms", "torch_gb_per_s", "torch_pct_of_copy",
                "speedup_vs_torch", "compile_ms", "compile_gb_per_s", "compile_pct_of_copy", "speedup_vs_compile",
                "copy_ms", "copy_gb_per_s", "check"]


def gated_eager(op, layout):
    """PyTorch's composition: f(a) * b, on x's chunks for the halves."""
    f = TORCH_FWD[op]
    if layout == "halves":
        def halves(x):
            a, b = x.chunk(2, -1)
            return f(a) * b
        return halves

    def pair(a, b):
        return f(a) * b
    return pair


def gated_sets(kind, dtype, rows, cols, layout, sets, dev):
    """Per set: the inputs (x, or a and b) and dy, a copy destination, and
    the copy's source (the inputs' 2 rows x cols elements). a is drawn as the
    data set's x, b and dy as its dy (for mix: magnitudes in [1/64, 2], so
    that f(a) b stays finite in fp16)."""
    gen = torch.Generator(device=dev)
    gen.manual_seed(SEEDS[kind])
    pool = torch.empty((sets, rows, 2 * cols) if layout == "halves" else (sets, 2, rows, cols), dtype=dtype, device=dev)
    dys = torch.empty(sets, rows, cols, dtype=dtype, device=dev)
    step = max(1, CHUNK // cols)

    def fill(view, which):  # view: rows x cols, maybe strided
        for r in range(0, rows, step):
            m = min(step, rows - r)
            v = draw(kind, which, m * cols, gen, dev).to(dtype)
            view[r:r + m] = v.masked_fill_(v == 0, 0.5).view(m, cols)

    out = {"inputs": [], "dy": [], "dst": [], "src": []}
    for i in range(sets):
        halves = (pool[i][:, :cols], pool[i][:, cols:]) if layout == "halves" else (pool[i][0], pool[i][1])
        fill(halves[0], 0)
        fill(halves[1], 1)
        fill(dys[i], 1)
        out["inputs"].append((pool[i],) if layout == "halves" else halves)
        out["dy"].append(dys[i])
        out["src"].append(pool[i])
        out["dst"].append(torch.empty_like(pool[i]))
    return out


def gated_calls(who, op, direction, layout, sets, compiled=None):
    """The calls of one implementation: gpuact's operators, or autograd
    through PyTorch's composition (eager, or compiled) with its forward graph
    built here, once, and retained (what a training step's backward runs)."""
    code = GA.OPS[op]
    ins, dys = sets["inputs"], sets["dy"]
    if who == "gpuact":
        if layout == "halves":
            if direction == "fwd":
                return [functools.partial(torch.ops.gpuact.gated_halves.default, x, -1, True, code, *PARAMS)
                        for (x,) in ins]
            return [functools.partial(torch.ops.gpuact.gated_halves_backward.default, x, dy, -1, True, code, *PARAMS)
                    for (x,), dy in zip(ins, dys)]
        if direction == "fwd":
            return [functools.partial(torch.ops.gpuact.gated.default, a, b, code, *PARAMS) for a, b in ins]
        return [functools.partial(torch.ops.gpuact.gated_backward.default, a, b, dy, code, *PARAMS)
                for (a, b), dy in zip(ins, dys)]
    fn = compiled if who == "compile" else gated_eager(op, layout)
    if direction == "fwd":
        return [functools.partial(fn, *t) for t in ins]
    return [_retained_grads(fn, t, dy) for t, dy in zip(ins, dys)]


def _retained_grads(fwd, inputs, dy):
    with torch.enable_grad():
        leaves = [t.detach().requires_grad_() for t in inputs]
        y = fwd(*leaves)
    return lambda: torch.autograd.grad(y, leaves, dy, retain_graph=True)


def gated_compiled(op, layout, state):
    """torch.compile of the composition (one per op and layout; dtypes and
    grad modes recompile), or None where compiling failed once."""
    key = (op, layout)
    if key not in state:
        cfg = torch._dynamo.config
        for k in ("recompile_limit", "cache_size_limit"):
            if hasattr(cfg, k):
                setattr(cfg, k, max(getattr(cfg, k), 64))
        state[key] = torch.compile(gated_eager(op, layout), fullgraph=True, dynamic=False)
    return state[key]


def gated_row(op, dname, direction, layout, kind, sets, state, args, dev):
    rows, cols = sets["dy"][0].shape
    n, esz = rows * cols, sets["dy"][0].element_size()
    nbytes = GATED_ARRAYS[direction] * n * esz
    row = {"data": kind, "op": op, "dtype": dname, "direction": direction, "layout": layout, "rows": rows,
           "cols": cols, "n": n, "bytes": nbytes, "sets": len(sets["dy"])}
    impls = {"gpuact": gated_calls("gpuact", op, direction, layout, sets),
             "torch": gated_calls("torch", op, direction, layout, sets)}
    if not args.no_compile and state.get("compile_ok", True):
        try:
            impls["compile"] = gated_calls("compile", op, direction, layout, sets, gated_compiled(op, layout, state))
            impls["compile"][0]()  # compiles here, not in the timing
        except Exception as e:  # no compiler, or a torch.compile failure: the column stays empty
            print("torch_compare: torch.compile of the gated composition failed, no compile column: %s" % e,
                  file=sys.stderr)
            state["compile_ok"] = False
            impls.pop("compile", None)
    row["check"] = check_row(dname, impls)
    if row["check"] != "ok":
        return row
    impls["copy"] = copy_calls(sets["src"], sets["dst"])
    t = measure({k: batch(c, len(sets["dy"])) for k, c in impls.items()}, args.reps, args.warmup, dev)
    per = {k: v / len(sets["dy"]) for k, v in t.items()}
    copy_gbs = 2 * sets["src"][0].numel() * esz / per["copy"] / 1e9
    row.update(copy_ms=per["copy"] * 1e3, copy_gb_per_s=copy_gbs)
    for k in ("gpuact", "torch", "compile"):
        sec = per.get(k, NAN)
        row[k + "_ms"] = sec * 1e3
        row[k + "_gb_per_s"] = nbytes / sec / 1e9
        row[k + "_pct_of_copy"] = 100 * row[k + "_gb_per_s"] / copy_gbs
    row["speedup_vs_torch"] = row["torch_ms"] / row["gpuact_ms"]
    row["speedup_vs_compile"] = row["compile_ms"] / row["gpuact_ms"]
    return row


def gated_summary(rows):
    ok = [r for r in rows if r["check"] == "ok"]
    bar = [r for r in ok if r["dtype"] in ("f32", "bf16")]
    comp = [r for r in ok if not math.isnan(r["speedup_vs_compile"])]
    return ("gated: %d rows, %d failed checks; gpuact >= 90%% of copy in %d of %d; >= 1.5x eager in %d of %d "
            "(f32, bf16); >= 1.0x torch.compile in %d of %d" % (
                len(rows), len(rows) - len(ok), sum(r["gpuact_pct_of_copy"] >= 90 for r in ok), len(ok),
                sum(r["speedup_vs_torch"] >= 1.5 for r in bar), len(bar), sum(r["speedup_vs_compile"] >= 1 for r in comp),
                len(comp)))


def run_gated(args, dev):
    rows_, cols = args.gated_shape
    ops = [o for o in args.ops if o in GATED_OPS]
    dirs = [d for d in args.dirs if d in GATED_ARRAYS]
    print("\ngated: y = f(a) b, y [%d, %d] (n = %d), median of %d repetitions after %d warm-up" % (
        rows_, cols, rows_ * cols, args.reps, args.warmup))
    print_header(GATED_COLS)
    state, rows = {}, []
    for kind in args.data:
        for dname in args.dtypes:
            esz = DTYPES[dname].itemsize
            nsets = max(1, min(MAX_SETS, -(-3 * l2_bytes(dev) // (3 * rows_ * cols * esz))))  # x (or a, b) and dy
            for layout in args.gated_layouts:
                sets = gated_sets(kind, DTYPES[dname], rows_, cols, layout, nsets, dev)
                for op in ops:
                    for direction in dirs:
                        row = gated_row(op, dname, direction, layout, kind, sets, state, args, dev)
                        print_row(GATED_COLS, row)
                        rows.append(row)
                del sets
                free_memory(dev)
    write_csv(csv_path(args.csv, "gated"), rows, GATED_FIELDS)
    print(gated_summary(rows))
    return rows


# ---- main -------------------------------------------------------------------------------
def choice_list(text, allowed, default, aliases=None):
    if text is None:
        return list(default)
    if text == "all":
        return list(allowed)
    out = [(aliases or {}).get(t.strip(), t.strip()) for t in text.split(",") if t.strip()]
    bad = [t for t in out if t not in allowed]
    if bad:
        raise SystemExit("torch_compare: unknown %s (choose from %s)" % (", ".join(bad), ", ".join(allowed)))
    return out


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                epilog="See the docstring at the top of this file for the columns and the method.")
    p.add_argument("--device", default="cuda", choices=("cuda", "cpu"))
    p.add_argument("--log2n", type=int, default=28, help="table: n = 2^LOG2N elements (default 28)")
    p.add_argument("--ops", help="comma list of %s, or all (default)" % ", ".join(OPS))
    p.add_argument("--dtypes", help="comma list of f32, f16, bf16 (or float32, ...), or all (default)")
    p.add_argument("--dirs", help="comma list of fwd, bwd, fwdbwd (default: all; --small/--sweep: fwd,bwd)")
    p.add_argument("--data", help="comma list of randn, mix (default: both; --small/--sweep: randn)")
    p.add_argument("--reps", type=int, default=30, help="timed repetitions, median taken (default 30)")
    p.add_argument("--warmup", type=int, default=3, help="untimed repetitions first (default 3)")
    p.add_argument("--csv", help="write the table here (and FILE-small.csv, FILE-sweep.csv)")
    p.add_argument("--table", action="store_true", help="the table too when --small or --sweep is given")
    p.add_argument("--small", action="store_true", help="time per call, n = 2^10 ... 2^20")
    p.add_argument("--sweep", action="store_true", help="GB/s per size, n = 2^10 ... 2^30")
    p.add_argument("--min-log2n", type=int, help="--small/--sweep: the smallest size (default 10)")
    p.add_argument("--max-log2n", type=int, help="--small/--sweep: the largest (default 20 / 30, CPU sweep 22)")
    p.add_argument("--svg", help="--sweep: plot bandwidth against size into this SVG file")
    p.add_argument("--no-compile", action="store_true", help="no torch.compile column")
    p.add_argument("--gated", action="store_true", help="the gated forms (gelu_erf, gelu_tanh, silu; fwd, bwd)")
    p.add_argument("--gated-shape", default="16384,16384",
                   help="--gated: ROWS,COLS of y (x is [ROWS, 2 COLS]; default 16384,16384: n = 2^28)")
    p.add_argument("--gated-layouts", help="--gated: comma list of halves, pair (default halves)")
    a = p.parse_args(argv)
    a.ops = choice_list(a.ops, OPS, OPS)
    a.dtypes = choice_list(a.dtypes, tuple(DTYPES), tuple(DTYPES), DTYPE_NAMES)
    a.table_mode = a.table or not (a.small or a.sweep or a.gated)
    a.dirs = choice_list(a.dirs, DIRS, DIRS if a.table_mode else ("fwd", "bwd"))
    a.data = choice_list(a.data, DATA, DATA if a.table_mode else ("randn",))
    a.gated_layouts = choice_list(a.gated_layouts, GATED_LAYOUTS, ("halves",))
    try:
        a.gated_shape = tuple(int(v) for v in a.gated_shape.split(","))
    except ValueError:
        a.gated_shape = ()
    if len(a.gated_shape) != 2 or min(a.gated_shape) < 1:
        p.error("--gated-shape ROWS,COLS, both >= 1")
    if a.reps < 1 or a.warmup < 0 or not 1 <= a.log2n <= 32:
        p.error("--reps >= 1, --warmup >= 0, --log2n in [1, 32]")
    return a


def main(argv):
    args = parse_args(argv)
    if args.device == "cuda" and not torch.cuda.is_available():
        raise SystemExit("torch_compare: no CUDA device visible (use --device cpu for a smoke test)")
    dev = torch.device(args.device, 0) if args.device == "cuda" else torch.device("cpu")
    if dev.type == "cuda" and not GA.has_cuda():
        raise SystemExit("torch_compare: this gpuact build has no CUDA part (scripts/gpu-python.sh builds one)")
    for line in environment(dev):
        print(line)
    stream = torch.cuda.Stream(dev) if dev.type == "cuda" else None
    rows = []
    with torch.no_grad(), (torch.cuda.stream(stream) if stream is not None else contextlib.nullcontext()):
        if args.table_mode:
            rows += run_table(args, dev)
        if args.small:
            rows += run_small(args, dev, stream)
        if args.sweep:
            rows += run_sweep(args, dev, stream)
        if args.gated:
            rows += run_gated(args, dev)
    return 1 if any(r["check"] != "ok" for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
