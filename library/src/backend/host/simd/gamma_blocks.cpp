// The host backend's gamma kernel (run_blocks in block_kernels.hpp), float
// and double, compiled once for each Highway target like block_kernels.cpp.
// A vector target takes the first attempts of Lanes(d32) packets (4
// Lanes(d32) floats or 2 Lanes(d32) doubles) at once, packet i in 32-bit
// lane i (rocdist/device/blocks/gamma_words.hpp): blocks 1 and 2 of the packets' group
// substreams, their Philox rounds interleaved, and block 0 below shape 1.
// Floats: the normals from words 0-1 of blocks 1 and 2 by the vector
// Box-Muller of the normals (first and second normal of each pair), U from
// words 2 and 3. Doubles, in 64-bit lanes (paired_words: even packets,
// then odd ones): the pair from block 1 by the vector double Box-Muller, U
// from words 0-1 and 2-3 of block 2. Then the attempts in the lanes
// (gamma_lanes.hpp). Rejected elements (1.4% at shape 2.5, 2.7% at 0.5)
// queue up and take their first retry a vector at a time from their own
// substreams (block 0 for floats, blocks 0 and 1 for doubles, gathered
// counters); those rejected again finish in scalar retries, exactly where
// the functor's retries would. Beta and Dirichlet take either the variates
// or, through the same attempts, their scaled logarithms (run_scaled_logs).
// This file is compiled with -ffp-contract=off, as block_kernels.cpp is.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <type_traits>
#include <vector>

#include "backend/host/simd/block_kernels.hpp"
#include "build_config.hpp"
#include "rocdist/device/blocks/gamma_functor.hpp"
#include "rocdist/device/distributions/normalised_gammas.hpp"
#include "rocdist/device/engine/substream.hpp"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "backend/host/simd/gamma_blocks.cpp"
#include <hwy/foreach_target.h>

#include <hwy/highway.h>

#include "backend/host/simd/box_muller_lanes.hpp"
#include "backend/host/simd/gamma_lanes.hpp"
#include "backend/host/simd/philox_lanes.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

#if HWY_TARGET & ROCDIST_HOST_SIMD_TARGETS

// The parameters of a functor's element: the call's for one shape...
template <class T>
distributions::gamma_params<T> element_params(const blocks::gamma_functor<T>& f, std::uint64_t)
{
    return f.params;
}

// ...or the element's own; elements outside the call (those of a partial
// block at either end, computed and dropped) take shape 1.
template <class T>
distributions::gamma_params<T> element_params(const blocks::gamma_shapes_functor<T>& f, std::uint64_t i)
{
    return f.shapes.has(i) ? f.shapes.at(i)
                           : distributions::make_gamma_params(T(1), f.shapes.scale, f.shapes.log_scale);
}

template <class T>
distributions::gamma_params<T> element_params(const blocks::gamma_cycle_functor<T>& f, std::uint64_t i)
{
    return f.shapes.at(i);
}

// The call's scale and its logarithm (1 and 0 for beta's and Dirichlet's).
template <class T>
struct scaling
{
    T scale, log_scale;
};
template <class T>
scaling<T> call_scaling(const blocks::gamma_functor<T>& f)
{
    return {f.params.scale, f.params.log_scale};
}
template <class T>
scaling<T> call_scaling(const blocks::gamma_shapes_functor<T>& f)
{
    return {f.shapes.scale, f.shapes.log_scale};
}
template <class T>
scaling<T> call_scaling(const blocks::gamma_cycle_functor<T>&)
{
    return {T(1), T(0)};
}

// The parameters of a group's attempts, one per element (at most 4
// Lanes(d32)), as arrays the lanes load (distributions::gamma_params'
// fields; boost as a lane mask).
template <class T>
struct attempt_params
{
    using U = hwy::MakeUnsigned<T>;
    HWY_ALIGN T c[4 * max_lanes];
    HWY_ALIGN T d[4 * max_lanes];
    HWY_ALIGN T half_defect[4 * max_lanes];
    HWY_ALIGN T inv_shape[4 * max_lanes];
    HWY_ALIGN U boost[4 * max_lanes];

    void set(std::size_t at, const distributions::gamma_params<T>& p)
    {
        c[at]           = p.c;
        d[at]           = p.d;
        half_defect[at] = p.half_defect;
        inv_shape[at]   = p.inv_shape;
        boost[at]       = p.boost ? ~U{0} : U{0};
    }
    void copy(std::size_t to, const attempt_params& from, std::size_t at)
    {
        c[to]           = from.c[at];
        d[to]           = from.d[at];
        half_defect[to] = from.half_defect[at];
        inv_shape[to]   = from.inv_shape[at];
        boost[to]       = from.boost[at];
    }
};

