/* test_ref.c - self-checks of the MPFR reference (exit status != 0 on failure).
 *
 * Sections: the final rounding against an independent rounding; interval
 * and erfc enclosures; the special-values table; the independent mpmath
 * table; identities; hand-checkable rounding cases; the derivative check by
 * central differences with planted bugs that it must catch; the ulp helper;
 * two threads; timing (printed only).
 *
 * Build: see README.md (all .c files of reference/, -lmpfr -lgmp -lm, and
 * -pthread where pthreads are not in libc). */
#define _POSIX_C_SOURCE 200809L /* strtok_r, clock_gettime */
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpuact_ref.h"
#include "independent_values.h"
#include "ref_internal.h"

/* ------------------------------------------------------------ reporting */
static long n_pass, n_fail, n_printed;

static void check(int ok, const char *fmt, ...)
{
    va_list ap;
    if (ok) {
        n_pass++;
        return;
    }
    n_fail++;
    if (n_printed++ < 200) {
        printf("  FAIL: ");
        va_start(ap, fmt);
        vprintf(fmt, ap);
        va_end(ap);
        printf("\n");
    }
}

static void section(const char *name)
{
    printf("[%s] (%ld passed, %ld failed so far)\n", name, n_pass, n_fail);
    fflush(stdout);
}

static int same(double a, double b) /* bitwise, NaN == NaN */
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    return memcmp(&a, &b, sizeof a) == 0;
}

static unsigned long long rng_state = 0x9e3779b97f4a7c15ULL;
static unsigned long long rnd64(void)
{
    unsigned long long x = rng_state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return rng_state = x;
}
/* local stand-ins for libm's fmax / nextafterf (the test then links without -lm) */
static double dmax(double a, double b) { return a > b ? a : b; }
static float float_step(float x, int dir) /* next float up (dir > 0) or down, x > 0 finite */
{
    unsigned int u;
    memcpy(&u, &x, sizeof u);
    u = dir > 0 ? u + 1 : u - 1;
    memcpy(&x, &u, sizeof x);
    return x;
}
static double rnd_unit(void) { return (double)(rnd64() >> 11) * 0x1p-53; }
static double rnd_in(double a, double b) { return a + (b - a) * rnd_unit(); }

static const char *fmt_name[4] = {"F32", "F16", "BF16", "F64"};
static const int fmt_p[4] = {24, 11, 8, 53}, fmt_eminn[4] = {-126, -14, -126, -1022},
                 fmt_emax[4] = {127, 15, 127, 1023};
static const char *op_name[8] = {"?", "gelu_erf", "gelu_tanh", "gelu_sigmoid", "elu",
                                 "selu", "silu", "swish_tanh"};

#define LAMBDA_S "1.0507009873554804934193349852946"
#define ALPHA_S "1.6732632423543772848170429916717"

static gpuact_ref_params mkp(float alpha, float scale, float lo, float hi)
{
    gpuact_ref_params p;
    p.alpha = alpha;
    p.scale = scale;
    p.lo = lo;
    p.hi = hi;
    return p;
}

/* -------------------------------------- independent rounding (scale+rint) */
/* RN-even of v to the format: n = v / 2^q rounded to an integer with ties to
 * even (mpfr_rint), q the ulp exponent max(floor(log2|v|), emin) - p + 1;
 * overflow when the result exceeds the largest finite number. */
static double manual_round(mpfr_srcptr v, int fmt)
{
    long e, q;
    mpfr_t n, mx;
    double d;
    int over;
    if (mpfr_nan_p(v))
        return NAN;
    if (mpfr_inf_p(v))
        return mpfr_sgn(v) > 0 ? INFINITY : -INFINITY;
    if (mpfr_zero_p(v))
        return mpfr_signbit(v) ? -0.0 : 0.0;
    e = (long)mpfr_get_exp(v) - 1;
    q = (e > fmt_eminn[fmt] ? e : fmt_eminn[fmt]) - fmt_p[fmt] + 1;
    mpfr_init2(n, mpfr_get_prec(v) + 8);
    mpfr_init2(mx, 64);
    mpfr_mul_2si(n, v, -q, MPFR_RNDN);
    mpfr_rint(n, n, MPFR_RNDN);
    mpfr_mul_2si(n, n, q, MPFR_RNDN);
    mpfr_set_ui_2exp(mx, (1UL << fmt_p[fmt]) - 1, fmt_emax[fmt] + 1 - fmt_p[fmt], MPFR_RNDN);
    over = mpfr_cmpabs(n, mx) > 0;
    d = mpfr_get_d(n, MPFR_RNDN);
    if (over)
        d = mpfr_sgn(v) > 0 ? INFINITY : -INFINITY;
    if (d == 0)
        d = mpfr_signbit(v) ? -0.0 : 0.0;
    mpfr_clear(n);
    mpfr_clear(mx);
    return d;
}

/* ulp of a finite double value in fmt (as in gpuact_ref_ulp) */
static double ulp_of(double v, int fmt)
{
    int e;
    long q;
    if (v == 0)
        return ldexp(1.0, fmt_eminn[fmt] - fmt_p[fmt] + 1);
    frexp(v, &e);
    q = e - 1;
    if (q < fmt_eminn[fmt])
        q = fmt_eminn[fmt];
    return ldexp(1.0, (int)(q - fmt_p[fmt] + 1));
}

static int representable(double v, int fmt)
{
    if (isnan(v) || isinf(v))
        return 1;
    switch (fmt) {
    case GPUACT_REF_F32:
        return (double)(float)v == v;
    case GPUACT_REF_F16:
        return same(gpuact_ref_f16_to_double(gpuact_ref_double_to_f16(v)), v) &&
               fabs(v) <= 65504 && (v == 0 || fabs(v) >= 0x1p-24);
    case GPUACT_REF_BF16: {
        float f = (float)v;
        unsigned int u;
        memcpy(&u, &f, sizeof u);
        return (double)f == v && (u & 0xffff) == 0;
    }
    default:
        return 1;
    }
}

/* ===================================================== 1. final rounding */
static void test_rounding(void)
{
    gref_range saved;
    mpfr_t v, t;
    int fmt, i;
    section("rounding: reference rounding vs independent scale+rint");
    gpuact_refi_range_wide(&saved);
    mpfr_init2(v, 240);
    mpfr_init2(t, 240);
    for (fmt = 0; fmt < 4; fmt++) {
        const gref_fmt *f = gpuact_refi_fmt(fmt);
        long bad = 0, n = 0;
        for (i = 0; i < 40000; i++) {
            /* random 200-bit values over the whole range of the format, and
             * beyond it on both sides */
            long e = (long)f->emin - 6 + (long)(rnd64() % (unsigned long long)(f->emax - f->emin + 10));
            mpfr_set_d(v, 1 + rnd_unit(), MPFR_RNDN);
            mpfr_set_d(t, rnd_unit(), MPFR_RNDN);
            mpfr_mul_2si(t, t, -60, MPFR_RNDN);
            mpfr_add(v, v, t, MPFR_RNDN);
            mpfr_mul_2si(v, v, e - 1, MPFR_RNDN);
            if (rnd64() & 1)
                mpfr_neg(v, v, MPFR_RNDN);
            if (i % 4 == 1) { /* an exact tie between two neighbours, +-tiny */
                double r = manual_round(v, fmt), h;
                if (isinf(r) || r == 0)
                    continue;
                h = ulp_of(r, fmt) / 2;
                mpfr_set_d(v, r, MPFR_RNDN);
                mpfr_add_d(v, v, fabs(r) == r ? h : -h, MPFR_RNDN);
                if (i % 8 == 5)
                    mpfr_nextabove(v);
                else if (i % 16 == 1)
                    mpfr_nextbelow(v);
            }
            n++;
            if (!same(gpuact_refi_round(v, mpfr_signbit(v) != 0, fmt), manual_round(v, fmt)))
                bad++;
        }
        /* the boundary cases by name, built exactly in MPFR as m * 2^e
         * (tiny = smallest subnormal 2^et, max + half ulp = (2^(p+1) - 1) 2^eh) */
        {
            long et = fmt_eminn[fmt] - fmt_p[fmt] + 1, eh = fmt_emax[fmt] - fmt_p[fmt];
            double tiny = ldexp(1.0, (int)et), mx = ldexp(2.0 - ldexp(1.0, 1 - fmt_p[fmt]), fmt_emax[fmt]);
            struct { long m, e; int dir; double want; } c[] = {
                {1, et - 1, 0, 0.0},         /* half the smallest subnormal: tie to even = 0 */
                {1, et - 1, 1, 1},           /* just above: the smallest subnormal (1 = tiny) */
                {-1, et - 1, 0, -0.0},
                {-1, et - 1, -1, -1},        /* just below -tiny/2: -tiny */
                {3, et - 1, 0, 2},           /* 1.5 tiny: tie to even = 2 tiny */
                {5, et - 1, 0, 2},           /* 2.5 tiny: tie to even = 2 tiny */
                {1, et - 3, 0, 0.0},         /* far below */
                {-1, et - 60, 0, -0.0},
                {(2L << fmt_p[fmt]) - 1, eh, -1, 3},     /* max + half ulp - tiny: max */
                {(2L << fmt_p[fmt]) - 1, eh, 0, 4},      /* max + half ulp: +inf */
                {-((2L << fmt_p[fmt]) - 1), eh, 0, -4},
                {1, fmt_emax[fmt] + 1, 0, 4},            /* 2^(emax+1): +inf */
            };
            unsigned k;
            for (k = 0; k < sizeof c / sizeof c[0]; k++) {
                double got, want = c[k].want;
                if (c[k].want == 1 || c[k].want == -1 || c[k].want == 2)
                    want = c[k].want * tiny;
                else if (c[k].want == 3)
                    want = mx;
                else if (c[k].want == 4 || c[k].want == -4)
                    want = c[k].want > 0 ? INFINITY : -INFINITY;
                mpfr_set_si_2exp(v, c[k].m, c[k].e, MPFR_RNDN);
                if (c[k].dir > 0)
                    mpfr_nextabove(v);
                if (c[k].dir < 0)
                    mpfr_nextbelow(v);
                got = gpuact_refi_round(v, mpfr_signbit(v) != 0, fmt);
                check(same(got, want) && same(manual_round(v, fmt), want),
                      "%s boundary case %u: got %a, independent %a, want %a", fmt_name[fmt], k, got,
                      manual_round(v, fmt), want);
            }
        }
        check(bad == 0, "%s: %ld of %ld random/tie roundings differ", fmt_name[fmt], bad, n);
    }
    mpfr_clear(v);
    mpfr_clear(t);
    gpuact_refi_range_restore(&saved);

    section("rounding: 16-bit conversions, exhaustive");
    {
        long bad16 = 0, badb = 0;
        unsigned u;
        for (u = 0; u < 65536; u++) {
            double a = gpuact_ref_f16_to_double((unsigned short)u);
            double b = gpuact_ref_bf16_to_double((unsigned short)u);
            if (isnan(a) ? !isnan(gpuact_ref_f16_to_double(gpuact_ref_double_to_f16(a)))
                         : gpuact_ref_double_to_f16(a) != u)
                bad16++;
            if (isnan(b) ? !isnan(gpuact_ref_bf16_to_double(gpuact_ref_double_to_bf16(b)))
                         : gpuact_ref_double_to_bf16(b) != u)
                badb++;
        }
        check(bad16 == 0, "f16 round trip: %ld bad", bad16);
        check(badb == 0, "bf16 round trip: %ld bad", badb);
        check(gpuact_ref_double_to_f16(65520.0) == 0x7c00 && gpuact_ref_double_to_f16(65519.0) == 0x7bff,
              "f16 overflow threshold");
        check(gpuact_ref_double_to_f16(0x1p-25) == 0 && gpuact_ref_double_to_f16(0x1.0000001p-25) == 1,
              "f16 underflow threshold");
        check(gpuact_ref_f16_to_double(0x3c00) == 1.0 && gpuact_ref_f16_to_double(0x0001) == 0x1p-24 &&
                  gpuact_ref_bf16_to_double(0x3f80) == 1.0 && gpuact_ref_bf16_to_double(0x0001) == 0x1p-133,
              "16-bit decoding of known patterns");
    }
}

