/* tests/accuracy/f64_error.c - the fp64 scalar core (gpuact_f64.h) against the
   MPFR reference (reference/, format binary64).

   For every op (elu with alpha 1, 0.5, 2, 1e-3; swish_tanh with the default
   cfg and three others, one with s = 2^127 and bounds near 2^-134) and every direction (fwd f, deriv f', bwd dy f'):
     - special inputs (+-0, +-inf, NaN, subnormal, DBL_MIN, DBL_MAX, ...):
       the result must be bit-identical to the reference (NaN: any NaN);
     - hard cases: a few ulps around the zeros of f', the edges of the core's
       Taylor windows, its clip points and tiny-x thresholds, the erfcx
       interval boundaries, the underflow thresholds of the tails (found by
       bisection), swish_tanh's clamp points;
     - random doubles: log-uniform magnitudes over the whole range and
       uniform in [-40, 40]; bwd with random dy (log-uniform, with +-0,
       +-inf, NaN, huge and tiny values mixed in).
   Error: gpuact_ref_ulp (ulps of the exact value). Exit status 1 if any
   error > 1 ulp, a NaN/inf or signed-zero mismatch, or a special value that
   differs from the reference.

   Build (repository root):
     make -C reference libgpuact_ref.a
     gcc -O2 -std=c99 -Wall -Wextra -Werror -I. -Ireference -Itests/accuracy \
         tests/accuracy/f64_error.c reference/libgpuact_ref.a -o /tmp/f64e -lmpfr -lgmp -lm -lpthread
     /tmp/f64e [--n N] [--threads T] [--seed S]
   --n: random inputs per op and direction (default 200000, about 30 s on two
   cores); a thorough run: --n 10000000. */
#define _POSIX_C_SOURCE 200809L
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpuact_kernels.cuh"
#include "gpuact_f64.h"
#include "gpuact_ref.h"

typedef struct {
    const char *name;
    int op;
    float alpha, scale, lo, hi;
} config;

static const config configs[] = {
    {"gelu_erf", GPUACT_OP_GELU_ERF, 1.0f, 0.5f, -1.0f, 1.0f},
    {"gelu_tanh", GPUACT_OP_GELU_TANH, 1.0f, 0.5f, -1.0f, 1.0f},
    {"gelu_sigmoid", GPUACT_OP_GELU_SIGMOID, 1.0f, 0.5f, -1.0f, 1.0f},
    {"elu(1)", GPUACT_OP_ELU, 1.0f, 0.5f, -1.0f, 1.0f},
    {"elu(0.5)", GPUACT_OP_ELU, 0.5f, 0.5f, -1.0f, 1.0f},
    {"elu(2)", GPUACT_OP_ELU, 2.0f, 0.5f, -1.0f, 1.0f},
    {"elu(1e-3)", GPUACT_OP_ELU, 1e-3f, 0.5f, -1.0f, 1.0f},
    {"selu", GPUACT_OP_SELU, 1.0f, 0.5f, -1.0f, 1.0f},
    {"silu", GPUACT_OP_SILU, 1.0f, 0.5f, -1.0f, 1.0f},
    {"swish(.5,-1,1)", GPUACT_OP_SWISH_TANH, 1.0f, 0.5f, -1.0f, 1.0f},
    {"swish(1,-.5,.75)", GPUACT_OP_SWISH_TANH, 1.0f, 1.0f, -0.5f, 0.75f},
    {"swish(2,-3,128)", GPUACT_OP_SWISH_TANH, 1.0f, 2.0f, -3.0f, 128.0f},
    /* s silu(x) beyond the doubles for x above 2^897, and clamp bounds
       where tanh(w) = w (K56) */
    {"swish(2^127,tiny)", GPUACT_OP_SWISH_TANH, 1.0f, 0x1p127f, 0x1.0174p-135f, 0x1.fffep-134f},
};
#define NCONF ((int)(sizeof configs / sizeof configs[0]))
static const char *dirname_[3] = {"fwd", "deriv", "bwd"};

/* ---- options, results ---- */
static long opt_n = 200000;
static unsigned long long opt_seed = 12345;
static int opt_threads = 2;

typedef struct {
    double maxulp[3], worst_x[3], worst_dy[3];
    long count[3], fails, special_fails;
} result;
static result results[NCONF];
static pthread_mutex_t print_lock = PTHREAD_MUTEX_INITIALIZER;
static int printed;
#define MAX_PRINT 40

