/* gpuact_f64.h - the fp64 scalar math core of gpuact: every op, forward,
   derivative and backward, in binary64, host and device, the same bits.

   Include after gpuact_kernels.cuh (it uses GPUACT__FN, GPUACT__OPAQUE,
   gpuact_cfg and the GPUACT_OP_* values). Entry points (private):
     gpuact__f64_fwd(op, x, cfg)       f(x) rounded once to double
     gpuact__f64_deriv(op, x, cfg)     f'(x) rounded once
     gpuact__f64_bwd(op, x, dy, cfg)   dy f'(x): the exact product rounded once
                                        (IEEE rules: inf * 0 = NaN, signed zeros)
   A NaN result is the canonical quiet NaN 0x7ff8000000000000.
   Definitions and special values are the MPFR reference's (reference/README.md,
   reference/ref_*.c), format binary64; the error is < 0.51 ulp (measured by
   tests/accuracy/f64_error.c).

   Arithmetic. IEEE double + - * / and fma only, no libm transcendental (host
   glibc and CUDA libdevice differ): every product that could meet an add goes
   through gpuact__f64_dmul (__dmul_rn on the device, an opaque product on the host,
   so no compiler contracts it into an fma), every fma is explicit
   (gpuact__f64_dfma: __fma_rn / C99 fma, both correctly rounded). So the host and
   the device give the same bits.

   Representation. Each op computes its value as a scaled double-double
   gpuact__f64xd {h, l, e, s, k}: the value (h + l) 2^e, with h a normal double
   (|h| well inside 2^+-900), e any int, and s the sign (-1, 0, +1) of a
   further infinitesimal part (used where the value is an exact dyadic number
   plus a term far below l: tiny x, where a rounding tie must be broken the
   right way); or, with k = 1, an exact double h (zeros, infinities, NaN, 1,
   1/2, alpha). gpuact__f64_fin rounds (h + l + s eps) 2^e once: normal
   results by h + l (ties checked against s), subnormal ones by adding
   C = 2^(-1022-E) in the scaled domain (so the addition rounds on the
   subnormal grid), overflow to inf. The backward multiplies the derivative's
   xd by dy = dm 2^de (dm in [1, 2)) as a double-double and rounds once: no
   intermediate overflow or underflow, so dy = 1e300 times f'(-50) = e^-1250
   is exact. The derivative's xd carries its sign even where it underflows
   every format (the sentinel e = -100000: a nonzero value), so
   inf * f'(-1e10) = -inf as the reference has it.

   Pieces (formula; source of the accuracy):
     exp      e^x for a double-double x, |x| <= 2100: x = n ln2/64 + r,
              n = rint(64 x / ln2), ln2/64 in three parts (L1 r1 = fma exact,
              L2 by two-product), r in [-ln2/128, ln2/128] as double-double;
              e^r - 1 = r + r^2/2 (double-double) + r^3 P(r) (P degree 5,
              Taylor, double); e^x = 2^(n>>6) T[n&63] (1 + p), T = 2^(j/64) as
              double-doubles (generated). Relative error < 2^-75; p itself is
              expm1(x) when n = 0 (no cancellation near 0).
     erfcx    erfcx(u) = e^{u^2} erfc(u), 0 <= u < 62: 96 intervals (16 per
              binade of u + 1), polynomial of degree 13 in u - centre,
              c0..c3 double-double (Horner in double-double), c4..c13 double
              (Horner in double); relative error < 2^-72 (generated with
              mpmath, checked by the generator).
     sigmoid  sigma(z) = 1/(1 + e^-z) (z >= 0) or e^z/(1 + e^z) (z < 0), the
              e^z part kept as mantissa and exponent, so x sigma(z) for
              z -> -inf is x M / (1 + E) 2^m, never underflowing early.
     f' zero  near the zero x0 of f' (gelu_erf, gelu_tanh, gelu_sigmoid,
              silu; |x - x0| <= 2^-9) f'(x) = sum_k a_k d^k, d = x - x0 with x0
              in three doubles (so d is exact to 2^-160), a1, a2 double-double,
              a3..a8 double (generated with mpmath); outside, the formula's
              cancellation costs at most 2^9, below 2^-62 relative.
     tiny x   |x| < 2^-70 (gelu family, silu), |x| < 2^-100 (elu, selu): the
              first Taylor term exactly (x/2, alpha x, ...) and the sign of the
              next one as the sticky s: f(x) = x/2 + c x^2 rounds to x/2 except
              for an odd subnormal x, where the tie goes up (c > 0).
   Per op (x finite, not tiny; special values first, as the reference):
     gelu_erf     u = |x|/sqrt2, E = e^{-x^2/2} (x^2/2 exact by two-product),
                  G = erfcx(u), D = G/2 - |x|/sqrt(2pi):
                  x < 0: f = x E G/2, f' = E D;  x > 0: f = x (1 - E G/2),
                  f' = 1 - E D. x > 10: f = x (sticky -), f' = 1;
                  x < -56.6 (-56.6^2/2 below any product's range): -tiny.
     gelu_tanh    z = 2 sqrt(2/pi)(x + 0.044715 x^3), q = x z' =
                  2 sqrt(2/pi)(x + 3*0.044715 x^3) (double-double); f = x sigma(z),
                  f' = sigma(z)(1 + q (1 - sigma(z))) = (1 + E + q E)/(1 + E)^2
                  (z >= 0, E = e^-z) or E (1 + E + q)/(1 + E)^2 (z < 0, E = e^z).
                  x > 10: x, 1; x < -30: -tiny.
     gelu_sigmoid z = q = 1.702 x (1.702 as double-double); clips 30 / -1060.
     silu         z = q = x; clips 50 / -1800.
     elu          x > 0: x, 1 (exact); x <= 0: alpha expm1(x), alpha e^x
                  (alpha the float of the cfg, exact in double).
     selu         lambda x (x > 0; lambda double-double, x pre-scaled so that
                  lambda x overflows only in the final rounding), lambda;
                  x <= 0: (lambda alpha) expm1(x), (lambda alpha) e^x, lambda
                  and lambda*alpha the exact decimals of the spec as
                  double-doubles.
     swish_tanh   w = s silu(x), clamp(tanh(clamp(w, lo, hi)), lo, hi) with the
                  reference's decisions: w and tanh(w) are compared with the
                  float bounds exactly (double-double difference, then the
                  sticky: for x > 50, w = s x (1 - eta) exactly below s x, as the
                  reference's "strictly between 0 and s x"), a bound with
                  |c| >= 1 is never reached by tanh of a finite w. tanh(a) =
                  -expm1(-2a)/(2 + expm1(-2a)); f' = s sech^2(w) silu'(x) with
                  sech^2 = 4E/(1 + E)^2, E = e^{-2|w|} (mantissa and exponent);
                  gates and zeros as the reference (a gate off gives +0).
   NaN in, NaN out; cfg values as the reference: elu's alpha not finite, or
   swish_tanh's scale not finite or lo/hi NaN, give NaN.
*/
#ifndef GPUACT_F64_H
#define GPUACT_F64_H