/* ===================================== 2. interval and erfc enclosures */
static void test_enclosures(void)
{
    gref_range saved;
    gref_ws *w;
    mpfr_t x, e;
    int i, level;
    section("enclosures: interval products, sigmoid, erfc vs MPFR");
    gpuact_refi_range_wide(&saved);
    w = gpuact_refi_ws();
    mpfr_init2(x, 64);
    mpfr_init2(e, 9000);
    for (level = 0; level < 4; level++) {
        mpfr_prec_t P = gpuact_refi_level_prec[level];
        long bad_mul = 0, bad_sig = 0, bad_erfc = 0, wide_erfc = 0;
        for (i = 0; i < 3000; i++) {
            gref_iv *a, *b, *r;
            double pa, pb, al, ah, bl, bh;
            gpuact_refi_begin(w, level);
            a = gpuact_refi_tmp(w);
            b = gpuact_refi_tmp(w);
            r = gpuact_refi_tmp(w);
            /* products of intervals of every sign pattern contain the products
             * of their points */
            al = rnd_in(-4, 4);
            ah = (i % 5 == 0) ? al : al + rnd_in(0, 4);
            bl = rnd_in(-4, 4);
            bh = (i % 7 == 0) ? bl : bl + rnd_in(0, 4);
            mpfr_set_d(a->lo, al, MPFR_RNDN);
            mpfr_set_d(a->hi, ah, MPFR_RNDN);
            mpfr_set_d(b->lo, bl, MPFR_RNDN);
            mpfr_set_d(b->hi, bh, MPFR_RNDN);
            pa = al + (ah - al) * rnd_unit();
            pb = bl + (bh - bl) * rnd_unit();
            gpuact_refi_iv_mul(r, a, b);
            mpfr_set_d(e, pa, MPFR_RNDN);
            mpfr_mul_d(e, e, pb, MPFR_RNDN); /* exact at 9000 bits */
            if (mpfr_cmp(r->lo, e) > 0 || mpfr_cmp(r->hi, e) < 0)
                bad_mul++;
            /* sigma and 1 - sigma of a point, against 1/(1+e^-z) at 9000 bits */
            {
                double z = (i % 3 == 0) ? rnd_in(-800, 800) : rnd_in(-30, 30);
                mpfr_set_d(a->lo, z, MPFR_RNDN);
                mpfr_set_d(a->hi, z, MPFR_RNDN);
                gpuact_refi_iv_sigmoid(b, r, a);
                mpfr_set_d(e, -z, MPFR_RNDN);
                mpfr_exp(e, e, MPFR_RNDN);
                mpfr_add_ui(e, e, 1, MPFR_RNDN);
                mpfr_ui_div(e, 1, e, MPFR_RNDN);
                if (mpfr_cmp(b->lo, e) > 0 || mpfr_cmp(b->hi, e) < 0)
                    bad_sig++;
                mpfr_ui_sub(e, 1, e, MPFR_RNDN);
                if (mpfr_cmp(r->lo, e) > 0 || mpfr_cmp(r->hi, e) < 0)
                    bad_sig++;
            }
            /* erfc enclosure (all three methods) contains MPFR's erfc and
             * is at most 2^-(3P/4-12) wide relative to it (the 1 - erf path
             * may cancel up to P/4 bits by design) */
            {
                double t = (i % 4 == 0) ? rnd_in(-40, 40) : rnd_in(-8, 8);
                mpfr_set_d(x, t, MPFR_RNDN);
                gpuact_refi_erfc_point(r->lo, r->hi, x, &gpuact_refi_consts(w)->inv_sqrt_pi);
                mpfr_set_prec(e, 2 * P + 64);
                mpfr_erfc(e, x, MPFR_RNDN);
                if (mpfr_cmp(r->lo, e) > 0 || mpfr_cmp(r->hi, e) < 0)
                    bad_erfc++;
                mpfr_sub(e, r->hi, r->lo, MPFR_RNDU);
                mpfr_div(e, e, r->hi, MPFR_RNDU);
                if (mpfr_cmp_si_2exp(e, 1, -(long)(3 * P / 4) + 12) > 0)
                    wide_erfc++;
                mpfr_set_prec(e, 9000);
            }
        }
        check(bad_mul == 0, "level %d: %ld interval products miss the point product", level, bad_mul);
        check(bad_sig == 0, "level %d: %ld sigmoid enclosures miss", level, bad_sig);
        check(bad_erfc == 0, "level %d: %ld erfc enclosures miss mpfr_erfc", level, bad_erfc);
        check(wide_erfc == 0, "level %d: %ld erfc enclosures too wide", level, wide_erfc);
    }
    mpfr_clear(x);
    mpfr_clear(e);
    gpuact_refi_range_restore(&saved);
}

/* ====================================================== 3. special values */
/* expected value spec: "nan", "inf", "-inf", "0", "-0", a number (decimal or
 * C hex), or "RN:f1*f2*..." (optional leading '-'), factors lambda, alpha
 * (selu), tanh1, fltmax or numbers; rounded once to the format here. */
static double expected(const char *spec, int fmt)
{
    mpfr_t v, f;
    double d;
    int neg = 0;
    if (!strcmp(spec, "nan"))
        return NAN;
    if (!strcmp(spec, "inf"))
        return INFINITY;
    if (!strcmp(spec, "-inf"))
        return -INFINITY;
    if (!strcmp(spec, "0"))
        return 0.0;
    if (!strcmp(spec, "-0"))
        return -0.0;
    mpfr_init2(v, 400);
    mpfr_init2(f, 400);
    if (!strncmp(spec, "RN:", 3)) {
        char buf[128], *tok, *save = NULL;
        spec += 3;
        if (*spec == '-') {
            neg = 1;
            spec++;
        }
        strncpy(buf, spec, sizeof buf - 1);
        buf[sizeof buf - 1] = 0;
        mpfr_set_ui(v, 1, MPFR_RNDN);
        for (tok = strtok_r(buf, "*", &save); tok; tok = strtok_r(NULL, "*", &save)) {
            if (!strcmp(tok, "lambda"))
                mpfr_set_str(f, LAMBDA_S, 10, MPFR_RNDN);
            else if (!strcmp(tok, "alpha"))
                mpfr_set_str(f, ALPHA_S, 10, MPFR_RNDN);
            else if (!strcmp(tok, "tanh1")) {
                mpfr_set_ui(f, 1, MPFR_RNDN);
                mpfr_tanh(f, f, MPFR_RNDN);
            } else if (!strcmp(tok, "fltmax"))
                mpfr_set_d(f, FLT_MAX, MPFR_RNDN);
            else
                mpfr_set_str(f, tok, 0, MPFR_RNDN);
            mpfr_mul(v, v, f, MPFR_RNDN);
        }
        if (neg)
            mpfr_neg(v, v, MPFR_RNDN);
    } else {
        mpfr_set_str(v, spec, 0, MPFR_RNDN);
    }
    d = manual_round(v, fmt);
    mpfr_clear(v);
    mpfr_clear(f);
    return d;
}

typedef struct {
    int op;
    float alpha, scale, lo, hi;
    int mode; /* 0 f, 1 f', 2 backward */
    double x, dy;
    const char *want;
} special_case;

#define DEF 1.0f, 0.5f, -1.0f, 1.0f
#define GELU_SPECIALS(op)                                                                          \
    {op, DEF, 0, NAN, 0, "nan"}, {op, DEF, 0, INFINITY, 0, "inf"}, {op, DEF, 0, -INFINITY, 0, "-0"}, \
    {op, DEF, 0, 0.0, 0, "0"}, {op, DEF, 0, -0.0, 0, "-0"}, {op, DEF, 1, NAN, 0, "nan"},             \
    {op, DEF, 1, INFINITY, 0, "1"}, {op, DEF, 1, -INFINITY, 0, "-0"}, {op, DEF, 1, 0.0, 0, "0.5"},   \
    {op, DEF, 1, -0.0, 0, "0.5"}, {op, DEF, 0, -1e30, 0, "-0"}, {op, DEF, 1, -1e30, 0, "-0"},        \
    {op, DEF, 0, -3e38, 0, "-0"}, {op, DEF, 1, -3e38, 0, "-0"}, {op, DEF, 0, 3e38, 0, "3e38"},        \
    {op, DEF, 1, 3e38, 0, "1"},                                                                       \
    {op, DEF, 2, NAN, 1, "nan"}, {op, DEF, 2, 1, NAN, "nan"}, {op, DEF, 2, -INFINITY, INFINITY, "nan"}, \
    {op, DEF, 2, -INFINITY, 2, "-0"}, {op, DEF, 2, -INFINITY, -2, "0"}, {op, DEF, 2, INFINITY, -3, "-3"}, \
    {op, DEF, 2, INFINITY, 0.0, "0"}, {op, DEF, 2, 0.0, -0.0, "-0"}, {op, DEF, 2, 0.0, INFINITY, "inf"},  \
    {op, DEF, 2, INFINITY, -INFINITY, "-inf"}, {op, DEF, 2, -1e30, -INFINITY, "inf"}

