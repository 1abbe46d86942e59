// Lets every test body run on host and GPU generators alike: a generator of
// the backend under test, and output buffers of that backend's memory, read
// back into host vectors with guards around them.
#pragma once

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "build_config.hpp"
#include "rocdist/rocdist.h"

#if ROCDIST_HAS_GPU_BACKEND
#include "backend/gpu/runtime.hpp"
#endif

namespace rocdist_test
{

enum class backend
{
    host,
    gpu
};

inline const char* to_string(backend b)
{
    return b == backend::host ? "host" : "gpu";
}
inline std::string backend_name(const ::testing::TestParamInfo<backend>& info)
{
    return to_string(info.param);
}
inline void PrintTo(backend b, std::ostream* os)
{
    *os << to_string(b);
}

#if ROCDIST_HAS_GPU_BACKEND
// Frees device memory once the work queued on the device is done with it:
// cudaFree only "may" wait for that, and the emulated platform does not.
inline void free_after_device_work(void* p)
{
    (void)hipDeviceSynchronize();
    (void)hipFree(p);
}
#endif

// Returns once the GPU (for the GPU backend) has run all the work queued on it.
inline void wait_for_device_work(backend b)
{
#if ROCDIST_HAS_GPU_BACKEND
    if(b == backend::gpu)
        EXPECT_EQ(hipDeviceSynchronize(), hipSuccess);
#else
    (void)b;
#endif
}

// Creates a generator for b, or says why the test must be skipped.
inline rocdist_status create_generator(backend b, rocdist_generator* g)
{
    return b == backend::host ? rocdist_create_generator_host(g, ROCDIST_RNG_PHILOX4X32_10)
                              : rocdist_create_generator(g, ROCDIST_RNG_PHILOX4X32_10);
}

// The whole buffer, output included, starts as a byte pattern: the guard
// elements on each side must keep it, and every output element must lose it.
// As a float (-2.9e-16) or double (-1.6e-129) the pattern is a value no
// distribution here can hit with a fixed seed in practice (uniforms and
// log-normals are positive, a normal hits it with probability about 1e-30);
// as a raw word it comes up with probability 2^-32, and since every test's
// seed is fixed such a hit would be a deterministic, reviewable failure.
constexpr size_t guard_elements = 8;
constexpr unsigned char sentinel_byte = 0xA5;

// Memory of the backend's kind holding guard + misalign + n + guard elements.
template <class T>
class backend_buffer
{
public:
    backend_buffer(backend b, size_t n, size_t misalign = 0)
        : backend_(b), n_(n), lead_(guard_elements + misalign),
          total_(guard_elements + misalign + n + guard_elements)
    {
        std::vector<unsigned char> pattern(total_ * sizeof(T), sentinel_byte);
        if(b == backend::host)
        {
            host_.resize(total_);
            std::memcpy(host_.data(), pattern.data(), pattern.size());
            base_ = host_.data();
        }
        else
        {
#if ROCDIST_HAS_GPU_BACKEND
            if(hipMalloc(reinterpret_cast<void**>(&base_), total_ * sizeof(T)) != hipSuccess)
                throw std::runtime_error("hipMalloc failed");
            // Waited for: a copy from pageable memory may still be in flight
            // when hipMemcpy returns, and a generator on a non-blocking
            // stream is not ordered after it.
            if(hipMemcpy(base_, pattern.data(), pattern.size(), hipMemcpyHostToDevice) != hipSuccess
               || hipDeviceSynchronize() != hipSuccess)
            {
                (void)hipFree(base_);
                throw std::runtime_error("hipMemcpy of the sentinel failed");
            }
#endif
        }
    }
    ~backend_buffer()
    {
#if ROCDIST_HAS_GPU_BACKEND
        if(backend_ == backend::gpu)
            free_after_device_work(base_);
#endif
    }
    backend_buffer(const backend_buffer&) = delete;
    backend_buffer& operator=(const backend_buffer&) = delete;

    T* data() { return base_ + lead_; }

