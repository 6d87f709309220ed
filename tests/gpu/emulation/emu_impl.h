/* emulation/emu_impl.h - definitions for emulation/cuda_runtime.h. Include
   it once, after gpuact.h (cudaLaunchKernel runs gpuact's kernels, whose one
   parameter is a gpuact__kargs). */
#ifndef GPUACT_EMU_IMPL_H
#define GPUACT_EMU_IMPL_H
#include <stdio.h>
#include <stdlib.h>
#include <ucontext.h>
#include <unistd.h>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

thread_local dim3 blockIdx, threadIdx;
dim3 blockDim, gridDim;
int emu_sms = 2, emu_ndev = 2, emu_fail_launch = 0, emu_no_device = 0;
long emu_launches = 0;
const void *emu_last_kernel = 0;
void (*emu_on_launch)(const gpuact__kargs *k) = NULL; /* optional: sees every gpuact launch */

namespace emu {
struct Range {
    size_t bytes;
    enum cudaMemoryType type;
    int device;
};
static std::map<uintptr_t, Range> ranges;
static int current = 0;
static cudaError_t last = cudaSuccess;
static int capturing_global = 0; /* streams capturing in global mode */
static bool invalidated = false; /* an unsafe call happened during a global capture */
struct Rec {
    const void *f;
    dim3 grid, block;
    gpuact__kargs args;
};
static cudaError_t err(cudaError_t e) {
    if (e != cudaSuccess) last = e;
    return e;
}
/* the calling thread's capture interaction mode (cudaThreadExchangeStreamCaptureMode) */
static thread_local enum cudaStreamCaptureMode thread_mode = cudaStreamCaptureModeGlobal;
/* a call that is unsafe during a global capture: from a thread in relaxed
   mode it is tolerated */
static void unsafe_call(void) {
    if (capturing_global && thread_mode != cudaStreamCaptureModeRelaxed) invalidated = true;
}
static void *alloc(size_t b, enum cudaMemoryType t, int dev) {
    void *p = aligned_alloc(256, (b + 255) / 256 * 256 + 256);
    if (p) ranges[(uintptr_t)p] = Range{b, t, dev};
    return p;
}
/* t: what the freeing function accepts (cudaFree takes device and managed memory) */
static cudaError_t release(void *p, enum cudaMemoryType t) {
    if (!p) return cudaSuccess;
    std::map<uintptr_t, Range>::iterator it = ranges.find((uintptr_t)p);
    if (it == ranges.end()) return err(cudaErrorInvalidValue);
    const enum cudaMemoryType have = it->second.type;
    if (!(have == t || (t == cudaMemoryTypeDevice && have == cudaMemoryTypeManaged))) return err(cudaErrorInvalidValue);
    ranges.erase(it);
    free(p);
    return cudaSuccess;
}
static void run(const Rec &r) {
    typedef void (*KF)(const gpuact__kargs);
    KF k = (KF)r.f;
    gridDim = r.grid;
    blockDim = r.block;
    struct Ctx {
        KF k;
        const gpuact__kargs *a;
    } c = {k, &r.args};
    emu_for_each_block(r.grid.x, r.block.x, [](void *p) { Ctx *q = (Ctx *)p; q->k(*q->a); }, &c);
}
} // namespace emu

struct emu_stream {
    bool capturing;
    enum cudaStreamCaptureMode mode;
    std::vector<emu::Rec> recs;
    unsigned long long id;
};
struct emu_event {
    int recorded;
};
long emu_event_records = 0;
struct emu_node {
    int index;
};
struct emu_graph {
    std::vector<emu::Rec> recs;
    std::vector<emu_node> nodes;
};

/* A block's threads as fibers (ucontext) on one CPU thread: a scheduler
   resumes each runnable lane in turn; a lane runs until it finishes or
   reaches a warp intrinsic, where it waits until every lane of its warp has
   arrived. Lanes switch nowhere else, so a block's shared memory needs no
   locking. */
