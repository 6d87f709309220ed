#!/usr/bin/env python3
"""Writes gpuact_tables.h, the constant tables of gpuact_kernels.cuh (which
includes it), with mpmath at 80 digits. The file is generated whole.

    python3 tools/gen/gen_tables.py                  # print it
    python3 tools/gen/gen_tables.py --write          # write gpuact_tables.h
    python3 tools/gen/gen_tables.py --check [FILE]   # exit 1 if FILE (default:
                                                     # gpuact_tables.h) is not what --write writes

Every float is printed as its exact bit pattern (uint32) so no compiler
rounds a decimal literal differently. A value v is split as
hi = RN32(v), lo = RN32(v - hi) (and ll = RN32(v - hi - lo) where noted).
"""
import os, struct, sys
from mpmath import mp, mpf, sqrt, pi, exp, erfc, erf, log, findroot, diff, taylor, npdf, ncdf, tanh

mp.dps = 80

def f32(v):
    """Round an mpf to binary32 (nearest-even), return (python float, bits)."""
    d = float(v)                      # nearest double (mpmath rounds correctly)
    b = struct.unpack('<I', struct.pack('<f', d))[0]   # double -> float (RN)
    # float(v) then to float32 can double-round; fix by checking neighbours
    best = None
    for cand in (b - 1, b, b + 1):
        if cand < 0:
            continue
        fv = struct.unpack('<f', struct.pack('<I', cand & 0xffffffff))[0]
        err = abs(mpf(fv) - v)
        if best is None or err < best[0] or (err == best[0] and (cand & 1) == 0):
            best = (err, cand, fv)
    return best[2], best[1]

def split(v, parts=2):
    out = []
    r = mpf(v)
    for _ in range(parts):
        f, b = f32(r)
        out.append(b)
        r = r - mpf(f)
    return out

def hexs(bits):
    return ", ".join("0x%08xu" % b for b in bits)

lines = []
def emit(s=""):
    lines.append(s)

def emit_half_major(rows, per_line):
    """A Taylor table's rows (first half, second half: 4 words each), every
    row's first half, then every row's second half; per_line rows a line."""
    for half in range(2):
        for i in range(0, len(rows), per_line):
            emit("    %s, \\" % hexs([b for row in rows[i:i + per_line] for b in row[half]]))

# ---- scalar constants (hi, lo[, ll]) -------------------------------------
consts = [
    ("INV_SQRT2", 1 / sqrt(2), 2, "1/sqrt(2)"),
    ("INV_SQRT2PI", 1 / sqrt(2 * pi), 2, "1/sqrt(2 pi)"),
    ("GT_K1", 2 * sqrt(2 / pi), 2, "2 sqrt(2/pi): 2u = x (K1 + K3 x^2)"),
    ("GT_K3", 2 * mpf('0.044715') * sqrt(2 / pi), 2, "2 * 0.044715 * sqrt(2/pi)"),
    ("GT_3K3", 6 * mpf('0.044715') * sqrt(2 / pi), 2, "3 * GT_K3: d(2u)/dx = K1 + 3 K3 x^2"),
    ("GS_K", mpf('1.702'), 2, "1.702 (gelu_sigmoid)"),
    ("SELU_L", mpf('1.0507009873554804934193349852946'), 2, "SELU lambda"),
    ("SELU_LA", mpf('1.0507009873554804934193349852946') * mpf('1.6732632423543772848170429916717'), 3, "SELU lambda*alpha"),
    ("LN2_64", log(2) / 64, 2, "ln(2)/64 (Cody-Waite split)"),
    ("TANH1", tanh(1), 2, "tanh(1): swish_tanh where w is clamped to 1"),
]
emit("/* scalar constants, as bit patterns: NAME[0] + NAME[1] (+ NAME[2]) */")
for name, v, parts, what in consts:
    bits = split(v, parts)
    emit("#define GPUACT__C_%s_H 0x%08xu /* %s */" % (name, bits[0], what))
    emit("#define GPUACT__C_%s_L 0x%08xu" % (name, bits[1]))
    if parts == 3:
        emit("#define GPUACT__C_%s_LL 0x%08xu" % (name, bits[2]))
