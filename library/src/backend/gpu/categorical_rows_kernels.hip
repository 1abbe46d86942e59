// Batched categorical sampling on GPUs, compiled by hipcc and nvcc from this
// one source. One design serves many short rows and few long ones (short
// rows drawn a few times excepted, below): the unit of work is a tile of
// 4096 categories of a row (distributions/row_fixed_point.hpp), one block
// of 256 threads, 16 values per thread, so a call has rows x ceil(k / 4096)
// tiles of work whatever its shape.
//
//  1. summarise_tiles: each tile's values are read once, checked, and
//     reduced to the tile's largest and fixed-point sum; a flag is raised
//     for an invalid input, and every later pass reads it and does nothing
//     when it is raised. In rows of several tiles, the block that
//     summarises a row's last tile to finish combines the row: its
//     reference and cumulative tile masses C_t and, when the row is drawn
//     at most few_samples times, each sample's tile (binary search over C),
//     the row's samples sorted by tile;
//  2. only for rows of several tiles drawn more often: the samples find
//     their tiles and are grouped by tile by a counting sort (counts, a
//     device-wide scan, a scatter);
//  3. draw_samples: each tile holding samples is read a second time, its
//     prefix sums built in shared memory, and its samples found in them by
//     binary search. A block takes at most 16384 of a tile's samples; a tile
//     with more is read once more per further 16384.
// So a call is two kernels unless its rows are of several tiles and drawn
// more than few_samples times, and seven then. Two is the least: a call
// with an invalid value anywhere writes nothing, so no sample is written
// before the first pass has checked every value.
//
// Short rows (at most warp_row_categories, drawn at most warp_row_samples
// times) take another path, of two kernels too: draw_warp_rows, a warp per
// row, checks, sums and draws each row in one pass into scratch, and
// copy_staged copies the samples out when no row was invalid. A block per
// tile would leave most of its threads idle there and wait at barriers; a
// warp reduces by shuffles alone, and a wave of warps holds thousands of
// rows at once. Its categories are the tile path's: the same fixed points,
// sums and keys.
//
// All of it is queued at once, and the call waits once, at the end, to
// read the flag: the host waits for the GPU a single time per call. Blocks
// cooperate through __shared__ memory and barriers (block_collectives.hpp);
// the largest and the sums, whose order does not matter, are reduced within
// warps by shuffles first, over the warp size the runtime queries, so the
// results are the same for 32 and 64 lanes.

#include "backend/categorical_row_inputs.hpp"
#include "backend/gpu/block_collectives.hpp"
#include "backend/gpu/device_guard.hpp"
#include "backend/gpu/device_scan.hpp"
#include "backend/gpu/generator_scratch.hpp"
#include "backend/gpu/gpu_backend.hpp"
#include "backend/gpu/grid_stride.hpp"
#include "backend/gpu/launch_shape.hpp"
#include "backend/gpu/runtime.hpp"
#include "rocdist/device/distributions/row_inverse_cdf.hpp"
#include "rocdist/device/engine/curand_philox_layout.hpp"

namespace rocdist::gpu
{
namespace
{

using backend::row_tile_summary;
using distributions::row_tile_size;

constexpr unsigned items_per_thread = row_tile_size / ROCDIST_THREADS_PER_BLOCK;
static_assert(items_per_thread * ROCDIST_THREADS_PER_BLOCK == row_tile_size);

// Samples one block draws from a tile before another block takes over.
constexpr std::uint64_t samples_per_block = 16384;

// Rows of several tiles drawn at most this often have their samples placed
// and sorted by the block that combines the row, a thread per sample.
constexpr std::uint64_t few_samples = ROCDIST_THREADS_PER_BLOCK;
static_assert(few_samples <= samples_per_block);

// Rows drawn by a warp each (draw_warp_rows): at most this many categories,
// so that a lane's run of ceil(k / warpSize) values fits in one lane each of
// a warp of 32 or more, and this many samples, a sample per lane.
constexpr std::uint64_t warp_row_categories = 1024;
constexpr std::uint64_t warp_row_samples    = 32;
static_assert(warp_row_categories <= 32 * 32 && warp_row_categories <= row_tile_size);

struct row_layout
{
    std::uint64_t rows, k, tiles_per_row, samples_per_row;

