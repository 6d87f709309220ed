/* tests/common/entry.h - the five array entry points of gpuact.h by number,
   for the tests and fuzz harnesses that run one direction after another and
   compare host with device. Arrays: in0 x (y for BWDOUT), in1 dy, o0 the
   result (FWDBWD: y), o1 FWDBWD's dx. The device form where CUDA is compiled. */
#ifndef GPUACT_TEST_ENTRY_H
#define GPUACT_TEST_ENTRY_H
#include <stddef.h>

#include "gpuact.h"

enum { TU_FWD, TU_GRAD, TU_BWD, TU_FWDBWD, TU_BWDOUT };

static inline gpuact_status tu_call_host(int dir, gpuact_op op, gpuact_dtype t, const gpuact_params *p,
                                         const void *in0, const void *in1, void *o0, void *o1, size_t n) {
    switch (dir) {
    case TU_FWD: return gpuact_forward_host(op, t, p, in0, o0, n);
    case TU_GRAD: return gpuact_grad_host(op, t, p, in0, o0, n);
    case TU_BWD: return gpuact_backward_host(op, t, p, in0, in1, o0, n);
    case TU_FWDBWD: return gpuact_forward_backward_host(op, t, p, in0, in1, o0, o1, n);
    default: return gpuact_backward_from_output_host(op, t, p, in0, in1, o0, n);
    }
}
#if defined(__CUDACC__)
static inline gpuact_status tu_call_device(int dir, gpuact_op op, gpuact_dtype t, const gpuact_params *p,
                                           const void *in0, const void *in1, void *o0, void *o1, size_t n,
                                           cudaStream_t s) {
    switch (dir) {
    case TU_FWD: return gpuact_forward_device(op, t, p, in0, o0, n, s);
    case TU_GRAD: return gpuact_grad_device(op, t, p, in0, o0, n, s);
    case TU_BWD: return gpuact_backward_device(op, t, p, in0, in1, o0, n, s);
    case TU_FWDBWD: return gpuact_forward_backward_device(op, t, p, in0, in1, o0, o1, n, s);
    default: return gpuact_backward_from_output_device(op, t, p, in0, in1, o0, n, s);
    }
}
/* on the device (stream s) or on the host */
static inline gpuact_status tu_call(int device, int dir, gpuact_op op, gpuact_dtype t, const gpuact_params *p,
                                    const void *in0, const void *in1, void *o0, void *o1, size_t n, cudaStream_t s) {
    return device ? tu_call_device(dir, op, t, p, in0, in1, o0, o1, n, s)
                  : tu_call_host(dir, op, t, p, in0, in1, o0, o1, n);
}
#endif
#endif