f, b = f32(64 / log(2))
emit("#define GPUACT__C_64_LN2 0x%08xu /* 64/ln(2), rounded */" % b)
# ln(2)/64 in four parts for the triple-float exp (gpuact__exp3): a head of 11
# significant bits (m times it exact for |m| < 2^13), then three RN parts
l64 = log(2) / 64
m11 = mp.floor(mp.ldexp(l64, 17))           # ln(2)/64 < 2^-6: its top 11 bits
head = mp.ldexp(m11, -17)
emit("#define GPUACT__C_LN2_64_E3A 0x%08xu /* ln(2)/64 for gpuact__exp3: 11 bits, then 3 parts */" % f32(head)[1])
rest = split(l64 - head, 3)
for nm, bb in zip("BCD", rest):
    emit("#define GPUACT__C_LN2_64_E3%s 0x%08xu" % (nm, bb))
emit()

# ---- 2^(j/64), j = 0..63, as hi/lo pairs ----------------------------------
emit("/* 2^(j/64) for j = 0..63: {hi, lo} pairs */")
emit("#define GPUACT__EXP2_TABLE { \\")
for j in range(64):
    emit("    %s, \\" % hexs(split(mpf(2) ** (mpf(j) / 64), 2)))
emit("}")
emit("/* 2^(j/64) - hi - lo for j = 0..63: the third parts (gpuact__exp3) */")
emit("#define GPUACT__EXP2_TABLE_LL { \\")
for j in range(0, 64, 8):
    emit("    %s, \\" % hexs([split(mpf(2) ** (mpf(i) / 64), 3)[2] for i in range(j, j + 8)]))
emit("}")
emit()

# ---- R(a) = exp(a^2) erfc(a): Taylor coefficients at c_i = i/8 ------------
# R' = 2aR - 2/sqrt(pi)  =>  (n+1) r_{n+1} = 2c r_n + 2 r_{n-1} - (2/sqrt(pi))[n=0]
NI = 113         # centres 0, 1/8, ..., 112/8 = 14; each covers [c - 1/16, c + 1/16)
ND = 11          # r0..r10; |r_n (1/16)^n / r0| < 2^-47 for n >= 11
emit("/* R(a) = exp(a^2) erfc(a) = sum_n r_n (a - c)^n at c = i/8, i = 0..%d." % (NI - 1))
emit("   Per centre 16 floats: r0 hi,lo  r1 hi,lo  r2 hi,lo  r3..r10  (pad 2), stored")
emit("   in four 16-byte quarters, quarter-major: float k of centre i at")
emit("   4 NI (k / 4) + 4 i + k % 4 (a warp's lanes read nearby centres, whose same")
emit("   quarters then share cache lines). */")
emit("#define GPUACT__ERFC_NI %d" % NI)
emit("#define GPUACT__ERFC_TABLE { \\")
rows = []
for i in range(NI):
    c = mpf(i) / 8
    r = [exp(c * c) * erfc(c)]
    r.append(2 * c * r[0] - 2 / sqrt(pi))
    for n in range(1, ND):
        r.append((2 * c * r[n] + 2 * r[n - 1]) / (n + 1))
    bits = split(r[0]) + split(r[1]) + split(r[2]) + [f32(r[n])[1] for n in range(3, ND)]
    bits += [0, 0]
    rows.append(bits)
for q in range(4):
    for i in range(0, NI, 4):
        emit("    %s, \\" % hexs([b for row in rows[i:i + 4] for b in row[4 * q:4 * q + 4]]))
emit("}")
emit()

