// The GPU backend as the rest of the library sees it: plain C++ declarations,
// no GPU header, so generator.cpp compiles with the host compiler.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/categorical_row_inputs.hpp"
#include "backend/compacted_chunks.hpp"
#include "backend/token_rows.hpp"
#include "build_config.hpp"
#include "rocdist/device/distributions/alias_table.hpp"
#include "rocdist/device/engine/philox4x32_10.hpp"
#include "rocdist/rocdist.h"

namespace rocdist::gpu
{

struct device_info
{
    int ordinal;
    int multiprocessors;
    int warp_size;
};

// The current device; ROCDIST_STATUS_NO_DEVICE when the runtime finds none.
ROCDIST_KERNEL_SOURCE_API rocdist_status query_current_device(device_info& info);

// ROCDIST_STATUS_WRONG_MEMORY unless the device can write p.
ROCDIST_KERNEL_SOURCE_API rocdist_status check_output(const device_info& device, const void* p);

// ROCDIST_STATUS_INVALID_VALUE for a stream the runtime refuses or places on
// another device, where the runtime can say (HIP from ROCm 6, CUDA from
// 12.8); NULL, the default stream, always passes. A destroyed stream is the
// caller's error: the runtimes may not tell it from a live one.
ROCDIST_KERNEL_SOURCE_API rocdist_status check_stream(const device_info& device, void* stream);

// Queue the reproducible-ordering kernel for any block functor on `stream`
// (asynchronous); returns after the launch. A launch the runtime refuses for
// lack of memory is ROCDIST_STATUS_ALLOCATION_FAILED, any other refusal
// ROCDIST_STATUS_LAUNCH_FAILURE; either way nothing was queued. Defined, and instantiated for
// every functor the generator uses, in block_kernels.hip.
template <class Functor>
ROCDIST_KERNEL_SOURCE_API rocdist_status generate(const device_info& device, void* stream, const Functor& f,
                                                  typename Functor::value_type* out, std::size_t n,
                                                  std::uint64_t offset);

// Queue the fast ordering of a rejection sampler: warp-compacted chunks
// (see backend/compacted_chunks.hpp); refusals as above. Defined, and
// instantiated for every sampler, in compacted_kernels.hip.
template <class Sampler>
ROCDIST_KERNEL_SOURCE_API rocdist_status generate(const device_info& device, void* stream,
                                                  const backend::compacted<Sampler>& c,
                                                  typename Sampler::value_type* out, std::size_t n,
                                                  std::uint64_t offset);

// Builds the alias table of k weights in device memory on `stream` and waits
// for it: *table receives a new device allocation (free it with
// free_device_memory). ROCDIST_STATUS_INVALID_VALUE for a negative, NaN or
// infinite weight or all zero, ROCDIST_STATUS_ALLOCATION_FAILED, or
// ROCDIST_STATUS_LAUNCH_FAILURE; nothing stays allocated on failure, and
// nothing queued still uses what was freed. Defined in
// alias_table_kernels.hip for float and double.
template <class T>
ROCDIST_KERNEL_SOURCE_API rocdist_status build_alias_table(const device_info& device, void* stream,
                                                           const T* weights, std::uint32_t k,
                                                           distributions::alias_entry** table);

// Device memory a GPU generator keeps between its calls for their scratch,
// so that a call of a few microseconds of GPU work does not pay for an
// allocation and a free: grown when a call needs more, freed with the
// generator (free_device_memory). Every call that uses it waits for its
// work on every path before it returns, so the next call finds it idle
// whatever its stream.
struct scratch_memory
{
    void*       p     = nullptr;
    std::size_t bytes = 0;
};

// Batched categorical sampling (backend/categorical_row_inputs.hpp): rows of
// k values of in.values, samples_per_row categories of each into out, as
// host::generate_categorical_rows draws them, on `stream`, in `scratch`.
// Every pass is queued at once; the passes after the validation pass skip
// their work on the GPU when it found an invalid value or a row with
// nothing to draw, and the call waits once, at the end:
// ROCDIST_STATUS_INVALID_VALUE, having written nothing, for such an input.
// ROCDIST_STATUS_ALLOCATION_FAILED or ROCDIST_STATUS_LAUNCH_FAILURE, having
// written nothing, when scratch or a launch is refused before the draws
// are queued. Defined in categorical_rows_kernels.hip for weight_rows<float>,
// weight_rows<double> and typed_logit_rows of the three value types.
template <class Input>
ROCDIST_KERNEL_SOURCE_API rocdist_status generate_categorical_rows(const device_info& device, void* stream,
                                                                   scratch_memory& scratch, const Input& in,
                                                                   std::uint64_t rows, std::uint64_t k,
                                                                   unsigned int* out, std::uint64_t samples_per_row,
                                                                   engine::philox_key key, std::uint64_t offset);

// ROCDIST_STATUS_INVALID_VALUE when Rule{}(v) fails for one of the n values
// at `values` (device memory): one pass on `stream`, in `scratch`, waited
// for. ROCDIST_STATUS_ALLOCATION_FAILED or ROCDIST_STATUS_LAUNCH_FAILURE
// when the scratch or the pass is refused. Defined in parameter_checks.hip
// for gamma shapes (float, double), lambdas and probabilities (double).
template <class Rule, class T>
ROCDIST_KERNEL_SOURCE_API rocdist_status check_values(const device_info& device, void* stream,
                                                      scratch_memory& scratch, const T* values, std::uint64_t n);

// Queues rows Dirichlet(alpha) rows of k values (backend/dirichlet_rows.hpp),
// stream rows first_row onwards, into out on `stream` (asynchronous);
// refusals as generate's. alpha must have passed check_values. Defined in
// dirichlet_kernels.hip for float and double.
template <class T>
ROCDIST_KERNEL_SOURCE_API rocdist_status generate_dirichlet(const device_info& device, void* stream, const T* alpha,
                                                            std::uint64_t k, std::uint64_t rows, T* out,
                                                            engine::philox_key key, std::uint64_t first_row);

// Queues token sampling (backend/token_rows.hpp) on `stream`, one kernel,
// and returns without waiting: each row's token as host::sample_tokens
// gives it, an invalid row's setting *deferred (device memory) to nonzero.
// Refusals as generate's. Defined, with the two below, in token_kernels.hip.
ROCDIST_KERNEL_SOURCE_API rocdist_status sample_tokens(const device_info& device, void* stream,
                                                       const backend::token_batch& batch, unsigned* deferred);

// A device word, zeroed, for a generator's deferred status (free it with
// free_device_memory); ROCDIST_STATUS_ALLOCATION_FAILED when refused.
ROCDIST_KERNEL_SOURCE_API rocdist_status allocate_status_word(const device_info& device, unsigned** word);

// Waits for `stream`, reads the word into `set` (nonzero) and zeroes it.
ROCDIST_KERNEL_SOURCE_API rocdist_status take_status_word(const device_info& device, void* stream, unsigned* word,
                                                          bool& set);

// Frees a table or a generator's scratch once the work queued on its device,
// on any stream, which may still read it has finished.
ROCDIST_KERNEL_SOURCE_API void free_device_memory(int ordinal, void* p);

} // namespace rocdist::gpu