#include "gpuact_f64_tables.h"

/* ---------------------------------------------------------------------------
   Tables (as gpuact_kernels.cuh section 3: function-local statics)
   ------------------------------------------------------------------------ */
static inline const double *gpuact__f64_exp_tab_h(void) { static const double t[128] = GPUACT__F64_EXP_TABLE; return t; }
static inline const double *gpuact__f64_erfcx_tab_h(void) { static const double t[GPUACT__F64_ERFCX_NI * GPUACT__F64_ERFCX_RW] = GPUACT__F64_ERFCX_TABLE; return t; }
static inline const double *gpuact__f64_z_tab_h(int i) {
    static const double a0[] = GPUACT__F64_Z_ERF_A, a1[] = GPUACT__F64_Z_GT_A, a2[] = GPUACT__F64_Z_GS_A, a3[] = GPUACT__F64_Z_SILU_A;
    return i == 0 ? a0 : i == 1 ? a1 : i == 2 ? a2 : a3;
}
#if defined(__CUDACC__)
static inline __device__ const double *gpuact__f64_exp_tab_d(void) { static __device__ __align__(16) const double t[128] = GPUACT__F64_EXP_TABLE; return t; }
static inline __device__ const double *gpuact__f64_erfcx_tab_d(void) { static __device__ __align__(16) const double t[GPUACT__F64_ERFCX_NI * GPUACT__F64_ERFCX_RW] = GPUACT__F64_ERFCX_TABLE; return t; }
static inline __device__ const double *gpuact__f64_z_tab_d(int i) {
    static __device__ __align__(16) const double a0[] = GPUACT__F64_Z_ERF_A, a1[] = GPUACT__F64_Z_GT_A, a2[] = GPUACT__F64_Z_GS_A, a3[] = GPUACT__F64_Z_SILU_A;
    return i == 0 ? a0 : i == 1 ? a1 : i == 2 ? a2 : a3;
}
#endif
GPUACT__FN const double *gpuact__f64_exp_tab(void) {
#if defined(__CUDA_ARCH__)
    return gpuact__f64_exp_tab_d();
#else
    return gpuact__f64_exp_tab_h();
#endif
}
GPUACT__FN const double *gpuact__f64_erfcx_tab(void) {
#if defined(__CUDA_ARCH__)
    return gpuact__f64_erfcx_tab_d();
#else
    return gpuact__f64_erfcx_tab_h();
#endif
}
GPUACT__FN const double *gpuact__f64_z_tab(int i) {
#if defined(__CUDA_ARCH__)
    return gpuact__f64_z_tab_d(i);
#else
    return gpuact__f64_z_tab_h(i);
#endif
}

/* ---------------------------------------------------------------------------
   Bits and IEEE double operations that mean the same on every compiler
   ------------------------------------------------------------------------ */
GPUACT__FN double gpuact__f64_u2d(uint64_t u) {
#if defined(__CUDA_ARCH__)
    return __longlong_as_double((long long)u);
#else
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
#endif
}
GPUACT__FN uint64_t gpuact__f64_d2u(double d) {
#if defined(__CUDA_ARCH__)
    return (uint64_t)__double_as_longlong(d);
#else
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
#endif
}
/* a * b rounded, never contracted into an fma */
GPUACT__FN double gpuact__f64_dmul(double a, double b) {
#if defined(__CUDA_ARCH__)
    return __dmul_rn(a, b);
#else
    double p = a * b;
    GPUACT__OPAQUE(p);
    return p;
#endif
}
GPUACT__FN double gpuact__f64_dfma(double a, double b, double c) {
#if defined(__CUDA_ARCH__)
    return __fma_rn(a, b, c);
#else
    return fma(a, b, c);
#endif
}
GPUACT__FN double gpuact__f64_ddiv(double a, double b) {
#if defined(__CUDA_ARCH__)
    return __ddiv_rn(a, b);
#else
    return a / b;
#endif
}
#define GPUACT__F64_SIGNBIT 0x8000000000000000ull
#define GPUACT__F64_ABSMASK 0x7fffffffffffffffull
GPUACT__FN double gpuact__f64_abs(double x) { return gpuact__f64_u2d(gpuact__f64_d2u(x) & GPUACT__F64_ABSMASK); }
GPUACT__FN double gpuact__f64_copysign(double x, double s) {
    return gpuact__f64_u2d((gpuact__f64_d2u(x) & GPUACT__F64_ABSMASK) | (gpuact__f64_d2u(s) & GPUACT__F64_SIGNBIT));
}
GPUACT__FN int gpuact__f64_signbit(double x) { return (int)(gpuact__f64_d2u(x) >> 63); }
GPUACT__FN int gpuact__f64_isnan(double x) { return (gpuact__f64_d2u(x) & GPUACT__F64_ABSMASK) > 0x7ff0000000000000ull; }
GPUACT__FN int gpuact__f64_isfinite(double x) { return (gpuact__f64_d2u(x) & 0x7ff0000000000000ull) != 0x7ff0000000000000ull; }
/* 2^k, -1022 <= k <= 1023 */
GPUACT__FN double gpuact__f64_pow2(int k) { return gpuact__f64_u2d((uint64_t)(k + 1023) << 52); }
/* the unbiased exponent of a normal double */
GPUACT__FN int gpuact__f64_expo(double x) { return (int)((gpuact__f64_d2u(x) >> 52) & 0x7ff) - 1023; }
/* +1 / -1 as the sign bit of x */
GPUACT__FN double gpuact__f64_sgn(double x) { return gpuact__f64_copysign(1.0, x); }

/* ---------------------------------------------------------------------------
   Double-double
   ------------------------------------------------------------------------ */
typedef struct gpuact__f64dd {
    double h, l;
} gpuact__f64dd;

