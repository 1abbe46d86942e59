// The stream contract of batched categorical sampling: sample j of row r is
// the category that the bits of double-stream element offset + r * spr + j
// select by the definition (docs/categorical_rows.md), so splitting the rows
// over calls, shifting with set_offset, misaligning the output or changing
// other rows changes nothing, and host and GPU generators give identical
// categories (the GPU's on the emulated platform at 32 and 64 lanes too).
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "support/categorical_rows_calls.hpp"
#include "support/gpu_test_support.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::logits_vector;
using rocdist_test::reference_categories;
using rocdist_test::rows_vector;

std::vector<float> test_weights(size_t n, unsigned seed)
{
    std::mt19937_64                       rng(seed);
    std::uniform_real_distribution<float> u(0, 1);
    std::vector<float>                    w(n);
    for(float& x : w)
        x = u(rng) < 0.1f ? 0.0f : u(rng) < 0.2f ? 20 * u(rng) : u(rng);
    return w;
}

// Logits with -inf among them, and with rows whose tiles' largest differ by
// more than 64 binary orders (a tile then contributes nothing).
std::vector<float> test_logits(size_t n, unsigned seed)
{
    std::mt19937_64                 rng(seed);
    std::normal_distribution<float> z(0, 4);
    std::vector<float>              l(n);
    for(size_t i = 0; i < n; ++i)
        l[i] = i % 13 == 1 ? -INFINITY : z(rng) + (i % 10000 > 8200 ? 60.0f : 0.0f);
    return l;
}

class categorical_rows_stream : public rocdist_test::backend_test
{
protected:
    void expect_row_splits_change_nothing(size_t n);
};

TEST_P(categorical_rows_stream, categories_are_the_definitions)
{
    // Rows of one tile and of several (9000, and 10^6 with one sample each),
    // float and double weights and logits, at odd offsets; short rows that a
    // GPU draws a warp each (at most 1024 categories, 32 samples: two
    // categories, the longest rows, the most samples).
    struct shape
    {
        size_t rows, k, samples;
    };
    for(const shape s : {shape{5, 37, 301}, shape{3, 9000, 700}, shape{2, 1000000, 3}, shape{4, 2, 3},
                         shape{9, 1024, 5}, shape{7, 333, 32}})
    {
        SCOPED_TRACE(testing::Message() << s.rows << " x " << s.k << ", " << s.samples);
        const std::vector<float>  w  = test_weights(s.rows * s.k, 3);
        const std::vector<double> wd = {w.begin(), w.end()};
        const std::vector<float>  l  = test_logits(s.rows * s.k, 4);
        ASSERT_EQ(rocdist_set_seed(gen_, 42), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(gen_, 1001), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rows_vector(GetParam(), gen_, w, s.rows, s.samples),
                  reference_categories(rocdist::backend::weight_rows<float>{w.data(), 0}, s.rows, s.k, s.samples, 42,
                                       1001));
        const unsigned long long next = 1001 + s.rows * s.samples;
        EXPECT_EQ(rows_vector(GetParam(), gen_, wd, s.rows, s.samples),
                  reference_categories(rocdist::backend::weight_rows<double>{wd.data(), 0}, s.rows, s.k, s.samples,
                                       42, next));
        const double c = 1.4426950408889634074 / 0.8;
        EXPECT_EQ(logits_vector(GetParam(), gen_, l, s.rows, 0.8f, s.samples),
                  reference_categories(rocdist::backend::logit_rows{l.data(), 0, c}, s.rows, s.k, s.samples, 42,
                                       next + s.rows * s.samples));
    }
}

// Rows of two tiles drawn 333 times (a GPU groups their samples by tile
// across the call) and 40 times (it sorts them within each row).
TEST_P(categorical_rows_stream, row_splits_offsets_and_alignment_change_nothing)
{
    for(const size_t n : {size_t(333), size_t(40)})
    {
        SCOPED_TRACE(n);
        expect_row_splits_change_nothing(n);
    }
}

