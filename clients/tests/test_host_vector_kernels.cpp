// The host generator against the scalar block functors it must reproduce,
// element by element, through the public API, under each Highway target
// that this build compiles and this CPU runs (the others are skipped, with
// the reason): the block kernels (backend/host/simd/block_kernels.cpp) with
// the edges around them. Seeds, offsets (odd ones, groups of blocks that
// straddle a subsequence wrap, the stream's end), sizes from 1 past one
// thread's share, and every misalignment. Words, uniform floats and doubles,
// ziggurat normals (float and double) and categorical variates (the double
// stream's layout) must be bit-identical; Box-Muller may differ by the vector kernel's log and
// sincos, up to the bound measured in docs/normal.md, and must be
// bit-identical on a target without vector kernels (so the test also shows
// that the target override reaches the library). Gamma's vector kernels
// (float and double, both orderings) may differ by their log, sincos and
// exp (docs/gamma.md), and a decision within those roundings of its
// boundary may flip (rarely); on a target without vector kernels they too
// must be bit-identical. So must beta and Dirichlet with shapes below 1/2,
// which take the same kernel's logarithms.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "config.hpp" // before Highway: the targets it compiles

#include <hwy/targets.h>

#include "backend/categorical_row_inputs.hpp"
#include "backend/compacted_round.hpp"
#include "backend/dirichlet_rows.hpp"
#include "backend/host/alias_table_host.hpp"
#include "backend/host/simd/weight_tiles.hpp"
#include "backend/rejection_samplers.hpp"
#include "backend_buffers.hpp"
#include "box_muller_error.hpp"
#include "categorical_rows_calls.hpp"
#include "gamma_calls.hpp"
#include "gamma_family_calls.hpp"
#include "rocdist/device/blocks/beta_functor.hpp"
#include "rocdist/device/blocks/block_functors.hpp"
#include "rocdist/device/blocks/gamma_functor.hpp"
#include "rocdist/device/blocks/normal_functors.hpp"
#include "rocdist/device/distributions/gamma.hpp"
#include "rocdist/device/distributions/row_fixed_point.hpp"
#include "rocdist/device/engine/philox4x32_10.hpp"
#include "rocdist/rocdist.h"

namespace
{

namespace backend = rocdist::backend;
namespace engine  = rocdist::engine;
using rocdist_test::backend_buffer;
using rocdist_test::generate_gamma;
using rocdist_test::generate_gamma_shapes;

struct request
{
    unsigned long long seed;
    unsigned long long offset;
    size_t             n;
    size_t             misalign;
};

std::vector<request> requests()
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
        r.push_back({11, 4 * 65536 * 3 - 2 - misalign, 77, misalign});
    }
    return r;
}

template <class Functor>
typename Functor::value_type element(const Functor& f, std::uint64_t e)
{
    typename Functor::value_type v[Functor::outputs_per_block];
    f(e / Functor::outputs_per_block, v);
    return v[e % Functor::outputs_per_block];
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
        backend_buffer<T> buffer(rocdist_test::backend::host, q.n, q.misalign);
        ASSERT_EQ(call(gen, buffer.data(), q.n), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> got = buffer.outputs();
        const auto           f   = make_functor(engine::philox_key_from_seed(q.seed));
        size_t               bad = 0;
        for(size_t j = 0; j < q.n && bad < 5; ++j)
        {
            if(!check(got[j], element(f, q.offset + j)))
            {
                ADD_FAILURE() << "element " << j << ": got " << got[j] << ", functor " << element(f, q.offset + j);
                ++bad;
            }
        }
    }
    EXPECT_EQ(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS);
}

