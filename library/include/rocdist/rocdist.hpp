/**
 * \file rocdist.hpp
 * \brief C++ wrappers over the C API: a generator that owns its handle
 *        (RAII, move-only) and calls that throw rocdist_cpp::error, which
 *        carries the status, instead of returning it.
 *
 * Header-only; link with the same library as C users (-lrocdist or
 * rocdist::rocdist). The namespace is rocdist_cpp, as rocRAND's is
 * rocrand_cpp, so that it never meets the library's internal names.
 */
#ifndef ROCDIST_ROCDIST_HPP
#define ROCDIST_ROCDIST_HPP

#include <cstddef>
#include <stdexcept>
#include <utility>

#include "rocdist/rocdist.h"

/** \brief The C++ interface to rocdist. */
namespace rocdist_cpp
{

/** \brief What every wrapper throws when a C call does not succeed. */
class error : public std::runtime_error
{
public:
    /**
     * \brief An exception for a status other than ROCDIST_STATUS_SUCCESS.
     * \param status the status the C call returned; what() is its sentence.
     */
    explicit error(rocdist_status status)
        : std::runtime_error(rocdist_get_status_string(status))
        , status_(status)
    {
    }

    /** \brief The status the C call returned. \return the status. */
    rocdist_status status() const noexcept { return status_; }

private:
    rocdist_status status_;
};

/**
 * \brief Throws error(status) unless status is ROCDIST_STATUS_SUCCESS.
 * \param status a status returned by a C call.
 */
inline void check(rocdist_status status)
{
    if(status != ROCDIST_STATUS_SUCCESS)
        throw error(status);
}

/** \brief Where a generator's output lives. */
enum class backend
{
    device, /**< GPU memory of the current device (rocdist_create_generator). */
    host    /**< host memory, all CPU cores (rocdist_create_generator_host). */
};

/**
 * \brief Owns one rocdist_generator; destroys it when it goes out of scope.
 *        Every member throws error with the C call's status on failure; the
 *        statuses are those listed for the C function of the same name.
 */
class generator
{
public:
    /**
     * \brief Creates a generator.
     * \param where    device (rocdist_create_generator) or host
     *                 (rocdist_create_generator_host).
     * \param rng_type the engine.
     */
    explicit generator(backend where = backend::device, rocdist_rng_type rng_type = ROCDIST_RNG_PHILOX4X32_10)
    {
        check(where == backend::device ? rocdist_create_generator(&handle_, rng_type)
                                       : rocdist_create_generator_host(&handle_, rng_type));
    }

    ~generator()
    {
        if(handle_ != nullptr)
            rocdist_destroy_generator(handle_);
    }

    generator(const generator&)            = delete;
    generator& operator=(const generator&) = delete;

    /** \brief Takes other's handle; other is left empty. \param other the source. */
    generator(generator&& other) noexcept
        : handle_(std::exchange(other.handle_, nullptr))
    {
    }

    /** \brief Swaps handles with other. \param other the source. \return *this. */
    generator& operator=(generator&& other) noexcept
    {
        std::swap(handle_, other.handle_);
        return *this;
    }

    /** \brief The C handle, for calls this class does not wrap. \return the handle. */
    rocdist_generator get() const noexcept { return handle_; }

    /** \brief rocdist_set_seed. \param seed the 64-bit seed. */
    void set_seed(unsigned long long seed) { check(rocdist_set_seed(handle_, seed)); }

    /** \brief rocdist_set_offset. \param offset element position. */
    void set_offset(unsigned long long offset) { check(rocdist_set_offset(handle_, offset)); }

    /** \brief rocdist_set_stream. \param stream hipStream_t or cudaStream_t; NULL for the default. */
    void set_stream(void* stream) { check(rocdist_set_stream(handle_, stream)); }

    /** \brief rocdist_set_ordering. \param ordering the ordering. */
    void set_ordering(rocdist_ordering ordering) { check(rocdist_set_ordering(handle_, ordering)); }

    /** \brief rocdist_set_normal_method. \param method the method. */
    void set_normal_method(rocdist_normal_method method) { check(rocdist_set_normal_method(handle_, method)); }

    /**
     * \brief rocdist_generate: raw 32-bit words.
     * \param output n elements of the generator's memory kind.
     * \param n      number of elements.
     */
    void generate(unsigned int* output, std::size_t n) { check(rocdist_generate(handle_, output, n)); }

    /**
     * \brief rocdist_generate_uniform.
     * \param output n elements of the generator's memory kind.
     * \param n      number of elements.
     */
    void generate_uniform(float* output, std::size_t n) { check(rocdist_generate_uniform(handle_, output, n)); }

