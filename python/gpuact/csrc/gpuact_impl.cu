/* gpuact_impl.cu - the one translation unit that holds gpuact's
   implementation in a CUDA build of the package: host and device entry
   points and the kernels. */
#define GPUACT_IMPLEMENTATION
/* the bias + activation kernels of GEGLU/SwiGLU-era MLPs (gelu_erf, gelu_tanh,
   silu; about 10 s more nvcc time) */
#define GPUACT_BIAS_OPS (GPUACT_BIT(GPUACT_OP_GELU_ERF) | GPUACT_BIT(GPUACT_OP_GELU_TANH) | GPUACT_BIT(GPUACT_OP_SILU))
#include "gpuact.h"