// distributions::make_gamma_params of each lane's double shape into
// entries at .. at + Lanes(dd) - 1 of a, operation for operation (this file
// is compiled without contraction, and every operation is correctly
// rounded), so the same bits; true where some lane's shape is below 1.
template <class DD>
HWY_INLINE bool set_lanes(DD dd, attempt_params<double>& a, std::size_t at, hn::Vec<DD> shape)
{
    const hn::RebindToUnsigned<DD> du;
    const auto                     one   = hn::Set(dd, 1.0);
    const auto                     three = hn::Set(dd, 3.0);
    const auto                     boost = hn::Lt(shape, one);
    const auto d = hn::Sub(hn::Add(shape, hn::IfThenElseZero(boost, one)), hn::Set(dd, 1.0 / 3.0));
    const auto s = hn::Sqrt(d);
    const auto c = hn::Div(one, hn::Mul(three, s));
    const auto t = hn::Mul(hn::Mul(three, c), s);
    hn::Store(d, dd, a.d + at);
    hn::Store(c, dd, a.c + at);
    hn::Store(hn::Mul(hn::Set(dd, 0.5), hn::Sub(one, hn::Mul(t, t))), dd, a.half_defect + at);
    hn::Store(hn::Div(one, shape), dd, a.inv_shape + at);
    hn::Store(hn::VecFromMask(du, hn::RebindMask(du, boost)), du, a.boost + at);
    return !hn::AllFalse(dd, boost);
}

// The same for float shapes: make_gamma_params<float>'s arithmetic in
// double (d, c and the defect rounded to float where it rounds them), on
// double lanes, half the float vector at a time; 1 / a a float division.
// Without them, the scalar parameters took most of a float call's time (a
// double square root and two divisions per element).
template <class DF>
HWY_INLINE bool set_lanes(DF df, attempt_params<float>& a, std::size_t at, hn::Vec<DF> shape)
{
    const hn::RebindToUnsigned<DF>       du;
    const hn::Half<DF>                   dh;
    const hn::Rebind<double, decltype(dh)> dd;
    const auto                           one   = hn::Set(dd, 1.0);
    const auto                           three = hn::Set(dd, 3.0);
    const auto                           boost = hn::Lt(shape, hn::Set(df, 1.0f));
    const auto set_half = [&](hn::Vec<decltype(dh)> half_shape, std::size_t to) {
        const auto x = hn::PromoteTo(dd, half_shape);
        const auto d = hn::DemoteTo(dh, hn::Sub(hn::Add(x, hn::IfThenElseZero(hn::Lt(x, one), one)),
                                                hn::Set(dd, 1.0 / 3.0)));
        const auto s = hn::Sqrt(hn::PromoteTo(dd, d));
        const auto c = hn::DemoteTo(dh, hn::Div(one, hn::Mul(three, s)));
        const auto t = hn::Mul(hn::Mul(three, hn::PromoteTo(dd, c)), s);
        hn::StoreU(d, dh, a.d + to);
        hn::StoreU(c, dh, a.c + to);
        hn::StoreU(hn::DemoteTo(dh, hn::Mul(hn::Set(dd, 0.5), hn::Sub(one, hn::Mul(t, t)))), dh, a.half_defect + to);
    };
    set_half(hn::LowerHalf(dh, shape), at);
    set_half(hn::UpperHalf(dh, shape), at + hn::Lanes(dh));
    hn::Store(hn::Div(hn::Set(df, 1.0f), shape), df, a.inv_shape + at);
    hn::Store(hn::VecFromMask(du, hn::RebindMask(du, boost)), du, a.boost + at);
    return !hn::AllFalse(df, boost);
}

