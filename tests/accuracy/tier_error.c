/* tests/accuracy/tier_error.c - the error of the fast tier's table-driven parts,
   measured on every input they take.

   The fast tier (gpuact_kernels.cuh) returns a result only when its error
   bound puts the exact value away from every rounding boundary, so the
   bound must hold for every input. The comments derive the bounds a priori;
   this program measures them against long double (64-bit significand:
   erfcl, expl and tanhl are within a few units of 2^-64, far below the
   2^-34 measured here). It reports the largest relative error (as 2^k) or
   the largest error over the bound, and fails if a part exceeds its
   comment's a priori bound or f or f' reach theirs (ratio >= 1), printing
   FAIL x=%a ref=%a got=%a where it happens.

   gelu_erf ("gelu_erf: f = x Phi(x)"), on every fp32 x in [-11.25, 11.25]
   with |x| >= 2^-40 and every 4099th fp32 x above 11.25 (where the tier
   takes Phi(11.25) and only the product by x changes):
       S     S(t) = e^(t^2/2) Phi(-t) by gpuact__fast_phi_S, t = |x| (2^-34.6)
       Phi   Phi(x) by gpuact__fast_erf_parts (2^-34.2)
       f     x Phi(x) as gpuact__fast_fwd evaluates it, over |v| eps
       f'    Phi(x) + x phi(x) as gpuact__fast_grad_df, over its err
   the table tier (gpuact__tt_fwd, gpuact__tt_grad_df) of gelu_erf,
   gelu_tanh, gelu_sigmoid, silu and swish_tanh (default configuration), on
   every fp32 x with 2^-40 <= |x| <= 128 it takes and every 4099th above:
       f     x P(x) over |v| eps(t) (swish_tanh: x Q(x), or tanh(1) clamped)
       f'    its f' over its err (swish_tanh clamped: +0 exactly)
       f16r  gelu_erf, gelu_sigmoid and silu: x P(x) from 16-byte rows
             (gpuact__tt_v16, the fp32 forward kernels') over |v| eps16(t)
   the 16-bit tier (gpuact__h_fwd_vt, gpuact__h_grad_vt) of the same five ops
   and of elu and selu (alpha = 1, PyTorch's constants), on the same x
   (with the tier's tails past the rows, gpuact__h_tail):
       f, f' the plain-fp32 values over the tier's bounds (GPUACT__H_*)
   swish_tanh's tanh (gpuact__fast_tanh), on every fp32 wh in [2^-41, 18.5],
   once with wl = 0 and once with a tail |wl| < 2^-24 wh drawn per input:
       tanh  tanh(wh + wl) (2^-36.9)
   the reciprocal seed of the sigmoid family's quotients
   (gpuact__fast_rcp12), on every fp32 d in [1, 2]:
       1/d   |1 - d y| (2^-22; d y is exact in long double)

   usage: tier_error [--stride N] [--threads N]
     --stride N    every Nth input only (a quick look; default 1)
     --threads N   worker threads (default: online CPUs)
   Ends with "N passed, M failed"; exit status 1 on failure. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gpuact_kernels.cuh"
#include "tests/common/args.h"
#include "tests/common/bits.h"
#include "tests/common/test_util.h"

#define LO_BITS 0x2b800000u   /* 2^-40 */
#define MID_BITS 0x41340000u  /* 11.25 */
#define MAX_BITS 0x7f7fffffu  /* FLT_MAX */
#define OUTER_STRIDE 4099u

#define TT_OPS 5
#define H_OPS (TT_OPS + 2)
#define NCHECK (6 + 2 * TT_OPS + 3 + 2 * H_OPS)

typedef struct worst {
    double v;
    float x;
    long double ref, got;
} worst;
typedef struct job {
    uint32_t first, step;
    uint32_t stride;
    worst S, phi, f, g, th;
    worst tt[TT_OPS][2]; /* table tier: [op][f, f'] over their bounds */
    worst tt16[TT_OPS];  /* its forward from 16-byte rows (gelu_erf, gelu_sigmoid, silu) over gpuact__tt_eps16 */
    worst h[H_OPS][2];   /* 16-bit tier: [op][f, f'] over their bounds */
} job;

static void keep(worst *w, double v, float x, long double ref, long double got) {
    if (v > w->v) { w->v = v; w->x = x; w->ref = ref; w->got = got; }
}

