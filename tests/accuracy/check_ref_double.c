/* tests/accuracy/check_ref_double.c - validates tests/accuracy/ref_double.h against the MPFR
   reference (reference/), so that the exhaustive GPU sweep (tests/accuracy/sweep_f32.cu),
   which measures the library against the double reference, can be trusted.

   For each function (the 7 ops with default parameters, elu alpha = 0.3,
   swish_tanh s = 1.5 on [-0.2, 0.8]) and each direction (f, f'), on >= 200,000
   fp32 inputs (stratified: every binade of both signs, the central range, the
   tails, the thresholds of the library and of ref_double.h, around the zeros
   of f', the edges of ref_double.h's Taylor windows, the swish_tanh clamp
   edges, special values, random bit patterns), it measures the double value's
   error in fp32 ULPs of the exact value (gpuact_ref_ulp with fmt F32 and got
   = the double) and requires <= 0.01 ULP everywhere, with no NaN, inf or
   signed-zero mismatch.

   Build and run (from the repository root):
     cc -O2 -std=c99 -I. -Ireference tests/accuracy/check_ref_double.c reference/gpuact_ref.c reference/ref_[a-z]*.c \
        -lmpfr -lgmp -lm -pthread -o check_ref_double
   (every reference/ source except its self-test test_ref.c)
     ./check_ref_double [--threads N] [--scale K] [--seed S] [--quick]
   --scale K multiplies the per-stratum counts (default 1); --quick divides
   them by 8 (a smoke test, below the 200,000 floor). Exit status 0 iff every
   function/direction passed. The last line is "N passed, M failed".
*/
#define _POSIX_C_SOURCE 200809L
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tests/accuracy/ref_double.h"
#include "gpuact_ref.h"
#include "tests/accuracy/configs.h"
#include "tests/accuracy/edges.h"
#include "tests/common/args.h"
#include "tests/common/bits.h"
#include "tests/common/test_util.h"

#define BAR 0.01 /* fp32 ULP */

typedef struct {
    const char *name;
    int op;
    float alpha, scale, lo, hi;
} config;

#define CONFIG_ROW(name, slug, label, op, alpha, scale, lo, hi) {name, op, alpha, scale, lo, hi},
static const config configs[] = {ACC_CONFIGS(CONFIG_ROW)};
#define NCONF ((int)(sizeof configs / sizeof configs[0]))

/* ---- random samples ----------------------------------------------------- */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd64(void) { return tu_xorshift64s(&rng_state); }
static double rnd01(void) { return (double)(rnd64() >> 11) * 0x1p-53; }

/* ---- input set ---------------------------------------------------------- */
typedef struct { float *v; size_t n, cap; } fvec;
static void push(fvec *a, float x) {
    if (a->n == a->cap) {
        a->cap = a->cap ? 2 * a->cap : 1 << 16;
        a->v = (float *)realloc(a->v, a->cap * sizeof(float));
        if (!a->v) { perror("realloc"); exit(2); }
    }
    a->v[a->n++] = x;
}
/* the k floats on each side of c (and c) */
static void around(fvec *a, float c, int k) {
    int64_t o = tu_f2ord(c), i;
    for (i = -k; i <= k; i++) {
        int64_t q = o + i;
        float f;
        if (q < tu_f2ord(-INFINITY) || q > tu_f2ord(INFINITY)) continue;
        f = tu_ord2f(q);
        push(a, f);
    }
}

/* x where g(x) = w(x) - b (which = 0) or tanh(w(x)) - b (which = 1) changes
   sign, for swish_tanh: scan, then bisect in double. */
