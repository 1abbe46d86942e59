// The host backend's kernels of the per-element Poisson and binomial
// samplers (backend/sampler_list.hpp), compiled once for each Highway
// target like block_kernels.cpp. A vector target sorts a span's elements
// by method into two batches of slots, each slot with its element's
// parameters and its block 0, drawn in the lanes in the batch's order
// (count_attempts_lanes.hpp):
// - inversion: every lane's search, p_0 and its steps, until each lane's
//   has stopped, two vectors side by side (search_pairs);
// - transformed rejection (PTRS, BTRS): each slot's constants made in the
//   lanes as distributions::make_poisson_params and make_binomial_params
//   make them, then the attempts in the lanes, every slot with its own
//   constants; BTRS's log probability of the mode is made only for the
//   attempts that reach the log test.
// Every count is the scalar functor's. This file is compiled with
// -ffp-contract=off, as block_kernels.cpp is.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "backend/host/simd/block_kernels.hpp"
#include "build_config.hpp"
#include "rocdist/device/blocks/count_functors.hpp"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "backend/host/simd/count_element_blocks.cpp"
#include <hwy/foreach_target.h>

#include <hwy/highway.h>

#include "backend/host/simd/count_attempts_lanes.hpp"
#include "backend/host/simd/count_pmf_lanes.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

#if HWY_TARGET & ROCDIST_HOST_SIMD_TARGETS

// A batch's constants, row by row, a double per slot.
template <int Rows>
struct slot_rows
{
    HWY_ALIGN double row[Rows][attempts::span];

    template <class DD>
    hn::Vec<DD> load(DD dd, int r, std::size_t h) const
    {
        return hn::LoadU(dd, row[r] + h);
    }
    // Slot j of `from`'s slot at[j], for j below count (count > 0), and
    // past it, to a whole vector of doubles, at[0]'s.
    void take(const slot_rows& from, const std::uint16_t* at, std::size_t count)
    {
        const std::size_t wide = hn::Lanes(hn::ScalableTag<double>());
        for(std::size_t j = 0; j < count || j % wide != 0; ++j)
            for(int r = 0; r < Rows; ++r)
                row[r][j] = from.row[r][at[j < count ? j : 0]];
    }
};

// Slots taken from a span's elements: their blocks 0, their parameters
// (the Sampler's rows) and their places in the span.
template <class Sampler>
struct gathered_slots
{
    attempts                        batch;
    slot_rows<Sampler::rows>        rows;
    std::uint16_t                   place[attempts::span];
    std::size_t                     n = 0;

    // Span elements at[0 .. count) (count > 0), element first + at[j] with
    // its parameters into slot j, its block 0 drawn there. Past count, to a
    // whole vector of words, at[] and the slots repeat at[0]'s.
    template <class Parameters>
    void take(const philox_round_keys& keys, std::uint16_t* at, std::size_t count, const Parameters& parameters,
              std::uint64_t first)
    {
        n = count;
        for(; count % hn::Lanes(d32_t()) != 0; ++count)
            at[count] = at[0];
        for(std::size_t j = 0; j < count; ++j)
        {
            Sampler::put(rows, j, Sampler::of(parameters, first + at[j]));
            place[j] = at[j];
        }
        draw_first_blocks<Parameters>(keys, first, at, count, batch);
    }
};

// The attempts of a batch, each slot with the constants of its rows.
template <class Sampler>
struct slots_test
{
    static constexpr bool                early_reject = Sampler::early_reject;
    const slot_rows<Sampler::rows>&      c;

    template <class DD>
    hn::Vec<DD> constant(DD dd, int row, std::size_t h) const
    {
        return c.load(dd, row, h);
    }
    template <class DD>
    hn::Vec<DD> count(DD dd, hn::Vec<DD> x, std::size_t h) const
    {
        return Sampler::count(dd, x, c.load(dd, row_shift, h));
    }
    template <class DD>
    hn::Mask<DD> in_lanes(DD dd, hn::Vec<DD> k, std::size_t h) const
    {
        return Sampler::in_lanes(dd, k, c.load(dd, row_largest, h));
    }
    template <class DD>
    hn::Vec<DD> log_pmf(DD dd, hn::Vec<DD> k, const std::uint16_t* slots) const
    {
        return Sampler::log_pmf(dd, k, c, slots);
    }
    template <class DD>
    hn::Vec<DD> returned(DD dd, hn::Vec<DD> k, std::size_t h) const
    {
        return Sampler::returned(dd, k, c, h);
    }
};