template <class T>
bool same_bits(T a, T b)
{
    return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// The Highway targets this build compiles, best first: the test's own
// HWY_TARGETS, which the library's block_kernels.cpp shares (same compiler,
// same config.hpp).
std::vector<std::int64_t> compiled_targets()
{
    std::vector<std::int64_t> r;
    for(std::int64_t t = HWY_TARGETS; t != 0; t &= t - 1)
        r.push_back(t & -t);
    return r;
}

// Each test runs with the library's dispatch narrowed to one target.
class host_vector_kernels : public ::testing::TestWithParam<std::int64_t>
{
protected:
    void SetUp() override
    {
        if((hwy::SupportedTargets() & GetParam()) == 0)
            GTEST_SKIP() << "this CPU does not run Highway's " << hwy::TargetName(GetParam()) << " target";
        hwy::SetSupportedTargetsForTest(GetParam());
    }
    void TearDown() override { hwy::SetSupportedTargetsForTest(0); }

    bool vector_target() const { return (GetParam() & ROCDIST_HOST_SIMD_TARGETS) != 0; }
};

INSTANTIATE_TEST_SUITE_P(targets, host_vector_kernels, ::testing::ValuesIn(compiled_targets()),
                         [](const ::testing::TestParamInfo<std::int64_t>& info) {
                             return std::string(hwy::TargetName(info.param));
                         });

TEST_P(host_vector_kernels, words_bit_identical)
{
    compare<unsigned int>([](engine::philox_key k) { return backend::bits_functor{k}; },
                          [](rocdist_generator g, unsigned int* out, size_t n) { return rocdist_generate(g, out, n); },
                          same_bits<unsigned int>);
}

TEST_P(host_vector_kernels, uniform_floats_bit_identical)
{
    compare<float>([](engine::philox_key k) { return backend::uniform_float_functor{k}; },
                   [](rocdist_generator g, float* out, size_t n) { return rocdist_generate_uniform(g, out, n); },
                   same_bits<float>);
}

TEST_P(host_vector_kernels, uniform_doubles_bit_identical)
{
    compare<double>([](engine::philox_key k) { return backend::uniform_double_functor{k}; },
                    [](rocdist_generator g, double* out, size_t n) { return rocdist_generate_uniform_double(g, out, n); },
                    same_bits<double>);
}

TEST_P(host_vector_kernels, categorical_bit_identical)
{
    // A few heavy categories among many light ones, so that both halves of
    // the lookup (threshold and alias) are taken.
    std::vector<float> w(1000);
    for(size_t i = 0; i < w.size(); ++i)
        w[i] = i % 17 == 0 ? 30.0f + float(i % 5) : 0.25f + float(i % 7) / 8;
    const auto k       = static_cast<std::uint32_t>(w.size());
    double     largest = 0;
    ASSERT_EQ(rocdist::host::largest_weight(w.data(), k, largest), ROCDIST_STATUS_SUCCESS);
    std::vector<rocdist::distributions::alias_entry> entries(k);
    rocdist::host::build_alias_table(w.data(), k, largest, entries.data());
    rocdist_generator probe = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&probe, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    rocdist_categorical table = nullptr;
    ASSERT_EQ(rocdist_create_categorical(probe, w.data(), w.size(), &table), ROCDIST_STATUS_SUCCESS);
    compare<unsigned int>(
        [&](engine::philox_key key) { return backend::categorical_functor{key, entries.data(), k}; },
        [&](rocdist_generator g, unsigned int* out, size_t n) { return rocdist_generate_categorical(g, table, out, n); },
        same_bits<unsigned int>);
    EXPECT_EQ(rocdist_destroy_categorical(table), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_destroy_generator(probe), ROCDIST_STATUS_SUCCESS);
}

struct normal_case
{
    float mean, stddev;
    bool  log_normal;
};
const normal_case normal_cases[] = {{0.0f, 1.0f, false}, {0.5f, 2.0f, false}, {-1.0f, 0.75f, true}};

rocdist_status generate_normals(rocdist_generator g, float* out, size_t n, const normal_case& c)
{
    return c.log_normal ? rocdist_generate_log_normal(g, out, n, c.mean, c.stddev)
                        : rocdist_generate_normal(g, out, n, c.mean, c.stddev);
}

rocdist_status generate_normals(rocdist_generator g, double* out, size_t n, const normal_case& c)
{
    return c.log_normal ? rocdist_generate_log_normal_double(g, out, n, c.mean, c.stddev)
                        : rocdist_generate_normal_double(g, out, n, c.mean, c.stddev);
}

template <rocdist_normal_method Method, class T = float, class Check>
void compare_normals(Check check)
{
    for(const normal_case& c : normal_cases)
    {
        SCOPED_TRACE(::testing::Message() << "mean " << c.mean << " stddev " << c.stddev << " log " << c.log_normal);
        compare<T>(
            [&](engine::philox_key k) {
                return backend::normal_functor<Method, T>{k, {c.mean, c.stddev, c.log_normal}};
            },
            [&](rocdist_generator g, T* out, size_t n) {
                if(rocdist_set_normal_method(g, Method) != ROCDIST_STATUS_SUCCESS)
                    return ROCDIST_STATUS_INTERNAL_ERROR;
                return generate_normals(g, out, n, c);
            },
            [&](T a, T b) { return check(c, a, b); });
    }
}

TEST_P(host_vector_kernels, ziggurat_bit_identical)
{
    compare_normals<ROCDIST_NORMAL_ZIGGURAT>([](const normal_case&, float a, float b) { return same_bits(a, b); });
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
        if(vector_)
            EXPECT_GT(differing_, 0u) << "the library did not run the vector kernel of this target";
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
        const double err = rocdist_test::box_muller_error_ulp(x, y, c.mean, c.log_normal ? std::ldexp(2.0, -digits) : 0.0,
                                                              digits);
        worst_           = std::max(worst_, err);
        return err <= bound_;
    }

private:
    double bound_;
    bool   vector_;
    double worst_     = 0;
    size_t differing_ = 0;
};

// Measured on AVX2 and AVX-512 over these requests: at most 3 ulp
// (accurate) and 5 ulp (fast), both inside the host/GPU tolerance (2^-20
// relative, 8 ulp).
TEST_P(host_vector_kernels, inverse_cdf_within_bound)
{
    normal_within_bound check(4, vector_target());
    compare_normals<ROCDIST_NORMAL_INVERSE_CDF>([&](const normal_case& c, float a, float b) { return check(c, a, b); });
    check.finish();
}

TEST_P(host_vector_kernels, inverse_cdf_fast_within_bound)
{
    normal_within_bound check(6, vector_target());
    compare_normals<ROCDIST_NORMAL_INVERSE_CDF_FAST>(
        [&](const normal_case& c, float a, float b) { return check(c, a, b); });
    check.finish();
}

// The fast inverse CDF in double: Highway's Log and Log1p (4 and 2 ulp) for
// libm's; measured on AVX2 and AVX-512 over these requests: at most
// 4 ulp, far inside the host/GPU tolerance (2^-46 relative, 64 ulp).
TEST_P(host_vector_kernels, inverse_cdf_fast_double_within_bound)
{
    normal_within_bound<double> check(6, vector_target());
    compare_normals<ROCDIST_NORMAL_INVERSE_CDF_FAST, double>(
        [&](const normal_case& c, double a, double b) { return check(c, a, b); });
    check.finish();
}

