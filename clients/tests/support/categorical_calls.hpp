// Categorical tables and samples on either backend: weights copied into
// memory of the backend's kind, samples read back through a guarded buffer.
#pragma once

#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "backend_buffers.hpp"
#include "rocdist/rocdist.h"

namespace rocdist_test
{

inline rocdist_status create_categorical(rocdist_generator g, const float* w, size_t k, rocdist_categorical* t)
{
    return rocdist_create_categorical(g, w, k, t);
}
inline rocdist_status create_categorical(rocdist_generator g, const double* w, size_t k, rocdist_categorical* t)
{
    return rocdist_create_categorical_double(g, w, k, t);
}

// Weights in memory of backend b (device memory for the GPU).
template <class T>
class backend_weights
{
public:
    backend_weights(backend b, const std::vector<T>& w) : backend_(b), host_(w)
    {
#if ROCDIST_HAS_GPU_BACKEND
        if(b == backend::gpu)
        {
            if(hipMalloc(reinterpret_cast<void**>(&device_), w.size() * sizeof(T)) != hipSuccess)
                throw std::runtime_error("hipMalloc failed");
            // Waited for, as in backend_buffer.
            if(hipMemcpy(device_, w.data(), w.size() * sizeof(T), hipMemcpyHostToDevice) != hipSuccess
               || hipDeviceSynchronize() != hipSuccess)
            {
                free_after_device_work(device_);
                throw std::runtime_error("hipMemcpy of the weights failed");
            }
        }
#endif
    }
    ~backend_weights()
    {
#if ROCDIST_HAS_GPU_BACKEND
        if(device_ != nullptr)
            free_after_device_work(device_);
#endif
    }
    backend_weights(const backend_weights&)            = delete;
    backend_weights& operator=(const backend_weights&) = delete;

    const T* data() const { return backend_ == backend::host ? host_.data() : device_; }
    size_t   size() const { return host_.size(); }

private:
    backend        backend_;
    std::vector<T> host_;
    T*             device_ = nullptr;
};

// A table built by g from w; fails the test unless creation succeeds.
template <class T>
rocdist_categorical make_table(backend b, rocdist_generator g, const std::vector<T>& w)
{
    backend_weights<T>   weights(b, w);
    rocdist_categorical  table  = nullptr;
    const rocdist_status status = create_categorical(g, weights.data(), weights.size(), &table);
    EXPECT_EQ(status, ROCDIST_STATUS_SUCCESS) << rocdist_get_status_string(status);
    return table;
}

// n categories from the generator's position.
inline std::vector<unsigned int> categorical_vector(backend b, rocdist_generator g, rocdist_categorical table,
                                                    size_t n, size_t misalign = 0)
{
    backend_buffer<unsigned int> buffer(b, n, misalign);
    EXPECT_EQ(rocdist_generate_categorical(g, table, buffer.data(), n), ROCDIST_STATUS_SUCCESS);
    return buffer.outputs();
}

// n categories a host generator at seed 0 draws from a table of w: the
// reference for GPU tables, whose categories are identical.
inline std::vector<unsigned int> host_categories(const std::vector<float>& w, size_t n)
{
    rocdist_generator host = nullptr;
    EXPECT_EQ(rocdist_create_generator_host(&host, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    const rocdist_categorical       table = make_table(backend::host, host, w);
    const std::vector<unsigned int> out   = categorical_vector(backend::host, host, table, n);
    EXPECT_EQ(rocdist_destroy_categorical(table), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_destroy_generator(host), ROCDIST_STATUS_SUCCESS);
    return out;
}

} // namespace rocdist_test
