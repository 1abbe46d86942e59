// cuRAND's host Philox generator as a test oracle. Declared without cuRAND's
// headers, which clash with HIP's, so GPU test files can include both sides.
#pragma once

#include <cstddef>
#include <vector>

namespace rocdist_test
{

// True when the tests were built against libcurand.
bool have_curand();

// cuRAND's CURAND_RNG_PSEUDO_PHILOX4_32_10 host generator producing `pieces`
// elements in successive calls from (seed, offset), concatenated.
// T is unsigned int (curandGenerate), float or double (GenerateUniform[Double]).
template <class T>
std::vector<T> curand_stream(unsigned long long seed, unsigned long long offset,
                             const std::vector<std::size_t>& pieces);

// The stream of a generator nobody seeded.
std::vector<unsigned int> curand_default_seed_words(std::size_t n);

} // namespace rocdist_test
