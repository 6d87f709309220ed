/* Fast mode's error against accurate mode (within 0.501 ULP of MPFR for
   fp32, correctly rounded for fp16/bf16, so a valid reference at these
   bounds). fp32 f and f': every 4099th bit pattern plus the edge regions
   (negative tails, the zero of f', near 0 and subnormals, large |x|), or
   all 2^32 with --all; fp16 and bf16: all 65536 inputs, f, f', dy f' for a
   dy set, and elu/selu's backward from y. Asserts fast_bounds.h, prints
   the maxima, ends with "N passed, M failed". */
#define GPUACT_IMPLEMENTATION
#include "../../gpuact.h"
#include "fast_bounds.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct cfgcase {
    const char *name;
    gpuact_op op;
    float alpha, scale, lo, hi;
} cfgcase;
static const cfgcase CASES[] = {
    {"gelu_erf", GPUACT_OP_GELU_ERF, 1.0f, 0.5f, -1.0f, 1.0f},
    {"gelu_tanh", GPUACT_OP_GELU_TANH, 1.0f, 0.5f, -1.0f, 1.0f},
    {"gelu_sigmoid", GPUACT_OP_GELU_SIGMOID, 1.0f, 0.5f, -1.0f, 1.0f},
    {"elu", GPUACT_OP_ELU, 1.0f, 0.5f, -1.0f, 1.0f},
    {"elu(a=-2.5)", GPUACT_OP_ELU, -2.5f, 0.5f, -1.0f, 1.0f},
    {"selu", GPUACT_OP_SELU, 1.0f, 0.5f, -1.0f, 1.0f},
    {"silu", GPUACT_OP_SILU, 1.0f, 0.5f, -1.0f, 1.0f},
    {"swish_tanh", GPUACT_OP_SWISH_TANH, 1.0f, 0.5f, -1.0f, 1.0f},
    {"swish_tanh(2,-.5,inf)", GPUACT_OP_SWISH_TANH, 1.0f, 2.0f, -0.5f, INFINITY},
    {"swish_tanh(1.5,-.2,.8)", GPUACT_OP_SWISH_TANH, 1.0f, 1.5f, -0.2f, 0.8f},
};
#define NCASES (int)(sizeof CASES / sizeof CASES[0])

static long passed, failed, printed;
static float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

static void cfg_of(const cfgcase *k, int mode, gpuact_cfg *c, gpuact_params *p) {
    memset(p, 0, sizeof *p);
    p->set = GPUACT_SET_ALPHA | GPUACT_SET_SCALE | GPUACT_SET_LO | GPUACT_SET_HI | GPUACT_SET_MODE;
    p->alpha = k->alpha; p->scale = k->scale; p->lo = k->lo; p->hi = k->hi; p->mode = mode;
    if (gpuact_resolve(k->op, p, c) != GPUACT_SUCCESS) { printf("FAIL resolve %s\n", k->name); failed++; }
}

static void fail3(const char *what, const cfgcase *k, float x, float ref, float got) {
    failed++;
    if (printed++ < 40) printf("FAIL %s %s x=%a ref=%a got=%a\n", k->name, what, x, ref, got);
}

/* fp32: returns the relative error (normal results), checks the bounds */
static double check32(const cfgcase *k, int grad, float x, float ref, float got, double *maxrel, double *maxabs) {
    uint32_t ur = f2u(ref), ug = f2u(got);
    const char *what = grad == 2 ? "f32 dy f'" : (grad ? "f'" : "f");
    if (isnan(ref)) {
        if (ug != 0x7fc00000u) fail3(what, k, x, ref, got); else passed++;
        return 0;
    }
    if (isinf(ref) || isinf(got) || isnan(got)) {
        if (ur != ug) fail3(what, k, x, ref, got); else passed++;
        return 0;
    }
    if (fabs(ref) < 1.1754943508222875e-38) { /* subnormal or zero */
        double a = fabs((double)got - (double)ref);
        if (a > *maxabs) *maxabs = a;
        if (a > FAST_F32_ABS || (ref == 0.0f && got == 0.0f && ur != ug)) fail3(what, k, x, ref, got); else passed++;
        return 0;
    }
    {
        double r = fabs((double)got / (double)ref - 1.0);
        if (r > *maxrel) *maxrel = r;
        if (!(r <= FAST_F32_REL)) fail3(what, k, x, ref, got); else passed++;
        return r;
    }
}

