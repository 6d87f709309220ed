/* gtab_probe.cu - can a 16-bit backward read f' from a table in shared memory
   and stay correctly rounded at the copy's speed? Measured against gpuact's
   kernels (gpuact_*_device) and the device-to-device copy, in one process.

   The probe's kernels, U 16-byte vectors of 8 fp16 / bf16 a lane, grid of
   SMs x resident blocks, grid-stride:
     bwd     dx = RN16(dy g), g = the op's fp32 f'(x) (gpuact_grad_f32,
             within 0.501 ulp: |g - f'| <= 2^-23.99 |f'|) read from the
             block's shared copy of the table's window: the 16-bit inputs of
             |x| in [lo, hi) (bit patterns), both signs. p = dy g (one fp32
             rounding) is then within 1.51 of its ulps of dy f' wherever g
             is normal (entries where it is not hold NaN), so RN16(p) is
             RN16(dy f') when p's bits below the 16-bit point are at least 3
             ulps from the midpoint's. Other elements (x outside the window,
             p near a midpoint, not finite, or outside the format's normal
             range) go to gpuact's chain, one call an element.
     fwdbwd  the same, and y from a window of the op's 16-bit results.
     fwd     y from that window alone (fp16: gpuact's forward reads a
             global table through the L1).
   Every output is compared with gpuact's kernel's on the whole array
   (bit for bit, on the device). Data as bench/bench.cu: randn and mix.
   Build: nvcc -O3 -arch=sm_90 -I. bench/gtab_probe.cu -o gtab_probe
   usage: gtab_probe [--log2n 28] [--reps 20] [--dtype f16|bf16|all]
                     [--data randn|mix|all] [--only OP]
   (-DPROBE_U=1: one vector a lane a pass; default 2) */
#define GPUACT_IMPLEMENTATION
#include "gpuact.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>

#include "tests/common/args.h"
#include "tests/common/cuda_check.h"
#include "bench/mix_data.h"
#include "bench/timing.h"

#define NB 256

/* the window: 16-bit magnitudes [lo, lo + span), positive entries first */
struct win {
    uint32_t lo, span;
};

template <int DT> __device__ __forceinline__ float2 unpack2(uint32_t w) {
    if (DT == GPUACT_BF16) return make_float2(__uint_as_float(w << 16), __uint_as_float(w & 0xffff0000u));
    __half2 h;
    memcpy(&h, &w, 4);
    return __half22float2(h);
}
template <int DT> __device__ __forceinline__ uint32_t pack2(float a, float b) {
    uint32_t r;
    if (DT == GPUACT_BF16) {
        __nv_bfloat162 v = __floats2bfloat162_rn(a, b);
        memcpy(&r, &v, 4);
    } else {
        __half2 v = __floats2half2_rn(a, b);
        memcpy(&r, &v, 4);
    }
    return r;
}
/* RN16(p) is RN16(exact) when |p - exact| < 1.51 ulp(p): p's bits below
   the 16-bit point at least 3 from the midpoint's; bf16: p finite (its
   subnormals share the test: ulp 2^-149 throughout); fp16: |p| in
   [2^-14, 65504] */
template <int DT> __device__ __forceinline__ bool p_ok(float p) {
    const uint32_t u = __float_as_uint(p);
    if (DT == GPUACT_BF16) return (((u - 0x7ffdu) & 0xffffu) > 5u) & ((u & 0x7f800000u) != 0x7f800000u);
    return (((u - 0x0ffdu) & 0x1fffu) > 5u) & (((u & 0x7fffffffu) - 0x38800000u) <= 0x0effe000u);
}
/* index of 16-bit pattern b in the window's table, and whether it is there */
__device__ __forceinline__ uint32_t w_index(uint32_t b, win w, bool *in) {
    const uint32_t i = (b & 0x7fffu) - w.lo;
    *in = i < w.span;
    return *in ? i + ((b & 0x8000u) ? w.span : 0u) : 0u;
}

template <int OP, int DT, int DIR> __device__ __noinline__ uint32_t slow(const gpuact_cfg c, uint32_t a, uint32_t b) {
    return (uint32_t)gpuact__k_rest_call<OP, DT, DIR, GPUACT__SKIP_NONE>(c, a, b);
}