// The attempts whose parameters are entries at .. at + Lanes(dt) - 1.
template <class DT>
HWY_INLINE hn::Vec<DT> gamma_attempt_at(DT dt, const attempt_params<hn::TFromD<DT>>& a, std::size_t at,
                                        scaling<hn::TFromD<DT>> scales, hn::Vec<DT> z,
                                        hn::Vec<hn::RebindToUnsigned<DT>> u,
                                        hn::Vec<hn::RebindToUnsigned<DT>> boost_word, hn::Vec<DT>& dv,
                                        hn::Vec<DT>& power, hn::Vec<DT>& log_boost, hn::Mask<DT>& rejected,
                                        hn::Mask<DT>& wide)
{
    const hn::RebindToUnsigned<DT> du;
    const auto                     boost = hn::RebindMask(dt, hn::Ne(hn::Load(du, a.boost + at), hn::Zero(du)));
    return gamma_attempt(dt, hn::Load(dt, a.c + at), hn::Load(dt, a.d + at), hn::Load(dt, a.half_defect + at), boost,
                         hn::Load(dt, a.inv_shape + at), scales.scale, scales.log_scale, z, u, boost_word, dv, power,
                         log_boost, rejected, wide);
}

// distributions::gamma_scaled_log of n elements (a multiple of
// Lanes(ScalableTag<double>)) into out, from their log(d v) and log U'
// (0 where the shape is 1 or more) in the kernel's type T and their weight
// 2^-64 / a in double: the promotion and the 2^-64 are exact, and the
// product and the sum are the scalar code's, so a value differs from the
// scalar one only by the logarithms' roundings.
template <class T>
HWY_INLINE void scaled_logs(const T* log_dv, const T* log_u, const double* weight, std::size_t n, double* out)
{
    const hn::ScalableTag<double>     dd;
    const hn::Rebind<T, decltype(dd)> dt;
    const auto                        promote = [&](const T* p) {
        if constexpr(sizeof(T) == sizeof(float))
            return hn::PromoteTo(dd, hn::LoadU(dt, p));
        else
            return hn::LoadU(dd, p);
    };
    for(std::size_t j = 0; j < n; j += hn::Lanes(dd))
    {
        const auto l = hn::Mul(promote(log_dv + j), hn::Set(dd, 0x1p-64));
        hn::StoreU(hn::Add(l, hn::Mul(promote(log_u + j), hn::LoadU(dd, weight + j))), dd, out + j);
    }
}

// The first retry of elements[0 .. count), count <= Lanes(dt): its normal
// z, U's word or 53 bits u and U''s ub in lane i for elements[i] (floats:
// block 0's words 0-1, 2, 3; doubles: block 0's pair, block 1's words 0-1
// and 2-3).
template <class DT>
HWY_INLINE void retry_inputs(DT dt, const philox_round_keys& keys, std::uint32_t word1,
                             const std::uint64_t* elements, std::size_t count, hn::Vec<DT>& z,
                             hn::Vec<hn::RebindToUnsigned<DT>>& u, hn::Vec<hn::RebindToUnsigned<DT>>& ub)
{
    const d32_t d;
    v32_t       w0, w1, w2, w3;
    if constexpr(sizeof(hn::TFromD<DT>) == 4)
    {
        substream_blocks(d, keys, word1, 0, elements, count, w0, w1, w2, w3);
        hn::Vec<DT> unused;
        box_muller(dt, w0, w1, z, unused);
        u = w2, ub = w3;
    }
    else
    {
        const hn::RebindToUnsigned<DT> du;
        substream_blocks<2>(d, keys, word1, 0, elements, count, w0, w1, w2, w3);
        hn::Vec<decltype(du)> x, y;
        paired_words(d, w0, w1, w2, w3, x, y, u, ub);
        hn::Vec<DT> unused;
        box_muller(dt, bits53(du, x), bits53(du, y), z, unused);
        u = bits53(du, u), ub = bits53(du, ub);
    }
}

// The first attempts of a functor's packets, their rejected elements queued
// for their retries; Finish (blocks::gamma_variates or, for the cycle
// functor, blocks::gamma_scaled_logs) says what an accepted attempt
// becomes, of type R.
template <class Functor, class Finish>
class gamma_packets
{
    using T    = typename Functor::value_type;
    using R    = typename Finish::type;
    using dt_t = hn::ScalableTag<T>;
    using vt_t = hn::Vec<dt_t>;
    using mt_t = hn::Mask<dt_t>;
    using U    = hwy::MakeUnsigned<T>;