namespace emu {
enum { LANE_RUN, LANE_WAIT, LANE_DONE };
struct Lane {
    ucontext_t ctx;
    int state;
};
struct Warp {
    unsigned lanes, arrived, ballot, result, gen;
};
struct Block {
    unsigned size;
    std::vector<Lane> lane;
    std::vector<Warp> warp;
    char *stacks;
    ucontext_t sched;
    unsigned cur;
    unsigned barrived, bgen; /* __syncthreads: lanes arrived, generation */
    void (*body)(void *);
    void *ctx;
};
static thread_local Block *blk = NULL;
static const size_t STACK = 256 * 1024;
/* the fibers' stacks, kept across launches (allocating and zeroing them
   for every launch cost more than the kernels) */
static std::mutex stacks_mu;
static std::vector<std::pair<char *, size_t> > stacks_free;
static char *stacks_get(size_t bytes) {
    std::lock_guard<std::mutex> g(stacks_mu);
    for (size_t i = 0; i < stacks_free.size(); i++)
        if (stacks_free[i].second >= bytes) {
            char *p = stacks_free[i].first;
            stacks_free.erase(stacks_free.begin() + (long)i);
            return p;
        }
    char *p = (char *)malloc(bytes);
    if (!p) abort();
    return p;
}
static void stacks_put(char *p, size_t bytes) {
    std::lock_guard<std::mutex> g(stacks_mu);
    stacks_free.push_back(std::make_pair(p, bytes));
}
static void lane_main(void) {
    Block *B = blk;
    B->body(B->ctx);
    B->lane[B->cur].state = LANE_DONE;
} /* returns to uc_link: the scheduler */
static void run_block(Block &B, unsigned b) {
    blockIdx = dim3(b);
    for (unsigned i = 0; i < B.size; i++) {
        Lane &L = B.lane[i];
        getcontext(&L.ctx);
        L.ctx.uc_stack.ss_sp = B.stacks + (size_t)i * STACK;
        L.ctx.uc_stack.ss_size = STACK;
        L.ctx.uc_link = &B.sched;
        makecontext(&L.ctx, lane_main, 0);
        L.state = LANE_RUN;
    }
    for (size_t w = 0; w < B.warp.size(); w++) {
        Warp &W = B.warp[w];
        W.lanes = B.size - 32u * (unsigned)w < 32u ? B.size - 32u * (unsigned)w : 32u;
        W.arrived = W.ballot = W.result = W.gen = 0u;
    }
    B.barrived = B.bgen = 0u;
    for (unsigned done = 0; done < B.size;) {
        bool ran = false;
        done = 0;
        for (unsigned i = 0; i < B.size; i++) {
            if (B.lane[i].state == LANE_RUN) {
                B.cur = i;
                threadIdx = dim3(i);
                swapcontext(&B.sched, &B.lane[i].ctx);
                ran = true;
            }
            done += B.lane[i].state == LANE_DONE;
        }
        if (!ran && done < B.size) {
            fprintf(stderr, "emulation: block %u: deadlock at a warp intrinsic (a lane of a waiting warp never arrives)\n", b);
            abort();
        }
    }
}
} // namespace emu

unsigned emu_warp_vote(unsigned mask, int pred) {
    emu::Block *B = emu::blk;
    if (!B) { fprintf(stderr, "emulation: warp intrinsic outside a kernel\n"); abort(); }
    const unsigned me = B->cur, w = me / 32u;
    emu::Warp &W = B->warp[w];
    const unsigned full = W.lanes == 32u ? 0xffffffffu : (1u << W.lanes) - 1u;
    if (mask != 0xffffffffu || full != 0xffffffffu) {
        fprintf(stderr, "emulation: warp intrinsic with mask %#x in a warp of %u lanes (only full warps are emulated)\n", mask, W.lanes);
        abort();
    }
    if (pred) W.ballot |= 1u << (me & 31u);
    const unsigned gen = W.gen;
    B->lane[me].state = emu::LANE_WAIT;
    if (++W.arrived == W.lanes) { /* the last to arrive releases the warp */
        W.result = W.ballot;
        W.ballot = W.arrived = 0u;
        W.gen++;
        for (unsigned i = 32u * w; i < 32u * w + W.lanes; i++) B->lane[i].state = emu::LANE_RUN;
    }
    while (W.gen == gen) swapcontext(&B->lane[me].ctx, &B->sched);
    threadIdx = dim3(me);
    return W.result; /* (no later vote can complete before every lane has read this one) */
}