/* DIR: GPUACT__DIR_FWD, _BWD or _FWDBWD */
template <int OP, int DT, int DIR, int U>
__global__ void __launch_bounds__(NB) k_probe(const uint4 *__restrict__ x, const uint4 *__restrict__ dy, uint4 *__restrict__ o0,
                                              uint4 *__restrict__ o1, size_t nvec, const float *__restrict__ gt,
                                              const uint16_t *__restrict__ yt, win w, gpuact_cfg cfg) {
    extern __shared__ uint32_t sm[];
    const bool G = DIR != GPUACT__DIR_FWD, Y = DIR != GPUACT__DIR_BWD;
    float *sg = reinterpret_cast<float *>(sm);
    uint16_t *sy = reinterpret_cast<uint16_t *>(sm + (G ? 2 * w.span : 0));
    for (uint32_t j = threadIdx.x; j < 2 * w.span; j += NB) {
        if (G) sg[j] = gt[j];
        if (Y) sy[j] = yt[j];
    }
    __syncthreads();
    const size_t stride = (size_t)gridDim.x * NB * U;
    for (size_t base = (size_t)blockIdx.x * NB * U + threadIdx.x; base < nvec; base += stride) {
        uint4 xv[U], dv[U];
#pragma unroll
        for (int u = 0; u < U; u++) {
            const size_t i = base + (size_t)NB * u;
            xv[u] = i < nvec ? __ldcs(x + i) : make_uint4(0, 0, 0, 0);
            if (G) dv[u] = i < nvec ? __ldcs(dy + i) : make_uint4(0, 0, 0, 0);
        }
#pragma unroll
        for (int u = 0; u < U; u++) {
            const size_t i = base + (size_t)NB * u;
            uint32_t xw[4] = {xv[u].x, xv[u].y, xv[u].z, xv[u].w};
            uint32_t dw[4] = {dv[u].x, dv[u].y, dv[u].z, dv[u].w};
            uint32_t rg[4], ry[4];
            uint32_t fail = 0;
#pragma unroll
            for (int k = 0; k < 4; k++) {
                const uint32_t b0 = xw[k] & 0xffffu, b1 = xw[k] >> 16;
                bool in0, in1;
                const uint32_t i0 = w_index(b0, w, &in0), i1 = w_index(b1, w, &in1);
                if (G) {
                    const float2 d = unpack2<DT>(dw[k]);
                    const float p0 = d.x * sg[i0], p1 = d.y * sg[i1];
                    rg[k] = pack2<DT>(p0, p1);
                    fail |= (uint32_t)!(in0 & p_ok<DT>(p0)) << (2 * k);
                    fail |= (uint32_t)!(in1 & p_ok<DT>(p1)) << (2 * k + 1);
                } else {
                    fail |= (uint32_t)!in0 << (2 * k);
                    fail |= (uint32_t)!in1 << (2 * k + 1);
                }
                if (Y) ry[k] = (uint32_t)sy[i0] | ((uint32_t)sy[i1] << 16);
            }
            if (fail) {
#pragma unroll
                for (int k = 0; k < 4; k++)
#pragma unroll
                    for (int h = 0; h < 2; h++)
                        if (fail >> (2 * k + h) & 1u) {
                            const uint32_t a = (xw[k] >> (16 * h)) & 0xffffu, b = (dw[k] >> (16 * h)) & 0xffffu;
                            const uint32_t keep = h ? 0x0000ffffu : 0xffff0000u;
                            if (G) rg[k] = (rg[k] & keep) | (slow<OP, DT, GPUACT__DIR_BWD>(cfg, a, b) << (16 * h));
                            if (Y) ry[k] = (ry[k] & keep) | (slow<OP, DT, GPUACT__DIR_FWD>(cfg, a, 0u) << (16 * h));
                        }
            }
            if (i < nvec) {
                if (DIR == GPUACT__DIR_FWD) __stcs(o0 + i, make_uint4(ry[0], ry[1], ry[2], ry[3]));
                else if (DIR == GPUACT__DIR_BWD) __stcs(o0 + i, make_uint4(rg[0], rg[1], rg[2], rg[3]));
                else {
                    __stcs(o0 + i, make_uint4(ry[0], ry[1], ry[2], ry[3]));
                    __stcs(o1 + i, make_uint4(rg[0], rg[1], rg[2], rg[3]));
                }
            }
        }
    }
}

__global__ void count_diff(const uint16_t *a, const uint16_t *b, size_t n, unsigned long long *c) {
    unsigned long long k = 0;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) k += a[i] != b[i];
    if (k) atomicAdd(c, k);
}

/* op i's name, i = 1..7 (gpuact_op) */
static const char *const kNames[8] = {"", "gelu_erf", "gelu_tanh", "gelu_sigmoid", "elu", "selu", "silu", "swish_tanh"};

/* the windows: bf16 |x| in [2^-16, 2^8) (6144 entries), fp16 [2^-6, 2^4) (20480) */
static win window_of(gpuact_dtype t) {
    win w;
    if (t == GPUACT_BF16) { w.lo = (127u - 16u) << 7; w.span = ((127u + 8u) << 7) - w.lo; }
    else { w.lo = (15u - 6u) << 10; w.span = ((15u + 4u) << 10) - w.lo; }
    return w;
}

