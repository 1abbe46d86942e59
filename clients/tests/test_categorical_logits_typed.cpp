// rocdist_generate_categorical_logits_typed on every backend: half and
// bfloat16 logits give the categories of the floats they stand for, over rows
// of one tile and of several, few samples a row and many; float is
// rocdist_generate_categorical_logits; a type that is not a
// rocdist_value_type, misaligned or NULL logits, NaN, +inf and rows of -inf
// get their statuses, write nothing and leave the position.
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "rocdist/device/distributions/half_formats.hpp"
#include "support/categorical_rows_calls.hpp"
#include "support/gpu_test_support.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::backend_buffer;
using rocdist_test::backend_weights;

// Bits of a 16-bit format (half or bfloat16) and the floats they stand for.
struct sixteen_bit_logits
{
    std::vector<std::uint16_t> bits;
    std::vector<float>         floats;
};

// rows x k logits, normal with standard deviation 3 and a few -inf, in the
// 16-bit format `type`, rounded to nearest.
sixteen_bit_logits random_logits(rocdist_value_type type, size_t rows, size_t k, unsigned seed)
{
    using namespace rocdist::distributions;
    std::mt19937                    engine(seed);
    std::normal_distribution<float> normal(0.0f, 3.0f);
    sixteen_bit_logits              l;
    for(size_t i = 0; i < rows * k; ++i)
    {
        const float x = i % k % 97 == 5 ? -INFINITY : normal(engine); // never a whole row
        l.bits.push_back(type == ROCDIST_VALUE_HALF ? half_bits(x) : bfloat16_bits(x));
        l.floats.push_back(type == ROCDIST_VALUE_HALF ? float_from_half(l.bits.back())
                                                      : float_from_bfloat16(l.bits.back()));
    }
    return l;
}

class categorical_logits_typed : public rocdist_test::backend_test
{
protected:
    // rows x samples categories of typed logits, from the generator's position.
    template <class T>
    std::vector<unsigned int> typed_vector(const std::vector<T>& logits, rocdist_value_type type, size_t rows,
                                           float temperature, size_t samples)
    {
        const backend_weights<T>     values(GetParam(), logits);
        backend_buffer<unsigned int> out(GetParam(), rows * samples);
        const rocdist_status         status = rocdist_generate_categorical_logits_typed(
            gen_, values.data(), type, rows, logits.size() / rows, temperature, out.data(), samples);
        EXPECT_EQ(status, ROCDIST_STATUS_SUCCESS) << rocdist_get_status_string(status);
        return out.outputs();
    }

    // The status of a call that must fail on `logits` (of 16-bit `type`,
    // from byte `byte_offset` of their copy): nothing written, and the next
    // call draws what it would have drawn without the failed one.
    rocdist_status failed_status(const std::vector<std::uint16_t>& logits, int type, size_t rows,
                                 float temperature = 1.0f, size_t byte_offset = 0)
    {
        const backend_weights<std::uint16_t> values(GetParam(), logits);
        backend_buffer<unsigned int>         out(GetParam(), rows * 3);
        const void* p = reinterpret_cast<const char*>(values.data()) + byte_offset;
        const rocdist_status status = rocdist_generate_categorical_logits_typed(
            gen_, p, static_cast<rocdist_value_type>(type), rows, logits.size() / rows, temperature, out.data(), 3);
        EXPECT_TRUE(out.untouched());
        const std::vector<float> ones(8, 0.0f);
        const auto next = rocdist_test::logits_vector(GetParam(), gen_, ones, 2, 1.0f, 4);
        EXPECT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(next, rocdist_test::logits_vector(GetParam(), gen_, ones, 2, 1.0f, 4));
        EXPECT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
        return status;
    }
};

