/* Accuracy against the MPFR reference (reference/gpuact_ref.h).

   binary16, bfloat16: all 65536 inputs, forward must be correctly rounded
   (bit-equal to the reference), the derivative within 1 ULP.
   binary32: a stratified sample (every binade and sign, dense near 0, the
   negative tails, the zeros of f', the clamp edges, subnormals), forward
   <= 1 ULP, derivative <= 2 ULP, backward dy f' <= 2.5 ULP.
   NaN/inf/signed-zero results must match the reference exactly.

   usage: test_accuracy [fp32-sample-size (default 1048576)] [threads (default 2)]
   Prints a max-ULP table and ends with "N passed, M failed". */
#include "gpuact_kernels.cuh"
#include "gpuact_ref.h"
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { int op; gpuact_cfg c; const char *name; } config;
static config CONFIGS[] = {
    {GPUACT_OP_GELU_ERF, {1.0f, 0.5f, -1.0f, 1.0f}, "gelu_erf"},
    {GPUACT_OP_GELU_TANH, {1.0f, 0.5f, -1.0f, 1.0f}, "gelu_tanh"},
    {GPUACT_OP_GELU_SIGMOID, {1.0f, 0.5f, -1.0f, 1.0f}, "gelu_sigmoid"},
    {GPUACT_OP_ELU, {1.0f, 0.5f, -1.0f, 1.0f}, "elu"},
    {GPUACT_OP_ELU, {0.3f, 0.5f, -1.0f, 1.0f}, "elu(a=0.3)"},
    {GPUACT_OP_SELU, {1.0f, 0.5f, -1.0f, 1.0f}, "selu"},
    {GPUACT_OP_SILU, {1.0f, 0.5f, -1.0f, 1.0f}, "silu"},
    {GPUACT_OP_SWISH_TANH, {1.0f, 0.5f, -1.0f, 1.0f}, "swish_tanh"},
    {GPUACT_OP_SWISH_TANH, {1.0f, 1.5f, -0.2f, 0.8f}, "swish_tanh(1.5,-.2,.8)"},
};
#define NCONF ((int)(sizeof CONFIGS / sizeof CONFIGS[0]))

/* per (config, format, kind) statistics; kind 0 f, 1 f', 2 dy f' */
typedef struct { double max_ulp; double worst_x; long n, misrounded, special_bad; } stat;
static stat ST[NCONF][3][3];
static pthread_mutex_t LOCK = PTHREAD_MUTEX_INITIALIZER;
static long FAILS_PRINTED;

static float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static gpuact_ref_params refp(const gpuact_cfg *c) {
    gpuact_ref_params p; p.alpha = c->alpha; p.scale = c->scale; p.lo = c->lo; p.hi = c->hi; return p;
}
static double dec(int fmt, uint16_t b) { return fmt == 1 ? gpuact_ref_f16_to_double(b) : gpuact_ref_bf16_to_double(b); }

static void record(stat *s, double ulp, double x, int misrounded, int special_bad, int print, const char *what,
                   double got, double ref) {
    pthread_mutex_lock(&LOCK);
    s->n++;
    if (ulp > s->max_ulp) { s->max_ulp = ulp; s->worst_x = x; }
    s->misrounded += misrounded;
    s->special_bad += special_bad;
    if (print && FAILS_PRINTED++ < 20) printf("FAIL %s x=%a ref=%a got=%a\n", what, x, ref, got);
    pthread_mutex_unlock(&LOCK);
}

