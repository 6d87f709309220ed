/* fuzz_ulp.c - one scalar evaluation per input against the MPFR reference,
   in accurate or fast mode, or one of the gated or bias forms.

   Input (little-endian, 35 bytes; missing bytes read as 0, extra ignored):
     0      op        1 + b % 7
     1      format    b % 3            (0 binary32, 1 binary16, 2 bfloat16)
     2      direction b % 4            (0 f, 1 f', 2 dy f', 3 dx from y: elu/selu
                                        with alpha >= 0, else treated as 2)
     3      set       gpuact_params.set = b & 0xf, plus an unknown bit when b >= 0xf0
     4..7   x         raw bits (binary32; the low 16 bits for the 16-bit formats)
     8..11  dy        raw bits, likewise
     12..27 alpha, scale, lo, hi: raw binary32 bits each
     28     mode      fz_read_mode (fuzz_core.h): 0 (or absent) accurate as
                      before, b & 7 = 1..5 GPUACT_SET_MODE with fast mode,
                      6 with accurate mode, 7 an invalid mode
     29     gated     b & 3: 0 (or absent) the single op above, as before;
                      1 y = f(x) b, 2 da = dy b f'(x), 3 db = dy f(x)
                      (gpuact_gated_* / gpuact_gated_backward_*, x is a);
                      byte 2 is then unused, and a valid mode byte is
                      evaluated in accurate mode (the gated forms have no
                      other; an invalid one is still rejected)
     30..33 b         raw bits (the gated forms' b, the bias), like x
     34     bias      b % 3, where byte 29 chose no gated form: 0 (or absent)
                      as above; 1 y = f(x + b), 2 dx = dy f'(x + b)
                      (gpuact_bias_forward_* / _backward_*; accurate mode
                      as the gated forms)
   Every bit pattern is reachable (NaN payloads, infinities, subnormals).
   Invalid parameters (non-finite alpha/scale, NaN bound, lo > hi, unknown
   bit) must be rejected by gpuact_resolve, and the input stops there.
   A finding prints
     FAIL fn=... fmt=... dir=... x=... dy=... alpha=... s=... lo=... hi=... ref=... got=... ulp=...
   (with mode=fast after dir= in fast mode; dir=gated_y|gated_da|gated_db or
   bias_y|bias_dx and b= after x= for those forms) and aborts. Bars and
   fast-mode bounds: fuzz_ref.h (gated and bias: binary32 0.501 ulp, 16-bit
   correctly rounded). */
#include "fuzz_ref.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_in in = fz_in_make(data, size);
    fz_case k;
    gpuact_params p;
    uint8_t setb;
    k.op = 1 + fz_u8(&in) % 7;
    k.fmt = fz_u8(&in) % 3;
    k.dir = fz_u8(&in) % 4;
    setb = fz_u8(&in);
    k.xb = fz_u32(&in) & fz_mask(k.fmt);
    k.db = fz_u32(&in) & fz_mask(k.fmt);
    fz_read_params(&in, setb, &p);
    fz_read_mode(fz_u8(&in), &p);
    k.gated = fz_u8(&in) & 3;
    k.bb = fz_u32(&in) & fz_mask(k.fmt);
    k.bias = k.gated ? 0 : fz_u8(&in) % 3;
    if (!fz_resolve_checked(k.op, &p, &k.c)) return 0;
    if (k.bias) {
        k.c.mode = GPUACT_MODE_ACCURATE;
        k.dir = k.bias == FZ_BIAS_DX ? 2 : 0;
        fz_check(&k, fz_lib_bias(k.bias, k.op, k.fmt, k.xb, k.bb, k.db, &k.c), 0);
        return 0;
    }
    if (k.gated) {
        k.c.mode = GPUACT_MODE_ACCURATE;
        k.dir = k.gated == FZ_GATED_DA ? 2 : 0;
        fz_check(&k, fz_lib_gated(k.gated, k.op, k.fmt, k.xb, k.bb, k.db, &k.c), 0);
        return 0;
    }
    if (k.dir == 3 && (k.op != GPUACT_OP_ELU && k.op != GPUACT_OP_SELU)) k.dir = 2;
    if (k.dir == 3 && k.op == GPUACT_OP_ELU && k.c.alpha < 0.0f) k.dir = 2; /* unsupported there */
    fz_check(&k, fz_lib(k.dir, k.op, k.fmt, k.xb, k.db, &k.c), 0);
    return 0;
}
