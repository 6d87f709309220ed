/* The bias + activation host entry points (gpuact_bias_forward_host,
   gpuact_bias_backward_host): statuses, in place, misaligned pointers,
   nothing written on error, every y and dx equal to the scalar functions
   (whose accuracy tests/accuracy/bias_error.c measures against MPFR) bit
   for bit, and dbias against the exact column sums of dx (MPFR at 2200
   bits): within half an ulp of the type plus the double-float sum's bound
   (rows 2^-46 of the sum of |dx|), and the same bits on a second call.
   Ends with "N passed, M failed". */
#define GPUACT_IMPLEMENTATION
#include "gpuact.h"
#include "tests/common/bits.h"
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long passed, failed;
static void check(int ok, const char *what) {
    if (ok) passed++;
    else { failed++; printf("FAIL %s\n", what); }
}
static const gpuact_dtype TYPES[3] = {GPUACT_F32, GPUACT_F16, GPUACT_BF16};
static const gpuact_op OPS[7] = {GPUACT_OP_GELU_ERF, GPUACT_OP_GELU_TANH, GPUACT_OP_GELU_SIGMOID, GPUACT_OP_ELU,
                                 GPUACT_OP_SELU,     GPUACT_OP_SILU,      GPUACT_OP_SWISH_TANH};

static size_t esz(gpuact_dtype t) { return t == GPUACT_F32 ? 4u : 2u; }
static uint32_t get(gpuact_dtype t, const unsigned char *p, size_t i) {
    if (t == GPUACT_F32) { uint32_t u; memcpy(&u, p + 4 * i, 4); return u; }
    { uint16_t h; memcpy(&h, p + 2 * i, 2); return h; }
}
static float val(gpuact_dtype t, const unsigned char *p, size_t i) {
    const uint32_t u = get(t, p, i);
    return t == GPUACT_F32 ? tu_u2f(u) : t == GPUACT_F16 ? gpuact_f16_to_f32((uint16_t)u) : gpuact_bf16_to_f32((uint16_t)u);
}
static void put(gpuact_dtype t, unsigned char *p, size_t i, float v) {
    if (t == GPUACT_F32) { memcpy(p + 4 * i, &v, 4); return; }
    { const uint16_t h = t == GPUACT_F16 ? gpuact_f32_to_f16(v) : gpuact_f32_to_bf16(v); memcpy(p + 2 * i, &h, 2); }
}
/* moderate values of both signs, some tiny relative to the bias (sums that are not floats) */
static void fill(gpuact_dtype t, unsigned char *p, size_t n, uint64_t seed, float scale) {
    size_t i;
    for (i = 0; i < n; i++) {
        const uint64_t h = tu_mix64(seed ^ (i * 0x9e3779b97f4a7c15ull));
        float v = (float)((double)(int64_t)(h >> 16) / 9.0e13) * scale;
        if ((h & 15) == 0) v = ldexpf(v, -20);
        put(t, p, i, v);
    }
}
static uint32_t scalar_fwd(gpuact_op op, gpuact_dtype t, const gpuact_cfg *c, uint32_t x, uint32_t b) {
    if (t == GPUACT_F32) return tu_f2u(gpuact_bias_forward_f32(op, tu_u2f(x), tu_u2f(b), c));
    return t == GPUACT_F16 ? gpuact_bias_forward_f16(op, (uint16_t)x, (uint16_t)b, c) : gpuact_bias_forward_bf16(op, (uint16_t)x, (uint16_t)b, c);
}
static uint32_t scalar_bwd(gpuact_op op, gpuact_dtype t, const gpuact_cfg *c, uint32_t x, uint32_t b, uint32_t g) {
    if (t == GPUACT_F32) return tu_f2u(gpuact_bias_backward_f32(op, tu_u2f(x), tu_u2f(b), tu_u2f(g), c));
    return t == GPUACT_F16 ? gpuact_bias_backward_f16(op, (uint16_t)x, (uint16_t)b, (uint16_t)g, c)
                           : gpuact_bias_backward_bf16(op, (uint16_t)x, (uint16_t)b, (uint16_t)g, c);
}
/* ulp of v in t's format (normal range; the subnormal quantum below) */
static double ulp_of(gpuact_dtype t, double v) {
    const int p = t == GPUACT_F32 ? 24 : t == GPUACT_F16 ? 11 : 8, emin = t == GPUACT_F16 ? -14 : -126;
    int e;
    frexp(fabs(v), &e);
    e -= 1;
    if (e < emin || v == 0) e = emin;
    return ldexp(1.0, e - p + 1);
}

