/* bench/bias_bench.cu - speed of the bias + activation device entry points
   as a fraction of copy bandwidth.

       nvcc -O3 -arch=sm_90 -I. bench/bias_bench.cu -o bias_bench
       ./bias_bench [--log2rows 14] [--log2cols 14] [--reps 20] [--csv out.csv]

   x, dy, y, dx dense [rows, cols], bias of cols; n = rows x cols (2^28 by
   default). For gelu_erf, gelu_tanh, silu and swish_tanh (s = 1/2, [-1, 1]),
   fp32, fp16 and bf16:
   gpuact_bias_forward_device (reads x, writes y: 2 n elements),
   gpuact_bias_backward_device without dbias (reads x, dy, writes dx: 3 n)
   and with it (the same plus the partial sums, 8 bytes a column per 128
   rows, and their sum), timed with CUDA events after warm-up, median of
   --reps, alternating with a cudaMemcpyAsync of n elements (2 n moved);
   "% copy" = (bytes / time) / (copy bytes / copy time), bytes counting the
   n-element arrays only. Data: x, bias, dy standard normal (never 0), made
   on the device: fp32 sums x + b are rarely floats (the interpolation of
   the exact sum), 16-bit ones nearly always are. A spot check compares the
   first 65536 outputs (and dbias of the first chunks) with the host entry
   points, bit for bit. Exit status 0 iff every call succeeded and every
   spot check matched. */
