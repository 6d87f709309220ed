/* Bias + activation (y = f(x + b), dx = dy f'(x + b) of the exact sum)
   against the MPFR reference (gpuact_ref_bias), every configuration of
   configs.h:
     fp16, bf16  every --stride-th x of the 65536 bit patterns, each with b
                 and dy as random bit patterns, as a moderate value, and as
                 x 2^-k (k = 10..30: sums that are not 16-bit numbers, and
                 for k above 13 or 16 not fp32 numbers either); every
                 result must be the correctly rounded one;
     fp32        --fp32 cases per configuration, x = s and b = e so that the
                 exact sum is s + e with any e in [-ulp(s)/2, ulp(s)/2]:
                 s random bits, dense in [-24, 8] (the tails), within 16 ulp
                 of the zero of f' (swish_tanh: of its clamp edges) with e
                 the float nearest x0 - s and its neighbours (the sums
                 closest to x0), |s| near 2^-40 and
                 2^-60 (the tiny forms), e = +-ulp(s)/2 (ties), s in
                 [-12, 0.5] (e^x - 1 of elu and selu); also x and b both
                 moderate and random; at most 0.501 ULP.
     big sums    x + b next to the binary32 overflow midpoint 2^128 - 2^103
                 (fp32, both signs), and bfloat16's 32 largest values
                 paired (big_sums below).
   Special values (NaN, infinities, signed zeros, x + b overflowing) must
   match the reference exactly. Prints one row per configuration, format
   and result (with, for comparison, the max error of the composition
   f(RN(x + b)) with the sum rounded to the type), FAIL lines as
   `FAIL x=%a ref=%a got=%a`, and ends with "N passed, M failed". */
#define GPUACT_IMPLEMENTATION
#include "../../gpuact.h"
#include "gpuact_ref.h"
#include "configs.h"
#include "tests/common/args.h"
#include "tests/common/bits.h"
#include "tests/common/ref_util.h"
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define F32_BAR 0.501

static const acc_config CONFS[] = {ACC_CONFIGS(ACC_CONFIG_ROW)};
static long passed, failed, printed, k45;

typedef struct stat2 { double maxulp[2], composed[2]; long notcr[2], n[2], bad[2], inexact_sum[2], edge[2]; } stat2;
static const char *RES[2] = {"f(x+b)", "dy f'(x+b)"};

static void fail(const acc_config *k, int fmt, int r, float x, float b, float dy, double ref, float got) {
    failed++;
    if (printed++ < 6) /* per row */
        printf("FAIL %s fmt=%d %s x=%a b=%a dy=%a ref=%a got=%a\n", k->name, fmt, RES[r], x, b, dy, ref, got);
}

/* swish_tanh's clamp edges of the configuration at hand (swish_edges) */
static double g_edges[8];
static int g_nedge;
#define EDGE_WINDOW 0x1p-44
/* |x + b - edge| / |edge| for the nearest edge (long double: the sum of two
   floats to 64 bits, the edges to double's 53) */
static double edge_dist(float x, float b) {
    const long double z = (long double)x + (long double)b;
    long double best = 1.0L;
    int i;
    for (i = 0; i < g_nedge; i++) {
        const long double d = fabsl(z - (long double)g_edges[i]) / fabsl((long double)g_edges[i]);
        if (d < best) best = d;
    }
    return (double)best;
}

/* one result: r 0 y, 1 dx. swish_tanh's dx where one of got and ref is
   zero (the two sides of a clamp) at a sum within EDGE_WINDOW of a clamp
   edge fails as K45 (the clamp decided on the double-float w, 2^-46; now
   by gpuact__st_w_side), with its distance to the edge. */
