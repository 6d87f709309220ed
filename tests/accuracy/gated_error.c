/* The gated forms (y = f(a) b, da = dy b f'(a), db = dy f(a)) against the
   MPFR reference, every configuration of configs.h:
     fp16, bf16  every --stride-th a of the 65536 bit patterns (1: all), each
                 with 2 --pairs (b, dy) pairs: random bit patterns (every
                 exponent, subnormals, infinities, NaN) and a normal pair in
                 [1/8, 8];
                 every result must be the correctly rounded one;
     fp32        --fp32 a per configuration: random bit patterns, a dense
                 range [-24, 8] (the negative tails, where f(a) b keeps what
                 f(a) alone would lose), a scan across the zero of f', |a|
                 near 2^-40 (the tiers' lower end), and [-12, 0.5] (where
                 e^x - 1 has arguments in (-1, 1): elu, selu, swish_tanh's
                 tanh), with random and moderate b and dy; at most 0.501
                 ULP (the single ops' bar);
     elu far     --fp32 / 10 per alpha (2^100, 2^117.9, FLT_MAX, -3e37,
                 -1.5), fp32 and bf16: a in [-390, -240], b and dy aimed so
                 that dy b f'(a) is near the underflow (elu_far below).
   Special values (NaN, infinities, signed zeros) must match the reference
   exactly in every format. Prints one row per configuration, format and
   result (max ULP, not correctly rounded, failures), FAIL lines as
   `FAIL x=%a ref=%a got=%a`, and ends with "N passed, M failed". */
#define GPUACT_IMPLEMENTATION
#include "../../gpuact.h"
#include "gpuact_ref.h"
#include "configs.h"
#include "tests/common/args.h"
#include "tests/common/bits.h"
#include "tests/common/ref_util.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define F32_BAR 0.501

static const acc_config CONFS[] = {ACC_CONFIGS(ACC_CONFIG_ROW)};
static long passed, failed, printed;

/* per configuration and format: [y, da, db] */
typedef struct stat3 { double maxulp[3]; long notcr[3], n[3], bad[3]; } stat3;
static const char *RES[3] = {"f(a) b", "dy b f'(a)", "dy f(a)"};

static void fail(const acc_config *k, int fmt, int r, float a, float b, float dy, double ref, float got) {
    failed++;
    if (printed++ < 40)
        printf("FAIL %s fmt=%d %s x=%a b=%a dy=%a ref=%a got=%a\n", k->name, fmt, RES[r], a, b, dy, ref, got);
}

/* one result: r 0 y, 1 da, 2 db */
static void check(const acc_config *k, const gpuact_ref_params *rp, int fmt, int r, float a, float b, float dy, float got,
                  stat3 *st) {
    const gpuact_ref_format rf = (gpuact_ref_format)fmt;
    double ref, e;
    int sm = 0;
    if (r == 1) e = gpuact_ref_ulp(k->op, 2, a, (double)dy * (double)b, rp, rf, got, &ref, &sm);
    else e = gpuact_ref_ulp(k->op, 3, a, r == 0 ? b : dy, rp, rf, got, &ref, &sm);
    st->n[r]++;
    if (isnan(ref) || isinf(ref) || ref == 0.0) {
        /* exactly the reference: the canonical NaN, the infinity, the zero's sign */
        const int ok = isnan(ref) ? tu_f2u(got) == 0x7fc00000u : (got == ref && !sm && (signbit(got) != 0) == (signbit(ref) != 0));
        if (!ok) { st->bad[r]++; fail(k, fmt, r, a, b, dy, ref, got); } else passed++;
        return;
    }
    if (e > st->maxulp[r]) st->maxulp[r] = e;
    if ((double)got != ref) st->notcr[r]++;
    if (fmt == 0 ? !(e <= F32_BAR) || sm : (double)got != ref) { st->bad[r]++; fail(k, fmt, r, a, b, dy, ref, got); }
    else passed++;
}

/* the library's three results for one (a, b, dy) in fmt, as fp32 values */
static void gated3(const acc_config *k, const gpuact_cfg *c, int fmt, uint32_t ab, uint32_t bb, uint32_t gb, float out[3]) {
    if (fmt == 0) {
        out[0] = gpuact_gated_f32((gpuact_op)k->op, tu_u2f(ab), tu_u2f(bb), c);
        gpuact_gated_backward_f32((gpuact_op)k->op, tu_u2f(ab), tu_u2f(bb), tu_u2f(gb), c, &out[1], &out[2]);
    } else {
        uint16_t y, da, db;
        if (fmt == 1) {
            y = gpuact_gated_f16((gpuact_op)k->op, (uint16_t)ab, (uint16_t)bb, c);
            gpuact_gated_backward_f16((gpuact_op)k->op, (uint16_t)ab, (uint16_t)bb, (uint16_t)gb, c, &da, &db);
            out[0] = gpuact_f16_to_f32(y); out[1] = gpuact_f16_to_f32(da); out[2] = gpuact_f16_to_f32(db);
        } else {
            y = gpuact_gated_bf16((gpuact_op)k->op, (uint16_t)ab, (uint16_t)bb, c);
            gpuact_gated_backward_bf16((gpuact_op)k->op, (uint16_t)ab, (uint16_t)bb, (uint16_t)gb, c, &da, &db);
            out[0] = gpuact_bf16_to_f32(y); out[1] = gpuact_bf16_to_f32(da); out[2] = gpuact_bf16_to_f32(db);
        }
    }
}