# ---- S(t) = e^(t^2/2) Phi(-t): Taylor coefficients at c_i = i/32 ---------
# S' = t S - 1/sqrt(2 pi)  =>  (n+1) s_{n+1} = c s_n + s_{n-1}  (n >= 1)
NS = 361         # centres 0, 1/32, ..., 360/32 = 11.25; each covers [c - 1/64, c + 1/64]
emit("/* S(t) = exp(t^2/2) Phi(-t) = sum_n s_n (t - c)^n at c = i/32, i = 0..%d (gelu_erf's" % (NS - 1))
emit("   fast tier). Per centre two 16-byte halves, half-major: s0 hi,lo  s1 hi,lo at")
emit("   4 i, s2..s5 at 4 (NS + i). |s_n (1/64)^n| < 2^-41.5 S for n >= 6. */")
emit("#define GPUACT__PHI_NS %d" % NS)
emit("#define GPUACT__PHI_TABLE { \\")
rows = []
for i in range(NS):
    c = mpf(i) / 32
    sn = [exp(c * c / 2) * erfc(c / sqrt(2)) / 2]
    sn.append(c * sn[0] - 1 / sqrt(2 * pi))
    for n in range(1, 5):
        sn.append((c * sn[n] + sn[n - 1]) / (n + 1))
    rows.append((split(sn[0]) + split(sn[1]), [f32(sn[n])[1] for n in range(2, 6)]))
emit_half_major(rows, 1)
emit("}")
emit()

# ---- g(w) = tanh(w)/w: Taylor coefficients at c_i = i/64 ------------------
# (swish_tanh's fast tier). tanh's own coefficients t_n at c follow from
# tanh' = 1 - tanh^2: (n+1) t_{n+1} = [n=0] - sum_k t_k t_{n-k}; then
# w g = tanh gives g_n = (t_n - g_{n-1}) / c (c > 0), and at c = 0 the even
# series 1 - w^2/3 + 2 w^4/15 - ...
NG = 1185        # centres 0, 1/64, ..., 1184/64 = 18.5; each covers [c - 1/128, c + 1/128]
emit("/* g(w) = tanh(w)/w = sum_n g_n (w - c)^n at c = i/64, i = 0..%d (swish_tanh's fast" % (NG - 1))
emit("   tier). Laid out as GPUACT__PHI_TABLE: g0 hi,lo  g1 hi,lo at 4 i, g2..g5 at 4 (NG + i). */")
emit("#define GPUACT__TANH_NG %d" % NG)
emit("#define GPUACT__TANH_TABLE { \\")
rows = []
for i in range(NG):
    if i == 0:
        g = [mpf(1), mpf(0), -mpf(1) / 3, mpf(0), mpf(2) / 15, mpf(0)]
    else:
        c = mpf(i) / 64
        t = [tanh(c)]
        t.append(1 - t[0] ** 2)
        for n in range(1, 5):
            t.append(-sum(t[k] * t[n - k] for k in range(n + 1)) / (n + 1))
        g = [t[0] / c]
        for n in range(1, 6):
            g.append((t[n] - g[n - 1]) / c)
    rows.append((split(g[0]) + split(g[1]), [f32(g[n])[1] for n in range(2, 6)]))
emit_half_major(rows, 2)
emit("}")
emit()

