// Scratch for a sequence of device-wide scans (device_scan.hpp), grown to
// the largest size any of them asks for, with the libraries' two-call
// protocol: reserve() asks each scan its size, allocate() once, run() each.
#pragma once

#include <algorithm>
#include <cstddef>

#include "backend/gpu/device_memory.hpp"

namespace rocdist::gpu
{

class scan_scratch
{
public:
    explicit scan_scratch(hipStream_t stream) : memory_(stream) {}
    template <class Scan>
    bool reserve(Scan&& scan)
    {
        std::size_t bytes = 0;
        if(scan(nullptr, bytes) != hipSuccess)
            return false;
        needed_ = std::max(needed_, bytes);
        return true;
    }
    bool allocate() { return memory_.allocate(needed_); }
    template <class Scan>
    bool run(Scan&& scan)
    {
        std::size_t bytes = needed_;
        return scan(memory_.as<void>(), bytes) == hipSuccess;
    }

private:
    device_memory memory_;
    std::size_t   needed_ = 0;
};

} // namespace rocdist::gpu
