// Splits [0, count) into one contiguous range per hardware thread. Results
// never depend on the split: every index is computed independently.
#pragma once

#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

namespace rocdist::host
{

// Below this many packets a thread's start-up (tens of microseconds) costs
// more than the work it would take over.
constexpr std::uint64_t min_packets_per_thread = 1 << 14;

template <class Body>
void parallel_for(std::uint64_t count, const Body& body, std::uint64_t min_items_per_thread = min_packets_per_thread)
{
    const std::uint64_t hw      = std::max(1u, std::thread::hardware_concurrency());
    const std::uint64_t threads = std::clamp<std::uint64_t>(count / min_items_per_thread, 1, hw);
    const std::uint64_t chunk   = (count + threads - 1) / threads;
    auto run_range = [&](std::uint64_t t) {
        const std::uint64_t end = std::min(count, (t + 1) * chunk);
        for(std::uint64_t i = t * chunk; i < end; ++i)
            body(i);
    };
    std::vector<std::thread> workers;
    workers.reserve(threads - 1);
    for(std::uint64_t t = 1; t < threads; ++t)
        workers.emplace_back(run_range, t);
    run_range(0);
    for(auto& w : workers)
        w.join();
}

} // namespace rocdist::host
