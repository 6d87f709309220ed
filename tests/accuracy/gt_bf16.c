/* tests/accuracy/gt_bf16.c - the bfloat16 backward from a table of f'
   (gpuact_kernels.cuh section 9.0) against MPFR.

   The kernels' bfloat16 backward and forward+backward take dx from
   gpuact__gt_bwd where its test accepts: dy G rounded at bit 16, with G
   the table's entry for x. Its proof rests on the entries; this checks
   both, for every x of the window (3072 magnitudes, both signs):
     entries  where G is normal and finite, |G - f'(x)| <= 0.5 + 2^-12 ulp
              (the bound the test's 1.53 ulp allows for is 0.51); where G
              is a zero, RN_bf16(0x1.fep+127 f'(x)) is that zero, sign
              included; otherwise G is NaN and f'(x) is not normal in fp32
              (MPFR's f' rounded to fp32);
     products the dy (bfloat16) whose p = dy G lies within 8 ulps of a
              rounding midpoint (p's low 16 bits within 8 of 0x8000; all
              65,536 dy scanned, at most --near of them a x), both zeros,
              +-inf, bfloat16's largest and least, and --dy pseudo-random
              ones: each result gpuact__gt_bwd accepts must be MPFR's
              RN_bf16(dy f'(x)) (gpuact_ref_backward), bit for bit.
   Configurations: every op with its defaults; elu with alpha 0.3, 3e38 and
   -2; swish_tanh with s = 1.5 in [-0.2, 0.8] and s = -40 in [-0.9, 0.5].
   Prints FAIL ... x=%a dy=%a ref=%a got=%a for the first 20 differences;
   ends with "N passed, M failed" and the count the test rejected; exit
   status 1 on any failure.
   usage: gt_bf16 [--dy 32] [--near 16] [--threads 2]
   (the defaults take about 10 s on 2 cores; --dy 4096 --near 64 is the
   long run) */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GPUACT_IMPLEMENTATION
#include "gpuact.h"
#include "gpuact_ref.h"

static int NDY = 32, NNEAR = 16, NTHREADS = 2;
static long passed, failed, rejected;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

typedef struct {
    int op;
    gpuact_cfg c;
    const char *name;
} config;
static config configs[16];
static int nconfigs;

