#!/usr/bin/env python3
"""gen_corpus.py - writes the seed corpora (fuzz/corpus/<harness>/) and the
dictionaries (fuzz/dict/<harness>.dict). Python 3, standard library only.

    python3 fuzz/gen_corpus.py            # (re)write both
    python3 fuzz/gen_corpus.py --check    # exit 1 if the committed files differ

The seeds start the fuzzers where the functions are hard:
  * the negative tails: gelu_erf x in [-14.5, -5], gelu_tanh [-11, -5],
    silu [-105, -80], with the x where |f| and |f'| cross the smallest
    normal, the smallest subnormal and half of it, per format;
  * the zeros of f' (gelu* ~ -0.7518, silu ~ -1.2785) and the core's
    windows around them (+-1/128);
  * swish_tanh's clamp edges: s silu(x) = lo, hi, atanh(lo), atanh(hi), for
    the default and two other parameter sets, on both sides of silu's minimum;
  * binade edges, subnormals, +-0, +-inf, NaNs (quiet, signalling, payloads);
  * the overflow edges of selu (3.2e38 .. 3.4e38 in binary32; binary16 65504,
    and lambda x near 65520) and elu's cancellation / saturation points.
Seeds avoid the open findings listed in AVOID (none at the moment).
File names are "<what>-<sha1 of the content, 12 hex>": the same content
always gets the same name, and the script is deterministic. Files in the
corpus directories without such a suffix are hand-made and left alone.
Fast mode (gen_fast): a share of the same places with the mode byte set
(fuzz_ulp/fuzz_deriv byte 28, fuzz_special byte 34, fuzz_api bit 4 of byte 3),
away from fast mode's open findings (FAST_AVOID).
Gated forms (gen_gated, "gated-*"): y = f(a) b, da = dy b f'(a), db = dy f(a)
at the same places plus the gated path's own cut-offs, with b and dy that
make the product huge, tiny, or lift an f(a) that underflows alone (silu(-100)
times 32768 in binary16); fuzz_ulp/fuzz_deriv byte 29, fuzz_special byte 35,
fuzz_api byte 0 = 0xc0/0xc1 (layouts, pitches, halves, in place, misuse);
away from the gated findings in GATED_AVOID.
Binary64 (gen_f64 for fuzz_f64, gen_deriv_f64 for fuzz_deriv's byte 39,
"f64-*"): specials, tails, tiny x, huge dy, the zeros of f', and (fuzz_deriv)
doubles that are no floats where the difference quotient runs, in each of
its x/dy encodings; fast mode, gated and bias bytes there (unsupported).
Bias forms (gen_bias, "bias-*"): y = f(x + b), dx = dy f'(x + b) with x at
the same places and a b below x's ulp (x + b not a float) or a moderate
one (fuzz_ulp byte 34, fuzz_deriv bytes 34..38); in fuzz_special the sum
aimed at the gated table's entries (byte 41).
"""
import hashlib
import math
from fractions import Fraction
import os
import re
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LAMBDA = 1.0507009873554804934193349852946
ALPHA_S = 1.6732632423543772848170429916717
OPS = {1: "gelu_erf", 2: "gelu_tanh", 3: "gelu_sigmoid", 4: "elu", 5: "selu", 6: "silu", 7: "swish_tanh"}


# ---- format bit patterns ------------------------------------------------------
def f32_bits(v):
    return struct.unpack("<I", struct.pack("<f", v))[0]


def f32_val(b):
    return struct.unpack("<f", struct.pack("<I", b & 0xFFFFFFFF))[0]


def f16_bits(v):
    try:
        return struct.unpack("<H", struct.pack("<e", v))[0]
    except OverflowError:
        return 0xFC00 if v < 0 else 0x7C00


def bf16_bits(v):
    """round-to-nearest-even of v (first rounded to binary32) to bfloat16"""
    b = f32_bits(v)
    if (b & 0x7FFFFFFF) > 0x7F800000:
        return 0x7FC0
    lsb = (b >> 16) & 1
    return ((b + 0x7FFF + lsb) >> 16) & 0xFFFF


def to_bits(fmt, v):
    if isinstance(v, tuple):  # ("bits", pattern) given directly
        return v[1]
    if fmt == 0:
        try:
            return f32_bits(v)
        except OverflowError:
            return 0xFF800000 if v < 0 else 0x7F800000
    return f16_bits(v) if fmt == 1 else bf16_bits(v)


# ---- double models (locating thresholds only) -----------------------------------
def sig(z):
    return 1.0 / (1.0 + math.exp(-z)) if z >= 0 else math.exp(z) / (1.0 + math.exp(z))


def model(op, deriv, x):
    k = math.sqrt(2.0 / math.pi)
    if op == 1:
        if not deriv:
            return 0.5 * x * math.erfc(-x / math.sqrt(2.0))
        return 0.5 * math.erfc(-x / math.sqrt(2.0)) + x * math.exp(-0.5 * x * x) / math.sqrt(2 * math.pi)
    if op == 2:
        z = 2 * k * (x + 0.044715 * x ** 3)
        s = sig(z)
        if not deriv:
            return x * s
        return s * (1 + x * (1 - s) * 2 * k * (1 + 3 * 0.044715 * x * x))
    z = x if op == 6 else 1.702 * x
    if not deriv:
        return x * sig(z)
    return sig(z) * (1 + z * (1 - sig(z)))


def solve_tail(op, deriv, t, a=-1000.0, b=-3.0):
    for _ in range(200):
        m = 0.5 * (a + b)
        if abs(model(op, deriv, m)) < t:
            a = m
        else:
            b = m
    return 0.5 * (a + b)


def silu(x):
    return x * sig(x)


XMIN = -1.2784645427610738


def solve_silu(t, right):
    if t <= silu(XMIN):
        return None
    if right:
        a, b = XMIN, max(t, 0.0) + 1.0
    else:
        if t >= 0:
            return None
        a, b = -1000.0, XMIN
    for _ in range(200):
        m = 0.5 * (a + b)
        if (silu(m) < t) == right:
            a = m
        else:
            b = m
    return 0.5 * (a + b)


FMT_MIN_NORMAL = [2.0 ** -126, 2.0 ** -14, 2.0 ** -126]
FMT_MIN_SUB = [2.0 ** -149, 2.0 ** -24, 2.0 ** -133]
ZEROS = {1: 0xBF407569, 2: 0xBF40A150, 3: 0xBF404BA5, 6: 0xBFA3A4BA, 7: 0xBFA3A4BA}


