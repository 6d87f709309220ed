/* tests/accuracy/audit.c - the accuracy audit of gpuact against the MPFR reference.

   For every function configuration (gelu_erf, gelu_tanh, gelu_sigmoid,
   elu alpha=1, elu alpha=0.3, selu, silu, swish_tanh with its defaults,
   swish_tanh s=1.5 lo=-0.2 hi=0.8) x dtype (f32, f16, bf16) x direction
   (f, f' and dy*f'), in the library's "accurate" mode, it reports the max ULP
   error against the exact value (reference/, MPFR, correctly rounded and
   proven per call), the x and dy where it occurs, the number of results that
   are not correctly rounded, and NaN / inf / signed-zero mismatches (and
   non-canonical NaNs), and checks the bars:
       f32          f <= 1 ULP, f' <= 2 ULP, dy*f' <= 2.5 ULP
       f16, bf16    f correctly rounded (0 not CR), f' <= 1 ULP, dy*f' <= 1 ULP
       all          zero special mismatches
   Inputs:
       f16, bf16    all 65536 bit patterns (exhaustive), dy drawn per x
       f32          a stratified sample (every binade and sign, dense near 0,
                    [-16, 16], the negative tails, the zeros of f', the clamp
                    edges of swish_tanh and the library's thresholds, the
                    subnormals, any bit pattern, the special values)
       dy           per input: half moderate, 45% any finite value, 5% special
                    (+-0, +-inf, NaN, +-max, +-min subnormal, +-1)
   The inputs are a pure function of (--seed, --fp32-sample, --quick): the
   results do not depend on --threads.

   usage: audit [options]
     --quick             16-bit inputs with a stride of 4 (offset by config, so
                         each bit pattern is seen by some config) plus the
                         special patterns, and 50,000 fp32 inputs (< 1 min)
     --fp32-sample N     fp32 inputs in total, over all 9 configs (default 1000000)
     --threads N         worker threads (default: online CPUs)
     --seed S            sample seed (default 1)
     --only STR          only the configs whose name contains STR
     --csv FILE          the table as CSV
     --json FILE         everything as JSON
     --markdown FILE     docs/ACCURACY.md
     --svg-dir DIR       one plot per config: DIR/<config>.svg (gpuact vs the textbook formula, fp32)
     --plot-samples K    inputs per plot bin (default 24)
     --gpu-sweep FILE    merge the exhaustive fp32 sweep of sweep_f32.cu (its --csv
                         file, or its printed output) as the "exhaustive fp32 (GPU)" section
     --validate-double   run check_ref_double (next to this program, or
                         --check-ref-double PROG) and report the double reference's validation
     --ref-double-log FILE   ingest the output of an earlier check_ref_double run instead
     --check-bars        exit 1 if any bar is exceeded (or a merged sweep/validation failed)
     --no-progress       no progress line on stderr
     --examples          print the first inputs whose results are not correctly rounded, per row
     --finite-dy         draw no infinite dy (a diagnostic: separates inf * tiny f' from the rest)
   Prints the table and ends with "N passed, M failed": one check per
   config x dtype x direction, one for "the reference proved every rounding"
   (gpuact_ref_undecided_count() stays 0), plus one per merged GPU row and one
   for the double reference's validation. Exit status 1 only with --check-bars,
   2 on a usage or input error. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <float.h>
#include <math.h>
#include <mpfr.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gpuact_kernels.cuh"
#include "gpuact_ref.h"
#include "tests/accuracy/audit.h"
#include "tests/accuracy/audit_naive.h"
#include "tests/accuracy/edges.h"
#include "tests/common/bits.h"
#include "tests/common/formats.h"
#include "tests/common/ref_util.h"

#ifndef AUDIT_SOURCE_DIR
#define AUDIT_SOURCE_DIR "."
#endif

#define AUDIT_CONFIG_ROW(name, slug, label, op, alpha, scale, lo, hi) {name, slug, label, op, {alpha, scale, lo, hi, GPUACT_MODE_ACCURATE}},
const audit_config AUDIT_CONFIGS[AUDIT_NCONF] = {ACC_CONFIGS(AUDIT_CONFIG_ROW)};
const char *const AUDIT_FMT_NAME[AUDIT_NFMT] = {"f32", "f16", "bf16"};
const char *const AUDIT_DIR_NAME[AUDIT_NDIR] = {"f", "f'", "dy*f'"};
static const double BAR[AUDIT_NFMT][AUDIT_NDIR] = {{1.0, 2.0, 2.5}, {0.5, 1.0, 1.0}, {0.5, 1.0, 1.0}};
/* 16-bit forward: the bar is "correctly rounded" (0 not CR), shown as 0.5 */
static int bar_is_cr(int fmt, int dir) { return fmt != 0 && dir == 0; }

/* ---- small helpers ------------------------------------------------------- */
static double u01(uint64_t h) { return (double)(h >> 11) * 0x1p-53; }
static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
static double thread_cpu_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) { fprintf(stderr, "audit: out of memory\n"); exit(2); }
    return p;
}

/* ---- the reference, with one shortcut ------------------------------------ */
/* gpuact_ref_ulp needs the exponent of the exact value v. Where v is a power
   of two plus or minus something tiny (f' = 1 + e^-x^2/2 for large x, gelu(x)
   = x - tiny at x = 2^k, silu'(1e30) = 1 + (x - 1) e^-x beyond MPFR's range),
   its enclosure straddles 2^k at every precision: the call runs to the 4096-bit
   cap (~1 ms, with a warning). Instead: if the result is a power of two and
   the reference rounded to binary64 is exactly that power of two (decided at
   64 bits), then |v - got| <= half a binary64 ulp, so got is the correctly
   rounded value in the format and its error is at most 2^(p-53) ULP (p = the
   format's precision: 2^-29 for f32), which is reported. Otherwise the
   ordinary gpuact_ref_ulp decides. Rigorous either way. */
static double ref_ulp(int op, int dir, double x, double dy, const gpuact_ref_params *p, int fmt, double got,
                      double *ref, int *sm) {
    if (got != 0.0 && isfinite(got)) {
        int e;
        double m = frexp(got, &e);
        if (m == 0.5 || m == -0.5) {
            double r64 = dir == 2 ? gpuact_ref_backward(op, x, dy, p, GPUACT_REF_F64)
                                  : gpuact_ref_eval(op, dir, x, p, GPUACT_REF_F64);
            if (r64 == got) {
                *ref = got;
                *sm = 0;
                return ldexp(1.0, tu_prec(fmt) - 53);
            }
        }
    }
    return gpuact_ref_ulp(op, dir, x, dy, p, (gpuact_ref_format)fmt, got, ref, sm);
}

/* ---- the library under test -------------------------------------------- */
/* result bits (f32: the float's bits; 16-bit: the pattern) */
static uint32_t lib_eval(int ci, int fmt, int dir, uint32_t xb, uint32_t dyb) {
    const audit_config *k = &AUDIT_CONFIGS[ci];
    gpuact_op op = (gpuact_op)k->op;
    if (fmt == 0) {
        float x = tu_u2f(xb), dy = tu_u2f(dyb);
        float r = dir == 0 ? gpuact_forward_f32(op, x, &k->c) : dir == 1 ? gpuact_grad_f32(op, x, &k->c)
                                                                      : gpuact_backward_f32(op, x, dy, &k->c);
        return tu_f2u(r);
    }
    if (fmt == 1)
        return dir == 0 ? gpuact_forward_f16(op, (uint16_t)xb, &k->c)
               : dir == 1 ? gpuact_grad_f16(op, (uint16_t)xb, &k->c)
                          : gpuact_backward_f16(op, (uint16_t)xb, (uint16_t)dyb, &k->c);
    return dir == 0 ? gpuact_forward_bf16(op, (uint16_t)xb, &k->c)
           : dir == 1 ? gpuact_grad_bf16(op, (uint16_t)xb, &k->c)
                      : gpuact_backward_bf16(op, (uint16_t)xb, (uint16_t)dyb, &k->c);
}
static const uint32_t CANON_NAN[AUDIT_NFMT] = {0x7fc00000u, 0x7e00u, 0x7fc0u};

/* ---- statistics ------------------------------------------------------------ */
typedef struct {
    long long n, not_cr, over_bar, nan_mis, inf_mis, zero_mis, nan_noncanon;
    double max_ulp;
    uint64_t max_id; /* tie-break: the smallest input id wins, so results do not depend on threads */
    int has_max;
    uint32_t max_x, max_dy, max_got;
    double max_ref;
    int has_bad; /* one failing input (smallest id) */
    uint64_t bad_id;
    uint32_t bad_x, bad_dy, bad_got;
    double bad_ref, bad_ulp;
    const char *bad_what;
    int nex; /* the first AUDIT_NEX results that are not correctly rounded (smallest ids) */
    struct { uint64_t id; uint32_t x, dy, got; double ref, ulp; } ex[4];
} stat;
#define AUDIT_NEX 4
typedef stat stat_block[AUDIT_NCONF][AUDIT_NFMT][AUDIT_NDIR];

