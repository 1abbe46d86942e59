// Every failure branch of the GPU backend, made to run by failing the nth
// device allocation or kernel launch on purpose (the emulated platform's
// fault injection): each answers its documented status, writes nothing,
// keeps the generator's position, frees what it allocated, and leaves no
// queued work using freed memory. Deferred execution holds queued work back
// until a host call waits for it, so work that would run after its memory
// was freed does so every time. Elsewhere these tests skip: only the
// emulated platform can fail on request.
#include <vector>

#include "support/categorical_calls.hpp"
#include "support/categorical_rows_calls.hpp"
#include "support/gpu_test_support.hpp"

namespace
{

using rocdist_test::backend;
using rocdist_test::call_named;
using rocdist_test::host_reference;

class gpu_faults : public rocdist_test::gpu_generator_test
{
};

#if ROCDIST_GPU_EMULATED

std::size_t device_bytes_in_use()
{
    size_t free_bytes = 0, total = 0;
    EXPECT_EQ(hipMemGetInfo(&free_bytes, &total), hipSuccess);
    return total - free_bytes;
}

struct injected
{
    rocdist_emulator_event event;
    hipError_t             error;
    rocdist_status         status; // what rocdist must answer
    const char*            what;
};

// Table construction fails at each of its allocations and launches in turn.
TEST_F(gpu_faults, every_failure_in_table_construction_is_clean)
{
    const std::vector<double> w = {3, 0, 1e-30, 1, 0.5, 2, 0, 8};
    rocdist_test::backend_weights<double> weights(backend::gpu, w);
    const injected cases[] = {
        {rocdist_emulator_allocation, hipErrorOutOfMemory, ROCDIST_STATUS_ALLOCATION_FAILED, "allocation"},
        {rocdist_emulator_launch, hipErrorLaunchFailure, ROCDIST_STATUS_LAUNCH_FAILURE, "launch"},
    };
    for(const injected& c : cases)
    {
        unsigned failed = 0;
        for(unsigned long long nth = 1;; ++nth)
        {
            SCOPED_TRACE(std::string(c.what) + " " + std::to_string(nth));
            const std::size_t        in_use = device_bytes_in_use();
            rocdist_categorical      table  = nullptr;
            rocdist_emulator_set_deferred(1);
            const unsigned long long before = rocdist_emulator_events(c.event);
            rocdist_emulator_fail_nth(c.event, nth, c.error);
            const rocdist_status status = rocdist_create_categorical_double(gen_, weights.data(), w.size(), &table);
            const bool           hit    = rocdist_emulator_events(c.event) - before >= nth;
            rocdist_emulator_fail_nth(c.event, 0, hipSuccess);
            rocdist_emulator_set_deferred(0);
            // Runs whatever the call left queued: on freed memory it faults.
            ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
            if(!hit)
            {
                ASSERT_EQ(status, ROCDIST_STATUS_SUCCESS);
                EXPECT_EQ(rocdist_destroy_categorical(table), ROCDIST_STATUS_SUCCESS);
                break;
            }
            ++failed;
            EXPECT_EQ(status, c.status) << rocdist_get_status_string(status);
            EXPECT_EQ(table, nullptr);
            EXPECT_EQ(device_bytes_in_use(), in_use) << "device memory kept after a failure";
            EXPECT_EQ(hipGetLastError(), hipSuccess) << "a failure left the runtime's last error set";
        }
        // The summary, the table and its four work arrays, the scan scratch;
        // the summary's kernel, four more, and each scan's three.
        EXPECT_GE(failed, c.event == rocdist_emulator_allocation ? 7u : 9u) << c.what;
    }
}

// Batched categorical sampling fails at each of its allocations and
// launches in turn, for rows of one tile and of several (whose samples are
// grouped by tile across the call, or sorted within their rows), each case
// on a generator of its own: each failure
// answers its status, writes nothing, leaves the position and holds no more
// device memory than the generator held before the call (its scratch, kept
// between calls, grows only in a call that succeeds), so the call that
// finally succeeds draws what a host generator draws from the start; and
// destroying the generator frees its scratch.
TEST_F(gpu_faults, every_failure_in_batched_categorical_sampling_is_clean)
{
    struct shape
    {
        size_t rows, k, samples;
    };
    for(const shape s : {shape{3, 100, 50}, shape{2, 9000, 300}, shape{2, 9000, 40}})
    {
        std::vector<float> w(s.rows * s.k);
        for(size_t i = 0; i < w.size(); ++i)
            w[i] = static_cast<float>(i % 13);
        const rocdist_test::backend_weights<float> weights(backend::gpu, w);
        rocdist_generator                          host = nullptr;
        ASSERT_EQ(rocdist_create_generator_host(&host, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
        ASSERT_EQ(rocdist_set_seed(host, 71), ROCDIST_STATUS_SUCCESS);
        const std::vector<unsigned int> expected = rocdist_test::rows_vector(backend::host, host, w, s.rows, s.samples);
        EXPECT_EQ(rocdist_destroy_generator(host), ROCDIST_STATUS_SUCCESS);
        const injected cases[] = {
            {rocdist_emulator_allocation, hipErrorOutOfMemory, ROCDIST_STATUS_ALLOCATION_FAILED, "allocation"},
            {rocdist_emulator_launch, hipErrorLaunchFailure, ROCDIST_STATUS_LAUNCH_FAILURE, "launch"},
        };
        for(const injected& c : cases)
        {
            rocdist_test::backend_buffer<unsigned int> out(backend::gpu, s.rows * s.samples);
            const std::size_t                          before_generator = device_bytes_in_use();
            rocdist_generator                          gen              = nullptr;
            ASSERT_EQ(rocdist_create_generator(&gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
            // The launch case starts with the scratch in place, so that its
            // failures come after any allocation.
            if(c.event == rocdist_emulator_launch)
                ASSERT_EQ(rocdist_generate_categorical_rows(gen, weights.data(), s.rows, s.k, out.data(), s.samples),
                          ROCDIST_STATUS_SUCCESS);
            unsigned failed = 0;
            for(unsigned long long nth = 1;; ++nth)
            {
                SCOPED_TRACE(testing::Message() << s.k << " categories, " << c.what << " " << nth);
                rocdist_test::backend_buffer<unsigned int> fresh(backend::gpu, s.rows * s.samples);
                const std::size_t                          in_use = device_bytes_in_use();
                ASSERT_EQ(rocdist_set_seed(gen, 71), ROCDIST_STATUS_SUCCESS);
                rocdist_emulator_set_deferred(1);
                const unsigned long long before = rocdist_emulator_events(c.event);
                rocdist_emulator_fail_nth(c.event, nth, c.error);
                const rocdist_status status
                    = rocdist_generate_categorical_rows(gen, weights.data(), s.rows, s.k, fresh.data(), s.samples);
                const bool hit = rocdist_emulator_events(c.event) - before >= nth;
                rocdist_emulator_fail_nth(c.event, 0, hipSuccess);
                rocdist_emulator_set_deferred(0);
                ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
                if(!hit)
                {
                    ASSERT_EQ(status, ROCDIST_STATUS_SUCCESS);
                    EXPECT_EQ(fresh.outputs(), expected);
                    break;
                }
                ++failed;
                EXPECT_EQ(status, c.status) << rocdist_get_status_string(status);
                EXPECT_TRUE(fresh.untouched());
                EXPECT_EQ(device_bytes_in_use(), in_use) << "device memory kept after a failure";
                EXPECT_EQ(hipGetLastError(), hipSuccess) << "a failure left the runtime's last error set";
            }
            // The scratch is the call's one allocation. Launches: two
            // kernels (the rows' combination runs in the first); for rows of
            // several tiles drawn more than 256 times, the grouping's
            // kernels and two scans' besides.
            if(c.event == rocdist_emulator_allocation)
                EXPECT_EQ(failed, 1u);
            else
                EXPECT_EQ(failed, s.k <= 4096 || s.samples <= 256 ? 2u : 11u);
            EXPECT_EQ(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS);
            EXPECT_EQ(device_bytes_in_use(), before_generator) << "scratch kept after the generator was destroyed";
        }
    }
}

// A generate call whose launch is refused writes nothing, keeps the
// position, and says why: ALLOCATION_FAILED for lack of memory, else
// LAUNCH_FAILURE; in both orderings (the fast one has kernels of its own).
TEST_F(gpu_faults, refused_launches_write_nothing_and_keep_the_position)
{
    const injected cases[] = {
        {rocdist_emulator_launch, hipErrorOutOfMemory, ROCDIST_STATUS_ALLOCATION_FAILED, "out of memory"},
        {rocdist_emulator_launch, hipErrorLaunchOutOfResources, ROCDIST_STATUS_LAUNCH_FAILURE, "out of resources"},
    };
    constexpr size_t n = 3001;
    for(rocdist_ordering ordering : {ROCDIST_ORDERING_REPRODUCIBLE, ROCDIST_ORDERING_FAST})
        for(const auto& call : rocdist_test::all_generate_calls())
            for(const injected& c : cases)
            {
                SCOPED_TRACE(call.name + (ordering == ROCDIST_ORDERING_FAST ? " fast, " : " reproducible, ")
                             + c.what);
                ASSERT_EQ(rocdist_set_seed(gen_, 61), ROCDIST_STATUS_SUCCESS);
                ASSERT_EQ(rocdist_set_ordering(gen_, ordering), ROCDIST_STATUS_SUCCESS);
                rocdist_test::backend_buffer<double> out(backend::gpu, n); // room for every type
                rocdist_emulator_fail_nth(c.event, 1, c.error);
                EXPECT_EQ(call.call(gen_, out.data(), n), c.status);
                rocdist_emulator_fail_nth(c.event, 0, hipSuccess);
                EXPECT_TRUE(out.untouched());
                rocdist_generator host = nullptr;
                ASSERT_EQ(rocdist_create_generator_host(&host, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS);
                ASSERT_EQ(rocdist_set_seed(host, 61), ROCDIST_STATUS_SUCCESS);
                ASSERT_EQ(rocdist_set_ordering(host, ordering), ROCDIST_STATUS_SUCCESS);
                const std::vector<unsigned char> gpu = call.run(backend::gpu, gen_, 100);
                const std::vector<unsigned char> cpu = call.run(backend::host, host, 100);
                EXPECT_EQ(rocdist_destroy_generator(host), ROCDIST_STATUS_SUCCESS);
                if(call.name == "words" || call.name == "uniform" || call.name == "uniform_double")
                    EXPECT_TRUE(gpu == cpu) << "the position moved";
                else
                    EXPECT_EQ(gpu.size(), cpu.size());
            }
}

#endif

// Destroying a table while work that reads it is still queued: the
// destruction waits for that work (cudaFree only "may").
TEST_F(gpu_faults, destroying_a_table_waits_for_the_work_that_reads_it)
{
#if ROCDIST_HAS_GPU_BACKEND
    const std::vector<float>        w        = {1, 2, 3, 4, 0, 6};
    const std::vector<unsigned int> expected = rocdist_test::host_categories(w, 9000);

    hipStream_t stream = nullptr;
    ASSERT_EQ(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking), hipSuccess);
    ASSERT_EQ(rocdist_set_stream(gen_, stream), ROCDIST_STATUS_SUCCESS);
    const rocdist_categorical                  table = rocdist_test::make_table(backend::gpu, gen_, w);
    rocdist_test::backend_buffer<unsigned int> out(backend::gpu, 9000);
    {
        const rocdist_test::held_back_work busy(stream);
        EXPECT_EQ(rocdist_generate_categorical(gen_, table, out.data(), 9000), ROCDIST_STATUS_SUCCESS);
        EXPECT_EQ(rocdist_destroy_categorical(table), ROCDIST_STATUS_SUCCESS);
    }
    ASSERT_EQ(hipStreamSynchronize(stream), hipSuccess);
    EXPECT_EQ(out.outputs(), expected);
    EXPECT_EQ(rocdist_set_stream(gen_, nullptr), ROCDIST_STATUS_SUCCESS);
    EXPECT_EQ(hipStreamDestroy(stream), hipSuccess);
#else
    GTEST_SKIP() << "this build has no GPU backend";
#endif
}

#if !ROCDIST_GPU_EMULATED
TEST_F(gpu_faults, injected_failures_need_the_emulated_platform)
{
    GTEST_SKIP() << "failing the nth allocation or launch on purpose needs -DROCDIST_GPU=emulated";
}
#endif

} // namespace
