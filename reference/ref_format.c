/* ref_format.c - the four target formats and the single final rounding.
 *
 * Rounding follows the MPFR manual's recipe for emulating IEEE formats:
 * round to p bits in the (wide) current range, then restrict the exponent
 * range to the format's and let mpfr_check_range / mpfr_subnormalize redo
 * overflow, underflow and subnormal rounding.  Both take the ternary value of
 * the first rounding, which is what makes the two steps equal to a single
 * round-to-nearest-even of the exact input (no double rounding), as MPFR
 * documents.  test_ref.c cross-checks this against an independent
 * scale-and-rint rounding on random and on tie cases. */
#include <math.h>
#include "ref_internal.h"

/* MPFR convention: x = 0.1b...b * 2^e.  binary32: smallest subnormal
 * 2^-149 = 0.1 * 2^-148 -> emin -148; largest finite < 2^128 -> emax 128. */
static const gref_fmt fmts[4] = {
    {24, -148, 128, -126},  /* binary32 */
    {11, -23, 16, -14},     /* binary16: subnormal 2^-24, max 65504 */
    {8, -132, 128, -126},   /* bfloat16: binary32's range, subnormal 2^-133 */
    {53, -1073, 1024, -1022} /* binary64 */
};

const gref_fmt *gpuact_refi_fmt(int fmt)
{
    if (fmt < 0 || fmt > 3)
        return NULL;
    return &fmts[fmt];
}

static GREF_TLS int y_ready, t_ready;
static GREF_TLS mpfr_t y[4], t;

void gpuact_refi_format_release(void)
{
    int i;
    if (y_ready)
        for (i = 0; i < 4; i++)
            mpfr_clear(y[i]);
    if (t_ready)
        mpfr_clear(t);
    y_ready = t_ready = 0;
}

/* Round v (finite, any exponent of the wide range, or a zero) to fmt.  The
 * sign of a zero result is neg_if_zero: the caller knows the sign of the
 * exact value even when v is a zero bound from underflow.  Must be called in
 * the wide range. */
double gpuact_refi_round(mpfr_srcptr v, int neg_if_zero, int fmt)
{
    const gref_fmt *f = &fmts[fmt];
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    int inex;
    double d;
    if (!y_ready) {
        int i;
        for (i = 0; i < 4; i++)
            mpfr_init2(y[i], fmts[i].p);
        y_ready = 1;
    }
    if (mpfr_nan_p(v))
        return NAN;
    inex = mpfr_set(y[fmt], v, MPFR_RNDN);
    mpfr_set_emin(f->emin);
    mpfr_set_emax(f->emax);
    inex = mpfr_check_range(y[fmt], inex, MPFR_RNDN);
    mpfr_subnormalize(y[fmt], inex, MPFR_RNDN);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    d = mpfr_get_d(y[fmt], MPFR_RNDN); /* exact: every format fits in binary64 */
    if (d == 0)
        d = neg_if_zero ? -0.0 : 0.0;
    return d;
}

/* Round a double to fmt (for the conversion helpers) */
double gpuact_refi_round_d(double v, int fmt)
{
    gref_range saved;
    double r;
    if (isnan(v) || isinf(v) || v == 0)
        return v;
    if (!t_ready) {
        mpfr_init2(t, 53);
        t_ready = 1;
    }
    mpfr_set_d(t, v, MPFR_RNDN); /* exact */
    gpuact_refi_range_wide(&saved);
    r = gpuact_refi_round(t, signbit(v) != 0, fmt);
    gpuact_refi_range_restore(&saved);
    return r;
}
