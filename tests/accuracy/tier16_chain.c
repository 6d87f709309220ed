/* tests/accuracy/tier16_chain.c - the 16-bit tier against the rest of the
   chain, on every 16-bit input.

   The 16-bit tier (gpuact_kernels.cuh section 8.3) returns a result only
   where its rounding test proves it the correctly rounded one; the chain's
   later tiers and its full path give the correctly rounded fp16 / bf16
   result everywhere (docs/ACCURACY.md: MPFR, every 16-bit input). So
   wherever the tier takes an input, its bits must be those of the chain
   without it (gpuact__chain with GPUACT__SKIP_H16). The tier is taken
   with its tails (gpuact__h_fwd_t etc. with tails = 1, as the kernels run
   it for a vector with an input past the rows; without them it takes a
   subset of those inputs with the same values and bounds). This checks
   that on
   every fp16 and bf16 x, for f, f' and dy f', each x with 16 dy (--dy N:
   N >= 16): both zeros, the least subnormals, a subnormal, +-1, the
   largest finite, and pseudo-random ones, a third of them small
   (|dy| < 2^-14 for fp16). Configs:
   every op with its defaults, elu with alpha = 0.3, swish_tanh with
   s = 1.5 in [-0.2, 0.8] (which the tier does not take). It also counts
   the tier's binary16 results below 2^-14 (subnormal or zero), which its
   rounding test of normal results alone sent to the chain.

   Prints FAIL x=%a dy=%a tier=0x%04x chain=0x%04x for each difference
   (the first 20); ends with "N passed, M failed"; exit status 1 on any.
   usage: tier16_chain [--dy N] [--threads T]   (default 16 dy, 1 thread;
   --dy 4096 --threads 2 takes about 6 minutes on 2 cores) */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GPUACT_IMPLEMENTATION
#include "gpuact.h"