GPUACT__FN gpuact__f64dd gpuact__f64_mk(double h, double l) {
    gpuact__f64dd r;
    r.h = h;
    r.l = l;
    return r;
}
GPUACT__FN gpuact__f64dd gpuact__f64_two_sum(double a, double b) {
    double s = a + b, bb = s - a;
    return gpuact__f64_mk(s, (a - (s - bb)) + (b - bb));
}
/* |a| >= |b| (or a = 0) */
GPUACT__FN gpuact__f64dd gpuact__f64_fast_two_sum(double a, double b) {
    double s = a + b;
    return gpuact__f64_mk(s, b - (s - a));
}
GPUACT__FN gpuact__f64dd gpuact__f64_two_prod(double a, double b) {
    double p = gpuact__f64_dmul(a, b);
    return gpuact__f64_mk(p, gpuact__f64_dfma(a, b, -p));
}
GPUACT__FN gpuact__f64dd gpuact__f64_neg(gpuact__f64dd a) { return gpuact__f64_mk(-a.h, -a.l); }
/* a + b, accurate (both parts summed with error terms) */
GPUACT__FN gpuact__f64dd gpuact__f64_add(gpuact__f64dd a, gpuact__f64dd b) {
    gpuact__f64dd s = gpuact__f64_two_sum(a.h, b.h), t = gpuact__f64_two_sum(a.l, b.l);
    s = gpuact__f64_fast_two_sum(s.h, s.l + t.h);
    return gpuact__f64_fast_two_sum(s.h, s.l + t.l);
}
/* a + b with |a.h| >= |b.h| (or a = 0) */
GPUACT__FN gpuact__f64dd gpuact__f64_addf(gpuact__f64dd a, gpuact__f64dd b) {
    gpuact__f64dd s = gpuact__f64_fast_two_sum(a.h, b.h);
    return gpuact__f64_fast_two_sum(s.h, s.l + (a.l + b.l));
}
GPUACT__FN gpuact__f64dd gpuact__f64_mul(gpuact__f64dd a, gpuact__f64dd b) {
    gpuact__f64dd p = gpuact__f64_two_prod(a.h, b.h);
    double t = gpuact__f64_dfma(a.h, b.l, gpuact__f64_dmul(a.l, b.h));
    return gpuact__f64_fast_two_sum(p.h, p.l + t);
}
GPUACT__FN gpuact__f64dd gpuact__f64_muld(gpuact__f64dd a, double b) {
    gpuact__f64dd p = gpuact__f64_two_prod(a.h, b);
    return gpuact__f64_fast_two_sum(p.h, gpuact__f64_dfma(a.l, b, p.l));
}
/* a / b: two quotient digits, relative error ~2^-104 */
GPUACT__FN gpuact__f64dd gpuact__f64_div(gpuact__f64dd a, gpuact__f64dd b) {
    double q1 = gpuact__f64_ddiv(a.h, b.h), q2;
    gpuact__f64dd r = gpuact__f64_add(a, gpuact__f64_neg(gpuact__f64_muld(b, q1)));
    q2 = gpuact__f64_ddiv(r.h, b.h);
    return gpuact__f64_fast_two_sum(q1, q2);
}
/* a 2^k, -1022 <= k <= 1023 (the low part may lose bits when it is
   subnormal: it is then below 2^-1000 relative) */
GPUACT__FN gpuact__f64dd gpuact__f64_scale(gpuact__f64dd a, int k) {
    double p = gpuact__f64_pow2(k);
    return gpuact__f64_mk(gpuact__f64_dmul(a.h, p), gpuact__f64_dmul(a.l, p));
}

/* ---------------------------------------------------------------------------
   The scaled value and its single rounding
   ------------------------------------------------------------------------ */
typedef struct gpuact__f64xd {
    double h, l; /* k = 0: (h + l + s eps) 2^e, h normal and nonzero; k = 1: exactly h */
    int e, s, k;
} gpuact__f64xd;

GPUACT__FN gpuact__f64xd gpuact__f64_xmk(gpuact__f64dd v, int e, int s) {
    gpuact__f64xd r;
    r.h = v.h;
    r.l = v.l;
    r.e = e;
    r.s = s;
    r.k = 0;
    return r;
}
GPUACT__FN gpuact__f64xd gpuact__f64_xexact(double v) {
    gpuact__f64xd r;
    r.h = v;
    r.l = 0.0;
    r.e = 0;
    r.s = 0;
    r.k = 1;
    return r;
}
/* a nonzero value of the sign of sg far below every double (and every
   product with a double) */
#define GPUACT__F64_TINY_E (-100000)
GPUACT__FN gpuact__f64xd gpuact__f64_xtiny(double sg) { return gpuact__f64_xmk(gpuact__f64_mk(gpuact__f64_sgn(sg), 0.0), GPUACT__F64_TINY_E, 0); }

/* q = RN(a + b) with its exact error err = a + b - q; when err is a tie
   (q + 2 err is the other neighbour) the exact value's further part d
   (a double or a sign) decides */
GPUACT__FN double gpuact__f64_tie(gpuact__f64dd qe, double d) {
    double q = qe.h, t = 2.0 * qe.l;
    if (d != 0.0 && qe.l != 0.0 && (q + t) - q == t && (d > 0.0) == (qe.l > 0.0)) q = q + t;
    return q;
}

/* (h + l + s eps) 2^e rounded once to double, h normal nonzero */
GPUACT__FN double gpuact__f64_fin(double h, double l, int e, int s) {
    int eh = gpuact__f64_expo(h), E = eh + e, k1;
    double hn, ln, c, q;
    gpuact__f64dd a, b;
    if (E >= -1022) {
        if (E > 1025) return gpuact__f64_copysign(gpuact__f64_u2d(0x7ff0000000000000ull), h);
        q = gpuact__f64_tie(gpuact__f64_two_sum(h, l), (double)s);
        k1 = e / 2;
        return gpuact__f64_dmul(gpuact__f64_dmul(q, gpuact__f64_pow2(k1)), gpuact__f64_pow2(e - k1));
    }
    if (E < -1076) return gpuact__f64_copysign(0.0, h);
    /* subnormal: h in [1, 2), C = 2^(-1022-E) puts the sum on the final grid */
    hn = gpuact__f64_dmul(h, gpuact__f64_pow2(-eh));
    ln = gpuact__f64_dmul(l, gpuact__f64_pow2(-eh));
    c = gpuact__f64_copysign(gpuact__f64_pow2(-1022 - E), h);
    a = gpuact__f64_two_sum(c, hn);
    b = gpuact__f64_two_sum(a.l, ln);
    q = gpuact__f64_tie(gpuact__f64_two_sum(a.h, b.h), b.l != 0.0 ? b.l : (double)s);
    q = gpuact__f64_dmul(gpuact__f64_dmul(q - c, gpuact__f64_pow2(E + 54)), gpuact__f64_pow2(-54));
    return gpuact__f64_copysign(q, h);
}
GPUACT__FN double gpuact__f64_round(gpuact__f64xd v) {
    return v.k ? v.h : gpuact__f64_fin(v.h, v.l, v.e, v.s);
}
/* dy v rounded once, with the IEEE rules */
GPUACT__FN double gpuact__f64_mul_round(gpuact__f64xd v, double dy) {
    uint64_t b;
    int ex, st;
    double dm, tail;
    gpuact__f64dd p1, p2, q, r, t;
    if (v.k) return gpuact__f64_dmul(dy, v.h);
    if (!gpuact__f64_isfinite(dy) || dy == 0.0) return gpuact__f64_dmul(dy, gpuact__f64_sgn(v.h));
    b = gpuact__f64_d2u(dy);
    ex = (int)((b >> 52) & 0x7ff);
    if (ex == 0) { /* subnormal dy: exact scaling */
        b = gpuact__f64_d2u(gpuact__f64_dmul(dy, 18446744073709551616.0));
        ex = (int)((b >> 52) & 0x7ff) - 64;
    }
    dm = gpuact__f64_u2d((b & 0x800fffffffffffffull) | 0x3ff0000000000000ull);
    /* (h + l) dm exactly: p1.h + (p1.l + p2.h + p2.l), the small ones summed
       without loss but the last rounding (tail); then rounded once, a tie
       decided by the tail's sign (products of few-bit dy with an exact
       double-double, selu's lambda or y + alpha, meet ties) or by v.s */
    p1 = gpuact__f64_two_prod(v.h, dm);
    p2 = gpuact__f64_two_prod(v.l, dm);
    q = gpuact__f64_two_sum(p1.l, p2.h);
    r = gpuact__f64_two_sum(q.h, p2.l);
    t = gpuact__f64_fast_two_sum(p1.h, r.h);
    tail = r.l + q.l;
    st = tail > 0.0 ? 1 : tail < 0.0 ? -1 : (dm < 0.0 ? -v.s : v.s);
    return gpuact__f64_fin(t.h, t.l, v.e + ex - 1023, st);
}

