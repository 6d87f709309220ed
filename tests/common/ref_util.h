/* tests/common/ref_util.h - the MPFR reference (reference/gpuact_ref.h) as the
   tests call it: the library's parameters in the reference's struct, and a
   format's bit pattern as the reference decodes it. */
#ifndef GPUACT_TEST_REF_UTIL_H
#define GPUACT_TEST_REF_UTIL_H
#include <stdint.h>

#include "gpuact_kernels.cuh"
#include "gpuact_ref.h"
#include "tests/common/bits.h"

static inline gpuact_ref_params tu_refp(const gpuact_cfg *c) {
    gpuact_ref_params p;
    p.alpha = c->alpha; p.scale = c->scale; p.lo = c->lo; p.hi = c->hi;
    return p;
}
/* fmt 0 binary32, 1 binary16, 2 bfloat16 */
static inline double tu_ref_dec(int fmt, uint32_t b) {
    if (fmt == 0) return (double)tu_u2f(b);
    return fmt == 1 ? gpuact_ref_f16_to_double((unsigned short)b) : gpuact_ref_bf16_to_double((unsigned short)b);
}
#endif