    /**
     * \brief rocdist_generate_uniform_double.
     * \param output n elements of the generator's memory kind.
     * \param n      number of elements.
     */
    void generate_uniform(double* output, std::size_t n)
    {
        check(rocdist_generate_uniform_double(handle_, output, n));
    }

    /**
     * \brief rocdist_generate_normal.
     * \param output n elements of the generator's memory kind.
     * \param n      number of elements.
     * \param mean   finite.
     * \param stddev finite and positive.
     */
    void generate_normal(float* output, std::size_t n, float mean, float stddev)
    {
        check(rocdist_generate_normal(handle_, output, n, mean, stddev));
    }

    /**
     * \brief rocdist_generate_normal_double.
     * \param output n elements of the generator's memory kind.
     * \param n      number of elements.
     * \param mean   finite.
     * \param stddev finite and positive.
     */
    void generate_normal(double* output, std::size_t n, double mean, double stddev)
    {
        check(rocdist_generate_normal_double(handle_, output, n, mean, stddev));
    }

    /**
     * \brief rocdist_generate_log_normal.
     * \param output n elements of the generator's memory kind.
     * \param n      number of elements.
     * \param mean   mean of the logarithm; finite.
     * \param stddev standard deviation of the logarithm; finite and positive.
     */
    void generate_log_normal(float* output, std::size_t n, float mean, float stddev)
    {
        check(rocdist_generate_log_normal(handle_, output, n, mean, stddev));
    }

    /**
     * \brief rocdist_generate_log_normal_double.
     * \param output n elements of the generator's memory kind.
     * \param n      number of elements.
     * \param mean   mean of the logarithm; finite.
     * \param stddev standard deviation of the logarithm; finite and positive.
     */
    void generate_log_normal(double* output, std::size_t n, double mean, double stddev)
    {
        check(rocdist_generate_log_normal_double(handle_, output, n, mean, stddev));
    }

    /**
     * \brief rocdist_generate_uniform_half.
     * \param output n elements (half bits) of the generator's memory kind.
     * \param n      number of elements.
     */
    void generate_uniform_half(unsigned short* output, std::size_t n)
    {
        check(rocdist_generate_uniform_half(handle_, output, n));
    }

    /**
     * \brief rocdist_generate_normal_half.
     * \param output n elements (half bits) of the generator's memory kind.
     * \param n      number of elements.
     * \param mean   finite.
     * \param stddev finite and positive.
     */
    void generate_normal_half(unsigned short* output, std::size_t n, float mean, float stddev)
    {
        check(rocdist_generate_normal_half(handle_, output, n, mean, stddev));
    }

    /**
     * \brief rocdist_generate_log_normal_half.
     * \param output n elements (half bits) of the generator's memory kind.
     * \param n      number of elements.
     * \param mean   mean of the logarithm; finite.
     * \param stddev standard deviation of the logarithm; finite and positive.
     */
    void generate_log_normal_half(unsigned short* output, std::size_t n, float mean, float stddev)
    {
        check(rocdist_generate_log_normal_half(handle_, output, n, mean, stddev));
    }

    /**
     * \brief rocdist_generate_uniform_bfloat16.
     * \param output n elements (bfloat16 bits) of the generator's memory kind.
     * \param n      number of elements.
     */
    void generate_uniform_bfloat16(unsigned short* output, std::size_t n)
    {
        check(rocdist_generate_uniform_bfloat16(handle_, output, n));
    }

    /**
     * \brief rocdist_generate_normal_bfloat16.
     * \param output n elements (bfloat16 bits) of the generator's memory kind.
     * \param n      number of elements.
     * \param mean   finite.
     * \param stddev finite and positive.
     */
    void generate_normal_bfloat16(unsigned short* output, std::size_t n, float mean, float stddev)
    {
        check(rocdist_generate_normal_bfloat16(handle_, output, n, mean, stddev));
    }

    /**
     * \brief rocdist_generate_log_normal_bfloat16.
     * \param output n elements (bfloat16 bits) of the generator's memory kind.
     * \param n      number of elements.
     * \param mean   mean of the logarithm; finite.
     * \param stddev standard deviation of the logarithm; finite and positive.
     */
    void generate_log_normal_bfloat16(unsigned short* output, std::size_t n, float mean, float stddev)
    {
        check(rocdist_generate_log_normal_bfloat16(handle_, output, n, mean, stddev));
    }