static void add_example(stat *s, uint64_t id, uint32_t x, uint32_t dy, uint32_t got, double ref, double ulp) {
    int j, w = 0;
    if (s->nex == AUDIT_NEX) { /* replace the largest id if this one is smaller */
        for (j = 1; j < AUDIT_NEX; j++) if (s->ex[j].id > s->ex[w].id) w = j;
        if (id >= s->ex[w].id) return;
    } else w = s->nex++;
    s->ex[w].id = id; s->ex[w].x = x; s->ex[w].dy = dy; s->ex[w].got = got; s->ex[w].ref = ref; s->ex[w].ulp = ulp;
}
static void judge(stat *s, int fmt, int dir, uint32_t xb, uint32_t dyb, uint32_t gotb, double got, double ref,
                  double ulp, int sm, uint64_t id) {
    int gn = isnan(got), rn = isnan(ref);
    const char *bad = NULL;
    s->n++;
    if (gn || rn) {
        if (gn != rn) { s->nan_mis++; bad = "NaN mismatch"; }
        else if (gotb != CANON_NAN[fmt]) { s->nan_noncanon++; bad = "non-canonical NaN"; }
    } else {
        int cr = got == ref && (signbit(got) != 0) == (signbit(ref) != 0);
        if (!cr) { s->not_cr++; add_example(s, id, xb, dyb, gotb, ref, ulp); }
        if ((isinf(got) || isinf(ref)) && got != ref) { s->inf_mis++; bad = "inf mismatch"; }
        else if (sm) { s->zero_mis++; bad = "zero of the wrong sign"; }
        else if (isinf(ulp) || isnan(ulp)) { s->inf_mis++; bad = "infinite error"; }
        else {
            if (ulp > BAR[fmt][dir]) { s->over_bar++; bad = "above the bar"; }
            else if (!cr && bar_is_cr(fmt, dir)) bad = "not correctly rounded";
            if (!s->has_max || ulp > s->max_ulp || (ulp == s->max_ulp && id < s->max_id)) {
                s->has_max = 1; s->max_ulp = ulp; s->max_id = id;
                s->max_x = xb; s->max_dy = dyb; s->max_got = gotb; s->max_ref = ref;
            }
        }
    }
    if (bad && (!s->has_bad || id < s->bad_id)) {
        s->has_bad = 1; s->bad_id = id; s->bad_x = xb; s->bad_dy = dyb; s->bad_got = gotb;
        s->bad_ref = ref; s->bad_ulp = ulp; s->bad_what = bad;
    }
}
static void merge(stat *a, const stat *b) {
    a->n += b->n; a->not_cr += b->not_cr; a->over_bar += b->over_bar; a->nan_mis += b->nan_mis;
    a->inf_mis += b->inf_mis; a->zero_mis += b->zero_mis; a->nan_noncanon += b->nan_noncanon;
    if (b->has_max && (!a->has_max || b->max_ulp > a->max_ulp || (b->max_ulp == a->max_ulp && b->max_id < a->max_id))) {
        a->has_max = 1; a->max_ulp = b->max_ulp; a->max_id = b->max_id; a->max_x = b->max_x;
        a->max_dy = b->max_dy; a->max_got = b->max_got; a->max_ref = b->max_ref;
    }
    if (b->has_bad && (!a->has_bad || b->bad_id < a->bad_id)) {
        a->has_bad = 1; a->bad_id = b->bad_id; a->bad_x = b->bad_x; a->bad_dy = b->bad_dy; a->bad_got = b->bad_got;
        a->bad_ref = b->bad_ref; a->bad_ulp = b->bad_ulp; a->bad_what = b->bad_what;
    }
    {
        int j;
        for (j = 0; j < b->nex; j++) add_example(a, b->ex[j].id, b->ex[j].x, b->ex[j].dy, b->ex[j].got, b->ex[j].ref, b->ex[j].ulp);
    }
}
static long long specials(const stat *s) { return s->nan_mis + s->inf_mis + s->zero_mis + s->nan_noncanon; }
static int stat_ok(const stat *s, int fmt, int dir) {
    if (specials(s)) return 0;
    if (bar_is_cr(fmt, dir)) return s->not_cr == 0;
    return !s->has_max || s->max_ulp <= BAR[fmt][dir];
}

/* ---- inputs -------------------------------------------------------------- */
/* dy for input (fmt, ci, i): half moderate, ~45% any finite value, 5% special */
static int FINITE_DY; /* --finite-dy: no infinite dy (a diagnostic) */
static uint32_t pick_dy(int fmt, uint64_t h) {
    unsigned sel = (unsigned)(h & 0xffu), sign = (unsigned)((h >> 8) & 1u);
    if (FINITE_DY && sel >= 243 && ((h >> 12) % 11 == 2 || (h >> 12) % 11 == 3)) sel = 200; /* the infinities -> any finite */
    uint64_t r = h >> 9;
    static const uint32_t sp32[] = {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
                                    0x7f7fffffu, 0xff7fffffu, 0x00000001u, 0x80000001u, 0x3f800000u, 0xbf800000u};
    static const uint32_t sp16[] = {0x0000u, 0x8000u, 0x7c00u, 0xfc00u, 0x7e00u, 0x7bffu, 0xfbffu, 0x0001u, 0x8001u, 0x3c00u, 0xbc00u};
    static const uint32_t spb[] = {0x0000u, 0x8000u, 0x7f80u, 0xff80u, 0x7fc0u, 0x7f7fu, 0xff7fu, 0x0001u, 0x8001u, 0x3f80u, 0xbf80u};
    if (fmt == 0) {
        if (sel < 128) return (sign << 31) | ((uint32_t)(127 - 20 + (int)(r % 40)) << 23) | (uint32_t)((r >> 8) & 0x7fffffu);
        if (sel < 243) return (sign << 31) | ((uint32_t)(r % 255) << 23) | (uint32_t)((r >> 8) & 0x7fffffu);
        return sp32[(h >> 12) % 11];
    }
    if (fmt == 1) { /* binary16: exponent field 11..18 = 2^-4 .. 2^3 */
        if (sel < 128) return (sign << 15) | ((uint32_t)(11 + r % 8) << 10) | (uint32_t)((r >> 8) & 0x3ffu);
        if (sel < 243) return (sign << 15) | ((uint32_t)(r % 31) << 10) | (uint32_t)((r >> 8) & 0x3ffu);
        return sp16[(h >> 12) % 11];
    }
    if (sel < 128) return (sign << 15) | ((uint32_t)(123 + r % 8) << 7) | (uint32_t)((r >> 8) & 0x7fu);
    if (sel < 243) return (sign << 15) | ((uint32_t)(r % 255) << 7) | (uint32_t)((r >> 8) & 0x7fu);
    return spb[(h >> 12) % 11];
}

typedef struct { uint32_t *v; long n, cap; } u32vec;
static void push(u32vec *a, uint32_t x) {
    if (a->n == a->cap) {
        a->cap = a->cap ? 2 * a->cap : 4096;
        a->v = (uint32_t *)realloc(a->v, (size_t)a->cap * sizeof(uint32_t));
        if (!a->v) { fprintf(stderr, "audit: out of memory\n"); exit(2); }
    }
    a->v[a->n++] = x;
}
static void pushf(u32vec *a, float x) { push(a, tu_f2u(x)); }
/* k consecutive floats centred on c */
static void around(u32vec *a, double c, long k) {
    int64_t o = tu_f2ord((float)c), q;
    for (q = o - k / 2; q < o - k / 2 + k; q++)
        if (q >= tu_f2ord(-INFINITY) && q <= tu_f2ord(INFINITY)) pushf(a, tu_ord2f(q));
}
/* the x where s silu(x) (which = 0) or tanh(s silu(x)) (which = 1) crosses b */
static double swish_g(double x, double s, double b, int which) {
    double w = s * x / (1.0 + exp(-x));
    return (which ? tanh(w) : w) - b;
}
/* the zero of f' of a config (0 if none) */
static double fprime_zero(int op) {
    switch (op) {
    case 1: return -0.75179152469356445745790494678;
    case 2: return -0.752461422071016258487954443289;
    case 3: return -0.751154255441288951298095616347;
    case 6: case 7: return -1.27846454276107379510935873902; /* swish_tanh' = s sech^2 silu' */
    default: return 0.0;
    }
}
/* the library's and the reference's thresholds (both signs are taken) */
static const double MARKS[] = {8.67361738e-19, 9.09494702e-13, 0.0054, 0.316266, 0.5, 0.7782458, 1, 2, 2.2177151,
                               3.1035318, 9, 10, 11, 14, 14.5, 14.75, 19.875, 20, 40, 70, 120, 200, 300, 3.4e38};

/* the fp32 sample of one config: `target` inputs, strata as in the header */
static void build_f32_sample(int ci, long target, uint64_t seed, u32vec *a) {
    const audit_config *k = &AUDIT_CONFIGS[ci];
    uint64_t st = tu_mix64(seed * 0x100000001b3ull + (uint64_t)ci);
    long i, n;
    double x0 = fprime_zero(k->op);
#define RND() (st = tu_mix64(st))
    /* special values */
    {
        static const uint32_t sp[] = {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u,
                                      0x7f800001u, 0xffbfffffu, 0x7f7fffffu, 0xff7fffffu, 0x00800000u, 0x80800000u,
                                      0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu, 0x3f800000u, 0xbf800000u};
        for (i = 0; i < (long)(sizeof sp / sizeof sp[0]); i++) push(a, sp[i]);
    }
    /* 1. every binade and sign: its ends, then random significands (18%) */
    {
        int s, e;
        for (s = 0; s < 2; s++)
            for (e = 0; e < 255; e++) {
                uint32_t base = ((uint32_t)s << 31) | ((uint32_t)e << 23);
                push(a, base); push(a, base | 1u); push(a, base | 0x7fffffu);
            }
        n = target * 18 / 100;
        for (i = 0; i < n; i++) {
            uint64_t r = RND();
            push(a, ((uint32_t)(i & 1) << 31) | ((uint32_t)(r % 255) << 23) | (uint32_t)((r >> 32) & 0x7fffffu));
        }
    }
    /* 2. dense near 0: |x| in [2^-30, 4), log-uniform (10%) */
    n = target / 10;
    for (i = 0; i < n; i++) {
        uint64_t r = RND();
        float m = (float)ldexp(1.0 + u01(r), (int)(tu_mix64(r) % 32) - 30);
        pushf(a, (i & 1) ? -m : m);
    }
    /* 3. the central range [-16, 16], uniform in value (22%, +10% without a zero of f') */
    n = target * (x0 != 0.0 ? 22 : 32) / 100;
    for (i = 0; i < n; i++) pushf(a, (float)(-16.0 + 32.0 * u01(RND())));
    /* 4. the negative tails: [-20, -4] (5%), [-120, -20] (2.5%), [-320, -120] (2.5%) */
    n = target / 20;
    for (i = 0; i < n; i++) pushf(a, (float)(-4.0 - 16.0 * u01(RND())));
    for (i = 0; i < n / 2; i++) pushf(a, (float)(-20.0 - 100.0 * u01(RND())));
    for (i = 0; i < n / 2; i++) pushf(a, (float)(-120.0 - 200.0 * u01(RND())));
    /* 5. the zero of f': consecutive floats around it (5%), and its Taylor window
       |x - x0| < 1/128 (library) and 2^-7 (double reference), uniformly (5%) */
    if (x0 != 0.0) {
        n = target / 20;
        around(a, x0, n);
        for (i = 0; i < n; i++) pushf(a, (float)(x0 + (2.0 * u01(RND()) - 1.0) * 0.0078125 * 1.25));
    }
    /* 6. the swish_tanh clamp edges and the thresholds: consecutive floats (8%) */
    {
        double ed[16];
        int ne = k->op == 7 ? acc_swish_edges(swish_g, k->c.scale, k->c.lo, k->c.hi, ed, 16) : 0, j;
        int nm = (int)(sizeof MARKS / sizeof MARKS[0]);
        long budget = target * 8 / 100;
        long per_edge = ne ? budget / 2 / ne : 0, per_mark = (budget - per_edge * ne) / (2 * nm + 4);
        for (j = 0; j < ne; j++) around(a, ed[j], per_edge);
        for (j = 0; j < nm; j++) { around(a, MARKS[j], per_mark); around(a, -MARKS[j], per_mark); }
        if (x0 != 0.0) { /* the Taylor windows' edges */
            around(a, x0 - 0.0078125, per_mark); around(a, x0 + 0.0078125, per_mark);
            around(a, x0 - 0.0078125 * 1.0000001, per_mark); around(a, x0 + 0.0078125 * 0.9999999, per_mark);
        }
    }
    /* 7. subnormals and the smallest normals (6%) */
    n = target * 6 / 100;
    for (i = 0; i < n; i++) {
        uint64_t r = RND();
        push(a, ((uint32_t)(i & 1) << 31) | (uint32_t)(r % 0x01000000u));
    }
    /* 8. the rest: any bit pattern (NaNs and infinities included) */
    while (a->n < target) push(a, (uint32_t)(RND() >> 32));
#undef RND
}

