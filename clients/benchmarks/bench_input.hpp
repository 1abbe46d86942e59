// An input array of a benchmark (weights, shapes, concentrations) in memory
// of the benchmarked backend, copied there once from host values and freed
// with the object.
#pragma once

#include <stdexcept>
#include <vector>

#include "bench_context.hpp"
#include "build_config.hpp"

#if ROCDIST_HAS_GPU_BACKEND
#include "backend/gpu/runtime.hpp"
#endif

namespace rocdist_bench
{

template <class T>
class bench_input
{
public:
    explicit bench_input(std::vector<T> values) : host_(std::move(values))
    {
#if ROCDIST_HAS_GPU_BACKEND
        if(context.on_gpu)
        {
            if(hipMalloc(reinterpret_cast<void**>(&device_), host_.size() * sizeof(T)) != hipSuccess)
                throw std::runtime_error("cannot allocate a benchmark's input on the GPU");
            (void)hipMemcpy(device_, host_.data(), host_.size() * sizeof(T), hipMemcpyHostToDevice);
            (void)hipDeviceSynchronize();
            host_.clear();
        }
#endif
    }
    ~bench_input()
    {
#if ROCDIST_HAS_GPU_BACKEND
        if(device_ != nullptr)
        {
            (void)hipDeviceSynchronize();
            (void)hipFree(device_);
        }
#endif
    }
    bench_input(const bench_input&)            = delete;
    bench_input& operator=(const bench_input&) = delete;
    const T* data() const { return device_ != nullptr ? device_ : host_.data(); }

private:
    std::vector<T> host_;
    T*             device_ = nullptr;
};

} // namespace rocdist_bench
