/* fuzz_deriv.c - derivative consistency.

   Input: the 29-byte layout of fuzz_ulp.c, except byte 2 (modes):
     bit 0  x  = (int32)bits * 2^-26 (|x| < 32; else raw bits as in fuzz_ulp)
     bit 1  dy = (int32)bits * 2^-28 (|dy| < 8; else raw bits)
   (byte 28 selects accurate or fast mode as in fuzz_ulp; absent: accurate.)
   Then (absent: none of 5., as before):
     29     gated   nonzero: the gated checks 5. too, with a = x, b = the dy
                    above and the dy below; bit 1: that dy moderate
     30..33 dy      of the gated forms: raw bits, or (int32)bits * 2^-28
     34     bias    nonzero: the bias checks 6. too, with x and the dy above
                    and the b below; bit 1: b moderate
     35..38 b       of the bias forms: raw bits, or (int32)bits * 2^-26
   Then (absent or 0: what every input before it meant):
     39     f64     nonzero: a binary64 input (GPUACT_F64), checked by 7.
                    in place of 1.-6. (byte 1, the format, is not read)
     40..47 x       bit 1 of byte 39: x's 64 bits, raw (every pattern), or
                    with bit 0 of byte 2 (int64)bits * 2^-58 (|x| < 32), as
                    fuzz_f64; else x is bytes 4..7 as binary32 (all 32 bits,
                    raw or (int32)bits * 2^-26 as above) with 29 more bits
                    below it, bits & 0x1fffffff of 40..43: raw, the widened
                    float's low mantissa bits (+-0 gives a subnormal, inf a
                    NaN); moderate, (int32)bits * 2^-26 + (bits & 0x1fffffff)
                    * 2^-55, rounded once
     48..55 dy      likewise, from bytes 8..11 (2^-60; 2^-28 and 2^-57)
   Per input, for the decoded op / format / parameters / mode (in fast mode
   every check is against fast mode's bounds, fuzz_ref.h; 4 is skipped):
   1. f'(x) and dy f'(x) against MPFR (fuzz_ref.h bars).
   2. Fused forward+backward (gpuact_forward_backward_host) on a small array
      built around x and dy, bit-identical to gpuact_forward_host and
      gpuact_backward_host on the same arrays; where gpuact_grad_host and
      backward with dy = 1 differ, both are checked against MPFR.
   3. elu (alpha >= 0) / selu: backward from the output against MPFR
      evaluating dy (y + lambda alpha) exactly from the given y (bar of
      backward), and against backward from the input with y = f(x) (x > -10,
      dy finite): |dx_y - dx_x| <= |dy| |y - f(x)| + bar ulp(dx_y) + bar ulp(dx_x),
      the first term being what rounding y to the format moved (the
      forward bar, 1 ulp binary32 / 0.5 ulp 16-bit, of the ulp at y, doubled
      for the binade edge): the two are the same real number otherwise.
   4. The sign and size of f' against a difference quotient of the library's
      own binary32 forward: for 2^-6 <= |x| <= 40, f smooth on
      [x - delta, x + delta] (delta = 1e-3 + 4h: no kink, no clamp edge of
      swish_tanh, |s| <= 16), h = 1024 ulps of x (x +- h, x +- 2h exact floats):
          D(h) = (f(x+h) - f(x-h)) / 2h   (in double)
          |D(h) - f'(x)| <= |D(h) - D(2h)| + 2 (N(h) + N(2h)) + 4 ulp(f'(x)) + 2^-20 |f'(x)|
      N(h) = (e(x+h) + e(x-h)) / 2h, e(v) = 2 ulp(f(v)) the rounding of f
      (1 ulp, of the exact value's binade); |D(h) - D(2h)| bounds the
      second-order term (Richardson: D(h) - D(2h) = -3 c h^2 + noise).
      Accurate mode only: fast mode's f is good to 2^-16, which makes a
      difference quotient of it meaningless; its f' is checked against
      MPFR's f' (1) instead.
   Fast mode in 3 (b): y = f(x) is fast mode's (2^-16 relative plus 2^-142,
   or 1 ULP and the rounding: 1.5 ULP, from f(x)), and each backward within
   its fast bound of the exact value.
   5. The gated forms (accurate mode, the only one they have; a fast-mode
      input runs them in accurate mode): pairs that round the same real
      number, which must give the same bits:
        da(a, b, dy = 1)  and the single op's backward(a, dy = b)   b f'(a)
        db(a, b, dy = 1)  and the single op's forward f(a)          f(a)
        y(a, b = 1)       and f(a)
        db(a, b, dy)      and y(a, dy)                              dy f(a)
        da(a, b, dy)      and da(a, dy, b)                          dy b f'(a)
        y(a, -b)          and -y(a, b)                              RN is odd
      In binary16/bfloat16 both sides are correctly rounded (the gated forms
      and f by the contract; the single op's backward measured so on every
      16-bit a with 8 random b each), so they must be bit-identical. In
      binary32 the two may legitimately differ where one is not correctly
      rounded (f's bar is 1 ulp; measured: db(a, b, 1) and f(a) differ on
      about 1 in 10^6 random a, elu, selu, swish_tanh and gelu_sigmoid, each
      time f correctly rounded and db off by up to 0.5032 ulp: K33, fixed since),
      so a difference is checked as both sides against MPFR within their
      bars instead. Then da(a, b, dy) against MPFR (fuzz_ref.h's gated
      bar).
   6. The bias forms (accurate mode, as 5.): y = f(x + b) and
      dx = dy f'(x + b) against MPFR, and pairs that round the same real
      number (bit-identical in binary16/bfloat16, each within its bar in
      binary32, as in 5.):
        y(x, b)            and y(b, x)                        f(x + b)
        dx(x, b, dy)       and dx(b, x, dy)                   dy f'(x + b)
        y(x, b)            and the single op's f(x + b)       where x + b is
        dx(x, b, dy)       and backward(x + b, dy)            a number of the format
        dx(x, b, -dy)      and -dx(x, b, dy)                  RN is odd
      and, binary32, f'(x + b) against a difference quotient of the bias
      forward in b, as 4. does for the single op's forward in x: x + b in
      [2^-6, 40] in magnitude (elu and selu away from their kink at 0),
      |b| <= 40, b +- 2h in b's binade; a derivative that does not match
      the forward, anywhere the forward is smooth, fails it.
   7. binary64 (byte 39), through the host entry points with GPUACT_F64.
      Fast mode and the gated and bias forms have no fp64: in fast mode the
      five single-op entry points, with a nonzero byte 29 the two gated ones,
      with a nonzero byte 34 the two bias ones must answer
      GPUACT_ERROR_UNSUPPORTED and write nothing (fast mode checks nothing
      else). In accurate mode, with bar = FZ_F64_BAR (0.5001 ulp) and
      binary64's ulps:
      1. f'(x) and dy f'(x) against MPFR (fz_check_f64, as fuzz_f64: NaN,
         inf, zero and subnormal results exact).
      2. As 2., on the array x, -x, x's two neighbours, dy, +0, -0, x plus
         a binary32 ulp; grad and backward with dy = 1 where they differ
         each against MPFR.
      3. As 3., both parts, (b) at every x where dy and y = f(x) are finite:
           |dx_y - dx_x| <= |dy| 2 bar ulp(y) + bar ulp(dx_y) + bar ulp(dx_x)
         each ulp(dx) that of the next double above |dx| (the exact value
         may lie in the binade above), an infinity read as 2^1024. In MPFR,
         exactly (two doubles' difference need not fit a double, nor 2^1024).
      4. As 4., for 2^-100 <= |x| <= 40 (swish_tanh as there; elu and selu
         need no margin: their kink at 0 is more than 2h away), h = 2^34
         ulps of x (2^-19 < h/|x| <= 2^-18; x +- h, x +- 2h exact doubles),
         D and the tolerance in MPFR, exactly:
           |D(h) - f'(x)| <= |D(h) - D(2h)| + 2 (N(h) + N(2h)) + 2 bar ulp(f'(x)) + 2^-32 |f'(x)|
         e(v) = 2 bar ulp(f(v)). With h/|x| ~ 2^-18 the rounding term
         (~2^-51 |x| / h relative, where f ~ x f') and the second-order one
         (~(h/|x|)^2) are both near 2^-33 of f', so an f' off by 2^-20
         relative fails wherever f' is not tiny next to f (f' = 0 at a
         swish_tanh clamp, elu's and the gelus' far tails): measured on 10^6
         random inputs, 92-100% per op, swish_tanh 63%; |D(h) - f'(x)| came
         to at most 1/3 of the tolerance (the Richardson term's factor 3).
      A binary64 FAIL line has fmt=f64 and the operands' bits after why:. */
