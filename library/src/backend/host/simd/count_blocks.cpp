// The host backend's kernels of the one-parameter Poisson and binomial
// samplers (backend/sampler_list.hpp), compiled once for each Highway
// target like block_kernels.cpp. Element i starts on block 0 of its own
// substream (blocks/count_functors.hpp); a vector target draws those
// blocks for Lanes(d32) elements at once, Philox in the lanes, then:
// - inversion: the call's table of the search's sums
//   (backend/host/inversion_table.hpp) takes u from words 0-1;
// - transformed rejection (PTRS, BTRS): the attempts in 64-bit lanes
//   (count_attempts_lanes.hpp), every slot with the call's constants.
// Every count is the scalar functor's. This file is compiled with
// -ffp-contract=off, as block_kernels.cpp is.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#include "backend/host/inversion_table.hpp"
#include "backend/host/simd/block_kernels.hpp"
#include "build_config.hpp"
#include "rocdist/device/blocks/count_functors.hpp"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "backend/host/simd/count_blocks.cpp"
#include <hwy/foreach_target.h>

#include <hwy/highway.h>

#include "backend/host/simd/count_attempts_lanes.hpp"
#include "backend/host/simd/count_pmf_lanes.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

#if HWY_TARGET & ROCDIST_HOST_SIMD_TARGETS

// The constants of one parameter for every slot, as propose asks for them.
struct one_parameter_constants
{
    double value[constant_rows];

    template <class DD>
    hn::Vec<DD> constant(DD dd, int row, std::size_t) const
    {
        return hn::Set(dd, value[row]);
    }
};

// PTRS's attempt (distributions::poisson_attempt): k = floor(((2a / us +
// b) u + lambda) + 0.43), squeezed, rejected early where us < 0.013 and v >
// us, then log(hat) against log P(K = k).
struct poisson_test : one_parameter_constants
{
    double                log_lambda;
    static constexpr bool early_reject = true;

    explicit poisson_test(const distributions::poisson_params& p)
        : one_parameter_constants{{p.a, p.b, p.v_r, p.inv_alpha, p.lambda, distributions::largest_count}},
          log_lambda(p.log_lambda)
    {
    }
    template <class DD>
    hn::Vec<DD> count(DD dd, hn::Vec<DD> x, std::size_t) const
    {
        return hn::Floor(hn::Add(hn::Add(x, hn::Set(dd, value[row_shift])), hn::Set(dd, 0.43)));
    }
    template <class DD>
    hn::Mask<DD> in_lanes(DD dd, hn::Vec<DD>, std::size_t) const
    {
        return hn::FirstN(dd, hn::Lanes(dd));
    }
    template <class DD>
    hn::Vec<DD> log_pmf(DD dd, hn::Vec<DD> k, const std::uint16_t*) const
    {
        return log_poisson_pmf(dd, k, hn::Set(dd, value[row_shift]), hn::Set(dd, log_lambda));
    }
};

// BTRS's attempt (distributions::binomial_attempt): k = floor((2a / us +
// b) u + c), squeezed, then log(hat) against log f(k) - log f(m).
struct binomial_test : one_parameter_constants
{
    double                log_f_m;
    binomial_pmf_rows     pmf;
    static constexpr bool early_reject = false;

    explicit binomial_test(const distributions::binomial_params& p)
        : one_parameter_constants{{p.a, p.b, p.v_r, p.alpha, p.c, p.n}}, log_f_m(p.log_f_m)
    {
        const hn::ScalableTag<double> dd;
        make_binomial_pmf_rows(dd, hn::Set(dd, p.n), hn::Set(dd, p.p), pmf);
    }
    template <class DD>
    hn::Vec<DD> count(DD dd, hn::Vec<DD> x, std::size_t) const
    {
        return hn::Floor(hn::Add(x, hn::Set(dd, value[row_shift])));
    }
    template <class DD>
    hn::Mask<DD> in_lanes(DD dd, hn::Vec<DD> k, std::size_t) const
    {
        return hn::And(hn::Ge(k, hn::Set(dd, 1.0)), hn::Le(k, hn::Set(dd, value[row_largest] - 1)));
    }
    template <class DD>
    hn::Vec<DD> log_pmf(DD dd, hn::Vec<DD> k, const std::uint16_t*) const
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
    return distributions::binomial_returned(b, static_cast<double>(k));
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

// The table's counts of span elements 0 .. m - 1 into out, u from words
// 0-1, a vector of u at a time. The sums rise, so an element's count, the
// first k whose sum reaches u, is the number of sums below u: each lane
// adds one for every sum below its u, sums taken four at a time until no
// lane's u is above the last (past the table, +inf, above every u). A count of `size`
// (u above every sum) becomes the table's end. Without a branch per
// element, a small lambda's search costs a few compares per vector where
// the scalar search mispredicts about once per element.
template <class Params>
void table_counts(const inversion_table& table, const Params& params, const attempts& a, std::size_t m,
                  unsigned int* out)
{
    constexpr std::size_t         group = 4;
    const hn::ScalableTag<double> dd;
    static_assert(inversion_table::capacity % group == 0);
    HWY_ALIGN double sums[inversion_table::capacity];
    std::size_t      j = 0;
    for(; j < table.size; ++j)
        sums[j] = table.cdf[j];
    for(; j % group != 0; ++j)
        sums[j] = std::numeric_limits<double>::infinity();
    const std::size_t end_of_sums = j;
    const auto        one         = hn::Set(dd, 1.0);
    const auto        size        = hn::Set(dd, static_cast<double>(table.size));
    const auto        end         = hn::Set(dd, static_cast<double>(table.end));
    HWY_ALIGN double counts[attempts::span];
    for(std::size_t h = 0; h < m; h += hn::Lanes(dd))
    {
        const auto u = slot_uniforms(dd, a, 0, h);
        auto       k = hn::Zero(dd);
        for(std::size_t g = 0; g < end_of_sums; g += group)
        {
            for(std::size_t i = 0; i < group; ++i)
                k = hn::Add(k, hn::IfThenElseZero(hn::Gt(u, hn::Set(dd, sums[g + i])), one));
            if(hn::AllFalse(dd, hn::Gt(u, hn::Set(dd, sums[g + group - 1]))))
                break;
        }
        hn::Store(hn::IfThenElse(hn::Eq(k, size), end, k), dd, counts + h);
    }
    for(std::size_t i = 0; i < m; ++i)
        out[i] = returned(params, static_cast<std::int64_t>(counts[i]));
}

// One test for every batch of a call's attempts: one parameter.
template <class Params>
struct same_test
{
    const Params& params;
    decltype(test_of(std::declval<const Params&>())) test = test_of(params);

    const auto&  first() const { return test; }
    const auto&  retry(const std::uint16_t*, std::size_t) const { return test; }
    unsigned int returned(std::size_t, std::int64_t k) const { return simd::HWY_NAMESPACE::returned(params, k); }
};

// Slot i is span element i.
struct same_place
{
    std::size_t operator[](std::size_t i) const { return i; }
};

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
            if(table.complete)
                table_counts(table, params, a, m, out + s);
            else
                for(std::size_t i = 0; i < m; ++i)
                    out[s + i] = scalar_count(f, first + s + i, a.block(i), 0);
        });
        return;
    }
    same_test<std::decay_t<decltype(params)>> tests{params};
    const auto                                 keys = make_round_keys(f.key);
    for_each_span(f, first, blocks, a, [&](std::uint64_t s, std::size_t m) {
        reject_in_lanes(f, keys, tests, a, m, first + s, out + s, same_place{});
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
