/* fuzz_f64.c - fp64 (GPUACT_F64): one evaluation per input against the MPFR
   reference rounded to binary64, through the host entry points.

   Input (little-endian, 36 bytes; missing bytes read as 0):
     0      op        1 + b % 7
     1      direction b % 4 (0 f, 1 f', 2 dy f', 3 dx from y: elu with
                      alpha >= 0 and selu, else treated as 2)
     2      set       gpuact_params.set = b & 0xf, plus an unknown bit when b >= 0xf0
     3      modes     bit 0: x = (int64)bits 2^-58 (|x| < 32), else raw bits;
                      bit 1: dy likewise 2^-60; bit 2: x = the nearest double
                      to a zero of f' (gelu*, silu) moved by (int8)bits ulps
     4..11  x         raw bits (every pattern: NaN payloads, subnormals, inf)
     12..19 dy        raw bits
     20..35 alpha, scale, lo, hi: raw binary32 bits each
   Invalid parameters must be rejected by gpuact_resolve (the input stops
   there). Check: the result against gpuact_ref_ulp's binary64 value (dx
   from y: the exact dy (y + lambda alpha) from MPFR at 2400 bits, rounded
   once with binary64's subnormals): NaN, inf, zero and subnormal results
   bit-equal to the correctly rounded one (NaN: the canonical
   0x7ff8000000000000), others within FZ_F64_BAR ulp; and the element of
   gpuact_forward_host / _grad_ / _backward_ / _backward_from_output_host
   with GPUACT_F64 equal to the scalar core's bits. A finding prints
     FAIL fn=... fmt=f64 dir=... x=... dy=... alpha=... s=... lo=... hi=... ref=... got=... ulp=...
   and aborts. */
#include "fuzz_ref.h"
#include "tests/common/ref_f64.h"

#define FZ_F64_BAR 0.5001 /* measured: 0.5000005 (docs/ACCURACY.md, "fp64") */
static const double FZ_F64_ZEROS[4] = {-0.75179156, -0.75246142, -0.75115426, -1.2784645427610738};

