#include "backend/host/alias_table_host.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

#include "backend/host/parallel_for.hpp"

namespace rocdist::host
{

using distributions::alias_column_mass;
using distributions::alias_entry;

namespace
{

// Items per thread below which a thread costs more than it saves.
constexpr std::uint64_t min_items_per_thread = 1 << 18;
constexpr std::uint64_t word_items           = 64;

// [begin, end) of part r of `count` split into `parts` near-equal ranges.
std::uint64_t part_begin(std::uint64_t count, std::uint64_t parts, std::uint64_t r)
{
    return count / parts * r + std::min(r, count % parts);
}

} // namespace

template <class T>
rocdist_status largest_weight(const T* weights, std::uint64_t k, double& largest)
{
    const std::uint64_t   threads = threads_for(k, min_items_per_thread);
    std::vector<double>   part_max(threads, 0);
    std::vector<char>     part_valid(threads, 1);
    run_on_threads(threads, [&](std::uint64_t r) {
        double m     = 0;
        bool   valid = true;
        for(std::uint64_t i = part_begin(k, threads, r); i < part_begin(k, threads, r + 1); ++i)
        {
            const double w = weights[i];
            valid &= distributions::valid_weight(w);
            m = w > m ? w : m;
        }
        part_max[r]   = m;
        part_valid[r] = valid;
    });
    const double m = *std::max_element(part_max.begin(), part_max.end());
    if(std::count(part_valid.begin(), part_valid.end(), 0) != 0 || m == 0)
        return ROCDIST_STATUS_INVALID_VALUE;
    largest = m;
    return ROCDIST_STATUS_SUCCESS;
}

namespace
{

template <class T>
std::uint64_t total_fixed_point(const T* weights, std::uint32_t k, const distributions::fixed_point_scale& scale)
{
    std::uint64_t total = 0;
    for(std::uint32_t i = 0; i < k; ++i)
        total += distributions::to_fixed_point(weights[i], scale);
    return total;
}

// The slots of the table hold 64-bit masses until the sweep overwrites them
// with their columns; memcpy keeps the two views apart for the compiler.
std::uint64_t load_mass(const alias_entry* table, std::uint64_t j)
{
    std::uint64_t m;
    std::memcpy(&m, table + j, sizeof m);
    return m;
}

void store_mass(alias_entry* table, std::uint64_t j, std::uint64_t m)
{
    std::memcpy(table + j, &m, sizeof m);
}

// The first index >= from whose heavy bit equals `heavy`, or k when none.
std::uint64_t next_item(const std::uint64_t* heavy_bits, std::uint64_t from, std::uint64_t k, bool heavy)
{
    if(from >= k)
        return k;
    const std::uint64_t flip = heavy ? 0 : ~std::uint64_t(0);
    std::uint64_t       w    = from / 64;
    std::uint64_t       x    = (heavy_bits[w] ^ flip) & (~std::uint64_t(0) << (from % 64));
    while(x == 0)
    {
        if(++w * 64 >= k)
            return k;
        x = heavy_bits[w] ^ flip;
    }
    const std::uint64_t j = w * 64 + static_cast<std::uint64_t>(__builtin_ctzll(x));
    return j < k ? j : k;
}

} // namespace

template <class T>
alias_sweep::alias_sweep(const T* weights, std::uint32_t k, double largest)
    // Uninitialised scratch: every entry read by the sweep is written here.
    : light_index_(new std::uint32_t[k]), heavy_index_(new std::uint32_t[k]),
      deficit_before_(new std::uint64_t[std::uint64_t(k) + 1]), excess_through_(new std::uint64_t[k])
{
    const distributions::fixed_point_scale scale  = distributions::make_fixed_point_scale(largest, k);
    const distributions::mass_scale        masses = distributions::make_mass_scale(total_fixed_point(weights, k, scale), k);

    std::uint64_t prefix_fixed = 0, previous_mass = 0, deficit = 0, excess = 0;
    for(std::uint32_t i = 0; i < k; ++i)
    {
        prefix_fixed += distributions::to_fixed_point(weights[i], scale);
        const std::uint64_t through = distributions::prefix_mass(prefix_fixed, masses);
        const std::uint64_t m       = through - previous_mass;
        previous_mass               = through;
        if(m <= alias_column_mass)
        {
            light_index_[lights_]    = i;
            deficit_before_[lights_] = deficit;
            deficit += alias_column_mass - m;
            ++lights_;
        }
        else
        {
            excess += m - alias_column_mass;
            heavy_index_[heavies_]    = i;
            excess_through_[heavies_] = excess;
            ++heavies_;
        }
    }
    deficit_before_[lights_] = deficit;
}

namespace
{

// Per 64-item word of the table, the lights before it and the lights'
// deficit and the heavies' excess before it (words + 1 entries each): with
// them, any light's deficit or heavy's excess is one binary search and a
// scan of at most one word away, which is what the merge path needs.
struct word_prefixes
{
    std::uint64_t                    k, words;
    std::unique_ptr<std::uint64_t[]> lights, deficit, excess;