static void check(const acc_config *k, const gpuact_ref_params *rp, int fmt, int r, float x, float b, float dy, float got,
                  stat2 *st) {
    double ref, e;
    int sm = 0;
    e = gpuact_ref_bias_ulp(k->op, r == 0 ? 0 : 2, x, b, dy, rp, (gpuact_ref_format)fmt, got, &ref, &sm);
    st->n[r]++;
    {
        const float s = x + b;
        if (isfinite(s) && (double)s != (double)x + (double)b) st->inexact_sum[r]++;
    }
    if (k->op == GPUACT_OP_SWISH_TANH && r == 1 && (got == 0.0f) != (ref == 0.0) && !isnan(ref) && edge_dist(x, b) < EDGE_WINDOW) {
        st->edge[r]++;
        st->bad[r]++;
        failed++;
        if (printed++ < 6) printf("FAIL K45 %s fmt=%d %s x=%a b=%a dy=%a ref=%a got=%a edge distance 2^%.1f\n", k->name, fmt, RES[r], x, b, dy,
                                  ref, got, log2(edge_dist(x, b)));
        return;
    }
    if (isnan(ref) || isinf(ref) || ref == 0.0) {
        const int ok = isnan(ref) ? tu_f2u(got) == 0x7fc00000u : (got == ref && !sm && (signbit(got) != 0) == (signbit(ref) != 0));
        if (!ok) { st->bad[r]++; fail(k, fmt, r, x, b, dy, ref, got); } else passed++;
        return;
    }
    if (e > st->maxulp[r]) st->maxulp[r] = e;
    if ((double)got != ref) st->notcr[r]++;
    if (fmt == 0 ? !(e <= F32_BAR) || sm : (double)got != ref) { st->bad[r]++; fail(k, fmt, r, x, b, dy, ref, got); }
    else passed++;
}

/* the composition a framework runs: x + b rounded to the type first, then
   the single op (gpuact's own, correctly rounded or within 0.501 ULP): its
   error against f of the exact sum, for the table's comparison column */
static float composed(const acc_config *k, const gpuact_cfg *c, int fmt, int r, float x, float b, float dy) {
    const gpuact_op op = (gpuact_op)k->op;
    if (fmt == 0) return r == 0 ? gpuact_forward_f32(op, x + b, c) : gpuact_backward_f32(op, x + b, dy, c);
    if (fmt == 1) {
        const uint16_t s = gpuact_f32_to_f16(x + b), g = gpuact_f32_to_f16(dy);
        return gpuact_f16_to_f32(r == 0 ? gpuact_forward_f16(op, s, c) : gpuact_backward_f16(op, s, g, c));
    }
    {
        const uint16_t s = gpuact_f32_to_bf16(x + b), g = gpuact_f32_to_bf16(dy);
        return gpuact_bf16_to_f32(r == 0 ? gpuact_forward_bf16(op, s, c) : gpuact_backward_bf16(op, s, g, c));
    }
}

static void bias2(const acc_config *k, const gpuact_cfg *c, int fmt, uint32_t xb, uint32_t bb, uint32_t gb, float out[2]) {
    const gpuact_op op = (gpuact_op)k->op;
    if (fmt == 0) {
        out[0] = gpuact_bias_forward_f32(op, tu_u2f(xb), tu_u2f(bb), c);
        out[1] = gpuact_bias_backward_f32(op, tu_u2f(xb), tu_u2f(bb), tu_u2f(gb), c);
    } else if (fmt == 1) {
        out[0] = gpuact_f16_to_f32(gpuact_bias_forward_f16(op, (uint16_t)xb, (uint16_t)bb, c));
        out[1] = gpuact_f16_to_f32(gpuact_bias_backward_f16(op, (uint16_t)xb, (uint16_t)bb, (uint16_t)gb, c));
    } else {
        out[0] = gpuact_bf16_to_f32(gpuact_bias_forward_bf16(op, (uint16_t)xb, (uint16_t)bb, c));
        out[1] = gpuact_bf16_to_f32(gpuact_bias_backward_bf16(op, (uint16_t)xb, (uint16_t)bb, (uint16_t)gb, c));
    }
}

static void one(const acc_config *k, const gpuact_cfg *c, const gpuact_ref_params *rp, int fmt, uint32_t xb, uint32_t bb,
                uint32_t gb, stat2 *st) {
    float out[2];
    const float x = (float)tu_ref_dec(fmt, xb), b = (float)tu_ref_dec(fmt, bb), dy = (float)tu_ref_dec(fmt, gb);
    int r;
    bias2(k, c, fmt, xb, bb, gb, out);
    check(k, rp, fmt, 0, x, b, dy, out[0], st);
    check(k, rp, fmt, 1, x, b, dy, out[1], st);
    for (r = 0; r < 2; r++) {
        const double e = gpuact_ref_bias_ulp(k->op, r == 0 ? 0 : 2, x, b, dy, rp, (gpuact_ref_format)fmt, composed(k, c, fmt, r, x, b, dy),
                                             NULL, NULL);
        if (isfinite(e) && e > st->composed[r]) st->composed[r] = e;
    }
}

