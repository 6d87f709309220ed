/* bench/timing.h - a kernel timed against the copy, alternating: each
   repetition records the kernel's launch (launch()) and then the copy
   (copy()) between CUDA events on stream st, so that drift over the run
   hits both alike; *kernel_ms and *copy_ms are the medians. warmup pairs
   run first, untimed. CK: tests/common/cuda_check.h; GK below. */
#ifndef GPUACT_BENCH_TIMING_H
#define GPUACT_BENCH_TIMING_H
#include <stdio.h>
#include <stdlib.h>
#include <algorithm>
#include <vector>
#include "tests/common/cuda_check.h"

/* a gpuact call that must succeed, else file:line, the call and its status, exit 2 */
#define GK(call)                                                                                    \
    do {                                                                                            \
        gpuact_status s_ = (call);                                                                  \
        if (s_ != GPUACT_SUCCESS) {                                                                 \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, gpuact_status_string(s_)); \
            exit(2);                                                                                \
        }                                                                                           \
    } while (0)

static inline double bench_median(std::vector<float> v) {
    std::sort(v.begin(), v.end());
    const size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}
template <class L, class C>
static void bench_alternating(cudaStream_t st, int warmup, int reps, const L &launch, const C &copy, double *kernel_ms,
                              double *copy_ms) {
    cudaEvent_t ev[3];
    for (int i = 0; i < 3; i++) CK(cudaEventCreate(&ev[i]));
    for (int w = 0; w < warmup; w++) {
        launch();
        copy();
    }
    CK(cudaStreamSynchronize(st));
    std::vector<float> tk, tc;
    for (int r = 0; r < reps; r++) {
        CK(cudaEventRecord(ev[0], st));
        launch();
        CK(cudaEventRecord(ev[1], st));
        copy();
        CK(cudaEventRecord(ev[2], st));
        CK(cudaEventSynchronize(ev[2]));
        float a = 0, b = 0;
        CK(cudaEventElapsedTime(&a, ev[0], ev[1]));
        CK(cudaEventElapsedTime(&b, ev[1], ev[2]));
        tk.push_back(a);
        tc.push_back(b);
    }
    for (int i = 0; i < 3; i++) CK(cudaEventDestroy(ev[i]));
    *kernel_ms = bench_median(tk);
    *copy_ms = bench_median(tc);
}
#endif