typedef struct maxima { double rel[3], abs[3]; int ulp16[2][4]; } maxima; /* rel/abs: fp32 f, f', dy f'; ulp16: [fmt][f, f', dy f', bwd-from-y] */

static void run32(const cfgcase *k, uint32_t u0, uint32_t u1, uint32_t stride, maxima *m) {
    gpuact_cfg ca, cf;
    gpuact_params p;
    uint64_t u;
    cfg_of(k, GPUACT_MODE_ACCURATE, &ca, &p);
    cfg_of(k, GPUACT_MODE_FAST, &cf, &p);
    for (u = u0; u <= u1; u += stride) {
        float x = u2f((uint32_t)u);
        check32(k, 0, x, gpuact_forward_f32(k->op, x, &ca), gpuact__fast_mode_fwd((int)k->op, x, &cf), &m->rel[0], &m->abs[0]);
        check32(k, 1, x, gpuact_grad_f32(k->op, x, &ca), gpuact__fast_mode_grad((int)k->op, x, &cf), &m->rel[1], &m->abs[1]);
    }
}
/* fp32 dy f' (the host backward) for a dy set with large and tiny |dy|:
   where f' is subnormal in fp32 a large dy brings the product back to the
   normal range, and there too it must be within 2^-16 */
static void run32b(const cfgcase *k, uint32_t u0, uint32_t u1, uint32_t stride, maxima *m) {
    static const float dys[] = {1.0f, -3.0f, 0x1p20f, -0x1p20f, 0x1p64f, -0x1p64f, 0x1p100f, -0x1p100f, 0x1.d4cp+15f,
                                0x1p120f, 0x1p-20f, -0x1p-64f, 0x1p-100f, -0x1p-126f, 0x1p-149f};
    gpuact_cfg ca, cf;
    gpuact_params p;
    uint64_t u;
    unsigned j;
    cfg_of(k, GPUACT_MODE_ACCURATE, &ca, &p);
    cfg_of(k, GPUACT_MODE_FAST, &cf, &p);
    for (u = u0; u <= u1; u += stride) {
        float x = u2f((uint32_t)u);
        for (j = 0; j < sizeof dys / sizeof dys[0]; j++)
            check32(k, 2, x, gpuact_backward_f32(k->op, x, dys[j], &ca),
                    gpuact__fast_mode_bwd_fmt((int)k->op, x, dys[j], &cf, GPUACT__FMT_F32), &m->rel[2], &m->abs[2]);
    }
}
static void run_range_b(const cfgcase *k, float a, float b, uint32_t stride, maxima *m) {
    uint32_t ua = f2u(a), ub = f2u(b);
    run32b(k, ua < ub ? ua : ub, ua < ub ? ub : ua, stride, m);
}
/* bit patterns of [a, b] (same sign, |a| <= |b|), every stride-th */
static void run_range(const cfgcase *k, float a, float b, uint32_t stride, maxima *m) {
    uint32_t ua = f2u(a), ub = f2u(b);
    run32(k, ua < ub ? ua : ub, ua < ub ? ub : ua, stride, m);
}

/* swish_tanh: every float within 2^13 ulps of each x where w = s silu(x)
   or tanh(w) equals lo or hi (the gate of f' is a step there: the fast w's
   error must not move it). The x are found in double, from the
   definitions; the reference is accurate mode. */
