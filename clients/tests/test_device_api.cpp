// The device API (rocdist/rocdist_kernel.h) in host code.
// - On a philox_state, against the host generator with the same seed and
//   offset: words, uniform floats and doubles, and categories bit for bit;
//   normal and log-normal (each method, float and double), gamma (shapes
//   0.1, 1, 2.5, 100) and beta within the documented host/GPU tolerance
//   (the host generator's vector kernels round log, sincos and exp their own
//   way, and a decision within those roundings of its boundary may flip:
//   at most 1 element in 10^4). A state made at element i and one advanced
//   to it draw the same element.
// - Poisson and binomial counts and exponentials bit for bit (in user
//   kernels too): their arithmetic rounds the same in any code.
// - Parameters outside a sampler's domain give NaN (counts:
//   invalid_count) and still advance.
// - rocdist_get_categorical_view's statuses.
// - The samplers on a source of words (as on a user's cuRAND or hipRAND
//   state): Kolmogorov-Smirnov against Boost.Math's CDFs, p above
//   p_threshold (1e-4), 2^16 samples from a fixed source; counts read words
//   as the stream's element reads its substream, and have their mean and
//   variance.
// On GPU platforms (CI: the emulated one at warp sizes 32 and 64), user
// kernels (device_api_kernels.hip) call the same functions, one thread per
// element, the last warp partial, and must meet the host generator as the
// host code does; a GPU generator's table is sampled through its view. The
// warp-cooperative gamma and beta, with four shapes mixed in every warp
// (0.1, 1, 2.5, 100), must give each element the stream's value (as
// rocdist::device::gamma computes it on the host, within the tolerance),
// fit Boost.Math's gamma CDF for each shape (Kolmogorov-Smirnov), and run
// the rounds docs/device_api.md states: at shape 1, fewer than 1.5 per
// variate with 4 variates per lane, and with one per lane fewer than the
// expected maximum of the warp's geometric variables. The warp-cooperative
// Poisson and binomial, both methods and a lane outside the domain mixed in
// every warp, give each element the stream's count bit for bit, and at
// lambda = 10 (PTRS's lowest acceptance) run fewer rounds than a per-thread
// loop's expected maximum, with one count per lane and with four.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <boost/math/distributions/beta.hpp>
#include <boost/math/distributions/gamma.hpp>
#include <boost/math/distributions/normal.hpp>
#include <gtest/gtest.h>

#include "device_api_kernels.hpp"
#include "rocdist/rocdist.h"
#include "rocdist/rocdist_kernel.h"
#include "support/backend_buffers.hpp"
#include "support/gamma_calls.hpp"
#include "support/gamma_family_calls.hpp"
#include "support/goodness_of_fit.hpp"
#include "support/gpu_test_support.hpp"

