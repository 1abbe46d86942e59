#include "backend/host/categorical_rows_host.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <type_traits>

#include "backend/host/parallel_for.hpp"
#include "backend/host/simd/categorical_rows_tiles.hpp"
#include "rocdist/device/distributions/row_inverse_cdf.hpp"
#include "rocdist/device/engine/curand_philox_layout.hpp"

namespace rocdist::host
{
namespace
{

using distributions::row_tile_size;

// The host keeps, besides each tile's largest and sum, the prefix sums of
// its runs of 64 values: a sample then recomputes one run, not its tile.
constexpr std::uint64_t run_size = 64;

// A tile costs a few microseconds: below this many a thread's start-up
// outweighs what it takes over.
constexpr std::uint64_t min_tiles_per_thread = 16;
// A sample costs a Philox block, two binary searches and a run.
constexpr std::uint64_t min_samples_per_thread = 1024;
// Samples drawn into a staging buffer (4 MiB) while their rows are in cache.
constexpr std::uint64_t max_staged_samples = std::uint64_t(1) << 20;

using tile_summary = backend::row_tile_summary;

// The largest of n values by rank, and whether all are valid, as the inputs
// define them (Input::valid, Input::rank); one loop without branches or
// early exits.
template <class Input>
bool tile_largest(const Input&, const typename Input::value_type* v, std::uint64_t n, double& largest)
{
    bool   valid = true;
    double m     = Input::none;
    for(std::uint64_t i = 0; i < n; ++i)
    {
        valid &= Input::valid(v[i]);
        const double r = Input::rank(v[i]);
        m              = r > m ? r : m;
    }
    largest = m;
    return valid;
}

// Weights: on the vector kernels (simd/categorical_rows_tiles.hpp).
bool tile_largest(const backend::weight_rows<float>&, const float* v, std::uint64_t n, double& largest)
{
    return simd::weight_tile_largest(v, n, largest);
}

bool tile_largest(const backend::weight_rows<double>&, const double* v, std::uint64_t n, double& largest)
{
    return simd::weight_tile_largest(v, n, largest);
}

// Logits (as floats): on the vector kernels too.
template <rocdist_value_type Type>
bool tile_largest(const backend::typed_logit_rows<Type>&, const float* v, std::uint64_t n, double& largest)
{
    return simd::logit_tile_largest(v, n, largest);
}

// The prefix sums of a tile's runs (runs[r]: the fixed points of its values
// through run r) and the tile's sum, below 2^64.
template <class Input>
std::uint64_t tile_run_sums(const Input& in, const typename Input::value_type* v, std::uint64_t n,
                            const typename Input::scale_type& scale, std::uint64_t* runs)
{
    std::uint64_t sum = 0;
    for(std::uint64_t begin = 0; begin < n; begin += run_size)
    {
        const std::uint64_t end = std::min(n, begin + run_size);
        for(std::uint64_t i = begin; i < end; ++i)
            sum += in.fixed_point(v[i], scale);
        runs[begin / run_size] = sum;
    }
    return sum;
}

// Weights of rows of more than one category: on the vector kernels
// (simd/categorical_rows_tiles.hpp), bit for bit the same.
template <class T>
std::uint64_t tile_run_sums(const backend::weight_rows<T>& in, const T* v, std::uint64_t n,
                            const distributions::fixed_point_scale& scale, std::uint64_t* runs)
{
    static_assert(run_size == simd::weight_run_size);
    if(in.bits == 0)
        return tile_run_sums<backend::weight_rows<T>>(in, v, n, scale, runs);
    return simd::weight_run_sums(v, n, scale, runs);
}

// Logits: on the vector kernels too, bit for bit the same.
template <rocdist_value_type Type>
std::uint64_t tile_run_sums(const backend::typed_logit_rows<Type>& in, const float* v, std::uint64_t n,
                            const distributions::logit_tile_scale& scale, std::uint64_t* runs)
{
    static_assert(run_size == simd::weight_run_size);
    return simd::logit_run_sums(v, n, scale, in.log2e_over_temperature, in.bits, runs);
}

template <class Input>
class row_sampler
{
public:
    using value_type   = typename Input::value_type;
    using storage_type = typename Input::storage_type;
    using scale_type   = typename Input::scale_type;
    // Half and bfloat16 logits are read into floats, a tile or a run at a time.
    static constexpr bool converts = !std::is_same_v<value_type, storage_type>;

    row_sampler(const Input& in, std::uint64_t rows, std::uint64_t k)
        : in_(in), k_(k), tiles_per_row_((k + row_tile_size - 1) / row_tile_size),
          runs_per_row_((k + run_size - 1) / run_size), tiles_(new tile_summary[rows * tiles_per_row_]),
          scales_(new scale_type[rows * tiles_per_row_]), shifts_(new unsigned char[rows * tiles_per_row_]),
          runs_(new std::uint64_t[rows * runs_per_row_])
    {
    }

