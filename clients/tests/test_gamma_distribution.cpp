// Gamma variates, float and double, host generator, against Boost.Math's
// gamma distribution: for shapes {0.001, 0.01, 0.1, 0.5, 1, 2.5, 10, 1000,
// 1e6} and two scales each (1, and 1e25 for float or 1e250 for double, where
// a product rounded early would underflow), 2^20 samples from a fixed seed:
// - Kolmogorov-Smirnov against the CDF of the variate *rounded to the output
//   type* (ks_p_value_rounded): for tiny shapes most values are below the
//   smallest subnormal (about 90% of Gamma(0.001) floats, 47% of doubles)
//   and must be exactly 0 as often as the gamma CDF at half the smallest
//   subnormal says; the KS statistic then compares the atom at 0 and
//   everything above it. p-value threshold: p_threshold (1e-4). The CDF is
//   evaluated at about every 16th sample and bracketed in between, which
//   can only raise the statistic, by less than 1e-4 (asserted).
// - mean and variance of x / scale within 4.5 standard errors of shape and
//   shape (SE sqrt(a / n) and sqrt((2a^2 + 6a) / n), from the gamma's fourth
//   central moment 3a^2 + 6a);
// - no NaN, no infinity, nothing negative.
// Both orderings: the fast one (compacted chunks, the GPU's layout) samples
// through its own candidates, and must fit as well.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <string>
#include <tuple>
#include <vector>

#include <boost/math/distributions/gamma.hpp>
#include <gtest/gtest.h>

#include "support/gamma_calls.hpp"
#include "support/goodness_of_fit.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::p_threshold;

constexpr double z_bound = 4.5; // |z| for the moment checks: p = 7e-6
constexpr size_t samples = size_t{1} << 20;

const double shapes[] = {0.001, 0.01, 0.1, 0.5, 1, 2.5, 10, 1000, 1e6};

// P(X scale <= x) for X ~ Gamma(shape, 1). Below 1e-300 the argument is no
// longer a normal double (the atom at 0 of doubles with scale 1e250 sits at
// 1e-574), so Boost evaluates it in long double there.
long double gamma_cdf(double shape, double scale, long double x)
{
    const long double t = x / scale;
    if(t > 1e-300L)
        return boost::math::cdf(boost::math::gamma_distribution<double>(shape, 1.0), static_cast<double>(t));
    return boost::math::cdf(boost::math::gamma_distribution<long double>(shape, 1.0L), t);
}

using gamma_case = std::tuple<double, rocdist_ordering>;

class gamma_distribution : public ::testing::TestWithParam<gamma_case>
{
protected:
    void SetUp() override
    {
        ASSERT_EQ(rocdist_create_generator_host(&gen_, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_ordering(gen_, std::get<1>(GetParam())), ROCDIST_STATUS_SUCCESS);
    }
    static double shape_param() { return std::get<0>(GetParam()); }
    void TearDown() override { EXPECT_EQ(rocdist_destroy_generator(gen_), ROCDIST_STATUS_SUCCESS); }

    template <class T>
    void expect_fit(double scale_wanted, unsigned long long seed)
    {
        // The reference takes the parameters as the generator receives them.
        const double shape = static_cast<T>(shape_param());
        const double scale = static_cast<T>(scale_wanted);
        SCOPED_TRACE("shape " + std::to_string(shape) + " scale " + std::to_string(scale) + " seed "
                     + std::to_string(seed));
        ASSERT_EQ(rocdist_set_seed(gen_, seed), ROCDIST_STATUS_SUCCESS);
        const std::vector<T> x = rocdist_test::gamma_vector<T>(backend::host, gen_, samples, T(shape), T(scale));

        double sum = 0, sum2 = 0;
        for(size_t i = 0; i < x.size(); ++i)
        {
            ASSERT_TRUE(std::isfinite(x[i]) && x[i] >= 0) << "element " << i << " = " << x[i];
            const double v = static_cast<double>(x[i]) / scale;
            sum += v;
            sum2 += v * v;
        }
        const double n = static_cast<double>(x.size());
        const double mean = sum / n, var = sum2 / n - mean * mean;
        EXPECT_LT(std::fabs(mean - shape) / std::sqrt(shape / n), z_bound) << "mean " << mean;
        EXPECT_LT(std::fabs(var - shape) / std::sqrt((2 * shape * shape + 6 * shape) / n), z_bound)
            << "variance " << var;

        double       bracket = 0;
        const double pv      = rocdist_test::ks_p_value_rounded(
            x, [&](long double v) { return gamma_cdf(shape, scale, v); }, bracket);
        EXPECT_GT(pv, p_threshold);
        EXPECT_LT(bracket, 1e-4) << "the KS bound is too loose";
    }

    // Seeds: one per (shape, scale, type), fixed.
    unsigned long long seed(int which) const
    {
        const int k = static_cast<int>(std::find(std::begin(shapes), std::end(shapes), shape_param()) - shapes);
        return 1000 + 4 * static_cast<unsigned long long>(k) + which;
    }

    rocdist_generator gen_ = nullptr;
};

TEST_P(gamma_distribution, float_scale_1) { expect_fit<float>(1.0, seed(0)); }
TEST_P(gamma_distribution, float_scale_1e25) { expect_fit<float>(1e25, seed(1)); }
TEST_P(gamma_distribution, double_scale_1) { expect_fit<double>(1.0, seed(2)); }
TEST_P(gamma_distribution, double_scale_1e250) { expect_fit<double>(1e250, seed(3)); }

INSTANTIATE_TEST_SUITE_P(shapes, gamma_distribution,
                         ::testing::Combine(::testing::ValuesIn(shapes),
                                            ::testing::Values(ROCDIST_ORDERING_REPRODUCIBLE, ROCDIST_ORDERING_FAST)),
                         [](const ::testing::TestParamInfo<gamma_case>& info) {
                             std::string name = std::to_string(std::get<0>(info.param));
                             for(char& c : name)
                                 if(c == '.')
                                     c = '_';
                             return "shape_" + name
                                    + (std::get<1>(info.param) == ROCDIST_ORDERING_FAST ? "_fast_ordering" : "");
                         });

} // namespace
