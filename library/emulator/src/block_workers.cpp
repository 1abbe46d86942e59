#include "block_workers.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

#include "device_memory.hpp"
#include "settings.hpp"

namespace rocdist_emulator
{
namespace
{

struct grid_job
{
    const grid_launch*         launch;
    std::uint64_t              blocks;
    std::atomic<std::uint64_t> next{0};
    std::atomic<bool>          faulted{false};
    std::mutex                 fault_mutex;
    std::string                fault;
    unsigned                   helpers_wanted = 0; // guarded by the pool's mutex
    unsigned                   helping        = 0; // guarded by the pool's mutex
};

void run_blocks(grid_job& job)
{
    const dim3 g = job.launch->grid;
    for(std::uint64_t b; !job.faulted.load() && (b = job.next.fetch_add(1)) < job.blocks;)
    {
        const uint3 index{static_cast<unsigned>(b % g.x), static_cast<unsigned>(b / g.x % g.y),
                          static_cast<unsigned>(b / (std::uint64_t(g.x) * g.y))};
        std::string fault;
        try
        {
            fault = block_runner::here().run(*job.launch, index);
        }
        catch(const std::bad_alloc&)
        {
            fault = "no host memory left for the lanes' stacks";
        }
        if(!fault.empty())
        {
            std::lock_guard<std::mutex> lock(job.fault_mutex);
            if(!job.faulted.load())
            {
                job.fault = std::move(fault);
                job.faulted.store(true);
            }
        }
    }
}

struct pool
{
    std::mutex                            mutex;
    std::condition_variable               changed;
    std::deque<std::shared_ptr<grid_job>> jobs;
    std::vector<std::thread>              threads;
    unsigned                              ready    = 0; // threads that have made their block_runner
    bool                                  stopping = false;
};

pool& the_pool()
{
    static pool* p = new pool; // never destroyed: stopped at exit instead
    return *p;
}

void help(pool& p)
{
    (void)block_runner::here(); // made before any block, see block_runner()
    std::unique_lock<std::mutex> lock(p.mutex);
    ++p.ready;
    p.changed.notify_all();
    for(;;)
    {
        p.changed.wait(lock, [&] { return p.stopping || !p.jobs.empty(); });
        if(p.stopping)
            return;
        const std::shared_ptr<grid_job> job = p.jobs.front();
        if(--job->helpers_wanted == 0)
            p.jobs.pop_front();
        ++job->helping;
        lock.unlock();
        set_running_operation(job->launch->description);
        run_blocks(*job);
        set_running_operation(nullptr);
        lock.lock();
        --job->helping;
        p.changed.notify_all();
    }
}

} // namespace

std::string run_grid(const grid_launch& launch)
{
    auto job    = std::make_shared<grid_job>();
    job->launch = &launch;
    job->blocks = std::uint64_t(launch.grid.x) * launch.grid.y * launch.grid.z;

    pool&          p       = the_pool();
    const unsigned helpers = static_cast<unsigned>(
        std::min<std::uint64_t>(configured().workers - 1, job->blocks - 1));
    if(helpers > 0)
    {
        std::unique_lock<std::mutex> lock(p.mutex);
        if(p.threads.empty() && !p.stopping)
        {
            while(p.threads.size() < configured().workers - 1)
                p.threads.emplace_back(help, std::ref(p));
            p.changed.wait(lock, [&] { return p.ready == p.threads.size(); });
        }
        job->helpers_wanted = helpers;
        p.jobs.push_back(job);
        p.changed.notify_all();
    }
    run_blocks(*job);
    if(helpers > 0)
    {
        // No helper joins once the blocks are all taken; wait for those that did.
        std::unique_lock<std::mutex> lock(p.mutex);
        p.jobs.erase(std::remove(p.jobs.begin(), p.jobs.end(), job), p.jobs.end());
        p.changed.wait(lock, [&] { return job->helping == 0; });
    }
    return job->fault;
}

void stop_block_workers()
{
    pool& p = the_pool();
    std::vector<std::thread> threads;
    {
        std::lock_guard<std::mutex> lock(p.mutex);
        p.stopping = true;
        p.changed.notify_all();
        threads.swap(p.threads);
    }
    for(auto& t : threads)
        t.join();
}

} // namespace rocdist_emulator
