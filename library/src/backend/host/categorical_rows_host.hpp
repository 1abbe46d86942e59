// Batched categorical sampling on the host: rows of weights or logits, each
// sampled samples_per_row times, on all cores, without a table.
#pragma once

#include <cstdint>

#include "backend/categorical_row_inputs.hpp"
#include "rocdist/device/engine/philox4x32_10.hpp"
#include "rocdist/rocdist.h"

namespace rocdist::host
{

// Checks every value of the rows - k values of in.values each, row-major -
// and, when all are valid and no row is all zero (all -inf), writes
// out[r * samples_per_row + j], the category of sample j of row r, drawn
// with the bits of double-stream element offset + r * samples_per_row + j.
// ROCDIST_STATUS_INVALID_VALUE, having written nothing, for an invalid value
// or row. Throws std::bad_alloc when its scratch (about 16 bytes per 4096
// values and 8 per 64) cannot be allocated. rows, k and samples_per_row are
// at least 1.
template <class Input>
rocdist_status generate_categorical_rows(const Input& in, std::uint64_t rows, std::uint64_t k,
                                         unsigned int* out, std::uint64_t samples_per_row,
                                         engine::philox_key key, std::uint64_t offset);

} // namespace rocdist::host
