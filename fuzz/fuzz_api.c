/* fuzz_api.c - the host entry points' contract (gpuact.h): statuses, nothing
   written on error, in place, overlaps, any alignment, results bit-identical
   to a plain loop over the scalar functions. ASan catches out-of-bounds.
   Also the gated forms' entry points (gpuact_gated_host,
   gpuact_gated_backward_host), with their own layout below.

   Input (little-endian; missing bytes read as 0):
     0   entry      b % 5: forward, grad, backward, forward_backward, backward_from_output;
                    b >= 0xc0: the gated entry points instead (b & 1: 0 gated, 1 gated_backward),
                    with bytes 21.. as in "Gated entry points" below (before the gated
                    forms these bytes selected b % 5: no committed input has one)
     1   op         b < 0xf0: 1 + b % 7; else an invalid value (0, 8, -1, ...)
     2   dtype      b < 0xf0: 1 + b % 3; else an invalid value (0, 4, -1, ...)
     3   params     b % 4: 0 NULL, 1 zeroed struct, 2 raw fields below, 3 fields from tables;
                    bit 4 GPUACT_SET_MODE, bits 5..7 the mode (fast, accurate, invalid:
                    fuzz_entry.h FZ_MODES)
     4   set        b & 0xf, plus an unknown bit (0x20 << (b & 3)) when b >= 0xf0
     5.. alpha, scale, lo, hi (4 bytes each: raw bits, or table index in byte 0)
     21  n          u16 % 301; byte 23 >= 0xf8: a huge n instead (SIZE_MAX, 2^40, ...)
     24  layout     b % 4: 0 one exact-size allocation per array (ASan sees any
                    overrun), 1 one buffer with disjoint regions and guard bytes,
                    2 in place (outputs aliasing inputs/each other, per byte 30),
                    3 all arrays within 16 elements of each other (overlaps)
     25..28 element offset 0..15 of each array (in0, in1, out0, out1)
     29  misalign   b >= 0xc0: bit i adds one byte to array i (not element-aligned)
     30  in-place pattern (layout 2)
     31  NULL mask  b >= 0xe0: bit i makes array i NULL
     32  fp env     b >= 0xf8: FTZ, DAZ, FTZ+DAZ, upward, downward, toward zero
     33.. element data (cycled; pseudo-random after the end)
   Expected status: computed here from the rules in gpuact.h's comments (the
   order between several applicable errors is not documented: any one of
   them is accepted). Errors: INVALID_OP (op not 1..7), INVALID_DTYPE,
   INVALID_PARAMS (non-finite alpha/scale, NaN bound, lo > hi, unknown bit),
   UNSUPPORTED (from-output for an op other than elu/selu, elu alpha < 0),
   and, for n > 0 only, NULL_POINTER (a required array NULL), OVERLAP (an
   output partially overlapping an input, two outputs overlapping or
   identical, n * size wrapping the address space), FP_ENVIRONMENT.
   No error applies -> SUCCESS, and then every byte of every buffer equals
   the snapshot with the outputs replaced by the scalar loop's results (in
   the resolved mode: fast mode's per-element functions, gpuact_kernels.cuh
   9.1, for GPUACT_MODE_FAST; and there, for binary32 forward and grad, the
   public gpuact_X_fast / gpuact_X_grad_fast give the same bits). An
   error -> no byte changed. A huge n is only tried where an error applies
   (the call must not touch memory).

   Gated entry points (byte 0 >= 0xc0; bytes 1..20 as above). Arrays (slots):
   0 a, 1 b (row pitch ld), 2 dy (dense), 3 y (dense) or da (pitch ld),
   4 db (pitch ld); gated uses 0, 1, 3.
     21  rows       b % 10
     22  cols       b % 40
     23  ld         b < 0xe8: base + b % 9, base = cols (2 cols in layout 2);
                    0xe8..0xf7: cols - 1 - (b & 7), floored at 0 (ld < cols);
                    >= 0xf8: huge sizes instead (rows, cols, ld from a table:
                    sizes that wrap the address space, or empty ones)
     24  layout     b % 6: 0 one exact-size allocation per array; 1 one buffer,
                    disjoint regions; 2 halves of one [rows, ld] tensor: a and b
                    (pattern bit 0: b first), da and db likewise (bit 1), bit 2
                    da/db on a/b themselves (in place; bit 3 crossed: da = b),
                    gated: bit 2 y = a; 3 in place (pattern: gated y = none, a,
                    b, a with b = a; backward da = none, a, b, dy and db = none,
                    b, a, da by bits 0-1 / 2-3, bit 4 b = a); 4 all within 16
                    elements of each other; 5 each at its offset times u = 1,
                    cols, ld or cols/2 (pattern & 3) in one buffer (rows that
                    interleave, or not)
     25..29 element offset 0..15 of each array (slots 0..4)
     30  misalign   b >= 0xc0: bit i adds one byte to array i
     31  pattern    (layouts 2, 3, 5)
     32  NULL mask  b >= 0xe0: bit i makes array i NULL
     33  fp env     b >= 0xf8: as above
     34.. element data (then pseudo-random)
   Expected status, from gpuact.h's comments: INVALID_OP, INVALID_DTYPE,
   INVALID_PARAMS (as above, or ld < cols with rows > 1), UNSUPPORTED (fast
   mode), and where rows and cols are both nonzero: NULL_POINTER, OVERLAP
   (rows x ld x size beyond the address space, ld taken as cols for one row;
   an output sharing a byte with an input unless it is exactly that input
   with the same row pitch: y's pitch is cols, so y = a only where ld = cols
   or rows = 1; da and db sharing a byte; same-pitch operands by their rows'
   bytes, different pitches by their whole extents), FP_ENVIRONMENT. On
   success every element equals gpuact_gated_* / gpuact_gated_backward_*
   of its a, b, dy, bit for bit, and nothing else changed; on error nothing
   changed. Huge sizes are only tried where an error applies or the call is
   empty; OVERLAP is accepted for them too (their extents meet). */