static void one(job *J, float x) {
    const long double xl = x, t = fabsl(xl);
    const long double Q = 0.5L * erfcl(t / sqrtl(2.0L)); /* Phi(-t) */
    const long double Phi = xl < 0 ? Q : 1.0L - Q;
    const long double E = expl(-t * t / 2);
    /* S: the tier's own argument, t cut to 11.25 */
    if (t <= 11.25L) {
        const gpuact__df S = gpuact__fast_phi_S(fabsf(x));
        const long double Sref = Q / E, Sgot = (long double)S.h + S.l;
        keep(&J->S, (double)fabsl((Sgot - Sref) / Sref), x, Sref, Sgot);
    }
    const gpuact__ferf e = gpuact__fast_erf_parts(x);
    if (t <= 11.25L) {
        const long double got = (long double)e.phi_x.h + e.phi_x.l;
        keep(&J->phi, (double)fabsl((got - Phi) / Phi), x, Phi, got);
    }
    /* f, as gpuact__fast_fwd */
    const gpuact__df v = gpuact__fast_mul(x, 0.0f, e.phi_x.h, e.phi_x.l);
    const long double f = xl * Phi, fgot = (long double)v.h + v.l;
    keep(&J->f, (double)(fabsl(fgot - f) / ((long double)fabsf(v.h) * GPUACT__FAST_EPS_ERF)), x, f, fgot);
    /* f', as gpuact__fast_grad_df */
    gpuact__df g;
    float err = 0.0f;
    gpuact__fast_grad_df(GPUACT_OP_GELU_ERF, x, NULL, &g, &err);
    const long double d = Phi + xl * E / sqrtl(2.0L * 3.14159265358979323846264338327950288L);
    const long double ggot = (long double)g.h + g.l;
    keep(&J->g, (double)(fabsl(ggot - d) / (long double)err), x, d, ggot);
}

/* the table tier (gpuact__tt_fwd, gpuact__tt_grad_df) at x, each of its
   ops: f and f' against long double, over the tier's bounds. References:
   gelu_erf Q = erfc(t/sqrt2)/2, f' = Phi(x) + x phi(x); the sigmoid forms
   P = sigma(z) with z = 2 sqrt(2/pi) (x + 0.044715 x^3) (gelu_tanh),
   1.702 x (gelu_sigmoid), x (silu), f' = P (1 + x z' sigma(-z)). */
static const int tt_ops[TT_OPS] = {GPUACT_OP_GELU_ERF, GPUACT_OP_GELU_TANH, GPUACT_OP_GELU_SIGMOID, GPUACT_OP_SILU,
                                    GPUACT_OP_SWISH_TANH};
static const char *const tt_names[TT_OPS] = {"gelu_erf", "gelu_tanh", "gelu_sigmoid", "silu", "swish_tanh"};
/* swish_tanh's tier (default configuration: s = 1/2, [-1, 1]) at x: f =
   tanh(w), w = x sigma(x)/2, f' = sech^2(w) sigma(x) (1 + x (1 - sigma(x)))/2;
   where the clamp acts, f = tanh(1) and f' = +0 exactly */
