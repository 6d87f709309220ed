/* tests/common/ref_f64.h - the backward from the output in binary64, from
   MPFR: dx = dy (y + L) (y > 0: dy lambda) of the given y, L = alpha (elu,
   a float) or lambda alpha (selu, the exact decimals' product), rounded
   once to binary64 (emin -1073, subnormalized), IEEE's rules for zeros,
   infinities and NaN. At 2400 bits the sum and the product are exact, so a
   tie that alpha's bits 2^1000 below y's decide stays decided. Needs
   <mpfr.h> and <math.h>; the tests of gpuact_f64.h and fuzz_f64 share it. */
#ifndef GPUACT_TESTS_REF_F64_H
#define GPUACT_TESTS_REF_F64_H
#include <math.h>
#include <mpfr.h>

static double tu_ref_bwd_out64(int op, double y, double dy, float alpha) {
    mpfr_t a, b;
    double r;
    int t;
    mpfr_exp_t emin, emax;
    if (isnan(y) || isnan(dy)) return NAN;
    if (isinf(y) && y < 0) return y * dy; /* f' = y + L = -inf */
    mpfr_inits2(2400, a, b, (mpfr_ptr)0);
    if (y > 0) {
        if (op == GPUACT_OP_SELU) mpfr_set_str(a, "1.0507009873554804934193349852946", 10, MPFR_RNDN);
        else mpfr_set_ui(a, 1, MPFR_RNDN);
    } else {
        if (op == GPUACT_OP_SELU) {
            mpfr_set_str(a, "1.0507009873554804934193349852946", 10, MPFR_RNDN);
            mpfr_set_str(b, "1.6732632423543772848170429916717", 10, MPFR_RNDN);
            mpfr_mul(a, a, b, MPFR_RNDN);
        } else mpfr_set_d(a, (double)alpha, MPFR_RNDN);
        mpfr_add_d(a, a, y, MPFR_RNDN);
    }
    if (mpfr_zero_p(a) || isinf(dy) || dy == 0) {
        /* y + alpha = 0: IEEE's sign, -0 only for -0 + -0; inf 0 = NaN */
        const double s = mpfr_zero_p(a) ? (signbit(y) && signbit(alpha) ? -0.0 : 0.0) : (mpfr_sgn(a) > 0 ? 1.0 : -1.0);
        mpfr_clears(a, b, (mpfr_ptr)0);
        return s * dy;
    }
    mpfr_mul_d(a, a, dy, MPFR_RNDN);
    emin = mpfr_get_emin();
    emax = mpfr_get_emax();
    mpfr_set_emin(-1073);
    mpfr_set_emax(1024);
    mpfr_set_prec(b, 53);
    t = mpfr_set(b, a, MPFR_RNDN);
    t = mpfr_check_range(b, t, MPFR_RNDN);
    mpfr_subnormalize(b, t, MPFR_RNDN);
    r = mpfr_get_d(b, MPFR_RNDN);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    mpfr_clears(a, b, (mpfr_ptr)0);
    return r;
}
#endif