// The tests of a call's batches: the first attempts' slots' constants,
// made in the lanes, and a retry's taken from them.
template <class Sampler>
struct slot_tests
{
    const slot_rows<Sampler::rows>& first_rows;
    slot_rows<Sampler::rows>        retry_rows; // left uninitialised: retry() writes what it reads

    explicit slot_tests(const slot_rows<Sampler::rows>& first) : first_rows(first) {}

    slots_test<Sampler> first() const { return {first_rows}; }
    slots_test<Sampler> retry(const std::uint16_t* at, std::size_t left)
    {
        retry_rows.take(first_rows, at, left);
        return {retry_rows};
    }
};

// Row r of the slots of the lanes' tests, gathered into out.
template <int Rows>
HWY_INLINE void gather_row(const slot_rows<Rows>& c, int r, const std::uint16_t* slots, std::size_t lanes, double* out)
{
    for(std::size_t j = 0; j < lanes; ++j)
        out[j] = c.row[r][slots[j]];
}

// Inversion's searches two vectors side by side: search(h, g, u_h, u_g)
// for the slots from h and from g = h + Lanes (past count, h's again), with
// their uniforms from words 0-1. A step's multiply and division wait on the
// last, so one vector alone leaves the divider idle most of the time.
template <class Search>
HWY_INLINE void search_pairs(const attempts& a, std::size_t count, const Search& search)
{
    const hn::ScalableTag<double> dd;
    const std::size_t             lanes = hn::Lanes(dd);
    for(std::size_t h = 0; h < count; h += 2 * lanes)
    {
        const std::size_t g = h + lanes < count ? h + lanes : h;
        search(h, g, slot_uniforms(dd, a, 0, h), slot_uniforms(dd, a, 0, g));
    }
}

// Poisson with a lambda per element: inversion below lambda = 10, PTRS
// from 10 on; lambda is the count's shift.
struct poisson_sampler
{
    enum
    {
        rows = constant_rows
    };
    static constexpr bool early_reject = true;
    using element                      = double; // lambda

    static element of(const blocks::lambda_array& p, std::uint64_t e) { return p.lambdas[e - p.first]; }
    static bool    by_inversion(element lambda) { return lambda < 10; }
    static void    put(slot_rows<rows>& c, std::size_t j, element lambda) { c.row[row_shift][j] = lambda; }

    // PTRS's constants of slots 0 .. count - 1 (and past them, to a whole
    // vector) from their lambdas; log lambda, which only the log test
    // needs, is made there (log_pmf).
    static void make(slot_rows<rows>& c, std::size_t count)
    {
        const hn::ScalableTag<double> dd;
        const auto                    set = [&](double x) { return hn::Set(dd, x); };
        for(std::size_t h = 0; h < count; h += hn::Lanes(dd))
        {
            const auto l = hn::Load(dd, c.row[row_shift] + h);
            const auto b = hn::Add(set(0.931), hn::Mul(set(2.53), hn::Sqrt(l)));
            hn::Store(b, dd, c.row[row_b] + h);
            hn::Store(hn::Add(set(-0.059), hn::Mul(set(0.02483), b)), dd, c.row[row_a] + h);
            hn::Store(hn::Add(set(1.1239), hn::Div(set(1.1328), hn::Sub(b, set(3.4)))), dd, c.row[row_hat_scale] + h);
            hn::Store(hn::Sub(set(0.9277), hn::Div(set(3.6224), hn::Sub(b, set(2.0)))), dd, c.row[row_v_r] + h);
            hn::Store(set(distributions::largest_count), dd, c.row[row_largest] + h);
        }
    }
    template <class DD>
    static hn::Vec<DD> count(DD dd, hn::Vec<DD> x, hn::Vec<DD> lambda)
    {
        return hn::Floor(hn::Add(hn::Add(x, lambda), hn::Set(dd, 0.43)));
    }
    template <class DD>
    static hn::Mask<DD> in_lanes(DD dd, hn::Vec<DD>, hn::Vec<DD>)
    {
        return hn::FirstN(dd, hn::Lanes(dd));
    }
    template <class DD>
    static hn::Vec<DD> log_pmf(DD dd, hn::Vec<DD> k, const slot_rows<rows>& c, const std::uint16_t* slots)
    {
        HWY_ALIGN double lambda_of[max_lanes];
        gather_row(c, row_shift, slots, hn::Lanes(dd), lambda_of);
        const auto lambda = hn::Load(dd, lambda_of);
        return log_poisson_pmf(dd, k, lambda, reproducible_log(dd, lambda));
    }
    template <class DD>
    static hn::Vec<DD> returned(DD, hn::Vec<DD> k, const slot_rows<rows>&, std::size_t)
    {
        return k;
    }