static void one(const acc_config *k, const gpuact_cfg *c, const gpuact_ref_params *rp, int fmt, uint32_t ab, uint32_t bb,
                uint32_t gb, stat3 *st) {
    float out[3];
    const float a = (float)tu_ref_dec(fmt, ab), b = (float)tu_ref_dec(fmt, bb), dy = (float)tu_ref_dec(fmt, gb);
    int r;
    gated3(k, c, fmt, ab, bb, gb, out);
    for (r = 0; r < 3; r++) check(k, rp, fmt, r, a, b, dy, out[r], st);
}

/* a normal value in [1/8, 8) of either sign, as fmt's bits */
static uint32_t moderate(int fmt, uint64_t h) {
    const float v = ldexpf(1.0f + (float)(h & 0xffffff) / 16777216.0f, (int)((h >> 24) % 6) - 3) * ((h >> 40) & 1 ? -1.0f : 1.0f);
    return fmt == 0 ? tu_f2u(v) : fmt == 1 ? gpuact_f32_to_f16(v) : gpuact_f32_to_bf16(v);
}

static void row(const acc_config *k, int fmt, const stat3 *st) {
    static const char *F[3] = {"f32", "f16", "bf16"};
    int r;
    for (r = 0; r < 3; r++)
        printf("%-24s %-4s %-11s %9ld  max %.4f ulp  not CR %ld  failed %ld\n", k->name, F[fmt], RES[r], st->n[r],
               st->maxulp[r], st->notcr[r], st->bad[r]);
}

/* elu's f'(a) = alpha e^a far out: alpha, b and dy reach 2^128 each, so dy b
   f'(a) is a float down to a = -370, where the single ops' dy f'(a) has long
   been 0 (K54). a in [-390, -240], the product's exponent aimed at [-160,
   -110] (past the subnormals to normal floats) by dy and b; where it cannot
   get there (b, dy <= 2^127) the largest pair (a zero or a tiny result). */
static void elu_far(long n) {
    static const float AL[] = {1.26765060e30f, 0x1.f4f4f4p+117f, 3.40282347e38f, -3.0e37f, -1.5f};
    static const char *NM[] = {"elu far (alpha 2^100)", "elu far (alpha 2^117.9)", "elu far (alpha max)",
                               "elu far (alpha -3e37)", "elu far (alpha -1.5)"};
    int ai, fmt;
    for (ai = 0; ai < 5; ai++) {
        const acc_config k = {NM[ai], GPUACT_OP_ELU, AL[ai], 0.5f, -1.0f, 1.0f};
        gpuact_params p = {0};
        gpuact_cfg c;
        gpuact_ref_params rp;
        p.set = GPUACT_SET_ALPHA;
        p.alpha = AL[ai];
        if (gpuact_resolve(GPUACT_OP_ELU, &p, &c) != GPUACT_SUCCESS) { printf("FAIL resolve %s\n", NM[ai]); failed++; continue; }
        rp = tu_refp(&c);
        for (fmt = 0; fmt <= 2; fmt += 2) {
            stat3 st = {{0}, {0}, {0}, {0}};
            long j;
            for (j = 0; j < n; j++) {
                const uint64_t h = tu_mix64(((uint64_t)ai << 48) ^ ((uint64_t)fmt << 40) ^ (uint64_t)j ^ 0xe1uLL);
                const uint64_t h2 = tu_mix64(h);
                const float a32 = -390.0f + 150.0f * (float)(h & 0xffffff) / 16777216.0f;
                const uint32_t ab = fmt == 0 ? tu_f2u(a32) : gpuact_f32_to_bf16(a32);
                const double a = tu_ref_dec(fmt, ab);
                const double t = -160.0 + 50.0 * (double)((h >> 24) & 0xffff) / 65536.0;
                double L = t - log2(fabs((double)AL[ai])) - a / log(2.0), ld, lb;
                if (L > 254.0) L = 254.0;
                ld = floor(L / 2.0) + (double)((int)((h2 >> 60) & 7) - 3);
                lb = L - ld;
                if (ld > 127.0) { lb += ld - 127.0; ld = 127.0; }
                if (lb > 127.0) { ld += lb - 127.0; lb = 127.0; }
                {
                    const float dy = (float)ldexp((1.0 + (double)(h2 & 0xfffff) / 1048576.0) * ((h2 >> 20) & 1 ? -1.0 : 1.0), (int)floor(ld));
                    const float b = (float)ldexp((1.0 + (double)((h2 >> 21) & 0xfffff) / 1048576.0) * ((h2 >> 41) & 1 ? -1.0 : 1.0), (int)floor(lb));
                    const uint32_t bb = fmt == 0 ? tu_f2u(b) : gpuact_f32_to_bf16(b);
                    const uint32_t gb = fmt == 0 ? tu_f2u(dy) : gpuact_f32_to_bf16(dy);
                    one(&k, &c, &rp, fmt, ab, bb, gb, &st);
                }
            }
            row(&k, fmt, &st);
        }
    }
}