void emu_yield(void) {
    emu::Block *B = emu::blk;
    if (!B) return;
    const unsigned me = B->cur;
    swapcontext(&B->lane[me].ctx, &B->sched); /* still runnable: the scheduler comes back */
    threadIdx = dim3(me);
}

void emu_block_barrier(void) {
    emu::Block *B = emu::blk;
    if (!B) { fprintf(stderr, "emulation: __syncthreads outside a kernel\n"); abort(); }
    const unsigned me = B->cur, gen = B->bgen;
    B->lane[me].state = emu::LANE_WAIT;
    if (++B->barrived == B->size) { /* the last to arrive releases the block */
        B->barrived = 0u;
        B->bgen++;
        for (unsigned i = 0; i < B->size; i++) B->lane[i].state = emu::LANE_RUN;
    }
    while (B->bgen == gen) swapcontext(&B->lane[me].ctx, &B->sched);
    threadIdx = dim3(me);
}

void emu_for_each_block(unsigned grid, unsigned block, void (*body)(void *), void *ctx) {
    unsigned nt = std::thread::hardware_concurrency();
    if (nt == 0) nt = 1;
    if (nt > grid) nt = grid;
    std::vector<std::thread> th;
    for (unsigned t = 0; t < nt; t++)
        th.emplace_back([=] {
            emu::Block B;
            B.size = block;
            B.lane.resize(block);
            B.warp.resize((block + 31u) / 32u);
            B.stacks = emu::stacks_get((size_t)block * emu::STACK);
            B.body = body;
            B.ctx = ctx;
            emu::blk = &B;
            for (unsigned b = t; b < grid; b += nt) emu::run_block(B, b);
            emu::blk = NULL;
            emu::stacks_put(B.stacks, (size_t)block * emu::STACK);
        });
    for (auto &x : th) x.join();
}