static const special_case specials[] = {
    GELU_SPECIALS(GPUACT_REF_OP_GELU_ERF),
    GELU_SPECIALS(GPUACT_REF_OP_GELU_TANH),
    GELU_SPECIALS(GPUACT_REF_OP_GELU_SIGMOID),
    GELU_SPECIALS(GPUACT_REF_OP_SILU),
    /* elu, alpha = 1 */
    {4, DEF, 0, NAN, 0, "nan"}, {4, DEF, 0, INFINITY, 0, "inf"}, {4, DEF, 0, -INFINITY, 0, "-1"},
    {4, DEF, 0, 0.0, 0, "0"}, {4, DEF, 0, -0.0, 0, "-0"}, {4, DEF, 1, NAN, 0, "nan"},
    {4, DEF, 1, INFINITY, 0, "1"}, {4, DEF, 1, -INFINITY, 0, "0"}, {4, DEF, 1, 0.0, 0, "1"},
    {4, DEF, 1, -0.0, 0, "1"}, {4, DEF, 2, -INFINITY, -1, "-0"}, {4, DEF, 2, -INFINITY, INFINITY, "nan"},
    {4, DEF, 0, 3e38, 0, "3e38"}, {4, DEF, 0, -3e38, 0, "-1"}, {4, DEF, 1, -3e38, 0, "0"},
    /* elu, alpha = -0.5: IEEE products alpha * expm1(+-0) */
    {4, -0.5f, 0.5f, -1, 1, 0, -INFINITY, 0, "0.5"}, {4, -0.5f, 0.5f, -1, 1, 0, 0.0, 0, "-0"},
    {4, -0.5f, 0.5f, -1, 1, 0, -0.0, 0, "0"}, {4, -0.5f, 0.5f, -1, 1, 1, -INFINITY, 0, "-0"},
    {4, -0.5f, 0.5f, -1, 1, 1, 0.0, 0, "-0.5"}, {4, -0.5f, 0.5f, -1, 1, 0, 2, 0, "2"},
    {4, -0.5f, 0.5f, -1, 1, 1, 2, 0, "1"},
    /* elu, alpha = +-0 */
    {4, 0.0f, 0.5f, -1, 1, 0, -1, 0, "-0"}, {4, 0.0f, 0.5f, -1, 1, 0, -INFINITY, 0, "-0"},
    {4, 0.0f, 0.5f, -1, 1, 0, 0.0, 0, "0"}, {4, 0.0f, 0.5f, -1, 1, 0, -0.0, 0, "-0"},
    {4, 0.0f, 0.5f, -1, 1, 1, -1, 0, "0"}, {4, 0.0f, 0.5f, -1, 1, 1, -INFINITY, 0, "0"},
    {4, -0.0f, 0.5f, -1, 1, 0, -1, 0, "0"}, {4, -0.0f, 0.5f, -1, 1, 0, -INFINITY, 0, "0"},
    {4, -0.0f, 0.5f, -1, 1, 0, 0.0, 0, "-0"}, {4, -0.0f, 0.5f, -1, 1, 1, -1, 0, "-0"},
    {4, -0.0f, 0.5f, -1, 1, 1, -INFINITY, 0, "-0"}, {4, -0.0f, 0.5f, -1, 1, 2, -1, INFINITY, "nan"},
    /* elu, other alphas: rounded once to the format */
    {4, 2.5f, 0.5f, -1, 1, 0, -INFINITY, 0, "-2.5"}, {4, 2.5f, 0.5f, -1, 1, 1, 0.0, 0, "2.5"},
    {4, 0.1f, 0.5f, -1, 1, 1, -0.0, 0, "0x1.99999ap-4"}, {4, 0.1f, 0.5f, -1, 1, 0, -INFINITY, 0, "-0x1.99999ap-4"},
    {4, NAN, 0.5f, -1, 1, 0, -1, 0, "nan"}, {4, INFINITY, 0.5f, -1, 1, 0, -1, 0, "nan"},
    /* selu */
    {5, DEF, 0, NAN, 0, "nan"}, {5, DEF, 0, INFINITY, 0, "inf"}, {5, DEF, 0, -INFINITY, 0, "RN:-lambda*alpha"},
    {5, DEF, 0, 0.0, 0, "0"}, {5, DEF, 0, -0.0, 0, "-0"}, {5, DEF, 1, INFINITY, 0, "RN:lambda"},
    {5, DEF, 1, -INFINITY, 0, "0"}, {5, DEF, 1, 0.0, 0, "RN:lambda*alpha"},
    {5, DEF, 1, -0.0, 0, "RN:lambda*alpha"}, {5, DEF, 1, NAN, 0, "nan"},
    {5, DEF, 2, INFINITY, -0.0, "-0"}, {5, DEF, 2, INFINITY, 2, "RN:2*lambda"},
    {5, DEF, 2, INFINITY, FLT_MAX, "RN:fltmax*lambda"}, {5, DEF, 2, -INFINITY, -5, "-0"},
    {5, DEF, 0, 1, 0, "RN:lambda"}, {5, DEF, 1, -1e30, 0, "0"}, {5, DEF, 0, -1e30, 0, "RN:-lambda*alpha"},
    /* swish_tanh, defaults (s .5, [-1, 1]) */
    {7, DEF, 0, NAN, 0, "nan"}, {7, DEF, 0, INFINITY, 0, "RN:tanh1"}, {7, DEF, 0, -INFINITY, 0, "-0"},
    {7, DEF, 0, 0.0, 0, "0"}, {7, DEF, 0, -0.0, 0, "-0"}, {7, DEF, 1, INFINITY, 0, "0"},
    {7, DEF, 1, -INFINITY, 0, "-0"}, {7, DEF, 1, 0.0, 0, "0.25"}, {7, DEF, 1, -0.0, 0, "0.25"},
    {7, DEF, 1, NAN, 0, "nan"}, {7, DEF, 0, 100, 0, "RN:tanh1"}, {7, DEF, 1, 100, 0, "0"},
    /* s = -0.5 */
    {7, 1, -0.5f, -1, 1, 0, INFINITY, 0, "RN:-tanh1"}, {7, 1, -0.5f, -1, 1, 0, -INFINITY, 0, "0"},
    {7, 1, -0.5f, -1, 1, 0, 0.0, 0, "-0"}, {7, 1, -0.5f, -1, 1, 0, -0.0, 0, "0"},
    {7, 1, -0.5f, -1, 1, 1, -INFINITY, 0, "0"}, {7, 1, -0.5f, -1, 1, 1, 0.0, 0, "-0.25"},
    {7, 1, -0.5f, -1, 1, 1, INFINITY, 0, "0"},
    /* unbounded clamps */
    {7, 1, 1, -INFINITY, INFINITY, 0, INFINITY, 0, "1"}, {7, 1, 1, -INFINITY, INFINITY, 0, -INFINITY, 0, "-0"},
    {7, 1, 1, -INFINITY, INFINITY, 1, INFINITY, 0, "0"}, {7, 1, 1, -INFINITY, INFINITY, 1, -INFINITY, 0, "-0"},
    /* s = +-0: the sign of silu'(x) decides the sign of the zero */
    {7, 1, 0.0f, -1, 1, 0, -1, 0, "-0"}, {7, 1, 0.0f, -1, 1, 0, 1, 0, "0"},
    {7, 1, 0.0f, -1, 1, 0, INFINITY, 0, "0"}, {7, 1, 0.0f, -1, 1, 0, -INFINITY, 0, "-0"},
    {7, 1, 0.0f, -1, 1, 1, -1, 0, "0"}, {7, 1, 0.0f, -1, 1, 1, -2, 0, "-0"},
    {7, 1, 0.0f, -1, 1, 1, INFINITY, 0, "0"}, {7, 1, 0.0f, -1, 1, 1, -INFINITY, 0, "-0"},
    {7, 1, -0.0f, -1, 1, 0, 1, 0, "-0"}, {7, 1, -0.0f, -1, 1, 1, -2, 0, "0"},
    {7, 1, -0.0f, -1, 1, 1, -1, 0, "-0"}, {7, 1, -0.0f, -1, 1, 2, -2, -1, "-0"},
    /* clamp at a zero bound: clamp(-0, 0, 1) = -0 */
    {7, 1, 1, 0.0f, 1, 0, -1, 0, "0"}, {7, 1, 1, 0.0f, 1, 0, -0.0, 0, "-0"},
    {7, 1, 1, 0.0f, 1, 1, -1, 0, "0"}, {7, 1, 1, 0.0f, 1, 1, -0.0, 0, "0.5"},
    {7, 1, 1, 0.0f, 1, 0, -INFINITY, 0, "-0"}, {7, 1, 1, 0.0f, 1, 1, -INFINITY, 0, "-0"},
    {7, 1, 1, -0.0f, 1, 0, -1, 0, "-0"},
    /* lo > 0: the second gate (tanh(w) < lo while w >= lo) */
    {7, 1, 1, 0.25f, 2, 0, 0.4, 0, "0.25"}, {7, 1, 1, 0.25f, 2, 1, 0.4, 0, "0"},
    {7, 1, 1, 0.25f, 2, 0, 0.42, 0, "0.25"}, {7, 1, 1, 0.25f, 2, 1, 0.42, 0, "0"},
    {7, 1, 1, 1.5f, 2, 0, 3, 0, "1.5"}, {7, 1, 1, -INFINITY, -INFINITY, 0, 1, 0, "-inf"},
    /* a bound of magnitude 1 with |w| far beyond what any enclosure of tanh(w)
       separates from 1: |tanh(w)| < 1 decides the clamp and the gate (the last: w
       clamped to hi = 1 first, so tanh(1)) */
    {7, 1, 0x1p100f, 1, INFINITY, 0, 1.5, 0, "1"}, {7, 1, 0x1p100f, 1, INFINITY, 1, 1.5, 0, "0"},
    {7, 1, 0x1p100f, 1, INFINITY, 2, 1.5, 3, "0"}, {7, 1, -0x1p100f, -INFINITY, -1, 0, 1.5, 0, "-1"},
    {7, 1, -0x1p100f, -INFINITY, -1, 1, 1.5, 0, "0"}, {7, 1, 0x1p100f, -1, 1, 0, 1.5, 0, "RN:tanh1"},
    /* a bound equal to s x where silu(x) = x (1 - e^-x ...) is x to far more
       than the precision: |s silu(x)| < |s x| decides the clamp and the gate (f:
       w clamped to lo, then tanh(lo) < lo clamped to lo again) */
    {7, 1, 0x1p-140f, 0x1p-30f, INFINITY, 1, 0x1p110, 0, "0"}, {7, 1, 0x1p-140f, 0x1p-30f, INFINITY, 0, 0x1p110, 0, "0x1p-30"},
    {7, 1, -0x1p-140f, -INFINITY, -0x1p-30f, 1, 0x1p110, 0, "0"},
    /* invalid parameters */
    {7, 1, INFINITY, -1, 1, 0, 1, 0, "nan"}, {7, 1, 0.5f, NAN, 1, 0, 1, 0, "nan"},
    /* unknown op */
    {0, DEF, 0, 1, 0, "nan"}, {8, DEF, 1, 1, 0, "nan"},
};