static double st_gap(const cfgcase *k, double x, double b, int th) {
    double w = (double)k->scale * (x / (1.0 + exp(-x)));
    return (th ? tanh(w) : w) - b;
}
static void run_st_edges(const cfgcase *k, maxima *m) {
    double b[2];
    int i, th;
    b[0] = k->lo; b[1] = k->hi;
    for (i = 0; i < 2; i++)
        for (th = 0; th < 2; th++) {
            double x;
            if (isinf(b[i])) continue;
            for (x = -40.0; x < 40.0; x += 1.0 / 256) {
                double lo = x, hi = x + 1.0 / 256;
                int it;
                float r;
                if ((st_gap(k, lo, b[i], th) < 0) == (st_gap(k, hi, b[i], th) < 0)) continue;
                for (it = 0; it < 60; it++) {
                    double mid = 0.5 * (lo + hi);
                    if ((st_gap(k, mid, b[i], th) < 0) == (st_gap(k, lo, b[i], th) < 0)) lo = mid; else hi = mid;
                }
                r = (float)lo;
                run32(k, f2u(r) - 8192u, f2u(r) + 8192u, 1u, m); /* r is not +-0 here: one sign */
            }
        }
}
/* dy f' at the overflow threshold: dy = 2^128 (1 - 2^-25) / f'(x) (1 + j 2^-22),
   the exact product on both sides of it (+-inf must be exact) */
static void run_ovf_b(const cfgcase *k, uint32_t stride, maxima *m) {
    gpuact_cfg ca, cf;
    gpuact_params p;
    uint64_t u;
    int j;
    cfg_of(k, GPUACT_MODE_ACCURATE, &ca, &p);
    cfg_of(k, GPUACT_MODE_FAST, &cf, &p);
    for (u = 0; u <= 0xffffffffu; u += stride) {
        float x = u2f((uint32_t)u), g = gpuact_grad_f32(k->op, x, &ca);
        if (!(g != 0.0f) || isinf(g) || isinf(x)) continue;
        for (j = -48; j <= 48; j++) {
            double d = 0x1p128 * (1.0 - 0x1p-25) / (double)g * (1.0 + j * 0x1p-22);
            float dy = (float)d;
            if (isinf(dy) || fabs(d) > 3.4028234663852886e38) continue;
            check32(k, 2, x, gpuact_backward_f32(k->op, x, dy, &ca),
                    gpuact__fast_mode_bwd_fmt((int)k->op, x, dy, &cf, GPUACT__FMT_F32), &m->rel[2], &m->abs[2]);
        }
    }
}

static int key16(uint16_t b) { return (b & 0x8000u) ? -(int)(b & 0x7fffu) : (int)b; }
static int is_nan16(int bf, uint16_t b) { return bf ? (b & 0x7fffu) > 0x7f80u : (b & 0x7fffu) > 0x7c00u; }
static void check16(const cfgcase *k, int bf, int dir, uint16_t x, uint16_t ref, uint16_t got, int *maxulp) {
    static const char *names[4] = {"f", "f'", "dy f'", "bwd-from-y"};
    char what[64];
    int d;
    snprintf(what, sizeof what, "%s %s", bf ? "bf16" : "fp16", names[dir]);
    if (is_nan16(bf, ref)) {
        if (got != (bf ? 0x7fc0u : 0x7e00u)) fail3(what, k, (float)x, (float)ref, (float)got); else passed++;
        return;
    }
    if (is_nan16(bf, got)) { fail3(what, k, (float)x, (float)ref, (float)got); return; }
    d = abs(key16(ref) - key16(got));
    if (((ref & 0x7fffu) == (bf ? 0x7f80u : 0x7c00u) || (got & 0x7fffu) == (bf ? 0x7f80u : 0x7c00u)) && ref != got)
        d = FAST_H16_ULP + 1; /* +-inf exactly: the largest finite value is not 1 ULP from it */
    if (d > *maxulp) *maxulp = d;
    if (d > FAST_H16_ULP) {
        failed++;
        if (printed++ < 40) {
            float xf = bf ? gpuact_bf16_to_f32(x) : gpuact_f16_to_f32(x);
            float rf = bf ? gpuact_bf16_to_f32(ref) : gpuact_f16_to_f32(ref);
            float gf = bf ? gpuact_bf16_to_f32(got) : gpuact_f16_to_f32(got);
            printf("FAIL %s %s x=%a ref=%a got=%a\n", k->name, what, xf, rf, gf);
        }
    } else passed++;
}