static void one_h(job *J, int o, int op, float x, long double f, long double d);
static void one_st(job *J, float x, int o) {
    const gpuact_cfg c = gpuact_cfg_default();
    const int cls = gpuact__tt_st_class(x, &c);
    if (!cls && !gpuact__h_takes_t(GPUACT_OP_SWISH_TANH, 0, x, &c, 1)) return;
    const long double xl = x, sg = 1.0L / (1.0L + expl(-xl)), w = cls == 2 ? 1.0L : xl * sg / 2;
    const long double f = tanhl(w), d = cls == 2 ? 0.0L : (1.0L - f * f) * sg * (1.0L + xl * (1.0L - sg)) / 2;
    one_h(J, o, GPUACT_OP_SWISH_TANH, x, f, d);
    if (!cls) return; /* the 16-bit tier's tail below the rows */
    float g2, y;
    const gpuact__df q = gpuact__tt_st_eval(gpuact__tt_tab(GPUACT_OP_SWISH_TANH, 0), x, 0, &g2);
    const gpuact__df v = cls == 2 ? gpuact__df_make(GPUACT__K(GPUACT__C_TANH1_H), GPUACT__K(GPUACT__C_TANH1_L))
                                  : gpuact__fast_mul1(q.h, q.l, x);
    const long double fgot = (long double)v.h + v.l;
    keep(&J->tt[o][0], (double)(fabsl(fgot - f) / ((long double)fabsf(v.h) * (cls == 2 ? 1.0e-13f : GPUACT__TT_E0_ST))), x, f, fgot);
    gpuact__df a;
    float err;
    gpuact__tt_grad_df(GPUACT_OP_SWISH_TANH, x, &c, gpuact__tt_tab(GPUACT_OP_SWISH_TANH, 1), &a, &err);
    const long double ggot = (long double)a.h + a.l;
    if (cls == 2) { /* +0 exactly: anything else counts as over the bound */
        if (a.h != 0.0f || a.l != 0.0f || signbit(a.h) || !gpuact__tt_grad(GPUACT_OP_SWISH_TANH, x, &c, gpuact__tt_tab(GPUACT_OP_SWISH_TANH, 1), 0, &y) || gpuact__f2u(y) != 0u)
            keep(&J->tt[o][1], 2.0, x, d, ggot);
        return;
    }
    keep(&J->tt[o][1], (double)(fabsl(ggot - d) / (long double)err), x, d, ggot);
}
static void one_tt(job *J, float x) {
    const long double xl = x, t = fabsl(xl), pi = 3.14159265358979323846264338327950288L;
    for (int o = 0; o < TT_OPS; o++) {
        const int op = tt_ops[o];
        if (op == GPUACT_OP_SWISH_TANH) {
            one_st(J, x, o);
            continue;
        }
        /* the 16-bit tier takes more (its tails, gpuact__h_range) */
        const int tt = gpuact__tt_range(op, x);
        if (!tt && !gpuact__h_range_t(op, x)) continue;
        long double P, d;
        if (op == GPUACT_OP_GELU_ERF) {
            const long double Q = 0.5L * erfcl(t / sqrtl(2.0L));
            P = xl < 0 ? Q : 1.0L - Q;
            d = P + xl * expl(-t * t / 2) / sqrtl(2.0L * pi);
        } else {
            long double z, zp;
            if (op == GPUACT_OP_GELU_TANH) {
                const long double K = 2.0L * sqrtl(2.0L / pi);
                z = K * (xl + 0.044715L * xl * xl * xl);
                zp = K * (1.0L + 3.0L * 0.044715L * xl * xl);
            } else {
                zp = op == GPUACT_OP_GELU_SIGMOID ? 1.702L : 1.0L;
                z = zp * xl;
            }
            P = 1.0L / (1.0L + expl(-z));
            d = P * (1.0L + xl * zp * (1.0L / (1.0L + expl(z))));
        }
        one_h(J, o, op, x, xl * P, d);
        if (!tt) continue;
        float g2, tc;
        const gpuact__df g = gpuact__tt_g(op, x, gpuact__tt_tab(op, 0), 0, &g2, &tc);
        const gpuact__df v = gpuact__fast_mul1(g.h, g.l, x);
        const long double f = xl * P, fgot = (long double)v.h + v.l;
        keep(&J->tt[o][0], (double)(fabsl(fgot - f) / ((long double)fabsf(v.h) * gpuact__tt_eps(op, tc))), x, f, fgot);
        if (op != GPUACT_OP_GELU_TANH) {
            const gpuact__df v16 = gpuact__tt_v16(op, x, gpuact__tt_tab(op, 0), &tc);
            const long double got16 = (long double)v16.h + v16.l;
            keep(&J->tt16[o], (double)(fabsl(got16 - f) / ((long double)fabsf(v16.h) * gpuact__tt_eps16(op, tc))), x, f, got16);
        }
        gpuact__df a;
        float err;
        gpuact__tt_grad_df(op, x, NULL, gpuact__tt_tab(op, 1), &a, &err);
        const long double ggot = (long double)a.h + a.l;
        keep(&J->tt[o][1], (double)(fabsl(ggot - d) / (long double)err), x, d, ggot);
    }
}
#define TT_BITS 0x43000000u /* 128 (past every tail of the 16-bit tier): above it every 4099th */

/* the 16-bit tier (gpuact__h_fwd_vt, gpuact__h_grad_vt) at x against the
   references f and f', over its bounds: err from the tier, less (scaled
   by) the part that covers a rounding the measurement cannot see (elu's
   alpha = 1 makes alpha (e^x - 1) exact; any other alpha rounds once:
   2^-24 |v|, given 1.2e-7 |v|). swish_tanh where the clamp acts: f' = +0
   exactly. */