#define _GNU_SOURCE
#include "fuzz_entry.h"
#include <fenv.h>
#include <limits.h>
#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#define FZ_HAVE_MXCSR 1
#endif

#define MAXBUF 4
typedef struct { unsigned char *p; size_t n; } buf;
typedef struct { int b; size_t off; } where; /* slot -> buffer and byte offset */

#ifdef FZ_API_STATS /* debugging aid: how often each status and layout came up */
static long stat_status[16], stat_layout[4], stat_success_n, stat_skipped_huge;
static long stat_gstatus[2][16], stat_glayout[6], stat_gsuccess[2];
static void print_stats(void) {
    int i;
    fprintf(stderr, "gated statuses (forward; backward):");
    for (i = 0; i < 10; i++) fprintf(stderr, " %d:%ld;%ld", i, stat_gstatus[0][i], stat_gstatus[1][i]);
    fprintf(stderr, "\ngated layouts: %ld %ld %ld %ld %ld %ld; successes with elements: %ld; %ld\n", stat_glayout[0],
            stat_glayout[1], stat_glayout[2], stat_glayout[3], stat_glayout[4], stat_glayout[5], stat_gsuccess[0], stat_gsuccess[1]);
    fprintf(stderr, "statuses:");
    for (i = 0; i < 10; i++) fprintf(stderr, " %d:%ld", i, stat_status[i]);
    fprintf(stderr, "\nlayouts: %ld %ld %ld %ld; successes with n > 0: %ld; huge n skipped: %ld\n", stat_layout[0],
            stat_layout[1], stat_layout[2], stat_layout[3], stat_success_n, stat_skipped_huge);
}
#endif

/* the ranges [a, a+bytes) and [b, b+bytes) share a byte and a != b */
static int partial(const void *a, const void *b, size_t bytes) {
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    if (x == y) return 0;
    return (x < y ? y - x : x - y) < bytes;
}

static void set_env(int m) {
    switch (m) {
#ifdef FZ_HAVE_MXCSR
    case 1: _mm_setcsr(_mm_getcsr() | 0x8000u); break;
    case 2: _mm_setcsr(_mm_getcsr() | 0x0040u); break;
    case 3: _mm_setcsr(_mm_getcsr() | 0x8040u); break;
#endif
    case 4: fesetround(FE_UPWARD); break;
    case 5: fesetround(FE_DOWNWARD); break;
    case 6: fesetround(FE_TOWARDZERO); break;
    default: break;
    }
}

/* ---- the gated entry points ------------------------------------------------------ */
#define GS 5 /* slots: a, b, dy, out0 (y or da), out1 (db) */
static const int G_USES[2][GS] = {{1, 1, 0, 1, 0}, {1, 1, 1, 1, 1}};
/* [a, a + na) and [b, b + nb) share a byte */
static int ranges_meet(uintptr_t a, size_t na, uintptr_t b, size_t nb) { return na && nb && a < b + nb && b < a + na; }
/* two operands of `rows` rows of `width` bytes, row r at p + r pitch, share a
   byte: row by row where the pitches agree, by the whole extents where they
   differ (gpuact.h's rule) */