/* ---- work ----------------------------------------------------------------- */
enum { T16, T32, TPLOT };
typedef struct {
    int kind, fmt, ci;
    long begin, end, stride;
} task;
typedef struct {
    /* options */
    int quick, nthreads, progress, check_bars, plot_samples, examples;
    long fp32_total;
    uint64_t seed;
    const char *only, *csv, *json, *markdown, *svg_dir, *gpu_sweep, *refd_log, *refd_prog;
    int validate_double;
    /* work */
    int active[AUDIT_NCONF];
    u32vec sample[AUDIT_NCONF];
    task *tasks;
    long ntasks;
    long next_task;            /* atomic */
    unsigned long long done;   /* atomic, evaluations */
    unsigned long long total;  /* evaluations */
    int workers_left;          /* atomic */
    /* results */
    stat_block *per_thread;
    audit_plot *plots; /* [AUDIT_NCONF] */
    double cpu[3];     /* CPU seconds per task kind (summed over threads) */
    unsigned long undecided;
    pthread_mutex_t lock;
} audit_run;

static void run_t16(audit_run *R, const task *t, stat_block *S) {
    const audit_config *k = &AUDIT_CONFIGS[t->ci];
    gpuact_ref_params p = tu_refp(&k->c);
    long i;
    int dir;
    for (i = t->begin; i < t->end; i += t->stride) {
        uint32_t xb = (uint32_t)i;
        uint32_t dyb = pick_dy(t->fmt, tu_mix64(R->seed ^ ((uint64_t)t->fmt << 40) ^ ((uint64_t)t->ci << 32) ^ (uint64_t)i));
        double x = tu_ref_dec(t->fmt, xb), dy = tu_ref_dec(t->fmt, dyb);
        for (dir = 0; dir < AUDIT_NDIR; dir++) {
            uint32_t gb = lib_eval(t->ci, t->fmt, dir, xb, dyb);
            double got = tu_ref_dec(t->fmt, gb), ref = 0;
            int sm = 0;
            double ulp = ref_ulp(k->op, dir, x, dy, &p, t->fmt, got, &ref, &sm);
            judge(&(*S)[t->ci][t->fmt][dir], t->fmt, dir, xb, dyb, gb, got, ref, ulp, sm, (uint64_t)i);
        }
        __atomic_fetch_add(&R->done, 3ull, __ATOMIC_RELAXED);
    }
}
static void run_t32(audit_run *R, const task *t, stat_block *S) {
    const audit_config *k = &AUDIT_CONFIGS[t->ci];
    gpuact_ref_params p = tu_refp(&k->c);
    const uint32_t *xs = R->sample[t->ci].v;
    long i;
    int dir;
    for (i = t->begin; i < t->end; i++) {
        uint32_t xb = xs[i];
        uint32_t dyb = pick_dy(0, tu_mix64(R->seed ^ ((uint64_t)t->ci << 32) ^ (uint64_t)i ^ 0x5151515100000000ull));
        double x = (double)tu_u2f(xb), dy = (double)tu_u2f(dyb);
        for (dir = 0; dir < AUDIT_NDIR; dir++) {
            uint32_t gb = lib_eval(t->ci, 0, dir, xb, dyb);
            double got = (double)tu_u2f(gb), ref = 0;
            int sm = 0;
            double ulp = ref_ulp(k->op, dir, x, dy, &p, 0, got, &ref, &sm);
            judge(&(*S)[t->ci][0][dir], 0, dir, xb, dyb, gb, got, ref, ulp, sm, (uint64_t)i);
        }
        __atomic_fetch_add(&R->done, 3ull, __ATOMIC_RELAXED);
    }
}

/* bins of the plots: see audit.h */
void audit_bin_range(int b, double *lo, double *hi, int *logscale) {
    if (b < AUDIT_LIN_BINS) {
        double w = (AUDIT_LIN_HI - AUDIT_LIN_LO) / AUDIT_LIN_BINS;
        *lo = AUDIT_LIN_LO + w * b;
        *hi = *lo + w;
        *logscale = 0;
        return;
    }
    b -= AUDIT_LIN_BINS;
    *logscale = 1;
    {
        int half = AUDIT_LOG_BINS / 2;
        double step = 1.0 / AUDIT_LOG_PER_DEC;
        if (b < half) { /* negative: from -1 (b = 0) towards -1e-12 */
            *lo = -pow(10.0, -step * b);
            *hi = -pow(10.0, -step * (b + 1));
        } else { /* positive: from 1e-12 up to 1 */
            int j = b - half;
            *lo = pow(10.0, -AUDIT_LOG_DECADES + step * j);
            *hi = pow(10.0, -AUDIT_LOG_DECADES + step * (j + 1));
        }
    }
}
/* error of one plot value; returns 1 (and no error) for "inf" points */
static int plot_err(int op, int dir, float x, const gpuact_ref_params *p, float v, double *err) {
    double ref = 0, u;
    int sm = 0;
    u = ref_ulp(op, dir, (double)x, 0.0, p, 0, (double)v, &ref, &sm);
    if (isnan(ref)) { *err = 0; return !isnan(v); }
    if (isnan(v) || (isinf(v) && (double)v != ref) || (v == 0.0f && ref != 0.0) || isinf(u) || isnan(u)) return 1;
    *err = u > AUDIT_ULP_CLIP ? AUDIT_ULP_CLIP : u;
    return 0;
}
static void run_tplot(audit_run *R, const task *t) {
    const audit_config *k = &AUDIT_CONFIGS[t->ci];
    gpuact_ref_params p = tu_refp(&k->c);
    audit_plot *P = &R->plots[t->ci];
    long b;
    int j, dir;
    for (b = t->begin; b < t->end; b++) {
        double lo, hi;
        int lg;
        audit_bin_range((int)b, &lo, &hi, &lg);
        for (dir = 0; dir < 2; dir++) {
            audit_bin *B = &P->bins[dir][b];
            B->max_ulp[0] = B->max_ulp[1] = 0;
            B->inf[0] = B->inf[1] = 0;
            B->n = 0;
        }
        for (j = 0; j < R->plot_samples; j++) {
            double u = (j + u01(tu_mix64(R->seed ^ ((uint64_t)t->ci << 48) ^ ((uint64_t)b << 16) ^ (uint64_t)j))) / R->plot_samples;
            double xd = lg ? (lo < 0 ? -exp(log(-lo) + (log(-hi) - log(-lo)) * u) : exp(log(lo) + (log(hi) - log(lo)) * u))
                           : lo + (hi - lo) * u;
            float x = (float)xd;
            for (dir = 0; dir < 2; dir++) {
                audit_bin *B = &P->bins[dir][b];
                float g = dir ? gpuact_grad_f32((gpuact_op)k->op, x, &k->c) : gpuact_forward_f32((gpuact_op)k->op, x, &k->c);
                float nv = dir ? naive_grad(k->op, x, k->c.alpha, k->c.scale, k->c.lo, k->c.hi)
                               : naive_forward(k->op, x, k->c.alpha, k->c.scale, k->c.lo, k->c.hi);
                double e;
                if (plot_err(k->op, dir, x, &p, g, &e)) B->inf[0]++;
                else if (e > B->max_ulp[0]) B->max_ulp[0] = e;
                if (plot_err(k->op, dir, x, &p, nv, &e)) B->inf[1]++;
                else if (e > B->max_ulp[1]) B->max_ulp[1] = e;
                B->n++;
            }
            __atomic_fetch_add(&R->done, 4ull, __ATOMIC_RELAXED);
        }
    }
}

typedef struct { audit_run *R; int tid; } worker_arg;
static void *worker(void *arg) {
    worker_arg *w = (worker_arg *)arg;
    audit_run *R = w->R;
    stat_block *S = &R->per_thread[w->tid];
    double cpu[3] = {0, 0, 0};
    unsigned long und0 = gpuact_ref_undecided_count();
    for (;;) {
        long ti = __atomic_fetch_add(&R->next_task, 1L, __ATOMIC_RELAXED);
        double c0;
        if (ti >= R->ntasks) break;
        c0 = thread_cpu_s();
        if (R->tasks[ti].kind == T16) run_t16(R, &R->tasks[ti], S);
        else if (R->tasks[ti].kind == T32) run_t32(R, &R->tasks[ti], S);
        else run_tplot(R, &R->tasks[ti]);
        cpu[R->tasks[ti].kind] += thread_cpu_s() - c0;
    }
    pthread_mutex_lock(&R->lock);
    R->cpu[0] += cpu[0]; R->cpu[1] += cpu[1]; R->cpu[2] += cpu[2];
    R->undecided += gpuact_ref_undecided_count() - und0;
    pthread_mutex_unlock(&R->lock);
    gpuact_ref_thread_release();
    __atomic_fetch_sub(&R->workers_left, 1, __ATOMIC_RELEASE);
    return NULL;
}

static void add_task(audit_run *R, long *cap, task t) {
    if (R->ntasks == *cap) {
        *cap = *cap ? 2 * *cap : 1024;
        R->tasks = (task *)realloc(R->tasks, (size_t)*cap * sizeof(task));
        if (!R->tasks) { fprintf(stderr, "audit: out of memory\n"); exit(2); }
    }
    R->tasks[R->ntasks++] = t;
}

static void fmt_time(double s, char *buf, size_t n) {
    if (s < 0 || s > 1e7) snprintf(buf, n, "?");
    else if (s >= 60) snprintf(buf, n, "%dm%02ds", (int)(s / 60), (int)s % 60);
    else snprintf(buf, n, "%.0fs", s);
}

/* ---- reports ----------------------------------------------------------------- */
static const char *fmt_x(int fmt, uint32_t b, char *buf, size_t n) { /* "%.9g (hex)" */
    double v = tu_ref_dec(fmt, b);
    if (isnan(v)) snprintf(buf, n, "NaN");
    else snprintf(buf, n, "%.*g", fmt == 0 ? 9 : 5, v);
    return buf;
}