    // All elements, guards included, as host memory.
    std::vector<T> all() const
    {
        if(backend_ == backend::host)
            return host_;
        std::vector<T> copy(total_);
#if ROCDIST_HAS_GPU_BACKEND
        EXPECT_EQ(hipDeviceSynchronize(), hipSuccess);
        EXPECT_EQ(hipMemcpy(copy.data(), base_, total_ * sizeof(T), hipMemcpyDeviceToHost), hipSuccess);
#endif
        return copy;
    }

    // The n outputs; fails the test if anything outside them was touched or
    // any of them was not written.
    std::vector<T> outputs() const
    {
        const std::vector<T> everything = all();
        const auto* bytes = reinterpret_cast<const unsigned char*>(everything.data());
        for(size_t i = 0; i < lead_ * sizeof(T); ++i)
            EXPECT_EQ(bytes[i], sentinel_byte) << "byte " << i << " before the output was written";
        for(size_t i = (lead_ + n_) * sizeof(T); i < total_ * sizeof(T); ++i)
            EXPECT_EQ(bytes[i], sentinel_byte) << "byte " << i << " after the output was written";
        size_t unwritten = 0, first_unwritten = 0;
        for(size_t i = 0; i < n_; ++i)
            if(is_sentinel(bytes + (lead_ + i) * sizeof(T)) && unwritten++ == 0)
                first_unwritten = i;
        EXPECT_EQ(unwritten, 0u) << "output elements still hold the sentinel, the first at index "
                                 << first_unwritten << " of " << n_;
        return std::vector<T>(everything.begin() + lead_, everything.begin() + lead_ + n_);
    }

    // True when no byte of the buffer has changed.
    bool untouched() const
    {
        const std::vector<T> everything = all();
        const auto* bytes = reinterpret_cast<const unsigned char*>(everything.data());
        for(size_t i = 0; i < total_ * sizeof(T); ++i)
            if(bytes[i] != sentinel_byte)
                return false;
        return true;
    }

private:
    static bool is_sentinel(const unsigned char* element)
    {
        for(size_t b = 0; b < sizeof(T); ++b)
            if(element[b] != sentinel_byte)
                return false;
        return true;
    }

    backend        backend_;
    size_t         n_, lead_, total_;
    std::vector<T> host_;
    T*             base_ = nullptr;
};

// One generate call per element type, so bodies can be written once.
inline rocdist_status generate(rocdist_generator g, unsigned int* out, size_t n)
{
    return rocdist_generate(g, out, n);
}
inline rocdist_status generate(rocdist_generator g, float* out, size_t n)
{
    return rocdist_generate_uniform(g, out, n);
}
inline rocdist_status generate(rocdist_generator g, double* out, size_t n)
{
    return rocdist_generate_uniform_double(g, out, n);
}

// n elements from the generator's current position, through a fresh buffer.
template <class T>
std::vector<T> generate_vector(backend b, rocdist_generator g, size_t n, size_t misalign = 0)
{
    backend_buffer<T> buffer(b, n, misalign);
    EXPECT_EQ(generate(g, buffer.data(), n), ROCDIST_STATUS_SUCCESS);
    return buffer.outputs();
}

// Fixture: a generator of the parameter's backend, skipped with the reason
// when that backend is not available here.
class backend_test : public ::testing::TestWithParam<backend>
{
protected:
    void SetUp() override
    {
        const rocdist_status status = create_generator(GetParam(), &gen_);
        if(GetParam() == backend::gpu && status == ROCDIST_STATUS_NO_DEVICE)
            GTEST_SKIP() << "GPU generator unavailable: " << rocdist_get_status_string(status);
        ASSERT_EQ(status, ROCDIST_STATUS_SUCCESS) << rocdist_get_status_string(status);
    }
    void TearDown() override
    {
        if(gen_ != nullptr)
            EXPECT_EQ(rocdist_destroy_generator(gen_), ROCDIST_STATUS_SUCCESS);
    }

    rocdist_generator gen_ = nullptr;
};

#define ROCDIST_INSTANTIATE_BACKENDS(suite)                                                  \
    INSTANTIATE_TEST_SUITE_P(backends, suite,                                                \
                             ::testing::Values(rocdist_test::backend::host,                 \
                                               rocdist_test::backend::gpu),                 \
                             rocdist_test::backend_name)

} // namespace rocdist_test
