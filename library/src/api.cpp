// The C API: handle lookup, argument checks, dispatch. No exception crosses
// the extern "C" boundary.
#include <memory>
#include <new>
#include <type_traits>

#include "backend/categorical_row_inputs.hpp"
#include "backend/narrowed_outputs.hpp"
#include "enum_argument.hpp"
#include "generator.hpp"
#include "handle_registry.hpp"
#include "rocdist/rocdist.h"
#include "rocdist/rocdist_version.h"

namespace
{

using rocdist::backend_kind;
using rocdist::categorical_table;
using rocdist::generator;

rocdist::handle_registry<generator>& generators()
{
    static rocdist::handle_registry<generator> registry;
    return registry;
}

rocdist::handle_registry<categorical_table>& categorical_tables()
{
    static rocdist::handle_registry<categorical_table> registry;
    return registry;
}

template <class Body>
rocdist_status guarded(Body&& body) noexcept
{
    try
    {
        return body();
    }
    catch(const std::bad_alloc&)
    {
        return ROCDIST_STATUS_ALLOCATION_FAILED;
    }
    catch(...)
    {
        return ROCDIST_STATUS_INTERNAL_ERROR;
    }
}

std::uintptr_t id_of(rocdist_generator handle)
{
    return reinterpret_cast<std::uintptr_t>(handle);
}

// Runs body(generator&) with the generator locked, or answers INVALID_HANDLE.
template <class Body>
rocdist_status with_generator(rocdist_generator handle, Body&& body) noexcept
{
    return guarded([&] {
        const std::shared_ptr<generator> g = generators().find(id_of(handle));
        if(!g)
            return ROCDIST_STATUS_INVALID_HANDLE;
        std::lock_guard<std::mutex> lock(g->mutex());
        return body(*g);
    });
}

// rng_type is the enum argument's integer (enum_argument.hpp).
rocdist_status create(rocdist_generator* out, std::underlying_type_t<rocdist_rng_type> rng_type, backend_kind kind) noexcept
{
    return guarded([&] {
        if(out == nullptr)
            return ROCDIST_STATUS_INVALID_POINTER;
        if(rng_type != ROCDIST_RNG_PHILOX4X32_10)
            return ROCDIST_STATUS_TYPE_ERROR;
        std::shared_ptr<generator> g;
        const rocdist_status       status = rocdist::with_new_backend(kind, [&](auto backend, auto&&... arguments) {
            g = std::make_shared<generator>(backend, arguments...);
            return ROCDIST_STATUS_SUCCESS;
        });
        if(status != ROCDIST_STATUS_SUCCESS)
            return status;
        *out = reinterpret_cast<rocdist_generator>(generators().insert(std::move(g)));
        return ROCDIST_STATUS_SUCCESS;
    });
}

template <class T>
rocdist_status generate_normal(rocdist_generator handle, T* output, size_t n, T mean, T stddev, bool log_normal) noexcept
{
    return with_generator(handle, [&](generator& g) { return g.generate_normal(output, n, mean, stddev, log_normal); });
}

template <class T>
rocdist_status create_categorical(rocdist_generator handle, const T* weights, size_t k,
                                  rocdist_categorical* table) noexcept
{
    return with_generator(handle, [&](generator& g) {
        if(table == nullptr)
            return ROCDIST_STATUS_INVALID_POINTER;
        std::shared_ptr<categorical_table> built;
        const rocdist_status status = g.create_categorical(weights, k, built);
        if(status != ROCDIST_STATUS_SUCCESS)
            return status;
        *table = reinterpret_cast<rocdist_categorical>(categorical_tables().insert(std::move(built)));
        return ROCDIST_STATUS_SUCCESS;
    });
}

template <class T>
rocdist_status generate_categorical_rows(rocdist_generator handle, const T* weights, size_t rows, size_t k,
                                         unsigned int* output, size_t samples_per_row) noexcept
{
    return with_generator(handle, [&](generator& g) {
        return g.generate_categorical_rows(rocdist::backend::weight_rows<T>{weights, 0}, rows, k, output,
                                           samples_per_row);
    });
}

} // namespace