    // A step of distributions::poisson_inversion's search in the lanes still
    // searching (active): the next term and sum; a lane stops where its sum
    // stops changing or reaches u.
    template <class DD>
    static HWY_INLINE void search_step(DD dd, hn::Vec<DD> u, hn::Vec<DD> l, hn::Vec<DD>& k, hn::Vec<DD>& pk,
                                       hn::Vec<DD>& cdf, hn::Mask<DD>& active)
    {
        const auto next_k  = hn::Add(k, hn::Set(dd, 1.0));
        const auto next_pk = hn::Div(hn::Mul(pk, l), next_k);
        const auto next    = hn::Add(cdf, next_pk);
        const auto stop    = hn::Eq(next, cdf);
        k                  = hn::IfThenElse(active, next_k, k);
        pk                 = hn::IfThenElse(active, next_pk, pk);
        cdf                = hn::IfThenElse(hn::AndNot(stop, active), next, cdf);
        active             = hn::And(hn::AndNot(stop, active), hn::Gt(u, cdf));
    }

    // distributions::poisson_inversion for slots 0 .. count - 1, u from
    // words 0-1: e^-lambda, then the search in every lane until each
    // lane's has stopped, into a.counts.
    static void inversions(const slot_rows<rows>& c, std::size_t count, attempts& a)
    {
        const hn::ScalableTag<double> dd;
        using V = hn::Vec<decltype(dd)>;
        search_pairs(a, count, [&](std::size_t h, std::size_t g, V u0, V u1) {
            const auto l0      = c.load(dd, row_shift, h);
            const auto l1      = c.load(dd, row_shift, g);
            auto       pk0     = reproducible_exp(dd, hn::Neg(l0));
            auto       pk1     = reproducible_exp(dd, hn::Neg(l1));
            auto       cdf0    = pk0;
            auto       cdf1    = pk1;
            auto       k0      = hn::Zero(dd);
            auto       k1      = hn::Zero(dd);
            auto       active0 = hn::Gt(u0, cdf0);
            auto       active1 = hn::Gt(u1, cdf1);
            while(!hn::AllFalse(dd, hn::Or(active0, active1)))
            {
                search_step(dd, u0, l0, k0, pk0, cdf0, active0);
                search_step(dd, u1, l1, k1, pk1, cdf1, active1);
            }
            hn::StoreU(k1, dd, a.counts + g);
            hn::StoreU(k0, dd, a.counts + h);
        });
    }
};

// Binomial with (trials, p) per element: the sampler's p' = min(p, 1 - p)
// and its flip, inversion below trials p' = 10, BTRS from 10 on; c is the
// count's shift and trials the largest count.
struct binomial_sampler
{
    enum
    {
        row_p = constant_rows,
        row_flip,
        rows
    };
    static constexpr bool early_reject = false;
    struct element
    {
        double n, p;
        bool   flip, inversion;
    };

    static element of(const blocks::binomial_arrays& a, std::uint64_t e)
    {
        const std::uint64_t j    = e - a.first;
        const double        p    = a.p[j];
        const bool          flip = p > 0.5;
        const double        n    = a.trials[j];
        const double        pp   = std::min(p, 1 - p); // 1 - p exact; no branch on a random p
        return {n, pp, flip, unfused_mul(n, pp) < 10};
    }
    static bool by_inversion(const element& x) { return x.inversion; }
    static void put(slot_rows<rows>& c, std::size_t j, const element& x)
    {
        c.row[row_largest][j] = x.n;
        c.row[row_p][j]       = x.p;
        c.row[row_flip][j]    = static_cast<double>(x.flip);
    }

