// The two gamma entry points behind one overload, so that test bodies are
// written once for float and double and for every backend.
#pragma once

#include <vector>

#include <gtest/gtest.h>

#include "backend_buffers.hpp"
#include "rocdist/rocdist.h"

namespace rocdist_test
{

inline rocdist_status generate_gamma(rocdist_generator g, float* out, size_t n, float shape, float scale)
{
    return rocdist_generate_gamma(g, out, n, shape, scale);
}
inline rocdist_status generate_gamma(rocdist_generator g, double* out, size_t n, double shape, double scale)
{
    return rocdist_generate_gamma_double(g, out, n, shape, scale);
}

// n variates from the generator's position, through a fresh guarded buffer.
template <class T>
std::vector<T> gamma_vector(backend b, rocdist_generator g, size_t n, T shape, T scale, size_t misalign = 0)
{
    backend_buffer<T> buffer(b, n, misalign);
    EXPECT_EQ(generate_gamma(g, buffer.data(), n, shape, scale), ROCDIST_STATUS_SUCCESS);
    return buffer.outputs();
}

} // namespace rocdist_test