/* ---------------------------------------------------------------------------
   exp: e^x = M 2^m, relative error < 2^-75, for a double-double x, |x.h| <= 2100.
   *pm1 = e^r - 1 of the reduced argument; it is expm1(x) when *n0 (n = 0).
   ------------------------------------------------------------------------ */
GPUACT__FN gpuact__f64dd gpuact__f64_exp(gpuact__f64dd x, int *m, gpuact__f64dd *pm1, int *n0) {
    const double *tab = gpuact__f64_exp_tab();
    double t = gpuact__f64_dmul(x.h, GPUACT__F64_INV_LN2_64);
    double nf = (t + 6755399441055744.0) - 6755399441055744.0; /* rint, |t| < 2^51 */
    int n = (int)nf, j = n & 63;
    double r1 = gpuact__f64_dfma(-nf, GPUACT__F64_LN2_64_1, x.h); /* exact */
    gpuact__f64dd p2 = gpuact__f64_two_prod(nf, GPUACT__F64_LN2_64_2), r, r2, p, T;
    double rest = (x.l - p2.l) - gpuact__f64_dmul(nf, GPUACT__F64_LN2_64_3), P, tail;
    r = gpuact__f64_two_sum(r1, -p2.h);
    r = gpuact__f64_fast_two_sum(r.h, r.l + rest);
    /* e^r - 1 = r + r^2/2 + r^3 (1/6 + r/24 + ... + r^5/8!) */
    r2 = gpuact__f64_two_prod(r.h, r.h);
    r2.l = gpuact__f64_dfma(2.0 * r.h, r.l, r2.l);
    P = gpuact__f64_dfma(r.h, 2.48015873015873015873e-05, 1.98412698412698412698e-04);
    P = gpuact__f64_dfma(r.h, P, 1.38888888888888888889e-03);
    P = gpuact__f64_dfma(r.h, P, 8.33333333333333333333e-03);
    P = gpuact__f64_dfma(r.h, P, 4.16666666666666666667e-02);
    P = gpuact__f64_dfma(r.h, P, 1.66666666666666666667e-01);
    tail = gpuact__f64_dmul(gpuact__f64_dmul(r2.h, r.h), P);
    p = gpuact__f64_two_sum(r.h, 0.5 * r2.h);
    p = gpuact__f64_fast_two_sum(p.h, p.l + (r.l + (0.5 * r2.l + tail)));
    *pm1 = p;
    *n0 = n == 0;
    *m = (n - j) / 64;
    T = gpuact__f64_mk(tab[2 * j], tab[2 * j + 1]);
    return gpuact__f64_addf(T, gpuact__f64_mul(T, p));
}
/* M 2^m as a double-double (0 below 2^-1000) */
GPUACT__FN gpuact__f64dd gpuact__f64_exp_val(gpuact__f64dd M, int m) {
    return m < -1000 ? gpuact__f64_mk(0.0, 0.0) : gpuact__f64_scale(M, m);
}
/* expm1(x), x <= 0 double, |x| >= 2^-1000 */
GPUACT__FN gpuact__f64dd gpuact__f64_expm1_neg(double x) {
    int m, n0;
    gpuact__f64dd p, M = gpuact__f64_exp(gpuact__f64_mk(x, 0.0), &m, &p, &n0);
    if (n0) return p;
    return gpuact__f64_add(gpuact__f64_exp_val(M, m), gpuact__f64_mk(-1.0, 0.0));
}

/* ---------------------------------------------------------------------------
   erfcx(u) = e^{u^2} erfc(u), 0 <= u < 62, relative error < 2^-72
   ------------------------------------------------------------------------ */
GPUACT__FN gpuact__f64dd gpuact__f64_erfcx(gpuact__f64dd u) {
    const double *row = gpuact__f64_erfcx_tab();
    int i = (int)(gpuact__f64_d2u(u.h + 1.0) >> 48) - 0x3ff0, k;
    gpuact__f64dd s, acc;
    double t;
    row += i * GPUACT__F64_ERFCX_RW;
    s = gpuact__f64_two_sum(u.h, -row[0]);
    s = gpuact__f64_fast_two_sum(s.h, s.l + u.l);
    t = row[GPUACT__F64_ERFCX_RW - 1];
    for (k = GPUACT__F64_ERFCX_RW - 2; k >= 9; k--) t = gpuact__f64_dfma(t, s.h, row[k]);
    acc = gpuact__f64_mk(t, 0.0);
    for (k = 7; k >= 1; k -= 2) acc = gpuact__f64_add(gpuact__f64_mk(row[k], row[k + 1]), gpuact__f64_mul(acc, s));
    return acc;
}

/* ---------------------------------------------------------------------------
   f' near its zero: sum_k a_k d^k, d = x - x0 (table zi: 0 gelu_erf,
   1 gelu_tanh, 2 gelu_sigmoid, 3 silu)
   ------------------------------------------------------------------------ */
