/* test_gated.cu - the gated forms' device entry points (gpuact_gated_device,
   gpuact_gated_backward_device) against the host entry points, bit for bit.

       nvcc -O2 -arch=sm_90 -I. tests/gpu/test_gated.cu -o test_gated && ./test_gated

   For each op with gated kernels (GPUACT_GATED_OPS: gelu_erf, gelu_tanh,
   silu) and each type:
   1. every 16-bit a (all 65536 patterns, each with 4 hashed (b, dy) pairs:
      every pattern, NaN and infinities included), as one [512, 2 x 512]
      tensor split in halves (vector path), y and (da, db);
   2. fp32: 2^22 (a, b, dy), mostly moderate values, 1 in 8 raw bit
      patterns, as halves of [1024, 2 x 4096];
   3. layouts: two arrays of 1000003 (rows = 1), halves in the other order,
      a row pitch of 2 cols + 3 (scalar path), every pointer one byte off
      (byte path), in place (da = a, db = b), 70000 rows of 8 (more rows
      than a grid's y), each with sentinels around the outputs;
   4. statuses: host pointers, an op without gated kernels, fast mode,
      rows = 0, overlap; nothing written; a CUDA graph capture of both calls.
   One row per check, "N passed, M failed" last (exit 1 if M > 0). */
#define GPUACT_IMPLEMENTATION
#include "gpuact.h"
#include "tests/common/bits.h"
#include "tests/common/cuda_check.h"
#include "tests/common/test_util.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

static long g_pass, g_fail;
static cudaStream_t g_s;
static void row(const char *test, const std::string &what, unsigned long long n, unsigned long long bad) {
    printf("%-12s %-58s %12llu %8llu  %s\n", test, what.c_str(), n, bad, bad ? "FAIL" : "ok");
    fflush(stdout);
    if (bad) g_fail++;
    else g_pass++;
}
static const gpuact_op OPS[3] = {GPUACT_OP_GELU_ERF, GPUACT_OP_GELU_TANH, GPUACT_OP_SILU};
static const char *OPN[8] = {"?", "gelu_erf", "gelu_tanh", "gelu_sigmoid", "elu", "selu", "silu", "swish_tanh"};
static const gpuact_dtype DTS[3] = {GPUACT_F32, GPUACT_F16, GPUACT_BF16};
static const char *DTN[4] = {"?", "f32", "f16", "bf16"};
static size_t esz(gpuact_dtype t) { return t == GPUACT_F32 ? 4 : 2; }

/* a value of type t from a hash: moderate (|v| < 8), else raw bits */
static void put(gpuact_dtype t, unsigned char *p, size_t i, uint64_t h) {
    const float v = (float)((double)(int64_t)(h >> 11) / 9007199254740992.0 * 16.0);
    if (t == GPUACT_F32) {
        const uint32_t u = (h & 7) == 0 ? (uint32_t)(h >> 7) : tu_f2u(v);
        memcpy(p + 4 * i, &u, 4);
    } else {
        const uint16_t u = (h & 7) == 0 ? (uint16_t)(h >> 7) : (t == GPUACT_F16 ? gpuact_f32_to_f16(v) : gpuact_f32_to_bf16(v));
        memcpy(p + 2 * i, &u, 2);
    }
}

/* a pitched problem in host memory, and its device copy */
struct Case {
    gpuact_op op;
    gpuact_dtype t;
    size_t rows, cols, ld, aoff, boff; /* a at aoff elements of the input buffer, b at boff */
    size_t shift;                      /* bytes every device pointer is moved by */
    bool inplace;
};