static void test_specials(void)
{
    unsigned i;
    int fmt;
    section("special values: every function and format");
    for (i = 0; i < sizeof specials / sizeof specials[0]; i++) {
        const special_case *c = &specials[i];
        gpuact_ref_params p = mkp(c->alpha, c->scale, c->lo, c->hi);
        for (fmt = 0; fmt < 4; fmt++) {
            double want = expected(c->want, fmt), got;
            if (c->mode == 2)
                got = gpuact_ref_backward(c->op, c->x, c->dy, &p, (gpuact_ref_format)fmt);
            else
                got = gpuact_ref_eval(c->op, c->mode, c->x, &p, (gpuact_ref_format)fmt);
            check(same(got, want), "special #%u %s mode %d x=%g dy=%g (a %g s %g lo %g hi %g) %s: got %a want %a (%s)",
                  i, c->op >= 0 && c->op < 8 ? op_name[c->op] : "?", c->mode, c->x, c->dy, c->alpha, c->scale,
                  c->lo, c->hi, fmt_name[fmt], got, want, c->want);
        }
    }
    {   /* elu at x = -2^34: -alpha (1 - e^x), e^x far below any precision; alpha =
           1 + 3/256 is a bfloat16 midpoint and the value lies just toward 0 of
           it, so -(1 + 2^-7), not the tie's even neighbour -(1 + 2^-6) */
        gpuact_ref_params ep = mkp(1.01171875f, 0.5f, -1, 1);
        check(same(gpuact_ref_eval(4, 0, -0x1p34, &ep, GPUACT_REF_BF16), -1.0078125) &&
                  same(gpuact_ref_eval(4, 0, -0x1p34, &ep, GPUACT_REF_F32), -1.01171875),
              "elu(-2^34) with alpha a bfloat16 midpoint: the neighbour towards 0");
    }
    check(isnan(gpuact_ref_eval(1, 2, 1.0, NULL, GPUACT_REF_F32)), "deriv = 2 in eval gives NaN");
    check(isnan(gpuact_ref_eval(1, 0, 1.0, NULL, (gpuact_ref_format)4)), "unknown format gives NaN");
    {
        gpuact_ref_params dp = gpuact_ref_default_params();
        check(same(gpuact_ref_eval(7, 1, 0.5, NULL, GPUACT_REF_F64), gpuact_ref_eval(7, 1, 0.5, &dp, GPUACT_REF_F64)) &&
                  same(gpuact_ref_eval(4, 0, -0.5, NULL, GPUACT_REF_F64), gpuact_ref_eval(4, 0, -0.5, &dp, GPUACT_REF_F64)),
              "p = NULL means the defaults");
    }
}

/* ============================================== 4. independent mpmath table */
static long check_independent(int quiet)
{
    size_t i;
    int fmt;
    long bad = 0;
    for (i = 0; i < GPUACT_REF_INDEP_COUNT; i++) {
        const gpuact_ref_indep_row *r = &gpuact_ref_indep[i];
        gpuact_ref_params p = mkp(r->alpha, r->scale, r->lo, r->hi);
        for (fmt = 0; fmt < 4; fmt++) {
            double f = gpuact_ref_eval(r->op, 0, r->x, &p, (gpuact_ref_format)fmt);
            double d = gpuact_ref_eval(r->op, 1, r->x, &p, (gpuact_ref_format)fmt);
            if (!same(f, r->f[fmt]) || !same(d, r->df[fmt])) {
                bad++;
                if (!quiet)
                    check(0, "table row %zu %s(%a) a=%g s=%g lo=%g hi=%g %s: f %a want %a, f' %a want %a", i,
                          op_name[r->op], r->x, r->alpha, r->scale, r->lo, r->hi, fmt_name[fmt], f, r->f[fmt],
                          d, r->df[fmt]);
            } else if (!quiet) {
                check(1, "");
            }
        }
    }
    return bad;
}

static void test_independent(void)
{
    long bad;
    int ops[8] = {0};
    size_t i;
    section("independent values (mpmath table, all formats, f and f')");
    for (i = 0; i < GPUACT_REF_INDEP_COUNT; i++)
        ops[gpuact_ref_indep[i].op]++;
    for (i = 1; i <= 7; i++)
        check(ops[i] >= 30, "table covers %s (%d rows)", op_name[i], ops[i]);
    check(GPUACT_REF_INDEP_COUNT >= 100, "table has >= 100 rows");
    check_independent(0);
    /* the table must notice a wrong constant in a forward formula */
    gpuact_refi_planted_bug = GREF_BUG_GELU_TANH_CONST;
    bad = check_independent(1);
    gpuact_refi_planted_bug = GREF_BUG_NONE;
    check(bad > 0, "planted bug (gelu_tanh constant 0.0447) caught by the table: %ld mismatches", bad);
    printf("  planted gelu_tanh constant bug: %ld table mismatches (must be > 0)\n", bad);
}

/* ======================================================== 5. identities */
/* |a| <= k * ulp64(m), all exact in MPFR */
static int within_ulps(mpfr_srcptr err, double m, double k)
{
    mpfr_t u;
    int r;
    mpfr_init2(u, 64);
    mpfr_set_d(u, k * ulp_of(fabs(m), GPUACT_REF_F64), MPFR_RNDN);
    r = mpfr_cmpabs(err, u) <= 0;
    mpfr_clear(u);
    return r;
}

static void test_identities(void)
{
    static const int odd_ops[4] = {1, 2, 3, 6};
    mpfr_t s, c;
    int i, k;
    gpuact_ref_params dp = gpuact_ref_default_params();
    section("identities on random points (binary64)");
    mpfr_init2(s, 5000);
    mpfr_init2(c, 400);
    for (k = 0; k < 4; k++) {
        int op = odd_ops[k];
        long bad_f = 0, bad_d = 0;
        for (i = 0; i < 1500; i++) {
            double x = (i % 3 == 0) ? ldexp(rnd_in(1, 2), (int)(rnd64() % 80) - 60) : rnd_in(-30, 30);
            double a = gpuact_ref_eval(op, 0, x, &dp, GPUACT_REF_F64);
            double b = gpuact_ref_eval(op, 0, -x, &dp, GPUACT_REF_F64);
            double da = gpuact_ref_eval(op, 1, x, &dp, GPUACT_REF_F64);
            double db = gpuact_ref_eval(op, 1, -x, &dp, GPUACT_REF_F64);
            /* f(x) - f(-x) = x  (x (Phi(x) + Phi(-x)) = x; sigma(z) + sigma(-z) = 1) */
            mpfr_set_d(s, a, MPFR_RNDN);
            mpfr_sub_d(s, s, b, MPFR_RNDN);
            mpfr_sub_d(s, s, x, MPFR_RNDN);
            if (!within_ulps(s, dmax(fabs(a), fabs(b)), 1))
                bad_f++;
            /* f'(x) + f'(-x) = 1 */
            mpfr_set_d(s, da, MPFR_RNDN);
            mpfr_add_d(s, s, db, MPFR_RNDN);
            mpfr_sub_ui(s, s, 1, MPFR_RNDN);
            if (!within_ulps(s, dmax(fabs(da), fabs(db)), 1))
                bad_d++;
        }
        check(bad_f == 0, "%s: f(x) - f(-x) = x fails %ld times", op_name[op], bad_f);
        check(bad_d == 0, "%s: f'(x) + f'(-x) = 1 fails %ld times", op_name[op], bad_d);
    }
    {
        long bad1 = 0, bad2 = 0, bad3 = 0, bad4 = 0;
        gpuact_ref_params pe = mkp((float)1.6732632423543772848170429916717, .5f, -1, 1);
        mpfr_set_str(c, LAMBDA_S, 10, MPFR_RNDN);
        mpfr_set_str(s, ALPHA_S, 10, MPFR_RNDN);
        mpfr_mul(c, c, s, MPFR_RNDN); /* lambda alpha */
        for (i = 0; i < 3000; i++) {
            double x = -ldexp(rnd_in(1, 2), (int)(rnd64() % 16) - 10);
            double e = gpuact_ref_eval(4, 0, x, &dp, GPUACT_REF_F64);
            double de = gpuact_ref_eval(4, 1, x, &dp, GPUACT_REF_F64);
            double se = gpuact_ref_eval(5, 0, x, NULL, GPUACT_REF_F64);
            double dse = gpuact_ref_eval(5, 1, x, NULL, GPUACT_REF_F64);
            double ef = gpuact_ref_eval(4, 0, x, &pe, GPUACT_REF_F64);
            double y = rnd_in(0, 1e3);
            /* elu'(x) = elu(x) + 1 for x <= 0 (alpha = 1) */
            mpfr_set_d(s, de, MPFR_RNDN);
            mpfr_sub_d(s, s, e, MPFR_RNDN);
            mpfr_sub_ui(s, s, 1, MPFR_RNDN);
            if (!within_ulps(s, dmax(fabs(de), fabs(e)), 1))
                bad1++;
            /* selu'(x) = selu(x) + lambda alpha for x <= 0 */
            mpfr_set_d(s, dse, MPFR_RNDN);
            mpfr_sub_d(s, s, se, MPFR_RNDN);
            mpfr_sub(s, s, c, MPFR_RNDN);
            if (!within_ulps(s, dmax(fabs(dse), fabs(se)), 1.01))
                bad2++;
            /* selu(x) = lambda elu(x; alpha = fl32(alpha_s)) to ~2^-23 */
            if (fabs(se - 1.0507009873554804934193349852946 * ef) > 0x1p-22 * fabs(se))
                bad3++;
            /* elu(y) = y and elu'(y) = 1 for y > 0, exactly */
            if (y > 0 && (gpuact_ref_eval(4, 0, y, &dp, GPUACT_REF_F64) != y ||
                          gpuact_ref_eval(4, 1, y, &dp, GPUACT_REF_F64) != 1.0))
                bad4++;
        }
        check(bad1 == 0, "elu'(x) = elu(x) + 1 fails %ld times", bad1);
        check(bad2 == 0, "selu'(x) = selu(x) + lambda alpha fails %ld times", bad2);
        check(bad3 == 0, "selu = lambda elu(alpha_s) fails %ld times", bad3);
        check(bad4 == 0, "elu(x > 0) = x fails %ld times", bad4);
    }
    {
        /* swish_tanh with unbounded clamps and s = 2 is tanh(2 silu(x)):
         * tanh(2v) = 2 tanh(v) / (1 + tanh(v)^2) relates it to s = 1 */
        gpuact_ref_params p1 = mkp(1, 1, -INFINITY, INFINITY), p2 = mkp(1, 2, -INFINITY, INFINITY);
        long bad = 0;
        for (i = 0; i < 1000; i++) {
            double x = rnd_in(-8, 3), t1 = gpuact_ref_eval(7, 0, x, &p1, GPUACT_REF_F64);
            double t2 = gpuact_ref_eval(7, 0, x, &p2, GPUACT_REF_F64);
            if (fabs(t2 - 2 * t1 / (1 + t1 * t1)) > 4e-16 * fabs(t2))
                bad++;
        }
        check(bad == 0, "swish_tanh double-angle identity fails %ld times", bad);
    }
    mpfr_clear(s);
    mpfr_clear(c);
}

