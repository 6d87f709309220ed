/* The gated forms' host entry points (gpuact_gated_host,
   gpuact_gated_backward_host): statuses, layouts (two arrays, one
   [rows, 2 cols] tensor in either half order, a row pitch), in place,
   misaligned pointers, nothing written on error, and every element equal
   to the scalar functions (whose accuracy tests/accuracy/gated_error.c
   measures against MPFR), bit for bit. Ends with "N passed, M failed". */
#define GPUACT_IMPLEMENTATION
#include "gpuact.h"
#include "tests/common/bits.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long passed, failed;
static void check(int ok, const char *what) {
    if (ok) passed++;
    else { failed++; printf("FAIL %s\n", what); }
}

#define ROWS 5
#define COLS 7
#define LD (2 * COLS + 3) /* a row pitch beyond the two halves */
static const gpuact_dtype TYPES[3] = {GPUACT_F32, GPUACT_F16, GPUACT_BF16};

/* element i of an array of dtype t as fp32 bits (16-bit: the pattern) */
static uint32_t get(gpuact_dtype t, const unsigned char *p, size_t i) {
    if (t == GPUACT_F32) { uint32_t u; memcpy(&u, p + 4 * i, 4); return u; }
    { uint16_t h; memcpy(&h, p + 2 * i, 2); return h; }
}
static void put(gpuact_dtype t, unsigned char *p, size_t i, uint64_t h) {
    if (t == GPUACT_F32) {
        /* values of every kind: mostly moderate, some raw bits */
        uint32_t u = (h & 7) == 0 ? (uint32_t)(h >> 8) : tu_f2u((float)((double)(int64_t)(h >> 40) / 1e5));
        memcpy(p + 4 * i, &u, 4);
    } else {
        uint16_t v = (h & 7) == 0 ? (uint16_t)(h >> 8)
                     : (t == GPUACT_F16 ? gpuact_f32_to_f16((float)((double)(int64_t)(h >> 40) / 1e5))
                                        : gpuact_f32_to_bf16((float)((double)(int64_t)(h >> 40) / 1e5)));
        memcpy(p + 2 * i, &v, 2);
    }
}
/* the scalar functions on bits */
static void scalar3(gpuact_op op, gpuact_dtype t, const gpuact_cfg *c, uint32_t a, uint32_t b, uint32_t g, uint32_t out[3]) {
    if (t == GPUACT_F32) {
        float da, db;
        out[0] = tu_f2u(gpuact_gated_f32(op, tu_u2f(a), tu_u2f(b), c));
        gpuact_gated_backward_f32(op, tu_u2f(a), tu_u2f(b), tu_u2f(g), c, &da, &db);
        out[1] = tu_f2u(da); out[2] = tu_f2u(db);
    } else {
        uint16_t da, db;
        out[0] = t == GPUACT_F16 ? gpuact_gated_f16(op, (uint16_t)a, (uint16_t)b, c) : gpuact_gated_bf16(op, (uint16_t)a, (uint16_t)b, c);
        if (t == GPUACT_F16) gpuact_gated_backward_f16(op, (uint16_t)a, (uint16_t)b, (uint16_t)g, c, &da, &db);
        else gpuact_gated_backward_bf16(op, (uint16_t)a, (uint16_t)b, (uint16_t)g, c, &da, &db);
        out[1] = da; out[2] = db;
    }
}

/* one op and type: the [ROWS, LD] tensor with a at column 0 (or COLS) and
   b at COLS (or 0), at byte offset off of its buffer */
