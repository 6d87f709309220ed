/* tests/accuracy/gt_table.c - the 16-bit backward from a table of f'
   (gpuact_kernels.cuh section 9.0) against MPFR.

   The kernels' fp16 and bf16 backward and forward+backward take dx from
   gpuact__gt_bwd where its test accepts: dy G rounded at the 16-bit
   point, with G the table's entry for x. Its proof rests on the entries;
   this checks both, for every --stride'th x of each window (bfloat16: 3072
   magnitudes, binary16: 10240, both signs):
     entries  where G is normal and finite, |G - f'(x)| <= 0.5 + 2^-12 ulp
              (the bound the test's 1.53 ulp allows for is 0.51); where G
              is a zero, RN16(M f'(x)) is that zero, sign included (M the
              format's largest finite value); otherwise G is NaN and f'(x)
              is not normal in fp32 (MPFR's f' rounded to fp32);
     products the dy (16-bit) whose p = dy G lies within 8 ulps of a
              rounding midpoint (all 65,536 dy scanned, at most --near of
              them a x), both zeros, +-inf, the largest and least, +-1, and
              --dy pseudo-random ones: each result gpuact__gt_bwd accepts
              must be MPFR's RN16(dy f'(x)) (gpuact_ref_backward), bit for
              bit.
   Configurations: every op with its defaults; elu with alpha 0.3, 3e38 and
   -2; swish_tanh with s = 1.5 in [-0.2, 0.8] and s = -40 in [-0.9, 0.5].
   Prints FAIL ... x=%a dy=%a ref=%a got=%a for the first 20 differences;
   ends with "N passed, M failed" and the count the test rejected; exit
   status 1 on any failure.
   usage: gt_table [--dy 32] [--near 16] [--stride 1] [--threads 2]
   (--dy 8 --near 12 --stride 4 takes about 10 s on 2 cores) */
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

