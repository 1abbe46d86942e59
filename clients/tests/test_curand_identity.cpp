// Bit-identity with cuRAND's host Philox generator (libcurand, the oracle):
// raw words and uniform floats for any seed, offset and split into calls;
// uniform doubles for any seed and split at offset 0. cuRAND's double stream
// under a nonzero offset is not a shift of its own stream, so doubles are
// compared at offset 0 only (rocdist keeps offsets a pure shift; see
// test_stream_contract.cpp).
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "curand_generator.hpp"
#include "support/backend_buffers.hpp"
#include "support/curand_pieces.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_clients::curand_generator;

using rocdist_test::no_curand;

// cuRAND's raw words or uniforms, made in `pieces` from (seed, offset).
template <class T>
std::vector<T> curand_stream(unsigned long long seed, unsigned long long offset, const std::vector<size_t>& pieces)
{
    return rocdist_test::curand_pieces<T>(seed, offset, pieces,
                                          [](curand_generator& g, T* out, size_t n) { g.generate(out, n); });
}

// A request split into successive calls: small, odd and large pieces, some
// crossing cuRAND's 65536-subsequence pass boundary.
std::vector<size_t> random_split(std::mt19937_64& rng, size_t total)
{
    std::vector<size_t> pieces;
    while(total > 0)
    {
        const size_t kind  = rng() % 3;
        size_t       piece = kind == 0 ? 1 + rng() % 9 : kind == 1 ? 1 + rng() % 1000 : 1 + rng() % 300000;
        piece              = std::min(piece, total);
        pieces.push_back(piece);
        total -= piece;
    }
    return pieces;
}

class curand_identity : public rocdist_test::backend_test
{
protected:
    // rocdist producing `pieces` in successive calls from (seed, offset).
    template <class T>
    std::vector<T> rocdist_stream(unsigned long long seed, unsigned long long offset,
                                  const std::vector<size_t>& pieces, size_t misalign)
    {
        EXPECT_EQ(rocdist_set_seed(gen_, seed), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rocdist_set_offset(gen_, offset), ROCDIST_STATUS_SUCCESS);
        std::vector<T> out;
        for(size_t piece : pieces)
        {
            const std::vector<T> part = rocdist_test::generate_vector<T>(GetParam(), gen_, piece, misalign);
            out.insert(out.end(), part.begin(), part.end());
        }
        return out;
    }

    // Compares bit patterns over several seeds, splits and (when
    // with_offsets) offsets; the two sides split the request differently.
    template <class T>
    void expect_identical(bool with_offsets)
    {
        if(!curand_generator::available(false))
            GTEST_SKIP() << no_curand;
        std::mt19937_64 rng(0x5eed0000 + sizeof(T));
        for(int trial = 0; trial < 12; ++trial)
        {
            const unsigned long long seed   = trial == 0 ? 0 : rng();
            const unsigned long long offset = !with_offsets ? 0
                                              : trial % 3 == 0 ? rng() % 17
                                              : trial % 3 == 1 ? rng() % 5000000
                                                               : (1ull << 40) + rng() % 1000;
            const size_t total    = 1 + rng() % 700000;
            const size_t misalign = rng() % 4;
            SCOPED_TRACE(::testing::Message() << "seed " << seed << " offset " << offset << " n " << total
                                              << " misalign " << misalign);
            const std::vector<T> expected = curand_stream<T>(seed, offset, random_split(rng, total));
            const std::vector<T> got      = rocdist_stream<T>(seed, offset, random_split(rng, total), misalign);
            ASSERT_EQ(got.size(), expected.size());
            size_t mismatches = 0, first = 0;
            for(size_t i = 0; i < got.size(); ++i)
            {
                if(std::memcmp(&got[i], &expected[i], sizeof(T)) != 0 && mismatches++ == 0)
                    first = i;
            }
            ASSERT_EQ(mismatches, 0u) << "first mismatch at element " << first << ": rocdist " << got[first]
                                      << ", cuRAND " << expected[first];
        }
    }
};

TEST_P(curand_identity, raw_words_any_seed_offset_and_split)
{
    expect_identical<unsigned int>(true);
}

TEST_P(curand_identity, uniform_floats_any_seed_offset_and_split)
{
    expect_identical<float>(true);
}

TEST_P(curand_identity, uniform_doubles_any_seed_and_split_at_offset_zero)
{
    expect_identical<double>(false);
}

// A generator nobody seeded produces cuRAND's default-seed stream.
TEST_P(curand_identity, default_seed_is_curands)
{
    if(!curand_generator::available(false))
        GTEST_SKIP() << no_curand;
    std::vector<unsigned int> expected(1001);
    curand_generator(false).generate(expected.data(), expected.size());
    EXPECT_EQ(rocdist_test::generate_vector<unsigned int>(GetParam(), gen_, expected.size()), expected);
}

ROCDIST_INSTANTIATE_BACKENDS(curand_identity);

} // namespace
