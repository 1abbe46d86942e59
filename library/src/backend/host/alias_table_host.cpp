#include "backend/host/alias_table_host.hpp"

#include <memory>

namespace rocdist::host
{

using distributions::alias_column_mass;

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

template <class T>
void build_alias_table(const T* weights, std::uint32_t k, double largest, distributions::alias_entry* table)
{
    const distributions::fixed_point_scale scale = distributions::make_fixed_point_scale(largest, k);
    std::uint64_t total_fixed = 0;
    for(std::uint32_t i = 0; i < k; ++i)
        total_fixed += distributions::to_fixed_point(weights[i], scale);
    const distributions::mass_scale masses = distributions::make_mass_scale(total_fixed, k);

    // Uninitialised scratch: every entry read below is written first.
    std::unique_ptr<std::uint32_t[]> light_index(new std::uint32_t[k]);
    std::unique_ptr<std::uint64_t[]> deficit_before(new std::uint64_t[std::uint64_t(k) + 1]);
    std::unique_ptr<std::uint32_t[]> heavy_index(new std::uint32_t[k]);
    std::unique_ptr<std::uint64_t[]> excess_through(new std::uint64_t[k]);

    std::uint64_t prefix_fixed = 0, previous_mass = 0, deficit = 0, excess = 0;
    std::uint64_t lights = 0, heavies = 0;
    for(std::uint32_t i = 0; i < k; ++i)
    {
        prefix_fixed += distributions::to_fixed_point(weights[i], scale);
        const std::uint64_t through = distributions::prefix_mass(prefix_fixed, masses);
        const std::uint64_t m       = through - previous_mass;
        previous_mass               = through;
        if(m <= alias_column_mass)
        {
            light_index[lights]    = i;
            deficit_before[lights] = deficit;
            deficit += alias_column_mass - m;
            ++lights;
        }
        else
        {
            excess += m - alias_column_mass;
            heavy_index[heavies]    = i;
            excess_through[heavies] = excess;
            ++heavies;
        }
    }
    deficit_before[lights] = deficit;

    const distributions::alias_split_input in{light_index.get(), deficit_before.get(), lights,
                                              heavy_index.get(), excess_through.get(), heavies};
    distributions::write_alias_columns(in, 0, k, table);
}

template rocdist_status largest_weight<float>(const float*, std::uint64_t, double&);
template rocdist_status largest_weight<double>(const double*, std::uint64_t, double&);
template void build_alias_table<float>(const float*, std::uint32_t, double, distributions::alias_entry*);
template void build_alias_table<double>(const double*, std::uint32_t, double, distributions::alias_entry*);

} // namespace rocdist::host
