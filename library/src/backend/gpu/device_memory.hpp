// Device memory owned by a scope: freed on every return path unless
// released. Work queued on the stream may still use it when a later step
// fails, and cudaFree only "may" wait for that: the stream is waited for
// first.
#pragma once

#include <algorithm>
#include <cstddef>

#include "backend/gpu/runtime.hpp"

namespace rocdist::gpu
{

class device_memory
{
public:
    explicit device_memory(hipStream_t stream) : stream_(stream) {}
    ~device_memory()
    {
        if(p_ != nullptr)
        {
            (void)hipStreamSynchronize(stream_);
            (void)hipFree(p_);
        }
    }
    device_memory(const device_memory&)            = delete;
    device_memory& operator=(const device_memory&) = delete;

    bool allocate(std::size_t bytes)
    {
        if(hipMalloc(&p_, std::max<std::size_t>(bytes, 1)) != hipSuccess)
        {
            (void)hipGetLastError();
            p_ = nullptr;
            return false;
        }
        return true;
    }
    template <class T>
    T* as() const
    {
        return static_cast<T*>(p_);
    }
    void* release()
    {
        void* p = p_;
        p_      = nullptr;
        return p;
    }

private:
    hipStream_t stream_;
    void*       p_ = nullptr;
};

} // namespace rocdist::gpu
