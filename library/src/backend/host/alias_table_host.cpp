#include "backend/host/alias_table_host.hpp"

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
alias_sweep::alias_sweep(const T* weights, std::uint32_t k, double largest)
    // Uninitialised scratch: every entry read by the sweep is written here.
    : light_index_(new std::uint32_t[k]), heavy_index_(new std::uint32_t[k]),
      deficit_before_(new std::uint64_t[std::uint64_t(k) + 1]), excess_through_(new std::uint64_t[k])
{
    const distributions::fixed_point_scale scale = distributions::make_fixed_point_scale(largest, k);
    std::uint64_t total_fixed = 0;
    for(std::uint32_t i = 0; i < k; ++i)
        total_fixed += distributions::to_fixed_point(weights[i], scale);
    const distributions::mass_scale masses = distributions::make_mass_scale(total_fixed, k);

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
void build_alias_table(const T* weights, std::uint32_t k, double largest, distributions::alias_entry* table)
{
    const alias_sweep sweep(weights, k, largest);
    distributions::write_alias_columns(sweep.input(), 0, k, table);
}

template alias_sweep::alias_sweep(const float*, std::uint32_t, double);
template alias_sweep::alias_sweep(const double*, std::uint32_t, double);
template rocdist_status largest_weight<float>(const float*, std::uint64_t, double&);
template rocdist_status largest_weight<double>(const double*, std::uint64_t, double&);
template void build_alias_table<float>(const float*, std::uint32_t, double, distributions::alias_entry*);
template void build_alias_table<double>(const double*, std::uint32_t, double, distributions::alias_entry*);

} // namespace rocdist::host