# ---- the table tier: Q(t) = P(-t) and A(t) = f'(-t) at c_i = i/S ----------
# For the ops f = x P(x) with P(x) + P(-x) = 1 (gelu_erf, gelu_tanh,
# gelu_sigmoid, silu): f(x) = x Q(|x|) (x < 0) or x (1 - Q(|x|)), f'(x) =
# A(|x|) (x < 0) or 1 - A(|x|). Rows as GPUACT__PHI_TABLE (q0, q1
# double-floats, q2..q5 fp32, half-major), centres 0, 1/S, ..., 512/S: S = 64
# (up to 8) for gelu_erf, gelu_tanh and gelu_sigmoid, S = 32 (up to 16) for
# silu, whose Q(t) = sigma(-t) falls slowest.
TT_N = 513
def sig(z): return 1 / (1 + exp(-z))
GT_K, GT_C = 2 * sqrt(2 / pi), mpf('0.044715')
GS_K = mpf('1.702')
def gt_z(t): return GT_K * (t + GT_C * t ** 3)
tt_fns = (
    ("ERF", 64, "gelu_erf", "Phi(-t)", lambda t: ncdf(-t), "Phi(-t) - t phi(t)", lambda t: ncdf(-t) - t * npdf(t)),
    ("GT", 64, "gelu_tanh", "sigma(-z(t))", lambda t: sig(-gt_z(t)), "Q (1 - t z'(t) (1 - Q))",
     lambda t: sig(-gt_z(t)) * (1 - t * GT_K * (1 + 3 * GT_C * t * t) * sig(gt_z(t)))),
    ("GS", 64, "gelu_sigmoid", "sigma(-1.702 t)", lambda t: sig(-GS_K * t), "Q (1 - 1.702 t (1 - Q))",
     lambda t: sig(-GS_K * t) * (1 - GS_K * t * sig(GS_K * t))),
    ("SILU", 32, "silu", "sigma(-t)", lambda t: sig(-t), "Q (1 - t (1 - Q))", lambda t: sig(-t) * (1 - t * sig(t))),
)
emit("/* The table tier's Taylor rows (gpuact__tt_eval): g(c + d) = sum_n g_n d^n at")
emit("   c = i/S, i = 0..%d (S = GPUACT__TT_S_*), laid out as GPUACT__PHI_TABLE. */" % (TT_N - 1))
emit("#define GPUACT__TT_N %d" % TT_N)
for tag, S, op, qwhat, qfn, awhat, afn in tt_fns:
    emit("#define GPUACT__TT_S_%s %d" % (tag, S))
for tag, S, op, qwhat, qfn, awhat, afn in tt_fns:
    for kind, what, fn in (("Q", "Q(t) = " + qwhat, qfn), ("A", "A(t) = f'(-t) = " + awhat, afn)):
        emit("/* %s %s */" % (op, what))
        emit("#define GPUACT__TT_%s_%s { \\" % (tag, kind))
        rows = []
        for i in range(TT_N):
            cs = taylor(fn, mpf(i) / S, 5)
            rows.append((split(cs[0]) + split(cs[1]), [f32(cs[n])[1] for n in range(2, 6)]))
        emit_half_major(rows, 1)
        emit("}")
emit()

# ---- swish_tanh's table tier (s = 1/2): rows at c_i = i/32 - 55/4 ---------
# f(x) = tanh(w), w = x sigma(x) / 2: f = x Q(x) with Q = sigma(x)/2 g(w),
# g(w) = tanh(w)/w (smooth through 0, Q(0) = 1/4), and f'(x) = A(x) =
# sech^2(w) sigma(x) (1 + x (1 - sigma(x))) / 2. Centres -13.75 .. 2.25.
# (Rows of f itself were tried: near x = 0, where f0 + f1 d shrinks to f0/2,
# the fp32 terms d^2 (f2 + ...) are 1% of f and their roundings 2^-31 of it.)
ST_S, ST_X0 = 32, mpf(55) / 4
def st_g(w): return tanh(w) / w if w != 0 else mpf(1)
def st_q(x): return sig(x) / 2 * st_g(x * sig(x) / 2)
def st_a(x):
    w = x * sig(x) / 2
    return (1 - tanh(w) ** 2) * sig(x) * (1 + x * (1 - sig(x))) / 2