static int g_meet(uintptr_t x, size_t px, uintptr_t y, size_t py, size_t rows, size_t width) {
    size_t i, j;
    if (px != py) return ranges_meet(x, (rows - 1) * px + width, y, (rows - 1) * py + width);
    for (i = 0; i < rows; i++)
        for (j = 0; j < rows; j++)
            if (ranges_meet(x + i * px, width, y + j * py, width)) return 1;
    return 0;
}
/* rows x ldw elements of esz bytes do not fit in size_t */
static int g_wraps(size_t rows, size_t ldw, size_t esz) {
#ifdef __SIZEOF_INT128__
    return (unsigned __int128)rows * ldw * esz > (unsigned __int128)(size_t)-1;
#else
    return ldw != 0 && rows > (size_t)-1 / esz / ldw;
#endif
}

static int gated_input(fz_in *in, const uint8_t *data, size_t size, int entry, int op, int dt, const gpuact_params *pp,
                       const gpuact_params *prm) {
    static const size_t HUGE_G[8][3] = {
        {2, (size_t)-1 / 2, (size_t)-1 / 2}, {(size_t)-1, 1, 1}, {1, (size_t)-1 / 2 + 1, 0},
        {(size_t)1 << 33, (size_t)1 << 31, (size_t)1 << 31}, {3, (size_t)1 << 40, (size_t)1 << 40},
        {(size_t)1 << 40, 0, 7}, {0, (size_t)-1, (size_t)-1}, {1, (size_t)-1 / 4, 5}};
    const int bwd = entry == FZ_GATED_BWD;
    int layout, env, i, j, nb = 0, huge, pvalid, valid_op, valid_dt, fmt;
    unsigned nullmask, mis, pattern, definite = 0, accepted;
    size_t rows, cols, ld, ldp, esz, off[GS], ext[GS], pitch[GS], width, region, ntot;
    gpuact_cfg cfg;
    buf bufs[GS], snap[GS], want[GS];
    where at[GS];
    void *ptr[GS];
    gpuact_status st;
    uint8_t b23;

    rows = fz_u8(in) % 10;
    cols = fz_u8(in) % 40;
    b23 = fz_u8(in);
    layout = fz_u8(in) % 6;
    for (i = 0; i < GS; i++) off[i] = fz_u8(in) & 15;
    { uint8_t b = fz_u8(in); mis = b >= 0xc0 ? b & 0x1fu : 0u; }
    pattern = fz_u8(in);
    { uint8_t b = fz_u8(in); nullmask = b >= 0xe0 ? b & 0x1fu : 0u; }
    { uint8_t b = fz_u8(in); env = b >= 0xf8 ? 1 + b % 6 : 0; }
    huge = b23 >= 0xf8;
    if (huge) {
        rows = HUGE_G[b23 & 7][0]; cols = HUGE_G[b23 & 7][1]; ld = HUGE_G[b23 & 7][2];
    } else if (b23 >= 0xe8) {
        ld = cols > 1u + (b23 & 7u) ? cols - 1 - (b23 & 7u) : 0;
    } else {
        ld = (layout == 2 ? 2 * cols : cols) + b23 % 9;
    }
    valid_op = op >= 1 && op <= 7;
    valid_dt = dt >= 1 && dt <= 3;
    esz = dt == 2 || dt == 3 ? 2 : 4;
    fmt = valid_dt ? dt - 1 : 0;
    pvalid = fz_params_expected(pp, &cfg);

    /* ---- the expected status, from the documented rules ---- */
    if (!valid_op) definite |= 1u << GPUACT_ERROR_INVALID_OP;
    if (!valid_dt) definite |= 1u << GPUACT_ERROR_INVALID_DTYPE;
    if (!pvalid) definite |= 1u << GPUACT_ERROR_INVALID_PARAMS;
    else if (cfg.mode == GPUACT_MODE_FAST) definite |= 1u << GPUACT_ERROR_UNSUPPORTED;
    ldp = rows == 1 ? cols : ld; /* ld is read only for rows > 1 */
    width = cols * esz;

    /* ---- the buffers ---- */
    memset(bufs, 0, sizeof bufs);
    for (i = 0; i < GS; i++) { at[i].b = -1; at[i].off = 0; ptr[i] = NULL; ext[i] = 0; pitch[i] = 0; }
    for (i = 0; i < GS; i++) {
        const int dense = i == 2 || (i == 3 && !bwd);
        if (!G_USES[bwd][i]) continue;
        if (huge) ext[i] = 32;
        else if (rows && cols) ext[i] = dense ? rows * cols : (rows - 1) * ldp + cols;
        pitch[i] = dense ? width : ldp * esz;
    }
    ntot = 0;
    for (i = 0; i < GS; i++) if (ext[i] > ntot) ntot = ext[i];
    if (!huge && rows * (ldp > cols ? ldp : cols) + 2 * cols > ntot) ntot = rows * (ldp > cols ? ldp : cols) + 2 * cols;
    region = (ntot + 32) * esz + 8;
    if (layout == 0) {
        for (i = 0; i < GS; i++) {
            size_t start = off[i] * esz + ((mis >> i) & 1);
            if (!G_USES[bwd][i]) continue;
            bufs[nb].n = start + ext[i] * esz; /* ends exactly at the array's end */
            bufs[nb].p = (unsigned char *)malloc(bufs[nb].n ? bufs[nb].n : 1);
            at[i].b = nb++;
            at[i].off = start;
        }
    } else {
        const size_t guard = 64, u[4] = {1, cols && !huge ? cols : 1, ld && !huge ? ld : 1, cols > 1 && !huge ? cols / 2 : 1};
        size_t span = layout == 5 ? 16 * u[pattern & 3] * esz + region : GS * region;
        bufs[0].n = guard + span + guard;
        bufs[0].p = (unsigned char *)malloc(bufs[0].n);
        nb = 1;
        for (i = 0; i < GS; i++) {
            size_t o;
            if (!G_USES[bwd][i]) continue;
            if (layout == 4) o = off[i] * esz;
            else if (layout == 5) o = off[i] * u[pattern & 3] * esz;
            else o = (size_t)i * region + off[i] * esz;
            at[i].b = 0;
            at[i].off = guard + o + ((mis >> i) & 1);
        }
        if (layout == 2 && !huge) { /* halves of one [rows, ld] tensor */
            where ab = at[0], dab = at[3];
            at[(pattern & 1) ? 1 : 0] = ab;
            at[(pattern & 1) ? 0 : 1] = ab;
            at[(pattern & 1) ? 0 : 1].off += width;
            if (bwd) {
                if ((pattern >> 2) & 1) { /* da, db on a, b: in place, or crossed */
                    at[3] = at[(pattern >> 3) & 1];
                    at[4] = at[1 - ((pattern >> 3) & 1)];
                } else {
                    at[(pattern & 2) ? 4 : 3] = dab;
                    at[(pattern & 2) ? 3 : 4] = dab;
                    at[(pattern & 2) ? 3 : 4].off += width;
                }
            } else if ((pattern >> 2) & 1) {
                at[3] = at[0]; /* y = a: allowed only where ld = cols (or one row) */
            }
        } else if (layout == 3) { /* exact aliases */
            if (!bwd) {
                if ((pattern & 3) == 3) at[1] = at[0];
                if ((pattern & 3) == 1 || (pattern & 3) == 3) at[3] = at[0];
                else if ((pattern & 3) == 2) at[3] = at[1];
            } else {
                static const int da_src[4] = {-1, 0, 1, 2}, db_src[4] = {-1, 1, 0, 3};
                if ((pattern >> 4) & 1) at[1] = at[0];
                if (da_src[pattern & 3] >= 0) at[3] = at[da_src[pattern & 3]];
                if (db_src[(pattern >> 2) & 3] >= 0) at[4] = at[db_src[(pattern >> 2) & 3]];
            }
        }
    }
    for (i = 0; i < GS; i++)
        if (at[i].b >= 0 && !((nullmask >> i) & 1)) ptr[i] = bufs[at[i].b].p + at[i].off;
    fz_rng_state = 0x7654321ull ^ (uint64_t)size;
    for (j = 0; j < (int)size; j++) fz_rng_state = fz_rng_state * 31 + data[j];
    for (i = 0; i < nb; i++) {
        size_t k;
        for (k = 0; k < bufs[i].n; k++) bufs[i].p[k] = in->i < in->n ? fz_u8(in) : (unsigned char)fz_rng();
        snap[i].n = want[i].n = bufs[i].n;
        snap[i].p = (unsigned char *)malloc(bufs[i].n ? bufs[i].n : 1);
        want[i].p = (unsigned char *)malloc(bufs[i].n ? bufs[i].n : 1);
        memcpy(snap[i].p, bufs[i].p, bufs[i].n);
        memcpy(want[i].p, bufs[i].p, bufs[i].n);
    }

    if (rows && cols) {
        for (i = 0; i < GS; i++)
            if (G_USES[bwd][i] && !ptr[i]) definite |= 1u << GPUACT_ERROR_NULL_POINTER;
        if (rows > 1 && ld < cols) definite |= 1u << GPUACT_ERROR_INVALID_PARAMS;
        if (valid_dt && g_wraps(rows, rows == 1 ? cols : (ld > cols ? ld : cols), esz)) definite |= 1u << GPUACT_ERROR_OVERLAP;
        else if (valid_dt && !huge && !(rows > 1 && ld < cols)) {
            int o, k;
            for (o = 3; o <= 4; o++) {
                if (!G_USES[bwd][o] || !ptr[o]) continue;
                for (k = 0; k <= 2; k++) {
                    if (!G_USES[bwd][k] || !ptr[k]) continue;
                    if (ptr[o] == ptr[k] && pitch[o] == pitch[k]) continue; /* exactly the input: in place */
                    if (g_meet((uintptr_t)ptr[o], pitch[o], (uintptr_t)ptr[k], pitch[k], rows, width))
                        definite |= 1u << GPUACT_ERROR_OVERLAP;
                }
            }
            if (bwd && ptr[3] && ptr[4] &&
                (ptr[3] == ptr[4] || g_meet((uintptr_t)ptr[3], pitch[3], (uintptr_t)ptr[4], pitch[4], rows, width)))
                definite |= 1u << GPUACT_ERROR_OVERLAP;
        }
        if (env) definite |= 1u << GPUACT_ERROR_FP_ENVIRONMENT;
    }
    accepted = definite;
    if (huge && rows && cols) {
        if (definite == 0) goto done; /* it would run over memory that does not exist */
        accepted |= 1u << GPUACT_ERROR_OVERLAP; /* the extents meet: the order of the checks decides */
    }

    /* ---- the call ---- */
#ifdef FZ_HAVE_MXCSR
    { unsigned csr = _mm_getcsr();
#endif
    set_env(env);
    if (bwd)
        st = gpuact_gated_backward_host((gpuact_op)op, (gpuact_dtype)dt, pp, ptr[0], ptr[1], ld, ptr[2], ptr[3], ptr[4], rows, cols);
    else
        st = gpuact_gated_host((gpuact_op)op, (gpuact_dtype)dt, pp, ptr[0], ptr[1], ld, ptr[3], rows, cols);
    fesetround(FE_TONEAREST);
#ifdef FZ_HAVE_MXCSR
    _mm_setcsr(csr); }
#endif

    /* ---- the verdict ---- */
#ifdef FZ_API_STATS
    {
        static int registered;
        if (!registered) { atexit(print_stats); registered = 1; }
        if ((unsigned)st < 16) stat_gstatus[bwd][st]++;
        stat_glayout[layout]++;
        if (st == GPUACT_SUCCESS && rows && cols) stat_gsuccess[bwd]++;
    }
#endif
    if (definite == 0 ? st != GPUACT_SUCCESS : ((unsigned)st > 31 || !((accepted >> (unsigned)st) & 1u))) {
        fz_failf("FAIL api entry=%s op=%d dtype=%d params=%s set=0x%x mode=%d alpha=%a s=%a lo=%a hi=%a rows=%zu cols=%zu ld=%zu "
                 "layout=%d pattern=0x%02x null=0x%x env=%d offsets=%zu,%zu,%zu,%zu,%zu mis=0x%x: status %d (%s), expected %s (mask 0x%x)",
                 FZ_ENTRY_NAME[entry], op, dt, pp ? "struct" : "NULL", pp ? pp->set : 0u, pp ? pp->mode : 0, (double)prm->alpha,
                 (double)prm->scale, (double)prm->lo, (double)prm->hi, rows, cols, ld, layout, pattern, nullmask, env,
                 at[0].off, at[1].off, at[2].off, at[3].off, at[4].off, mis, (int)st, gpuact_status_string(st),
                 definite == 0 ? "SUCCESS" : "one of the errors in the mask", accepted);
        goto done;
    }
    if (st == GPUACT_SUCCESS && rows && cols) {
        size_t r, c;
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++) {
                const size_t ip = r * ldp + c, id = r * cols + c;
                uint32_t ab = 0, bb = 0, db = 0, r0, r1;
                memcpy(&ab, snap[at[0].b].p + at[0].off + ip * esz, esz); /* little-endian: the low bytes */
                memcpy(&bb, snap[at[1].b].p + at[1].off + ip * esz, esz);
                if (bwd) memcpy(&db, snap[at[2].b].p + at[2].off + id * esz, esz);
                if (!bwd) {
                    r0 = fz_lib_gated_real(FZ_GATED_Y, op, fmt, ab, bb, 0, &cfg);
                    memcpy(want[at[3].b].p + at[3].off + id * esz, &r0, esz);
                } else {
                    r0 = fz_lib_gated_real(FZ_GATED_DA, op, fmt, ab, bb, db, &cfg);
                    r1 = fz_lib_gated_real(FZ_GATED_DB, op, fmt, ab, bb, db, &cfg);
                    memcpy(want[at[3].b].p + at[3].off + ip * esz, &r0, esz);
                    memcpy(want[at[4].b].p + at[4].off + ip * esz, &r1, esz);
                }
            }
    }
    for (i = 0; i < nb; i++) {
        const unsigned char *w = st == GPUACT_SUCCESS ? want[i].p : snap[i].p;
        if (memcmp(bufs[i].p, w, bufs[i].n) != 0) {
            size_t k = 0;
            int s, slot = -1;
            while (k < bufs[i].n && bufs[i].p[k] == w[k]) k++;
            for (s = 0; s < GS; s++)
                if (at[s].b == i && k >= at[s].off && k < at[s].off + ext[s] * esz) slot = s;
            fz_failf("FAIL api entry=%s op=%d dtype=%d rows=%zu cols=%zu ld=%zu layout=%d pattern=0x%02x status %d: buffer %d byte %zu "
                     "is 0x%02x, expected 0x%02x (%s; array slot %d, element %zd; alpha=%a s=%a lo=%a hi=%a)",
                     FZ_ENTRY_NAME[entry], op, dt, rows, cols, ld, layout, pattern, (int)st, i, k, bufs[i].p[k], w[k],
                     st == GPUACT_SUCCESS ? "result differs from the scalar functions, or a byte outside the outputs changed"
                                          : "written on error",
                     slot, slot >= 0 ? (ptrdiff_t)((k - at[slot].off) / esz) : (ptrdiff_t)-1, (double)cfg.alpha,
                     (double)cfg.scale, (double)cfg.lo, (double)cfg.hi);
            break;
        }
    }
