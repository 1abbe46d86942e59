// Every generating entry point of the C API as the fuzzer calls it: element
// size, and how its distribution parameters are read from the input.
// A new entry point is one more line at the end of generate_entries (the
// seed corpus picks entries by their index).
#pragma once

#include <cstddef>
#include <vector>

#include "fuzz_input.hpp"
#include "rocdist/rocdist.h"

namespace rocdist_fuzz
{

// The most outputs the session backs with memory: large enough for the
// host backend to split the work over its threads. A call for more gets a
// NULL output or runs past the stream's end, and must refuse before it
// reads an input array, so such arrays hold at most this many values.
inline constexpr std::size_t large_limit = std::size_t(1) << 18;

struct generate_entry
{
    const char* name;
    std::size_t element_size;
    // Reads its parameters (if any) from the input, then makes the call.
    rocdist_status (*call)(rocdist_generator, void* output, std::size_t n, fuzz_input&);
    // For calls whose stream positions are rows of k elements (Dirichlet):
    // k for n elements. NULL: every element is a position.
    std::size_t (*row_length)(std::size_t n) = nullptr;
};

template <class T, rocdist_status (*Generate)(rocdist_generator, T*, std::size_t)>
rocdist_status no_parameters(rocdist_generator g, void* output, std::size_t n, fuzz_input&)
{
    return Generate(g, static_cast<T*>(output), n);
}

// Outputs of type T, two parameters of type P (T itself, or float for the
// 16-bit outputs).
template <class T, class P, rocdist_status (*Generate)(rocdist_generator, T*, std::size_t, P, P)>
rocdist_status two_parameters(rocdist_generator g, void* output, std::size_t n, fuzz_input& in)
{
    const P first  = in.real<P>();
    const P second = in.real<P>();
    return Generate(g, static_cast<T*>(output), n, first, second);
}

// Outputs of type T, one parameter of type P.
template <class T, class P, rocdist_status (*Generate)(rocdist_generator, T*, std::size_t, P)>
rocdist_status one_parameter(rocdist_generator g, void* output, std::size_t n, fuzz_input& in)
{
    return Generate(g, static_cast<T*>(output), n, in.real<P>());
}

// Any number of trials (every unsigned int is one), a hostile p.
inline rocdist_status binomial(rocdist_generator g, void* output, std::size_t n, fuzz_input& in)
{
    const auto   trials = in.bits<unsigned int>();
    const double p      = in.real<double>();
    return rocdist_generate_binomial(g, static_cast<unsigned int*>(output), n, trials, p);
}

// A table of 1 to 64 hostile weights (NaN, infinities, negatives, zeros,
// subnormals, huge values), built, sampled and destroyed: a refused table is
// the call's status, nothing sampled.
template <class W, rocdist_status (*Create)(rocdist_generator, const W*, std::size_t, rocdist_categorical*)>
rocdist_status categorical(rocdist_generator g, void* output, std::size_t n, fuzz_input& in)
{
    std::vector<W> weights(1 + in.byte() % 64);
    for(W& w : weights)
        w = in.real<W>();
    rocdist_categorical  table  = nullptr;
    const rocdist_status status = Create(g, weights.data(), weights.size(), &table);
    if(status != ROCDIST_STATUS_SUCCESS)
        return status;
    const rocdist_status sampled   = rocdist_generate_categorical(g, table, static_cast<unsigned int*>(output), n);
    const rocdist_status destroyed = rocdist_destroy_categorical(table);
    return sampled != ROCDIST_STATUS_SUCCESS ? sampled : destroyed;
}

// Batched categorical sampling: the n outputs as rows (up to 8, dividing n)
// of n / rows samples, rows of up to 64 weights read from the input.
template <class W, rocdist_status (*Generate)(rocdist_generator, const W*, std::size_t, std::size_t, unsigned int*,
                                              std::size_t)>
rocdist_status categorical_rows(rocdist_generator g, void* output, std::size_t n, fuzz_input& in)
{
    std::size_t rows = 1 + in.byte() % 8;
    rows             = n % rows == 0 ? rows : 1;
    std::vector<W> weights(rows * (1 + in.byte() % 64));
    for(W& w : weights)
        w = in.real<W>();
    return Generate(g, weights.data(), rows, weights.size() / rows, static_cast<unsigned int*>(output), n / rows);
}

// The same with logits of a type read from the input (16-bit ones as raw
// words; 3 is no type) and a temperature.
inline rocdist_status categorical_logits(rocdist_generator g, void* output, std::size_t n, fuzz_input& in)
{
    const int   type = in.enumerator(4);
    std::size_t rows = 1 + in.byte() % 8;
    rows             = n % rows == 0 ? rows : 1;
    std::vector<float> logits(rows * (1 + in.byte() % 64));
    for(float& l : logits)
        l = in.real<float>();
    const float temperature = in.real<float>();
    auto* const categories  = static_cast<unsigned int*>(output);
    if(type == ROCDIST_VALUE_FLOAT)
        return rocdist_generate_categorical_logits(g, logits.data(), rows, logits.size() / rows, temperature,
                                                   categories, n / rows);
    return rocdist_generate_categorical_logits_typed(g, logits.data(), static_cast<rocdist_value_type>(type), rows,
                                                     logits.size() / rows, temperature, categories, n / rows);
}

// Token sampling: the n outputs as n rows of hostile logits of a type read
// from the input (16-bit ones as raw words; up to 64 per row, 1 for large
// n) with hostile parameters, from the generator's stream; the deferred
// status of a call that succeeded must be success or INVALID_VALUE.
inline rocdist_status sample_tokens(rocdist_generator g, void* output, std::size_t n, fuzz_input& in)
{
    const auto        type  = static_cast<rocdist_value_type>(in.enumerator(4)); // 3: unknown
    const std::size_t vocab = n > 1024 ? 1 : 1 + in.byte() % 64;
    const std::size_t rows  = n < large_limit ? n : large_limit; // what is backed; more is refused first
    std::vector<float> logits(rows * vocab);
    for(float& l : logits)
        l = in.real<float>();
    std::vector<rocdist_token_params> params(rows);
    for(rocdist_token_params& p : params)
        p = {in.real<float>(), static_cast<unsigned int>(in.byte() % 80), in.real<float>(), in.real<float>()};
    const rocdist_status status = rocdist_sample_tokens(g, logits.data(), type, n, vocab, params.data(), nullptr,
                                                        nullptr, static_cast<unsigned int*>(output));
    if(status != ROCDIST_STATUS_SUCCESS)
        return status;
    rocdist_status deferred = ROCDIST_STATUS_INTERNAL_ERROR;
    if(rocdist_get_deferred_status(g, &deferred) != ROCDIST_STATUS_SUCCESS
       || (deferred != ROCDIST_STATUS_SUCCESS && deferred != ROCDIST_STATUS_INVALID_VALUE))
        return ROCDIST_STATUS_INTERNAL_ERROR;
    return status;
}

// A shape per element: n hostile shapes read from the input (at most
// large_limit: see there), and a scale.
template <class T>
rocdist_status gamma_shapes(rocdist_generator g, void* output, std::size_t n, fuzz_input& in)
{
    std::vector<T> shapes(n < large_limit ? n : large_limit);
    for(T& s : shapes)
        s = in.real<T>();
    const T scale = in.real<T>();
    if constexpr(sizeof(T) == sizeof(float))
        return rocdist_generate_gamma_shapes(g, static_cast<T*>(output), n, shapes.data(), scale);
    else
        return rocdist_generate_gamma_shapes_double(g, static_cast<T*>(output), n, shapes.data(), scale);
}

// A lambda per element: n hostile lambdas (at most large_limit), passed
// at their address, NULL or misaligned.
inline rocdist_status poisson_lambdas(rocdist_generator g, void* output, std::size_t n, fuzz_input& in)
{
    std::vector<double> lambdas(n < large_limit ? n : large_limit);
    for(double& l : lambdas)
        l = in.real<double>();
    return rocdist_generate_poisson_lambdas(g, static_cast<unsigned int*>(output), n, in.array_address(lambdas));
}

// Trials and p per element: n of each (at most large_limit), any trials and
// hostile p, each array passed at its address, NULL or misaligned.
inline rocdist_status binomial_parameters(rocdist_generator g, void* output, std::size_t n, fuzz_input& in)
{
    const std::size_t         count = n < large_limit ? n : large_limit;
    std::vector<unsigned int> trials(count);
    std::vector<double>       p(count);
    for(std::size_t i = 0; i < count; ++i)
    {
        trials[i] = in.bits<unsigned int>();
        p[i]      = in.real<double>();
    }
    const unsigned int* trials_at = in.array_address(trials);
    const double*       p_at      = in.array_address(p);
    return rocdist_generate_binomial_parameters(g, static_cast<unsigned int*>(output), n, trials_at, p_at);
}

// Dirichlet: the n outputs as rows of k components, k the largest of 8, 5,
// 4, 3 and 2 that divides n, else 1 (a function of n, so that the session
// knows how far the position moves), k hostile concentrations read from the
// input.
inline std::size_t dirichlet_row_length(std::size_t n)
{
    for(std::size_t k : {8, 5, 4, 3, 2})
        if(n % k == 0)
            return k;
    return 1;
}

template <class T>
rocdist_status dirichlet(rocdist_generator g, void* output, std::size_t n, fuzz_input& in)
{
    const std::size_t k = dirichlet_row_length(n);
    std::vector<T>    alpha(k);
    for(T& a : alpha)
        a = in.real<T>();
    if constexpr(sizeof(T) == sizeof(float))
        return rocdist_generate_dirichlet(g, static_cast<T*>(output), n / k, alpha.data(), k);
    else
        return rocdist_generate_dirichlet_double(g, static_cast<T*>(output), n / k, alpha.data(), k);
}

inline const generate_entry generate_entries[] = {
    {"generate", sizeof(unsigned int), no_parameters<unsigned int, rocdist_generate>},
    {"uniform", sizeof(float), no_parameters<float, rocdist_generate_uniform>},
    {"uniform_double", sizeof(double), no_parameters<double, rocdist_generate_uniform_double>},
    {"normal", sizeof(float), two_parameters<float, float, rocdist_generate_normal>},
    {"normal_double", sizeof(double), two_parameters<double, double, rocdist_generate_normal_double>},
    {"log_normal", sizeof(float), two_parameters<float, float, rocdist_generate_log_normal>},
    {"log_normal_double", sizeof(double), two_parameters<double, double, rocdist_generate_log_normal_double>},
    {"gamma", sizeof(float), two_parameters<float, float, rocdist_generate_gamma>},
    {"gamma_double", sizeof(double), two_parameters<double, double, rocdist_generate_gamma_double>},
    {"gamma_shapes", sizeof(float), gamma_shapes<float>},
    {"gamma_shapes_double", sizeof(double), gamma_shapes<double>},
    {"beta", sizeof(float), two_parameters<float, float, rocdist_generate_beta>},
    {"beta_double", sizeof(double), two_parameters<double, double, rocdist_generate_beta_double>},
    {"dirichlet", sizeof(float), dirichlet<float>, dirichlet_row_length},
    {"dirichlet_double", sizeof(double), dirichlet<double>, dirichlet_row_length},
    {"categorical", sizeof(unsigned int), categorical<float, rocdist_create_categorical>},
    {"categorical_double", sizeof(unsigned int), categorical<double, rocdist_create_categorical_double>},
    {"categorical_rows", sizeof(unsigned int), categorical_rows<float, rocdist_generate_categorical_rows>},
    {"categorical_rows_double", sizeof(unsigned int),
     categorical_rows<double, rocdist_generate_categorical_rows_double>},
    {"categorical_logits", sizeof(unsigned int), categorical_logits},
    {"sample_tokens", sizeof(unsigned int), sample_tokens},
    {"uniform_half", sizeof(unsigned short), no_parameters<unsigned short, rocdist_generate_uniform_half>},
    {"normal_half", sizeof(unsigned short), two_parameters<unsigned short, float, rocdist_generate_normal_half>},
    {"log_normal_half", sizeof(unsigned short), two_parameters<unsigned short, float, rocdist_generate_log_normal_half>},
    {"uniform_bfloat16", sizeof(unsigned short), no_parameters<unsigned short, rocdist_generate_uniform_bfloat16>},
    {"normal_bfloat16", sizeof(unsigned short), two_parameters<unsigned short, float, rocdist_generate_normal_bfloat16>},
    {"log_normal_bfloat16", sizeof(unsigned short),
     two_parameters<unsigned short, float, rocdist_generate_log_normal_bfloat16>},
    {"poisson", sizeof(unsigned int), one_parameter<unsigned int, double, rocdist_generate_poisson>},
    {"poisson_lambdas", sizeof(unsigned int), poisson_lambdas},
    {"binomial", sizeof(unsigned int), binomial},
    {"binomial_parameters", sizeof(unsigned int), binomial_parameters},
    {"exponential", sizeof(float), one_parameter<float, float, rocdist_generate_exponential>},
    {"exponential_double", sizeof(double), one_parameter<double, double, rocdist_generate_exponential_double>},
};

} // namespace rocdist_fuzz
