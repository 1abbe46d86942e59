// Alias-table construction on the host: linear in k, on all cores.
#pragma once

#include <cstdint>
#include <memory>

#include "rocdist/device/distributions/alias_table.hpp"
#include "rocdist/rocdist.h"

namespace rocdist::host
{

// The largest weight, or ROCDIST_STATUS_INVALID_VALUE when a weight is
// negative, NaN or infinite, or all are zero (every core reads a part).
template <class T>
rocdist_status largest_weight(const T* weights, std::uint64_t k, double& largest);

// The lights and heavies of k weights whose largest is `largest`, with their
// prefix sums: the input of the merge-path split the GPU sweeps with
// (write_alias_columns over any column ranges). The host table is built
// without it; the tests compare the two. Throws std::bad_alloc when its 24
// bytes per weight cannot be allocated.
class alias_sweep
{
public:
    template <class T>
    alias_sweep(const T* weights, std::uint32_t k, double largest);

    distributions::alias_split_input input() const
    {
        return {light_index_.get(), deficit_before_.get(), lights_,
                heavy_index_.get(), excess_through_.get(), heavies_};
    }

private:
    std::unique_ptr<std::uint32_t[]> light_index_, heavy_index_;
    std::unique_ptr<std::uint64_t[]> deficit_before_, excess_through_;
    std::uint64_t                    lights_ = 0, heavies_ = 0;
};

// Fills table[0 .. k) using the table's own memory for the masses and about
// k/8 + 3k/64 bytes of scratch (heavy flags, per-word prefix sums): the same
// table as write_alias_columns over alias_sweep, whatever the number of
// threads (0: one per hardware thread, as k allows). Each thread takes a part
// of the weights for the masses, then an equal part of the sweep, cut on
// its merge path. Throws std::bad_alloc.
template <class T>
void build_alias_table(const T* weights, std::uint32_t k, double largest, distributions::alias_entry* table,
                       unsigned threads = 0);

} // namespace rocdist::host
