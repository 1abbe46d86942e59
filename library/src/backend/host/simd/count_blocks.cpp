// The host backend's kernels of the one-parameter Poisson and binomial
// samplers (backend/sampler_list.hpp), compiled once for each Highway
// target like block_kernels.cpp. Element i starts on block 0 of its own
// substream (blocks/count_functors.hpp); a vector target draws those
// blocks for Lanes(d32) elements at once, Philox in the lanes, then:
// - inversion: the call's table of the search's sums
//   (backend/host/inversion_table.hpp) takes u from words 0-1;
// - transformed rejection (PTRS, BTRS): the attempts in 64-bit lanes
//   (count_attempts_lanes.hpp), every slot with the call's constants, and
//   the log tests' probabilities kept in a window of counts per thread
//   (log_pmf_memo).
// Every count is the scalar functor's. This file is compiled with
// -ffp-contract=off, as block_kernels.cpp is.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <new>
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

// Counts of the sampler at p' as the call returns them, in lanes: n minus
// the count for a binomial p above 1/2 (distributions::binomial_returned).
struct as_returned
{
    bool   flip;
    double n;

    template <class DD>
    hn::Vec<DD> returned(DD dd, hn::Vec<DD> k, std::size_t) const
    {
        return flip ? hn::Sub(hn::Set(dd, n), k) : k;
    }
};

inline as_returned returns_of(const distributions::poisson_params&)
{
    return {false, 0};
}
inline as_returned returns_of(const distributions::binomial_params& b)
{
    return {b.flip, b.n};
}

// The log tests' log probabilities of one parameter's counts in a window
// of them, each made the first time a test needs it and kept for the
// later tests of the same parameter on the same thread: the same lanes'
// function of the same count, so the same bits, for a gather instead of
// the divisions and series. NaN marks a count not made yet (no log
// probability is NaN). Without a window (values null), every value is
// made.
struct log_pmf_memo
{
    // Counts per window: 32 KiB of doubles, which at lambda = 1000 or
    // trials = 1000 hold every count a test meets; the counts tested most
    // lie near the centre, a few KiB of it.
    static constexpr std::size_t window = 4096;

    double* values = nullptr;
    double  first  = 0; // the window's first count

    // make(k)'s values for counts k, from the window where it has them.
    // The callers' make is inlined (ROCDIST_FORCE_INLINE on their
    // lambdas): out of line, a call would spill every live vector.
    template <class DD, class Make>
    HWY_INLINE hn::Vec<DD> operator()(DD dd, hn::Vec<DD> k, const Make& make) const
    {
        if(values == nullptr)
            return make(k);
        const hn::RebindToSigned<DD> di;
        const auto at     = hn::Sub(k, hn::Set(dd, first));
        const auto inside = hn::And(hn::Ge(at, hn::Zero(dd)), hn::Lt(at, hn::Set(dd, double(window))));
        // The index of an integer in [0, window): the low bits of at + 2^52
        // (AVX2 has no conversion of doubles to 64-bit integers).
        const auto index = hn::And(hn::BitCast(di, hn::Add(hn::IfThenElseZero(inside, at), hn::Set(dd, 0x1p52))),
                                   hn::Set(di, std::int64_t{window - 1}));
        const auto kept    = hn::GatherIndex(dd, values, index);
        const auto missing = hn::Or(hn::Not(inside), hn::IsNaN(kept));
        if(hn::AllFalse(dd, missing))
            return kept;
        const auto made = make(k);
        HWY_ALIGN double       made_of[max_lanes];
        HWY_ALIGN std::int64_t index_of[max_lanes];
        std::uint8_t           keep[8] = {};
        hn::Store(made, dd, made_of);
        hn::Store(index, di, index_of);
        hn::StoreMaskBits(dd, hn::And(inside, missing), keep);
        for(std::size_t j = 0; j < hn::Lanes(dd); ++j)
            if(keep[j / 8] >> (j % 8) & 1)
                values[index_of[j]] = made_of[j];
        return hn::IfThenElse(missing, made, kept);
    }
};

