// Half and bfloat16 outputs on every backend: element i is the float call's
// element i rounded to nearest even (uniform halves never 0), for every
// normal method and both orderings; splits and offsets change nothing; a
// GPU generator agrees with the host one up to where their floats straddle
// a rounding midpoint; the values follow the exactly rounded distribution
// of the float variate (chi-square over the representable values); and bad
// arguments get their exact status, write nothing and keep the position.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <boost/math/distributions/lognormal.hpp>
#include <boost/math/distributions/normal.hpp>
#include <gtest/gtest.h>

#include "backend/narrowed_outputs.hpp"
#include "rocdist/device/distributions/half_formats.hpp"
#include "support/goodness_of_fit.hpp"
#include "support/normal_calls.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::backend_buffer;

enum class kind
{
    uniform,
    normal,
    log_normal
};

struct sixteen_bit_call
{
    std::string name;
    kind        what;
    bool        half; // else bfloat16
    rocdist_status (*call)(rocdist_generator, unsigned short*, size_t, float, float);
};

const sixteen_bit_call calls[] = {
    {"uniform_half", kind::uniform, true,
     [](rocdist_generator g, unsigned short* o, size_t n, float, float) { return rocdist_generate_uniform_half(g, o, n); }},
    {"normal_half", kind::normal, true, rocdist_generate_normal_half},
    {"log_normal_half", kind::log_normal, true, rocdist_generate_log_normal_half},
    {"uniform_bfloat16", kind::uniform, false,
     [](rocdist_generator g, unsigned short* o, size_t n, float, float) {
         return rocdist_generate_uniform_bfloat16(g, o, n);
     }},
    {"normal_bfloat16", kind::normal, false, rocdist_generate_normal_bfloat16},
    {"log_normal_bfloat16", kind::log_normal, false, rocdist_generate_log_normal_bfloat16},
};

// The float call a 16-bit call rounds.
rocdist_status float_call(const sixteen_bit_call& c, rocdist_generator g, float* out, size_t n, float mean, float sd)
{
    return c.what == kind::uniform ? rocdist_generate_uniform(g, out, n)
                                   : rocdist_test::generate_normal(g, out, n, mean, sd, c.what == kind::log_normal);
}

std::uint16_t rounded(const sixteen_bit_call& c, float x)
{
    if(!c.half)
        return rocdist::backend::to_bfloat16{}(x);
    return c.what == kind::uniform ? rocdist::backend::to_positive_half{}(x) : rocdist::backend::to_half{}(x);
}

// n outputs of a 16-bit call. The guards are checked, not the outputs'
// sentinel: 0xA5A5 is a half (-0.0222) that normal halves do take.
std::vector<std::uint16_t> sixteen_bits(backend b, const sixteen_bit_call& c, rocdist_generator g, size_t n,
                                        float mean, float sd, size_t misalign = 0)
{
    backend_buffer<std::uint16_t> buffer(b, n, misalign);
    EXPECT_EQ(c.call(g, buffer.data(), n, mean, sd), ROCDIST_STATUS_SUCCESS) << c.name;
    const std::vector<std::uint16_t> all  = buffer.all();
    const size_t                     lead = rocdist_test::guard_elements + misalign;
    for(size_t i = 0; i < all.size(); ++i)
        if(i < lead || i >= lead + n)
            EXPECT_EQ(all[i], 0xA5A5u) << c.name << ": guard element " << i << " was written";
    return std::vector<std::uint16_t>(all.begin() + lead, all.begin() + lead + n);
}

std::vector<float> floats(backend b, const sixteen_bit_call& c, rocdist_generator g, size_t n, float mean, float sd)
{
    backend_buffer<float> buffer(b, n, 1);
    EXPECT_EQ(float_call(c, g, buffer.data(), n, mean, sd), ROCDIST_STATUS_SUCCESS) << c.name;
    return buffer.outputs();
}

struct setting
{
    rocdist_normal_method method;
    rocdist_ordering      ordering;
};

std::vector<setting> settings_of(const sixteen_bit_call& c)
{
    if(c.what == kind::uniform)
        return {{ROCDIST_NORMAL_BOX_MULLER, ROCDIST_ORDERING_REPRODUCIBLE}, {ROCDIST_NORMAL_BOX_MULLER, ROCDIST_ORDERING_FAST}};
    std::vector<setting> s;
    for(rocdist_normal_method m : rocdist_test::all_normal_methods)
        for(rocdist_ordering o : {ROCDIST_ORDERING_REPRODUCIBLE, ROCDIST_ORDERING_FAST})
            s.push_back({m, o});
    return s;
}