// The accurate inverse CDF in double: Wichura's AS 241 on the lanes (the
// scalar path refines Giles' polynomial with Halley steps on libm's erf and
// erfc); measured on AVX2 and AVX-512 over these requests: at most 6 ulp,
// far inside the host/GPU tolerance (2^-46 relative, 64 ulp).
TEST_P(host_vector_kernels, inverse_cdf_double_within_bound)
{
    normal_within_bound<double> check(8, vector_target());
    compare_normals<ROCDIST_NORMAL_INVERSE_CDF, double>(
        [&](const normal_case& c, double a, double b) { return check(c, a, b); });
    check.finish();
}

// Float polar's vector kernels make the scalar code's decisions (s is
// bit-identical), so every element must be within the bound of the vector
// log: 4 ulp of the largest term (measured on AVX2 and AVX-512 over these
// requests: 3.03 in the fast ordering; docs/normal.md); a log-normal value
// is compared through its log, allowing 2^-23 for expf's rounding.
constexpr double polar_bound_ulp        = 4;
constexpr double polar_double_bound_ulp = 4;

// Float polar, reproducible ordering: first attempts and substream retries.
TEST_P(host_vector_kernels, polar_within_bound)
{
    normal_within_bound check(polar_bound_ulp, vector_target());
    compare_normals<ROCDIST_NORMAL_POLAR>([&](const normal_case& c, float a, float b) { return check(c, a, b); });
    check.finish();
}

// Double polar, reproducible ordering: the same decisions, the factor
// through Highway's Log (4 ulp); measured on AVX2 and AVX-512 over these
// requests: at most 3 ulp (docs/normal.md), far inside the host/GPU
// tolerance (2^-46 relative, 64 ulp).
TEST_P(host_vector_kernels, polar_double_within_bound)
{
    normal_within_bound<double> check(polar_double_bound_ulp, vector_target());
    compare_normals<ROCDIST_NORMAL_POLAR, double>(
        [&](const normal_case& c, double a, double b) { return check(c, a, b); });
    check.finish();
}

// Double Box-Muller: the scalar code's uniform and angle, then Highway's
// Log, Sin and Cos (and for log-normals Exp) instead of libm's; within
// box_muller_double_bound_ulp of the largest term (box_muller_error.hpp).
TEST_P(host_vector_kernels, box_muller_double_within_bound)
{
    normal_within_bound<double> check(rocdist_test::box_muller_double_bound_ulp, vector_target());
    compare_normals<ROCDIST_NORMAL_BOX_MULLER, double>(
        [&](const normal_case& c, double a, double b) { return check(c, a, b); });
    check.finish();
}

TEST_P(host_vector_kernels, ziggurat_double_bit_identical)
{
    compare_normals<ROCDIST_NORMAL_ZIGGURAT, double>(
        [](const normal_case&, double a, double b) { return same_bits(a, b); });
}

// The fast ordering: for each request, the generator's output (`call`
// makes it; seed and offset set here) and the scalar sampler's candidates
// run one after another, chunk by chunk (backend::fill_chunk), handed to
// check(got, expected).
template <class T, class MakeSampler, class Call, class Check>
void compare_fast(rocdist_generator gen, MakeSampler make_sampler, Call call, Check check)
{
    for(const request& q : requests())
    {
        SCOPED_TRACE(::testing::Message() << "seed " << q.seed << " offset " << q.offset << " n " << q.n);
        ASSERT_EQ(rocdist_set_seed(gen, q.seed), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(gen, q.offset), ROCDIST_STATUS_SUCCESS);
        std::vector<T> got(q.n), expected(q.n);
        ASSERT_EQ(call(gen, got.data(), q.n), ROCDIST_STATUS_SUCCESS);
        const auto s = make_sampler(engine::philox_key_from_seed(q.seed));
        for(size_t begin = 0; begin < q.n; begin += backend::compacted_chunk_size)
            backend::fill_chunk(s, q.offset + begin, expected.data() + begin,
                                std::min<size_t>(backend::compacted_chunk_size, q.n - begin));
        check(got, expected);
    }
}

// Each element of got against expected's by `ok`; the first few failures
// reported.
template <class T, class Ok>
void expect_each(const std::vector<T>& got, const std::vector<T>& expected, Ok ok)
{
    size_t bad = 0;
    for(size_t j = 0; j < got.size() && bad < 5; ++j)
    {
        if(!ok(got[j], expected[j]))
        {
            ADD_FAILURE() << "element " << j << ": got " << got[j] << ", candidates " << expected[j];
            ++bad;
        }
    }
}

// A generator in the fast ordering with a normal method.
rocdist_generator fast_generator(rocdist_normal_method method)
{
    rocdist_generator gen = nullptr;
    EXPECT_EQ(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_set_ordering(gen, ROCDIST_ORDERING_FAST), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_set_normal_method(gen, method), ROCDIST_STATUS_SUCCESS);
    return gen;
}

// The fast ordering's polar: the generator against the scalar sampler's
// candidates, chunk by chunk, within the bound of the reproducible
// ordering's kernel (measured on AVX2 and AVX-512: 3.03 ulp in float, 3.5 in
// double).
template <class T>
void compare_fast_polar(bool vector_target, double bound)
{
    rocdist_generator      gen = fast_generator(ROCDIST_NORMAL_POLAR);
    normal_within_bound<T> check(bound, vector_target);
    for(const normal_case& c : normal_cases)
    {
        SCOPED_TRACE(::testing::Message() << "mean " << c.mean << " log " << c.log_normal);
        compare_fast<T>(
            gen,
            [&](engine::philox_key key) {
                return backend::polar_sampler<T>{key, {T(c.mean), T(c.stddev), c.log_normal}};
            },
            [&](rocdist_generator g, T* out, size_t n) { return generate_normals(g, out, n, c); },
            [&](const std::vector<T>& got, const std::vector<T>& expected) {
                expect_each(got, expected, [&](T a, T b) { return check(c, a, b); });
            });
    }
    check.finish();
    EXPECT_EQ(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS);
}