namespace
{

using rocdist::device::philox_state;
using rocdist_test::p_threshold;

constexpr unsigned long long seed   = 0x5EED0DE71CE5ull;
constexpr unsigned long long offset = 1000003; // odd: every slot of a block starts a call
constexpr size_t             n      = 4099;

// A host generator at (seed, offset).
class host_generator
{
public:
    explicit host_generator(rocdist_normal_method method = ROCDIST_NORMAL_BOX_MULLER)
    {
        EXPECT_EQ(rocdist_create_generator_host(&g_, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rocdist_set_seed(g_, seed), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rocdist_set_offset(g_, offset), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rocdist_set_normal_method(g_, method), ROCDIST_STATUS_SUCCESS);
    }
    ~host_generator() { EXPECT_EQ(rocdist_destroy_generator(g_), ROCDIST_STATUS_SUCCESS); }
    host_generator(const host_generator&)            = delete;
    host_generator& operator=(const host_generator&) = delete;
    rocdist_generator get() const { return g_; }

private:
    rocdist_generator g_ = nullptr;
};

// n draws: even elements from one state advanced draw by draw, odd ones
// from a state made at the element (both must give the stream's element).
template <class Draw>
auto device_values(Draw&& draw)
{
    philox_state running(seed, offset);
    using T = decltype(draw(running));
    std::vector<T> out(n);
    for(size_t i = 0; i < n; ++i)
    {
        philox_state at(seed, offset + i);
        out[i] = i % 2 == 0 ? draw(running) : draw(at);
        if(i % 2 == 1)
            running.skipahead(1);
    }
    return out;
}

TEST(device_api_host, words_and_uniforms_bit_identical)
{
    host_generator        g;
    std::vector<unsigned> words(n);
    ASSERT_EQ(rocdist_generate(g.get(), words.data(), n), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(device_values([](philox_state& s) { return rocdist::device::bits(s); }), words);

    host_generator     gf;
    std::vector<float> floats(n);
    ASSERT_EQ(rocdist_generate_uniform(gf.get(), floats.data(), n), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(device_values([](philox_state& s) { return rocdist::device::uniform(s); }), floats);

    host_generator      gd;
    std::vector<double> doubles(n);
    ASSERT_EQ(rocdist_generate_uniform_double(gd.get(), doubles.data(), n), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(device_values([](philox_state& s) { return rocdist::device::uniform_double(s); }), doubles);
}

TEST(device_api_host, categorical_bit_identical_through_the_view)
{
    host_generator      g;
    std::vector<double> weights(1000);
    for(size_t i = 0; i < weights.size(); ++i)
        weights[i] = i % 7 == 3 ? 0.0 : 1.0 / (1.0 + static_cast<double>(i));
    rocdist_categorical table = nullptr;
    ASSERT_EQ(rocdist_create_categorical_double(g.get(), weights.data(), weights.size(), &table),
              ROCDIST_STATUS_SUCCESS);
    rocdist_categorical_view view{};
    ASSERT_EQ(rocdist_get_categorical_view(table, &view), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(view.k, weights.size());
    std::vector<unsigned> categories(n);
    ASSERT_EQ(rocdist_generate_categorical(g.get(), table, categories.data(), n), ROCDIST_STATUS_SUCCESS);
    const auto drawn = device_values([&](philox_state& s) { return rocdist::device::categorical(s, view); });
    EXPECT_EQ(drawn, categories);
    for(unsigned c : drawn)
        EXPECT_NE(c % 7, 3u) << "a zero-weight category was drawn";
    EXPECT_EQ(rocdist_destroy_categorical(table), ROCDIST_STATUS_SUCCESS);
}

TEST(device_api_host, categorical_view_statuses)
{
    host_generator      g;
    const float         weights[3] = {1, 2, 3};
    rocdist_categorical table      = nullptr;
    ASSERT_EQ(rocdist_create_categorical(g.get(), weights, 3, &table), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_get_categorical_view(table, nullptr), ROCDIST_STATUS_INVALID_POINTER);
    rocdist_categorical_view view{reinterpret_cast<const void*>(0x10), 77};
    EXPECT_EQ(rocdist_get_categorical_view(nullptr, &view), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_destroy_categorical(table), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_get_categorical_view(table, &view), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(view.entries, reinterpret_cast<const void*>(0x10)) << "a failed call wrote the view";
    EXPECT_EQ(view.k, 77u);
}

// Elements outside the tolerance: normal values absolutely (relative
// above 1), log-normal ones through their logarithms. The fast Box-Muller's
// floats (stddev 1.5 here): 1.5 (2^-17 + 2^-20 |z|) with room for the mean
// and the roundings, 2^-16 + 2^-19 |value| (docs/normal.md).
template <class T>
size_t normal_flips(const std::vector<T>& host, const std::vector<T>& device, bool log_normal,
                    rocdist_normal_method m = ROCDIST_NORMAL_BOX_MULLER)
{
    const bool   fast  = sizeof(T) == sizeof(float) && m == ROCDIST_NORMAL_BOX_MULLER_FAST;
    const double eps   = sizeof(T) == sizeof(float) ? 0x1p-20 : 0x1p-46;
    size_t       flips = 0;
    for(size_t i = 0; i < host.size(); ++i)
    {
        const double h       = log_normal ? std::log(double(host[i])) : double(host[i]);
        const double d       = log_normal ? std::log(double(device[i])) : double(device[i]);
        const double allowed = fast ? 0x1p-16 + 0x1p-19 * std::fabs(h) : eps * std::max(1.0, std::fabs(h));
        flips += std::fabs(h - d) <= allowed ? 0 : 1;
    }
    return flips;
}

constexpr size_t allowed_flips = n / 10000 + 1;

template <class T, rocdist_normal_method Method>
void check_normal(bool log_normal)
{
    SCOPED_TRACE(std::string(log_normal ? "log-normal" : "normal") + " method " + std::to_string(Method) + " "
                 + (sizeof(T) == sizeof(float) ? "float" : "double"));
    host_generator g(Method);
    std::vector<T> host(n);
    const T        mean = T(0.25), stddev = T(1.5);
    rocdist_status status;
    if constexpr(sizeof(T) == sizeof(float))
        status = log_normal ? rocdist_generate_log_normal(g.get(), host.data(), n, mean, stddev)
                            : rocdist_generate_normal(g.get(), host.data(), n, mean, stddev);
    else
        status = log_normal ? rocdist_generate_log_normal_double(g.get(), host.data(), n, mean, stddev)
                            : rocdist_generate_normal_double(g.get(), host.data(), n, mean, stddev);
    ASSERT_EQ(status, ROCDIST_STATUS_SUCCESS);
    const std::vector<T> device = device_values([&](philox_state& s) {
        return log_normal ? rocdist::device::log_normal<Method>(s, mean, stddev)
                          : rocdist::device::normal<Method>(s, mean, stddev);
    });
    EXPECT_LE(normal_flips(host, device, log_normal, Method), allowed_flips);
}

template <class T>
void check_normal_methods()
{
    for(bool log_normal : {false, true})
    {
        check_normal<T, ROCDIST_NORMAL_BOX_MULLER>(log_normal);
        check_normal<T, ROCDIST_NORMAL_POLAR>(log_normal);
        check_normal<T, ROCDIST_NORMAL_INVERSE_CDF>(log_normal);
        check_normal<T, ROCDIST_NORMAL_INVERSE_CDF_FAST>(log_normal);
        check_normal<T, ROCDIST_NORMAL_ZIGGURAT>(log_normal);
        check_normal<T, ROCDIST_NORMAL_BOX_MULLER_FAST>(log_normal);
    }
}

TEST(device_api_host, normal_every_method_float)
{
    check_normal_methods<float>();
}

TEST(device_api_host, normal_every_method_double)
{
    check_normal_methods<double>();
}

template <class T>
void check_gamma_and_beta()
{
    for(double shape : {0.1, 1.0, 2.5, 100.0})
    {
        SCOPED_TRACE("shape " + std::to_string(shape));
        host_generator g;
        std::vector<T> host(n);
        const T        a = static_cast<T>(shape), scale = T(3);
        ASSERT_EQ(rocdist_test::generate_gamma(g.get(), host.data(), n, a, scale), ROCDIST_STATUS_SUCCESS);
        const auto device = device_values([&](philox_state& s) { return rocdist::device::gamma(s, a, scale); });
        EXPECT_LE(rocdist_test::platform_flips(host, device), allowed_flips);
    }
    for(const auto& shapes : {std::pair<double, double>{0.5, 2.0}, {0.01, 0.05}, {3.0, 30.0}})
    {
        const double a = shapes.first, b = shapes.second;
        SCOPED_TRACE("beta " + std::to_string(a) + ", " + std::to_string(b));
        host_generator g;
        const auto     host   = rocdist_test::beta_vector<T>(rocdist_test::backend::host, g.get(), n, T(a), T(b));
        const auto     device = device_values([&](philox_state& s) { return rocdist::device::beta(s, T(a), T(b)); });
        EXPECT_LE(rocdist_test::platform_flips(host, device, rocdist_test::ratio_log_bound<T>(std::min(a, b))),
                  allowed_flips);
    }
}

TEST(device_api_host, gamma_and_beta_float)
{
    check_gamma_and_beta<float>();
}

TEST(device_api_host, gamma_and_beta_double)
{
    check_gamma_and_beta<double>();
}

// Counts and exponentials are the C API's bit for bit: their arithmetic
// rounds the same in any code.
TEST(device_api_host, counts_and_exponentials_bit_identical)
{
    namespace dev = rocdist::device;
    for(double lambda : {0.0, 0.3, 9.99, 10.0, 1e3, 1e9})
    {
        host_generator            g;
        std::vector<unsigned int> host(n);
        ASSERT_EQ(rocdist_generate_poisson(g.get(), host.data(), n, lambda), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(device_values([&](philox_state& s) { return dev::poisson(s, lambda); }), host) << lambda;
    }
    for(double p : {0.0, 0.01, 0.3, 0.7, 1.0})
    {
        host_generator            g;
        std::vector<unsigned int> host(n);
        ASSERT_EQ(rocdist_generate_binomial(g.get(), host.data(), n, 2000, p), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(device_values([&](philox_state& s) { return dev::binomial(s, 2000, p); }), host) << p;
    }
    host_generator     gf;
    std::vector<float> hf(n);
    ASSERT_EQ(rocdist_generate_exponential(gf.get(), hf.data(), n, 3.0f), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(device_values([](philox_state& s) { return dev::exponential(s, 3.0f); }), hf);
    host_generator      gd;
    std::vector<double> hd(n);
    ASSERT_EQ(rocdist_generate_exponential_double(gd.get(), hd.data(), n, 3.0), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(device_values([](philox_state& s) { return dev::exponential(s, 3.0); }), hd);
}

TEST(device_api_host, counts_outside_the_domain_give_invalid_count_and_advance)
{
    namespace dev = rocdist::device;
    philox_state s(seed, 7);
    for(double bad : {-1.0, double(NAN), double(INFINITY)})
    {
        const unsigned long long at = s.index();
        EXPECT_EQ(dev::poisson(s, bad), dev::invalid_count) << bad;
        EXPECT_EQ(dev::binomial(s, 10, bad), dev::invalid_count) << bad;
        EXPECT_TRUE(std::isnan(dev::exponential(s, bad)));
        EXPECT_TRUE(std::isnan(dev::exponential(s, float(bad))));
        EXPECT_EQ(s.index(), at + 4);
    }
    EXPECT_EQ(dev::poisson(s, 0x1p32), dev::invalid_count);
    EXPECT_EQ(dev::binomial(s, 10, 1.5), dev::invalid_count);
    philox_state fresh(seed, s.index());
    EXPECT_EQ(dev::poisson(s, 20.0), dev::poisson(fresh, 20.0));
}

TEST(device_api_host, parameters_outside_the_domain_give_nan_and_advance)
{
    namespace dev      = rocdist::device;
    const float  bad[] = {0.0f, -1.0f, NAN, INFINITY};
    philox_state s(seed, 7);
    for(float v : bad)
    {
        SCOPED_TRACE("value " + std::to_string(v));
        const unsigned long long at = s.index();
        EXPECT_TRUE(std::isnan(dev::normal(s, 0.0f, v)));
        EXPECT_TRUE(std::isnan(dev::log_normal<ROCDIST_NORMAL_ZIGGURAT>(s, 0.0f, v)));
        EXPECT_TRUE(std::isnan(dev::gamma(s, v, 1.0f)));
        EXPECT_TRUE(std::isnan(dev::gamma(s, 1.0f, v)));
        EXPECT_TRUE(std::isnan(dev::beta(s, v, 1.0f)));
        EXPECT_TRUE(std::isnan(dev::beta(s, 1.0, double(v))));
        EXPECT_EQ(s.index(), at + 6);
    }
    EXPECT_TRUE(std::isnan(dev::normal(s, double(NAN), 1.0)));
    EXPECT_TRUE(std::isnan(dev::normal(s, INFINITY, 1.0f)));
    // The element after a NaN is the stream's.
    philox_state fresh(seed, s.index());
    EXPECT_EQ(dev::gamma(s, 2.0f, 1.0f), dev::gamma(fresh, 2.0f, 1.0f));
}

// A source of words, as a user's cuRAND or hipRAND state is: Philox blocks
// of a counter, in order.
class counter_words
{
public:
    explicit counter_words(std::uint32_t key) : key_{{key, ~key}} {}
    std::uint32_t next()
    {
        if(used_ == 4)
        {
            block_ = rocdist::engine::philox4x32_10({{counter_++, 0, 0, 0}}, key_);
            used_  = 0;
        }
        return block_.w[used_++];
    }

private:
    rocdist::engine::philox_key   key_;
    rocdist::engine::philox_words block_{};
    std::uint32_t                 counter_ = 0;
    unsigned                      used_    = 4;
};

constexpr size_t source_samples = size_t{1} << 16;

template <class T, class Draw, class Cdf>
void expect_fits(Draw&& draw, Cdf&& cdf)
{
    counter_words  source(0xC0FFEEu);
    std::vector<T> sample(source_samples);
    for(T& x : sample)
        x = draw(source);
    EXPECT_GT(rocdist_test::ks_p_value(sample, cdf), p_threshold);
}

template <class T, rocdist_normal_method Method>
void check_source_normal()
{
    SCOPED_TRACE("method " + std::to_string(Method) + (sizeof(T) == sizeof(float) ? " float" : " double"));
    const boost::math::normal_distribution<double> normal(0.5, 2.0);
    expect_fits<T>([](counter_words& w) { return rocdist::device::normal<Method>(w, T(0.5), T(2)); },
                   [&](double x) { return cdf(normal, x); });
    expect_fits<T>([](counter_words& w) { return std::log(rocdist::device::log_normal<Method>(w, T(0.5), T(2))); },
                   [&](double x) { return cdf(normal, x); });
}

template <class T>
void check_source_samplers()
{
    check_source_normal<T, ROCDIST_NORMAL_BOX_MULLER>();
    check_source_normal<T, ROCDIST_NORMAL_POLAR>();
    check_source_normal<T, ROCDIST_NORMAL_INVERSE_CDF>();
    check_source_normal<T, ROCDIST_NORMAL_INVERSE_CDF_FAST>();
    check_source_normal<T, ROCDIST_NORMAL_ZIGGURAT>();
    check_source_normal<T, ROCDIST_NORMAL_BOX_MULLER_FAST>();
    for(double shape : {0.1, 1.0, 2.5, 100.0})
    {
        SCOPED_TRACE("gamma shape " + std::to_string(shape));
        const boost::math::gamma_distribution<double> gamma(shape, 2.0);
        expect_fits<T>([&](counter_words& w) { return rocdist::device::gamma(w, T(shape), T(2)); },
                       [&](double x) { return cdf(gamma, x); });
    }
    const boost::math::beta_distribution<double> beta(0.5, 3.0);
    expect_fits<T>([](counter_words& w) { return rocdist::device::beta(w, T(0.5), T(3)); },
                   [&](double x) { return cdf(beta, x); });
    expect_fits<T>([](counter_words& w) { return rocdist::device::exponential(w, T(0.25)); },
                   [](double x) { return -std::expm1(-0.25 * x); });
    expect_fits<T>([](counter_words& w) {
        return sizeof(T) == sizeof(float) ? T(rocdist::device::uniform(w)) : T(rocdist::device::uniform_double(w));
    }, [](double x) { return x; });
}

TEST(device_api_sources, samplers_fit_float)
{
    check_source_samplers<float>();
}

TEST(device_api_sources, samplers_fit_double)
{
    check_source_samplers<double>();
}

TEST(device_api_sources, uniform_and_categorical_use_the_words_as_the_stream_does)
{
    counter_words a(5), b(5);
    for(int i = 0; i < 1000; ++i)
        EXPECT_EQ(rocdist::device::uniform(a), rocdist::distributions::uniform_float(b.next()));
    const rocdist::distributions::alias_entry entries[2] = {};
    const rocdist_categorical_view            view{entries, 2};
    for(int i = 0; i < 1000; ++i)
    {
        const std::uint64_t lo = b.next(), hi = b.next();
        EXPECT_EQ(rocdist::device::categorical(a, view),
                  rocdist::distributions::alias_lookup(entries, 2, lo | hi << 32));
    }
}

// A count from a source reads words as the stream's element does from its
// substream: with that substream as the source, the C API's element; and
// from a user's words, counts with the distribution's mean and variance
// (within 4.5 standard errors over 2^16 draws).
TEST(device_api_sources, counts_read_words_as_the_stream_does)
{
    namespace dev = rocdist::device;
    host_generator            gp, gb;
    std::vector<unsigned int> poisson(n), binomial(n);
    ASSERT_EQ(rocdist_generate_poisson(gp.get(), poisson.data(), n, 25.0), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_generate_binomial(gb.get(), binomial.data(), n, 300, 0.2), ROCDIST_STATUS_SUCCESS);
    const rocdist::engine::philox_key key = rocdist::engine::philox_key_from_seed(seed);
    for(size_t i = 0; i < n; ++i)
    {
        rocdist::engine::substream_reader p(key, rocdist::engine::substream_tag::poisson, offset + i);
        rocdist::engine::substream_reader b(key, rocdist::engine::substream_tag::binomial, offset + i);
        ASSERT_EQ(dev::poisson(p, 25.0), poisson[i]) << "element " << i;
        ASSERT_EQ(dev::binomial(b, 300, 0.2), binomial[i]) << "element " << i;
    }
    for(bool is_poisson : {true, false})
    {
        counter_words source(0xBEEFu);
        const double  mean = is_poisson ? 1e3 : 300, var = is_poisson ? 1e3 : 210;
        const double  mu4  = is_poisson ? mean * (1 + 3 * mean) : var * (1 + 3 * (1000 - 2) * 0.3 * 0.7);
        double        sum = 0, sum2 = 0;
        for(size_t i = 0; i < source_samples; ++i)
        {
            const double d = (is_poisson ? dev::poisson(source, 1e3) : dev::binomial(source, 1000, 0.3)) - mean;
            sum += d;
            sum2 += d * d;
        }
        const double m = sum / source_samples, v = sum2 / source_samples - m * m;
        EXPECT_LE(std::fabs(m) / std::sqrt(var / source_samples), 4.5) << (is_poisson ? "poisson" : "binomial");
        EXPECT_LE(std::fabs(v - var) / std::sqrt((mu4 - var * var) / source_samples), 4.5);
    }
}

#if ROCDIST_HAS_GPU_BACKEND

using rocdist_test::backend;
using rocdist_test::backend_buffer;
using rocdist_test::device_draw;
using rocdist_test::device_request;

class device_api_gpu : public rocdist_test::gpu_generator_test
{
protected:
    template <class T>
    std::vector<T> draws(device_request r)
    {
        r.seed   = seed;
        r.offset = offset;
        r.n      = n;
        backend_buffer<T> out(backend::gpu, n);
        EXPECT_TRUE(rocdist_test::device_draws(r, out.data()));
        return out.outputs();
    }
};

TEST_F(device_api_gpu, words_uniforms_and_categories_bit_identical)
{
    host_generator        g;
    std::vector<unsigned> words(n);
    ASSERT_EQ(rocdist_generate(g.get(), words.data(), n), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(draws<unsigned>({0, 0, 0, device_draw::bits, ROCDIST_NORMAL_BOX_MULLER, 0, 0, {}}), words);

    host_generator     gf;
    std::vector<float> floats(n);
    ASSERT_EQ(rocdist_generate_uniform(gf.get(), floats.data(), n), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(draws<float>({0, 0, 0, device_draw::uniform, ROCDIST_NORMAL_BOX_MULLER, 0, 0, {}}), floats);

    host_generator      gd;
    std::vector<double> doubles(n);
    ASSERT_EQ(rocdist_generate_uniform_double(gd.get(), doubles.data(), n), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(draws<double>({0, 0, 0, device_draw::uniform, ROCDIST_NORMAL_BOX_MULLER, 0, 0, {}}), doubles);

    // A GPU generator's table, sampled in a user kernel through its view.
    std::vector<float> weights(300);
    for(size_t i = 0; i < weights.size(); ++i)
        weights[i] = i % 5 == 0 ? 0.0f : static_cast<float>(1 + i % 17);
    const rocdist_test::backend_weights<float> device_weights(backend::gpu, weights);
    rocdist_categorical                        table = nullptr, host_table = nullptr;
    ASSERT_EQ(rocdist_create_categorical(gen_, device_weights.data(), weights.size(), &table),
              ROCDIST_STATUS_SUCCESS);
    rocdist_categorical_view view{};
    ASSERT_EQ(rocdist_get_categorical_view(table, &view), ROCDIST_STATUS_SUCCESS);
    host_generator gc;
    ASSERT_EQ(rocdist_create_categorical(gc.get(), weights.data(), weights.size(), &host_table),
              ROCDIST_STATUS_SUCCESS);
    std::vector<unsigned> categories(n);
    ASSERT_EQ(rocdist_generate_categorical(gc.get(), host_table, categories.data(), n), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(draws<unsigned>({0, 0, 0, device_draw::categorical, ROCDIST_NORMAL_BOX_MULLER, 0, 0, view}),
              categories);
    EXPECT_EQ(rocdist_destroy_categorical(table), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_destroy_categorical(host_table), ROCDIST_STATUS_SUCCESS);
}

TEST_F(device_api_gpu, counts_and_exponentials_bit_identical)
{
    for(double lambda : {0.3, 9.99, 10.0, 1e3, 1e9})
    {
        host_generator        g;
        std::vector<unsigned> host(n);
        ASSERT_EQ(rocdist_generate_poisson(g.get(), host.data(), n, lambda), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(draws<unsigned>({0, 0, 0, device_draw::poisson, ROCDIST_NORMAL_BOX_MULLER, lambda, 0, {}}), host)
            << lambda;
    }
    for(double p : {0.01, 0.3, 0.7})
    {
        host_generator        g;
        std::vector<unsigned> host(n);
        ASSERT_EQ(rocdist_generate_binomial(g.get(), host.data(), n, 2000, p), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(draws<unsigned>({0, 0, 0, device_draw::binomial, ROCDIST_NORMAL_BOX_MULLER, 2000, p, {}}), host)
            << p;
    }
    host_generator     gf;
    std::vector<float> hf(n);
    ASSERT_EQ(rocdist_generate_exponential(gf.get(), hf.data(), n, 3.0f), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(draws<float>({0, 0, 0, device_draw::exponential, ROCDIST_NORMAL_BOX_MULLER, 3, 0, {}}), hf);
    host_generator      gd;
    std::vector<double> hd(n);
    ASSERT_EQ(rocdist_generate_exponential_double(gd.get(), hd.data(), n, 3.0), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(draws<double>({0, 0, 0, device_draw::exponential, ROCDIST_NORMAL_BOX_MULLER, 3, 0, {}}), hd);
}

TEST_F(device_api_gpu, normal_every_method_within_tolerance)
{
    const rocdist_normal_method methods[] = {ROCDIST_NORMAL_BOX_MULLER, ROCDIST_NORMAL_POLAR,
                                             ROCDIST_NORMAL_INVERSE_CDF, ROCDIST_NORMAL_INVERSE_CDF_FAST,
                                             ROCDIST_NORMAL_ZIGGURAT, ROCDIST_NORMAL_BOX_MULLER_FAST};
    for(rocdist_normal_method m : methods)
        for(bool log_normal : {false, true})
        {
            SCOPED_TRACE("method " + std::to_string(m) + (log_normal ? " log-normal" : " normal"));
            const device_draw d = log_normal ? device_draw::log_normal : device_draw::normal;
            host_generator    g(m);
            std::vector<float> hf(n);
            ASSERT_EQ(log_normal ? rocdist_generate_log_normal(g.get(), hf.data(), n, 0.25f, 1.5f)
                                 : rocdist_generate_normal(g.get(), hf.data(), n, 0.25f, 1.5f),
                      ROCDIST_STATUS_SUCCESS);
            EXPECT_LE(normal_flips(hf, draws<float>({0, 0, 0, d, m, 0.25, 1.5, {}}), log_normal, m), allowed_flips);
            host_generator      gd(m);
            std::vector<double> hd(n);
            ASSERT_EQ(log_normal ? rocdist_generate_log_normal_double(gd.get(), hd.data(), n, 0.25, 1.5)
                                 : rocdist_generate_normal_double(gd.get(), hd.data(), n, 0.25, 1.5),
                      ROCDIST_STATUS_SUCCESS);
            EXPECT_LE(normal_flips(hd, draws<double>({0, 0, 0, d, m, 0.25, 1.5, {}}), log_normal, m), allowed_flips);
        }
}

TEST_F(device_api_gpu, gamma_and_beta_within_tolerance)
{
    for(double shape : {0.1, 1.0, 2.5, 100.0})
    {
        SCOPED_TRACE("shape " + std::to_string(shape));
        host_generator     g;
        std::vector<float> host(n);
        ASSERT_EQ(rocdist_generate_gamma(g.get(), host.data(), n, float(shape), 3.0f), ROCDIST_STATUS_SUCCESS);
        const auto device = draws<float>({0, 0, 0, device_draw::gamma, ROCDIST_NORMAL_BOX_MULLER, shape, 3, {}});
        EXPECT_LE(rocdist_test::platform_flips(host, device), allowed_flips);
    }
    host_generator g;
    const auto     host = rocdist_test::beta_vector<double>(backend::host, g.get(), n, 0.01, 0.05);
    const auto device   = draws<double>({0, 0, 0, device_draw::beta, ROCDIST_NORMAL_BOX_MULLER, 0.01, 0.05, {}});
    EXPECT_LE(rocdist_test::platform_flips(host, device, rocdist_test::ratio_log_bound<double>(0.01)), allowed_flips);
}

unsigned device_warp_size()
{
    int device = 0, width = 0;
    EXPECT_EQ(hipGetDevice(&device), hipSuccess);
    EXPECT_EQ(hipDeviceGetAttribute(&width, hipDeviceAttributeWarpSize, device), hipSuccess);
    return static_cast<unsigned>(width);
}

TEST_F(device_api_gpu, user_state_samplers_fit)
{
#if ROCDIST_GPU_CUDA || ROCDIST_GPU_HIP
    const size_t count = size_t{1} << 16;
    for(bool gamma : {true, false})
    {
        SCOPED_TRACE(gamma ? "gamma(0.5, 2)" : "ziggurat normal(1, 2)");
        const device_request r{seed, 0, count, gamma ? device_draw::gamma : device_draw::normal,
                               ROCDIST_NORMAL_ZIGGURAT, gamma ? 0.5 : 1.0, 2.0, {}};
        backend_buffer<float> out(backend::gpu, count);
        ASSERT_TRUE(rocdist_test::device_user_state_draws(r, out.data()));
        const boost::math::gamma_distribution<double>  g(0.5, 2.0);
        const boost::math::normal_distribution<double> z(1.0, 2.0);
        EXPECT_GT(rocdist_test::ks_p_value(out.outputs(),
                                           [&](double x) { return gamma ? cdf(g, x) : cdf(z, x); }),
                  p_threshold);
    }
#else
    GTEST_SKIP() << "the cuRAND and hipRAND adapters run in CUDA and HIP builds";
#endif
}

// The expected maximum over w lanes of the attempts a lane makes for
// `successes` acceptances of probability p, each lane on its own (a
// per-thread loop): sum over t >= 0 of 1 - P(T <= t)^w, where P(T <= t) =
// P(Binomial(t, p) >= successes).
double expected_max_attempts(double p, unsigned w, unsigned successes = 1)
{
    double e = 0;
    for(int t = 0; t < 10000; ++t)
    {
        double fewer = 0, term = std::pow(1 - p, t); // P(Binomial(t, p) = i), i from 0
        for(unsigned i = 0; i < successes && i <= static_cast<unsigned>(t); ++i)
        {
            fewer += term;
            term *= (t - i) / (i + 1.0) * p / (1 - p);
        }
        e += 1 - std::pow(1 - fewer, w);
    }
    return e;
}

double rounds_per_variate(const std::vector<unsigned>& rounds, unsigned per_lane)
{
    double sum = 0;
    for(unsigned x : rounds)
        sum += x;
    return sum / static_cast<double>(rounds.size()) / per_lane;
}

struct warp_run
{
    std::vector<float>    values;
    std::vector<unsigned> rounds;
    double                rounds_per_variate;
};

// threads lanes with shapes[i % shapes.size()], per_lane variates each.
warp_run run_warp_gamma(const std::vector<float>& shapes, size_t threads, unsigned per_lane, bool beta = false,
                        double p1 = 2.0)
{
    const unsigned                       width = device_warp_size();
    const rocdist_test::backend_weights<float> device_shapes(backend::gpu, shapes);
    backend_buffer<float>                out(backend::gpu, threads * per_lane);
    const size_t                         warps = (threads + width - 1) / width;
    backend_buffer<unsigned>             rounds(backend::gpu, warps);
    const device_request r{seed, offset, threads, device_draw::gamma, ROCDIST_NORMAL_BOX_MULLER, 0, p1, {}};
    EXPECT_TRUE(rocdist_test::device_warp_draws(r, beta, per_lane, device_shapes.data(),
                                                static_cast<unsigned>(shapes.size()), out.data(), rounds.data()));
    warp_run run{out.outputs(), rounds.outputs(), 0};
    run.rounds_per_variate = rounds_per_variate(run.rounds, per_lane);
    return run;
}

TEST_F(device_api_gpu, warp_gamma_gives_the_stream_values)
{
    const std::vector<float> shapes = {0.1f, 1.0f, 2.5f, 100.0f};
    for(unsigned per_lane : {1u, 4u})
    {
        SCOPED_TRACE("variates per lane " + std::to_string(per_lane));
        const size_t   threads = 1000; // the last warp partial at 32 and 64 lanes
        const warp_run run     = run_warp_gamma(shapes, threads, per_lane);
        std::vector<float> host(threads * per_lane);
        for(size_t i = 0; i < host.size(); ++i)
        {
            philox_state s(seed, offset + i);
            host[i] = rocdist::device::gamma(s, shapes[(i / per_lane) % shapes.size()], 2.0f);
        }
        EXPECT_LE(rocdist_test::platform_flips(host, run.values), allowed_flips);
    }
}

TEST_F(device_api_gpu, warp_beta_gives_the_stream_values)
{
    const std::vector<float> a = {0.5f, 2.0f};
    const size_t             threads = 300;
    const warp_run           run     = run_warp_gamma(a, threads, 4, true, 3.0);
    std::vector<float>       host(threads * 4);
    for(size_t i = 0; i < host.size(); ++i)
    {
        philox_state s(seed, offset + i);
        host[i] = rocdist::device::beta(s, a[(i / 4) % a.size()], 3.0f);
    }
    EXPECT_LE(rocdist_test::platform_flips(host, run.values, rocdist_test::ratio_log_bound<float>(0.5)), allowed_flips);
}

TEST_F(device_api_gpu, warp_gamma_fits_with_shapes_mixed_in_warps)
{
    const std::vector<float> shapes  = {0.1f, 1.0f, 2.5f, 100.0f};
    const size_t             threads = size_t{1} << 15;
    const warp_run           run     = run_warp_gamma(shapes, threads, 1);
    for(size_t s = 0; s < shapes.size(); ++s)
    {
        SCOPED_TRACE("shape " + std::to_string(shapes[s]));
        std::vector<float> sample;
        for(size_t i = s; i < threads; i += shapes.size())
            sample.push_back(run.values[i]);
        const boost::math::gamma_distribution<double> gamma(shapes[s], 2.0);
        EXPECT_GT(rocdist_test::ks_p_value(sample, [&](double x) { return cdf(gamma, x); }), p_threshold);
    }
}

TEST_F(device_api_gpu, warp_gamma_rounds_at_shape_one)
{
    // The first attempts' acceptance at shape 1, on the host: a per-thread
    // loop's warp runs the expected maximum of its lanes' geometric attempt
    // counts with this p.
    const auto params   = rocdist::distributions::make_gamma_params(1.0f, 2.0f);
    const auto key      = rocdist::engine::philox_key_from_seed(seed);
    size_t     accepted = 0;
    const size_t tries  = size_t{1} << 17;
    for(size_t i = 0; i < tries; ++i)
    {
        float x;
        accepted += rocdist::blocks::gamma_first_attempt(key, i, params, rocdist::blocks::gamma_variates<float>{}, x);
    }
    const double p = static_cast<double>(accepted) / tries;

    const unsigned width   = device_warp_size();
    const size_t   threads = size_t{1} << 16;
    const warp_run one     = run_warp_gamma({1.0f}, threads, 1);
    const warp_run four    = run_warp_gamma({1.0f}, threads, 4);
    const double   loop    = expected_max_attempts(p, width);
    RecordProperty("acceptance", std::to_string(p));
    RecordProperty("rounds_thread_loop_expected", std::to_string(loop));
    RecordProperty("rounds_one_per_lane", std::to_string(one.rounds_per_variate));
    RecordProperty("rounds_four_per_lane", std::to_string(four.rounds_per_variate));
    EXPECT_LT(one.rounds_per_variate, loop) << "warp of " << width << ", acceptance " << p;
    EXPECT_LT(four.rounds_per_variate, 1.5) << "warp of " << width;
    for(unsigned r : one.rounds)
        EXPECT_GE(r, 1u);
}

struct warp_count_run
{
    std::vector<unsigned> counts;
    double                rounds_per_variate;
};

// threads lanes of warp-cooperative counts (draw poisson or binomial) with
// parameters[i % parameters.size()], per_lane counts each.
warp_count_run run_warp_counts(device_draw draw, const std::vector<double>& parameters, size_t threads,
                               unsigned per_lane, double trials = 0)
{
    const unsigned                              width = device_warp_size();
    const rocdist_test::backend_weights<double> device_parameters(backend::gpu, parameters);
    backend_buffer<unsigned>                    out(backend::gpu, threads * per_lane);
    backend_buffer<unsigned>                    rounds(backend::gpu, (threads + width - 1) / width);
    const device_request r{seed, offset, threads, draw, ROCDIST_NORMAL_BOX_MULLER, trials, 0, {}};
    EXPECT_TRUE(rocdist_test::device_warp_counts(r, per_lane, device_parameters.data(),
                                                 static_cast<unsigned>(parameters.size()), out.data(),
                                                 rounds.data()));
    return {out.outputs(), rounds_per_variate(rounds.outputs(), per_lane)};
}

TEST_F(device_api_gpu, warp_counts_give_the_stream_counts)
{
    // Both methods of each sampler mixed in every warp, and a lane outside
    // the domain, which only helps.
    const std::vector<double> lambdas = {0.5, 10, 37.5, 1e6, std::nan(""), 2000};
    const std::vector<double> p       = {0.005, 0.3, 0.9, 0.5, 1.5, 0.02};
    for(unsigned per_lane : {1u, 4u})
    {
        SCOPED_TRACE("counts per lane " + std::to_string(per_lane));
        const size_t threads = 1000; // the last warp partial at 32 and 64 lanes
        const auto   poisson  = run_warp_counts(device_draw::poisson, lambdas, threads, per_lane);
        const auto   binomial = run_warp_counts(device_draw::binomial, p, threads, per_lane, 1000);
        std::vector<unsigned> host_poisson(threads * per_lane), host_binomial(threads * per_lane);
        for(size_t i = 0; i < host_poisson.size(); ++i)
        {
            philox_state s(seed, offset + i), t(seed, offset + i);
            host_poisson[i]  = rocdist::device::poisson(s, lambdas[(i / per_lane) % lambdas.size()]);
            host_binomial[i] = rocdist::device::binomial(t, 1000, p[(i / per_lane) % p.size()]);
        }
        EXPECT_EQ(poisson.counts, host_poisson);
        EXPECT_EQ(binomial.counts, host_binomial);
    }
}

TEST_F(device_api_gpu, warp_poisson_rounds_at_lambda_ten)
{
    // PTRS's acceptance at lambda = 10 (its lowest), on the host: a
    // per-thread loop's warp runs the expected maximum of its lanes'
    // attempt counts.
    const auto   params   = rocdist::distributions::make_poisson_params(10.0);
    const auto   key      = rocdist::engine::philox_key_from_seed(seed);
    size_t       accepted = 0;
    const size_t tries    = size_t{1} << 17;
    for(size_t i = 0; i < tries; ++i)
    {
        rocdist::engine::substream_reader words(key, rocdist::engine::substream_tag::poisson, i);
        unsigned                          k = 0;
        accepted += rocdist::distributions::poisson_attempt(params, words, k);
    }
    const double p = static_cast<double>(accepted) / tries;

    const unsigned width   = device_warp_size();
    const size_t   threads = size_t{1} << 16;
    const auto     one     = run_warp_counts(device_draw::poisson, {10.0}, threads, 1);
    const auto     four    = run_warp_counts(device_draw::poisson, {10.0}, threads, 4);
    const double   loop_one  = expected_max_attempts(p, width);
    const double   loop_four = expected_max_attempts(p, width, 4) / 4;
    RecordProperty("acceptance", std::to_string(p));
    RecordProperty("rounds_thread_loop_expected_one_per_lane", std::to_string(loop_one));
    RecordProperty("rounds_thread_loop_expected_four_per_lane", std::to_string(loop_four));
    RecordProperty("rounds_one_per_lane", std::to_string(one.rounds_per_variate));
    RecordProperty("rounds_four_per_lane", std::to_string(four.rounds_per_variate));
    EXPECT_LT(one.rounds_per_variate, loop_one) << "warp of " << width << ", acceptance " << p;
    EXPECT_LT(four.rounds_per_variate, loop_four) << "warp of " << width << ", acceptance " << p;
}

#endif

} // namespace
