// The GPU backend as the rest of the library sees it: plain C++ declarations,
// no GPU header, so generator.cpp compiles with the host compiler.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/block_functors.hpp"
#include "rocdist/rocdist.h"

namespace rocdist::gpu
{

struct device_info
{
    int ordinal;
    int multiprocessors;
};

// The current device; ROCDIST_STATUS_NO_DEVICE when the runtime finds none.
rocdist_status query_current_device(device_info& info);

// ROCDIST_STATUS_WRONG_MEMORY unless the device can write p.
rocdist_status check_output(const device_info& device, const void* p);

// Queue the kernel on `stream` (asynchronous). Returns after the launch.
rocdist_status generate(const device_info& device, void* stream,
                        const backend::bits_functor& f, unsigned int* out, std::size_t n, std::uint64_t offset);
rocdist_status generate(const device_info& device, void* stream,
                        const backend::uniform_float_functor& f, float* out, std::size_t n, std::uint64_t offset);
rocdist_status generate(const device_info& device, void* stream,
                        const backend::uniform_double_functor& f, double* out, std::size_t n, std::uint64_t offset);

} // namespace rocdist::gpu
