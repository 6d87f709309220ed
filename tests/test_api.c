/* API contract of the host entry points: status codes for every misuse,
   nothing written on error, n = 0, in place, any alignment, bit-identity
   with the scalar functions, and the floating-point environment check. */
#define _GNU_SOURCE
#define GPUACT_IMPLEMENTATION
#include "gpuact.h"
#include "tests/common/test_util.h"
#include <fenv.h>
#include <stdlib.h>
#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#define HAVE_MXCSR 1
#endif

#define N 257
static const gpuact_dtype DT[3] = {GPUACT_F32, GPUACT_F16, GPUACT_BF16};
static size_t esz(gpuact_dtype t) { return t == GPUACT_F32 ? 4 : 2; }

/* a mixed input: specials, tiny, tails, random */
static void fill(gpuact_dtype t, unsigned char *p, size_t n, int seed) {
    size_t i;
    tu_rng = 1234 + (uint64_t)seed;
    for (i = 0; i < n; i++) {
        uint64_t r = tu_next();
        float v;
        switch (i % 5) {
        case 0: v = tu_u2f((uint32_t)r); break;                       /* any bit pattern */
        case 1: v = (float)((int64_t)(r >> 40) - (1 << 23)) / 262144.0f; break; /* [-32, 32) */
        case 2: v = ((float)(r >> 40) / 16777216.0f - 0.5f) * 4.0f; break;
        case 3: v = tu_u2f((uint32_t)(r & 0x807fffffu)); break;       /* subnormals */
        default: v = -(float)(r >> 40) / 16777216.0f * 20.0f; break;
        }
        if (t == GPUACT_F32) memcpy(p + 4 * i, &v, 4);
        else { uint16_t h = (uint16_t)r; memcpy(p + 2 * i, &h, 2); }   /* every 16-bit pattern is a valid input */
    }
}

static float scalar(int kind, int op, gpuact_dtype t, const unsigned char *x, const unsigned char *dy, size_t i,
                    const gpuact_cfg *c, uint16_t *bits) {
    if (t == GPUACT_F32) {
        float xv, dv;
        memcpy(&xv, x + 4 * i, 4);
        memcpy(&dv, dy + 4 * i, 4);
        if (kind == 0) return gpuact_forward_f32((gpuact_op)op, xv, c);
        if (kind == 1) return gpuact_grad_f32((gpuact_op)op, xv, c);
        if (kind == 2) return gpuact_backward_f32((gpuact_op)op, xv, dv, c);
        return gpuact_backward_from_output_f32((gpuact_op)op, xv, dv, c);
    } else {
        uint16_t xh, dh, r;
        memcpy(&xh, x + 2 * i, 2);
        memcpy(&dh, dy + 2 * i, 2);
        if (t == GPUACT_F16)
            r = kind == 0 ? gpuact_forward_f16((gpuact_op)op, xh, c) : kind == 1 ? gpuact_grad_f16((gpuact_op)op, xh, c)
              : kind == 2 ? gpuact_backward_f16((gpuact_op)op, xh, dh, c) : gpuact_backward_from_output_f16((gpuact_op)op, xh, dh, c);
        else
            r = kind == 0 ? gpuact_forward_bf16((gpuact_op)op, xh, c) : kind == 1 ? gpuact_grad_bf16((gpuact_op)op, xh, c)
              : kind == 2 ? gpuact_backward_bf16((gpuact_op)op, xh, dh, c) : gpuact_backward_from_output_bf16((gpuact_op)op, xh, dh, c);
        *bits = r;
        return 0.0f;
    }
}
static int same_elem(gpuact_dtype t, const unsigned char *arr, size_t i, float f, uint16_t b) {
    if (t == GPUACT_F32) { float v; memcpy(&v, arr + 4 * i, 4); return tu_f2u(v) == tu_f2u(f); }
    { uint16_t v; memcpy(&v, arr + 2 * i, 2); return v == b; }
}

