/* gpuact_impl_host.cpp - the one translation unit that holds gpuact's
   implementation in a CPU-only build of the package: the host entry points. */
#define GPUACT_IMPLEMENTATION
#include "gpuact.h"