#include "fuzz_ref.h"

static double ulp32(double v) { return tu_ulp(0, v); }
static double fwd32(int op, float x, const gpuact_cfg *c) {
    return (double)tu_u2f(fz_lib(0, op, 0, tu_f2u(x), 0, c));
}

/* ---- 4. difference quotient ------------------------------------------------ */
/* D(h), D(2h) of f at x +- h, x +- 2h (fp1, fm1, fp2, fm2), and the tolerance
   for |D(h) - g| (the harness's comment, item 4): second-order term, the
   rounding of f, g's own rounding */
static double dq_tol(double fp1, double fm1, double fp2, double fm2, double g, double hd, double *D1, double *D2) {
    const double N1 = (2 * ulp32(fp1) + 2 * ulp32(fm1)) / (2 * hd), N2 = (2 * ulp32(fp2) + 2 * ulp32(fm2)) / (4 * hd);
    *D1 = (fp1 - fm1) / (2 * hd);
    *D2 = (fp2 - fm2) / (4 * hd);
    return fabs(*D1 - *D2) + 2 * (N1 + N2) + 4 * ulp32(g) + 0x1p-20 * fabs(g) + 1e-300;
}
static double silu_dd(double x) { return x / (1.0 + exp(-x)); }
static int swish_smooth(double x, double delta, const gpuact_cfg *c) {
    double a = x - delta, b = x + delta, ws[3], wmin, wmax, lo = c->lo, hi = c->hi;
    double edges[4];
    int n = 0, i, ne = 0;
    ws[n++] = c->scale * silu_dd(a);
    ws[n++] = c->scale * silu_dd(b);
    if (a < -1.2784645427610738 && b > -1.2784645427610738) ws[n++] = c->scale * silu_dd(-1.2784645427610738);
    wmin = wmax = ws[0];
    for (i = 1; i < n; i++) { if (ws[i] < wmin) wmin = ws[i]; if (ws[i] > wmax) wmax = ws[i]; }
    edges[ne++] = lo; edges[ne++] = hi;
    if (fabs(lo) < 1) edges[ne++] = atanh(lo);
    if (fabs(hi) < 1) edges[ne++] = atanh(hi);
    for (i = 0; i < ne; i++)
        if (edges[i] >= wmin && edges[i] <= wmax) return 0;
    return 1;
}
static void check_dq(int op, float x, const gpuact_cfg *c, const fz_case *k) {
    double ax = fabs((double)x), ulp, hd, delta, fp1, fm1, fp2, fm2, D1, D2, g, tol;
    int e;
    if (!(ax >= 0x1p-6 && ax <= 40.0)) return;
    frexp(ax, &e); /* ax in [2^(e-1), 2^e) */
    ulp = ldexp(1.0, e - 1 - 23);
    hd = 1024 * ulp;
    if (ax + 2 * hd >= ldexp(1.0, e)) return; /* x + 2h would leave the binade: not exact */
    delta = 1e-3 + 4 * hd;
    if ((op == GPUACT_OP_ELU || op == GPUACT_OP_SELU) && ax < delta) return;
    if (op == GPUACT_OP_SWISH_TANH) {
        if (!(fabs(c->scale) <= 16.0)) return;
        if (!swish_smooth(x, delta, c)) return;
    }
    fp1 = fwd32(op, (float)(x + hd), c);
    fm1 = fwd32(op, (float)(x - hd), c);
    fp2 = fwd32(op, (float)(x + 2 * hd), c);
    fm2 = fwd32(op, (float)(x - 2 * hd), c);
    g = (double)tu_u2f(fz_lib(1, op, 0, tu_f2u(x), 0, c));
    if (!isfinite(fp1) || !isfinite(fm1) || !isfinite(fp2) || !isfinite(fm2) || !isfinite(g)) return;
    tol = dq_tol(fp1, fm1, fp2, fm2, g, hd, &D1, &D2);
    if (fabs(D1 - g) > tol) {
        fprintf(stderr, "FAIL fn=%s fmt=f32 dir=grad x=%a dy=%a alpha=%a s=%a lo=%a hi=%a ref=%a got=%a ulp=%g\n",
                fz_op_name(op), (double)x, tu_ref_dec(k->fmt, k->db), (double)c->alpha, (double)c->scale, (double)c->lo,
                (double)c->hi, D1, g, fabs(D1 - g) / ulp32(g));
        fz_failf("  why: f'(x) disagrees with the difference quotient of the library's forward: D(h)=%a D(2h)=%a "
                 "h=%a tolerance=%a |D(h)-f'|=%a (ref= is D(h) here)", D1, D2, hd, tol, fabs(D1 - g));
    }
}

