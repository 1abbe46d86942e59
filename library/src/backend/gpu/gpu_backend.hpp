// The GPU backend as the rest of the library sees it: plain C++ declarations,
// no GPU header, so generator.cpp compiles with the host compiler.
#pragma once

#include <cstddef>
#include <cstdint>

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

// ROCDIST_STATUS_INVALID_VALUE unless the runtime knows stream (NULL, the
// default stream, always passes).
rocdist_status check_stream(const device_info& device, void* stream);

// Queue the reproducible-ordering kernel for any block functor on `stream`
// (asynchronous); returns after the launch. A launch the runtime refuses for
// lack of memory is ROCDIST_STATUS_ALLOCATION_FAILED, any other refusal
// ROCDIST_STATUS_LAUNCH_FAILURE; either way nothing was queued. Defined, and instantiated for
// every functor the generator uses, in generate_kernels.hip.
template <class Functor>
rocdist_status generate(const device_info& device, void* stream, const Functor& f,
                        typename Functor::value_type* out, std::size_t n, std::uint64_t offset);

} // namespace rocdist::gpu