/* runs one case both ways, compares y and da/db (and the bytes around them) */
static void run_case(const char *test, const Case &c, const std::vector<unsigned char> &in, const std::vector<unsigned char> &dy) {
    const size_t e = esz(c.t), inb = in.size(), yb = c.rows * c.cols * e, pad = 64;
    std::vector<unsigned char> hy(yb), hd(in);
    std::vector<unsigned char> gy(yb + 2 * pad), gd(inb + 2 * pad);
    unsigned char *din, *ddy, *dy_out, *dd;
    CK(cudaMalloc((void **)&din, inb + 2 * pad));
    CK(cudaMalloc((void **)&ddy, yb + 2 * pad));
    CK(cudaMalloc((void **)&dy_out, yb + 2 * pad));
    CK(cudaMalloc((void **)&dd, inb + 2 * pad));
    CK(cudaMemsetAsync(dy_out, 0x5A, yb + 2 * pad, g_s));
    CK(cudaMemsetAsync(dd, 0x5A, inb + 2 * pad, g_s));
    CK(cudaMemcpyAsync(din + pad + c.shift, in.data(), inb, cudaMemcpyHostToDevice, g_s));
    CK(cudaMemcpyAsync(ddy + pad + c.shift, dy.data(), yb, cudaMemcpyHostToDevice, g_s));
    /* host: the same call on host memory (da, db into a copy of the input buffer: the gaps keep the inputs) */
    const unsigned char *ha = in.data() + c.aoff * e, *hb = in.data() + c.boff * e;
    gpuact_status s1 = gpuact_gated_host(c.op, c.t, NULL, ha, hb, c.ld, hy.data(), c.rows, c.cols);
    gpuact_status s2 = gpuact_gated_backward_host(c.op, c.t, NULL, ha, hb, c.ld, dy.data(), hd.data() + c.aoff * e,
                                                  hd.data() + c.boff * e, c.rows, c.cols);
    /* device: out of place into dd (a copy of the inputs, so the gaps match), or in place over din */
    unsigned char *da_base = c.inplace ? din + pad + c.shift : dd + pad + c.shift;
    if (!c.inplace) CK(cudaMemcpyAsync(dd + pad + c.shift, in.data(), inb, cudaMemcpyHostToDevice, g_s));
    const unsigned char *a = din + pad + c.shift + c.aoff * e, *b = din + pad + c.shift + c.boff * e;
    gpuact_status s3 = gpuact_gated_device(c.op, c.t, NULL, a, b, c.ld, dy_out + pad + c.shift, c.rows, c.cols, g_s);
    gpuact_status s4 = gpuact_gated_backward_device(c.op, c.t, NULL, a, b, c.ld, ddy + pad + c.shift, da_base + c.aoff * e,
                                                    da_base + c.boff * e, c.rows, c.cols, g_s);
    CK(cudaMemcpyAsync(gy.data(), dy_out, yb + 2 * pad, cudaMemcpyDeviceToHost, g_s));
    CK(cudaMemcpyAsync(gd.data(), c.inplace ? din : dd, inb + 2 * pad, cudaMemcpyDeviceToHost, g_s));
    CK(cudaStreamSynchronize(g_s));
    unsigned long long bad = 0;
    if (s1 || s2 || s3 || s4) bad++;
    for (size_t i = 0; i < yb; i++) bad += gy[pad + c.shift + i] != hy[i];
    for (size_t i = 0; i < inb; i++) bad += gd[pad + c.shift + i] != hd[i];
    for (size_t i = 0; i < pad + c.shift; i++) bad += (gy[i] != 0x5A) + (!c.inplace && gd[i] != 0x5A);
    for (size_t i = pad + c.shift + yb; i < yb + 2 * pad; i++) bad += gy[i] != 0x5A;
    row(test, std::string(OPN[c.op]) + " " + DTN[c.t] + " " + std::to_string(c.rows) + "x" + std::to_string(c.cols) + " ld " +
                  std::to_string(c.ld) + (c.aoff ? " b|a" : " a|b") + (c.shift ? " +1 byte" : "") + (c.inplace ? " in place" : ""),
        (unsigned long long)c.rows * c.cols * 3, bad);
    CK(cudaFree(din)); CK(cudaFree(ddy)); CK(cudaFree(dy_out)); CK(cudaFree(dd));
}