static void layouts(gpuact_op op, gpuact_dtype t, int swap, size_t off) {
    const size_t esz = t == GPUACT_F32 ? 4 : 2;
    unsigned char *ab = (unsigned char *)malloc(ROWS * LD * esz + 16), *dab = (unsigned char *)malloc(ROWS * LD * esz + 16);
    unsigned char *y = (unsigned char *)malloc(ROWS * COLS * esz + 16), *dy = (unsigned char *)malloc(ROWS * COLS * esz + 16);
    unsigned char *A = ab + off, *D = dab + off, *Y = y + off, *G = dy + off;
    gpuact_cfg c = gpuact_cfg_default();
    const size_t ao = swap ? COLS : 0, bo = swap ? 0 : COLS;
    size_t r, j, bad = 0;
    char what[120];
    for (j = 0; j < ROWS * LD; j++) put(t, A, j, tu_mix64(j * 977 + (size_t)op * 31 + (size_t)t));
    for (j = 0; j < ROWS * COLS; j++) put(t, G, j, tu_mix64(j * 131 + 7 + (size_t)op));
    memset(D, 0xA5, ROWS * LD * esz);
    check(gpuact_gated_host(op, t, NULL, A + ao * esz, A + bo * esz, LD, Y, ROWS, COLS) == GPUACT_SUCCESS, "gated_host success");
    check(gpuact_gated_backward_host(op, t, NULL, A + ao * esz, A + bo * esz, LD, G, D + ao * esz, D + bo * esz, ROWS, COLS) ==
              GPUACT_SUCCESS, "gated_backward_host success");
    for (r = 0; r < ROWS; r++)
        for (j = 0; j < COLS; j++) {
            uint32_t want[3];
            const size_t i = r * LD + j;
            scalar3(op, t, &c, get(t, A, i + ao), get(t, A, i + bo), get(t, G, r * COLS + j), want);
            bad += get(t, Y, r * COLS + j) != want[0] || get(t, D, i + ao) != want[1] || get(t, D, i + bo) != want[2];
        }
    /* the pitch's gap is not written */
    for (r = 0; r < ROWS; r++)
        for (j = 2 * COLS; j < LD; j++) bad += t == GPUACT_F32 ? get(t, D, r * LD + j) != 0xA5A5A5A5u : get(t, D, r * LD + j) != 0xA5A5u;
    snprintf(what, sizeof what, "op %d dtype %d swap %d offset %zu: every element equals the scalar functions", (int)op, (int)t, swap, off);
    check(bad == 0, what);
    /* in place: dab over ab gives the same bits */
    check(gpuact_gated_backward_host(op, t, NULL, A + ao * esz, A + bo * esz, LD, G, A + ao * esz, A + bo * esz, ROWS, COLS) ==
              GPUACT_SUCCESS, "in place success");
    for (bad = 0, r = 0; r < ROWS; r++)
        for (j = 0; j < 2 * COLS; j++) bad += get(t, A, r * LD + j) != get(t, D, r * LD + j);
    snprintf(what, sizeof what, "op %d dtype %d: in place equals out of place", (int)op, (int)t);
    check(bad == 0, what);
    /* two arrays (rows = 1) give the row's elements */
    for (bad = 0, r = 0; r < ROWS; r++) {
        unsigned char one[COLS * 4];
        check(gpuact_gated_host(op, t, NULL, D + (r * LD + ao) * esz, D + (r * LD + bo) * esz, 0, one, 1, COLS) == GPUACT_SUCCESS,
              "rows = 1 success (ld ignored)");
        for (j = 0; j < COLS; j++) {
            uint32_t want[3];
            scalar3(op, t, &c, get(t, D, r * LD + ao + j), get(t, D, r * LD + bo + j), 0, want);
            bad += get(t, one, j) != want[0];
        }
    }
    check(bad == 0, "two arrays: every element equals the scalar function");
    free(ab); free(dab); free(y); free(dy);
}

