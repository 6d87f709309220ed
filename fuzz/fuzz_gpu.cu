/* fuzz_gpu.cu - the device entry points (gpuact_*_device) against the host
   entry points, bit for bit, on a batch of up to 4096 elements per input.

   Built only with nvcc (fuzz/build_gpu.sh, -DGPUACT_FUZZ_GPU=ON in CMake);
   needs a CUDA GPU to run. nvcc cannot link libFuzzer: the .cu is compiled
   to an object (host code through clang++ with -fsanitize=fuzzer-no-link
   for coverage, no ASan: the CUDA runtime and ASan do not mix) and linked
   with clang++ -fsanitize=fuzzer. See fuzz/README.md.

   Input (little-endian; missing bytes read as 0):
     0   entry     b % 5: forward, grad, backward, forward_backward, backward_from_output
     1   op        b < 0xf0: 1 + b % 7; else invalid (0, 8, -1, ...)
     2   dtype     b < 0xf0: 1 + b % 3; else invalid
     3   params    b % 4: 0 NULL, 1 zeroed, 2 raw fields, 3 fields from tables
     4   set       b & 0xf (+ an unknown bit when b >= 0xf0)
     5.. alpha, scale, lo, hi (4 bytes each)
     21  n         u16 % 4097
     23  layout    b % 3: 0 disjoint regions, 1 in place (pattern: byte 29), 2 all
                   within 16 elements (overlaps, usually an error)
     24..27 element offsets 0..15 (in0, in1, out0, out1): with byte 28's
            misalignment they pick the kernel's VEC / SCALAR / BYTES paths
     28  misalign  b >= 0xc0: bit i adds one byte to array i
     29  in-place pattern
     30  pointer   0xe0..0xef: array (b & 3) NULL; >= 0xf0: array (b & 3) is
                   host memory (GPUACT_ERROR_NOT_DEVICE_POINTER unless another
                   error comes first)
     31  stream    bit 0: a created stream instead of the default one
     32.. element bits (cycled through the arrays; after the end, pseudo-random
          with NaNs, infinities, zeros and subnormals mixed in)
   Checks: the device status equals the host status (except host memory:
   NOT_DEVICE_POINTER, or the host's error); the whole device arena, copied
   back, equals the host arena after the host call: outputs bit-identical,
   nothing else written, nothing written on error; no CUDA error. */
#include "fuzz_core.h"
#include <cuda_runtime.h>
#include <climits>