/* ---- 2. fused vs separate ------------------------------------------------------ */
#define NA 8
static void check_fused(const fz_case *k0, const gpuact_params *p) {
    int fmt = k0->fmt, i;
    size_t es = fmt == 0 ? 4 : 2;
    gpuact_dtype dt = (gpuact_dtype)(fmt + 1);
    unsigned char xs[NA * 4], ds[NA * 4], ones[NA * 4], y1[NA * 4], dx1[NA * 4], y2[NA * 4], dx2[NA * 4], g1[NA * 4], g2[NA * 4];
    uint32_t xv[NA], dv[NA];
    gpuact_status s1, s2, s3, s4, s5;
    uint32_t sgn = fmt == 0 ? 0x80000000u : 0x8000u, m = fz_mask(fmt);
    xv[0] = k0->xb; xv[1] = k0->xb ^ sgn; xv[2] = (k0->xb + 1) & m; xv[3] = (k0->xb - 1) & m;
    xv[4] = k0->db; xv[5] = 0; xv[6] = sgn; xv[7] = (k0->xb + 0x100u) & m;
    dv[0] = k0->db; dv[1] = k0->db ^ sgn; dv[2] = (k0->db + 1) & m; dv[3] = k0->xb;
    dv[4] = k0->db; dv[5] = k0->db; dv[6] = k0->db ^ sgn; dv[7] = (k0->db - 1) & m;
    for (i = 0; i < NA; i++) {
        uint32_t one = fmt == 0 ? 0x3f800000u : fmt == 1 ? 0x3c00u : 0x3f80u;
        memcpy(xs + es * i, &xv[i], es); /* little-endian: the low bytes */
        memcpy(ds + es * i, &dv[i], es);
        memcpy(ones + es * i, &one, es);
    }
    memset(y1, 0x11, sizeof y1); memset(dx1, 0x22, sizeof dx1); memset(y2, 0x33, sizeof y2); memset(dx2, 0x44, sizeof dx2);
    memset(g1, 0x55, sizeof g1); memset(g2, 0x66, sizeof g2);
    s1 = gpuact_forward_backward_host((gpuact_op)k0->op, dt, p, xs, ds, y1, dx1, NA);
    s2 = gpuact_forward_host((gpuact_op)k0->op, dt, p, xs, y2, NA);
    s3 = gpuact_backward_host((gpuact_op)k0->op, dt, p, xs, ds, dx2, NA);
    s4 = gpuact_grad_host((gpuact_op)k0->op, dt, p, xs, g1, NA);
    s5 = gpuact_backward_host((gpuact_op)k0->op, dt, p, xs, ones, g2, NA);
    if (s1 != GPUACT_SUCCESS || s2 != GPUACT_SUCCESS || s3 != GPUACT_SUCCESS || s4 != GPUACT_SUCCESS || s5 != GPUACT_SUCCESS) {
        fz_failf("FAIL fn=%s fmt=%s host entry points refused valid arguments: %d %d %d %d %d", fz_op_name(k0->op),
                 FZ_FMT_NAME[fmt], (int)s1, (int)s2, (int)s3, (int)s4, (int)s5);
        return;
    }
    for (i = 0; i < NA; i++) {
        uint32_t a = 0, b = 0, c = 0, d = 0, e = 0, f = 0;
        memcpy(&a, y1 + es * i, es); memcpy(&b, y2 + es * i, es);
        memcpy(&c, dx1 + es * i, es); memcpy(&d, dx2 + es * i, es);
        memcpy(&e, g1 + es * i, es); memcpy(&f, g2 + es * i, es);
        if (a != b || c != d)
            fz_failf("FAIL fn=%s fmt=%s%s fused forward+backward differs from separate calls at x=0x%x dy=0x%x: "
                     "y 0x%x vs 0x%x, dx 0x%x vs 0x%x (alpha=%a s=%a lo=%a hi=%a)",
                     fz_op_name(k0->op), FZ_FMT_NAME[fmt], k0->c.mode ? " mode=fast" : "", xv[i], dv[i], a, b, c, d, (double)k0->c.alpha,
                     (double)k0->c.scale, (double)k0->c.lo, (double)k0->c.hi);
        if (e != f) {
            fz_case kk = *k0;
            kk.xb = xv[i];
            kk.dir = 1;
            /* the same real number rounded twice: a difference means one of
               them is misrounded, which the bars allow only so far */
            if (fz_check(&kk, e, 0)) {
                kk.dir = 2;
                kk.db = fmt == 0 ? 0x3f800000u : fmt == 1 ? 0x3c00u : 0x3f80u;
                fz_check(&kk, f, 0);
            }
        }
    }
}

/* ---- 3. backward from the output vs from the input ------------------------------ */
static double finite_or_edge(int fmt, double v) {
    return isinf(v) ? copysign(ldexp(1.0, tu_emax(fmt) + 1), v) : v;
}
static void check_from_output(const fz_case *k0) {
    fz_case k = *k0;
    uint32_t yb, outb, inb;
    double x = tu_ref_dec(k.fmt, k.xb), dy = tu_ref_dec(k.fmt, k.db), y, out, in, tol, ey;
    /* (a) against MPFR, with the input's x read as y */
    k.dir = 3;
    fz_check(&k, fz_lib(3, k.op, k.fmt, k.xb, k.db, &k.c), 0);
    /* (b) against backward from the input */
    if (!(x > -10.0) || !isfinite(dy)) return;
    yb = fz_lib(0, k.op, k.fmt, k.xb, 0, &k.c);
    outb = fz_lib(3, k.op, k.fmt, yb, k.db, &k.c);
    inb = fz_lib(2, k.op, k.fmt, k.xb, k.db, &k.c);
    y = tu_ref_dec(k.fmt, yb);
    if (!isfinite(y)) return; /* f(x) overflowed the format: y is not f(x) */
    out = tu_ref_dec(k.fmt, outb);
    in = tu_ref_dec(k.fmt, inb);
    if (out != out || in != in) {
        if ((out != out) != (in != in))
            fz_failf("FAIL fn=%s fmt=%s dir=bwd_out x=%a dy=%a alpha=%a: from y=%a gives %a, from x gives %a (NaN in one only)",
                     fz_op_name(k.op), FZ_FMT_NAME[k.fmt], x, dy, (double)k.c.alpha, y, out, in);
        return;
    }
    out = finite_or_edge(k.fmt, out);
    in = finite_or_edge(k.fmt, in);
    if (k.c.mode != GPUACT_MODE_FAST) {
        ey = (k.fmt == 0 ? 1.0 : 0.5) * 2 * tu_ulp(k.fmt, finite_or_edge(k.fmt, y));
        tol = fabs(dy) * ey + FZ_BAR[k.fmt][2] * (tu_ulp(k.fmt, out) + tu_ulp(k.fmt, in));
    } else if (k.fmt == 0) { /* relative to the exact values, which |out|, |in| (1 + 2^-16) bound */
        double yy = fabs(finite_or_edge(k.fmt, y));
        ey = 2 * FAST_F32_REL * yy + FAST_F32_ABS;
        tol = fabs(dy) * ey + 2 * FAST_F32_REL * (fabs(out) + fabs(in)) + 2 * FAST_F32_ABS;
    } else { /* bound + the correctly rounded value's half ULP, doubled for the binade edge */
        ey = (FAST_H16_ULP + 0.5) * 2 * tu_ulp(k.fmt, finite_or_edge(k.fmt, y));
        tol = fabs(dy) * ey + (FAST_H16_ULP + 0.5) * 2 * (tu_ulp(k.fmt, out) + tu_ulp(k.fmt, in));
    }
    if (fabs(out - in) > tol)
        fz_failf("FAIL fn=%s fmt=%s dir=bwd_out x=%a dy=%a alpha=%a s=%a lo=%a hi=%a ref=%a got=%a ulp=%g\n"
                 "  why: backward from y=f(x)=%a differs from backward from x by %a > tolerance %a (ref= is from x)",
                 fz_op_name(k.op), FZ_FMT_NAME[k.fmt], x, dy, (double)k.c.alpha, (double)k.c.scale, (double)k.c.lo,
                 (double)k.c.hi, in, out, fabs(out - in) / tu_ulp(k.fmt, in), y, fabs(out - in), tol);
}

