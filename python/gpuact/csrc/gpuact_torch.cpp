/* gpuact_torch.cpp - the gpuact operators for PyTorch (torch.ops.gpuact.*).

   One generic operator per direction, the activation chosen by its op code
   (gpuact_op) and its parameters passed resolved (alpha, scale, lo, hi):
       forward(x, op, alpha, scale, lo, hi) -> y
       forward_(x!, op, ...)                      in place
       backward(x, dy, op, ...) -> dx             dx = dy f'(x), rounded once
       backward_from_output(y, dy, op, ...) -> dx elu/selu after an in-place forward
       forward_backward(x, dy, op, ...) -> (y, dx)
   and the gated forms (gpuact_gated_host / _device), each result rounded once:
       gated(a, b, op, ...) -> y                   y = f(a) b, a and b of one shape
       gated_backward(a, b, dy, op, ...) -> (da, db)  da = dy b f'(a), db = dy f(a)
       gated_halves(x, dim, gate_first, op, ...) -> y   a, b the halves of x along dim
       gated_halves_backward(x, dy, dim, gate_first, op, ...) -> dx   (da | db) in x's layout
   and bias + activation (gpuact_bias_*), f of the exact sum, rounded once:
       bias(x, b, op, ...) -> y                    y = f(x + b), b of x's last size
       bias_backward(x, b, dy, need_db, op, ...) -> (dx, db)   db: dx's sums over the rows
   CPU tensors run the host entry points (split over torch's intra-op
   threads), CUDA tensors the device entry points on the tensor's device and
   the current stream. The outputs are laid out as torch.empty_like(x): a
   dense input is read in place whatever its strides (channels_last, a
   transpose), anything else is made contiguous first. The Python side
   (gpuact/torch.py) adds autograd, the fake implementations for
   torch.compile, and the public functions and modules. */
#include <torch/extension.h>
#include <ATen/MemoryOverlap.h>
#include <ATen/Parallel.h>

#include <algorithm>
#include <atomic>
#include <string>
#include <tuple>
#include <vector>

#ifdef GPUACT_TORCH_CUDA
#define GPUACT_CUDA /* declares the *_device entry points */
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#endif
#include "gpuact.h"

