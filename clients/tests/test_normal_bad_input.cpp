// Bad normal parameters and methods: the exact status, nothing written, the
// position unchanged, on every entry point and backend.
#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "support/normal_calls.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::backend_buffer;

class normal_bad_input : public rocdist_test::backend_test
{
protected:
    // Every (mean, stddev) here must be refused by all four entry points.
    template <class T>
    void expect_refused(T mean, T sd)
    {
        for(bool log : {false, true})
        {
            ASSERT_EQ(rocdist_set_seed(gen_, 8), ROCDIST_STATUS_SUCCESS);
            backend_buffer<T> buffer(GetParam(), 16);
            EXPECT_EQ(rocdist_test::generate_normal(gen_, buffer.data(), 16, mean, sd, log),
                      ROCDIST_STATUS_INVALID_VALUE)
                << "mean " << mean << " stddev " << sd << (log ? " log-normal" : "");
            EXPECT_EQ(rocdist_test::generate_normal(gen_, buffer.data(), 0, mean, sd, log),
                      ROCDIST_STATUS_INVALID_VALUE);
            EXPECT_TRUE(buffer.untouched());
            // The position did not move: the next good call starts at element 0.
            const std::vector<T> next = rocdist_test::normal_vector<T>(GetParam(), gen_, 5);
            ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
            EXPECT_EQ(next, rocdist_test::normal_vector<T>(GetParam(), gen_, 5));
        }
    }

    template <class T>
    void expect_every_bad_parameter_refused()
    {
        const T inf = std::numeric_limits<T>::infinity();
        const T nan = std::numeric_limits<T>::quiet_NaN();
        for(T sd : {T(0), T(-0.0), T(-1), -std::numeric_limits<T>::denorm_min(), nan, inf, -inf})
            expect_refused<T>(T(0), sd);
        for(T mean : {nan, inf, -inf})
            expect_refused<T>(mean, T(1));
    }
};

TEST_P(normal_bad_input, bad_parameters_float) { expect_every_bad_parameter_refused<float>(); }
TEST_P(normal_bad_input, bad_parameters_double) { expect_every_bad_parameter_refused<double>(); }

TEST_P(normal_bad_input, unknown_method)
{
    for(int m : {-1, 6, 1000})
        EXPECT_EQ(rocdist_set_normal_method(gen_, static_cast<rocdist_normal_method>(m)), ROCDIST_STATUS_TYPE_ERROR);
    // The method in force is still the default, Box-Muller.
    ASSERT_EQ(rocdist_set_seed(gen_, 4), ROCDIST_STATUS_SUCCESS);
    const std::vector<float> kept = rocdist_test::normal_vector<float>(GetParam(), gen_, 8);
    ASSERT_EQ(rocdist_set_normal_method(gen_, ROCDIST_NORMAL_BOX_MULLER), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(kept, rocdist_test::normal_vector<float>(GetParam(), gen_, 8));
}

TEST_P(normal_bad_input, null_and_misaligned_output)
{
    EXPECT_EQ(rocdist_generate_normal(gen_, nullptr, 3, 0.0f, 1.0f), ROCDIST_STATUS_INVALID_POINTER);
    EXPECT_EQ(rocdist_generate_log_normal_double(gen_, nullptr, 3, 0.0, 1.0), ROCDIST_STATUS_INVALID_POINTER);
    backend_buffer<double> buffer(GetParam(), 8);
    auto* bytes = reinterpret_cast<unsigned char*>(buffer.data());
    EXPECT_EQ(rocdist_generate_normal_double(gen_, reinterpret_cast<double*>(bytes + 4), 3, 0.0, 1.0),
              ROCDIST_STATUS_INVALID_POINTER);
    EXPECT_TRUE(buffer.untouched());
}

ROCDIST_INSTANTIATE_BACKENDS(normal_bad_input);

} // namespace
