// The GPU's warp-compacted rounds (backend/compacted_round.hpp, composed with
// real ballots in gpu/warp_compacted_rejection.hpp), run here on emulated
// warps of 32 and 64 lanes: every lane's candidate first, then the ballot
// masks, then every lane's writes. The result must equal, bit for bit, the
// chunk's candidates run one after another (the host's definition of the
// fast ordering), for any warp width: the contract that lets host and GPU
// (NVIDIA or AMD) give the same values.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "backend/compacted_round.hpp"
#include "backend/rejection_samplers.hpp"
#include "rocdist/device/distributions/gamma.hpp"
#include "rocdist/device/engine/philox4x32_10.hpp"

namespace
{

using rocdist::backend::compacted_chunk_size;

constexpr unsigned long long seed = 77, offset = 1234567;
constexpr std::size_t        n    = 7 * compacted_chunk_size + 333;

template <class Sampler>
std::vector<typename Sampler::value_type> emulate_warps(const Sampler& s, unsigned width, std::uint64_t& rounds)
{
    using T = typename Sampler::value_type;
    constexpr unsigned A = Sampler::attempts_per_candidate;
    std::vector<T>     out(n);
    rounds = 0;
    for(std::uint64_t begin = 0; begin < n; begin += compacted_chunk_size)
    {
        const std::uint64_t end = std::min<std::uint64_t>(n, begin + compacted_chunk_size);
        for(std::uint64_t pos = begin, round = 0; pos < end; ++round, ++rounds)
        {
            std::vector<rocdist::backend::candidate_result<Sampler>> lanes;
            std::uint64_t masks[A] = {};
            for(unsigned lane = 0; lane < width; ++lane)
            {
                lanes.push_back(rocdist::backend::run_candidate(
                    s, static_cast<std::uint32_t>(round * width + lane), offset + begin));
                for(unsigned a = 0; a < A; ++a)
                    masks[a] |= std::uint64_t{lanes.back().accepted[a]} << lane;
            }
            for(unsigned lane = 0; lane < width; ++lane)
                rocdist::backend::write_accepted(lanes[lane], masks, lane, pos, end, out.data());
            pos += rocdist::backend::round_outputs<Sampler>(masks);
        }
    }
    return out;
}

// The candidates of each chunk run one after another, as the host backend
// defines the fast ordering (backend::fill_chunk; the host's vector kernels
// are held to it in test_compacted_kernels.cpp).
template <class Sampler>
std::vector<typename Sampler::value_type> sequential_candidates(const Sampler& s)
{
    std::vector<typename Sampler::value_type> out(n);
    for(std::uint64_t begin = 0; begin < n; begin += compacted_chunk_size)
        rocdist::backend::fill_chunk(s, offset + begin, out.data() + begin,
                                     std::min<std::uint64_t>(compacted_chunk_size, n - begin));
    return out;
}

// min_acceptance bounds the rounds from above.
template <class Sampler>
void expect_emulated_warps_to_match_candidates(const Sampler& s, double min_acceptance)
{
    const auto expected = sequential_candidates(s);
    for(unsigned width : {32u, 64u})
    {
        std::uint64_t rounds = 0;
        EXPECT_EQ(emulate_warps(s, width, rounds), expected) << "warp width " << width;
        // Rounds per chunk near chunk / (width A M p): the point of compaction.
        const double per_round = double(width) * Sampler::attempts_per_candidate * Sampler::outputs_per_attempt;
        const double chunks    = std::ceil(double(n) / compacted_chunk_size);
        EXPECT_LT(double(rounds), chunks * (compacted_chunk_size / (per_round * min_acceptance) + 1))
            << "warp width " << width;
    }
}

template <class T, template <class> class Sampler>
void expect_normals(double min_acceptance)
{
    expect_emulated_warps_to_match_candidates(
        Sampler<T>{rocdist::engine::philox_key_from_seed(seed), {T(-2), T(0.5), false}}, min_acceptance);
}

template <class T>
void expect_gamma(T shape, T scale)
{
    // Marsaglia-Tsang accepts at least 95% of attempts for every shape.
    expect_emulated_warps_to_match_candidates(
        rocdist::backend::gamma_sampler<T>{rocdist::engine::philox_key_from_seed(seed),
                                           rocdist::distributions::make_gamma_params(shape, scale)},
        0.9);
}

using rocdist::backend::polar_sampler;

TEST(warp_compaction, polar_float) { expect_normals<float, polar_sampler>(0.75); }
TEST(warp_compaction, polar_double) { expect_normals<double, polar_sampler>(0.75); }
TEST(warp_compaction, gamma_float) { expect_gamma<float>(0.3f, 2.0f); expect_gamma<float>(4.5f, 1.0f); }
TEST(warp_compaction, gamma_double) { expect_gamma<double>(0.3, 2.0); expect_gamma<double>(4.5, 1.0); }

} // namespace
