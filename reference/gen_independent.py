#!/usr/bin/env python3
"""Generate independent_values.h: f and f' of every gpuact function at chosen
points, correctly rounded to binary32, binary16, bfloat16 and binary64.

Independent of the C reference on purpose: mpmath instead of MPFR, the
formulas written in other forms (Phi via mpmath.ncdf, gelu_tanh via
mpmath.tanh/sech, the sigmoid derivatives as quotient rules, silu for
swish_tanh via tanh(x/2)), derivatives cross-checked against mpmath.diff, and
rounding to the formats done here with exact rational arithmetic (checked
against Python's own correctly rounded float(Fraction)).  Each value is
computed at 320 and at 640 bits and must round identically in every format
(a Ziv-style check; the script aborts otherwise).

    python3 reference/gen_independent.py > reference/independent_values.h
"""
import struct
import sys
from fractions import Fraction

import mpmath
from mpmath import mp, mpf

# ---------------------------------------------------------------- formats
# (name, precision, minimum normal exponent, maximum exponent)
FORMATS = [("F32", 24, -126, 127), ("F16", 11, -14, 15),
           ("BF16", 8, -126, 127), ("F64", 53, -1022, 1023)]


def round_fraction(v, p, emin, emax):
    """Round a nonzero Fraction to nearest-even in the format; float result."""
    sign = -1.0 if v < 0 else 1.0
    a = abs(v)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    assert Fraction(2) ** e <= a < Fraction(2) ** (e + 1)
    q = max(e, emin) - p + 1              # ulp exponent (subnormals: emin-p+1)
    n = a / Fraction(2) ** q
    fl = n.numerator // n.denominator
    rest = n - fl
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and fl % 2 == 1):
        fl += 1
    res = fl * Fraction(2) ** q
    if res > (2 - Fraction(2) ** (1 - p)) * Fraction(2) ** emax:
        return sign * float("inf")
    return sign * float(res)              # exact; a zero keeps the sign


def round_all(v):
    """mpf (nonzero) -> tuple of rounded floats for the four formats."""
    assert v != 0, "an exact zero is not expected at the table's points"
    man, exp = v.man_exp
    if man.bit_length() + exp < -1200:      # far below every subnormal
        z = -0.0 if v < 0 else 0.0
        return tuple(z for _ in FORMATS)
    assert man.bit_length() + exp < 1100
    fr = Fraction(man) * Fraction(2) ** exp   # man_exp drops the sign
    if v < 0:
        fr = -fr
    out = tuple(round_fraction(fr, p, emin, emax) for _, p, emin, emax in FORMATS)
    # binary64 must agree with Python's own correctly rounded int/int division
    assert struct.pack("d", out[3]) == struct.pack("d", float(fr))
    return out


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


# -------------------------------------------------------------- functions
LAMBDA = "1.0507009873554804934193349852946"
ALPHA_S = "1.6732632423543772848170429916717"


def c(s):
    return mpf(s)   # decimal constant at the current precision


def gelu_erf(x):
    return x * mpmath.ncdf(x)


def d_gelu_erf(x):
    return mpmath.ncdf(x) + x * mpmath.npdf(x)


def one_plus_tanh(v):
    # 1 + tanh(v) cancels for v << 0; there use 2 e^{2v} / (1 + e^{2v})
    if v > -1:
        return 1 + mpmath.tanh(v)
    e = mpmath.exp(2 * v)
    return 2 * e / (1 + e)


def gelu_tanh(x):
    v = mpmath.sqrt(2 / mpmath.pi) * (x + c("0.044715") * x ** 3)
    return x / 2 * one_plus_tanh(v)


def d_gelu_tanh(x):
    k = mpmath.sqrt(2 / mpmath.pi)
    v = k * (x + c("0.044715") * x ** 3)
    dv = k * (1 + 3 * c("0.044715") * x ** 2)
    return one_plus_tanh(v) / 2 + x / 2 * mpmath.sech(v) ** 2 * dv


def x_over_1pexp(x, a):
    # x / (1 + e^{-a x}) and its derivative by the quotient rule
    e = mpmath.exp(-a * x)
    return x / (1 + e), ((1 + e) + a * x * e) / (1 + e) ** 2


def gelu_sigmoid(x):
    return x_over_1pexp(x, c("1.702"))[0]


def d_gelu_sigmoid(x):
    return x_over_1pexp(x, c("1.702"))[1]


def silu(x):
    return x_over_1pexp(x, 1)[0]


def d_silu(x):
    return x_over_1pexp(x, 1)[1]


def elu(x, alpha):
    return x if x > 0 else alpha * mpmath.expm1(x)


def d_elu(x, alpha):
    return mpf(1) if x > 0 else alpha * mpmath.exp(x)


def selu(x):
    return c(LAMBDA) * elu(x, c(ALPHA_S))


def d_selu(x):
    return c(LAMBDA) * d_elu(x, c(ALPHA_S))


def silu_tanh_form(x):
    # silu(x) = x (1 + tanh(x/2)) / 2
    return x * one_plus_tanh(x / 2) / 2


def decisive(a, b):
    """a != b, and far enough apart that the comparison is trustworthy"""
    assert abs(a - b) > mpf(2) ** (-(mp.prec - 40)) * max(1, abs(a)), "too close to decide"
    return a < b


def clamp(v, lo, hi):
    if lo != -mpmath.inf and decisive(v, lo):
        return mpf(lo)
    if hi != mpmath.inf and decisive(hi, v):
        return mpf(hi)
    return v


