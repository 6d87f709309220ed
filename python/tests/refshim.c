/* refshim.c - array loops over the MPFR reference (reference/gpuact_ref.h)
   for the Python tests, which call them through ctypes: one call per array
   instead of one per element. */
#include "gpuact_ref.h"

#include <stddef.h>

static gpuact_ref_params params(const float *p) {
    gpuact_ref_params r;
    r.alpha = p[0];
    r.scale = p[1];
    r.lo = p[2];
    r.hi = p[3];
    return r;
}

/* out[i] = f(x[i]) (deriv 0) or f'(x[i]) (deriv 1), correctly rounded to fmt */
void refshim_eval(int op, int deriv, const float *p, int fmt, const double *x, double *out, size_t n) {
    gpuact_ref_params r = params(p);
    size_t i;
    for (i = 0; i < n; i++) out[i] = gpuact_ref_eval(op, deriv, x[i], &r, (gpuact_ref_format)fmt);
}

/* out[i] = dy[i] f'(x[i]), the exact product correctly rounded to fmt */
void refshim_backward(int op, const float *p, int fmt, const double *x, const double *dy, double *out, size_t n) {
    gpuact_ref_params r = params(p);
    size_t i;
    for (i = 0; i < n; i++) out[i] = gpuact_ref_backward(op, x[i], dy[i], &r, (gpuact_ref_format)fmt);
}

/* ulp[i]: the error of got[i] against the exact value, in ulps of fmt
   (deriv 0: f, 2: dy f', 3: dy f for the gated forms); NaN-aware as gpuact_ref_ulp */
void refshim_ulp(int op, int deriv, const float *p, int fmt, const double *x, const double *dy, const double *got,
                 double *ulp, size_t n) {
    gpuact_ref_params r = params(p);
    size_t i;
    for (i = 0; i < n; i++)
        ulp[i] = gpuact_ref_ulp(op, deriv, x[i], dy ? dy[i] : 0.0, &r, (gpuact_ref_format)fmt, got[i], 0, 0);
}

/* out[i] = s[i] f(a[i]), the exact product correctly rounded to fmt (the
   gated forms' y = f(a) b and db = dy f(a)) */
void refshim_gated(int op, const float *p, int fmt, const double *a, const double *s, double *out, size_t n) {
    gpuact_ref_params r = params(p);
    size_t i;
    for (i = 0; i < n; i++) out[i] = gpuact_ref_gated(op, a[i], s[i], &r, (gpuact_ref_format)fmt);
}

/* out[i] = f(x[i] + b[i]) (deriv 0) or dy[i] f'(x[i] + b[i]) (deriv 2) of
   the exact sum, correctly rounded to fmt (the bias forms) */
void refshim_bias(int op, int deriv, const float *p, int fmt, const double *x, const double *b, const double *dy,
                  double *out, size_t n) {
    gpuact_ref_params r = params(p);
    size_t i;
    for (i = 0; i < n; i++) out[i] = gpuact_ref_bias(op, deriv, x[i], b[i], dy ? dy[i] : 0.0, &r, (gpuact_ref_format)fmt);
}