def interesting_x(op, fmt):
    """(tag, value or ("bits", pattern)) pairs"""
    xs = []
    specials32 = [("pzero", ("bits", 0)), ("nzero", ("bits", 0x80000000)), ("pinf", float("inf")),
                  ("ninf", float("-inf")), ("qnan", ("bits", 0x7FC00000)), ("snan", ("bits", 0x7F800001)),
                  ("nnan", ("bits", 0xFFFFFFFF)), ("minsub", ("bits", 1)), ("nminsub", ("bits", 0x80000001)),
                  ("sub3", ("bits", 3)), ("nsub3", ("bits", 0x80000003)), ("maxsub", ("bits", 0x7FFFFF)),
                  ("nmaxsub", ("bits", 0x807FFFFF)), ("minnorm", ("bits", 0x800000)), ("max", ("bits", 0x7F7FFFFF)),
                  ("nmax", ("bits", 0xFF7FFFFF))]
    specials16 = [("pzero", ("bits", 0)), ("nzero", ("bits", 0x8000)), ("pinf", float("inf")),
                  ("ninf", float("-inf")), ("minsub", ("bits", 1)), ("nminsub", ("bits", 0x8001)),
                  ("sub3", ("bits", 3)), ("nsub3", ("bits", 0x8003)), ("maxsub", ("bits", 0x3FF if fmt == 1 else 0x7F)),
                  ("max", ("bits", 0x7BFF if fmt == 1 else 0x7F7F)), ("nmax", ("bits", 0xFBFF if fmt == 1 else 0xFF7F)),
                  ("qnan", ("bits", 0x7E00 if fmt == 1 else 0x7FC0)), ("snan", ("bits", 0x7C01 if fmt == 1 else 0x7F81)),
                  ("nnan", ("bits", 0xFFFF))]
    xs += specials32 if fmt == 0 else specials16
    for k in (-60, -40, -1, 0, 1, 4, 10):
        xs.append(("binade%d" % k, 2.0 ** k))
        xs.append(("nbinade%d" % k, -(2.0 ** k)))
    if op in (1, 2, 3, 6, 7):
        m = 6 if op == 7 else op
        for d in (0, 1):
            for name, t in (("normal", FMT_MIN_NORMAL[fmt]), ("sub", FMT_MIN_SUB[fmt]), ("half", FMT_MIN_SUB[fmt] / 2)):
                xs.append(("tail%s-%s" % ("d" if d else "f", name), solve_tail(m, d, t)))
        xs.append(("zero", f32_val(ZEROS[op])))
        for w in (-1.0 / 128, 1.0 / 128, 2 ** -20, -2 ** -20):
            xs.append(("zerowin", f32_val(ZEROS[op]) + w))
    if op == 1:
        xs += [("tail", v) for v in (-14.5, -14.2, -14.1, -13.8, -13.3, -12.0, -10.0, -8.0, -6.0, -5.0, -19.875, 10.0)]
    if op == 2:
        xs += [("tail", v) for v in (-11.0, -10.5, -10.0, -9.0, -8.0, -7.0, -6.0, -5.0, -14.0, 9.0)]
    if op == 3:
        xs += [("tail", v) for v in (-70.0, 70.0, -120.0, -60.0, -40.0)]
    if op in (6, 7):
        xs += [("tail", v) for v in (-105.0, -103.97, -103.3, -100.0, -95.0, -90.0, -87.3, -85.0, -80.0, 120.0, -300.0)]
    if op in (4, 5):
        xs += [("elu", v) for v in (-1e-5, -0.001, -17.3, -25.0, -103.5, -200.0, -300.0, -1.0, 1.0, -1e-30)]
    if op == 5:
        xs += [("selu-ovf", v) for v in (3.2e38, 3.2385e38, 3.2386e38, 3.3e38, 3.4e38, 65504.0, 62336.0, 62352.0,
                                          62368.0, 65520 / LAMBDA, 65504 / LAMBDA)]
    return xs


def swish_params():
    """(tag, set, alpha, scale, lo, hi)"""
    inf = float("inf")
    return [("def", 0, 1.0, 0.5, -1.0, 1.0), ("s1.5", 0xE, 1.0, 1.5, -0.2, 0.8), ("gate2", 0xE, 1.0, 1.0, 0.25, 2.0),
            ("unb", 0xE, 1.0, 1.3, -inf, inf), ("zero-lo", 0xE, 1.0, 0.5, 0.0, 1.0)]


def swish_edges(s, lo, hi):
    out = []
    ts = [lo, hi]
    if abs(lo) < 1:
        ts.append(math.atanh(lo))
    if abs(hi) < 1:
        ts.append(math.atanh(hi))
    ts += [20.0, -20.0]
    for t in ts:
        if math.isinf(t) or s == 0:
            continue
        for right in (0, 1):
            r = solve_silu(t / s, right)
            if r is not None:
                out.append(r)
    return out


# ---- encoders per harness ---------------------------------------------------------
def rec_ulp(op, fmt, d, xb, db, setb=0, alpha=1.0, scale=0.5, lo=-1.0, hi=1.0):
    return struct.pack("<BBBBIIIIII", op - 1, fmt, d, setb, xb, db, f32_bits(alpha), f32_bits(scale), f32_bits(lo),
                       f32_bits(hi))


def field_raw(bits):
    return struct.pack("<BI", 0xC0, bits & 0xFFFFFFFF)


def field_tab(sel, pert=0, mode=0, neg=0):
    v = (pert & 0xFF) | (mode << 8) | (neg << 10)
    return struct.pack("<BI", sel, v)


def rec_special(op, fmt, d, setb, x, dy, a, s, lo, hi):
    return struct.pack("<BBBB", op - 1, fmt, d, setb) + x + dy + a + s + lo + hi


# ---- writing -------------------------------------------------------------------------
class Out:
    def __init__(self, check):
        self.check = check
        self.files = {}

    def add(self, harness, tag, data):
        name = "%s-%s" % (tag, hashlib.sha1(data).hexdigest()[:12])
        self.files[os.path.join("corpus", harness, name)] = data

    def add_text(self, path, text):
        self.files[path] = text.encode()

    def commit(self):
        bad = 0
        dirs = set(os.path.dirname(p) for p in self.files)
        for d in sorted(dirs):
            full = os.path.join(HERE, d)
            if d.startswith("corpus") and os.path.isdir(full):
                for f in os.listdir(full):
                    if not re.search(r"-[0-9a-f]{12}$", f):
                        continue  # hand-made
                    if os.path.join(d, f) not in self.files:
                        if self.check:
                            print("stale: %s" % os.path.join(d, f))
                            bad += 1
                        else:
                            os.remove(os.path.join(full, f))
            if not self.check:
                os.makedirs(full, exist_ok=True)
        for p, data in sorted(self.files.items()):
            full = os.path.join(HERE, p)
            if self.check:
                try:
                    with open(full, "rb") as f:
                        if f.read() != data:
                            print("differs: %s" % p)
                            bad += 1
                except OSError:
                    print("missing: %s" % p)
                    bad += 1
            else:
                with open(full, "wb") as f:
                    f.write(data)
        return bad


def val_of(fmt, v):
    b = to_bits(fmt, v)
    if fmt == 0:
        return f32_val(b)
    if fmt == 1:
        return struct.unpack("<e", struct.pack("<H", b))[0]
    return f32_val(b << 16)


# Open findings the seeds must stay away from (fuzz/regressions/README.md):
# seeds must pass on the current library, or libFuzzer stops on its first pass
# (the reproducers are regressions). K1, K3, K4 were avoided while open; they
# are fixed, so their regions are seeded again. Add an id here to avoid one.
AVOID = set()


def hits_known(op, d, x, dy, lo, hi):
    """True where a seed would reproduce an open finding listed in AVOID"""
    if "K1" in AVOID and op == 7 and (lo == 0 or hi == 0) and x < -300 and not math.isinf(x):
        return True
    if "K3" in AVOID and math.isinf(dy) and x < -13 and not math.isinf(x):
        return True  # (fuzz_deriv evaluates dy f' for every record)
    if "K4" in AVOID and op == 5 and x == float("-inf"):
        return True  # (fuzz_deriv reads x as y for the from-output check)
    return False