    static constexpr bool one_shape = std::is_same_v<Functor, blocks::gamma_functor<T>>;
    static constexpr bool logs      = std::is_same_v<Finish, blocks::gamma_scaled_logs<T>>;
    static_assert(!logs || std::is_same_v<Functor, blocks::gamma_cycle_functor<T>>,
                  "scaled logarithms are beta's and Dirichlet's, whose shapes cycle and whose scale is 1");

public:
    explicit gamma_packets(const Functor& f) : f_(f), keys_(f.key)
    {
        if constexpr(one_shape)
        {
            for(std::size_t i = 0; i < 4 * hn::Lanes(dt_t()); ++i)
                group_.set(i, f.params);
            any_boost_ = f.params.boost;
        }
        if constexpr(std::is_same_v<Functor, blocks::gamma_cycle_functor<T>>)
        {
            // Successive groups start 4 L apart in the cycle of k shapes, so
            // at k / gcd(k, 4 L) places (5 for Dirichlet's k = 10 and 4 L =
            // 32), each a multiple of the gcd past the first group's start.
            const std::uint64_t step = std::gcd(f.shapes.k, std::uint64_t{4 * hn::Lanes(dt_t())});
            if(f.shapes.k / step <= max_cycle_groups)
            {
                cycle_step_ = step;
                cycle_groups_.resize(f.shapes.k / step);
            }
        }
    }

    // Packets first .. first + Lanes(d32) - 1 to dst[0 .. 4 Lanes(dt)).
    void first_attempts(std::uint64_t first, R* dst)
    {
        constexpr std::uint32_t group = 0x80000000u | static_cast<std::uint32_t>(engine::substream_tag::gamma_group);
        const d32_t             d;
        const dt_t              dt;
        const std::size_t       L             = hn::Lanes(dt);
        const std::uint64_t     first_element = Functor::outputs_per_block * first;
        if constexpr(!one_shape)
        {
            // Element first_element + 4 i + q at entry q L + i.
            if constexpr(std::is_same_v<Functor, blocks::gamma_cycle_functor<T>>)
            {
                // A group's entries depend only on where in the cycle it
                // starts: one that starts where the last did has them already
                // (every group of beta's cycle of two, and of any cycle
                // whose length divides 4 L), and one that starts where an
                // earlier one did takes them from cycle_groups_. The position
                // is stepped, not divided, element to element.
                std::uint64_t at = first_element % f_.shapes.k;
                if(at != group_start_)
                {
                    group_start_       = at;
                    cycle_group* saved = cycle_groups_.empty()
                                             ? nullptr
                                             : &cycle_groups_[at / cycle_step_ % cycle_groups_.size()];
                    if(saved != nullptr && saved->start == at)
                    {
                        group_     = saved->params;
                        any_boost_ = saved->any_boost;
                        if constexpr(logs)
                            std::memcpy(weight_, saved->weight, sizeof weight_);
                    }
                    else
                    {
                        any_boost_ = false;
                        for(std::size_t i = 0; i < 4 * L; ++i)
                        {
                            const distributions::gamma_params<T>& p = f_.shapes.params[at];
                            group_.set(i % 4 * L + i / 4, p);
                            if constexpr(logs)
                                weight_[i] = log_weight(p);
                            any_boost_ = any_boost_ || p.boost;
                            at         = at + 1 == f_.shapes.k ? 0 : at + 1;
                        }
                        if(saved != nullptr)
                        {
                            saved->start     = group_start_;
                            saved->params    = group_;
                            saved->any_boost = any_boost_;
                            std::memcpy(saved->weight, weight_, sizeof weight_);
                        }
                    }
                }
            }
            else if constexpr(std::is_same_v<Functor, blocks::gamma_shapes_functor<T>>)
            {
                // Shapes of elements 4 i + q to lane i of vector q.
                const std::uint64_t j = first_element - f_.shapes.first;
                if(f_.shapes.count >= 4 * L && j <= f_.shapes.count - 4 * L)
                {
                    vt_t s0, s1, s2, s3;
                    hn::LoadInterleaved4(dt, f_.shapes.shapes + j, s0, s1, s2, s3);
                    any_boost_ = set_lanes(dt, group_, 0 * L, s0) | set_lanes(dt, group_, 1 * L, s1)
                                 | set_lanes(dt, group_, 2 * L, s2) | set_lanes(dt, group_, 3 * L, s3);
                }
                else
                    set_elements(first_element);
            }
            else
                set_elements(first_element);
        }
        v32_t a0, a1, a2, a3, b0, b1, b2, b3;
        substream_counters(d, 1, group, first, a0, a1, a2, a3);
        substream_counters(d, 2, group, first, b0, b1, b2, b3);
        philox_rounds2(d, keys_, a0, a1, a2, a3, b0, b1, b2, b3);
        v32_t c0 = hn::Zero(d), c1 = c0, c2 = c0, c3 = c0;
        if(any_boost_)
        {
            substream_counters(d, 0, group, first, c0, c1, c2, c3);
            philox_rounds(d, keys_, c0, c1, c2, c3);
        }
        vt_t                                z0, z1, z2, z3;
        hn::Vec<hn::RebindToUnsigned<dt_t>> u0, u1, u2, u3, ub0, ub1, ub2, ub3;
        group_inputs(dt, a0, a1, a2, a3, b0, b1, b2, b3, c0, c1, c2, c3, z0, z1, z2, z3, u0, u1, u2, u3, ub0, ub1,
                     ub2, ub3);
        vt_t             dv0, dv1, dv2, dv3, e0, e1, e2, e3, l0, l1, l2, l3;
        mt_t             x0, x1, x2, x3, w0, w1, w2, w3;
        const scaling<T> scales = call_scaling(f_);
        const auto       v0     = gamma_attempt_at(dt, group_, 0 * L, scales, z0, u0, ub0, dv0, e0, l0, x0, w0);
        const auto       v1     = gamma_attempt_at(dt, group_, 1 * L, scales, z1, u1, ub1, dv1, e1, l1, x1, w1);
        const auto       v2     = gamma_attempt_at(dt, group_, 2 * L, scales, z2, u2, ub2, dv2, e2, l2, x2, w2);
        const auto       v3     = gamma_attempt_at(dt, group_, 3 * L, scales, z3, u3, ub3, dv3, e3, l3, x3, w3);
        if constexpr(logs)
        {
            HWY_ALIGN T log_dv[4 * max_lanes], log_u[4 * max_lanes];
            hn::StoreInterleaved4(log_positive(dt, dv0), log_positive(dt, dv1), log_positive(dt, dv2),
                                  log_positive(dt, dv3), dt, log_dv);
            hn::StoreInterleaved4(l0, l1, l2, l3, dt, log_u);
            scaled_logs(log_dv, log_u, weight_, 4 * L, dst);
            // Only the rejections are settled: the variates themselves and
            // their wide lanes are of no concern here, and left uncomputed.
            const auto none = hn::FirstN(dt, 0);
            const auto zero = hn::Zero(dt);
            settle(zero, dv0, e0, x0, none, first_element + 0, 0, dst + 0);
            settle(zero, dv1, e1, x1, none, first_element + 1, 1, dst + 1);
            settle(zero, dv2, e2, x2, none, first_element + 2, 2, dst + 2);
            settle(zero, dv3, e3, x3, none, first_element + 3, 3, dst + 3);
        }
        else
        {
            hn::StoreInterleaved4(v0, v1, v2, v3, dt, dst);
            settle(v0, dv0, e0, x0, w0, first_element + 0, 0, dst + 0);
            settle(v1, dv1, e1, x1, w1, first_element + 1, 1, dst + 1);
            settle(v2, dv2, e2, x2, w2, first_element + 2, 2, dst + 2);
            settle(v3, dv3, e3, x3, w3, first_element + 3, 3, dst + 3);
        }
    }