static double swish_g(double x, double s, double b, int which) {
    double w = gpuact_refd_silu(x) * s;
    return (which ? tanh(w) : w) - b;
}
static void build_inputs(const config *c, fvec *a, double scale) {
    int sgn, e, i;
    int per_binade = (int)(200 * scale), near0 = (int)(1500 * scale), thr = (int)(150 * scale);
    size_t central = (size_t)(40000 * scale), wide = (size_t)(15000 * scale), randbits = (size_t)(25000 * scale);
    static const double x0s[4] = {GPUACT_REFD__X0(GPUACT_REFD_Z_GELU_ERF), GPUACT_REFD__X0(GPUACT_REFD_Z_GELU_TANH),
                                  GPUACT_REFD__X0(GPUACT_REFD_Z_GELU_SIG), GPUACT_REFD__X0(GPUACT_REFD_Z_SILU)};
    /* thresholds of the library core and of ref_double.h, and other landmarks */
    static const double marks[] = {10, -10, 9, -9, -11, -12, -14.5, -14.75, 70, -70, 120, -120, 200, -200, 30, -30,
                                   40, -40, 64, -64, 480, -480, 800, -800, 0x1p-60, -0x1p-60, 0x1p-40, -0x1p-40,
                                   0.0054, -0.0054, 20, -20, 1, -1, 0.5, -0.5, 2, -2, 88.7, -88.7, 103, -103,
                                   87.3, -87.3, 745, -745, 10.5, -10.5, 0x1p-126, -0x1p-126, 16, -16};
    /* every binade of both signs (exponent field 0 = the subnormals) */
    for (sgn = 0; sgn < 2; sgn++)
        for (e = 0; e < 255; e++) {
            uint32_t base = ((uint32_t)sgn << 31) | ((uint32_t)e << 23);
            push(a, tu_u2f(base));
            push(a, tu_u2f(base | 1u));
            push(a, tu_u2f(base | 0x7fffffu));
            for (i = 0; i < per_binade; i++) push(a, tu_u2f(base | (uint32_t)(rnd64() & 0x7fffffu)));
        }
    /* central range and tails, uniform in value */
    for (i = 0; i < (int)central; i++) push(a, (float)(-16.0 + 32.0 * rnd01()));
    for (i = 0; i < (int)wide; i++) push(a, (float)(-250.0 + 500.0 * rnd01()));
    for (i = 0; i < (int)wide / 3; i++) push(a, (float)(-900.0 + 1800.0 * rnd01()));
    /* the zeros of the derivatives, and the Taylor windows' edges */
    for (i = 0; i < 4; i++) {
        around(a, (float)x0s[i], near0);
        around(a, (float)(x0s[i] - GPUACT_REFD_ZW), thr);
        around(a, (float)(x0s[i] + GPUACT_REFD_ZW), thr);
        {   /* and the band |d| < 2^-7 sampled uniformly */
            int k;
            for (k = 0; k < near0; k++) push(a, (float)(x0s[i] + GPUACT_REFD_ZW * (2 * rnd01() - 1)));
        }
    }
    for (i = 0; i < (int)(sizeof marks / sizeof marks[0]); i++) around(a, (float)marks[i], thr);
    /* swish_tanh clamp edges */
    if (c->op == 7) {
        double ed[32];
        int ne = acc_swish_edges(swish_g, c->scale, c->lo, c->hi, ed, 32), k;
        for (k = 0; k < ne; k++) around(a, (float)ed[k], 10 * thr);
        printf("  %s: %d clamp edge(s):", c->name, ne);
        for (k = 0; k < ne; k++) printf(" %.9g", ed[k]);
        printf("\n");
    }
    /* special values */
    {
        static const float sp[] = {0.0f, -0.0f, INFINITY, -INFINITY, FLT_MAX, -FLT_MAX, FLT_MIN, -FLT_MIN,
                                   1.40129846e-45f, -1.40129846e-45f};
        for (i = 0; i < (int)(sizeof sp / sizeof sp[0]); i++) push(a, sp[i]);
        push(a, tu_u2f(0x7fc00000u));
        push(a, tu_u2f(0xffc00000u));
        push(a, tu_u2f(0x7f800001u));
        push(a, tu_u2f(0xffbfffffu));
    }
    /* random bit patterns */
    for (i = 0; i < (int)randbits; i++) push(a, tu_u2f((uint32_t)(rnd64() >> 32)));
}

