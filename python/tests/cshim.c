/* cshim.c - array loops over gpuact's scalar gated functions
   (gpuact_gated_f32 / _f16 / _bf16 and gpuact_gated_backward_*), built into
   the tests' C library beside the implementation: the oracle that the
   package's gated forms must equal bit for bit, reached through ctypes. */
#include "gpuact.h"

#include <stddef.h>
#include <stdint.h>

/* dy NULL: o0[i] = f(a[i]) b[i]; else o0[i] = da, o1[i] = db. Returns the
   status of gpuact_resolve. */
int cshim_gated(int op, int dtype, const gpuact_params *p, const void *a, const void *b, const void *dy, void *o0,
                void *o1, size_t n) {
    gpuact_cfg c;
    gpuact_status s = gpuact_resolve((gpuact_op)op, p, &c);
    size_t i;
    if (s != GPUACT_SUCCESS) return (int)s;
    for (i = 0; i < n; i++) {
        if (dtype == GPUACT_F32) {
            const float *A = (const float *)a, *B = (const float *)b, *G = (const float *)dy;
            float *Y = (float *)o0, *Z = (float *)o1;
            if (!dy) Y[i] = gpuact_gated_f32((gpuact_op)op, A[i], B[i], &c);
            else gpuact_gated_backward_f32((gpuact_op)op, A[i], B[i], G[i], &c, &Y[i], &Z[i]);
        } else {
            const uint16_t *A = (const uint16_t *)a, *B = (const uint16_t *)b, *G = (const uint16_t *)dy;
            uint16_t *Y = (uint16_t *)o0, *Z = (uint16_t *)o1;
            if (dtype == GPUACT_F16) {
                if (!dy) Y[i] = gpuact_gated_f16((gpuact_op)op, A[i], B[i], &c);
                else gpuact_gated_backward_f16((gpuact_op)op, A[i], B[i], G[i], &c, &Y[i], &Z[i]);
            } else {
                if (!dy) Y[i] = gpuact_gated_bf16((gpuact_op)op, A[i], B[i], &c);
                else gpuact_gated_backward_bf16((gpuact_op)op, A[i], B[i], G[i], &c, &Y[i], &Z[i]);
            }
        }
    }
    return 0;
}