namespace {

const char *op_name(int64_t op) {
    static const char *names[] = {"?", "gelu_erf", "gelu_tanh", "gelu_sigmoid", "elu", "selu", "silu", "swish_tanh"};
    return op >= 1 && op <= GPUACT_OP_COUNT ? names[op] : "unknown op";
}

const char *status_name(gpuact_status s) {
    switch (s) {
    case GPUACT_SUCCESS: return "GPUACT_SUCCESS";
    case GPUACT_ERROR_NULL_POINTER: return "GPUACT_ERROR_NULL_POINTER";
    case GPUACT_ERROR_INVALID_OP: return "GPUACT_ERROR_INVALID_OP";
    case GPUACT_ERROR_INVALID_DTYPE: return "GPUACT_ERROR_INVALID_DTYPE";
    case GPUACT_ERROR_INVALID_PARAMS: return "GPUACT_ERROR_INVALID_PARAMS";
    case GPUACT_ERROR_OVERLAP: return "GPUACT_ERROR_OVERLAP";
    case GPUACT_ERROR_UNSUPPORTED: return "GPUACT_ERROR_UNSUPPORTED";
    case GPUACT_ERROR_FP_ENVIRONMENT: return "GPUACT_ERROR_FP_ENVIRONMENT";
    case GPUACT_ERROR_NOT_DEVICE_POINTER: return "GPUACT_ERROR_NOT_DEVICE_POINTER";
    case GPUACT_ERROR_CUDA: return "GPUACT_ERROR_CUDA";
    }
    return "unknown status";
}

/* Everything a call needs, checked once. */
struct Call {
    const char *what; /* "forward", "backward", ... */
    gpuact_op op;
    gpuact_params p;
};

Call make_call(const char *what, int64_t op, double alpha, double scale, double lo, double hi) {
    TORCH_CHECK(op >= 1 && op <= GPUACT_OP_COUNT, "gpuact.", what, ": unknown op code ", std::to_string(op));
    Call c;
    c.what = what;
    c.op = (gpuact_op)op;
    c.p.set = GPUACT_SET_ALPHA | GPUACT_SET_SCALE | GPUACT_SET_LO | GPUACT_SET_HI;
    /* Python floats are doubles; the library's parameters are fp32, rounded
       to nearest as PyTorch rounds a scalar for an fp32 op */
    c.p.alpha = (float)alpha;
    c.p.scale = (float)scale;
    c.p.lo = (float)lo;
    c.p.hi = (float)hi;
    return c;
}

void check_status(const Call &c, const at::Tensor &x, gpuact_status s) {
    TORCH_CHECK(s == GPUACT_SUCCESS, "gpuact.", c.what, "(", op_name(c.op), ", ", x.scalar_type(), ", ", x.device().str(),
                "): ", status_name(s), ": ", gpuact_status_string(s));
}

gpuact_dtype dtype_of(const Call &c, const at::Tensor &x) {
    switch (x.scalar_type()) {
    case at::kFloat: return GPUACT_F32;
    case at::kHalf: return GPUACT_F16;
    case at::kBFloat16: return GPUACT_BF16;
    case at::kDouble: return GPUACT_F64;
    default: break;
    }
    TORCH_CHECK_TYPE(false, "gpuact.", c.what, "(", op_name(c.op), "): dtype ", x.scalar_type(),
                     " is not supported (float32, float16, bfloat16, float64)");
    return GPUACT_F32;
}

void check_device(const Call &c, const at::Tensor &x) {
    TORCH_CHECK(x.device().is_cpu() || x.device().is_cuda(), "gpuact.", c.what, "(", op_name(c.op),
                "): tensors on ", x.device().str(), " are not supported (cpu, cuda)");
#ifndef GPUACT_TORCH_CUDA
    TORCH_CHECK(!x.device().is_cuda(), "gpuact.", c.what, "(", op_name(c.op),
                "): this build of gpuact has no CUDA part (see gpuact.torch.has_cuda())");
#endif
}

/* "[2, 3]". Messages here carry no integer streamed by this file's code:
   on the H100 machine (torch 2.11, g++ 13.3) a TORCH_CHECK whose message
   streamed an integer (an op code, a shape) crashed with SIGSEGV instead of
   raising, while messages of strings raised; numbers go through
   std::to_string and Device::str() instead. */
std::string shape_str(const at::Tensor &t) {
    std::string s = "[";
    for (int64_t i = 0; i < t.dim(); i++) s += (i ? ", " : "") + std::to_string(t.size(i));
    return s + "]";
}

void check_pair(const Call &c, const at::Tensor &x, const at::Tensor &dy) {
    TORCH_CHECK_TYPE(dy.scalar_type() == x.scalar_type(), "gpuact.", c.what, "(", op_name(c.op), "): dy is ",
                     dy.scalar_type(), " but x is ", x.scalar_type());
    TORCH_CHECK(dy.device() == x.device(), "gpuact.", c.what, "(", op_name(c.op), "): dy is on ", dy.device().str(),
                " but x is on ", x.device().str());
    if (dy.sizes() != x.sizes())
        TORCH_CHECK(false, "gpuact.", c.what, "(", op_name(c.op), "): dy has shape ", shape_str(dy), " but x has ",
                    shape_str(x));
}

/* `t` with the strides of `like` (a tensor made by empty_like), copying only
   when they differ */
at::Tensor as_layout(const at::Tensor &t, const at::Tensor &like) {
    if (t.strides() == like.strides() && t.is_non_overlapping_and_dense()) return t;
    at::Tensor r = at::empty_like(like);
    r.copy_(t);
    return r;
}

/* The input as the kernels read it: the tensor itself when it is dense,
   else a contiguous copy. The output of empty_like(x) has the same layout. */
at::Tensor dense(const at::Tensor &x) { return x.is_non_overlapping_and_dense() ? x : x.contiguous(); }

const char *bytes(const at::Tensor &t) { return t.defined() ? (const char *)t.data_ptr() : nullptr; }
char *wbytes(const at::Tensor &t) { return t.defined() ? (char *)t.data_ptr() : nullptr; }

enum Dir { FWD, BWD, BWDOUT, FWDBWD };

/* Runs one direction over n elements of dense, equally laid-out tensors. */
void run(const Call &c, Dir dir, const at::Tensor &in0, const at::Tensor &in1, const at::Tensor &out0,
         const at::Tensor &out1) {
    const gpuact_dtype t = dtype_of(c, in0);
    const int64_t n = in0.numel();
    if (n == 0) return;
#ifdef GPUACT_TORCH_CUDA
    if (in0.device().is_cuda()) {
        c10::cuda::CUDAGuard guard(in0.device());
        cudaStream_t st = c10::cuda::getCurrentCUDAStream(in0.device().index()).stream();
        gpuact_status s = GPUACT_ERROR_INVALID_OP;
        switch (dir) {
        case FWD: s = gpuact_forward_device(c.op, t, &c.p, bytes(in0), wbytes(out0), (size_t)n, st); break;
        case BWD: s = gpuact_backward_device(c.op, t, &c.p, bytes(in0), bytes(in1), wbytes(out0), (size_t)n, st); break;
        case BWDOUT:
            s = gpuact_backward_from_output_device(c.op, t, &c.p, bytes(in0), bytes(in1), wbytes(out0), (size_t)n, st);
            break;
        case FWDBWD:
            s = gpuact_forward_backward_device(c.op, t, &c.p, bytes(in0), bytes(in1), wbytes(out0), wbytes(out1),
                                               (size_t)n, st);
            break;
        }
        check_status(c, in0, s);
        return;
    }
#endif
    /* Host: elementwise, so any split gives the same bits; each chunk is a
       call of its own with the same checks, and the first failure wins. */
    const int64_t esz = (int64_t)in0.element_size();
    std::atomic<int> first{(int)GPUACT_SUCCESS};
    at::parallel_for(0, n, 1 << 15, [&](int64_t b, int64_t e) {
        const size_t m = (size_t)(e - b);
        const int64_t o = b * esz;
        const char *i0 = bytes(in0) + o, *i1 = in1.defined() ? bytes(in1) + o : nullptr;
        char *o0 = wbytes(out0) + o, *o1 = out1.defined() ? wbytes(out1) + o : nullptr;
        gpuact_status s = GPUACT_ERROR_INVALID_OP;
        switch (dir) {
        case FWD: s = gpuact_forward_host(c.op, t, &c.p, i0, o0, m); break;
        case BWD: s = gpuact_backward_host(c.op, t, &c.p, i0, i1, o0, m); break;
        case BWDOUT: s = gpuact_backward_from_output_host(c.op, t, &c.p, i0, i1, o0, m); break;
        case FWDBWD: s = gpuact_forward_backward_host(c.op, t, &c.p, i0, i1, o0, o1, m); break;
        }
        int expect = (int)GPUACT_SUCCESS;
        if (s != GPUACT_SUCCESS) first.compare_exchange_strong(expect, (int)s);
    });
    check_status(c, in0, (gpuact_status)first.load());
}

/* Parameters are checked before any work, so that n = 0 reports them too. */
void check_params(const Call &c, const at::Tensor &x) {
    gpuact_cfg cfg;
    check_status(c, x, gpuact_resolve(c.op, &c.p, &cfg));
}

at::Tensor forward(const at::Tensor &x, int64_t op, double alpha, double scale, double lo, double hi) {
    Call c = make_call("forward", op, alpha, scale, lo, hi);
    dtype_of(c, x);
    check_device(c, x);
    check_params(c, x);
    at::Tensor xi = dense(x);
    at::Tensor y = at::empty_like(xi);
    run(c, FWD, xi, at::Tensor(), y, at::Tensor());
    return y;
}

void forward_(const at::Tensor &x, int64_t op, double alpha, double scale, double lo, double hi) {
    Call c = make_call("forward_", op, alpha, scale, lo, hi);
    dtype_of(c, x);
    check_device(c, x);
    check_params(c, x);
    TORCH_CHECK(at::has_internal_overlap(x) != at::MemOverlap::Yes, "gpuact.forward_(", op_name(c.op),
                "): unsupported operation: the input has internal overlap (e.g. from expand); clone it first");
    if (x.is_non_overlapping_and_dense()) {
        run(c, FWD, x, at::Tensor(), x, at::Tensor());
    } else {
        at::Tensor xi = x.contiguous();
        run(c, FWD, xi, at::Tensor(), xi, at::Tensor());
        x.copy_(xi);
    }
}

at::Tensor backward_impl(const char *what, Dir dir, const at::Tensor &x, const at::Tensor &dy, int64_t op,
                         double alpha, double scale, double lo, double hi) {
    Call c = make_call(what, op, alpha, scale, lo, hi);
    dtype_of(c, x);
    check_device(c, x);
    check_pair(c, x, dy);
    check_params(c, x);
    if (dir == BWDOUT)
        TORCH_CHECK(c.op == GPUACT_OP_ELU || c.op == GPUACT_OP_SELU, "gpuact.", what, "(", op_name(c.op),
                    "): GPUACT_ERROR_UNSUPPORTED: only elu and selu have a backward from the output");
    at::Tensor xi = dense(x);
    at::Tensor dx = at::empty_like(xi);
    at::Tensor dyi = as_layout(dy, dx);
    run(c, dir, xi, dyi, dx, at::Tensor());
    return dx;
}

at::Tensor backward(const at::Tensor &x, const at::Tensor &dy, int64_t op, double alpha, double scale, double lo,
                    double hi) {
    return backward_impl("backward", BWD, x, dy, op, alpha, scale, lo, hi);
}

at::Tensor backward_from_output(const at::Tensor &y, const at::Tensor &dy, int64_t op, double alpha, double scale,
                                double lo, double hi) {
    return backward_impl("backward_from_output", BWDOUT, y, dy, op, alpha, scale, lo, hi);
}

std::tuple<at::Tensor, at::Tensor> forward_backward(const at::Tensor &x, const at::Tensor &dy, int64_t op,
                                                    double alpha, double scale, double lo, double hi) {
    Call c = make_call("forward_backward", op, alpha, scale, lo, hi);
    dtype_of(c, x);
    check_device(c, x);
    check_pair(c, x, dy);
    check_params(c, x);
    at::Tensor xi = dense(x);
    at::Tensor y = at::empty_like(xi);
    at::Tensor dx = at::empty_like(xi);
    at::Tensor dyi = as_layout(dy, dx);
    run(c, FWDBWD, xi, dyi, y, dx);
    return std::make_tuple(y, dx);
}

/* ---- gated forms ---- */

void check_same(const Call &c, const char *name, const at::Tensor &t, const char *other, const at::Tensor &a) {
    TORCH_CHECK_TYPE(t.scalar_type() == a.scalar_type(), "gpuact.", c.what, "(", op_name(c.op), "): ", name, " is ",
                     t.scalar_type(), " but ", other, " is ", a.scalar_type());
    TORCH_CHECK(t.device() == a.device(), "gpuact.", c.what, "(", op_name(c.op), "): ", name, " is on ",
                t.device().str(), " but ", other, " is on ", a.device().str());
}

void check_shape(const Call &c, const char *name, const at::Tensor &t, const char *other, at::IntArrayRef shape) {
    if (t.sizes() != shape) {
        std::string s = "[";
        for (size_t i = 0; i < shape.size(); i++) s += (i ? ", " : "") + std::to_string(shape[i]);
        TORCH_CHECK(false, "gpuact.", c.what, "(", op_name(c.op), "): ", name, " has shape ", shape_str(t), " but ",
                    other, " has ", s + "]");
    }
}

/* A gated call's operands: rows x cols, row r of a, b (and da, db) at
   r * ld elements from the pointer; y and dy dense rows x cols. */
struct Gated {
    const char *a, *b, *dy;
    char *o0, *o1; /* y, or da and db */
    int64_t ld, rows, cols;
};

/* Runs the gated forward (o1 == nullptr) or backward on the tensors' device. */
void run_gated(const Call &c, const at::Tensor &like, const Gated &g) {
    const gpuact_dtype t = dtype_of(c, like);
    const bool bwd = g.o1 != nullptr;
    if (g.rows == 0 || g.cols == 0) return;
#ifdef GPUACT_TORCH_CUDA
    if (like.device().is_cuda()) {
        c10::cuda::CUDAGuard guard(like.device());
        cudaStream_t st = c10::cuda::getCurrentCUDAStream(like.device().index()).stream();
        gpuact_status s =
            bwd ? gpuact_gated_backward_device(c.op, t, &c.p, g.a, g.b, (size_t)g.ld, g.dy, g.o0, g.o1, (size_t)g.rows,
                                               (size_t)g.cols, st)
                : gpuact_gated_device(c.op, t, &c.p, g.a, g.b, (size_t)g.ld, g.o0, (size_t)g.rows, (size_t)g.cols, st);
        check_status(c, like, s);
        return;
    }
#endif
    /* Host: the rows x cols elements split as torch's threads see fit; a
       chunk is at most a partial row, a run of whole rows and a partial row,
       one call each (elementwise: any split gives the same bits). */
    const int64_t esz = (int64_t)like.element_size();
    std::atomic<int> first{(int)GPUACT_SUCCESS};
    auto call = [&](int64_t r, int64_t nr, int64_t j, int64_t nc) {
        const int64_t op = (r * g.ld + j) * esz, od = (r * g.cols + j) * esz; /* pitched, dense */
        gpuact_status s =
            bwd ? gpuact_gated_backward_host(c.op, t, &c.p, g.a + op, g.b + op, (size_t)g.ld, g.dy + od, g.o0 + op,
                                             g.o1 + op, (size_t)nr, (size_t)nc)
                : gpuact_gated_host(c.op, t, &c.p, g.a + op, g.b + op, (size_t)g.ld, g.o0 + od, (size_t)nr, (size_t)nc);
        int expect = (int)GPUACT_SUCCESS;
        if (s != GPUACT_SUCCESS) first.compare_exchange_strong(expect, (int)s);
    };
    at::parallel_for(0, g.rows * g.cols, 1 << 15, [&](int64_t b, int64_t e) {
        int64_t r = b / g.cols, j = b % g.cols;
        if (j != 0) { /* the rest of a started row */
            const int64_t m = std::min(e - b, g.cols - j);
            call(r, 1, j, m);
            b += m;
            r++;
        }
        if (e - b >= g.cols) {
            const int64_t nr = (e - b) / g.cols;
            call(r, nr, 0, g.cols);
            b += nr * g.cols;
            r += nr;
        }
        if (b < e) call(r, 1, 0, e - b);
    });
    check_status(c, like, (gpuact_status)first.load());
}

Call gated_call(const char *what, const at::Tensor &a, int64_t op, double alpha, double scale, double lo, double hi) {
    Call c = make_call(what, op, alpha, scale, lo, hi);
    dtype_of(c, a);
    check_device(c, a);
    return c;
}

/* Two tensors of one shape: read in place when dense (b, dy taken to a's
   layout), else copied; the outputs take a's layout as empty_like. */
at::Tensor gated(const at::Tensor &a, const at::Tensor &b, int64_t op, double alpha, double scale, double lo,
                 double hi) {
    Call c = gated_call("gated", a, op, alpha, scale, lo, hi);
    check_same(c, "b", b, "a", a);
    check_shape(c, "b", b, "a", a.sizes());
    check_params(c, a);
    at::Tensor ai = dense(a);
    at::Tensor y = at::empty_like(ai);
    at::Tensor bi = as_layout(b, y);
    run_gated(c, ai, Gated{bytes(ai), bytes(bi), nullptr, wbytes(y), nullptr, ai.numel(), 1, ai.numel()});
    return y;
}

std::tuple<at::Tensor, at::Tensor> gated_backward(const at::Tensor &a, const at::Tensor &b, const at::Tensor &dy,
                                                  int64_t op, double alpha, double scale, double lo, double hi) {
    Call c = gated_call("gated_backward", a, op, alpha, scale, lo, hi);
    check_same(c, "b", b, "a", a);
    check_same(c, "dy", dy, "a", a);
    check_shape(c, "b", b, "a", a.sizes());
    check_shape(c, "dy", dy, "a", a.sizes());
    check_params(c, a);
    at::Tensor ai = dense(a);
    at::Tensor da = at::empty_like(ai), db = at::empty_like(ai);
    at::Tensor bi = as_layout(b, da), dyi = as_layout(dy, da);
    run_gated(c, ai, Gated{bytes(ai), bytes(bi), bytes(dyi), wbytes(da), wbytes(db), ai.numel(), 1, ai.numel()});
    return std::make_tuple(da, db);
}

/* x split in halves along dim, as the C API's pitched rows of a contiguous
   x: rows = the elements before dim, cols = half of dim times those after
   it, ld = 2 cols; the half that goes through f is a (first with
   gate_first), the other b. */
struct Halves {
    at::Tensor x; /* contiguous */
    int64_t dim, rows, cols, aoff, boff; /* aoff, boff: elements */
};

Halves halves(const Call &c, const at::Tensor &x, int64_t dim, bool gate_first) {
    TORCH_CHECK(x.dim() > 0, "gpuact.", c.what, "(", op_name(c.op), "): x must have at least one dimension");
    Halves h;
    h.dim = at::maybe_wrap_dim(dim, x.dim());
    const int64_t n2 = x.size(h.dim);
    if (n2 % 2 != 0)
        TORCH_CHECK(false, "gpuact.", c.what, "(", op_name(c.op), "): x has shape ", shape_str(x), ": dimension ",
                    std::to_string(h.dim), " must have an even size to split in halves");
    h.x = x.contiguous();
    int64_t inner = 1;
    for (int64_t i = h.dim + 1; i < x.dim(); i++) inner *= x.size(i);
    h.cols = n2 / 2 * inner;
    h.rows = h.cols == 0 ? 0 : x.numel() / (2 * h.cols);
    h.aoff = gate_first ? 0 : h.cols;
    h.boff = gate_first ? h.cols : 0;
    return h;
}

std::vector<int64_t> half_shape(const at::Tensor &x, int64_t dim) {
    std::vector<int64_t> s(x.sizes().begin(), x.sizes().end());
    s[dim] /= 2;
    return s;
}

at::Tensor gated_halves(const at::Tensor &x, int64_t dim, bool gate_first, int64_t op, double alpha, double scale,
                        double lo, double hi) {
    Call c = gated_call("gated_halves", x, op, alpha, scale, lo, hi);
    check_params(c, x);
    Halves h = halves(c, x, dim, gate_first);
    at::Tensor y = at::empty(half_shape(x, h.dim), h.x.options());
    const int64_t esz = (int64_t)x.element_size();
    const char *p = bytes(h.x);
    run_gated(c, h.x, Gated{p + h.aoff * esz, p + h.boff * esz, nullptr, wbytes(y), nullptr, 2 * h.cols, h.rows, h.cols});
    return y;
}

at::Tensor gated_halves_backward(const at::Tensor &x, const at::Tensor &dy, int64_t dim, bool gate_first, int64_t op,
                                 double alpha, double scale, double lo, double hi) {
    Call c = gated_call("gated_halves_backward", x, op, alpha, scale, lo, hi);
    check_same(c, "dy", dy, "x", x);
    check_params(c, x);
    Halves h = halves(c, x, dim, gate_first);
    check_shape(c, "dy", dy, "the halves of x", half_shape(x, h.dim));
    at::Tensor dyi = dy.contiguous();
    at::Tensor dx = at::empty_like(h.x);
    const int64_t esz = (int64_t)x.element_size();
    const char *p = bytes(h.x);
    char *q = wbytes(dx);
    run_gated(c, h.x, Gated{p + h.aoff * esz, p + h.boff * esz, bytes(dyi), q + h.aoff * esz, q + h.boff * esz,
                            2 * h.cols, h.rows, h.cols});
    return dx;
}

/* ---- bias + activation ---- */

/* x [..., cols] and b [cols]: the C API's dense rows = x.numel() / cols. */
struct BiasRows {
    at::Tensor x, b; /* contiguous */
    int64_t rows, cols;
};

BiasRows bias_rows(const Call &c, const at::Tensor &x, const at::Tensor &b) {
    dtype_of(c, x);
    check_device(c, x);
    check_same(c, "b", b, "x", x);
    TORCH_CHECK(x.dim() >= 1, "gpuact.", c.what, "(", op_name(c.op), "): x must have at least one dimension");
    TORCH_CHECK(b.dim() == 1 && b.size(0) == x.size(-1), "gpuact.", c.what, "(", op_name(c.op), "): b has shape ",
                shape_str(b), " but x has shape ", shape_str(x), ": b must be 1-D with x's last size");
    check_params(c, x);
    BiasRows r;
    r.x = x.contiguous();
    r.b = b.contiguous();
    r.cols = b.size(0);
    r.rows = r.cols == 0 ? 0 : x.numel() / r.cols;
    return r;
}

/* y = f(x + b); CPU: rows split over torch's threads (elementwise: any split
   gives the same bits) */
at::Tensor bias(const at::Tensor &x, const at::Tensor &b, int64_t op, double alpha, double scale, double lo, double hi) {
    Call c = make_call("bias", op, alpha, scale, lo, hi);
    BiasRows r = bias_rows(c, x, b);
    at::Tensor y = at::empty_like(r.x);
    const gpuact_dtype t = dtype_of(c, x);
    if (r.rows == 0 || r.cols == 0) return y;
#ifdef GPUACT_TORCH_CUDA
    if (x.device().is_cuda()) {
        c10::cuda::CUDAGuard guard(x.device());
        cudaStream_t st = c10::cuda::getCurrentCUDAStream(x.device().index()).stream();
        check_status(c, x, gpuact_bias_forward_device(c.op, t, &c.p, bytes(r.x), bytes(r.b), wbytes(y), (size_t)r.rows,
                                                      (size_t)r.cols, st));
        return y;
    }
#endif
    const int64_t row = r.cols * (int64_t)x.element_size();
    std::atomic<int> first{(int)GPUACT_SUCCESS};
    at::parallel_for(0, r.rows, std::max<int64_t>(1, (1 << 15) / std::max<int64_t>(1, r.cols)), [&](int64_t s, int64_t e) {
        gpuact_status st = gpuact_bias_forward_host(c.op, t, &c.p, bytes(r.x) + s * row, bytes(r.b), wbytes(y) + s * row,
                                                    (size_t)(e - s), (size_t)r.cols);
        int expect = (int)GPUACT_SUCCESS;
        if (st != GPUACT_SUCCESS) first.compare_exchange_strong(expect, (int)st);
    });
    check_status(c, x, (gpuact_status)first.load());
    return y;
}

/* (dx, db): dx = dy f'(x + b); db = the column sums of dx in the library's
   fixed order where need_db, else an empty tensor. CPU: dx over torch's
   threads without db; with db one call (its order is over all rows).
   CUDA: db's workspace from the caching allocator, on the current stream. */
std::tuple<at::Tensor, at::Tensor> bias_backward(const at::Tensor &x, const at::Tensor &b, const at::Tensor &dy,
                                                 bool need_db, int64_t op, double alpha, double scale, double lo,
                                                 double hi) {
    Call c = make_call("bias_backward", op, alpha, scale, lo, hi);
    BiasRows r = bias_rows(c, x, b);
    check_same(c, "dy", dy, "x", x);
    check_shape(c, "dy", dy, "x", x.sizes());
    const gpuact_dtype t = dtype_of(c, x);
    at::Tensor dyi = dy.contiguous();
    at::Tensor dx = at::empty_like(r.x);
    at::Tensor db = need_db ? at::empty_like(r.b) : r.b.new_empty({0});
    if (r.cols == 0 || (r.rows == 0 && !need_db)) return std::make_tuple(dx, db);
#ifdef GPUACT_TORCH_CUDA
    if (x.device().is_cuda()) {
        c10::cuda::CUDAGuard guard(x.device());
        cudaStream_t st = c10::cuda::getCurrentCUDAStream(x.device().index()).stream();
        const size_t wsb = need_db ? gpuact_bias_workspace_size((size_t)r.rows, (size_t)r.cols) : 0;
        at::Tensor ws = at::empty({(int64_t)wsb}, x.options().dtype(at::kByte));
        check_status(c, x, gpuact_bias_backward_device(c.op, t, &c.p, bytes(r.x), bytes(r.b), bytes(dyi), wbytes(dx),
                                                       need_db ? wbytes(db) : nullptr, wsb ? ws.data_ptr() : nullptr, wsb,
                                                       (size_t)r.rows, (size_t)r.cols, st));
        return std::make_tuple(dx, db);
    }
#endif
    if (need_db) {
        check_status(c, x, gpuact_bias_backward_host(c.op, t, &c.p, bytes(r.x), bytes(r.b), bytes(dyi), wbytes(dx), wbytes(db),
                                                     (size_t)r.rows, (size_t)r.cols));
        return std::make_tuple(dx, db);
    }
    const int64_t row = r.cols * (int64_t)x.element_size();
    std::atomic<int> first{(int)GPUACT_SUCCESS};
    at::parallel_for(0, r.rows, std::max<int64_t>(1, (1 << 15) / std::max<int64_t>(1, r.cols)), [&](int64_t s, int64_t e) {
        gpuact_status st = gpuact_bias_backward_host(c.op, t, &c.p, bytes(r.x) + s * row, bytes(r.b), bytes(dyi) + s * row,
                                                     wbytes(dx) + s * row, nullptr, (size_t)(e - s), (size_t)r.cols);
        int expect = (int)GPUACT_SUCCESS;
        if (st != GPUACT_SUCCESS) first.compare_exchange_strong(expect, (int)st);
    });
    check_status(c, x, (gpuact_status)first.load());
    return std::make_tuple(dx, db);
}

/* The out-of-place activation with its autograd in C++: the forward saves
   x, the backward is gpuact's backward operator (dx = dy f'(x), rounded
   once). Kept out of Python so that a training step pays no Python or GIL
   hand-off between the autograd engine and the kernels: at n = 2^23 on an
   H100 the Python autograd.Function added about 100 us a step. */
class Act : public torch::autograd::Function<Act> {
  public:
    static at::Tensor forward(torch::autograd::AutogradContext *ctx, const at::Tensor &x, int64_t op, double alpha,
                              double scale, double lo, double hi) {
        at::AutoDispatchBelowADInplaceOrView below;
        static auto fwd = c10::Dispatcher::singleton()
                              .findSchemaOrThrow("gpuact::forward", "")
                              .typed<at::Tensor(const at::Tensor &, int64_t, double, double, double, double)>();
        at::Tensor y = fwd.call(x, op, alpha, scale, lo, hi);
        ctx->save_for_backward({x});
        ctx->saved_data["p"] = std::vector<double>{(double)op, alpha, scale, lo, hi};
        return y;
    }
    static torch::autograd::variable_list backward(torch::autograd::AutogradContext *ctx,
                                                   torch::autograd::variable_list grads) {
        static auto bwd =
            c10::Dispatcher::singleton()
                .findSchemaOrThrow("gpuact::backward", "")
                .typed<at::Tensor(const at::Tensor &, const at::Tensor &, int64_t, double, double, double, double)>();
        const at::Tensor x = ctx->get_saved_variables()[0];
        const std::vector<double> p = ctx->saved_data["p"].toDoubleVector();
        at::Tensor dx;
        if (grads[0].defined()) dx = bwd.call(x, grads[0], (int64_t)p[0], p[1], p[2], p[3], p[4]);
        return {dx, at::Tensor(), at::Tensor(), at::Tensor(), at::Tensor(), at::Tensor()};
    }
};

at::Tensor act_autograd(const at::Tensor &x, int64_t op, double alpha, double scale, double lo, double hi) {
    return Act::apply(x, op, alpha, scale, lo, hi);
}

/* The gated forms with their autograd in C++, as Act: the forward saves its
   inputs, the backward is one call of the gated backward (da and db). */
class GatedAct : public torch::autograd::Function<GatedAct> {
  public:
    static at::Tensor forward(torch::autograd::AutogradContext *ctx, const at::Tensor &a, const at::Tensor &b,
                              int64_t op, double alpha, double scale, double lo, double hi) {
        at::AutoDispatchBelowADInplaceOrView below;
        static auto fwd =
            c10::Dispatcher::singleton()
                .findSchemaOrThrow("gpuact::gated", "")
                .typed<at::Tensor(const at::Tensor &, const at::Tensor &, int64_t, double, double, double, double)>();
        at::Tensor y = fwd.call(a, b, op, alpha, scale, lo, hi);
        ctx->save_for_backward({a, b});
        ctx->saved_data["p"] = std::vector<double>{(double)op, alpha, scale, lo, hi};
        return y;
    }
    static torch::autograd::variable_list backward(torch::autograd::AutogradContext *ctx,
                                                   torch::autograd::variable_list grads) {
        static auto bwd = c10::Dispatcher::singleton()
                              .findSchemaOrThrow("gpuact::gated_backward", "")
                              .typed<std::tuple<at::Tensor, at::Tensor>(const at::Tensor &, const at::Tensor &,
                                                                        const at::Tensor &, int64_t, double, double,
                                                                        double, double)>();
        const auto saved = ctx->get_saved_variables();
        const std::vector<double> p = ctx->saved_data["p"].toDoubleVector();
        at::Tensor da, db;
        if (grads[0].defined()) std::tie(da, db) = bwd.call(saved[0], saved[1], grads[0], (int64_t)p[0], p[1], p[2], p[3], p[4]);
        return {da, db, at::Tensor(), at::Tensor(), at::Tensor(), at::Tensor(), at::Tensor()};
    }
};

class GatedHalvesAct : public torch::autograd::Function<GatedHalvesAct> {
  public:
    static at::Tensor forward(torch::autograd::AutogradContext *ctx, const at::Tensor &x, int64_t dim, bool gate_first,
                              int64_t op, double alpha, double scale, double lo, double hi) {
        at::AutoDispatchBelowADInplaceOrView below;
        static auto fwd = c10::Dispatcher::singleton()
                              .findSchemaOrThrow("gpuact::gated_halves", "")
                              .typed<at::Tensor(const at::Tensor &, int64_t, bool, int64_t, double, double, double,
                                                double)>();
        at::Tensor y = fwd.call(x, dim, gate_first, op, alpha, scale, lo, hi);
        ctx->save_for_backward({x});
        ctx->saved_data["p"] = std::vector<double>{(double)op, alpha, scale, lo, hi};
        ctx->saved_data["dim"] = dim;
        ctx->saved_data["gate_first"] = gate_first;
        return y;
    }
    static torch::autograd::variable_list backward(torch::autograd::AutogradContext *ctx,
                                                   torch::autograd::variable_list grads) {
        static auto bwd = c10::Dispatcher::singleton()
                              .findSchemaOrThrow("gpuact::gated_halves_backward", "")
                              .typed<at::Tensor(const at::Tensor &, const at::Tensor &, int64_t, bool, int64_t, double,
                                                double, double, double)>();
        const at::Tensor x = ctx->get_saved_variables()[0];
        const std::vector<double> p = ctx->saved_data["p"].toDoubleVector();
        at::Tensor dx;
        if (grads[0].defined())
            dx = bwd.call(x, grads[0], ctx->saved_data["dim"].toInt(), ctx->saved_data["gate_first"].toBool(),
                          (int64_t)p[0], p[1], p[2], p[3], p[4]);
        return {dx, at::Tensor(), at::Tensor(), at::Tensor(), at::Tensor(), at::Tensor(), at::Tensor(), at::Tensor()};
    }
};

at::Tensor gated_autograd(const at::Tensor &a, const at::Tensor &b, int64_t op, double alpha, double scale, double lo,
                          double hi) {
    return GatedAct::apply(a, b, op, alpha, scale, lo, hi);
}

at::Tensor gated_halves_autograd(const at::Tensor &x, int64_t dim, bool gate_first, int64_t op, double alpha,
                                 double scale, double lo, double hi) {
    return GatedHalvesAct::apply(x, dim, gate_first, op, alpha, scale, lo, hi);
}

/* bias with its autograd in C++, as Act: the forward saves x and b, the
   backward is one bias_backward call (db only where b wants a gradient). */
class BiasAct : public torch::autograd::Function<BiasAct> {
  public:
    static at::Tensor forward(torch::autograd::AutogradContext *ctx, const at::Tensor &x, const at::Tensor &b,
                              int64_t op, double alpha, double scale, double lo, double hi) {
        at::AutoDispatchBelowADInplaceOrView below;
        static auto fwd =
            c10::Dispatcher::singleton()
                .findSchemaOrThrow("gpuact::bias", "")
                .typed<at::Tensor(const at::Tensor &, const at::Tensor &, int64_t, double, double, double, double)>();
        at::Tensor y = fwd.call(x, b, op, alpha, scale, lo, hi);
        ctx->save_for_backward({x, b});
        ctx->saved_data["p"] = std::vector<double>{(double)op, alpha, scale, lo, hi};
        return y;
    }
    static torch::autograd::variable_list backward(torch::autograd::AutogradContext *ctx,
                                                   torch::autograd::variable_list grads) {
        static auto bwd = c10::Dispatcher::singleton()
                              .findSchemaOrThrow("gpuact::bias_backward", "")
                              .typed<std::tuple<at::Tensor, at::Tensor>(const at::Tensor &, const at::Tensor &,
                                                                        const at::Tensor &, bool, int64_t, double,
                                                                        double, double, double)>();
        const auto saved = ctx->get_saved_variables();
        const std::vector<double> p = ctx->saved_data["p"].toDoubleVector();
        const bool need_db = ctx->needs_input_grad(1);
        at::Tensor dx, db;
        if (grads[0].defined())
            std::tie(dx, db) = bwd.call(saved[0], saved[1], grads[0], need_db, (int64_t)p[0], p[1], p[2], p[3], p[4]);
        return {dx, need_db ? db : at::Tensor(), at::Tensor(), at::Tensor(), at::Tensor(), at::Tensor(), at::Tensor()};
    }
};

at::Tensor bias_autograd(const at::Tensor &x, const at::Tensor &b, int64_t op, double alpha, double scale, double lo,
                         double hi) {
    return BiasAct::apply(x, b, op, alpha, scale, lo, hi);
}

bool has_cuda() {
#ifdef GPUACT_TORCH_CUDA
    return true;
#else
    return false;
#endif
}

} // namespace