static uint32_t enc(int fmt, float v) { return fmt == 0 ? tu_f2u(v) : fmt == 1 ? gpuact_f32_to_f16(v) : gpuact_f32_to_bf16(v); }
/* a normal value in [1/8, 8) of either sign */
static float moderate(uint64_t h) {
    return ldexpf(1.0f + (float)(h & 0xffffff) / 16777216.0f, (int)((h >> 24) % 6) - 3) * ((h >> 40) & 1 ? -1.0f : 1.0f);
}
/* ulp(s) of a normal float */
static float ulpf(float s) { int ex; frexpf(s, &ex); return ldexpf(1.0f, ex - 24); }
/* e in [-ulp(s)/2, ulp(s)/2] from h: any magnitude down to 2^-100 of ulp(s), or a tie */
static float err_of(float s, uint64_t h) {
    const float u = ulpf(s);
    const int kind = (int)(h % 8);
    const float sg = (h >> 8) & 1 ? -1.0f : 1.0f;
    if (kind == 0) return sg * u * 0.5f;                                                          /* a tie */
    if (kind <= 4) return sg * u * 0.5f * (float)((h >> 16) & 0xffffff) / 16777216.0f;          /* comparable */
    return sg * ldexpf(u * (1.0f + (float)((h >> 16) & 0xffffff) / 16777216.0f), -2 - (int)((h >> 40) % 100)); /* small */
}

static void row(const acc_config *k, int fmt, const stat2 *st) {
    static const char *F[3] = {"f32", "f16", "bf16"};
    int r;
    printed = 0;
    for (r = 0; r < 2; r++)
        printf("%-24s %-4s %-10s %9ld (x+b inexact in fp32: %ld)  max %.4f ulp  not CR %ld  failed %ld  (composed: max %.4g ulp)%s\n",
               k->name, F[fmt], RES[r], st->n[r], st->inexact_sum[r], st->maxulp[r], st->notcr[r], st->bad[r], st->composed[r],
               st->edge[r] ? "  K45" : "");
    if (st->edge[0] + st->edge[1])
        printf("%-24s %-4s near a clamp edge (within 2^-44, K45): %ld dx with the other side's clamp\n", k->name, F[fmt],
               st->edge[0] + st->edge[1]);
    k45 += st->edge[0] + st->edge[1];
}

/* the zero of f' below 0 (gelu family, silu), double: the scan's sign change refined by bisection on the reference */
static double fprime_zero(const acc_config *k, const gpuact_ref_params *rp) {
    double lo = -2.0, hi = -0.25;
    int i;
    if (k->op == 4 || k->op == 5 || k->op == 7) return 0.0;
    for (i = 0; i < 200 && hi - lo > 0; i++) {
        const double m = 0.5 * (lo + hi);
        if (m == lo || m == hi) break;
        if (gpuact_ref_eval(k->op, 1, m, rp, GPUACT_REF_F64) < 0) lo = m; else hi = m;
    }
    return 0.5 * (lo + hi);
}

/* swish_tanh's clamp edges, double: the x where s silu(x) meets lo or hi
   (the first clamp) or atanh(lo), atanh(hi) (the second), by bisection on
   each monotonic piece of silu (its minimum at -1.2785); up to 8 */
static int swish_edges(const acc_config *k, double *out) {
    const double xm = -1.2784645427610738;
    double tg[4];
    int nt = 0, n = 0, i, piece;
    if (k->op != GPUACT_OP_SWISH_TANH || k->scale == 0.0f) return 0;
    tg[nt++] = k->lo;
    tg[nt++] = k->hi;
    if (fabs(k->lo) < 1) tg[nt++] = atanh(k->lo);
    if (fabs(k->hi) < 1) tg[nt++] = atanh(k->hi);
    for (i = 0; i < nt; i++)
        for (piece = 0; piece < 2; piece++) {
            double lo = piece ? xm : -60.0, hi = piece ? 60.0 : xm, flo, fhi;
            int it;
            flo = k->scale * (lo / (1.0 + exp(-lo))) - tg[i];
            fhi = k->scale * (hi / (1.0 + exp(-hi))) - tg[i];
            if (!(flo * fhi < 0)) continue;
            for (it = 0; it < 200; it++) {
                const double m = 0.5 * (lo + hi), fm = k->scale * (m / (1.0 + exp(-m))) - tg[i];
                if (m == lo || m == hi) break;
                if ((fm < 0) == (flo < 0)) { lo = m; flo = fm; } else hi = m;
            }
            out[n++] = 0.5 * (lo + hi);
        }
    return n;
}

