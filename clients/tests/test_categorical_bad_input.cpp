// Every bad argument of the categorical calls gets its exact status, no
// handle is written, and the output is left untouched.
#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "support/categorical_calls.hpp"
#include "support/gpu_test_support.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::backend_weights;
using rocdist_test::make_table;

class categorical_bad_input : public rocdist_test::backend_test
{
protected:
    // The status of building a table from w; the handle must stay untouched
    // unless the call succeeds.
    template <class T>
    rocdist_status create_status(const std::vector<T>& w)
    {
        backend_weights<T>  weights(GetParam(), w);
        const auto          sentinel = reinterpret_cast<rocdist_categorical>(0x1234);
        rocdist_categorical table    = sentinel;
        const rocdist_status status  = rocdist_test::create_categorical(gen_, weights.data(), w.size(), &table);
        if(status == ROCDIST_STATUS_SUCCESS)
            EXPECT_EQ(rocdist_destroy_categorical(table), ROCDIST_STATUS_SUCCESS);
        else
            EXPECT_EQ(table, sentinel);
        return status;
    }
};

TEST_P(categorical_bad_input, weights_outside_the_domain)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    EXPECT_EQ(create_status(std::vector<double>{1, -1e-300, 2}), ROCDIST_STATUS_INVALID_VALUE);
    EXPECT_EQ(create_status(std::vector<double>{1, nan}), ROCDIST_STATUS_INVALID_VALUE);
    EXPECT_EQ(create_status(std::vector<double>{inf, 1}), ROCDIST_STATUS_INVALID_VALUE);
    EXPECT_EQ(create_status(std::vector<float>{0, 0, 0}), ROCDIST_STATUS_INVALID_VALUE);
    EXPECT_EQ(create_status(std::vector<float>{1, -std::numeric_limits<float>::infinity()}),
              ROCDIST_STATUS_INVALID_VALUE);
    // Negative zero is zero, and a sum beyond DBL_MAX is never formed.
    EXPECT_EQ(create_status(std::vector<double>{-0.0, 1}), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(create_status(std::vector<double>{1e308, 1e308, 1e308}), ROCDIST_STATUS_SUCCESS);
}

TEST_P(categorical_bad_input, sizes_and_pointers)
{
    backend_weights<float> weights(GetParam(), std::vector<float>(4, 1.0f));
    rocdist_categorical    table = nullptr;
    EXPECT_EQ(rocdist_create_categorical(gen_, weights.data(), 0, &table), ROCDIST_STATUS_INVALID_VALUE);
    if(sizeof(size_t) > 4)
        EXPECT_EQ(rocdist_create_categorical(gen_, weights.data(), size_t(1) << 32, &table),
                  ROCDIST_STATUS_INVALID_VALUE);
    EXPECT_EQ(rocdist_create_categorical(gen_, nullptr, 4, &table), ROCDIST_STATUS_INVALID_POINTER);
    EXPECT_EQ(rocdist_create_categorical(gen_, weights.data(), 4, nullptr), ROCDIST_STATUS_INVALID_POINTER);
    EXPECT_EQ(rocdist_create_categorical_double(gen_, reinterpret_cast<const double*>(weights.data() + 1), 1, &table),
              ROCDIST_STATUS_INVALID_POINTER); // misaligned
    EXPECT_EQ(rocdist_create_categorical(nullptr, weights.data(), 4, &table), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(table, nullptr);
}

TEST_P(categorical_bad_input, handles_and_outputs)
{
    rocdist_categorical                        table = make_table(GetParam(), gen_, std::vector<float>{1, 2, 3});
    rocdist_test::backend_buffer<unsigned int> out(GetParam(), 16);
    EXPECT_EQ(rocdist_generate_categorical(gen_, table, nullptr, 16), ROCDIST_STATUS_INVALID_POINTER);
    EXPECT_EQ(rocdist_generate_categorical(gen_, nullptr, out.data(), 16), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_generate_categorical(nullptr, table, out.data(), 16), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_generate_categorical(gen_, table, out.data(), 0), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_offset(gen_, std::numeric_limits<unsigned long long>::max()), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_generate_categorical(gen_, table, out.data(), 2), ROCDIST_STATUS_OUT_OF_RANGE);
    EXPECT_EQ(rocdist_destroy_categorical(table), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_generate_categorical(gen_, table, out.data(), 16), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_destroy_categorical(table), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_destroy_categorical(nullptr), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_TRUE(out.untouched());
}

TEST(categorical_backends, a_table_serves_only_its_own_kind)
{
    rocdist_generator gpu = nullptr, host = nullptr;
    ROCDIST_CREATE_GENERATOR_OR_SKIP(backend::gpu, &gpu);
    ASSERT_EQ(rocdist_create_generator_host(&host, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    const std::vector<float> w{1, 2, 3};
    rocdist_categorical th = make_table(backend::host, host, w), tg = make_table(backend::gpu, gpu, w);
    rocdist_test::backend_buffer<unsigned int> host_out(backend::host, 8), gpu_out(backend::gpu, 8);
    EXPECT_EQ(rocdist_generate_categorical(host, tg, host_out.data(), 8), ROCDIST_STATUS_INVALID_VALUE);
    EXPECT_EQ(rocdist_generate_categorical(gpu, th, gpu_out.data(), 8), ROCDIST_STATUS_INVALID_VALUE);
    EXPECT_TRUE(host_out.untouched());
    EXPECT_TRUE(gpu_out.untouched());
    // Host weights given to a GPU generator.
    rocdist_categorical t = nullptr;
    EXPECT_EQ(rocdist_create_categorical(gpu, w.data(), w.size(), &t), ROCDIST_STATUS_WRONG_MEMORY);
    EXPECT_EQ(rocdist_destroy_categorical(th), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_destroy_categorical(tg), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_destroy_generator(host), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_destroy_generator(gpu), ROCDIST_STATUS_SUCCESS);
}

ROCDIST_INSTANTIATE_BACKENDS(categorical_bad_input);

} // namespace
