/* gpuact_torch.cpp - the gpuact operators for PyTorch (torch.ops.gpuact.*).

   One generic operator per direction, the activation chosen by its op code
   (gpuact_op) and its parameters passed resolved (alpha, scale, lo, hi):
       forward(x, op, alpha, scale, lo, hi) -> y
       forward_(x!, op, ...)                      in place
       backward(x, dy, op, ...) -> dx             dx = dy f'(x), rounded once
       backward_from_output(y, dy, op, ...) -> dx elu/selu after an in-place forward
       forward_backward(x, dy, op, ...) -> (y, dx)
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

#include <atomic>
#include <string>

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
    default: break;
    }
    TORCH_CHECK_TYPE(false, "gpuact.", c.what, "(", op_name(c.op), "): dtype ", x.scalar_type(),
                     " is not supported (float32, float16, bfloat16)");
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
    /* forward with autograd (backward: the backward operator); the others have none */
    m.def("act(Tensor x, int op, float alpha, float scale, float lo, float hi) -> Tensor");
    m.def("forward_(Tensor(a!) x, int op, float alpha, float scale, float lo, float hi) -> ()");
    m.def("backward(Tensor x, Tensor dy, int op, float alpha, float scale, float lo, float hi) -> Tensor");
    m.def("backward_from_output(Tensor y, Tensor dy, int op, float alpha, float scale, float lo, float hi) -> Tensor");
    m.def("forward_backward(Tensor x, Tensor dy, int op, float alpha, float scale, float lo, float hi) -> (Tensor, Tensor)");
}

TORCH_LIBRARY_IMPL(gpuact, CPU, m) {
    m.impl("forward", &forward);
    m.impl("act", &forward);
    m.impl("forward_", &forward_);
    m.impl("backward", &backward);
    m.impl("backward_from_output", &backward_from_output);
    m.impl("forward_backward", &forward_backward);
}

#ifdef GPUACT_TORCH_CUDA
TORCH_LIBRARY_IMPL(gpuact, CUDA, m) {
    m.impl("forward", &forward);
    m.impl("act", &forward);
    m.impl("forward_", &forward_);
    m.impl("backward", &backward);
    m.impl("backward_from_output", &backward_from_output);
    m.impl("forward_backward", &forward_backward);
}
#endif

TORCH_LIBRARY_IMPL(gpuact, Autograd, m) { m.impl("act", &act_autograd); }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.doc() = "gpuact's PyTorch operators (torch.ops.gpuact); use gpuact.torch";
    m.def("has_cuda", &has_cuda, "True if this build has the CUDA kernels");
    m.def("status_string", [](int s) { return std::string(gpuact_status_string((gpuact_status)s)); });
}