/* ---- 5. the gated forms ------------------------------------------------------ */
/* results p (case kp) and q (case kq) round the same real number: equal
   bits, or in binary32 each within its bar against MPFR */
static void same_number(const fz_case *kp, uint32_t p, const fz_case *kq, uint32_t q, const char *what) {
    if (p == q) return;
    if (kp->fmt != 0) {
        double rp, rq;
        int smp, smq, up, uq;
        double ep = fz_ref_ulp(kp, tu_ref_dec(kp->fmt, p), &rp, &smp, &up);
        double eq = fz_ref_ulp(kq, tu_ref_dec(kq->fmt, q), &rq, &smq, &uq);
        fz_failf("FAIL fn=%s fmt=%s dir=%s x=%a b=%a dy=%a alpha=%a s=%a lo=%a hi=%a ref=%a got=%a ulp=%g\n"
                 "  why: %s: 0x%04x vs 0x%04x, 16-bit results of the same real number must be bit-identical "
                 "(MPFR: the first %g ulp, the second %g ulp; bits a=0x%04x b=0x%04x dy=0x%04x)",
                 fz_op_name(kp->op), FZ_FMT_NAME[kp->fmt], kp->gated ? FZ_GATED_NAME[kp->gated] : FZ_DIR_NAME[kp->dir],
                 tu_ref_dec(kp->fmt, kp->xb), tu_ref_dec(kp->fmt, kp->bb), tu_ref_dec(kp->fmt, kp->db), (double)kp->c.alpha,
                 (double)kp->c.scale, (double)kp->c.lo, (double)kp->c.hi, rp, tu_ref_dec(kp->fmt, p), ep, what, p, q, ep, eq,
                 kp->xb, kp->bb, kp->db);
        return;
    }
    if (fz_check(kp, p, 0)) fz_check(kq, q, 0);
}
static void check_gated(const fz_case *k0, uint32_t gdb) {
    const int fmt = k0->fmt;
    const uint32_t one = fmt == 0 ? 0x3f800000u : fmt == 1 ? 0x3c00u : 0x3f80u, sgn = fmt == 0 ? 0x80000000u : 0x8000u;
    fz_case g = *k0, s = *k0, g2;
    uint32_t a = k0->xb, b = k0->db, r1, r2;
    g.c.mode = s.c.mode = GPUACT_MODE_ACCURATE;
    g.xb = s.xb = a;
    /* da(a, b, 1) vs backward(a, dy = b) */
    g.gated = FZ_GATED_DA; g.dir = 2; g.bb = b; g.db = one;
    s.gated = 0; s.dir = 2; s.db = b;
    same_number(&g, fz_lib_gated(FZ_GATED_DA, g.op, fmt, a, b, one, &g.c), &s, fz_lib(2, s.op, fmt, a, b, &s.c),
                "da(a, b, dy = 1) vs the single op's backward(a, dy = b)");
    /* db(a, b, 1) vs f(a) */
    g.gated = FZ_GATED_DB; g.dir = 0; g.bb = b; g.db = one;
    s.dir = 0; s.db = 0;
    r1 = fz_lib(0, s.op, fmt, a, 0, &s.c);
    same_number(&g, fz_lib_gated(FZ_GATED_DB, g.op, fmt, a, b, one, &g.c), &s, r1, "db(a, b, dy = 1) vs f(a)");
    /* y(a, 1) vs f(a) */
    g.gated = FZ_GATED_Y; g.bb = one; g.db = 0;
    same_number(&g, fz_lib_gated(FZ_GATED_Y, g.op, fmt, a, one, 0, &g.c), &s, r1, "y(a, b = 1) vs f(a)");
    /* db(a, b, dy) vs y(a, dy) */
    g.gated = FZ_GATED_DB; g.bb = b; g.db = gdb;
    g2 = g; g2.gated = FZ_GATED_Y; g2.bb = gdb; g2.db = 0;
    same_number(&g, fz_lib_gated(FZ_GATED_DB, g.op, fmt, a, b, gdb, &g.c), &g2, fz_lib_gated(FZ_GATED_Y, g.op, fmt, a, gdb, 0, &g.c),
                "db(a, b, dy) vs y(a, b = dy)");
    /* da(a, b, dy) vs da(a, dy, b), and against MPFR */
    g.gated = FZ_GATED_DA; g.dir = 2; g.bb = b; g.db = gdb;
    g2 = g; g2.bb = gdb; g2.db = b;
    r1 = fz_lib_gated(FZ_GATED_DA, g.op, fmt, a, b, gdb, &g.c);
    r2 = fz_lib_gated(FZ_GATED_DA, g.op, fmt, a, gdb, b, &g.c);
    same_number(&g, r1, &g2, r2, "da(a, b, dy) vs da(a, b = dy, dy = b)");
    fz_check(&g, r1, 0);
    /* y(a, -b) vs -y(a, b) (a NaN result is the canonical NaN either way) */
    g.gated = FZ_GATED_Y; g.dir = 0; g.bb = b; g.db = 0;
    g2 = g; g2.bb = b ^ sgn;
    r1 = fz_lib_gated(FZ_GATED_Y, g.op, fmt, a, b, 0, &g.c);
    r2 = fz_lib_gated(FZ_GATED_Y, g.op, fmt, a, b ^ sgn, 0, &g.c);
    if (!fz_isnan_bits(fmt, r1)) r1 ^= sgn;
    /* (as the real number of case g2: compare g2's result with -y(a, b)) */
    same_number(&g2, r2, &g2, r1, "y(a, -b) vs -y(a, b)");
}

