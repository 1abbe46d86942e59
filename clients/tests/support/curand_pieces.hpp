// cuRAND's host generator as the tests' oracle: one request from (seed,
// offset) made in successive calls of the given sizes.
#pragma once

#include <vector>

#include "curand_generator.hpp"

namespace rocdist_test
{

constexpr const char* no_curand = "libcurand was not found when the tests were built (looked for the CUDA toolkit)";

// fill(generator, out, n) makes one cuRAND call.
template <class T, class Fill>
std::vector<T> curand_pieces(unsigned long long seed, unsigned long long offset, const std::vector<size_t>& pieces,
                             Fill&& fill)
{
    rocdist_clients::curand_generator g(false);
    g.set_seed(seed);
    g.set_offset(offset);
    std::vector<T> out;
    for(size_t piece : pieces)
    {
        std::vector<T> part(piece);
        fill(g, part.data(), piece);
        out.insert(out.end(), part.begin(), part.end());
    }
    return out;
}

} // namespace rocdist_test