const char *cudaGetErrorString(cudaError_t e) {
    switch (e) {
    case cudaSuccess: return "no error";
    case cudaErrorInvalidValue: return "invalid argument";
    case cudaErrorMemoryAllocation: return "out of memory";
    case cudaErrorNoDevice: return "no CUDA-capable device is detected";
    case cudaErrorInvalidDevice: return "invalid device ordinal";
    case cudaErrorStreamCaptureInvalidated: return "operation failed due to a previous error during capture";
    case cudaErrorLaunchFailure: return "unspecified launch failure";
    case cudaErrorNotReady: return "device not ready";
    }
    return "unknown error";
}
cudaError_t cudaGetLastError(void) {
    cudaError_t e = emu::last;
    emu::last = cudaSuccess;
    return e;
}
cudaError_t cudaPeekAtLastError(void) { return emu::last; }
cudaError_t cudaGetDevice(int *d) {
    if (emu_no_device) return emu::err(cudaErrorNoDevice);
    *d = emu::current;
    return cudaSuccess;
}
cudaError_t cudaSetDevice(int d) {
    if (d < 0 || d >= emu_ndev) return emu::err(cudaErrorInvalidDevice);
    emu::current = d;
    return cudaSuccess;
}
cudaError_t cudaGetDeviceCount(int *n) {
    *n = emu_ndev;
    return cudaSuccess;
}
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *p, int) {
    memset(p, 0, sizeof *p);
    strcpy(p->name, "CPU emulation");
    p->major = 9;
    p->minor = 0;
    p->multiProcessorCount = emu_sms;
    return cudaSuccess;
}
cudaError_t cudaDeviceGetAttribute(int *v, enum cudaDeviceAttr, int) {
    *v = emu_sms;
    return cudaSuccess;
}
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *a, const void *p) {
    const uintptr_t u = (uintptr_t)p;
    memset(a, 0, sizeof *a);
    a->type = cudaMemoryTypeUnregistered;
    a->device = -2;
    std::map<uintptr_t, emu::Range>::iterator it = emu::ranges.upper_bound(u);
    if (it != emu::ranges.begin()) {
        --it;
        if (u < it->first + it->second.bytes) {
            a->type = it->second.type;
            a->device = it->second.device;
        }
    }
    return cudaSuccess;
}
cudaError_t cudaMalloc(void **p, size_t b) {
    emu::unsafe_call();
    *p = emu::alloc(b, cudaMemoryTypeDevice, emu::current);
    return *p ? cudaSuccess : emu::err(cudaErrorMemoryAllocation);
}
cudaError_t cudaFree(void *p) { return emu::release(p, cudaMemoryTypeDevice); }
cudaError_t cudaMallocHost(void **p, size_t b) {
    *p = emu::alloc(b, cudaMemoryTypeHost, emu::current);
    return *p ? cudaSuccess : emu::err(cudaErrorMemoryAllocation);
}
cudaError_t cudaFreeHost(void *p) { return emu::release(p, cudaMemoryTypeHost); }
cudaError_t cudaMallocManaged(void **p, size_t b, unsigned) {
    *p = emu::alloc(b, cudaMemoryTypeManaged, emu::current);
    return *p ? cudaSuccess : emu::err(cudaErrorMemoryAllocation);
}
cudaError_t cudaMemcpy(void *d, const void *s, size_t b, enum cudaMemcpyKind) {
    emu::unsafe_call();
    memmove(d, s, b);
    return cudaSuccess;
}
cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t b, enum cudaMemcpyKind, cudaStream_t st) {
    if (st && st->capturing) return emu::err(cudaErrorInvalidValue); /* not modelled */
    memmove(d, s, b);
    return cudaSuccess;
}
cudaError_t cudaMemset(void *d, int v, size_t b) {
    emu::unsafe_call();
    memset(d, v, b);
    return cudaSuccess;
}
cudaError_t cudaMemsetAsync(void *d, int v, size_t b, cudaStream_t st) {
    if (st && st->capturing) return emu::err(cudaErrorInvalidValue); /* not modelled */
    memset(d, v, b);
    return cudaSuccess;
}
cudaError_t cudaMemGetInfo(size_t *f, size_t *t) {
    *f = (size_t)sysconf(_SC_AVPHYS_PAGES) * (size_t)sysconf(_SC_PAGESIZE);
    *t = (size_t)sysconf(_SC_PHYS_PAGES) * (size_t)sysconf(_SC_PAGESIZE);
    return cudaSuccess;
}
cudaError_t cudaStreamCreate(cudaStream_t *s) {
    static unsigned long long next_id = 1; /* 0: the NULL stream */
    *s = new emu_stream();
    (*s)->capturing = false;
    (*s)->id = __atomic_add_fetch(&next_id, 1ull, __ATOMIC_SEQ_CST);
    return cudaSuccess;
}
cudaError_t cudaStreamIsCapturing(cudaStream_t s, enum cudaStreamCaptureStatus *st) {
    *st = s && s->capturing ? cudaStreamCaptureStatusActive : cudaStreamCaptureStatusNone;
    return cudaSuccess;
}
cudaError_t cudaStreamGetId(cudaStream_t s, unsigned long long *id) {
    if (s && s->capturing) return emu::err(cudaErrorInvalidValue); /* not permitted while capturing */
    *id = s ? s->id : 1ull;
    return cudaSuccess;
}
cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *m) {
    const enum cudaStreamCaptureMode old = emu::thread_mode;
    emu::thread_mode = *m;
    *m = old;
    return cudaSuccess;
}
/* launches run at once here, so every recorded event is complete. Creating
   and querying events count as unsafe during a global capture here (a
   stricter model than the runtime's documentation states). */
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned) {
    emu::unsafe_call();
    *e = new emu_event();
    (*e)->recorded = 0;
    return cudaSuccess;
}
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s) {
    if (!e || (s && s->capturing)) return emu::err(cudaErrorInvalidValue); /* not modelled */
    e->recorded = 1;
    __atomic_add_fetch(&emu_event_records, 1l, __ATOMIC_SEQ_CST);
    return cudaSuccess;
}
cudaError_t cudaEventQuery(cudaEvent_t e) {
    emu::unsafe_call();
    return e ? cudaSuccess : emu::err(cudaErrorInvalidValue);
}
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned) { return cudaStreamCreate(s); }
cudaError_t cudaStreamDestroy(cudaStream_t s) {
    delete s;
    return cudaSuccess;
}
cudaError_t cudaStreamSynchronize(cudaStream_t s) {
    if (s && s->capturing) emu::invalidated = true;
    return cudaSuccess;
}
cudaError_t cudaDeviceSynchronize(void) {
    emu::unsafe_call();
    return cudaSuccess;
}
cudaError_t cudaStreamBeginCapture(cudaStream_t s, enum cudaStreamCaptureMode m) {
    if (!s || s->capturing) return emu::err(cudaErrorInvalidValue);
    s->capturing = true;
    s->mode = m;
    s->recs.clear();
    if (m == cudaStreamCaptureModeGlobal) emu::capturing_global++;
    emu::invalidated = false;
    return cudaSuccess;
}
cudaError_t cudaStreamEndCapture(cudaStream_t s, cudaGraph_t *g) {
    if (!s || !s->capturing) return emu::err(cudaErrorInvalidValue);
    s->capturing = false;
    if (s->mode == cudaStreamCaptureModeGlobal) emu::capturing_global--;
    *g = NULL;
    if (emu::invalidated) return emu::err(cudaErrorStreamCaptureInvalidated);
    *g = new emu_graph();
    (*g)->recs = s->recs;
    for (size_t i = 0; i < s->recs.size(); i++) (*g)->nodes.push_back(emu_node{(int)i});
    return cudaSuccess;
}
cudaError_t cudaGraphGetNodes(cudaGraph_t g, cudaGraphNode_t *nodes, size_t *n) {
    if (nodes)
        for (size_t i = 0; i < *n && i < g->nodes.size(); i++) nodes[i] = &g->nodes[i];
    *n = g->nodes.size();
    return cudaSuccess;
}
cudaError_t cudaGraphNodeGetType(cudaGraphNode_t, enum cudaGraphNodeType *t) {
    *t = cudaGraphNodeTypeKernel;
    return cudaSuccess;
}
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *e, cudaGraph_t g, unsigned long long) {
    *e = new emu_graph(*g);
    return cudaSuccess;
}
cudaError_t cudaGraphLaunch(cudaGraphExec_t e, cudaStream_t) {
    for (const emu::Rec &r : e->recs) emu::run(r);
    return cudaSuccess;
}
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t e) {
    delete e;
    return cudaSuccess;
}
cudaError_t cudaGraphDestroy(cudaGraph_t g) {
    delete g;
    return cudaSuccess;
}
/* only gpuact's kernels are launched this way: one gpuact__kargs parameter */
cudaError_t cudaLaunchKernel(const void *f, dim3 grid, dim3 block, void **args, size_t, cudaStream_t s) {
    emu_launches++;
    emu_last_kernel = f;
    if (emu_fail_launch) return emu::err(cudaErrorLaunchFailure);
    if (grid.x == 0 || block.x == 0 || block.x > 1024) return emu::err(cudaErrorInvalidValue);
    emu::Rec r;
    r.f = f;
    r.grid = grid;
    r.block = block;
    r.args = *(const gpuact__kargs *)args[0];
    if (emu_on_launch) emu_on_launch(&r.args);
    if (s && s->capturing) s->recs.push_back(r);
    else emu::run(r);
    return cudaSuccess;
}
#endif
