// The reproducible-ordering contract for categories: element i of the stream
// is the lookup of the 64 bits of uniform double i, so splitting a request,
// shifting it with set_offset, or misaligning the output changes nothing, and
// host and GPU generators (tables built on each) give identical outputs.
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "support/categorical_calls.hpp"
#include "support/gpu_test_support.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::categorical_vector;
using rocdist_test::make_table;

std::vector<float> test_weights(size_t k)
{
    std::mt19937_64                       rng(k);
    std::uniform_real_distribution<float> u(0, 1);
    std::vector<float>                    w(k);
    for(float& x : w)
        x = u(rng) < 0.2f ? 20 * u(rng) : u(rng);
    return w;
}

class categorical_stream : public rocdist_test::backend_test
{
};

TEST_P(categorical_stream, chunks_offsets_and_alignment_change_nothing)
{
    const size_t        n     = 10007;
    rocdist_categorical table = make_table(GetParam(), gen_, test_weights(777));
    ASSERT_EQ(rocdist_set_seed(gen_, 99), ROCDIST_STATUS_SUCCESS);
    const std::vector<unsigned int> whole = categorical_vector(GetParam(), gen_, table, n);
    for(size_t first : {size_t(1), size_t(2), size_t(3), size_t(4999)})
    {
        SCOPED_TRACE(first);
        ASSERT_EQ(rocdist_set_seed(gen_, 99), ROCDIST_STATUS_SUCCESS);
        std::vector<unsigned int> parts = categorical_vector(GetParam(), gen_, table, first, 1);
        const std::vector<unsigned int> rest = categorical_vector(GetParam(), gen_, table, n - first, 3);
        parts.insert(parts.end(), rest.begin(), rest.end());
        EXPECT_EQ(parts, whole);

        ASSERT_EQ(rocdist_set_offset(gen_, first), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(categorical_vector(GetParam(), gen_, table, n - first),
                  std::vector<unsigned int>(whole.begin() + first, whole.end()));
    }
    EXPECT_EQ(rocdist_destroy_categorical(table), ROCDIST_STATUS_SUCCESS);
}

TEST_P(categorical_stream, element_is_the_column_of_the_double_streams_bits)
{
    // With equal weights every column is its own category, so element e is
    // floor(x * k / 2^64) for the 64 bits x of uniform double e. For k = 2^20
    // that is the top 20 bits of the high word y, which uniform double
    // e = (x_low ^ y << 21) 2^-53 + 2^-54 carries as floor(u * 2^20).
    const size_t        k     = size_t(1) << 20;
    const size_t        n     = 1001;
    rocdist_categorical table = make_table(GetParam(), gen_, std::vector<float>(k, 1.0f));
    ASSERT_EQ(rocdist_set_seed(gen_, 5), ROCDIST_STATUS_SUCCESS);
    const std::vector<unsigned int> c = categorical_vector(GetParam(), gen_, table, n);
    ASSERT_EQ(rocdist_set_seed(gen_, 5), ROCDIST_STATUS_SUCCESS);
    rocdist_test::backend_buffer<double> d(GetParam(), n);
    ASSERT_EQ(rocdist_generate_uniform_double(gen_, d.data(), n), ROCDIST_STATUS_SUCCESS);
    const std::vector<double> u = d.outputs();
    for(size_t e = 0; e < n; ++e)
        EXPECT_EQ(c[e], static_cast<unsigned int>(u[e] * 0x1p20)) << e;
    EXPECT_EQ(rocdist_destroy_categorical(table), ROCDIST_STATUS_SUCCESS);
}

TEST(categorical_host_gpu, identical_outputs)
{
    rocdist_generator gpu = nullptr, host = nullptr;
    ROCDIST_CREATE_GENERATOR_OR_SKIP(backend::gpu, &gpu);
    ASSERT_EQ(rocdist_create_generator_host(&host, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    for(size_t k : {size_t(1), size_t(10), size_t(1000), size_t(1000003)})
    {
        SCOPED_TRACE(k);
        const std::vector<float> w = test_weights(k);
        rocdist_categorical th = make_table(backend::host, host, w), tg = make_table(backend::gpu, gpu, w);
        for(rocdist_generator g : {host, gpu})
        {
            ASSERT_EQ(rocdist_set_seed(g, 1234), ROCDIST_STATUS_SUCCESS);
            ASSERT_EQ(rocdist_set_offset(g, 17), ROCDIST_STATUS_SUCCESS);
        }
        // Two million samples touch every column of the smaller tables many
        // times, so a differing threshold or alias would show.
        EXPECT_EQ(categorical_vector(backend::host, host, th, 2000000),
                  categorical_vector(backend::gpu, gpu, tg, 2000000));
        EXPECT_EQ(rocdist_destroy_categorical(th), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rocdist_destroy_categorical(tg), ROCDIST_STATUS_SUCCESS);
    }
    EXPECT_EQ(rocdist_destroy_generator(host), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_destroy_generator(gpu), ROCDIST_STATUS_SUCCESS);
}

ROCDIST_INSTANTIATE_BACKENDS(categorical_stream);

} // namespace
