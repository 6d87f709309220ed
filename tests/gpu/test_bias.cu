/* test_bias.cu - the bias + activation device entry points
   (gpuact_bias_forward_device, gpuact_bias_backward_device) against the host
   entry points, bit for bit: y, dx and dbias.

       nvcc -O2 -arch=sm_90 -I. tests/gpu/test_bias.cu -o test_bias && ./test_bias

   For each op with bias kernels (GPUACT_BIAS_OPS: gelu_erf, gelu_tanh, silu,
   swish_tanh)
   and each type:
   1. 16-bit: every x pattern (65536) against 256 bias patterns ([256, 256],
      the bias a column's hash: every pattern over the ops' columns), dy
      hashed; fp32: [2048, 1024] of moderate values, 1 in 8 raw bits, 1 in 16
      of the bias tiny beside x (sums that are not floats);
   2. shapes: [1, 100003], [300, 7] (three chunks and a tail), [70000, 3]
      (more chunks than a grid's y), every pointer one byte off (byte path),
      in place (y = x; dx = dy, dbias = bias), each with sentinels;
   3. statuses: host pointers, an op not built, fast mode, a small or misaligned
      workspace, rows = 0 (dbias +0), nothing written on error; a CUDA graph
      capture of both calls.
   One row per check, "N passed, M failed" last (exit 1 if M > 0). */
#define GPUACT_IMPLEMENTATION
#define GPUACT_BIAS_OPS \
    (GPUACT_BIT(GPUACT_OP_GELU_ERF) | GPUACT_BIT(GPUACT_OP_GELU_TANH) | GPUACT_BIT(GPUACT_OP_SILU) | GPUACT_BIT(GPUACT_OP_SWISH_TANH))
#include "gpuact.h"
#include "tests/common/bits.h"
#include "tests/common/cuda_check.h"
#include "tests/common/test_util.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

static long g_pass, g_fail;
static cudaStream_t g_s;
static void row(const char *test, const std::string &what, unsigned long long n, unsigned long long bad) {
    printf("%-10s %-62s %12llu %8llu  %s\n", test, what.c_str(), n, bad, bad ? "FAIL" : "ok");
    fflush(stdout);
    if (bad) g_fail++;
    else g_pass++;
}
static const gpuact_op OPS[4] = {GPUACT_OP_GELU_ERF, GPUACT_OP_GELU_TANH, GPUACT_OP_SILU, GPUACT_OP_SWISH_TANH};
static const char *OPN[8] = {"?", "gelu_erf", "gelu_tanh", "gelu_sigmoid", "elu", "selu", "silu", "swish_tanh"};
static const gpuact_dtype DTS[3] = {GPUACT_F32, GPUACT_F16, GPUACT_BF16};
static const char *DTN[4] = {"?", "f32", "f16", "bf16"};
static size_t esz(gpuact_dtype t) { return t == GPUACT_F32 ? 4 : 2; }

static void put(gpuact_dtype t, unsigned char *p, size_t i, uint64_t h, float scale) {
    const float v = (float)((double)(int64_t)(h >> 11) / 9007199254740992.0 * 8.0) * scale;
    if (t == GPUACT_F32) {
        const uint32_t u = (h & 7) == 0 ? (uint32_t)(h >> 7) : tu_f2u((h & 15) == 1 ? ldexpf(v, -22) : v);
        memcpy(p + 4 * i, &u, 4);
    } else {
        const uint16_t u = (h & 7) == 0 ? (uint16_t)(h >> 7) : (t == GPUACT_F16 ? gpuact_f32_to_f16(v) : gpuact_f32_to_bf16(v));
        memcpy(p + 2 * i, &u, 2);
    }
}

struct Case {
    gpuact_op op;
    gpuact_dtype t;
    size_t rows, cols, shift;
    bool inplace, all16;
};