    /**
     * \brief rocdist_generate_gamma.
     * \param output n floats in memory of the generator's kind.
     * \param n      number of elements.
     * \param shape  finite and greater than 0.
     * \param scale  finite and greater than 0.
     */
    void generate_gamma(float* output, std::size_t n, float shape, float scale)
    {
        check(rocdist_generate_gamma(handle_, output, n, shape, scale));
    }

    /**
     * \brief rocdist_generate_gamma_double.
     * \param output n doubles in memory of the generator's kind.
     * \param n      number of elements.
     * \param shape  finite and greater than 0.
     * \param scale  finite and greater than 0.
     */
    void generate_gamma(double* output, std::size_t n, double shape, double scale)
    {
        check(rocdist_generate_gamma_double(handle_, output, n, shape, scale));
    }

    /**
     * \brief rocdist_generate_gamma_shapes: element i with shape shapes[i].
     * \param output n floats in memory of the generator's kind.
     * \param n      number of elements.
     * \param shapes n shapes, finite and positive, in memory of the
     *               generator's kind.
     * \param scale  finite and greater than 0.
     */
    void generate_gamma_shapes(float* output, std::size_t n, const float* shapes, float scale)
    {
        check(rocdist_generate_gamma_shapes(handle_, output, n, shapes, scale));
    }

    /**
     * \brief rocdist_generate_gamma_shapes_double.
     * \param output n doubles in memory of the generator's kind.
     * \param n      number of elements.
     * \param shapes n shapes in memory of the generator's kind.
     * \param scale  finite and greater than 0.
     */
    void generate_gamma_shapes(double* output, std::size_t n, const double* shapes, double scale)
    {
        check(rocdist_generate_gamma_shapes_double(handle_, output, n, shapes, scale));
    }

    /**
     * \brief rocdist_generate_beta.
     * \param output n floats in memory of the generator's kind.
     * \param n      number of elements.
     * \param a      finite and greater than 0.
     * \param b      finite and greater than 0.
     */
    void generate_beta(float* output, std::size_t n, float a, float b)
    {
        check(rocdist_generate_beta(handle_, output, n, a, b));
    }

    /**
     * \brief rocdist_generate_beta_double.
     * \param output n doubles in memory of the generator's kind.
     * \param n      number of elements.
     * \param a      finite and greater than 0.
     * \param b      finite and greater than 0.
     */
    void generate_beta(double* output, std::size_t n, double a, double b)
    {
        check(rocdist_generate_beta_double(handle_, output, n, a, b));
    }

    /**
     * \brief rocdist_generate_dirichlet: rows rows of k floats, row-major.
     * \param output rows * k floats in memory of the generator's kind.
     * \param rows   number of rows.
     * \param alpha  k concentrations, finite and positive, in memory of the
     *               generator's kind.
     * \param k      components per row, at least 1.
     */
    void generate_dirichlet(float* output, std::size_t rows, const float* alpha, std::size_t k)
    {
        check(rocdist_generate_dirichlet(handle_, output, rows, alpha, k));
    }

    /**
     * \brief rocdist_generate_dirichlet_double.
     * \param output rows * k doubles in memory of the generator's kind.
     * \param rows   number of rows.
     * \param alpha  k concentrations in memory of the generator's kind.
     * \param k      components per row, at least 1.
     */
    void generate_dirichlet(double* output, std::size_t rows, const double* alpha, std::size_t k)
    {
        check(rocdist_generate_dirichlet_double(handle_, output, rows, alpha, k));
    }

    /**
     * \brief rocdist_generate_poisson.
     * \param output n unsigned ints in memory of the generator's kind.
     * \param n      number of elements.
     * \param lambda the mean, 0 <= lambda <= 2^31.
     */
    void generate_poisson(unsigned int* output, std::size_t n, double lambda)
    {
        check(rocdist_generate_poisson(handle_, output, n, lambda));
    }

    /**
     * \brief rocdist_generate_poisson_lambdas: element i with mean lambdas[i].
     * \param output  n unsigned ints in memory of the generator's kind.
     * \param n       number of elements.
     * \param lambdas n means, each 0 <= lambda <= 2^31, in memory of the
     *                generator's kind.
     */
    void generate_poisson_lambdas(unsigned int* output, std::size_t n, const double* lambdas)
    {
        check(rocdist_generate_poisson_lambdas(handle_, output, n, lambdas));
    }

    /**
     * \brief rocdist_generate_binomial.
     * \param output n unsigned ints in memory of the generator's kind.
     * \param n      number of elements.
     * \param trials the number of trials.
     * \param p      the success probability, 0 <= p <= 1.
     */
    void generate_binomial(unsigned int* output, std::size_t n, unsigned int trials, double p)
    {
        check(rocdist_generate_binomial(handle_, output, n, trials, p));
    }

