// The threading contract in rocdist.h: generators owned by different threads
// run in parallel and give what one thread would; calls on a shared generator
// are serialised, each taking the next n elements of the stream whole; a
// generator destroyed while another thread uses it finishes that call and
// refuses the next. Run under ThreadSanitizer in CI (.ci/run).
#include <algorithm>
#include <atomic>
#include <cstring>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "support/backend_buffers.hpp"
#include "support/generate_calls.hpp"

namespace
{

using rocdist_test::all_generate_calls;
using rocdist_test::backend;
using rocdist_test::generate_vector;

constexpr int threads = 8;

// Sizes: empty, a single element, odd, and one large enough for the host
// backend to split it over its own worker threads (2 x 2^14 packets).
const size_t sizes[] = {0, 1, 1031, 3 * (1u << 16) + 5};

// Thread t's whole output: every entry point at every size, from its own
// seed and offset, on a generator it creates and destroys itself.
std::vector<std::vector<unsigned char>> run_sequence(backend b, int t)
{
    std::vector<std::vector<unsigned char>> outputs;
    rocdist_generator g = nullptr;
    EXPECT_EQ(rocdist_test::create_generator(b, &g), ROCDIST_STATUS_SUCCESS);
    if(g == nullptr)
        return outputs;
    EXPECT_EQ(rocdist_set_seed(g, 0x5eed0000ull + t), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(rocdist_set_offset(g, 977ull * t), ROCDIST_STATUS_SUCCESS);
    for(const auto& call : all_generate_calls())
        for(size_t n : sizes)
            outputs.push_back(call.run(b, g, n));
    EXPECT_EQ(rocdist_destroy_generator(g), ROCDIST_STATUS_SUCCESS);
    return outputs;
}

class concurrency : public rocdist_test::backend_test
{
};

TEST_P(concurrency, own_generators_in_eight_threads_match_one_thread)
{
    std::vector<std::vector<std::vector<unsigned char>>> expected(threads), got(threads);
    for(int t = 0; t < threads; ++t)
        expected[t] = run_sequence(GetParam(), t);

    std::vector<std::thread> workers;
    for(int t = 0; t < threads; ++t)
        workers.emplace_back([&, t] { got[t] = run_sequence(GetParam(), t); });
    for(auto& w : workers)
        w.join();

    for(int t = 0; t < threads; ++t)
    {
        ASSERT_EQ(got[t].size(), expected[t].size()) << "thread " << t;
        for(size_t c = 0; c < got[t].size(); ++c)
            EXPECT_TRUE(got[t][c] == expected[t][c])
                << "thread " << t << ", " << all_generate_calls()[c / std::size(sizes)].name << " of "
                << sizes[c % std::size(sizes)] << " elements differs from the single-threaded run";
    }
}

// Two threads share one generator: every call takes a whole, contiguous
// piece of the stream, the pieces of all calls tile the stream without gap
// or overlap, and each thread's pieces come in the order it made its calls.
TEST_P(concurrency, shared_generator_serialises_whole_calls)
{
    constexpr int    calls_per_thread = 200;
    constexpr size_t m                = 1000;
    ASSERT_EQ(rocdist_set_seed(gen_, 77), ROCDIST_STATUS_SUCCESS);

    std::vector<std::vector<unsigned int>> pieces[2];
    std::vector<std::thread>               workers;
    std::atomic<int>                       ready{0};
    for(int t = 0; t < 2; ++t)
        workers.emplace_back([&, t] {
            ++ready; // start together, so that the calls overlap
            while(ready.load() < 2)
                std::this_thread::yield();
            for(int c = 0; c < calls_per_thread; ++c)
                pieces[t].push_back(generate_vector<unsigned int>(GetParam(), gen_, m));
        });
    for(auto& w : workers)
        w.join();

    ASSERT_EQ(rocdist_set_seed(gen_, 77), ROCDIST_STATUS_SUCCESS);
    const std::vector<unsigned int> stream = generate_vector<unsigned int>(GetParam(), gen_, 2 * calls_per_thread * m);
    std::vector<int> owner(2 * calls_per_thread, -1);
    for(int t = 0; t < 2; ++t)
    {
        long previous = -1;
        for(const auto& piece : pieces[t])
        {
            long where = -1;
            for(size_t k = 0; k < owner.size() && where < 0; ++k)
                if(std::equal(piece.begin(), piece.end(), stream.begin() + k * m))
                    where = static_cast<long>(k);
            ASSERT_GE(where, 0) << "thread " << t << " got a piece that is not a whole piece of the stream";
            EXPECT_EQ(owner[where], -1) << "piece " << where << " was handed out twice";
            EXPECT_GT(where, previous) << "thread " << t << "'s pieces are out of call order";
            owner[where] = t;
            previous     = where;
        }
    }
    EXPECT_EQ(std::count(owner.begin(), owner.end(), -1), 0) << "the pieces leave a gap in the stream";
}

// Destroying a handle while another thread generates with it: the call in
// flight completes with correct output (the library holds the generator
// until it returns), every later call answers INVALID_HANDLE, and sanitizers
// see no use after free.
TEST_P(concurrency, destroy_while_another_thread_generates)
{
    rocdist_generator shared = nullptr;
    ASSERT_EQ(rocdist_test::create_generator(GetParam(), &shared), ROCDIST_STATUS_SUCCESS);
    ASSERT_EQ(rocdist_set_seed(shared, 31), ROCDIST_STATUS_SUCCESS);
    constexpr size_t m = 4096;

    std::atomic<int>                successes{0};
    std::atomic<bool>               done{false};
    std::vector<rocdist_status>     statuses;
    std::vector<std::vector<float>> outputs;
    std::thread worker([&] {
        int refusals = 0;
        for(int c = 0; c < 100000; ++c)
        {
            rocdist_test::backend_buffer<float> buffer(GetParam(), m);
            const rocdist_status s = rocdist_generate_uniform(shared, buffer.data(), m);
            statuses.push_back(s);
            if(s == ROCDIST_STATUS_SUCCESS)
            {
                outputs.push_back(buffer.outputs());
                ++successes;
            }
            else
            {
                EXPECT_TRUE(buffer.untouched()) << "a refused call wrote to its output";
                if(++refusals == 3)
                    break;
            }
        }
        done = true;
    });
    while(successes.load() < 5 && !done.load())
        std::this_thread::yield();
    EXPECT_EQ(rocdist_destroy_generator(shared), ROCDIST_STATUS_SUCCESS);
    worker.join();

    const auto first_refusal = std::find_if(statuses.begin(), statuses.end(),
                                            [](rocdist_status s) { return s != ROCDIST_STATUS_SUCCESS; });
    ASSERT_NE(first_refusal, statuses.end()) << "the worker never saw the handle destroyed";
    EXPECT_TRUE(std::all_of(first_refusal, statuses.end(),
                            [](rocdist_status s) { return s == ROCDIST_STATUS_INVALID_HANDLE; }));
    ASSERT_EQ(rocdist_set_seed(gen_, 31), ROCDIST_STATUS_SUCCESS);
    const std::vector<float> stream = generate_vector<float>(GetParam(), gen_, outputs.size() * m);
    for(size_t c = 0; c < outputs.size(); ++c)
        EXPECT_TRUE(std::equal(outputs[c].begin(), outputs[c].end(), stream.begin() + c * m))
            << "call " << c << " before the destroy is not the stream's piece " << c;
}

ROCDIST_INSTANTIATE_BACKENDS(concurrency);

} // namespace
