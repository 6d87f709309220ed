/* bench/f64_bench.cu - speed of the fp64 device entry points as a fraction
   of copy bandwidth.

       nvcc -O3 -arch=sm_90 -I. bench/f64_bench.cu -o f64_bench
       ./f64_bench [--log2n 28] [--reps 20] [--csv out.csv]

   For every op: gpuact_forward_device (reads x, writes y: 2 n doubles),
   gpuact_backward_device (reads x, dy, writes dx: 3 n) and
   gpuact_forward_backward_device (reads x, dy, writes y, dx: 4 n) with
   GPUACT_F64, timed with CUDA events after warm-up, median of --reps,
   alternating with a cudaMemcpyAsync of n doubles (2 n moved); "% copy" =
   (bytes / time) / (copy bytes / copy time). Data: x and dy standard
   normal times 4 with all 53 bits of the significand set from a hash
   (never 0), made on the device. A spot check compares the first 65536
   outputs with the host entry points, bit for bit. Exit status 0 iff every
   call succeeded and every spot check matched. */
#define GPUACT_IMPLEMENTATION
#define GPUACT_F64_KERNELS 1
#include "gpuact.h"
#include "tests/common/args.h"
#include "tests/common/cuda_check.h"
#include "bench/timing.h"
#include "bench/data.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

/* randn * 4 with the low 29 bits of the significand from the hash too */
__global__ void fill64(double *p, size_t n, unsigned long long seed) {
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        const double v = 4.0 * (double)randn_at(i, seed);
        unsigned long long u = __double_as_longlong(v);
        u ^= (i * 0x9e3779b97f4a7c15ull + seed) >> 35; /* the 29 bits a float leaves zero */
        p[i] = __longlong_as_double(u);
    }
}

int main(int argc, char **argv) {
    int ln = 28, reps = 20, warmup = 3;
    const char *csv = NULL;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if ((v = tu_arg(argc, argv, &i, "--log2n"))) ln = atoi(v);
        else if ((v = tu_arg(argc, argv, &i, "--reps"))) reps = atoi(v);
        else if ((v = tu_arg(argc, argv, &i, "--csv"))) csv = v;
        else { fprintf(stderr, "usage: %s [--log2n N] [--reps N] [--csv FILE]\n", argv[0]); return 2; }
    }
    const size_t n = (size_t)1 << ln, bytes = n * 8;
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    printf("fp64, %s, n = 2^%d, median of %d\n", prop.name, ln, reps);
    cudaStream_t st;
    CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
    FILE *f = csv ? fopen(csv, "w") : NULL;
    if (f) fprintf(f, "op,dtype,direction,n,time_ms,gb_per_s,pct_of_copy,copy_ms,copy_gb_per_s,spot_check_mismatches\n");
    static const char *opn[8] = {"", "gelu_erf", "gelu_tanh", "gelu_sigmoid", "elu", "selu", "silu", "swish_tanh"};
    static const char *dirn[3] = {"fwd", "bwd", "fwd+bwd"};
    printf("%-12s %-5s %-8s %10s %10s %8s %10s %10s %6s\n", "op", "dtype", "dir", "time ms", "GB/s", "% copy", "copy ms", "copy GB/s", "check");
    double *x, *dy, *y, *dx;
    CK(cudaMalloc((void **)&x, bytes));
    CK(cudaMalloc((void **)&dy, bytes));
    CK(cudaMalloc((void **)&y, bytes));
    CK(cudaMalloc((void **)&dx, bytes));
    fill64<<<4096, 256, 0, st>>>(x, n, 1);
    fill64<<<4096, 256, 0, st>>>(dy, n, 2);
    CK(cudaGetLastError());
    const size_t chk = std::min(n, (size_t)65536);
    std::vector<double> hx(chk), hdy(chk), hy(chk), hdx(chk), gy(chk), gdx(chk);
    CK(cudaMemcpyAsync(hx.data(), x, chk * 8, cudaMemcpyDeviceToHost, st));
    CK(cudaMemcpyAsync(hdy.data(), dy, chk * 8, cudaMemcpyDeviceToHost, st));
    CK(cudaStreamSynchronize(st));
    size_t total_bad = 0;
    for (int op = 1; op <= 7; op++)
        for (int dir = 0; dir < 3; dir++) {
            const gpuact_op o = (gpuact_op)op;
            auto launch = [&](size_t m) {
                if (dir == 0) GK(gpuact_forward_device(o, GPUACT_F64, NULL, x, y, m, st));
                else if (dir == 1) GK(gpuact_backward_device(o, GPUACT_F64, NULL, x, dy, dx, m, st));
                else GK(gpuact_forward_backward_device(o, GPUACT_F64, NULL, x, dy, y, dx, m, st));
            };
            double mk = 0, mc = 0;
            bench_alternating(st, warmup, reps, [&]() { launch(n); },
                              [&]() { CK(cudaMemcpyAsync(y, dy, bytes, cudaMemcpyDeviceToDevice, st)); }, &mk, &mc);
            /* spot check: the first chk elements against the host entry points */
            launch(chk);
            CK(cudaMemcpyAsync(gy.data(), y, chk * 8, cudaMemcpyDeviceToHost, st));
            CK(cudaMemcpyAsync(gdx.data(), dx, chk * 8, cudaMemcpyDeviceToHost, st));
            CK(cudaStreamSynchronize(st));
            size_t bad = 0;
            if (dir == 0) GK(gpuact_forward_host(o, GPUACT_F64, NULL, hx.data(), hy.data(), chk));
            else if (dir == 1) GK(gpuact_backward_host(o, GPUACT_F64, NULL, hx.data(), hdy.data(), hdx.data(), chk));
            else GK(gpuact_forward_backward_host(o, GPUACT_F64, NULL, hx.data(), hdy.data(), hy.data(), hdx.data(), chk));
            if (dir != 1) bad += memcmp(gy.data(), hy.data(), chk * 8) != 0;
            if (dir != 0) bad += memcmp(gdx.data(), hdx.data(), chk * 8) != 0;
            total_bad += bad;
            const double kb = (double)bytes * (dir == 0 ? 2 : dir == 1 ? 3 : 4), cb = 2.0 * bytes;
            const double gbs = kb / (mk * 1e-3) / 1e9, cgbs = cb / (mc * 1e-3) / 1e9;
            printf("%-12s %-5s %-8s %10.3f %10.1f %7.1f%% %10.3f %10.1f %6s\n", opn[op], "f64", dirn[dir], mk, gbs, 100.0 * gbs / cgbs,
                   mc, cgbs, bad ? "FAIL" : "ok");
            if (f)
                fprintf(f, "%s,f64,%s,%zu,%.4f,%.1f,%.2f,%.4f,%.1f,%zu\n", opn[op], dirn[dir], n, mk, gbs, 100.0 * gbs / cgbs, mc, cgbs,
                        bad);
        }
    CK(cudaFree(x)); CK(cudaFree(dy)); CK(cudaFree(y)); CK(cudaFree(dx));
    if (f) fclose(f);
    printf("%s\n", total_bad ? "FAIL: spot checks differ" : "spot checks: all equal to the host");
    return total_bad != 0;
}
