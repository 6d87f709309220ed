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
   there). Check (fz_check_f64, fuzz_ref.h, which fuzz_deriv's binary64
   inputs share): the result against gpuact_ref_ulp's binary64 value (dx
   from y: the exact dy (y + lambda alpha) from MPFR at 2400 bits, rounded
   once with binary64's subnormals): NaN, inf, zero and subnormal results
   bit-equal to the correctly rounded one (NaN: the canonical
   0x7ff8000000000000), others within FZ_F64_BAR ulp; and the element of
   gpuact_forward_host / _grad_ / _backward_ / _backward_from_output_host
   with GPUACT_F64 equal to the scalar core's bits. A finding prints
     FAIL fn=... fmt=f64 dir=... x=... dy=... alpha=... s=... lo=... hi=... ref=... got=... ulp=...
   and aborts. */
#include "fuzz_ref.h"

static const double FZ_F64_ZEROS[4] = {-0.75179156, -0.75246142, -0.75115426, -1.2784645427610738};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_in in = fz_in_make(data, size);
    gpuact_params p;
    gpuact_cfg c;
    int op, dir;
    uint8_t setb, modes;
    uint64_t xr, dr;
    double x, dy, got, arr = 0.0;
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
    fz_check_f64(op, dir, x, dy, &c, got);
    return 0;
}