/* ============================================ 6. hand-checkable rounding */
static void test_rounding_cases(void)
{
    gpuact_ref_params dp = gpuact_ref_default_params();
    int fmt, op, d, i;
    long notrep = 0;
    section("rounding: representable results and hand-checkable cases");
    for (fmt = 0; fmt < 4; fmt++)
        for (op = 1; op <= 7; op++)
            for (d = 0; d < 2; d++)
                for (i = 0; i < 300; i++) {
                    double x = (i % 2) ? rnd_in(-12, 12) : ldexp(rnd_in(-1, 1), (int)(rnd64() % 300) - 150);
                    double r;
                    x = fmt == GPUACT_REF_F16 ? gpuact_ref_f16_to_double(gpuact_ref_double_to_f16(x))
                                              : (double)(float)x;
                    r = gpuact_ref_eval(op, d, x, &dp, (gpuact_ref_format)fmt);
                    if (!representable(r, fmt))
                        notrep++;
                }
    check(notrep == 0, "%ld results not representable in their format", notrep);

    /* elu(x > 0) = x exactly, for every positive finite half and many floats */
    {
        long bad = 0;
        unsigned u;
        for (u = 1; u < 0x7c00; u++) {
            double x = gpuact_ref_f16_to_double((unsigned short)u);
            if (gpuact_ref_eval(4, 0, x, &dp, GPUACT_REF_F16) != x)
                bad++;
        }
        for (i = 0; i < 5000; i++) {
            float xf = (float)ldexp(rnd_in(1, 2), (int)(rnd64() % 250) - 148);
            if (gpuact_ref_eval(4, 0, xf, &dp, GPUACT_REF_F32) != xf)
                bad++;
        }
        check(bad == 0, "elu(x > 0) != x in %ld cases", bad);
    }
    /* selu(1) = RN(lambda); the compiler rounds the decimal literal correctly */
    check(gpuact_ref_eval(5, 0, 1.0, NULL, GPUACT_REF_F32) == (double)1.0507009873554804934193349852946f,
          "selu(1) F32 = RN32(lambda)");
    check(gpuact_ref_eval(5, 0, 1.0, NULL, GPUACT_REF_F64) == 1.0507009873554804934193349852946,
          "selu(1) F64 = RN64(lambda)");
    check(gpuact_ref_eval(5, 0, 1.0, NULL, GPUACT_REF_F16) == 1.0507009873554804934193349852946 ||
              gpuact_ref_eval(5, 0, 1.0, NULL, GPUACT_REF_F16) == 1.05078125,
          "selu(1) F16 = 1.05078125 (1 + 52/1024 is nearest)");
    check(gpuact_ref_eval(5, 0, 1.0, NULL, GPUACT_REF_F16) == 1.05078125, "selu(1) F16 exact value");
    check(gpuact_ref_eval(5, 0, 1.0, NULL, GPUACT_REF_BF16) == 1.046875, "selu(1) BF16 = 1 + 6/128");
    /* overflow */
    check(isinf(gpuact_ref_eval(5, 0, (float)3.3e38, NULL, GPUACT_REF_F32)), "selu(3.3e38) F32 = inf");
    check(gpuact_ref_eval(5, 0, (float)3.0e38, NULL, GPUACT_REF_F32) == (double)(float)(1.0507009873554804934193349852946 * (double)(float)3.0e38),
          "selu(3.0e38) F32 = 3.152e38 (finite: lambda * 3e38 < FLT_MAX)");
    check(gpuact_ref_eval(5, 0, 62336, NULL, GPUACT_REF_F16) == 65504, "selu(62336) F16 = 65504");
    check(isinf(gpuact_ref_eval(5, 0, 62368, NULL, GPUACT_REF_F16)), "selu(62368) F16 = inf (>= 65520)");
    check(isinf(gpuact_ref_eval(5, 0, 1e38, NULL, GPUACT_REF_F16)), "selu(1e38) F16 = inf");
    check(isinf(gpuact_ref_backward(6, 2, 65000, NULL, GPUACT_REF_F16)), "silu backward F16 overflow (1.09 * 65000)");
    check(gpuact_ref_backward(6, 2, 60000, NULL, GPUACT_REF_F16) == 65440, "silu backward F16: 65447.05 -> 65440");
    /* the F32 overflow threshold of selu: check 40 consecutive floats around
     * it against lambda * x rounded independently */
    {
        gref_range saved;
        mpfr_t v;
        float x = (float)(3.4028235677973366e38 / 1.0507009873554804934193349852946);
        long bad = 0;
        gpuact_refi_range_wide(&saved);
        mpfr_init2(v, 300);
        for (i = 0; i < 20; i++)
            x = float_step(x, -1);
        for (i = 0; i < 40; i++, x = float_step(x, 1)) {
            mpfr_set_str(v, LAMBDA_S, 10, MPFR_RNDN);
            mpfr_mul_d(v, v, x, MPFR_RNDN);
            if (!same(gpuact_ref_eval(5, 0, x, NULL, GPUACT_REF_F32), manual_round(v, GPUACT_REF_F32)))
                bad++;
        }
        mpfr_clear(v);
        gpuact_refi_range_restore(&saved);
        check(bad == 0, "selu around the F32 overflow threshold: %ld wrong", bad);
    }
    /* subnormal outputs: x Phi(x) at the smallest subnormal is just above /
     * below half of it, so it rounds up to it / down to -0 */
    {
        struct { int op, fmt; double x, want; } c[] = {
            {1, 0, 0x1p-149, 0x1p-149}, {1, 0, -0x1p-149, -0.0}, {6, 0, 0x1p-149, 0x1p-149},
            {6, 0, -0x1p-149, -0.0}, {2, 0, 0x1p-149, 0x1p-149}, {3, 0, -0x1p-149, -0.0},
            {1, 1, 0x1p-24, 0x1p-24}, {1, 1, -0x1p-24, -0.0}, {1, 2, 0x1p-133, 0x1p-133},
            {1, 2, -0x1p-133, -0.0}, {1, 3, 0x1p-1074, 0x1p-1074}, {1, 3, -0x1p-1074, -0.0},
            {6, 3, 0x1p-1074, 0x1p-1074}, {4, 0, -0x1p-149, -0x1p-149}, {4, 1, -0x1p-24, -0x1p-24},
            {1, 0, 0x1p-148, 0x1p-149}, /* 2^-148 Phi = 2^-149 + tiny: rounds to 2^-149 */
            {1, 0, 0x1.8p-148, 0x1p-148}, /* 1.5 * 2^-149 + tiny: nearest is 2 * 2^-149 */
        };
        unsigned k;
        for (k = 0; k < sizeof c / sizeof c[0]; k++) {
            double got = gpuact_ref_eval(c[k].op, 0, c[k].x, &dp, (gpuact_ref_format)c[k].fmt);
            check(same(got, c[k].want), "subnormal case %u: %s(%a) %s = %a, want %a", k, op_name[c[k].op],
                  c[k].x, fmt_name[c[k].fmt], got, c[k].want);
        }
        /* silu(-100) F32 ~ -3.72e-42: subnormal, and agrees with the table */
        {
            double r = gpuact_ref_eval(6, 0, -100, &dp, GPUACT_REF_F32);
            check(r < 0 && fabs(r) < 0x1p-126 && representable(r, 0), "silu(-100) F32 is a negative subnormal");
        }
    }
}

/* ====================================== 7. derivative by central differences */
#define FD_H_EXP (-60)

/* value at >= min_level, midpoint of the enclosure (signed zeros kept) */
static void value_mid(int op, int mode, mpfr_srcptr x, const gpuact_ref_params *p, int min_level, mpfr_ptr out)
{
    gref_range saved;
    gref_ws *w;
    gref_val v;
    int level;
    gpuact_refi_range_wide(&saved);
    w = gpuact_refi_ws();
    for (level = min_level; level < GREF_NLEVELS; level++) {
        gpuact_refi_begin(w, level);
        if (gpuact_refi_value(w, op, mode, x, 1.0, p, &v) == GREF_OK)
            break;
    }
    switch (v.kind) {
    case GREF_NAN:
        mpfr_set_nan(out);
        break;
    case GREF_INF:
        mpfr_set_inf(out, v.neg ? -1 : 1);
        break;
    case GREF_ZERO:
        mpfr_set_zero(out, v.neg ? -1 : 1);
        break;
    default:
        gpuact_refi_iv_mid(out, v.iv);
    }
    gpuact_refi_range_restore(&saved);
}

