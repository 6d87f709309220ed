/* tests/accuracy/prims.c - primitives of the core (gpuact_kernels.cuh)
   that claim more than a bound, against MPFR:

   xf_mulf  gpuact__xf_mulf (4.3), the product v f of a double-float with
            exponent (v = (h + l) 2^e) and a float that every dx = dy f'(x)
            of the accurate chains ends in, rounded once by gpuact__round
            to fp32, fp16 and bf16, against the exact product rounded to
            nearest-even with the target's subnormals and overflow
            (mpfr_subnormalize). Its claim: the result's h is the right
            neighbour of any midpoint, however close the product comes to
            one, so the single rounding is correct for any f and any
            normalised v (h = RN(h + l)). The cases aim where that is hard
            (K52: a product a float just below a power of two, its head
            rounded up to the power and its rest exactly half an ulp of the
            binade above): f of full or few-bit significands; h + l = (T +
            d)/f with T a float or a midpoint of some format next to 2 and d
            the rounding of l, or h within four ulps of 2/|f| with l zero, at
            or next to the half and quarter ulps of h (both signs), a few
            bits or random; also random h. The exponent places the product
            in the target's normal or subnormal range or at its overflow.
            --cases N draws (default 4000000; about 2.7 million are kept as
            normalised cases).
   exp3     gpuact__exp3, e^(xh + xl) in triple-float for -88 <= xh <= 0,
            |xl| <= 2^-17: within 2^-66 (relative) and 2^-148 (absolute)
            on 200000 random, few-bit and small xh, with xl 0, random or
            +-2^-17.
   w_side   gpuact__st_w_side, the side of scale silu(s + e) against a clamp
            bound c (K45): for 15 (scale, c) pairs and each of their 19
            edges x* (scale silu(x*) = c on either branch of silu, from
            -38.2 to 57.6), s the float nearest x* and e the float nearest
            x* - s and 2000 of its neighbours each side (sums from about
            2^-48 to 2^-37 of the edge, on both sides), the side must be
            MPFR's wherever the function answers, and it must answer in
            all but 1 in 10^4.
   t_side   gpuact__st_t_side, the second clamp's side (tanh(scale silu(s +
            e)) against a bound b inside (-1, 1)): likewise for 6 (scale,
            b) pairs and their 8 edges (scale silu(x*) = atanh(b)), 3000
            draws each, with y0 the float nearest atanh(b).
   Prints FAIL x=%a ref=%a got=%a lines and ends with "N passed, M failed". */
#include "gpuact_kernels.cuh"
#include "tests/common/args.h"
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t rnd32(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}
static float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

/* a significand in [1, 2): all 23 bits random, or 1 to 6 leading bits */
static float signif(void) {
    uint32_t m = rnd32() & 0x7fffffu;
    if (rnd32() & 1u) m &= ~((1u << (23 - (int)(rnd32() % 6u))) - 1u);
    return u2f(0x3f800000u | m);
}

/* the exact (h + l) 2^e f rounded to fmt (precision p, smallest subnormal
   2^emin_sub, largest finite below 2^emax) */
static float ref_round(float h, float l, int e, float f, int fmt) {
    static const int prec[3] = {24, 11, 8}, emin[3] = {-148, -23, -132}, emax[3] = {128, 16, 128};
    mpfr_t a, r;
    float out;
    int inex;
    const mpfr_exp_t old_min = mpfr_get_emin(), old_max = mpfr_get_emax();
    mpfr_init2(a, 200);
    mpfr_set_flt(a, h, MPFR_RNDN);
    {
        mpfr_t t;
        mpfr_init2(t, 200);
        mpfr_set_flt(t, l, MPFR_RNDN);
        mpfr_add(a, a, t, MPFR_RNDN); /* exact: 200 bits hold any two floats' sum here */
        mpfr_set_flt(t, f, MPFR_RNDN);
        mpfr_mul(a, a, t, MPFR_RNDN); /* exact */
        mpfr_clear(t);
    }
    mpfr_mul_2si(a, a, e, MPFR_RNDN);
    mpfr_set_emin(emin[fmt]);
    mpfr_set_emax(emax[fmt]);
    mpfr_init2(r, prec[fmt]);
    inex = mpfr_check_range(a, 0, MPFR_RNDN);
    inex = mpfr_set(r, a, MPFR_RNDN);
    inex = mpfr_check_range(r, inex, MPFR_RNDN);
    mpfr_subnormalize(r, inex, MPFR_RNDN);
    mpfr_set_emin(old_min);
    mpfr_set_emax(old_max);
    out = mpfr_get_flt(r, MPFR_RNDN);
    mpfr_clear(a);
    mpfr_clear(r);
    return out;
}

