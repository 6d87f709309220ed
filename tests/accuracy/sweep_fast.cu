/* tests/accuracy/sweep_fast.cu - exhaustive error of fast mode on the GPU.

   Fast mode (gpuact_params.mode = GPUACT_MODE_FAST) against the
   MPFR-validated references, for every configuration of
   tests/accuracy/configs.h:
     fp32 f, f'   all 2^32 inputs against the double reference
                  (tests/accuracy/ref_double.h, within 0.01 fp32 ULP of
                  MPFR: check_ref_double.c): the largest relative error
                  |got - ref| / |ref| where the fp32 rounding of ref is a
                  normal number, and the largest absolute error in units of
                  2^-126 where it is subnormal or zero;
     fp32 dy f'   2^26 random x times 16 dy values, the same two figures;
     fp16, bf16   f and f' for all 65536 inputs, dy f' for all 65536 x
     f, f', dy f' times 16 dy values: the distance in ULPs (steps between
                  neighbouring 16-bit numbers) from the correctly rounded
                  result, which accurate mode returns for every 16-bit input
                  (docs/ACCURACY.md).
   Special values follow accurate mode's rules exactly: where accurate mode
   returns NaN (canonical), an infinity or a zero, fast mode must return the
   same NaN, the same infinity, or a zero of the same sign (a nonzero
   subnormal where accurate mode rounds to zero is an absolute error,
   counted above, if its sign agrees); fast mode may return NaN or an
   infinity only where accurate mode does. Every mismatch is counted.
   Bars (issue 24): fp32 relative error <= 2^-16 on normal results (and the
   same 2^-16 2^-126 absolute below), fp16 and bf16 within 1 ULP, no
   special mismatch. Exit status 0 iff every row meets them, 1 otherwise,
   2 on a usage or CUDA error. A failing row prints
       FAIL x=%a ref=%a got=%a
   for its worst input (dy too for the backward rows).

   Build:  nvcc -O3 -arch=sm_90 -I. tests/accuracy/sweep_fast.cu -o sweep_fast
   Run:    ./sweep_fast [--only NAME] [--csv FILE]
*/
#include <cuda_runtime.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <chrono>
#include <string>
#include <vector>

#include "gpuact_kernels.cuh"
#include "tests/accuracy/configs.h"
#include "tests/accuracy/ref_double.h"
#include "tests/common/args.h"
#include "tests/common/cuda_check.h"

#define BAR_REL (1.0 / 65536.0) /* 2^-16 */
#define BAR_ULP16 1

typedef acc_config Config;
static const Config kConfigs[] = {ACC_CONFIGS(ACC_CONFIG_ROW)};
static const int kNumConfigs = (int)(sizeof kConfigs / sizeof kConfigs[0]);


struct Stats {
    unsigned long long rel;     /* (max relative error as float bits) << 32 | x bits */
    unsigned long long sub;     /* (max absolute error / 2^-126 as float bits) << 32 | x bits */
    unsigned long long ulp;     /* 16-bit: max ULP distance << 32 | x bits */
    unsigned long long special; /* mismatches */
    unsigned long long special_x;
    unsigned long long n;
};

__device__ static void amax(unsigned long long *p, unsigned long long v) {
    if (v) atomicMax(p, v);
}
__device__ static unsigned long long pack(float e, uint32_t x) { return ((unsigned long long)__float_as_uint(e) << 32) | x; }

/* a warp's figures into *out: the maxima of rel, sub, ulp and special_x,
   the sums of special and n (every lane calls it; a 0 adds nothing) */