TORCH_LIBRARY(gpuact, m) {
    m.def("forward(Tensor x, int op, float alpha, float scale, float lo, float hi) -> Tensor");
    /* act: forward with autograd (backward: the backward operator); gated_act and
       gated_halves_act: gated and gated_halves with theirs (backward: one call of
       gated_backward / gated_halves_backward); the others have none */
    m.def("act(Tensor x, int op, float alpha, float scale, float lo, float hi) -> Tensor");
    m.def("forward_(Tensor(a!) x, int op, float alpha, float scale, float lo, float hi) -> ()");
    m.def("backward(Tensor x, Tensor dy, int op, float alpha, float scale, float lo, float hi) -> Tensor");
    m.def("backward_from_output(Tensor y, Tensor dy, int op, float alpha, float scale, float lo, float hi) -> Tensor");
    m.def("forward_backward(Tensor x, Tensor dy, int op, float alpha, float scale, float lo, float hi) -> (Tensor, Tensor)");
    m.def("gated(Tensor a, Tensor b, int op, float alpha, float scale, float lo, float hi) -> Tensor");
    m.def("gated_act(Tensor a, Tensor b, int op, float alpha, float scale, float lo, float hi) -> Tensor");
    m.def("gated_backward(Tensor a, Tensor b, Tensor dy, int op, float alpha, float scale, float lo, float hi) -> "
          "(Tensor, Tensor)");
    m.def("gated_halves(Tensor x, int dim, bool gate_first, int op, float alpha, float scale, float lo, float hi) -> "
          "Tensor");
    m.def("gated_halves_act(Tensor x, int dim, bool gate_first, int op, float alpha, float scale, float lo, "
          "float hi) -> Tensor");
    m.def("gated_halves_backward(Tensor x, Tensor dy, int dim, bool gate_first, int op, float alpha, float scale, "
          "float lo, float hi) -> Tensor");
    /* bias + activation: bias_act with autograd (backward: one bias_backward) */
    m.def("bias(Tensor x, Tensor b, int op, float alpha, float scale, float lo, float hi) -> Tensor");
    m.def("bias_act(Tensor x, Tensor b, int op, float alpha, float scale, float lo, float hi) -> Tensor");
    m.def("bias_backward(Tensor x, Tensor b, Tensor dy, bool need_db, int op, float alpha, float scale, float lo, "
          "float hi) -> (Tensor, Tensor)");
}