TEST_P(host_vector_kernels, fast_ordering_polar_float_within_bound)
{
    compare_fast_polar<float>(vector_target(), polar_bound_ulp);
}

TEST_P(host_vector_kernels, fast_ordering_polar_double_within_bound)
{
    compare_fast_polar<double>(vector_target(), polar_double_bound_ulp);
}

TEST_P(host_vector_kernels, box_muller_within_bound)
{
    double      worst[std::size(normal_cases)] = {};
    std::size_t differing                      = 0;
    compare_normals<ROCDIST_NORMAL_BOX_MULLER>([&](const normal_case& c, float a, float b) {
        differing += !same_bits(a, b);
        if(!vector_target())
            return same_bits(a, b);
        // Log-normal: compare the logarithms, where the kernel's error lives,
        // allowing 2^-23 for expf's own rounding of each value.
        const double x = c.log_normal ? std::log(double(a)) : a;
        const double y = c.log_normal ? std::log(double(b)) : b;
        const double err = rocdist_test::box_muller_error_ulp(x, y, c.mean, c.log_normal ? 0x1p-23 : 0.0);
        double& w = worst[&c - normal_cases];
        w         = std::max(w, err);
        return err <= rocdist_test::box_muller_bound_ulp;
    });
    // The vector log and sincos round differently from libm's on a good
    // share of the elements: none differing means the target did not run.
    if(vector_target())
        EXPECT_GT(differing, 0u) << "the library did not run the vector kernel of this target";
    for(size_t i = 0; i < std::size(normal_cases); ++i)
        RecordProperty("max_ulp_case_" + std::to_string(i), std::to_string(worst[i]));
}

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
constexpr double gamma_bound_units = sizeof(T) == sizeof(float) ? 16 : 128;

// Whether a and b are within the bound, counting a flipped decision (a
// value from another attempt: unrelated, so far beyond any rounding, 2^-10
// relative) as within it.
template <class T>
bool gamma_within_bound(T a, T b, T shape, T scale, double& worst, std::size_t& flips)
{
    const double err = gamma_error_units(a, b, shape, scale);
    if(err > gamma_bound_units<T> && std::fabs(double(a) - double(b)) > 0x1p-10 * std::max(double(a), double(b)))
    {
        ++flips;
        return true;
    }
    worst = std::max(worst, err);
    return err <= gamma_bound_units<T>;
}

struct gamma_case
{
    double shape, scale;
};
const gamma_case gamma_cases[] = {{0.001, 1.0}, {0.3, 1.0}, {0.3, 1e-20}, {1.0, 1.0}, {2.5, 1.0}, {1e6, 1.0}};

template <class T>
void compare_gamma(bool vector_target)
{
    size_t differing = 0;
    for(const gamma_case& c : gamma_cases)
    {
        const T shape = T(c.shape), scale = T(c.scale);
        SCOPED_TRACE(::testing::Message() << "shape " << shape << " scale " << scale);
        double      worst    = 0;
        std::size_t elements = 0, flips = 0;
        compare<T>(
            [&](engine::philox_key k) {
                return backend::gamma_functor<T>{k, rocdist::distributions::make_gamma_params(shape, scale)};
            },
            [&](rocdist_generator g, T* out, size_t n) { return generate_gamma(g, out, n, shape, scale); },
            [&](T a, T b) {
                ++elements;
                differing += !same_bits(a, b);
                return vector_target ? gamma_within_bound(a, b, shape, scale, worst, flips) : same_bits(a, b);
            });
        // A flip needs a decision within a few ulp of its boundary (about
        // 1e-7 per element, docs/gamma.md); 2^-16 is the GPU test's allowance.
        EXPECT_LE(flips, elements >> 16) << "of " << elements;
        const std::string name = std::to_string(shape) + "_scale_" + std::to_string(scale);
        ::testing::Test::RecordProperty("max_units_shape_" + name, std::to_string(worst));
        ::testing::Test::RecordProperty("flips_shape_" + name, std::to_string(flips));
    }
    // The kernel's log, sincos and exp round differently from libm's on a
    // share of the elements: none differing means the target did not run.
    if(vector_target)
        EXPECT_GT(differing, 0u) << "the library did not run the vector kernel of this target";
}

TEST_P(host_vector_kernels, gamma_float_within_bound) { compare_gamma<float>(vector_target()); }

TEST_P(host_vector_kernels, gamma_double_within_bound) { compare_gamma<double>(vector_target()); }