#define GPUACT_IMPLEMENTATION
#define GPUACT_BIAS_OPS \
    (GPUACT_BIT(GPUACT_OP_GELU_ERF) | GPUACT_BIT(GPUACT_OP_GELU_TANH) | GPUACT_BIT(GPUACT_OP_SILU) | GPUACT_BIT(GPUACT_OP_SWISH_TANH))
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
    printf("bias + activation, %s, [%zu, %zu], n = 2^%d, median of %d\n", prop.name, rows, cols, lr + lc, reps);
    cudaStream_t st;
    CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
    FILE *f = csv ? fopen(csv, "w") : NULL;
    if (f) fprintf(f, "op,dtype,direction,rows,cols,time_ms,gb_per_s,pct_of_copy,copy_ms,copy_gb_per_s,spot_check_mismatches\n");
    static const gpuact_op ops[4] = {GPUACT_OP_GELU_ERF, GPUACT_OP_GELU_TANH, GPUACT_OP_SILU, GPUACT_OP_SWISH_TANH};
    static const char *opn[4] = {"gelu_erf", "gelu_tanh", "silu", "swish_tanh"};
    static const gpuact_dtype dts[3] = {GPUACT_F32, GPUACT_BF16, GPUACT_F16};
    static const char *dtn[4] = {"?", "f32", "f16", "bf16"};
    static const char *dirn[3] = {"fwd", "bwd", "bwd+db"};
    printf("%-10s %-5s %-6s %10s %10s %8s %10s %10s %6s\n", "op", "dtype", "dir", "time ms", "GB/s", "% copy", "copy ms", "copy GB/s", "check");
    size_t total_bad = 0;
    const size_t wsb = gpuact_bias_workspace_size(rows, cols);
    void *ws;
    CK(cudaMalloc(&ws, wsb));
    for (int ti = 0; ti < 3; ti++) {
        const gpuact_dtype dt = dts[ti];
        const size_t e = dt == GPUACT_F32 ? 4 : 2, bytes = n * e;
        unsigned char *x, *b, *dy, *y, *db;
        CK(cudaMalloc((void **)&x, bytes));
        CK(cudaMalloc((void **)&b, cols * e));
        CK(cudaMalloc((void **)&dy, bytes));
        CK(cudaMalloc((void **)&y, bytes));
        CK(cudaMalloc((void **)&db, cols * e));
        fill<<<4096, 256, 0, st>>>(x, n, (int)dt, 1);
        fill<<<4096, 256, 0, st>>>(b, cols, (int)dt, 3);
        fill<<<4096, 256, 0, st>>>(dy, n, (int)dt, 2);
        CK(cudaGetLastError());
        const size_t chk_rows = std::min(rows, (size_t)256);
        std::vector<unsigned char> hx(chk_rows * cols * e), hb(cols * e), hdy(hx.size()), hy(hx.size()), gy(hx.size()), hdb(cols * e),
            gdb(cols * e);
        CK(cudaMemcpyAsync(hx.data(), x, hx.size(), cudaMemcpyDeviceToHost, st));
        CK(cudaMemcpyAsync(hb.data(), b, hb.size(), cudaMemcpyDeviceToHost, st));
        CK(cudaMemcpyAsync(hdy.data(), dy, hdy.size(), cudaMemcpyDeviceToHost, st));
        CK(cudaStreamSynchronize(st));
        for (int oi = 0; oi < 4; oi++)
            for (int dir = 0; dir < 3; dir++) {
                const gpuact_op op = ops[oi];
                auto launch = [&](size_t r) {
                    if (dir == 0) GK(gpuact_bias_forward_device(op, dt, NULL, x, b, y, r, cols, st));
                    else GK(gpuact_bias_backward_device(op, dt, NULL, x, b, dy, y, dir == 2 ? db : NULL, ws, wsb, r, cols, st));
                };
                double mk = 0, mc = 0;
                bench_alternating(st, warmup, reps, [&]() { launch(rows); },
                                  [&]() { CK(cudaMemcpyAsync(y, dy, bytes, cudaMemcpyDeviceToDevice, st)); }, &mk, &mc);
                /* spot check: the first rows (and their dbias) against the host entry points */
                launch(chk_rows);
                size_t bad = 0;
                CK(cudaMemcpyAsync(gy.data(), y, gy.size(), cudaMemcpyDeviceToHost, st));
                CK(cudaMemcpyAsync(gdb.data(), db, gdb.size(), cudaMemcpyDeviceToHost, st));
                CK(cudaStreamSynchronize(st));
                if (dir == 0) GK(gpuact_bias_forward_host(op, dt, NULL, hx.data(), hb.data(), hy.data(), chk_rows, cols));
                else GK(gpuact_bias_backward_host(op, dt, NULL, hx.data(), hb.data(), hdy.data(), hy.data(), hdb.data(), chk_rows, cols));
                for (size_t i = 0; i < gy.size(); i++) bad += gy[i] != hy[i];
                if (dir == 2)
                    for (size_t i = 0; i < gdb.size(); i++) bad += gdb[i] != hdb[i];
                total_bad += bad;
                const double kb = (double)bytes * (dir ? 3 : 2), cb = 2.0 * bytes;
                const double gbs = kb / (mk * 1e-3) / 1e9, cgbs = cb / (mc * 1e-3) / 1e9;
                printf("%-10s %-5s %-6s %10.3f %10.1f %7.1f%% %10.3f %10.1f %6s\n", opn[oi], dtn[dt], dirn[dir], mk, gbs,
                       100.0 * gbs / cgbs, mc, cgbs, bad ? "FAIL" : "ok");
                if (f)
                    fprintf(f, "%s,%s,%s,%zu,%zu,%.4f,%.1f,%.2f,%.4f,%.1f,%zu\n", opn[oi], dtn[dt], dirn[dir], rows, cols, mk, gbs,
                            100.0 * gbs / cgbs, mc, cgbs, bad);
            }
        CK(cudaFree(x)); CK(cudaFree(b)); CK(cudaFree(dy)); CK(cudaFree(y)); CK(cudaFree(db));
    }
    CK(cudaFree(ws));
    if (f) fclose(f);
    printf("%s\n", total_bad ? "FAIL: spot checks differ" : "spot checks: all equal to the host");
    return total_bad != 0;
}