    // First retries of whatever is still queued.
    void finish()
    {
        if(pending_ > 0)
            first_retries();
    }

private:
    static double log_weight(const distributions::gamma_params<T>& p)
    {
        return p.boost ? 0x1p-64 / static_cast<double>(p.shape) : 0.0;
    }

    // Element first_element + 4 i + q's parameters at entry q L + i, one
    // element at a time.
    void set_elements(std::uint64_t first_element)
    {
        const std::size_t L = hn::Lanes(dt_t());
        any_boost_          = false;
        for(std::size_t i = 0; i < 4 * L; ++i)
        {
            const distributions::gamma_params<T> p = element_params(f_, first_element + i);
            group_.set(i % 4 * L + i / 4, p);
            any_boost_ = any_boost_ || p.boost;
        }
    }
    static constexpr std::uint32_t element_word1
        = 0x80000000u | static_cast<std::uint32_t>(engine::substream_tag::gamma);

    // The lanes' attempts (gamma_attempt's value and outputs), stored.
    struct attempt_values
    {
        HWY_ALIGN T value[max_lanes];
        HWY_ALIGN T dv[max_lanes];
        HWY_ALIGN T power[max_lanes];
        HWY_ALIGN U rejected[max_lanes];
        HWY_ALIGN U wide[max_lanes];