/* one case on host and device: y, dx, dbias and the bytes around them */
static void run_case(const char *test, const Case &c, uint64_t seed) {
    const size_t e = esz(c.t), n = c.rows * c.cols, nb = n * e, bb = c.cols * e, pad = 64;
    std::vector<unsigned char> x(nb), b(bb), g(nb), hy(nb), hdx(nb), hdb(bb);
    for (size_t i = 0; i < n; i++) {
        if (c.all16) { const uint16_t u = (uint16_t)i; memcpy(&x[2 * i], &u, 2); }
        else put(c.t, x.data(), i, tu_mix64(seed ^ (i * 3 + 1)), 1.0f);
        put(c.t, g.data(), i, tu_mix64(seed ^ (i * 3 + 2)), 0.25f);
    }
    for (size_t j = 0; j < c.cols; j++) {
        if (c.all16) { const uint16_t u = (uint16_t)(tu_mix64(seed ^ j) >> 48) ^ (uint16_t)(j * 257u); memcpy(&b[2 * j], &u, 2); }
        else put(c.t, b.data(), j, tu_mix64(seed ^ (j * 7 + 5)), 1.0f);
    }
    const gpuact_status hs1 = gpuact_bias_forward_host(c.op, c.t, NULL, x.data(), b.data(), hy.data(), c.rows, c.cols);
    const gpuact_status hs2 = gpuact_bias_backward_host(c.op, c.t, NULL, x.data(), b.data(), g.data(), hdx.data(), hdb.data(), c.rows, c.cols);
    unsigned char *dx_, *db_, *dg, *dy_, *ddx, *ddb, *ws;
    const size_t wsb = gpuact_bias_workspace_size(c.rows, c.cols);
    CK(cudaMalloc((void **)&dx_, nb + 2 * pad)); CK(cudaMalloc((void **)&db_, bb + 2 * pad));
    CK(cudaMalloc((void **)&dg, nb + 2 * pad)); CK(cudaMalloc((void **)&dy_, nb + 2 * pad));
    CK(cudaMalloc((void **)&ddx, nb + 2 * pad)); CK(cudaMalloc((void **)&ddb, bb + 2 * pad));
    CK(cudaMalloc((void **)&ws, wsb + 8));
    CK(cudaMemsetAsync(dy_, 0x5A, nb + 2 * pad, g_s)); CK(cudaMemsetAsync(ddx, 0x5A, nb + 2 * pad, g_s));
    CK(cudaMemsetAsync(ddb, 0x5A, bb + 2 * pad, g_s));
    unsigned char *X = dx_ + pad + c.shift, *B = db_ + pad + c.shift, *G = dg + pad + c.shift;
    unsigned char *Y = dy_ + pad + c.shift, *DX = ddx + pad + c.shift, *DB = ddb + pad + c.shift;
    CK(cudaMemcpyAsync(X, x.data(), nb, cudaMemcpyHostToDevice, g_s));
    CK(cudaMemcpyAsync(B, b.data(), bb, cudaMemcpyHostToDevice, g_s));
    CK(cudaMemcpyAsync(G, g.data(), nb, cudaMemcpyHostToDevice, g_s));
    gpuact_status s1, s2;
    if (!c.inplace) {
        s1 = gpuact_bias_forward_device(c.op, c.t, NULL, X, B, Y, c.rows, c.cols, g_s);
        s2 = gpuact_bias_backward_device(c.op, c.t, NULL, X, B, G, DX, DB, ws, wsb, c.rows, c.cols, g_s);
    } else { /* y = x after the backward; dx = dy, dbias = bias */
        CK(cudaMemcpyAsync(Y, x.data(), nb, cudaMemcpyHostToDevice, g_s));
        CK(cudaMemcpyAsync(DX, g.data(), nb, cudaMemcpyHostToDevice, g_s));
        CK(cudaMemcpyAsync(DB, b.data(), bb, cudaMemcpyHostToDevice, g_s));
        s2 = gpuact_bias_backward_device(c.op, c.t, NULL, X, DB, DX, DX, DB, ws, wsb, c.rows, c.cols, g_s);
        s1 = gpuact_bias_forward_device(c.op, c.t, NULL, Y, B, Y, c.rows, c.cols, g_s);
    }
    std::vector<unsigned char> gy(nb + 2 * pad), gdx(nb + 2 * pad), gdb(bb + 2 * pad);
    CK(cudaMemcpyAsync(gy.data(), dy_, nb + 2 * pad, cudaMemcpyDeviceToHost, g_s));
    CK(cudaMemcpyAsync(gdx.data(), ddx, nb + 2 * pad, cudaMemcpyDeviceToHost, g_s));
    CK(cudaMemcpyAsync(gdb.data(), ddb, bb + 2 * pad, cudaMemcpyDeviceToHost, g_s));
    CK(cudaStreamSynchronize(g_s));
    unsigned long long bad = (hs1 != GPUACT_SUCCESS) + (hs2 != GPUACT_SUCCESS) + (s1 != GPUACT_SUCCESS) + (s2 != GPUACT_SUCCESS);
    for (size_t i = 0; i < nb; i++) bad += (gy[pad + c.shift + i] != hy[i]) + (gdx[pad + c.shift + i] != hdx[i]);
    for (size_t i = 0; i < bb; i++) bad += gdb[pad + c.shift + i] != hdb[i];
    for (size_t i = 0; i < pad + c.shift; i++) bad += (gy[i] != 0x5A) + (gdx[i] != 0x5A) + (gdb[i] != 0x5A);
    for (size_t i = pad + c.shift + nb; i < nb + 2 * pad; i++) bad += (gy[i] != 0x5A) + (gdx[i] != 0x5A);
    for (size_t i = pad + c.shift + bb; i < bb + 2 * pad; i++) bad += gdb[i] != 0x5A;
    char what[200];
    snprintf(what, sizeof what, "%s %s [%zu, %zu]%s%s: y, dx, dbias", OPN[c.op], DTN[c.t], c.rows, c.cols, c.shift ? " +1 byte" : "",
             c.inplace ? " in place" : "");
    row(test, what, 2 * n + c.cols, bad);
    CK(cudaFree(dx_)); CK(cudaFree(db_)); CK(cudaFree(dg)); CK(cudaFree(dy_)); CK(cudaFree(ddx)); CK(cudaFree(ddb)); CK(cudaFree(ws));
}

