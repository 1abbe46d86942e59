// The host backend's kernels of the Poisson and binomial samplers
// (backend/sampler_list.hpp), compiled once for each Highway target like
// block_kernels.cpp. Element i starts on block 0 of its own substream
// (blocks/count_functors.hpp); a vector target draws those blocks for
// Lanes(d32) elements at once, Philox in the lanes, then:
// - one parameter, inversion: the call's table of the search's sums
//   (backend/host/inversion_table.hpp) takes u from words 0-1;
// - one parameter, transformed rejection (PTRS, BTRS): the attempts in
//   64-bit lanes, u from words 0-1 and v from words 2-3, the squeeze and
//   the test against the log probability (count_pmf_lanes.hpp), with the
//   scalar sampler's operations in its order; the elements an attempt
//   rejects (11% at lambda = 1e6, 25% at 10) are gathered for the next, up
//   to the fourth, whose blocks are drawn for them in the lanes; an element
//   still rejected, or a binomial proposal of 0 or n needing the test, runs
//   the scalar sampler from that attempt;
// - a parameter per element: the scalar sampler from block 0.
// Every count is the scalar functor's. This file is compiled with
// -ffp-contract=off, as block_kernels.cpp is.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "backend/host/inversion_table.hpp"
#include "backend/host/simd/block_kernels.hpp"
#include "build_config.hpp"
#include "rocdist/device/blocks/count_functors.hpp"
#include "rocdist/device/engine/substream.hpp"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "backend/host/simd/count_blocks.cpp"
#include <hwy/foreach_target.h>

#include <hwy/highway.h>

#include "backend/host/simd/count_pmf_lanes.hpp"
#include "backend/host/simd/philox_lanes.hpp"
#include "backend/host/simd/reproducible_math_lanes.hpp"
#include "backend/host/simd/uniform_lanes.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

#if HWY_TARGET & ROCDIST_HOST_SIMD_TARGETS

// A batch of attempts of transformed rejection, one per slot, in three
// passes: each attempt's proposal and squeeze in 64-bit lanes, the attempts
// the squeeze leaves to the log test gathered densely; their tests a vector
// at a time; then each slot's count, or what the scalar sampler is to do.
struct attempts
{
    // Slots: a span of elements, a multiple of every target's lanes.
    static constexpr std::size_t span = 256;
    // What an attempt left: a count (>= 0), a rejection (the element goes
    // on to its next attempt), or a test the lanes leave to the scalar
    // sampler (a binomial count of 0 or n, whose log probability has a form
    // of its own), which takes the attempt again.
    static constexpr std::int64_t rejected = -1, scalar = -2;

    // The attempt's block: u from words 0-1, v from words 2-3.
    HWY_ALIGN std::uint32_t w[4][span];
    HWY_ALIGN std::int64_t  counts[span];
    // The proposals and hats, and the slots whose test is to run.
    HWY_ALIGN double k[span];
    HWY_ALIGN double hat[span];
    std::uint16_t    tested_at[span];
    std::size_t      tested = 0;

    engine::philox_words block(std::size_t i) const { return {{w[0][i], w[1][i], w[2][i], w[3][i]}}; }
};

// Block 0 of the substreams of elements first .. first + count - 1 (count
// a multiple of Lanes(d32)).
template <class Parameters>
void draw_first_blocks(const philox_round_keys& keys, std::uint64_t first, std::size_t count, attempts& a)
{
    const std::uint32_t word1 = engine::element_substream(Parameters::tag, 0).word1;
    const d32_t         d;
    for(std::size_t g = 0; g < count; g += hn::Lanes(d))
    {
        v32_t w0, w1, w2, w3;
        substream_counters(d, 0, word1, first + g, w0, w1, w2, w3);
        philox_rounds(d, keys, w0, w1, w2, w3);
        hn::Store(w0, d, a.w[0] + g);
        hn::Store(w1, d, a.w[1] + g);
        hn::Store(w2, d, a.w[2] + g);
        hn::Store(w3, d, a.w[3] + g);
    }
}

// Block `block` of the substreams of elements indices[0 .. count) into
// slots 0 .. count - 1 (and past them, to a whole vector, lanes to drop).
template <class Parameters>
void draw_blocks(const philox_round_keys& keys, std::uint32_t block, const std::uint64_t* indices, std::size_t count,
                 attempts& a)
{
    const std::uint32_t word1 = engine::element_substream(Parameters::tag, 0).word1;
    const d32_t         d;
    for(std::size_t g = 0; g < count; g += hn::Lanes(d))
    {
        v32_t w0, w1, w2, w3;
        substream_blocks(d, keys, word1, block, indices + g, std::min(hn::Lanes(d), count - g), w0, w1, w2, w3);
        hn::Store(w0, d, a.w[0] + g);
        hn::Store(w1, d, a.w[1] + g);
        hn::Store(w2, d, a.w[2] + g);
        hn::Store(w3, d, a.w[3] + g);
    }
}

