// Token sampling's rows as both backends read them: logits of one of three
// types made floats, and what a row's largest logit and parameters fix
// before its filters run (docs/token_sampling.md). The host loops and the
// GPU kernels call the same members, so the two backends agree by
// construction.
#pragma once

#include <cstdint>

#include "build_config.hpp"
#include "rocdist/device/distributions/half_formats.hpp"
#include "rocdist/device/distributions/row_fixed_point.hpp"
#include "rocdist/device/distributions/token_filters.hpp"
#include "rocdist/device/engine/curand_philox_layout.hpp"
#include "rocdist/rocdist.h"

namespace rocdist::backend
{

// Logit i of a rows x vocab array of `type`, as a float (exactly).
struct token_logits
{
    const void*        values;
    rocdist_value_type type;

    ROCDIST_HOST_DEVICE float operator()(std::uint64_t i) const
    {
        if(type == ROCDIST_VALUE_FLOAT)
            return static_cast<const float*>(values)[i];
        const std::uint16_t bits = static_cast<const std::uint16_t*>(values)[i];
        return type == ROCDIST_VALUE_HALF ? distributions::float_from_half(bits)
                                          : distributions::float_from_bfloat16(bits);
    }
};

// Bytes of one logit of `type`.
ROCDIST_HOST_DEVICE std::uint64_t token_logit_bytes(rocdist_value_type type)
{
    return type == ROCDIST_VALUE_FLOAT ? 4 : 2;
}

// Where each row's uniform comes from: the generator's stream at offset + r,
// or the row's own (seed, position).
struct token_streams
{
    engine::philox_key        key; // the generator's
    std::uint64_t             offset;
    const unsigned long long* row_seeds; // both NULL or both given
    const unsigned long long* row_positions;

    // The 64 bits of the row's uniform double (as a categorical sample takes them).
    ROCDIST_HOST_DEVICE std::uint64_t bits(std::uint64_t row) const
    {
        if(row_seeds == nullptr)
            return engine::double_bits(key, offset + row);
        return engine::double_bits(engine::philox_key_from_seed(row_seeds[row]), row_positions[row]);
    }
};

// One call's rows, as generator.cpp hands them to a backend.
struct token_batch
{
    token_logits                logits;
    std::uint64_t               rows, vocab;
    const rocdist_token_params* params;
    token_streams               streams;
    unsigned int*               tokens;
};

ROCDIST_HOST_DEVICE distributions::token_filter_params filter_params(const rocdist_token_params& p)
{
    return {p.temperature, p.top_k, p.top_p, p.min_p};
}

// A row's filters once its largest logit is known: the weight of each
// logit, the largest weight, and min-p's least weight.
struct token_row
{
    double                           c; // log2(e) / temperature
    unsigned                         bits;
    distributions::logit_tile_scale scale;
    std::uint64_t                    largest_weight;
    std::uint64_t                    least_weight; // min-p's cut: kept tokens weigh at least this

    ROCDIST_HOST_DEVICE std::uint64_t weight(float logit) const
    {
        return distributions::logit_fixed_point(logit, scale, c, bits);
    }
};

// temperature > 0; largest finite.
ROCDIST_HOST_DEVICE token_row make_token_row(const distributions::token_filter_params& p, float largest,
                                             std::uint64_t vocab)
{
    token_row row{};
    row.c              = distributions::log2e_over_temperature(p.temperature);
    row.bits           = distributions::category_bits(vocab);
    row.scale          = distributions::make_logit_tile_scale(largest, row.c);
    row.largest_weight = row.weight(largest);
    row.least_weight   = p.min_p > 0.0f ? distributions::scaled_ceil(row.largest_weight, p.min_p) : 0;
    return row;
}

// Whether top-k cuts the row: k of 0, or at least the vocabulary, keeps all.
ROCDIST_HOST_DEVICE bool top_k_cuts(std::uint32_t top_k, std::uint64_t vocab)
{
    return top_k != 0 && top_k < vocab;
}

} // namespace rocdist::backend