static int NDY = 32, NNEAR = 16, NTHREADS = 2, STRIDE = 1;
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
    int k, fmt;
    uint32_t i0, i1;
} job;
static void *run(void *arg) {
    const job *j = (const job *)arg;
    const config *k = &configs[j->k];
    const gpuact_ref_params rp = ref_params(&k->c);
    const int fmt = j->fmt, bf = fmt == GPUACT__FMT_BF16;
    const gpuact_ref_format rf = bf ? GPUACT_REF_BF16 : GPUACT_REF_F16;
    const uint32_t span = GPUACT__GT_N(fmt) / 2u;
    const float big = gpuact__gt_x(bf ? 0x7f7fu : 0x7bffu, fmt);
    long rej = 0;
    float *tab = (float *)malloc(sizeof(float) * GPUACT__GT_N_F16); /* entry i alone is read */
    if (!tab) {
        fprintf(stderr, "gt_table: out of memory\n");
        exit(2);
    }
    for (uint32_t i = j->i0; i < j->i1; i++) {
        if ((i + (uint32_t)j->k) % (uint32_t)STRIDE) continue;
        const uint32_t xb = gpuact__gt_lo(fmt) + i % span + (i / span) * 0x8000u;
        const float x = gpuact__gt_x(xb, fmt);
        uint32_t ti;
        if (!gpuact__gt_index(xb, fmt, &ti) || ti != i) {
            report(0, k, "index", x, 0.0f, (double)i, (double)ti);
            continue;
        }
        /* the entry */
        float G = gpuact__gt_entry_at(k->op, i, &k->c, fmt);
        const double g32 = gpuact_ref_eval(k->op, 1, x, &rp, GPUACT_REF_F32);
        if (fabsf(G) >= 1.17549435e-38f && fabsf(G) <= 3.40282347e38f) {
            const double e = gpuact_ref_ulp(k->op, 1, x, 0.0, &rp, GPUACT_REF_F32, G, NULL, NULL);
            report(e <= 0.5 + 1.0 / 4096, k, "entry error (ulp as ref)", x, 0.0f, e, G);
        } else if (G == 0.0f) {
            const double z = gpuact_ref_backward(k->op, x, big, &rp, rf);
            report(same_bits(z, G), k, "zero entry", x, big, z, G);
        } else {
            report(G != G && !(fabs(g32) >= 1.17549435e-38 && fabs(g32) <= 3.40282347e38), k, "NaN entry", x, 0.0f, g32, G);
        }
        /* the products */
        tab[i] = G;
        uint32_t dys[4096 + 256 + 16];
        int n = 0;
        static const uint32_t fixed_bf[] = {0x0000u, 0x8000u, 0x7f80u, 0xff80u, 0x7f7fu, 0xff7fu, 0x0001u, 0x8001u, 0x0080u, 0x3f80u, 0xbf80u};
        static const uint32_t fixed_h[] = {0x0000u, 0x8000u, 0x7c00u, 0xfc00u, 0x7bffu, 0xfbffu, 0x0001u, 0x8001u, 0x0400u, 0x3c00u, 0xbc00u};
        const uint32_t *fixed = bf ? fixed_bf : fixed_h;
        for (unsigned f = 0; f < sizeof fixed_bf / sizeof fixed_bf[0]; f++) dys[n++] = fixed[f];
        int near = 0;
        const uint32_t start = (uint32_t)(mix64(i * 31u + (uint64_t)j->k) & 0xffffu);
        for (uint32_t s = 0; s < 65536u && near < NNEAR; s++) {
            const uint32_t db = (start + s) & 0xffffu;
            const float p = gpuact__gt_x(db, fmt) * G;
            uint32_t u;
            memcpy(&u, &p, 4);
            const int nearmid = bf ? ((u - 0x7ff8u) & 0xffffu) <= 16u : ((u - 0x0ff8u) & 0x1fffu) <= 16u;
            if (nearmid && (u & 0x7f800000u) != 0x7f800000u) {
                dys[n++] = db;
                near++;
            }
        }
        for (int r = 0; r < NDY; r++) dys[n++] = (uint32_t)(mix64(((uint64_t)i << 20) + (uint64_t)r + ((uint64_t)j->k << 40)) >> 48);
        for (int d = 0; d < n; d++) {
            const float dy = gpuact__gt_x(dys[d], fmt);
            uint32_t bits;
            if (!gpuact__gt_bwd(tab, xb, dy, fmt, &bits)) {
                rej++;
                continue;
            }
            const double ref = gpuact_ref_backward(k->op, x, dy, &rp, rf);
            const double got = gpuact__gt_x(bits, fmt);
            report(same_bits(ref, got), k, "dy f'", x, dy, ref, got);
        }
    }
    free(tab);
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
        else if (!strcmp(argv[a], "--stride") && a + 1 < argc) STRIDE = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--near") && a + 1 < argc) NNEAR = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--threads") && a + 1 < argc) NTHREADS = atoi(argv[++a]);
        else {
            fprintf(stderr, "usage: %s [--dy 32] [--near 16] [--stride 1] [--threads 2]\n", argv[0]);
            return 2;
        }
    }
    if (NDY < 0 || NDY > 4096 || NNEAR < 0 || NNEAR > 256 || NTHREADS < 1 || NTHREADS > 64 || STRIDE < 1) {
        fprintf(stderr, "gt_table: --dy 0..4096, --near 0..256, --threads 1..64, --stride 1 or more\n");
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
    for (int f = 0; f < 2; f++)
        for (int k = 0; k < nconfigs; k++) {
            pthread_t th[64];
            job jobs[64];
            const int fmt = f ? GPUACT__FMT_BF16 : GPUACT__FMT_F16;
            const uint32_t nt = GPUACT__GT_N(fmt);
            for (int t = 0; t < NTHREADS; t++) {
                jobs[t].k = k;
                jobs[t].fmt = fmt;
                jobs[t].i0 = (uint32_t)((uint64_t)nt * t / NTHREADS);
                jobs[t].i1 = (uint32_t)((uint64_t)nt * (t + 1) / NTHREADS);
                if (pthread_create(&th[t], NULL, run, &jobs[t]) != 0) {
                    fprintf(stderr, "gt_table: pthread_create failed\n");
                    return 2;
                }
            }
            for (int t = 0; t < NTHREADS; t++) pthread_join(th[t], NULL);
        }
    printf("gt_table: %ld passed, %ld failed (%ld products rejected by the test), %d configurations x 2 formats, --dy %d --near %d --stride %d\n",
           passed, failed, rejected, nconfigs, NDY, NNEAR, STRIDE);
    return failed ? 1 : 0;
}