// Pass 1 at slots h .. h + Lanes(dd) - 1: u - 1/2 from words 0-1, v from
// words 2-3, k from the Test's proposal; the squeeze's counts, and the
// attempts for the log test gathered with their hat.
template <class Test>
HWY_INLINE void propose(const Test& test, std::size_t h, attempts& a)
{
    const hn::ScalableTag<double>                 dd;
    const hn::RebindToUnsigned<decltype(dd)>      du;
    const hn::RebindToSigned<decltype(dd)>        di;
    const hn::Rebind<std::uint32_t, decltype(dd)> d32;
    const auto word = [&](unsigned k) { return hn::PromoteTo(du, hn::LoadU(d32, a.w[k] + h)); };
    const auto half = hn::Set(dd, 0.5);
    const auto u    = hn::Sub(uniform_double(dd, word(0), word(1)), half); // exact
    const auto v    = uniform_double(dd, word(2), word(3));
    const auto us   = hn::Sub(half, hn::Abs(u));
    const auto k    = test.count(dd, hn::Mul(hn::Add(hn::Div(hn::Set(dd, 2 * test.a), us), hn::Set(dd, test.b)), u));
    const auto inside   = hn::And(hn::Ge(k, hn::Zero(dd)), hn::Le(k, hn::Set(dd, test.largest)));
    const auto accepted = hn::And(inside, hn::And(hn::Ge(us, hn::Set(dd, 0.07)), hn::Le(v, hn::Set(dd, test.v_r))));
    auto       open     = hn::AndNot(accepted, inside);
    if(test.early_reject)
        open = hn::AndNot(hn::And(hn::Lt(us, hn::Set(dd, 0.013)), hn::Gt(v, us)), open);
    const auto in_lanes = test.in_lanes(dd, k);
    const auto tested   = hn::And(open, in_lanes);
    const auto code = hn::IfThenElse(hn::AndNot(in_lanes, open), hn::Set(dd, double(attempts::scalar)),
                                     hn::Set(dd, double(attempts::rejected)));
    hn::StoreU(hn::ConvertTo(di, hn::IfThenElse(accepted, k, code)), di, a.counts + h);
    if(hn::AllFalse(dd, tested))
        return;
    const auto hat = hn::Div(hn::Mul(v, hn::Set(dd, test.hat_scale)),
                             hn::Add(hn::Div(hn::Set(dd, test.a), hn::Mul(us, us)), hn::Set(dd, test.b)));
    hn::StoreU(k, dd, a.k + h);
    hn::StoreU(hat, dd, a.hat + h);
    std::uint8_t bits[8] = {};
    hn::StoreMaskBits(dd, tested, bits);
    for(std::size_t j = 0; j < hn::Lanes(dd); ++j)
        if(bits[j / 8] >> (j % 8) & 1)
            a.tested_at[a.tested++] = static_cast<std::uint16_t>(h + j);
}

// Pass 2: the gathered tests, log(hat) against the log probability; a
// passed test's count replaces the slot's rejection.
template <class Test>
HWY_INLINE void test_gathered(const Test& test, attempts& a)
{
    const hn::ScalableTag<double>          dd;
    const hn::RebindToSigned<decltype(dd)> di;
    HWY_ALIGN double                       k_of[max_lanes], hat_of[max_lanes];
    HWY_ALIGN std::int64_t                 passed[max_lanes];
    const std::size_t                      lanes = hn::Lanes(dd);
    for(std::size_t t = 0; t < a.tested; t += lanes)
    {
        // Lanes past the last test take a count the test's functions take.
        for(std::size_t j = 0; j < lanes; ++j)
        {
            const bool live = t + j < a.tested;
            k_of[j]         = live ? a.k[a.tested_at[t + j]] : test.safe_count;
            hat_of[j]       = live ? a.hat[a.tested_at[t + j]] : 1.0;
        }
        const auto k     = hn::Load(dd, k_of);
        const auto below = hn::Le(reproducible_log(dd, hn::Load(dd, hat_of)), test.log_pmf(dd, k));
        hn::Store(hn::ConvertTo(di, hn::IfThenElse(below, k, hn::Set(dd, -1.0))), di, passed);
        for(std::size_t j = 0; j < lanes && t + j < a.tested; ++j)
            if(passed[j] >= 0)
                a.counts[a.tested_at[t + j]] = passed[j];
    }
}

// PTRS's attempt (distributions::poisson_variate): k = floor(((2a / us +
// b) u + lambda) + 0.43), squeezed, rejected early where us < 0.013 and v >
// us, then log(hat) against log P(K = k).
struct poisson_test
{
    double a, b, v_r, hat_scale, lambda, log_lambda;
    double largest      = distributions::largest_count;
    double safe_count   = 16;
    bool   early_reject = true;