static void statuses(void) {
    const size_t rows = 300, cols = 64, n = rows * cols;
    float *d, *ws;
    CK(cudaMalloc((void **)&d, 4 * (4 * n + 2 * cols)));
    CK(cudaMalloc((void **)&ws, gpuact_bias_workspace_size(rows, cols) + 16));
    float *x = d, *g = d + n, *y = d + 2 * n, *dx = d + 3 * n, *b = d + 4 * n, *db = d + 4 * n + cols;
    std::vector<float> hx(n, 1.0f), hb(cols, 0.5f);
    const size_t wsb = gpuact_bias_workspace_size(rows, cols);
    gpuact_params fast = {0};
    fast.set = GPUACT_SET_MODE; fast.mode = GPUACT_MODE_FAST;
    CK(cudaMemsetAsync(d, 0x5A, 4 * (4 * n + 2 * cols), g_s));
    CK(cudaStreamSynchronize(g_s));
    row("status", "host memory: not a device pointer", 1,
        gpuact_bias_forward_device(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, hx.data(), b, y, rows, cols, g_s) != GPUACT_ERROR_NOT_DEVICE_POINTER);
    row("status", "elu (not in GPUACT_BIAS_OPS): unsupported", 1,
        gpuact_bias_forward_device(GPUACT_OP_ELU, GPUACT_F32, NULL, x, b, y, rows, cols, g_s) != GPUACT_ERROR_UNSUPPORTED);
    row("status", "fast mode: unsupported", 1,
        gpuact_bias_forward_device(GPUACT_OP_GELU_ERF, GPUACT_F32, &fast, x, b, y, rows, cols, g_s) != GPUACT_ERROR_UNSUPPORTED);
    row("status", "workspace one byte short: invalid params", 1,
        gpuact_bias_backward_device(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, x, b, g, dx, db, ws, wsb - 1, rows, cols, g_s) !=
            GPUACT_ERROR_INVALID_PARAMS);
    row("status", "workspace misaligned: invalid params", 1,
        gpuact_bias_backward_device(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, x, b, g, dx, db, (char *)ws + 4, wsb, rows, cols, g_s) !=
            GPUACT_ERROR_INVALID_PARAMS);
    row("status", "workspace inside dx: overlap", 1,
        gpuact_bias_backward_device(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, x, b, g, dx, db, dx, wsb, rows, cols, g_s) != GPUACT_ERROR_OVERLAP);
    row("status", "no dbias: no workspace needed", 1,
        gpuact_bias_backward_device(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, x, b, g, dx, NULL, NULL, 0, rows, cols, g_s) != GPUACT_SUCCESS);
    CK(cudaStreamSynchronize(g_s));
    {
        std::vector<unsigned char> out(4 * (n + cols));
        CK(cudaMemcpy(out.data(), y, 4 * n, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(out.data() + 4 * n, db, 4 * cols, cudaMemcpyDeviceToHost));
        unsigned long long bad = 0;
        for (unsigned char v : out) bad += v != 0x5A;
        row("status", "nothing written on error (y, dbias)", out.size(), bad);
    }
    {
        row("status", "rows = 0 with dbias: success", 1,
            gpuact_bias_backward_device(GPUACT_OP_SILU, GPUACT_F32, NULL, NULL, b, NULL, NULL, db, NULL, 0, 0, cols, g_s) != GPUACT_SUCCESS);
        std::vector<float> h(cols, 1.0f);
        CK(cudaMemcpyAsync(h.data(), db, 4 * cols, cudaMemcpyDeviceToHost, g_s));
        CK(cudaStreamSynchronize(g_s));
        unsigned long long bad = 0;
        for (float v : h) bad += tu_f2u(v) != 0u;
        row("status", "rows = 0: dbias is +0", cols, bad);
    }
    {   /* a graph capture of both calls equals direct calls */
        std::vector<float> hv(n);
        for (size_t i = 0; i < n; i++) hv[i] = (float)((double)(int64_t)tu_mix64(i) / 4e18);
        CK(cudaMemcpyAsync(x, hv.data(), 4 * n, cudaMemcpyHostToDevice, g_s));
        CK(cudaMemcpyAsync(g, hv.data(), 4 * n, cudaMemcpyHostToDevice, g_s));
        CK(cudaMemcpyAsync(b, hv.data(), 4 * cols, cudaMemcpyHostToDevice, g_s));
        cudaGraph_t graph;
        cudaGraphExec_t exec;
        gpuact_status s = GPUACT_SUCCESS;
        CK(cudaStreamBeginCapture(g_s, cudaStreamCaptureModeGlobal));
        s = (gpuact_status)(s | gpuact_bias_forward_device(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, x, b, y, rows, cols, g_s));
        s = (gpuact_status)(s | gpuact_bias_backward_device(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, x, b, g, dx, db, ws, wsb, rows, cols, g_s));
        CK(cudaStreamEndCapture(g_s, &graph));
        CK(cudaGraphInstantiate(&exec, graph, 0));
        CK(cudaGraphLaunch(exec, g_s));
        std::vector<unsigned char> a1(4 * (2 * n + cols)), a2(4 * (2 * n + cols));
        CK(cudaMemcpyAsync(a1.data(), y, 4 * 2 * n, cudaMemcpyDeviceToHost, g_s));
        CK(cudaMemcpyAsync(a1.data() + 8 * n, db, 4 * cols, cudaMemcpyDeviceToHost, g_s));
        CK(cudaMemsetAsync(y, 0, 4 * 2 * n, g_s));
        s = (gpuact_status)(s | gpuact_bias_forward_device(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, x, b, y, rows, cols, g_s));
        s = (gpuact_status)(s | gpuact_bias_backward_device(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, x, b, g, dx, db, ws, wsb, rows, cols, g_s));
        CK(cudaMemcpyAsync(a2.data(), y, 4 * 2 * n, cudaMemcpyDeviceToHost, g_s));
        CK(cudaMemcpyAsync(a2.data() + 8 * n, db, 4 * cols, cudaMemcpyDeviceToHost, g_s));
        CK(cudaStreamSynchronize(g_s));
        row("graph", "gelu_erf f32 captured y, dx, dbias equal direct calls", 2 * n + cols, (s != GPUACT_SUCCESS) + (a1 != a2));
        CK(cudaGraphExecDestroy(exec)); CK(cudaGraphDestroy(graph));
    }
    CK(cudaFree(d)); CK(cudaFree(ws));
}

int main(void) {
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    CK(cudaStreamCreateWithFlags(&g_s, cudaStreamNonBlocking));
    printf("gpuact bias + activation, device vs host: %s\n", prop.name);
    for (int oi = 0; oi < 4; oi++)
        for (int ti = 0; ti < 3; ti++) {
            const gpuact_op op = OPS[oi];
            const gpuact_dtype t = DTS[ti];
            if (t != GPUACT_F32) run_case("16-bit all", Case{op, t, 256, 256, 0, false, true}, 11 + oi);
            else run_case("f32 random", Case{op, t, 2048, 1024, 0, false, false}, 13 + oi);
            const Case shapes[] = {
                {op, t, 1, 100003, 0, false, false}, {op, t, 300, 7, 0, false, false}, {op, t, 70000, 3, 0, false, false},
                {op, t, 257, 33, 1, false, false},   {op, t, 300, 40, 0, true, false},
            };
            for (const Case &c : shapes) run_case("shape", c, 17 + oi * 3 + ti);
        }
    statuses();
    CK(cudaStreamDestroy(g_s));
    return tu_summary(g_pass, g_fail);
}