GPUACT__FN gpuact__f64dd gpuact__f64_zser(int zi, double x, double x01, double x02, double x03, int K) {
    const double *a = gpuact__f64_z_tab(zi);
    gpuact__f64dd d = gpuact__f64_two_sum(x - x01, -x02), acc; /* x - x01 is exact (Sterbenz) */
    double t;
    int k;
    d = gpuact__f64_fast_two_sum(d.h, d.l - x03);
    t = a[K + 1];
    for (k = K; k >= 4; k--) t = gpuact__f64_dfma(t, d.h, a[k]);
    acc = gpuact__f64_add(gpuact__f64_mk(a[2], a[3]), gpuact__f64_muld(d, t));
    acc = gpuact__f64_add(gpuact__f64_mk(a[0], a[1]), gpuact__f64_mul(acc, d));
    return gpuact__f64_mul(acc, d);
}
#define GPUACT__F64_ZR 0.001953125 /* 2^-9 */

/* ---------------------------------------------------------------------------
   The ops
   ------------------------------------------------------------------------ */
/* |x| < 2^-70 for the gelu family and silu: f = x/2 + c x^2, f' = 1/2 + 2c x
   with c > 0 */
GPUACT__FN gpuact__f64xd gpuact__f64_tiny_half(double x, int deriv) {
    if (deriv) return gpuact__f64_xmk(gpuact__f64_mk(0.5, 0.0), 0, x > 0.0 ? 1 : -1);
    return gpuact__f64_xmk(gpuact__f64_mk(gpuact__f64_dmul(x, gpuact__f64_pow2(599)), 0.0), -600, 1);
}

/* x sigma(z) and its derivative; q = x z' */
GPUACT__FN gpuact__f64xd gpuact__f64_xsig(double x, gpuact__f64dd z, gpuact__f64dd q, int deriv) {
    int m, n0;
    gpuact__f64dd p, M, E, D;
    const gpuact__f64dd one = gpuact__f64_mk(1.0, 0.0);
    if (z.h >= 0.0) {
        M = gpuact__f64_exp(gpuact__f64_neg(z), &m, &p, &n0);
        E = gpuact__f64_exp_val(M, m);
        D = gpuact__f64_addf(one, E);
        if (!deriv) return gpuact__f64_xmk(gpuact__f64_div(gpuact__f64_mk(x, 0.0), D), 0, 0);
        return gpuact__f64_xmk(gpuact__f64_div(gpuact__f64_add(D, gpuact__f64_mul(q, E)), gpuact__f64_mul(D, D)), 0, 0);
    }
    M = gpuact__f64_exp(z, &m, &p, &n0);
    E = gpuact__f64_exp_val(M, m);
    D = gpuact__f64_addf(one, E);
    if (!deriv) return gpuact__f64_xmk(gpuact__f64_div(gpuact__f64_muld(M, x), D), m, 0);
    return gpuact__f64_xmk(gpuact__f64_div(gpuact__f64_mul(M, gpuact__f64_add(D, q)), gpuact__f64_mul(D, D)), m, 0);
}

/* gelu_erf, gelu_tanh, gelu_sigmoid, silu at a finite x */
GPUACT__FN gpuact__f64xd gpuact__f64_gelu(int op, double x, int deriv) {
    double ax = gpuact__f64_abs(x), hi_clip, lo_clip;
    gpuact__f64dd z, q;
    int zi;
    if (x == 0.0) return gpuact__f64_xexact(deriv ? 0.5 : x);
    if (ax < gpuact__f64_pow2(-70)) return gpuact__f64_tiny_half(x, deriv);
    switch (op) {
    case GPUACT_OP_GELU_ERF: hi_clip = 10.0; lo_clip = -56.6; zi = 0; break;
    case GPUACT_OP_GELU_TANH: hi_clip = 10.0; lo_clip = -30.0; zi = 1; break;
    case GPUACT_OP_GELU_SIGMOID: hi_clip = 30.0; lo_clip = -1060.0; zi = 2; break;
    default: hi_clip = 50.0; lo_clip = -1800.0; zi = 3; break;
    }
    if (x > hi_clip) { /* f = x (1 - tiny), f' = 1 + tiny */
        if (deriv) return gpuact__f64_xmk(gpuact__f64_mk(1.0, 0.0), 0, 1);
        if (x > gpuact__f64_pow2(900)) return gpuact__f64_xmk(gpuact__f64_mk(gpuact__f64_dmul(x, gpuact__f64_pow2(-200)), 0.0), 200, -1);
        return gpuact__f64_xmk(gpuact__f64_mk(x, 0.0), 0, -1);
    }
    if (x < lo_clip) return gpuact__f64_xtiny(-1.0);
    if (deriv && x < 0.0) {
        double x01, x02, x03;
        int K;
        switch (zi) {
        case 0: x01 = GPUACT__F64_Z_ERF_X0_1; x02 = GPUACT__F64_Z_ERF_X0_2; x03 = GPUACT__F64_Z_ERF_X0_3; K = GPUACT__F64_Z_ERF_K; break;
        case 1: x01 = GPUACT__F64_Z_GT_X0_1; x02 = GPUACT__F64_Z_GT_X0_2; x03 = GPUACT__F64_Z_GT_X0_3; K = GPUACT__F64_Z_GT_K; break;
        case 2: x01 = GPUACT__F64_Z_GS_X0_1; x02 = GPUACT__F64_Z_GS_X0_2; x03 = GPUACT__F64_Z_GS_X0_3; K = GPUACT__F64_Z_GS_K; break;
        default: x01 = GPUACT__F64_Z_SILU_X0_1; x02 = GPUACT__F64_Z_SILU_X0_2; x03 = GPUACT__F64_Z_SILU_X0_3; K = GPUACT__F64_Z_SILU_K; break;
        }
        if (gpuact__f64_abs(x - x01) <= GPUACT__F64_ZR) return gpuact__f64_xmk(gpuact__f64_zser(zi, x, x01, x02, x03, K), 0, 0);
    }
    if (op == GPUACT_OP_GELU_ERF) {
        int m, n0;
        gpuact__f64dd x2 = gpuact__f64_two_prod(x, x), p, M, G, D, u;
        const gpuact__f64dd one = gpuact__f64_mk(1.0, 0.0);
        M = gpuact__f64_exp(gpuact__f64_mk(-0.5 * x2.h, -0.5 * x2.l), &m, &p, &n0);
        u = gpuact__f64_muld(gpuact__f64_mk(GPUACT__F64_INV_SQRT2_H, GPUACT__F64_INV_SQRT2_L), ax);
        G = gpuact__f64_erfcx(u);
        if (!deriv) {
            gpuact__f64dd mg = gpuact__f64_mul(M, G);
            if (x < 0.0) return gpuact__f64_xmk(gpuact__f64_muld(mg, 0.5 * x), m, 0);
            mg = gpuact__f64_exp_val(mg, m - 1);
            return gpuact__f64_xmk(gpuact__f64_muld(gpuact__f64_addf(one, gpuact__f64_neg(mg)), x), 0, 0);
        }
        D = gpuact__f64_add(gpuact__f64_mk(0.5 * G.h, 0.5 * G.l),
                           gpuact__f64_neg(gpuact__f64_muld(gpuact__f64_mk(GPUACT__F64_INV_SQRT2PI_H, GPUACT__F64_INV_SQRT2PI_L), ax)));
        D = gpuact__f64_mul(M, D);
        if (x < 0.0) return gpuact__f64_xmk(D, m, 0);
        return gpuact__f64_xmk(gpuact__f64_addf(one, gpuact__f64_neg(gpuact__f64_exp_val(D, m))), 0, 0);
    }
    if (op == GPUACT_OP_GELU_TANH) {
        const gpuact__f64dd k = gpuact__f64_mk(GPUACT__F64_K_TANH_H, GPUACT__F64_K_TANH_L);
        gpuact__f64dd x3 = gpuact__f64_muld(gpuact__f64_two_prod(x, x), x), xd = gpuact__f64_mk(x, 0.0);
        z = gpuact__f64_mul(k, gpuact__f64_add(xd, gpuact__f64_mul(gpuact__f64_mk(GPUACT__F64_C044715_H, GPUACT__F64_C044715_L), x3)));
        q = deriv ? gpuact__f64_mul(k, gpuact__f64_add(xd, gpuact__f64_mul(gpuact__f64_mk(GPUACT__F64_C3X044715_H, GPUACT__F64_C3X044715_L), x3))) : z;
    } else if (op == GPUACT_OP_GELU_SIGMOID) {
        z = gpuact__f64_muld(gpuact__f64_mk(GPUACT__F64_C1702_H, GPUACT__F64_C1702_L), x);
        q = z;
    } else {
        z = gpuact__f64_mk(x, 0.0);
        q = z;
    }
    return gpuact__f64_xsig(x, z, q, deriv);
}