def gen_scalar(out):
    """fuzz_ulp and fuzz_deriv (same record layout)"""
    for op in range(1, 8):
        params = swish_params() if op == 7 else (
            [("a1", 0, 1.0, 0.5, -1.0, 1.0), ("a0.3", 1, 0.3, 0.5, -1.0, 1.0), ("a2.5", 1, 2.5, 0.5, -1.0, 1.0),
             ("a0", 1, 0.0, 0.5, -1.0, 1.0), ("aneg", 1, -2.0, 0.5, -1.0, 1.0), ("amid", 1, 1 + 3 / 256, 0.5, -1.0, 1.0)]
            if op == 4 else [("def", 0, 1.0, 0.5, -1.0, 1.0)])
        for fmt in range(3):
            xs = interesting_x(op, fmt)
            for pi, (ptag, setb, a, s, lo, hi) in enumerate(params):
                extra = [("edge", e) for e in swish_edges(s, lo, hi)] if op == 7 else []
                step = 1 if fmt == 0 and pi == 0 else 3
                use = [x for i, x in enumerate(xs) if i % step == (pi + fmt) % step] + extra
                for i, (tag, v) in enumerate(use):
                    xb = to_bits(fmt, v)
                    dirs = (0, 1, 2, 3) if op in (4, 5) else (0, 1, 2)
                    d = dirs[i % len(dirs)]
                    dyv = [1.0, -2.5, 3e-39, 1e30, float("inf"), 2.0 ** -140][i % 6] if d >= 2 else 1.0
                    if hits_known(op, d, val_of(fmt, v), val_of(fmt, dyv), lo, hi):
                        dyv = 1.0
                        if hits_known(op, d, val_of(fmt, v), 1.0, lo, hi):
                            continue
                    db = to_bits(fmt, dyv)
                    name = "%s-%s-%s-%s-%s" % (OPS[op], ["f32", "f16", "bf16"][fmt], ["fwd", "grad", "bwd", "bwdout"][d], ptag, tag)
                    out.add("fuzz_ulp", name, rec_ulp(op, fmt, d, xb, db, setb, a, s, lo, hi))
                    # fuzz_deriv: byte 2 is the mode byte; raw x for every other seed, and a
                    # moderate-mode twin (x as int32 * 2^-26) where |x| < 32
                    if i % 2 == 0:
                        out.add("fuzz_deriv", name, rec_ulp(op, fmt, 0, xb, db, setb, a, s, lo, hi))
                    elif not isinstance(v, tuple) and abs(v) < 31.9:
                        xi = int(round(v * 2 ** 26)) & 0xFFFFFFFF
                        out.add("fuzz_deriv", name + "-mod",
                                struct.pack("<BBBBIIIIII", op - 1, fmt, 1, setb, xi, f32_bits(1.0), f32_bits(a),
                                            f32_bits(s), f32_bits(lo), f32_bits(hi)))


def gen_special(out):
    i = 0
    for op in range(1, 8):
        for fmt in range(3):
            for d in range(4):
                for k in range(3):
                    xsel = (i * 7 + k * 13) % 0xC0
                    i += 1
                    x = field_tab(xsel, pert=[0, 1, 0xFF, 3, 0x80][k], mode=[0, 1, 1, 2, 1][k])
                    dy = field_tab([8, 0, 2, 16 + k, 14 + k][k])  # 1.0, NaNs, +-inf, dynamic edges
                    a = field_tab(k % 3)
                    s = field_tab(k % 4)
                    lo = field_tab([0, 1, 3, 2, 4][k])
                    hi = field_tab([0, 1, 3, 2, 4][k])
                    setb = 0 if k == 0 else 0xF
                    out.add("fuzz_special", "%s-%d-%d-%d" % (OPS[op], fmt, d, k), rec_special(op, fmt, d, setb, x, dy, a, s, lo, hi))
            # exact raw values too: the same places as the scalar seeds
            for tag, v in interesting_x(op, fmt)[fmt::3]:
                xb = to_bits(fmt, v)
                d = 2 if op not in (4, 5) else 3
                dy = float("inf") if not hits_known(op, d, val_of(fmt, v), float("inf"), -1, 1) else 1.0
                if hits_known(op, d, val_of(fmt, v), dy, -1, 1):
                    continue
                out.add("fuzz_special", "%s-%d-raw-%s" % (OPS[op], fmt, tag),
                        rec_special(op, fmt, d, 0, field_raw(xb), field_raw(to_bits(fmt, dy)),
                                    field_tab(0), field_tab(0), field_tab(0), field_tab(0)))


# Fast mode's open findings (fuzz/regressions/README.md K23-K25); seeds keep away
# from them: dy f' with a subnormal fp32 f' and |dy| > 1 (K23, no dy > 1 below),
# selu's overflow edge (K24), swish_tanh f' at a clamp edge (K25), swish_tanh f
# with a zero bound where silu(x) underflows (K26).
FAST_AVOID = {"K23", "K24", "K25", "K26"}


