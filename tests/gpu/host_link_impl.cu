/* host_link_impl.cu - the one translation unit with the implementation (host
   and device entry points), for tests/gpu/host_link.c. */
#define GPUACT_IMPLEMENTATION
#include "gpuact.h"