static void make(const Case &c, std::vector<unsigned char> &in, std::vector<unsigned char> &dy, uint64_t seed, bool exhaustive16) {
    const size_t e = esz(c.t), n_in = (c.rows - 1) * c.ld + std::max(c.aoff, c.boff) + c.cols;
    in.assign(n_in * e, 0);
    dy.assign(c.rows * c.cols * e, 0);
    for (size_t i = 0; i < n_in; i++) put(c.t, in.data(), i, tu_mix64(seed * 1000003 + i));
    for (size_t i = 0; i < c.rows * c.cols; i++) put(c.t, dy.data(), i, tu_mix64(seed * 7919 + i + (1ull << 40)));
    if (exhaustive16) { /* a = every pattern, 4 times; b and dy any pattern */
        for (size_t r = 0; r < c.rows; r++)
            for (size_t j = 0; j < c.cols; j++) {
                const size_t k = r * c.cols + j;
                const uint16_t av = (uint16_t)k, bv = (uint16_t)tu_mix64(k + seed), gv = (uint16_t)(tu_mix64(k + seed) >> 16);
                memcpy(in.data() + (r * c.ld + c.aoff + j) * 2, &av, 2);
                memcpy(in.data() + (r * c.ld + c.boff + j) * 2, &bv, 2);
                memcpy(dy.data() + k * 2, &gv, 2);
            }
    }
}

static void statuses(void) {
    float h[64] = {0};
    unsigned char *d;
    CK(cudaMalloc((void **)&d, 4096));
    CK(cudaMemsetAsync(d, 0x33, 4096, g_s));
    gpuact_params fast = {0, 0, 0, 0, 0, 0};
    fast.set = GPUACT_SET_MODE;
    fast.mode = GPUACT_MODE_FAST;
    unsigned long long bad = 0;
    bad += gpuact_gated_device(GPUACT_OP_SILU, GPUACT_F32, NULL, h, h + 8, 16, d, 2, 8, g_s) != GPUACT_ERROR_NOT_DEVICE_POINTER;
    bad += gpuact_gated_device(GPUACT_OP_ELU, GPUACT_F32, NULL, d, d + 32, 16, d + 1024, 2, 8, g_s) != GPUACT_ERROR_UNSUPPORTED;
    bad += gpuact_gated_device(GPUACT_OP_SILU, GPUACT_F32, &fast, d, d + 32, 16, d + 1024, 2, 8, g_s) != GPUACT_ERROR_UNSUPPORTED;
    bad += gpuact_gated_device(GPUACT_OP_SILU, GPUACT_F32, NULL, NULL, NULL, 16, NULL, 0, 8, g_s) != GPUACT_SUCCESS;
    bad += gpuact_gated_backward_device(GPUACT_OP_SILU, GPUACT_F32, NULL, d, d + 32, 16, d + 2048, d + 4, d + 36, 2, 8, g_s) !=
           GPUACT_ERROR_OVERLAP;
    std::vector<unsigned char> back(4096);
    CK(cudaMemcpyAsync(back.data(), d, 4096, cudaMemcpyDeviceToHost, g_s));
    CK(cudaStreamSynchronize(g_s));
    for (size_t i = 0; i < 4096; i++) bad += back[i] != 0x33;
    row("statuses", "host ptr, elu, fast mode, rows 0, overlap; nothing written", 4096 + 5, bad);
    /* a CUDA graph of the two calls, replayed twice, equals the direct calls */
    {
        const size_t n = 1 << 16;
        unsigned char *ab, *g, *y1, *y2, *dab1, *dab2;
        CK(cudaMalloc((void **)&ab, 8 * n)); CK(cudaMalloc((void **)&g, 4 * n));
        CK(cudaMalloc((void **)&y1, 4 * n)); CK(cudaMalloc((void **)&y2, 4 * n));
        CK(cudaMalloc((void **)&dab1, 8 * n)); CK(cudaMalloc((void **)&dab2, 8 * n));
        std::vector<unsigned char> hin(8 * n), hg(4 * n);
        for (size_t i = 0; i < 2 * n; i++) put(GPUACT_F32, hin.data(), i, tu_mix64(i + 99));
        for (size_t i = 0; i < n; i++) put(GPUACT_F32, hg.data(), i, tu_mix64(i + 12345));
        CK(cudaMemcpyAsync(ab, hin.data(), 8 * n, cudaMemcpyHostToDevice, g_s));
        CK(cudaMemcpyAsync(g, hg.data(), 4 * n, cudaMemcpyHostToDevice, g_s));
        cudaGraph_t graph;
        cudaGraphExec_t exec;
        gpuact_status s = GPUACT_SUCCESS;
        CK(cudaStreamBeginCapture(g_s, cudaStreamCaptureModeGlobal));
        s = (gpuact_status)(s | gpuact_gated_device(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, ab, ab + 1024, 512, y1, n / 256, 256, g_s));
        s = (gpuact_status)(s | gpuact_gated_backward_device(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, ab, ab + 1024, 512, g, dab1,
                                                             dab1 + 1024, n / 256, 256, g_s));
        CK(cudaStreamEndCapture(g_s, &graph));
        CK(cudaGraphInstantiate(&exec, graph, 0));
        CK(cudaGraphLaunch(exec, g_s));
        CK(cudaGraphLaunch(exec, g_s));
        s = (gpuact_status)(s | gpuact_gated_device(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, ab, ab + 1024, 512, y2, n / 256, 256, g_s));
        s = (gpuact_status)(s | gpuact_gated_backward_device(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, ab, ab + 1024, 512, g, dab2,
                                                             dab2 + 1024, n / 256, 256, g_s));
        std::vector<unsigned char> a1(4 * n), a2(4 * n), b1(8 * n), b2(8 * n);
        CK(cudaMemcpyAsync(a1.data(), y1, 4 * n, cudaMemcpyDeviceToHost, g_s));
        CK(cudaMemcpyAsync(a2.data(), y2, 4 * n, cudaMemcpyDeviceToHost, g_s));
        CK(cudaMemcpyAsync(b1.data(), dab1, 8 * n, cudaMemcpyDeviceToHost, g_s));
        CK(cudaMemcpyAsync(b2.data(), dab2, 8 * n, cudaMemcpyDeviceToHost, g_s));
        CK(cudaStreamSynchronize(g_s));
        row("graph", "gelu_erf f32 captured y and (da, db) equal direct calls", 3 * n,
            (s != GPUACT_SUCCESS) + (a1 != a2) + (b1 != b2));
        CK(cudaGraphExecDestroy(exec)); CK(cudaGraphDestroy(graph));
        CK(cudaFree(ab)); CK(cudaFree(g)); CK(cudaFree(y1)); CK(cudaFree(y2)); CK(cudaFree(dab1)); CK(cudaFree(dab2));
    }
    CK(cudaFree(d));
}