/* ---- the check ----------------------------------------------------------- */
typedef struct {
    const config *c;
    int deriv;
    const float *x;
    size_t n;
    int tid, nth;
    /* results */
    double max_err;
    float max_x;
    double max_got, max_ref;
    size_t bad, specials, round_diff;
    float first_bad_x;
    double first_bad_got, first_bad_err;
    unsigned long undecided;
} job;

static void *run_job(void *arg) {
    job *j = (job *)arg;
    gpuact_refd_params pd;
    gpuact_ref_params pr;
    size_t i;
    pd.alpha = j->c->alpha; pd.scale = j->c->scale; pd.lo = j->c->lo; pd.hi = j->c->hi;
    pr.alpha = j->c->alpha; pr.scale = j->c->scale; pr.lo = j->c->lo; pr.hi = j->c->hi;
    j->max_err = -1; j->bad = 0; j->specials = 0; j->round_diff = 0;
    unsigned long und0 = gpuact_ref_undecided_count();
    for (i = (size_t)j->tid; i < j->n; i += (size_t)j->nth) {
        float xf = j->x[i];
        double got = gpuact_refd(j->c->op, j->deriv, (double)xf, &pd);
        double ref = 0;
        int sm = 0;
        double err = -1;
        int e2;
        /* A double that is a power of two (f = x for large x = 2^k, f' = 1 in
           the saturated ranges, f' = 1/2 near 0) may be an exact value like
           2^k - e^-8192: gpuact_ref_ulp cannot fix the exponent of the ulp
           there (the enclosure straddles 2^k at every precision) and warns.
           gpuact_ref_eval in F64 decides easily; if it returns exactly the
           double, the error is at most half a double ulp below 2^k, i.e.
           <= 2^-29 fp32 ULP, which is reported as the (upper bound) error. */
        if (isfinite(got) && got != 0.0 && frexp(got, &e2) == (got > 0 ? 0.5 : -0.5)) {
            double r64 = gpuact_ref_eval(j->c->op, j->deriv, (double)xf, &pr, GPUACT_REF_F64);
            if (r64 == got) {
                err = 0x1p-29;
                ref = (double)(float)got; /* a power of two in range: exact in fp32 */
                if (fabs(got) > FLT_MAX) err = -1; /* beyond fp32: let gpuact_ref_ulp judge */
            }
        }
        if (err < 0)
            err = gpuact_ref_ulp(j->c->op, j->deriv, (double)xf, 0.0, &pr, GPUACT_REF_F32, got, &ref, &sm);
        int special = isnan(xf) || isinf(xf) || xf == 0.0f || isnan(got) || isinf(got) || got == 0.0;
        /* does the double, rounded to fp32, give the correctly rounded result? (what sweep_f32's
           not-CR count relies on; informative: near an fp32 midpoint it may legitimately not) */
        {
            float g32 = (float)got;
            if (!(isnan(g32) && isnan(ref)) && ((double)g32 != ref || (signbit(g32) != 0) != (signbit(ref) != 0))) j->round_diff++;
        }
        if (special) j->specials++;
        if (!(err <= BAR) || sm) {
            if (j->bad == 0) { j->first_bad_x = xf; j->first_bad_got = got; j->first_bad_err = sm ? -1 : err; }
            j->bad++;
        }
        if (err > j->max_err || isnan(err)) {
            j->max_err = isnan(err) ? INFINITY : err;
            j->max_x = xf; j->max_got = got; j->max_ref = ref;
        }
    }
    j->undecided = gpuact_ref_undecided_count() - und0;
    return NULL;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
    int nth = 2, ci, d, i, passed = 0, failed = 0;
    double scale = 1.0;
    unsigned long undecided = 0;
    for (i = 1; i < argc; i++) {
        const char *v;
        if ((v = tu_arg(argc, argv, &i, "--threads"))) nth = atoi(v);
        else if ((v = tu_arg(argc, argv, &i, "--scale"))) scale = atof(v);
        else if ((v = tu_arg(argc, argv, &i, "--seed"))) rng_state ^= strtoull(v, NULL, 0) * 0x9e3779b97f4a7c15ull;
        else if (!strcmp(argv[i], "--quick")) scale = 0.125;
        else { fprintf(stderr, "usage: %s [--threads N] [--scale K] [--seed S] [--quick]\n", argv[0]); return 2; }
    }
    if (nth < 1) nth = 1;
    if (nth > 256) nth = 256;
    printf("check_ref_double: tests/accuracy/ref_double.h vs MPFR (reference/), error in fp32 ULPs of the exact value, bar %.3g\n", BAR);
    printf("%-24s %-3s %8s %12s  %-16s %15s %8s %7s %6s %6s\n", "function", "dir", "inputs", "max ULP", "at x", "x (decimal)",
           "special", "RN!=CR", "fails", "sec");
    for (ci = 0; ci < NCONF; ci++) {
        const config *c = &configs[ci];
        fvec in = {0, 0, 0};
        build_inputs(c, &in, scale);
        for (d = 0; d < 2; d++) {
            pthread_t th[256];
            job jobs[256];
            double t0 = now(), mx = -1;
            float mxx = 0, bx = 0;
            double bgot = 0, berr = 0, mgot = 0, mref = 0;
            size_t bad = 0, spec = 0, rdiff = 0;
            int t;
            for (t = 0; t < nth; t++) {
                memset(&jobs[t], 0, sizeof jobs[t]);
                jobs[t].c = c; jobs[t].deriv = d; jobs[t].x = in.v; jobs[t].n = in.n; jobs[t].tid = t; jobs[t].nth = nth;
                if (pthread_create(&th[t], NULL, run_job, &jobs[t])) { perror("pthread_create"); return 2; }
            }
            for (t = 0; t < nth; t++) {
                pthread_join(th[t], NULL);
                if (jobs[t].max_err > mx) { mx = jobs[t].max_err; mxx = jobs[t].max_x; mgot = jobs[t].max_got; mref = jobs[t].max_ref; }
                if (jobs[t].bad && !bad) { bx = jobs[t].first_bad_x; bgot = jobs[t].first_bad_got; berr = jobs[t].first_bad_err; }
                bad += jobs[t].bad;
                spec += jobs[t].specials;
                rdiff += jobs[t].round_diff;
                undecided += jobs[t].undecided;
            }
            printf("%-24s %-3s %8zu %12.3e  %-16a %15.9g %8zu %7zu %6zu %6.1f\n", c->name, d ? "f'" : "f", in.n, mx, mxx, mxx,
                   spec, rdiff, bad, now() - t0);
            if (bad) {
                printf("    FAIL: e.g. x = %a: double = %a, %s\n", bx, bgot,
                       berr < 0 ? "zero of the wrong sign" : "error above the bar");
                printf("    worst: x = %a double = %.17g, CR fp32 = %.9g\n", mxx, mgot, mref);
                failed++;
            } else {
                passed++;
            }
            fflush(stdout);
        }
        free(in.v);
    }
    if (undecided) printf("note: the MPFR reference reported %lu undecided rounding(s)\n", undecided);
    printf("special: inputs or results that are NaN, inf or zero (judged too); RN!=CR: the double rounded to\n"
           "fp32 differs from the correctly rounded fp32 value (informative, not a failure)\n");
    printf("(a max of 1.863e-09 = 2^-29 is the bound used where the double is a power of two and equals\n the exact value rounded to double: see the comment in run_job)\n");
    return tu_summary(passed, failed);
}