emit("/* swish_tanh (s = 1/2): Q(x) = tanh(w)/x, w = x sigma(x)/2, and A(x) = f'(x) =")
emit("   sech^2(w) sigma(x) (1 + x (1 - sigma(x)))/2, rows (gpuact__tt_poly) at")
emit("   c = i/%d - 55/4, i = 0..%d */" % (ST_S, TT_N - 1))
emit("#define GPUACT__TT_S_ST %d" % ST_S)
for kind, fn in (("Q", st_q), ("A", st_a)):
    emit("#define GPUACT__TT_ST_%s { \\" % kind)
    rows = []
    for i in range(TT_N):
        cs = taylor(fn, mpf(i) / ST_S - ST_X0, 5)
        rows.append((split(cs[0]) + split(cs[1]), [f32(cs[n])[1] for n in range(2, 6)]))
    emit_half_major(rows, 1)
    emit("}")
emit()

# ---- Taylor expansions of f' about its negative zero x0 -------------------
def silu(x): return x / (1 + exp(-x))
def gelu_erf(x): return x * ncdf(x)
def gelu_tanh(x): return x / (1 + exp(-2 * sqrt(2 / pi) * (x + mpf('0.044715') * x ** 3)))
def gelu_sig(x): return x / (1 + exp(-mpf('1.702') * x))
NT = 7
for name, fn, guess in (("GELU_ERF", gelu_erf, -0.75), ("GELU_TANH", gelu_tanh, -0.75),
                        ("GELU_SIG", gelu_sig, -0.75), ("SILU", silu, -1.28)):
    d1 = lambda x: diff(fn, x, 1)
    x0 = findroot(d1, mpf(guess), tol=mpf(10) ** -70)
    # coefficients of f'(x0 + d) = sum_{n>=1} c_n d^n  (c_n = f^(n+1)(x0)/n!)
    cs = taylor(d1, x0, NT)
    x0b = split(x0, 3)
    emit("/* %s: f'(x0) = 0 at x0 = %s; x0 hi,lo,ll  c1, c2, c3 hi,lo  c4..c%d of f'(x0+d) = sum c_n d^n */" % (name.lower(), mp.nstr(x0, 30), NT))
    # c2 and c3 as double-floats: at |d| = 1/128 a float c2 alone would leave
    # the sum 2^-32 off (c2 d / c1 ~ 2^-8 times 2^-24)
    head = split(cs[1]) + split(cs[2]) + split(cs[3])
    rest = [f32(cs[n])[1] for n in range(4, NT + 1)]
    vals = x0b + head + rest
    emit("#define GPUACT__Z_%s %s" % (name, ", ".join("GPUACT__K(0x%08xu)" % b for b in vals)))
    # x0's fourth float, for f'(x + b) (section 9.3): x + b - x0 can be as
    # small as 2^-53, so x0 is needed to 2^-96
    emit("#define GPUACT__Z4_%s GPUACT__K(0x%08xu) /* x0 - hi - lo - ll */" % (name, split(x0, 4)[3]))
emit()

HEAD = """/* gpuact_tables.h - the constant tables of gpuact_kernels.cuh, which includes it.
   GENERATED by tools/gen/gen_tables.py (mpmath, 80 digits): do not edit; run
   python3 tools/gen/gen_tables.py --write. CTest tables_current checks it. */
#ifndef GPUACT_TABLES_H
#define GPUACT_TABLES_H

"""
text = HEAD + "\n".join(lines) + "\n#endif /* GPUACT_TABLES_H */\n"

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "gpuact_tables.h")
args = sys.argv[1:]
if args[:1] == ["--check"] and len(args) <= 2:
    path = args[1] if len(args) == 2 else OUT
    try:
        with open(path, encoding="utf-8", newline="") as f:
            have = f.read()
    except OSError:
        have = None
    if have != text:
        print("%s is %s: run python3 tools/gen/gen_tables.py --write" % (path, "missing" if have is None else "stale"))
        sys.exit(1)
    print("%s is current" % path)
elif args == ["--write"]:
    with open(OUT, "w", encoding="utf-8", newline="") as f:
        f.write(text)
elif not args:
    sys.stdout.write(text)
else:
    sys.exit("usage: python3 tools/gen/gen_tables.py [--write | --check [FILE]]")