static uint64_t mix64(uint64_t z) {
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static gpuact_ref_params ref_params(const gpuact_cfg *c) {
    gpuact_ref_params p;
    p.alpha = c->alpha;
    p.scale = c->scale;
    p.lo = c->lo;
    p.hi = c->hi;
    return p;
}
static void report(int ok, const config *k, const char *what, float x, float dy, double ref, double got) {
    pthread_mutex_lock(&lock);
    if (ok) passed++;
    else if (failed++ < 20)
        printf("FAIL %s %s x=%a dy=%a ref=%a got=%a\n", k->name, what, x, dy, ref, got);
    pthread_mutex_unlock(&lock);
}
static int same_bits(double a, double b) {
    if (a != a || b != b) return a != a && b != b;
    return a == b && signbit(a) == signbit(b);
}

/* x of the window: entries [i0, i1) of configuration k */
typedef struct {
    int k;
    uint32_t i0, i1;
} job;
static void *run(void *arg) {
    const job *j = (const job *)arg;
    const config *k = &configs[j->k];
    const gpuact_ref_params rp = ref_params(&k->c);
    const float big = gpuact_bf16_to_f32(0x7f7fu);
    long rej = 0;
    for (uint32_t i = j->i0; i < j->i1; i++) {
        const uint32_t xb = GPUACT__GT_LO + i % GPUACT__GT_SPAN + (i / GPUACT__GT_SPAN) * 0x8000u;
        const float x = gpuact_bf16_to_f32((uint16_t)xb);
        uint32_t ti;
        if (!gpuact__gt_index(xb, &ti) || ti != i) {
            report(0, k, "index", x, 0.0f, (double)i, (double)ti);
            continue;
        }
        /* the entry */
        float G = gpuact__gt_entry_at(k->op, i, &k->c);
        const double g32 = gpuact_ref_eval(k->op, 1, x, &rp, GPUACT_REF_F32);
        if (fabsf(G) >= 1.17549435e-38f && fabsf(G) <= 3.40282347e38f) {
            const double e = gpuact_ref_ulp(k->op, 1, x, 0.0, &rp, GPUACT_REF_F32, G, NULL, NULL);
            report(e <= 0.5 + 1.0 / 4096, k, "entry error (ulp as ref)", x, 0.0f, e, G);
        } else if (G == 0.0f) {
            const double z = gpuact_ref_backward(k->op, x, big, &rp, GPUACT_REF_BF16);
            report(same_bits(z, G), k, "zero entry", x, big, z, G);
        } else {
            report(G != G && !(fabs(g32) >= 1.17549435e-38 && fabs(g32) <= 3.40282347e38), k, "NaN entry", x, 0.0f, g32, G);
        }
        /* the products */
        float tab[GPUACT__GT_N];
        tab[i] = G;
        uint32_t dys[4096 + 256 + 16];
        int n = 0;
        static const uint32_t fixed[] = {0x0000u, 0x8000u, 0x7f80u, 0xff80u, 0x7f7fu, 0xff7fu, 0x0001u, 0x8001u, 0x0080u, 0x3f80u, 0xbf80u};
        for (unsigned f = 0; f < sizeof fixed / sizeof fixed[0]; f++) dys[n++] = fixed[f];
        int near = 0;
        const uint32_t start = (uint32_t)(mix64(i * 31u + (uint64_t)j->k) & 0xffffu);
        for (uint32_t s = 0; s < 65536u && near < NNEAR; s++) {
            const uint32_t db = (start + s) & 0xffffu;
            const float p = gpuact_bf16_to_f32((uint16_t)db) * G;
            uint32_t u;
            memcpy(&u, &p, 4);
            if (((u - 0x7ff8u) & 0xffffu) <= 16u && (u & 0x7f800000u) != 0x7f800000u) {
                dys[n++] = db;
                near++;
            }
        }
        for (int r = 0; r < NDY; r++) dys[n++] = (uint32_t)(mix64(((uint64_t)i << 20) + (uint64_t)r + ((uint64_t)j->k << 40)) >> 48);
        for (int d = 0; d < n; d++) {
            const float dy = gpuact_bf16_to_f32((uint16_t)dys[d]);
            uint32_t bits;
            if (!gpuact__gt_bwd(tab, xb, dys[d], &bits)) {
                rej++;
                continue;
            }
            const double ref = gpuact_ref_backward(k->op, x, dy, &rp, GPUACT_REF_BF16);
            const double got = gpuact_bf16_to_f32((uint16_t)bits);
            report(same_bits(ref, got), k, "dy f'", x, dy, ref, got);
        }
    }
    pthread_mutex_lock(&lock);
    rejected += rej;
    pthread_mutex_unlock(&lock);
    gpuact_ref_thread_release();
    return NULL;
}

static void add(int op, float alpha, float s, float lo, float hi, const char *name) {
    config *k = &configs[nconfigs++];
    k->op = op;
    k->c = gpuact_cfg_default();
    k->c.alpha = alpha;
    k->c.scale = s;
    k->c.lo = lo;
    k->c.hi = hi;
    k->name = name;
}

int main(int argc, char **argv) {
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--dy") && a + 1 < argc) NDY = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--near") && a + 1 < argc) NNEAR = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--threads") && a + 1 < argc) NTHREADS = atoi(argv[++a]);
        else {
            fprintf(stderr, "usage: %s [--dy 32] [--near 16] [--threads 2]\n", argv[0]);
            return 2;
        }
    }
    if (NDY < 0 || NDY > 4096 || NNEAR < 0 || NNEAR > 256 || NTHREADS < 1 || NTHREADS > 64) {
        fprintf(stderr, "gt_bf16: --dy 0..4096, --near 0..256, --threads 1..64\n");
        return 2;
    }
    add(GPUACT_OP_GELU_ERF, 1.0f, 0.5f, -1.0f, 1.0f, "gelu_erf");
    add(GPUACT_OP_GELU_TANH, 1.0f, 0.5f, -1.0f, 1.0f, "gelu_tanh");
    add(GPUACT_OP_GELU_SIGMOID, 1.0f, 0.5f, -1.0f, 1.0f, "gelu_sigmoid");
    add(GPUACT_OP_ELU, 1.0f, 0.5f, -1.0f, 1.0f, "elu");
    add(GPUACT_OP_ELU, 0.3f, 0.5f, -1.0f, 1.0f, "elu(alpha 0.3)");
    add(GPUACT_OP_ELU, 3e38f, 0.5f, -1.0f, 1.0f, "elu(alpha 3e38)");
    add(GPUACT_OP_ELU, -2.0f, 0.5f, -1.0f, 1.0f, "elu(alpha -2)");
    add(GPUACT_OP_SELU, 1.0f, 0.5f, -1.0f, 1.0f, "selu");
    add(GPUACT_OP_SILU, 1.0f, 0.5f, -1.0f, 1.0f, "silu");
    add(GPUACT_OP_SWISH_TANH, 1.0f, 0.5f, -1.0f, 1.0f, "swish_tanh");
    add(GPUACT_OP_SWISH_TANH, 1.0f, 1.5f, -0.2f, 0.8f, "swish_tanh(1.5, -0.2, 0.8)");
    add(GPUACT_OP_SWISH_TANH, 1.0f, -40.0f, -0.9f, 0.5f, "swish_tanh(-40, -0.9, 0.5)");
    for (int k = 0; k < nconfigs; k++) {
        pthread_t th[64];
        job jobs[64];
        for (int t = 0; t < NTHREADS; t++) {
            jobs[t].k = k;
            jobs[t].i0 = (uint32_t)((uint64_t)GPUACT__GT_N * t / NTHREADS);
            jobs[t].i1 = (uint32_t)((uint64_t)GPUACT__GT_N * (t + 1) / NTHREADS);
            if (pthread_create(&th[t], NULL, run, &jobs[t]) != 0) {
                fprintf(stderr, "gt_bf16: pthread_create failed\n");
                return 2;
            }
        }
        for (int t = 0; t < NTHREADS; t++) pthread_join(th[t], NULL);
    }
    printf("gt_bf16: %ld passed, %ld failed (%ld products rejected by the test), %d configurations, --dy %d --near %d\n", passed,
           failed, rejected, nconfigs, NDY, NNEAR);
    return failed ? 1 : 0;
}
