// What the emulated platform's own tests share: device buffers read back
// into vectors, the warp size of this run, and deferred execution switched
// on for one test.
#pragma once

#include <cstddef>
#include <vector>

#include <gtest/gtest.h>

#include "backend/gpu/runtime.hpp"
#include "rocdist_emulator.h"

namespace emulator_test
{

inline unsigned warp_size()
{
    int width = 0;
    EXPECT_EQ(hipDeviceGetAttribute(&width, hipDeviceAttributeWarpSize, 0), hipSuccess);
    return static_cast<unsigned>(width);
}

template <class T>
class device_vector
{
public:
    explicit device_vector(std::size_t n, int fill = 0) : n_(n)
    {
        EXPECT_EQ(hipMalloc(&p_, n * sizeof(T)), hipSuccess);
        EXPECT_EQ(hipMemset(p_, fill, n * sizeof(T)), hipSuccess);
    }
    explicit device_vector(const std::vector<T>& values) : n_(values.size())
    {
        EXPECT_EQ(hipMalloc(&p_, n_ * sizeof(T)), hipSuccess);
        EXPECT_EQ(hipMemcpy(p_, values.data(), n_ * sizeof(T), hipMemcpyHostToDevice), hipSuccess);
    }
    ~device_vector()
    {
        (void)hipDeviceSynchronize();
        (void)hipFree(p_);
    }
    device_vector(const device_vector&)            = delete;
    device_vector& operator=(const device_vector&) = delete;

    T* data() { return p_; }
    // Waits for the device, then copies back.
    std::vector<T> read()
    {
        std::vector<T> host(n_);
        EXPECT_EQ(hipDeviceSynchronize(), hipSuccess);
        EXPECT_EQ(hipMemcpy(host.data(), p_, n_ * sizeof(T), hipMemcpyDeviceToHost), hipSuccess);
        return host;
    }

private:
    std::size_t n_;
    T*          p_ = nullptr;
};

// Deferred execution for the life of the object (queued work runs only
// when a host call waits for it).
class deferred_execution
{
public:
    deferred_execution() { rocdist_emulator_set_deferred(1); }
    ~deferred_execution() { rocdist_emulator_set_deferred(0); }
    deferred_execution(const deferred_execution&)            = delete;
    deferred_execution& operator=(const deferred_execution&) = delete;
};

} // namespace emulator_test
