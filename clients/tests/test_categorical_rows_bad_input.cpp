// Every bad argument of the batched categorical calls gets its exact status,
// writes nothing and leaves the position where it was, on every backend:
// bad weights and logits anywhere in any row (the first tile, a later tile,
// the last row), rows of zeros or of -inf, bad temperatures, sizes that are
// zero, too large or overflow, NULL and misaligned pointers, the stream's end.
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "support/categorical_rows_calls.hpp"
#include "support/gpu_test_support.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::backend_buffer;
using rocdist_test::backend_weights;

constexpr size_t rows = 3, k = 5000, spr = 7; // rows of two tiles
// Short rows take other paths (the host draws rows of one tile as it sums
// them, into a staging buffer; a GPU draws rows of at most 1024 categories
// a warp each): the checks run on both shapes.
constexpr size_t row_lengths[] = {100, k};

class categorical_rows_bad_input : public rocdist_test::backend_test
{
protected:
    void SetUp() override
    {
        rocdist_test::backend_test::SetUp();
        if(gen_ != nullptr)
            ASSERT_EQ(rocdist_set_seed(gen_, 31), ROCDIST_STATUS_SUCCESS);
    }

    // The next good call starts at element 0: the position did not move.
    void expect_position_unchanged()
    {
        const std::vector<float>        w(4 * 10, 1.0f);
        const std::vector<unsigned int> next = rocdist_test::rows_vector(GetParam(), gen_, w, 4, 5);
        ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(next, rocdist_test::rows_vector(GetParam(), gen_, w, 4, 5));
        ASSERT_EQ(rocdist_set_seed(gen_, 31), ROCDIST_STATUS_SUCCESS);
    }

    // The status of one call on rows x k values (from `values`), with
    // nothing written and the position unchanged unless it succeeds.
    template <class T>
    rocdist_status weights_status(const std::vector<T>& values, size_t length = k)
    {
        const backend_weights<T>     w(GetParam(), values);
        backend_buffer<unsigned int> out(GetParam(), rows * spr);
        const rocdist_status         status
            = rocdist_test::categorical_rows(gen_, w.data(), rows, length, out.data(), spr);
        if(status != ROCDIST_STATUS_SUCCESS)
        {
            EXPECT_TRUE(out.untouched());
            expect_position_unchanged();
        }
        EXPECT_EQ(rocdist_set_seed(gen_, 31), ROCDIST_STATUS_SUCCESS);
        return status;
    }

    rocdist_status logits_status(const std::vector<float>& values, float temperature, size_t samples = spr,
                                 size_t length = k)
    {
        const backend_weights<float> l(GetParam(), values);
        backend_buffer<unsigned int> out(GetParam(), rows * spr);
        const rocdist_status         status
            = rocdist_generate_categorical_logits(gen_, l.data(), rows, length, temperature, out.data(), samples);
        if(status != ROCDIST_STATUS_SUCCESS)
        {
            EXPECT_TRUE(out.untouched());
            expect_position_unchanged();
        }
        EXPECT_EQ(rocdist_set_seed(gen_, 31), ROCDIST_STATUS_SUCCESS);
        return status;
    }

    template <class T>
    void expect_every_bad_weight_refused()
    {
        const T nan = std::numeric_limits<T>::quiet_NaN(), inf = std::numeric_limits<T>::infinity();
        for(size_t length : row_lengths)
        {
            for(T bad : {T(-1), -std::numeric_limits<T>::denorm_min(), -std::numeric_limits<T>::max(), nan, -nan,
                         inf, -inf})
                for(size_t at : {size_t(0), size_t(4095), size_t(4096), rows * length - 1})
                {
                    SCOPED_TRACE(testing::Message() << "weight " << bad << " at " << at << " of rows of " << length);
                    std::vector<T> w(rows * length, T(1));
                    w[at % w.size()] = bad;
                    EXPECT_EQ(weights_status(w, length), ROCDIST_STATUS_INVALID_VALUE);
                }
            for(size_t zero_row = 0; zero_row < rows; ++zero_row)
            {
                SCOPED_TRACE(testing::Message() << "row " << zero_row << " of zeros, rows of " << length);
                std::vector<T> w(rows * length, T(1));
                for(size_t i = 0; i < length; ++i)
                    w[zero_row * length + i] = i % 2 == 0 ? T(0) : T(-0.0);
                EXPECT_EQ(weights_status(w, length), ROCDIST_STATUS_INVALID_VALUE);
            }
        }
        // Zeros, -0 and a row whose only weight is the largest finite are fine.
        std::vector<T> w(rows * k, T(0));
        w[1]         = T(1);
        w[k + 4999]  = std::numeric_limits<T>::max();
        w[2 * k + 7] = std::numeric_limits<T>::denorm_min();
        EXPECT_EQ(weights_status(w), ROCDIST_STATUS_SUCCESS);
    }
};