/* ---- 6. the bias forms ------------------------------------------------------- */
static double bias_fwd32(int op, float x, float b, const gpuact_cfg *c) {
    return (double)gpuact_bias_forward_f32((gpuact_op)op, x, b, c);
}
static void check_bias_dq(const fz_case *k, float x, float b) {
    const int op = k->op;
    const gpuact_cfg *c = &k->c;
    double s = (double)x + (double)b, as = fabs(s), ab = fabs((double)b), ulp, hd, delta, fp1, fm1, fp2, fm2, D1, D2, g, tol;
    int e;
    if (!(as >= 0x1p-6 && as <= 40.0) || !(ab > 0.0 && ab <= 40.0)) return;
    frexp(ab, &e); /* |b| in [2^(e-1), 2^e) */
    ulp = ldexp(1.0, e - 1 - 23);
    if (ulp < 0x1p-149) return;
    hd = 1024 * ulp;
    if (ab + 2 * hd >= ldexp(1.0, e) || ab - 2 * hd < ldexp(1.0, e - 1)) return; /* b +- 2h in the binade: exact */
    delta = 1e-3 + 4 * hd;
    if ((op == GPUACT_OP_ELU || op == GPUACT_OP_SELU) && as < delta) return;
    if (op == GPUACT_OP_SWISH_TANH && (!(fabs(c->scale) <= 16.0) || !swish_smooth(s, delta, c))) return;
    fp1 = bias_fwd32(op, x, (float)(b + hd), c);
    fm1 = bias_fwd32(op, x, (float)(b - hd), c);
    fp2 = bias_fwd32(op, x, (float)(b + 2 * hd), c);
    fm2 = bias_fwd32(op, x, (float)(b - 2 * hd), c);
    g = (double)gpuact_bias_backward_f32((gpuact_op)op, x, b, 1.0f, c);
    if (!isfinite(fp1) || !isfinite(fm1) || !isfinite(fp2) || !isfinite(fm2) || !isfinite(g)) return;
    tol = dq_tol(fp1, fm1, fp2, fm2, g, hd, &D1, &D2);
    if (fabs(D1 - g) > tol) {
        fprintf(stderr, "FAIL fn=%s fmt=f32 dir=bias_dx x=%a b=%a dy=0x1p+0 alpha=%a s=%a lo=%a hi=%a ref=%a got=%a ulp=%g\n",
                fz_op_name(op), (double)x, (double)b, (double)c->alpha, (double)c->scale, (double)c->lo, (double)c->hi, D1, g,
                fabs(D1 - g) / ulp32(g));
        fz_failf("  why: f'(x + b) disagrees with the difference quotient of the bias forward in b: D(h)=%a D(2h)=%a "
                 "h=%a tolerance=%a |D(h)-f'|=%a (ref= is D(h) here)", D1, D2, hd, tol, fabs(D1 - g));
    }
}
static void check_bias(const fz_case *k0, uint32_t bb) {
    const int fmt = k0->fmt;
    const uint32_t sgn = fmt == 0 ? 0x80000000u : 0x8000u;
    fz_case y = *k0, d, y2, d2, s;
    uint32_t ry, rd, r1, r2;
    double xs;
    y.c.mode = GPUACT_MODE_ACCURATE;
    y.gated = 0; y.bias = FZ_BIAS_Y; y.dir = 0; y.bb = bb;
    d = y; d.bias = FZ_BIAS_DX; d.dir = 2;
    ry = fz_lib_bias(FZ_BIAS_Y, y.op, fmt, y.xb, bb, 0, &y.c);
    rd = fz_lib_bias(FZ_BIAS_DX, d.op, fmt, d.xb, bb, d.db, &d.c);
    fz_check(&y, ry, 0);
    fz_check(&d, rd, 0);
    /* the sum is symmetric */
    y2 = y; y2.xb = bb; y2.bb = y.xb;
    same_number(&y, ry, &y2, fz_lib_bias(FZ_BIAS_Y, y.op, fmt, bb, y.xb, 0, &y.c), "y(x, b) vs y(b, x)");
    d2 = d; d2.xb = bb; d2.bb = d.xb;
    same_number(&d, rd, &d2, fz_lib_bias(FZ_BIAS_DX, d.op, fmt, bb, d.xb, d.db, &d.c), "dx(x, b, dy) vs dx(b, x, dy)");
    /* x + b a number of the format: the single op at it */
    xs = tu_ref_dec(fmt, y.xb) + tu_ref_dec(fmt, bb); /* exact in double for two finite floats of one binade range */
    if (xs == xs && !isinf(xs) && tu_ref_dec(fmt, fz_enc(fmt, xs)) == xs && xs - tu_ref_dec(fmt, y.xb) == tu_ref_dec(fmt, bb)) {
        uint32_t sb = fz_enc(fmt, xs);
        if (xs == 0.0) sb = (tu_ref_dec(fmt, y.xb) == 0.0 && (y.xb & sgn) && (bb & sgn)) ? sgn : 0u; /* IEEE: -0 only from -0 + -0 */
        s = *k0; s.c.mode = GPUACT_MODE_ACCURATE; s.gated = 0; s.bias = 0; s.xb = sb;
        s.dir = 0; s.db = 0;
        same_number(&y, ry, &s, fz_lib(0, s.op, fmt, sb, 0, &s.c), "y(x, b) vs f(x + b), x + b a number of the format");
        s.dir = 2; s.db = d.db;
        same_number(&d, rd, &s, fz_lib(2, s.op, fmt, sb, d.db, &s.c), "dx(x, b, dy) vs backward(x + b, dy), x + b a number of the format");
    }
    /* RN is odd in dy (a NaN result is the canonical NaN either way) */
    d2 = d; d2.db = d.db ^ sgn;
    r1 = fz_lib_bias(FZ_BIAS_DX, d.op, fmt, d.xb, bb, d2.db, &d.c);
    r2 = fz_isnan_bits(fmt, rd) ? rd : rd ^ sgn;
    same_number(&d2, r1, &d2, r2, "dx(x, b, -dy) vs -dx(x, b, dy)");
    /* binary32: f'(x + b) against the forward's difference quotient in b */
    if (fmt == 0) check_bias_dq(&y, tu_u2f(y.xb), tu_u2f(bb));
}

/* ---- 7. binary64 ----------------------------------------------------------- */
/* one element of a host entry point with GPUACT_F64 (dir as fz_lib: 0 f,
   1 f', 2 dy f', 3 dx from y) */
static double lib64(int dir, int op, const gpuact_params *p, double x, double dy) {
    double r = 0.0;
    const gpuact_op o = (gpuact_op)op;
    const gpuact_status s = dir == 0 ? gpuact_forward_host(o, GPUACT_F64, p, &x, &r, 1)
                          : dir == 1 ? gpuact_grad_host(o, GPUACT_F64, p, &x, &r, 1)
                          : dir == 2 ? gpuact_backward_host(o, GPUACT_F64, p, &x, &dy, &r, 1)
                                     : gpuact_backward_from_output_host(o, GPUACT_F64, p, &x, &dy, &r, 1);
    if (s != GPUACT_SUCCESS)
        fz_failf("FAIL fn=%s fmt=f64 dir=%s x=%a dy=%a: the host entry point refused valid arguments: %s", fz_op_name(op),
                 FZ_DIR_NAME[dir], x, dy, gpuact_status_string(s));
    return r;
}

