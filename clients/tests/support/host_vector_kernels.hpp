// What the tests of the host generator's vector kernels share, one test
// file for each kernel source of backend/host/simd (test_block_kernels.cpp,
// test_compacted_kernels.cpp, test_gamma_blocks.cpp, test_count_blocks.cpp,
// test_categorical_rows_tiles.cpp):
// their fixture, the requests and their comparison with the scalar
// functors, and the normal and gamma cases and the bounds of the
// reproducible ordering's kernels, which the fast ordering's chunk kernels
// meet too. The five files make one suite, host_vector_kernels, whose names
// CI's test filters and the docs use: one fixture class (gtest refuses a
// suite of two) and one instantiation, in test_block_kernels.cpp (a second
// one named targets would repeat every test name).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "backend_buffers.hpp"
#include "box_muller_error.hpp"
#include "build_config.hpp"
#include "highway_targets.hpp"
#include "rocdist/device/engine/philox4x32_10.hpp"
#include "rocdist/rocdist.h"

namespace rocdist_test
{

struct request
{
    unsigned long long seed;
    unsigned long long offset;
    size_t             n;
    size_t             misalign;
};

inline std::vector<request> requests()
{
    std::vector<request>      r;
    const unsigned long long  seeds[]   = {0ull, 7ull, 0x123456789abcdefull};
    const unsigned long long  offsets[] = {0, 1, 2, 3, 4 * 65536 - 13, (1ull << 40) + 5};
    const size_t              sizes[]   = {1, 2, 3, 5, 31, 32, 33, 100, 4097, 70001};
    for(unsigned long long seed : seeds)
        for(unsigned long long offset : offsets)
            for(size_t n : sizes)
                r.push_back({seed, offset, n, (seed + offset + n) % 4});
    for(size_t misalign = 0; misalign < 4; ++misalign)
    {
        r.push_back({11, 0, 300007, misalign});                  // several threads
        r.push_back({11, ~0ull - 999, 1000, misalign});          // up to the stream's last element
        r.push_back({11, (1ull << 32) - 300, 1000, misalign});   // a counter's low word carrying
        r.push_back({11, 4 * 65536 * 3 - 2 - misalign, 77, misalign});
    }
    return r;
}

// The functor's outputs for elements first .. first + n - 1, each of its
// blocks computed once (a block per element would compute each up to
// outputs_per_block times: the suite's slowest tests, under qemu above all).
template <class Functor>
std::vector<typename Functor::value_type> functor_outputs(const Functor& f, std::uint64_t first, size_t n)
{
    constexpr unsigned                        per = Functor::outputs_per_block;
    std::vector<typename Functor::value_type> out(n);
    typename Functor::value_type              v[per];
    std::uint64_t                             block = first / per;
    unsigned                                  lane  = static_cast<unsigned>(first % per);
    if(n != 0)
        f(block, v);
    for(size_t j = 0; j < n; ++j)
    {
        out[j] = v[lane];
        if(++lane == per && j + 1 < n)
        {
            lane = 0;
            f(++block, v);
        }
    }
    return out;
}

template <class T>
bool same_bits(T a, T b)
{
    return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// On a vector target the kernels' math (log, sincos, exp) rounds
// differently from libm's, the scalar code's, on a share of the elements:
// none of them differing means the library did not run the target's kernel.
inline void expect_vector_kernel_ran(bool vector_target, size_t differing)
{
    if(vector_target)
        EXPECT_GT(differing, 0u) << "the library did not run the vector kernel of this target";
}

// Generates each request with `call` and hands every element, with the
// functor's value for it, to `check`.
template <class T, class MakeFunctor, class Call, class Check>
void compare(MakeFunctor make_functor, Call call, Check check)
{
    rocdist_generator gen = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    for(const request& q : requests())
    {
        SCOPED_TRACE(::testing::Message() << "seed " << q.seed << " offset " << q.offset << " n " << q.n
                                          << " misalign " << q.misalign);
        ASSERT_EQ(rocdist_set_seed(gen, q.seed), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(gen, q.offset), ROCDIST_STATUS_SUCCESS);
        backend_buffer<T> buffer(backend::host, q.n, q.misalign);
        ASSERT_EQ(call(gen, buffer.data(), q.n), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> got = buffer.outputs();
        const std::vector<T> expected
            = functor_outputs(make_functor(rocdist::engine::philox_key_from_seed(q.seed)), q.offset, q.n);
        size_t bad = 0;
        for(size_t j = 0; j < q.n && bad < 5; ++j)
        {
            if(!check(got[j], expected[j]))
            {
                ADD_FAILURE() << "element " << j << ": got " << got[j] << ", functor " << expected[j];
                ++bad;
            }
        }
    }
    EXPECT_EQ(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS);
}

// The suite's fixture: a test under one target, and whether the library
// has vector kernels for it.
class host_vector_kernels : public highway_target_test
{
protected:
    bool vector_target() const { return (GetParam() & ROCDIST_HOST_SIMD_TARGETS) != 0; }
};

struct normal_case
{
    float mean, stddev;
    bool  log_normal;
};
inline constexpr normal_case normal_cases[] = {{0.0f, 1.0f, false}, {0.5f, 2.0f, false}, {-1.0f, 0.75f, true}};

inline rocdist_status generate_normals(rocdist_generator g, float* out, size_t n, const normal_case& c)
{
    return c.log_normal ? rocdist_generate_log_normal(g, out, n, c.mean, c.stddev)
                        : rocdist_generate_normal(g, out, n, c.mean, c.stddev);
}

inline rocdist_status generate_normals(rocdist_generator g, double* out, size_t n, const normal_case& c)
{
    return c.log_normal ? rocdist_generate_log_normal_double(g, out, n, c.mean, c.stddev)
                        : rocdist_generate_normal_double(g, out, n, c.mean, c.stddev);
}

// A normal of the host generator against the scalar path's: the same bits
// on a target without vector kernels, else within `bound` ulp (of T) of the
// largest term (box_muller_error_ulp; a log-normal value through its log,
// allowing 2 ulp of 1 for exp's own rounding). finish() checks that on a
// vector target some value differed (else the library did not run that
// target's kernel) and records the largest error.
template <class T = float>
class normal_within_bound
{
public:
    normal_within_bound(double bound, bool vector_target) : bound_(bound), vector_(vector_target) {}

    void finish() const
    {
        expect_vector_kernel_ran(vector_, differing_);
        ::testing::Test::RecordProperty("max_ulp", std::to_string(worst_));
    }

    bool operator()(const normal_case& c, T a, T b)
    {
        constexpr int digits = std::numeric_limits<T>::digits;
        differing_ += !same_bits(a, b);
        if(!vector_)
            return same_bits(a, b);
        const double x   = c.log_normal ? std::log(double(a)) : a;
        const double y   = c.log_normal ? std::log(double(b)) : b;
        const double err = box_muller_error_ulp(x, y, c.mean, c.log_normal ? std::ldexp(2.0, -digits) : 0.0, digits);
        worst_           = std::max(worst_, err);
        return err <= bound_;
    }

private:
    double bound_;
    bool   vector_;
    double worst_     = 0;
    size_t differing_ = 0;
};

// Float polar's vector kernels make the scalar code's decisions (s is
// bit-identical), so every element must be within the bound of the vector
// log: 4 ulp of the largest term (measured on AVX2 and AVX-512 over these
// requests: 3.03 in the fast ordering; docs/normal.md); a log-normal value
// is compared through its log, allowing 2^-23 for expf's rounding.
inline constexpr double polar_bound_ulp        = 4;
inline constexpr double polar_double_bound_ulp = 4;

// Gamma: the kernel against the scalar functor, in units of 2^-24 (float)
// or 2^-53 (double) of magnitude (4 + |ln(magnitude / scale)| + (shape < 1
// ? |ln scale| : 0)), the form of the host-vs-GPU tolerance in
// test_gamma_stream.cpp (which allows 16 float units, 2^-20, and 128 double
// units, 2^-46): the boost's exponential multiplies the logs' relative error
// by |ln(x / scale)|, and its exponent log U' / a + ln scale, rounded once,
// carries half an ulp of |ln scale| whenever the logs differ by one. Two
// subnormal units are allowed for results that round to subnormals.
template <class T>
double gamma_error_units(T a, T b, T shape, T scale)
{
    if(a == b)
        return 0;
    const double magnitude = std::max(double(a), double(b));
    const double excess
        = std::fabs(double(a) - double(b)) - 2 * double(std::numeric_limits<T>::denorm_min());
    if(excess <= 0)
        return 0;
    const double unit     = sizeof(T) == sizeof(float) ? 0x1p-24 : 0x1p-53;
    const double exponent = shape < 1 ? std::fabs(std::log(double(scale))) : 0;
    // Relative first: unit * magnitude underflows for subnormal doubles.
    return excess / magnitude / (unit * (4 + std::fabs(std::log(magnitude / double(scale))) + exponent));
}

// Measured over these requests on AVX2 and AVX-512 (docs/gamma.md), float:
// at most 14.1 units (shape 1, where y = c z near -1 multiplies z's error
// by 3|y| / (1 + y)), 4.9 at shape 0.3, 3.0 at 0.001, 2.7 at 2.5, 0.06 at
// 1e6; double: at most 50.5 units (shape 1), 8.2 at 0.3, 3.3 at 0.001,
// 3.0 at 2.5, 0.06 at 1e6; no flipped decision.
template <class T>
inline constexpr double gamma_bound_units = sizeof(T) == sizeof(float) ? 16 : 128;

struct gamma_case
{
    double shape, scale;
};
inline constexpr gamma_case gamma_cases[]
    = {{0.001, 1.0}, {0.3, 1.0}, {0.3, 1e-20}, {1.0, 1.0}, {2.5, 1.0}, {1e6, 1.0}};

} // namespace rocdist_test