    // BTRS's constants of the attempts of slots 0 .. count - 1 (and past
    // them, to a whole vector) from their (trials, p'), as
    // make_binomial_params makes them. Those of the log test (the log
    // probability of the mode, and binomial_pmf_rows) are made by the
    // tests that need them, in log_pmf: the squeeze settles most
    // attempts without them.
    static void make(slot_rows<rows>& c, std::size_t count)
    {
        const hn::ScalableTag<double> dd;
        const auto                    set = [&](double x) { return hn::Set(dd, x); };
        for(std::size_t h = 0; h < count; h += hn::Lanes(dd))
        {
            const auto n     = hn::Load(dd, c.row[row_largest] + h);
            const auto p     = hn::Load(dd, c.row[row_p] + h);
            const auto mean  = hn::Mul(n, p);
            const auto spq   = hn::Sqrt(hn::Mul(mean, hn::Sub(set(1.0), p)));
            const auto b     = hn::Add(set(1.15), hn::Mul(set(2.53), spq));
            hn::Store(b, dd, c.row[row_b] + h);
            hn::Store(hn::Add(hn::Add(set(-0.0873), hn::Mul(set(0.0248), b)), hn::Mul(set(0.01), p)), dd,
                      c.row[row_a] + h);
            hn::Store(hn::Add(mean, set(0.5)), dd, c.row[row_shift] + h);
            hn::Store(hn::Mul(hn::Add(set(2.83), hn::Div(set(5.1), b)), spq), dd, c.row[row_hat_scale] + h);
            hn::Store(hn::Sub(set(0.92), hn::Div(set(4.2), b)), dd, c.row[row_v_r] + h);
        }
    }
    template <class DD>
    static hn::Vec<DD> count(DD, hn::Vec<DD> x, hn::Vec<DD> shift)
    {
        return hn::Floor(hn::Add(x, shift));
    }
    template <class DD>
    static hn::Mask<DD> in_lanes(DD dd, hn::Vec<DD> k, hn::Vec<DD> n)
    {
        return hn::And(hn::Ge(k, hn::Set(dd, 1.0)), hn::Le(k, hn::Sub(n, hn::Set(dd, 1.0))));
    }
    // log f(k) - log f(m) of the tested slots, m the mode floor((n + 1) p'),
    // the rows of both made here from the slots' (trials, p').
    template <class DD>
    static hn::Vec<DD> log_pmf(DD dd, hn::Vec<DD> k, const slot_rows<rows>& c, const std::uint16_t* slots)
    {
        HWY_ALIGN double n_of[max_lanes], p_of[max_lanes];
        gather_row(c, row_largest, slots, hn::Lanes(dd), n_of);
        gather_row(c, row_p, slots, hn::Lanes(dd), p_of);
        const auto        n = hn::Load(dd, n_of);
        const auto        p = hn::Load(dd, p_of);
        binomial_pmf_rows pmf;
        make_binomial_pmf_rows(dd, n, p, pmf);
        // 1 <= m <= n - 1: n p' >= 10 and p' <= 1/2.
        const auto m = hn::Floor(hn::Mul(hn::Add(n, hn::Set(dd, 1.0)), p));
        return hn::Sub(log_binomial_pmf(dd, k, pmf), log_binomial_pmf(dd, m, pmf));
    }
    // n - k where flipped.
    template <class DD>
    static hn::Vec<DD> returned(DD dd, hn::Vec<DD> k, const slot_rows<rows>& c, std::size_t h)
    {
        return hn::IfThenElse(hn::Eq(c.load(dd, row_flip, h), hn::Set(dd, 1.0)), hn::Sub(c.load(dd, row_largest, h), k), k);
    }
    // A step of distributions::binomial_inversion's search in the lanes
    // still searching (active): the next term and sum; a lane stops where
    // its sum stops changing or reaches u, or its k reaches n.
    template <class DD>
    static HWY_INLINE void search_step(DD dd, hn::Vec<DD> u, hn::Vec<DD> n, hn::Vec<DD> ratio, hn::Vec<DD>& k,
                                       hn::Vec<DD>& pk, hn::Vec<DD>& cdf, hn::Mask<DD>& active)
    {
        const auto one     = hn::Set(dd, 1.0);
        const auto next_pk = hn::Div(hn::Mul(hn::Mul(pk, ratio), hn::Sub(n, k)), hn::Add(k, one));
        const auto next_k  = hn::Add(k, one);
        const auto next    = hn::Add(cdf, next_pk);
        const auto stop    = hn::Eq(next, cdf);
        k                  = hn::IfThenElse(active, next_k, k);
        pk                 = hn::IfThenElse(active, next_pk, pk);
        cdf                = hn::IfThenElse(hn::AndNot(stop, active), next, cdf);
        active             = hn::And(hn::AndNot(stop, active), hn::And(hn::Gt(u, cdf), hn::Lt(k, n)));
    }

