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

int main(int argc, char **argv) {
    long cases = 4000000;
    int a;
    for (a = 1; a < argc; a++) {
        const char *v;
        if ((v = tu_arg(argc, argv, &a, "--cases"))) cases = atol(v);
        else { fprintf(stderr, "usage: %s [--cases N]\n", argv[0]); return 2; }
    }
    check_xf_mulf(cases);
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed != 0;
}
