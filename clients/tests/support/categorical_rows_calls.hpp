// Batched categorical sampling on either backend (inputs copied into memory
// of the backend's kind, outputs read back through a guarded buffer), and
// what tests judge it by: the exact probabilities in long double, and the
// categories the definition gives (docs/categorical_rows.md), computed here
// from the library's per-element functions by a plain linear search.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "backend/categorical_row_inputs.hpp"
#include "categorical_calls.hpp"
#include "rocdist/device/distributions/row_inverse_cdf.hpp"
#include "rocdist/device/engine/curand_philox_layout.hpp"
#include "rocdist/rocdist.h"

namespace rocdist_test
{

inline rocdist_status categorical_rows(rocdist_generator g, const float* w, size_t rows, size_t k,
                                       unsigned int* out, size_t samples_per_row)
{
    return rocdist_generate_categorical_rows(g, w, rows, k, out, samples_per_row);
}
inline rocdist_status categorical_rows(rocdist_generator g, const double* w, size_t rows, size_t k,
                                       unsigned int* out, size_t samples_per_row)
{
    return rocdist_generate_categorical_rows_double(g, w, rows, k, out, samples_per_row);
}

// rows x samples_per_row categories of the rows of w (rows x k, row-major)
// from the generator's position.
template <class T>
std::vector<unsigned int> rows_vector(backend b, rocdist_generator g, const std::vector<T>& w, size_t rows,
                                      size_t samples_per_row, size_t misalign = 0)
{
    const backend_weights<T>     weights(b, w);
    backend_buffer<unsigned int> out(b, rows * samples_per_row, misalign);
    const rocdist_status status = categorical_rows(g, weights.data(), rows, w.size() / rows, out.data(), samples_per_row);
    EXPECT_EQ(status, ROCDIST_STATUS_SUCCESS) << rocdist_get_status_string(status);
    return out.outputs();
}

inline std::vector<unsigned int> logits_vector(backend b, rocdist_generator g, const std::vector<float>& logits,
                                               size_t rows, float temperature, size_t samples_per_row,
                                               size_t misalign = 0)
{
    const backend_weights<float> values(b, logits);
    backend_buffer<unsigned int> out(b, rows * samples_per_row, misalign);
    const rocdist_status         status = rocdist_generate_categorical_logits(
        g, values.data(), rows, logits.size() / rows, temperature, out.data(), samples_per_row);
    EXPECT_EQ(status, ROCDIST_STATUS_SUCCESS) << rocdist_get_status_string(status);
    return out.outputs();
}

// Row r's exact probabilities: w / sum(w), or softmax(l / t), in long double.
template <class T>
std::vector<long double> row_probabilities(const std::vector<T>& w, size_t k, size_t r)
{
    long double total = 0;
    for(size_t i = 0; i < k; ++i)
        total += w[r * k + i];
    std::vector<long double> p(k);
    for(size_t i = 0; i < k; ++i)
        p[i] = w[r * k + i] / total;
    return p;
}

inline std::vector<long double> softmax_probabilities(const std::vector<float>& logits, size_t k, size_t r,
                                                      float temperature)
{
    long double largest = -INFINITY;
    for(size_t i = 0; i < k; ++i)
        largest = std::max<long double>(largest, logits[r * k + i]);
    std::vector<long double> p(k);
    long double              total = 0;
    for(size_t i = 0; i < k; ++i)
    {
        p[i] = std::exp((static_cast<long double>(logits[r * k + i]) - largest) / temperature);
        total += p[i];
    }
    for(long double& x : p)
        x /= total;
    return p;
}

// The definition, written out once more: per tile of 4096 the largest by
// rank and the fixed-point values; the row's reference and cumulative
// masses M_i; sample j takes the first i with M_i > floor(x W / 2^64).
template <class Input>
class reference_rows
{
public:
    // The cumulative masses of row r of rows of k values.
    reference_rows(Input in, size_t k, size_t r) : masses_(k)
    {
        using rocdist::distributions::row_tile_size;
        in.bits                       = rocdist::distributions::category_bits(k);
        const auto*         v         = in.values + r * k;
        const size_t        tiles     = (k + row_tile_size - 1) / row_tile_size;
        std::vector<double> largest(tiles, Input::none);
        double              reference = rocdist::distributions::no_reference;
        for(size_t i = 0; i < k; ++i)
            largest[i / row_tile_size] = std::max(largest[i / row_tile_size], Input::rank(v[i]));
        for(size_t t = 0; t < tiles; ++t)
            reference = std::max(reference, in.reference(largest[t]));
        std::uint64_t before = 0;
        for(size_t t = 0; t < tiles; ++t)
        {
            const unsigned shift = rocdist::distributions::tile_shift(reference, in.reference(largest[t]));
            std::uint64_t  q     = 0;
            for(size_t i = t * row_tile_size; i < std::min(k, (t + 1) * row_tile_size); ++i)
            {
                if(largest[t] != Input::none)
                    q += in.fixed_point(v[i], in.scale(largest[t]));
                masses_[i] = before + rocdist::distributions::shifted_mass(q, shift);
            }
            before = masses_[std::min(k, (t + 1) * row_tile_size) - 1];
        }
    }

    const std::vector<std::uint64_t>& cumulative() const { return masses_; }
    std::uint64_t                     total() const { return masses_.back(); }

    unsigned int category(std::uint64_t bits) const
    {
        const std::uint64_t target = rocdist::distributions::row_target(bits, total());
        unsigned int        i      = 0;
        while(masses_[i] <= target)
            ++i;
        return i;
    }

private:
    std::vector<std::uint64_t> masses_;
};

// What the definition draws for rows of in.values (rows x k) at seed and
// offset: every sample of every row.
template <class Input>
std::vector<unsigned int> reference_categories(const Input& in, size_t rows, size_t k, size_t samples_per_row,
                                               unsigned long long seed, unsigned long long offset)
{
    const rocdist::engine::philox_key key = rocdist::engine::philox_key_from_seed(seed);
    std::vector<unsigned int>         out;
    for(size_t r = 0; r < rows; ++r)
    {
        const reference_rows<Input> row(in, k, r);
        for(size_t j = 0; j < samples_per_row; ++j)
            out.push_back(row.category(rocdist::engine::double_bits(key, offset + r * samples_per_row + j)));
    }
    return out;
}

} // namespace rocdist_test