template <int OP, int DT, int DIR, int U> static const void *kern() { return (const void *)k_probe<OP, DT, DIR, U>; }
template <int DT, int DIR, int U> static const void *kern_op(int op) {
    switch (op) {
    case GPUACT_OP_GELU_ERF: return kern<GPUACT_OP_GELU_ERF, DT, DIR, U>();
    case GPUACT_OP_GELU_TANH: return kern<GPUACT_OP_GELU_TANH, DT, DIR, U>();
    case GPUACT_OP_GELU_SIGMOID: return kern<GPUACT_OP_GELU_SIGMOID, DT, DIR, U>();
    case GPUACT_OP_ELU: return kern<GPUACT_OP_ELU, DT, DIR, U>();
    case GPUACT_OP_SELU: return kern<GPUACT_OP_SELU, DT, DIR, U>();
    case GPUACT_OP_SILU: return kern<GPUACT_OP_SILU, DT, DIR, U>();
    default: return kern<GPUACT_OP_SWISH_TANH, DT, DIR, U>();
    }
}
template <int DT, int U> static const void *kern_dir(int op, int dir) {
    return dir == 0 ? kern_op<DT, GPUACT__DIR_FWD, U>(op) : dir == 1 ? kern_op<DT, GPUACT__DIR_BWD, U>(op) : kern_op<DT, GPUACT__DIR_FWDBWD, U>(op);
}
#ifndef PROBE_U
#define PROBE_U 2 /* 16-byte vectors a lane a pass */
#endif
static const void *kern_any(int op, gpuact_dtype t, int dir) {
    return t == GPUACT_BF16 ? kern_dir<GPUACT_BF16, PROBE_U>(op, dir) : kern_dir<GPUACT_F16, PROBE_U>(op, dir);
}

