/* tests/gpu/test_f64_core.cu - the fp64 core (gpuact_f64.h) gives the same bits
   on the device as on the host: gpuact__f64_fwd, _deriv and _bwd for every op
   (elu with alphas 1, 0.5, 2, 1e-3; swish_tanh with three cfgs) on 2^20
   inputs each: special values, random doubles of every magnitude, uniform in
   [-40, 40], points near the zeros of f' and near the clip and Taylor-window
   edges; dy random (with +-0, +-inf, NaN, huge, tiny). A result pair is equal
   when the bits are equal (a NaN result is the canonical 0x7ff8000000000000).
   Prints FAIL lines (first 20) and a summary; exit status 1 on any mismatch.

   Build and run:
     nvcc -O3 -arch=sm_90 -I. tests/gpu/test_f64_core.cu -o test_f64_core && ./test_f64_core
   Host-only self-check (the "device" pass is the host function; no GPU):
     g++ -O2 -x c++ -DGPUACT_F64_TEST_HOST_ONLY -I. tests/gpu/test_f64_core.cu -o t && ./t */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <stdint.h>
#include <math.h>

#include "gpuact_kernels.cuh"
#include "gpuact_f64.h"

struct config {
    const char *name;
    int op;
    float alpha, scale, lo, hi;
};
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
};
static const int NCONF = (int)(sizeof configs / sizeof configs[0]);
static const char *dirs[3] = {"fwd", "deriv", "bwd"};

static gpuact_cfg mkcfg(const config &c) {
    gpuact_cfg g;
    g.alpha = c.alpha;
    g.scale = c.scale;
    g.lo = c.lo;
    g.hi = c.hi;
    g.mode = 0;
    return g;
}

/* out[3i + d]: fwd, deriv, bwd */
GPUACT_HD inline void eval3(int op, const gpuact_cfg &c, double x, double dy, double *o) {
    o[0] = gpuact__f64_fwd(op, x, &c);
    o[1] = gpuact__f64_deriv(op, x, &c);
    o[2] = gpuact__f64_bwd(op, x, dy, &c);
}

#if !defined(GPUACT_F64_TEST_HOST_ONLY)
__global__ void k_eval(int op, gpuact_cfg c, const double *x, const double *dy, double *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) eval3(op, c, x[i], dy[i], out + 3 * (size_t)i);
}
#define CK(call)                                                                                  \
    do {                                                                                          \
        cudaError_t e_ = (call);                                                                  \
        if (e_ != cudaSuccess) {                                                                  \
            fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
            exit(2);                                                                              \
        }                                                                                         \
    } while (0)
#endif

static uint64_t rng = 0x243F6A8885A308D3ull;
static uint64_t rnd64() {
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 0x2545F4914F6CDD1Dull;
}
static double u2d(uint64_t u) {
    double d;
    memcpy(&d, &u, 8);
    return d;
}
static uint64_t d2u(double d) {
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}
static double rnd_any() { return u2d((rnd64() & 0x800fffffffffffffull) | ((rnd64() % 2047) << 52)); }
static double rnd01() { return (double)(rnd64() >> 11) * (1.0 / 9007199254740992.0); }

static const double specials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 2.2250738585072014e-308, -2.2250738585072014e-308,
                                  1.7976931348623157e308, -1.7976931348623157e308, 4.9406564584124654e-324,
                                  -4.9406564584124654e-324, 1.4821969375237396e-323, 2.2250738585072009e-308, 1.0, -1.0, 0.5,
                                  -0.5, 10.0, -30.0, 50.0, -56.6, -1060.0, -1800.0, -1600.0, 1e-300, -1e-300};
static const int NSP = (int)(sizeof specials / sizeof specials[0]);

int main(int argc, char **argv) {
    const int n = argc > 1 ? atoi(argv[1]) : (1 << 20);
    const double centres[] = {-0.7517915246935645, -0.7524614220710163, -0.751154255441289, -1.2784645427610737,
                              -0.7517915246935645 - 0.001953125, -1.2784645427610737 + 0.001953125, 0.0};
    std::vector<double> x(n), dy(n), host(3 * (size_t)n), dev(3 * (size_t)n);
    long mism = 0, total = 0;
    int printed = 0;
    for (int i = 0; i < n; i++) {
        uint64_t k = rnd64() % 8;
        if (i < NSP) x[i] = specials[i];
        else if (k < 3) x[i] = rnd_any();
        else if (k < 6) x[i] = rnd01() * 80.0 - 40.0;
        else if (k < 7) x[i] = centres[rnd64() % 7] + (rnd01() - 0.5) * 1e-3 * ldexp(1.0, -(int)(rnd64() % 40));
        else x[i] = (rnd01() - 0.5) * ldexp(1.0, -(int)(rnd64() % 1100));
        uint64_t j = rnd64() % 16;
        dy[i] = j == 0 ? specials[rnd64() % 5] : j == 1 ? u2d(rnd64() & 0x800fffffffffffffull) /* subnormal */
                : j < 4 ? rnd_any() : rnd01() * 8.0 - 4.0;
    }
#if !defined(GPUACT_F64_TEST_HOST_ONLY)
    double *dx, *ddy, *dout;
    CK(cudaMalloc(&dx, n * sizeof(double)));
    CK(cudaMalloc(&ddy, n * sizeof(double)));
    CK(cudaMalloc(&dout, 3 * (size_t)n * sizeof(double)));
    CK(cudaMemcpy(dx, x.data(), n * sizeof(double), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(ddy, dy.data(), n * sizeof(double), cudaMemcpyHostToDevice));
#endif
    for (int ci = 0; ci < NCONF; ci++) {
        const config &c = configs[ci];
        gpuact_cfg g = mkcfg(c);
        long m = 0;
        for (int i = 0; i < n; i++) eval3(c.op, g, x[i], dy[i], &host[3 * (size_t)i]);
#if !defined(GPUACT_F64_TEST_HOST_ONLY)
        k_eval<<<(n + 255) / 256, 256>>>(c.op, g, dx, ddy, dout, n);
        CK(cudaGetLastError());
        CK(cudaMemcpy(dev.data(), dout, 3 * (size_t)n * sizeof(double), cudaMemcpyDeviceToHost));
#else
        for (int i = 0; i < n; i++) eval3(c.op, g, x[i], dy[i], &dev[3 * (size_t)i]);
#endif
        for (size_t i = 0; i < 3 * (size_t)n; i++) {
            double a = host[i], b = dev[i];
            total++;
            if (d2u(a) == d2u(b)) continue; /* NaN included: the canonical one */
            m++;
            if (printed++ < 20)
                printf("FAIL op=%s dir=%s x=%a dy=%a host=%a device=%a\n", c.name, dirs[i % 3], x[i / 3], dy[i / 3], a, b);
        }
        printf("%-18s %d inputs x 3 directions: %ld mismatches\n", c.name, n, m);
        mism += m;
    }
#if !defined(GPUACT_F64_TEST_HOST_ONLY)
    CK(cudaFree(dx));
    CK(cudaFree(ddy));
    CK(cudaFree(dout));
    printf("device vs host: %ld results compared, %ld mismatches: %s\n", total, mism, mism ? "FAILED" : "PASSED");
#else
    printf("host-only self-check: %ld results compared, %ld mismatches: %s\n", total, mism, mism ? "FAILED" : "PASSED");
#endif
    return mism ? 1 : 0;
}
