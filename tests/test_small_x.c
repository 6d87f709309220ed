/* tests/test_small_x.c - silu, swish_tanh and elu at 2^-62 <= |x| < 2^-8
   against MPFR (and bfloat16 swish_tanh down to 2^-133: check_bf16_tie), on
   the inputs where a rational leading part
       silu(x)  = x/2 + x^2/4 - ...      silu'(x) = 1/2 + x/2 - x^3/12 + ...
       elu(x)   = alpha (x + x^2/2 + ...)
   times a float (alpha, s, dy) can sit exactly on a rounding midpoint that
   only a much smaller tail decides (fuzz finding K18). x has few significant
   bits there, and the multipliers are powers of two, small odd multiples of
   them, or put the result among the subnormals.

   The rules are the ones gpuact.h documents and fuzz_special applies
   (fz_sub_within_contract). A result whose correctly rounded value is
   subnormal or zero must be that value, except where the exact value is
   within 2^-36 (relative) of a midpoint but not within 2^-60 of it; it is
   then a neighbour. A normal result must be within its bar: 1 ulp for f,
   2 for f', 2.5 for dy f'. Exact fp32 midpoints that are decided by a term
   below the double-float's reach can round to the other neighbour there, an
   error of 0.5 ulp. Their count is printed, and it is not a failure. Prints
   FAIL lines and "N passed, M failed". */
