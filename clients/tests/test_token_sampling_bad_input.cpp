// Token sampling's bad input on both backends: every argument the host can
// check returns its status at once, writes nothing and leaves the position;
// every value only the device sees (a NaN or +inf logit, a row of -inf,
// parameters outside their domain) makes that row's token
// ROCDIST_INVALID_TOKEN and sets the deferred status, which one read
// returns and clears, while the other rows get their tokens and the next
// call is unaffected. On the emulated GPU: a call returns before its work
// runs, and refused launches and allocations are statuses.
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "support/gpu_test_support.hpp"
#include "support/token_calls.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::backend_buffer;
using rocdist_test::backend_weights;
using rocdist_test::sample_tokens_vector;
using rocdist_test::token_params;

constexpr size_t rows = 3, vocab = 100;

std::vector<float> clean_logits()
{
    std::vector<float> l(rows * vocab);
    for(size_t i = 0; i < l.size(); ++i)
        l[i] = static_cast<float>((i * 37) % 101) / 10.0f;
    return l;
}

class token_sampling_bad_input : public rocdist_test::backend_test
{
protected:
    rocdist_status deferred()
    {
        rocdist_status s = ROCDIST_STATUS_INTERNAL_ERROR;
        EXPECT_EQ(rocdist_get_deferred_status(gen_, &s), ROCDIST_STATUS_SUCCESS);
        return s;
    }

    // The next 4 words of the generator's stream, to show where its position is.
    std::vector<unsigned int> next_words() { return rocdist_test::generate_vector<unsigned int>(GetParam(), gen_, 4); }
};