static void specials(const acc_config *k, const gpuact_cfg *c, const gpuact_ref_params *rp, stat2 *st) {
    static const float V[] = {0.0f, -0.0f, 1.0f, -1.0f, 3.0f, -3.0f, 1e-30f, -1e-30f, 1e30f, -1e30f, FLT_MAX, -FLT_MAX,
                              1.4e-45f, -1.4e-45f, INFINITY, -INFINITY, NAN};
    const int n = (int)(sizeof V / sizeof V[0]);
    int i, j, q;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            for (q = 0; q < n; q += 3) one(k, c, rp, 0, tu_f2u(V[i]), tu_f2u(V[j]), tu_f2u(V[q]), st);
}

/* Tiny sums: |x + b| below the tiny forms' thresholds (2^-40 for the gelu
   family and silu, 2^-60 for elu and selu) with b far below ulp(x), so that
   the sum's error e = b competes with the square term of f(z) = c1 z + c2 z^2
   + ...: b = t x^2 c2/c1 for t spread over +-2^[-8, 8] (and 0.99 to 1.01),
   rounded to the input type. For elu, alphas of 9 and 12 significant bits
   make alpha x a bf16 or fp16 rounding midpoint, where that competition
   decides the result (K44: x = -2^-64, b = -2^-133, alpha = 0x1.03p+0); for
   fp32 also b near +-ulp(x)/2 (x + b near a tie). fp32 and bf16 (fp16 has
   no values that small): n draws each. */
static void tiny_sums(const acc_config *k, const gpuact_cfg *c, const gpuact_ref_params *rp, long n, uint64_t seed) {
    const int gf = k->op != GPUACT_OP_ELU && k->op != GPUACT_OP_SELU;
    const double c21 = k->op == GPUACT_OP_ELU || k->op == GPUACT_OP_SELU ? 0.5
                       : k->op == GPUACT_OP_SILU || k->op == GPUACT_OP_SWISH_TANH ? 0.5
                       : k->op == GPUACT_OP_GELU_SIGMOID                 ? 0.851
                                                                         : 0.7978845608; /* c2 / c1 */
    int fmt;
    for (fmt = 0; fmt <= 2; fmt += 2) {
        stat2 st = {{0}, {0}, {0}, {0}, {0}, {0}, {0}};
        long j;
        for (j = 0; j < n; j++) {
            const uint64_t h = tu_mix64(seed ^ ((uint64_t)fmt << 56) ^ (uint64_t)j);
            const uint64_t h2 = tu_mix64(h);
            const int ex = gf ? -41 - (int)(h % 34) : -61 - (int)(h % 14); /* |x| < 2^-40 or 2^-60, x^2 a float */
            const float sig = 1.0f + (float)((h >> 8) & (fmt == 0 ? 0x7fffff : 0x7f)) / (fmt == 0 ? 8388608.0f : 128.0f);
            const float x = ldexpf((h >> 40) & 3 ? sig : 1.0f, ex) * (gf && ((h >> 42) & 1) ? 1.0f : -1.0f);
            const double tm = (h2 & 7) == 0 ? 0.99 + 0.02 * (double)((h2 >> 8) & 0xffff) / 65536.0
                                            : ldexp(1.0 + (double)((h2 >> 8) & 0xffff) / 65536.0, (int)((h2 >> 24) % 17) - 8);
            double bt = ((h2 >> 40) & 1 ? -1.0 : 1.0) * tm * (double)x * (double)x * c21;
            if (fmt == 0 && (h2 & 7) == 1) bt += ((h2 >> 41) & 1 ? -0.5 : 0.5) * (double)ulpf(x); /* near x + b's ties */
            const float bf = (float)bt, dy = moderate(h2 >> 3);
            if (bf == 0.0f || !isfinite(bf)) continue;
            one(k, c, rp, fmt, enc(fmt, x), enc(fmt, bf), enc(fmt, dy), &st);
        }
        printf("tiny sums: ");
        row(k, fmt, &st);
    }
}

