// The GPU backend behind a GPU generator: the calls generator.cpp makes of
// every backend (backend/generator_backend.hpp) on one device, queued on
// the generator's stream. Besides what generator.cpp checks, it refuses
// memory the device cannot reach (ROCDIST_STATUS_WRONG_MEMORY) before any
// work is queued. Host code: the kernels are behind gpu_backend.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "backend/gpu/gpu_backend.hpp"
#include "categorical_table.hpp"

namespace rocdist::gpu
{

class generator_backend
{
public:
    explicit generator_backend(device_info device) : device_(device) {}
    ~generator_backend()
    {
        if(scratch_.p != nullptr)
            free_device_memory(device_.ordinal, scratch_.p);
        if(deferred_ != nullptr)
            free_device_memory(device_.ordinal, deferred_);
    }
    generator_backend(const generator_backend&)            = delete;
    generator_backend& operator=(const generator_backend&) = delete;

    rocdist_status set_stream(void* stream)
    {
        const rocdist_status status = check_stream(device_, stream);
        if(status == ROCDIST_STATUS_SUCCESS)
            stream_ = stream;
        return status;
    }

    template <class Functor, class Before>
    rocdist_status generate(const Functor& f, typename Functor::value_type* out, std::size_t n, std::uint64_t offset,
                            const Before& before)
    {
        rocdist_status status = check_output(device_, out);
        if(status == ROCDIST_STATUS_SUCCESS)
            status = before();
        if(status == ROCDIST_STATUS_SUCCESS)
            status = gpu::generate(device_, stream_, f, out, n, offset);
        return status;
    }

    rocdist_status check_readable(const void* values) const { return check_output(device_, values); }

    template <class T, class Rule>
    rocdist_status check_values(const T* values, std::size_t n, Rule)
    {
        const rocdist_status status = check_output(device_, values);
        if(status != ROCDIST_STATUS_SUCCESS)
            return status;
        return gpu::check_values<Rule>(device_, stream_, scratch_, values, n);
    }

    template <class T>
    rocdist_status build_table(const T* weights, std::uint32_t k, std::shared_ptr<categorical_table>& table)
    {
        rocdist_status status = check_output(device_, weights);
        if(status != ROCDIST_STATUS_SUCCESS)
            return status;
        distributions::alias_entry* entries = nullptr;
        status = build_alias_table(device_, stream_, weights, k, &entries);
        if(status != ROCDIST_STATUS_SUCCESS)
            return status;
        try
        {
            table = std::make_shared<categorical_table>(k, device_.ordinal, entries);
        }
        catch(...)
        {
            free_device_memory(device_.ordinal, entries);
            throw;
        }
        return ROCDIST_STATUS_SUCCESS;
    }

    // A table is usable only where it lives: on this GPU.
    bool holds(const categorical_table& table) const
    {
        return table.kind() == backend_kind::gpu && table.device_ordinal() == device_.ordinal;
    }

    template <class Input>
    rocdist_status generate_categorical_rows(const Input& in, std::size_t rows, std::size_t k, unsigned int* out,
                                             std::size_t samples_per_row, engine::philox_key key, std::uint64_t offset)
    {
        rocdist_status status = check_output(device_, in.values);
        if(status == ROCDIST_STATUS_SUCCESS)
            status = check_output(device_, out);
        if(status == ROCDIST_STATUS_SUCCESS)
            status = gpu::generate_categorical_rows(device_, stream_, scratch_, in, rows, k, out, samples_per_row, key,
                                                    offset);
        return status;
    }

    template <class T>
    rocdist_status generate_dirichlet(engine::philox_key key, const T* alpha, std::size_t k, std::size_t rows,
                                      std::uint64_t first_row, T* out)
    {
        rocdist_status status = check_output(device_, out);
        if(status == ROCDIST_STATUS_SUCCESS)
            status = check_values(alpha, k, distributions::shape_rule{});
        if(status == ROCDIST_STATUS_SUCCESS)
            status = gpu::generate_dirichlet(device_, stream_, alpha, k, rows, out, key, first_row);
        return status;
    }

    // Queued, not waited for: rows found invalid on the GPU set the
    // deferred-status word, which take_deferred_status reads.
    rocdist_status sample_tokens(const backend::token_batch& batch)
    {
        rocdist_status status = ROCDIST_STATUS_SUCCESS;
        for(const void* p : {batch.logits.values, static_cast<const void*>(batch.params),
                             static_cast<const void*>(batch.tokens), static_cast<const void*>(batch.streams.row_seeds),
                             static_cast<const void*>(batch.streams.row_positions)})
            if(status == ROCDIST_STATUS_SUCCESS && p != nullptr)
                status = check_output(device_, p);
        if(status == ROCDIST_STATUS_SUCCESS)
            status = reserve_token_scratch();
        if(status == ROCDIST_STATUS_SUCCESS)
            status = gpu::sample_tokens(device_, stream_, batch, deferred_);
        return status;
    }

    rocdist_status reserve_token_scratch()
    {
        return deferred_ != nullptr ? ROCDIST_STATUS_SUCCESS : allocate_status_word(device_, &deferred_);
    }

    rocdist_status take_deferred_status(bool& invalid_rows)
    {
        invalid_rows = false;
        return deferred_ == nullptr ? ROCDIST_STATUS_SUCCESS
                                    : take_status_word(device_, stream_, deferred_, invalid_rows);
    }

private:
    device_info    device_;
    void*          stream_ = nullptr;
    scratch_memory scratch_{}; // the calls' device scratch, kept between them
    unsigned*      deferred_ = nullptr; // token sampling's deferred status, allocated by its first call
};

} // namespace rocdist::gpu
