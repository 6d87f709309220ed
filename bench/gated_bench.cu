/* bench/gated_bench.cu - speed of the gated forms' device entry points as a
   fraction of copy bandwidth.

       nvcc -O3 -arch=sm_90 -I. bench/gated_bench.cu -o gated_bench
       ./gated_bench [--log2rows 14] [--log2cols 14] [--reps 20] [--csv out.csv]

   One [rows, 2 cols] tensor ab split in halves (a = ab[:, :cols], b =
   ab[:, cols:], GEGLU/SwiGLU's layout), dy and y dense [rows, cols]; n =
   rows x cols (2^28 by default). For gelu_erf, gelu_tanh and silu, fp32,
   fp16 and bf16: gpuact_gated_device (reads a, b, writes y: 3 n elements)
   and gpuact_gated_backward_device (reads a, b, dy, writes da, db into a
   [rows, 2 cols] dab: 5 n), timed with CUDA events after warm-up, median of
   --reps, alternating with a cudaMemcpyAsync of n elements (2 n moved);
   "% copy" = (bytes / time) / (copy bytes / copy time). Data: a, b, dy
   standard normal (never 0), made on the device. A spot check compares the
   first 65536 outputs with the host entry points, bit for bit. Exit status
   0 iff every call succeeded and every spot check matched. */
#define GPUACT_IMPLEMENTATION
#include "gpuact.h"
#include "tests/common/args.h"
#include "tests/common/cuda_check.h"
#include "bench/timing.h"
#include "bench/data.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>