int main(int argc, char **argv) {
    int log2n = 28, reps = 20;
    const char *only = NULL, *dtype_sel = "all", *data_sel = "all";
    for (int i = 1; i < argc; i++) {
        const char *v;
        if ((v = tu_arg(argc, argv, &i, "--log2n"))) log2n = atoi(v);
        else if ((v = tu_arg(argc, argv, &i, "--reps"))) reps = atoi(v);
        else if ((v = tu_arg(argc, argv, &i, "--only"))) only = v;
        else if ((v = tu_arg(argc, argv, &i, "--dtype"))) dtype_sel = v;
        else if ((v = tu_arg(argc, argv, &i, "--data"))) data_sel = v;
        else {
            fprintf(stderr, "usage: %s [--log2n 28] [--reps 20] [--dtype f16|bf16|all] [--data randn|mix|all] [--only OP]\n", argv[0]);
            return 2;
        }
    }
    const size_t n = (size_t)1 << log2n, bytes = 2 * n;
    size_t nvec = n / 8;
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    printf("gtab_probe: %s, %d SMs, n = 2^%d, median of %d, U = %d\n", prop.name, prop.multiProcessorCount, log2n, reps, PROBE_U);
    cudaStream_t st;
    CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
    void *x, *dy, *a0, *a1, *b0, *b1, *gt, *yt;
    unsigned long long *cnt;
    CK(cudaMalloc(&x, bytes)); CK(cudaMalloc(&dy, bytes));
    CK(cudaMalloc(&a0, bytes)); CK(cudaMalloc(&a1, bytes)); CK(cudaMalloc(&b0, bytes)); CK(cudaMalloc(&b1, bytes));
    CK(cudaMalloc(&gt, 4 * 65536)); CK(cudaMalloc(&yt, 2 * 65536)); CK(cudaMalloc(&cnt, 8));
    const char *dn[3] = {"fwd", "bwd", "fwdbwd"};
    int bad_total = 0;
    printf("%-6s %-5s %-13s %-7s %8s %8s %8s %9s %9s %12s %6s\n", "data", "dtype", "op", "dir", "copy GB/s", "gpuact%", "probe%", "gpuact ms",
           "probe ms", "differing", "blocks");
    for (int si = 0; si < 2; si++)
        for (int ti = 0; ti < 2; ti++) {
            const gpuact_dtype t = ti ? GPUACT_BF16 : GPUACT_F16;
            const char *tn = ti ? "bf16" : "f16", *sn = si ? "mix" : "randn";
            if ((strcmp(dtype_sel, "all") && strcmp(dtype_sel, tn)) || (strcmp(data_sel, "all") && strcmp(data_sel, sn))) continue;
            fill_kernel<<<prop.multiProcessorCount * 8, 256, 0, st>>>(x, n, (int)t, 0, si == 0);
            CK(cudaGetLastError());
            fill_kernel<<<prop.multiProcessorCount * 8, 256, 0, st>>>(dy, n, (int)t, 1, si == 0);
            CK(cudaGetLastError());
            win w = window_of(t);
            for (int oi = 1; oi <= 7; oi++) {
                const struct {
                    const char *name;
                    gpuact_op op;
                } o = {kNames[oi], (gpuact_op)oi};
                if (only && strcmp(only, o.name)) continue;
                gpuact_cfg c = gpuact_cfg_default();
                std::vector<float> hg(2 * w.span);
                std::vector<uint16_t> hy(2 * w.span);
                for (uint32_t s = 0; s < 2; s++)
                    for (uint32_t j = 0; j < w.span; j++) {
                        const uint16_t b = (uint16_t)((w.lo + j) | (s << 15));
                        const float xf = t == GPUACT_BF16 ? gpuact_bf16_to_f32(b) : gpuact_f16_to_f32(b);
                        float g = gpuact_grad_f32(o.op, xf, &c);
                        if (!(fabsf(g) >= 1.17549435e-38f) || isinf(g)) g = NAN;
                        hg[s * w.span + j] = g;
                        hy[s * w.span + j] = t == GPUACT_BF16 ? gpuact_forward_bf16(o.op, b, &c) : gpuact_forward_f16(o.op, b, &c);
                    }
                CK(cudaMemcpy(gt, hg.data(), 4 * hg.size(), cudaMemcpyHostToDevice));
                CK(cudaMemcpy(yt, hy.data(), 2 * hy.size(), cudaMemcpyHostToDevice));
                for (int dir = 0; dir < 3; dir++) {
                    if (dir == 0 && t == GPUACT_BF16) continue; /* bf16 forward: the global table is at the copy */
                    const void *k = kern_any(o.op, t, dir);
                    const size_t smem = (dir != 0 ? 4 : 0) * 2 * w.span + (dir != 1 ? 2 : 0) * 2 * w.span;
                    CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
                    int per = 0;
                    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, k, NB, smem));
                    const int grid = per * prop.multiProcessorCount;
                    auto run_probe = [&]() {
                        void *args[] = {&x, &dy, &b0, &b1, &nvec, &gt, &yt, &w, &c};
                        CK(cudaLaunchKernel(k, dim3(grid), dim3(NB), args, smem, st));
                    };
                    auto run_gpuact = [&]() {
                        if (dir == 0) GK(gpuact_forward_device(o.op, t, NULL, x, a0, n, st));
                        else if (dir == 1) GK(gpuact_backward_device(o.op, t, NULL, x, dy, a0, n, st));
                        else GK(gpuact_forward_backward_device(o.op, t, NULL, x, dy, a0, a1, n, st));
                    };
                    auto copy = [&]() { CK(cudaMemcpyAsync(b1, x, bytes, cudaMemcpyDeviceToDevice, st)); };
                    double mg, cg, mp, cp;
                    bench_alternating(st, 3, reps, run_gpuact, copy, &mg, &cg);
                    bench_alternating(st, 3, reps, run_probe, copy, &mp, &cp);
                    run_gpuact();
                    run_probe();
                    CK(cudaMemsetAsync(cnt, 0, 8, st));
                    /* fwd: y in a0 / b0; bwd: dx in a0 / b0; fwdbwd: y a0 / b0, dx a1 / b1 */
                    count_diff<<<prop.multiProcessorCount * 4, 256, 0, st>>>((uint16_t *)a0, (uint16_t *)b0, n, cnt);
                    if (dir == 2) count_diff<<<prop.multiProcessorCount * 4, 256, 0, st>>>((uint16_t *)a1, (uint16_t *)b1, n, cnt);
                    CK(cudaGetLastError());
                    unsigned long long diff = 0;
                    CK(cudaMemcpyAsync(&diff, cnt, 8, cudaMemcpyDeviceToHost, st));
                    CK(cudaStreamSynchronize(st));
                    const double mult = dir == 0 ? 2 : dir == 1 ? 3 : 4, cgbs = 2.0 * bytes / (0.5 * (cg + cp) * 1e-3) / 1e9;
                    const double pg = 100.0 * (mult * bytes / (mg * 1e-3) / 1e9) / (2.0 * bytes / (cg * 1e-3) / 1e9);
                    const double pp = 100.0 * (mult * bytes / (mp * 1e-3) / 1e9) / (2.0 * bytes / (cp * 1e-3) / 1e9);
                    printf("%-6s %-5s %-13s %-7s %8.0f %8.1f %8.1f %9.3f %9.3f %12llu %6d\n", sn, tn, o.name, dn[dir], cgbs, pg, pp, mg, mp, diff,
                           grid);
                    fflush(stdout);
                    if (diff) bad_total++;
                }
            }
        }
    CK(cudaStreamDestroy(st));
    printf("gtab_probe: %s\n", bad_total ? "FAIL (outputs differ from gpuact's)" : "every output equal to gpuact's");
    return bad_total ? 1 : 0;
}