int main(void) {
    static unsigned char xb[N * 4 + 64], db[N * 4 + 64], yb[N * 4 + 64], zb[N * 4 + 64], sent[N * 4 + 64];
    gpuact_params prm;
    gpuact_cfg c;
    int op, ti, kind;

    /* status strings: present and distinct */
    {
        int a, b;
        for (a = 0; a <= 7; a++) {
            TU_CHECK(gpuact_status_string((gpuact_status)a) != NULL, "status %d has no string", a);
            for (b = 0; b < a; b++)
                TU_CHECK(strcmp(gpuact_status_string((gpuact_status)a), gpuact_status_string((gpuact_status)b)) != 0, "statuses %d and %d share a string", a, b);
        }
    }
    TU_CHECK(gpuact_check_host_fp_environment() == GPUACT_SUCCESS, "default fp environment rejected");

    /* misuse: the documented status and nothing written */
    memset(sent, 0xA5, sizeof sent);
    fill(GPUACT_F32, xb, N, 1);
    fill(GPUACT_F32, db, N, 2);
#define NOTHING_WRITTEN() TU_CHECK(memcmp(yb, sent, sizeof yb) == 0 && memcmp(zb, sent, sizeof zb) == 0, "output written on error")
#define RESET() (memcpy(yb, sent, sizeof yb), memcpy(zb, sent, sizeof zb))
    RESET();
    TU_CHECK(gpuact_forward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, NULL, yb, N) == GPUACT_ERROR_NULL_POINTER, "NULL x");
    TU_CHECK(gpuact_forward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, xb, NULL, N) == GPUACT_ERROR_NULL_POINTER, "NULL y");
    TU_CHECK(gpuact_backward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, xb, NULL, zb, N) == GPUACT_ERROR_NULL_POINTER, "NULL dy");
    TU_CHECK(gpuact_forward_backward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, xb, db, yb, NULL, N) == GPUACT_ERROR_NULL_POINTER, "NULL dx");
    TU_CHECK(gpuact_forward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, NULL, NULL, 0) == GPUACT_SUCCESS, "n = 0 with NULL");
    TU_CHECK(gpuact_forward_backward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, NULL, NULL, NULL, NULL, 0) == GPUACT_SUCCESS, "n = 0 fwd+bwd");
    TU_CHECK(gpuact_forward_host((gpuact_op)0, GPUACT_F32, NULL, xb, yb, N) == GPUACT_ERROR_INVALID_OP, "op 0");
    TU_CHECK(gpuact_forward_host((gpuact_op)8, GPUACT_F32, NULL, xb, yb, N) == GPUACT_ERROR_INVALID_OP, "op 8");
    TU_CHECK(gpuact_forward_host((gpuact_op)8, GPUACT_F32, NULL, xb, yb, 0) == GPUACT_ERROR_INVALID_OP, "op 8, n = 0");
    TU_CHECK(gpuact_forward_host(GPUACT_OP_SILU, (gpuact_dtype)0, NULL, xb, yb, N) == GPUACT_ERROR_INVALID_DTYPE, "dtype 0");
    TU_CHECK(gpuact_forward_host(GPUACT_OP_SILU, (gpuact_dtype)5, NULL, xb, yb, N) == GPUACT_ERROR_INVALID_DTYPE, "dtype 5");
    {
        float bad[4] = {tu_u2f(0x7fc00000u), tu_u2f(0x7f800000u), -tu_u2f(0x7f800000u), 1.0f};
        int i;
        for (i = 0; i < 3; i++) {
            memset(&prm, 0, sizeof prm); prm.set = GPUACT_SET_ALPHA; prm.alpha = bad[i];
            TU_CHECK(gpuact_forward_host(GPUACT_OP_ELU, GPUACT_F32, &prm, xb, yb, N) == GPUACT_ERROR_INVALID_PARAMS, "alpha %a", bad[i]);
            memset(&prm, 0, sizeof prm); prm.set = GPUACT_SET_SCALE; prm.scale = bad[i];
            TU_CHECK(gpuact_forward_host(GPUACT_OP_SWISH_TANH, GPUACT_F32, &prm, xb, yb, N) == GPUACT_ERROR_INVALID_PARAMS, "scale %a", bad[i]);
        }
        memset(&prm, 0, sizeof prm); prm.set = GPUACT_SET_LO; prm.lo = bad[0];
        TU_CHECK(gpuact_forward_host(GPUACT_OP_SWISH_TANH, GPUACT_F32, &prm, xb, yb, N) == GPUACT_ERROR_INVALID_PARAMS, "lo NaN");
        memset(&prm, 0, sizeof prm); prm.set = GPUACT_SET_HI; prm.hi = bad[0];
        TU_CHECK(gpuact_forward_host(GPUACT_OP_SWISH_TANH, GPUACT_F32, &prm, xb, yb, N) == GPUACT_ERROR_INVALID_PARAMS, "hi NaN");
        memset(&prm, 0, sizeof prm); prm.set = GPUACT_SET_LO | GPUACT_SET_HI; prm.lo = 0.5f; prm.hi = 0.25f;
        TU_CHECK(gpuact_forward_host(GPUACT_OP_SWISH_TANH, GPUACT_F32, &prm, xb, yb, N) == GPUACT_ERROR_INVALID_PARAMS, "lo > hi");
        memset(&prm, 0, sizeof prm); prm.set = 0x20u; /* the first bit after GPUACT_SET_MODE */
        TU_CHECK(gpuact_forward_host(GPUACT_OP_SILU, GPUACT_F32, &prm, xb, yb, N) == GPUACT_ERROR_INVALID_PARAMS, "unknown set bit");
        NOTHING_WRITTEN();
        memset(&prm, 0, sizeof prm); prm.set = GPUACT_SET_MODE; prm.mode = 2;
        TU_CHECK(gpuact_forward_host(GPUACT_OP_SILU, GPUACT_F32, &prm, xb, yb, N) == GPUACT_ERROR_INVALID_PARAMS, "unknown mode");
        NOTHING_WRITTEN();
        /* infinite bounds and lo == hi are valid */
        memset(&prm, 0, sizeof prm); prm.set = GPUACT_SET_LO | GPUACT_SET_HI; prm.lo = bad[2]; prm.hi = bad[1];
        TU_CHECK(gpuact_resolve(GPUACT_OP_SWISH_TANH, &prm, &c) == GPUACT_SUCCESS, "infinite bounds rejected");
        prm.lo = prm.hi = 0.25f;
        TU_CHECK(gpuact_resolve(GPUACT_OP_SWISH_TANH, &prm, &c) == GPUACT_SUCCESS, "lo == hi rejected");
    }
    /* overlap: partial overlap is an error, exact aliasing is in place */
    RESET();
    TU_CHECK(gpuact_forward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, xb, xb + 4, N) == GPUACT_ERROR_OVERLAP, "y = x + 1");
    TU_CHECK(gpuact_forward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, xb + 4, xb, N) == GPUACT_ERROR_OVERLAP, "y = x - 1");
    TU_CHECK(gpuact_forward_host(GPUACT_OP_SILU, GPUACT_F16, NULL, xb, xb + 1, N) == GPUACT_ERROR_OVERLAP, "odd byte offset");
    TU_CHECK(gpuact_backward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, xb, db, db + 8, N) == GPUACT_ERROR_OVERLAP, "dx overlaps dy");
    TU_CHECK(gpuact_forward_backward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, xb, db, yb, yb, N) == GPUACT_ERROR_OVERLAP, "y == dx");
    TU_CHECK(gpuact_forward_backward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, xb, db, yb, yb + 12, N) == GPUACT_ERROR_OVERLAP, "y overlaps dx");
    NOTHING_WRITTEN();
    TU_CHECK(gpuact_forward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, xb, xb + 4 * N, N) == GPUACT_SUCCESS, "adjacent arrays rejected");
    /* backward from output: elu/selu only, alpha >= 0 */
    TU_CHECK(gpuact_backward_from_output_host(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, xb, db, zb, N) == GPUACT_ERROR_UNSUPPORTED, "from-output gelu");
    memset(&prm, 0, sizeof prm); prm.set = GPUACT_SET_ALPHA; prm.alpha = -1.0f;
    TU_CHECK(gpuact_backward_from_output_host(GPUACT_OP_ELU, GPUACT_F32, &prm, xb, db, zb, N) == GPUACT_ERROR_UNSUPPORTED, "from-output alpha < 0");

    /* arrays = scalars, bit for bit: every op, dtype, kind, at byte offsets 0..3 and in place */
    for (ti = 0; ti < 3; ti++) {
        gpuact_dtype t = DT[ti];
        for (op = 1; op <= 7; op++) {
            memset(&prm, 0, sizeof prm);
            if (op == GPUACT_OP_ELU) { prm.set = GPUACT_SET_ALPHA; prm.alpha = 0.75f; }
            if (op == GPUACT_OP_SWISH_TANH) { prm.set = GPUACT_SET_SCALE | GPUACT_SET_LO; prm.scale = 1.5f; prm.lo = -0.5f; }
            gpuact_resolve((gpuact_op)op, &prm, &c);
            for (kind = 0; kind < 5; kind++) {
                int off;
                if (kind == 3 && op != GPUACT_OP_ELU && op != GPUACT_OP_SELU) continue;
                for (off = 0; off < 4; off++) {
                    unsigned char *x = xb + off, *dy = db + 3 - off, *y = yb + (off * 3) % 4, *z = zb + off;
                    static unsigned char xcopy[N * 4 + 64], dcopy[N * 4 + 64];
                    gpuact_status s;
                    size_t i;
                    int inplace = off == 3;
                    fill(t, x, N, op * 10 + kind);
                    fill(t, dy, N, op * 10 + kind + 5);
                    memcpy(xcopy, x, N * esz(t));
                    memcpy(dcopy, dy, N * esz(t));
                    if (inplace) y = x, z = dy;
                    if (kind == 0) s = gpuact_forward_host((gpuact_op)op, t, &prm, x, y, N);
                    else if (kind == 1) s = gpuact_grad_host((gpuact_op)op, t, &prm, x, y, N);
                    else if (kind == 2) s = gpuact_backward_host((gpuact_op)op, t, &prm, x, dy, y, N);
                    else if (kind == 3) s = gpuact_backward_from_output_host((gpuact_op)op, t, &prm, x, dy, y, N);
                    else s = gpuact_forward_backward_host((gpuact_op)op, t, &prm, x, dy, y, z, N);
                    TU_CHECK(s == GPUACT_SUCCESS, "%s dtype %d kind %d: status %d", tu_op_name(op), t, kind, s);
                    for (i = 0; i < N; i++) {
                        uint16_t b = 0, b2 = 0;
                        float f = scalar(kind == 4 ? 0 : kind, op, t, xcopy, dcopy, i, &c, &b);
                        int ok = same_elem(t, y, i, f, b);
                        if (kind == 4) {
                            float f2 = scalar(2, op, t, xcopy, dcopy, i, &c, &b2);
                            ok = ok && same_elem(t, z, i, f2, b2);
                        }
                        TU_CHECK(ok, "%s dtype %d kind %d off %d i %zu: array differs from scalar", tu_op_name(op), t, kind, off, i);
                    }
                }
            }
        }
    }

    /* the floating-point environment is checked, not assumed */
    {
        float x1 = -1.0f, y1 = 0.0f;
        fesetround(FE_UPWARD);
        TU_CHECK(gpuact_forward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, &x1, &y1, 1) == GPUACT_ERROR_FP_ENVIRONMENT, "FE_UPWARD not detected");
        fesetround(FE_TONEAREST);
#ifdef HAVE_MXCSR
        {
            unsigned csr = _mm_getcsr();
            _mm_setcsr(csr | 0x8000u); /* FTZ */
            TU_CHECK(gpuact_forward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, &x1, &y1, 1) == GPUACT_ERROR_FP_ENVIRONMENT, "FTZ not detected");
            _mm_setcsr(csr | 0x0040u); /* DAZ */
            TU_CHECK(gpuact_forward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, &x1, &y1, 1) == GPUACT_ERROR_FP_ENVIRONMENT, "DAZ not detected");
            _mm_setcsr(csr);
        }
#endif
        TU_CHECK(gpuact_forward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, &x1, &y1, 1) == GPUACT_SUCCESS, "restored environment rejected");
    }
    return tu_finish();
}