    ROCDIST_HOST_DEVICE bool warp_rows() const { return k <= warp_row_categories && samples_per_row <= warp_row_samples; }
    ROCDIST_HOST_DEVICE bool one_tile() const { return tiles_per_row == 1; }
    ROCDIST_HOST_DEVICE bool sorted_in_rows() const { return tiles_per_row > 1 && samples_per_row <= few_samples; }
};

struct maximum
{
    __device__ double operator()(double a, double b) const { return a > b ? a : b; }
};
struct plus
{
    __device__ std::uint64_t operator()(std::uint64_t a, std::uint64_t b) const { return a + b; }
};

// A tile's first reduction finds its largest rank and whether it holds an
// invalid value at once: a thread that holds one offers +inf, above every
// valid value's rank.
constexpr double invalid_rank = HUGE_VAL;

// Tile g's values: the first, how many, where.
struct tile_extent
{
    std::uint64_t row, tile, first, count;
};

__device__ tile_extent extent_of(const row_layout& layout, std::uint64_t g)
{
    const std::uint64_t row = g / layout.tiles_per_row, tile = g % layout.tiles_per_row;
    const std::uint64_t first = tile * row_tile_size;
    return {row, tile, first, layout.k - first < row_tile_size ? layout.k - first : row_tile_size};
}

// A tile's values held by this thread, items j = threadIdx.x + j x threads
// (coalesced), read as the input's values (Input::load), 0 past the tile's
// end. Every load is issued before any value is used: a use between loads
// makes each wait for the last, and a tile's reads then take sixteen memory
// latencies instead of one.
template <class Input>
__device__ void load_tile(const typename Input::storage_type* v, std::uint64_t count,
                          typename Input::value_type (&items)[items_per_thread])
{
    using T = typename Input::value_type;
    if(count == row_tile_size)
    {
        ROCDIST_UNROLL
        for(unsigned j = 0; j < items_per_thread; ++j)
            items[j] = Input::load(v[threadIdx.x + j * ROCDIST_THREADS_PER_BLOCK]);
        return;
    }
    ROCDIST_UNROLL
    for(unsigned j = 0; j < items_per_thread; ++j)
    {
        const std::uint64_t i = threadIdx.x + j * ROCDIST_THREADS_PER_BLOCK;
        items[j]              = i < count ? Input::load(v[i]) : T(0);
    }
}

// The first tile of a row whose cumulative mass exceeds target.
__device__ std::uint64_t tile_of_target(const row_tile_summary* tiles, std::uint64_t count, std::uint64_t target)
{
    std::uint64_t lo = 0, hi = count - 1; // the last tile's mass is the row's total, above every target
    while(lo < hi)
    {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if(tiles[mid].mass > target)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

// Rows drawn at most few_samples times: each sample's index, and its tile
// within its row, sorted by tile, a row's samples_per_row places per row.
struct row_sorted_samples
{
    unsigned long long* samples;
    unsigned*           tiles;
};

// The whole block, for one row of several tiles: the row's reference, and
// each tile's mass replaced by C_t; then, for rows drawn at most
// few_samples times, the samples sorted by tile. A row with nothing to
// draw raises the flag.
template <class Input>
__device__ void combine_row(const Input& in, const row_layout& layout, std::uint64_t row, row_tile_summary* tiles,
                            double* row_reference, row_sorted_samples sorted, engine::philox_key key,
                            std::uint64_t offset, unsigned* invalid)
{
    row_tile_summary* t         = tiles + row * layout.tiles_per_row;
    double            reference = distributions::no_reference;
    for(std::uint64_t i = threadIdx.x; i < layout.tiles_per_row; i += ROCDIST_THREADS_PER_BLOCK)
    {
        const double r = in.reference(t[i].largest);
        reference      = r > reference ? r : reference;
    }
    reference = block_reduce_any_order(reference, maximum{});
    if(reference == distributions::no_reference) // the same for the whole block
    {
        if(threadIdx.x == 0)
            atomicOr(invalid, 1u);
        return;
    }
    std::uint64_t carry = 0;
    for(std::uint64_t first = 0; first < layout.tiles_per_row; first += ROCDIST_THREADS_PER_BLOCK)
    {
        const std::uint64_t i     = first + threadIdx.x;
        const unsigned      shift = i < layout.tiles_per_row
                                        ? distributions::tile_shift(reference, in.reference(t[i].largest))
                                        : 64u;
        const std::uint64_t mass  = i < layout.tiles_per_row ? distributions::shifted_mass(t[i].mass, shift) : 0;
        std::uint64_t       total  = 0;
        const std::uint64_t before = block_exclusive_sum(mass, &total);
        if(i < layout.tiles_per_row)
            t[i].mass = carry + before + mass;
        carry += total;
    }
    if(threadIdx.x == 0)
        row_reference[row] = reference;
    if(!layout.sorted_in_rows())
        return;
    __syncthreads(); // every C_t is written
    // Sample j's tile, then its place: the samples of lower tiles, and those
    // of its own tile before it.
    __shared__ unsigned tile_of[few_samples];
    const std::uint64_t j    = threadIdx.x;
    const std::uint64_t s    = row * layout.samples_per_row + j;
    unsigned            tile = 0;
    if(j < layout.samples_per_row)
    {
        const std::uint64_t target
            = distributions::row_target(engine::double_bits(key, offset + s), carry); // carry: the row's total
        tile = static_cast<unsigned>(tile_of_target(t, layout.tiles_per_row, target));
        tile_of[j] = tile;
    }
    __syncthreads();
    if(j < layout.samples_per_row)
    {
        std::uint64_t place = row * layout.samples_per_row;
        for(std::uint64_t q = 0; q < layout.samples_per_row; ++q)
            place += tile_of[q] < tile || (tile_of[q] == tile && q < j);
        sorted.samples[place] = s;
        sorted.tiles[place]   = tile;
    }
    __syncthreads(); // tile_of is rewritten by the block's next row
}

// Whether the block is the last to summarise a tile of its row, once its
// thread 0 has written the block's summary: that thread counts the tile in,
// after a fence, so that the block that counts a row's last tile sees every
// summary of the row after its own fence. `last` is next written after the
// block's next reductions, whose barriers every thread passes after reading
// it.
__device__ bool last_of_row(unsigned* arrived, std::uint64_t tiles_per_row)
{
    __shared__ unsigned last;
    if(threadIdx.x == 0)
    {
        __threadfence();
        last = atomicAdd(arrived, 1u) == tiles_per_row - 1;
    }
    __syncthreads();
    if(last == 0)
        return false;
    __threadfence();
    return true;
}

// Blocks of summarise_tiles resident per multiprocessor, as many as its
// loop over tiles allows: the combination of a row, in the same kernel but
// run once per row, would otherwise take more registers than the loop.
// Only NVIDIA's bound counts blocks (build_config.hpp): unused on AMD.
template <class Input>
[[maybe_unused]] constexpr unsigned summary_blocks = 4;
template <rocdist_value_type Type>
[[maybe_unused]] constexpr unsigned summary_blocks<backend::typed_logit_rows<Type>> = 3;
template <>
[[maybe_unused]] constexpr unsigned summary_blocks<backend::weight_rows<double>> = 2;

// Each block loads its next tile while it reduces the current one, so that
// its reads stay in flight through the reductions' barriers. Rows of one
// tile take their reference from it; rows of several are combined by the
// block that finishes their last tile (arrived: each row's tiles summarised,
// zero at the start).
template <class Input>
ROCDIST_KERNEL_RESIDENT(summary_blocks<Input>)
void summarise_tiles(Input in, row_layout layout, row_tile_summary* tiles, double* row_reference, unsigned* arrived,
                     row_sorted_samples sorted, engine::philox_key key, std::uint64_t offset, unsigned* invalid)
{
    using T                        = typename Input::value_type;
    const std::uint64_t tile_count = layout.rows * layout.tiles_per_row;
    T                   next[items_per_thread] = {};
    tile_extent         next_extent{};
    const auto          prefetch = [&](std::uint64_t g) { // past the last tile: no values, nothing read
        next_extent = g < tile_count ? extent_of(layout, g) : tile_extent{};
        load_tile<Input>(in.values + next_extent.row * layout.k + next_extent.first, next_extent.count, next);
    };
    prefetch(blockIdx.x);
    ROCDIST_BLOCK_STRIDE(g, tile_count)
    {
        const tile_extent e = next_extent;
        T                 items[items_per_thread];
        ROCDIST_UNROLL
        for(unsigned j = 0; j < items_per_thread; ++j)
            items[j] = next[j];
        prefetch(g + gridDim.x);
        // The largest by rank, compared in the value type (ranks are the
        // values, exactly) and converted once.
        bool valid = true;
        T    top   = T(-HUGE_VAL);
        ROCDIST_UNROLL
        for(unsigned j = 0; j < items_per_thread; ++j)
        {
            if(threadIdx.x + j * ROCDIST_THREADS_PER_BLOCK < e.count)
            {
                valid = valid && Input::valid(items[j]);
                top   = items[j] > top ? items[j] : top;
            }
        }
        const double     rank    = Input::rank(top);
        const double     largest = block_reduce_any_order(
            valid ? (rank > Input::none ? rank : Input::none) : invalid_rank, maximum{});
        row_tile_summary summary{Input::none, 0}; // an invalid tile's: nothing to draw
        if(largest == invalid_rank) // the same for the whole block
        {
            if(threadIdx.x == 0)
                atomicOr(invalid, 1u);
        }
        else if((summary.largest = largest) != Input::none) // likewise
        {
            const typename Input::scale_type scale = in.scale(largest);
            std::uint64_t                    sum   = 0;
            ROCDIST_UNROLL
            for(unsigned j = 0; j < items_per_thread; ++j)
            {
                if(threadIdx.x + j * ROCDIST_THREADS_PER_BLOCK < e.count)
                    sum += in.fixed_point(items[j], scale);
            }
            summary.mass = block_reduce_any_order(sum, plus{});
        }
        if(threadIdx.x == 0)
        {
            tiles[g] = summary;
            if(layout.one_tile()) // the row's reference is its tile's: nothing to combine
            {
                const double reference = in.reference(summary.largest);
                row_reference[e.row]   = reference;
                if(reference == distributions::no_reference)
                    atomicOr(invalid, 1u);
            }
        }
        if(!layout.one_tile() && last_of_row(arrived + e.row, layout.tiles_per_row))
        {
            combine_row(in, layout, e.row, tiles, row_reference, sorted, key, offset, invalid);
            // Loaded again (from cache), so that the next tile's values are
            // not held through the combination, whose registers then come
            // from those the loop needs anyway.
            prefetch(g + gridDim.x);
        }
    }
}

// Rows of several tiles drawn more than few_samples times: sample s's
// tile, counted...
ROCDIST_KERNEL void count_tile_samples(row_layout layout, const row_tile_summary* tiles, engine::philox_key key,
                                       std::uint64_t offset, const unsigned* invalid, unsigned long long* counts)
{
    if(*invalid != 0) // the tiles' masses are unfinished
        return;
    ROCDIST_GRID_STRIDE(s, layout.rows * layout.samples_per_row)
    {
        const std::uint64_t     row    = s / layout.samples_per_row;
        const row_tile_summary* t      = tiles + row * layout.tiles_per_row;
        const std::uint64_t     target = distributions::row_target(engine::double_bits(key, offset + s),
                                                                   t[layout.tiles_per_row - 1].mass);
        atomicAdd(counts + row * layout.tiles_per_row + tile_of_target(t, layout.tiles_per_row, target), 1ull);
    }
}

// ...then placed among its tile's samples (starts: the counts' exclusive
// scan; filled: zeros). The order within a tile varies from run to run; the
// categories do not, as each sample's output place is its own.
ROCDIST_KERNEL void group_tile_samples(row_layout layout, const row_tile_summary* tiles, engine::philox_key key,
                                       std::uint64_t offset, const unsigned* invalid, const unsigned long long* starts,
                                       unsigned long long* filled, unsigned long long* grouped)
{
    if(*invalid != 0)
        return;
    ROCDIST_GRID_STRIDE(s, layout.rows * layout.samples_per_row)
    {
        const std::uint64_t     row    = s / layout.samples_per_row;
        const row_tile_summary* t      = tiles + row * layout.tiles_per_row;
        const std::uint64_t     target = distributions::row_target(engine::double_bits(key, offset + s),
                                                                   t[layout.tiles_per_row - 1].mass);
        const std::uint64_t     g      = row * layout.tiles_per_row + tile_of_target(t, layout.tiles_per_row, target);
        grouped[starts[g] + atomicAdd(filled + g, 1ull)] = s;
    }
}

// Blocks each tile needs: one per samples_per_block of its samples.
ROCDIST_KERNEL void count_tile_blocks(std::uint64_t tiles, const unsigned long long* starts,
                                      unsigned long long* blocks)
{
    ROCDIST_GRID_STRIDE(g, tiles + 1)
    blocks[g] = g == tiles ? 0 : (starts[g + 1] - starts[g] + samples_per_block - 1) / samples_per_block;
}

// Where a block's samples are: rows of one tile take samples_per_block of
// a row's samples in order; rows sorted in rows take a run of one tile's
// samples from their row's sorted list; the others take them from the
// grouping.
struct sample_lists
{
    const unsigned long long* starts;       // per tile, into grouped (grouped rows)
    const unsigned long long* grouped;      // sample indices by tile (rows of several tiles)
    const unsigned long long* block_starts; // per tile and one past the last, the first block (grouped rows)
    const unsigned*           row_tiles;    // each sorted sample's tile within its row (rows sorted in rows)
    std::uint64_t             blocks;       // blocks of work in all (one tile per row, rows sorted in rows)
};

// Blocks of work in all: for grouped rows, counted on the GPU and read
// there, so that the host need not wait for the count to size a grid.
__device__ std::uint64_t blocks_of(const row_layout& layout, const sample_lists& lists)
{
    return layout.one_tile() || layout.sorted_in_rows() ? lists.blocks
                                                        : lists.block_starts[layout.rows * layout.tiles_per_row];
}

struct block_work
{
    std::uint64_t tile, begin, end; // the tile (g), and positions in its sample list
};

__device__ block_work work_of(const row_layout& layout, const sample_lists& lists, std::uint64_t b)
{
    if(layout.one_tile())
    {
        const std::uint64_t per_row = (layout.samples_per_row + samples_per_block - 1) / samples_per_block;
        const std::uint64_t row = b / per_row, begin = row * layout.samples_per_row + b % per_row * samples_per_block;
        const std::uint64_t row_end = (row + 1) * layout.samples_per_row;
        return {row, begin, row_end - begin < samples_per_block ? row_end : begin + samples_per_block};
    }
    if(layout.sorted_in_rows())
    {
        // Block b is sorted place b; it draws when it holds its tile's first
        // sample, for the row's run of samples in that tile.
        const std::uint64_t row = b / layout.samples_per_row, row_end = (row + 1) * layout.samples_per_row;
        const unsigned      tile = lists.row_tiles[b];
        if(b % layout.samples_per_row != 0 && lists.row_tiles[b - 1] == tile)
            return {0, b, b};
        std::uint64_t end = b + 1;
        while(end < row_end && lists.row_tiles[end] == tile)
            ++end;
        return {row * layout.tiles_per_row + tile, b, end};
    }
    // The last tile whose first block is b or before.
    std::uint64_t lo = 0, hi = layout.rows * layout.tiles_per_row - 1;
    while(lo < hi)
    {
        const std::uint64_t mid = lo + (hi - lo + 1) / 2;
        if(lists.block_starts[mid] <= b)
            lo = mid;
        else
            hi = mid - 1;
    }
    const std::uint64_t begin = lists.starts[lo] + (b - lists.block_starts[lo]) * samples_per_block;
    const std::uint64_t end   = lists.starts[lo + 1];
    return {lo, begin, end - begin < samples_per_block ? end : begin + samples_per_block};
}

// Where a tile's value i sits among the draws' prefix sums: each thread's
// run of items_per_thread values is padded by one (padded_slot).
ROCDIST_HOST_DEVICE constexpr std::uint64_t prefix_slot(std::uint64_t i) { return padded_slot(i, items_per_thread); }

template <class Input>
ROCDIST_KERNEL void draw_samples(Input in, row_layout layout, const row_tile_summary* tiles,
                                 const double* row_reference, sample_lists lists, engine::philox_key key,
                                 std::uint64_t offset, const unsigned* invalid, unsigned int* out)
{
    if(*invalid != 0) // nothing is written for an invalid input
        return;
    // The tile's inclusive prefix sums, in fixed point at the tile's scale,
    // value i at prefix_slot(i).
    __shared__ std::uint64_t prefix[prefix_slot(row_tile_size)];
    ROCDIST_BLOCK_STRIDE(b, blocks_of(layout, lists))
    {
        const block_work w = work_of(layout, lists, b);
        if(w.begin == w.end) // the same for the whole block
            continue;
        const tile_extent                 e = extent_of(layout, w.tile);
        const row_tile_summary*           t = tiles + e.row * layout.tiles_per_row;
        typename Input::value_type        items[items_per_thread];
        load_tile<Input>(in.values + e.row * layout.k + e.first, e.count, items);
        const typename Input::scale_type scale = in.scale(t[e.tile].largest);
        ROCDIST_UNROLL
        for(unsigned j = 0; j < items_per_thread; ++j)
        {
            const std::uint64_t i = threadIdx.x + j * ROCDIST_THREADS_PER_BLOCK;
            prefix[prefix_slot(i)] = i < e.count ? in.fixed_point(items[j], scale) : 0;
        }
        __syncthreads();
        // Each thread's run of items_per_thread consecutive values.
        std::uint64_t* run = prefix + prefix_slot(threadIdx.x * items_per_thread);
        std::uint64_t  own = 0;
        ROCDIST_UNROLL
        for(unsigned j = 0; j < items_per_thread; ++j)
            own += run[j];
        std::uint64_t total   = 0;
        std::uint64_t through = block_exclusive_sum(own, &total);
        ROCDIST_UNROLL
        for(unsigned j = 0; j < items_per_thread; ++j)
        {
            through += run[j];
            run[j] = through;
        }
        __syncthreads();

        const std::uint64_t row_total = t[layout.tiles_per_row - 1].mass;
        const std::uint64_t before    = e.tile == 0 ? 0 : t[e.tile - 1].mass;
        const unsigned shift = distributions::tile_shift(row_reference[e.row], in.reference(t[e.tile].largest));
        for(std::uint64_t q = w.begin + threadIdx.x; q < w.end; q += ROCDIST_THREADS_PER_BLOCK)
        {
            const std::uint64_t s = layout.one_tile() ? q : lists.grouped[q];
            const std::uint64_t target
                = distributions::row_target(engine::double_bits(key, offset + s), row_total);
            const std::uint64_t search = distributions::tile_search_key(target, before, shift);
            std::uint64_t       lo = 0, hi = e.count - 1; // prefix[count - 1] reaches every key
            while(lo < hi)
            {
                const std::uint64_t mid = lo + (hi - lo) / 2;
                if(prefix[prefix_slot(mid)] >= search)
                    hi = mid;
                else
                    lo = mid + 1;
            }
            out[s] = static_cast<unsigned int>(e.first + lo);
        }
        __syncthreads(); // prefix is rebuilt for the block's next tile
    }
}

// The lowest lane of a nonzero ballot.
__device__ unsigned lowest_lane(std::uint64_t lanes) { return ROCDIST_POPCOUNT64((lanes & (0 - lanes)) - 1); }

// Rows drawn by warps (row_layout::warp_rows): warp w of the grid takes rows
// w, w + warps, ... Lane l reads values l, l + warpSize, ... (coalesced,
// several loads in flight) for the row's check and largest, then sums its
// run of ceil(k / warpSize) consecutive values in fixed point at the row's
// scale (its one tile's), from cache. The runs' prefix sums give each
// sample's run by a ballot, and that run's prefix sums, a value per lane,
// its category: the first whose prefix sum reaches the sample's key, as
// draw_samples finds it in a tile. Sample j of the row is lane j's, written
// to `staged`.
template <class Input>
ROCDIST_KERNEL void draw_warp_rows(Input in, row_layout layout, engine::philox_key key, std::uint64_t offset,
                                   unsigned* invalid, unsigned* staged)
{
    using T                   = typename Input::value_type;
    constexpr unsigned batch  = 16; // loads in flight per lane
    const unsigned      width = warpSize;
    const unsigned      lane  = threadIdx.x % width;
    const std::uint64_t warps_per_block = ROCDIST_THREADS_PER_BLOCK / width;
    const std::uint64_t k = layout.k, run = (k + width - 1) / width; // run <= width
    for(std::uint64_t row = blockIdx.x * warps_per_block + threadIdx.x / width; row < layout.rows;
        row += gridDim.x * warps_per_block)
    {
        const typename Input::storage_type* v = in.values + row * k;
        bool                                valid = true;
        T                                   top   = T(-HUGE_VAL);
        for(std::uint64_t first = lane; first < k; first += batch * width)
        {
            T x[batch];
            ROCDIST_UNROLL
            for(unsigned j = 0; j < batch; ++j)
                x[j] = first + j * width < k ? Input::load(v[first + j * width]) : T(0);
            ROCDIST_UNROLL
            for(unsigned j = 0; j < batch; ++j)
            {
                if(first + j * width < k)
                {
                    valid = valid && Input::valid(x[j]);
                    top   = x[j] > top ? x[j] : top;
                }
            }
        }
        const double rank    = Input::rank(top);
        const double largest = warp_reduce_any_order(
            valid ? (rank > Input::none ? rank : Input::none) : invalid_rank, maximum{});
        // An invalid value, or nothing to draw: the same for the whole warp.
        if(largest == invalid_rank || in.reference(largest) == distributions::no_reference)
        {
            if(lane == 0)
                atomicOr(invalid, 1u);
            continue;
        }
        const typename Input::scale_type scale = in.scale(largest);
        const std::uint64_t begin = lane * run < k ? lane * run : k, end = begin + run < k ? begin + run : k;
        std::uint64_t       own = 0;
        for(std::uint64_t i = begin; i < end; ++i)
            own += in.fixed_point(Input::load(v[i]), scale);
        const std::uint64_t through = warp_inclusive_sum(own); // the prefix sum at the run's last value
        const std::uint64_t total   = warp_shuffle(through, width - 1);
        // Lane j's sample's key: its target in a row of one tile (shift 0).
        const std::uint64_t first_sample = row * layout.samples_per_row;
        std::uint64_t       search       = 0;
        if(lane < layout.samples_per_row)
            search = distributions::tile_search_key(
                distributions::row_target(engine::double_bits(key, offset + first_sample + lane), total), 0, 0);
        unsigned category = 0;
        for(unsigned j = 0; j < layout.samples_per_row; ++j)
        {
            // The last run reaches every key (total >= key), and the owner's
            // run, the first that does, holds the category.
            const std::uint64_t key_j  = warp_shuffle(search, j);
            const unsigned      owner  = lowest_lane(warp_ballot(through >= key_j));
            const std::uint64_t before = warp_shuffle(through - own, owner);
            const std::uint64_t i      = owner * run + lane;
            const bool          in_run = lane < run && i < k;
            const std::uint64_t q = warp_inclusive_sum(in_run ? in.fixed_point(Input::load(v[i]), scale) : 0);
            const unsigned      hit = lowest_lane(warp_ballot(in_run && before + q >= key_j));
            if(lane == j)
                category = static_cast<unsigned>(owner * run + hit);
        }
        if(lane < layout.samples_per_row)
            staged[first_sample + lane] = category;
    }
}

// draw_warp_rows's samples, copied out when no row was invalid.
ROCDIST_KERNEL void copy_staged(std::uint64_t n, const unsigned* staged, const unsigned* invalid, unsigned int* out)
{
    if(*invalid != 0) // nothing is written for an invalid input
        return;
    ROCDIST_GRID_STRIDE(i, n)
    out[i] = staged[i];
}

// The call's scratch, carved from the generator's: each part's place,
// 256-byte aligned.
struct scratch_plan
{
    std::size_t tiles, references, counters, grouped, row_tiles, starts, filled, scan, staged, bytes;
};

scratch_plan plan_scratch(const row_layout& layout, std::size_t scan_bytes)
{
    scratch_plan plan{};
    const auto   take = [&](std::size_t size) {
        const std::size_t at = plan.bytes;
        plan.bytes += (size + 255) / 256 * 256;
        return at;
    };
    const std::uint64_t tile_count = layout.rows * layout.tiles_per_row;
    const std::uint64_t n          = layout.rows * layout.samples_per_row;
    if(layout.warp_rows())
    {
        plan.counters = take(sizeof(unsigned)); // the flag
        plan.staged   = take(n * sizeof(unsigned));
        return plan;
    }
    plan.tiles                     = take(tile_count * sizeof(row_tile_summary));
    plan.references                = take(layout.rows * sizeof(double));
    plan.counters                  = take((1 + layout.rows) * sizeof(unsigned)); // the flag, then arrived
    if(layout.one_tile())
        return plan;
    plan.grouped = take(n * sizeof(unsigned long long));
    if(layout.sorted_in_rows())
    {
        plan.row_tiles = take(n * sizeof(unsigned));
        return plan;
    }
    const std::uint64_t entries = tile_count + 1;
    plan.starts                 = take(entries * sizeof(unsigned long long));
    plan.filled                 = take(entries * sizeof(unsigned long long));
    plan.scan                   = take(scan_bytes);
    return plan;
}

// Queues every pass, and the flag's copy into *any_invalid, on the stream;
// the caller waits.
template <class Input>
rocdist_status queue_passes(const device_info& device, hipStream_t stream, scratch_memory& scratch, const Input& in,
                            const row_layout& layout, unsigned int* out, engine::philox_key key,
                            std::uint64_t offset, unsigned* any_invalid)
{
    const auto launched = [](hipError_t launch) { return launch == hipSuccess; };
    const std::uint64_t tile_count = layout.rows * layout.tiles_per_row;
    const std::uint64_t n          = layout.rows * layout.samples_per_row;
    const std::uint64_t entries    = tile_count + 1;
    const bool          grouping   = !layout.one_tile() && !layout.sorted_in_rows();

    std::size_t scan_bytes = 0;
    if(grouping && exclusive_sum<unsigned long long>(nullptr, scan_bytes, nullptr, entries, stream) != hipSuccess)
        return ROCDIST_STATUS_LAUNCH_FAILURE;
    const scratch_plan plan = plan_scratch(layout, scan_bytes);
    if(!reserve(scratch, device.ordinal, plan.bytes))
        return ROCDIST_STATUS_ALLOCATION_FAILED;
    const auto part       = [&](std::size_t at) { return static_cast<char*>(scratch.p) + at; };
    if(layout.warp_rows())
    {
        auto* invalid = reinterpret_cast<unsigned*>(part(plan.counters));
        auto* staged  = reinterpret_cast<unsigned*>(part(plan.staged));
        if(hipMemsetAsync(invalid, 0, sizeof(unsigned), stream) != hipSuccess
           || !launched(ROCDIST_LAUNCH(draw_warp_rows,
                                       grid_blocks<draw_warp_rows<Input>>(device, layout.rows * device.warp_size),
                                       threads_per_block, 0, stream, in, layout, key, offset, invalid, staged))
           || !launched(ROCDIST_LAUNCH(copy_staged, grid_blocks<copy_staged>(device, n), threads_per_block, 0, stream,
                                       n, staged, invalid, out))
           || hipMemcpyAsync(any_invalid, invalid, sizeof(unsigned), hipMemcpyDeviceToHost, stream) != hipSuccess)
            return ROCDIST_STATUS_LAUNCH_FAILURE;
        return ROCDIST_STATUS_SUCCESS;
    }
    auto*      summaries  = reinterpret_cast<row_tile_summary*>(part(plan.tiles));
    auto*      references = reinterpret_cast<double*>(part(plan.references));
    auto*      invalid    = reinterpret_cast<unsigned*>(part(plan.counters));
    auto*      arrived    = invalid + 1;
    // Sample lists, for rows of several tiles only; each sorted sample's
    // tile, for rows sorted in their rows only.
    auto* grouped   = layout.one_tile() ? nullptr : reinterpret_cast<unsigned long long*>(part(plan.grouped));
    auto* row_tiles = layout.sorted_in_rows() ? reinterpret_cast<unsigned*>(part(plan.row_tiles)) : nullptr;
    const row_sorted_samples sorted{grouped, row_tiles};

    if(hipMemsetAsync(invalid, 0, (1 + layout.rows) * sizeof(unsigned), stream) != hipSuccess
       || !launched(ROCDIST_LAUNCH(summarise_tiles, block_grid<summarise_tiles<Input>>(device, tile_count),
                                   threads_per_block, 0, stream, in, layout, summaries, references, arrived, sorted,
                                   key, offset, invalid)))
        return ROCDIST_STATUS_LAUNCH_FAILURE;

    sample_lists  lists{nullptr, grouped, nullptr, row_tiles, 0};
    std::uint64_t most_blocks = 0; // what the draws' grid is sized for
    if(layout.one_tile())
        most_blocks = lists.blocks
            = layout.rows * ((layout.samples_per_row + samples_per_block - 1) / samples_per_block);
    else if(layout.sorted_in_rows())
        most_blocks = lists.blocks = n; // a block per sorted place, the first of each tile's run drawing
    else
    {
        auto* s    = reinterpret_cast<unsigned long long*>(part(plan.starts));
        auto* f    = reinterpret_cast<unsigned long long*>(part(plan.filled));
        void* temp = part(plan.scan);
        // Samples grouped by tile, then each tile's blocks of work counted and
        // scanned (into filled, once the grouping is done with it).
        if(hipMemsetAsync(s, 0, entries * sizeof(unsigned long long), stream) != hipSuccess
           || hipMemsetAsync(f, 0, entries * sizeof(unsigned long long), stream) != hipSuccess
           || !launched(ROCDIST_LAUNCH(count_tile_samples, grid_blocks<count_tile_samples>(device, n),
                                       threads_per_block, 0, stream, layout, summaries, key, offset, invalid, s))
           || exclusive_sum(temp, scan_bytes, s, entries, stream) != hipSuccess
           || !launched(ROCDIST_LAUNCH(group_tile_samples, grid_blocks<group_tile_samples>(device, n),
                                       threads_per_block, 0, stream, layout, summaries, key, offset, invalid, s, f,
                                       grouped))
           || !launched(ROCDIST_LAUNCH(count_tile_blocks, grid_blocks<count_tile_blocks>(device, entries),
                                       threads_per_block, 0, stream, tile_count, s, f))
           || exclusive_sum(temp, scan_bytes, f, entries, stream) != hipSuccess)
            return ROCDIST_STATUS_LAUNCH_FAILURE;
        lists.starts       = s;
        lists.block_starts = f;
        // A tile needs at most one block more than its samples / samples_per_block.
        most_blocks = tile_count + (n + samples_per_block - 1) / samples_per_block;
    }
    // The draws: the only kernel that writes the output.
    if(!launched(ROCDIST_LAUNCH(draw_samples, block_grid<draw_samples<Input>>(device, most_blocks),
                                threads_per_block, 0, stream, in, layout, summaries, references, lists, key,
                                offset, invalid, out))
       || hipMemcpyAsync(any_invalid, invalid, sizeof(unsigned), hipMemcpyDeviceToHost, stream) != hipSuccess)
        return ROCDIST_STATUS_LAUNCH_FAILURE;
    return ROCDIST_STATUS_SUCCESS;
}

} // namespace

template <class Input>
rocdist_status generate_categorical_rows(const device_info& device, void* stream, scratch_memory& scratch,
                                         const Input& in, std::uint64_t rows, std::uint64_t k, unsigned int* out,
                                         std::uint64_t samples_per_row, engine::philox_key key, std::uint64_t offset)
{
    device_guard guard(device.ordinal);
    if(!guard.ok())
        return ROCDIST_STATUS_LAUNCH_FAILURE;
    const row_layout layout{rows, k, (k + row_tile_size - 1) / row_tile_size, samples_per_row};
    const auto       s           = static_cast<hipStream_t>(stream);
    unsigned         any_invalid = 0;
    const rocdist_status queued  = queue_passes(device, s, scratch, in, layout, out, key, offset, &any_invalid);
    // Waited for on every path: the scratch must be idle when the call returns.
    const bool waited = hipStreamSynchronize(s) == hipSuccess;
    trim(scratch, device.ordinal);
    if(queued != ROCDIST_STATUS_SUCCESS)
        return queued;
    if(!waited)
        return ROCDIST_STATUS_LAUNCH_FAILURE;
    return any_invalid != 0 ? ROCDIST_STATUS_INVALID_VALUE : ROCDIST_STATUS_SUCCESS;
}

#define ROCDIST_INSTANTIATE_ROWS(...)                                                              \
    template ROCDIST_KERNEL_SOURCE_API rocdist_status generate_categorical_rows<__VA_ARGS__>(      \
        const device_info&, void*, scratch_memory&, const __VA_ARGS__&, std::uint64_t, std::uint64_t, unsigned int*, \
        std::uint64_t, engine::philox_key, std::uint64_t);

ROCDIST_INSTANTIATE_ROWS(backend::weight_rows<float>)
ROCDIST_INSTANTIATE_ROWS(backend::weight_rows<double>)
ROCDIST_INSTANTIATE_ROWS(backend::logit_rows)
ROCDIST_INSTANTIATE_ROWS(backend::typed_logit_rows<ROCDIST_VALUE_HALF>)
ROCDIST_INSTANTIATE_ROWS(backend::typed_logit_rows<ROCDIST_VALUE_BFLOAT16>)

} // namespace rocdist::gpu
