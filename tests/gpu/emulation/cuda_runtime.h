/* emulation/cuda_runtime.h - a CPU stand-in for the part of the CUDA runtime
   that gpuact and its GPU tests use, so that the real kernel source
   (gpuact_kernels.cuh's "CUDA kernels" section), the device entry points and
   tests/gpu/test_device.cu can run on a machine without a GPU:
       g++ -std=c++17 -D__CUDACC__ -include tests/gpu/emulation/cuda_runtime.h \
           -Itests/gpu/emulation -I. ...
   A launch runs the blocks of the grid spread over CPU threads; a block's
   threads run as fibers on one CPU thread, switching only at the warp
   intrinsics (__ballot_sync, __any_sync, __syncwarp), which wait for all
   lanes of the warp as on a GPU (a lane that never arrives is reported as
   a deadlock and aborts), and at __syncthreads, which waits for the block; __shared__ is per CPU thread, so per block. "device" memory is host memory recorded in
   an allocation table that cudaPointerGetAttributes consults. Stream capture
   records launches into a graph that cudaGraphLaunch replays. It checks
   logic (indexing, alignment decisions, statuses, in-place, capture), not
   anything a real GPU adds: build with -fsanitize=alignment so a misaligned
   16-byte vector access aborts as it would fault on a GPU.
   Definitions: emulation/emu_impl.h, included once after gpuact.h. */
#ifndef GPUACT_EMU_CUDA_RUNTIME_H
#define GPUACT_EMU_CUDA_RUNTIME_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define __host__
#define __device__
#define __global__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
#define __shared__ static thread_local

typedef enum cudaError {
    cudaSuccess = 0,
    cudaErrorInvalidValue = 1,
    cudaErrorMemoryAllocation = 2,
    cudaErrorInvalidDevice = 101,
    cudaErrorNoDevice = 100,
    cudaErrorNotReady = 600,
    cudaErrorStreamCaptureInvalidated = 901,
    cudaErrorLaunchFailure = 719
} cudaError_t;
typedef struct emu_stream *cudaStream_t;
typedef struct emu_event *cudaEvent_t;
enum cudaStreamCaptureStatus { cudaStreamCaptureStatusNone = 0, cudaStreamCaptureStatusActive = 1, cudaStreamCaptureStatusInvalidated = 2 };
#define cudaEventDisableTiming 0x02u
#define CUDART_VERSION 13000
typedef struct emu_graph *cudaGraph_t;
typedef struct emu_graph *cudaGraphExec_t;
typedef struct emu_node *cudaGraphNode_t;
enum cudaGraphNodeType { cudaGraphNodeTypeKernel = 0 };
enum cudaStreamCaptureMode { cudaStreamCaptureModeGlobal = 0, cudaStreamCaptureModeThreadLocal = 1, cudaStreamCaptureModeRelaxed = 2 };
enum cudaMemcpyKind { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2, cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4 };
enum cudaDeviceAttr { cudaDevAttrMultiProcessorCount = 16 };
enum cudaMemoryType { cudaMemoryTypeUnregistered = 0, cudaMemoryTypeHost = 1, cudaMemoryTypeDevice = 2, cudaMemoryTypeManaged = 3 };
#define cudaStreamNonBlocking 0x01u
#define cudaMemAttachGlobal 0x01u
struct cudaPointerAttributes {
    enum cudaMemoryType type;
    int device;
    void *devicePointer;
    void *hostPointer;
};
struct cudaDeviceProp {
    char name[256];
    int major, minor, multiProcessorCount;
};
struct dim3 {
    unsigned x, y, z;
    dim3(unsigned a = 1, unsigned b = 1, unsigned c = 1) : x(a), y(b), z(c) {}
};
struct alignas(16) uint4 { unsigned x, y, z, w; }; /* 16-byte aligned, as in CUDA */
static inline uint4 make_uint4(unsigned a, unsigned b, unsigned c, unsigned d) { uint4 r = {a, b, c, d}; return r; }
/* hi:lo >> (s & 31), low 32 bits (the PTX shf.r.wrap semantics) */
static inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned s) {
    return (unsigned)((((uint64_t)hi << 32) | lo) >> (s & 31u));
}

extern thread_local dim3 blockIdx, threadIdx;
extern dim3 blockDim, gridDim;

/* warp intrinsics (full masks only): every lane of the warp arrives, then
   each gets the ballot of their predicates */
unsigned emu_warp_vote(unsigned mask, int pred);
static inline unsigned __ballot_sync(unsigned mask, int p) { return emu_warp_vote(mask, p != 0); }
static inline int __any_sync(unsigned mask, int p) { return emu_warp_vote(mask, p != 0) != 0u; }
static inline void __syncwarp(unsigned mask = 0xffffffffu) { (void)emu_warp_vote(mask, 0); }
static inline int __popc(unsigned v) { return __builtin_popcount(v); }
static inline int __ffs(int v) { return __builtin_ffs(v); }
/* the read-only path: a plain load here */
template <class T> static inline T __ldg(const T *p) { return *p; }
/* __syncthreads: every lane of the block arrives, then all go on */
void emu_block_barrier(void);
static inline void __syncthreads(void) { emu_block_barrier(); }
/* __nanosleep: the lane lets the block's other lanes run (a lane that spins
   on shared memory another warp writes would otherwise never see it) */
