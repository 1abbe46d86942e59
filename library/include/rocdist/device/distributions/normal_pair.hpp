// Two normal variates made together (Box-Muller and the polar method).
#pragma once

namespace rocdist::distributions
{

template <class T>
struct normal_pair
{
    T first;
    T second;
};

} // namespace rocdist::distributions