    /**
     * \brief rocdist_generate_binomial_parameters: element i with trials[i]
     *        and p[i].
     * \param output n unsigned ints in memory of the generator's kind.
     * \param n      number of elements.
     * \param trials n trial counts in memory of the generator's kind.
     * \param p      n probabilities, each 0 <= p <= 1, in memory of the
     *               generator's kind.
     */
    void generate_binomial_parameters(unsigned int* output, std::size_t n, const unsigned int* trials,
                                      const double* p)
    {
        check(rocdist_generate_binomial_parameters(handle_, output, n, trials, p));
    }

    /**
     * \brief rocdist_generate_exponential: mean 1 / rate.
     * \param output n floats in memory of the generator's kind.
     * \param n      number of elements.
     * \param rate   finite and greater than 0.
     */
    void generate_exponential(float* output, std::size_t n, float rate)
    {
        check(rocdist_generate_exponential(handle_, output, n, rate));
    }

    /**
     * \brief rocdist_generate_exponential_double.
     * \param output n doubles in memory of the generator's kind.
     * \param n      number of elements.
     * \param rate   finite and greater than 0.
     */
    void generate_exponential(double* output, std::size_t n, double rate)
    {
        check(rocdist_generate_exponential_double(handle_, output, n, rate));
    }

    /**
     * \brief rocdist_generate_categorical.
     * \param table  a table built for a generator of this kind (and GPU).
     * \param output n unsigned ints in memory of the generator's kind.
     * \param n      number of elements.
     */
    void generate_categorical(rocdist_categorical table, unsigned int* output, std::size_t n)
    {
        check(rocdist_generate_categorical(handle_, table, output, n));
    }

    /**
     * \brief rocdist_generate_categorical_rows: samples_per_row categories
     *        of each of rows rows of k float weights, without a table.
     * \param weights         rows * k weights, row-major, in memory of the
     *                        generator's kind.
     * \param rows            number of rows.
     * \param k               categories per row.
     * \param output          rows * samples_per_row unsigned ints in memory
     *                        of the generator's kind.
     * \param samples_per_row samples drawn from each row.
     */
    void generate_categorical_rows(const float* weights, std::size_t rows, std::size_t k, unsigned int* output,
                                   std::size_t samples_per_row)
    {
        check(rocdist_generate_categorical_rows(handle_, weights, rows, k, output, samples_per_row));
    }

    /**
     * \brief rocdist_generate_categorical_rows_double.
     * \param weights         rows * k double weights, row-major, in memory of
     *                        the generator's kind.
     * \param rows            number of rows.
     * \param k               categories per row.
     * \param output          rows * samples_per_row unsigned ints in memory
     *                        of the generator's kind.
     * \param samples_per_row samples drawn from each row.
     */
    void generate_categorical_rows(const double* weights, std::size_t rows, std::size_t k, unsigned int* output,
                                   std::size_t samples_per_row)
    {
        check(rocdist_generate_categorical_rows_double(handle_, weights, rows, k, output, samples_per_row));
    }

    /**
     * \brief rocdist_generate_categorical_logits: categories with row r's
     *        probabilities softmax(logits_r / temperature).
     * \param logits          rows * k logits, row-major, in memory of the
     *                        generator's kind.
     * \param rows            number of rows.
     * \param k               categories per row.
     * \param temperature     greater than 0.
     * \param output          rows * samples_per_row unsigned ints in memory
     *                        of the generator's kind.
     * \param samples_per_row samples drawn from each row.
     */
    void generate_categorical_logits(const float* logits, std::size_t rows, std::size_t k, float temperature,
                                     unsigned int* output, std::size_t samples_per_row)
    {
        check(rocdist_generate_categorical_logits(handle_, logits, rows, k, temperature, output, samples_per_row));
    }

    /**
     * \brief rocdist_generate_categorical_logits_typed: as above, with logits
     *        of `type` (float, half or bfloat16).
     * \param logits          rows * k logits of `type`, row-major, in memory
     *                        of the generator's kind.
     * \param type            the logits' element type.
     * \param rows            number of rows.
     * \param k               categories per row.
     * \param temperature     greater than 0.
     * \param output          rows * samples_per_row unsigned ints in memory
     *                        of the generator's kind.
     * \param samples_per_row samples drawn from each row.
     */
    void generate_categorical_logits(const void* logits, rocdist_value_type type, std::size_t rows, std::size_t k,
                                     float temperature, unsigned int* output, std::size_t samples_per_row)
    {
        check(rocdist_generate_categorical_logits_typed(handle_, logits, type, rows, k, temperature, output,
                                                        samples_per_row));
    }