class half_outputs : public rocdist_test::backend_test
{
protected:
    void use(unsigned long long seed, unsigned long long offset, const setting& s)
    {
        ASSERT_EQ(rocdist_set_seed(gen_, seed), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_offset(gen_, offset), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_normal_method(gen_, s.method), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_ordering(gen_, s.ordering), ROCDIST_STATUS_SUCCESS);
    }
};

// More than a host chunk of 2^20 floats, odd, from an odd offset and an odd
// address; the fast ordering's chunks of 8192 too.
TEST_P(half_outputs, equal_the_float_calls_rounded)
{
    const size_t n = (size_t(1) << 20) + 8195;
    for(const sixteen_bit_call& c : calls)
        for(const setting& s : settings_of(c))
        {
            SCOPED_TRACE(c.name + " " + rocdist_test::method_name(s.method)
                         + (s.ordering == ROCDIST_ORDERING_FAST ? " fast" : ""));
            use(21, 12345, s);
            const std::vector<float> x = floats(GetParam(), c, gen_, n, 0.5f, 1.5f);
            use(21, 12345, s);
            const std::vector<std::uint16_t> h = sixteen_bits(GetParam(), c, gen_, n, 0.5f, 1.5f, 3);
            size_t                           wrong = 0;
            for(size_t i = 0; i < n; ++i)
                wrong += h[i] != rounded(c, x[i]);
            EXPECT_EQ(wrong, 0u);
        }
}

// The reproducible ordering: any split into calls, any offset, any address.
TEST_P(half_outputs, splits_and_offsets_change_nothing)
{
    for(const sixteen_bit_call& c : calls)
    {
        SCOPED_TRACE(c.name);
        const setting s{ROCDIST_NORMAL_ZIGGURAT, ROCDIST_ORDERING_REPRODUCIBLE};
        use(22, 0, s);
        const std::vector<std::uint16_t> whole = sixteen_bits(GetParam(), c, gen_, 70001, -1.0f, 0.5f);
        ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
        std::vector<std::uint16_t> pieces;
        for(size_t piece : {1, 2, 3, 4097, 65536, 362})
        {
            const auto part = sixteen_bits(GetParam(), c, gen_, piece, -1.0f, 0.5f, piece % 4);
            pieces.insert(pieces.end(), part.begin(), part.end());
        }
        EXPECT_EQ(pieces, whole);
        use(22, 9999, s);
        const std::vector<std::uint16_t> tail = sixteen_bits(GetParam(), c, gen_, 1001, -1.0f, 0.5f, 1);
        EXPECT_TRUE(std::equal(tail.begin(), tail.end(), whole.begin() + 9999));
    }
}

// Where host and GPU floats differ (within normal.md's tolerance), their
// 16-bit roundings differ by one unit at most, and only near a midpoint.
// The fast Box-Muller's floats differ from the host's by up to 2^-17 +
// 2^-20 |z| (log-normals: relatively, docs/normal.md), which near 0 spans
// many units of a 16-bit format: its roundings, by that and one unit more.
bool within_fast_bound(const sixteen_bit_call& c, std::uint16_t g, std::uint16_t h)
{
    using namespace rocdist::distributions;
    auto value = [&](std::uint16_t b) { return double(c.half ? float_from_half(b) : float_from_bfloat16(b)); };
    const double hv = value(h), unit = std::fabs(value(static_cast<std::uint16_t>(h + 1)) - hv);
    const double z     = c.what == kind::log_normal ? std::log(hv) : hv;
    const double bound = 0x1p-17 + 0x1p-20 * std::fabs(z);
    return std::fabs(value(g) - hv) <= (c.what == kind::log_normal ? hv * bound : bound) + unit;
}