    // distributions::binomial_inversion for slots 0 .. count - 1, u from
    // words 0-1: (1 - p')^n, then the search in every lane until each
    // lane's has stopped, into a.counts (the counts of p', not flipped).
    static void inversions(const slot_rows<rows>& c, std::size_t count, attempts& a)
    {
        const hn::ScalableTag<double> dd;
        using V        = hn::Vec<decltype(dd)>;
        const auto one = hn::Set(dd, 1.0);
        const auto first_term = [&](V n, V p) {
            return reproducible_exp(dd, hn::Mul(n, reproducible_log1p(dd, hn::Neg(p))));
        };
        search_pairs(a, count, [&](std::size_t h, std::size_t g, V u0, V u1) {
            const auto n0      = c.load(dd, row_largest, h);
            const auto n1      = c.load(dd, row_largest, g);
            const auto p0      = c.load(dd, row_p, h);
            const auto p1      = c.load(dd, row_p, g);
            const auto ratio0  = hn::Div(p0, hn::Sub(one, p0));
            const auto ratio1  = hn::Div(p1, hn::Sub(one, p1));
            auto       pk0     = first_term(n0, p0);
            auto       pk1     = first_term(n1, p1);
            auto       cdf0    = pk0;
            auto       cdf1    = pk1;
            auto       k0      = hn::Zero(dd);
            auto       k1      = hn::Zero(dd);
            auto       active0 = hn::And(hn::Gt(u0, cdf0), hn::Lt(k0, n0));
            auto       active1 = hn::And(hn::Gt(u1, cdf1), hn::Lt(k1, n1));
            while(!hn::AllFalse(dd, hn::Or(active0, active1)))
            {
                search_step(dd, u0, n0, ratio0, k0, pk0, cdf0, active0);
                search_step(dd, u1, n1, ratio1, k1, pk1, cdf1, active1);
            }
            hn::StoreU(k1, dd, a.counts + g);
            hn::StoreU(k0, dd, a.counts + h);
        });
    }
};

// A parameter per element: each span's elements gathered by method into
// two batches, inversion's searches and transformed rejection's attempts
// in the lanes.
template <class Sampler, class Parameters>
void element_blocks(const blocks::count_functor<Parameters>& f, std::uint64_t first, std::uint64_t blocks,
                    unsigned int* out)
{
    const auto              keys = philox_round_keys(f.key);
    gathered_slots<Sampler> inversion, rejection;
    slot_tests<Sampler>     tests(rejection.rows);
    for(std::uint64_t s = 0; s < blocks; s += attempts::span)
    {
        const std::size_t m = static_cast<std::size_t>(std::min<std::uint64_t>(attempts::span, blocks - s));
        // The span's elements by method, without a branch on the method (a
        // comparison of random parameters): each index is written to both
        // lists and kept in one. Each batch then draws its blocks 0 in its
        // own order.
        std::uint16_t by_table[attempts::span], by_attempts[attempts::span];
        std::size_t   tables = 0, attempted = 0;
        for(std::size_t i = 0; i < m; ++i)
        {
            const std::uint64_t e = first + s + i;
            if(!f.parameters.has(e))
            {
                out[s + i] = 0;
                continue;
            }
            const bool table = Sampler::by_inversion(Sampler::of(f.parameters, e));
            by_table[tables] = by_attempts[attempted] = static_cast<std::uint16_t>(i);
            tables += table;
            attempted += !table;
        }
        if(tables > 0)
        {
            inversion.take(keys, by_table, tables, f.parameters, first + s);
            Sampler::inversions(inversion.rows, inversion.n, inversion.batch);
            HWY_ALIGN std::uint32_t value[attempts::span];
            returned_counts(slots_test<Sampler>{inversion.rows}, inversion.batch.counts, inversion.n, value);
            for(std::size_t j = 0; j < inversion.n; ++j)
                out[s + inversion.place[j]] = value[j];
        }
        if(attempted > 0)
        {
            rejection.take(keys, by_attempts, attempted, f.parameters, first + s);
            Sampler::make(rejection.rows, rejection.n);
            reject_in_lanes(f, keys, tests, rejection.batch, rejection.n, first + s, out + s, rejection.place);
        }
    }
}

void poisson_lambdas_blocks(const samplers::poisson_lambdas& f, std::uint64_t first, std::uint64_t blocks,
                            unsigned int* out)
{
    element_blocks<poisson_sampler>(f, first, blocks, out);
}

void binomial_parameters_blocks(const samplers::binomial_parameters& f, std::uint64_t first, std::uint64_t blocks,
                                unsigned int* out)
{
    element_blocks<binomial_sampler>(f, first, blocks, out);
}

#else // a target without vector kernels: the scalar functors, block by block

ROCDIST_SAMPLERS_WITH_COUNT_ELEMENT_BLOCKS(ROCDIST_SCALAR_BLOCKS)

#endif

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE

namespace rocdist::host::simd
{

#define ROCDIST_DISPATCH_SAMPLER_BLOCKS(name) ROCDIST_DISPATCH_BLOCKS(name, samplers::name)
ROCDIST_SAMPLERS_WITH_COUNT_ELEMENT_BLOCKS(ROCDIST_DISPATCH_SAMPLER_BLOCKS)
#undef ROCDIST_DISPATCH_SAMPLER_BLOCKS

} // namespace rocdist::host::simd

#endif // HWY_ONCE