/* a tail for h: |l| <= half an ulp of h and h = RN(h + l) (ties to even) */
static float tail(float h) {
    const float hu = gpuact__half_ulp(h), s = (rnd32() & 1u) ? 1.0f : -1.0f;
    const int odd = (int)(f2u(h) & 1u);
    switch (rnd32() % 8u) {
    case 0: return 0.0f;
    case 1: return odd ? 0.0f : s * hu;                                             /* a tie, h even */
    case 2: return s * hu * (1.0f - 0x1p-23f * (float)(1u + rnd32() % 4u));         /* next to it */
    case 3: return s * hu * 0.5f;                                                   /* the quarter ulp */
    case 4: return s * hu * 0.5f * (1.0f + 0x1p-23f * (float)((int)(rnd32() % 7u) - 3));
    case 5: return s * hu * u2f(0x3f800000u | (rnd32() & 0x7f0000u)) * 0x1p-1f;       /* a few bits */
    case 6: return s * hu * u2f(0x3f800000u | (rnd32() & 0x7fffffu)) * 0x1p-24f;      /* far below */
    default: return s * hu * u2f(0x3f800000u | (rnd32() & 0x7fffffu)) * 0x1p-1f;     /* random */
    }
}

static long passed, failed;

static void check_xf_mulf(long cases) {
    long i, f0 = failed;
    for (i = 0; i < cases; i++) {
        const int fmt = (int)(i % 3), fe = (int)(rnd32() % 41u) - 20;
        float f = signif(), h, l;
        int e;
        gpuact__xf v;
        if (rnd32() % 8u == 0u) {
            h = signif();
            l = tail(h);
        } else if (rnd32() & 1u) {
            h = u2f(f2u(2.0f / f) + (uint32_t)((int)(rnd32() % 9u) - 4)); /* h f near 2 */
            if (h >= 2.0f) h *= 0.5f;
            l = tail(h);
        } else {
            /* h + l = (T + d)/f with T a float or midpoint of some format
               next to 2 (2 - k 2^-p, 2 + k 2^-p) and d l's rounding */
            static const int P[6] = {24, 23, 11, 10, 8, 7};
            const int k = (int)(rnd32() % 4u);
            const double T = 2.0 + ((rnd32() & 1u) ? -1.0 : 1.0) * (double)k * ldexp(1.0, -P[rnd32() % 6u]);
            h = (float)(T / f);
            h = u2f(f2u(h) + (uint32_t)((int)(rnd32() % 3u) - 1));
            if (h >= 2.0f || h < 1.0f) continue;
            l = (float)((T - (double)h * f) / f);
            if (fabsf(l) > gpuact__half_ulp(h) || (fabsf(l) == gpuact__half_ulp(h) && (f2u(h) & 1u))) continue;
        }
        if (l == gpuact__half_ulp(h) * (l < 0.0f ? -1.0f : 1.0f) && f == 1.0f)
            continue; /* for f = 1, l at half an ulp is v's side convention (gpuact__tiny_tie), not a tie */
        /* the product (about 2^(e + fe + 1)) near 1, or in the target's
           subnormals, or at its top */
        switch (rnd32() % 4u) {
        case 0: e = fmt == 1 ? -14 - (int)(rnd32() % 12u) : -126 - (int)(rnd32() % 25u); break;
        case 1: e = fmt == 1 ? 14 + (int)(rnd32() % 3u) : 126 + (int)(rnd32() % 3u); break;
        default: e = (int)(rnd32() % 9u) - 4; break;
        }
        if (rnd32() & 1u) h = -h, l = -l;
        if (rnd32() & 1u) f = -f;
        f = gpuact__ldexp(f, fe);
        e -= fe;
        v = gpuact__xf_make(gpuact__df_make(h, l), e);
        {
            const float got = gpuact__round(gpuact__xf_mulf(v, f), fmt == 0 ? GPUACT__FMT_F32 : fmt == 1 ? GPUACT__FMT_F16 : GPUACT__FMT_BF16);
            const float ref = ref_round(h, l, e, f, fmt);
            if (f2u(got) == f2u(ref)) passed++;
            else {
                if (failed - f0 < 20)
                    printf("FAIL xf_mulf x=(%a + %a) 2^%d * %a fmt=%s ref=%a got=%a\n", h, l, e, f, fmt == 0 ? "f32" : fmt == 1 ? "f16" : "bf16", ref, got);
                failed++;
            }
        }
    }
    printf("xf_mulf: %ld failed\n", failed - f0);
}