    std::uint64_t tiles_per_row() const { return tiles_per_row_; }

    // Tile g (row g / tiles_per_row): its largest, scale, runs' prefix sums
    // and sum. False, having stored nothing useful, when a value is invalid.
    bool summarise_tile(std::uint64_t g)
    {
        const std::uint64_t row = g / tiles_per_row_, first = (g % tiles_per_row_) * row_tile_size;
        const std::uint64_t n   = std::min(row_tile_size, k_ - first);
        value_type          buffer[converts ? row_tile_size : 1];
        const value_type*   v       = values(row, first, n, buffer);
        double              largest = Input::none;
        if(!tile_largest(in_, v, n, largest))
            return false;
        std::uint64_t* runs = runs_.get() + row * runs_per_row_ + first / run_size;
        std::uint64_t  sum  = 0;
        if(largest != Input::none)
        {
            scales_[g] = in_.scale(largest);
            sum        = tile_run_sums(in_, v, n, scales_[g], runs);
        }
        else
            std::fill(runs, runs + (n + run_size - 1) / run_size, std::uint64_t(0));
        tiles_[g] = {largest, sum};
        return true;
    }

    // Each tile's shift at the row's scale, and its mass replaced by C_t, the
    // row's cumulative mass through it. False for a row with nothing to draw.
    bool combine_row(std::uint64_t row)
    {
        tile_summary*  t         = tiles_.get() + row * tiles_per_row_;
        unsigned char* shift     = shifts_.get() + row * tiles_per_row_;
        double         reference = distributions::no_reference;
        for(std::uint64_t i = 0; i < tiles_per_row_; ++i)
            reference = std::max(reference, in_.reference(t[i].largest));
        if(reference == distributions::no_reference)
            return false;
        std::uint64_t through = 0;
        for(std::uint64_t i = 0; i < tiles_per_row_; ++i)
        {
            shift[i] = static_cast<unsigned char>(distributions::tile_shift(reference, in_.reference(t[i].largest)));
            through += distributions::shifted_mass(t[i].mass, shift[i]);
            t[i].mass = through;
        }
        return true;
    }

    // The category of the row that 64 random bits select.
    unsigned int draw(std::uint64_t row, std::uint64_t bits) const
    {
        const tile_summary* t      = tiles_.get() + row * tiles_per_row_;
        const std::uint64_t target = distributions::row_target(bits, t[tiles_per_row_ - 1].mass);
        const std::uint64_t tile   = static_cast<std::uint64_t>(
            std::upper_bound(t, t + tiles_per_row_, target,
                             [](std::uint64_t x, const tile_summary& s) { return x < s.mass; })
            - t);
        const std::uint64_t g      = row * tiles_per_row_ + tile;
        const std::uint64_t before = tile == 0 ? 0 : t[tile - 1].mass;
        const std::uint64_t key    = distributions::tile_search_key(target, before, shifts_[g]);

        const std::uint64_t  first = tile * row_tile_size;
        const std::uint64_t  n     = std::min(row_tile_size, k_ - first);
        const std::uint64_t* runs  = runs_.get() + row * runs_per_row_ + first / run_size;
        const std::uint64_t  run   = static_cast<std::uint64_t>(
            std::lower_bound(runs, runs + (n + run_size - 1) / run_size, key) - runs);
        std::uint64_t        through = run == 0 ? 0 : runs[run - 1];

        const std::uint64_t run_n = std::min(run_size, n - run * run_size);
        value_type          buffer[converts ? run_size : 1];
        const value_type*   v = values(row, first + run * run_size, run_n, buffer);
        // The run's prefix sum reaches the key, so the walk ends inside it.
        // A logit's fixed point costs ten 64-bit products: the run's are
        // computed on the vector kernels first. A weight's is one product.
        std::uint64_t i = 0;
        if constexpr(backend::is_logit_rows<Input>)
        {
            std::uint64_t fixed_points[run_size];
            simd::logit_fixed_points(v, run_n, scales_[g], in_.log2e_over_temperature, in_.bits, fixed_points);
            while((through += fixed_points[i]) < key)
                ++i;
        }
        else
        {
            while((through += in_.fixed_point(v[i], scales_[g])) < key)
                ++i;
        }
        return static_cast<unsigned int>(first + run * run_size + i);
    }

private:
    // n values of a row from `first`: the input's own, or read into buffer.
    const value_type* values(std::uint64_t row, std::uint64_t first, std::uint64_t n, value_type* buffer) const
    {
        const storage_type* v = in_.values + row * k_ + first;
        if constexpr(converts)
        {
            for(std::uint64_t i = 0; i < n; ++i)
                buffer[i] = Input::load(v[i]);
            return buffer;
        }
        else
            return v;
    }