    /**
     * \brief rocdist_sample_tokens: one token per row of logits after
     *        temperature, top-k, top-p and min-p (queued, not waited for, on
     *        GPUs; invalid rows are reported by deferred_status()).
     * \param logits        rows * vocab logits of `type`, in memory of the
     *                      generator's kind.
     * \param type          the logits' element type.
     * \param rows          number of rows.
     * \param vocab         tokens per row.
     * \param params        rows parameter sets.
     * \param tokens        rows unsigned ints.
     * \param row_seeds     NULL, or each row's seed.
     * \param row_positions NULL (exactly when row_seeds is), or each row's
     *                      stream position.
     */
    void sample_tokens(const void* logits, rocdist_value_type type, std::size_t rows, std::size_t vocab,
                       const rocdist_token_params* params, unsigned int* tokens,
                       const unsigned long long* row_seeds = nullptr, const unsigned long long* row_positions = nullptr)
    {
        check(rocdist_sample_tokens(handle_, logits, type, rows, vocab, params, row_seeds, row_positions, tokens));
    }

    /**
     * \brief rocdist_reserve_token_scratch: so that sample_tokens calls up to
     *        rows x vocab allocate nothing.
     * \param rows  the most rows a call will have.
     * \param vocab the largest vocabulary.
     */
    void reserve_token_scratch(std::size_t rows, std::size_t vocab)
    {
        check(rocdist_reserve_token_scratch(handle_, rows, vocab));
    }

    /**
     * \brief rocdist_get_deferred_status: waits for the generator's stream,
     *        returns whether rows were invalid since the last read, and clears it.
     * \return ROCDIST_STATUS_SUCCESS, or ROCDIST_STATUS_INVALID_VALUE.
     */
    rocdist_status deferred_status()
    {
        rocdist_status status = ROCDIST_STATUS_SUCCESS;
        check(rocdist_get_deferred_status(handle_, &status));
        return status;
    }

private:
    rocdist_generator handle_ = nullptr;
};

/**
 * \brief Owns one rocdist_categorical alias table; destroys it when it goes
 *        out of scope. Construction throws error with the C call's status.
 */
class categorical
{
public:
    /**
     * \brief rocdist_create_categorical.
     * \param gen     the generator whose kind (and GPU) the table is for.
     * \param weights k unnormalised float weights in memory of that kind.
     * \param k       number of categories.
     */
    categorical(const generator& gen, const float* weights, std::size_t k)
    {
        check(rocdist_create_categorical(gen.get(), weights, k, &handle_));
    }

    /**
     * \brief rocdist_create_categorical_double.
     * \param gen     the generator whose kind (and GPU) the table is for.
     * \param weights k unnormalised double weights in memory of that kind.
     * \param k       number of categories.
     */
    categorical(const generator& gen, const double* weights, std::size_t k)
    {
        check(rocdist_create_categorical_double(gen.get(), weights, k, &handle_));
    }

    ~categorical()
    {
        if(handle_ != nullptr)
            rocdist_destroy_categorical(handle_);
    }

    categorical(const categorical&)            = delete;
    categorical& operator=(const categorical&) = delete;

    /** \brief Takes other's handle; other is left empty. \param other the source. */
    categorical(categorical&& other) noexcept
        : handle_(std::exchange(other.handle_, nullptr))
    {
    }

    /** \brief Swaps handles with other. \param other the source. \return *this. */
    categorical& operator=(categorical&& other) noexcept
    {
        std::swap(handle_, other.handle_);
        return *this;
    }

    /** \brief The C handle, for generator::generate_categorical. \return the handle. */
    rocdist_categorical get() const noexcept { return handle_; }

    /**
     * \brief rocdist_get_categorical_view: the table's entries and k, for
     *        rocdist::device::categorical in user kernels.
     * \return the view, valid while this object owns the table.
     */
    rocdist_categorical_view view() const
    {
        rocdist_categorical_view v{};
        check(rocdist_get_categorical_view(handle_, &v));
        return v;
    }

private:
    rocdist_categorical handle_ = nullptr;
};

/**
 * \brief rocdist_get_version.
 * \return the library's version as major * 10000 + minor * 100 + patch.
 */
inline int version()
{
    int v = 0;
    check(rocdist_get_version(&v));
    return v;
}

} // namespace rocdist_cpp

#endif