typedef struct {
    const char *name;
    int op;
    gpuact_ref_params p;
    int kink_at_zero;
    int no_zero; /* f' has no sign change (elu, selu; gated off at silu's zero) */
    mpfr_t edges[16]; /* points where the derivative is discontinuous */
    int nedges;
    mpfr_t zeros[8];  /* zeros of f' */
    int nzeros;
} fd_cfg;

/* g(x) for the edge search: which of w - c, tanh(w) - c (c = lo, hi) */
static void edge_fn(const fd_cfg *c, int which, mpfr_srcptr x, mpfr_ptr out)
{
    double bound = (which & 1) ? c->p.hi : c->p.lo;
    value_mid(GPUACT_REF_OP_SILU, 0, x, &c->p, 2, out);
    mpfr_mul_d(out, out, c->p.scale, MPFR_RNDN);
    if (which & 2)
        mpfr_tanh(out, out, MPFR_RNDN);
    mpfr_sub_d(out, out, bound, MPFR_RNDN);
}

/* bisection of a sign change of fn between a and b, to ~2^-100 */
static void bisect(const fd_cfg *c, int which, double a, double b, mpfr_ptr root)
{
    mpfr_t lo, hi, m, g;
    int slo, k;
    mpfr_inits2(128, lo, hi, m, (mpfr_ptr)0);
    mpfr_init2(g, 512);
    mpfr_set_d(lo, a, MPFR_RNDN);
    mpfr_set_d(hi, b, MPFR_RNDN);
    if (which < 0)
        value_mid(c->op, 1, lo, &c->p, 2, g);
    else
        edge_fn(c, which, lo, g);
    slo = mpfr_sgn(g);
    for (k = 0; k < 100; k++) {
        mpfr_add(m, lo, hi, MPFR_RNDN);
        mpfr_div_2ui(m, m, 1, MPFR_RNDN);
        if (which < 0)
            value_mid(c->op, 1, m, &c->p, 2, g);
        else
            edge_fn(c, which, m, g);
        if ((mpfr_sgn(g) > 0) == (slo > 0))
            mpfr_set(lo, m, MPFR_RNDN);
        else
            mpfr_set(hi, m, MPFR_RNDN);
    }
    mpfr_set(root, lo, MPFR_RNDN);
    mpfr_clears(lo, hi, m, g, (mpfr_ptr)0);
}

/* locate zeros of f' and the clamp edges by scanning [-20, 20] */
static void fd_locate(fd_cfg *c)
{
    mpfr_t x, g;
    double step = 1.0 / 64, a;
    int which, prev;
    mpfr_init2(x, 128);
    mpfr_init2(g, 512);
    c->nzeros = c->nedges = 0;
    prev = 0;
    for (a = -20; a <= 20; a += step) {
        int sg;
        mpfr_set_d(x, a, MPFR_RNDN);
        value_mid(c->op, 1, x, &c->p, 2, g);
        sg = mpfr_zero_p(g) ? 0 : mpfr_sgn(g);
        if (sg != 0 && prev != 0 && sg != prev && c->nzeros < 8) {
            mpfr_init2(c->zeros[c->nzeros], 128);
            bisect(c, -1, a - step, a, c->zeros[c->nzeros]);
            c->nzeros++;
        }
        if (sg != 0)
            prev = sg;
    }
    if (c->op == GPUACT_REF_OP_SWISH_TANH) {
        for (which = 0; which < 4; which++) {
            double bound = (which & 1) ? c->p.hi : c->p.lo;
            if (isinf(bound))
                continue;
            prev = 0;
            for (a = -20; a <= 20; a += step) {
                int sg;
                mpfr_set_d(x, a, MPFR_RNDN);
                edge_fn(c, which, x, g);
                sg = mpfr_sgn(g);
                if (prev != 0 && sg != 0 && sg != prev && c->nedges < 16) {
                    mpfr_init2(c->edges[c->nedges], 128);
                    bisect(c, which, a - step, a, c->edges[c->nedges]);
                    c->nedges++;
                }
                if (sg != 0)
                    prev = sg;
            }
        }
    }
    mpfr_clear(x);
    mpfr_clear(g);
}

/* 1 if agreeing (or skipped), 0 if not */
static int fd_point(const fd_cfg *c, mpfr_srcptr x, int verbose)
{
    mpfr_t xp, xm, fp, fm, fd, d, t;
    int k, ok = 1;
    mpfr_inits2(1024, fp, fm, fd, d, t, (mpfr_ptr)0);
    mpfr_inits2(192, xp, xm, (mpfr_ptr)0);
    /* skip within 2h of a kink or clamp edge */
    if (c->kink_at_zero && mpfr_cmpabs_ui(x, 0) >= 0) {
        mpfr_abs(t, x, MPFR_RNDN);
        if (mpfr_cmp_si_2exp(t, 1, FD_H_EXP + 1) <= 0)
            goto done;
    }
    for (k = 0; k < c->nedges; k++) {
        mpfr_sub(t, x, c->edges[k], MPFR_RNDN);
        mpfr_abs(t, t, MPFR_RNDN);
        if (mpfr_cmp_si_2exp(t, 1, FD_H_EXP + 1) <= 0)
            goto done;
    }
    mpfr_set_si_2exp(t, 1, FD_H_EXP, MPFR_RNDN);
    mpfr_add(xp, x, t, MPFR_RNDN); /* exact at 192 bits */
    mpfr_sub(xm, x, t, MPFR_RNDN);
    value_mid(c->op, 0, xp, &c->p, 2, fp); /* forward at 256 bits */
    value_mid(c->op, 0, xm, &c->p, 2, fm);
    mpfr_sub(fd, fp, fm, MPFR_RNDN);
    mpfr_mul_2si(fd, fd, -(FD_H_EXP + 1), MPFR_RNDN);
    value_mid(c->op, 1, x, &c->p, 3, d); /* derivative at 512 bits */
    mpfr_sub(t, fd, d, MPFR_RNDN);
    mpfr_abs(t, t, MPFR_RNDN);
    mpfr_abs(fp, d, MPFR_RNDN);
    mpfr_mul_d(fp, fp, 1e-12, MPFR_RNDN);
    ok = mpfr_cmp(t, fp) <= 0 && !(mpfr_zero_p(d) && !mpfr_zero_p(fd));
    if (!ok && verbose)
        mpfr_printf("  FD mismatch %s x=%.20Rg: derivative %.15Rg, central difference %.15Rg\n", c->name, x, d, fd);
done:
    mpfr_clears(xp, xm, fp, fm, fd, d, t, (mpfr_ptr)0);
    return ok;
}

/* runs the check on n_random random points plus the structured ones;
 * returns the number of disagreements, *npts the number of points */
static long fd_run(fd_cfg *c, int n_random, int structured, int verbose, long *npts)
{
    mpfr_t x, t;
    long bad = 0, n = 0;
    int i, k, j;
    mpfr_init2(x, 128);
    mpfr_init2(t, 128);
    for (i = 0; i < n_random; i++) {
        mpfr_set_d(x, rnd_in(-20, 20), MPFR_RNDN);
        bad += !fd_point(c, x, verbose && bad < 3);
        n++;
    }
    if (structured) {
        for (k = 1; k <= 55; k++) { /* dense near 0 (the kink of elu/selu) */
            for (j = -1; j <= 1; j += 2) {
                mpfr_set_si_2exp(x, j, -k, MPFR_RNDN);
                bad += !fd_point(c, x, verbose && bad < 3);
                n++;
            }
        }
        for (i = 0; i < c->nzeros + c->nedges; i++) { /* near zeros of f' and clamp edges */
            mpfr_srcptr z = i < c->nzeros ? c->zeros[i] : c->edges[i - c->nzeros];
            for (k = 4; k <= 50; k += 2)
                for (j = -3; j <= 3; j += 2) {
                    mpfr_set_si_2exp(t, j, -k, MPFR_RNDN);
                    mpfr_add(x, z, t, MPFR_RNDN);
                    bad += !fd_point(c, x, verbose && bad < 3);
                    n++;
                }
        }
    }
    mpfr_clear(x);
    mpfr_clear(t);
    *npts = n;
    return bad;
}

static void test_derivatives(void)
{
    static fd_cfg cfg[11];
    int i, nc = 0;
    section("derivative vs central difference of the forward (h = 2^-60, 256/512 bits)");
    cfg[nc].name = "gelu_erf", cfg[nc].op = 1, cfg[nc].p = gpuact_ref_default_params(), nc++;
    cfg[nc].name = "gelu_tanh", cfg[nc].op = 2, cfg[nc].p = gpuact_ref_default_params(), nc++;
    cfg[nc].name = "gelu_sigmoid", cfg[nc].op = 3, cfg[nc].p = gpuact_ref_default_params(), nc++;
    cfg[nc].name = "silu", cfg[nc].op = 6, cfg[nc].p = gpuact_ref_default_params(), nc++;
    cfg[nc].name = "elu a=1", cfg[nc].op = 4, cfg[nc].p = mkp(1, .5f, -1, 1), cfg[nc].kink_at_zero = 1, nc++;
    cfg[nc].name = "elu a=0.5", cfg[nc].op = 4, cfg[nc].p = mkp(.5f, .5f, -1, 1), cfg[nc].kink_at_zero = 1, nc++;
    cfg[nc].name = "elu a=2.5", cfg[nc].op = 4, cfg[nc].p = mkp(2.5f, .5f, -1, 1), cfg[nc].kink_at_zero = 1, nc++;
    cfg[nc].name = "selu", cfg[nc].op = 5, cfg[nc].p = gpuact_ref_default_params(), cfg[nc].kink_at_zero = 1, nc++;
    cfg[nc].name = "swish_tanh default", cfg[nc].op = 7, cfg[nc].p = gpuact_ref_default_params(), nc++;
    cfg[nc].name = "swish_tanh s=1.5 [-0.5,0.8]", cfg[nc].op = 7, cfg[nc].p = mkp(1, 1.5f, -.5f, .8f), nc++;
    cfg[nc].name = "swish_tanh s=1 [0.25,2]", cfg[nc].op = 7, cfg[nc].p = mkp(1, 1, .25f, 2), cfg[nc].no_zero = 1, nc++;
    for (i = 0; i < nc; i++) {
        long npts, bad;
        fd_locate(&cfg[i]);
        bad = fd_run(&cfg[i], 2000, 1, 1, &npts);
        printf("  %-28s %5ld points, %d zeros of f', %d clamp edges: %ld mismatches\n", cfg[i].name, npts,
               cfg[i].nzeros, cfg[i].nedges, bad);
        check(bad == 0 && npts >= 2000, "derivative check %s: %ld of %ld points disagree", cfg[i].name, bad, npts);
        check(cfg[i].op != 7 || cfg[i].nedges >= 1, "%s: clamp edges found", cfg[i].name);
        check(cfg[i].op == 4 || cfg[i].op == 5 || cfg[i].no_zero || cfg[i].nzeros >= 1, "%s: zero of f' found",
              cfg[i].name);
    }
    /* planted bugs: the same check must fail */
    {
        struct { int bug, cfg; const char *what; } b[] = {
            {GREF_BUG_GELU_TANH_D_X3, 1, "gelu_tanh' with x^3 for x^2"},
            {GREF_BUG_GELU_ERF_D_PHI, 0, "gelu_erf' with exp(-x^2) in phi"},
            {GREF_BUG_GELU_SIGMOID_D_Z, 2, "gelu_sigmoid' with x for 1.702x"},
            {GREF_BUG_SELU_D_LAMBDA, 7, "selu' without lambda"},
            {GREF_BUG_SWISH_D_TANH, 8, "swish_tanh' with 1 - tanh for 1 - tanh^2"},
        };
        unsigned k;
        for (k = 0; k < sizeof b / sizeof b[0]; k++) {
            long npts, bad;
            gpuact_refi_planted_bug = b[k].bug;
            bad = fd_run(&cfg[b[k].cfg], 300, 0, 0, &npts);
            gpuact_refi_planted_bug = GREF_BUG_NONE;
            printf("  planted bug %-45s caught at %ld of %ld points\n", b[k].what, bad, npts);
            check(bad > 0, "planted bug not caught: %s", b[k].what);
        }
    }
}

