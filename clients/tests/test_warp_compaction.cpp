// The GPU's warp-compacted rounds (backend/compacted_round.hpp, composed with
// real ballots in gpu/warp_compacted_rejection.hpp), run here on emulated
// warps of 32 and 64 lanes: every lane's candidate first, then the ballot
// masks, then every lane's writes. The result must equal, bit for bit, what
// the host generator writes in the fast ordering, for any warp width: the
// contract that lets host and GPU (NVIDIA or AMD) give the same values.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

#include <gtest/gtest.h>

#include "backend/compacted_round.hpp"
#include "backend/rejection_samplers.hpp"
#include "gamma_calls.hpp"
#include "normal_calls.hpp"

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

// `fill` writes the host generator's fast-ordering output (seed and offset
// already set). min_acceptance bounds the rounds from above.
template <class Sampler>
void expect_emulated_warps_to_match_host(
    const Sampler& s, double min_acceptance,
    const std::function<std::vector<typename Sampler::value_type>(rocdist_generator)>& fill)
{
    rocdist_generator gen = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_ordering(gen, ROCDIST_ORDERING_FAST), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_seed(gen, seed), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_offset(gen, offset), ROCDIST_STATUS_SUCCESS);
    const auto host = fill(gen);
    EXPECT_EQ(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS);

    for(unsigned width : {32u, 64u})
    {
        std::uint64_t rounds = 0;
        EXPECT_EQ(emulate_warps(s, width, rounds), host) << "warp width " << width;
        // Rounds per chunk near chunk / (width A M p): the point of compaction.
        const double per_round = double(width) * Sampler::attempts_per_candidate * Sampler::outputs_per_attempt;
        const double chunks    = std::ceil(double(n) / compacted_chunk_size);
        EXPECT_LT(double(rounds), chunks * (compacted_chunk_size / (per_round * min_acceptance) + 1))
            << "warp width " << width;
    }
}

template <class T, template <class> class Sampler>
void expect_normals(rocdist_normal_method method, double min_acceptance)
{
    const Sampler<T> s{rocdist::engine::philox_key_from_seed(seed), {T(-2), T(0.5), false}};
    expect_emulated_warps_to_match_host(s, min_acceptance, [method](rocdist_generator g) {
        EXPECT_EQ(rocdist_set_normal_method(g, method), ROCDIST_STATUS_SUCCESS);
        return rocdist_test::normal_vector<T>(rocdist_test::backend::host, g, n, T(-2), T(0.5));
    });
}

template <class T>
void expect_gamma(T shape, T scale)
{
    const rocdist::backend::gamma_sampler<T> s{rocdist::engine::philox_key_from_seed(seed),
                                               rocdist::distributions::make_gamma_params(shape, scale)};
    // Marsaglia-Tsang accepts at least 95% of attempts for every shape.
    expect_emulated_warps_to_match_host(s, 0.9, [=](rocdist_generator g) {
        return rocdist_test::gamma_vector<T>(rocdist_test::backend::host, g, n, shape, scale);
    });
}

using rocdist::backend::polar_sampler;
using rocdist::backend::ziggurat_sampler;

TEST(warp_compaction, polar_float) { expect_normals<float, polar_sampler>(ROCDIST_NORMAL_POLAR, 0.75); }
TEST(warp_compaction, polar_double) { expect_normals<double, polar_sampler>(ROCDIST_NORMAL_POLAR, 0.75); }
TEST(warp_compaction, ziggurat_float) { expect_normals<float, ziggurat_sampler>(ROCDIST_NORMAL_ZIGGURAT, 0.95); }
TEST(warp_compaction, ziggurat_double) { expect_normals<double, ziggurat_sampler>(ROCDIST_NORMAL_ZIGGURAT, 0.95); }
TEST(warp_compaction, gamma_float) { expect_gamma<float>(0.3f, 2.0f); expect_gamma<float>(4.5f, 1.0f); }
TEST(warp_compaction, gamma_double) { expect_gamma<double>(0.3, 2.0); expect_gamma<double>(4.5, 1.0); }

} // namespace