static void run16(const cfgcase *k, int bf, maxima *m) {
    static uint16_t xs[65536], out[65536], dys[65536];
    gpuact_cfg ca;
    gpuact_params pf;
    gpuact_dtype t = bf ? GPUACT_BF16 : GPUACT_F16;
    /* large and tiny |dy| too: dy f' keeps its accuracy where f' is tiny
       (a negative tail) and the product is not; bf16 spans fp32's range */
    const float dyset[] = {1.0f, -0.3f, 7.0f, 1.0e-3f, -250.0f, 0x1p15f, -0x1p15f, 0x1p-20f, -0x1p-20f,
                           0x1p20f, -0x1p20f, 0x1p100f, -0x1p100f, 0x1p-100f, -0x1p-100f};
    const unsigned ndy = bf ? 15u : 9u; /* 2^20 and beyond are inf in binary16 */
    unsigned i, j;
    int *mu = m->ulp16[bf];
    gpuact_params pa;
    cfg_of(k, GPUACT_MODE_FAST, &ca, &pf); /* pf: fast params for the entry points */
    cfg_of(k, GPUACT_MODE_ACCURATE, &ca, &pa);
    for (i = 0; i < 65536; i++) xs[i] = (uint16_t)i;
    if (gpuact_forward_host(k->op, t, &pf, xs, out, 65536) != GPUACT_SUCCESS) failed++;
    for (i = 0; i < 65536; i++)
        check16(k, bf, 0, xs[i], bf ? gpuact_forward_bf16(k->op, xs[i], &ca) : gpuact_forward_f16(k->op, xs[i], &ca), out[i], &mu[0]);
    if (gpuact_grad_host(k->op, t, &pf, xs, out, 65536) != GPUACT_SUCCESS) failed++;
    for (i = 0; i < 65536; i++)
        check16(k, bf, 1, xs[i], bf ? gpuact_grad_bf16(k->op, xs[i], &ca) : gpuact_grad_f16(k->op, xs[i], &ca), out[i], &mu[1]);
    for (j = 0; j < ndy; j++) {
        uint16_t dy = bf ? gpuact_f32_to_bf16(dyset[j]) : gpuact_f32_to_f16(dyset[j]);
        for (i = 0; i < 65536; i++) dys[i] = dy;
        if (gpuact_backward_host(k->op, t, &pf, xs, dys, out, 65536) != GPUACT_SUCCESS) failed++;
        for (i = 0; i < 65536; i++)
            check16(k, bf, 2, xs[i], bf ? gpuact_backward_bf16(k->op, xs[i], dy, &ca) : gpuact_backward_f16(k->op, xs[i], dy, &ca),
                    out[i], &mu[2]);
        if ((k->op == GPUACT_OP_ELU && k->alpha >= 0.0f) || k->op == GPUACT_OP_SELU) {
            if (gpuact_backward_from_output_host(k->op, t, &pf, xs, dys, out, 65536) != GPUACT_SUCCESS) failed++;
            for (i = 0; i < 65536; i++)
                check16(k, bf, 3, xs[i],
                        bf ? gpuact_backward_from_output_bf16(k->op, xs[i], dy, &ca) : gpuact_backward_from_output_f16(k->op, xs[i], dy, &ca),
                        out[i], &mu[3]);
        }
    }
}