/* exp3: |t0 + t1 + t2 - e^(xh + xl)| / (e^(xh + xl) + 2^-148 2^66): its
   bound 2^-66 relative and 2^-148 absolute as one */
static double exp3_err(float xh, float xl) {
    float t[3];
    mpfr_t a, b;
    double r;
    gpuact__exp3(xh, xl, t);
    mpfr_inits2(300, a, b, (mpfr_ptr)0);
    mpfr_set_flt(a, xh, MPFR_RNDN);
    mpfr_set_flt(b, xl, MPFR_RNDN);
    mpfr_add(a, a, b, MPFR_RNDN);
    mpfr_exp(a, a, MPFR_RNDN);
    mpfr_set_flt(b, t[0], MPFR_RNDN);
    mpfr_sub(b, b, a, MPFR_RNDN);
    mpfr_add_d(b, b, (double)t[1], MPFR_RNDN);
    mpfr_add_d(b, b, (double)t[2], MPFR_RNDN);
    mpfr_add_d(a, a, 0x1p-82, MPFR_RNDN);
    mpfr_div(b, b, a, MPFR_RNDN);
    r = fabs(mpfr_get_d(b, MPFR_RNDN));
    mpfr_clears(a, b, (mpfr_ptr)0);
    return r;
}
static void check_exp3(void) {
    long i, f0 = failed;
    double worst = 0.0;
    for (i = 0; i < 200000; i++) {
        float xh = -88.0f * (float)(rnd32() >> 8) * 0x1p-24f, xl;
        if (i % 4 == 1) xh = -(float)(rnd32() % 88u) - 0.5f * (float)(rnd32() % 2u);       /* few bits */
        if (i % 4 == 2) xh = -gpuact__ldexp(signif(), -(int)(rnd32() % 64u));            /* small */
        switch (i % 3) {
        case 0: xl = 0.0f; break;
        case 1: xl = ((rnd32() & 1u) ? 1.0f : -1.0f) * 0x1p-17f; break;
        default: xl = ((float)(rnd32() >> 8) * 0x1p-24f - 0.5f) * 0x1p-16f; break;
        }
        {
            const double err = exp3_err(xh, xl);
            if (err > worst) worst = err;
            if (err <= 0x1p-66) passed++;
            else {
                if (failed - f0 < 20) printf("FAIL exp3 x=%a + %a err=2^%.2f (bound 2^-66)\n", xh, xl, log2(err));
                failed++;
            }
        }
    }
    printf("exp3: 200000 x, largest error 2^%.2f (bound 2^-66), %ld failed\n", log2(worst), failed - f0);
}

/* MPFR's side of w = scale silu(s + e) (second: of tanh(w)) against c:
   1, -1 (0 if 400 bits cannot tell) */
static int ref_side(int second, float s, float e, float scale, float c) {
    int prec, r = 0;
    for (prec = 200; prec <= 400 && r == 0; prec += 200) {
        mpfr_t z, t, lo, hi;
        mpfr_inits2((mpfr_prec_t)prec, z, t, lo, hi, (mpfr_ptr)0);
        mpfr_set_flt(z, s, MPFR_RNDN);
        mpfr_set_flt(t, e, MPFR_RNDN);
        mpfr_add(z, z, t, MPFR_RNDN); /* exact */
        mpfr_neg(t, z, MPFR_RNDN);
        mpfr_exp(t, t, MPFR_RNDN);
        mpfr_add_ui(t, t, 1, MPFR_RNDN);
        mpfr_div(lo, z, t, MPFR_RNDN);
        mpfr_mul_d(lo, lo, (double)scale, MPFR_RNDN);
        if (second) mpfr_tanh(lo, lo, MPFR_RNDN);
        mpfr_sub_d(lo, lo, (double)c, MPFR_RNDN);
        /* |error| below 2^(8 - prec) of max(|scale z|, 1) */
        mpfr_mul_d(hi, z, (double)scale, MPFR_RNDN);
        mpfr_abs(hi, hi, MPFR_RNDN);
        if (mpfr_cmp_ui(hi, 1) < 0) mpfr_set_ui(hi, 1, MPFR_RNDN);
        mpfr_mul_2si(hi, hi, 8 - prec, MPFR_RNDN);
        if (mpfr_cmpabs(lo, hi) > 0) r = mpfr_sgn(lo) > 0 ? 1 : -1;
        mpfr_clears(z, t, lo, hi, (mpfr_ptr)0);
    }
    return r;
}
/* the x where scale silu(x) = c on [a, b] (double bisection; 0 if no sign change) */
static double edge_on(double a, double b, float scale, float c) {
    double fa = scale * (a / (1.0 + exp(-a))) - c, fb = scale * (b / (1.0 + exp(-b))) - c;
    int it;
    if (!(fa * fb < 0.0)) return 0.0;
    for (it = 0; it < 200; it++) {
        const double m = 0.5 * (a + b), fm = scale * (m / (1.0 + exp(-m))) - c;
        if (m == a || m == b) break;
        if ((fm < 0.0) == (fa < 0.0)) { a = m; fa = fm; } else b = m;
    }
    return 0.5 * (a + b);
}
/* second = 0: gpuact__st_w_side at the edges scale silu(x*) = c of 15
   (scale, c) pairs, 4000 draws an edge; second = 1: gpuact__st_t_side at
   scale silu(x*) = atanh(b) of 6 (scale, b) pairs, 3000 draws, y0 the
   float nearest atanh(b) */