def gen_fast(out):
    """fast-mode seeds: every op and format, f, f', dy f' (and dx from y), with
    specials, tails, subnormals, binade edges, the zeros of f'; byte 28 / 34 = 1"""
    for op in range(1, 8):
        params = [("def", 0, 1.0, 0.5, -1.0, 1.0)]
        if op == 4:
            params += [("a0", 1, 0.0, 0.5, -1.0, 1.0), ("aneg", 1, -2.0, 0.5, -1.0, 1.0)]
        if op == 7:
            params += [("s1.5", 0xE, 1.0, 1.5, -0.2, 0.8), ("unb", 0xE, 1.0, 1.3, -float("inf"), float("inf")),
                       ("zero-lo", 0xE, 1.0, 0.5, 0.0, 1.0)]
        for fmt in range(3):
            xs = interesting_x(op, fmt)
            for pi, (ptag, setb, a, s, lo, hi) in enumerate(params):
                for i, (tag, v) in enumerate(xs):
                    if i % 3 != (pi + fmt) % 3:
                        continue
                    dirs = (0, 1, 2, 3) if op in (4, 5) and a >= 0 else (0, 1, 2)
                    d = dirs[(i // 3) % len(dirs)]
                    if "K24" in FAST_AVOID and op == 5 and tag == "selu-ovf" and d == 0:
                        d = 1
                    xb0 = to_bits(fmt, v)
                    xv = f32_val(xb0) if fmt == 0 else struct.unpack("<e", struct.pack("<H", xb0))[0] if fmt == 1 else f32_val(xb0 << 16)
                    if "K26" in FAST_AVOID and op == 7 and (lo == 0 or hi == 0) and d == 0 and xv < -80 and not math.isinf(xv):
                        d = 1
                    dyv = [1.0, -0.5, float("inf"), 2.0 ** -140, -1.0][(i // 3) % 5] if d >= 2 else 1.0
                    if "K23" in FAST_AVOID:
                        assert abs(dyv) <= 1 or math.isinf(dyv)
                    xb, db = to_bits(fmt, v), to_bits(fmt, dyv)
                    name = "fast-%s-%s-%s-%s-%s" % (OPS[op], ["f32", "f16", "bf16"][fmt], ["fwd", "grad", "bwd", "bwdout"][d], ptag, tag)
                    rec = rec_ulp(op, fmt, d, xb, db, setb, a, s, lo, hi) + b"\x01"
                    out.add("fuzz_ulp", name, rec)
                    if (i // 3) % 2 == 0:
                        out.add("fuzz_deriv", name, rec_ulp(op, fmt, 0, xb, db, setb, a, s, lo, hi) + b"\x01")
    # explicit accurate mode (6) and an invalid mode (7): parameter handling
    for mb in (6, 7, 0x0F, 0x08):
        out.add("fuzz_ulp", "mode%02x-gelu_erf" % mb, rec_ulp(1, 0, 0, to_bits(0, -3.0), to_bits(0, 1.0)) + bytes([mb]))
    # fuzz_special: the table entries (as in gen_special) in fast mode
    i = 0
    for op in range(1, 8):
        for fmt in range(3):
            for d in range(4):
                k = i % 3
                xsel = (i * 11 + 5) % 0xC0
                i += 1
                x = field_tab(xsel, pert=[0, 1, 0xFF][k], mode=[0, 1, 1][k])
                dy = field_tab([8, 0, 2][k])  # 1.0, NaN, inf
                rec = rec_special(op, fmt, d, 0, x, dy, field_tab(0), field_tab(0), field_tab(0), field_tab(0)) + b"\x01"
                out.add("fuzz_special", "fast-%s-%d-%d-%d" % (OPS[op], fmt, d, k), rec)
            for tag, v in interesting_x(op, fmt)[fmt + 1::4]:
                if op == 5 and tag == "selu-ovf":
                    continue
                d = 2 if op not in (4, 5) else 3
                out.add("fuzz_special", "fast-%s-%d-raw-%s" % (OPS[op], fmt, tag),
                        rec_special(op, fmt, d, 0, field_raw(to_bits(fmt, v)), field_raw(to_bits(fmt, float("inf"))),
                                    field_tab(0), field_tab(0), field_tab(0), field_tab(0)) + b"\x01")


# The gated forms' open findings (fuzz/regressions/README.md): K33 elu/selu
# y, db in binary32 for a in about [-2^-3, -0.0054] and swish_tanh's where
# 2|w| is just above 0.0054; K34 (the reference's) ties of elu y/db at
# a < -2000 and of the gelus'/silu's da at large a; K35
# swish_tanh da with |s silu(a)| > 140 inside the clamps.
GATED_AVOID = {"K33", "K34", "K35"}
GATED_X = {1: [10.0, -8.0, -19.875, -24.25, 8.0, -22.0, -30.0], 2: [9.0, -8.0, -14.0, -15.6, 8.0, -14.8],
           3: [47.0, -8.0, -120.0, -170.0, 46.0, -150.0], 4: [-0.0054, -0.0055, -0.3, -42.0, -87.3, -103.9, -200.0],
           5: [-0.0054, -0.0055, -0.3, -42.0, -87.3, -103.9, -200.0], 6: [80.0, -80.0, -87.3, -103.97, -150.0, -188.0],
           7: [80.0, -80.0, -87.3, -103.97, -150.0]}
# b and dy: moderate, huge and tiny (their products reach 2^-298 .. 2^256), and the
# scale that makes silu(-100) (binary16 0 alone) a normal binary16 number
GATED_S = [1.0, 1.5, -2.5, 1e30, 2.0 ** -140, 3.4e38, 32768.0, -3e38, 2.0 ** -20, -1.0, 0.75, 2.0 ** -126, 1e-30, 6e4]


FMT_PREC = [24, 11, 8]
FMT_EMIN = [-126, -14, -126]


def is_tie(fmt, v):
    """v (exactly, as a rational) a rounding midpoint of the format"""
    if math.isnan(v) or math.isinf(v) or v == 0:
        return False
    q = Fraction(abs(v))
    e = max(math.floor(math.log2(abs(v))), FMT_EMIN[fmt])
    t = q / Fraction(2) ** (e - FMT_PREC[fmt] + 1) * 2  # v in half-ulps
    return t.denominator == 1 and t.numerator % 2 == 1


def hits_gated(op, form, fmt, a, b, dy, s=0.5, lo=-1.0, hi=1.0, alpha=1.0):
    """True where a gated seed would reproduce an open finding in GATED_AVOID"""
    if "K33" in GATED_AVOID and op in (4, 5) and form != 2 and fmt == 0 and -0.125 < a < -2.0 ** -12:
        return True
    if "K33" in GATED_AVOID and op == 7 and form != 2 and fmt == 0 and not math.isnan(a) and not math.isinf(a):
        if 0.005 < 2 * abs(s * (a if a > 1e3 else 0.0 if a < -1e3 else silu(a))) < 0.25:
            return True
    if "K34" in GATED_AVOID and ((op == 4 and form != 2 and a < -2000 and is_tie(fmt, alpha * (b if form == 1 else dy))) or
                                 (form == 2 and a > 30 and op in (1, 2, 3, 6) and is_tie(fmt, b * dy))):
        return True
    if "K35" in GATED_AVOID and op == 7 and form == 2 and not math.isnan(a):
        w = s * (a if a > 1e3 else 0.0 if a < -1e3 else silu(a))
        if abs(w) > 140 and lo - 1 <= w <= hi + 1:
            return True
    return False


def gen_gated(out):
    """gated seeds for fuzz_ulp, fuzz_deriv and fuzz_special"""
    k = 0
    for op in range(1, 8):
        params = [("def", 0, 1.0, 0.5, -1.0, 1.0)]
        if op == 4:
            params.append(("a0.3", 1, 0.3, 0.5, -1.0, 1.0))
        if op == 7:
            params.append(("unb", 0xE, 1.0, 1.3, -float("inf"), float("inf")))
        for fmt in range(3):
            xs = interesting_x(op, fmt)[fmt::3] + [("gcut", v) for v in GATED_X[op]]
            if op == 6 and fmt == 1:
                xs.append(("silu-100", -100.0))
            for pi, (ptag, setb, a, sc, lo, hi) in enumerate(params):
                for i, (tag, v) in enumerate(xs):
                    if pi and i % 3:
                        continue
                    form = 1 + (i + fmt) % 3
                    bv = GATED_S[(i * 5 + k) % len(GATED_S)]
                    dyv = GATED_S[(i * 3 + 2 * k + 1) % len(GATED_S)]
                    if tag == "silu-100":
                        form, bv, dyv = 1, 32768.0, 1.0
                    k += 1
                    xb, bb, db = to_bits(fmt, v), to_bits(fmt, bv), to_bits(fmt, dyv)
                    if hits_gated(op, form, fmt, val_of(fmt, v), val_of(fmt, bv), val_of(fmt, dyv), sc, lo, hi, a):
                        continue
                    name = "gated-%s-%s-%s-%s-%s" % (OPS[op], ["f32", "f16", "bf16"][fmt], ["y", "da", "db"][form - 1], ptag, tag)
                    out.add("fuzz_ulp", name, rec_ulp(op, fmt, 0, xb, db, setb, a, sc, lo, hi) + bytes([0, form]) +
                            struct.pack("<I", bb))
                    # fuzz_deriv: a, b (its dy field), the gated dy: raw, or moderate for every other seed
                    if i % 2 == 0 and not hits_gated(op, 2, fmt, val_of(fmt, v), val_of(fmt, bv), val_of(fmt, dyv), sc, lo, hi, a) \
                            and not hits_gated(op, 2, fmt, val_of(fmt, v), val_of(fmt, bv), 1.0, sc, lo, hi, a) \
                            and not hits_gated(op, 3, fmt, val_of(fmt, v), 1.0, 1.0, sc, lo, hi, a) \
                            and not hits_gated(op, 3, fmt, val_of(fmt, v), 1.0, val_of(fmt, dyv), sc, lo, hi, a):
                        if i % 4 == 0:
                            g = struct.pack("<I", db)
                            gb = 1
                        else:
                            g = struct.pack("<I", int(round(max(-7.9, min(7.9, dyv)) * 2 ** 28)) & 0xFFFFFFFF)
                            gb = 3
                        out.add("fuzz_deriv", name, rec_ulp(op, fmt, 0, xb, bb, setb, a, sc, lo, hi) + bytes([0, gb]) + g)
    # fuzz_special: table entries (a from the gated table, b and dy from theirs, their
    # product-edge entries included) and exact raw values
    i = 0
    for op in range(1, 8):
        for fmt in range(3):
            for form in (1, 2, 3):
                for j in range(3):
                    xsel = (i * 11 + j * 29 + 3) % 0xC0
                    i += 1
                    x = field_tab(xsel, pert=[0, 1, 0xFF][j], mode=[0, 1, 1][j])
                    dy = field_tab([8, 26 + j, 29 + j][j])  # 1.0, product edges
                    b = field_tab([27 + j, 12, 30 + j][j])
                    rec = rec_special(op, fmt, 0, 0, x, dy, field_tab(0), field_tab(0), field_tab(0), field_tab(0))
                    out.add("fuzz_special", "gated-%s-%d-%s-%d" % (OPS[op], fmt, ["y", "da", "db"][form - 1], j),
                            rec + bytes([0, form]) + b)
            for tag, v in (interesting_x(op, fmt)[fmt + 2::5] + [("gcut", u) for u in GATED_X[op]]):
                form = 1 + i % 3
                i += 1
                bv, dyv = [(3.4e38, 2.0), (2.0 ** -140, 1e30), (-1.0, 3e38)][i % 3]
                if hits_gated(op, form, fmt, val_of(fmt, v), val_of(fmt, bv), val_of(fmt, dyv)):
                    continue
                out.add("fuzz_special", "gated-%s-%d-raw-%s-%s" % (OPS[op], fmt, ["y", "da", "db"][form - 1], tag),
                        rec_special(op, fmt, 0, 0, field_raw(to_bits(fmt, v)), field_raw(to_bits(fmt, dyv)),
                                    field_tab(0), field_tab(0), field_tab(0), field_tab(0)) + bytes([0, form]) +
                        field_raw(to_bits(fmt, bv)))


def elem_bytes(dt, values):
    b = b""
    for v in values:
        if dt == 1:
            b += struct.pack("<I", to_bits(0, v))
        else:
            b += struct.pack("<H", to_bits(dt - 1, v))
    return b


INTERESTING_ELEMS = [0.0, -0.0, 1.0, -1.0, float("inf"), float("-inf"), float("nan"), -6.0, -13.5, -100.0,
                     1e-40, -1e-40, 3.3e38, -0.7517915, -1.2784645, 2.2399, 65504.0, -20.0, 0.5, 30.0]


def api_header(entry, op, dt, pmode, setb, params, n, huge, layout, offs, mis, pattern, nullmask, env):
    h = struct.pack("<BBBBB", entry, op - 1 if op >= 1 else 0xF0, dt - 1 if dt >= 1 else 0xF0, pmode, setb)
    for p in params:
        h += struct.pack("<I", p)
    h += struct.pack("<HB", n, 0xF8 if huge else 0)
    h += struct.pack("<B", layout) + bytes(offs) + struct.pack("<BBBB", mis, pattern, nullmask, env)
    return h


def gen_api(out):
    k = 0
    for entry in range(5):
        for dt in (1, 2, 3):
            for layout in range(4):
                n = [0, 1, 7, 33, 257, 300][(entry + dt + layout) % 6]
                op = [4, 5, 1, 7, 6, 2, 3][(entry * 3 + layout) % 7]
                params = [f32_bits(1.0), f32_bits(0.5), f32_bits(-1.0), f32_bits(1.0)]
                vals = [INTERESTING_ELEMS[(j * 7 + k) % len(INTERESTING_ELEMS)] for j in range(2 * max(n, 1))]
                h = api_header(entry, op, dt, 2 if k % 2 else 0, 0xF if k % 2 else 0, params, n, False, layout,
                               [(k + i) % 16 for i in range(4)], 0xC5 if k % 5 == 0 else 0, k % 32, 0, 0)
                out.add("fuzz_api", "e%d-dt%d-l%d-n%d" % (entry, dt, layout, n), h + elem_bytes(dt, vals))
                k += 1
    # fast mode (byte 3 bit 4 GPUACT_SET_MODE, bits 5..7 the mode: 0 fast, 2 accurate, 4 invalid)
    for entry in range(5):
        for dt in (1, 2, 3):
            n = [1, 7, 33, 257, 300][(entry + dt) % 5]
            op = [4, 5][dt % 2] if entry == 4 else [1, 2, 3, 4, 5, 6, 7][(entry * 3 + dt) % 7]
            params = [f32_bits(1.0), f32_bits(0.5), f32_bits(-1.0), f32_bits(1.0)]
            vals = [INTERESTING_ELEMS[(j * 5 + k) % len(INTERESTING_ELEMS)] for j in range(2 * n)]
            h = api_header(entry, op, dt, 0x12 if k % 2 else 0x13, 0xF if k % 2 else 0, params, n, False, k % 4,
                           [(k + i) % 16 for i in range(4)], 0, k % 32, 0, 0)
            out.add("fuzz_api", "fast-e%d-dt%d-n%d" % (entry, dt, n), h + elem_bytes(dt, vals))
            k += 1
    for tag, pm in (("mode-accurate", 0x52), ("mode-invalid", 0x92), ("mode-field-no-bit", 0x22)):
        h = api_header(0, 6, 1, pm, 0, [0, 0, 0, 0], 17, False, 1, [1, 2, 3, 4], 0, 0, 0, 0)
        out.add("fuzz_api", "misuse-" + tag, h + elem_bytes(1, INTERESTING_ELEMS))
    # misuse: invalid op/dtype/params, NULLs, huge n, the fp environment, unsupported from-output
    misuse = [
        ("badop", dict(op=0)), ("baddt", dict(dt=0)), ("nanalpha", dict(pmode=2, setb=1, params=[0x7FC00000, 0, 0, 0])),
        ("lo-gt-hi", dict(pmode=2, setb=0xC, params=[0, 0, f32_bits(0.5), f32_bits(0.25)])),
        ("unknownbit", dict(pmode=2, setb=0xF1)), ("null-x", dict(nullmask=0xE1)), ("null-dy", dict(entry=2, nullmask=0xE2)),
        ("null-dx", dict(entry=3, nullmask=0xE8)), ("huge", dict(huge=True, layout=1)), ("huge-null", dict(huge=True, nullmask=0xE4)),
        ("ftz", dict(env=0xFC)), ("daz", dict(env=0xFD)), ("upward", dict(env=0xF9)), ("bwdout-gelu", dict(entry=4, op=1)),
        ("bwdout-eluneg", dict(entry=4, op=4, pmode=2, setb=1, params=[f32_bits(-1.0), 0, 0, 0])),
        ("overlap", dict(layout=3, n=64)), ("inplace", dict(layout=2, pattern=0x05, entry=3)),
    ]
    for tag, o in misuse:
        h = api_header(o.get("entry", 0), o.get("op", 6), o.get("dt", 1), o.get("pmode", 0), o.get("setb", 0),
                       o.get("params", [0, 0, 0, 0]), o.get("n", 17), o.get("huge", False), o.get("layout", 1),
                       [1, 2, 3, 4], 0, o.get("pattern", 0), o.get("nullmask", 0), o.get("env", 0))
        out.add("fuzz_api", "misuse-" + tag, h + elem_bytes(1, INTERESTING_ELEMS))


def gated_api_header(bwd, op, dt, pmode, setb, params, rows, cols, b23, layout, offs, mis, pattern, nullmask, env):
    h = struct.pack("<BBBBB", 0xC0 | bwd, op - 1 if op >= 1 else 0xF0, dt - 1 if dt >= 1 else 0xF0, pmode, setb)
    for p in params:
        h += struct.pack("<I", p)
    h += struct.pack("<BBBB", rows, cols, b23, layout) + bytes(offs) + struct.pack("<BBBB", mis, pattern, nullmask, env)
    return h


def gen_api_gated(out):
    """fuzz_api: gpuact_gated_host / gpuact_gated_backward_host (byte 0 = 0xc0 | backward)"""
    params = [f32_bits(1.0), f32_bits(0.5), f32_bits(-1.0), f32_bits(1.0)]
    k = 0
    for bwd in (0, 1):
        for dt in (1, 2, 3):
            for layout in range(6):
                rows = [1, 2, 3, 5, 9, 4][(layout + dt + bwd) % 6]
                cols = [1, 7, 16, 33, 39, 8][(layout * 2 + dt) % 6]
                op = [1, 2, 6, 7, 4, 5, 3][(k * 3 + layout) % 7]
                pattern = [0, 0x01, 0x02, 0x05, 0x0D, 0x12][(k + layout) % 6]
                b23 = [0, 1, 8, 3][k % 4]
                n = rows * (2 * cols + 8) * 2
                vals = [INTERESTING_ELEMS[(j * 7 + k) % len(INTERESTING_ELEMS)] for j in range(n)]
                h = gated_api_header(bwd, op, dt, 0, 0, params, rows, cols, b23, layout, [(k + i) % 16 for i in range(5)],
                                     0xC9 if k % 5 == 0 else 0, pattern, 0, 0)
                out.add("fuzz_api", "gated-%s-dt%d-l%d-r%d-c%d" % (["fwd", "bwd"][bwd], dt, layout, rows, cols), h + elem_bytes(dt, vals))
                k += 1
    # the in-place and overlap cases by name; misuse
    cases = [
        ("halves-ab", dict(layout=2, pattern=0x00)), ("halves-ba", dict(layout=2, pattern=0x01)),
        ("halves-inplace", dict(bwd=1, layout=2, pattern=0x04)), ("halves-crossed", dict(bwd=1, layout=2, pattern=0x0C)),
        ("halves-dab-ba", dict(bwd=1, layout=2, pattern=0x03)), ("y-eq-a-ld-cols", dict(layout=3, pattern=0x01)),
        ("y-eq-a-pitched", dict(layout=3, pattern=0x01, b23=4)), ("y-eq-a-one-row", dict(layout=3, pattern=0x01, rows=1, b23=4)),
        ("da-eq-dy", dict(bwd=1, layout=3, pattern=0x03)), ("db-eq-da", dict(bwd=1, layout=3, pattern=0x0C)),
        ("b-eq-a", dict(bwd=1, layout=3, pattern=0x15)), ("interleave-cols", dict(bwd=1, layout=5, pattern=0x01, b23=0)),
        ("interleave-ld", dict(bwd=1, layout=5, pattern=0x02, b23=5)), ("near", dict(bwd=1, layout=4)),
        ("ld-lt-cols", dict(b23=0xE9)), ("ld-lt-cols-one-row", dict(b23=0xE9, rows=1)), ("rows0", dict(rows=0, nullmask=0xFF)),
        ("cols0", dict(cols=0, nullmask=0xFF)), ("null-b", dict(nullmask=0xE2)), ("null-db", dict(bwd=1, nullmask=0xF0)),
        ("fast", dict(pmode=0x13)), ("fast-rows0", dict(pmode=0x13, rows=0)), ("mode-invalid", dict(pmode=0x92)),
        ("badop", dict(op=0)), ("baddt", dict(dt=0)), ("ftz", dict(env=0xFC)), ("upward", dict(env=0xF9)),
        ("huge-wrap", dict(b23=0xF8)), ("huge-rows", dict(b23=0xF9)), ("huge-cols", dict(b23=0xFA)),
        ("huge-cols0", dict(b23=0xFD)), ("huge-rows0", dict(b23=0xFE)), ("huge-null", dict(b23=0xFC, nullmask=0xE1)),
    ]
    for tag, o in cases:
        bwd = o.get("bwd", 0)
        h = gated_api_header(bwd, o.get("op", 6), o.get("dt", 1), o.get("pmode", 0), 0, params, o.get("rows", 3),
                             o.get("cols", 5), o.get("b23", 0), o.get("layout", 1), [1, 2, 3, 4, 5], 0, o.get("pattern", 0),
                             o.get("nullmask", 0), o.get("env", 0))
        out.add("fuzz_api", "gated-%s-%s" % (["fwd", "bwd"][bwd], tag), h + elem_bytes(1, INTERESTING_ELEMS * 4))


def gen_gpu(out):
    k = 0
    for entry in range(5):
        for dt in (1, 2, 3):
            n = [1, 15, 16, 17, 1000, 4096, 4099][k % 7] % 4097
            op = [4, 5, 1, 7, 6, 2, 3][k % 7] if entry != 4 else [4, 5][k % 2]
            params = [f32_bits(1.0), f32_bits(0.5), f32_bits(-1.0), f32_bits(1.0)]
            offs = [(k * 3 + i) % 16 for i in range(4)] if k % 3 else [0, 0, 0, 0]
            h = struct.pack("<BBBBB", entry, op - 1, dt - 1, 0, 0)
            for p in params:
                h += struct.pack("<I", p)
            h += struct.pack("<HB", n, 0) + struct.pack("<B", k % 3) + bytes(offs)
            h += struct.pack("<BBBB", 0xC3 if k % 4 == 1 else 0, 0x05, 0xF2 if k == 7 else 0, k & 1)
            out.add("fuzz_gpu", "e%d-dt%d-n%d" % (entry, dt, n), h + elem_bytes(dt, INTERESTING_ELEMS * 4))
            k += 1


def dict_lines(entries):
    lines = ["# generated by fuzz/gen_corpus.py: bit patterns that matter (little-endian)"]
    seen = set()
    for name, raw in entries:
        if raw in seen:
            continue
        seen.add(raw)
        lines.append('%s="%s"' % (name, "".join("\\x%02x" % c for c in raw)))
    return "\n".join(lines) + "\n"


def dict_values():
    vals = [("one", 1.0), ("mone", -1.0), ("half", 0.5), ("two", 2.0), ("pinf", float("inf")), ("ninf", float("-inf")),
            ("m14_5", -14.5), ("m19_875", -19.875), ("p10", 10.0), ("m11", -11.0), ("m14", -14.0), ("p9", 9.0),
            ("p70", 70.0), ("m70", -70.0), ("m120", -120.0), ("p120", 120.0), ("m300", -300.0), ("m200", -200.0),
            ("m105", -105.0), ("m80", -80.0), ("m103_97", -103.97), ("m87_3", -87.3), ("m13_3", -13.3), ("m5", -5.0),
            ("tiny60", 2.0 ** -60), ("tiny40", 2.0 ** -40), ("zero_gelu", f32_val(0xBF407569)),
            ("zero_tanh", f32_val(0xBF40A150)), ("zero_sig", f32_val(0xBF404BA5)), ("zero_silu", f32_val(0xBFA3A4BA)),
            ("edge_swish", 2.2399), ("tanh1", 0.7615941559557649), ("selu_ovf", 3.2385e38), ("f16max", 65504.0),
            ("f16ovf", 65520 / LAMBDA), ("lambda", LAMBDA), ("lambda_alpha", LAMBDA * ALPHA_S), ("m20", -20.0), ("p20", 20.0),
            # the gated path's cut-offs (gpuact_kernels.cuh 9.2) and expm1's split
            ("p47", 47.0), ("p80", 80.0), ("m8", -8.0), ("m24_25", -24.25), ("m15_6", -15.6), ("m170", -170.0),
            ("m0_0054", -0.0054), ("m42", -42.0), ("p32768", 32768.0), ("m100", -100.0)]
    return vals


def gen_dicts(out):
    e32, e16 = [], []
    raws = [("qnan", 0x7FC00000), ("snan", 0x7F800001), ("nnan", 0xFFC00000), ("maxnan", 0x7FFFFFFF), ("minsub", 1),
            ("maxsub", 0x7FFFFF), ("minnorm", 0x800000), ("max", 0x7F7FFFFF), ("nzero", 0x80000000), ("zero", 0)]
    for name, b in raws:
        e32.append(("f32_" + name, struct.pack("<I", b)))
    for name, v in dict_values():
        e32.append(("f32_" + name, struct.pack("<I", to_bits(0, v))))
    for name, b in [("qnan", 0x7E00), ("snan", 0x7C01), ("inf", 0x7C00), ("ninf", 0xFC00), ("max", 0x7BFF), ("minsub", 1),
                    ("maxsub", 0x3FF), ("minnorm", 0x400), ("nzero", 0x8000)]:
        e16.append(("f16_" + name, struct.pack("<H", b)))
    for name, b in [("qnan", 0x7FC0), ("snan", 0x7F81), ("max", 0x7F7F), ("maxsub", 0x7F), ("minnorm", 0x80)]:
        e16.append(("bf16_" + name, struct.pack("<H", b)))
    for name, v in dict_values():
        if abs(v) < 65504 or math.isinf(v):
            e16.append(("f16_" + name, struct.pack("<H", to_bits(1, v))))
        e16.append(("bf16_" + name, struct.pack("<H", to_bits(2, v))))
    scalar = dict_lines(e32 + e16)
    out.add_text("dict/fuzz_ulp.dict", scalar)
    # fuzz_special: a raw field is 0xc0 + 4 bytes
    sp = [(n, b"\xc0" + r) for n, r in e32] + [(n, b"\xc0" + r + b"\x00\x00") for n, r in e16]
    out.add_text("dict/fuzz_special.dict", dict_lines(sp))
    api = e32 + e16 + [("huge", b"\xf8"), ("ftz", b"\xf8"), ("nulls", b"\xef")]
    out.add_text("dict/fuzz_gpu.dict", dict_lines(api))
    api += [("gated", b"\xc0"), ("gated_backward", b"\xc1"), ("ld_lt_cols", b"\xe8")]
    out.add_text("dict/fuzz_api.dict", dict_lines(api))
    # fuzz_f64: binary64 patterns
    e64 = [("f64_" + n, struct.pack("<Q", b)) for n, b in
           [("qnan", 0x7FF8000000000000), ("snan", 0x7FF0000000000001), ("nnan", 0xFFF8000000000000), ("inf", 0x7FF0000000000000),
            ("ninf", 0xFFF0000000000000), ("minsub", 1), ("maxsub", 0x000FFFFFFFFFFFFF), ("minnorm", 0x0010000000000000),
            ("max", 0x7FEFFFFFFFFFFFFF), ("nzero", 0x8000000000000000), ("zero", 0)]]
    e64 += [("f64_" + n, struct.pack("<d", v)) for n, v in dict_values() if not math.isnan(v)]
    out.add_text("dict/fuzz_f64.dict", dict_lines(e64))
    out.add_text("dict/fuzz_deriv.dict", dict_lines(e32 + e16 + e64))  # (bytes 40..55: binary64)


# Bias seeds (fuzz_ulp byte 34): x and b whose exact sum x + b is not a float
# (b a fraction of an ulp of x, ties at half an ulp), sums next to the zero of
# f' (x0 ~ -0.7518 for the gelus, -1.2785 for silu), in the tails, at the exact
# forms' thresholds (gelus' 10 / 9 / 47, silu's 80, |s| near 2^-40 and 2^-60),
# and plain moderate pairs.
BIAS_X = {1: [-0.75179, -10.0, -14.0, 10.0, -3.5, 0.5], 2: [-0.75246, -9.0, -14.0, 9.0, -3.5, 0.5],
          3: [-0.75115, -20.0, -60.0, 47.0, -3.5, 0.5], 4: [-0.3, -20.0, -80.0, 3.0, -1e-3, 1e-20],
          5: [-0.3, -20.0, -80.0, 3.0, -1e-3, 1e-20], 6: [-1.27846, -30.0, -100.0, 80.0, -3.5, 0.5],
          7: [2.21772, -1.27846, -30.0, 10.0, -3.5, 0.5]}  # swish_tanh: 2.21772 its (s = 1/2) w = hi edge
BIAS_FRAC = [0.5, -0.5, 0.3, -0.01, 2.0 ** -20, 0.25]


def gen_bias(out):
    """bias seeds for fuzz_ulp, fuzz_deriv and fuzz_special"""
    for op in range(1, 8):
        for fmt in range(3):
            for i, xv in enumerate(BIAS_X[op] + [1e-12, 3e-19]):
                x = val_of(fmt, xv)
                if x == 0 or math.isinf(x):
                    continue
                e = max(math.floor(math.log2(abs(x))), FMT_EMIN[fmt]) - FMT_PREC[fmt] + 1  # ulp exponent
                fr = BIAS_FRAC[(i + fmt + op) % len(BIAS_FRAC)]
                bv = fr * 2.0 ** e if fmt == 0 else fr * 2.0 ** (e - 14)  # 16-bit: below fp32's ulp of x too
                if i % 4 == 3:
                    bv = 1.5 + 0.25 * i  # moderate
                form = 1 + (i + op) % 2
                dyv = [1.0, -0.75, 3.0, 2.0 ** -10][(i + fmt) % 4]
                xb, bb, db = to_bits(fmt, x), to_bits(fmt, bv), to_bits(fmt, dyv)
                name = "bias-%s-%s-%s-%d" % (OPS[op], ["f32", "f16", "bf16"][fmt], ["y", "dx"][form - 1], i)
                out.add("fuzz_ulp", name, rec_ulp(op, fmt, 0, xb, db) + bytes([0, 0]) + struct.pack("<I", bb) + bytes([form]))
                # fuzz_deriv: bias byte 34 (bit 1: b moderate, (int32)bits 2^-26), b at 35..38
                if i % 2 == 0:
                    out.add("fuzz_deriv", name, rec_ulp(op, fmt, 0, xb, db) + bytes([0, 0]) + bytes(4) + bytes([1]) +
                            struct.pack("<I", bb))
                else:
                    bm = int(round(max(-31.9, min(31.9, 1.5 - 0.75 * i)) * 2 ** 26)) & 0xFFFFFFFF
                    out.add("fuzz_deriv", name + "-mod", rec_ulp(op, fmt, 1, xb, db) + bytes([0, 0]) + bytes(4) + bytes([3]) +
                            struct.pack("<I", bm))
    # fuzz_special: the sum aimed at entries of the gated table (byte 41: form, bit 2 b = t - x)
    i = 0
    for op in range(1, 8):
        for fmt in range(3):
            for form in (1, 2):
                for j in range(4):
                    xsel = (i * 13 + j * 31 + 5) % 0xC0
                    i += 1
                    x = field_tab(xsel, pert=[0, 1, 0xFF, 3][j], mode=[0, 1, 1, 2][j])
                    dy = field_tab([8, 26, 29, 12][j])
                    b = field_tab([12, 14, 16, 17][j], neg=j & 1)
                    rec = rec_special(op, fmt, 0, 0, x, dy, field_tab(0), field_tab(0), field_tab(0), field_tab(0))
                    out.add("fuzz_special", "bias-%s-%d-%s-%d" % (OPS[op], fmt, ["y", "dx"][form - 1], j),
                            rec + bytes([0, 0]) + b + bytes([form | (4 if j % 2 else 0)]))


# fp64 seeds (fuzz_f64): specials, the tails, the zeros of f' (mode bit 2), tiny x,
# huge dy, and elu/selu's dx from y next to y = -lambda alpha
F64_X = [0.0, -0.0, 5e-324, -5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308,
         float("inf"), float("-inf"), float("nan"), 1e-300, -1e-20, -0.5, 1.0, 2.5, -6.0, -38.5, -40.0, -745.0,
         -1100.0, 10.5, 1e4, -1e10, 3.0e-9]
F64_DY = [1.0, -0.75, 1e300, 5e-324, 0.0, float("inf"), float("nan"), 3.0]


def gen_f64(out):
    """fp64 seeds for fuzz_f64"""
    k = 0
    for op in range(1, 8):
        for i, x in enumerate(F64_X):
            d = (i + op) % 4
            dy = F64_DY[(i + 2 * op) % len(F64_DY)]
            rec = struct.pack("<BBBB", op - 1, d, 0, 0) + struct.pack("<dd", x, dy) + struct.pack("<ffff", 1.0, 0.5, -1.0, 1.0)
            out.add("fuzz_f64", "f64-%s-%d-%d" % (OPS[op], d, i), rec)
            k += 1
        if op not in (4, 5, 7):  # the zero of f' (mode bit 2), moved by a few ulps
            for j, mv in enumerate((0, 1, 0xFF, 5)):
                rec = struct.pack("<BBBB", op - 1, 1 + j % 2, 0, 4) + struct.pack("<Qd", mv, 1.0) + struct.pack("<ffff", 1.0, 0.5, -1.0, 1.0)
                out.add("fuzz_f64", "f64-%s-zero-%d" % (OPS[op], j), rec)
    for op, lam in ((4, 1.0), (5, 1.7580993408473768)):  # dx from y next to -lambda alpha
        for j, mv in enumerate((0, 1, -1, 40)):
            y = struct.unpack("<d", struct.pack("<q", struct.unpack("<q", struct.pack("<d", -lam))[0] + mv))[0]
            rec = struct.pack("<BBBB", op - 1, 3, 0, 0) + struct.pack("<dd", y, 1.5) + struct.pack("<ffff", 1.0, 0.5, -1.0, 1.0)
            out.add("fuzz_f64", "f64-%s-from-y-%d" % (OPS[op], j), rec)


# fp64 seeds for fuzz_deriv (byte 39): F64_X's specials and tails, and the
# difference quotient's domain (2^-100 <= |x| <= 40) at doubles that are no
# floats: the zeros of f', elu/selu near 0 and in the tails, swish_tanh's
# clamp edges; per x one of the three encodings (byte 39 = 2: raw binary64 at
# 40..47 / 48..55; = 2 with byte 2's moderate bits: (int64)bits 2^-58 / 2^-60;
# = 1: a binary32 at 4..7 / 8..11 and 29 more bits at 40..43 / 48..51). Fast
# mode and the gated and bias bytes: the fp64 entry points must refuse them.
F64_DERIV_X = [-0.7517915604919, -0.75246142, -0.7511542614, -1.2784645427610738, -1.27846454276107, 0.1, -0.1,
               -3.3333333333333335, 1.0000000001, 5.5555555555, -9.3, -20.7, -39.99, 39.99, 7.25, 1.3e-27, -2.0 ** -90 * 1.3,
               2.0 ** -99 * 1.7, -2.0 ** -99 * 1.7, -1.1e-3, -17.3, 0.7615941559557649, 2.2399]


def f64_bits(v):
    return struct.unpack("<Q", struct.pack("<d", v))[0]


def rec_deriv_f64(op, enc, x, dy, setb, a, s, lo, hi, mode=0, gated=0, bias=0):
    """fuzz_deriv record for a binary64 x, dy (enc 0 raw, 1 moderate, 2 binary32 + 29 bits)"""
    xb, db = f64_bits(x), f64_bits(dy)
    modes, f64 = 0, 2
    x32 = d32 = 0
    if enc == 1:
        if not math.isnan(x) and abs(x) < 31.9:
            modes |= 1
            xb = int(round(x * 2 ** 58)) & 0xFFFFFFFFFFFFFFFF
        if not math.isnan(dy) and abs(dy) < 7.9:
            modes |= 2
            db = int(round(dy * 2 ** 60)) & 0xFFFFFFFFFFFFFFFF
    elif enc == 2:
        xh, dh = xb & ~0x1FFFFFFF, db & ~0x1FFFFFFF  # 24 bits or fewer: a float if in range
        vx, vd = struct.unpack("<d", struct.pack("<Q", xh))[0], struct.unpack("<d", struct.pack("<Q", dh))[0]
        if all(math.isnan(v) or math.isinf(v) or v == 0 or 2.0 ** -126 <= abs(v) < 2.0 ** 128 for v in (vx, vd)):
            f64 = 1
            x32, d32 = to_bits(0, vx) if not math.isnan(vx) else 0x7FC00000, to_bits(0, vd) if not math.isnan(vd) else 0x7FC00000
            xb, db = xb & 0x1FFFFFFF, db & 0x1FFFFFFF
    return (struct.pack("<BBBBIIIIII", op - 1, 0, modes, setb, x32, d32, f32_bits(a), f32_bits(s), f32_bits(lo), f32_bits(hi)) +
            bytes([mode, gated]) + bytes(4) + bytes([bias]) + bytes(4) + bytes([f64]) + struct.pack("<QQ", xb, db))


def gen_deriv_f64(out):
    """fp64 seeds for fuzz_deriv"""
    for op in range(1, 8):
        params = swish_params() if op == 7 else (
            [("a1", 0, 1.0, 0.5, -1.0, 1.0), ("a0.3", 1, 0.3, 0.5, -1.0, 1.0), ("a2.5", 1, 2.5, 0.5, -1.0, 1.0),
             ("a0", 1, 0.0, 0.5, -1.0, 1.0), ("aneg", 1, -2.0, 0.5, -1.0, 1.0)] if op == 4 else [("def", 0, 1.0, 0.5, -1.0, 1.0)])
        for pi, (ptag, setb, a, s, lo, hi) in enumerate(params):
            xs = F64_X + F64_DERIV_X + (swish_edges(s, lo, hi) if op == 7 else [])
            for i, x in enumerate(xs):
                if pi and i % 3 != pi % 3:
                    continue
                enc = (i + i // 3) % 3
                dy = F64_DY[(i + op) % len(F64_DY)]
                out.add("fuzz_deriv", "f64-%s-%s-%s-%d" % (OPS[op], ptag, ["raw", "mod", "f32lo"][enc], i),
                        rec_deriv_f64(op, enc, x, dy, setb, a, s, lo, hi))
        for j, (mode, gated, bias) in enumerate([(1, 0, 0), (1, 1, 1), (0, 1, 0), (0, 0, 1), (0, 3, 3)]):
            out.add("fuzz_deriv", "f64-%s-unsupported-%d" % (OPS[op], j),
                    rec_deriv_f64(op, j % 3, [1.5, -0.75, 2.0 ** -30, -20.5, 3.0][j], -1.25, 0, 1.0, 0.5, -1.0, 1.0, mode, gated, bias))


def main():
    check = "--check" in sys.argv
    out = Out(check)
    gen_scalar(out)
    gen_special(out)
    gen_fast(out)
    gen_api(out)
    gen_gated(out)
    gen_api_gated(out)
    gen_bias(out)
    gen_f64(out)
    gen_deriv_f64(out)
    gen_gpu(out)
    gen_dicts(out)
    bad = out.commit()
    counts = {}
    for p in out.files:
        if p.startswith("corpus"):
            h = p.split(os.sep)[1]
            counts[h] = counts.get(h, 0) + 1
    if check:
        print("gen_corpus: %s" % ("up to date" if not bad else "%d files differ" % bad))
        return 1 if bad else 0
    print("gen_corpus: " + ", ".join("%s %d" % kv for kv in sorted(counts.items())) + " seeds; 6 dictionaries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