int main(void) {
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    CK(cudaStreamCreateWithFlags(&g_s, cudaStreamNonBlocking));
    printf("gpuact gated forms, device vs host: %s\n", prop.name);
    std::vector<unsigned char> in, dy;
    for (int oi = 0; oi < 3; oi++)
        for (int ti = 0; ti < 3; ti++) {
            const gpuact_op op = OPS[oi];
            const gpuact_dtype t = DTS[ti];
            if (t != GPUACT_F32) {
                Case c = {op, t, 512, 512, 1024, 0, 512, 0, false};
                make(c, in, dy, 1 + oi, true);
                run_case("16-bit all", c, in, dy);
            } else {
                Case c = {op, t, 1024, 4096, 8192, 0, 4096, 0, false};
                make(c, in, dy, 2 + oi, false);
                run_case("f32 random", c, in, dy);
            }
            const Case layouts[] = {
                {op, t, 1, 1000003, 0, 0, 1000003, 0, false},  /* two arrays, one buffer */
                {op, t, 333, 96, 192, 96, 0, 0, false},        /* halves, b first */
                {op, t, 257, 101, 205, 0, 101, 0, false},      /* pitch 2 cols + 3: scalar */
                {op, t, 64, 64, 128, 0, 64, 1, false},         /* one byte off: bytes */
                {op, t, 300, 128, 256, 0, 128, 0, true},       /* in place */
                {op, t, 70000, 8, 16, 0, 8, 0, false},         /* rows beyond grid.y */
            };
            for (const Case &c : layouts) {
                make(c, in, dy, 7 + oi * 3 + ti, false);
                run_case("layout", c, in, dy);
            }
        }
    statuses();
    CK(cudaStreamDestroy(g_s));
    return tu_summary(g_pass, g_fail);
}