/* ==================================================== 8. the ulp helper */
static double next_in(double r, int fmt, double dir)
{
    double u = ulp_of(r, fmt);
    double n = r + (dir > 0 ? u : -u);
    /* stepping down across a binade boundary: the spacing halves */
    if (fmt != GPUACT_REF_F64 && !representable(n, fmt))
        n = r + (dir > 0 ? u / 2 : -u / 2);
    return n;
}

static void test_ulp(void)
{
    gpuact_ref_params dp = gpuact_ref_default_params();
    int fmt, op, d, i, sm;
    long bad_self = 0, bad_next = 0, bad_ref = 0;
    double ref, e;
    section("ulp helper");
    for (fmt = 0; fmt < 4; fmt++)
        for (op = 1; op <= 7; op++)
            for (d = 0; d < 3; d++)
                for (i = 0; i < 150; i++) {
                    double x = rnd_in(-12, 12), dy = rnd_in(-3, 3), r;
                    x = fmt == GPUACT_REF_F16 ? gpuact_ref_f16_to_double(gpuact_ref_double_to_f16(x)) : (double)(float)x;
                    r = d == 2 ? gpuact_ref_backward(op, x, dy, &dp, (gpuact_ref_format)fmt)
                               : gpuact_ref_eval(op, d, x, &dp, (gpuact_ref_format)fmt);
                    e = gpuact_ref_ulp(op, d, x, dy, &dp, (gpuact_ref_format)fmt, r, &ref, &sm);
                    if (!same(ref, r))
                        bad_ref++;
                    if (!(e <= 0.5) || sm)
                        bad_self++;
                    /* correct rounding seen through the ulp: both neighbours are
                     * at least half an ulp away from the exact value */
                    if (r != 0 && isfinite(r)) {
                        double up = next_in(r, fmt, 1), dn = next_in(r, fmt, -1);
                        if (!(gpuact_ref_ulp(op, d, x, dy, &dp, (gpuact_ref_format)fmt, up, NULL, NULL) >= 0.5 - 1e-9) ||
                            !(gpuact_ref_ulp(op, d, x, dy, &dp, (gpuact_ref_format)fmt, dn, NULL, NULL) >= 0.5 - 1e-9))
                            bad_next++;
                    }
                }
    check(bad_ref == 0, "ulp: *ref differs from eval in %ld cases", bad_ref);
    check(bad_self == 0, "ulp: the reference itself is > 0.5 ulp in %ld cases", bad_self);
    check(bad_next == 0, "ulp: a neighbour is nearer than 0.5 ulp in %ld cases", bad_next);

    e = gpuact_ref_ulp(1, 0, 1.0, 0, &dp, GPUACT_REF_F32, 0, &ref, &sm);
    e = gpuact_ref_ulp(1, 0, 1.0, 0, &dp, GPUACT_REF_F32, ref + 3 * ldexp(1.0, -24), NULL, &sm);
    check(e > 2.5 && e < 3.5, "ulp: gelu_erf(1) F32 + 3 ulp reports %g", e);
    e = gpuact_ref_ulp(1, 0, NAN, 0, &dp, GPUACT_REF_F32, NAN, &ref, &sm);
    check(e == 0 && isnan(ref), "ulp: NaN vs NaN = 0");
    e = gpuact_ref_ulp(1, 0, NAN, 0, &dp, GPUACT_REF_F32, 1.0, NULL, NULL);
    check(isinf(e), "ulp: finite vs NaN = inf");
    e = gpuact_ref_ulp(1, 0, 1.0, 0, &dp, GPUACT_REF_F32, NAN, NULL, NULL);
    check(isinf(e), "ulp: NaN vs finite = inf");
    e = gpuact_ref_ulp(1, 0, INFINITY, 0, &dp, GPUACT_REF_F16, INFINITY, NULL, NULL);
    check(e == 0, "ulp: inf vs inf = 0");
    e = gpuact_ref_ulp(1, 0, INFINITY, 0, &dp, GPUACT_REF_F16, 65504, NULL, NULL);
    check(isinf(e), "ulp: finite vs inf = inf");
    e = gpuact_ref_ulp(5, 0, (float)3.3e38, 0, &dp, GPUACT_REF_F32, INFINITY, &ref, NULL);
    check(e == 0 && isinf(ref), "ulp: overflowing selu, got inf = 0 ulp");
    e = gpuact_ref_ulp(5, 0, (float)3.3e38, 0, &dp, GPUACT_REF_F32, FLT_MAX, NULL, NULL);
    check(e > 0.5 && isfinite(e), "ulp: overflowing selu, got FLT_MAX = %g ulp (finite, > 0.5)", e);
    e = gpuact_ref_ulp(1, 0, -0.0, 0, &dp, GPUACT_REF_F32, 0.0, &ref, &sm);
    check(e == 0 && sm == 1 && same(ref, -0.0), "ulp: +0 for exact -0 flags the sign");
    e = gpuact_ref_ulp(1, 0, -0.0, 0, &dp, GPUACT_REF_F32, -0.0, NULL, &sm);
    check(e == 0 && sm == 0, "ulp: -0 for exact -0 is exact");
    e = gpuact_ref_ulp(1, 0, -0.0, 0, &dp, GPUACT_REF_F32, 0x1p-149, NULL, &sm);
    check(e == 1 && sm == 0, "ulp: smallest subnormal for exact 0 is 1 ulp (F32), got %g", e);
    e = gpuact_ref_ulp(1, 0, -0.0, 0, &dp, GPUACT_REF_F16, 0x1p-23, NULL, &sm);
    check(e == 2, "ulp: 2^-23 for exact 0 is 2 ulp (F16), got %g", e);
    e = gpuact_ref_ulp(1, 1, -1e30, 0, &dp, GPUACT_REF_F32, 0.0, &ref, &sm);
    check(e < 1e-30 && sm == 1 && same(ref, -0.0), "ulp: +0 for a tiny negative exact value flags the sign");
    e = gpuact_ref_ulp(1, 2, -INFINITY, INFINITY, &dp, GPUACT_REF_F32, NAN, &ref, &sm);
    check(e == 0 && isnan(ref), "ulp: backward inf * (-0) is NaN");
    e = gpuact_ref_ulp(4, 0, 2.0, 0, &dp, GPUACT_REF_BF16, 2.0 + 1.0 / 64, NULL, NULL);
    check(e == 1, "ulp: exact value 2, bf16 neighbour = 1 ulp, got %g", e);
}

/* ====================================================== 9. two threads */
#define THR_N 3000
typedef struct {
    unsigned long long seed;
    double x[THR_N], r[THR_N];
    int op[THR_N], mode[THR_N], fmt[THR_N];
    unsigned long undecided;
} thr_job;

static void thr_fill(thr_job *j)
{
    int i;
    unsigned long long s = j->seed;
    for (i = 0; i < THR_N; i++) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        j->op[i] = 1 + (int)(s % 7);
        j->mode[i] = (int)((s >> 8) % 3);
        j->fmt[i] = (int)((s >> 16) % 4);
        j->x[i] = (double)(float)(((double)(s >> 24) / 1099511627776.0 - 0.5) * 30);
    }
}

static double thr_eval(const thr_job *j, int i)
{
    gpuact_ref_params p = mkp(1.5f, 0.75f, -0.9f, 0.95f);
    if (j->mode[i] == 2)
        return gpuact_ref_backward(j->op[i], j->x[i], 1.25, &p, (gpuact_ref_format)j->fmt[i]);
    return gpuact_ref_eval(j->op[i], j->mode[i], j->x[i], &p, (gpuact_ref_format)j->fmt[i]);
}

static void *thr_main(void *arg)
{
    thr_job *j = (thr_job *)arg;
    int i;
    for (i = 0; i < THR_N; i++)
        j->r[i] = thr_eval(j, i);
    j->undecided = gpuact_ref_undecided_count();
    gpuact_ref_thread_release();
    return NULL;
}

/* The gated forms' products s f(x) (gpuact_ref_gated) and dy f'(x) where
 * s x or s lands on a rounding midpoint: gelu_erf(8) = 8 (1 - 6.2e-16) and
 * gelu_erf'(8) = 1 + 4.0e-15 (8 phi(8) > Q(8)), so the exact products lie
 * just toward zero, resp. away from it, and round there (ties to even would
 * go the other way in each case below). Plus s = 1 against gpuact_ref_eval,
 * and IEEE specials. */