/* elu (alpha) and selu (alpha < 0 selects selu's constants) */
GPUACT__FN gpuact__f64xd gpuact__f64_elu(int selu, double x, double alpha, int deriv) {
    const gpuact__f64dd L = gpuact__f64_mk(GPUACT__F64_SELU_L_H, GPUACT__F64_SELU_L_L);
    const gpuact__f64dd LA = gpuact__f64_mk(GPUACT__F64_SELU_LA_H, GPUACT__F64_SELU_LA_L);
    gpuact__f64dd M, p;
    int m, n0;
    if (gpuact__f64_isnan(x)) return gpuact__f64_xexact(x);
    if (!selu && !gpuact__f64_isfinite(alpha)) return gpuact__f64_xexact(alpha - alpha); /* NaN */
    if (x > 0.0) {
        if (!selu) return gpuact__f64_xexact(deriv ? 1.0 : x);
        if (deriv) return gpuact__f64_xmk(L, 0, 0);
        if (!gpuact__f64_isfinite(x)) return gpuact__f64_xexact(x);
        if (x < gpuact__f64_pow2(-900)) return gpuact__f64_xmk(gpuact__f64_muld(L, gpuact__f64_dmul(x, gpuact__f64_pow2(600))), -600, 0);
        if (x > gpuact__f64_pow2(900)) return gpuact__f64_xmk(gpuact__f64_muld(L, gpuact__f64_dmul(x, gpuact__f64_pow2(-200))), 200, 0);
        return gpuact__f64_xmk(gpuact__f64_muld(L, x), 0, 0);
    }
    if (!gpuact__f64_isfinite(x)) { /* -inf */
        if (selu) return deriv ? gpuact__f64_xexact(0.0) : gpuact__f64_xmk(gpuact__f64_neg(LA), 0, 0);
        if (deriv) return gpuact__f64_xexact(gpuact__f64_copysign(0.0, alpha));
        return gpuact__f64_xexact(alpha == 0.0 ? gpuact__f64_copysign(0.0, -alpha) : -alpha);
    }
    if (!selu && (alpha == 0.0 || x == 0.0)) {
        if (!deriv) return gpuact__f64_xexact(gpuact__f64_dmul(alpha, x)); /* the IEEE zero */
        return gpuact__f64_xexact(alpha);                              /* alpha e^0, or +-0 */
    }
    if (selu && x == 0.0) return deriv ? gpuact__f64_xmk(LA, 0, 0) : gpuact__f64_xexact(x);
    if (x > -gpuact__f64_pow2(-100)) { /* alpha x (1 + x/2), alpha (1 + x) */
        if (deriv) {
            if (selu) return gpuact__f64_xmk(LA, 0, -1);
            return gpuact__f64_xmk(gpuact__f64_mk(alpha, 0.0), 0, alpha > 0.0 ? -1 : 1);
        }
        if (selu) return gpuact__f64_xmk(gpuact__f64_muld(LA, gpuact__f64_dmul(x, gpuact__f64_pow2(600))), -600, 1);
        return gpuact__f64_xmk(gpuact__f64_two_prod(alpha, gpuact__f64_dmul(x, gpuact__f64_pow2(600))), -600, alpha > 0.0 ? 1 : -1);
    }
    if (x < -1600.0) { /* alpha (e^x - 1) rounds to -alpha; alpha e^x is tiny */
        if (selu) return deriv ? gpuact__f64_xtiny(1.0) : gpuact__f64_xmk(gpuact__f64_neg(LA), 0, 0);
        return deriv ? gpuact__f64_xtiny(alpha) : gpuact__f64_xexact(-alpha);
    }
    if (deriv) {
        M = gpuact__f64_exp(gpuact__f64_mk(x, 0.0), &m, &p, &n0);
        return gpuact__f64_xmk(selu ? gpuact__f64_mul(M, LA) : gpuact__f64_muld(M, alpha), m, 0);
    }
    M = gpuact__f64_expm1_neg(x);
    return gpuact__f64_xmk(selu ? gpuact__f64_mul(M, LA) : gpuact__f64_muld(M, alpha), 0, 0);
}

/* ---------------------------------------------------------------------------
   swish_tanh
   ------------------------------------------------------------------------ */
/* a value of the reference's kinds: k = 0 number (v), 1 zero, 2 infinity; neg its sign */
typedef struct gpuact__f64sv {
    gpuact__f64xd v;
    int k, neg;
} gpuact__f64sv;

