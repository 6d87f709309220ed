/* gpuact_ref.h - correctly rounded MPFR reference for the gpuact activations.
 *
 * This is the accuracy oracle of the test suite: every value it returns is the
 * exact mathematical result (see README.md for the definitions) rounded once,
 * round-to-nearest-even, to the requested format, with that format's
 * subnormals and overflow.  Correct rounding is proven per call by interval
 * arithmetic (Ziv's strategy), not assumed; see README.md.
 *
 * Thread-safe: all MPFR state is thread-local.  Build: link with -lmpfr -lgmp.
 */
#ifndef GPUACT_REF_H
#define GPUACT_REF_H

#ifdef __cplusplus
extern "C" {
#endif

/* Op codes: equal to the library's gpuact_op enum values. */
enum {
    GPUACT_REF_OP_GELU_ERF     = 1,
    GPUACT_REF_OP_GELU_TANH    = 2,
    GPUACT_REF_OP_GELU_SIGMOID = 3,
    GPUACT_REF_OP_ELU          = 4,
    GPUACT_REF_OP_SELU         = 5,
    GPUACT_REF_OP_SILU         = 6,
    GPUACT_REF_OP_SWISH_TANH   = 7
};

typedef enum {
    GPUACT_REF_F32  = 0,
    GPUACT_REF_F16  = 1,
    GPUACT_REF_BF16 = 2,
    GPUACT_REF_F64  = 3
} gpuact_ref_format;

/* Fully resolved parameters (no defaults are applied inside).
 * alpha: elu only, must be finite.  scale, lo, hi: swish_tanh only; scale
 * finite, lo/hi not NaN (may be +-inf).  Violations give NaN. */
typedef struct {
    float alpha, scale, lo, hi;
} gpuact_ref_params;

/* alpha 1, scale 0.5, lo -1, hi 1 */
gpuact_ref_params gpuact_ref_default_params(void);

/* deriv = 0: f(x), deriv = 1: f'(x), correctly rounded to fmt and returned as
 * a double (exactly representable in fmt).  x is taken exactly.  An unknown
 * op, deriv or fmt gives NaN.  p may be NULL for the defaults. */
double gpuact_ref_eval(int op, int deriv, double x, const gpuact_ref_params *p,
                       gpuact_ref_format fmt);

/* dy * f'(x), the exact product rounded once to fmt (IEEE rules for signed
 * zeros and inf * 0 = NaN, with f'(x) the exact real derivative). */
double gpuact_ref_backward(int op, double x, double dy, const gpuact_ref_params *p,
                           gpuact_ref_format fmt);

/* s * f(a), the exact product rounded once to fmt, with the same IEEE rules
 * (f(a) the exact real value: gelu_erf(-inf) = -0, so s = inf gives NaN).
 * The gated forms: y = f(a) b is gpuact_ref_gated(op, a, b), db = dy f(a)
 * is gpuact_ref_gated(op, a, dy), and da = dy b f'(a) is
 * gpuact_ref_backward(op, a, dy * b) (dy * b of two floats is exact in
 * double). */
double gpuact_ref_gated(int op, double a, double s, const gpuact_ref_params *p,
                        gpuact_ref_format fmt);

/* The bias forms: f(x + b) (deriv 0), f'(x + b) (1) or dy * f'(x + b) (2)
 * of the exact sum x + b (held at 2200 bits, so any two doubles), rounded
 * once to fmt; x + b = 0 is +0 (IEEE), and b = +-0 gives x + b's IEEE
 * sign of zero. */
double gpuact_ref_bias(int op, int deriv, double x, double b, double dy, const gpuact_ref_params *p,
                       gpuact_ref_format fmt);
/* Error of `got` in ulps of fmt against the exact (unrounded) value v:
 * |got - v| / ulp_fmt(v), ulp_fmt(v) = 2^(max(floor(log2|v|), emin) - prec + 1)
 * with emin the format's minimum normal exponent (v = 0: the subnormal ulp).
 * deriv: 0 forward, 1 derivative, 2 backward (dy * f'(x)), 3 dy * f(x)
 * (the gated forms).
 * Special cases: got and v both NaN -> 0; exactly one NaN -> +inf;
 * got infinite -> 0 if it equals the correctly rounded value, else +inf;
 * v infinite and got finite -> +inf.
 * *sign_mismatch (if non-NULL) is set to 1 when got is a zero and the correctly
 * rounded value is a zero of the other sign (the ulp error is then ~0), else 0.
 * *ref (if non-NULL) receives the correctly rounded value.
 * The returned error is accurate to better than 1e-9 ulp. */
double gpuact_ref_ulp(int op, int deriv, double x, double dy, const gpuact_ref_params *p,
                      gpuact_ref_format fmt, double got, double *ref, int *sign_mismatch);

/* gpuact_ref_ulp of the bias forms (deriv 0, 1, 2 as gpuact_ref_bias) */
double gpuact_ref_bias_ulp(int op, int deriv, double x, double b, double dy, const gpuact_ref_params *p,
                           gpuact_ref_format fmt, double got, double *ref, int *sign_mismatch);
/* Bit-exact conversions for the 16-bit formats.  The double_to_* functions
 * round to nearest-even if v is not representable (NaN -> quiet NaN). */
double gpuact_ref_f16_to_double(unsigned short h);
double gpuact_ref_bf16_to_double(unsigned short b);
unsigned short gpuact_ref_double_to_f16(double v);
unsigned short gpuact_ref_double_to_bf16(double v);

/* Number of calls in this thread that reached the top working precision
 * without proving the rounding (then the midpoint was rounded and a warning
 * printed).  Expected to stay 0; the self-test asserts it. */
unsigned long gpuact_ref_undecided_count(void);

/* Frees this thread's MPFR storage and caches (they are otherwise kept for the
 * thread's lifetime and not freed at thread exit).  Call it before a thread
 * that used the reference exits if a leak checker watches; the next call in
 * the same thread simply allocates again. */
void gpuact_ref_thread_release(void);

#ifdef __cplusplus
}
#endif

#endif /* GPUACT_REF_H */
