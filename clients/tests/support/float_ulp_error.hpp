// How far a float result is from an exact (long double) value, in units in
// the last place of the exact value rounded to float.
#pragma once

#include <cmath>

namespace rocdist_test
{

inline double float_ulp_error(float got, long double exact)
{
    const float rounded = static_cast<float>(exact);
    const float ulp     = std::nextafter(std::fabs(rounded), INFINITY) - std::fabs(rounded);
    return static_cast<double>(std::fabs(static_cast<long double>(got) - exact) / ulp);
}

} // namespace rocdist_test