extern "C" {

rocdist_status rocdist_create_generator(rocdist_generator* generator, rocdist_rng_type rng_type)
{
    return create(generator, rocdist::enum_argument(rng_type), backend_kind::gpu);
}

rocdist_status rocdist_create_generator_host(rocdist_generator* generator, rocdist_rng_type rng_type)
{
    return create(generator, rocdist::enum_argument(rng_type), backend_kind::host);
}

rocdist_status rocdist_destroy_generator(rocdist_generator generator)
{
    return guarded([&] {
        return generators().erase(id_of(generator)) ? ROCDIST_STATUS_SUCCESS
                                                     : ROCDIST_STATUS_INVALID_HANDLE;
    });
}

rocdist_status rocdist_set_seed(rocdist_generator generator, unsigned long long seed)
{
    return with_generator(generator, [&](rocdist::generator& g) {
        g.set_seed(seed);
        return ROCDIST_STATUS_SUCCESS;
    });
}

rocdist_status rocdist_set_offset(rocdist_generator generator, unsigned long long offset)
{
    return with_generator(generator, [&](rocdist::generator& g) {
        g.set_offset(offset);
        return ROCDIST_STATUS_SUCCESS;
    });
}

rocdist_status rocdist_set_stream(rocdist_generator generator, void* stream)
{
    return with_generator(generator, [&](rocdist::generator& g) { return g.set_stream(stream); });
}

rocdist_status rocdist_set_ordering(rocdist_generator generator, rocdist_ordering ordering)
{
    return with_generator(generator, [&](rocdist::generator& g) {
        const auto value = rocdist::enum_argument(ordering);
        if(value != ROCDIST_ORDERING_REPRODUCIBLE && value != ROCDIST_ORDERING_FAST)
            return ROCDIST_STATUS_TYPE_ERROR;
        g.set_ordering(ordering);
        return ROCDIST_STATUS_SUCCESS;
    });
}

rocdist_status rocdist_set_normal_method(rocdist_generator generator, rocdist_normal_method method)
{
    return with_generator(generator, [&](rocdist::generator& g) {
        switch(rocdist::enum_argument(method))
        {
        case ROCDIST_NORMAL_BOX_MULLER:
        case ROCDIST_NORMAL_POLAR:
        case ROCDIST_NORMAL_INVERSE_CDF:
        case ROCDIST_NORMAL_INVERSE_CDF_FAST:
        case ROCDIST_NORMAL_ZIGGURAT:
        case ROCDIST_NORMAL_BOX_MULLER_FAST: g.set_normal_method(method); return ROCDIST_STATUS_SUCCESS;
        }
        return ROCDIST_STATUS_TYPE_ERROR;
    });
}

rocdist_status rocdist_generate(rocdist_generator generator, unsigned int* output, size_t n)
{
    return with_generator(generator, [&](rocdist::generator& g) { return g.generate(output, n); });
}

rocdist_status rocdist_generate_uniform(rocdist_generator generator, float* output, size_t n)
{
    return with_generator(generator, [&](rocdist::generator& g) { return g.generate(output, n); });
}

rocdist_status rocdist_generate_uniform_double(rocdist_generator generator, double* output, size_t n)
{
    return with_generator(generator, [&](rocdist::generator& g) { return g.generate(output, n); });
}

rocdist_status rocdist_generate_normal(rocdist_generator generator, float* output, size_t n, float mean, float stddev)
{
    return generate_normal(generator, output, n, mean, stddev, false);
}

rocdist_status rocdist_generate_normal_double(rocdist_generator generator, double* output, size_t n,
                                              double mean, double stddev)
{
    return generate_normal(generator, output, n, mean, stddev, false);
}

rocdist_status rocdist_generate_log_normal(rocdist_generator generator, float* output, size_t n,
                                           float mean, float stddev)
{
    return generate_normal(generator, output, n, mean, stddev, true);
}

rocdist_status rocdist_generate_log_normal_double(rocdist_generator generator, double* output, size_t n,
                                                  double mean, double stddev)
{
    return generate_normal(generator, output, n, mean, stddev, true);
}

rocdist_status rocdist_create_categorical(rocdist_generator generator, const float* weights, size_t k,
                                         rocdist_categorical* table)
{
    return create_categorical(generator, weights, k, table);
}

rocdist_status rocdist_create_categorical_double(rocdist_generator generator, const double* weights, size_t k,
                                                rocdist_categorical* table)
{
    return create_categorical(generator, weights, k, table);
}

rocdist_status rocdist_destroy_categorical(rocdist_categorical table)
{
    return guarded([&] {
        return categorical_tables().erase(reinterpret_cast<std::uintptr_t>(table)) ? ROCDIST_STATUS_SUCCESS
                                                                                    : ROCDIST_STATUS_INVALID_HANDLE;
    });
}

rocdist_status rocdist_get_categorical_view(rocdist_categorical table, rocdist_categorical_view* view)
{
    return guarded([&] {
        if(view == nullptr)
            return ROCDIST_STATUS_INVALID_POINTER;
        const std::shared_ptr<categorical_table> t = categorical_tables().find(reinterpret_cast<std::uintptr_t>(table));
        if(!t)
            return ROCDIST_STATUS_INVALID_HANDLE;
        *view = {t->entries(), t->size()};
        return ROCDIST_STATUS_SUCCESS;
    });
}

rocdist_status rocdist_generate_categorical(rocdist_generator generator, rocdist_categorical table,
                                           unsigned int* output, size_t n)
{
    return with_generator(generator, [&](rocdist::generator& g) {
        const std::shared_ptr<categorical_table> t
            = categorical_tables().find(reinterpret_cast<std::uintptr_t>(table));
        if(!t)
            return ROCDIST_STATUS_INVALID_HANDLE;
        return g.generate_categorical(*t, output, n);
    });
}

rocdist_status rocdist_generate_categorical_rows(rocdist_generator generator, const float* weights, size_t rows,
                                                size_t k, unsigned int* output, size_t samples_per_row)
{
    return generate_categorical_rows(generator, weights, rows, k, output, samples_per_row);
}

rocdist_status rocdist_generate_categorical_rows_double(rocdist_generator generator, const double* weights,
                                                       size_t rows, size_t k, unsigned int* output,
                                                       size_t samples_per_row)
{
    return generate_categorical_rows(generator, weights, rows, k, output, samples_per_row);
}

rocdist_status rocdist_generate_categorical_logits(rocdist_generator generator, const float* logits, size_t rows,
                                                  size_t k, float temperature, unsigned int* output,
                                                  size_t samples_per_row)
{
    return rocdist_generate_categorical_logits_typed(generator, logits, ROCDIST_VALUE_FLOAT, rows, k, temperature,
                                                     output, samples_per_row);
}

rocdist_status rocdist_generate_categorical_logits_typed(rocdist_generator generator, const void* logits,
                                                        rocdist_value_type type, size_t rows, size_t k,
                                                        float temperature, unsigned int* output,
                                                        size_t samples_per_row)
{
    const auto type_value = rocdist::enum_argument(type); // any int a C caller passed
    return with_generator(generator, [&](rocdist::generator& g) {
        // Checked first: a bad temperature is an error even when nothing is drawn.
        if(!(temperature > 0))
            return ROCDIST_STATUS_INVALID_VALUE;
        // Logits l are the weights 2^(l c), c rounded once to double.
        const double c = rocdist::distributions::log2e_over_temperature(temperature);
        using rocdist::backend::typed_logit_rows;
        switch(type_value)
        {
        case ROCDIST_VALUE_FLOAT:
            return g.generate_categorical_rows(typed_logit_rows<ROCDIST_VALUE_FLOAT>{
                                                   static_cast<const float*>(logits), 0, c},
                                               rows, k, output, samples_per_row);
        case ROCDIST_VALUE_HALF:
            return g.generate_categorical_rows(typed_logit_rows<ROCDIST_VALUE_HALF>{
                                                   static_cast<const std::uint16_t*>(logits), 0, c},
                                               rows, k, output, samples_per_row);
        case ROCDIST_VALUE_BFLOAT16:
            return g.generate_categorical_rows(typed_logit_rows<ROCDIST_VALUE_BFLOAT16>{
                                                   static_cast<const std::uint16_t*>(logits), 0, c},
                                               rows, k, output, samples_per_row);
        default:
            return ROCDIST_STATUS_INVALID_VALUE;
        }
    });
}

rocdist_status rocdist_sample_tokens(rocdist_generator generator, const void* logits, rocdist_value_type type,
                                     size_t rows, size_t vocab, const rocdist_token_params* params,
                                     const unsigned long long* row_seeds, const unsigned long long* row_positions,
                                     unsigned int* tokens)
{
    const auto type_value = rocdist::enum_argument(type); // any int a C caller passed
    return with_generator(generator, [&](rocdist::generator& g) {
        return g.sample_tokens(logits, type_value, rows, vocab, params, row_seeds, row_positions, tokens);
    });
}

rocdist_status rocdist_reserve_token_scratch(rocdist_generator generator, size_t rows, size_t vocab)
{
    return with_generator(generator, [&](rocdist::generator& g) { return g.reserve_token_scratch(rows, vocab); });
}

rocdist_status rocdist_get_deferred_status(rocdist_generator generator, rocdist_status* status)
{
    return with_generator(generator, [&](rocdist::generator& g) {
        if(status == nullptr)
            return ROCDIST_STATUS_INVALID_POINTER;
        return g.take_deferred_status(*status);
    });
}

rocdist_status rocdist_generate_gamma(rocdist_generator generator, float* output, size_t n, float shape, float scale)
{
    return with_generator(generator, [&](rocdist::generator& g) { return g.generate_gamma(output, n, shape, scale); });
}

rocdist_status rocdist_generate_gamma_double(rocdist_generator generator, double* output, size_t n,
                                             double shape, double scale)
{
    return with_generator(generator, [&](rocdist::generator& g) { return g.generate_gamma(output, n, shape, scale); });
}

rocdist_status rocdist_generate_gamma_shapes(rocdist_generator generator, float* output, size_t n,
                                             const float* shapes, float scale)
{
    return with_generator(generator,
                          [&](rocdist::generator& g) { return g.generate_gamma_shapes(output, n, shapes, scale); });
}

rocdist_status rocdist_generate_gamma_shapes_double(rocdist_generator generator, double* output, size_t n,
                                                    const double* shapes, double scale)
{
    return with_generator(generator,
                          [&](rocdist::generator& g) { return g.generate_gamma_shapes(output, n, shapes, scale); });
}

rocdist_status rocdist_generate_beta(rocdist_generator generator, float* output, size_t n, float a, float b)
{
    return with_generator(generator, [&](rocdist::generator& g) { return g.generate_beta(output, n, a, b); });
}

rocdist_status rocdist_generate_beta_double(rocdist_generator generator, double* output, size_t n, double a,
                                            double b)
{
    return with_generator(generator, [&](rocdist::generator& g) { return g.generate_beta(output, n, a, b); });
}

rocdist_status rocdist_generate_poisson(rocdist_generator generator, unsigned int* output, size_t n, double lambda)
{
    return with_generator(generator, [&](rocdist::generator& g) { return g.generate_poisson(output, n, lambda); });
}

rocdist_status rocdist_generate_poisson_lambdas(rocdist_generator generator, unsigned int* output, size_t n,
                                                const double* lambdas)
{
    return with_generator(generator,
                          [&](rocdist::generator& g) { return g.generate_poisson_lambdas(output, n, lambdas); });
}

rocdist_status rocdist_generate_binomial(rocdist_generator generator, unsigned int* output, size_t n,
                                         unsigned int trials, double p)
{
    return with_generator(generator, [&](rocdist::generator& g) { return g.generate_binomial(output, n, trials, p); });
}

rocdist_status rocdist_generate_binomial_parameters(rocdist_generator generator, unsigned int* output, size_t n,
                                                    const unsigned int* trials, const double* p)
{
    return with_generator(generator, [&](rocdist::generator& g) {
        return g.generate_binomial_parameters(output, n, trials, p);
    });
}

rocdist_status rocdist_generate_exponential(rocdist_generator generator, float* output, size_t n, float rate)
{
    return with_generator(generator, [&](rocdist::generator& g) { return g.generate_exponential(output, n, rate); });
}

rocdist_status rocdist_generate_exponential_double(rocdist_generator generator, double* output, size_t n,
                                                   double rate)
{
    return with_generator(generator, [&](rocdist::generator& g) { return g.generate_exponential(output, n, rate); });
}

rocdist_status rocdist_generate_dirichlet(rocdist_generator generator, float* output, size_t rows,
                                          const float* alpha, size_t k)
{
    return with_generator(generator,
                          [&](rocdist::generator& g) { return g.generate_dirichlet(output, rows, alpha, k); });
}

rocdist_status rocdist_generate_dirichlet_double(rocdist_generator generator, double* output, size_t rows,
                                                 const double* alpha, size_t k)
{
    return with_generator(generator,
                          [&](rocdist::generator& g) { return g.generate_dirichlet(output, rows, alpha, k); });
}

rocdist_status rocdist_generate_uniform_half(rocdist_generator generator, unsigned short* output, size_t n)
{
    return with_generator(generator, [&](rocdist::generator& g) {
        return g.generate_uniform_16<rocdist::backend::to_positive_half>(output, n);
    });
}

rocdist_status rocdist_generate_normal_half(rocdist_generator generator, unsigned short* output, size_t n,
                                            float mean, float stddev)
{
    return with_generator(generator, [&](rocdist::generator& g) {
        return g.generate_normal_16<rocdist::backend::to_half>(output, n, mean, stddev, false);
    });
}

rocdist_status rocdist_generate_log_normal_half(rocdist_generator generator, unsigned short* output, size_t n,
                                                float mean, float stddev)
{
    return with_generator(generator, [&](rocdist::generator& g) {
        return g.generate_normal_16<rocdist::backend::to_half>(output, n, mean, stddev, true);
    });
}

rocdist_status rocdist_generate_uniform_bfloat16(rocdist_generator generator, unsigned short* output, size_t n)
{
    return with_generator(generator, [&](rocdist::generator& g) {
        return g.generate_uniform_16<rocdist::backend::to_bfloat16>(output, n);
    });
}

rocdist_status rocdist_generate_normal_bfloat16(rocdist_generator generator, unsigned short* output, size_t n,
                                                float mean, float stddev)
{
    return with_generator(generator, [&](rocdist::generator& g) {
        return g.generate_normal_16<rocdist::backend::to_bfloat16>(output, n, mean, stddev, false);
    });
}

rocdist_status rocdist_generate_log_normal_bfloat16(rocdist_generator generator, unsigned short* output, size_t n,
                                                    float mean, float stddev)
{
    return with_generator(generator, [&](rocdist::generator& g) {
        return g.generate_normal_16<rocdist::backend::to_bfloat16>(output, n, mean, stddev, true);
    });
}

rocdist_status rocdist_get_version(int* version)
{
    if(version == nullptr)
        return ROCDIST_STATUS_INVALID_POINTER;
    *version = ROCDIST_VERSION_MAJOR * 10000 + ROCDIST_VERSION_MINOR * 100 + ROCDIST_VERSION_PATCH;
    return ROCDIST_STATUS_SUCCESS;
}

} // extern "C"