TEST_P(categorical_rows_bad_input, weights_float) { expect_every_bad_weight_refused<float>(); }
TEST_P(categorical_rows_bad_input, weights_double) { expect_every_bad_weight_refused<double>(); }

TEST_P(categorical_rows_bad_input, logits)
{
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    for(size_t length : row_lengths)
    {
        for(float bad : {nan, -nan, inf})
            for(size_t at : {size_t(0), size_t(4096), rows * length - 1})
            {
                SCOPED_TRACE(testing::Message() << "logit " << bad << " at " << at << " of rows of " << length);
                std::vector<float> l(rows * length, 0.5f);
                l[at % l.size()] = bad;
                EXPECT_EQ(logits_status(l, 1.0f, spr, length), ROCDIST_STATUS_INVALID_VALUE);
            }
        for(size_t row = 0; row < rows; ++row)
        {
            SCOPED_TRACE(testing::Message() << "row " << row << " of -inf, rows of " << length);
            std::vector<float> l(rows * length, 0.5f);
            std::fill(l.begin() + row * length, l.begin() + (row + 1) * length, -inf);
            EXPECT_EQ(logits_status(l, 1.0f, spr, length), ROCDIST_STATUS_INVALID_VALUE);
        }
    }
    // Temperatures: refused even when nothing is drawn.
    const std::vector<float> good(rows * k, 0.5f);
    for(float t : {0.0f, -0.0f, -1.0f, -inf, nan})
    {
        SCOPED_TRACE(testing::Message() << "temperature " << t);
        EXPECT_EQ(logits_status(good, t), ROCDIST_STATUS_INVALID_VALUE);
        EXPECT_EQ(logits_status(good, t, 0), ROCDIST_STATUS_INVALID_VALUE);
    }
    // -inf logits beside finite ones, the extreme floats, and temperatures
    // from the smallest positive float to +inf are fine.
    std::vector<float> edge(rows * k, -inf);
    edge[0]         = std::numeric_limits<float>::max();
    edge[k + 4096]  = -std::numeric_limits<float>::max();
    edge[2 * k + 1] = 0.0f;
    for(float t : {std::numeric_limits<float>::denorm_min(), 1.0f, inf})
        EXPECT_EQ(logits_status(edge, t), ROCDIST_STATUS_SUCCESS) << "temperature " << t;
}