TEST_P(categorical_logits_typed, sixteen_bit_logits_give_their_float_values_categories)
{
    struct shape
    {
        size_t rows, k, samples;
    };
    // One tile a row; several (4096 a tile) with few samples and with many.
    for(const shape s : {shape{7, 1, 5}, shape{5, 300, 9}, shape{3, 10000, 4}, shape{2, 9000, 300}})
    {
        for(const rocdist_value_type type : {ROCDIST_VALUE_HALF, ROCDIST_VALUE_BFLOAT16})
        {
            const sixteen_bit_logits l = random_logits(type, s.rows, s.k, static_cast<unsigned>(s.k + type));
            for(const float temperature : {0.4f, 1.0f, 3.0f})
            {
                ASSERT_EQ(rocdist_set_offset(gen_, 11), ROCDIST_STATUS_SUCCESS);
                const auto typed = typed_vector(l.bits, type, s.rows, temperature, s.samples);
                ASSERT_EQ(rocdist_set_offset(gen_, 11), ROCDIST_STATUS_SUCCESS);
                const auto floats = rocdist_test::logits_vector(GetParam(), gen_, l.floats, s.rows, temperature,
                                                                s.samples);
                EXPECT_EQ(typed, floats) << "type " << type << ", rows " << s.rows << ", k " << s.k
                                         << ", temperature " << temperature;
            }
        }
    }
}

TEST_P(categorical_logits_typed, float_is_the_untyped_call_and_the_position_moves_alike)
{
    const sixteen_bit_logits l = random_logits(ROCDIST_VALUE_BFLOAT16, 4, 5000, 3);
    const auto               typed = typed_vector(l.floats, ROCDIST_VALUE_FLOAT, 4, 0.8f, 6);
    const auto               again = typed_vector(l.floats, ROCDIST_VALUE_FLOAT, 4, 0.8f, 6);
    ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(typed, rocdist_test::logits_vector(GetParam(), gen_, l.floats, 4, 0.8f, 6));
    EXPECT_EQ(again, rocdist_test::logits_vector(GetParam(), gen_, l.floats, 4, 0.8f, 6));
}

TEST_P(categorical_logits_typed, bad_arguments_get_their_status_and_write_nothing)
{
    const std::vector<std::uint16_t> good(2 * 20, 0x3C00); // half 1.0, bfloat16 1.875
    for(const int type : {3, -1, 1000})
        EXPECT_EQ(failed_status(good, type, 2), ROCDIST_STATUS_INVALID_VALUE) << "type " << type;
    for(const int type : {ROCDIST_VALUE_HALF, ROCDIST_VALUE_BFLOAT16})
    {
        EXPECT_EQ(failed_status(good, type, 2, 0.0f), ROCDIST_STATUS_INVALID_VALUE);
        EXPECT_EQ(failed_status(good, type, 2, NAN), ROCDIST_STATUS_INVALID_VALUE);
        // Misaligned: one byte into the first logit.
        std::vector<std::uint16_t> longer(good);
        longer.push_back(0x3C00);
        EXPECT_EQ(failed_status(longer, type, 1, 1.0f, 1), ROCDIST_STATUS_INVALID_POINTER);
        const std::uint16_t nan = type == ROCDIST_VALUE_HALF ? 0x7E00 : 0x7FC0;
        const std::uint16_t inf = type == ROCDIST_VALUE_HALF ? 0x7C00 : 0x7F80;
        const std::uint16_t minus_inf = inf | 0x8000;
        for(const std::uint16_t bad : {nan, inf})
        {
            std::vector<std::uint16_t> l(good);
            l[2 * 20 - 1] = bad; // the last row's last logit
            EXPECT_EQ(failed_status(l, type, 2), ROCDIST_STATUS_INVALID_VALUE) << std::hex << bad;
        }
        std::vector<std::uint16_t> l(good);
        std::fill(l.begin() + 20, l.end(), minus_inf);
        EXPECT_EQ(failed_status(l, type, 2), ROCDIST_STATUS_INVALID_VALUE);
    }
    backend_buffer<unsigned int> out(GetParam(), 4);
    EXPECT_EQ(rocdist_generate_categorical_logits_typed(gen_, nullptr, ROCDIST_VALUE_HALF, 2, 2, 1.0f, out.data(), 2),
              ROCDIST_STATUS_INVALID_POINTER);
    EXPECT_TRUE(out.untouched());
}

ROCDIST_INSTANTIATE_BACKENDS(categorical_logits_typed);

} // namespace