void categorical_rows_stream::expect_row_splits_change_nothing(size_t n)
{
    const size_t             rows = 7, k = 5000;
    const std::vector<float> w    = test_weights(rows * k, 5);
    ASSERT_EQ(rocdist_set_seed(gen_, 7), ROCDIST_STATUS_SUCCESS);
    const std::vector<unsigned int> whole = rows_vector(GetParam(), gen_, w, rows, n);
    for(size_t split : {size_t(1), size_t(3), size_t(6)})
    {
        SCOPED_TRACE(split);
        ASSERT_EQ(rocdist_set_seed(gen_, 7), ROCDIST_STATUS_SUCCESS);
        const std::vector<float>  first(w.begin(), w.begin() + split * k), rest(w.begin() + split * k, w.end());
        std::vector<unsigned int> parts = rows_vector(GetParam(), gen_, first, split, n, 1);
        const std::vector<unsigned int> tail = rows_vector(GetParam(), gen_, rest, rows - split, n, 3);
        parts.insert(parts.end(), tail.begin(), tail.end());
        EXPECT_EQ(parts, whole);
        // The rest alone, from its offset.
        ASSERT_EQ(rocdist_set_offset(gen_, split * n), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rows_vector(GetParam(), gen_, rest, rows - split, n, 2),
                  std::vector<unsigned int>(whole.begin() + split * n, whole.end()));
    }
}

TEST_P(categorical_rows_stream, a_row_depends_only_on_its_own_inputs)
{
    const size_t       rows = 3, k = 6000, n = 500;
    std::vector<float> w = test_weights(rows * k, 6);
    ASSERT_EQ(rocdist_set_seed(gen_, 8), ROCDIST_STATUS_SUCCESS);
    const std::vector<unsigned int> before = rows_vector(GetParam(), gen_, w, rows, n);
    for(size_t i = k; i < 2 * k; ++i)
        w[i] = i % 2 == 0 ? 1e30f : 0.0f;
    ASSERT_EQ(rocdist_set_seed(gen_, 8), ROCDIST_STATUS_SUCCESS);
    const std::vector<unsigned int> after = rows_vector(GetParam(), gen_, w, rows, n);
    EXPECT_EQ(std::vector<unsigned int>(before.begin(), before.begin() + n),
              std::vector<unsigned int>(after.begin(), after.begin() + n));
    EXPECT_EQ(std::vector<unsigned int>(before.begin() + 2 * n, before.end()),
              std::vector<unsigned int>(after.begin() + 2 * n, after.end()));
    for(size_t j = n; j < 2 * n; ++j)
        EXPECT_EQ(after[j] % 2, 0u);
}

TEST_P(categorical_rows_stream, equal_weights_give_the_top_bits_of_the_double_stream)
{
    // With k = 2^b equal weights every mass is 2^(63 - b) and the total
    // 2^63, so sample e is the top b bits of its 64: the top b of the high
    // word y, which uniform double e = (x ^ y << 21) 2^-53 + 2^-54 carries as
    // floor(u * 2^b). Rows of 2^20 (256 tiles), and rows of 2^10 drawn 32
    // times each (a GPU draws them a warp per row).
    struct shape
    {
        size_t rows, k, samples;
    };
    for(const shape s : {shape{1, size_t(1) << 20, 1001}, shape{31, 1024, 32}})
    {
        SCOPED_TRACE(testing::Message() << s.rows << " x " << s.k << ", " << s.samples);
        const size_t n = s.rows * s.samples;
        ASSERT_EQ(rocdist_set_seed(gen_, 5), ROCDIST_STATUS_SUCCESS);
        const std::vector<unsigned int> c
            = rows_vector(GetParam(), gen_, std::vector<float>(s.rows * s.k, 1.0f), s.rows, s.samples);
        ASSERT_EQ(rocdist_set_seed(gen_, 5), ROCDIST_STATUS_SUCCESS);
        rocdist_test::backend_buffer<double> d(GetParam(), n);
        ASSERT_EQ(rocdist_generate_uniform_double(gen_, d.data(), n), ROCDIST_STATUS_SUCCESS);
        const std::vector<double> u = d.outputs();
        for(size_t e = 0; e < n; ++e)
            EXPECT_EQ(c[e], static_cast<unsigned int>(u[e] * static_cast<double>(s.k))) << e;
    }
}