// Gamma with a shape per element (rocdist_generate_gamma_shapes): the
// kernel against the scalar functor, within the bound above, with shapes
// below and above 1 mixed in every vector, and a change of shape at every
// element.
template <class T>
void compare_gamma_shapes(bool vector_target)
{
    const T           shapes_used[] = {T(0.001), T(0.3), T(1), T(2.5), T(1e6)};
    size_t            differing = 0, elements = 0, flips = 0;
    double            worst     = 0;
    rocdist_generator gen       = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    for(const request& q : requests())
    {
        SCOPED_TRACE(::testing::Message() << "seed " << q.seed << " offset " << q.offset << " n " << q.n);
        std::vector<T> shapes(q.n);
        for(size_t j = 0; j < q.n; ++j)
            shapes[j] = shapes_used[(q.offset + j) * 2654435761u % 5];
        ASSERT_EQ(rocdist_set_seed(gen, q.seed), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(gen, q.offset), ROCDIST_STATUS_SUCCESS);
        backend_buffer<T> buffer(rocdist_test::backend::host, q.n, q.misalign);
        ASSERT_EQ(generate_gamma_shapes(gen, buffer.data(), q.n, shapes.data(), T(1)), ROCDIST_STATUS_SUCCESS);
        const std::vector<T>                   got = buffer.outputs();
        const backend::gamma_shapes_functor<T> f{engine::philox_key_from_seed(q.seed),
                                                 {shapes.data(), q.offset, q.n, T(1), T(0)}};
        size_t bad = 0;
        for(size_t j = 0; j < q.n && bad < 5; ++j)
        {
            const T a = got[j], b = element(f, q.offset + j);
            ++elements;
            differing += !same_bits(a, b);
            if(!(vector_target ? gamma_within_bound(a, b, shapes[j], T(1), worst, flips) : same_bits(a, b)))
            {
                ADD_FAILURE() << "element " << j << " shape " << shapes[j] << ": got " << a << ", functor " << b;
                ++bad;
            }
        }
    }
    EXPECT_EQ(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS);
    EXPECT_LE(flips, elements >> 16) << "of " << elements;
    ::testing::Test::RecordProperty("max_units", std::to_string(worst));
    ::testing::Test::RecordProperty("flips", std::to_string(flips));
    if(vector_target)
        EXPECT_GT(differing, 0u) << "the library did not run the vector kernel of this target";
}

TEST_P(host_vector_kernels, gamma_shapes_float_within_bound) { compare_gamma_shapes<float>(vector_target()); }

TEST_P(host_vector_kernels, gamma_shapes_double_within_bound) { compare_gamma_shapes<double>(vector_target()); }

// Beta and Dirichlet with a shape below 1/2, whose ratios the host forms
// from the gamma kernel's scaled logarithms (backend/host/
// beta_dirichlet_host.cpp): against the scalar functor and
// backend::dirichlet_row, within the host/GPU tolerance of ratios
// (gamma_family_calls.hpp), one value in 2^16 allowed beyond it (a flipped
// decision); bit-identical on a target without vector kernels.
template <class T>
bool ratio_within_bound(T got, T expected, double ratio_log, bool vector_target, size_t& differing, size_t& flips)
{
    differing += !same_bits(got, expected);
    if(!vector_target)
        return same_bits(got, expected);
    flips += !rocdist_test::within_platform_tolerance(got, expected, ratio_log);
    return true;
}

template <class T>
void compare_beta_logs(bool vector_target)
{
    const struct
    {
        T a, b;
    } cases[] = {{T(0.2), T(3)}, {T(1e-3), T(0.4)}};
    size_t differing = 0;
    for(const auto& c : cases)
    {
        SCOPED_TRACE(::testing::Message() << "a " << c.a << " b " << c.b);
        const double ratio_log = rocdist_test::ratio_log_bound<T>(std::min(c.a, c.b));
        size_t       elements = 0, flips = 0;
        compare<T>(
            [&](engine::philox_key k) {
                return backend::beta_functor<T>{k, {rocdist::distributions::make_gamma_params(c.a, T(1)),
                                                    rocdist::distributions::make_gamma_params(c.b, T(1))}};
            },
            [&](rocdist_generator g, T* out, size_t n) { return rocdist_test::generate_beta(g, out, n, c.a, c.b); },
            [&](T got, T expected) {
                ++elements;
                return ratio_within_bound(got, expected, ratio_log, vector_target, differing, flips);
            });
        EXPECT_LE(flips, elements >> 16) << "of " << elements;
    }
    if(vector_target)
        EXPECT_GT(differing, 0u) << "the library did not run the vector kernel of this target";
}

TEST_P(host_vector_kernels, beta_small_shapes_float_within_bound) { compare_beta_logs<float>(vector_target()); }

TEST_P(host_vector_kernels, beta_small_shapes_double_within_bound) { compare_beta_logs<double>(vector_target()); }

// Rows of 1 to 70001 components (one piece and several per row, rows
// sharing a kernel call and not), from odd first rows.
template <class T>
void compare_dirichlet_logs(bool vector_target)
{
    rocdist_generator gen = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    size_t differing = 0, elements = 0, flips = 0;
    for(const size_t k : {size_t(1), size_t(3), size_t(10), size_t(4099), size_t(70001)})
    {
        std::vector<T> alpha(k);
        for(size_t j = 0; j < k; ++j)
            alpha[j] = T(std::array<double, 4>{1e-3, 0.3, 1, 50}[j % 4]);
        const double ratio_log = rocdist_test::ratio_log_bound<T>(1e-3);
        const size_t rows      = std::max<size_t>(2, 20000 / k);
        for(const unsigned long long first_row : {0ull, 7ull})
        {
            SCOPED_TRACE(::testing::Message() << "k " << k << " first row " << first_row);
            ASSERT_EQ(rocdist_set_seed(gen, 41), ROCDIST_STATUS_SUCCESS);
            ASSERT_EQ(rocdist_set_offset(gen, first_row), ROCDIST_STATUS_SUCCESS);
            std::vector<T> got(rows * k), expected(k);
            ASSERT_EQ(rocdist_test::generate_dirichlet(gen, got.data(), rows, alpha.data(), k),
                      ROCDIST_STATUS_SUCCESS);
            size_t bad = 0;
            for(size_t r = 0; r < rows && bad < 5; ++r)
            {
                backend::dirichlet_row(engine::philox_key_from_seed(41), alpha.data(), k, first_row + r,
                                       expected.data());
                for(size_t j = 0; j < k && bad < 5; ++j)
                {
                    ++elements;
                    if(!ratio_within_bound(got[r * k + j], expected[j], ratio_log, vector_target, differing, flips))
                    {
                        ADD_FAILURE() << "row " << r << " component " << j << ": got " << got[r * k + j]
                                      << ", scalar " << expected[j];
                        ++bad;
                    }
                }
            }
        }
    }
    EXPECT_EQ(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS);
    EXPECT_LE(flips, elements >> 16) << "of " << elements;
    if(vector_target)
        EXPECT_GT(differing, 0u) << "the library did not run the vector kernel of this target";
}

