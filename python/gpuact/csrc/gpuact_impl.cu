/* gpuact_impl.cu - the one translation unit that holds gpuact's
   implementation in a CUDA build of the package: host and device entry
   points and the kernels. */
#define GPUACT_IMPLEMENTATION
#include "gpuact.h"
