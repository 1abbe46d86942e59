// Token sampling on the host: every row of the batch on all cores, each by
// the definition's passes over its keys and weights (docs/token_sampling.md).
#pragma once

#include "backend/token_rows.hpp"

namespace rocdist::host
{

// Writes every row's token; false when a row was invalid (its token is then
// distributions::invalid_token).
bool sample_tokens(const backend::token_batch& batch);

} // namespace rocdist::host
