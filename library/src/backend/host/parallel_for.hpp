// Splits [0, count) into one contiguous range per usable CPU. Results
// never depend on the split: every index is computed independently.
#pragma once

#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <sched.h>
#endif

namespace rocdist::host
{

// Below this many packets a thread's start-up (tens of microseconds) costs
// more than the work it would take over.
constexpr std::uint64_t min_packets_per_thread = 1 << 14;

// Runs body(0) .. body(threads - 1) at once, body(0) on the calling thread.
template <class Body>
void run_on_threads(std::uint64_t threads, const Body& body)
{
    std::vector<std::thread> workers;
    workers.reserve(threads - 1);
    for(std::uint64_t t = 1; t < threads; ++t)
        workers.emplace_back(body, t);
    body(0);
    for(auto& w : workers)
        w.join();
}

// The CPUs this thread may run on: its affinity mask where the OS has one
// (taskset, cgroups' cpusets, a batch scheduler's binding), else every
// hardware thread.
inline std::uint64_t usable_cpus()
{
#if defined(__linux__)
    cpu_set_t set;
    if(sched_getaffinity(0, sizeof set, &set) == 0)
        return std::max(1, CPU_COUNT(&set));
#endif
    return std::max(1u, std::thread::hardware_concurrency());
}

// How many threads work on `count` items of which each thread should get
// at least `min_items`: one per usable CPU at most.
inline std::uint64_t threads_for(std::uint64_t count, std::uint64_t min_items)
{
    return std::clamp<std::uint64_t>(count / min_items, 1, usable_cpus());
}

template <class Body>
void parallel_for(std::uint64_t count, const Body& body, std::uint64_t min_items_per_thread = min_packets_per_thread)
{
    const std::uint64_t threads = threads_for(count, min_items_per_thread);
    const std::uint64_t chunk   = (count + threads - 1) / threads;
    run_on_threads(threads, [&](std::uint64_t t) {
        const std::uint64_t end = std::min(count, (t + 1) * chunk);
        for(std::uint64_t i = t * chunk; i < end; ++i)
            body(i);
    });
}

} // namespace rocdist::host
