// A generator: engine, seed, position, and where its elements are computed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>

#include "categorical_table.hpp"
#include "config.hpp"
#include "rocdist/rocdist.h"

#if ROCDIST_HAS_GPU_BACKEND
#include "backend/gpu/gpu_backend.hpp"
#endif

namespace rocdist
{

class generator
{
public:
    explicit generator(backend_kind kind) : kind_(kind) {}

#if ROCDIST_HAS_GPU_BACKEND
    generator(backend_kind kind, gpu::device_info device) : kind_(kind), device_(device) {}
    ~generator();
    generator(const generator&)            = delete;
    generator& operator=(const generator&) = delete;
#endif

    // Calls on one generator are serialised; different generators run in parallel.
    std::mutex& mutex() { return mutex_; }

    void set_seed(unsigned long long seed)
    {
        seed_   = seed;
        offset_ = 0;
    }
    void           set_offset(unsigned long long offset) { offset_ = offset; }
    rocdist_status set_stream(void* stream);
    void           set_ordering(rocdist_ordering ordering) { ordering_ = ordering; }
    void           set_normal_method(rocdist_normal_method method) { normal_method_ = method; }

    rocdist_status generate(unsigned int* out, std::size_t n);
    rocdist_status generate(float* out, std::size_t n);
    rocdist_status generate(double* out, std::size_t n);

    // Normal, or log-normal when log_normal is set (mean and stddev are then
    // those of the logarithm).
    template <class T>
    rocdist_status generate_normal(T* out, std::size_t n, T mean, T stddev, bool log_normal);

    // A table of the generator's kind built from k weights in memory of
    // that kind (on the generator's stream, waited for).
    template <class T>
    rocdist_status create_categorical(const T* weights, std::size_t k, std::shared_ptr<categorical_table>& table);
    rocdist_status generate_categorical(const categorical_table& table, unsigned int* out, std::size_t n);

    // Batched categorical sampling: rows x k weights or logits (Input, from
    // backend/categorical_row_inputs.hpp; its bits are set here) in memory of
    // the generator's kind, samples_per_row categories of each row.
    template <class Input>
    rocdist_status generate_categorical_rows(Input in, std::size_t rows, std::size_t k, unsigned int* out,
                                             std::size_t samples_per_row);

    // Gamma(shape, scale) by Marsaglia-Tsang, in either ordering.
    template <class T>
    rocdist_status generate_gamma(T* out, std::size_t n, T shape, T scale);

    // Gamma(shapes[i], scale) for element i, the n shapes in memory of the
    // generator's kind; the same variates as generate_gamma's.
    template <class T>
    rocdist_status generate_gamma_shapes(T* out, std::size_t n, const T* shapes, T scale);

    // Beta(a, b) from pairs of gamma variates (rocdist/device/blocks/beta_functor.hpp).
    template <class T>
    rocdist_status generate_beta(T* out, std::size_t n, T a, T b);

    // rows Dirichlet(alpha) rows of k values, alpha in memory of the
    // generator's kind (backend/dirichlet_rows.hpp); the position counts rows.
    template <class T>
    rocdist_status generate_dirichlet(T* out, std::size_t rows, const T* alpha, std::size_t k);

    // Uniform, normal or log-normal floats rounded to a 16-bit format
    // (backend/narrowed_outputs.hpp): the float calls' elements.
    template <class Format>
    rocdist_status generate_uniform_16(std::uint16_t* out, std::size_t n);
    template <class Format>
    rocdist_status generate_normal_16(std::uint16_t* out, std::size_t n, float mean, float stddev, bool log_normal);

private:
    // Calls emit(source) with the block functor, or the fast ordering's
    // compacted sampler, of the generator's normal method.
    template <class T, class Emit>
    rocdist_status with_normal_source(T mean, T stddev, bool log_normal, const Emit& emit) const;

    // The block functor's n elements into out. `before`, when given, runs
    // once the arguments have passed every other check, and stops the call
    // with its status unless that is success (a pass over an input array).
    template <class Functor, class Before = rocdist_status (*)()>
    rocdist_status generate_with(const Functor& f, typename Functor::value_type* out, std::size_t n,
                                 const Before& before = nothing_before);
    static rocdist_status nothing_before() { return ROCDIST_STATUS_SUCCESS; }

    // Success when the n values at `shapes`, in memory of the generator's
    // kind, are all valid shapes (distributions::valid_shape).
    template <class T>
    rocdist_status check_shapes(const T* shapes, std::size_t n);

    backend_kind       kind_;
    unsigned long long seed_     = 0; // cuRAND's default seed
    unsigned long long offset_   = 0;
    void*              stream_   = nullptr;
    rocdist_ordering   ordering_ = ROCDIST_ORDERING_REPRODUCIBLE;
    rocdist_normal_method normal_method_ = ROCDIST_NORMAL_BOX_MULLER;
#if ROCDIST_HAS_GPU_BACKEND
    gpu::device_info    device_{};
    gpu::scratch_memory scratch_{}; // the calls' device scratch, kept between them
#endif
    std::mutex mutex_;
};

} // namespace rocdist
