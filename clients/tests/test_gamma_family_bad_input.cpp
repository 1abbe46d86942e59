// Bad arguments of the calls built on gamma variates (a shape per element,
// beta, Dirichlet): the exact status, nothing written, the position
// unchanged, on both precisions and every backend.
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "support/gamma_family_calls.hpp"

namespace
{

using rocdist_test::backend_buffer;
using rocdist_test::backend_weights;

template <class T>
std::vector<T> bad_values()
{
    const T inf = std::numeric_limits<T>::infinity();
    const T nan = std::numeric_limits<T>::quiet_NaN();
    return {T(0), T(-0.0), T(-1), -std::numeric_limits<T>::denorm_min(), -std::numeric_limits<T>::max(), nan, -nan,
            inf, -inf};
}

class gamma_family_bad_input : public rocdist_test::backend_test
{
protected:
    // The next good call starts where the stream stood before: element 0.
    template <class T>
    void expect_position_at_start()
    {
        const std::vector<T> next = rocdist_test::beta_vector<T>(GetParam(), gen_, 5, T(2), T(3));
        ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(next, rocdist_test::beta_vector<T>(GetParam(), gen_, 5, T(2), T(3)));
    }

    template <class T>
    void expect_bad_shapes_refused()
    {
        ASSERT_EQ(rocdist_set_seed(gen_, 8), ROCDIST_STATUS_SUCCESS);
        backend_buffer<T> out(GetParam(), 16);
        for(T bad : bad_values<T>())
        {
            // A bad shape anywhere, the last element included.
            for(size_t at : {size_t{0}, size_t{7}, size_t{15}})
            {
                std::vector<T> shapes(16, T(2));
                shapes[at] = bad;
                const backend_weights<T> in(GetParam(), shapes);
                EXPECT_EQ(rocdist_test::generate_gamma_shapes(gen_, out.data(), 16, in.data(), T(1)),
                          ROCDIST_STATUS_INVALID_VALUE)
                    << "shape " << bad << " at " << at;
            }
            // A bad scale, even for n = 0.
            const backend_weights<T> good(GetParam(), std::vector<T>(16, T(2)));
            EXPECT_EQ(rocdist_test::generate_gamma_shapes(gen_, out.data(), 16, good.data(), bad),
                      ROCDIST_STATUS_INVALID_VALUE);
            EXPECT_EQ(rocdist_test::generate_gamma_shapes(gen_, out.data(), 0, good.data(), bad),
                      ROCDIST_STATUS_INVALID_VALUE);
        }
        const backend_weights<T> good(GetParam(), std::vector<T>(16, T(2)));
        EXPECT_EQ(rocdist_test::generate_gamma_shapes(gen_, out.data(), 16, static_cast<const T*>(nullptr), T(1)),
                  ROCDIST_STATUS_INVALID_POINTER);
        EXPECT_EQ(rocdist_test::generate_gamma_shapes(
                      gen_, out.data(), 8, reinterpret_cast<const T*>(reinterpret_cast<const char*>(good.data()) + 2),
                      T(1)),
                  ROCDIST_STATUS_INVALID_POINTER);
        EXPECT_EQ(rocdist_test::generate_gamma_shapes(gen_, static_cast<T*>(nullptr), 16, good.data(), T(1)),
                  ROCDIST_STATUS_INVALID_POINTER);
        EXPECT_EQ(rocdist_test::generate_gamma_shapes(gen_, static_cast<T*>(nullptr), 0, good.data(), T(1)),
                  ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(gen_, ~0ull - 2), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rocdist_test::generate_gamma_shapes(gen_, out.data(), 5, good.data(), T(1)),
                  ROCDIST_STATUS_OUT_OF_RANGE);
        EXPECT_TRUE(out.untouched());
        ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
        // Refusals after the offset was set to 0 must leave it there.
        std::vector<T> shapes(16, T(2));
        shapes[3] = T(-1);
        const backend_weights<T> in(GetParam(), shapes);
        EXPECT_EQ(rocdist_test::generate_gamma_shapes(gen_, out.data(), 16, in.data(), T(1)),
                  ROCDIST_STATUS_INVALID_VALUE);
        EXPECT_TRUE(out.untouched());
        expect_position_at_start<T>();
    }

    template <class T>
    void expect_bad_beta_refused()
    {
        ASSERT_EQ(rocdist_set_seed(gen_, 9), ROCDIST_STATUS_SUCCESS);
        backend_buffer<T> out(GetParam(), 16);
        for(T bad : bad_values<T>())
            for(size_t n : {size_t{16}, size_t{0}})
            {
                EXPECT_EQ(rocdist_test::generate_beta(gen_, out.data(), n, bad, T(1)), ROCDIST_STATUS_INVALID_VALUE);
                EXPECT_EQ(rocdist_test::generate_beta(gen_, out.data(), n, T(1), bad), ROCDIST_STATUS_INVALID_VALUE);
            }
        EXPECT_EQ(rocdist_test::generate_beta(gen_, static_cast<T*>(nullptr), 3, T(1), T(1)),
                  ROCDIST_STATUS_INVALID_POINTER);
        EXPECT_EQ(rocdist_test::generate_beta(
                      gen_, reinterpret_cast<T*>(reinterpret_cast<char*>(out.data()) + 2), 3, T(1), T(1)),
                  ROCDIST_STATUS_INVALID_POINTER);
        ASSERT_EQ(rocdist_set_offset(gen_, ~0ull - 2), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rocdist_test::generate_beta(gen_, out.data(), 5, T(1), T(1)), ROCDIST_STATUS_OUT_OF_RANGE);
        EXPECT_TRUE(out.untouched());
        ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
        expect_position_at_start<T>();
    }