/* Exact arithmetic for 3. and 4.: sums and differences of doubles scaled by
   powers of two (2^-1074 .. 2^1104 here) fit 2600 bits, so the
   differences are exact and only the tolerances round (upward). */
static mpfr_t q_a, q_b, q_t;
static void q_init(void) {
    static int ready;
    if (!ready) { mpfr_inits2(2600, q_a, q_b, q_t, (mpfr_ptr)0); ready = 1; }
}
/* v, an infinity read as 2^1024 (the binade edge, as finite_or_edge) */
static void q_set(mpfr_ptr r, double v) {
    if (isinf(v)) mpfr_set_si_2exp(r, v < 0 ? -1 : 1, 1024, MPFR_RNDN);
    else mpfr_set_d(r, v, MPFR_RNDN);
}
/* log2 of binary64's ulp at v (of its binade, subnormals 2^-1074; 0 and
   NaN 2^-1074; an infinity that of 2^1024) */
static long ulp64_log2(double v) {
    int e;
    if (v == 0 || v != v) return -1074;
    if (isinf(v)) return 1024 - 52;
    frexp(v, &e); /* |v| in [2^(e-1), 2^e) */
    return (e - 1 < -1022 ? -1022 : e - 1) - 52;
}
static double ulp64(double v) { return ldexp(1.0, (int)ulp64_log2(v)); }
/* r += w ulp64(v) 2^k, rounded up (w > 0) */
static void q_add_ulps(mpfr_ptr r, double w, double v, long k) {
    mpfr_set_d(q_t, w, MPFR_RNDN);
    mpfr_mul_2si(q_t, q_t, ulp64_log2(v) + k, MPFR_RNDN);
    mpfr_add(r, r, q_t, MPFR_RNDU);
}

/* 3. in binary64 */
static void check_from_output64(int op, const gpuact_cfg *c, const gpuact_params *p, double x, double dy) {
    double y, out, in;
    /* (a) against MPFR, with x read as y */
    fz_check_f64(op, 3, x, dy, c, lib64(3, op, p, x, dy));
    /* (b) against backward from the input */
    if (!isfinite(dy)) return;
    y = lib64(0, op, p, x, 0.0);
    if (!isfinite(y)) return; /* x NaN, or f(x) overflowed: y is not f(x) */
    out = lib64(3, op, p, y, dy);
    in = lib64(2, op, p, x, dy);
    if (out != out || in != in) {
        if ((out != out) != (in != in))
            fz_failf("FAIL fn=%s fmt=f64 dir=bwd_out x=%a dy=%a alpha=%a: from y=%a gives %a, from x gives %a (NaN in one only)",
                     fz_op_name(op), x, dy, (double)c->alpha, y, out, in);
        return;
    }
    q_init();
    q_set(q_a, out);
    q_set(q_b, in);
    mpfr_sub(q_a, q_a, q_b, MPFR_RNDN); /* exact */
    mpfr_abs(q_a, q_a, MPFR_RNDN);
    /* |dy| e_y, e_y = 2 bar ulp(y), then bar ulp(dx_y) + bar ulp(dx_x) */
    mpfr_set_d(q_b, fabs(dy), MPFR_RNDN);
    mpfr_mul_d(q_b, q_b, 2 * FZ_F64_BAR, MPFR_RNDU);
    mpfr_mul_2si(q_b, q_b, ulp64_log2(y), MPFR_RNDU);
    q_add_ulps(q_b, FZ_F64_BAR, nextafter(fabs(out), INFINITY), 0);
    q_add_ulps(q_b, FZ_F64_BAR, nextafter(fabs(in), INFINITY), 0);
    if (mpfr_cmp(q_a, q_b) > 0)
        fz_failf("FAIL fn=%s fmt=f64 dir=bwd_out x=%a dy=%a alpha=%a s=%a lo=%a hi=%a ref=%a got=%a ulp=%g\n"
                 "  why: backward from y=f(x)=%a differs from backward from x by %a > tolerance %a (ref= is from x; "
                 "bits: x=0x%016llx dy=0x%016llx)",
                 fz_op_name(op), x, dy, (double)c->alpha, (double)c->scale, (double)c->lo, (double)c->hi, in, out,
                 mpfr_get_d(q_a, MPFR_RNDN) / ulp64(in), y, mpfr_get_d(q_a, MPFR_RNDN), mpfr_get_d(q_b, MPFR_RNDU),
                 (unsigned long long)fz_d2b(x), (unsigned long long)fz_d2b(dy));
}

