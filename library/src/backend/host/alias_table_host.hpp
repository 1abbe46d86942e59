// Alias-table construction on the host: one sequential sweep, linear in k.
#pragma once

#include <cstdint>

#include "distributions/alias_table.hpp"
#include "rocdist/rocdist.h"

namespace rocdist::host
{

// The largest weight, or ROCDIST_STATUS_INVALID_VALUE when a weight is
// negative, NaN or infinite, or all are zero.
template <class T>
rocdist_status largest_weight(const T* weights, std::uint64_t k, double& largest);

// Fills table[0 .. k) from weights whose largest is `largest`; throws
// std::bad_alloc when its scratch (24 bytes per weight) cannot be allocated.
template <class T>
void build_alias_table(const T* weights, std::uint32_t k, double largest, distributions::alias_entry* table);

} // namespace rocdist::host