done:
    for (i = 0; i < nb; i++) { free(bufs[i].p); free(snap[i].p); free(want[i].p); }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const size_t huge[8] = {(size_t)-1, (size_t)-1 / 2 + 1, (size_t)-1 / 4 + 1, (size_t)-1 / 2,
                                   (size_t)1 << 40, (size_t)-1 / 4, (size_t)1 << 62, (size_t)-1 - 1};
    fz_in in = fz_in_make(data, size);
    int entry, op, dt, layout, env, i, j, nb = 0, huge_n, pvalid, valid_op, valid_dt;
    unsigned nullmask, mis, pattern;
    size_t n, nalloc, esz, off[4];
    gpuact_params prm;
    const gpuact_params *pp;
    gpuact_cfg cfg;
    buf bufs[MAXBUF], snap[MAXBUF], want[MAXBUF];
    where at[4];
    void *ptr[4];
    unsigned expected = 0; /* bit s: status s applies */
    gpuact_status st;
    uint32_t nrv;

    pp = fz_read_call_g(&in, 1, &entry, &op, &dt, &prm);
    if (entry >= FZ_GATED_FWD) return gated_input(&in, data, size, entry, op, dt, pp, &prm);
    n = fz_u16(&in) % 301;
    huge_n = fz_u8(&in) >= 0xf8;
    if (huge_n) n = huge[n & 7];
    layout = fz_u8(&in) % 4;
    for (i = 0; i < 4; i++) off[i] = fz_u8(&in) & 15;
    { uint8_t b = fz_u8(&in); mis = b >= 0xc0 ? b & 0xfu : 0u; }
    pattern = fz_u8(&in);
    { uint8_t b = fz_u8(&in); nullmask = b >= 0xe0 ? b & 0xfu : 0u; }
    { uint8_t b = fz_u8(&in); env = b >= 0xf8 ? 1 + b % 6 : 0; }

    valid_op = op >= 1 && op <= 7;
    valid_dt = dt >= 1 && dt <= 3;
    esz = dt == 1 ? 4 : dt == 2 || dt == 3 ? 2 : 4;
    pvalid = fz_params_expected(pp, &cfg);
    nalloc = huge_n ? 32 : n;

    /* ---- the buffers ---- */
    memset(bufs, 0, sizeof bufs);
    for (i = 0; i < 4; i++) { at[i].b = -1; at[i].off = 0; ptr[i] = NULL; }
    if (layout == 0) {
        for (i = 0; i < 4; i++) {
            size_t start = off[i] * esz + ((mis >> i) & 1);
            if (!FZ_USES[entry][i]) continue;
            bufs[nb].n = start + nalloc * esz; /* ends exactly at the array's end */
            bufs[nb].p = (unsigned char *)malloc(bufs[nb].n ? bufs[nb].n : 1);
            at[i].b = nb++;
            at[i].off = start;
        }
    } else {
        size_t region = (nalloc + 16) * esz + 8, guard = 64;
        bufs[0].n = guard + 4 * region + guard;
        bufs[0].p = (unsigned char *)malloc(bufs[0].n);
        nb = 1;
        for (i = 0; i < 4; i++) {
            if (!FZ_USES[entry][i]) continue;
            at[i].b = 0;
            at[i].off = (layout == 3 ? guard : guard + (size_t)i * region) + off[i] * esz + ((mis >> i) & 1);
        }
        if (layout == 2) { /* outputs alias an input or each other, exactly */
            int a0 = pattern & 3, a1 = (pattern >> 2) & 3;
            if (a0 == 1) at[2] = at[0];
            else if (a0 == 2 && FZ_USES[entry][1]) at[2] = at[1];
            if (FZ_USES[entry][3]) {
                if (a1 == 1) at[3] = at[0];
                else if (a1 == 2) at[3] = at[1];
                else if (a1 == 3) at[3] = at[2];
            }
            if ((pattern >> 4) & 1 && FZ_USES[entry][1]) at[1] = at[0]; /* x and dy the same array */
        }
    }
    for (i = 0; i < 4; i++)
        if (at[i].b >= 0 && !((nullmask >> i) & 1)) ptr[i] = bufs[at[i].b].p + at[i].off;
    /* contents: the input's data bytes, then pseudo-random */
    fz_rng_state = 0x1234567ull ^ (uint64_t)size;
    for (j = 0; j < (int)size; j++) fz_rng_state = fz_rng_state * 31 + data[j];
    for (i = 0; i < nb; i++) {
        size_t k;
        for (k = 0; k < bufs[i].n; k++) {
            if (in.i < in.n) bufs[i].p[k] = fz_u8(&in);
            else bufs[i].p[k] = (unsigned char)fz_rng();
        }
        snap[i].n = want[i].n = bufs[i].n;
        snap[i].p = (unsigned char *)malloc(bufs[i].n ? bufs[i].n : 1);
        want[i].p = (unsigned char *)malloc(bufs[i].n ? bufs[i].n : 1);
        memcpy(snap[i].p, bufs[i].p, bufs[i].n);
        memcpy(want[i].p, bufs[i].p, bufs[i].n);
    }

    /* ---- the expected status, from the documented rules ---- */
    if (!valid_op) expected |= 1u << GPUACT_ERROR_INVALID_OP;
    if (!valid_dt) expected |= 1u << GPUACT_ERROR_INVALID_DTYPE;
    if (!pvalid) expected |= 1u << GPUACT_ERROR_INVALID_PARAMS;
    if (entry == TU_BWDOUT && valid_op && (!(op == GPUACT_OP_ELU || op == GPUACT_OP_SELU) || (op == GPUACT_OP_ELU && cfg.alpha < 0.0f)))
        expected |= 1u << GPUACT_ERROR_UNSUPPORTED;
    if (n > 0) {
        for (i = 0; i < 4; i++)
            if (FZ_USES[entry][i] && !ptr[i]) expected |= 1u << GPUACT_ERROR_NULL_POINTER;
        if (valid_dt) {
            if (n > (size_t)-1 / esz) expected |= 1u << GPUACT_ERROR_OVERLAP;
            else {
                size_t bytes = n * esz;
                int o, k;
                for (o = 2; o < 4; o++)
                    for (k = 0; k < 2; k++)
                        if (ptr[o] && ptr[k] && partial(ptr[o], ptr[k], bytes)) expected |= 1u << GPUACT_ERROR_OVERLAP;
                if (ptr[2] && ptr[3] && (ptr[2] == ptr[3] || partial(ptr[2], ptr[3], bytes)))
                    expected |= 1u << GPUACT_ERROR_OVERLAP;
            }
        }
        if (env) expected |= 1u << GPUACT_ERROR_FP_ENVIRONMENT;
    }

    if (huge_n && expected == 0) { /* would run over n elements that do not exist */
#ifdef FZ_API_STATS
        stat_skipped_huge++;
#endif
        goto done;
    }

    /* ---- the call ---- */