/* the same functions for CPU and CUDA tensors (each picks the host or device
   entry points from its tensors' device) */
static void impl_all(torch::Library &m) {
    m.impl("forward", &forward);
    m.impl("act", &forward);
    m.impl("forward_", &forward_);
    m.impl("backward", &backward);
    m.impl("backward_from_output", &backward_from_output);
    m.impl("forward_backward", &forward_backward);
    m.impl("gated", &gated);
    m.impl("gated_act", &gated);
    m.impl("gated_backward", &gated_backward);
    m.impl("gated_halves", &gated_halves);
    m.impl("gated_halves_act", &gated_halves);
    m.impl("gated_halves_backward", &gated_halves_backward);
    m.impl("bias", &bias);
    m.impl("bias_act", &bias);
    m.impl("bias_backward", &bias_backward);
}

TORCH_LIBRARY_IMPL(gpuact, CPU, m) { impl_all(m); }

#ifdef GPUACT_TORCH_CUDA
TORCH_LIBRARY_IMPL(gpuact, CUDA, m) { impl_all(m); }
#endif

TORCH_LIBRARY_IMPL(gpuact, Autograd, m) {
    m.impl("act", &act_autograd);
    m.impl("gated_act", &gated_autograd);
    m.impl("gated_halves_act", &gated_halves_autograd);
    m.impl("bias_act", &bias_autograd);
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.doc() = "gpuact's PyTorch operators (torch.ops.gpuact); use gpuact.torch";
    m.def("has_cuda", &has_cuda, "True if this build has the CUDA kernels");
    m.def("status_string", [](int s) { return std::string(gpuact_status_string((gpuact_status)s)); });
}