/* one input, one format, all kinds */
static void check_one(int ci, int fmt, double x, double dy) {
    const config *k = &CONFIGS[ci];
    gpuact_ref_params rp = refp(&k->c);
    gpuact_op op = (gpuact_op)k->op;
    int kind;
    for (kind = 0; kind < 3; kind++) {
        double got, ref = 0, ulp;
        int sm = 0;
        if (fmt == 0) {
            float xf = (float)x, dyf = (float)dy;
            got = kind == 0 ? gpuact_forward_f32(op, xf, &k->c) : kind == 1 ? gpuact_grad_f32(op, xf, &k->c)
                            : gpuact_backward_f32(op, xf, dyf, &k->c);
        } else {
            uint16_t xb = fmt == 1 ? gpuact_ref_double_to_f16(x) : gpuact_ref_double_to_bf16(x);
            uint16_t db = fmt == 1 ? gpuact_ref_double_to_f16(dy) : gpuact_ref_double_to_bf16(dy);
            uint16_t r;
            if (fmt == 1) r = kind == 0 ? gpuact_forward_f16(op, xb, &k->c) : kind == 1 ? gpuact_grad_f16(op, xb, &k->c) : gpuact_backward_f16(op, xb, db, &k->c);
            else r = kind == 0 ? gpuact_forward_bf16(op, xb, &k->c) : kind == 1 ? gpuact_grad_bf16(op, xb, &k->c) : gpuact_backward_bf16(op, xb, db, &k->c);
            got = dec(fmt, r);
        }
        ulp = gpuact_ref_ulp(k->op, kind, x, dy, &rp, (gpuact_ref_format)fmt, got, &ref, &sm);
        {
            int special_bad = sm || (isnan(got) != isnan(ref)) || (isinf(got) != isinf(ref)) || (isinf(got) && got != ref) ||
                              (isinf(ulp) && !(isnan(got) && isnan(ref)));
            int misrounded = !(isnan(got) && isnan(ref)) && got != ref;
            char what[96];
            snprintf(what, sizeof what, "%s %s %s", k->name, fmt == 0 ? "f32" : fmt == 1 ? "f16" : "bf16",
                     kind == 0 ? "f" : kind == 1 ? "f'" : "dy*f'");
            /* 16-bit forward results must be correctly rounded: print any that is not */
            record(&ST[ci][fmt][kind], isinf(ulp) ? 0 : ulp, x, misrounded, special_bad,
                   special_bad || (misrounded && fmt != 0 && kind == 0), what, got, ref);
        }
    }
}

/* ---- work lists ---- */
typedef struct { int fmt; long begin, end; float *xs; long nx; int tid, nth; } job;

static uint64_t rng_state = 88172645463325252ull;
static uint64_t rnd(void) { rng_state ^= rng_state << 13; rng_state ^= rng_state >> 7; rng_state ^= rng_state << 17; return rng_state; }

/* the fp32 sample: strata described in the header comment */
static long build_sample(float *xs, long n) {
    long k = 0, i;
    static const float zeros[] = {-0.75179152f, -0.75246142f, -0.75115426f, -1.27846454f};
    static const float edges[] = {2.2399f, -1.2785f, 0.3746f, 1.0f, -1.0f, 0.2f, -0.2f, 0.8f, 1.6f};
    long per = n / 8;
    /* 1. every binade and sign, random significands */
    for (i = 0; i < per; i++) xs[k++] = u2f((uint32_t)(rnd() % 0xff800000u) | ((uint32_t)(i & 1) << 31));
    /* 2. dense near 0: |x| in [2^-30, 4] */
    for (i = 0; i < per; i++) { float m = (float)ldexp(1.0 + (double)(rnd() >> 11) / 9007199254740992.0, (int)(rnd() % 32) - 30); xs[k++] = (i & 1) ? -m : m; }
    /* 3. moderate range [-16, 16] uniform */
    for (i = 0; i < per; i++) xs[k++] = (float)(((double)(rnd() >> 11) / 9007199254740992.0 - 0.5) * 32.0);
    /* 4. the negative tails [-120, -4] where the naive forms cancel or underflow */
    for (i = 0; i < per; i++) xs[k++] = (float)(-4.0 - (double)(rnd() >> 11) / 9007199254740992.0 * 116.0);
    /* 5. the zeros of f': the 2^14 floats either side of each, consecutive */
    for (i = 0; i < per && i < 4 * 32768; i++) { float z = zeros[i / 32768]; xs[k++] = u2f(f2u(z) + (uint32_t)(i % 32768) - 16384u); }
    /* 6. the clamp edges of swish_tanh and the kinks: consecutive floats around each */
    for (i = 0; i < per && i < 9 * 8192; i++) { float z = edges[i / 8192]; xs[k++] = u2f(f2u(z) + (uint32_t)(i % 8192) - 4096u); }
    /* 7. subnormals and the smallest normals */
    for (i = 0; i < per; i++) xs[k++] = u2f((uint32_t)(rnd() % 0x01000000u) | ((uint32_t)(i & 1) << 31));
    /* 8. the rest: any bit pattern (NaNs and infinities included) */
    while (k < n) xs[k++] = u2f((uint32_t)rnd());
    return k;
}