typedef struct {
    char date[64], commit[64], host[256], compiler[128], mpfr[64], cmdline[2048];
    double wall;
} run_info;

static void read_cmd(const char *cmd, char *out, size_t n) {
    FILE *f = popen(cmd, "r");
    out[0] = 0;
    if (!f) return;
    if (fgets(out, (int)n, f)) {
        size_t l = strlen(out);
        while (l && (out[l - 1] == '\n' || out[l - 1] == '\r')) out[--l] = 0;
    }
    pclose(f);
}
static void get_info(run_info *I, int argc, char **argv, const audit_run *R) {
    time_t t = time(NULL);
    struct tm tm;
    int i;
    gmtime_r(&t, &tm);
    strftime(I->date, sizeof I->date, "%Y-%m-%d %H:%M UTC", &tm);
    {
        char h[64] = "", d[256] = "";
        read_cmd("git -C '" AUDIT_SOURCE_DIR "' rev-parse --short HEAD 2>/dev/null", h, sizeof h);
        /* the tree differs from HEAD (tracked or untracked files), not counting the audit's own outputs */
        read_cmd("git -C '" AUDIT_SOURCE_DIR "' status --porcelain -- . ':!docs/ACCURACY.md' ':!docs/accuracy' 2>/dev/null | head -n 1", d, sizeof d);
        snprintf(I->commit, sizeof I->commit, "%s%s", h[0] ? h : "unknown", h[0] && d[0] ? "+dirty" : "");
    }
    {
        FILE *f = fopen("/proc/cpuinfo", "r");
        char line[512], model[200] = "unknown CPU";
        if (f) {
            while (fgets(line, sizeof line, f))
                if (!strncmp(line, "model name", 10)) {
                    char *c = strchr(line, ':');
                    if (c) {
                        c++;
                        while (*c == ' ' || *c == '\t') c++;
                        snprintf(model, sizeof model, "%s", c);
                        model[strcspn(model, "\n")] = 0;
                    }
                    break;
                }
            fclose(f);
        }
        snprintf(I->host, sizeof I->host, "%s, %ld logical CPUs, %d worker threads", model, sysconf(_SC_NPROCESSORS_ONLN),
                 R->nthreads);
    }
#if defined(__clang__)
    snprintf(I->compiler, sizeof I->compiler, "clang %s", __clang_version__);
#elif defined(__GNUC__)
    snprintf(I->compiler, sizeof I->compiler, "gcc %s", __VERSION__);
#else
    snprintf(I->compiler, sizeof I->compiler, "unknown compiler");
#endif
    snprintf(I->mpfr, sizeof I->mpfr, "MPFR %s", mpfr_get_version());
    I->cmdline[0] = 0;
    for (i = 0; i < argc; i++) {
        const char *a = i == 0 ? "audit" : argv[i];
        size_t l = strlen(I->cmdline);
        snprintf(I->cmdline + l, sizeof I->cmdline - l, "%s%s", i ? " " : "", a);
    }
}

static void json_str(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c < 0x20) fprintf(f, "\\u%04x", c);
        else fputc(c, f);
    }
    fputc('"', f);
}
static void json_num(FILE *f, double v) {
    if (isnan(v) || isinf(v)) fprintf(f, "null");
    else fprintf(f, "%.17g", v);
}

/* everything the reports need */
typedef struct {
    stat S[AUDIT_NCONF][AUDIT_NFMT][AUDIT_NDIR];
    audit_sweep *sweep;
    audit_refd *refd;
    char *refd_log;
    int sweep_fail, refd_fail;
    long pass, fail;
} results;

static int sweep_row_ok(const audit_sweep_row *r) {
    unsigned long long sp = r->nan_mis + r->inf_mis + r->zsign_mis + r->nan_noncanon;
    return r->over_bar == 0 && sp == 0 && r->max_ulp <= (r->deriv ? 2.0 : 1.0) && r->cross_diff <= 0 && r->ref_bad <= 0;
}

static void print_table(const audit_run *R, const results *Q) {
    int ci, f, d;
    char b1[64], b2[64];
    printf("\n%-9s %-24s %-4s %-5s %9s %10s %5s  %-16s %-14s %9s %7s %5s %5s %5s %s\n", "mode", "function", "type", "dir",
           "inputs", "max ULP", "bar", "at x", "dy", "not CR", ">bar", "NaN", "inf", "+-0", "");
    for (ci = 0; ci < AUDIT_NCONF; ci++) {
        if (!R->active[ci]) continue;
        for (f = 0; f < AUDIT_NFMT; f++)
            for (d = 0; d < AUDIT_NDIR; d++) {
                const stat *s = &Q->S[ci][f][d];
                char bar[16];
                if (bar_is_cr(f, d)) snprintf(bar, sizeof bar, "CR");
                else snprintf(bar, sizeof bar, "%.3g", BAR[f][d]);
                printf("%-9s %-24s %-4s %-5s %9lld %10.4f %5s  %-16s %-14s %9lld %7lld %5lld %5lld %5lld %s\n", AUDIT_MODE,
                       AUDIT_CONFIGS[ci].name, AUDIT_FMT_NAME[f], AUDIT_DIR_NAME[d], s->n, s->has_max ? s->max_ulp : 0.0, bar,
                       s->has_max ? fmt_x(f, s->max_x, b1, sizeof b1) : "-",
                       s->has_max && d == 2 ? fmt_x(f, s->max_dy, b2, sizeof b2) : "-", s->not_cr, s->over_bar,
                       s->nan_mis + s->nan_noncanon, s->inf_mis, s->zero_mis, stat_ok(s, f, d) ? "ok" : "FAIL");
                if (!stat_ok(s, f, d) && s->has_bad) {
                    char b3[64], b4[64];
                    printf("    FAIL %s %s %s: %s at x = %s (0x%0*x)%s%s: got %s, correctly rounded %s, error %.4g ULP\n",
                           AUDIT_CONFIGS[ci].name, AUDIT_FMT_NAME[f], AUDIT_DIR_NAME[d], s->bad_what, fmt_x(f, s->bad_x, b1, sizeof b1),
                           f ? 4 : 8, s->bad_x, d == 2 ? ", dy = " : "", d == 2 ? fmt_x(f, s->bad_dy, b2, sizeof b2) : "",
                           fmt_x(f, s->bad_got, b3, sizeof b3), isnan(s->bad_ref) ? "NaN" : (snprintf(b4, sizeof b4, "%.9g", s->bad_ref), b4),
                           s->bad_ulp);
                }
                if (R->examples && s->nex) {
                    int j;
                    for (j = 0; j < s->nex; j++) {
                        char b3[64];
                        printf("    not CR: x = %s (0x%0*x)%s%s: got %s, correctly rounded %.9g, error %.6f ULP\n",
                               fmt_x(f, s->ex[j].x, b1, sizeof b1), f ? 4 : 8, s->ex[j].x, d == 2 ? ", dy = " : "",
                               d == 2 ? fmt_x(f, s->ex[j].dy, b2, sizeof b2) : "", fmt_x(f, s->ex[j].got, b3, sizeof b3),
                               s->ex[j].ref, s->ex[j].ulp);
                    }
                }
            }
    }
}

static void write_csv(const char *path, const audit_run *R, const results *Q) {
    FILE *f = fopen(path, "w");
    int ci, t, d;
    char b1[64], b2[64], b3[64];
    if (!f) { fprintf(stderr, "audit: %s: %s\n", path, strerror(errno)); return; }
    fprintf(f, "mode,function,dtype,direction,inputs,max_ulp,bar,x_at_max,x_at_max_bits,dy_at_max,dy_at_max_bits,not_cr,"
               "over_bar,nan_mismatch,inf_mismatch,zero_sign_mismatch,nan_noncanonical,pass\n");
    for (ci = 0; ci < AUDIT_NCONF; ci++) {
        if (!R->active[ci]) continue;
        for (t = 0; t < AUDIT_NFMT; t++)
            for (d = 0; d < AUDIT_NDIR; d++) {
                const stat *s = &Q->S[ci][t][d];
                fprintf(f, "%s,\"%s\",%s,%s,%lld,%.6g,%s,%s,0x%0*x,%s,0x%0*x,%lld,%lld,%lld,%lld,%lld,%lld,%d\n", AUDIT_MODE,
                        AUDIT_CONFIGS[ci].name, AUDIT_FMT_NAME[t], d == 2 ? "dy*f'" : AUDIT_DIR_NAME[d], s->n,
                        s->has_max ? s->max_ulp : 0.0, bar_is_cr(t, d) ? "CR" : (snprintf(b3, sizeof b3, "%g", BAR[t][d]), b3),
                        s->has_max ? fmt_x(t, s->max_x, b1, sizeof b1) : "", t ? 4 : 8, s->has_max ? s->max_x : 0,
                        s->has_max && d == 2 ? fmt_x(t, s->max_dy, b2, sizeof b2) : "", t ? 4 : 8,
                        s->has_max && d == 2 ? s->max_dy : 0, s->not_cr, s->over_bar, s->nan_mis, s->inf_mis, s->zero_mis,
                        s->nan_noncanon, stat_ok(s, t, d));
            }
    }
    fclose(f);
}