// The calling thread's window for a sampler's parameter (kind, x, y),
// centred at count `centre`: the window it kept if its last was for the
// same parameter, else a new one. The kernel runs on a call's chunks of
// 1024 elements, so a window outlives the kernel calls (and the calls: the
// calling thread keeps its 32 KiB until it exits); a thread's window is
// allocated on its first use (none if that fails).
inline log_pmf_memo thread_window(int kind, double x, double y, double centre)
{
    struct kept
    {
        int                       kind = 0;
        double                    x = 0, y = 0, first = 0;
        std::unique_ptr<double[]> values;
    };
    thread_local kept k;
    if(!k.values)
    {
        k.values.reset(new(std::nothrow) double[log_pmf_memo::window]);
        if(!k.values)
            return {};
        k.kind = 0;
    }
    if(k.kind != kind || k.x != x || k.y != y)
    {
        k.kind  = kind;
        k.x     = x;
        k.y     = y;
        k.first = std::max(0.0, std::floor(centre) - double(log_pmf_memo::window / 2));
        std::fill(k.values.get(), k.values.get() + log_pmf_memo::window, std::numeric_limits<double>::quiet_NaN());
    }
    return {k.values.get(), k.first};
}

// PTRS's attempt (distributions::poisson_attempt): k = floor(((2a / us +
// b) u + lambda) + 0.43), squeezed, rejected early where us < 0.013 and v >
// us, then log(hat) against log P(K = k).
struct poisson_test : one_parameter_constants, as_returned
{
    double                log_lambda;
    log_pmf_memo          memo;
    static constexpr bool early_reject = true;

    explicit poisson_test(const distributions::poisson_params& p)
        : one_parameter_constants{{p.a, p.b, p.v_r, p.inv_alpha, p.lambda, distributions::largest_count}},
          as_returned(returns_of(p)), log_lambda(p.log_lambda)
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
    // The window of this lambda's log probabilities.
    log_pmf_memo window() const { return thread_window(1, value[row_shift], 0, value[row_shift]); }
    template <class DD>
    HWY_INLINE hn::Vec<DD> log_pmf(DD dd, hn::Vec<DD> k, const std::uint16_t*) const
    {
        return memo(dd, k, [&](hn::Vec<DD> x) ROCDIST_FORCE_INLINE {
            return log_poisson_pmf(dd, x, hn::Set(dd, value[row_shift]), hn::Set(dd, log_lambda));
        });
    }
};

// BTRS's attempt (distributions::binomial_attempt): k = floor((2a / us +
// b) u + c), squeezed, then log(hat) against log f(k) - log f(m).
struct binomial_test : one_parameter_constants, as_returned
{
    double                log_f_m, mode, p_prime;
    binomial_pmf_rows     pmf;
    log_pmf_memo          memo;
    static constexpr bool early_reject = false;

    explicit binomial_test(const distributions::binomial_params& p)
        : one_parameter_constants{{p.a, p.b, p.v_r, p.alpha, p.c, p.n}}, as_returned(returns_of(p)), log_f_m(p.log_f_m),
          mode(p.m), p_prime(p.p)
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
    // The window of this (trials, p')'s log probabilities, about the mode.
    log_pmf_memo window() const { return thread_window(2, value[row_largest], p_prime, mode); }
    template <class DD>
    HWY_INLINE hn::Vec<DD> log_pmf(DD dd, hn::Vec<DD> k, const std::uint16_t*) const
    {
        return memo(dd, k, [&](hn::Vec<DD> x) ROCDIST_FORCE_INLINE {
            return hn::Sub(log_binomial_pmf(dd, x, pmf), hn::Set(dd, log_f_m));
        });
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
    HWY_ALIGN std::uint32_t value[attempts::span];
    returned_counts(returns_of(params), counts, m, value);
    std::copy(value, value + m, out);
}

// One test for every batch of a call's attempts: one parameter.
template <class Params>
struct same_test
{
    const Params& params;
    decltype(test_of(std::declval<const Params&>())) test = test_of(params);

    const auto& first() const { return test; }
    const auto& retry(const std::uint16_t*, std::size_t) const { return test; }
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
    const auto                                 keys = philox_round_keys(f.key);
    // A kernel call of a few hundred elements or more keeps the log
    // probabilities of its tests (log_pmf_memo), a new window's NaNs
    // costing it a few percent at most, where the window holds the counts
    // of the hat's centre: its scale b (about 2.5 standard deviations) at
    // most an eighth of the window. A wider hat's tests would mostly miss
    // the window (lambda = 1e6: b = 2531).
    if(blocks >= 512 && tests.test.value[row_b] <= double(log_pmf_memo::window / 8))
        tests.test.memo = tests.test.window();
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