        attempt_values(vt_t v, vt_t d_v, vt_t e, mt_t x, mt_t w)
        {
            const dt_t                       dt;
            const hn::RebindToUnsigned<dt_t> du;
            hn::Store(v, dt, value);
            hn::Store(d_v, dt, dv);
            hn::Store(e, dt, power);
            hn::Store(hn::VecFromMask(du, hn::RebindMask(du, x)), du, rejected);
            hn::Store(hn::VecFromMask(du, hn::RebindMask(du, w)), du, wide);
        }

        // gamma_variate's value where the exponent is outside (-80, 80)
        // (doubles: (-700, 700)).
        T wide_value(std::size_t i) const { return std::exp(power[i] + std::log(dv[i])); }
    };

    // Lane i's element is element0 + 4 i (parameters at entry k L + i of
    // the group's), written at at0[4 i]: the rejected ones are queued, the
    // wide ones finished in libm.
    void settle(vt_t v, vt_t dv, vt_t power, mt_t rejected, mt_t wide, std::uint64_t element0, unsigned k, R* at0)
    {
        const dt_t dt;
        if(hn::AllFalse(dt, hn::Or(rejected, wide)))
            return;
        const attempt_values a(v, dv, power, rejected, wide);
        for(std::size_t i = 0; i < hn::Lanes(dt); ++i)
        {
            if(a.rejected[i] != 0)
                queue(element0 + 4 * i, k * hn::Lanes(dt) + i, at0 + 4 * i);
            else if(a.wide[i] != 0)
                at0[4 * i] = a.wide_value(i);
        }
    }

    void queue(std::uint64_t element, std::size_t entry, R* at)
    {
        elements_[pending_] = element;
        at_[pending_]       = at;
        queued_.copy(pending_, group_, entry);
        if constexpr(logs)
            queued_weight_[pending_] = weight_[entry % hn::Lanes(dt_t()) * 4 + entry / hn::Lanes(dt_t())];
        if(++pending_ == hn::Lanes(dt_t()))
            first_retries();
    }

    void first_retries()
    {
        const dt_t                          dt;
        vt_t                                z, dv, power, log_u;
        hn::Vec<hn::RebindToUnsigned<dt_t>> u, ub;
        retry_inputs(dt, keys_, element_word1, elements_, pending_, z, u, ub);
        mt_t       rejected, wide;
        const auto v = gamma_attempt_at(dt, queued_, 0, call_scaling(f_), z, u, ub, dv, power, log_u, rejected, wide);
        HWY_ALIGN double logs_out[max_lanes];
        if constexpr(logs)
        {
            HWY_ALIGN T log_dv[max_lanes], log_boost[max_lanes];
            hn::Store(log_positive(dt, dv), dt, log_dv);
            hn::Store(log_u, dt, log_boost);
            scaled_logs(log_dv, log_boost, queued_weight_, hn::Lanes(dt), logs_out);
        }
        const attempt_values a(v, dv, power, rejected, wide);
        for(std::size_t i = 0; i < pending_; ++i)
        {
            if(a.rejected[i] != 0)
            {
                // Its further retries, where the functor's would make them.
                const distributions::gamma_params<T> p = element_params(f_, elements_[i]);
                T                                    dv_i, log_u_i;
                for(std::uint32_t j = 1; !blocks::gamma_retry_attempt(f_.key, elements_[i], j, p, dv_i, log_u_i); ++j)
                {
                }
                *at_[i] = Finish{}(p, dv_i, log_u_i);
            }
            else if constexpr(logs)
                *at_[i] = logs_out[i];
            else
                *at_[i] = a.wide[i] != 0 ? a.wide_value(i) : a.value[i];
        }
        pending_ = 0;
    }

    const Functor&    f_;
    philox_round_keys keys_;
    attempt_params<T> group_{};  // the current group's attempts
    bool              any_boost_ = false;
    // For a cycle of shapes: where in the cycle group_ starts (none yet),
    // and the groups already made at each place a group can start, where
    // there are at most max_cycle_groups such places (cycle_step_ apart).
    struct cycle_group
    {
        std::uint64_t     start = ~std::uint64_t{0};
        attempt_params<T> params{};
        bool              any_boost = false;
        HWY_ALIGN double  weight[4 * max_lanes]{};
    };
    static constexpr std::uint64_t max_cycle_groups = 16;
    std::uint64_t                  group_start_     = ~std::uint64_t{0};
    std::uint64_t                  cycle_step_      = 1;
    std::vector<cycle_group>       cycle_groups_;
    attempt_params<T> queued_{}; // the queued elements' first retries
    std::uint64_t     elements_[max_lanes];
    R*                at_[max_lanes];
    std::size_t       pending_ = 0;
    // For scaled logarithms: log_weight of the group's elements, in
    // element order, and of the queued ones.
    HWY_ALIGN double weight_[4 * max_lanes]{};
    HWY_ALIGN double queued_weight_[max_lanes]{};
};

