/* tests/common/bits.h - bit-level helpers shared by the tests, the accuracy
   checks, the fuzz harnesses and the benchmark: float <-> bits, the ordinal
   of a float (ULP distances, neighbours), splitmix64, and decoders of the
   16-bit formats written apart from the library's.
   C99, C++ and CUDA (host and device); nothing but static inline functions. */
#ifndef GPUACT_TEST_BITS_H
#define GPUACT_TEST_BITS_H
#include <stdint.h>
#include <string.h>

#if defined(__CUDACC__)
#define TU_HD __host__ __device__
#else
#define TU_HD
#endif

TU_HD static inline uint32_t tu_f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
TU_HD static inline float tu_u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
TU_HD static inline int tu_isnan(float f) { return (tu_f2u(f) & 0x7fffffffu) > 0x7f800000u; }
/* identical including the sign of zero; any NaN matches any NaN */
TU_HD static inline int tu_same(float a, float b) { return (tu_isnan(a) && tu_isnan(b)) || tu_f2u(a) == tu_f2u(b); }

/* Floats in order as integers (-0 and +0 adjacent): the difference of two
   ordinals is their distance in ULPs, o +- k the k-th neighbour. */
TU_HD static inline int64_t tu_f2ord(float f) {
    uint32_t u = tu_f2u(f);
    return (u & 0x80000000u) ? -(int64_t)(u & 0x7fffffffu) - 1 : (int64_t)u;
}
TU_HD static inline float tu_ord2f(int64_t o) {
    return o < 0 ? tu_u2f((uint32_t)(-(o + 1)) | 0x80000000u) : tu_u2f((uint32_t)o);
}

/* splitmix64: tu_mix64(i) hashes an index (data reproducible from i alone);
   tu_splitmix64(&s) is the generator, s += golden ratio, then the same mix */
TU_HD static inline uint64_t tu_mix64(uint64_t z) {
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
TU_HD static inline uint64_t tu_splitmix64(uint64_t *state) {
    uint64_t r = tu_mix64(*state);
    *state += 0x9e3779b97f4a7c15ull;
    return r;
}

/* xorshift64*: the accuracy checks' sample generator (state never 0) */
TU_HD static inline uint64_t tu_xorshift64s(uint64_t *state) {
    *state ^= *state >> 12; *state ^= *state << 25; *state ^= *state >> 27;
    return *state * 0x2545f4914f6cdd1dull;
}

/* fp16 and bf16 bit patterns to float, independently of the library */
TU_HD static inline float tu_f16(uint16_t h) {
    int s = h >> 15, e = (h >> 10) & 31, m = h & 1023, k;
    float v;
    if (e == 31) return m ? tu_u2f(0x7fc00000u) : (s ? -tu_u2f(0x7f800000u) : tu_u2f(0x7f800000u));
    if (e == 0) { v = (float)m; k = -24; }          /* m 2^-24 */
    else { v = (float)(1024 + m); k = e - 25; }      /* (1024 + m) 2^(e-25) */
    for (; k > 0; k--) v *= 2.0f;
    for (; k < 0; k++) v *= 0.5f;                    /* exact: v stays >= 2^-24 */
    return s ? -v : v;
}
TU_HD static inline float tu_bf16(uint16_t b) { return tu_u2f((uint32_t)b << 16); }
#endif