    explicit word_prefixes(std::uint64_t k_)
        : k(k_), words((k_ + word_items - 1) / word_items), lights(new std::uint64_t[words + 1]),
          deficit(new std::uint64_t[words + 1]), excess(new std::uint64_t[words + 1])
    {
    }
    std::uint64_t heavies_before(std::uint64_t w) const { return std::min(w * word_items, k) - lights[w]; }
};

// The sweep read from the table's masses (before any column is written),
// for lights_before_diagonal.
struct table_sweep_view
{
    const alias_entry*   table;
    const std::uint64_t* heavy_bits;
    const word_prefixes* prefixes;
    std::uint64_t        lights, heavies;

    bool is_heavy(std::uint64_t item) const { return (heavy_bits[item / word_items] >> (item % word_items)) & 1; }

    // Light number l (l < lights): its item and the deficit before it.
    void light(std::uint64_t l, std::uint64_t& item, std::uint64_t& deficit_before) const
    {
        const word_prefixes& p = *prefixes;
        const std::uint64_t  w = static_cast<std::uint64_t>(
            std::upper_bound(p.lights.get(), p.lights.get() + p.words + 1, l) - p.lights.get() - 1);
        deficit_before      = p.deficit[w];
        std::uint64_t count = p.lights[w];
        for(item = w * word_items;; ++item)
        {
            if(is_heavy(item))
                continue;
            if(count++ == l)
                return;
            deficit_before += alias_column_mass - load_mass(table, item);
        }
    }