static void one_h(job *J, int o, int op, float x, long double f, long double d) {
    const gpuact_cfg c = gpuact_cfg_default();
    float v, err;
    if (gpuact__h_fwd_vt(op, x, &c, gpuact__tt_tab(op, 0), 0, 1, &v, &err)) {
        const float e = op == GPUACT_OP_ELU && x <= 0.0f ? err - 1.2e-7f * fabsf(v) : err;
        keep(&J->h[o][0], (double)(fabsl((long double)v - f) / (long double)e), x, f, v);
    }
    const int in = gpuact__h_grad_vt(op, x, &c, gpuact__tt_tab(op, 1), 0, 1, &v, &err);
    if (in == 2) {
        if (v != 0.0f || signbit(v)) keep(&J->h[o][1], 2.0, x, d, v);
    } else if (in) {
        const float e = op == GPUACT_OP_ELU && x <= 0.0f ? err - 1.2e-7f * fabsf(v) : err;
        keep(&J->h[o][1], (double)(fabsl((long double)v - d) / (long double)e), x, d, v);
    }
}
/* elu and selu (alpha = 1 and PyTorch's constants) by the 16-bit tier */
static void one_em(job *J, float x) {
    const long double xl = x, lam = 1.0507009873554804934193349852946L, al = 1.6732632423543772848170429916717L;
    const long double em = xl > 0 ? xl : expm1l(xl), ex = xl > 0 ? 1.0L : expl(xl);
    one_h(J, TT_OPS, GPUACT_OP_ELU, x, em, ex);
    one_h(J, TT_OPS + 1, GPUACT_OP_SELU, x, xl > 0 ? lam * em : lam * al * em, xl > 0 ? lam : lam * al * ex);
}

#define TLO_BITS 0x2b000000u /* 2^-41 */
#define THI_BITS 0x41940000u /* 18.5 */
/* tanh(wh + wl) by the tier against tanhl; the tail from a hash of wh */
static void one_tanh(job *J, float wh) {
    uint32_t u;
    memcpy(&u, &wh, sizeof u);
    u = (u * 2654435761u) ^ (u >> 13);
    const float wl = ldexpf((float)((int32_t)(u & 0xffffffu) - 0x800000) / 8388608.0f, ilogbf(wh) - 24);
    for (int k = 0; k < 2; k++) {
        const float l = k ? wl : 0.0f;
        const gpuact__df t = gpuact__fast_tanh(wh, l);
        const long double ref = tanhl((long double)wh + (long double)l), got = (long double)t.h + t.l;
        keep(&J->th, (double)fabsl((got - ref) / ref), wh, ref, got);
    }
}

static void *run(void *arg) {
    job *J = (job *)arg;
    for (uint64_t b = (uint64_t)LO_BITS + J->first * (uint64_t)J->stride; b <= MAX_BITS; b += (uint64_t)J->step * J->stride) {
        if (b > TT_BITS && (b - TT_BITS) % OUTER_STRIDE) continue;
        one_tt(J, tu_u2f((uint32_t)b));
        one_tt(J, -tu_u2f((uint32_t)b));
        one_em(J, tu_u2f((uint32_t)b));
        one_em(J, -tu_u2f((uint32_t)b));
    }
    for (uint64_t b = (uint64_t)TLO_BITS + J->first * (uint64_t)J->stride; b <= THI_BITS; b += (uint64_t)J->step * J->stride)
        one_tanh(J, tu_u2f((uint32_t)b));
    for (uint64_t b = (uint64_t)LO_BITS + J->first * (uint64_t)J->stride; b <= MAX_BITS; b += (uint64_t)J->step * J->stride) {
        if (b > MID_BITS && (b - MID_BITS) % OUTER_STRIDE) continue;
        one(J, tu_u2f((uint32_t)b));
        if (b <= MID_BITS) one(J, -tu_u2f((uint32_t)b));
    }
    return NULL;
}

static int check(const char *name, const worst *w, double limit, int as_pow2) {
    const int ok = w->v < limit;
    if (as_pow2)
        printf("%-4s max relative error 2^%.3f at x = %a (bound 2^%.2f)\n", name, log2(w->v), w->x, log2(limit));
    else
        printf("%-4s max error / bound %.4f at x = %a\n", name, w->v, w->x);
    if (!ok) printf("FAIL x=%a ref=%La got=%La\n", w->x, w->ref, w->got);
    return ok;
}