#ifdef FZ_HAVE_MXCSR
    { unsigned csr = _mm_getcsr();
#endif
    set_env(env);
    st = tu_call_host(entry, (gpuact_op)op, (gpuact_dtype)dt, pp, ptr[0], ptr[1], ptr[2], ptr[3], n);
    fesetround(FE_TONEAREST);
#ifdef FZ_HAVE_MXCSR
    _mm_setcsr(csr); }
#endif

    /* ---- the verdict ---- */
    nrv = (unsigned)st;
#ifdef FZ_API_STATS
    {
        static int registered;
        if (!registered) { atexit(print_stats); registered = 1; }
        if (nrv < 16) stat_status[nrv]++;
        stat_layout[layout]++;
        if (st == GPUACT_SUCCESS && n > 0) stat_success_n++;
    }
#endif
    if (expected == 0 ? st != GPUACT_SUCCESS : (nrv > 31 || !((expected >> nrv) & 1u))) {
        fz_failf("FAIL api entry=%s op=%d dtype=%d params=%s set=0x%x mode=%d alpha=%a s=%a lo=%a hi=%a n=%zu layout=%d null=0x%x "
                 "env=%d: status %d (%s), expected %s (mask 0x%x)",
                 FZ_ENTRY_NAME[entry], op, dt, pp ? "struct" : "NULL", pp ? pp->set : 0u, pp ? pp->mode : 0, (double)prm.alpha, (double)prm.scale,
                 (double)prm.lo, (double)prm.hi, n, layout, nullmask, env, (int)st, gpuact_status_string(st),
                 expected == 0 ? "SUCCESS" : "one of the errors in the mask", expected);
        goto done;
    }
    if (st == GPUACT_SUCCESS && n > 0) {
        int fmt = dt - 1;
        size_t e;
        for (e = 0; e < n; e++) {
            uint32_t xb = 0, db = 0, r0 = 0, r1 = 0;
            memcpy(&xb, snap[at[0].b].p + at[0].off + e * esz, esz);
            if (FZ_USES[entry][1]) memcpy(&db, snap[at[1].b].p + at[1].off + e * esz, esz);
            if (cfg.mode == GPUACT_MODE_FAST && fmt == 0 && (entry == TU_FWD || entry == TU_GRAD)) {
                /* where the entry points compute fast mode's own functions
                   (GPUACT__FM_OWN), the public scalar function's bits; elsewhere
                   accurate mode's */
                gpuact_cfg acc = cfg;
                const int own = GPUACT__FM_OWN(op, 1);
                uint32_t lib = fz_lib_real(entry == TU_GRAD, op, 0, xb, 0, &cfg), want_bits;
                acc.mode = GPUACT_MODE_ACCURATE;
                want_bits = own ? tu_f2u(fz_public_fast(entry == TU_GRAD, op, tu_u2f(xb), &cfg)) : fz_lib_real(entry == TU_GRAD, op, 0, xb, 0, &acc);
                if (want_bits != lib)
                    fz_failf("FAIL api fast mode's entry point element %s%s(x=%a) = 0x%08x, %s 0x%08x (alpha=%a s=%a lo=%a hi=%a)",
                             fz_op_name(op), entry == TU_GRAD ? "_grad" : "", (double)tu_u2f(xb), lib,
                             own ? "its public fast scalar function" : "accurate mode's", want_bits, (double)cfg.alpha, (double)cfg.scale,
                             (double)cfg.lo, (double)cfg.hi);
            }
            switch (entry) {
            case TU_FWD: r0 = fz_lib_real(0, op, fmt, xb, 0, &cfg); break;
            case TU_GRAD: r0 = fz_lib_real(1, op, fmt, xb, 0, &cfg); break;
            case TU_BWD: r0 = fz_lib_real(2, op, fmt, xb, db, &cfg); break;
            case TU_FWDBWD: r0 = fz_lib_real(0, op, fmt, xb, 0, &cfg); r1 = fz_lib_real(2, op, fmt, xb, db, &cfg); break;
            default: r0 = fz_lib_real(3, op, fmt, xb, db, &cfg); break;
            }
            memcpy(want[at[2].b].p + at[2].off + e * esz, &r0, esz); /* little-endian: the low bytes */
            if (FZ_USES[entry][3]) memcpy(want[at[3].b].p + at[3].off + e * esz, &r1, esz);
        }
    }
    for (i = 0; i < nb; i++) {
        const unsigned char *w = st == GPUACT_SUCCESS ? want[i].p : snap[i].p;
        if (memcmp(bufs[i].p, w, bufs[i].n) != 0) {
            size_t k = 0;
            int s, slot = -1;
            while (k < bufs[i].n && bufs[i].p[k] == w[k]) k++;
            for (s = 0; s < 4; s++)
                if (at[s].b == i && k >= at[s].off && k < at[s].off + nalloc * esz) slot = s;
            fz_failf("FAIL api entry=%s op=%d dtype=%d mode=%d n=%zu layout=%d status %d: buffer %d byte %zu is 0x%02x, expected 0x%02x "
                     "(%s; array slot %d, element %zd; alpha=%a s=%a lo=%a hi=%a)",
                     FZ_ENTRY_NAME[entry], op, dt, cfg.mode, n, layout, (int)st, i, k, bufs[i].p[k], w[k],
                     st == GPUACT_SUCCESS ? "result differs from the scalar loop, or a byte outside the outputs changed"
                                          : "written on error",
                     slot, slot >= 0 ? (ptrdiff_t)((k - at[slot].off) / esz) : (ptrdiff_t)-1, (double)cfg.alpha,
                     (double)cfg.scale, (double)cfg.lo, (double)cfg.hi);
            break;
        }
    }
done:
    for (i = 0; i < nb; i++) { free(bufs[i].p); free(snap[i].p); free(want[i].p); }
    return 0;
}
