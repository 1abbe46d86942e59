// Runs the blocks of a launch on the calling thread: every lane of a block
// is a fiber (Boost.Context's fcontext switches, the primitive its fiber
// class is built on, so that each switch, a lane's first and last included,
// can be announced to the sanitizers). Lanes run in order until each has
// exited or waits at a collective; a ballot or shuffle resolves when every
// live lane of its warp has arrived, a barrier when every live lane of the
// block has. Lanes waiting at different source positions, or some at a warp
// collective and some at a barrier, fault the launch (a divergent
// collective).
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <boost/context/detail/fcontext.hpp>
#include <hip/hip_runtime.h>

#include "lane_stacks.hpp"

namespace rocdist_emulator
{

// A launch as its blocks see it.
struct grid_launch
{
    const char*  name;        // the kernel's
    const char*  description; // "kernel <name>"
    dim3         grid;
    dim3         block;
    unsigned     warp_size;
    kernel_body* body;
};

enum class lane_state
{
    ready,
    at_ballot,
    at_shuffle,
    at_barrier,
    exited
};

class block_runner;

// One lane of the block being run. The fields a lane and the scheduler hand
// each other at switches are relaxed atomics: the switch orders them
// already, and ThreadSanitizer, which sees each fiber as a thread, must not
// take the hand-over for a race, nor for a synchronisation that would hide
// real races between lanes.
struct lane_record
{
    lane_view                               view;
    unsigned                                warp;
    block_runner*                           runner;
    boost::context::detail::fcontext_t      context = nullptr; // where it resumes; null before it starts
    lane_stack                              stack{}; // with AddressSanitizer's fake stack while switched out
    void*                                   fiber = nullptr; // ThreadSanitizer's
    std::atomic<lane_state>                 state{lane_state::ready};
    std::atomic<const char*>                file{nullptr}; // where it waits
    std::atomic<int>                        line{0};
    std::atomic<bool>                       vote{false}; // posted at a ballot
    std::atomic<unsigned long long>         value{0}; // posted at a shuffle, with the lane it reads
    std::atomic<int>                        source{0};
    std::atomic<int>                        width{0};
    std::atomic<unsigned long long>         result{0}; // what the warp collective hands back
    std::atomic<bool>                       abandon{false};
};

class block_runner
{
public:
    // Room for the largest block is taken at once: a thread's first block
    // then allocates nothing more, whichever block it is (leak checks
    // compare the heap across launches that run on any worker).
    block_runner();
    block_runner(const block_runner&)            = delete;
    block_runner& operator=(const block_runner&) = delete;

    // The calling thread's runner.
    static block_runner& here();

    // Runs block `index` of the launch to its end; "" or what faulted it.
    std::string run(const grid_launch& launch, uint3 index);

    // Called on a lane's fiber.
    void  yield(lane_record& lane);
    void  fail(std::string message); // the first failure of the block stands
    void* warp_point(unsigned warp) { return &warp_points_[warp]; }

    static constexpr unsigned max_lanes = 1024; // per block, as on GPUs
    void* block_point() { return &block_point_; }

private:
    friend void lane_entry(boost::context::detail::transfer_t t);

    void        resume(lane_record& lane);
    std::string fault();
    void        fail_clear()
    {
        std::lock_guard<std::mutex> lock(fault_mutex_);
        fault_.clear();
    }
    bool resolve(unsigned lanes, unsigned warps);
    void resolve_ballot(unsigned first, unsigned end);
    bool resolve_shuffle(unsigned first, unsigned end);
    void abandon_all(unsigned lanes);
    std::string block_name() const;
    std::string describe_divergence(unsigned first, unsigned end, bool warp);

    const grid_launch*             launch_ = nullptr;
    uint3                          index_{};
    std::unique_ptr<lane_record[]> lanes_;
    char                           warp_points_[max_lanes / 32]; // synchronisation addresses for ThreadSanitizer
    char                           block_point_ = 0;
    char                           block_start_ = 0;
    char                           block_end_   = 0;
    lane_stacks                    stacks_;
    std::mutex                     fault_mutex_; // lanes fail, the scheduler reads: a real hand-over
    std::string                    fault_;

    // Where lanes switch back to, written by each lane as it switches out.
    std::atomic<boost::context::detail::fcontext_t> scheduler_{nullptr};
    void*                              scheduler_fake_stack_ = nullptr;
    const void*                        scheduler_bottom_     = nullptr;
    std::size_t                        scheduler_size_       = 0;
    void*                              scheduler_fiber_      = nullptr;
};

// Whether the calling thread is running a lane (launches from kernels are
// not emulated).
bool inside_kernel();

} // namespace rocdist_emulator
