// The inputs of batched categorical sampling as both backends read them:
// rows of weights (float or double) or of logits (float, half or bfloat16)
// at a temperature. Each says how a stored value is read (load), which
// values are valid, how values rank for a tile's largest
// (a double; `none` when no value of the tile can be drawn), the tile's
// reference and scale from its largest, and each value's fixed point at that
// scale (distributions/row_fixed_point.hpp). The host loops and the GPU
// kernels call the same members, so the two backends agree by construction.
#pragma once

#include <cstdint>
#include <type_traits>

#include "build_config.hpp"
#include "rocdist/device/distributions/alias_table.hpp"
#include "rocdist/device/distributions/half_formats.hpp"
#include "rocdist/device/distributions/row_fixed_point.hpp"
#include "rocdist/rocdist.h"

namespace rocdist::backend
{

// What both backends keep of a tile between their passes.
struct row_tile_summary
{
    double        largest; // the tile's largest by rank, or the input's `none`
    std::uint64_t mass;    // the tile's fixed-point sum; once the row is combined, C_t
};

template <class T>
struct weight_rows
{
    using value_type   = T;
    using storage_type = T;
    using scale_type   = distributions::fixed_point_scale;
    static constexpr double none = 0; // the largest of a tile of zeros (-0 ranks as 0)

    const T* values;
    unsigned bits; // ceil(log2 k)

    ROCDIST_HOST_DEVICE static T load(T w) { return w; }

    // Finite and not negative (NaN fails both comparisons).
    ROCDIST_HOST_DEVICE static bool valid(T w)
    {
        if constexpr(sizeof(T) == sizeof(float))
            return w >= 0.0f && w <= 0x1.fffffep+127f;
        else
            return w >= 0.0 && w <= 0x1.fffffffffffffp+1023;
    }
    ROCDIST_HOST_DEVICE static double rank(T w) { return w; }
    ROCDIST_HOST_DEVICE double reference(double largest) const
    {
        return largest == none ? distributions::no_reference : distributions::weight_reference(largest);
    }
    ROCDIST_HOST_DEVICE scale_type scale(double largest) const
    {
        return distributions::weight_tile_scale(largest, bits);
    }
    ROCDIST_HOST_DEVICE std::uint64_t fixed_point(T w, const scale_type& s) const
    {
        return distributions::to_fixed_point(w, s);
    }
};

// Logits of `Type`: floats, or half or bfloat16 values read as the floats
// they stand for (exactly), which then give those floats' categories.
template <rocdist_value_type Type>
struct typed_logit_rows
{
    using value_type   = float;
    using storage_type = std::conditional_t<Type == ROCDIST_VALUE_FLOAT, float, std::uint16_t>;
    using scale_type   = distributions::logit_tile_scale;
    // Below every float, -inf's rank excepted: the largest of a tile of -inf logits.
    static constexpr double none = -0x1.fffffffffffffp+1023;

    const storage_type* values;
    unsigned            bits;
    double              log2e_over_temperature;

    ROCDIST_HOST_DEVICE static float load(storage_type l)
    {
        if constexpr(Type == ROCDIST_VALUE_HALF)
            return distributions::float_from_half(l);
        else if constexpr(Type == ROCDIST_VALUE_BFLOAT16)
            return distributions::float_from_bfloat16(l);
        else
            return l;
    }

    // -inf is a valid logit (probability 0); NaN and +inf are not.
    ROCDIST_HOST_DEVICE static bool valid(float l) { return l <= 0x1.fffffep+127f || l < 0; }
    ROCDIST_HOST_DEVICE static double rank(float l) { return l; }
    ROCDIST_HOST_DEVICE double reference(double largest) const
    {
        return largest == none ? distributions::no_reference
                               : distributions::logit_reference(largest, log2e_over_temperature);
    }
    ROCDIST_HOST_DEVICE scale_type scale(double largest) const
    {
        return distributions::make_logit_tile_scale(largest, log2e_over_temperature);
    }
    ROCDIST_HOST_DEVICE std::uint64_t fixed_point(float l, const scale_type& s) const
    {
        return distributions::logit_fixed_point(l, s, log2e_over_temperature, bits);
    }
};

using logit_rows = typed_logit_rows<ROCDIST_VALUE_FLOAT>;

// Whether an input is rows of logits (of any type).
template <class Input>
constexpr bool is_logit_rows = false;
template <rocdist_value_type Type>
constexpr bool is_logit_rows<typed_logit_rows<Type>> = true;

} // namespace rocdist::backend