static void statuses(void) {
    float a[8] = {0}, b[8] = {0}, y[8], dy[8] = {0}, big[64];
    unsigned char snap[sizeof big];
    gpuact_params p = {0};
    size_t i;
    for (i = 0; i < 64; i++) big[i] = (float)i;
    memcpy(snap, big, sizeof big);
    check(gpuact_gated_host(GPUACT_OP_SILU, GPUACT_F32, NULL, NULL, NULL, 0, NULL, 0, 5) == GPUACT_SUCCESS, "rows = 0: success, NULLs untouched");
    check(gpuact_gated_backward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, NULL, NULL, 0, NULL, NULL, NULL, 3, 0) == GPUACT_SUCCESS, "cols = 0: success");
    check(gpuact_gated_host(GPUACT_OP_SILU, GPUACT_F32, NULL, a, NULL, 8, y, 1, 8) == GPUACT_ERROR_NULL_POINTER, "b NULL");
    check(gpuact_gated_backward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, a, b, 8, dy, y, NULL, 1, 8) == GPUACT_ERROR_NULL_POINTER, "db NULL");
    check(gpuact_gated_host((gpuact_op)0, GPUACT_F32, NULL, a, b, 8, y, 1, 8) == GPUACT_ERROR_INVALID_OP, "invalid op");
    check(gpuact_gated_host(GPUACT_OP_SILU, (gpuact_dtype)9, NULL, a, b, 8, y, 1, 8) == GPUACT_ERROR_INVALID_DTYPE, "invalid dtype");
    p.set = GPUACT_SET_MODE; p.mode = GPUACT_MODE_FAST;
    check(gpuact_gated_host(GPUACT_OP_SILU, GPUACT_F32, &p, a, b, 8, y, 1, 8) == GPUACT_ERROR_UNSUPPORTED, "fast mode unsupported");
    p.mode = 5;
    check(gpuact_gated_host(GPUACT_OP_SILU, GPUACT_F32, &p, a, b, 8, y, 1, 8) == GPUACT_ERROR_INVALID_PARAMS, "invalid mode");
    check(gpuact_gated_host(GPUACT_OP_SILU, GPUACT_F32, NULL, big, big + 4, 3, big + 40, 2, 4) == GPUACT_ERROR_INVALID_PARAMS, "ld < cols");
    /* overlaps, nothing written */
    check(gpuact_gated_host(GPUACT_OP_SILU, GPUACT_F32, NULL, big, big + 4, 8, big + 2, 2, 4) == GPUACT_ERROR_OVERLAP, "y across a");
    check(gpuact_gated_host(GPUACT_OP_SILU, GPUACT_F32, NULL, big, big + 4, 8, big + 9, 2, 4) == GPUACT_ERROR_OVERLAP, "y over a's second row");
    check(gpuact_gated_backward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, big, big + 4, 8, big + 32, big + 40, big + 40, 2, 4) ==
              GPUACT_ERROR_OVERLAP, "da == db");
    check(gpuact_gated_backward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, big, big + 4, 8, big + 32, big + 1, big + 4, 2, 4) ==
              GPUACT_ERROR_OVERLAP, "da shifted over a");
    check(gpuact_gated_backward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, big, big + 4, 8, big + 26, big + 16, big + 20, 2, 4) ==
              GPUACT_ERROR_OVERLAP, "db over dy");
    check(memcmp(snap, big, sizeof big) == 0, "nothing written on error");
    /* interleaved but disjoint: da and db as halves of one tensor, y = a in place with ld = cols */
    check(gpuact_gated_backward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, big, big + 4, 8, big + 48, big + 16, big + 20, 2, 4) ==
              GPUACT_SUCCESS, "halves of one output tensor");
    check(gpuact_gated_host(GPUACT_OP_SILU, GPUACT_F32, NULL, big, big + 8, 4, big, 2, 4) == GPUACT_SUCCESS, "y = a in place (ld = cols)");
    check(gpuact_gated_host(GPUACT_OP_SILU, GPUACT_F32, NULL, big, big + 8, 8, big, 2, 4) == GPUACT_ERROR_OVERLAP,
          "y = a with another pitch");
    check(gpuact_gated_host(GPUACT_OP_SILU, GPUACT_F32, NULL, a, b, (size_t)-1 / 2, y, 4, 1) == GPUACT_ERROR_OVERLAP, "wrapping size");
}

int main(void) {
    int op, t;
    statuses();
    for (op = 1; op <= 7; op++)
        for (t = 0; t < 3; t++) {
            layouts((gpuact_op)op, TYPES[t], 0, 0);
            layouts((gpuact_op)op, TYPES[t], 1, 2);
            layouts((gpuact_op)op, TYPES[t], 0, 1);
        }
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed != 0;
}