/* 4. in binary64: h = 2^F64_DQ_LOG2 ulps of x */
#define F64_DQ_LOG2 34
#define F64_DQ_REL 0x1p-32
static void check_dq64(int op, const gpuact_cfg *c, const gpuact_params *p, double x) {
    double ax = fabs(x), hd, fp1, fm1, fp2, fm2, g;
    long k;
    int e;
    if (!(ax >= 0x1p-100 && ax <= 40.0)) return;
    frexp(ax, &e); /* ax in [2^(e-1), 2^e) */
    k = e - 1 - 52 + F64_DQ_LOG2;
    hd = ldexp(1.0, (int)k);
    if (ax + 2 * hd >= ldexp(1.0, e)) return; /* x + 2h would leave the binade: not exact */
    if (op == GPUACT_OP_SWISH_TANH) {
        if (!(fabs(c->scale) <= 16.0)) return;
        if (!swish_smooth(x, 1e-3 + 4 * hd, c)) return;
    } /* elu, selu: their kink at 0 is more than 2h away (h <= 2^-18 |x|) */
    fp1 = lib64(0, op, p, x + hd, 0.0);
    fm1 = lib64(0, op, p, x - hd, 0.0);
    fp2 = lib64(0, op, p, x + 2 * hd, 0.0);
    fm2 = lib64(0, op, p, x - 2 * hd, 0.0);
    g = lib64(1, op, p, x, 0.0);
    if (!isfinite(fp1) || !isfinite(fm1) || !isfinite(fp2) || !isfinite(fm2) || !isfinite(g)) return;
    q_init();
    /* q_a = D(h) = (f(x+h) - f(x-h)) / 2h, q_b = D(2h) */
    mpfr_set_d(q_a, fp1, MPFR_RNDN);
    mpfr_sub_d(q_a, q_a, fm1, MPFR_RNDN);
    mpfr_mul_2si(q_a, q_a, -(k + 1), MPFR_RNDN);
    mpfr_set_d(q_b, fp2, MPFR_RNDN);
    mpfr_sub_d(q_b, q_b, fm2, MPFR_RNDN);
    mpfr_mul_2si(q_b, q_b, -(k + 2), MPFR_RNDN);
    {
        double D1 = mpfr_get_d(q_a, MPFR_RNDN), D2 = mpfr_get_d(q_b, MPFR_RNDN), tol, err;
        /* q_b = |D(h) - D(2h)| + 2 (N(h) + N(2h)) + 2 bar ulp(g) + 2^-32 |g| */
        mpfr_sub(q_b, q_a, q_b, MPFR_RNDN);
        mpfr_abs(q_b, q_b, MPFR_RNDN);
        q_add_ulps(q_b, 4 * FZ_F64_BAR, fp1, -(k + 1));
        q_add_ulps(q_b, 4 * FZ_F64_BAR, fm1, -(k + 1));
        q_add_ulps(q_b, 4 * FZ_F64_BAR, fp2, -(k + 2));
        q_add_ulps(q_b, 4 * FZ_F64_BAR, fm2, -(k + 2));
        q_add_ulps(q_b, 2 * FZ_F64_BAR, g, 0);
        mpfr_set_d(q_t, fabs(g) * F64_DQ_REL, MPFR_RNDN);
        mpfr_add(q_b, q_b, q_t, MPFR_RNDU);
        /* q_a = |D(h) - g| */
        mpfr_sub_d(q_a, q_a, g, MPFR_RNDN);
        mpfr_abs(q_a, q_a, MPFR_RNDN);
        if (mpfr_cmp(q_a, q_b) <= 0) return;
        tol = mpfr_get_d(q_b, MPFR_RNDU);
        err = mpfr_get_d(q_a, MPFR_RNDN);
        fprintf(stderr, "FAIL fn=%s fmt=f64 dir=grad x=%a dy=0x1p+0 alpha=%a s=%a lo=%a hi=%a ref=%a got=%a ulp=%g\n",
                fz_op_name(op), x, (double)c->alpha, (double)c->scale, (double)c->lo, (double)c->hi, D1, g, err / ulp64(g));
        fz_failf("  why: f'(x) disagrees with the difference quotient of the library's binary64 forward: D(h)=%a D(2h)=%a "
                 "h=%a tolerance=%a |D(h)-f'|=%a (ref= is D(h) here; x=0x%016llx)", D1, D2, hd, tol, err,
                 (unsigned long long)fz_d2b(x));
    }
}

/* 2. in binary64 (x's bits + 2^29: a binary32 ulp up) */
static void check_fused64(int op, const gpuact_cfg *c, const gpuact_params *p, double x, double dy) {
    const uint64_t sgn = 0x8000000000000000ull, xb = fz_d2b(x), db = fz_d2b(dy);
    uint64_t xv[NA], dv[NA];
    double xs[NA], ds[NA], ones[NA], y1[NA], dx1[NA], y2[NA], dx2[NA], g1[NA], g2[NA];
    gpuact_status s1, s2, s3, s4, s5;
    int i;
    xv[0] = xb; xv[1] = xb ^ sgn; xv[2] = xb + 1; xv[3] = xb - 1;
    xv[4] = db; xv[5] = 0; xv[6] = sgn; xv[7] = xb + (1ull << 29);
    dv[0] = db; dv[1] = db ^ sgn; dv[2] = db + 1; dv[3] = xb;
    dv[4] = db; dv[5] = db; dv[6] = db ^ sgn; dv[7] = db - 1;
    for (i = 0; i < NA; i++) { xs[i] = fz_b2d(xv[i]); ds[i] = fz_b2d(dv[i]); ones[i] = 1.0; }
    memset(y1, 0x11, sizeof y1); memset(dx1, 0x22, sizeof dx1); memset(y2, 0x33, sizeof y2); memset(dx2, 0x44, sizeof dx2);
    memset(g1, 0x55, sizeof g1); memset(g2, 0x66, sizeof g2);
    s1 = gpuact_forward_backward_host((gpuact_op)op, GPUACT_F64, p, xs, ds, y1, dx1, NA);
    s2 = gpuact_forward_host((gpuact_op)op, GPUACT_F64, p, xs, y2, NA);
    s3 = gpuact_backward_host((gpuact_op)op, GPUACT_F64, p, xs, ds, dx2, NA);
    s4 = gpuact_grad_host((gpuact_op)op, GPUACT_F64, p, xs, g1, NA);
    s5 = gpuact_backward_host((gpuact_op)op, GPUACT_F64, p, xs, ones, g2, NA);
    if (s1 != GPUACT_SUCCESS || s2 != GPUACT_SUCCESS || s3 != GPUACT_SUCCESS || s4 != GPUACT_SUCCESS || s5 != GPUACT_SUCCESS) {
        fz_failf("FAIL fn=%s fmt=f64 host entry points refused valid arguments: %d %d %d %d %d", fz_op_name(op), (int)s1,
                 (int)s2, (int)s3, (int)s4, (int)s5);
        return;
    }
    for (i = 0; i < NA; i++) {
        if (fz_d2b(y1[i]) != fz_d2b(y2[i]) || fz_d2b(dx1[i]) != fz_d2b(dx2[i]))
            fz_failf("FAIL fn=%s fmt=f64 fused forward+backward differs from separate calls at x=0x%016llx dy=0x%016llx: "
                     "y 0x%016llx vs 0x%016llx, dx 0x%016llx vs 0x%016llx (alpha=%a s=%a lo=%a hi=%a)",
                     fz_op_name(op), (unsigned long long)xv[i], (unsigned long long)dv[i], (unsigned long long)fz_d2b(y1[i]),
                     (unsigned long long)fz_d2b(y2[i]), (unsigned long long)fz_d2b(dx1[i]), (unsigned long long)fz_d2b(dx2[i]),
                     (double)c->alpha, (double)c->scale, (double)c->lo, (double)c->hi);
        /* the same real number rounded twice: a difference means one of
           them is misrounded, which the bar allows only so far */
        if (fz_d2b(g1[i]) != fz_d2b(g2[i]) && fz_check_f64(op, 1, xs[i], 1.0, c, g1[i])) fz_check_f64(op, 2, xs[i], 1.0, c, g2[i]);
    }
}

/* no fp64 for fast mode (any single-op entry point), the gated and the bias
   forms: GPUACT_ERROR_UNSUPPORTED, and nothing written */