static double lg(double v) { return v > 0 ? log2(v) : -999.0; }

int main(int argc, char **argv) {
    int all = argc > 1 && strcmp(argv[1], "--all") == 0, i;
    printf("fast mode vs accurate mode (%s fp32; all fp16/bf16)\n", all ? "all 2^32" : "sampled");
    printf("%-22s %9s %9s %9s %9s %9s %9s | fp16 f f' dyf' y | bf16 f f' dyf' y (ULP)\n", "op", "f32 f", "f32 f'",
           "f32 dyf'", "sub f", "sub f'", "sub dyf'");
    for (i = 0; i < NCASES; i++) {
        const cfgcase *k = &CASES[i];
        maxima m;
        memset(&m, 0, sizeof m);
        if (all) {
            run32(k, 0u, 0xffffffffu, 1u, &m);
        } else {
            const float roots[3] = {-0.7518f, -0.7525f, -1.2785f};
            int r;
            run32(k, 0u, 0xffffffffu, 4099u, &m);
            run_range(k, -1.0f, -200.0f, 257u, &m);            /* negative tails, under- and overflow of e^x */
            run_range(k, 1.0f, 200.0f, 1031u, &m);
            run_range(k, -1.0e-3f, -1.0f, 263u, &m);
            run_range(k, 1.0e-3f, 1.0f, 263u, &m);
            run32(k, 0u, 0x00100000u, 7u, &m);                  /* +0 and the subnormals */
            run32(k, 0x80000000u, 0x80100000u, 7u, &m);
            run_range(k, 1.0e30f, 3.4e38f, 65537u, &m);          /* large |x| */
            run_range(k, -1.0e30f, -3.4e38f, 65537u, &m);
            for (r = 0; r < 3; r++) run_range(k, roots[r] * 0.99f, roots[r] * 1.01f, 1u, &m); /* zeros of f' */
            for (r = 0; r < 3; r++) { /* the edges of the windows around them */
                run_range(k, roots[r] - 0.26f, roots[r] - 0.24f, 3u, &m);
                run_range(k, roots[r] + 0.24f, roots[r] + 0.26f, 3u, &m);
            }
        }
        run32b(k, 0u, 0xffffffffu, 65537u * 3u, &m);
        run_range_b(k, -2.0f, -260.0f, 1021u, &m);              /* the tails where f' is tiny */
        run_range_b(k, -1.0e-3f, -2.0f, 4099u, &m);
        run_range_b(k, 1.0f, 200.0f, 4099u, &m);
        run_range_b(k, 1.0e30f, 3.4e38f, 1u << 20, &m);
        run_range(k, 3.23e38f, 3.4028235e38f, 97u, &m);           /* f near the overflow (selu: FLT_MAX / lambda) */
        run_range(k, 3.2386e38f, 3.2388e38f, 1u, &m);
        run_ovf_b(k, 65537u * 5u, &m);
        if (k->op == GPUACT_OP_SWISH_TANH) run_st_edges(k, &m);
        run16(k, 0, &m);
        run16(k, 1, &m);
        printf("%-22s %9.2f %9.2f %9.2f %9.3g %9.3g %9.3g | %d %d %d %d | %d %d %d %d\n", k->name, lg(m.rel[0]), lg(m.rel[1]),
               lg(m.rel[2]), m.abs[0], m.abs[1], m.abs[2], m.ulp16[0][0], m.ulp16[0][1], m.ulp16[0][2], m.ulp16[0][3], m.ulp16[1][0], m.ulp16[1][1],
               m.ulp16[1][2], m.ulp16[1][3]);
        fflush(stdout);
    }
    printf("(f32: log2 of the max relative error where the reference is normal; sub: max absolute error where it is\n"
           " subnormal or zero; bounds 2^%.0f, %.3g, %d ULP)\n",
           log2(FAST_F32_REL), FAST_F32_ABS, FAST_H16_ULP);
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed != 0;
}
