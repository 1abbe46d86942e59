// A generator: engine, seed, position, and where its elements are computed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <type_traits>
#include <utility>
#include <variant>

#include "backend/generator_backend.hpp"
#include "categorical_table.hpp"
#include "rocdist/rocdist.h"

namespace rocdist
{

class generator
{
public:
    // A generator on a backend of type Backend, made from args
    // (with_new_backend in backend/generator_backend.hpp).
    template <class Backend, class... Args>
    explicit generator(std::in_place_type_t<Backend> backend, Args&&... args)
        : backend_(backend, std::forward<Args>(args)...)
    {
    }
    generator(const generator&)            = delete;
    generator& operator=(const generator&) = delete;

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

    // Poisson(lambda) counts, one lambda for the call or lambdas[i] for
    // element i (in memory of the generator's kind); the same counts in both
    // orderings (rocdist/device/blocks/count_functors.hpp).
    rocdist_status generate_poisson(unsigned int* out, std::size_t n, double lambda);
    rocdist_status generate_poisson_lambdas(unsigned int* out, std::size_t n, const double* lambdas);

    // Binomial(trials, p) counts, likewise.
    rocdist_status generate_binomial(unsigned int* out, std::size_t n, unsigned int trials, double p);
    rocdist_status generate_binomial_parameters(unsigned int* out, std::size_t n, const unsigned int* trials,
                                                const double* p);

    // Exponential variates of mean 1 / rate, the same in both orderings.
    template <class T>
    rocdist_status generate_exponential(T* out, std::size_t n, T rate);

    // Uniform, normal or log-normal floats rounded to a 16-bit format
    // (backend/narrowed_outputs.hpp): the float calls' elements.
    template <class Format>
    rocdist_status generate_uniform_16(std::uint16_t* out, std::size_t n);
    template <class Format>
    rocdist_status generate_normal_16(std::uint16_t* out, std::size_t n, float mean, float stddev, bool log_normal);

    // One token per row of logits (backend/token_rows.hpp), without waiting
    // on GPUs; defined in generator_tokens.cpp with the two below.
    // type_value: the rocdist_value_type argument's integer (enum_argument.hpp).
    rocdist_status sample_tokens(const void* logits, std::underlying_type_t<rocdist_value_type> type_value,
                                 std::size_t rows, std::size_t vocab,
                                 const rocdist_token_params* params, const unsigned long long* row_seeds,
                                 const unsigned long long* row_positions, unsigned int* tokens);
    rocdist_status reserve_token_scratch(std::size_t rows, std::size_t vocab);
    // INVALID_VALUE in `status` when a row was invalid since the last call.
    rocdist_status take_deferred_status(rocdist_status& status);

private:
    // Calls emit(source) with the block functor, or the fast ordering's
    // compacted sampler, of the generator's normal method.
    template <class T, class Emit>
    rocdist_status with_normal_source(T mean, T stddev, bool log_normal, const Emit& emit) const;

    // The block functor's n elements into out. `before(backend)`, when
    // given, runs once the arguments have passed every other check, and
    // stops the call with its status unless that is success (a pass over an
    // input array).
    struct nothing_before
    {
        template <class Backend>
        rocdist_status operator()(Backend&) const
        {
            return ROCDIST_STATUS_SUCCESS;
        }
    };
    template <class Functor, class Before = nothing_before>
    rocdist_status generate_with(const Functor& f, typename Functor::value_type* out, std::size_t n,
                                 const Before& before = {});

    // call(backend) on the generator's backend.
    template <class Call>
    rocdist_status on_backend(Call&& call)
    {
        return std::visit(std::forward<Call>(call), backend_);
    }

    generator_backend     backend_;
    unsigned long long    seed_          = 0; // cuRAND's default seed
    unsigned long long    offset_        = 0;
    rocdist_ordering      ordering_      = ROCDIST_ORDERING_REPRODUCIBLE;
    rocdist_normal_method normal_method_ = ROCDIST_NORMAL_BOX_MULLER;
    std::mutex            mutex_;
};

} // namespace rocdist