    template <class T>
    void expect_bad_dirichlet_refused()
    {
        ASSERT_EQ(rocdist_set_seed(gen_, 10), ROCDIST_STATUS_SUCCESS);
        backend_buffer<T> out(GetParam(), 16);
        for(T bad : bad_values<T>())
            for(size_t at : {size_t{0}, size_t{3}})
            {
                std::vector<T> alpha(4, T(1));
                alpha[at] = bad;
                const backend_weights<T> in(GetParam(), alpha);
                EXPECT_EQ(rocdist_test::generate_dirichlet(gen_, out.data(), 4, in.data(), 4),
                          ROCDIST_STATUS_INVALID_VALUE)
                    << "alpha " << bad << " at " << at;
            }
        const backend_weights<T> good(GetParam(), std::vector<T>(4, T(1)));
        // k = 0, whatever the rows.
        EXPECT_EQ(rocdist_test::generate_dirichlet(gen_, out.data(), 4, good.data(), 0), ROCDIST_STATUS_INVALID_VALUE);
        EXPECT_EQ(rocdist_test::generate_dirichlet(gen_, out.data(), 0, good.data(), 0), ROCDIST_STATUS_INVALID_VALUE);
        // NULL or misaligned arrays.
        EXPECT_EQ(rocdist_test::generate_dirichlet(gen_, out.data(), 4, static_cast<const T*>(nullptr), 4),
                  ROCDIST_STATUS_INVALID_POINTER);
        EXPECT_EQ(rocdist_test::generate_dirichlet(
                      gen_, out.data(), 2, reinterpret_cast<const T*>(reinterpret_cast<const char*>(good.data()) + 2),
                      2),
                  ROCDIST_STATUS_INVALID_POINTER);
        EXPECT_EQ(rocdist_test::generate_dirichlet(gen_, static_cast<T*>(nullptr), 4, good.data(), 4),
                  ROCDIST_STATUS_INVALID_POINTER);
        EXPECT_EQ(rocdist_test::generate_dirichlet(
                      gen_, reinterpret_cast<T*>(reinterpret_cast<char*>(out.data()) + 2), 2, good.data(), 4),
                  ROCDIST_STATUS_INVALID_POINTER);
        // rows x k overflowing, and rows past the stream's end.
        const size_t most = std::numeric_limits<size_t>::max();
        EXPECT_EQ(rocdist_test::generate_dirichlet(gen_, out.data(), most / 2, good.data(), 4),
                  ROCDIST_STATUS_OUT_OF_RANGE);
        ASSERT_EQ(rocdist_set_offset(gen_, ~0ull - 1), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rocdist_test::generate_dirichlet(gen_, out.data(), 3, good.data(), 1), ROCDIST_STATUS_OUT_OF_RANGE);
        // Row r needs r k + k - 1 below 2^64.
        ASSERT_EQ(rocdist_set_offset(gen_, (~0ull) / 4 + 1), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rocdist_test::generate_dirichlet(gen_, out.data(), 1, good.data(), 4), ROCDIST_STATUS_OUT_OF_RANGE);
        EXPECT_TRUE(out.untouched());
        ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rocdist_test::generate_dirichlet(gen_, static_cast<T*>(nullptr), 0, good.data(), 4),
                  ROCDIST_STATUS_SUCCESS);
        expect_position_at_start<T>();
    }
};

TEST_P(gamma_family_bad_input, gamma_shapes_float) { expect_bad_shapes_refused<float>(); }
TEST_P(gamma_family_bad_input, gamma_shapes_double) { expect_bad_shapes_refused<double>(); }
TEST_P(gamma_family_bad_input, beta_float) { expect_bad_beta_refused<float>(); }
TEST_P(gamma_family_bad_input, beta_double) { expect_bad_beta_refused<double>(); }
TEST_P(gamma_family_bad_input, dirichlet_float) { expect_bad_dirichlet_refused<float>(); }
TEST_P(gamma_family_bad_input, dirichlet_double) { expect_bad_dirichlet_refused<double>(); }

ROCDIST_INSTANTIATE_BACKENDS(gamma_family_bad_input);

TEST(gamma_family_handles, invalid_handles)
{
    float  f[4] = {1, 1, 1, 1};
    double d[4] = {1, 1, 1, 1};
    EXPECT_EQ(rocdist_generate_gamma_shapes(nullptr, f, 4, f, 1.0f), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_generate_gamma_shapes_double(nullptr, d, 4, d, 1.0), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_generate_beta(nullptr, f, 4, 1.0f, 1.0f), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_generate_beta_double(nullptr, d, 4, 1.0, 1.0), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_generate_dirichlet(nullptr, f, 1, f, 4), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_generate_dirichlet_double(nullptr, d, 1, d, 4), ROCDIST_STATUS_INVALID_HANDLE);
}

} // namespace