    // Heavy number h (h < heavies): its item and the excess through it.
    void heavy(std::uint64_t h, std::uint64_t& item, std::uint64_t& excess_through) const
    {
        const word_prefixes& p = *prefixes;
        std::uint64_t        lo = 0, hi = p.words; // the last word whose heavies_before <= h
        while(lo < hi)
        {
            const std::uint64_t mid = lo + (hi - lo + 1) / 2;
            if(p.heavies_before(mid) <= h)
                lo = mid;
            else
                hi = mid - 1;
        }
        excess_through      = p.excess[lo];
        std::uint64_t count = p.heavies_before(lo);
        for(item = lo * word_items;; ++item)
        {
            if(!is_heavy(item))
                continue;
            excess_through += load_mass(table, item) - alias_column_mass;
            if(count++ == h)
                return;
        }
    }
};

bool light_first(const table_sweep_view& v, std::uint64_t l, std::uint64_t h)
{
    std::uint64_t item, deficit_before, excess_through;
    v.light(l, item, deficit_before);
    v.heavy(h, item, excess_through);
    return deficit_before < excess_through;
}

// Where a part of the sweep starts: light item i with the lights' deficit
// before it, heavy item t with the heavies' excess through it (k when none
// is left), and the mass of the heavy that starts the next part, which that
// part's thread may overwrite before this one reads it.
struct sweep_start
{
    std::uint64_t i, deficit, t, excess, next_part_heavy, next_part_heavy_mass;
};

sweep_start start_at(const table_sweep_view& v, std::uint64_t k, std::uint64_t d)
{
    const std::uint64_t l = distributions::lights_before_diagonal(v, d);
    const std::uint64_t h = d - l;
    sweep_start         s{k, v.prefixes->deficit[v.prefixes->words], k, 0, k, 0};
    if(l < v.lights)
        v.light(l, s.i, s.deficit);
    if(h < v.heavies)
        v.heavy(h, s.t, s.excess);
    return s;
}

// The sequential sweep over `steps` items of the merge from state s.
void sweep(alias_entry* table, const std::uint64_t* heavy_bits, std::uint64_t k, sweep_start s,
           std::uint64_t steps)
{
    std::uint64_t i = s.i, t = s.t, deficit = s.deficit, excess = s.excess;
    for(std::uint64_t step = 0; step < steps; ++step)
    {
        if(i < k && (t == k || deficit < excess))
        {
            const std::uint64_t m = load_mass(table, i);
            const auto          j = static_cast<std::uint32_t>(i);
            // m < 2^32 has a deficit, and a heavy (t < k) follows it.
            table[i] = m == alias_column_mass ? alias_entry{0, j}
                                              : alias_entry{static_cast<std::uint32_t>(m), static_cast<std::uint32_t>(t)};
            deficit += alias_column_mass - m;
            i = next_item(heavy_bits, i + 1, k, false);
        }
        else
        {
            // The heavy keeps what the lights before it (and the heavy before
            // it) did not take: 0 < kept <= 2^32; the next heavy fills the rest.
            const std::uint64_t kept = alias_column_mass + excess - deficit;
            const std::uint64_t next = next_item(heavy_bits, t + 1, k, true);
            const auto          j    = static_cast<std::uint32_t>(t);
            table[t] = kept == alias_column_mass ? alias_entry{0, j}
                                                 : alias_entry{static_cast<std::uint32_t>(kept), static_cast<std::uint32_t>(next)};
            if(next < k)
                excess += (next == s.next_part_heavy ? s.next_part_heavy_mass : load_mass(table, next)) - alias_column_mass;
            t = next;
        }
    }
}

} // namespace

template <class T>
void build_alias_table(const T* weights, std::uint32_t k, double largest, alias_entry* table, unsigned threads)
{
    const distributions::fixed_point_scale scale = distributions::make_fixed_point_scale(largest, k);
    word_prefixes                          prefixes(k);
    const std::uint64_t                    words = prefixes.words;
    const std::uint64_t parts = std::min<std::uint64_t>(words, threads != 0 ? threads : threads_for(k, min_items_per_thread));
    const auto item_begin = [&](std::uint64_t r) { return std::min<std::uint64_t>(k, part_begin(words, parts, r) * word_items); };

    // Masses into the table's own slots and one heavy bit per item: 1/8 byte
    // of scratch per weight instead of the split input's 24. Each part sums
    // its fixed-point weights, then (from the sums of the parts before it)
    // writes its masses and its words' light counts, deficits and excesses.
    std::vector<std::uint64_t> part_fixed(parts + 1, 0);
    run_on_threads(parts, [&](std::uint64_t r) {
        std::uint64_t sum = 0;
        for(std::uint64_t i = item_begin(r); i < item_begin(r + 1); ++i)
            sum += distributions::to_fixed_point(weights[i], scale);
        part_fixed[r + 1] = sum;
    });
    for(std::uint64_t r = 0; r < parts; ++r)
        part_fixed[r + 1] += part_fixed[r];
    const distributions::mass_scale        masses = distributions::make_mass_scale(part_fixed[parts], k);
    const std::unique_ptr<std::uint64_t[]> heavy_bits(new std::uint64_t[words]);
    run_on_threads(parts, [&](std::uint64_t r) {
        std::uint64_t prefix_fixed  = part_fixed[r];
        std::uint64_t previous_mass = distributions::prefix_mass(prefix_fixed, masses);
        for(std::uint64_t w = part_begin(words, parts, r); w < part_begin(words, parts, r + 1); ++w)
        {
            const std::uint64_t end  = std::min<std::uint64_t>(k, (w + 1) * word_items);
            std::uint64_t       bits = 0, lights = 0, deficit = 0, excess = 0;
            for(std::uint64_t i = w * word_items; i < end; ++i)
            {
                prefix_fixed += distributions::to_fixed_point(weights[i], scale);
                const std::uint64_t through = distributions::prefix_mass(prefix_fixed, masses);
                const std::uint64_t m       = through - previous_mass;
                previous_mass               = through;
                store_mass(table, i, m);
                const bool heavy = m > alias_column_mass;
                bits |= static_cast<std::uint64_t>(heavy) << (i % word_items);
                // Masks, not branches (GCC branched on the selects, and light
                // and heavy alternate at random: 2.5x the pass's time).
                const std::uint64_t h    = heavy;
                const std::uint64_t over = m - alias_column_mass; // wraps for a light
                lights += 1 - h;
                excess += over & (0 - h);
                deficit += (0 - over) & (h - 1);
            }
            heavy_bits[w]            = bits;
            prefixes.lights[w + 1]   = lights;
            prefixes.deficit[w + 1]  = deficit;
            prefixes.excess[w + 1]   = excess;
        }
    });
    prefixes.lights[0] = prefixes.deficit[0] = prefixes.excess[0] = 0;
    for(std::uint64_t w = 0; w < words; ++w)
    {
        prefixes.lights[w + 1] += prefixes.lights[w];
        prefixes.deficit[w + 1] += prefixes.deficit[w];
        prefixes.excess[w + 1] += prefixes.excess[w];
    }

    // The sweep merges lights and heavies by deficit and excess; cut into
    // parts of equal length on the merge path, each part starts from the
    // state the whole sweep would reach there, so the parts write the
    // whole sweep's table. Starts are found before any column is written.
    const table_sweep_view view{table, heavy_bits.get(), &prefixes, prefixes.lights[words],
                                k - prefixes.lights[words]};
    std::vector<sweep_start> starts(parts + 1);
    for(std::uint64_t r = 0; r <= parts; ++r)
        starts[r] = start_at(view, k, part_begin(k, parts, r));
    for(std::uint64_t r = 0; r < parts; ++r)
    {
        starts[r].next_part_heavy      = starts[r + 1].t;
        starts[r].next_part_heavy_mass = starts[r + 1].t < k ? load_mass(table, starts[r + 1].t) : 0;
    }
    run_on_threads(parts, [&](std::uint64_t r) {
        sweep(table, heavy_bits.get(), k, starts[r], part_begin(k, parts, r + 1) - part_begin(k, parts, r));
    });
}

template alias_sweep::alias_sweep(const float*, std::uint32_t, double);
template alias_sweep::alias_sweep(const double*, std::uint32_t, double);
template rocdist_status largest_weight<float>(const float*, std::uint64_t, double&);
template rocdist_status largest_weight<double>(const double*, std::uint64_t, double&);
template void build_alias_table<float>(const float*, std::uint32_t, double, alias_entry*, unsigned);
template void build_alias_table<double>(const double*, std::uint32_t, double, alias_entry*, unsigned);

} // namespace rocdist::host