static void *worker(void *arg) {
    job *j = (job *)arg;
    long i;
    int ci;
    uint64_t s = 0x2545F4914F6CDD1Dull * (uint64_t)(j->tid + 1);
    for (i = j->begin + j->tid; i < j->end; i += j->nth) {
        double x, dy;
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        if (j->fmt == 0) { x = j->xs[i]; dy = (double)u2f(0x3f800000u | (uint32_t)(s & 0x7fffffu)) * ((s >> 40) & 1 ? -1 : 1) * ldexp(1.0, (s >> 48) & 1 ? (int)((s >> 32) % 252) - 126 : (int)((s >> 32) % 40) - 20); } /* half moderate, half any exponent */
        else {
            x = dec(j->fmt, (uint16_t)i);
            dy = dec(j->fmt, (uint16_t)((s & 0x3fffu) | 0x3000u)); /* moderate, both signs via bit 15 */
            if ((s >> 20) & 1) dy = -dy;
        }
        for (ci = 0; ci < NCONF; ci++) check_one(ci, j->fmt, x, dy);
    }
    return NULL;
}

static void run(int fmt, float *xs, long n, int nth) {
    pthread_t th[16];
    job jobs[16];
    int t;
    for (t = 0; t < nth; t++) {
        jobs[t].fmt = fmt; jobs[t].begin = 0; jobs[t].end = n; jobs[t].xs = xs; jobs[t].nx = n; jobs[t].tid = t; jobs[t].nth = nth;
        pthread_create(&th[t], NULL, worker, &jobs[t]);
    }
    for (t = 0; t < nth; t++) pthread_join(th[t], NULL);
}

int main(int argc, char **argv) {
    long n32 = argc > 1 ? atol(argv[1]) : 1048576;
    int nth = argc > 2 ? atoi(argv[2]) : 2, ci, f, kind;
    long pass = 0, fail = 0;
    float *xs = (float *)malloc(sizeof(float) * (size_t)(n32 + 16));
    const double BAR[3][3] = {{1.0, 2.0, 2.5}, {0.5, 1.0, 1.0}, {0.5, 1.0, 1.0}};
    if (nth < 1) nth = 1;
    if (nth > 16) nth = 16;
    n32 = build_sample(xs, n32);
    fprintf(stderr, "binary16: 65536 inputs x %d configs\n", NCONF);
    run(1, NULL, 65536, nth);
    fprintf(stderr, "bfloat16: 65536 inputs x %d configs\n", NCONF);
    run(2, NULL, 65536, nth);
    fprintf(stderr, "binary32: %ld sampled inputs x %d configs\n", n32, NCONF);
    run(0, xs, n32, nth);

    printf("%-24s %-5s %10s %10s %10s %9s   %s\n", "function", "fmt", "max ulp f", "max ulp f'", "max dy*f'", "not CR f", "worst x: f, f', dy*f'");
    for (ci = 0; ci < NCONF; ci++)
        for (f = 0; f < 3; f++) {
            stat *s = ST[ci][f];
            printf("%-24s %-5s %10.4f %10.4f %10.4f %9ld   %a %a %a\n", CONFIGS[ci].name, f == 0 ? "f32" : f == 1 ? "f16" : "bf16",
                   s[0].max_ulp, s[1].max_ulp, s[2].max_ulp, s[0].misrounded, s[0].worst_x, s[1].worst_x, s[2].worst_x);
            for (kind = 0; kind < 3; kind++) {
                int ok = s[kind].max_ulp <= BAR[f][kind] && s[kind].special_bad == 0 && (f == 0 || kind != 0 || s[kind].misrounded == 0);
                if (ok) pass++;
                else {
                    fail++;
                    printf("FAIL %s %s kind %d: max ulp %.4f (bar %.2f) at x=%a, special mismatches %ld, misrounded %ld\n", CONFIGS[ci].name,
                           f == 0 ? "f32" : f == 1 ? "f16" : "bf16", kind, s[kind].max_ulp, BAR[f][kind], s[kind].worst_x,
                           s[kind].special_bad, s[kind].misrounded);
                }
            }
        }
    free(xs);
    printf("%ld passed, %ld failed\n", pass, fail);
    return fail ? 1 : 0;
}