    Input                            in_;
    std::uint64_t                    k_, tiles_per_row_, runs_per_row_;
    std::unique_ptr<tile_summary[]>  tiles_;
    std::unique_ptr<scale_type[]>    scales_; // of tiles with something to draw
    std::unique_ptr<unsigned char[]> shifts_;
    std::unique_ptr<std::uint64_t[]> runs_;
};

// Runs check(i) for every i < count on all cores; whether every call
// returned true.
template <class Check>
bool all_pass(std::uint64_t count, Check check)
{
    std::atomic<bool> failed{false};
    parallel_for(
        count,
        [&](std::uint64_t i) {
            if(!check(i))
                failed.store(true, std::memory_order_relaxed);
        },
        min_tiles_per_thread);
    return !failed.load();
}

} // namespace

template <class Input>
rocdist_status generate_categorical_rows(const Input& in, std::uint64_t rows, std::uint64_t k,
                                         unsigned int* out, std::uint64_t samples_per_row,
                                         engine::philox_key key, std::uint64_t offset)
{
    row_sampler<Input> sampler(in, rows, k);
    const std::uint64_t n = rows * samples_per_row;

    // Rows of one tile, with few samples: each row is checked, summed and
    // sampled while it is in L1, into a staging buffer that is copied out
    // once every row has passed (drawn later, each sample's run would be a
    // cache miss).
    if(sampler.tiles_per_row() == 1 && n <= max_staged_samples)
    {
        const std::unique_ptr<unsigned int[]> staged(new unsigned int[n]);
        const bool valid = all_pass(rows, [&](std::uint64_t row) {
            if(!sampler.summarise_tile(row) || !sampler.combine_row(row))
                return false;
            for(std::uint64_t s = row * samples_per_row; s < (row + 1) * samples_per_row; ++s)
                staged[s] = sampler.draw(row, engine::double_bits(key, offset + s));
            return true;
        });
        if(!valid)
            return ROCDIST_STATUS_INVALID_VALUE;
        std::copy(staged.get(), staged.get() + n, out);
        return ROCDIST_STATUS_SUCCESS;
    }

    // Every value is checked, and every row combined, before anything is written.
    if(!all_pass(rows * sampler.tiles_per_row(), [&](std::uint64_t g) { return sampler.summarise_tile(g); })
       || !all_pass(rows, [&](std::uint64_t row) { return sampler.combine_row(row); }))
        return ROCDIST_STATUS_INVALID_VALUE;

    // Samples by engine block: block b of the double stream holds the bits
    // of elements 2b and 2b + 1, sample s being element offset + s.
    const std::uint64_t first = offset / 2, last = (offset + n - 1) / 2;
    parallel_for(
        last - first + 1,
        [&](std::uint64_t q) {
            const engine::philox_words r = engine::double_block(key, first + q);
            for(unsigned lane = 0; lane < 2; ++lane)
            {
                const std::uint64_t s = 2 * (first + q) + lane - offset;
                if(s < n) // wraps past n for the element before offset
                    out[s] = sampler.draw(s / samples_per_row,
                                          r.w[2 * lane] | static_cast<std::uint64_t>(r.w[2 * lane + 1]) << 32);
            }
        },
        min_samples_per_thread / 2);
    return ROCDIST_STATUS_SUCCESS;
}

template rocdist_status generate_categorical_rows(const backend::weight_rows<float>&, std::uint64_t, std::uint64_t,
                                                  unsigned int*, std::uint64_t, engine::philox_key, std::uint64_t);
template rocdist_status generate_categorical_rows(const backend::weight_rows<double>&, std::uint64_t, std::uint64_t,
                                                  unsigned int*, std::uint64_t, engine::philox_key, std::uint64_t);
template rocdist_status generate_categorical_rows(const backend::logit_rows&, std::uint64_t, std::uint64_t,
                                                  unsigned int*, std::uint64_t, engine::philox_key, std::uint64_t);
template rocdist_status generate_categorical_rows(const backend::typed_logit_rows<ROCDIST_VALUE_HALF>&,
                                                  std::uint64_t, std::uint64_t, unsigned int*, std::uint64_t,
                                                  engine::philox_key, std::uint64_t);
template rocdist_status generate_categorical_rows(const backend::typed_logit_rows<ROCDIST_VALUE_BFLOAT16>&,
                                                  std::uint64_t, std::uint64_t, unsigned int*, std::uint64_t,
                                                  engine::philox_key, std::uint64_t);

} // namespace rocdist::host
