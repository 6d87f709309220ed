/* bench/bench.cu - speed of gpuact's device entry points as a fraction of copy bandwidth.

   Build (from the repository root):
       nvcc -O3 -arch=sm_90 -I. bench/bench.cu -o bench_gpuact
   Run:
       ./bench_gpuact [--log2n 28] [--reps 30] [--warmup 5] [--dtype f32|f16|bf16|all]
                      [--dir fwd|bwd|fwdbwd|all] [--data randn|mix|all] [--only OPNAME]
                      [--mode accurate|fast|all] [--csv out.csv]

   For n = 2^28 elements of fp32, fp16 and bf16, and every op (default
   parameters), it times gpuact_forward_device (reads x, writes y: 2 arrays),
   gpuact_backward_device (reads x and dy, writes dx: 3 arrays) and
   gpuact_forward_backward_device (reads x and dy, writes y and dx: 4 arrays)
   with CUDA events, after warm-up, and takes the median of --reps runs (>= 20). In the
   same loop, alternating with the kernel, it times a cudaMemcpyAsync
   device-to-device of n elements (n elements read + n written) and takes its
   median too. Bandwidth = (bytes read + bytes written) / time, for the kernel
   and for the copy; "% copy" = kernel bandwidth / copy bandwidth.
   Data, pseudo-random and never zero, two sets (--data):
     randn  x and dy standard normal, like torch.randn: what activations and
            gradients look like;
     mix    x mostly uniform in [-8, 8], 1/32 of it in the tails (|x| up to
            ~100, a few up to 1e4), dy uniform in +-[1/64, 2]: more of the
            inputs where the fast tier hands over to the full path.
   --mode: accurate mode (the default), fast mode (gpuact_params.mode =
   GPUACT_MODE_FAST), or both; the CSV's last column says which.
   A spot check compares 65536 outputs per row bit for bit with the host
   entry points (a benchmark of wrong results is worthless).
   Every CUDA call and every gpuact status is checked; exit status 0 iff all
   calls succeeded and every spot check matched.
*/
#define GPUACT_IMPLEMENTATION
#define GPUACT_FAST_KERNELS /* fast mode on the device too */
#include "gpuact.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <string>
#include <vector>

#include "tests/common/args.h"
#include "tests/common/cuda_check.h"
#include "bench/mix_data.h"
#include "bench/timing.h"


static const struct {
    const char *name;
    gpuact_op op;
} kOps[] = {
    {"gelu_erf", GPUACT_OP_GELU_ERF}, {"gelu_tanh", GPUACT_OP_GELU_TANH}, {"gelu_sigmoid", GPUACT_OP_GELU_SIGMOID},
    {"elu", GPUACT_OP_ELU},           {"selu", GPUACT_OP_SELU},           {"silu", GPUACT_OP_SILU},
    {"swish_tanh", GPUACT_OP_SWISH_TANH},
};

/* ---- host reference for the spot check ----------------------------------- */
/* the host entry points' bits for element i (p: the call's parameters):
   dir 0 f(x), 1 dy f'(x) */
static uint32_t host_want(gpuact_op op, gpuact_dtype t, const gpuact_params *p, const void *x, const void *dy, size_t i, int dir) {
    const size_t e = t == GPUACT_F32 ? 4 : 2;
    uint64_t u = 0; /* room for any element type's result (the compiler sees fp64's path too) */
    GK(dir == 0 ? gpuact_forward_host(op, t, p, (const char *)x + e * i, &u, 1)
                : gpuact_backward_host(op, t, p, (const char *)x + e * i, (const char *)dy + e * i, &u, 1));
    return (uint32_t)u; /* little-endian: a 16- or 32-bit result in the low bits */
}
static uint32_t out_bits(gpuact_dtype t, const void *p, size_t i) {
    if (t == GPUACT_F32) { uint32_t u; memcpy(&u, (const char *)p + 4 * i, 4); return u; }
    return ((const uint16_t *)p)[i];
}

struct Row {
    std::string data, op, dtype, dir, mode;
    double ms, gbs, pct, copy_ms, copy_gbs;
    size_t mismatches;
};