/* one configuration: rows x cols, all results against the scalar functions, dbias against MPFR */
static void run(gpuact_op op, gpuact_dtype t, size_t rows, size_t cols, size_t off, uint64_t seed) {
    const size_t s = esz(t), n = rows * cols;
    unsigned char *x = (unsigned char *)malloc(n * s + 16), *b = (unsigned char *)malloc(cols * s + 16);
    unsigned char *g = (unsigned char *)malloc(n * s + 16), *y = (unsigned char *)malloc(n * s + 16);
    unsigned char *dx = (unsigned char *)malloc(n * s + 16), *db = (unsigned char *)malloc(cols * s + 16);
    unsigned char *db2 = (unsigned char *)malloc(cols * s + 16), *ip = (unsigned char *)malloc(n * s + 16);
    unsigned char *X = x + off, *B = b + off, *G = g + off, *Y = y + off, *DX = dx + off, *DB = db + off;
    gpuact_cfg c;
    gpuact_params p = {0};
    size_t i, j;
    long bad = 0, badd = 0, badb = 0;
    char what[160];
    mpfr_t acc;
    (void)gpuact_resolve(op, &p, &c);
    fill(t, X, n, seed, 4.0f);
    fill(t, B, cols, seed ^ 0xb1a5ull, 3.0f);
    fill(t, G, n, seed ^ 0xd1ull, 2.0f);
    check(gpuact_bias_forward_host(op, t, &p, X, B, Y, rows, cols) == GPUACT_SUCCESS, "bias forward status");
    check(gpuact_bias_backward_host(op, t, &p, X, B, G, DX, DB, rows, cols) == GPUACT_SUCCESS, "bias backward status");
    for (i = 0; i < rows; i++)
        for (j = 0; j < cols; j++) {
            const size_t k = i * cols + j;
            if (get(t, Y, k) != scalar_fwd(op, t, &c, get(t, X, k), get(t, B, j))) bad++;
            if (get(t, DX, k) != scalar_bwd(op, t, &c, get(t, X, k), get(t, B, j), get(t, G, k))) badd++;
        }
    snprintf(what, sizeof what, "op %d type %d %zux%zu off %zu: y and dx equal the scalar functions (%ld, %ld differ)", (int)op,
             (int)t, rows, cols, off, bad, badd);
    check(bad == 0 && badd == 0, what);
    mpfr_init2(acc, 2200);
    for (j = 0; j < cols; j++) {
        double sa = 0, ex, got = val(t, DB, j);
        mpfr_set_zero(acc, 1);
        for (i = 0; i < rows; i++) {
            const double d = val(t, DX, i * cols + j);
            mpfr_add_d(acc, acc, d, MPFR_RNDN); /* exact */
            sa += fabs(d);
        }
        ex = mpfr_get_d(acc, MPFR_RNDN);
        if (!(fabs(got - ex) <= 0.5 * ulp_of(t, ex) + (double)rows * ldexp(sa, -46) + ldexp(fabs(ex), -52))) {
            if (badb++ < 3) printf("  column %zu: dbias %a, exact sum %a\n", j, got, ex);
        }
    }
    mpfr_clear(acc);
    snprintf(what, sizeof what, "op %d type %d %zux%zu: dbias within its bound of the exact column sums (%ld outside)", (int)op,
             (int)t, rows, cols, badb);
    check(badb == 0, what);
    /* the same bits again, and in place: y = x, dx = dy, dbias = bias */
    check(gpuact_bias_backward_host(op, t, &p, X, B, G, DX, db2 + off, rows, cols) == GPUACT_SUCCESS &&
              memcmp(db2 + off, DB, cols * s) == 0, "dbias: the same bits on a second call");
    memcpy(ip, X, n * s);
    check(gpuact_bias_forward_host(op, t, &p, ip, B, ip, rows, cols) == GPUACT_SUCCESS && memcmp(ip, Y, n * s) == 0,
          "forward in place (y = x)");
    memcpy(ip, G, n * s);
    memcpy(db2, B, cols * s);
    check(gpuact_bias_backward_host(op, t, &p, X, db2, ip, ip, db2, rows, cols) == GPUACT_SUCCESS && memcmp(ip, DX, n * s) == 0 &&
              memcmp(db2, DB, cols * s) == 0,
          "backward in place (dx = dy, dbias = bias)");
    free(x); free(b); free(g); free(y); free(dx); free(db); free(db2); free(ip);
}