int main(int argc, char **argv) {
    long stride = 1, n32 = 200000, pairs = 1;
    int i, ci, fmt;
    for (i = 1; i < argc; i++) {
        const char *v;
        if ((v = tu_arg(argc, argv, &i, "--stride"))) stride = atol(v);
        else if ((v = tu_arg(argc, argv, &i, "--fp32"))) n32 = atol(v);
        else if ((v = tu_arg(argc, argv, &i, "--pairs"))) pairs = atol(v);
        else { fprintf(stderr, "usage: %s [--stride S] [--fp32 N] [--pairs P]\n", argv[0]); return 2; }
    }
    if (stride < 1) stride = 1;
    if (gpuact_check_host_fp_environment() != GPUACT_SUCCESS) { printf("FAIL fp environment\n"); return 1; }
    for (ci = 0; ci < ACC_NCONF; ci++) {
        const acc_config *k = &CONFS[ci];
        gpuact_params p = {0};
        gpuact_cfg c;
        gpuact_ref_params rp;
        p.set = GPUACT_SET_ALPHA | GPUACT_SET_SCALE | GPUACT_SET_LO | GPUACT_SET_HI;
        p.alpha = k->alpha; p.scale = k->scale; p.lo = k->lo; p.hi = k->hi;
        if (gpuact_resolve((gpuact_op)k->op, &p, &c) != GPUACT_SUCCESS) { printf("FAIL resolve %s\n", k->name); failed++; continue; }
        rp = tu_refp(&c);
        for (fmt = 1; fmt <= 2; fmt++) {
            stat3 st = {{0}, {0}, {0}, {0}};
            uint32_t u;
            for (u = (uint32_t)(ci % stride); u < 65536u; u += (uint32_t)stride) {
                long q;
                for (q = 0; q < pairs; q++) {
                    const uint64_t h = tu_mix64(((uint64_t)ci << 40) ^ ((uint64_t)fmt << 32) ^ ((uint64_t)q << 48) ^ u);
                    one(k, &c, &rp, fmt, u, (uint32_t)(h & 0xffff), (uint32_t)((h >> 16) & 0xffff), &st);
                    one(k, &c, &rp, fmt, u, moderate(fmt, h >> 32), moderate(fmt, tu_mix64(h)), &st);
                }
            }
            row(k, fmt, &st);
        }
        {
            stat3 st = {{0}, {0}, {0}, {0}};
            /* the zero of f' (where it has one below 0): the first sign change of f' scanning down from -0.25 */
            float z = 0.0f;
            long j;
            {
                float x = -0.25f, g0 = gpuact_grad_f32((gpuact_op)k->op, x, &c);
                for (; x > -4.0f; x -= 1.0f / 4096.0f) {
                    const float g1 = gpuact_grad_f32((gpuact_op)k->op, x, &c);
                    if ((g0 < 0.0f) != (g1 < 0.0f)) { z = x; break; }
                    g0 = g1;
                }
            }
            for (j = 0; j < n32; j++) {
                const uint64_t h = tu_mix64(((uint64_t)ci << 48) ^ (uint64_t)j ^ 0x5eedull);
                const uint64_t h2 = tu_mix64(h);
                uint32_t ab;
                switch (j % 5) {
                case 4: ab = tu_f2u(-12.0f + 12.5f * (float)(h & 0xffffff) / 16777216.0f); break; /* swish_tanh's tanh, elu: e^x - 1 */
                case 0: ab = (uint32_t)h; break;                                                            /* any bits */
                case 1: ab = tu_f2u(-24.0f + 32.0f * (float)(h & 0xffffff) / 16777216.0f); break;         /* [-24, 8] */
                case 2: ab = z != 0.0f ? tu_f2u(z) + (uint32_t)((int32_t)(h & 0x3fff) - 0x2000) : (uint32_t)h; break;
                default: ab = tu_f2u(ldexpf(1.0f + (float)(h & 0xffffff) / 16777216.0f, -44 + (int)((h >> 24) % 8))) |
                              (uint32_t)((h >> 40) & 1) << 31;
                }
                if ((j / 5) % 2) one(k, &c, &rp, 0, ab, (uint32_t)h2, (uint32_t)(h2 >> 32), &st);
                else one(k, &c, &rp, 0, ab, moderate(0, h2), moderate(0, h2 >> 20), &st);
            }
            row(k, 0, &st);
        }
    }
    elu_far(n32 / 10);
    if (gpuact_ref_undecided_count() != 0) { printf("FAIL reference undecided %lu\n", gpuact_ref_undecided_count()); failed++; }
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed != 0;
}
