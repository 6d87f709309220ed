/* tests/gpu/test_f64_device.cu - the fp64 device entry points (GPUACT_F64,
   GPUACT_F64_KERNELS) against the host entry points, bit for bit: every op
   and direction (forward, f', backward, both, backward from y for elu and
   selu), byte offsets 0, 3 and 8 (the byte-by-byte path and the aligned
   one), in place, n = 0, 1 and 100003 on a non-default stream; and the
   statuses: fast mode and the gated and bias forms in fp64 unsupported,
   a host pointer refused. Inputs: special values and random doubles of
   every magnitude. Prints FAIL lines and "N passed, M failed".

       nvcc -O3 -arch=sm_90 -I. tests/gpu/test_f64_device.cu -o test_f64_device && ./test_f64_device */
#define GPUACT_IMPLEMENTATION
#define GPUACT_F64_KERNELS 1
#include "gpuact.h"
#include "tests/common/bits.h"
#include "tests/common/cuda_check.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

static long passed, failed;
static void check(bool ok, const char *what) {
    if (ok) passed++;
    else if (++failed <= 20) printf("FAIL %s\n", what);
}
static double u2d(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }

int main() {
    const size_t N = 100003;
    cudaStream_t st;
    CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
    std::vector<double> x(N), g(N);
    for (size_t i = 0; i < N; i++) {
        const uint64_t h = tu_mix64(i * 0x9e3779b97f4a7c15ull + 7), k = tu_mix64(h);
        x[i] = (h & 3) == 0 ? u2d(k) : (h & 3) == 1 ? ldexp((double)(int64_t)(k >> 8) / 3.6e16, (int)(k & 127) - 64)
                                                     : ((double)(k >> 11) / 9007199254740992.0 - 0.5) * 80.0;
        g[i] = (k & 7) == 0 ? u2d(tu_mix64(k)) : ((double)(h >> 11) / 9007199254740992.0 - 0.5) * 8.0;
    }
    const double sp[10] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 4.9e-324, -1.7976931348623157e308, -0.7517915241, -1.2784645427610738, 1e-300};
    for (int i = 0; i < 10; i++) x[i] = sp[i];
    unsigned char *d0, *d1, *o0, *o1;
    const size_t B = 8 * N + 16;
    CK(cudaMalloc((void **)&d0, B));
    CK(cudaMalloc((void **)&d1, B));
    CK(cudaMalloc((void **)&o0, B));
    CK(cudaMalloc((void **)&o1, B));
    std::vector<unsigned char> hr0(8 * N), hr1(8 * N), gr0(8 * N), gr1(8 * N);
    char what[256];
    static const int offs[3] = {0, 3, 8};
    for (int op = 1; op <= 7; op++)
        for (int oi = 0; oi < 3; oi++)
            for (int dir = 0; dir < 5; dir++) {
                if (dir == 4 && op != GPUACT_OP_ELU && op != GPUACT_OP_SELU) continue;
                const int off = offs[oi];
                const size_t n = oi == 1 ? 1001 : N;
                const gpuact_op o = (gpuact_op)op;
                CK(cudaMemcpyAsync(d0 + off, x.data(), 8 * n, cudaMemcpyHostToDevice, st));
                CK(cudaMemcpyAsync(d1 + off, g.data(), 8 * n, cudaMemcpyHostToDevice, st));
                gpuact_status s =
                    dir == 0 ? gpuact_forward_device(o, GPUACT_F64, NULL, d0 + off, o0 + off, n, st)
                  : dir == 1 ? gpuact_grad_device(o, GPUACT_F64, NULL, d0 + off, o0 + off, n, st)
                  : dir == 2 ? gpuact_backward_device(o, GPUACT_F64, NULL, d0 + off, d1 + off, o0 + off, n, st)
                  : dir == 3 ? gpuact_forward_backward_device(o, GPUACT_F64, NULL, d0 + off, d1 + off, o0 + off, o1 + off, n, st)
                             : gpuact_backward_from_output_device(o, GPUACT_F64, NULL, d0 + off, d1 + off, o0 + off, n, st);
                gpuact_status h =
                    dir == 0 ? gpuact_forward_host(o, GPUACT_F64, NULL, x.data(), hr0.data(), n)
                  : dir == 1 ? gpuact_grad_host(o, GPUACT_F64, NULL, x.data(), hr0.data(), n)
                  : dir == 2 ? gpuact_backward_host(o, GPUACT_F64, NULL, x.data(), g.data(), hr0.data(), n)
                  : dir == 3 ? gpuact_forward_backward_host(o, GPUACT_F64, NULL, x.data(), g.data(), hr0.data(), hr1.data(), n)
                             : gpuact_backward_from_output_host(o, GPUACT_F64, NULL, x.data(), g.data(), hr0.data(), n);
                CK(cudaMemcpyAsync(gr0.data(), o0 + off, 8 * n, cudaMemcpyDeviceToHost, st));
                if (dir == 3) CK(cudaMemcpyAsync(gr1.data(), o1 + off, 8 * n, cudaMemcpyDeviceToHost, st));
                CK(cudaStreamSynchronize(st));
                size_t bad = 0, first = n;
                for (size_t i = 0; i < 8 * n; i++)
                    if (gr0[i] != hr0[i] || (dir == 3 && gr1[i] != hr1[i])) { bad++; if (first == n) first = i / 8; }
                snprintf(what, sizeof what, "op %d dir %d offset %d n %zu: status %d/%d, %zu bytes differ (first element %zu, x=%a)", op, dir, off,
                         n, (int)s, (int)h, bad, first, first < n ? x[first] : 0.0);
                check(s == GPUACT_SUCCESS && h == GPUACT_SUCCESS && bad == 0, what);
                /* in place (y = x; dx = dy), aligned */
                if (off == 0) {
                    CK(cudaMemcpyAsync(d0, x.data(), 8 * n, cudaMemcpyHostToDevice, st));
                    CK(cudaMemcpyAsync(d1, g.data(), 8 * n, cudaMemcpyHostToDevice, st));
                    s = dir == 0 ? gpuact_forward_device(o, GPUACT_F64, NULL, d0, d0, n, st)
                      : dir == 1 ? gpuact_grad_device(o, GPUACT_F64, NULL, d0, d0, n, st)
                      : dir == 2 ? gpuact_backward_device(o, GPUACT_F64, NULL, d0, d1, d1, n, st)
                      : dir == 3 ? gpuact_forward_backward_device(o, GPUACT_F64, NULL, d0, d1, d0, d1, n, st)
                                 : gpuact_backward_from_output_device(o, GPUACT_F64, NULL, d0, d1, d1, n, st);
                    CK(cudaMemcpyAsync(gr0.data(), dir == 2 || dir == 4 ? d1 : d0, 8 * n, cudaMemcpyDeviceToHost, st));
                    if (dir == 3) CK(cudaMemcpyAsync(gr1.data(), d1, 8 * n, cudaMemcpyDeviceToHost, st));
                    CK(cudaStreamSynchronize(st));
                    const bool ok = s == GPUACT_SUCCESS && memcmp(gr0.data(), hr0.data(), 8 * n) == 0 &&
                                    (dir != 3 || memcmp(gr1.data(), hr1.data(), 8 * n) == 0);
                    snprintf(what, sizeof what, "op %d dir %d in place", op, dir);
                    check(ok, what);
                }
            }
    /* statuses */
    {
        gpuact_params fast = {0};
        fast.set = GPUACT_SET_MODE;
        fast.mode = GPUACT_MODE_FAST;
        check(gpuact_forward_device(GPUACT_OP_SILU, GPUACT_F64, &fast, d0, o0, 16, st) == GPUACT_ERROR_UNSUPPORTED, "fast mode: unsupported");
        check(gpuact_forward_device(GPUACT_OP_SILU, GPUACT_F64, NULL, d0, o0, 0, st) == GPUACT_SUCCESS, "n = 0");
        check(gpuact_forward_device(GPUACT_OP_SILU, GPUACT_F64, NULL, x.data(), o0, 16, st) == GPUACT_ERROR_NOT_DEVICE_POINTER, "host pointer refused");
        check(gpuact_gated_device(GPUACT_OP_SILU, GPUACT_F64, NULL, d0, d1, 0, o0, 1, 16, st) == GPUACT_ERROR_UNSUPPORTED, "gated fp64: unsupported");
        check(gpuact_bias_forward_device(GPUACT_OP_SILU, GPUACT_F64, NULL, d0, d1, o0, 1, 16, st) == GPUACT_ERROR_UNSUPPORTED, "bias fp64: unsupported");
        CK(cudaStreamSynchronize(st));
    }
    CK(cudaFree(d0)); CK(cudaFree(d1)); CK(cudaFree(o0)); CK(cudaFree(o1));
    CK(cudaStreamDestroy(st));
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed != 0;
}
