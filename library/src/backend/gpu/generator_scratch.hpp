// A generator's kept scratch (gpu_backend.hpp's scratch_memory), for the
// kernel sources: grown when a call needs more, trimmed when the call ends.
#pragma once

#include <cstddef>

#include "backend/gpu/gpu_backend.hpp"
#include "backend/gpu/runtime.hpp"

namespace rocdist::gpu
{

// A generator keeps at most this much scratch between calls; a call that
// needs more frees it when it returns.
constexpr std::size_t kept_scratch_bytes = std::size_t(64) << 20;

// At least `bytes` of scratch; false, with none kept, when the allocation
// is refused. The generator's calls wait for their work before returning,
// so what is freed here is idle.
inline bool reserve(scratch_memory& scratch, int ordinal, std::size_t bytes)
{
    if(scratch.bytes >= bytes)
        return true;
    if(scratch.p != nullptr)
        free_device_memory(ordinal, scratch.p);
    scratch = {};
    if(hipMalloc(&scratch.p, bytes) != hipSuccess)
    {
        (void)hipGetLastError();
        scratch.p = nullptr;
        return false;
    }
    scratch.bytes = bytes;
    return true;
}

// Called when a call that used the scratch has waited for its work.
inline void trim(scratch_memory& scratch, int ordinal)
{
    if(scratch.bytes > kept_scratch_bytes)
    {
        free_device_memory(ordinal, scratch.p);
        scratch = {};
    }
}

} // namespace rocdist::gpu
