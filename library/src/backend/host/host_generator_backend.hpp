// The host backend behind a host generator: the calls generator.cpp makes
// of every backend (backend/generator_backend.hpp) on host memory, run on
// every core. It checks nothing of the arguments that generator.cpp checks.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "backend/host/alias_table_host.hpp"
#include "backend/host/categorical_rows_host.hpp"
#include "backend/host/gamma_family_host.hpp"
#include "backend/host/host_backend.hpp"
#include "backend/host/narrowed_host.hpp"
#include "backend/host/parallel_for.hpp"
#include "backend/host/token_sampler_host.hpp"
#include "categorical_table.hpp"
#include "rocdist/device/distributions/gamma.hpp"
#include "rocdist/device/engine/philox4x32_10.hpp"
#include "rocdist/rocdist.h"

namespace rocdist::host
{

class generator_backend
{
public:
    // Host work has no stream: only NULL is accepted.
    rocdist_status set_stream(void* stream) { return stream == nullptr ? ROCDIST_STATUS_SUCCESS : ROCDIST_STATUS_INVALID_VALUE; }

    // The functor's n elements from stream element `offset` into out, once
    // before() has passed. Every overload of host::generate must be declared
    // above (narrowed_host.hpp's too): the call's lookup is at this point.
    template <class Functor, class Before>
    rocdist_status generate(const Functor& f, typename Functor::value_type* out, std::size_t n, std::uint64_t offset,
                            const Before& before)
    {
        const rocdist_status status = before();
        if(status == ROCDIST_STATUS_SUCCESS)
            host::generate(f, out, n, offset);
        return status;
    }

    // Host memory is whatever the caller gives.
    rocdist_status check_readable(const void*) const { return ROCDIST_STATUS_SUCCESS; }

    // Success when rule(v) holds for each of the n values, checked on every
    // core like the work that follows: on one core the check is a serial
    // pass (0.5-0.7 ns a value on the machine of docs/performance.md's host
    // record), which on a few dozen cores outlasts the work of per-element
    // parameters (26 ns a count a core for Poisson).
    template <class T, class Rule>
    rocdist_status check_values(const T* values, std::size_t n, Rule rule)
    {
        constexpr std::size_t block = 1 << 14;
        std::atomic<bool>     valid{true};
        parallel_for(
            (n + block - 1) / block,
            [&](std::uint64_t b) {
                const std::size_t end = std::min<std::size_t>(n, (b + 1) * block);
                for(std::size_t i = b * block; i < end; ++i)
                    if(!rule(values[i]))
                    {
                        valid.store(false, std::memory_order_relaxed);
                        return;
                    }
            },
            8); // a thread for 2^17 values at least: its start costs less than their check
        return valid.load() ? ROCDIST_STATUS_SUCCESS : ROCDIST_STATUS_INVALID_VALUE;
    }

    template <class T>
    rocdist_status build_table(const T* weights, std::uint32_t k, std::shared_ptr<categorical_table>& table)
    {
        double               largest = 0;
        const rocdist_status status  = largest_weight(weights, k, largest);
        if(status != ROCDIST_STATUS_SUCCESS)
            return status;
        auto built = std::make_shared<categorical_table>(k);
        build_alias_table(weights, k, largest, built->entries());
        table = std::move(built);
        return ROCDIST_STATUS_SUCCESS;
    }

    // Whether this backend's samplers can read the table.
    bool holds(const categorical_table& table) const { return table.kind() == backend_kind::host; }

    template <class Input>
    rocdist_status generate_categorical_rows(const Input& in, std::size_t rows, std::size_t k, unsigned int* out,
                                             std::size_t samples_per_row, engine::philox_key key, std::uint64_t offset)
    {
        return host::generate_categorical_rows(in, rows, k, out, samples_per_row, key, offset);
    }

    // Invalid rows get the invalid token and set the deferred status, as on GPUs.
    rocdist_status sample_tokens(const backend::token_batch& batch)
    {
        if(!host::sample_tokens(batch))
            invalid_token_rows_ = true;
        return ROCDIST_STATUS_SUCCESS;
    }

    // Host calls keep nothing between them.
    rocdist_status reserve_token_scratch() { return ROCDIST_STATUS_SUCCESS; }

    rocdist_status take_deferred_status(bool& invalid_rows)
    {
        invalid_rows        = invalid_token_rows_;
        invalid_token_rows_ = false;
        return ROCDIST_STATUS_SUCCESS;
    }

    template <class T>
    rocdist_status generate_dirichlet(engine::philox_key key, const T* alpha, std::size_t k, std::size_t rows,
                                      std::uint64_t first_row, T* out)
    {
        const rocdist_status status = check_values(alpha, k, distributions::shape_rule{});
        if(status == ROCDIST_STATUS_SUCCESS)
            host::generate_dirichlet(key, alpha, k, rows, first_row, out);
        return status;
    }

private:
    bool invalid_token_rows_ = false;
};

} // namespace rocdist::host