void emu_yield(void);
static inline void __nanosleep(unsigned) { emu_yield(); }
/* atomics: the blocks run on several CPU threads */
static inline unsigned long long atomicAdd(unsigned long long *p, unsigned long long v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }
static inline unsigned atomicAdd(unsigned *p, unsigned v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }
static inline unsigned long long atomicExch(unsigned long long *p, unsigned long long v) { return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST); }
static inline unsigned atomicCAS(unsigned *p, unsigned cmp, unsigned v) {
    __atomic_compare_exchange_n(p, &cmp, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return cmp;
}
static inline void __threadfence_block(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline void __threadfence(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

/* knobs for tests of the error paths */
extern int emu_sms, emu_ndev, emu_fail_launch, emu_no_device;
extern long emu_launches;
extern const void *emu_last_kernel; /* the kernel of the last cudaLaunchKernel */

const char *cudaGetErrorString(cudaError_t e);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
cudaError_t cudaGetDevice(int *d);
cudaError_t cudaSetDevice(int d);
cudaError_t cudaGetDeviceCount(int *n);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *p, int d);
cudaError_t cudaDeviceGetAttribute(int *v, enum cudaDeviceAttr a, int d);
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *a, const void *p);
cudaError_t cudaMalloc(void **p, size_t b);
cudaError_t cudaFree(void *p);
cudaError_t cudaMallocHost(void **p, size_t b);
cudaError_t cudaFreeHost(void *p);
cudaError_t cudaMallocManaged(void **p, size_t b, unsigned flags = cudaMemAttachGlobal);
cudaError_t cudaMemcpy(void *d, const void *s, size_t b, enum cudaMemcpyKind k);
cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t b, enum cudaMemcpyKind k, cudaStream_t st = 0);
cudaError_t cudaMemset(void *d, int v, size_t b);
cudaError_t cudaMemsetAsync(void *d, int v, size_t b, cudaStream_t st = 0);
cudaError_t cudaMemGetInfo(size_t *f, size_t *t);
cudaError_t cudaStreamCreate(cudaStream_t *s);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned flags);
cudaError_t cudaStreamDestroy(cudaStream_t s);
cudaError_t cudaStreamSynchronize(cudaStream_t s);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaStreamBeginCapture(cudaStream_t s, enum cudaStreamCaptureMode m);
cudaError_t cudaStreamIsCapturing(cudaStream_t s, enum cudaStreamCaptureStatus *st);
cudaError_t cudaStreamGetId(cudaStream_t s, unsigned long long *id);
cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *m);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned flags);
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s = 0);
cudaError_t cudaEventQuery(cudaEvent_t e);
/* a __device__ variable is a host one here */
template <class T> static inline cudaError_t cudaGetSymbolAddress(void **p, const T &sym) {
    *p = (void *)&sym;
    return cudaSuccess;
}
template <class T> static inline cudaError_t cudaMemcpyFromSymbol(void *dst, const T &sym, size_t bytes, size_t off = 0,
                                                                  enum cudaMemcpyKind = cudaMemcpyDeviceToHost) {
    memcpy(dst, (const char *)&sym + off, bytes);
    return cudaSuccess;
}
template <class T> static inline cudaError_t cudaMemcpyToSymbol(const T &sym, const void *src, size_t bytes, size_t off = 0,
                                                                enum cudaMemcpyKind = cudaMemcpyHostToDevice) {
    memcpy((char *)&sym + off, src, bytes);
    return cudaSuccess;
}
extern long emu_event_records; /* cudaEventRecord calls (the tests see the tickets' bookkeeping) */
cudaError_t cudaStreamEndCapture(cudaStream_t s, cudaGraph_t *g);
cudaError_t cudaGraphGetNodes(cudaGraph_t g, cudaGraphNode_t *nodes, size_t *n);
cudaError_t cudaGraphNodeGetType(cudaGraphNode_t n, enum cudaGraphNodeType *t);
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *e, cudaGraph_t g, unsigned long long flags);
cudaError_t cudaGraphLaunch(cudaGraphExec_t e, cudaStream_t s);
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t e);
cudaError_t cudaGraphDestroy(cudaGraph_t g);
/* the emulation runs any number of blocks at once */
template <class F>
static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, F, int, size_t) { *n = 4; return cudaSuccess; }
enum cudaFuncAttribute { cudaFuncAttributeMaxDynamicSharedMemorySize = 8 };
/* (GPUACT__DYN_SHARED is a static array here: nothing to set) */
template <class F> static inline cudaError_t cudaFuncSetAttribute(F, enum cudaFuncAttribute, int) { return cudaSuccess; }
cudaError_t cudaLaunchKernel(const void *f, dim3 grid, dim3 block, void **args, size_t smem, cudaStream_t s);

/* kernel<<<grid, block, 0, stream>>>(args...) for kernels of plain
   parameters (the tests' helper kernels); runs at once, in order */
void emu_for_each_block(unsigned grid, unsigned block, void (*body)(void *), void *ctx);
template <class... P, class... A>
static inline void emu_launch(void (*k)(P...), dim3 grid, dim3 block, cudaStream_t, A... args) {
    emu_launches++;
    gridDim = grid;
    blockDim = block;
    auto run = [&]() { k(args...); };
    emu_for_each_block(grid.x, block.x, [](void *c) { (*(decltype(run) *)c)(); }, &run);
}
#endif