GPUACT__FN gpuact__f64sv gpuact__f64_svnum(gpuact__f64xd v) {
    gpuact__f64sv r;
    r.v = v;
    r.k = 0;
    r.neg = v.h < 0.0;
    return r;
}
GPUACT__FN gpuact__f64sv gpuact__f64_svspecial(int k, int neg) {
    gpuact__f64sv r;
    r.v = gpuact__f64_xexact(0.0);
    r.k = k;
    r.neg = neg;
    return r;
}
GPUACT__FN gpuact__f64sv gpuact__f64_svdouble(double c) {
    if (c == 0.0) return gpuact__f64_svspecial(1, gpuact__f64_signbit(c));
    if (!gpuact__f64_isfinite(c)) return gpuact__f64_svspecial(2, gpuact__f64_signbit(c));
    return gpuact__f64_svnum(gpuact__f64_xmk(gpuact__f64_mk(c, 0.0), 0, 0));
}
/* sign of (v - c), v a nonzero number, c finite nonzero of v's sign */
GPUACT__FN int gpuact__f64_xcmp(gpuact__f64xd v, double c) {
    int E = gpuact__f64_expo(v.h) + v.e, Ec = gpuact__f64_expo(c), sg = v.h > 0.0 ? 1 : -1;
    gpuact__f64dd d;
    double p;
    if (E > Ec + 1) return sg;
    if (E < Ec - 1) return -sg;
    p = gpuact__f64_pow2(v.e); /* |v.e| small here: v is within 2^2 of c */
    d = gpuact__f64_two_sum(gpuact__f64_dmul(v.h, p), -c);
    d.l += gpuact__f64_dmul(v.l, p);
    if (d.h + d.l != 0.0) return d.h + d.l > 0.0 ? 1 : -1;
    return v.s;
}
/* the reference's cmp / cmp1: -1, 0, +1 as v <, =, > c (c not NaN); open1: v
   is tanh of a finite nonzero number (|v| < 1) */
GPUACT__FN int gpuact__f64_svcmp(gpuact__f64sv v, double c, int open1) {
    if (v.k == 2) return (!gpuact__f64_isfinite(c) && gpuact__f64_signbit(c) == v.neg) ? 0 : (v.neg ? -1 : 1);
    if (v.k == 1) return c > 0.0 ? -1 : c < 0.0 ? 1 : 0;
    if (!gpuact__f64_isfinite(c)) return c > 0.0 ? -1 : 1;
    if (c == 0.0) return v.neg ? -1 : 1;
    if (open1 && gpuact__f64_abs(c) >= 1.0) return c > 0.0 ? -1 : 1;
    if ((c > 0.0) != !v.neg) return v.neg ? -1 : 1;
    return gpuact__f64_xcmp(v.v, c);
}
/* tanh of a number: |v| < 2^-300: v (1 - v^2/3); else -expm1(-2a)/(2 + expm1(-2a)) */
GPUACT__FN gpuact__f64xd gpuact__f64_tanh(gpuact__f64xd v) {
    int E = gpuact__f64_expo(v.h) + v.e, m, n0;
    double sg = gpuact__f64_sgn(v.h);
    gpuact__f64dd a, M, p, em1;
    if (E < -300) {
        v.s = v.s != 0 ? v.s : (v.h > 0.0 ? -1 : 1);
        return v;
    }
    if (E > 5) return gpuact__f64_xmk(gpuact__f64_mk(sg, 0.0), 0, v.h > 0.0 ? -1 : 1); /* |v| >= 64 */
    a = gpuact__f64_scale(v.h < 0.0 ? gpuact__f64_mk(-v.h, -v.l) : gpuact__f64_mk(v.h, v.l), v.e);
    if (a.h > 40.0) return gpuact__f64_xmk(gpuact__f64_mk(sg, 0.0), 0, v.h > 0.0 ? -1 : 1);
    M = gpuact__f64_exp(gpuact__f64_mk(-2.0 * a.h, -2.0 * a.l), &m, &p, &n0);
    em1 = n0 ? p : gpuact__f64_add(gpuact__f64_exp_val(M, m), gpuact__f64_mk(-1.0, 0.0));
    a = gpuact__f64_div(gpuact__f64_neg(em1), gpuact__f64_addf(gpuact__f64_mk(2.0, 0.0), em1));
    return gpuact__f64_xmk(gpuact__f64_mk(sg * a.h, sg * a.l), 0, 0);
}
/* sech(v)^2 = 4E/(1 + E)^2, E = e^{-2|v|} */
GPUACT__FN gpuact__f64xd gpuact__f64_sech2(gpuact__f64xd v) {
    int E = gpuact__f64_expo(v.h) + v.e, m, n0;
    gpuact__f64dd a, M, p, D;
    if (E < -300) return gpuact__f64_xmk(gpuact__f64_mk(1.0, 0.0), 0, -1);
    if (E > 9) return gpuact__f64_xtiny(1.0); /* |v| >= 1024 */
    a = gpuact__f64_scale(gpuact__f64_mk(v.h, v.l), v.e);
    if (a.h < 0.0) a = gpuact__f64_neg(a);
    M = gpuact__f64_exp(gpuact__f64_mk(-2.0 * a.h, -2.0 * a.l), &m, &p, &n0);
    D = gpuact__f64_addf(gpuact__f64_mk(1.0, 0.0), gpuact__f64_exp_val(M, m));
    return gpuact__f64_xmk(gpuact__f64_div(gpuact__f64_mk(4.0 * M.h, 4.0 * M.l), gpuact__f64_mul(D, D)), m, 0);
}