TEST_P(half_outputs, gpu_matches_host)
{
    if(GetParam() == backend::host)
        GTEST_SKIP() << "compares the GPU generator with the host one";
    rocdist_generator host = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&host, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    const size_t n = size_t(1) << 18;
    for(const sixteen_bit_call& c : calls)
        for(const setting& s : settings_of(c))
        {
            SCOPED_TRACE(c.name + " " + rocdist_test::method_name(s.method)
                         + (s.ordering == ROCDIST_ORDERING_FAST ? " fast" : ""));
            use(5, 77, s);
            ASSERT_EQ(rocdist_set_seed(host, 5), ROCDIST_STATUS_SUCCESS);
            ASSERT_EQ(rocdist_set_offset(host, 77), ROCDIST_STATUS_SUCCESS);
            ASSERT_EQ(rocdist_set_normal_method(host, s.method), ROCDIST_STATUS_SUCCESS);
            ASSERT_EQ(rocdist_set_ordering(host, s.ordering), ROCDIST_STATUS_SUCCESS);
            const auto g = sixteen_bits(backend::gpu, c, gen_, n, 0.0f, 1.0f);
            const auto h = sixteen_bits(backend::host, c, host, n, 0.0f, 1.0f);
            size_t     differing = 0, apart = 0;
            for(size_t i = 0; i < n; ++i)
            {
                differing += g[i] != h[i];
                apart += s.method == ROCDIST_NORMAL_BOX_MULLER_FAST ? !within_fast_bound(c, g[i], h[i])
                                                                    : std::abs(int(g[i]) - int(h[i])) > 1;
            }
            EXPECT_EQ(apart, 0u);
            if(c.what == kind::uniform)
                EXPECT_EQ(differing, 0u); // the uniform floats are bit-identical
            else
                EXPECT_LE(differing, n >> 10);
        }
    EXPECT_EQ(rocdist_destroy_generator(host), ROCDIST_STATUS_SUCCESS);
}

// The finite values of a 16-bit format in increasing order, with their bits.
struct grid_value
{
    double        value;
    std::uint16_t bits;
};

std::vector<grid_value> finite_values(bool half)
{
    std::vector<grid_value> v;
    for(std::uint32_t b = 0; b < 0x10000; ++b)
    {
        // The magnitude from the bits below the sign.
        const std::uint32_t m = b & 0x7fff;
        double              x;
        if(half)
        {
            const int e = m >> 10, f = m & 0x3ff;
            if(e == 0x1f)
                continue;
            x = e == 0 ? std::ldexp(f, -24) : std::ldexp(1024 + f, e - 25);
        }
        else
        {
            const std::uint32_t bits = m << 16;
            float               y;
            std::memcpy(&y, &bits, sizeof y);
            if(!std::isfinite(y))
                continue;
            x = y;
        }
        if(b & 0x8000)
        {
            if(x == 0)
                continue; // -0: the same value as +0
            x = -x;
        }
        v.push_back({x, static_cast<std::uint16_t>(b)});
    }
    std::sort(v.begin(), v.end(), [](const grid_value& a, const grid_value& b) { return a.value < b.value; });
    return v;
}

// Chi-square p-value of 16-bit outputs against the float variate's CDF
// rounded to the format: value v takes the mass between the midpoints to
// its neighbours; neighbouring values are pooled until each pool expects 5.
double rounded_fit(const std::vector<std::uint16_t>& sample, bool half, const std::function<double(double)>& cdf,
                   bool positive_uniform)
{
    const std::vector<grid_value> grid = finite_values(half);
    std::vector<std::size_t>      index_of(0x10000, grid.size());
    for(std::size_t i = 0; i < grid.size(); ++i)
        index_of[grid[i].bits] = i;
    index_of[0x8000] = index_of[0]; // -0 counts as 0
    std::vector<double> counts(grid.size(), 0);
    for(std::uint16_t b : sample)
    {
        EXPECT_LT(index_of[b], grid.size()) << "not a finite value: 0x" << std::hex << b;
        if(index_of[b] < grid.size())
            ++counts[index_of[b]];
    }
    const double        n = static_cast<double>(sample.size());
    std::vector<double> observed, expected;
    double              pooled_o = 0, pooled_e = 0;
    for(std::size_t i = 0; i < grid.size(); ++i)
    {
        const double lo = i == 0 ? -INFINITY : (grid[i - 1].value + grid[i].value) / 2;
        const double hi = i + 1 == grid.size() ? INFINITY : (grid[i].value + grid[i + 1].value) / 2;
        double       p  = cdf(hi) - cdf(lo);
        // Uniform halves: what rounds to 0 is given the smallest half.
        if(positive_uniform && grid[i].value == 0)
            p = 0;
        if(positive_uniform && grid[i].bits == 0x0001)
            p = cdf(hi);
        pooled_o += counts[i];
        pooled_e += n * p;
        if(pooled_e >= 5)
        {
            observed.push_back(pooled_o);
            expected.push_back(pooled_e);
            pooled_o = pooled_e = 0;
        }
    }
    observed.back() += pooled_o;
    expected.back() += pooled_e;
    return rocdist_test::chi_square_p_value(observed, expected);
}

