// The four normal entry points behind one overload set, and the list of
// methods, so that test bodies are written once for every method, precision
// and backend.
#pragma once

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "backend_buffers.hpp"
#include "rocdist/rocdist.h"

namespace rocdist_test
{

inline const rocdist_normal_method all_normal_methods[]
    = {ROCDIST_NORMAL_BOX_MULLER, ROCDIST_NORMAL_POLAR, ROCDIST_NORMAL_INVERSE_CDF,
       ROCDIST_NORMAL_INVERSE_CDF_FAST, ROCDIST_NORMAL_ZIGGURAT, ROCDIST_NORMAL_BOX_MULLER_FAST};

// The rejection methods, whose fast ordering has its own (compacted) layout.
inline const rocdist_normal_method compacted_normal_methods[] = {ROCDIST_NORMAL_POLAR, ROCDIST_NORMAL_ZIGGURAT};

inline std::string method_name(rocdist_normal_method m)
{
    switch(m)
    {
    case ROCDIST_NORMAL_BOX_MULLER: return "box_muller";
    case ROCDIST_NORMAL_POLAR: return "polar";
    case ROCDIST_NORMAL_INVERSE_CDF: return "inverse_cdf";
    case ROCDIST_NORMAL_INVERSE_CDF_FAST: return "inverse_cdf_fast";
    case ROCDIST_NORMAL_ZIGGURAT: return "ziggurat";
    case ROCDIST_NORMAL_BOX_MULLER_FAST: return "box_muller_fast";
    }
    return "unknown";
}

inline rocdist_status generate_normal(rocdist_generator g, float* out, size_t n, float mean, float sd, bool log)
{
    return log ? rocdist_generate_log_normal(g, out, n, mean, sd) : rocdist_generate_normal(g, out, n, mean, sd);
}
inline rocdist_status generate_normal(rocdist_generator g, double* out, size_t n, double mean, double sd, bool log)
{
    return log ? rocdist_generate_log_normal_double(g, out, n, mean, sd)
               : rocdist_generate_normal_double(g, out, n, mean, sd);
}

// n variates from the generator's position, through a fresh guarded buffer.
template <class T>
std::vector<T> normal_vector(backend b, rocdist_generator g, size_t n, T mean = 0, T sd = 1,
                             bool log = false, size_t misalign = 0)
{
    backend_buffer<T> buffer(b, n, misalign);
    EXPECT_EQ(generate_normal(g, buffer.data(), n, mean, sd, log), ROCDIST_STATUS_SUCCESS);
    return buffer.outputs();
}

} // namespace rocdist_test
