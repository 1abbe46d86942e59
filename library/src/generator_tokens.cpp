// Token sampling's generator calls: the arguments the host can check, then
// the backend's queued work (docs/token_sampling.md).
#include <cstring>
#include <limits>

#include "generator.hpp"

namespace rocdist
{
namespace
{

template <class T>
bool aligned_or_null(const T* p)
{
    return reinterpret_cast<std::uintptr_t>(p) % alignof(T) == 0;
}

// A vocabulary tokens can index (0xFFFFFFFF is the invalid token), rows x
// vocab logits of `bytes` each that can exist, and rows parameter sets
// that can (the largest of the per-row arrays: half logits with a
// vocabulary of 1 take fewer bytes than the rows' parameters).
rocdist_status check_shape(std::size_t rows, std::size_t vocab, std::size_t bytes)
{
    constexpr std::size_t largest = std::numeric_limits<std::size_t>::max();
    if(vocab == 0 || vocab > std::numeric_limits<std::uint32_t>::max() || rows > largest / bytes / vocab
       || rows > largest / sizeof(rocdist_token_params))
        return ROCDIST_STATUS_INVALID_VALUE;
    return ROCDIST_STATUS_SUCCESS;
}

} // namespace

rocdist_status generator::sample_tokens(const void* logits, std::underlying_type_t<rocdist_value_type> type_value,
                                        std::size_t rows, std::size_t vocab, const rocdist_token_params* params,
                                        const unsigned long long* row_seeds, const unsigned long long* row_positions,
                                        unsigned int* tokens)
{
    if(type_value != ROCDIST_VALUE_FLOAT && type_value != ROCDIST_VALUE_HALF && type_value != ROCDIST_VALUE_BFLOAT16)
        return ROCDIST_STATUS_INVALID_VALUE;
    const auto type = static_cast<rocdist_value_type>(type_value);
    const std::size_t bytes = backend::token_logit_bytes(type);
    if(const rocdist_status status = check_shape(rows, vocab, bytes); status != ROCDIST_STATUS_SUCCESS)
        return status;
    if(rows == 0)
        return ROCDIST_STATUS_SUCCESS;
    if(logits == nullptr || reinterpret_cast<std::uintptr_t>(logits) % bytes != 0 || params == nullptr
       || !aligned_or_null(params) || tokens == nullptr || !aligned_or_null(tokens)
       || (row_seeds == nullptr) != (row_positions == nullptr) || !aligned_or_null(row_seeds)
       || !aligned_or_null(row_positions))
        return ROCDIST_STATUS_INVALID_POINTER;
    const bool own_streams = row_seeds != nullptr;
    // Without row streams, row r is element offset + r: the last must be below 2^64.
    if(!own_streams && rows - 1 > std::numeric_limits<unsigned long long>::max() - offset_)
        return ROCDIST_STATUS_OUT_OF_RANGE;

    const backend::token_batch batch{{logits, type},
                                     rows,
                                     vocab,
                                     params,
                                     {engine::philox_key_from_seed(seed_), offset_, row_seeds, row_positions},
                                     tokens};
    const rocdist_status status = on_backend([&](auto& on) { return on.sample_tokens(batch); });
    if(status != ROCDIST_STATUS_SUCCESS)
        return status;
    if(!own_streams)
        offset_ += rows; // wraps to 0 after the stream's last element
    return ROCDIST_STATUS_SUCCESS;
}

rocdist_status generator::reserve_token_scratch(std::size_t rows, std::size_t vocab)
{
    if(const rocdist_status status = check_shape(rows, vocab, sizeof(float)); status != ROCDIST_STATUS_SUCCESS)
        return status;
    return on_backend([](auto& on) { return on.reserve_token_scratch(); });
}

rocdist_status generator::take_deferred_status(rocdist_status& status)
{
    bool                 invalid_rows = false;
    const rocdist_status taken = on_backend([&](auto& on) { return on.take_deferred_status(invalid_rows); });
    if(taken == ROCDIST_STATUS_SUCCESS)
        status = invalid_rows ? ROCDIST_STATUS_INVALID_VALUE : ROCDIST_STATUS_SUCCESS;
    return taken;
}

} // namespace rocdist
