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
#define GPUACT_FAST_KERNELS /* fast mode on the device too (fuzz_core.h includes gpuact.h) */
#include "fuzz_entry.h"
#include <cuda_runtime.h>
#include <climits>

namespace {

const size_t MAXN = 4096, GUARD = 256, REGION = (MAXN + 32) * 4 + 64, ARENA = GUARD + 4 * REGION + GUARD;
unsigned char *d_arena, *h_init, *h_arena, *h_back, *h_foreign, *h_foreign2;
cudaStream_t stream2;
bool ready;

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

uint32_t special_elem(size_t esz) {
    static const uint32_t s32[12] = {0x7fc00000u, 0x7f800001u, 0xffc00000u, 0x7f800000u, 0xff800000u, 0u,
                                     0x80000000u, 1u, 0x807fffffu, 0x7f7fffffu, 0xc1a00000u /* -20 */, 0xc2c80000u /* -100 */};
    static const uint32_t s16[12] = {0x7e00u, 0x7c01u, 0xfe00u, 0x7c00u, 0xfc00u, 0u, 0x8000u, 1u, 0x83ffu, 0x7bffu, 0x7f81u, 0xff80u};
    return esz == 4 ? s32[fz_rng() % 12] : s16[fz_rng() % 12];
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    setup();
    fz_in in = fz_in_make(data, size);
    int entry, op, dt;
    gpuact_params prm;
    const gpuact_params *pp = fz_read_call(&in, &entry, &op, &dt, &prm);
    size_t n = fz_u16(&in) % (MAXN + 1);
    (void)fz_u8(&in);
    int layout = fz_u8(&in) % 3;
    size_t off[4];
    for (int i = 0; i < 4; i++) off[i] = fz_u8(&in) & 15;
    uint8_t b = fz_u8(&in);
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
        else if (a0 == 2 && FZ_USES[entry][1]) at[2] = at[1];
        if (FZ_USES[entry][3]) {
            if (a1 == 1) at[3] = at[0];
            else if (a1 == 2) at[3] = at[1];
            else if (a1 == 3) at[3] = at[2];
        }
        if ((pattern >> 4) & 1 && FZ_USES[entry][1]) at[1] = at[0];
    }
    /* arena contents: sentinel-ish random bytes, then the inputs' elements */
    fz_rng_state = 0x5eedull ^ (uint64_t)size;
    for (size_t j = 0; j < size; j++) fz_rng_state = fz_rng_state * 31 + data[j];
    for (size_t k = 0; k < ARENA; k++) h_init[k] = (unsigned char)fz_rng();
    for (int slot = 0; slot < 2; slot++) {
        if (!FZ_USES[entry][slot]) continue;
        for (size_t e = 0; e < n; e++) {
            uint32_t v;
            if (in.i + esz <= in.n) { v = 0; for (size_t q = 0; q < esz; q++) v |= (uint32_t)fz_u8(&in) << (8 * q); }
            else if (fz_rng() % 4 == 0) v = special_elem(esz);
            else v = (uint32_t)fz_rng();
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
        hp[i] = FZ_USES[entry][i] ? h_arena + at[i] : NULL;
        dp[i] = FZ_USES[entry][i] ? d_arena + at[i] : NULL;
    }
    bool host_mem = false;
    if (ptrmode >= 0xe0 && FZ_USES[entry][ptrmode & 3]) {
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

    gpuact_status sh = tu_call_host(entry, (gpuact_op)op, (gpuact_dtype)dt, pp, hp[0], hp[1], hp[2], hp[3], n);
    gpuact_status sd = tu_call_device(entry, (gpuact_op)op, (gpuact_dtype)dt, pp, dp[0], dp[1], dp[2], dp[3], n, s);
    cudaError_t e1 = cudaStreamSynchronize(s), e2 = cudaGetLastError();
    if (e1 != cudaSuccess || e2 != cudaSuccess) {
        fz_failf("FAIL gpu entry=%s op=%d dtype=%d n=%zu layout=%d: CUDA error after the call: %s / %s", FZ_ENTRY_NAME[entry], op,
                 dt, n, layout, cudaGetErrorString(e1), cudaGetErrorString(e2));
        return 0;
    }
    gpuact_status want = sh;
    if (host_mem && sh == GPUACT_SUCCESS && n > 0) want = GPUACT_ERROR_NOT_DEVICE_POINTER;
    if (sd != want) {
        fz_failf("FAIL gpu entry=%s op=%d dtype=%d n=%zu layout=%d ptrmode=0x%x: device status %d (%s), host status %d (%s)",
                 FZ_ENTRY_NAME[entry], op, dt, n, layout, ptrmode, (int)sd, gpuact_status_string(sd), (int)sh,
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
            if (FZ_USES[entry][i] && k >= at[i] && k < at[i] + n * esz) slot = i;
        long elem = slot >= 0 ? (long)((k - at[slot]) / esz) : -1;
        uint32_t xb = 0, db = 0;
        if (elem >= 0) {
            memcpy(&xb, h_init + at[0] + (size_t)elem * esz, esz);
            if (FZ_USES[entry][1]) memcpy(&db, h_init + at[1] + (size_t)elem * esz, esz);
        }
        fz_failf("FAIL gpu entry=%s op=%d dtype=%d n=%zu layout=%d offsets=%zu,%zu,%zu,%zu mis=0x%x status=%d: arena byte %zu "
                 "device 0x%02x host 0x%02x (slot %d element %ld, x=0x%x dy=0x%x; alpha=%a s=%a lo=%a hi=%a set=0x%x)",
                 FZ_ENTRY_NAME[entry], op, dt, n, layout, at[0], at[1], at[2], at[3], mis, (int)sd, k, h_back[k], w[k], slot,
                 elem, xb, db, (double)prm.alpha, (double)prm.scale, (double)prm.lo, (double)prm.hi, pp ? pp->set : 0u);
    }
    return 0;
}