#include "gpuact.h"
#include "gpuact_ref.h"
#include "tests/common/formats.h"
#include "tests/common/test_util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static unsigned long passed, failed, normal_not_cr;
static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t next32(void) {
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

/* deriv 0 f, 1 f', 2 dy f' */
static void check(int op, int deriv, float x, float dy, const gpuact_ref_params *rp, const gpuact_cfg *c) {
    float got;
    double ref = 0, ulp, u, r;
    int sm = 0, ok;
    if (deriv == 0) got = gpuact_forward_f32((gpuact_op)op, x, c);
    else if (deriv == 1) got = gpuact_grad_f32((gpuact_op)op, x, c);
    else got = gpuact_backward_f32((gpuact_op)op, x, dy, c);
    ulp = gpuact_ref_ulp(op, deriv, x, dy, rp, GPUACT_REF_F32, got, &ref, &sm);
    ok = !sm && (double)got == ref;
    if (!ok && !sm && ulp > 0.5 && fabs(ref) < 0x1p-126) { /* subnormal or zero: the allowance near a midpoint */
        u = tu_ulp(0, fabs(ref) > fabs(got) ? ref : got);
        r = (fabs(ref) > fabs(got) ? fabs(ref) : fabs(got)) / u;
        ok = fabs((double)got - ref) == u && ulp - 0.5 > r * 0x1p-60 && ulp - 0.5 <= r * 0x1p-36;
    } else if (!ok && !sm && fabs(ref) >= 0x1p-126 && fabs(got) >= 0x1p-126) { /* normal: the bar */
        ok = ulp <= (deriv == 0 ? 1.0 : (deriv == 1 ? 2.0 : 2.5));
        if (ok) normal_not_cr++;
    }
    if (ok) {
        passed++;
    } else {
        failed++;
        if (failed <= 20)
            printf("FAIL op=%d %s x=%a dy=%a alpha=%a s=%a ref=%a got=%a ulp=%.9g\n", op,
                   deriv == 0 ? "f" : (deriv == 1 ? "f'" : "dy f'"), x, dy, c->alpha, c->scale, ref, got, ulp);
    }
}

/* x = +-m 2^-e with m odd of `bits` bits */
static float few_bit_x(int e, int bits) {
    uint32_t m = (next32() & ((1u << bits) - 1u)) | 1u | (1u << (bits - 1));
    float x = (float)ldexp((double)m, -e - bits + 1);
    return (next32() & 1u) ? -x : x;
}
/* a multiplier: 2^k, 3 2^k, 5 2^k, or a random float, in [2^lo, 2^hi] */
static float multiplier(int lo, int hi) {
    int k = lo + (int)(next32() % (uint32_t)(hi - lo + 1));
    uint32_t pick = next32() % 4u;
    double m = pick == 0 ? 1.0 : pick == 1 ? 1.5 : pick == 2 ? 1.25 : 1.0 + (next32() >> 9) * 0x1p-23;
    float v = (float)ldexp(m, k);
    return (next32() & 1u) ? -v : v;
}

/* bfloat16 swish_tanh f(x) and the gated s f(x) with b = 1 (as gated y) and
   dy = 1 (as db), each correctly rounded: x = +-2^-e, tiny, and s = 2 w / |x|
   with w an odd 9-bit significand, so that s x/2 is exactly a bfloat16
   midpoint, which tanh's -w^3/3 decides (K37 for 2^-24 <= |w| < 2^-16) */
static void check_bf16_tie(int e, int k) {
    uint32_t m = (next32() & 0xffu) | 0x101u; /* 1xxxxxxx1 */
    double w = ldexp((double)m, k - 8);
    float x = (float)ldexp(1.0, -e);
    gpuact_cfg c = gpuact_cfg_default();
    gpuact_ref_params rp = gpuact_ref_default_params();
    uint16_t xb, one = 0x3f80u, got[3], da;
    double ref;
    int i;
    if (next32() & 1u) x = -x;
    c.scale = rp.scale = (float)(2.0 * w / fabs(x)); /* exact: 9 bits */
    if (next32() & 1u) c.scale = rp.scale = -c.scale;
    if (next32() & 1u) { c.lo = rp.lo = -INFINITY; c.hi = rp.hi = INFINITY; }
    memcpy(&xb, (const char *)&x + 2, 2); /* the top half: x is a bfloat16 (little-endian) */
    got[0] = gpuact_forward_bf16(GPUACT_OP_SWISH_TANH, xb, &c);
    got[1] = gpuact_gated_bf16(GPUACT_OP_SWISH_TANH, xb, one, &c);
    gpuact_gated_backward_bf16(GPUACT_OP_SWISH_TANH, xb, one, one, &c, &da, &got[2]);
    ref = gpuact_ref_eval(GPUACT_OP_SWISH_TANH, 0, x, &rp, GPUACT_REF_BF16);
    for (i = 0; i < 3; i++) {
        float g = gpuact_bf16_to_f32(got[i]);
        if ((double)g == ref && !signbit(g) == !signbit(ref)) {
            passed++;
        } else {
            failed++;
            if (failed <= 20)
                printf("FAIL op=%d bf16 %s x=%a s=%a lo=%a hi=%a ref=%a got=%a\n", GPUACT_OP_SWISH_TANH,
                       i == 0 ? "f" : (i == 1 ? "gated y" : "gated db"), x, c.scale, c.lo, c.hi, ref, g);
        }
    }
}

/* f, f', and dy f' with dy among the smallest normals and subnormals, and with a plain dy */
static void check_f_grad_bwd(int op, float x, const gpuact_ref_params *rp, const gpuact_cfg *c) {
    check(op, 0, x, 1.0f, rp, c);
    check(op, 1, x, 1.0f, rp, c);
    check(op, 2, x, multiplier(-150, -120), rp, c);
    check(op, 2, x, multiplier(-10, 10), rp, c);
}

int main(void) {
    gpuact_cfg c = gpuact_cfg_default();
    gpuact_ref_params rp = gpuact_ref_default_params();
    int e, i;
    for (e = 8; e <= 62; e++) {
        for (i = 0; i < 400; i++) {
            float x = few_bit_x(e, 1 + (int)(next32() % 14u));
            float dy;
            /* silu: f, f', dy f' with dy at the bottom of the normals, in the subnormals, or anywhere */
            c = gpuact_cfg_default();
            rp = gpuact_ref_default_params();
            check_f_grad_bwd(GPUACT_OP_SILU, x, &rp, &c);
            /* swish_tanh: a scale that puts w = s silu(x) among the subnormals, or a plain one */
            c.scale = rp.scale = multiplier(-150 + e, -100 + e);
            check(GPUACT_OP_SWISH_TANH, 0, x, 1.0f, &rp, &c);
            check(GPUACT_OP_SWISH_TANH, 1, x, 1.0f, &rp, &c);
            c.scale = rp.scale = multiplier(-150, -126);
            check(GPUACT_OP_SWISH_TANH, 1, x, 1.0f, &rp, &c);
            c.scale = rp.scale = 0.5f;
            check_f_grad_bwd(GPUACT_OP_SWISH_TANH, x, &rp, &c);
            /* a scale that puts |w| in [2^-40, 2^-24), where sech^2 = 1 - w^2 */
            c.scale = rp.scale = multiplier(-38 + e, -24 + e);
            check(GPUACT_OP_SWISH_TANH, 0, x, 1.0f, &rp, &c);
            check(GPUACT_OP_SWISH_TANH, 1, x, 1.0f, &rp, &c);
            /* elu: alpha that makes alpha expm1(x) subnormal */
            c = gpuact_cfg_default();
            rp = gpuact_ref_default_params();
            c.alpha = rp.alpha = multiplier(-150 + e, -126 + e);
            if (x < 0) check(GPUACT_OP_ELU, 0, x, 1.0f, &rp, &c);
            dy = multiplier(-150, -120);
            check(GPUACT_OP_ELU, 2, x, dy, &rp, &c);
        }
    }
    /* structured grid: x = +-mx 2^-e and dy = md 2^j with few-bit or end-heavy
       significands, so that dy f'(x) lands on or within 2^-70 of a midpoint
       at the bottom of the normals and among the subnormals (K18, K19) */
    {
        static const float mxs[6] = {1.0f, 1.5f, 1.25f, 1.75f, 1.00000012f, 1.99999976f};
        static const float mds[5] = {1.0f, 1.5f, 1.25f, 1.00000012f, 1.99999976f};
        int a, b, j, sg;
        for (e = 18; e <= 30; e++)
            for (a = 0; a < 6; a++)
                for (sg = 0; sg < 2; sg++) {
                    float x = (float)ldexp(sg ? -mxs[a] : mxs[a], -e);
                    for (b = 0; b < 5; b++)
                        for (j = -131; j <= -120; j++) {
                            float dy = (float)ldexp(mds[b], j);
                            c = gpuact_cfg_default();
                            rp = gpuact_ref_default_params();
                            check(GPUACT_OP_SILU, 2, x, dy, &rp, &c);
                            c.scale = rp.scale = 0x1p-91f; /* dy 2^(j + 92): dy s/2 near 2^j */
                            check(GPUACT_OP_SWISH_TANH, 2, x, (float)ldexp(mds[b], j + 92), &rp, &c);
                            c.scale = rp.scale = (float)ldexp(mds[b], j + 1); /* f' = s silu' near 2^j */
                            check(GPUACT_OP_SWISH_TANH, 1, x, 1.0f, &rp, &c);
                        }
                }
    }
    /* binary32 swish_tanh gated da = dy b f'(a) at a = -2^-e (e = 24..30): f'(a) =
       1/4 (1 + a) (1 - w^2 ...), so dy b = 2^130 puts 2^128 (1 + a) on the
       midpoint below the overflow for e = 25, and w^2 decides it (K39) */
    for (e = 24; e <= 30; e++) {
        gpuact_cfg gc = gpuact_cfg_default();
        gpuact_ref_params gp = gpuact_ref_default_params();
        float a = -(float)ldexp(1.0, -e), da, db;
        double ref;
        int j;
        for (j = 0; j < 4; j++) {
            float b = (float)ldexp(1.0, 127 - j), dy = (float)ldexp(1.0, 3 + j);
            gpuact_gated_backward_f32(GPUACT_OP_SWISH_TANH, a, b, dy, &gc, &da, &db);
            ref = gpuact_ref_backward(GPUACT_OP_SWISH_TANH, a, (double)b * dy, &gp, GPUACT_REF_F32);
            if ((double)da == ref) {
                passed++;
            } else {
                failed++;
                printf("FAIL op=7 gated da a=%a b=%a dy=%a ref=%a got=%a\n", a, b, dy, ref, da);
            }
        }
    }
    /* bfloat16 swish_tanh at a midpoint w = s x/2 for |x| < 2^-60, |w| in [2^-30, 2^-12] */
    for (e = 61; e <= 133; e++) {
        int k;
        for (k = -30; k <= -12; k++) check_bf16_tie(e, k);
    }
    printf("test_small_x: %lu normal results not correctly rounded (within their bars)\n", normal_not_cr);
    return tu_summary((long)passed, (long)failed);
}
