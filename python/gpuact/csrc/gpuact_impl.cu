/* gpuact_impl.cu - the one translation unit that holds gpuact's
   implementation in a CUDA build of the package: host and device entry
   points and the kernels. */
#define GPUACT_IMPLEMENTATION
/* the bias + activation kernels of GEGLU/SwiGLU-era MLPs (gelu_erf, gelu_tanh,
   silu) and of seed 002's Linear -> swish chain (swish_tanh); about 3.5 s of
   nvcc time each */
#define GPUACT_BIAS_OPS \
    (GPUACT_BIT(GPUACT_OP_GELU_ERF) | GPUACT_BIT(GPUACT_OP_GELU_TANH) | GPUACT_BIT(GPUACT_OP_SILU) | GPUACT_BIT(GPUACT_OP_SWISH_TANH))
/* the fp64 kernel (one, every op and direction): float64 tensors on CUDA,
   torch.autograd.gradcheck's type */
#define GPUACT_F64_KERNELS 1
#include "gpuact.h"