/* Sums at the top of the floats: x + b next to 2^128 - 2^103, the midpoint
   between FLT_MAX and 2^128 where binary32 overflows (K55: f(z) < z for the
   gelu family and silu rounds to FLT_MAX at the midpoint itself), either
   sign; and in bfloat16 the pairs of its 32 largest values (their sums pass
   FLT_MAX) */
static void big_sums(const acc_config *k, const gpuact_cfg *c, const gpuact_ref_params *rp) {
    stat2 st = {{0}, {0}, {0}, {0}, {0}, {0}, {0}};
    const double M = 0x1p128 - 0x1p103;
    int i, j, q, sg;
    for (sg = 0; sg < 2; sg++)
        for (i = 0; i < 24; i++) {
            /* x from FLT_MAX down by i ulps, or near 2^127, and b = M - x moved by j of its ulps */
            const float x = i < 12 ? tu_u2f(0x7f7fffffu - (uint32_t)i) : tu_u2f(0x7f000000u + (uint32_t)(i - 12) * 0x1000u);
            const float b0 = (float)(M - (double)x);
            for (j = -3; j <= 3; j++) {
                const float b = tu_u2f(tu_f2u(b0) + (uint32_t)j);
                for (q = 0; q < 2; q++) {
                    const float dy = q ? 0.75f : -FLT_MAX;
                    const float xs = sg ? -x : x, bs = sg ? -b : b;
                    one(k, c, rp, 0, tu_f2u(q ? xs : bs), tu_f2u(q ? bs : xs), tu_f2u(dy), &st);
                }
            }
        }
    row(k, 0, &st);
    {
        stat2 sb = {{0}, {0}, {0}, {0}, {0}, {0}, {0}};
        for (i = 0; i < 32; i++)
            for (j = 0; j < 32; j++)
                for (sg = 0; sg < 2; sg++)
                    one(k, c, rp, 2, (uint32_t)(0x7f7f - i) | (sg ? 0x8000u : 0u), (uint32_t)(0x7f7f - j) | (sg ? 0x8000u : 0u), 0x3f40u, &sb);
        row(k, 2, &sb);
    }
}

