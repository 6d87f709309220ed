/* ref_half.c - bit-exact binary16 / bfloat16 <-> double conversions.
 * Decoding is exact by construction; encoding first rounds to the format
 * (nearest-even, via the reference rounding) so that any double is accepted. */
#include <math.h>
#include <string.h>
#include "ref_internal.h"

double gpuact_ref_f16_to_double(unsigned short h)
{
    int e = (h >> 10) & 31, m = h & 1023;
    double v;
    if (e == 31)
        v = m ? NAN : INFINITY;
    else if (e == 0)
        v = ldexp((double)m, -24); /* subnormal: m * 2^-24 */
    else
        v = ldexp((double)(1024 + m), e - 25);
    return (h & 0x8000) ? -v : v;
}

unsigned short gpuact_ref_double_to_f16(double v)
{
    unsigned short s;
    double a;
    int e;
    if (isnan(v))
        return 0x7e00;
    v = gpuact_refi_round_d(v, GPUACT_REF_F16);
    s = signbit(v) ? 0x8000 : 0;
    a = fabs(v);
    if (isinf(a))
        return s | 0x7c00;
    if (a < ldexp(1.0, -14)) /* subnormal or zero: a = m * 2^-24 exactly */
        return s | (unsigned short)ldexp(a, 24);
    frexp(a, &e); /* a in [2^(e-1), 2^e) */
    return s | (unsigned short)((e - 1 + 15) << 10) | (unsigned short)(ldexp(a, 11 - e) - 1024);
}

double gpuact_ref_bf16_to_double(unsigned short b)
{
    unsigned int u = (unsigned int)b << 16;
    float f;
    memcpy(&f, &u, sizeof f);
    return (double)f;
}

unsigned short gpuact_ref_double_to_bf16(double v)
{
    unsigned int u;
    float f;
    if (isnan(v))
        return 0x7fc0;
    f = (float)gpuact_refi_round_d(v, GPUACT_REF_BF16); /* exact: bf16 is a subset of binary32 */
    memcpy(&u, &f, sizeof u);
    return (unsigned short)(u >> 16);
}