__device__ static void warp_flush(Stats *out, unsigned long long rel, unsigned long long sub, unsigned long long ulp,
                                  unsigned long long nsp, unsigned long long spx, unsigned long long n) {
    for (int o = 16; o > 0; o >>= 1) {
        unsigned long long v;
        v = __shfl_xor_sync(0xffffffffu, rel, o); rel = v > rel ? v : rel;
        v = __shfl_xor_sync(0xffffffffu, sub, o); sub = v > sub ? v : sub;
        v = __shfl_xor_sync(0xffffffffu, ulp, o); ulp = v > ulp ? v : ulp;
        v = __shfl_xor_sync(0xffffffffu, spx, o); spx = v > spx ? v : spx;
        nsp += __shfl_xor_sync(0xffffffffu, nsp, o);
        n += __shfl_xor_sync(0xffffffffu, n, o);
    }
    if ((threadIdx.x & 31) == 0) {
        amax(&out->rel, rel);
        amax(&out->sub, sub);
        amax(&out->ulp, ulp);
        amax(&out->special_x, spx);
        if (nsp) atomicAdd(&out->special, nsp);
        atomicAdd(&out->n, n);
    }
}
/* the config's cfg in accurate mode and in fast mode */
__host__ __device__ static gpuact_cfg cfg_of(const Config &c, int fast) {
    gpuact_cfg g;
    memset(&g, 0, sizeof g);
    g.alpha = c.alpha;
    g.scale = c.scale;
    g.lo = c.lo;
    g.hi = c.hi;
    g.mode = fast ? GPUACT_MODE_FAST : GPUACT_MODE_ACCURATE;
    return g;
}

/* 1 if got breaks accurate mode's special-value rules (acc: accurate mode's
   result in the same format, as a float) */
__device__ static int special_bad(float got, float acc) {
    const int gn = got != got, an = acc != acc;
    if (gn || an) return gn != an || (gn && __float_as_uint(got) != 0x7fc00000u);
    if (isinf(got) || isinf(acc)) return got != acc;
    if (acc == 0.0f && got == 0.0f) return signbit(got) != signbit(acc);
    if (acc == 0.0f) return signbit(got) != signbit(acc); /* a nonzero result must keep the zero's side */
    if (got == 0.0f) return 0;                             /* judged by the error figures */
    return 0;
}

/* fp32: value (f / f' / dy f') in fast mode, accurate mode and the reference */
__device__ static void judge32(uint32_t xi, float got, float acc, double ref, Stats *s, unsigned long long &mrel,
                               unsigned long long &msub, unsigned long long &nsp, unsigned long long &spx) {
    if (special_bad(got, acc)) {
        nsp++;
        spx = xi + 1ull;
        return;
    }
    if (got != got || isinf(got) || ref != ref) return;
    const float r32 = (float)ref;
    if (isinf(r32)) return; /* accurate mode's infinity: special_bad checked it */
    const double err = fabs((double)got - ref);
    if (fabs((double)r32) >= 0x1p-126) {
        const unsigned long long p = pack((float)(err / fabs(ref)), xi);
        if (p > mrel) mrel = p;
    } else {
        const unsigned long long p = pack((float)(err * 0x1p126), xi);
        if (p > msub) msub = p;
    }
}

/* the x and dy of input i of a row (what: 0 f, 1 f', 2 dy f'): f and f'
   take x = i's bits; dy f' a pseudo-random x from i >> 4 and dy from i's
   low 4 bits */
__host__ __device__ static void input_of(int what, unsigned long long i, uint32_t *xb, float *dy) {
    *xb = (uint32_t)i;
    *dy = 1.0f;
    if (what == 2) {
        unsigned long long z = (i >> 4) * 0x9e3779b97f4a7c15ull;
        z = (z ^ (z >> 31)) * 0xbf58476d1ce4e5b9ull;
        *xb = (uint32_t)(z >> 32);
        static const float dys[16] = {1.0f, -1.0f, 0.5f, -3.0f, 0.1f, -0.7f, 2.5f, 1.0e-3f,
                                      -1.5e-2f, 7.0f, -123.0f, 3.0e-5f, 0.9999f, -1.0001f, 6.0e4f, -2.0e-30f};
        *dy = dys[i & 15u];
    }
}
/* fast mode's fp32 result and the double reference of one input */
__host__ __device__ static float fast_of(int what, int op, float x, float dy, const gpuact_cfg *cf) {
    return what == 0 ? gpuact__fast_mode_fwd(op, x, cf)
         : what == 1 ? gpuact__fast_mode_grad(op, x, cf)
                     : gpuact__fast_mode_bwd_fmt(op, x, dy, cf, GPUACT__FMT_F32);
}
__host__ __device__ static double ref_of(int what, int op, float x, float dy, const gpuact_refd_params *p) {
    return what == 0 ? gpuact_refd(op, 0, (double)x, p) : (what == 1 ? 1.0 : (double)dy) * gpuact_refd(op, 1, (double)x, p);
}