int main(int argc, char **argv) {
    uint32_t stride = 1;
    long threads = sysconf(_SC_NPROCESSORS_ONLN);
    for (int i = 1; i < argc; i++) {
        const char *v;
        if ((v = tu_arg(argc, argv, &i, "--stride"))) stride = (uint32_t)strtoul(v, NULL, 10);
        else if ((v = tu_arg(argc, argv, &i, "--threads"))) threads = strtol(v, NULL, 10);
        else {
            fprintf(stderr, "usage: %s [--stride N] [--threads N]\n", argv[0]);
            return 2;
        }
    }
    if (stride < 1) stride = 1;
    if (threads < 1) threads = 1;
    if (threads > 256) threads = 256;
    job *jobs = (job *)calloc((size_t)threads, sizeof(job));
    pthread_t *tid = (pthread_t *)calloc((size_t)threads, sizeof(pthread_t));
    if (!jobs || !tid) return 2;
    for (long k = 0; k < threads; k++) {
        jobs[k].first = (uint32_t)k;
        jobs[k].step = (uint32_t)threads;
        jobs[k].stride = stride;
        if (pthread_create(&tid[k], NULL, run, &jobs[k])) return 2;
    }
    job all;
    memset(&all, 0, sizeof all);
    for (long k = 0; k < threads; k++) {
        pthread_join(tid[k], NULL);
        keep(&all.S, jobs[k].S.v, jobs[k].S.x, jobs[k].S.ref, jobs[k].S.got);
        keep(&all.phi, jobs[k].phi.v, jobs[k].phi.x, jobs[k].phi.ref, jobs[k].phi.got);
        keep(&all.f, jobs[k].f.v, jobs[k].f.x, jobs[k].f.ref, jobs[k].f.got);
        keep(&all.g, jobs[k].g.v, jobs[k].g.x, jobs[k].g.ref, jobs[k].g.got);
        keep(&all.th, jobs[k].th.v, jobs[k].th.x, jobs[k].th.ref, jobs[k].th.got);
        for (int o = 0; o < TT_OPS; o++)
            for (int w = 0; w < 2; w++)
                keep(&all.tt[o][w], jobs[k].tt[o][w].v, jobs[k].tt[o][w].x, jobs[k].tt[o][w].ref, jobs[k].tt[o][w].got);
        for (int o = 0; o < TT_OPS; o++) keep(&all.tt16[o], jobs[k].tt16[o].v, jobs[k].tt16[o].x, jobs[k].tt16[o].ref, jobs[k].tt16[o].got);
        for (int o = 0; o < H_OPS; o++)
            for (int w = 0; w < 2; w++)
                keep(&all.h[o][w], jobs[k].h[o][w].v, jobs[k].h[o][w].x, jobs[k].h[o][w].ref, jobs[k].h[o][w].got);
    }
    int pass = 0;
    printf("gelu_erf\n");
    pass += check("S", &all.S, exp2(-34.6), 1);
    pass += check("Phi", &all.phi, exp2(-34.2), 1);
    pass += check("f", &all.f, 1.0, 0);
    pass += check("f'", &all.g, 1.0, 0);
    for (int o = 0; o < TT_OPS; o++) {
        printf("table tier, %s\n", tt_names[o]);
        pass += check("f", &all.tt[o][0], 1.0, 0);
        pass += check("f'", &all.tt[o][1], 1.0, 0);
        if (tt_ops[o] != GPUACT_OP_GELU_TANH && tt_ops[o] != GPUACT_OP_SWISH_TANH) pass += check("f16r", &all.tt16[o], 1.0, 0);
    }
    for (int o = 0; o < H_OPS; o++) {
        printf("16-bit tier, %s\n", o < TT_OPS ? tt_names[o] : o == TT_OPS ? "elu" : "selu");
        pass += check("f", &all.h[o][0], 1.0, 0);
        pass += check("f'", &all.h[o][1], 1.0, 0);
    }
    printf("swish_tanh\n");
    pass += check("tanh", &all.th, exp2(-36.9), 1);
    printf("sigmoid family\n");
    worst rcp;
    memset(&rcp, 0, sizeof rcp);
    for (uint32_t b = 0x3f800000u; b <= 0x40000000u; b++) {
        const float d = tu_u2f(b), y = gpuact__fast_rcp12(d);
        keep(&rcp, (double)fabsl(1.0L - (long double)d * y), d, 1.0L / d, y);
    }
    pass += check("1/d", &rcp, exp2(-22.0), 1);
    free(jobs);
    free(tid);
    return tu_summary(pass, NCHECK - pass);
}