/* ---- helpers ---- */
static uint64_t d2u(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static double u2d(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static uint64_t xs64(uint64_t *s) { uint64_t x = *s; x ^= x >> 12; x ^= x << 25; x ^= x >> 27; *s = x; return x * 0x2545F4914F6CDD1Dull; }
static double rnd01(uint64_t *s) { return (double)(xs64(s) >> 11) * (1.0 / 9007199254740992.0); }
/* log-uniform over all finite doubles: random sign, exponent, mantissa */
static double rnd_any(uint64_t *s) {
    uint64_t r = xs64(s), e = xs64(s) % 2047; /* 0 = subnormal */
    return u2d((r & 0x800fffffffffffffull) | (e << 52));
}
static double step(double x, int k) { /* k ulps up (k > 0) or down */
    while (k > 0) { x = nextafter(x, INFINITY); k--; }
    while (k < 0) { x = nextafter(x, -INFINITY); k++; }
    return x;
}

typedef struct { double *v; size_t n, cap; } dvec;
static void push(dvec *a, double x) {
    if (a->n == a->cap) { a->cap = a->cap ? 2 * a->cap : 1024; a->v = realloc(a->v, a->cap * sizeof *a->v); }
    a->v[a->n++] = x;
}
static void push_around(dvec *a, double x, int k) {
    int i;
    for (i = -k; i <= k; i++) push(a, step(x, i));
}

static gpuact_cfg mkcfg(const config *c) {
    gpuact_cfg g;
    g.alpha = c->alpha; g.scale = c->scale; g.lo = c->lo; g.hi = c->hi; g.mode = 0;
    return g;
}
static double mine(int dir, int op, double x, double dy, const gpuact_cfg *g) {
    return dir == 0 ? gpuact__f64_fwd(op, x, g) : dir == 1 ? gpuact__f64_deriv(op, x, g) : gpuact__f64_bwd(op, x, dy, g);
}
/* bisection for the x where |f_dir(x)| crosses t, f monotone on [a, b] */
static double bisect(int dir, int op, const gpuact_cfg *g, double a, double b, double t) {
    int i;
    for (i = 0; i < 200; i++) {
        double m = 0.5 * (a + b), v = fabs(mine(dir, op, m, 1.0, g));
        if (m == a || m == b) break;
        if ((v < t) == (fabs(mine(dir, op, a, 1.0, g)) < t)) a = m; else b = m;
    }
    return a;
}

static const double special_x[] = {
    0.0, -0.0, INFINITY, -INFINITY, NAN, DBL_MIN, -DBL_MIN, DBL_MAX, -DBL_MAX, 4.9406564584124654e-324,
    -4.9406564584124654e-324, 1.4821969375237396e-323 /* 3 * 2^-1074 */, -1.4821969375237396e-323,
    2.2250738585072009e-308 /* largest subnormal */, -2.2250738585072009e-308, 2.2250738585072014e-308 * 1.5,
    -2.2250738585072014e-308 * 1.5, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 1e-300, -1e-300, 1e300, -1e300, 1e-20, -1e-20,
    40.0, -40.0, 1000.0, -1000.0, 1e10, -1e10};
static const double special_dy[] = {1.0, -1.0, 0.0, -0.0, INFINITY, -INFINITY, NAN, DBL_MAX, -DBL_MAX,
                                    4.9406564584124654e-324, -4.9406564584124654e-324, DBL_MIN, 3.0, 1e-300, 1e300};
#define NSX ((int)(sizeof special_x / sizeof special_x[0]))
#define NSDY ((int)(sizeof special_dy / sizeof special_dy[0]))

/* forward values that are an exact double minus e^-|x| with |x| > 1000 */
static int saturated(int op, int dir, double x) {
    if (dir != 0 || !isfinite(x)) return 0;
    if (op == GPUACT_OP_ELU || op == GPUACT_OP_SELU) return x < -1000.0;
    if (op == GPUACT_OP_SWISH_TANH) return 0;
    return x > 1000.0;
}

/* one evaluation: error check; special: also bit-exact */
static void check(int ci, int dir, double x, double dy, int special) {
    const config *c = &configs[ci];
    gpuact_cfg g = mkcfg(c);
    gpuact_ref_params p;
    double got = mine(dir, c->op, x, dy, &g), ref = 0, err;
    int sm = 0, bad = 0;
    result *r = &results[ci];
    p.alpha = c->alpha; p.scale = c->scale; p.lo = c->lo; p.hi = c->hi;
    if (saturated(c->op, dir, x)) {
        /* gpuact_ref_ulp cannot narrow these enclosures to 2^-32 ulp (e^-|x|
           underflows MPFR's exponent range: it warns "not proven at 4096 bits"
           and is slow); the correctly rounded value is decided, so require
           the same bits */
        ref = gpuact_ref_eval(c->op, dir, x, &p, GPUACT_REF_F64);
        err = (isnan(got) && isnan(ref)) || d2u(got) == d2u(ref) ? 0.0 : INFINITY;
    } else {
        err = gpuact_ref_ulp(c->op, dir, x, dy, &p, GPUACT_REF_F64, got, &ref, &sm);
    }
    if (!(err <= 1.0) || sm) bad = 1;
    if (special && !(isnan(got) && isnan(ref)) && d2u(got) != d2u(ref)) { bad = 1; r->special_fails++; }
    r->count[dir]++;
    if (!(err <= r->maxulp[dir]) && !bad) { r->maxulp[dir] = err; r->worst_x[dir] = x; r->worst_dy[dir] = dy; }
    if (bad) {
        if (!(err <= r->maxulp[dir])) { r->maxulp[dir] = err; r->worst_x[dir] = x; r->worst_dy[dir] = dy; }
        r->fails++;
        pthread_mutex_lock(&print_lock);
        if (printed++ < MAX_PRINT)
            printf("FAIL op=%s dir=%s x=%a dy=%a ref=%a got=%a ulp=%g%s\n", c->name, dirname_[dir], x, dy, ref, got, err,
                   sm ? " (sign of zero)" : special ? " (special)" : "");
        pthread_mutex_unlock(&print_lock);
    }
}

static double rnd_dy(uint64_t *s) {
    uint64_t k = xs64(s) % 16;
    if (k == 0) return special_dy[xs64(s) % NSDY];
    if (k < 4) return (rnd01(s) * 2 - 1) * 4;
    return rnd_any(s);
}

/* hard cases of config ci */
static void hard_cases(int ci, dvec *h) {
    const config *c = &configs[ci];
    gpuact_cfg g = mkcfg(c);
    int op = c->op, i, b, k, dir;
    double x0s[4] = {GPUACT__F64_Z_ERF_X0_1, GPUACT__F64_Z_GT_X0_1, GPUACT__F64_Z_GS_X0_1, GPUACT__F64_Z_SILU_X0_1};
    double clips[] = {10.0, -56.6, -30.0, 30.0, -1060.0, 50.0, -1800.0, -1600.0, 1e-300, -1e-300};
    double th[] = {0x1p-70, -0x1p-70, 0x1p-100, -0x1p-100, 0x1p-900, 0x1p900, -0.0054152123481245725, -0.0054, -0.0055};
    for (i = 0; i < 4; i++) {
        push_around(h, x0s[i], 40);
        push_around(h, x0s[i] - 0x1p-9, 3);
        push_around(h, x0s[i] + 0x1p-9, 3);
        for (k = 0; k < 200; k++) push(h, x0s[i] + (k - 100) * 0x1p-15);
    }
    for (i = 0; i < (int)(sizeof clips / sizeof clips[0]); i++) push_around(h, clips[i], 3);
    for (i = 0; i < (int)(sizeof th / sizeof th[0]); i++) { push_around(h, th[i], 3); push_around(h, -th[i], 3); }
    /* erfcx interval boundaries: u = v - 1, x = +-u sqrt2 */
    for (b = 0; b < 6; b++)
        for (k = 0; k < 16; k++) {
            double u = ldexp(1.0 + k / 16.0, b) - 1.0, x = u * 1.4142135623730951;
            push_around(h, x, 2);
            push_around(h, -x, 2);
        }
    /* exp reduction boundaries (n changes) near 0 and in the tails */
    for (k = -8; k <= 8; k++) push_around(h, (k + 0.5) * 0.010830424696249145, 1);
    /* underflow thresholds of the negative tails, |f| and |f'| crossing 2^-1022, 2^-1074, 2^-1075 */
    for (dir = 0; dir < 2; dir++) {
        double ts[3] = {0x1p-1022, 0x1p-1073, 0x1p-1074};
        double a = -2000.0, bb = -2.0;
        if (op == GPUACT_OP_SWISH_TANH) break;
        if (op == GPUACT_OP_ELU && dir == 0) break;
        for (i = 0; i < 3; i++) {
            double t = ts[i] * (op == GPUACT_OP_ELU || op == GPUACT_OP_SELU ? 1.0 : 1.0);
            if (fabs(mine(dir, op, a, 1.0, &g)) < t && fabs(mine(dir, op, bb, 1.0, &g)) >= t) {
                double xt = bisect(dir, op, &g, a, bb, t);
                push_around(h, xt, 30);
            }
        }
    }
    /* swish_tanh: w = s silu(x) = lo, hi; tanh(w) = lo, hi */
    if (op == GPUACT_OP_SWISH_TANH) {
        double cs[4] = {c->lo, c->hi, atanh(c->lo < -1 ? -0.999 : c->lo), atanh(c->hi > 1 ? 0.999 : c->hi)};
        gpuact_cfg sg = mkcfg(c);
        for (i = 0; i < 4; i++) {
            double t = cs[i] / c->scale, a, bb;
            if (!isfinite(t)) continue;
            /* silu is increasing on [-1.2785, inf) and decreasing below */
            for (k = 0; k < 2; k++) {
                a = k ? -1.2784645427610737 : 1e6;
                bb = k ? -60.0 : -1.2784645427610737;
                if (k == 0) { double tmp = a; a = bb; bb = tmp; }
                {
                    double fa = gpuact__f64_fwd(GPUACT_OP_SILU, a, &sg) - t, fb = gpuact__f64_fwd(GPUACT_OP_SILU, bb, &sg) - t;
                    int it;
                    if ((fa < 0) == (fb < 0)) continue;
                    for (it = 0; it < 200; it++) {
                        double m = 0.5 * (a + bb), fm = gpuact__f64_fwd(GPUACT_OP_SILU, m, &sg) - t;
                        if (m == a || m == bb) break;
                        if ((fm < 0) == (fa < 0)) { a = m; fa = fm; } else bb = m;
                    }
                    push_around(h, a, 20);
                }
            }
            push_around(h, cs[i] / c->scale, 3); /* s x = c */
        }
        push_around(h, 64.0, 3);
    }
}

typedef struct { int ci; } job;
static int next_job;
static pthread_mutex_t job_lock = PTHREAD_MUTEX_INITIALIZER;

static void run_config(int ci) {
    dvec h = {0, 0, 0};
    uint64_t s = opt_seed * 0x9E3779B97F4A7C15ull + (uint64_t)ci * 7919 + 1;
    long i;
    int dir, j;
    for (i = 0; i < NSX; i++) {
        check(ci, 0, special_x[i], 1.0, 1);
        check(ci, 1, special_x[i], 1.0, 1);
        for (j = 0; j < NSDY; j++) check(ci, 2, special_x[i], special_dy[j], 1);
    }
    hard_cases(ci, &h);
    for (i = 0; i < (long)h.n; i++)
        for (dir = 0; dir < 3; dir++) check(ci, dir, h.v[i], dir == 2 ? rnd_dy(&s) : 1.0, 0);
    for (i = 0; i < opt_n; i++) {
        double x = (i & 1) ? rnd_any(&s) : (rnd01(&s) * 80.0 - 40.0);
        for (dir = 0; dir < 3; dir++) check(ci, dir, x, dir == 2 ? rnd_dy(&s) : 1.0, 0);
    }
    free(h.v);
}
static void *worker(void *arg) {
    (void)arg;
    for (;;) {
        int ci;
        pthread_mutex_lock(&job_lock);
        ci = next_job++;
        pthread_mutex_unlock(&job_lock);
        if (ci >= NCONF) break;
        run_config(ci);
    }
    gpuact_ref_thread_release();
    return NULL;
}

int main(int argc, char **argv) {
    int i, d, bad = 0;
    pthread_t th[64];
    struct timespec t0, t1;
    long fails = 0, sfails = 0;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--n") && i + 1 < argc) opt_n = atol(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc) opt_seed = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc) opt_threads = atoi(argv[++i]);
        else { fprintf(stderr, "usage: %s [--n N] [--seed S] [--threads T]\n", argv[0]); return 2; }
    }
    if (opt_threads < 1) opt_threads = 1;
    if (opt_threads > 64) opt_threads = 64;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (i = 0; i < opt_threads; i++) pthread_create(&th[i], NULL, worker, NULL);
    for (i = 0; i < opt_threads; i++) pthread_join(th[i], NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("\nmax error (ulp) vs MPFR, binary64; n = %ld random x per op (+ specials, hard cases)\n", opt_n);
    printf("%-18s %10s %10s %10s   worst x (fwd / deriv / bwd)\n", "op", "fwd", "deriv", "bwd");
    for (i = 0; i < NCONF; i++) {
        result *r = &results[i];
        printf("%-18s", configs[i].name);
        for (d = 0; d < 3; d++) printf(" %10.6f", r->maxulp[d]);
        printf("   %a / %a / %a (dy %a)\n", r->worst_x[0], r->worst_x[1], r->worst_x[2], r->worst_dy[2]);
        fails += r->fails;
        sfails += r->special_fails;
    }
    printf("evaluations: %ld per op and direction (+ specials); failures %ld (special-value mismatches %ld); "
           "undecided %lu; %.1f s\n", results[0].count[0], fails, sfails, gpuact_ref_undecided_count(),
           (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
    bad = fails != 0;
    printf("%s\n", bad ? "FAILED" : "PASSED");
    return bad;
}