static void write_json(const char *path, const audit_run *R, const results *Q, const run_info *I) {
    FILE *f = fopen(path, "w");
    int ci, t, d, i, first = 1;
    char b[64];
    if (!f) { fprintf(stderr, "audit: %s: %s\n", path, strerror(errno)); return; }
    fprintf(f, "{\n  \"tool\": \"gpuact audit\",\n  \"date\": "); json_str(f, I->date);
    fprintf(f, ",\n  \"commit\": "); json_str(f, I->commit);
    fprintf(f, ",\n  \"host\": "); json_str(f, I->host);
    fprintf(f, ",\n  \"compiler\": "); json_str(f, I->compiler);
    fprintf(f, ",\n  \"mpfr\": "); json_str(f, I->mpfr);
    fprintf(f, ",\n  \"command\": "); json_str(f, I->cmdline);
    fprintf(f, ",\n  \"wall_seconds\": %.1f,\n  \"cpu_seconds\": {\"exhaustive16\": %.1f, \"fp32_sample\": %.1f, \"plots\": %.1f}",
            I->wall, R->cpu[0], R->cpu[1], R->cpu[2]);
    fprintf(f, ",\n  \"quick\": %s,\n  \"fp32_sample\": %ld,\n  \"seed\": %llu,\n  \"reference_undecided\": %lu",
            R->quick ? "true" : "false", R->fp32_total, (unsigned long long)R->seed, R->undecided);
    fprintf(f, ",\n  \"bars\": {\"f32\": {\"f\": 1, \"f'\": 2, \"dy*f'\": 2.5}, \"f16\": {\"f\": \"correctly rounded\", \"f'\": 1, "
               "\"dy*f'\": 1}, \"bf16\": {\"f\": \"correctly rounded\", \"f'\": 1, \"dy*f'\": 1}, \"special_mismatches\": 0}");
    fprintf(f, ",\n  \"rows\": [");
    for (ci = 0; ci < AUDIT_NCONF; ci++) {
        const audit_config *k = &AUDIT_CONFIGS[ci];
        if (!R->active[ci]) continue;
        for (t = 0; t < AUDIT_NFMT; t++)
            for (d = 0; d < AUDIT_NDIR; d++) {
                const stat *s = &Q->S[ci][t][d];
                fprintf(f, "%s\n    {\"mode\": \"%s\", \"function\": ", first ? "" : ",", AUDIT_MODE);
                first = 0;
                json_str(f, k->name);
                fprintf(f, ", \"op\": %d, \"params\": {\"alpha\": %.9g, \"scale\": %.9g, \"lo\": %.9g, \"hi\": %.9g}", k->op,
                        (double)k->c.alpha, (double)k->c.scale, (double)k->c.lo, (double)k->c.hi);
                fprintf(f, ", \"dtype\": \"%s\", \"direction\": \"%s\", \"inputs\": %lld, \"exhaustive\": %s", AUDIT_FMT_NAME[t],
                        AUDIT_DIR_NAME[d], s->n, t && !R->quick ? "true" : "false");
                fprintf(f, ", \"max_ulp\": "); json_num(f, s->has_max ? s->max_ulp : 0.0);
                fprintf(f, ", \"bar\": ");
                if (bar_is_cr(t, d)) fprintf(f, "\"correctly rounded\""); else json_num(f, BAR[t][d]);
                if (s->has_max) {
                    fprintf(f, ", \"x\": "); json_num(f, tu_ref_dec(t, s->max_x));
                    fprintf(f, ", \"x_bits\": \"0x%0*x\"", t ? 4 : 8, s->max_x);
                    if (d == 2) {
                        double v = tu_ref_dec(t, s->max_dy);
                        fprintf(f, ", \"dy\": "); if (isnan(v)) fprintf(f, "\"NaN\""); else json_num(f, v);
                        fprintf(f, ", \"dy_bits\": \"0x%0*x\"", t ? 4 : 8, s->max_dy);
                    }
                }
                fprintf(f, ", \"not_cr\": %lld, \"over_bar\": %lld, \"nan_mismatch\": %lld, \"inf_mismatch\": %lld, "
                           "\"zero_sign_mismatch\": %lld, \"nan_noncanonical\": %lld, \"pass\": %s}",
                        s->not_cr, s->over_bar, s->nan_mis, s->inf_mis, s->zero_mis, s->nan_noncanon, stat_ok(s, t, d) ? "true" : "false");
            }
    }
    fprintf(f, "\n  ]");
    if (Q->sweep) {
        const audit_sweep *w = Q->sweep;
        fprintf(f, ",\n  \"gpu_sweep\": {\"source\": "); json_str(f, w->source);
        fprintf(f, ", \"device\": "); json_str(f, w->device);
        fprintf(f, ", \"meta\": [");
        for (i = 0; i < w->nmeta; i++) { if (i) fprintf(f, ", "); json_str(f, w->meta[i]); }
        fprintf(f, "], \"rows\": [");
        for (i = 0; i < w->nrows; i++) {
            const audit_sweep_row *r = &w->rows[i];
            fprintf(f, "%s\n    {\"mode\": \"%s\", \"function\": ", i ? "," : "", AUDIT_MODE); json_str(f, r->name);
            snprintf(b, sizeof b, "%a", (double)r->x);
            fprintf(f, ", \"dtype\": \"f32\", \"direction\": \"%s\", \"inputs\": %llu, \"max_ulp\": %.6g, \"x\": \"%s\", "
                       "\"not_cr\": %llu, \"near_tie\": %llu, \"over_bar\": %llu, \"nan_mismatch\": %llu, \"inf_mismatch\": %llu, "
                       "\"zero_sign_mismatch\": %llu, \"nan_noncanonical\": %llu, \"seconds\": %.2f, \"pass\": %s}",
                    r->deriv ? "f'" : "f", r->n, r->max_ulp, b, r->not_cr, r->near_tie, r->over_bar, r->nan_mis, r->inf_mis,
                    r->zsign_mis, r->nan_noncanon, r->seconds, sweep_row_ok(r) ? "true" : "false");
        }
        fprintf(f, "\n  ]}");
    }
    if (Q->refd) {
        const audit_refd *r = Q->refd;
        fprintf(f, ",\n  \"double_reference_validation\": {\"source\": "); json_str(f, r->source);
        fprintf(f, ", \"passed\": %ld, \"failed\": %ld, \"rows\": [", r->passed, r->failed);
        for (i = 0; i < r->nrows; i++) {
            fprintf(f, "%s\n    {\"function\": ", i ? "," : ""); json_str(f, r->rows[i].name);
            fprintf(f, ", \"direction\": \"%s\", \"inputs\": %lu, \"max_ulp\": %.4g, \"x\": %.9g, \"fails\": %lu}",
                    r->rows[i].deriv ? "f'" : "f", r->rows[i].inputs, r->rows[i].max_ulp, r->rows[i].x, r->rows[i].fails);
        }
        fprintf(f, "\n  ]}");
    }
    fprintf(f, ",\n  \"passed\": %ld,\n  \"failed\": %ld\n}\n", Q->pass, Q->fail);
    fclose(f);
}

/* relative path from the directory of `from_file` to `to` (both relative to cwd or absolute) */
static void rel_link(const char *from_file, const char *to, char *out, size_t n) {
    char dir[1024];
    const char *sl = strrchr(from_file, '/');
    size_t dl = sl ? (size_t)(sl - from_file) : 0;
    snprintf(dir, sizeof dir, "%.*s", (int)dl, from_file);
    if (dl && !strncmp(to, dir, dl) && to[dl] == '/') snprintf(out, n, "%s", to + dl + 1);
    else if (!dl) snprintf(out, n, "%s", to);
    else {
        /* count the directories of `dir` and go up */
        int ups = 1;
        const char *c;
        size_t l = 0;
        for (c = dir; *c; c++) if (*c == '/') ups++;
        out[0] = 0;
        while (ups-- > 0 && l + 3 < n) { memcpy(out + l, "../", 3); l += 3; out[l] = 0; }
        snprintf(out + l, n - l, "%s", to);
    }
}

static void md_ulp(FILE *f, const stat *s, int t, int d) {
    if (!stat_ok(s, t, d))
        fprintf(f, "%.3f **FAIL** (%s)", s->has_max ? s->max_ulp : 0.0,
                specials(s) ? "special values" : s->over_bar ? "above the bar" : "not CR");
    else if (bar_is_cr(t, d)) fprintf(f, "%.3f (CR)", s->has_max ? s->max_ulp : 0.0);
    else fprintf(f, "%.3f", s->has_max ? s->max_ulp : 0.0);
}