template <int WHAT>
__global__ void __launch_bounds__(256) k_sweep32(Config c, unsigned long long begin, unsigned long long end, Stats *out) {
    const gpuact_cfg ca = cfg_of(c, 0), cf = cfg_of(c, 1);
    gpuact_refd_params p;
    p.alpha = c.alpha; p.scale = c.scale; p.lo = c.lo; p.hi = c.hi;
    unsigned long long mrel = 0, msub = 0, nsp = 0, spx = 0, n = 0;
    const unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
    for (unsigned long long i = begin + (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < end; i += stride) {
        uint32_t xb;
        float dy;
        input_of(WHAT, i, &xb, &dy);
        const float x = __uint_as_float(xb);
        const float got = fast_of(WHAT, c.op, x, dy, &cf);
        const float acc = WHAT == 0 ? gpuact_forward_f32((gpuact_op)c.op, x, &ca)
                        : WHAT == 1 ? gpuact_grad_f32((gpuact_op)c.op, x, &ca)
                                    : gpuact_backward_f32((gpuact_op)c.op, x, dy, &ca);
        const double ref = ref_of(WHAT, c.op, x, dy, &p);
        n++;
        judge32((uint32_t)i, got, acc, ref, out, mrel, msub, nsp, spx); /* packs the input's index */
    }
    warp_flush(out, mrel, msub, 0, nsp, spx, n);
}

/* 16-bit patterns in the order of their values (-0 and +0 adjacent) */
__device__ static int ord16(uint32_t b) { return (b & 0x8000u) ? -(int)(b & 0x7fffu) : (int)b; }
__device__ static float f16v(int fmt, uint32_t b) {
    return fmt == GPUACT__FMT_F16 ? gpuact_f16_to_f32((uint16_t)b) : gpuact_bf16_to_f32((uint16_t)b);
}

/* 16-bit: thread i = x bits (low 16) and dy index (bits 16..19) */
template <int WHAT>
__global__ void __launch_bounds__(256) k_sweep16(Config c, int dt, int ndy, Stats *out) {
    const gpuact_cfg ca = cfg_of(c, 0), cf = cfg_of(c, 1);
    const int fmt = dt == GPUACT_F16 ? GPUACT__FMT_F16 : GPUACT__FMT_BF16;
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long mu = 0, nsp = 0, spx = 0, n = 0;
    if (i < 65536u * (unsigned)ndy) {
        const uint32_t xb = i & 0xffffu;
        const float x = f16v(fmt, xb);
        /* dy: input_of's dy values rounded to the format */
        uint32_t unused;
        float dy32;
        input_of(2, i >> 16, &unused, &dy32);
        const uint32_t dyb = dt == GPUACT_F16 ? gpuact_f32_to_f16(dy32) : gpuact_f32_to_bf16(dy32);
        const float dy = f16v(fmt, dyb);
        float v; /* fast mode's result, rounded to the format */
        uint32_t accb;
        if (WHAT == 0) {
            v = gpuact__fast_mode_fwd_fmt(c.op, x, &cf, fmt);
            accb = dt == GPUACT_F16 ? gpuact_forward_f16((gpuact_op)c.op, (uint16_t)xb, &ca) : gpuact_forward_bf16((gpuact_op)c.op, (uint16_t)xb, &ca);
        } else if (WHAT == 1) {
            v = gpuact__fast_mode_grad_fmt(c.op, x, &cf, fmt);
            accb = dt == GPUACT_F16 ? gpuact_grad_f16((gpuact_op)c.op, (uint16_t)xb, &ca) : gpuact_grad_bf16((gpuact_op)c.op, (uint16_t)xb, &ca);
        } else {
            v = gpuact__fast_mode_bwd_fmt(c.op, x, dy, &cf, fmt);
            accb = dt == GPUACT_F16 ? gpuact_backward_f16((gpuact_op)c.op, (uint16_t)xb, (uint16_t)dyb, &ca)
                                    : gpuact_backward_bf16((gpuact_op)c.op, (uint16_t)xb, (uint16_t)dyb, &ca);
        }
        const uint32_t gotb = dt == GPUACT_F16 ? gpuact__f32_to_f16_exact(v) : gpuact__f32_to_bf16_exact(v);
        const float got = f16v(fmt, gotb), acc = f16v(fmt, accb);
        n = 1;
        if (special_bad(got, acc) || (got != got && gotb != (dt == GPUACT_F16 ? 0x7e00u : 0x7fc0u))) {
            nsp = 1;
            spx = (unsigned long long)i + 1;
        } else if (got == got && !isinf(got)) {
            const int d = abs(ord16(gotb) - ord16(accb));
            mu = ((unsigned long long)d << 32) | i;
        }
    }
    warp_flush(out, 0, 0, mu, nsp, spx, n);
}

static const char *const WHATN[3] = {"f", "f'", "dy f'"};
static float bits_f(uint32_t u) {
    float f;
    memcpy(&f, &u, 4);
    return f;
}

int main(int argc, char **argv) {
    const char *only = NULL, *csv = NULL;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if ((v = tu_arg(argc, argv, &i, "--only"))) only = v;
        else if ((v = tu_arg(argc, argv, &i, "--csv"))) csv = v;
        else {
            fprintf(stderr, "usage: %s [--only NAME] [--csv FILE]\n", argv[0]);
            return 2;
        }
    }
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    printf("fast-mode sweep: %s\n", prop.name);
    Stats *d = NULL;
    CK(cudaMalloc(&d, sizeof(Stats)));
    FILE *f = csv ? fopen(csv, "w") : NULL;
    if (csv && !f) { perror(csv); return 2; }
    if (f) fprintf(f, "function,format,what,inputs,max_rel_or_ulp,at_x,max_sub_abs_2m126,special\n");
    printf("%-24s %-5s %-6s %14s %12s  %-16s %14s %8s %6s\n", "function", "type", "what", "inputs", "max err", "at x", "sub abs/2^-126",
           "special", "sec");
    int fails = 0;
    double worst_rel = 0;
    int worst_ulp = 0;
    for (int ci = 0; ci < kNumConfigs; ci++) {
        const Config &c = kConfigs[ci];
        if (only && !strstr(c.name, only)) continue;
        for (int t = 0; t < 3; t++) {
            for (int what = 0; what < 3; what++) {
                Stats s;
                memset(&s, 0, sizeof s);
                CK(cudaMemcpy(d, &s, sizeof s, cudaMemcpyHostToDevice));
                const auto t0 = std::chrono::steady_clock::now();
                const int grid = prop.multiProcessorCount * 8;
                if (t == 0) {
                    const unsigned long long total = what == 2 ? (1ull << 30) : (1ull << 32); /* dy f': 2^26 x times 16 dy */
                    for (unsigned long long b = 0; b < total; b += 1ull << 30) {
                        if (what == 0) k_sweep32<0><<<grid, 256>>>(c, b, b + (1ull << 30), d);
                        else if (what == 1) k_sweep32<1><<<grid, 256>>>(c, b, b + (1ull << 30), d);
                        else k_sweep32<2><<<grid, 256>>>(c, b, b + (1ull << 30), d);
                        CK(cudaGetLastError());
                    }
                } else {
                    const int dt = t == 1 ? GPUACT_F16 : GPUACT_BF16, ndy = what == 2 ? 16 : 1;
                    const unsigned blocks = (65536u * (unsigned)ndy + 255u) / 256u;
                    if (what == 0) k_sweep16<0><<<blocks, 256>>>(c, dt, ndy, d);
                    else if (what == 1) k_sweep16<1><<<blocks, 256>>>(c, dt, ndy, d);
                    else k_sweep16<2><<<blocks, 256>>>(c, dt, ndy, d);
                    CK(cudaGetLastError());
                }
                CK(cudaMemcpy(&s, d, sizeof s, cudaMemcpyDeviceToHost));
                const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                const char *tn = t == 0 ? "f32" : t == 1 ? "f16" : "bf16";
                bool fail = s.special != 0;
                char err[32], at[40], sub[32];
                unsigned long long worst_i = 0;
                if (t == 0) {
                    const float rel = bits_f((uint32_t)(s.rel >> 32)), sb = bits_f((uint32_t)(s.sub >> 32));
                    snprintf(err, sizeof err, "2^%.2f", rel > 0 ? log2(rel) : -999.0);
                    snprintf(sub, sizeof sub, "%.3g", sb);
                    uint32_t xb;
                    float dy;
                    input_of(what, (uint32_t)s.rel, &xb, &dy);
                    snprintf(at, sizeof at, "%a", bits_f(xb));
                    if (rel > BAR_REL || sb > BAR_REL) fail = true;
                    if (rel > worst_rel) worst_rel = rel;
                    worst_i = (uint32_t)(rel > BAR_REL ? s.rel : s.sub);
                } else {
                    const int u = (int)(s.ulp >> 32);
                    snprintf(err, sizeof err, "%d ulp", u);
                    snprintf(sub, sizeof sub, "-");
                    snprintf(at, sizeof at, "0x%04x dy#%u", (unsigned)(s.ulp & 0xffffu), (unsigned)((s.ulp >> 16) & 0xffu));
                    if (u > BAR_ULP16) fail = true;
                    if (u > worst_ulp) worst_ulp = u;
                }
                printf("%-24s %-5s %-6s %14llu %12s  %-16s %14s %8llu %6.1f%s\n", c.name, tn, WHATN[what], s.n, err, at, sub, s.special, sec,
                       fail ? "  FAIL" : "");
                if (fail && t == 0) {
                    /* the host runs the same code: recompute the worst input there */
                    uint32_t xb;
                    float dy;
                    input_of(what, worst_i, &xb, &dy);
                    const gpuact_cfg cf = cfg_of(c, 1);
                    gpuact_refd_params p;
                    p.alpha = c.alpha; p.scale = c.scale; p.lo = c.lo; p.hi = c.hi;
                    printf("    FAIL x=%a dy=%a ref=%a got=%a\n", bits_f(xb), dy, ref_of(what, c.op, bits_f(xb), dy, &p),
                           fast_of(what, c.op, bits_f(xb), dy, &cf));
                }
                if (s.special) printf("    FAIL special x bits=0x%08llx\n", s.special_x - 1);
                if (f) fprintf(f, "\"%s\",%s,%s,%llu,%s,%s,%s,%llu\n", c.name, tn, WHATN[what], s.n, err, at, sub, s.special);
                fails += fail;
                fflush(stdout);
            }
        }
    }
    if (f) fclose(f);
    CK(cudaFree(d));
    printf("FAST SWEEP SUMMARY: fp32 max relative error 2^%.2f (bar 2^-16), 16-bit max %d ulp (bar %d), %d failing rows\n",
           worst_rel > 0 ? log2(worst_rel) : -999.0, worst_ulp, BAR_ULP16, fails);
    return fails ? 1 : 0;
}
