/* test_device_emu.cpp - tests/gpu/test_device.cu built for the CPU emulation
   of emulation/cuda_runtime.h (no GPU needed):
       g++ -std=c++17 -O2 -pthread -fsanitize=alignment -D__CUDACC__ \
           -include tests/gpu/emulation/cuda_runtime.h -Itests/gpu/emulation -I. \
           tests/gpu/emulation/test_device_emu.cpp -o test_device_emu
   It checks the tests' and the entry points' logic; the real run is on a GPU.
   Environment: GPUACT_EMU_BIG=1 also runs test 4 (2^31 elements: ~9 GB of
   memory, minutes). */
#define GPUACT_TEST_EMULATION
#define GPUACT__TICKET_BYTES (64u << 10) /* test 9 at 2^15 elements, not 2^24 */
#include "../test_device.cu"
#include "emu_impl.h"