static void write_markdown(const char *path, const audit_run *R, const results *Q, const run_info *I) {
    FILE *f = fopen(path, "w");
    int ci, t, d, i, nrows = 0;
    long long tot16 = 0, tot32 = 0;
    char b1[64], b2[64];
    if (!f) { fprintf(stderr, "audit: %s: %s\n", path, strerror(errno)); return; }
    for (ci = 0; ci < AUDIT_NCONF; ci++)
        if (R->active[ci]) {
            nrows += AUDIT_NFMT * AUDIT_NDIR;
            tot32 += Q->S[ci][0][0].n;
            tot16 += Q->S[ci][1][0].n + Q->S[ci][2][0].n;
        }
    fprintf(f, "# gpuact accuracy audit\n\n");
    fprintf(f, "Generated by `tests/accuracy/audit.c` (`bash scripts/audit.sh`): do not edit by hand, run the audit again.\n\n");
    fprintf(f, "Every result of the library is compared with the exact value, computed by the MPFR reference in\n"
               "`reference/` (correctly rounded, with the rounding proven per call by interval arithmetic).\n\n");
    fprintf(f, "| | |\n|---|---|\n");
    fprintf(f, "| date | %s |\n| commit | `%s` |\n| device (CPU) | %s |\n| compiler, MPFR | %s; %s |\n", I->date, I->commit,
            I->host, I->compiler, I->mpfr);
    fprintf(f, "| command | `%s` |\n", I->cmdline);
    fprintf(f, "| inputs | fp16 and bf16: %s; fp32: %lld sampled inputs (%lld per function), each for f, f' and dy&middot;f' |\n",
            R->quick ? "**a strided subset (--quick)**" : "all 65536 bit patterns of each, for every function", tot32,
            tot32 / (nrows / 9 ? nrows / 9 : 1));
    fprintf(f, "| run time | %.0f s wall; CPU: %.0f s exhaustive 16-bit, %.0f s fp32 sample, %.0f s plots |\n", I->wall,
            R->cpu[0], R->cpu[1], R->cpu[2]);
    fprintf(f, "| verdict | **%s**: %ld checks passed, %ld failed |\n\n", Q->fail ? "FAIL" : "all bars met", Q->pass, Q->fail);
    (void)tot16;

    fprintf(f, "## Bars\n\n");
    fprintf(f, "| | f | f' | dy&middot;f' |\n|---|---|---|---|\n");
    fprintf(f, "| fp32 | &le; 1 ULP | &le; 2 ULP | &le; 2.5 ULP |\n");
    fprintf(f, "| fp16, bf16 | correctly rounded (0 results not CR) | &le; 1 ULP | &le; 1 ULP |\n\n");
    fprintf(f, "and, everywhere, no NaN, infinity or signed-zero mismatch with the reference (NaNs must also be the\n"
               "canonical quiet NaN). **ULP** = |result &minus; exact| / ulp(exact), ulp(v) = 2^(max(&lfloor;log2|v|&rfloor;, emin) &minus; p + 1)\n"
               "in the result's format (p = 24, 11, 8); 0.5 means correctly rounded. **not CR**: results that differ from the\n"
               "correctly rounded value (any NaN matches a NaN). Mode **accurate** is the library's only mode in this version.\n\n");

    fprintf(f, "## Summary: max ULP error (mode accurate)\n\n");
    fprintf(f, "| function | fp32 f | fp32 f' | fp32 dy&middot;f' | fp16 f | fp16 f' | fp16 dy&middot;f' | bf16 f | bf16 f' | bf16 dy&middot;f' |\n");
    fprintf(f, "|---|---|---|---|---|---|---|---|---|---|\n");
    for (ci = 0; ci < AUDIT_NCONF; ci++) {
        if (!R->active[ci]) continue;
        fprintf(f, "| %s |", AUDIT_CONFIGS[ci].name);
        for (t = 0; t < AUDIT_NFMT; t++)
            for (d = 0; d < AUDIT_NDIR; d++) { fprintf(f, " "); md_ulp(f, &Q->S[ci][t][d], t, d); fprintf(f, " |"); }
        fprintf(f, "\n");
    }
    {
        long long ncr32 = 0, ncr16f = 0, sp = 0;
        for (ci = 0; ci < AUDIT_NCONF; ci++)
            for (t = 0; t < AUDIT_NFMT; t++)
                for (d = 0; d < AUDIT_NDIR; d++) {
                    if (!R->active[ci]) continue;
                    sp += specials(&Q->S[ci][t][d]);
                    if (t == 0) ncr32 += Q->S[ci][t][d].not_cr;
                    if (t && !d) ncr16f += Q->S[ci][t][d].not_cr;
                }
        fprintf(f, "\nSpecial-value mismatches (NaN, inf, signed zero, non-canonical NaN): %lld in total. fp16/bf16 forward\n"
                   "results not correctly rounded: %lld. fp32 results not correctly rounded (all directions): %lld.\n",
                sp, ncr16f, ncr32);
        if (R->undecided)
            fprintf(f, "\n**Note:** %lu reference call(s) reached MPFR's working-precision cap without proving the rounding (see stderr).\n",
                    R->undecided);
    }

    if (Q->fail) {
        fprintf(f, "\n### Failures\n\nOne failing input per failing row (the first in the audit's order):\n\n");
        for (ci = 0; ci < AUDIT_NCONF; ci++)
            for (t = 0; t < AUDIT_NFMT; t++)
                for (d = 0; d < AUDIT_NDIR; d++) {
                    const stat *s = &Q->S[ci][t][d];
                    char b3[64], b4[64];
                    if (!R->active[ci] || stat_ok(s, t, d) || !s->has_bad) continue;
                    fprintf(f, "- %s %s %s: %s at x = %s (0x%0*x)%s%s: got %s, correctly rounded %s", AUDIT_CONFIGS[ci].name,
                            AUDIT_FMT_NAME[t], d == 2 ? "dy&middot;f'" : AUDIT_DIR_NAME[d], s->bad_what, fmt_x(t, s->bad_x, b1, sizeof b1),
                            t ? 4 : 8, s->bad_x, d == 2 ? ", dy = " : "", d == 2 ? fmt_x(t, s->bad_dy, b2, sizeof b2) : "",
                            fmt_x(t, s->bad_got, b3, sizeof b3), isnan(s->bad_ref) ? "NaN" : (snprintf(b4, sizeof b4, "%.9g", s->bad_ref), b4));
                    if (!isinf(s->bad_ulp) && !isnan(s->bad_ulp)) fprintf(f, " (%.4g ULP)", s->bad_ulp);
                    fprintf(f, "; %lld such result(s) in the row\n", specials(s) ? specials(s) : s->over_bar ? s->over_bar : s->not_cr);
                }
        if (R->undecided) fprintf(f, "- the reference could not prove %lu rounding(s)\n", R->undecided);
        if (Q->sweep_fail) fprintf(f, "- the exhaustive fp32 GPU sweep: see its section below\n");
        if (Q->refd_fail) fprintf(f, "- the validation of the double reference: see its section below\n");
    }

    fprintf(f, "\n## Details\n\n");
    fprintf(f, "x (and dy) are where the max occurs (the first such input in the audit's order); counts are over all inputs.\n\n");
    fprintf(f, "| mode | function | type | dir | inputs | max ULP | bar | at x | dy | not CR | &gt; bar | NaN | inf | &plusmn;0 | |\n");
    fprintf(f, "|---|---|---|---|---:|---:|---|---|---|---:|---:|---:|---:|---:|---|\n");
    for (ci = 0; ci < AUDIT_NCONF; ci++) {
        if (!R->active[ci]) continue;
        for (t = 0; t < AUDIT_NFMT; t++)
            for (d = 0; d < AUDIT_NDIR; d++) {
                const stat *s = &Q->S[ci][t][d];
                char b3[64];
                fprintf(f, "| %s | %s | %s | %s | %lld | %.4f | %s | %s | %s | %lld | %lld | %lld | %lld | %lld | %s |\n", AUDIT_MODE,
                        AUDIT_CONFIGS[ci].name, AUDIT_FMT_NAME[t], d == 2 ? "dy&middot;f'" : AUDIT_DIR_NAME[d], s->n,
                        s->has_max ? s->max_ulp : 0.0, bar_is_cr(t, d) ? "CR" : (snprintf(b3, sizeof b3, "%g", BAR[t][d]), b3),
                        s->has_max ? fmt_x(t, s->max_x, b1, sizeof b1) : "-",
                        s->has_max && d == 2 ? fmt_x(t, s->max_dy, b2, sizeof b2) : "", s->not_cr, s->over_bar,
                        s->nan_mis + s->nan_noncanon, s->inf_mis, s->zero_mis, stat_ok(s, t, d) ? "ok" : "**FAIL**");
            }
    }

    fprintf(f, "\n## Exhaustive fp32 (GPU)\n\n");
    if (!Q->sweep) {
        fprintf(f, "Not included in this run (no `--gpu-sweep FILE`). On a machine with an NVIDIA GPU,\n"
                   "`sweep_f32 --csv sweep_f32.csv` (tests/accuracy/sweep_f32.cu) evaluates f and f' for all 2^32 fp32 inputs of every function;\n"
                   "`audit --gpu-sweep sweep_f32.csv --validate-double` merges it here.\n");
    } else {
        const audit_sweep *w = Q->sweep;
        fprintf(f, "Every fp32 bit pattern (2^32 per row; see `inputs`), f and f' (`tests/accuracy/sweep_f32.cu`), against the double-precision reference\n"
                   "`tests/accuracy/ref_double.h`, itself validated against MPFR below. dy&middot;f' is not swept (it is dy times the same f').\n\n");
        fprintf(f, "| | |\n|---|---|\n| source | `%s` |\n| device (GPU) | %s |\n", w->source, w->device[0] ? w->device : "(not recorded)");
        for (i = 0; i < w->nmeta; i++) {
            const char *m = w->meta[i], *c = strchr(m, ':');
            if (c) fprintf(f, "| %.*s | %s |\n", (int)(c - m), m, c[1] == ' ' ? c + 2 : c + 1);
        }
        if (w->summary[0]) fprintf(f, "| summary | %s |\n", w->summary);
        fprintf(f, "| verdict | **%s** |\n\n", Q->sweep_fail ? "FAIL" : "all bars met (f <= 1 ULP, f' <= 2 ULP, no special mismatch)");
        fprintf(f, "| mode | function | dir | inputs | max ULP | at x | not CR | near-tie | &gt; bar | special | CPU&ne;GPU | seconds | |\n");
        fprintf(f, "|---|---|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---|\n");
        for (i = 0; i < w->nrows; i++) {
            const audit_sweep_row *r = &w->rows[i];
            fprintf(f, "| %s | %s | %s | %llu | %.4f | %.9g | %llu | %llu | %llu | %llu | ", AUDIT_MODE, r->name, r->deriv ? "f'" : "f",
                    r->n, r->max_ulp, (double)r->x, r->not_cr, r->near_tie, r->over_bar,
                    r->nan_mis + r->inf_mis + r->zsign_mis + r->nan_noncanon);
            if (r->cross_diff >= 0) fprintf(f, "%lld", r->cross_diff); else fprintf(f, "-");
            fprintf(f, " | %.2f | %s |\n", r->seconds, sweep_row_ok(r) ? "ok" : "**FAIL**");
        }
        for (i = 0; i < w->nrows; i++) {
            const audit_sweep_row *r = &w->rows[i];
            unsigned long long sp = r->nan_mis + r->inf_mis + r->zsign_mis + r->nan_noncanon;
            if (sweep_row_ok(r)) continue;
            fprintf(f, "\n**%s %s fails:**", r->name, r->deriv ? "f'" : "f");
            if (r->over_bar) fprintf(f, " %llu results above the bar (max %.4f ULP at x = %.9g);", r->over_bar, r->max_ulp, (double)r->x);
            if (sp) {
                fprintf(f, " special mismatches: NaN %llu, inf %llu, signed zero %llu, non-canonical NaN %llu", r->nan_mis, r->inf_mis,
                        r->zsign_mis, r->nan_noncanon);
                if (r->has_special_x) fprintf(f, " (e.g. x = %g)", (double)r->special_x);
                fprintf(f, ";");
            }
            if (r->cross_diff > 0)
                fprintf(f, " the library's bits differ between the GPU and the CPU on %lld of the cross-checked inputs (see the sweep's log);",
                        r->cross_diff);
            if (r->ref_bad > 0) fprintf(f, " the device and host double references disagree on %lld inputs;", r->ref_bad);
            fprintf(f, "\n");
        }
        fprintf(f, "\nnot CR: results that differ from the double reference rounded to fp32; near-tie: of those, the ones\n"
                   "where the double reference lies within 1e-5 ULP of an fp32 midpoint (the verdict there rests on the\n"
                   "reference's last bits). The ULP figures are within the reference's validated error (below) of the truth.\n");
        if (w->nrows && w->rows[0].cross_diff >= 0)
            fprintf(f, "The sweep also recomputed a sample of inputs per row on the host: the library's bits must agree (GPU = CPU)\n"
                       "and the device (CUDA libdevice) and host (libm) double references within 1e-6 ULP.\n");
    }
    fprintf(f, "\n### Validation of the double reference (tests/accuracy/check_ref_double.c)\n\n");
    if (!Q->refd) {
        fprintf(f, "Not included in this run (`--validate-double` runs it, `--ref-double-log FILE` ingests its output).\n");
    } else {
        const audit_refd *r = Q->refd;
        fprintf(f, "`tests/accuracy/ref_double.h` against MPFR in fp32 ULPs of the exact value; bar 0.01 ULP, no special mismatch.\n"
                   "Source: %s. Result: **%ld passed, %ld failed**.\n\n", r->source, r->passed, r->failed);
        fprintf(f, "| function | dir | inputs | max error (fp32 ULP) | at x | fails |\n|---|---|---:|---:|---|---:|\n");
        for (i = 0; i < r->nrows; i++)
            fprintf(f, "| %s | %s | %lu | %.3e | %.9g | %lu |\n", r->rows[i].name, r->rows[i].deriv ? "f'" : "f", r->rows[i].inputs,
                    r->rows[i].max_ulp, r->rows[i].x, r->rows[i].fails);
        if (r->notes[0]) fprintf(f, "\n%s\n", r->notes);
    }

    fprintf(f, "\n## Plots\n\n");
    if (!R->svg_dir) {
        fprintf(f, "Not generated in this run (`--svg-dir DIR`).\n");
    } else {
        fprintf(f, "ULP error of fp32 results against MPFR, gpuact next to the textbook fp32 formula (libm `expf`, `erff`,\n"
                   "`tanhf`): f on top, f' below; x in [-20, 8] on the left, |x| from 1e-12 to 1 on a log axis on the right.\n"
                   "Each point is the max over %d inputs in a bin; 'inf' marks bins where the textbook formula returns NaN,\n"
                   "an infinity, or 0 for a nonzero value; errors above 1e9 ULP are drawn at 1e9.\n\n", R->plot_samples);
        for (ci = 0; ci < AUDIT_NCONF; ci++) {
            char svg[1200], link[1400];
            if (!R->active[ci]) continue;
            snprintf(svg, sizeof svg, "%s/%s.svg", R->svg_dir, AUDIT_CONFIGS[ci].slug);
            rel_link(path, svg, link, sizeof link);
            fprintf(f, "### %s\n\n", AUDIT_CONFIGS[ci].label);
            fprintf(f, "textbook f: `%s`; f': `%s`. Worst textbook error in the plotted range: f %.3g ULP%s, f' %.3g ULP%s.\n\n",
                    audit_naive_formula(ci, 0), audit_naive_formula(ci, 1), R->plots[ci].worst_naive[0],
                    R->plots[ci].naive_inf[0] ? " plus 'inf' bins" : "", R->plots[ci].worst_naive[1],
                    R->plots[ci].naive_inf[1] ? " plus 'inf' bins" : "");
            fprintf(f, "![%s](%s)\n\n", AUDIT_CONFIGS[ci].name, link);
        }
    }

    { /* fast mode's section, measured by tests/accuracy/fast_error.c and kept in its own file */
        FILE *fm = fopen(AUDIT_SOURCE_DIR "/docs/accuracy-fast-mode.md", "r");
        if (fm) {
            char line[1024];
            while (fgets(line, sizeof line, fm)) fputs(line, f);
            fclose(fm);
        }
    }
    { /* the gated forms' section, measured by tests/accuracy/gated_error.c and kept in its own file */
        FILE *fg = fopen(AUDIT_SOURCE_DIR "/docs/accuracy-gated.md", "r");
        if (fg) {
            char line[1024];
            while (fgets(line, sizeof line, fg)) fputs(line, f);
            fclose(fg);
        }
    }
    fprintf(f, "## How to reproduce\n\n");
    fprintf(f, "    bash scripts/audit.sh            # installs the Debian packages, builds with CMake, runs the audit\n\n"
               "which runs, from the repository root,\n\n"
               "    build/tests/audit --markdown docs/ACCURACY.md --svg-dir docs/accuracy --csv build/audit.csv --json build/audit.json\n\n"
               "plus `--gpu-sweep docs/accuracy/sweep_f32.csv --validate-double` when that file exists. The GPU section comes from\n"
               "a machine with an NVIDIA GPU:\n\n"
               "    nvcc -O3 -arch=sm_90 -I. tests/accuracy/sweep_f32.cu -o sweep_f32 && ./sweep_f32 -v --csv docs/accuracy/sweep_f32.csv\n\n"
               "Options: `--quick` (a strided 16-bit subset and 50,000 fp32 inputs, under a minute), `--fp32-sample N`,\n"
               "`--threads N`, `--seed S`, `--only NAME`, `--check-bars` (exit status 1 if a bar is exceeded), `--examples`;\n"
               "CTest runs `audit --quick --check-bars` (test `audit_quick`, seconds) and `audit --fp32-sample 4718592 --check-bars`\n"
               "(test `accuracy`: exhaustive 16-bit and 2^20 fp32 inputs per function, a few minutes on 2 cores).\n\n");
    fprintf(f, "### What is sampled (fp32)\n\n"
               "Per function, in `tests/accuracy/audit.c` (`build_f32_sample`): the special values; every binade of both signs (its\n"
               "ends and random significands, 18%%); |x| in [2^-30, 4) log-uniform (10%%); [-16, 16] uniform (22%%); the\n"
               "negative tails [-20, -4], [-120, -20], [-320, -120] (10%%); consecutive floats around the zero of f' and its\n"
               "Taylor window (10%%, where f' has a zero; else more of [-16, 16]); consecutive floats around the swish_tanh\n"
               "clamp edges and the library's thresholds (2^-60, 9, 10, 11, 14, 14.5, 19.875, 70, 120, 200, 300, ...; 8%%);\n"
               "subnormals and the smallest normals (6%%); any bit pattern, NaNs and infinities included (the rest).\n"
               "dy: half with |dy| in [2^-20, 2^20), 45%% any finite value (subnormals included), 5%% special\n"
               "(&plusmn;0, &plusmn;inf, NaN, &plusmn;max, &plusmn;min subnormal, &plusmn;1). fp16/bf16 draw dy the same way per x.\n"
               "The inputs depend only on `--seed` and the sizes, not on the thread count.\n");
    fclose(f);
}

