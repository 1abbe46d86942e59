// Bad gamma arguments: the exact status, nothing written, the position
// unchanged, on both entry points and every backend; invalid handles.
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/gamma_calls.hpp"

namespace
{

using rocdist_test::backend_buffer;

class gamma_bad_input : public rocdist_test::backend_test
{
protected:
    // (shape, scale) must be refused, for n = 16 and n = 0 alike.
    template <class T>
    void expect_refused(T shape, T scale)
    {
        ASSERT_EQ(rocdist_set_seed(gen_, 8), ROCDIST_STATUS_SUCCESS);
        backend_buffer<T> buffer(GetParam(), 16);
        EXPECT_EQ(rocdist_test::generate_gamma(gen_, buffer.data(), 16, shape, scale), ROCDIST_STATUS_INVALID_VALUE)
            << "shape " << shape << " scale " << scale;
        EXPECT_EQ(rocdist_test::generate_gamma(gen_, buffer.data(), 0, shape, scale), ROCDIST_STATUS_INVALID_VALUE)
            << "shape " << shape << " scale " << scale << ", n = 0";
        EXPECT_EQ(rocdist_test::generate_gamma(gen_, static_cast<T*>(nullptr), 0, shape, scale),
                  ROCDIST_STATUS_INVALID_VALUE);
        EXPECT_TRUE(buffer.untouched());
        // The position did not move: the next good call starts at element 0.
        const std::vector<T> next = rocdist_test::gamma_vector<T>(GetParam(), gen_, 5, T(2), T(1));
        ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(next, rocdist_test::gamma_vector<T>(GetParam(), gen_, 5, T(2), T(1)));
    }

    template <class T>
    void expect_every_bad_parameter_refused()
    {
        const T inf = std::numeric_limits<T>::infinity();
        const T nan = std::numeric_limits<T>::quiet_NaN();
        for(T bad : {T(0), T(-0.0), T(-1), -std::numeric_limits<T>::denorm_min(), -std::numeric_limits<T>::max(),
                     nan, -nan, inf, -inf})
        {
            expect_refused<T>(bad, T(1));
            expect_refused<T>(T(1), bad);
            expect_refused<T>(bad, bad);
        }
    }
};

TEST_P(gamma_bad_input, bad_parameters_float) { expect_every_bad_parameter_refused<float>(); }
TEST_P(gamma_bad_input, bad_parameters_double) { expect_every_bad_parameter_refused<double>(); }

TEST_P(gamma_bad_input, status_sentence_names_the_parameters)
{
    const std::string sentence = rocdist_get_status_string(ROCDIST_STATUS_INVALID_VALUE);
    EXPECT_NE(sentence.find("gamma shape or scale"), std::string::npos) << sentence;
}

TEST_P(gamma_bad_input, null_and_misaligned_output)
{
    EXPECT_EQ(rocdist_generate_gamma(gen_, nullptr, 3, 2.0f, 1.0f), ROCDIST_STATUS_INVALID_POINTER);
    EXPECT_EQ(rocdist_generate_gamma_double(gen_, nullptr, 3, 2.0, 1.0), ROCDIST_STATUS_INVALID_POINTER);
    backend_buffer<double> buffer(GetParam(), 8);
    auto* bytes = reinterpret_cast<unsigned char*>(buffer.data());
    EXPECT_EQ(rocdist_generate_gamma_double(gen_, reinterpret_cast<double*>(bytes + 4), 3, 2.0, 1.0),
              ROCDIST_STATUS_INVALID_POINTER);
    EXPECT_EQ(rocdist_generate_gamma(gen_, reinterpret_cast<float*>(bytes + 2), 3, 2.0f, 1.0f),
              ROCDIST_STATUS_INVALID_POINTER);
    EXPECT_TRUE(buffer.untouched());
}

TEST_P(gamma_bad_input, past_the_end_of_the_stream)
{
    ASSERT_EQ(rocdist_set_offset(gen_, ~0ull - 2), ROCDIST_STATUS_SUCCESS);
    backend_buffer<float> buffer(GetParam(), 8);
    EXPECT_EQ(rocdist_generate_gamma(gen_, buffer.data(), 5, 2.0f, 1.0f), ROCDIST_STATUS_OUT_OF_RANGE);
    EXPECT_TRUE(buffer.untouched());
}

ROCDIST_INSTANTIATE_BACKENDS(gamma_bad_input);

// Handles are checked before anything else, for both entry points.
TEST(gamma_handles, invalid_handles)
{
    float  f[4];
    double d[4];
    EXPECT_EQ(rocdist_generate_gamma(nullptr, f, 4, 2.0f, 1.0f), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_generate_gamma_double(nullptr, d, 4, 2.0, 1.0), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_generate_gamma(nullptr, f, 4, -1.0f, 1.0f), ROCDIST_STATUS_INVALID_HANDLE);
    rocdist_generator g = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&g, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_destroy_generator(g), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_generate_gamma(g, f, 4, 2.0f, 1.0f), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_generate_gamma_double(g, d, 4, 2.0, 1.0), ROCDIST_STATUS_INVALID_HANDLE);
}

} // namespace