int main(int argc, char **argv) {
    int lr = 14, lc = 14, reps = 20, warmup = 3;
    const char *csv = NULL;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if ((v = tu_arg(argc, argv, &i, "--log2rows"))) lr = atoi(v);
        else if ((v = tu_arg(argc, argv, &i, "--log2cols"))) lc = atoi(v);
        else if ((v = tu_arg(argc, argv, &i, "--reps"))) reps = atoi(v);
        else if ((v = tu_arg(argc, argv, &i, "--csv"))) csv = v;
        else { fprintf(stderr, "usage: %s [--log2rows R] [--log2cols C] [--reps N] [--csv FILE]\n", argv[0]); return 2; }
    }
    const size_t rows = (size_t)1 << lr, cols = (size_t)1 << lc, n = rows * cols;
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    printf("gated forms, %s, [%zu, 2 x %zu] halves, n = 2^%d, median of %d\n", prop.name, rows, cols, lr + lc, reps);
    cudaStream_t st;
    CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
    FILE *f = csv ? fopen(csv, "w") : NULL;
    if (f) fprintf(f, "op,dtype,direction,rows,cols,time_ms,gb_per_s,pct_of_copy,copy_ms,copy_gb_per_s,spot_check_mismatches\n");
    static const gpuact_op ops[3] = {GPUACT_OP_GELU_ERF, GPUACT_OP_GELU_TANH, GPUACT_OP_SILU};
    static const char *opn[3] = {"gelu_erf", "gelu_tanh", "silu"};
    static const gpuact_dtype dts[3] = {GPUACT_F32, GPUACT_BF16, GPUACT_F16};
    static const char *dtn[4] = {"?", "f32", "f16", "bf16"};
    printf("%-10s %-5s %-4s %10s %10s %8s %10s %10s %6s\n", "op", "dtype", "dir", "time ms", "GB/s", "% copy", "copy ms", "copy GB/s", "check");
    size_t total_bad = 0;
    for (int ti = 0; ti < 3; ti++) {
        const gpuact_dtype dt = dts[ti];
        const size_t e = dt == GPUACT_F32 ? 4 : 2, bytes = n * e;
        unsigned char *ab, *dy, *y, *dab;
        CK(cudaMalloc((void **)&ab, 2 * bytes));
        CK(cudaMalloc((void **)&dy, bytes));
        CK(cudaMalloc((void **)&y, bytes));
        CK(cudaMalloc((void **)&dab, 2 * bytes));
        fill<<<4096, 256, 0, st>>>(ab, 2 * n, (int)dt, 1);
        fill<<<4096, 256, 0, st>>>(dy, n, (int)dt, 2);
        CK(cudaGetLastError());
        const size_t nchk = 65536 / cols ? 65536 / cols : 1, chk_rows = std::min(rows, nchk);
        std::vector<unsigned char> hab(chk_rows * 2 * cols * e), hdy(chk_rows * cols * e), hy(chk_rows * cols * e),
            hdab(chk_rows * 2 * cols * e), gy(hy.size()), gdab(hdab.size());
        CK(cudaMemcpyAsync(hab.data(), ab, hab.size(), cudaMemcpyDeviceToHost, st));
        CK(cudaMemcpyAsync(hdy.data(), dy, hdy.size(), cudaMemcpyDeviceToHost, st));
        CK(cudaStreamSynchronize(st));
        for (int oi = 0; oi < 3; oi++)
            for (int dir = 0; dir < 2; dir++) {
                const gpuact_op op = ops[oi];
                auto launch = [&]() {
                    if (dir == 0) GK(gpuact_gated_device(op, dt, NULL, ab, ab + cols * e, 2 * cols, y, rows, cols, st));
                    else GK(gpuact_gated_backward_device(op, dt, NULL, ab, ab + cols * e, 2 * cols, dy, dab, dab + cols * e, rows, cols, st));
                };
                double mk = 0, mc = 0;
                bench_alternating(st, warmup, reps, launch,
                                  [&]() { CK(cudaMemcpyAsync(y, dy, bytes, cudaMemcpyDeviceToDevice, st)); }, &mk, &mc);
                /* spot check: the first rows against the host entry points */
                launch();
                size_t bad = 0;
                if (dir == 0) {
                    CK(cudaMemcpyAsync(gy.data(), y, gy.size(), cudaMemcpyDeviceToHost, st));
                    CK(cudaStreamSynchronize(st));
                    GK(gpuact_gated_host(op, dt, NULL, hab.data(), hab.data() + cols * e, 2 * cols, hy.data(), chk_rows, cols));
                    for (size_t i = 0; i < gy.size(); i++) bad += gy[i] != hy[i];
                } else {
                    CK(cudaMemcpyAsync(gdab.data(), dab, gdab.size(), cudaMemcpyDeviceToHost, st));
                    CK(cudaStreamSynchronize(st));
                    GK(gpuact_gated_backward_host(op, dt, NULL, hab.data(), hab.data() + cols * e, 2 * cols, hdy.data(), hdab.data(),
                                                  hdab.data() + cols * e, chk_rows, cols));
                    for (size_t i = 0; i < gdab.size(); i++) bad += gdab[i] != hdab[i];
                }
                total_bad += bad;
                const double kb = (double)bytes * (dir ? 5 : 3), cb = 2.0 * bytes;
                const double gbs = kb / (mk * 1e-3) / 1e9, cgbs = cb / (mc * 1e-3) / 1e9;
                printf("%-10s %-5s %-4s %10.3f %10.1f %7.1f%% %10.3f %10.1f %6s\n", opn[oi], dtn[dt], dir ? "bwd" : "fwd", mk, gbs,
                       100.0 * gbs / cgbs, mc, cgbs, bad ? "FAIL" : "ok");
                if (f)
                    fprintf(f, "%s,%s,%s,%zu,%zu,%.4f,%.1f,%.2f,%.4f,%.1f,%zu\n", opn[oi], dtn[dt], dir ? "bwd" : "fwd", rows, cols, mk, gbs,
                            100.0 * gbs / cgbs, mc, cgbs, bad);
            }
        CK(cudaFree(ab)); CK(cudaFree(dy)); CK(cudaFree(y)); CK(cudaFree(dab));
    }
    if (f) fclose(f);
    printf("%s\n", total_bad ? "FAIL: spot checks differ" : "spot checks: all equal to the host");
    return total_bad != 0;
}
