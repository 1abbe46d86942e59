// Lets every test body run on host and GPU generators alike: a generator of
// the backend under test, and output buffers of that backend's memory, read
// back into host vectors with guards around them.
#pragma once

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "config.hpp"
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

// Creates a generator for b, or says why the test must be skipped.
inline rocdist_status create_generator(backend b, rocdist_generator* g)
{
    return b == backend::host ? rocdist_create_generator_host(g, ROCDIST_RNG_PHILOX4X32_10)
                              : rocdist_create_generator(g, ROCDIST_RNG_PHILOX4X32_10);
}

// Guard elements on each side of the output, filled with a byte pattern
// that generation must leave alone.
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
            (void)hipMemcpy(base_, pattern.data(), pattern.size(), hipMemcpyHostToDevice);
#endif
        }
    }
    ~backend_buffer()
    {
#if ROCDIST_HAS_GPU_BACKEND
        if(backend_ == backend::gpu)
            (void)hipFree(base_);
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
        (void)hipDeviceSynchronize();
        (void)hipMemcpy(copy.data(), base_, total_ * sizeof(T), hipMemcpyDeviceToHost);
#endif
        return copy;
    }

    // The n outputs; fails the test if anything outside them was touched.
    std::vector<T> outputs() const
    {
        const std::vector<T> everything = all();
        const auto* bytes = reinterpret_cast<const unsigned char*>(everything.data());
        for(size_t i = 0; i < lead_ * sizeof(T); ++i)
            EXPECT_EQ(bytes[i], sentinel_byte) << "byte " << i << " before the output was written";
        for(size_t i = (lead_ + n_) * sizeof(T); i < total_ * sizeof(T); ++i)
            EXPECT_EQ(bytes[i], sentinel_byte) << "byte " << i << " after the output was written";
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