namespace {

enum { E_FWD, E_GRAD, E_BWD, E_FWDBWD, E_BWDOUT };
const char *const ENTRY_NAME[5] = {"forward", "grad", "backward", "forward_backward", "backward_from_output"};
const int USES[5][4] = {{1, 0, 1, 0}, {1, 0, 1, 0}, {1, 1, 1, 0}, {1, 1, 1, 1}, {1, 1, 1, 0}};

const size_t MAXN = 4096, GUARD = 256, REGION = (MAXN + 32) * 4 + 64, ARENA = GUARD + 4 * REGION + GUARD;
unsigned char *d_arena, *h_init, *h_arena, *h_back, *h_foreign, *h_foreign2;
cudaStream_t stream2;
bool ready;

uint64_t rng_state;
uint64_t rng() {
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void cuda_or_die(cudaError_t e, const char *what) {
    if (e != cudaSuccess) {
        fprintf(stderr, "fuzz_gpu: %s: %s\n", what, cudaGetErrorString(e));
        abort(); /* the environment, not a finding */
    }
}
void setup() {
    if (ready) return;
    cuda_or_die(cudaMalloc((void **)&d_arena, ARENA), "cudaMalloc");
    cuda_or_die(cudaStreamCreateWithFlags(&stream2, cudaStreamNonBlocking), "cudaStreamCreate");
    h_init = (unsigned char *)malloc(ARENA);
    h_arena = (unsigned char *)malloc(ARENA);
    h_back = (unsigned char *)malloc(ARENA);
    h_foreign = (unsigned char *)malloc(REGION);  /* the device call's host-memory array */
    h_foreign2 = (unsigned char *)malloc(REGION); /* the host call's array in its place */
    ready = true;
}

float param_from(fz_in *in, int mode, int which) {
    static const float A[8] = {1.0f, 0.0f, -0.0f, 0.5f, 2.0f, -1.0f, 1e30f, 3.0f};
    static const float S[8] = {0.5f, -0.5f, 0.0f, 1.0f, 1.5f, 1e-30f, 20.0f, -2.0f};
    static const float L[8] = {-1.0f, 0.0f, -0.0f, -0.5f, -20.0f, 0.25f, -3.0e38f, 1.0f};
    static const float H[8] = {1.0f, 0.0f, 0.5f, 0.8f, 20.0f, -0.25f, 3.0e38f, -1.0f};
    uint32_t v = fz_u32(in);
    if (mode == 2) return fz_u2f(v);
    if ((v & 0xff) >= 0xf8) {
        static const uint32_t bad[4] = {0x7fc00000u, 0x7f800000u, 0xff800000u, 0x7f800001u};
        return fz_u2f(bad[v & 3]);
    }
    switch (which) {
    case 0: return A[v & 7];
    case 1: return S[v & 7];
    case 2: return (v >> 8) & 1 ? -fz_u2f(0x7f800000u) : L[v & 7];
    default: return (v >> 8) & 1 ? fz_u2f(0x7f800000u) : H[v & 7];
    }
}

uint32_t special_elem(size_t esz) {
    static const uint32_t s32[12] = {0x7fc00000u, 0x7f800001u, 0xffc00000u, 0x7f800000u, 0xff800000u, 0u,
                                     0x80000000u, 1u, 0x807fffffu, 0x7f7fffffu, 0xc1a00000u /* -20 */, 0xc2c80000u /* -100 */};
    static const uint32_t s16[12] = {0x7e00u, 0x7c01u, 0xfe00u, 0x7c00u, 0xfc00u, 0u, 0x8000u, 1u, 0x83ffu, 0x7bffu, 0x7f81u, 0xff80u};
    return esz == 4 ? s32[rng() % 12] : s16[rng() % 12];
}

gpuact_status call(int entry, int op, int dt, const gpuact_params *pp, void *const p[4], size_t n, bool device,
                   cudaStream_t s) {
    gpuact_op o = (gpuact_op)op;
    gpuact_dtype t = (gpuact_dtype)dt;
    if (device) {
        switch (entry) {
        case E_FWD: return gpuact_forward_device(o, t, pp, p[0], p[2], n, s);
        case E_GRAD: return gpuact_grad_device(o, t, pp, p[0], p[2], n, s);
        case E_BWD: return gpuact_backward_device(o, t, pp, p[0], p[1], p[2], n, s);
        case E_FWDBWD: return gpuact_forward_backward_device(o, t, pp, p[0], p[1], p[2], p[3], n, s);
        default: return gpuact_backward_from_output_device(o, t, pp, p[0], p[1], p[2], n, s);
        }
    }
    switch (entry) {
    case E_FWD: return gpuact_forward_host(o, t, pp, p[0], p[2], n);
    case E_GRAD: return gpuact_grad_host(o, t, pp, p[0], p[2], n);
    case E_BWD: return gpuact_backward_host(o, t, pp, p[0], p[1], p[2], n);
    case E_FWDBWD: return gpuact_forward_backward_host(o, t, pp, p[0], p[1], p[2], p[3], n);
    default: return gpuact_backward_from_output_host(o, t, pp, p[0], p[1], p[2], n);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const int bad_ops[8] = {0, 8, -1, 9, 100, INT_MAX, INT_MIN, 255};
    static const int bad_dts[8] = {0, 4, -1, 5, 255, INT_MAX, INT_MIN, 16};
    setup();
    fz_in in = fz_in_make(data, size);
    int entry = fz_u8(&in) % 5;
    uint8_t b = fz_u8(&in);
    int op = b < 0xf0 ? 1 + b % 7 : bad_ops[b & 7];
    b = fz_u8(&in);
    int dt = b < 0xf0 ? 1 + b % 3 : bad_dts[b & 7];
    int pmode = fz_u8(&in) % 4;
    unsigned setb = fz_u8(&in);
    gpuact_params prm;
    memset(&prm, 0, sizeof prm);
    prm.set = (setb & 0xfu) | (setb >= 0xf0 ? 0x10u << (setb & 3) : 0u);
    prm.alpha = param_from(&in, pmode, 0);
    prm.scale = param_from(&in, pmode, 1);
    prm.lo = param_from(&in, pmode, 2);
    prm.hi = param_from(&in, pmode, 3);
    const gpuact_params *pp = NULL;
    if (pmode == 1) memset(&prm, 0, sizeof prm);
    if (pmode != 0) pp = &prm;
    size_t n = fz_u16(&in) % (MAXN + 1);
    (void)fz_u8(&in);
    int layout = fz_u8(&in) % 3;
    size_t off[4];
    for (int i = 0; i < 4; i++) off[i] = fz_u8(&in) & 15;
    b = fz_u8(&in);
    unsigned mis = b >= 0xc0 ? b & 0xfu : 0u;
    unsigned pattern = fz_u8(&in);
    unsigned ptrmode = fz_u8(&in);
    unsigned smode = fz_u8(&in);
    cudaStream_t s = (smode & 1) ? stream2 : (cudaStream_t)0;
    size_t esz = dt == 2 || dt == 3 ? 2 : 4;

    /* placement (byte offsets into the arena), the same on both sides */
    size_t at[4];
    for (int i = 0; i < 4; i++)
        at[i] = (layout == 2 ? GUARD : GUARD + (size_t)i * REGION) + off[i] * esz + ((mis >> i) & 1);
    if (layout == 1) {
        int a0 = pattern & 3, a1 = (pattern >> 2) & 3;
        if (a0 == 1) at[2] = at[0];
        else if (a0 == 2 && USES[entry][1]) at[2] = at[1];
        if (USES[entry][3]) {
            if (a1 == 1) at[3] = at[0];
            else if (a1 == 2) at[3] = at[1];
            else if (a1 == 3) at[3] = at[2];
        }
        if ((pattern >> 4) & 1 && USES[entry][1]) at[1] = at[0];
    }
    /* arena contents: sentinel-ish random bytes, then the inputs' elements */
    rng_state = 0x5eedull ^ (uint64_t)size;
    for (size_t j = 0; j < size; j++) rng_state = rng_state * 31 + data[j];
    for (size_t k = 0; k < ARENA; k++) h_init[k] = (unsigned char)rng();
    for (int slot = 0; slot < 2; slot++) {
        if (!USES[entry][slot]) continue;
        for (size_t e = 0; e < n; e++) {
            uint32_t v;
            if (in.i + esz <= in.n) { v = 0; for (size_t q = 0; q < esz; q++) v |= (uint32_t)fz_u8(&in) << (8 * q); }
            else if (rng() % 4 == 0) v = special_elem(esz);
            else v = (uint32_t)rng();
            memcpy(h_init + at[slot] + e * esz, &v, esz);
        }
    }
    memcpy(h_arena, h_init, ARENA);
    cuda_or_die(cudaMemcpy(d_arena, h_init, ARENA, cudaMemcpyHostToDevice), "cudaMemcpy to device");
    /* A pageable host-to-device cudaMemcpy may return once the bytes are
       staged, before the DMA reaches the device (the runtime's "API
       synchronization behavior"), and stream2 is non-blocking: without this
       the device call could read the previous input's arena. */
    cuda_or_die(cudaDeviceSynchronize(), "cudaDeviceSynchronize after the copy");
    memcpy(h_foreign, h_init + GUARD, REGION);

    void *hp[4], *dp[4];
    for (int i = 0; i < 4; i++) {
        hp[i] = USES[entry][i] ? h_arena + at[i] : NULL;
        dp[i] = USES[entry][i] ? d_arena + at[i] : NULL;
    }
    bool host_mem = false;
    if (ptrmode >= 0xe0 && USES[entry][ptrmode & 3]) {
        int sl = ptrmode & 3;
        if (ptrmode >= 0xf0) {
            /* the array moves out of the arena on both sides, so that both
               calls see the same overlaps; only the device call gets host memory */
            dp[sl] = h_foreign + (at[sl] % 64);
            hp[sl] = h_foreign2 + (at[sl] % 64);
            memcpy(h_foreign2, h_foreign, REGION);
            host_mem = true;
        }
        else { hp[sl] = NULL; dp[sl] = NULL; }
    }

    gpuact_status sh = call(entry, op, dt, pp, hp, n, false, 0);
    gpuact_status sd = call(entry, op, dt, pp, dp, n, true, s);
    cudaError_t e1 = cudaStreamSynchronize(s), e2 = cudaGetLastError();
    if (e1 != cudaSuccess || e2 != cudaSuccess) {
        fz_failf("FAIL gpu entry=%s op=%d dtype=%d n=%zu layout=%d: CUDA error after the call: %s / %s", ENTRY_NAME[entry], op,
                 dt, n, layout, cudaGetErrorString(e1), cudaGetErrorString(e2));
        return 0;
    }
    gpuact_status want = sh;
    if (host_mem && sh == GPUACT_SUCCESS && n > 0) want = GPUACT_ERROR_NOT_DEVICE_POINTER;
    if (sd != want) {
        fz_failf("FAIL gpu entry=%s op=%d dtype=%d n=%zu layout=%d ptrmode=0x%x: device status %d (%s), host status %d (%s)",
                 ENTRY_NAME[entry], op, dt, n, layout, ptrmode, (int)sd, gpuact_status_string(sd), (int)sh,
                 gpuact_status_string(sh));
        return 0;
    }
    cuda_or_die(cudaMemcpy(h_back, d_arena, ARENA, cudaMemcpyDeviceToHost), "cudaMemcpy to host");
    /* device arena vs the host arena after the host call (or, when the
       device refused a host pointer that the host accepted, vs the initial
       one: the host call then wrote its outputs, the device call nothing) */
    const unsigned char *w = (host_mem && want == GPUACT_ERROR_NOT_DEVICE_POINTER) ? h_init : h_arena;
    if (memcmp(h_back, w, ARENA) != 0) {
        size_t k = 0;
        while (h_back[k] == w[k]) k++;
        int slot = -1;
        for (int i = 0; i < 4; i++)
            if (USES[entry][i] && k >= at[i] && k < at[i] + n * esz) slot = i;
        long elem = slot >= 0 ? (long)((k - at[slot]) / esz) : -1;
        uint32_t xb = 0, db = 0;
        if (elem >= 0) {
            memcpy(&xb, h_init + at[0] + (size_t)elem * esz, esz);
            if (USES[entry][1]) memcpy(&db, h_init + at[1] + (size_t)elem * esz, esz);
        }
        fz_failf("FAIL gpu entry=%s op=%d dtype=%d n=%zu layout=%d offsets=%zu,%zu,%zu,%zu mis=0x%x status=%d: arena byte %zu "
                 "device 0x%02x host 0x%02x (slot %d element %ld, x=0x%x dy=0x%x; alpha=%a s=%a lo=%a hi=%a set=0x%x)",
                 ENTRY_NAME[entry], op, dt, n, layout, at[0], at[1], at[2], at[3], mis, (int)sd, k, h_back[k], w[k], slot,
                 elem, xb, db, (double)prm.alpha, (double)prm.scale, (double)prm.lo, (double)prm.hi, pp ? pp->set : 0u);
    }
    return 0;
}