static void check_side(int second) {
    static const float SC[15][2] = {{1e12f, -2.0f}, {1e15f, -1.0f}, {0.5f, 1.0f}, {0.5f, -1.0f}, {1.5f, 0.8f}, {1.5f, -0.2f}, {0.5f, 0.3f}, {2.0f, -0.5f}, {0x1p-20f, 0x1p-21f},
                                    {1e6f, 3.0e5f}, {0.75f, 12.0f}, {-0.5f, 1.0f}, {-2.0f, 0.25f}, {3.0f, -0.001f}, {0x1p-6f, 0.9f}};
    static const float SB[6][2] = {{1.5f, 0.8f}, {1.5f, -0.2f}, {0.5f, 0.3f}, {2.0f, -0.01f}, {4.0f, 0.999f}, {1e6f, 0.5f}};
    const char *name = second ? "t_side" : "w_side";
    const int pairs = second ? 6 : 15, draws = second ? 3000 : 4000;
    long i, f0 = failed, n = 0, undecided = 0;
    int q, piece, edges = 0;
    for (q = 0; q < pairs; q++) {
        const float scale = second ? SB[q][0] : SC[q][0], c = second ? SB[q][1] : SC[q][1];
        const double target = second ? atanh((double)c) : (double)c; /* of scale silu(x*) */
        for (piece = 0; piece < 2; piece++) {
            const double xs = piece ? edge_on(-1.2784645427610738, 87.0, scale, (float)target) : edge_on(-39.0, -1.2784645427610738, scale, (float)target);
            if (xs == 0.0) continue;
            edges++;
            for (i = 0; i < draws; i++) {
                const float s = (float)xs;
                float e = (float)(xs - (double)s);
                int got, ref;
                e = u2f(f2u(e) + (uint32_t)((int)(rnd32() % 4001u) - 2000)); /* the nearest and 2000 each side */
                if (!(fabsf(e) <= gpuact__half_ulp(s)) || e == 0.0f) continue; /* s + e as the bias sum holds it */
                got = second ? gpuact__st_t_side(s, e, scale, c, (float)target) : gpuact__st_w_side(s, e, scale, c);
                ref = ref_side(second, s, e, scale, c);
                n++;
                if (got == 0) { undecided++; continue; }
                if (got == ref) passed++;
                else {
                    if (failed - f0 < 20) printf("FAIL %s x=%a e=%a scale=%a c=%a ref=%d got=%d\n", name, s, e, scale, c, ref, got);
                    failed++;
                }
            }
        }
    }
    printf("%s: %ld sums next to %d edges, %ld undecided, %ld failed\n", name, n, edges, undecided, failed - f0);
    if (undecided * 10000 > n) {
        printf("FAIL %s undecided %ld of %ld (more than 1 in 10^4)\n", name, undecided, n);
        failed++;
    }
}

int main(int argc, char **argv) {
    long cases = 4000000;
    int a;
    for (a = 1; a < argc; a++) {
        const char *v;
        if ((v = tu_arg(argc, argv, &a, "--cases"))) cases = atol(v);
        else { fprintf(stderr, "usage: %s [--cases N]\n", argv[0]); return 2; }
    }
    check_xf_mulf(cases);
    check_exp3();
    check_side(0);
    check_side(1);
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed != 0;
}