template <class Finish, class Functor>
void run_gamma_blocks(const Functor& f, std::uint64_t first, std::uint64_t blocks, typename Finish::type* out)
{
    // A last partial group of packets is computed whole into a buffer, its
    // values copied after the queued retries (which may write into that
    // buffer) are done.
    using R                       = typename Finish::type;
    constexpr unsigned      G     = Functor::outputs_per_block;
    const std::size_t       lanes = hn::Lanes(d32_t());
    gamma_packets<Functor, Finish> packets(f);
    std::uint64_t           g = 0;
    for(; g + lanes <= blocks; g += lanes)
        packets.first_attempts(first + g, out + G * g);
    HWY_ALIGN R partial[G * max_lanes];
    if(g < blocks)
        packets.first_attempts(first + g, partial);
    packets.finish();
    if(g < blocks)
        std::memcpy(out + G * g, partial, G * (blocks - g) * sizeof(R));
}

void exps(const double* x, std::uint64_t n, double* out)
{
    const hn::ScalableTag<double> dd;
    const std::size_t             L = hn::Lanes(dd);
    std::uint64_t                 i = 0;
    for(; i + L <= n; i += L)
        hn::StoreU(hn::Exp(dd, hn::LoadU(dd, x + i)), dd, out + i);
    if(i < n)
    {
        HWY_ALIGN double tail[hn::MaxLanes(dd)] = {};
        std::memcpy(tail, x + i, (n - i) * sizeof(double));
        hn::Store(hn::Exp(dd, hn::Load(dd, tail)), dd, tail);
        std::memcpy(out + i, tail, (n - i) * sizeof(double));
    }
}

// distributions::beta_from_scaled_logs of the n pairs (sx, sy) of l, into
// out: the ratio's exponential is exps', and the rest the scalar code's
// correctly rounded operations, so the same values as run_exp and the
// scalar code.
template <class T>
void betas_from_logs(const double* l, std::uint64_t n, T* out)
{
    const hn::ScalableTag<double>     dd;
    const hn::Rebind<T, decltype(dd)> dt;
    const std::size_t                 L   = hn::Lanes(dd);
    const auto                        one = hn::Set(dd, 1.0);
    const auto                        betas = [&](const double* pairs, T* to) {
        hn::Vec<decltype(dd)> sx, sy;
        hn::LoadInterleaved2(dd, pairs, sx, sy);
        const auto t = hn::Mul(hn::Sub(sy, sx), hn::Set(dd, 0x1p64));
        const auto e = hn::Exp(dd, hn::Neg(hn::Abs(t)));
        const auto b = hn::Div(hn::IfThenElse(hn::Gt(t, hn::Zero(dd)), e, one), hn::Add(one, e));
        if constexpr(sizeof(T) == sizeof(float))
            hn::StoreU(hn::DemoteTo(dt, b), dt, to);
        else
            hn::StoreU(b, dd, to);
    };
    std::uint64_t i = 0;
    for(; i + L <= n; i += L)
        betas(l + 2 * i, out + i);
    if(i < n)
    {
        HWY_ALIGN double pairs[2 * hn::MaxLanes(dd)] = {};
        HWY_ALIGN T      tail[hn::MaxLanes(dd)];
        std::memcpy(pairs, l + 2 * i, 2 * (n - i) * sizeof(double));
        betas(pairs, tail);
        std::memcpy(out + i, tail, (n - i) * sizeof(T));
    }
}

#else // a target without vector kernels: the scalar functor, block by block

template <class Finish, class Functor>
void run_gamma_blocks(const Functor& f, std::uint64_t first, std::uint64_t blocks, typename Finish::type* out)
{
    using T = typename Functor::value_type;
    for(std::uint64_t b = 0; b < blocks; ++b)
    {
        if constexpr(std::is_same_v<Finish, blocks::gamma_variates<T>>)
            f(first + b, out + Functor::outputs_per_block * b);
        else
            blocks::gamma_packet<T>(f.key, first + b, f.shapes, Finish{}, out + Functor::outputs_per_block * b);
    }
}