TEST_P(host_vector_kernels, dirichlet_small_alpha_float_within_bound) { compare_dirichlet_logs<float>(vector_target()); }

TEST_P(host_vector_kernels, dirichlet_small_alpha_double_within_bound)
{
    compare_dirichlet_logs<double>(vector_target());
}

// The fast ordering's gamma: the generator against the scalar sampler's
// candidates, chunk by chunk, within the bound of the reproducible
// kernel's test above; a flipped decision drops or adds an output and
// shifts the rest of its chunk, so a chunk is compared up to its first
// value beyond the bound, and such chunks must be rare.
template <class T>
void compare_fast_gamma(bool vector_target)
{
    rocdist_generator gen = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_ordering(gen, ROCDIST_ORDERING_FAST), ROCDIST_STATUS_SUCCESS);
    size_t differing = 0;
    for(const gamma_case& c : gamma_cases)
    {
        const T shape = T(c.shape), scale = T(c.scale);
        SCOPED_TRACE(::testing::Message() << "shape " << shape << " scale " << scale);
        size_t elements = 0, flipped_chunks = 0;
        double worst    = 0;
        compare_fast<T>(
            gen,
            [&](engine::philox_key key) {
                return backend::gamma_sampler<T>{key, rocdist::distributions::make_gamma_params(shape, scale)};
            },
            [&](rocdist_generator g, T* out, size_t n) { return generate_gamma(g, out, n, shape, scale); },
            [&](const std::vector<T>& got, const std::vector<T>& expected) {
                if(!vector_target)
                    return expect_each(got, expected, same_bits<T>);
                for(size_t begin = 0; begin < got.size(); begin += backend::compacted_chunk_size)
                {
                    const size_t end = std::min(got.size(), begin + backend::compacted_chunk_size);
                    for(size_t j = begin; j < end; ++j)
                    {
                        ++elements;
                        differing += !same_bits(got[j], expected[j]);
                        const double err = gamma_error_units(got[j], expected[j], shape, scale);
                        if(err > gamma_bound_units<T>)
                        {
                            ++flipped_chunks;
                            break;
                        }
                        worst = std::max(worst, err);
                    }
                }
            });
        EXPECT_LE(flipped_chunks, elements >> 16) << "of " << elements << " elements";
        const std::string name = std::to_string(shape) + "_scale_" + std::to_string(scale);
        ::testing::Test::RecordProperty("fast_max_units_shape_" + name, std::to_string(worst));
        ::testing::Test::RecordProperty("fast_flipped_chunks_shape_" + name, std::to_string(flipped_chunks));
    }
    if(vector_target)
        EXPECT_GT(differing, 0u) << "the library did not run the vector kernel of this target";
    EXPECT_EQ(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS);
}

TEST_P(host_vector_kernels, fast_ordering_gamma_float_within_bound) { compare_fast_gamma<float>(vector_target()); }

TEST_P(host_vector_kernels, fast_ordering_gamma_double_within_bound) { compare_fast_gamma<double>(vector_target()); }

// Batched categorical sampling's weight tiles (simd/weight_tiles.hpp):
// under every target, the categories of a target without vector kernels,
// bit for bit, for weights spanning 1e-30 to 1 with zeros, -0 and (float)
// subnormals, k from 1 to beyond a tile and not a multiple of any vector;
// and every invalid weight refused wherever it lies (the vector body or the
// tail of a tile).
template <class T>
std::vector<T> awkward_weights(size_t n)
{
    std::vector<T> w(n);
    for(size_t i = 0; i < n; ++i)
    {
        const unsigned r = static_cast<unsigned>((i * 2654435761u) >> 7);
        switch(r % 7)
        {
        case 0: w[i] = T(0); break;
        case 1: w[i] = -T(0); break;
        case 2: w[i] = std::numeric_limits<float>::denorm_min() * T(r % 5 + 1); break;
        default: w[i] = std::pow(T(10), -T(r % 31)) * T(1 + r % 13) / T(13);
        }
    }
    w[n / 2] = T(1); // no row of zeros
    for(size_t i = 0; i < n; i += 97)
        w[i] = T(0.5);
    return w;
}