GPUACT__FN gpuact__f64xd gpuact__f64_swish(double x, const gpuact_cfg *c, int deriv) {
    double s = (double)c->scale, lo = (double)c->lo, hi = (double)c->hi;
    int sneg = gpuact__f64_signbit(s), xneg = gpuact__f64_signbit(x), c1, c2;
    gpuact__f64sv w, t;
    if (gpuact__f64_isnan(x) || !gpuact__f64_isfinite(s) || gpuact__f64_isnan(lo) || gpuact__f64_isnan(hi))
        return gpuact__f64_xexact(x + (s - s) + (lo - lo) + (hi - hi));
    /* w = s silu(x) */
    if (!gpuact__f64_isfinite(x)) {
        if (xneg) w = gpuact__f64_svspecial(1, 1 ^ sneg);
        else if (s == 0.0) w = gpuact__f64_svspecial(1, sneg);
        else w = gpuact__f64_svspecial(2, sneg);
    } else if (x == 0.0 || s == 0.0) {
        w = gpuact__f64_svspecial(1, xneg ^ sneg);
    } else {
        gpuact__f64xd u = gpuact__f64_gelu(GPUACT_OP_SILU, x, 0);
        gpuact__f64dd pw;
        if (u.e == GPUACT__F64_TINY_E) {
            u.h = gpuact__f64_dmul(-1.0, s);
            w = gpuact__f64_svnum(u);
        } else {
            /* u's head brought near 1 first (its exponent into e): silu(x)
               near 2^1024 times s near 2^128 overflowed the doubles (K56) */
            int k = gpuact__f64_expo(u.h);
            double sc;
            k = k < -1022 ? -1022 : k > 1022 ? 1022 : k;
            sc = gpuact__f64_pow2(-k);
            pw = gpuact__f64_add(gpuact__f64_two_prod(gpuact__f64_dmul(u.h, sc), s),
                                 gpuact__f64_mk(gpuact__f64_dmul(gpuact__f64_dmul(u.l, sc), s), 0.0));
            w = gpuact__f64_svnum(gpuact__f64_xmk(pw, u.e + k, sneg ? -u.s : u.s));
        }
    }
    if (!deriv) {
        gpuact__f64sv wc;
        if (gpuact__f64_svcmp(w, lo, 0) < 0) wc = gpuact__f64_svdouble(lo);
        else if (gpuact__f64_svcmp(w, hi, 0) > 0) wc = gpuact__f64_svdouble(hi);
        else wc = w;
        if (wc.k == 2) t = gpuact__f64_svdouble(wc.neg ? -1.0 : 1.0);
        else if (wc.k == 1) t = wc;
        else t = gpuact__f64_svnum(gpuact__f64_tanh(wc.v));
        if (gpuact__f64_svcmp(t, lo, wc.k == 0) < 0) return gpuact__f64_xexact(lo);
        if (gpuact__f64_svcmp(t, hi, wc.k == 0) > 0) return gpuact__f64_xexact(hi);
        if (t.k == 1) return gpuact__f64_xexact(t.neg ? -0.0 : 0.0);
        return t.v;
    }
    c1 = gpuact__f64_svcmp(w, lo, 0);
    c2 = gpuact__f64_svcmp(w, hi, 0);
    if (c1 < 0 || c2 > 0) return gpuact__f64_xexact(0.0);
    if (w.k == 2) t = gpuact__f64_svdouble(w.neg ? -1.0 : 1.0);
    else if (w.k == 1) t = w;
    else t = gpuact__f64_svnum(gpuact__f64_tanh(w.v));
    if (gpuact__f64_svcmp(t, lo, w.k == 0) < 0 || gpuact__f64_svcmp(t, hi, w.k == 0) > 0) return gpuact__f64_xexact(0.0);
    {
        /* s sech^2(w) silu'(x) */
        gpuact__f64xd sp, tp;
        gpuact__f64dd pr;
        int spneg;
        if (!gpuact__f64_isfinite(x)) sp = gpuact__f64_xexact(xneg ? -0.0 : 1.0);
        else sp = gpuact__f64_gelu(GPUACT_OP_SILU, x, 1);
        spneg = gpuact__f64_signbit(sp.h);
        if (s == 0.0 || w.k == 2 || (sp.k && sp.h == 0.0))
            return gpuact__f64_xexact((sneg ^ spneg) ? -0.0 : 0.0);
        if (w.k == 1) tp = gpuact__f64_xexact(1.0);
        else tp = gpuact__f64_sech2(w.v);
        if (sp.k) sp = gpuact__f64_xmk(gpuact__f64_mk(sp.h, 0.0), 0, 0);
        if (tp.k) tp = gpuact__f64_xmk(gpuact__f64_mk(tp.h, 0.0), 0, 0);
        pr = gpuact__f64_muld(gpuact__f64_mul(gpuact__f64_mk(tp.h, tp.l), gpuact__f64_mk(sp.h, sp.l)), s);
        /* the sticky part: only s (1 - w^2) (1/2 + x/2) at tiny x and w is a
           dyadic number plus a small term, of x's sign (|x| >> w^2 there) */
        return gpuact__f64_xmk(pr, tp.e + sp.e,
                             (sp.s != 0 && sp.l == 0.0 && tp.h == 1.0 && tp.l == 0.0 && tp.e == 0) ? (sneg ? -sp.s : sp.s) : 0);
    }
}

/* ---------------------------------------------------------------------------
   Dispatch and entry points
   ------------------------------------------------------------------------ */
GPUACT__FN gpuact__f64xd gpuact__f64_eval(int op, double x, int deriv, const gpuact_cfg *c) {
    switch (op) {
    case GPUACT_OP_GELU_ERF:
    case GPUACT_OP_GELU_TANH:
    case GPUACT_OP_GELU_SIGMOID:
    case GPUACT_OP_SILU:
        if (gpuact__f64_isnan(x)) return gpuact__f64_xexact(x);
        if (!gpuact__f64_isfinite(x)) /* f(-inf) = -0, f'(-inf) = -0, f(inf) = inf, f'(inf) = 1 */
            return gpuact__f64_xexact(x < 0.0 ? -0.0 : deriv ? 1.0 : x);
        return gpuact__f64_gelu(op, x, deriv);
    case GPUACT_OP_ELU: return gpuact__f64_elu(0, x, (double)c->alpha, deriv);
    case GPUACT_OP_SELU: return gpuact__f64_elu(1, x, 0.0, deriv);
    case GPUACT_OP_SWISH_TANH: return gpuact__f64_swish(x, c, deriv);
    default: return gpuact__f64_xexact(gpuact__f64_u2d(0x7ff8000000000000ull));
    }
}
/* every NaN result is the canonical quiet NaN 0x7ff8000000000000: a NaN
   operand's payload would otherwise pass through on the host (x86 keeps
   it) and not on the GPU (which gives its own), and the bits would differ */
GPUACT__FN double gpuact__f64_canon(double v) { return gpuact__f64_isnan(v) ? gpuact__f64_u2d(0x7ff8000000000000ull) : v; }
GPUACT__FN double gpuact__f64_fwd(int op, double x, const gpuact_cfg *c) {
    return gpuact__f64_canon(gpuact__f64_round(gpuact__f64_eval(op, x, 0, c)));
}
GPUACT__FN double gpuact__f64_deriv(int op, double x, const gpuact_cfg *c) {
    return gpuact__f64_canon(gpuact__f64_round(gpuact__f64_eval(op, x, 1, c)));
}
GPUACT__FN double gpuact__f64_bwd(int op, double x, double dy, const gpuact_cfg *c) {
    return gpuact__f64_canon(gpuact__f64_mul_round(gpuact__f64_eval(op, x, 1, c), dy));
}

#endif /* GPUACT_F64_H */