int main(int argc, char **argv) {
    long stride = 1, n32 = 100000;
    int i, ci, fmt;
    for (i = 1; i < argc; i++) {
        const char *v;
        if ((v = tu_arg(argc, argv, &i, "--stride"))) stride = atol(v);
        else if ((v = tu_arg(argc, argv, &i, "--fp32"))) n32 = atol(v);
        else { fprintf(stderr, "usage: %s [--stride S] [--fp32 N]\n", argv[0]); return 2; }
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
        g_nedge = swish_edges(k, g_edges);
        for (fmt = 1; fmt <= 2; fmt++) {
            stat2 st = {{0}, {0}, {0}, {0}, {0}, {0}, {0}};
            uint32_t u;
            for (u = (uint32_t)(ci % stride); u < 65536u; u += (uint32_t)stride) {
                const uint64_t h = tu_mix64(((uint64_t)ci << 40) ^ ((uint64_t)fmt << 32) ^ u);
                const float x = (float)tu_ref_dec(fmt, u);
                one(k, &c, &rp, fmt, u, (uint32_t)(h & 0xffff), (uint32_t)((h >> 16) & 0xffff), &st);
                one(k, &c, &rp, fmt, u, enc(fmt, moderate(h >> 32)), enc(fmt, moderate(tu_mix64(h))), &st);
                if (isfinite(x) && x != 0.0f) {
                    const float b = ldexpf(x, -10 - (int)((h >> 50) % 21)) * (1.0f + (float)((h >> 8) & 0xff) / 256.0f) *
                                    ((h >> 60) & 1 ? -1.0f : 1.0f);
                    one(k, &c, &rp, fmt, u, enc(fmt, b), enc(fmt, moderate(h >> 7)), &st);
                }
            }
            row(k, fmt, &st);
        }
        {
            stat2 st = {{0}, {0}, {0}, {0}, {0}, {0}, {0}};
            double x0 = fprime_zero(k, &rp), edges[8];
            const int nedge = swish_edges(k, edges);
            long j;
            specials(k, &c, &rp, &st);
            for (j = 0; j < n32; j++) {
                const uint64_t h = tu_mix64(((uint64_t)ci << 48) ^ (uint64_t)j ^ 0xb1a5ull);
                const uint64_t h2 = tu_mix64(h);
                float s, e, dy = moderate(h2 >> 3);
                if (nedge) x0 = edges[(h >> 32) % (uint64_t)nedge]; /* swish_tanh: a clamp edge in x0's place */
                switch (j % 8) {
                case 0: s = tu_u2f((uint32_t)h); if (!isfinite(s) || s == 0.0f) s = 1.5f; break;
                case 1: s = -24.0f + 32.0f * (float)(h & 0xffffff) / 16777216.0f; break;
                case 2: s = x0 != 0.0 ? tu_u2f(tu_f2u((float)x0) + (uint32_t)((int32_t)(h & 31) - 16)) : -0.6f; break;
                case 3: s = ldexpf(1.0f + (float)(h & 0xffffff) / 16777216.0f, -62 + (int)((h >> 24) % 24)) * ((h >> 40) & 1 ? -1.0f : 1.0f); break;
                case 4: s = -12.0f + 12.5f * (float)(h & 0xffffff) / 16777216.0f; break;
                case 5: s = moderate(h) * 16.0f; break;
                case 6: s = -(float)(h & 0xffffff) / 16777216.0f * 200.0f; break;
                default: s = moderate(h); break;
                }
                if (!isfinite(s) || s == 0.0f || fabsf(s) < 1e-37f) s = 0.75f;
                if ((j % 8) == 2 && x0 != 0.0) {
                    /* the floats nearest x0 - s: the sums closest to the zero of f' */
                    const double t = x0 - (double)s;
                    const float u = ulpf(s);
                    e = (float)t;
                    e = tu_u2f(tu_f2u(e) + (uint32_t)((int32_t)((h >> 20) % 5) - 2));
                    if (!(fabsf(e) <= 0.5f * u)) e = err_of(s, h2);
                } else {
                    e = err_of(s, h2);
                }
                if ((j / 8) % 4 == 3) { /* both moderate */
                    one(k, &c, &rp, 0, tu_f2u(moderate(h2 >> 1)), tu_f2u(moderate(h >> 5)), tu_f2u(dy), &st);
                    continue;
                }
                if ((h2 >> 63) & 1) one(k, &c, &rp, 0, tu_f2u(s), tu_f2u(e), tu_f2u(dy), &st);
                else one(k, &c, &rp, 0, tu_f2u(e), tu_f2u(s), tu_f2u(dy), &st);
            }
            row(k, 0, &st);
        }
        big_sums(k, &c, &rp);
    }
    { /* the tiny sums, for every op but swish_tanh, and elu at alphas that make alpha x a 16-bit midpoint */
        static const float ALPHAS[] = {0x1.03p+0f, -0x1.03p+0f, 0x1.81p-3f, 0x1.fdp+2f, 0x1.001p+0f, 0x1.7ffp+0f, 0x1.03p-140f, 0x1.03p+100f};
        const long nt = n32 / 10 > 1000 ? n32 / 10 : 1000;
        for (ci = 0; ci < ACC_NCONF + (int)(sizeof ALPHAS / sizeof ALPHAS[0]); ci++) {
            acc_config k = ci < ACC_NCONF ? CONFS[ci] : CONFS[3];
            gpuact_params p = {0};
            gpuact_cfg c;
            gpuact_ref_params rp;
            char name[48];
            if (ci >= ACC_NCONF) {
                k.alpha = ALPHAS[ci - ACC_NCONF];
                snprintf(name, sizeof name, "elu(a=%a)", (double)k.alpha);
                k.name = name;
            }
            p.set = GPUACT_SET_ALPHA;
            p.alpha = k.alpha;
            if (gpuact_resolve((gpuact_op)k.op, &p, &c) != GPUACT_SUCCESS) { printf("FAIL resolve %s\n", k.name); failed++; continue; }
            rp = tu_refp(&c);
            g_nedge = swish_edges(&k, g_edges);
            tiny_sums(&k, &c, &rp, nt, 0x7a1e5ull + (uint64_t)ci);
        }
    }
    if (gpuact_ref_undecided_count() != 0) { printf("FAIL reference undecided %lu\n", gpuact_ref_undecided_count()); failed++; }
    printf("K45 (swish_tanh dx within 2^-44 of a clamp edge, clamp side unlike MPFR's): %ld\n", k45);
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed != 0;
}