static uint64_t mix64(uint64_t z) {
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static float dec(int bf, uint32_t b) { return bf ? gpuact_bf16_to_f32((uint16_t)b) : gpuact_f16_to_f32((uint16_t)b); }
static uint32_t enc(int bf, float v) { return bf ? gpuact__f32_to_bf16_exact(v) : gpuact__f32_to_f16_exact(v); }

static int NDY = 16;
static long failed, passed, sub16;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void compare(const char *what, int fmt, int op, int pi, float x, float dy, uint32_t tier, float chain) {
    const int bf = fmt == GPUACT__FMT_BF16;
    const uint32_t cb = enc(bf, chain);
    pthread_mutex_lock(&lock);
    if (cb == tier || (chain != chain && dec(bf, tier) != dec(bf, tier))) {
        passed++;
        if (!bf && (tier & 0x7c00u) == 0u) sub16++;
    } else if (failed++ < 20) {
        printf("FAIL %s %s op %d config %d x=%a dy=%a tier=0x%04x chain=0x%04x\n", what, bf ? "bf16" : "f16", op, pi, x, dy,
               (unsigned)tier, (unsigned)cb);
    }
    pthread_mutex_unlock(&lock);
}

/* the chain without the 16-bit tier */
#define SKIP GPUACT__SKIP_H16
typedef struct job {
    int fi, op, pi, first, step;
    gpuact_cfg c;
} job;
static void *run(void *arg) {
    const job *J = (const job *)arg;
    const int fi = J->fi, op = J->op, pi = J->pi, bf = fi;
    const int fmt = fi ? GPUACT__FMT_BF16 : GPUACT__FMT_F16;
    const gpuact_cfg *c = &J->c;
    const uint16_t sp[7] = {0x0000u, 0x8000u, 0x0001u, 0x8001u, (uint16_t)(bf ? 0x0045u : 0x0123u), (uint16_t)(bf ? 0x3f80u : 0x3c00u),
                            (uint16_t)(bf ? 0x7f7fu : 0x7bffu)};
    uint32_t xb;
    for (xb = (uint32_t)J->first; xb < 65536u; xb += (uint32_t)J->step) {
        const float x = dec(bf, xb);
        float y;
        uint32_t bits;
        int k;
        if (gpuact__h_takes_t(op, 0, x, c, 1) && gpuact__h_fwd_t(op, x, c, gpuact__tt_tab(op, 0), 0, fmt, 1, 1, &y, &bits))
            compare("f", fmt, op, pi, x, 0.0f, bits, gpuact__chain(GPUACT__CHAIN_FWD, SKIP, op, x, 0.0f, c, fmt));
        if (!gpuact__h_takes_t(op, 1, x, c, 1)) continue;
        if (gpuact__h_grad_t(op, x, c, gpuact__tt_tab(op, 1), 0, fmt, 1, 1, &y, &bits))
            compare("f'", fmt, op, pi, x, 0.0f, bits, gpuact__chain(GPUACT__CHAIN_GRAD, SKIP, op, x, 0.0f, c, fmt));
        for (k = 0; k < NDY; k++) {
            const uint64_t h = mix64(((uint64_t)xb << 20) ^ (uint64_t)k ^ ((uint64_t)op << 40) ^ ((uint64_t)fi << 48) ^ ((uint64_t)pi << 52));
            const uint16_t db = k < 7 ? sp[k] : k == 7 ? (uint16_t)(sp[5] | 0x8000u)
                              : k % 3 == 2 ? (uint16_t)((h >> 16) & (bf ? 0x83ffu : 0x87ffu)) /* small */
                                           : (uint16_t)(h >> 48);
            const float dy = dec(bf, db);
            if (gpuact__h_bwd_t(op, x, dy, c, gpuact__tt_tab(op, 1), 0, fmt, 1, &y, &bits))
                compare("dy f'", fmt, op, pi, x, dy, bits, gpuact__chain(GPUACT__CHAIN_BWD, SKIP, op, x, dy, c, fmt));
        }
    }
    return NULL;
}

int main(int argc, char **argv) {
    int fi, op, pi, i, nthreads = 1;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--dy") && i + 1 < argc) NDY = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc) nthreads = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: %s [--dy N] [--threads T]\n", argv[0]);
            return 2;
        }
    }
    if (NDY < 16) NDY = 16;
    if (nthreads < 1) nthreads = 1;
    if (nthreads > 64) nthreads = 64;
    for (fi = 0; fi < 2; fi++)
        for (op = 1; op <= GPUACT_OP_COUNT; op++)
            for (pi = 0; pi < (op == GPUACT_OP_ELU || op == GPUACT_OP_SWISH_TANH ? 2 : 1); pi++) {
                gpuact_params pp;
                gpuact_cfg c;
                pthread_t th[64];
                job jobs[64];
                memset(&pp, 0, sizeof pp);
                if (pi && op == GPUACT_OP_ELU) {
                    pp.set = GPUACT_SET_ALPHA;
                    pp.alpha = 0.3f;
                } else if (pi) {
                    pp.set = GPUACT_SET_SCALE | GPUACT_SET_LO | GPUACT_SET_HI;
                    pp.scale = 1.5f;
                    pp.lo = -0.2f;
                    pp.hi = 0.8f;
                }
                if (gpuact_resolve((gpuact_op)op, pi ? &pp : NULL, &c) != GPUACT_SUCCESS) {
                    printf("FAIL resolve op %d config %d\n", op, pi);
                    failed++;
                    continue;
                }
                for (i = 0; i < nthreads; i++) {
                    jobs[i].fi = fi; jobs[i].op = op; jobs[i].pi = pi; jobs[i].first = i; jobs[i].step = nthreads; jobs[i].c = c;
                    if (pthread_create(&th[i], NULL, run, &jobs[i]) != 0) {
                        printf("FAIL pthread_create\n");
                        return 1;
                    }
                }
                for (i = 0; i < nthreads; i++) pthread_join(th[i], NULL);
            }
    printf("the 16-bit tier's results: %ld (dy per x: %d), of them binary16 below 2^-14 %ld\n", passed + failed, NDY, sub16);
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed != 0;
}