    explicit poisson_test(const distributions::poisson_params& p)
        : a(p.a), b(p.b), v_r(p.v_r), hat_scale(p.inv_alpha), lambda(p.lambda), log_lambda(p.log_lambda)
    {
    }
    template <class DD>
    hn::Vec<DD> count(DD dd, hn::Vec<DD> x) const
    {
        return hn::Floor(hn::Add(hn::Add(x, hn::Set(dd, lambda)), hn::Set(dd, 0.43)));
    }
    template <class DD>
    hn::Mask<DD> in_lanes(DD dd, hn::Vec<DD>) const
    {
        return hn::FirstN(dd, hn::Lanes(dd));
    }
    template <class DD>
    hn::Vec<DD> log_pmf(DD dd, hn::Vec<DD> k) const
    {
        return log_poisson_pmf(dd, k, lambda, log_lambda);
    }
};

// BTRS's attempt (distributions::binomial_variate): k = floor((2a / us +
// b) u + c), squeezed, then log(hat) against log f(k) - log f(m).
struct binomial_test
{
    double                 a, b, v_r, hat_scale, c, largest, log_f_m, safe_count;
    binomial_pmf_constants pmf;
    bool                   early_reject = false;

    explicit binomial_test(const distributions::binomial_params& p)
        : a(p.a), b(p.b), v_r(p.v_r), hat_scale(p.alpha), c(p.c), largest(p.n), log_f_m(p.log_f_m),
          safe_count(std::floor(p.n / 2)), pmf(make_binomial_pmf_constants(p.n, p.p))
    {
    }
    template <class DD>
    hn::Vec<DD> count(DD dd, hn::Vec<DD> x) const
    {
        return hn::Floor(hn::Add(x, hn::Set(dd, c)));
    }
    template <class DD>
    hn::Mask<DD> in_lanes(DD dd, hn::Vec<DD> k) const
    {
        return hn::And(hn::Ge(k, hn::Set(dd, 1.0)), hn::Le(k, hn::Set(dd, largest - 1)));
    }
    template <class DD>
    hn::Vec<DD> log_pmf(DD dd, hn::Vec<DD> k) const
    {
        return hn::Sub(log_binomial_pmf(dd, k, pmf), hn::Set(dd, log_f_m));
    }
};

inline poisson_test test_of(const distributions::poisson_params& p)
{
    return poisson_test(p);
}
inline binomial_test test_of(const distributions::binomial_params& b)
{
    return binomial_test(b);
}

// A count of the sampler at p' as the call returns it (n minus the count
// for a binomial p above 1/2).
HWY_INLINE unsigned int returned(const distributions::poisson_params&, std::int64_t k)
{
    return static_cast<unsigned int>(k);
}

HWY_INLINE unsigned int returned(const distributions::binomial_params& b, std::int64_t k)
{
    return static_cast<unsigned int>(b.flip ? static_cast<std::int64_t>(b.n) - k : k);
}

HWY_INLINE bool by_inversion(const distributions::poisson_params& p)
{
    return p.inversion;
}
HWY_INLINE bool by_inversion(const distributions::binomial_params& b)
{
    return b.inversion;
}
HWY_INLINE inversion_table table_of(const distributions::poisson_params& p)
{
    return poisson_inversion(p);
}
HWY_INLINE inversion_table table_of(const distributions::binomial_params& b)
{
    return binomial_inversion(b);
}

// The scalar sampler of element e from its block 0, after its first
// `done` attempts.
template <class Parameters>
unsigned int scalar_count(const blocks::count_functor<Parameters>& f, std::uint64_t e,
                          const engine::philox_words& block0, unsigned done)
{
    engine::substream_reader words(f.key, engine::element_substream(Parameters::tag, e), block0);
    for(unsigned skip = 0; skip < 4 * done; ++skip) // an attempt reads four words
        words.next();
    return f.parameters.sample(e, words);
}

// Spans of a call's elements with their blocks 0 drawn: each(s, m) for the
// m elements from first + s.
template <class Parameters, class Each>
void for_each_span(const blocks::count_functor<Parameters>& f, std::uint64_t first, std::uint64_t blocks,
                   attempts& a, Each each)
{
    const auto        keys  = make_round_keys(f.key);
    const std::size_t lanes = hn::Lanes(d32_t());
    for(std::uint64_t s = 0; s < blocks; s += attempts::span)
    {
        const std::size_t m = static_cast<std::size_t>(std::min<std::uint64_t>(attempts::span, blocks - s));
        draw_first_blocks<Parameters>(keys, first + s, (m + lanes - 1) / lanes * lanes, a);
        each(s, m);
    }
}