static void test_gated(void)
{
    static const double xs[] = {-30.0, -5.25, -0.75, -1e-30, 0.375, 2.0, 12.5, 1e30};
    int op, i;
    /* bf16 spacing 1/16 in [8, 16): 8 (1 + 3/256) = 8.09375, between 8.0625 (odd) and 8.125 */
    check(gpuact_ref_gated(1, 8.0, 1.0 + 3.0 / 256, NULL, GPUACT_REF_BF16) == 8.0625, "gated gelu_erf(8) * (1 + 3/256) bf16 = 8.0625");
    {
        const double t = gpuact_ref_gated(1, -8.0, 1.0 + 3.0 / 256, NULL, GPUACT_REF_BF16); /* -8 Q(8) (1 + 3/256) = -5.0358e-15 (mpmath) */
        check(t < -5.0e-15 && t > -5.07e-15, "gated gelu_erf(-8) * (1 + 3/256) bf16 = -5.0358e-15 within a bf16 ulp");
    }
    /* spacing 1/128 in [1, 2): 1 + 1/256 lies between 1 (even) and 1 + 1/128 */
    check(gpuact_ref_backward(1, 8.0, 1.0 + 1.0 / 256, NULL, GPUACT_REF_BF16) == 1.0 + 1.0 / 128, "gelu_erf'(8) * (1 + 1/256) bf16 = 1 + 1/128");
    check(gpuact_ref_backward(6, 40.0, 1.0 + 1.0 / 256, NULL, GPUACT_REF_BF16) == 1.0 + 1.0 / 128, "silu'(40) * (1 + 1/256) bf16 = 1 + 1/128");
    check(gpuact_ref_gated(6, 32.0, (1.0 + 3.0 / 256) / 4, NULL, GPUACT_REF_BF16) == 8.0625, "silu(32) * (1 + 3/256) / 4 bf16 = 8.0625");
    check(isnan(gpuact_ref_gated(1, -INFINITY, INFINITY, NULL, GPUACT_REF_F32)), "gated gelu_erf(-inf) * inf = NaN (-0 * inf)");
    check(gpuact_ref_gated(4, -INFINITY, 2.0, NULL, GPUACT_REF_F32) == -2.0, "gated elu(-inf) * 2 = -2");
    check(isinf(gpuact_ref_gated(6, -100.0, INFINITY, NULL, GPUACT_REF_F32)), "gated silu(-100) * inf = -inf");
    check(signbit(gpuact_ref_gated(6, -100.0, 1.0, NULL, GPUACT_REF_F16)) && gpuact_ref_gated(6, -100.0, 1.0, NULL, GPUACT_REF_F16) == 0,
          "gated silu(-100) * 1 f16 = -0");
    check(gpuact_ref_gated(6, -100.0, 0x1p127, NULL, GPUACT_REF_F32) < -1e-17, "gated silu(-100) * 2^127 is a normal float");
    for (op = 1; op <= 7; op++)
        for (i = 0; i < (int)(sizeof xs / sizeof xs[0]); i++) {
            const double a = gpuact_ref_gated(op, xs[i], 1.0, NULL, GPUACT_REF_F32), b = gpuact_ref_eval(op, 0, xs[i], NULL, GPUACT_REF_F32);
            check(a == b && signbit(a) == signbit(b), "gated with s = 1 equals f");
        }
}

/* the bias forms: f(x + b) of the exact sum. Where x + b is a double, the
 * single op at it; where it is not, the value lies between the single op's
 * results at the two doubles around it (f monotone there); signed zeros by
 * IEEE addition */
static void test_bias(void)
{
    static const double xs[] = {-30.0, -5.25, -0.75, -1e-30, 0.375, 2.0, 12.5, 1e30};
    static const double bs[] = {0.5, -0.125, 3.0, 1e-3};
    int op, i, j, d;
    for (op = 1; op <= 6; op++)
        for (i = 0; i < (int)(sizeof xs / sizeof xs[0]); i++)
            for (j = 0; j < (int)(sizeof bs / sizeof bs[0]); j++)
                for (d = 0; d <= 2; d++) {
                    const double s = xs[i] + bs[j];
                    if (s - xs[i] != bs[j]) continue; /* x + b not a double */
                    {
                        const double a = gpuact_ref_bias(op, d, xs[i], bs[j], 1.5, NULL, GPUACT_REF_F32);
                        const double b = d < 2 ? gpuact_ref_eval(op, d, s, NULL, GPUACT_REF_F32)
                                               : gpuact_ref_backward(op, s, 1.5, NULL, GPUACT_REF_F32);
                        check(same(a, b), "bias: op %d mode %d f(%g + %g) equals f at the double sum", op, d, xs[i], bs[j]);
                    }
                }
    /* 1 + 2^-60 is no double: gelu_erf(1 + 2^-60) in binary64 lies in [gelu_erf(1), gelu_erf(1 + 2^-52)] */
    {
        const double lo = gpuact_ref_eval(1, 0, 1.0, NULL, GPUACT_REF_F64), hi = gpuact_ref_eval(1, 0, 1.0 + 0x1p-52, NULL, GPUACT_REF_F64);
        const double v = gpuact_ref_bias(1, 0, 1.0, 0x1p-60, 0.0, NULL, GPUACT_REF_F64);
        check(v >= lo && v <= hi, "bias: gelu_erf(1 + 2^-60) binary64 between its neighbours' values");
        check(gpuact_ref_bias(1, 0, -10.0, 0x1p-22, 0.0, NULL, GPUACT_REF_F32) != gpuact_ref_eval(1, 0, -10.0, NULL, GPUACT_REF_F32),
              "bias: gelu_erf(-10 + 2^-22) is not gelu_erf(-10) in binary32");
    }
    check(!signbit(gpuact_ref_bias(1, 0, -0.0, 0.0, 0.0, NULL, GPUACT_REF_F32)), "bias: f(-0 + +0) = f(+0) = +0");
    check(signbit(gpuact_ref_bias(1, 0, -0.0, -0.0, 0.0, NULL, GPUACT_REF_F32)), "bias: f(-0 + -0) = -0");
    check(isnan(gpuact_ref_bias(1, 0, INFINITY, -INFINITY, 0.0, NULL, GPUACT_REF_F32)), "bias: f(inf - inf) = NaN");
    check(gpuact_ref_bias(4, 0, 0x1p127, 0x1p127, 0.0, NULL, GPUACT_REF_F32) == INFINITY, "bias: elu(2^127 + 2^127) = inf in binary32");
    {
        double ref;
        int sm;
        const double e = gpuact_ref_bias_ulp(6, 0, 85760.0 - 768.0, 768.0, 0.0, NULL, GPUACT_REF_BF16, 0x1.4ep+16, &ref, &sm);
        /* silu(85760) = 85760 (1 - tiny): just below the bf16 midpoint 85760, so 0x1.4ep+16 */
        check(ref == 0x1.4ep+16 && e <= 0.5, "bias ulp: silu at a bf16 midpoint rounds down (%a, %g ulp)", ref, e);
    }
}

static void test_threads(void)
{
    static thr_job job[2];
    pthread_t t[2];
    int k, i;
    long bad = 0;
    section("two threads agree with serial evaluation");
    for (k = 0; k < 2; k++) {
        job[k].seed = 0x1234567ULL * (unsigned long long)(k + 3);
        thr_fill(&job[k]);
    }
    for (k = 0; k < 2; k++)
        check(pthread_create(&t[k], NULL, thr_main, &job[k]) == 0, "pthread_create");
    for (k = 0; k < 2; k++)
        pthread_join(t[k], NULL);
    for (k = 0; k < 2; k++) {
        for (i = 0; i < THR_N; i++)
            if (!same(thr_eval(&job[k], i), job[k].r[i]))
                bad++;
        check(job[k].undecided == 0, "thread %d: %lu undecided", k, job[k].undecided);
    }
    check(bad == 0, "threads: %ld results differ from serial", bad);
}

/* ============================================================ 10. timing */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); /* CPU time: robust to machine load */
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void timing(void)
{
    gpuact_ref_params dp = gpuact_ref_default_params();
    int fmt, op, d, i, n = 4000;
    double total = 0, worst = 0;
    long calls = 0;
    section("timing (x uniform in [-12, 12]; CPU microseconds per call)");
    printf("  %-13s", "");
    for (fmt = 0; fmt < 4; fmt++)
        printf("   %4s f  %4s f'", fmt_name[fmt], fmt_name[fmt]);
    printf("\n");
    for (op = 1; op <= 7; op++) {
        printf("  %-13s", op_name[op]);
        for (fmt = 0; fmt < 4; fmt++)
            for (d = 0; d < 2; d++) {
                double t0 = now(), us, sink = 0;
                for (i = 0; i < n; i++)
                    sink += gpuact_ref_eval(op, d, (double)(float)rnd_in(-12, 12), &dp, (gpuact_ref_format)fmt);
                us = (now() - t0) / n * 1e6;
                total += us * n;
                calls += n;
                if (us > worst)
                    worst = us;
                printf(" %7.2f", us + 0 * sink);
            }
        printf("\n");
    }
    {
        double t0 = now(), sink = 0;
        for (i = 0; i < 20000; i++) {
            int o = 1 + i % 7, f = i % 4;
            double x = (double)(float)rnd_in(-12, 12);
            sink += gpuact_ref_ulp(o, i % 3, x, 0.5, &dp, (gpuact_ref_format)f, x, NULL, NULL);
        }
        printf("  eval: mean %.2f us, slowest (op, f/f', fmt) mean %.2f us;  ulp helper: %.2f us%s\n",
               total / (double)calls, worst, (now() - t0) / 20000 * 1e6, sink < 0 ? " " : "");
    }
}

int main(void)
{
    test_rounding();
    test_enclosures();
    test_specials();
    test_independent();
    test_identities();
    test_rounding_cases();
    test_derivatives();
    test_ulp();
    test_gated();
    test_bias();
    test_threads();
    timing();
    check(gpuact_ref_undecided_count() == 0, "undecided (precision cap) count %lu", gpuact_ref_undecided_count());
    /* release, then use again: the storage must come back transparently */
    {
        double a = gpuact_ref_eval(1, 1, -0.75, NULL, GPUACT_REF_F64), b;
        gpuact_ref_thread_release();
        b = gpuact_ref_eval(1, 1, -0.75, NULL, GPUACT_REF_F64);
        check(same(a, b), "evaluation after gpuact_ref_thread_release");
        gpuact_ref_thread_release();
    }
    printf("%ld passed, %ld failed\n", n_pass, n_fail);
    return n_fail == 0 ? 0 : 1;
}
