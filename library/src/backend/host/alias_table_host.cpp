#include "backend/host/alias_table_host.hpp"

#include <algorithm>
#include <cstring>

namespace rocdist::host
{

using distributions::alias_column_mass;
using distributions::alias_entry;

template <class T>
rocdist_status largest_weight(const T* weights, std::uint64_t k, double& largest)
{
    double m     = 0;
    bool   valid = true;
    for(std::uint64_t i = 0; i < k; ++i)
    {
        const double w = weights[i];
        valid &= distributions::valid_weight(w);
        m = w > m ? w : m;
    }
    if(!valid || m == 0)
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

template <class T>
void build_alias_table(const T* weights, std::uint32_t k, double largest, alias_entry* table)
{
    const distributions::fixed_point_scale scale  = distributions::make_fixed_point_scale(largest, k);
    const distributions::mass_scale        masses = distributions::make_mass_scale(total_fixed_point(weights, k, scale), k);

    // Masses into the table's own slots and one heavy bit per item: 1/8 byte
    // of scratch per weight instead of the split input's 24.
    const std::uint64_t                    words = (std::uint64_t(k) + 63) / 64;
    const std::unique_ptr<std::uint64_t[]> heavy_bits(new std::uint64_t[words]);
    std::uint64_t                          prefix_fixed = 0, previous_mass = 0;
    for(std::uint64_t w = 0; w < words; ++w)
    {
        const std::uint64_t end  = std::min<std::uint64_t>(k, (w + 1) * 64);
        std::uint64_t       bits = 0;
        for(std::uint64_t i = w * 64; i < end; ++i)
        {
            prefix_fixed += distributions::to_fixed_point(weights[i], scale);
            const std::uint64_t through = distributions::prefix_mass(prefix_fixed, masses);
            const std::uint64_t m       = through - previous_mass;
            previous_mass               = through;
            store_mass(table, i, m);
            bits |= static_cast<std::uint64_t>(m > alias_column_mass) << (i % 64);
        }
        heavy_bits[w] = bits;
    }

    // The sweep of write_alias_columns with its prefix sums kept as running
    // sums: `deficit` is the lights' deficit before light i, `excess` the
    // heavies' excess through heavy t; the same comparisons, the same table.
    // A slot is read only before the sweep reaches it.
    std::uint64_t i       = next_item(heavy_bits.get(), 0, k, false);
    std::uint64_t t       = next_item(heavy_bits.get(), 0, k, true);
    std::uint64_t deficit = 0;
    std::uint64_t excess  = t < k ? load_mass(table, t) - alias_column_mass : 0;
    while(i < k || t < k)
    {
        if(i < k && (t == k || deficit < excess))
        {
            const std::uint64_t m = load_mass(table, i);
            const auto          j = static_cast<std::uint32_t>(i);
            // m < 2^32 has a deficit, and a heavy (t < k) follows it.
            table[i] = m == alias_column_mass ? alias_entry{0, j}
                                              : alias_entry{static_cast<std::uint32_t>(m), static_cast<std::uint32_t>(t)};
            deficit += alias_column_mass - m;
            i = next_item(heavy_bits.get(), i + 1, k, false);
        }
        else
        {
            // The heavy keeps what the lights before it (and the heavy before
            // it) did not take: 0 < kept <= 2^32; the next heavy fills the rest.
            const std::uint64_t kept = alias_column_mass + excess - deficit;
            const std::uint64_t next = next_item(heavy_bits.get(), t + 1, k, true);
            const auto          j    = static_cast<std::uint32_t>(t);
            table[t] = kept == alias_column_mass ? alias_entry{0, j}
                                                 : alias_entry{static_cast<std::uint32_t>(kept), static_cast<std::uint32_t>(next)};
            if(next < k)
                excess += load_mass(table, next) - alias_column_mass;
            t = next;
        }
    }
}

template alias_sweep::alias_sweep(const float*, std::uint32_t, double);
template alias_sweep::alias_sweep(const double*, std::uint32_t, double);
template rocdist_status largest_weight<float>(const float*, std::uint64_t, double&);
template rocdist_status largest_weight<double>(const double*, std::uint64_t, double&);
template void build_alias_table<float>(const float*, std::uint32_t, double, alias_entry*);
template void build_alias_table<double>(const double*, std::uint32_t, double, alias_entry*);

} // namespace rocdist::host
