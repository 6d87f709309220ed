/* fuzz_entry.h - what the API harnesses (fuzz_api.c on the host entry points,
   fuzz_gpu.cu on the device ones) share: the entry points by number, the
   arrays each one uses, the first 21 input bytes (entry, op, dtype, params)
   and the pseudo-random filler. */
#ifndef GPUACT_FUZZ_ENTRY_H
#define GPUACT_FUZZ_ENTRY_H
#include <limits.h>

#include "fuzz_core.h"
#include "tests/common/bits.h"
#include "tests/common/entry.h"

/* the entry points: TU_FWD .. TU_BWDOUT (tests/common/entry.h), then the
   gated forms' (fuzz_api only: the host has them, the device not yet) */
#define FZ_GATED_FWD 5 /* gpuact_gated_host */
#define FZ_GATED_BWD 6 /* gpuact_gated_backward_host */
static FZ_UNUSED const char *const FZ_ENTRY_NAME[7] = {"forward", "grad", "backward", "forward_backward",
                                                       "backward_from_output", "gated", "gated_backward"};
/* slots: 0 in0 (x, or y for from-output), 1 in1 (dy), 2 out0, 3 out1 */
static FZ_UNUSED const int FZ_USES[5][4] = {{1, 0, 1, 0}, {1, 0, 1, 0}, {1, 1, 1, 0}, {1, 1, 1, 1}, {1, 1, 1, 0}};

/* the filler after the input's own bytes: splitmix64, seeded from the input */
static FZ_UNUSED uint64_t fz_rng_state;
FZ_FN uint64_t fz_rng(void) { return tu_splitmix64(&fz_rng_state); }

/* one parameter: mode 2 its raw bits; else (now and then an invalid value)
   one of eight from the table of `which` (0 alpha, 1 scale, 2 lo, 3 hi) */
FZ_FN float fz_param_from(fz_in *in, int mode, int which) {
    static const float A[8] = {1.0f, 0.0f, -0.0f, 0.5f, 2.0f, -1.0f, 1e30f, 3.0f};
    static const float S[8] = {0.5f, -0.5f, 0.0f, 1.0f, 1.5f, 1e-30f, 20.0f, -2.0f};
    static const float L[8] = {-1.0f, 0.0f, -0.0f, -0.5f, -20.0f, 0.25f, -3.0e38f, 1.0f};
    static const float H[8] = {1.0f, 0.0f, 0.5f, 0.8f, 20.0f, -0.25f, 3.0e38f, -1.0f};
    uint32_t v = fz_u32(in);
    if (mode == 2) return tu_u2f(v);
    if ((v & 0xff) >= 0xf8) { /* the invalid ones, now and then */
        static const uint32_t bad[4] = {0x7fc00000u, 0x7f800000u, 0xff800000u, 0x7f800001u};
        return tu_u2f(bad[v & 3]);
    }
    switch (which) {
    case 0: return A[v & 7];
    case 1: return S[v & 7];
    case 2: return (v >> 8) & 1 ? -tu_u2f(0x7f800000u) : L[v & 7];
    default: return (v >> 8) & 1 ? tu_u2f(0x7f800000u) : H[v & 7];
    }
}

/* bytes 0..20: entry (b % 5; with `gated`, b >= 0xc0 is a gated entry
   point instead, FZ_GATED_FWD + (b & 1): no committed input has such a
   byte, and the device harness keeps b % 5), op (b < 0xf0: 1 + b % 7, else an invalid
   value), dtype (likewise, 1 + b % 3), params (b % 4: 0 NULL, 1 zeroed
   struct, 2 raw fields, 3 fields from tables; bit 4: GPUACT_SET_MODE; bits
   5..7: the mode field, FZ_MODES below, which must be ignored without the
   bit), set (b & 0xf, plus an unknown bit when b >= 0xf0), then alpha,
   scale, lo, hi. Fills *prm (zeroed in params 1) and returns the params
   pointer the call gets (NULL in params 0). Older inputs have bits 4..7 of
   byte 3 clear (or bit 4 clear): accurate mode, as before. */
static FZ_UNUSED const int FZ_MODES[8] = {GPUACT_MODE_FAST, GPUACT_MODE_FAST, GPUACT_MODE_ACCURATE, GPUACT_MODE_FAST,
                                          2, GPUACT_MODE_FAST, -1, INT_MIN};
FZ_FN const gpuact_params *fz_read_call_g(fz_in *in, int gated, int *entry, int *op, int *dt, gpuact_params *prm) {
    static const int bad_ops[8] = {0, 8, -1, 9, 100, INT_MAX, INT_MIN, 255};
    static const int bad_dts[8] = {0, 6, -1, 5, 255, INT_MAX, INT_MIN, 16}; /* 4 is GPUACT_F64, which the element loops here leave out */
    uint8_t b;
    int pmode;
    unsigned setb;
    b = fz_u8(in);
    *entry = gated && b >= 0xc0 ? FZ_GATED_FWD + (b & 1) : b % 5;
    b = fz_u8(in);
    *op = b < 0xf0 ? 1 + b % 7 : bad_ops[b & 7];
    b = fz_u8(in);
    *dt = b < 0xf0 ? 1 + b % 3 : bad_dts[b & 7];
    b = fz_u8(in);
    pmode = b % 4;
    setb = fz_u8(in);
    memset(prm, 0, sizeof *prm);
    prm->set = (setb & 0xfu) | (setb >= 0xf0 ? 0x20u << (setb & 3) : 0u) | (b & 0x10u); /* 0x10 is GPUACT_SET_MODE */
    prm->mode = FZ_MODES[b >> 5];
    prm->alpha = fz_param_from(in, pmode, 0);
    prm->scale = fz_param_from(in, pmode, 1);
    prm->lo = fz_param_from(in, pmode, 2);
    prm->hi = fz_param_from(in, pmode, 3);
    if (pmode == 0) return NULL;
    if (pmode == 1) memset(prm, 0, sizeof *prm);
    return prm;
}
FZ_FN const gpuact_params *fz_read_call(fz_in *in, int *entry, int *op, int *dt, gpuact_params *prm) {
    return fz_read_call_g(in, 0, entry, op, dt, prm);
}
#endif
