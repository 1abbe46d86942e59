// Poisson, binomial and exponential calls for test bodies written once for
// every backend: parameter arrays copied into memory of the backend's kind,
// outputs read back through guarded buffers.
#pragma once

#include <vector>

#include <gtest/gtest.h>

#include "backend_buffers.hpp"
#include "categorical_calls.hpp"
#include "rocdist/rocdist.h"

namespace rocdist_test
{

inline rocdist_status generate_exponential(rocdist_generator g, float* out, size_t n, float rate)
{
    return rocdist_generate_exponential(g, out, n, rate);
}
inline rocdist_status generate_exponential(rocdist_generator g, double* out, size_t n, double rate)
{
    return rocdist_generate_exponential_double(g, out, n, rate);
}

// Reads n outputs through a guarded buffer after call(out) succeeds.
template <class T, class Call>
std::vector<T> outputs_of(backend b, size_t n, size_t misalign, const Call& call)
{
    backend_buffer<T>    out(b, n, misalign);
    const rocdist_status status = call(out.data());
    EXPECT_EQ(status, ROCDIST_STATUS_SUCCESS) << rocdist_get_status_string(status);
    return out.outputs();
}

inline std::vector<unsigned int> poisson_vector(backend b, rocdist_generator g, size_t n, double lambda,
                                                size_t misalign = 0)
{
    return outputs_of<unsigned int>(b, n, misalign,
                                    [&](unsigned int* out) { return rocdist_generate_poisson(g, out, n, lambda); });
}

inline std::vector<unsigned int> poisson_lambdas_vector(backend b, rocdist_generator g,
                                                        const std::vector<double>& lambdas, size_t misalign = 0)
{
    const backend_weights<double> in(b, lambdas);
    return outputs_of<unsigned int>(b, lambdas.size(), misalign, [&](unsigned int* out) {
        return rocdist_generate_poisson_lambdas(g, out, lambdas.size(), in.data());
    });
}

inline std::vector<unsigned int> binomial_vector(backend b, rocdist_generator g, size_t n, unsigned int trials,
                                                 double p, size_t misalign = 0)
{
    return outputs_of<unsigned int>(
        b, n, misalign, [&](unsigned int* out) { return rocdist_generate_binomial(g, out, n, trials, p); });
}

inline std::vector<unsigned int> binomial_parameters_vector(backend b, rocdist_generator g,
                                                            const std::vector<unsigned int>& trials,
                                                            const std::vector<double>& p, size_t misalign = 0)
{
    const backend_weights<unsigned int> t(b, trials);
    const backend_weights<double>       q(b, p);
    return outputs_of<unsigned int>(b, p.size(), misalign, [&](unsigned int* out) {
        return rocdist_generate_binomial_parameters(g, out, p.size(), t.data(), q.data());
    });
}

template <class T>
std::vector<T> exponential_vector(backend b, rocdist_generator g, size_t n, T rate, size_t misalign = 0)
{
    return outputs_of<T>(b, n, misalign, [&](T* out) { return generate_exponential(g, out, n, rate); });
}

} // namespace rocdist_test
