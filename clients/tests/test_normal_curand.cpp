// rocdist's default normals (Box-Muller) against cuRAND's host generator,
// curandGenerateNormal(Double), the oracle: same seed, same offset, any
// split into calls. Floats at any offset: within box_muller_bound_ulp of
// cuRAND (whose host generator uses libm's logf and sincosf, as the scalar
// path does; the vector kernels have their own; box_muller_error.hpp).
// Doubles at offset 0 (cuRAND's doubles under an offset are not a shift of
// its own double stream; see docs/stream.md): within
// box_muller_double_bound_ulp; the scalar functor (libm's log, sin and
// cos, which a CPU without vector kernels runs) bit for bit. GPU generators
// are held to the host ones by test_normal_stream.cpp.
#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "curand_generator.hpp"
#include "rocdist/device/blocks/normal_functors.hpp"
#include "rocdist/device/engine/philox4x32_10.hpp"
#include "support/box_muller_error.hpp"
#include "support/curand_pieces.hpp"
#include "support/normal_calls.hpp"

namespace
{

using rocdist_clients::curand_generator;
using rocdist_test::backend;
using rocdist_test::normal_vector;

using rocdist_test::no_curand;

template <class T>
std::vector<T> curand_normals(unsigned long long seed, unsigned long long offset, const std::vector<size_t>& pieces,
                              T mean, T sd)
{
    return rocdist_test::curand_pieces<T>(
        seed, offset, pieces, [&](curand_generator& g, T* out, size_t n) { g.generate_normal(out, n, mean, sd); });
}

class normal_curand : public ::testing::Test
{
protected:
    void SetUp() override
    {
        if(!curand_generator::available(false))
            GTEST_SKIP() << no_curand;
        ASSERT_EQ(rocdist_create_generator_host(&gen_, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    }
    void TearDown() override
    {
        if(gen_ != nullptr)
            EXPECT_EQ(rocdist_destroy_generator(gen_), ROCDIST_STATUS_SUCCESS);
    }
    rocdist_generator gen_ = nullptr;
};

TEST_F(normal_curand, float_any_seed_offset_and_split)
{
    std::mt19937_64 rng(17);
    for(unsigned long long seed : {0ull, 7ull, 0x123456789abcdefull})
        for(unsigned long long offset : {0ull, 1ull, 2ull, 3ull, 262147ull})
        {
            std::vector<size_t> pieces;
            size_t              total = 0;
            while(total < 600000)
            {
                const size_t piece = rng() % 2 ? 1 + rng() % 9 : 1 + rng() % 300000;
                pieces.push_back(piece);
                total += piece;
            }
            const std::vector<float> expected = curand_normals<float>(seed, offset, pieces, 0.5f, 2.0f);
            ASSERT_EQ(rocdist_set_seed(gen_, seed), ROCDIST_STATUS_SUCCESS);
            ASSERT_EQ(rocdist_set_offset(gen_, offset), ROCDIST_STATUS_SUCCESS);
            std::vector<float> got;
            for(size_t piece : pieces)
            {
                const auto part = normal_vector<float>(backend::host, gen_, piece, 0.5f, 2.0f);
                got.insert(got.end(), part.begin(), part.end());
            }
            ASSERT_EQ(got.size(), expected.size());
            double worst = 0;
            for(size_t i = 0; i < got.size(); ++i)
                worst = std::max(worst, rocdist_test::box_muller_error_ulp(got[i], expected[i], 0.5));
            EXPECT_LE(worst, rocdist_test::box_muller_bound_ulp) << "seed " << seed << " offset " << offset;
        }
}

TEST_F(normal_curand, double_any_seed_at_offset_zero)
{
    double largest = 0;
    for(unsigned long long seed : {0ull, 7ull, 0x123456789abcdefull})
        for(size_t n : {size_t{2}, size_t{1000}, size_t{1} << 21})
        {
            const std::vector<double> expected = curand_normals<double>(seed, 0, {n}, -3.0, 0.25);
            ASSERT_EQ(rocdist_set_seed(gen_, seed), ROCDIST_STATUS_SUCCESS);
            const std::vector<double> got = normal_vector<double>(backend::host, gen_, n, -3.0, 0.25);
            ASSERT_EQ(got.size(), expected.size());
            double worst = 0;
            for(size_t i = 0; i < got.size(); ++i)
                worst = std::max(worst, rocdist_test::box_muller_error_ulp(got[i], expected[i], -3.0, 0, 53));
            EXPECT_LE(worst, rocdist_test::box_muller_double_bound_ulp) << "seed " << seed << " n " << n;
            largest = std::max(largest, worst);
            const rocdist::blocks::normal_functor<ROCDIST_NORMAL_BOX_MULLER, double> f{
                rocdist::engine::philox_key_from_seed(seed), {-3.0, 0.25, false}};
            for(size_t i = 0; i < n; i += 2)
            {
                double pair[2];
                f(i / 2, pair);
                ASSERT_EQ(pair[0], expected[i]) << "seed " << seed << " element " << i;
                ASSERT_EQ(pair[1], expected[i + 1]) << "seed " << seed << " element " << i + 1;
            }
        }
    RecordProperty("max_ulp", std::to_string(largest));
}

} // namespace
