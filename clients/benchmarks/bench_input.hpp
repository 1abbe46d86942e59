// An input array of a benchmark (weights, shapes, concentrations) in memory
// of the benchmarked backend, copied there once from host values and freed
// with the object.
#pragma once

#include <chrono>
#include <cstddef>
#include <stdexcept>
#include <vector>

#include "bench_context.hpp"
#include "build_config.hpp"
#include "store_bandwidth.hpp"

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

#if ROCDIST_HAS_GPU_BACKEND
// One read of `bytes` of device memory (their values play no part), timed
// by the wall clock from launch to the end of the wait, as the calls that
// return when their work is done are timed: the read bandwidth that their
// GPU goals are stated against.
inline void plain_read_bench(benchmark::State& state, std::size_t bytes)
{
    const bench_input<unsigned char> in{std::vector<unsigned char>(bytes)};
    for(auto _ : state)
    {
        const auto begin = std::chrono::steady_clock::now();
        device_read(in.data(), bytes);
        synchronize();
        state.SetIterationTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}
#endif

} // namespace rocdist_bench
