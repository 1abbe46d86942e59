// The calls built on gamma variates (a shape per element, beta, Dirichlet)
// behind one overload per precision, inputs copied into memory of the
// backend's kind, outputs read back through guarded buffers; and the
// tolerance within which a GPU generator's values must meet the host's.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "backend_buffers.hpp"
#include "categorical_calls.hpp"
#include "rocdist/rocdist.h"

namespace rocdist_test
{

inline rocdist_status generate_gamma_shapes(rocdist_generator g, float* out, size_t n, const float* shapes,
                                            float scale)
{
    return rocdist_generate_gamma_shapes(g, out, n, shapes, scale);
}
inline rocdist_status generate_gamma_shapes(rocdist_generator g, double* out, size_t n, const double* shapes,
                                            double scale)
{
    return rocdist_generate_gamma_shapes_double(g, out, n, shapes, scale);
}
inline rocdist_status generate_beta(rocdist_generator g, float* out, size_t n, float a, float b)
{
    return rocdist_generate_beta(g, out, n, a, b);
}
inline rocdist_status generate_beta(rocdist_generator g, double* out, size_t n, double a, double b)
{
    return rocdist_generate_beta_double(g, out, n, a, b);
}
inline rocdist_status generate_dirichlet(rocdist_generator g, float* out, size_t rows, const float* alpha, size_t k)
{
    return rocdist_generate_dirichlet(g, out, rows, alpha, k);
}
inline rocdist_status generate_dirichlet(rocdist_generator g, double* out, size_t rows, const double* alpha,
                                         size_t k)
{
    return rocdist_generate_dirichlet_double(g, out, rows, alpha, k);
}

// shapes.size() variates from the generator's position.
template <class T>
std::vector<T> gamma_shapes_vector(backend b, rocdist_generator g, const std::vector<T>& shapes, T scale,
                                   size_t misalign = 0)
{
    const backend_weights<T> in(b, shapes);
    backend_buffer<T>        out(b, shapes.size(), misalign);
    const rocdist_status     status = generate_gamma_shapes(g, out.data(), shapes.size(), in.data(), scale);
    EXPECT_EQ(status, ROCDIST_STATUS_SUCCESS) << rocdist_get_status_string(status);
    return out.outputs();
}

template <class T>
std::vector<T> beta_vector(backend b, rocdist_generator g, size_t n, T a, T bb, size_t misalign = 0)
{
    backend_buffer<T>    out(b, n, misalign);
    const rocdist_status status = generate_beta(g, out.data(), n, a, bb);
    EXPECT_EQ(status, ROCDIST_STATUS_SUCCESS) << rocdist_get_status_string(status);
    return out.outputs();
}

// rows x alpha.size() values, row-major.
template <class T>
std::vector<T> dirichlet_vector(backend b, rocdist_generator g, size_t rows, const std::vector<T>& alpha,
                                size_t misalign = 0)
{
    const backend_weights<T> in(b, alpha);
    backend_buffer<T>        out(b, rows * alpha.size(), misalign);
    const rocdist_status     status = generate_dirichlet(g, out.data(), rows, in.data(), alpha.size());
    EXPECT_EQ(status, ROCDIST_STATUS_SUCCESS) << rocdist_get_status_string(status);
    return out.outputs();
}

// A GPU generator's value against the host's (docs/gamma.md): both take
// the same decisions from the same words, and differ through the
// platforms' log, exp, sincos and log1p (within 2 ulp of glibc's), which
// a variate's logarithm amplifies by |log x|: relative 2^-20 (float) or
// 2^-46 (double) times 16 + |log x|, plus 2 subnormal units. Beta and
// Dirichlet values are ratios of gamma variates X, formed from their
// logarithms, so the variates' |log X| counts twice more (ratio_log).
template <class T>
bool within_platform_tolerance(T host, T gpu, double ratio_log = 0)
{
    if(host == gpu)
        return true;
    const double eps       = sizeof(T) == sizeof(float) ? 0x1p-20 : 0x1p-46;
    const double magnitude = std::max(double(host), double(gpu));
    const double smaller
        = std::max(std::min(double(host), double(gpu)), double(std::numeric_limits<T>::denorm_min()));
    const double tolerance = eps * (16 + std::fabs(std::log(smaller)) + 2 * ratio_log) * magnitude
                             + 2 * double(std::numeric_limits<T>::denorm_min());
    return std::fabs(double(host) - double(gpu)) <= tolerance;
}

// The largest |log X| of gamma variates with shapes down to a: below 1, X
// is G u^(1/a), and u (a uniform of the output type) reaches 2^-24 in float
// and 2^-53 in double; from 1 up, the same bound with a = 1 holds. With a
// = 1e-3 a Dirichlet component near 1 is a ratio of variates near e^-1000,
// and carries their logarithms' error, not its own |log x| of about 0.
template <class T>
double ratio_log_bound(double smallest_shape)
{
    return (sizeof(T) == sizeof(float) ? 24 : 53) * std::log(2.0) / std::min(smallest_shape, 1.0);
}

// Counts the elements outside the tolerance: a decision within rounding
// errors of its boundary may flip (probability about 1e-7 per element).
// ratio_log: 0 for gamma variates, ratio_log_bound for beta and Dirichlet.
template <class T>
size_t platform_flips(const std::vector<T>& host, const std::vector<T>& gpu, double ratio_log = 0)
{
    EXPECT_EQ(host.size(), gpu.size());
    size_t flips = 0;
    for(size_t i = 0; i < std::min(host.size(), gpu.size()); ++i)
        flips += within_platform_tolerance(host[i], gpu[i], ratio_log) ? 0 : 1;
    return flips;
}

} // namespace rocdist_test