static void expect_unsupported64(const char *what, int op, gpuact_status s, const double *out, int nout) {
    int i, wrote = 0;
    for (i = 0; i < nout; i++) wrote |= fz_d2b(out[i]) != 0x7777777777777777ull;
    if (s != GPUACT_ERROR_UNSUPPORTED || wrote)
        fz_failf("FAIL fn=%s fmt=f64 %s: %s%s, GPUACT_ERROR_UNSUPPORTED expected (it has no fp64)", fz_op_name(op), what,
                 gpuact_status_string(s), wrote ? " and an output written" : "");
}
static void check_unsupported64(int op, const gpuact_params *p, int fast, int gated, int bias, double x, double dy) {
    const gpuact_op o = (gpuact_op)op;
    double in[3], out[2];
    gpuact_status s;
    in[0] = x; in[1] = dy; in[2] = 1.0;
#define FZ_UNSUP(what, n, call) do { memset(out, 0x77, sizeof out); s = (call); expect_unsupported64(what, op, s, out, n); } while (0)
    if (fast) {
        FZ_UNSUP("fast mode forward", 1, gpuact_forward_host(o, GPUACT_F64, p, in, out, 1));
        FZ_UNSUP("fast mode grad", 1, gpuact_grad_host(o, GPUACT_F64, p, in, out, 1));
        FZ_UNSUP("fast mode backward", 1, gpuact_backward_host(o, GPUACT_F64, p, in, in + 1, out, 1));
        FZ_UNSUP("fast mode forward_backward", 2, gpuact_forward_backward_host(o, GPUACT_F64, p, in, in + 1, out, out + 1, 1));
        FZ_UNSUP("fast mode backward_from_output", 1, gpuact_backward_from_output_host(o, GPUACT_F64, p, in, in + 1, out, 1));
    }
    if (gated) {
        FZ_UNSUP("gated", 1, gpuact_gated_host(o, GPUACT_F64, p, in, in + 1, 1, out, 1, 1));
        FZ_UNSUP("gated_backward", 2, gpuact_gated_backward_host(o, GPUACT_F64, p, in, in + 1, 1, in + 2, out, out + 1, 1, 1));
    }
    if (bias) {
        FZ_UNSUP("bias_forward", 1, gpuact_bias_forward_host(o, GPUACT_F64, p, in, in + 1, out, 1, 1));
        FZ_UNSUP("bias_backward", 2, gpuact_bias_backward_host(o, GPUACT_F64, p, in, in + 1, in + 2, out, out + 1, 1, 1));
    }
#undef FZ_UNSUP
}

/* x (or dy) of a binary64 input from the binary32 field b32 (raw or
   moderate), the 64-bit field b64 and whether b64 is the whole value */
static double f64_value(int moderate, int whole, uint32_t b32, uint64_t b64, int scale) {
    const uint64_t low = b64 & 0x1fffffffu;
    if (whole) return moderate ? (double)(int64_t)b64 * ldexp(1.0, scale) : fz_b2d(b64);
    if (moderate) return (double)((int64_t)(int32_t)b32 * 0x20000000 + (int64_t)low) * ldexp(1.0, scale + 3);
    return fz_b2d(fz_d2b((double)tu_u2f(b32)) | low);
}

static void check_f64(int op, const gpuact_cfg *c, const gpuact_params *p, double x, double dy) {
    /* 1. f' and dy f' against MPFR */
    fz_check_f64(op, 1, x, dy, c, lib64(1, op, p, x, dy));
    fz_check_f64(op, 2, x, dy, c, lib64(2, op, p, x, dy));
    /* 2. fused forward+backward */
    check_fused64(op, c, p, x, dy);
    /* 3. from the output */
    if (op == GPUACT_OP_SELU || (op == GPUACT_OP_ELU && c->alpha >= 0.0f)) check_from_output64(op, c, p, x, dy);
    /* 4. difference quotient */
    check_dq64(op, c, p, x);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_in in = fz_in_make(data, size);
    fz_case k;
    gpuact_params p, q;
    uint8_t setb, mode, gated, bias, f64;
    uint32_t xr, dr, gr, br;
    uint64_t x64, d64;
    memset(&k, 0, sizeof k);
    k.op = 1 + fz_u8(&in) % 7;
    k.fmt = fz_u8(&in) % 3;
    mode = fz_u8(&in);
    setb = fz_u8(&in);
    xr = fz_u32(&in);
    dr = fz_u32(&in);
    fz_read_params(&in, setb, &p);
    fz_read_mode(fz_u8(&in), &p);
    gated = fz_u8(&in);
    gr = fz_u32(&in);
    bias = fz_u8(&in);
    br = fz_u32(&in);
    f64 = fz_u8(&in);
    x64 = fz_u64(&in);
    d64 = fz_u64(&in);
    if (!fz_resolve_checked(k.op, &p, &k.c)) return 0;
    /* the resolved parameters, every one set (fast mode as the input's) */
    memset(&q, 0, sizeof q);
    q.set = 0x1fu; q.alpha = k.c.alpha; q.scale = k.c.scale; q.lo = k.c.lo; q.hi = k.c.hi; q.mode = k.c.mode;
    /* 7. binary64 in place of the format */
    if (f64) {
        const double x = f64_value(mode & 1, f64 & 2, xr, x64, -58), dy = f64_value(mode & 2, f64 & 2, dr, d64, -60);
        check_unsupported64(k.op, &q, k.c.mode == GPUACT_MODE_FAST, gated, bias, x, dy);
        if (k.c.mode != GPUACT_MODE_FAST) check_f64(k.op, &k.c, &q, x, dy);
        return 0;
    }
    /* the moderate modes: x, dy as values, rounded to the format */
    k.xb = (mode & 1) ? fz_enc(k.fmt, (double)(int32_t)xr * 0x1p-26) : xr & fz_mask(k.fmt);
    k.db = (mode & 2) ? fz_enc(k.fmt, (double)(int32_t)dr * 0x1p-28) : dr & fz_mask(k.fmt);
    /* 1. f' and dy f' against MPFR */
    k.dir = 1;
    fz_check(&k, fz_lib(1, k.op, k.fmt, k.xb, k.db, &k.c), 0);
    k.dir = 2;
    fz_check(&k, fz_lib(2, k.op, k.fmt, k.xb, k.db, &k.c), 0);
    /* 2. fused forward+backward */
    check_fused(&k, &q);
    /* 3. from the output */
    if (k.op == GPUACT_OP_SELU || (k.op == GPUACT_OP_ELU && k.c.alpha >= 0.0f)) check_from_output(&k);
    /* 4. difference quotient, binary32 forward at x (as a binary32 value); accurate mode only */
    if (k.c.mode != GPUACT_MODE_FAST) {
        double xd = tu_ref_dec(k.fmt, k.xb);
        if (xd == xd && !isinf(xd)) check_dq(k.op, (float)xd, &k.c, &k);
    }
    /* 5. the gated forms */
    if (gated) check_gated(&k, (gated & 2) ? fz_enc(k.fmt, (double)(int32_t)gr * 0x1p-28) : gr & fz_mask(k.fmt));
    /* 6. the bias forms */
    if (bias)
        check_bias(&k, (bias & 2) ? fz_enc(k.fmt, (double)(int32_t)br * 0x1p-26) : br & fz_mask(k.fmt));
    return 0;
}
