// The gamma functor's two schedules (gamma_functor.hpp): the interleaved one
// the host backend runs and the sequential one GPU kernels run give the same
// bits for every element, rejected attempts included.
#include <cstdint>
#include <cstring>

#include <gtest/gtest.h>

#include "backend/gamma_functor.hpp"

namespace
{

using rocdist::backend::gamma_functor;
using rocdist::distributions::make_gamma_params;

template <class T>
void expect_same_schedules(T shape)
{
    SCOPED_TRACE(::testing::Message() << "shape " << shape);
    constexpr unsigned       P = gamma_functor<T>::outputs_per_block;
    const gamma_functor<T>   f{{{0x243f6a88u, 0x85a308d3u}}, make_gamma_params(shape, T(1))};
    std::uint64_t            differing = 0;
    for(std::uint64_t block = 0; block < 50000; ++block)
    {
        T interleaved[P], sequential[P];
        f.template fill<true>(block, interleaved);
        f.template fill<false>(block, sequential);
        differing += std::memcmp(interleaved, sequential, sizeof interleaved) != 0;
    }
    EXPECT_EQ(differing, 0u);
}

// Shapes below 1 (boosted), near 1, and large; the small ones reject often.
TEST(gamma_functor_schedules, float_bits_agree)
{
    for(const float shape : {0.05f, 0.5f, 1.0f, 2.5f, 10.0f, 1e4f})
        expect_same_schedules(shape);
}

TEST(gamma_functor_schedules, double_bits_agree)
{
    for(const double shape : {0.05, 0.5, 1.0, 2.5, 10.0, 1e4})
        expect_same_schedules(shape);
}

} // namespace