TEST_P(categorical_rows_stream, a_row_of_one_positive_weight_gives_its_index)
{
    // Rows whose only positive weight (1, the largest float or the smallest)
    // sits first, last, or at the edges of a GPU lane's run (32 values at
    // k = 1024 and 32 lanes), among zeros and -0; short rows and a row of
    // two tiles, drawn up to 32 times and more.
    const float values[] = {1.0f, std::numeric_limits<float>::max(), std::numeric_limits<float>::denorm_min()};
    for(const size_t k : {size_t(1), size_t(33), size_t(1000), size_t(1024), size_t(5000)})
        for(const size_t samples : {size_t(1), size_t(32), size_t(40)})
        {
            SCOPED_TRACE(testing::Message() << "k " << k << ", " << samples << " samples");
            std::vector<size_t> at;
            for(const size_t i : {size_t(0), size_t(31), size_t(32), size_t(63), k / 2, k - 1})
                if(i < k)
                    at.push_back(i);
            std::vector<float> w(at.size() * k);
            for(size_t r = 0; r < at.size(); ++r)
            {
                for(size_t i = 0; i < k; ++i)
                    w[r * k + i] = i % 2 == 0 ? 0.0f : -0.0f;
                w[r * k + at[r]] = values[r % 3];
            }
            const std::vector<unsigned int> c = rows_vector(GetParam(), gen_, w, at.size(), samples);
            for(size_t r = 0; r < at.size(); ++r)
                for(size_t j = 0; j < samples; ++j)
                    EXPECT_EQ(c[r * samples + j], at[r]) << "row " << r << ", sample " << j;
        }
}

TEST_P(categorical_rows_stream, float_and_double_weights_agree)
{
    const size_t              rows = 4, k = 4500, n = 400;
    const std::vector<float>  w    = test_weights(rows * k, 9);
    const std::vector<double> wd(w.begin(), w.end());
    ASSERT_EQ(rocdist_set_seed(gen_, 9), ROCDIST_STATUS_SUCCESS);
    const std::vector<unsigned int> single = rows_vector(GetParam(), gen_, w, rows, n);
    ASSERT_EQ(rocdist_set_seed(gen_, 9), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rows_vector(GetParam(), gen_, wd, rows, n), single);
}

TEST(categorical_rows_host_gpu, identical_outputs)
{
    rocdist_generator gpu = nullptr, host = nullptr;
    ROCDIST_CREATE_GENERATOR_OR_SKIP(backend::gpu, &gpu);
    ASSERT_EQ(rocdist_create_generator_host(&host, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    // Many short rows (a GPU draws them a warp each, up to 1024 categories
    // and 32 samples, and a block per tile past either); rows of several
    // tiles drawn more than 256 times (a GPU groups their samples by tile)
    // and at most 256 times (it sorts them within each row), with a last
    // tile of one category; a row of one tile with more samples than a GPU
    // block draws; a tile holding more than that, and one holding nearly all
    // of its row's 256.
    struct shape
    {
        size_t rows, k, samples;
    };
    for(const shape s : {shape{4096, 1000, 1}, shape{300, 1024, 32}, shape{300, 1025, 32}, shape{300, 1024, 33},
                         shape{3, 12289, 300}, shape{5, 9000, 256}, shape{40, 4097, 1}, shape{1, 100, 40000},
                         shape{2, 8200, 20000}, shape{2, 8200, 256}})
    {
        SCOPED_TRACE(testing::Message() << s.rows << " x " << s.k << ", " << s.samples);
        std::vector<float> w = test_weights(s.rows * s.k, 10);
        if(s.k == 8200)
            w[3] = 1e6f; // nearly every sample of the first row in its first tile
        const std::vector<float> l = test_logits(s.rows * s.k, 11);
        for(rocdist_generator g : {host, gpu})
        {
            ASSERT_EQ(rocdist_set_seed(g, 1234), ROCDIST_STATUS_SUCCESS);
            ASSERT_EQ(rocdist_set_offset(g, 17), ROCDIST_STATUS_SUCCESS);
        }
        EXPECT_EQ(rows_vector(backend::host, host, w, s.rows, s.samples),
                  rows_vector(backend::gpu, gpu, w, s.rows, s.samples));
        EXPECT_EQ(logits_vector(backend::host, host, l, s.rows, 2.0f, s.samples),
                  logits_vector(backend::gpu, gpu, l, s.rows, 2.0f, s.samples));
    }
    EXPECT_EQ(rocdist_destroy_generator(host), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_destroy_generator(gpu), ROCDIST_STATUS_SUCCESS);
}

ROCDIST_INSTANTIATE_BACKENDS(categorical_rows_stream);

} // namespace