// The weight tiles' two passes directly (weight_tiles.cpp is compiled into
// this test too): sums exactly those of the scalar arithmetic, for tiles
// whose fixed points reach 2^62 (k = 2), and the largest and validity as
// the weights' values say.
template <class T>
void check_weight_tile_passes()
{
    std::mt19937_64 rng(17);
    for(const size_t n : {size_t(1), size_t(7), size_t(64), size_t(100), size_t(1000), size_t(4096)})
    {
        for(const unsigned bits : {1u, 10u, 13u})
        {
            SCOPED_TRACE(::testing::Message() << n << " weights, bits " << bits);
            std::vector<T> w = awkward_weights<T>(n);
            for(T& x : w)
                x = rng() % 3 == 0 ? T(std::ldexp(double(rng() >> 11), -53)) : x;
            double largest = 0;
            ASSERT_TRUE(rocdist::host::simd::weight_tile_largest(w.data(), n, largest));
            EXPECT_EQ(largest, double(*std::max_element(w.begin(), w.end())));
            const auto scale = rocdist::distributions::weight_tile_scale(largest, bits);
            std::vector<std::uint64_t> runs((n + 63) / 64), expected(runs.size());
            std::uint64_t              sum = 0;
            for(size_t i = 0; i < n; ++i)
            {
                sum += sizeof(T) == sizeof(float)
                           ? static_cast<std::uint64_t>(static_cast<double>(w[i]) * (scale.first * scale.second))
                           : static_cast<std::uint64_t>((static_cast<double>(w[i]) * scale.first) * scale.second);
                if(i % 64 == 63 || i == n - 1)
                    expected[i / 64] = sum;
            }
            EXPECT_EQ(rocdist::host::simd::weight_run_sums(w.data(), n, scale, runs.data()), sum);
            EXPECT_EQ(runs, expected);
            for(const T bad : {T(-1), -std::numeric_limits<T>::denorm_min(), std::numeric_limits<T>::infinity(),
                               std::numeric_limits<T>::quiet_NaN()})
            {
                for(const size_t at : {size_t(0), n / 2, n - 1})
                {
                    std::vector<T> invalid = w;
                    invalid[at]            = bad;
                    EXPECT_FALSE(rocdist::host::simd::weight_tile_largest(invalid.data(), n, largest))
                        << bad << " at " << at;
                }
            }
        }
    }
}

// The logits' run sums and each logit's fixed point (a sample's walk)
// directly: each 2^h is the scalar distributions::logit_fixed_point's, for
// logits from the tile's largest down past the fixed point's last bit, -inf
// among them, at temperatures from 1e-3 to 1e3 and every bits width a call
// takes.
void check_logit_run_sums()
{
    std::mt19937_64 rng(23);
    for(const size_t n : {size_t(1), size_t(5), size_t(64), size_t(200), size_t(4096)})
        for(const double temperature : {1e-3, 0.7, 1.0, 1e3})
            for(const unsigned bits : {0u, 1u, 12u, 32u})
            {
                SCOPED_TRACE(::testing::Message() << n << " logits, temperature " << temperature << ", bits " << bits);
                std::vector<float> l(n);
                for(size_t i = 0; i < n; ++i)
                {
                    const double u = std::ldexp(double(rng() >> 11), -53);
                    l[i]           = rng() % 9 == 0 ? -std::numeric_limits<float>::infinity()
                                                    : static_cast<float>(5 - u * (rng() % 2 == 0 ? 40 : 4000) * temperature);
                }
                l[n / 2]                = 5.0f; // the tile's largest
                const double c          = 1.4426950408889634074 / temperature;
                const auto   scale      = rocdist::distributions::make_logit_tile_scale(5.0, c);
                std::vector<std::uint64_t> runs((n + 63) / 64), expected(runs.size());
                std::uint64_t              sum = 0;
                for(size_t i = 0; i < n; ++i)
                {
                    sum += rocdist::distributions::logit_fixed_point(l[i], scale, c, bits);
                    if(i % 64 == 63 || i == n - 1)
                        expected[i / 64] = sum;
                }
                EXPECT_EQ(rocdist::host::simd::logit_run_sums(l.data(), n, scale, c, bits, runs.data()), sum);
                EXPECT_EQ(runs, expected);
                std::vector<std::uint64_t> values(n), expected_values(n);
                for(size_t i = 0; i < n; ++i)
                    expected_values[i] = rocdist::distributions::logit_fixed_point(l[i], scale, c, bits);
                rocdist::host::simd::logit_fixed_points(l.data(), n, scale, c, bits, values.data());
                EXPECT_EQ(values, expected_values);
            }
}

// The logits' check and largest (logit_rows: NaN and +inf invalid, -inf
// not counted) against the definition, with the invalid value or the
// largest in the vector body and in the tail, and tiles of -inf only.
void check_logit_tile_largest()
{
    const float inf = std::numeric_limits<float>::infinity();
    for(const size_t n : {size_t(1), size_t(7), size_t(64), size_t(1000), size_t(4096)})
        for(const size_t at : {size_t(0), n / 2, n - 1})
            for(const float special : {7.5f, -inf, inf, std::numeric_limits<float>::quiet_NaN(), -0.0f})
                for(const bool all_minus_inf : {false, true})
                {
                    SCOPED_TRACE(::testing::Message() << n << " logits, " << special << " at " << at
                                                      << (all_minus_inf ? ", the rest -inf" : ""));
                    std::vector<float> l(n);
                    for(size_t i = 0; i < n; ++i)
                        l[i] = all_minus_inf ? -inf : static_cast<float>(std::sin(double(i)) * 5);
                    l[at] = special;
                    bool   valid    = true;
                    double expected = rocdist::backend::logit_rows::none;
                    for(const float x : l)
                    {
                        valid    = valid && rocdist::backend::logit_rows::valid(x);
                        expected = x > expected ? x : expected;
                    }
                    double largest = 0;
                    ASSERT_EQ(rocdist::host::simd::logit_tile_largest(l.data(), n, largest), valid);
                    if(valid)
                        EXPECT_EQ(largest, expected);
                }
}

