// The alias table checked exactly, from the table itself: its implied masses
// sum to k * 2^32 and each is within one unit of the category's exact share of
// the fixed-point weights (integer arithmetic, no sampling); zero weights get
// nothing; float and double weights give the same table; and the merge-path
// split the GPU uses (any chunking of the sweep) writes the same table as the
// host's sweep, on any number of threads.
#include <cfloat>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "backend/host/alias_table_host.hpp"
#include "rocdist/device/distributions/alias_table.hpp"

namespace
{

namespace dist = rocdist::distributions;
using dist::alias_column_mass;
using dist::alias_entry;
using dist::uint128;

template <class T>
std::vector<alias_entry> build(const std::vector<T>& w)
{
    double largest = 0;
    EXPECT_EQ(rocdist::host::largest_weight(w.data(), w.size(), largest), ROCDIST_STATUS_SUCCESS);
    std::vector<alias_entry> table(w.size());
    rocdist::host::build_alias_table(w.data(), static_cast<std::uint32_t>(w.size()), largest, table.data());
    return table;
}

// Mass of each category: its column's threshold plus the rest of every
// column that names it as alias.
std::vector<std::uint64_t> implied_masses(const std::vector<alias_entry>& table)
{
    std::vector<std::uint64_t> m(table.size(), 0);
    for(size_t j = 0; j < table.size(); ++j)
    {
        EXPECT_LT(table[j].alias, table.size());
        EXPECT_FALSE(table[j].alias == j && table[j].threshold != 0) << "full column " << j << " not canonical";
        m[j] += table[j].threshold;
        m[table[j].alias] += alias_column_mass - table[j].threshold;
    }
    return m;
}

// Asserts the documented resolution: with a_j = floor(w_j * 2^s) and
// W = sum a_j, every mass m_j satisfies |m_j * W - k 2^32 a_j| < W, and the
// probability m_j / (k 2^32) is within 1 / (k 2^32) + k / W of w_j / sum w
// (truncating k weights moves each share by less than k / W).
void check_exact(const std::vector<double>& w, const std::string& what)
{
    SCOPED_TRACE(what);
    const std::vector<alias_entry> table = build(w);
    const std::vector<std::uint64_t> m   = implied_masses(table);
    const std::uint64_t            k     = w.size();
    const std::uint64_t            n     = k * alias_column_mass;

    const double largest = *std::max_element(w.begin(), w.end());
    double       total   = 0;
    for(double x : w)
        total += x / largest; // relative to the largest: no overflow
    const dist::fixed_point_scale scale = dist::make_fixed_point_scale(largest, k);
    const int                     s     = std::ilogb(scale.first) + std::ilogb(scale.second);
    std::vector<std::uint64_t>    a(k);
    uint128                       sum_fixed = 0, sum_mass = 0;
    for(size_t j = 0; j < k; ++j)
    {
        a[j] = static_cast<std::uint64_t>(std::floor(std::ldexp(w[j], s)));
        ASSERT_EQ(a[j], dist::to_fixed_point(w[j], scale)) << "weight " << j;
        sum_fixed += a[j];
        sum_mass += m[j];
    }
    ASSERT_LT(sum_fixed, uint128(1) << 64);
    ASSERT_EQ(sum_mass, uint128(n));
    const auto fixed_total = static_cast<std::uint64_t>(sum_fixed);
    for(size_t j = 0; j < k; ++j)
    {
        const uint128 scaled_mass = uint128(m[j]) * fixed_total, scaled_share = uint128(n) * a[j];
        EXPECT_LT(scaled_mass, scaled_share + fixed_total) << "category " << j;
        EXPECT_LT(scaled_share, scaled_mass + fixed_total) << "category " << j;
        if(w[j] == 0)
            EXPECT_EQ(m[j], 0u) << "zero weight " << j;
        const double p = static_cast<double>(m[j]) / static_cast<double>(n);
        const double q = w[j] / largest / total;
        EXPECT_NEAR(p, q, 1.0 / static_cast<double>(n) + static_cast<double>(k) / static_cast<double>(fixed_total) + 1e-14 * q)
            << "category " << j;
    }
}

TEST(categorical_table, masses_are_exact_shares)
{
    std::mt19937_64                        rng(5);
    std::uniform_real_distribution<double> u(0, 1);
    std::vector<double>                    random(1000), pareto(100000), zeros(300, 0.0), span, huge{DBL_MAX, DBL_MAX / 2, 1.0};
    for(double& x : random)
        x = u(rng);
    for(double& x : pareto)
        x = std::pow(u(rng), -1.5); // heavy tail: a few very heavy items
    for(size_t j = 0; j < zeros.size(); j += 7)
        zeros[j] = u(rng);
    for(int e = 0; e <= 30; ++e)
        span.push_back(std::pow(10.0, -e));
    check_exact({1.0}, "k = 1");
    check_exact({0.0, 2.5}, "k = 2, one zero");
    check_exact(std::vector<double>(1024, 3.0), "equal weights");
    check_exact(random, "uniform random, k = 1000");
    check_exact(pareto, "Pareto, k = 1e5");
    check_exact(zeros, "mostly zeros");
    check_exact(span, "1 to 1e-30");
    check_exact(huge, "sum beyond DBL_MAX");
    check_exact({4.9e-324, 1e-320, 0.0}, "subnormal weights");
}

TEST(categorical_table, equal_weights_fill_their_own_columns)
{
    const std::vector<alias_entry> table = build(std::vector<double>(1024, 0.1));
    for(std::uint32_t j = 0; j < table.size(); ++j)
    {
        EXPECT_EQ(table[j].alias, j);
        EXPECT_EQ(table[j].threshold, 0u);
    }
}

TEST(categorical_table, float_and_double_weights_agree)
{
    std::mt19937_64                       rng(6);
    std::uniform_real_distribution<float> u(0, 100);
    std::vector<float>                    wf(5000);
    for(float& x : wf)
        x = u(rng) * u(rng);
    wf[17] = 0;
    wf[18] = 1e-40f; // subnormal float
    const std::vector<double>      wd(wf.begin(), wf.end());
    const std::vector<alias_entry> tf = build(wf), td = build(wd);
    for(size_t j = 0; j < wf.size(); ++j)
    {
        ASSERT_EQ(tf[j].threshold, td[j].threshold) << j;
        ASSERT_EQ(tf[j].alias, td[j].alias) << j;
    }
}

TEST(categorical_table, any_split_of_the_sweep_writes_the_same_table)
{
    std::mt19937_64                        rng(7);
    std::uniform_real_distribution<double> u(0, 1);
    std::vector<double>                    w(20011);
    for(double& x : w)
        x = u(rng) < 0.1 ? 50 * u(rng) : u(rng); // few heavies, many lights
    const std::vector<alias_entry> whole = build(w);
    const auto                     k     = static_cast<std::uint32_t>(w.size());
    const rocdist::host::alias_sweep sweep(w.data(), k, *std::max_element(w.begin(), w.end()));
    for(std::uint64_t chunk : {1u, 7u, 16u, 1000u, 20011u})
    {
        SCOPED_TRACE("chunk " + std::to_string(chunk));
        std::vector<alias_entry> split(k, alias_entry{0xFFFFFFFFu, 0xFFFFFFFFu});
        for(std::uint64_t d = 0; d < k; d += chunk)
            dist::write_alias_columns(sweep.input(), d, std::min<std::uint64_t>(chunk, k - d), split.data());
        for(size_t j = 0; j < k; ++j)
        {
            ASSERT_EQ(split[j].threshold, whole[j].threshold) << j;
            ASSERT_EQ(split[j].alias, whole[j].alias) << j;
        }
    }
}

// The host build on 1 to 7 threads (each a part of the weights, then a part
// of the sweep cut on its merge path) against the merge-path columns written
// from alias_sweep's arrays: the same table, for weights whose sweep parts
// start inside runs of lights, of heavies, of exact columns and of zeros.
TEST(categorical_table, any_number_of_threads_builds_the_same_table)
{
    std::mt19937_64                        rng(11);
    std::uniform_real_distribution<double> u(0, 1);
    std::vector<std::vector<double>>       cases;
    std::vector<double>                    w(30011);
    for(double& x : w)
        x = u(rng) < 0.1 ? 50 * u(rng) : u(rng);
    cases.push_back(w);
    for(std::size_t i = 0; i < w.size(); ++i)
        w[i] = i < w.size() / 2 ? 1.0 : (i % 5 == 0 ? 0.0 : 3.0); // exact columns, then zeros and heavies
    cases.push_back(w);
    std::fill(w.begin(), w.end(), 1e-3);
    w[w.size() - 1] = 1e3; // one heavy at the end, after every light
    cases.push_back(w);
    cases.push_back(std::vector<double>(130, 2.0)); // fewer words than threads
    for(const std::vector<double>& c : cases)
    {
        const auto                       k = static_cast<std::uint32_t>(c.size());
        const double                     largest = *std::max_element(c.begin(), c.end());
        const rocdist::host::alias_sweep sweep(c.data(), k, largest);
        std::vector<alias_entry>         reference(k);
        dist::write_alias_columns(sweep.input(), 0, k, reference.data());
        for(unsigned threads = 1; threads <= 7; ++threads)
        {
            SCOPED_TRACE("k " + std::to_string(k) + ", threads " + std::to_string(threads));
            std::vector<alias_entry> table(k, alias_entry{0xFFFFFFFFu, 0xFFFFFFFFu});
            rocdist::host::build_alias_table(c.data(), k, largest, table.data(), threads);
            for(std::size_t j = 0; j < k; ++j)
            {
                ASSERT_EQ(table[j].threshold, reference[j].threshold) << j;
                ASSERT_EQ(table[j].alias, reference[j].alias) << j;
            }
        }
    }
}

} // namespace
