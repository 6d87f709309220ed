/* tests/common/formats.h - the three element formats as numbers, and the ULP
   of a value in each: fmt 0 binary32, 1 binary16, 2 bfloat16 (the numbering
   of the MPFR reference's gpuact_ref_format). C99 / C++, host only. */
#ifndef GPUACT_TEST_FORMATS_H
#define GPUACT_TEST_FORMATS_H
#include <math.h>

static inline int tu_prec(int fmt) { return fmt == 0 ? 24 : fmt == 1 ? 11 : 8; }        /* significand bits */
static inline int tu_emin(int fmt) { return fmt == 1 ? -14 : -126; }                   /* of the normals */
static inline int tu_emax(int fmt) { return fmt == 1 ? 15 : 127; }
static inline double tu_min_normal(int fmt) { return ldexp(1.0, tu_emin(fmt)); }
static inline double tu_min_sub(int fmt) { return ldexp(1.0, tu_emin(fmt) - tu_prec(fmt) + 1); }
static inline double tu_max_finite(int fmt) { return ldexp(2.0 - ldexp(1.0, 1 - tu_prec(fmt)), tu_emax(fmt)); }
/* ulp of the format at v: 2^(max(floor(log2|v|), emin) - p + 1); v = 0, NaN
   or an infinity: the smallest subnormal */
static inline double tu_ulp(int fmt, double v) {
    int e;
    if (v == 0 || v != v || isinf(v)) return tu_min_sub(fmt);
    frexp(v, &e); /* |v| in [2^(e-1), 2^e) */
    e -= 1;
    if (e < tu_emin(fmt)) e = tu_emin(fmt);
    return ldexp(1.0, e - tu_prec(fmt) + 1);
}
#endif