TEST_P(host_vector_kernels, logit_tile_largest_exact)
{
    check_logit_tile_largest();
}

TEST_P(host_vector_kernels, logit_run_sums_exact)
{
    check_logit_run_sums();
}

TEST_P(host_vector_kernels, weight_tile_passes_exact)
{
    check_weight_tile_passes<float>();
    check_weight_tile_passes<double>();
}

template <class T>
void compare_weight_tiles(std::int64_t target, std::int64_t scalar_target)
{
    struct shape
    {
        size_t rows, k, samples;
    };
    rocdist_generator gen = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    for(const shape c : {shape{3, 1, 5}, shape{5, 2, 7}, shape{7, 63, 50}, shape{4, 1000, 300}, shape{2, 4097, 1000},
                         shape{1, 9001, 2000}})
    {
        SCOPED_TRACE(::testing::Message() << c.rows << " rows of " << c.k);
        std::vector<T> w = awkward_weights<T>(c.rows * c.k);
        for(size_t r = 0; r < c.rows; ++r)
            w[r * c.k + (r * 31) % c.k] = T(0.75); // every row can be drawn
        ASSERT_EQ(rocdist_set_seed(gen, 5), ROCDIST_STATUS_SUCCESS);
        const std::vector<unsigned int> got = rocdist_test::rows_vector(rocdist_test::backend::host, gen, w, c.rows, c.samples);
        hwy::SetSupportedTargetsForTest(scalar_target);
        ASSERT_EQ(rocdist_set_seed(gen, 5), ROCDIST_STATUS_SUCCESS);
        const std::vector<unsigned int> expected
            = rocdist_test::rows_vector(rocdist_test::backend::host, gen, w, c.rows, c.samples);
        hwy::SetSupportedTargetsForTest(target);
        EXPECT_EQ(got, expected);
        for(const T bad : {T(-1), -std::numeric_limits<T>::denorm_min(), std::numeric_limits<T>::infinity(),
                           std::numeric_limits<T>::quiet_NaN()})
        {
            for(const size_t at : {size_t(0), c.k / 2, c.k - 1, c.rows * c.k - 1})
            {
                std::vector<T> invalid = w;
                invalid[at]            = bad;
                std::vector<unsigned int> out(c.rows * c.samples, 7u);
                EXPECT_EQ(rocdist_test::categorical_rows(gen, invalid.data(), c.rows, c.k, out.data(), c.samples),
                          ROCDIST_STATUS_INVALID_VALUE)
                    << bad << " at " << at;
                EXPECT_EQ(out, std::vector<unsigned int>(c.rows * c.samples, 7u));
            }
        }
    }
    EXPECT_EQ(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS);
}

// Logits (some -inf) through the whole call, against the categories of a
// target without vector kernels; NaN and +inf refused wherever they lie.
void compare_logit_rows(std::int64_t target, std::int64_t scalar_target)
{
    rocdist_generator gen = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    for(const size_t k : {size_t(1), size_t(63), size_t(1000), size_t(4097)})
    {
        SCOPED_TRACE(::testing::Message() << "3 rows of " << k << " logits");
        std::vector<float> l(3 * k);
        for(size_t i = 0; i < l.size(); ++i)
            l[i] = i % 11 == 5 && i % k != 0 ? -std::numeric_limits<float>::infinity()
                                             : static_cast<float>(std::sin(double(i)) * 30);
        ASSERT_EQ(rocdist_set_seed(gen, 9), ROCDIST_STATUS_SUCCESS);
        const auto got = rocdist_test::logits_vector(rocdist_test::backend::host, gen, l, 3, 0.5f, 40);
        hwy::SetSupportedTargetsForTest(scalar_target);
        ASSERT_EQ(rocdist_set_seed(gen, 9), ROCDIST_STATUS_SUCCESS);
        const auto expected = rocdist_test::logits_vector(rocdist_test::backend::host, gen, l, 3, 0.5f, 40);
        hwy::SetSupportedTargetsForTest(target);
        EXPECT_EQ(got, expected);
        for(const float bad : {std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN()})
        {
            for(const size_t at : {size_t(0), k / 2, k - 1, 3 * k - 1})
            {
                std::vector<float> invalid = l;
                invalid[at]                = bad;
                std::vector<unsigned int> out(3 * 40, 7u);
                EXPECT_EQ(rocdist_generate_categorical_logits(gen, invalid.data(), 3, k, 0.5f, out.data(), 40),
                          ROCDIST_STATUS_INVALID_VALUE)
                    << bad << " at " << at;
                EXPECT_EQ(out, std::vector<unsigned int>(3 * 40, 7u));
            }
        }
    }
    EXPECT_EQ(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS);
}

TEST_P(host_vector_kernels, categorical_rows_bit_identical)
{
    // Every CPU runs the targets without vector kernels (SCALAR, EMU128).
    std::int64_t scalar_target = 0;
    for(const std::int64_t t : compiled_targets())
    {
        if((t & ROCDIST_HOST_SIMD_TARGETS) == 0)
            scalar_target = t;
    }
    if(scalar_target == 0)
        GTEST_SKIP() << "this build compiles no target without vector kernels to compare with (aarch64's "
                        "baseline is NEON); weight_tile_passes_exact checks the kernels on every target";
    compare_weight_tiles<float>(GetParam(), scalar_target);
    compare_weight_tiles<double>(GetParam(), scalar_target);
    compare_logit_rows(GetParam(), scalar_target);
}

} // namespace