TEST_P(token_sampling_bad_input, arguments_the_host_checks_return_their_status_and_write_nothing)
{
    const backend                            b = GetParam();
    const backend_weights<float>             logits(b, clean_logits());
    const backend_weights<rocdist_token_params> params(b, std::vector<rocdist_token_params>(rows, token_params(1)));
    const backend_weights<unsigned long long> seeds(b, std::vector<unsigned long long>(rows, 1));
    backend_buffer<unsigned int>             out(b, rows + 1);
    const float*                             l = logits.data();
    const rocdist_token_params*              p = params.data();
    const unsigned long long*                s = seeds.data();
    unsigned int*                            t = out.data();
    // Value types as integers: an enum object holding 7 is undefined
    // behaviour (UBSan's -fsanitize=enum); the call converts at the last moment.
    constexpr int                            bad_type = 7;
    constexpr size_t                         huge     = std::numeric_limits<size_t>::max();

    struct bad_call
    {
        const char*          what;
        rocdist_status       expected;
        const void*          logits;
        int                  type;
        size_t               rows, vocab;
        const rocdist_token_params* params;
        const unsigned long long *  seeds, *positions;
        unsigned int*        tokens;
    };
    const bad_call calls[] = {
        {"unknown type", ROCDIST_STATUS_INVALID_VALUE, l, bad_type, rows, vocab, p, nullptr, nullptr, t},
        {"vocab 0", ROCDIST_STATUS_INVALID_VALUE, l, ROCDIST_VALUE_FLOAT, rows, 0, p, nullptr, nullptr, t},
        {"vocab 2^32", ROCDIST_STATUS_INVALID_VALUE, l, ROCDIST_VALUE_FLOAT, 1, size_t(1) << 32, p, nullptr, nullptr, t},
        {"rows x vocab overflows", ROCDIST_STATUS_INVALID_VALUE, l, ROCDIST_VALUE_HALF, huge / 4, 4, p, nullptr,
         nullptr, t},
        // Half logits fit in a size_t; the rows' parameters and tokens do not.
        {"rows of parameters overflow", ROCDIST_STATUS_INVALID_VALUE, l, ROCDIST_VALUE_HALF, huge / 2, 1, p,
         nullptr, nullptr, t},
        {"rows of parameters overflow by one", ROCDIST_STATUS_INVALID_VALUE, l, ROCDIST_VALUE_BFLOAT16,
         huge / sizeof(rocdist_token_params) + 1, 1, p, nullptr, nullptr, t},
        {"NULL logits", ROCDIST_STATUS_INVALID_POINTER, nullptr, ROCDIST_VALUE_FLOAT, rows, vocab, p, nullptr,
         nullptr, t},
        {"misaligned float logits", ROCDIST_STATUS_INVALID_POINTER, reinterpret_cast<const char*>(l) + 2,
         ROCDIST_VALUE_FLOAT, rows, vocab, p, nullptr, nullptr, t},
        {"misaligned half logits", ROCDIST_STATUS_INVALID_POINTER, reinterpret_cast<const char*>(l) + 1,
         ROCDIST_VALUE_HALF, rows, vocab, p, nullptr, nullptr, t},
        {"NULL params", ROCDIST_STATUS_INVALID_POINTER, l, ROCDIST_VALUE_FLOAT, rows, vocab, nullptr, nullptr,
         nullptr, t},
        {"misaligned params", ROCDIST_STATUS_INVALID_POINTER, l, ROCDIST_VALUE_FLOAT, rows, vocab,
         reinterpret_cast<const rocdist_token_params*>(reinterpret_cast<const char*>(p) + 2), nullptr, nullptr, t},
        {"NULL tokens", ROCDIST_STATUS_INVALID_POINTER, l, ROCDIST_VALUE_FLOAT, rows, vocab, p, nullptr, nullptr,
         nullptr},
        {"misaligned tokens", ROCDIST_STATUS_INVALID_POINTER, l, ROCDIST_VALUE_FLOAT, rows, vocab, p, nullptr,
         nullptr, reinterpret_cast<unsigned int*>(reinterpret_cast<char*>(t) + 1)},
        {"seeds without positions", ROCDIST_STATUS_INVALID_POINTER, l, ROCDIST_VALUE_FLOAT, rows, vocab, p, s,
         nullptr, t},
        {"positions without seeds", ROCDIST_STATUS_INVALID_POINTER, l, ROCDIST_VALUE_FLOAT, rows, vocab, p, nullptr,
         s, t},
        {"misaligned positions", ROCDIST_STATUS_INVALID_POINTER, l, ROCDIST_VALUE_FLOAT, rows, vocab, p, s,
         reinterpret_cast<const unsigned long long*>(reinterpret_cast<const char*>(s) + 4), t},
    };
    const std::vector<unsigned int> words = next_words();
    for(const bad_call& c : calls)
    {
        ASSERT_EQ(rocdist_set_offset(gen_, 0), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rocdist_sample_tokens(gen_, c.logits, static_cast<rocdist_value_type>(c.type), c.rows, c.vocab,
                                        c.params, c.seeds, c.positions, c.tokens),
                  c.expected)
            << c.what;
        EXPECT_TRUE(out.untouched()) << c.what;
        EXPECT_EQ(next_words(), words) << c.what << ": the position moved";
    }
    EXPECT_EQ(rocdist_sample_tokens(nullptr, l, ROCDIST_VALUE_FLOAT, rows, vocab, p, nullptr, nullptr, t),
              ROCDIST_STATUS_INVALID_HANDLE);
    // No rows: nothing is read, even through NULL pointers.
    EXPECT_EQ(rocdist_sample_tokens(gen_, nullptr, ROCDIST_VALUE_FLOAT, 0, vocab, nullptr, nullptr, nullptr, nullptr),
              ROCDIST_STATUS_SUCCESS);
    // The stream's end: rows 2^64 - 2 and 2^64 - 1 exist, a third does not,
    // unless the rows bring their own streams.
    ASSERT_EQ(rocdist_set_offset(gen_, std::numeric_limits<unsigned long long>::max() - 1), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_sample_tokens(gen_, l, ROCDIST_VALUE_FLOAT, 3, vocab, p, nullptr, nullptr, t),
              ROCDIST_STATUS_OUT_OF_RANGE);
    EXPECT_TRUE(out.untouched());
    EXPECT_EQ(rocdist_sample_tokens(gen_, l, ROCDIST_VALUE_FLOAT, 3, vocab, p, s, s, t), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_sample_tokens(gen_, l, ROCDIST_VALUE_FLOAT, 2, vocab, p, nullptr, nullptr, t),
              ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(deferred(), ROCDIST_STATUS_SUCCESS);

    EXPECT_EQ(rocdist_get_deferred_status(gen_, nullptr), ROCDIST_STATUS_INVALID_POINTER);
    rocdist_status unused = ROCDIST_STATUS_SUCCESS;
    EXPECT_EQ(rocdist_get_deferred_status(nullptr, &unused), ROCDIST_STATUS_INVALID_HANDLE);
    EXPECT_EQ(rocdist_reserve_token_scratch(gen_, 256, 151936), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_reserve_token_scratch(gen_, 1, 0), ROCDIST_STATUS_INVALID_VALUE);
    EXPECT_EQ(rocdist_reserve_token_scratch(gen_, 1, size_t(1) << 32), ROCDIST_STATUS_INVALID_VALUE);
    EXPECT_EQ(rocdist_reserve_token_scratch(gen_, huge / 8, 4), ROCDIST_STATUS_INVALID_VALUE);
    EXPECT_EQ(rocdist_reserve_token_scratch(nullptr, 1, 1), ROCDIST_STATUS_INVALID_HANDLE);
}

TEST_P(token_sampling_bad_input, values_only_the_device_sees_give_the_invalid_token_and_the_deferred_status)
{
    const std::vector<float>                good = clean_logits();
    const std::vector<rocdist_token_params> good_p(rows, token_params(0.8f, 10, 0.9f, 0.01f));
    ASSERT_EQ(rocdist_set_seed(gen_, 3), ROCDIST_STATUS_SUCCESS);
    const std::vector<unsigned int> expected = sample_tokens_vector(GetParam(), gen_, good, good_p);
    ASSERT_EQ(deferred(), ROCDIST_STATUS_SUCCESS);

    struct bad_row
    {
        const char*          what;
        float                logit; // token 5 of the middle row (1 is valid)
        bool                 all_minus_infinity;
        rocdist_token_params params;
    };
    const float    nan = std::numeric_limits<float>::quiet_NaN();
    const bad_row  cases[] = {
        {"NaN logit", nan, false, good_p[1]},
        {"+inf logit", INFINITY, false, good_p[1]},
        {"every logit -inf", 0, true, good_p[1]},
        {"NaN logit, greedy", nan, false, token_params(0)},
        {"every logit -inf, greedy", 0, true, token_params(0)},
        {"negative temperature", 1, false, token_params(-1.0f)},
        {"NaN temperature", 1, false, token_params(nan)},
        {"top_p 0", 1, false, token_params(1, 0, 0.0f)},
        {"top_p above 1", 1, false, token_params(1, 0, 1.5f)},
        {"NaN top_p", 1, false, token_params(1, 0, nan)},
        {"min_p 1", 1, false, token_params(1, 0, 1, 1.0f)},
        {"negative min_p", 1, false, token_params(1, 0, 1, -0.1f)},
        {"NaN min_p", 1, false, token_params(1, 0, 1, nan)},
    };
    for(const bad_row& c : cases)
    {
        std::vector<float> l = good;
        if(c.all_minus_infinity)
            std::fill(l.begin() + vocab, l.begin() + 2 * vocab, -INFINITY);
        else
            l[vocab + 5] = c.logit;
        std::vector<rocdist_token_params> p = good_p;
        p[1]                                = c.params;
        ASSERT_EQ(rocdist_set_seed(gen_, 3), ROCDIST_STATUS_SUCCESS);
        const std::vector<unsigned int> got = sample_tokens_vector(GetParam(), gen_, l, p);
        EXPECT_EQ(got[0], expected[0]) << c.what;
        EXPECT_EQ(got[1], ROCDIST_INVALID_TOKEN) << c.what;
        EXPECT_EQ(got[2], expected[2]) << c.what;
        EXPECT_EQ(deferred(), ROCDIST_STATUS_INVALID_VALUE) << c.what;
        EXPECT_EQ(deferred(), ROCDIST_STATUS_SUCCESS) << c.what << ": the status was not cleared";
        // The next call is unaffected.
        ASSERT_EQ(rocdist_set_seed(gen_, 3), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(sample_tokens_vector(GetParam(), gen_, good, good_p), expected) << c.what;
        EXPECT_EQ(deferred(), ROCDIST_STATUS_SUCCESS) << c.what;
    }
}

ROCDIST_INSTANTIATE_BACKENDS(token_sampling_bad_input);

#if ROCDIST_HAS_GPU_BACKEND

class token_sampling_gpu : public rocdist_test::gpu_generator_test
{
};

TEST_F(token_sampling_gpu, host_memory_is_refused)
{
    const std::vector<float>                  host_logits = clean_logits();
    const std::vector<rocdist_token_params>   host_params(rows, token_params(1));
    const std::vector<unsigned long long>     host_seeds(rows, 1);
    std::vector<unsigned int>                 host_tokens(rows, 7);
    const backend_weights<float>              l(backend::gpu, host_logits);
    const backend_weights<rocdist_token_params> p(backend::gpu, host_params);
    const backend_weights<unsigned long long> s(backend::gpu, host_seeds);
    backend_buffer<unsigned int>              t(backend::gpu, rows);
    const float*                              hl = host_logits.data();
    const rocdist_token_params*               hp = host_params.data();
    const unsigned long long*                 hs = host_seeds.data();
    EXPECT_EQ(rocdist_sample_tokens(gen_, hl, ROCDIST_VALUE_FLOAT, rows, vocab, p.data(), nullptr, nullptr, t.data()),
              ROCDIST_STATUS_WRONG_MEMORY);
    EXPECT_EQ(rocdist_sample_tokens(gen_, l.data(), ROCDIST_VALUE_FLOAT, rows, vocab, hp, nullptr, nullptr, t.data()),
              ROCDIST_STATUS_WRONG_MEMORY);
    EXPECT_EQ(rocdist_sample_tokens(gen_, l.data(), ROCDIST_VALUE_FLOAT, rows, vocab, p.data(), hs, s.data(), t.data()),
              ROCDIST_STATUS_WRONG_MEMORY);
    EXPECT_EQ(rocdist_sample_tokens(gen_, l.data(), ROCDIST_VALUE_FLOAT, rows, vocab, p.data(), s.data(), hs, t.data()),
              ROCDIST_STATUS_WRONG_MEMORY);
    EXPECT_EQ(rocdist_sample_tokens(gen_, l.data(), ROCDIST_VALUE_FLOAT, rows, vocab, p.data(), nullptr, nullptr,
                                    host_tokens.data()),
              ROCDIST_STATUS_WRONG_MEMORY);
    EXPECT_TRUE(t.untouched());
    EXPECT_EQ(host_tokens, std::vector<unsigned int>(rows, 7));
}

#if ROCDIST_GPU_EMULATED

// Deferred execution holds every launch until a host call waits: a call
// that waited for its own work would find its tokens written on return.
TEST_F(token_sampling_gpu, a_call_returns_before_its_work_runs)
{
    const backend_weights<float>                l(backend::gpu, clean_logits());
    const backend_weights<rocdist_token_params> p(backend::gpu,
                                                  std::vector<rocdist_token_params>(rows, token_params(1, 5, 0.9f)));
    backend_buffer<unsigned int>                t(backend::gpu, rows);
    ASSERT_EQ(rocdist_reserve_token_scratch(gen_, rows, vocab), ROCDIST_STATUS_SUCCESS);
    hipStream_t stream = nullptr;
    ASSERT_EQ(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking), hipSuccess);
    ASSERT_EQ(rocdist_set_stream(gen_, stream), ROCDIST_STATUS_SUCCESS);
    const unsigned long long allocations = rocdist_emulator_events(rocdist_emulator_allocation);
    rocdist_emulator_set_deferred(1);
    EXPECT_EQ(rocdist_sample_tokens(gen_, l.data(), ROCDIST_VALUE_FLOAT, rows, vocab, p.data(), nullptr, nullptr,
                                    t.data()),
              ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(hipStreamQuery(stream), hipErrorNotReady) << "the call waited for its work";
    EXPECT_EQ(rocdist_emulator_events(rocdist_emulator_allocation), allocations) << "the call allocated";
    rocdist_emulator_set_deferred(0);
    rocdist_status s = ROCDIST_STATUS_INTERNAL_ERROR;
    EXPECT_EQ(rocdist_get_deferred_status(gen_, &s), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(s, ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(t.outputs().size(), rows);
    EXPECT_EQ(rocdist_set_stream(gen_, nullptr), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(hipStreamDestroy(stream), hipSuccess);
}

// The status word is the generator's: device memory in use (exact on the
// emulated platform) comes back to where it was when the generator goes.
TEST_F(token_sampling_gpu, the_status_word_goes_with_its_generator)
{
    const auto in_use = [] {
        size_t free_bytes = 0, total = 0;
        EXPECT_EQ(hipMemGetInfo(&free_bytes, &total), hipSuccess);
        return total - free_bytes;
    };
    const backend_weights<float>                l(backend::gpu, clean_logits());
    const backend_weights<rocdist_token_params> p(backend::gpu,
                                                  std::vector<rocdist_token_params>(rows, token_params(1)));
    backend_buffer<unsigned int>                t(backend::gpu, rows);
    const size_t                                before = in_use();
    rocdist_generator                           g      = nullptr;
    ASSERT_EQ(rocdist_create_generator(&g, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_reserve_token_scratch(g, rows, vocab), ROCDIST_STATUS_SUCCESS);
    EXPECT_GT(in_use(), before);
    EXPECT_EQ(rocdist_sample_tokens(g, l.data(), ROCDIST_VALUE_FLOAT, rows, vocab, p.data(), nullptr, nullptr, t.data()),
              ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_destroy_generator(g), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(in_use(), before);
    EXPECT_EQ(t.outputs().size(), rows);
}

TEST_F(token_sampling_gpu, refused_launches_and_allocations_are_statuses)
{
    const backend_weights<float>                l(backend::gpu, clean_logits());
    const backend_weights<rocdist_token_params> p(backend::gpu,
                                                  std::vector<rocdist_token_params>(rows, token_params(1)));
    backend_buffer<unsigned int>                t(backend::gpu, rows);
    // The first call allocates the status word: refused, it is a status.
    rocdist_emulator_fail_nth(rocdist_emulator_allocation, 1, hipErrorOutOfMemory);
    EXPECT_EQ(rocdist_sample_tokens(gen_, l.data(), ROCDIST_VALUE_FLOAT, rows, vocab, p.data(), nullptr, nullptr,
                                    t.data()),
              ROCDIST_STATUS_ALLOCATION_FAILED);
    rocdist_emulator_fail_nth(rocdist_emulator_allocation, 0, hipSuccess);
    rocdist_emulator_fail_nth(rocdist_emulator_launch, 1, hipErrorLaunchFailure);
    EXPECT_EQ(rocdist_sample_tokens(gen_, l.data(), ROCDIST_VALUE_FLOAT, rows, vocab, p.data(), nullptr, nullptr,
                                    t.data()),
              ROCDIST_STATUS_LAUNCH_FAILURE);
    rocdist_emulator_fail_nth(rocdist_emulator_launch, 0, hipSuccess);
    EXPECT_TRUE(t.untouched());
    // Neither moved the position.
    rocdist_test::backend_buffer<unsigned int> words(backend::gpu, 4);
    EXPECT_EQ(rocdist_generate(gen_, words.data(), 4), ROCDIST_STATUS_SUCCESS);
    rocdist_generator host = nullptr;
    ASSERT_EQ(rocdist_create_generator_host(&host, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(words.outputs(), rocdist_test::generate_vector<unsigned int>(backend::host, host, 4));
    EXPECT_EQ(rocdist_destroy_generator(host), ROCDIST_STATUS_SUCCESS);
}

#endif

#endif

} // namespace