TEST_P(categorical_rows_bad_input, sizes_pointers_and_the_stream_end)
{
    const backend_weights<float> w(GetParam(), std::vector<float>(rows * k, 1.0f));
    backend_buffer<unsigned int> out(GetParam(), rows * spr + 1);
    const size_t                 big = std::numeric_limits<size_t>::max();
    // Nothing to draw: success, whatever the pointers (rows or samples 0).
    EXPECT_EQ(rocdist_generate_categorical_rows(gen_, nullptr, 0, k, nullptr, spr), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_generate_categorical_rows(gen_, nullptr, rows, k, nullptr, 0), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_generate_categorical_rows(gen_, nullptr, rows, 0, nullptr, 0), ROCDIST_STATUS_SUCCESS);
    // k of 0 with samples to draw; k beyond 2^32 - 1 (even with none).
    EXPECT_EQ(rocdist_generate_categorical_rows(gen_, w.data(), rows, 0, out.data(), spr),
              ROCDIST_STATUS_INVALID_VALUE);
    if(sizeof(size_t) > 4)
    {
        EXPECT_EQ(rocdist_generate_categorical_rows(gen_, w.data(), 1, size_t(1) << 32, out.data(), 1),
                  ROCDIST_STATUS_INVALID_VALUE);
        EXPECT_EQ(rocdist_generate_categorical_rows(gen_, w.data(), 0, size_t(1) << 32, out.data(), 1),
                  ROCDIST_STATUS_INVALID_VALUE);
    }
    // rows x k values beyond what a size_t addresses, for each element size.
    EXPECT_EQ(rocdist_generate_categorical_rows(gen_, w.data(), big / 4000 + 1, 1000, out.data(), 1),
              ROCDIST_STATUS_INVALID_VALUE);
    EXPECT_EQ(rocdist_generate_categorical_rows_double(gen_, reinterpret_cast<const double*>(w.data()),
                                                       big / 8000 + 1, 1000, out.data(), 1),
              ROCDIST_STATUS_INVALID_VALUE);
    EXPECT_EQ(rocdist_generate_categorical_logits(gen_, w.data(), big / 4000 + 1, 1000, 1.0f, out.data(), 1),
              ROCDIST_STATUS_INVALID_VALUE);
    // rows x samples_per_row beyond a size_t: past the stream's end.
    EXPECT_EQ(rocdist_generate_categorical_rows(gen_, w.data(), rows, k, out.data(), big / 2),
              ROCDIST_STATUS_OUT_OF_RANGE);
    // NULL and misaligned pointers.
    EXPECT_EQ(rocdist_generate_categorical_rows(gen_, nullptr, rows, k, out.data(), spr),
              ROCDIST_STATUS_INVALID_POINTER);
    EXPECT_EQ(rocdist_generate_categorical_rows(gen_, w.data(), rows, k, nullptr, spr),
              ROCDIST_STATUS_INVALID_POINTER);
    EXPECT_EQ(rocdist_generate_categorical_logits(gen_, nullptr, rows, k, 1.0f, out.data(), spr),
              ROCDIST_STATUS_INVALID_POINTER);
    const auto* bytes = reinterpret_cast<const unsigned char*>(w.data());
    EXPECT_EQ(rocdist_generate_categorical_rows(gen_, reinterpret_cast<const float*>(bytes + 2), rows, k - 1,
                                                out.data(), spr),
              ROCDIST_STATUS_INVALID_POINTER);
    EXPECT_EQ(rocdist_generate_categorical_rows_double(gen_, reinterpret_cast<const double*>(bytes + 4), 1, 100,
                                                       out.data(), spr),
              ROCDIST_STATUS_INVALID_POINTER);
    EXPECT_EQ(rocdist_generate_categorical_rows(gen_, w.data(), rows, k,
                                                reinterpret_cast<unsigned int*>(
                                                    reinterpret_cast<unsigned char*>(out.data()) + 1),
                                                spr),
              ROCDIST_STATUS_INVALID_POINTER);
    // Handles.
    EXPECT_EQ(rocdist_generate_categorical_rows(nullptr, w.data(), rows, k, out.data(), spr),
              ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_generate_categorical_logits(nullptr, w.data(), rows, k, -1.0f, out.data(), spr),
              ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_TRUE(out.untouched());
    expect_position_unchanged();
    // The stream's end: the last element may be drawn, one more may not.
    ASSERT_EQ(rocdist_set_offset(gen_, ~0ull - rows * spr + 1), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_generate_categorical_rows(gen_, w.data(), rows, k, out.data(), spr + 1),
              ROCDIST_STATUS_OUT_OF_RANGE);
    EXPECT_TRUE(out.untouched());
    EXPECT_EQ(rocdist_generate_categorical_rows(gen_, w.data(), rows, k, out.data(), spr), ROCDIST_STATUS_SUCCESS);
}

TEST(categorical_rows_backends, gpu_generators_refuse_host_memory)
{
    rocdist_generator gpu = nullptr;
    ROCDIST_CREATE_GENERATOR_OR_SKIP(backend::gpu, &gpu);
    const std::vector<float>     w(20, 1.0f);
    std::vector<unsigned int>    host_out(4, 7u);
    const backend_weights<float> device_w(backend::gpu, w);
    backend_buffer<unsigned int> device_out(backend::gpu, 4);
    EXPECT_EQ(rocdist_generate_categorical_rows(gpu, w.data(), 2, 10, device_out.data(), 2),
              ROCDIST_STATUS_WRONG_MEMORY);
    EXPECT_EQ(rocdist_generate_categorical_logits(gpu, w.data(), 2, 10, 1.0f, device_out.data(), 2),
              ROCDIST_STATUS_WRONG_MEMORY);
    EXPECT_EQ(rocdist_generate_categorical_rows(gpu, device_w.data(), 2, 10, host_out.data(), 2),
              ROCDIST_STATUS_WRONG_MEMORY);
    EXPECT_TRUE(device_out.untouched());
    EXPECT_EQ(host_out, std::vector<unsigned int>(4, 7u));
    EXPECT_EQ(rocdist_destroy_generator(gpu), ROCDIST_STATUS_SUCCESS);
}

ROCDIST_INSTANTIATE_BACKENDS(categorical_rows_bad_input);

} // namespace