static void statuses(void) {
    float x[12], b[4], g[12], y[12], d[12], db[4];
    gpuact_params fast = {0}, bad = {0};
    int i;
    for (i = 0; i < 12; i++) { x[i] = (float)i - 5.5f; g[i] = 1.0f; y[i] = 99.0f; d[i] = 99.0f; }
    for (i = 0; i < 4; i++) { b[i] = 0.25f * (float)i; db[i] = 99.0f; }
    fast.set = GPUACT_SET_MODE; fast.mode = GPUACT_MODE_FAST;
    bad.set = GPUACT_SET_ALPHA; bad.alpha = NAN;
    check(gpuact_bias_forward_host(GPUACT_OP_SWISH_TANH, GPUACT_F32, &fast, x, b, y, 3, 4) == GPUACT_ERROR_UNSUPPORTED, "swish_tanh, fast mode: unsupported");
    check(gpuact_bias_backward_host(GPUACT_OP_GELU_ERF, GPUACT_F32, &fast, x, b, g, d, db, 3, 4) == GPUACT_ERROR_UNSUPPORTED, "fast mode: unsupported");
    check(gpuact_bias_forward_host(GPUACT_OP_ELU, GPUACT_F32, &bad, x, b, y, 3, 4) == GPUACT_ERROR_INVALID_PARAMS, "NaN alpha");
    check(gpuact_bias_forward_host(GPUACT_OP_ELU, (gpuact_dtype)9, NULL, x, b, y, 3, 4) == GPUACT_ERROR_INVALID_DTYPE, "dtype");
    check(gpuact_bias_forward_host((gpuact_op)0, GPUACT_F32, NULL, x, b, y, 3, 4) == GPUACT_ERROR_INVALID_OP, "op");
    check(gpuact_bias_forward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, x, NULL, y, 3, 4) == GPUACT_ERROR_NULL_POINTER, "NULL bias");
    check(gpuact_bias_backward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, x, b, NULL, d, db, 3, 4) == GPUACT_ERROR_NULL_POINTER, "NULL dy");
    check(gpuact_bias_forward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, x, b, x + 1, 3, 4) == GPUACT_ERROR_OVERLAP, "y overlaps x");
    check(gpuact_bias_forward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, x, b, b, 1, 4) == GPUACT_ERROR_OVERLAP, "y is bias");
    check(gpuact_bias_backward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, x, b, g, d, d + 2, 3, 4) == GPUACT_ERROR_OVERLAP, "dbias inside dx");
    check(gpuact_bias_backward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, x, b, g, d, b + 1, 3, 4) == GPUACT_ERROR_OVERLAP, "dbias overlaps bias");
    for (i = 0; i < 12; i++) check(y[i] == 99.0f && d[i] == 99.0f, "nothing written on error");
    check(gpuact_bias_forward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, NULL, b, NULL, 0, 4) == GPUACT_SUCCESS, "rows = 0");
    check(gpuact_bias_forward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, NULL, NULL, NULL, 3, 0) == GPUACT_SUCCESS, "cols = 0");
    check(gpuact_bias_backward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, NULL, b, NULL, NULL, db, 0, 4) == GPUACT_SUCCESS &&
              tu_f2u(db[0]) == 0u && tu_f2u(db[3]) == 0u,
          "rows = 0: dbias is +0");
    check(gpuact_bias_backward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, x, b, g, d, NULL, 3, 4) == GPUACT_SUCCESS, "dbias NULL");
    /* f(x + b) of the exact sum, not of the rounded one: gelu_erf(-10 + 2^-22) from x = -10, b = 2^-22 */
    {
        float xx = -10.0f, bb = 0x1p-22f, yy;
        const gpuact_cfg c0 = gpuact_cfg_default();
        const float composed = gpuact_gelu_erf(xx + bb);
        check(gpuact_bias_forward_host(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, &xx, &bb, &yy, 1, 1) == GPUACT_SUCCESS &&
                  yy == gpuact_bias_forward_f32(GPUACT_OP_GELU_ERF, xx, bb, &c0) && xx + bb == xx && yy != composed,
              "gelu_erf(-10 + 2^-22) is not gelu_erf(-10)");
    }
}

int main(void) {
    int ti, oi;
    if (gpuact_check_host_fp_environment() != GPUACT_SUCCESS) { printf("FAIL fp environment\n"); return 1; }
    statuses();
    for (ti = 0; ti < 3; ti++)
        for (oi = 0; oi < 7; oi++) {
            run(OPS[oi], TYPES[ti], 3, 5, 0, 1u + (uint64_t)oi);
            run(OPS[oi], TYPES[ti], 300, 9, (size_t)(1 + oi % 3), 7u + (uint64_t)oi); /* three chunks, misaligned */
        }
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed != 0;
}