void exps(const double* x, std::uint64_t n, double* out)
{
    for(std::uint64_t i = 0; i < n; ++i)
        out[i] = std::exp(x[i]);
}

template <class T>
void betas_from_logs(const double* l, std::uint64_t n, T* out)
{
    for(std::uint64_t i = 0; i < n; ++i)
        out[i] = distributions::beta_from_scaled_logs<T>(l[2 * i], l[2 * i + 1]);
}

#endif

// The gamma samplers' kernels (backend/sampler_list.hpp), and the cycle of
// beta's two shapes.
#define ROCDIST_GAMMA_VARIATE_BLOCKS(name, functor)                                                \
    void name##_blocks(const functor& f, std::uint64_t first, std::uint64_t blocks, functor::value_type* out) \
    {                                                                                              \
        run_gamma_blocks<blocks::gamma_variates<functor::value_type>>(f, first, blocks, out);     \
    }
#define ROCDIST_GAMMA_SAMPLER_BLOCKS(name) ROCDIST_GAMMA_VARIATE_BLOCKS(name, samplers::name)
ROCDIST_SAMPLERS_WITH_GAMMA_BLOCKS(ROCDIST_GAMMA_SAMPLER_BLOCKS)
ROCDIST_GAMMA_VARIATE_BLOCKS(gamma_cycle_float, blocks::gamma_cycle_functor<float>)
ROCDIST_GAMMA_VARIATE_BLOCKS(gamma_cycle_double, blocks::gamma_cycle_functor<double>)
#undef ROCDIST_GAMMA_SAMPLER_BLOCKS
#undef ROCDIST_GAMMA_VARIATE_BLOCKS

void gamma_cycle_logs(const blocks::gamma_cycle_functor<float>& f, std::uint64_t first, std::uint64_t blocks,
                      double* out)
{
    run_gamma_blocks<blocks::gamma_scaled_logs<float>>(f, first, blocks, out);
}

void gamma_cycle_double_logs(const blocks::gamma_cycle_functor<double>& f, std::uint64_t first, std::uint64_t blocks,
                             double* out)
{
    run_gamma_blocks<blocks::gamma_scaled_logs<double>>(f, first, blocks, out);
}

void float_betas_from_logs(const double* l, std::uint64_t n, float* out)
{
    betas_from_logs(l, n, out);
}

void double_betas_from_logs(const double* l, std::uint64_t n, double* out)
{
    betas_from_logs(l, n, out);
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE

namespace rocdist::host::simd
{

#define ROCDIST_DISPATCH_SAMPLER_BLOCKS(name) ROCDIST_DISPATCH_BLOCKS(name, samplers::name)
ROCDIST_SAMPLERS_WITH_GAMMA_BLOCKS(ROCDIST_DISPATCH_SAMPLER_BLOCKS)
#undef ROCDIST_DISPATCH_SAMPLER_BLOCKS
ROCDIST_DISPATCH_BLOCKS(gamma_cycle_float, blocks::gamma_cycle_functor<float>)
ROCDIST_DISPATCH_BLOCKS(gamma_cycle_double, blocks::gamma_cycle_functor<double>)
HWY_EXPORT(gamma_cycle_logs);
HWY_EXPORT(gamma_cycle_double_logs);
HWY_EXPORT(exps);
HWY_EXPORT(float_betas_from_logs);
HWY_EXPORT(double_betas_from_logs);

void run_scaled_logs(const blocks::gamma_cycle_functor<float>& f, std::uint64_t first, std::uint64_t blocks,
                     double* out)
{
    HWY_DYNAMIC_DISPATCH(gamma_cycle_logs)(f, first, blocks, out);
}

void run_scaled_logs(const blocks::gamma_cycle_functor<double>& f, std::uint64_t first, std::uint64_t blocks,
                     double* out)
{
    HWY_DYNAMIC_DISPATCH(gamma_cycle_double_logs)(f, first, blocks, out);
}

void run_exp(const double* x, std::uint64_t n, double* out)
{
    HWY_DYNAMIC_DISPATCH(exps)(x, n, out);
}

void run_betas_from_logs(const double* l, std::uint64_t n, float* out)
{
    HWY_DYNAMIC_DISPATCH(float_betas_from_logs)(l, n, out);
}

void run_betas_from_logs(const double* l, std::uint64_t n, double* out)
{
    HWY_DYNAMIC_DISPATCH(double_betas_from_logs)(l, n, out);
}

} // namespace rocdist::host::simd

#endif // HWY_ONCE