// 2^21 outputs per case, fixed seeds; p > 1e-4 (about 1 in 10^4 correct
// samplers fails, deterministically for these seeds).
TEST_P(half_outputs, follow_the_rounded_distribution)
{
    const size_t                              n = size_t(1) << 21;
    const boost::math::normal_distribution<>  normal(0.5, 1.5);
    const boost::math::lognormal_distribution<> log_normal(0.5, 1.5);
    unsigned long long                        seed = 100;
    for(const sixteen_bit_call& c : calls)
        for(rocdist_normal_method m : {ROCDIST_NORMAL_BOX_MULLER, ROCDIST_NORMAL_ZIGGURAT})
        {
            if(c.what == kind::uniform && m != ROCDIST_NORMAL_BOX_MULLER)
                continue;
            SCOPED_TRACE(c.name + " " + rocdist_test::method_name(m));
            use(++seed, 0, {m, ROCDIST_ORDERING_REPRODUCIBLE});
            const auto sample = sixteen_bits(GetParam(), c, gen_, n, 0.5f, 1.5f);
            std::function<double(double)> cdf;
            if(c.what == kind::uniform)
                cdf = [](double x) { return std::clamp(x, 0.0, 1.0); };
            else if(c.what == kind::normal)
                cdf = [&](double x) { return std::isinf(x) ? (x > 0 ? 1.0 : 0.0) : boost::math::cdf(normal, x); };
            else
                cdf = [&](double x) { return x <= 0 ? 0.0 : std::isinf(x) ? 1.0 : boost::math::cdf(log_normal, x); };
            const double p = rounded_fit(sample, c.half, cdf, c.what == kind::uniform && c.half);
            EXPECT_GT(p, 1e-4);
            RecordProperty(c.name + "_" + rocdist_test::method_name(m) + "_p", std::to_string(p));
        }
}

TEST_P(half_outputs, bad_arguments_write_nothing_and_keep_the_position)
{
    const float nan = std::nanf("");
    for(const sixteen_bit_call& c : calls)
    {
        SCOPED_TRACE(c.name);
        use(23, 40, {ROCDIST_NORMAL_BOX_MULLER, ROCDIST_ORDERING_REPRODUCIBLE});
        backend_buffer<std::uint16_t> buffer(GetParam(), 16);
        auto* bytes = reinterpret_cast<unsigned char*>(buffer.data());
        EXPECT_EQ(c.call(gen_, nullptr, 5, 0.0f, 1.0f), ROCDIST_STATUS_INVALID_POINTER);
        EXPECT_EQ(c.call(gen_, reinterpret_cast<unsigned short*>(bytes + 1), 4, 0.0f, 1.0f),
                  ROCDIST_STATUS_INVALID_POINTER);
        EXPECT_EQ(c.call(gen_, nullptr, 0, 0.0f, 1.0f), ROCDIST_STATUS_SUCCESS);
        if(c.what != kind::uniform)
        {
            for(const float sd : {0.0f, -1.0f, nan, INFINITY})
            {
                EXPECT_EQ(c.call(gen_, buffer.data(), 16, 0.0f, sd), ROCDIST_STATUS_INVALID_VALUE) << sd;
                EXPECT_EQ(c.call(gen_, buffer.data(), 0, 0.0f, sd), ROCDIST_STATUS_INVALID_VALUE) << sd;
            }
            for(const float mean : {nan, INFINITY, -INFINITY})
                EXPECT_EQ(c.call(gen_, buffer.data(), 16, mean, 1.0f), ROCDIST_STATUS_INVALID_VALUE) << mean;
        }
        ASSERT_EQ(rocdist_set_offset(gen_, ~0ull - 9), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(c.call(gen_, buffer.data(), 11, 0.0f, 1.0f), ROCDIST_STATUS_OUT_OF_RANGE);
        EXPECT_TRUE(buffer.untouched());
        // The refused calls moved nothing: the position is where set_offset put it.
        const auto last = sixteen_bits(GetParam(), c, gen_, 10, 0.0f, 1.0f);
        ASSERT_EQ(rocdist_set_offset(gen_, ~0ull - 9), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(sixteen_bits(GetParam(), c, gen_, 10, 0.0f, 1.0f), last);
        EXPECT_EQ(c.call(nullptr, buffer.data(), 4, 0.0f, 1.0f), ROCDIST_STATUS_INVALID_HANDLE);
    }
}

ROCDIST_INSTANTIATE_BACKENDS(half_outputs);

} // namespace