/* ---- main ----------------------------------------------------------------------- */
static void usage(void) {
    fprintf(stderr, "usage: audit [--quick] [--fp32-sample N] [--threads N] [--seed S] [--only STR] [--csv FILE] [--json FILE]\n"
                    "             [--markdown FILE] [--svg-dir DIR] [--plot-samples K] [--gpu-sweep FILE] [--validate-double]\n"
                    "             [--check-ref-double PROG] [--ref-double-log FILE] [--check-bars] [--no-progress] [--examples]\n"
                    "             [--finite-dy]\n");
    exit(2);
}

static char *self_dir(char *buf, size_t n, const char *argv0) {
    ssize_t l = readlink("/proc/self/exe", buf, n - 1);
    char *s;
    if (l <= 0) { snprintf(buf, n, "%s", argv0); l = (ssize_t)strlen(buf); }
    buf[l] = 0;
    s = strrchr(buf, '/');
    if (s) *s = 0; else snprintf(buf, n, ".");
    return buf;
}

int main(int argc, char **argv) {
    static audit_run R;
    static results Q;
    run_info I;
    int i, ci, t, d, fp32_set = 0;
    long cap = 0;
    double t0 = now_s();
    pthread_t *th;
    worker_arg *wa;

    memset(&R, 0, sizeof R);
    R.nthreads = (int)sysconf(_SC_NPROCESSORS_ONLN);
    R.fp32_total = 1000000;
    R.seed = 1;
    R.progress = 1;
    R.plot_samples = 24;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
#define ARG() (i + 1 < argc ? argv[++i] : (usage(), ""))
        if (!strcmp(a, "--quick")) R.quick = 1;
        else if (!strcmp(a, "--fp32-sample")) { R.fp32_total = atol(ARG()); fp32_set = 1; }
        else if (!strcmp(a, "--threads")) R.nthreads = atoi(ARG());
        else if (!strcmp(a, "--seed")) R.seed = strtoull(ARG(), NULL, 0);
        else if (!strcmp(a, "--only")) R.only = ARG();
        else if (!strcmp(a, "--csv")) R.csv = ARG();
        else if (!strcmp(a, "--json")) R.json = ARG();
        else if (!strcmp(a, "--markdown")) R.markdown = ARG();
        else if (!strcmp(a, "--svg-dir")) R.svg_dir = ARG();
        else if (!strcmp(a, "--plot-samples")) R.plot_samples = atoi(ARG());
        else if (!strcmp(a, "--gpu-sweep")) R.gpu_sweep = ARG();
        else if (!strcmp(a, "--validate-double")) R.validate_double = 1;
        else if (!strcmp(a, "--check-ref-double")) { R.refd_prog = ARG(); R.validate_double = 1; }
        else if (!strcmp(a, "--ref-double-log")) R.refd_log = ARG();
        else if (!strcmp(a, "--check-bars")) R.check_bars = 1;
        else if (!strcmp(a, "--no-progress")) R.progress = 0;
        else if (!strcmp(a, "--examples")) R.examples = 1;
        else if (!strcmp(a, "--finite-dy")) FINITE_DY = 1;
        else if (!strcmp(a, "-h") || !strcmp(a, "--help")) usage();
        else { fprintf(stderr, "audit: unknown option %s\n", a); usage(); }
#undef ARG
    }
    if (R.quick && !fp32_set) R.fp32_total = 50000;
    if (R.nthreads < 1) R.nthreads = 1;
    if (R.nthreads > 256) R.nthreads = 256;
    if (R.plot_samples < 1) R.plot_samples = 1;
    if (R.fp32_total < 0) R.fp32_total = 0;
    pthread_mutex_init(&R.lock, NULL);
    {
        int nact = 0;
        for (ci = 0; ci < AUDIT_NCONF; ci++) {
            R.active[ci] = !R.only || strstr(AUDIT_CONFIGS[ci].name, R.only) != NULL;
            nact += R.active[ci];
        }
        if (!nact) { fprintf(stderr, "audit: --only %s matches no function\n", R.only); return 2; }
        /* fp32 sample: the total split evenly over the audited configs */
        for (ci = 0; ci < AUDIT_NCONF; ci++)
            if (R.active[ci] && R.fp32_total > 0) build_f32_sample(ci, R.fp32_total / nact, R.seed, &R.sample[ci]);
    }
    /* tasks: 16-bit chunks, fp32 chunks, plot bins; shuffled so that the
       progress line's rate (and ETA) is representative */
    for (ci = 0; ci < AUDIT_NCONF; ci++) {
        long b;
        if (!R.active[ci]) continue;
        for (t = 1; t <= 2; t++) {
            long stride = R.quick ? 4 : 1, chunk = 1024;
            for (b = 0; b < 65536; b += chunk) {
                task k;
                k.kind = T16; k.fmt = t; k.ci = ci; k.stride = stride;
                k.begin = b + (R.quick ? (ci + t) % 4 : 0); k.end = b + chunk;
                add_task(&R, &cap, k);
                R.total += 3ull * (unsigned long long)((k.end - k.begin + stride - 1) / stride);
            }
            if (R.quick) { /* the special and boundary patterns, in every config */
                static const uint32_t sp16[] = {0x0000u, 0x8000u, 0x0001u, 0x8001u, 0x03ffu, 0x0400u, 0x7bffu, 0xfbffu,
                                                0x7c00u, 0xfc00u, 0x7e00u, 0xfe00u, 0x7c01u, 0x3c00u, 0xbc00u};
                static const uint32_t spb[] = {0x0000u, 0x8000u, 0x0001u, 0x8001u, 0x007fu, 0x0080u, 0x7f7fu, 0xff7fu,
                                               0x7f80u, 0xff80u, 0x7fc0u, 0xffc0u, 0x7f81u, 0x3f80u, 0xbf80u};
                int j;
                for (j = 0; j < 15; j++) {
                    task k;
                    k.kind = T16; k.fmt = t; k.ci = ci; k.stride = 1;
                    k.begin = t == 1 ? sp16[j] : spb[j]; k.end = k.begin + 1;
                    if ((k.begin - (ci + t) % 4) % 4 == 0) continue; /* already in the strided set */
                    add_task(&R, &cap, k);
                    R.total += 3;
                }
            }
        }
        for (b = 0; b < R.sample[ci].n; b += 512) {
            task k;
            k.kind = T32; k.fmt = 0; k.ci = ci; k.stride = 1;
            k.begin = b; k.end = b + 512 < R.sample[ci].n ? b + 512 : R.sample[ci].n;
            add_task(&R, &cap, k);
            R.total += 3ull * (unsigned long long)(k.end - k.begin);
        }
    }
    if (R.svg_dir) {
        R.plots = (audit_plot *)calloc(AUDIT_NCONF, sizeof(audit_plot));
        if (!R.plots) { fprintf(stderr, "audit: out of memory\n"); return 2; }
        for (ci = 0; ci < AUDIT_NCONF; ci++) {
            long b;
            if (!R.active[ci]) continue;
            for (b = 0; b < AUDIT_PLOT_BINS; b += 8) {
                task k;
                k.kind = TPLOT; k.fmt = 0; k.ci = ci; k.stride = 1;
                k.begin = b; k.end = b + 8 < AUDIT_PLOT_BINS ? b + 8 : AUDIT_PLOT_BINS;
                add_task(&R, &cap, k);
                R.total += 4ull * (unsigned long long)R.plot_samples * (unsigned long long)(k.end - k.begin);
            }
        }
    }
    { /* deterministic shuffle */
        long j;
        for (j = R.ntasks - 1; j > 0; j--) {
            long r = (long)(tu_mix64((uint64_t)j * 7919u) % (uint64_t)(j + 1));
            task tmp = R.tasks[j]; R.tasks[j] = R.tasks[r]; R.tasks[r] = tmp;
        }
    }
    {
        long long n32 = 0;
        for (ci = 0; ci < AUDIT_NCONF; ci++) n32 += R.sample[ci].n;
        fprintf(stderr, "audit: %s16-bit inputs (fp16 and bf16), %lld fp32 inputs, %s, %d threads, %llu evaluations\n",
                R.quick ? "strided " : "all 65536 ", n32, R.svg_dir ? "plots" : "no plots", R.nthreads, R.total);
    }

    R.per_thread = (stat_block *)calloc((size_t)R.nthreads, sizeof(stat_block));
    th = (pthread_t *)xmalloc(sizeof(pthread_t) * (size_t)R.nthreads);
    wa = (worker_arg *)xmalloc(sizeof(worker_arg) * (size_t)R.nthreads);
    if (!R.per_thread) { fprintf(stderr, "audit: out of memory\n"); return 2; }
    R.workers_left = R.nthreads;
    for (i = 0; i < R.nthreads; i++) {
        wa[i].R = &R; wa[i].tid = i;
        if (pthread_create(&th[i], NULL, worker, &wa[i])) { perror("pthread_create"); return 2; }
    }
    {
        int tty = isatty(2);
        double last = now_s();
        while (__atomic_load_n(&R.workers_left, __ATOMIC_ACQUIRE) > 0) {
            struct timespec ts = {0, 200000000L};
            double tn, el, frac;
            nanosleep(&ts, NULL);
            tn = now_s();
            if (!R.progress || tn - last < (tty ? 0.5 : 20.0)) continue;
            last = tn;
            el = tn - t0;
            frac = R.total ? (double)__atomic_load_n(&R.done, __ATOMIC_RELAXED) / (double)R.total : 1.0;
            {
                char e1[32], e2[32];
                fmt_time(el, e1, sizeof e1);
                fmt_time(frac > 0.002 ? el * (1.0 - frac) / frac : -1, e2, sizeof e2);
                fprintf(stderr, "%saudit: %5.1f%% of %llu evaluations, %s elapsed, about %s left%s", tty ? "\r" : "", 100.0 * frac,
                        R.total, e1, e2, tty ? "   " : "\n");
            }
        }
        if (R.progress && tty) fprintf(stderr, "\n");
    }
    for (i = 0; i < R.nthreads; i++) pthread_join(th[i], NULL);

    memset(&Q, 0, sizeof Q);
    for (i = 0; i < R.nthreads; i++)
        for (ci = 0; ci < AUDIT_NCONF; ci++)
            for (t = 0; t < AUDIT_NFMT; t++)
                for (d = 0; d < AUDIT_NDIR; d++) merge(&Q.S[ci][t][d], &R.per_thread[i][ci][t][d]);

    /* external parts */
    if (R.gpu_sweep) {
        char err[512];
        Q.sweep = (audit_sweep *)calloc(1, sizeof(audit_sweep));
        if (!Q.sweep || audit_read_sweep(R.gpu_sweep, Q.sweep, err, sizeof err)) {
            fprintf(stderr, "audit: --gpu-sweep %s: %s\n", R.gpu_sweep, Q.sweep ? err : "out of memory");
            return 2;
        }
    }
    if (R.refd_log) {
        char err[512];
        Q.refd = (audit_refd *)calloc(1, sizeof(audit_refd));
        if (!Q.refd || audit_read_refd_file(R.refd_log, Q.refd, err, sizeof err)) {
            fprintf(stderr, "audit: --ref-double-log %s: %s\n", R.refd_log, Q.refd ? err : "out of memory");
            return 2;
        }
    } else if (R.validate_double) {
        char prog[1100], dirbuf[1024], err[512], args[64];
        if (R.refd_prog) snprintf(prog, sizeof prog, "%s", R.refd_prog);
        else snprintf(prog, sizeof prog, "%s/check_ref_double", self_dir(dirbuf, sizeof dirbuf, argv[0]));
        snprintf(args, sizeof args, "--threads %d%s", R.nthreads, R.quick ? " --quick" : "");
        fprintf(stderr, "audit: validating the double reference: %s %s\n", prog, args);
        Q.refd = (audit_refd *)calloc(1, sizeof(audit_refd));
        if (!Q.refd || audit_run_refd(prog, args, Q.refd, &Q.refd_log, err, sizeof err)) {
            fprintf(stderr, "audit: --validate-double: %s\n", Q.refd ? err : "out of memory");
            return 2;
        }
    }

    /* checks */
    for (ci = 0; ci < AUDIT_NCONF; ci++)
        if (R.active[ci])
            for (t = 0; t < AUDIT_NFMT; t++)
                for (d = 0; d < AUDIT_NDIR; d++) {
                    if (stat_ok(&Q.S[ci][t][d], t, d)) Q.pass++;
                    else Q.fail++;
                }
    if (R.undecided) Q.fail++; /* the reference could not prove a rounding: the verdict is not proven */
    else Q.pass++;
    if (Q.sweep) {
        for (i = 0; i < Q.sweep->nrows; i++) {
            if (sweep_row_ok(&Q.sweep->rows[i])) Q.pass++;
            else { Q.fail++; Q.sweep_fail = 1; }
        }
        if (Q.sweep->nrows == 0) { Q.fail++; Q.sweep_fail = 1; }
    }
    if (Q.refd) {
        if (Q.refd->failed == 0 && Q.refd->passed > 0) Q.pass++;
        else { Q.fail++; Q.refd_fail = 1; }
    }

    get_info(&I, argc, argv, &R);
    I.wall = now_s() - t0;

    print_table(&R, &Q);
    if (Q.sweep) {
        printf("\nexhaustive fp32 (GPU sweep %s, %s): %d rows, %s\n", Q.sweep->source, Q.sweep->device, Q.sweep->nrows,
               Q.sweep_fail ? "FAIL" : "all within the bars (f <= 1, f' <= 2 ULP), no special mismatch");
        for (i = 0; i < Q.sweep->nrows; i++)
            if (!sweep_row_ok(&Q.sweep->rows[i]))
            {
                const audit_sweep_row *r = &Q.sweep->rows[i];
                char ex[64] = "";
                if (r->has_special_x) snprintf(ex, sizeof ex, " (e.g. x = %g)", (double)r->special_x);
                printf("    FAIL %s %s: max %.4f ULP, >bar %llu, special mismatches: NaN %llu, inf %llu, signed zero %llu, "
                       "non-canonical NaN %llu%s; CPU/GPU bits differ on %lld cross-checked inputs\n",
                       r->name, r->deriv ? "f'" : "f", r->max_ulp, r->over_bar, r->nan_mis, r->inf_mis, r->zsign_mis, r->nan_noncanon,
                       ex, r->cross_diff);
            }
    }
    if (Q.refd) printf("double reference validation (%s): %ld passed, %ld failed\n", Q.refd->source, Q.refd->passed, Q.refd->failed);
    printf("\nbars: f32 f <= 1, f' <= 2, dy*f' <= 2.5 ULP; f16/bf16 f correctly rounded, f' <= 1, dy*f' <= 1 ULP;\n"
           "no NaN/inf/signed-zero mismatch (NaN counts non-canonical NaNs too). mode: %s.\n", AUDIT_MODE);
    printf("reference: %lu undecided rounding(s). time: %.1f s wall; CPU %.1f s 16-bit, %.1f s fp32, %.1f s plots\n", R.undecided,
           I.wall, R.cpu[0], R.cpu[1], R.cpu[2]);

    if (R.svg_dir && R.plots) {
        for (ci = 0; ci < AUDIT_NCONF; ci++) {
            char path[1200];
            int dd, b;
            if (!R.active[ci]) continue;
            for (dd = 0; dd < 2; dd++)
                for (b = 0; b < AUDIT_PLOT_BINS; b++) {
                    const audit_bin *B = &R.plots[ci].bins[dd][b];
                    if (B->max_ulp[1] > R.plots[ci].worst_naive[dd]) R.plots[ci].worst_naive[dd] = B->max_ulp[1];
                    R.plots[ci].naive_inf[dd] += B->inf[1];
                }
            snprintf(path, sizeof path, "%s/%s.svg", R.svg_dir, AUDIT_CONFIGS[ci].slug);
            if (audit_write_svg(path, ci, &R.plots[ci], R.plot_samples)) fprintf(stderr, "audit: cannot write %s\n", path);
        }
    }
    if (R.csv) write_csv(R.csv, &R, &Q);
    if (R.json) write_json(R.json, &R, &Q, &I);
    if (R.markdown) write_markdown(R.markdown, &R, &Q, &I);
    printf("%ld passed, %ld failed\n", Q.pass, Q.fail);
    return R.check_bars && Q.fail ? 1 : 0;
}