// Attempts in the lanes after the first, for the elements it rejected (11%
// at lambda = 1e6, 25% at 10); rarer ones finish in the scalar sampler.
constexpr unsigned attempts_in_lanes = 3;

template <class Parameters>
void one_parameter_blocks(const blocks::count_functor<Parameters>& f, std::uint64_t first, std::uint64_t blocks,
                          unsigned int* out)
{
    const auto& params = f.parameters.params;
    attempts    a;
    if(by_inversion(params))
    {
        const inversion_table table = table_of(params);
        for_each_span(f, first, blocks, a, [&](std::uint64_t s, std::size_t m) {
            for(std::size_t i = 0; i < m; ++i)
                out[s + i] = table.complete
                                 ? returned(params, table.count(distributions::uniform_double(a.w[0][i], a.w[1][i])))
                                 : scalar_count(f, first + s + i, a.block(i), 0);
        });
        return;
    }
    const auto        test = test_of(params);
    const auto        keys = make_round_keys(f.key);
    const std::size_t wide = hn::Lanes(hn::ScalableTag<double>());
    const auto        attempt_all = [&](attempts& batch, std::size_t count) {
        batch.tested = 0;
        for(std::size_t h = 0; h < count; h += wide)
            propose(test, h, batch);
        test_gathered(test, batch);
    };
    attempts      retry;
    std::uint64_t pending[attempts::span]; // rejected elements' stream indices
    std::uint16_t at[attempts::span];      // and their places in the span
    for_each_span(f, first, blocks, a, [&](std::uint64_t s, std::size_t m) {
        attempt_all(a, m);
        std::size_t left = 0;
        for(std::size_t i = 0; i < m; ++i)
        {
            const std::int64_t c = a.counts[i];
            if(c >= 0)
                out[s + i] = returned(params, c);
            else if(c == attempts::scalar)
                out[s + i] = scalar_count(f, first + s + i, a.block(i), 0);
            else
            {
                pending[left] = first + s + i;
                at[left++]    = static_cast<std::uint16_t>(i);
            }
        }
        unsigned done = 1;
        for(; left > 0 && done <= attempts_in_lanes; ++done)
        {
            draw_blocks<Parameters>(keys, done, pending, left, retry);
            attempt_all(retry, left);
            std::size_t still = 0;
            for(std::size_t j = 0; j < left; ++j)
            {
                const std::int64_t c = retry.counts[j];
                if(c >= 0)
                    out[s + at[j]] = returned(params, c);
                else if(c == attempts::scalar)
                    out[s + at[j]] = scalar_count(f, pending[j], a.block(at[j]), done);
                else
                {
                    pending[still] = pending[j];
                    at[still++]    = at[j];
                }
            }
            left = still;
        }
        for(std::size_t j = 0; j < left; ++j)
            out[s + at[j]] = scalar_count(f, pending[j], a.block(at[j]), done);
    });
}

template <class Parameters>
void per_element_blocks(const blocks::count_functor<Parameters>& f, std::uint64_t first, std::uint64_t blocks,
                        unsigned int* out)
{
    attempts a;
    for_each_span(f, first, blocks, a, [&](std::uint64_t s, std::size_t m) {
        for(std::size_t i = 0; i < m; ++i)
        {
            const std::uint64_t e = first + s + i;
            out[s + i]            = f.parameters.has(e) ? scalar_count(f, e, a.block(i), 0) : 0;
        }
    });
}

void poisson_blocks(const samplers::poisson& f, std::uint64_t first, std::uint64_t blocks, unsigned int* out)
{
    one_parameter_blocks(f, first, blocks, out);
}

void binomial_blocks(const samplers::binomial& f, std::uint64_t first, std::uint64_t blocks, unsigned int* out)
{
    one_parameter_blocks(f, first, blocks, out);
}

void poisson_lambdas_blocks(const samplers::poisson_lambdas& f, std::uint64_t first, std::uint64_t blocks,
                            unsigned int* out)
{
    per_element_blocks(f, first, blocks, out);
}

void binomial_parameters_blocks(const samplers::binomial_parameters& f, std::uint64_t first, std::uint64_t blocks,
                                unsigned int* out)
{
    per_element_blocks(f, first, blocks, out);
}

#else // a target without vector kernels: the scalar functors, block by block

ROCDIST_SAMPLERS_WITH_COUNT_BLOCKS(ROCDIST_SCALAR_BLOCKS)

#endif

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE

namespace rocdist::host::simd
{

#define ROCDIST_DISPATCH_SAMPLER_BLOCKS(name) ROCDIST_DISPATCH_BLOCKS(name, samplers::name)
ROCDIST_SAMPLERS_WITH_COUNT_BLOCKS(ROCDIST_DISPATCH_SAMPLER_BLOCKS)
#undef ROCDIST_DISPATCH_SAMPLER_BLOCKS

} // namespace rocdist::host::simd

#endif // HWY_ONCE