int main(int argc, char **argv) {
    int log2n = 28, reps = 30, warmup = 5;
    const char *csv = NULL, *only = NULL, *dtype_sel = "all", *data_sel = "all", *dir_sel = "all", *mode_sel = "accurate";
    for (int i = 1; i < argc; i++) {
        const char *v;
        if ((v = tu_arg(argc, argv, &i, "--log2n"))) log2n = atoi(v);
        else if ((v = tu_arg(argc, argv, &i, "--reps"))) reps = atoi(v);
        else if ((v = tu_arg(argc, argv, &i, "--warmup"))) warmup = atoi(v);
        else if ((v = tu_arg(argc, argv, &i, "--csv"))) csv = v;
        else if ((v = tu_arg(argc, argv, &i, "--only"))) only = v;
        else if ((v = tu_arg(argc, argv, &i, "--dtype"))) dtype_sel = v;
        else if ((v = tu_arg(argc, argv, &i, "--data"))) data_sel = v;
        else if ((v = tu_arg(argc, argv, &i, "--dir"))) dir_sel = v;
        else if ((v = tu_arg(argc, argv, &i, "--mode"))) mode_sel = v;
        else {
            fprintf(stderr, "usage: %s [--log2n 28] [--reps 30] [--warmup 5] [--dtype f32|f16|bf16|all] [--dir fwd|bwd|fwdbwd|all] [--data randn|mix|all] [--mode accurate|fast|all] [--only OP] [--csv FILE]\n",
                    argv[0]);
            return 2;
        }
    }
    if (reps < 20) { fprintf(stderr, "bench: --reps %d raised to 20\n", reps); reps = 20; }
    if (log2n < 10 || log2n > 32) { fprintf(stderr, "bench: --log2n must be in [10, 32]\n"); return 2; }
    const size_t n = (size_t)1 << log2n;

    int dev = 0;
    cudaDeviceProp prop;
    CK(cudaGetDevice(&dev));
    CK(cudaGetDeviceProperties(&prop, dev));
    printf("bench: %s (sm_%d%d, %d SMs, %.1f GiB), n = 2^%d, median of %d runs after %d warm-up\n", prop.name, prop.major,
           prop.minor, prop.multiProcessorCount, prop.totalGlobalMem / 1073741824.0, log2n, reps, warmup);

    cudaStream_t st;
    CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));

    std::vector<Row> rows;
    size_t total_bad = 0;
    const gpuact_dtype dtypes[3] = {GPUACT_F32, GPUACT_F16, GPUACT_BF16};
    const char *const dirnames[3] = {"fwd", "bwd", "fwdbwd"};
    for (int mi = 0; mi < 2; mi++)
    for (int si = 0; si < 2; si++)
    for (int di = 0; di < 3; di++) {
        const char *mname = mi == 0 ? "accurate" : "fast";
        if (strcmp(mode_sel, "all") && strcmp(mode_sel, mname)) continue;
        gpuact_params fastp;
        memset(&fastp, 0, sizeof fastp);
        fastp.set = GPUACT_SET_MODE;
        fastp.mode = GPUACT_MODE_FAST;
        const gpuact_params *P = mi ? &fastp : NULL;
        const char *sname = si == 0 ? "randn" : "mix";
        if (strcmp(data_sel, "all") && strcmp(data_sel, sname)) continue;
        gpuact_dtype dt = dtypes[di];
        const char *dname = dt == GPUACT_F32 ? "f32" : dt == GPUACT_F16 ? "f16" : "bf16";
        if (strcmp(dtype_sel, "all") && strcmp(dtype_sel, dname)) continue;
        size_t esz = dt == GPUACT_F32 ? 4 : 2, bytes = n * esz;
        void *x = NULL, *dy = NULL, *out = NULL, *out2 = NULL;
        CK(cudaMalloc(&x, bytes));
        CK(cudaMalloc(&dy, bytes));
        CK(cudaMalloc(&out, bytes));
        CK(cudaMalloc(&out2, bytes));
        int fb = prop.multiProcessorCount * 8;
        fill_kernel<<<fb, 256, 0, st>>>(x, n, (int)dt, 0, si == 0);
        CK(cudaGetLastError());
        fill_kernel<<<fb, 256, 0, st>>>(dy, n, (int)dt, 1, si == 0);
        CK(cudaGetLastError());
        CK(cudaStreamSynchronize(st));

        const size_t ncheck = std::min(n, (size_t)65536);
        std::vector<unsigned char> hx(ncheck * esz), hdy(ncheck * esz), hout(ncheck * esz), hout2(ncheck * esz);
        CK(cudaMemcpy(hx.data(), x, ncheck * esz, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(hdy.data(), dy, ncheck * esz, cudaMemcpyDeviceToHost));

        printf("\ndata: %s, mode: %s\n%-14s %-5s %-6s %10s %10s %8s %10s %10s %6s\n", sname, mname, "op", "dtype", "dir", "time ms", "GB/s", "% copy",
               "copy ms", "copy GB/s", "check");
        for (const auto &o : kOps) {
            if (only && strcmp(only, o.name)) continue;
            for (int dir = 0; dir < 3; dir++) { /* 0 forward, 1 backward, 2 both */
                if (strcmp(dir_sel, "all") && strcmp(dir_sel, dirnames[dir])) continue;
                auto launch = [&]() {
                    if (dir == 0) GK(gpuact_forward_device(o.op, dt, P, x, out, n, st));
                    else if (dir == 1) GK(gpuact_backward_device(o.op, dt, P, x, dy, out, n, st));
                    else GK(gpuact_forward_backward_device(o.op, dt, P, x, dy, out, out2, n, st));
                };
                double mk = 0, mc = 0;
                bench_alternating(st, warmup, reps, launch,
                                  [&]() { CK(cudaMemcpyAsync(out, x, bytes, cudaMemcpyDeviceToDevice, st)); }, &mk, &mc);
                /* spot check: one more call, then compare with the host scalar functions */
                launch();
                CK(cudaStreamSynchronize(st));
                CK(cudaMemcpy(hout.data(), out, ncheck * esz, cudaMemcpyDeviceToHost));
                if (dir == 2) CK(cudaMemcpy(hout2.data(), out2, ncheck * esz, cudaMemcpyDeviceToHost));
                size_t bad = 0;
                for (size_t i = 0; i < ncheck; i++)
                    for (int part = 0; part < (dir == 2 ? 2 : 1); part++) {
                        const int which = dir == 2 ? part : dir; /* 0 f, 1 dy f' */
                        const uint32_t want = host_want(o.op, dt, P, hx.data(), hdy.data(), i, which);
                        const uint32_t got = out_bits(dt, (part ? hout2 : hout).data(), i);
                        if (got != want) {
                            if (!bad)
                                fprintf(stderr, "bench: %s %s %s: element %zu: device 0x%x, host 0x%x\n", o.name, dname,
                                        dirnames[dir], i, got, want);
                            bad++;
                        }
                    }
                total_bad += bad;
                double kbytes = (double)bytes * (dir == 0 ? 2 : dir == 1 ? 3 : 4), cbytes = 2.0 * bytes;
                Row row;
                row.op = o.name;
                row.dtype = dname;
                row.data = sname;
                row.dir = dirnames[dir];
                row.mode = mname;
                row.ms = mk;
                row.gbs = kbytes / (mk * 1e-3) / 1e9;
                row.copy_ms = mc;
                row.copy_gbs = cbytes / (mc * 1e-3) / 1e9;
                row.pct = 100.0 * row.gbs / row.copy_gbs;
                row.mismatches = bad;
                rows.push_back(row);
                printf("%-14s %-5s %-6s %10.3f %10.1f %7.1f%% %10.3f %10.1f %6s\n", o.name, dname, row.dir.c_str(), row.ms,
                       row.gbs, row.pct, row.copy_ms, row.copy_gbs, bad ? "FAIL" : "ok");
                fflush(stdout);
            }
        }
        CK(cudaFree(x));
        CK(cudaFree(dy));
        CK(cudaFree(out));
        CK(cudaFree(out2));
    }

    /* summary: mean % of copy bandwidth per dtype and direction */
    printf("\n");
    for (const char *md : {"accurate", "fast"})
    for (const char *sd : {"randn", "mix"})
    for (const char *d : {"f32", "f16", "bf16"})
        for (const char *r : {"fwd", "bwd", "fwdbwd"}) {
            double s = 0, mn = 1e30;
            int k = 0;
            for (const Row &row : rows)
                if (row.mode == md && row.data == sd && row.dtype == d && row.dir == r) { s += row.pct; mn = std::min(mn, row.pct); k++; }
            if (k)
                printf("BENCH SUMMARY %s%s %s %s: mean %.1f%% of copy bandwidth, min %.1f%% (%d ops)\n", strcmp(md, "fast") ? "" : "fast ", sd, d,
                       r, s / k, mn, k);
        }
    if (csv) {
        FILE *f = fopen(csv, "w");
        if (!f) { perror(csv); return 2; }
        fprintf(f, "data,op,dtype,direction,n,time_ms,gb_per_s,pct_of_copy,copy_ms,copy_gb_per_s,spot_check_mismatches,mode\n");
        for (const Row &r : rows)
            fprintf(f, "%s,%s,%s,%s,%zu,%.4f,%.2f,%.2f,%.4f,%.2f,%zu,%s\n", r.data.c_str(), r.op.c_str(), r.dtype.c_str(), r.dir.c_str(), n, r.ms,
                    r.gbs, r.pct, r.copy_ms, r.copy_gbs, r.mismatches, r.mode.c_str());
        if (fclose(f) != 0) { perror(csv); return 2; }
        printf("bench: wrote %s\n", csv);
    }
    CK(cudaStreamDestroy(st));
    if (total_bad) {
        printf("bench: %zu spot-check mismatches: FAIL\n", total_bad);
        return 1;
    }
    return 0;
}