def swish(x, s, lo, hi):
    w = silu_tanh_form(x) * s
    return clamp(mpmath.tanh(clamp(w, lo, hi)), lo, hi)


def d_swish(x, s, lo, hi):
    w = silu_tanh_form(x) * s
    t = mpmath.tanh(w)
    inside = lambda v: (lo == -mpmath.inf or not decisive(v, lo)) and \
                       (hi == mpmath.inf or not decisive(hi, v))
    if not (inside(w) and inside(t)):
        return "zero"   # gated off: an exact +0
    return s * mpmath.sech(w) ** 2 * d_silu(x)


# ---------------------------------------------------------------- configs
# (op code, name, alpha, scale, lo, hi, f, f')
INF = float("inf")
CONFIGS = [
    (1, "gelu_erf", 1, .5, -1, 1, lambda x, P: gelu_erf(x), lambda x, P: d_gelu_erf(x)),
    (2, "gelu_tanh", 1, .5, -1, 1, lambda x, P: gelu_tanh(x), lambda x, P: d_gelu_tanh(x)),
    (3, "gelu_sigmoid", 1, .5, -1, 1, lambda x, P: gelu_sigmoid(x), lambda x, P: d_gelu_sigmoid(x)),
    (6, "silu", 1, .5, -1, 1, lambda x, P: silu(x), lambda x, P: d_silu(x)),
    (5, "selu", 1, .5, -1, 1, lambda x, P: selu(x), lambda x, P: d_selu(x)),
]
for a in (1.0, 0.5, 2.5, -0.75):
    CONFIGS.append((4, "elu", a, .5, -1, 1,
                    lambda x, P: elu(x, mpf(P[0])), lambda x, P: d_elu(x, mpf(P[0]))))
for s, lo, hi in ((.5, -1, 1), (1.5, -.5, .8), (1, .25, 2), (-.5, -1, 1), (2, -INF, INF)):
    CONFIGS.append((7, "swish_tanh", 1, f32(s), f32(lo), f32(hi),
                    lambda x, P: swish(x, mpf(P[1]), P[2], P[3]),
                    lambda x, P: d_swish(x, mpf(P[1]), P[2], P[3])))

XS_F32 = [-3e38, -1e30, -745, -100, -38.5, -20, -10, -5.5, -3, -1.5, -1.2784645,
          -1, -0.7517915, -0.5, -0.1, -1e-3, -1e-20, -1e-40, 1e-40, 1e-20, 1e-3,
          0.1, 0.5, 0.9, 1, 1.5, 2.2, 3, 5.5, 10, 20, 100, 1e10, 3e38]
XS_F64 = [0.1, -0.75179156, -1.2784645427610738, 2.5e-310, -740.0]
XS = [f32(x) for x in XS_F32] + XS_F64


def hexf(v):
    if v != v:
        return "NAN"
    if v == INF:
        return "INFINITY"
    if v == -INF:
        return "-INFINITY"
    return v.hex()


def evaluate(fn, x, P):
    outs = []
    for prec in (320, 640):
        mp.prec = prec
        v = fn(mpf(x), P)
        outs.append((0.0,) * 4 if isinstance(v, str) else round_all(v))
    mp.prec = 320
    a, b = outs
    for u, w in zip(a, b):
        assert struct.pack("d", u) == struct.pack("d", w), "not decided at 640 bits"
    return a


def check_derivative(fn, dfn, x, P):
    """mpmath.diff of the forward formula must agree with the derivative"""
    if abs(x) > 50 or abs(x) < 1e-30:
        return
    mp.prec = 320
    xm = mpf(x)
    d = dfn(xm, P)
    if isinstance(d, str):
        d = mpf(0)
    nd = mpmath.diff(lambda t: fn(t, P), xm)
    assert abs(nd - d) <= mpf(10) ** -40 * max(abs(d), mpf(10) ** -60), (x, P, nd, d)


def main():
    rows = []
    for op, name, alpha, scale, lo, hi, fn, dfn in CONFIGS:
        P = (alpha, scale, lo, hi)
        for x in XS:
            fv = evaluate(fn, x, P)
            dv = evaluate(dfn, x, P)
            check_derivative(fn, dfn, x, P)
            rows.append((op, name, P, x, fv, dv))
    out = sys.stdout
    out.write("/* independent_values.h - GENERATED by gen_independent.py (mpmath %s); do not edit.\n"
              " * f and f' correctly rounded to F32, F16, BF16, F64 (index = gpuact_ref_format),\n"
              " * computed independently of the MPFR reference.  %d rows. */\n"
              % (mpmath.__version__, len(rows)))
    out.write("#ifndef GPUACT_REF_INDEPENDENT_VALUES_H\n#define GPUACT_REF_INDEPENDENT_VALUES_H\n"
              "#include <math.h>\n\n"
              "typedef struct {\n    int op;\n    float alpha, scale, lo, hi;\n    double x;\n"
              "    double f[4], df[4];\n} gpuact_ref_indep_row;\n\n"
              "static const gpuact_ref_indep_row gpuact_ref_indep[] = {\n")
    for op, name, P, x, fv, dv in rows:
        out.write("    {%d, %s, %s, %s, %s, %s, /* %s(%r) */\n     {%s},\n     {%s}},\n" % (
            op, *(hexf(float(p)) for p in P), hexf(x), name, x,
            ", ".join(hexf(v) for v in fv), ", ".join(hexf(v) for v in dv)))
    out.write("};\n\n#define GPUACT_REF_INDEP_COUNT (sizeof gpuact_ref_indep / sizeof gpuact_ref_indep[0])\n"
              "#endif\n")


if __name__ == "__main__":
    main()