static uint64_t fz_u64(fz_in *in) {
    const uint64_t lo = fz_u32(in);
    return lo | ((uint64_t)fz_u32(in) << 32);
}
static double fz_b2d(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static uint64_t fz_d2b(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static int fz_d_special(double v) { return v != v || isinf(v) || v == 0 || fabs(v) < 2.2250738585072014e-308; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_in in = fz_in_make(data, size);
    gpuact_params p;
    gpuact_cfg c;
    gpuact_ref_params rp;
    int op, dir, sm = 0;
    uint8_t setb, modes;
    uint64_t xr, dr;
    double x, dy, got, arr = 0.0, ref = 0, ulp;
    gpuact_status s;
    op = 1 + fz_u8(&in) % 7;
    dir = fz_u8(&in) % 4;
    setb = fz_u8(&in);
    modes = fz_u8(&in);
    xr = fz_u64(&in);
    dr = fz_u64(&in);
    fz_read_params(&in, setb, &p);
    if (!fz_resolve_checked(op, &p, &c)) return 0;
    x = (modes & 1) ? (double)(int64_t)xr * 0x1p-58 : fz_b2d(xr);
    dy = (modes & 2) ? (double)(int64_t)dr * 0x1p-60 : fz_b2d(dr);
    if ((modes & 4) && op != GPUACT_OP_ELU && op != GPUACT_OP_SELU && op != GPUACT_OP_SWISH_TANH) {
        const double z = FZ_F64_ZEROS[op == GPUACT_OP_SILU ? 3 : op - 1];
        x = fz_b2d(fz_d2b(z) + (uint64_t)(int64_t)(int8_t)(xr & 0xff));
    }
    if (dir == 3 && (op != GPUACT_OP_ELU && op != GPUACT_OP_SELU)) dir = 2;
    if (dir == 3 && op == GPUACT_OP_ELU && c.alpha < 0.0f) dir = 2;
    got = dir == 0 ? gpuact__f64_fwd(op, x, &c) : dir == 1 ? gpuact__f64_deriv(op, x, &c)
        : dir == 2 ? gpuact__f64_bwd(op, x, dy, &c) : gpuact__f64_bwd_out(op, x, dy, &c);
    /* the host entry point gives the core's bits */
    s = dir == 0 ? gpuact_forward_host((gpuact_op)op, GPUACT_F64, &p, &x, &arr, 1)
      : dir == 1 ? gpuact_grad_host((gpuact_op)op, GPUACT_F64, &p, &x, &arr, 1)
      : dir == 2 ? gpuact_backward_host((gpuact_op)op, GPUACT_F64, &p, &x, &dy, &arr, 1)
                 : gpuact_backward_from_output_host((gpuact_op)op, GPUACT_F64, &p, &x, &dy, &arr, 1);
    if (s != GPUACT_SUCCESS || fz_d2b(arr) != fz_d2b(got))
        fz_failf("FAIL fn=%s fmt=f64 dir=%s x=%a dy=%a: entry point %s gave %a, the core %a", fz_op_name(op), FZ_DIR_NAME[dir],
                 x, dy, gpuact_status_string(s), arr, got);
    /* against MPFR */
    if (dir == 3) {
        ref = tu_ref_bwd_out64(op, x, dy, c.alpha);
        ulp = fz_d2b(got) == fz_d2b(ref) || (ref != ref && got != got) ? 0.0 : INFINITY;
        if (ulp != 0.0 && !fz_d_special(ref) && !fz_d_special(got)) {
            /* a normal result: its distance in ulps of the correctly rounded one */
            int e;
            frexp(ref, &e);
            ulp = fabs(got - ref) / ldexp(1.0, e - 53) + 0.5;
        }
    } else if (dir == 0 && isfinite(x) && ((op == GPUACT_OP_ELU || op == GPUACT_OP_SELU) ? x < -1000.0 : op != GPUACT_OP_SWISH_TANH && x > 1000.0)) {
        /* f an exact double plus or minus e^-|x|, below MPFR's exponent range:
           gpuact_ref_ulp cannot narrow it (slow, "not proven"); the correctly
           rounded value is decided, so the bits must be it */
        rp = tu_refp(&c);
        ref = gpuact_ref_eval(op, 0, x, &rp, GPUACT_REF_F64);
        ulp = fz_d2b(got) == fz_d2b(ref) ? 0.0 : INFINITY;
    } else {
        rp = tu_refp(&c);
        ulp = gpuact_ref_ulp(op, dir, x, dy, &rp, GPUACT_REF_F64, got, &ref, &sm);
    }
    if (got != got && fz_d2b(got) != 0x7ff8000000000000ull) ulp = INFINITY; /* NaN: the canonical one */
    if ((fz_d_special(ref) || fz_d_special(got)) && fz_d2b(got) != fz_d2b(ref) && !(ref != ref && got != got)) ulp = INFINITY;
    if (sm) ulp = INFINITY;
    if (!(ulp <= FZ_F64_BAR))
        fz_failf("FAIL fn=%s fmt=f64 dir=%s x=%a dy=%a alpha=%a s=%a lo=%a hi=%a ref=%a got=%a ulp=%g\n"
                 "  why: %s (bits: x=0x%016llx dy=0x%016llx got=0x%016llx ref=0x%016llx; bar %g ulp, NaN/inf/zero/subnormal exact)",
                 fz_op_name(op), FZ_DIR_NAME[dir], x, dy, (double)c.alpha, (double)c.scale, (double)c.lo, (double)c.hi, ref, got,
                 ulp, sm ? "sign of zero" : "error", (unsigned long long)fz_d2b(x), (unsigned long long)fz_d2b(dy),
                 (unsigned long long)fz_d2b(got), (unsigned long long)fz_d2b(ref), FZ_F64_BAR);
    return 0;
}
