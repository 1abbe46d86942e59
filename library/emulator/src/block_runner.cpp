#include "block_runner.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>

#include "sanitizer_hooks.hpp"

namespace rocdist_emulator
{

using boost::context::detail::fcontext_t;
using boost::context::detail::jump_fcontext;
using boost::context::detail::make_fcontext;
using boost::context::detail::transfer_t;

namespace
{

// Thrown inside a lane that must stop because its launch has faulted, so
// that its stack unwinds like any other.
struct lane_abandoned
{
};

constexpr auto relaxed = std::memory_order_relaxed;

// The lane the scheduler last switched to, read by that lane (relaxed, as
// the hand-overs in lane_record: the switch orders it already).
thread_local std::atomic<lane_record*> running{nullptr};

lane_record& running_lane(const char* what)
{
    lane_record* lane = running.load(relaxed);
    if(lane == nullptr)
    {
        std::fprintf(stderr, "rocdist emulator: %s used outside a kernel\n", what);
        std::abort();
    }
    return *lane;
}

} // namespace

// Not instrumented by AddressSanitizer: it never returns, so a frame of it
// on the reused fake stack would never be released.
ROCDIST_EMULATOR_NO_ASAN void lane_entry(transfer_t t)
{
    auto&         lane   = *static_cast<lane_record*>(t.data);
    block_runner& runner = *lane.runner;
    runner.scheduler_.store(t.fctx, relaxed);
    sanitizer::finish_switch(lane.stack.fake_stack, &runner.scheduler_bottom_, &runner.scheduler_size_);
    sanitizer::acquire(&runner.block_start_);
    try
    {
        runner.launch_->body->run_lane();
    }
    catch(const lane_abandoned&)
    {
    }
    catch(const std::exception& e)
    {
        runner.fail(std::string("the kernel threw: ") + e.what());
    }
    catch(...)
    {
        runner.fail("the kernel threw an exception");
    }
    // The last switch. Everything the lane touches is touched before its
    // work is released to the block's end (after that, the runner may be
    // gone); the fake stack stays with the stack for the next lane.
    const fcontext_t scheduler = runner.scheduler_.load(relaxed);
    void* const      fiber     = runner.scheduler_fiber_;
    const void*      bottom    = runner.scheduler_bottom_;
    const std::size_t size     = runner.scheduler_size_;
    lane.state.store(lane_state::exited, relaxed);
    sanitizer::release(&runner.block_end_);
    sanitizer::start_switch(&lane.stack.fake_stack, bottom, size);
    sanitizer::switch_to_fiber(fiber);
    jump_fcontext(scheduler, nullptr);
    std::abort(); // a finished lane is never resumed
}

block_runner::block_runner() : lanes_(std::make_unique<lane_record[]>(max_lanes)), stacks_(max_lanes) {}

block_runner& block_runner::here()
{
    thread_local block_runner runner;
    return runner;
}

void block_runner::resume(lane_record& lane)
{
    if(lane.context == nullptr)
    {
        lane.stack   = stacks_.take();
        lane.context = make_fcontext(static_cast<char*>(lane.stack.bottom) + lane.stack.size, lane.stack.size,
                                     lane_entry);
        lane.fiber   = sanitizer::create_fiber();
    }
    running.store(&lane, relaxed);
    // Nothing of the scheduler's may be touched between the announcement
    // and the switch: ThreadSanitizer counts it as the lane's.
    const fcontext_t target = lane.context;
    sanitizer::start_switch(&scheduler_fake_stack_, lane.stack.bottom, lane.stack.size);
    sanitizer::switch_to_fiber(lane.fiber);
    const transfer_t t = jump_fcontext(target, &lane);
    sanitizer::finish_switch(scheduler_fake_stack_, nullptr, nullptr);
    running.store(nullptr, relaxed);
    if(lane.state.load(relaxed) == lane_state::exited)
    {
        stacks_.give_back(lane.stack);
        sanitizer::destroy_fiber(lane.fiber);
        lane.fiber   = nullptr;
        lane.context = nullptr;
    }
    else
        lane.context = t.fctx;
}

void block_runner::yield(lane_record& lane)
{
    const fcontext_t scheduler = scheduler_.load(relaxed);
    sanitizer::start_switch(&lane.stack.fake_stack, scheduler_bottom_, scheduler_size_);
    sanitizer::switch_to_fiber(scheduler_fiber_);
    const transfer_t t = jump_fcontext(scheduler, nullptr);
    scheduler_.store(t.fctx, relaxed);
    sanitizer::finish_switch(lane.stack.fake_stack, nullptr, nullptr);
}

void block_runner::fail(std::string message)
{
    std::lock_guard<std::mutex> lock(fault_mutex_);
    if(fault_.empty())
        fault_ = std::move(message);
}

std::string block_runner::fault()
{
    std::lock_guard<std::mutex> lock(fault_mutex_);
    return fault_;
}

std::string block_runner::run(const grid_launch& launch, uint3 index)
{
    const dim3     b     = launch.block;
    const unsigned lanes = b.x * b.y * b.z;
    const unsigned warps = (lanes + launch.warp_size - 1) / launch.warp_size;
    for(unsigned i = 0; i < lanes; ++i)
    {
        lane_record& l = lanes_[i];
        l.view         = lane_view{{i % b.x, i / b.x % b.y, i / (b.x * b.y)}, index, b, launch.grid, launch.warp_size};
        l.warp         = i / launch.warp_size;
        l.runner       = this;
        l.context      = nullptr;
        l.state.store(lane_state::ready, relaxed);
        l.abandon.store(false, relaxed);
    }
    launch_          = &launch;
    index_           = index;
    fail_clear();
    scheduler_fiber_ = sanitizer::current_fiber();
    sanitizer::release(&block_start_);

    unsigned live = lanes;
    while(live > 0)
    {
        for(unsigned i = 0; i < lanes; ++i)
        {
            if(lanes_[i].state.load(relaxed) != lane_state::ready)
                continue;
            resume(lanes_[i]);
            if(lanes_[i].state.load(relaxed) == lane_state::exited)
                --live;
        }
        if(live == 0)
            break;
        if(!fault().empty() || !resolve(lanes, warps))
        {
            abandon_all(lanes);
            break;
        }
    }
    sanitizer::acquire(&block_end_);
    launch_ = nullptr;
    return fault();
}

// Every live lane waits at a collective when this runs.
bool block_runner::resolve(unsigned lanes, unsigned warps)
{
    const auto at_warp_collective = [](lane_state s) {
        return s == lane_state::at_ballot || s == lane_state::at_shuffle;
    };
    bool released = false;
    for(unsigned w = 0; w < warps; ++w)
    {
        const unsigned first = w * launch_->warp_size;
        const unsigned end   = std::min(lanes, first + launch_->warp_size);
        const lane_record* at = nullptr; // the first lane of the warp waiting at a ballot or shuffle
        bool                barrier = false, same = true;
        for(unsigned i = first; i < end; ++i)
        {
            const lane_state s = lanes_[i].state.load(relaxed);
            if(s == lane_state::at_barrier)
                barrier = true;
            if(!at_warp_collective(s))
                continue;
            if(at == nullptr)
                at = &lanes_[i];
            else
                same = same && at->state.load(relaxed) == s && at->line.load(relaxed) == lanes_[i].line.load(relaxed)
                       && std::string(at->file.load(relaxed)) == lanes_[i].file.load(relaxed);
        }
        if(at == nullptr)
            continue;
        if(barrier || !same)
        {
            fail(describe_divergence(first, end, true));
            return false;
        }
        if(at->state.load(relaxed) == lane_state::at_ballot)
            resolve_ballot(first, end);
        else if(!resolve_shuffle(first, end))
            return false;
        // Released only now: a shuffle reads whether its source lane is at it.
        for(unsigned i = first; i < end; ++i)
            if(at_warp_collective(lanes_[i].state.load(relaxed)))
                lanes_[i].state.store(lane_state::ready, relaxed);
        released = true;
    }
    if(released)
        return true;
    // No lane waits at a warp collective: every live lane is at a barrier.
    const lane_record* at = nullptr;
    for(unsigned i = 0; i < lanes; ++i)
    {
        if(lanes_[i].state.load(relaxed) != lane_state::at_barrier)
            continue;
        if(at == nullptr)
            at = &lanes_[i];
        else if(at->line.load(relaxed) != lanes_[i].line.load(relaxed)
                || std::string(at->file.load(relaxed)) != lanes_[i].file.load(relaxed))
        {
            fail(describe_divergence(0, lanes, false));
            return false;
        }
    }
    for(unsigned i = 0; i < lanes; ++i)
        if(lanes_[i].state.load(relaxed) == lane_state::at_barrier)
            lanes_[i].state.store(lane_state::ready, relaxed);
    return true;
}

// Every live lane of lanes first..end-1 waits at the same ballot.
void block_runner::resolve_ballot(unsigned first, unsigned end)
{
    unsigned long long mask = 0;
    for(unsigned i = first; i < end; ++i)
        if(lanes_[i].state.load(relaxed) == lane_state::at_ballot && lanes_[i].vote.load(relaxed))
            mask |= 1ull << (i - first);
    for(unsigned i = first; i < end; ++i)
        if(lanes_[i].state.load(relaxed) == lane_state::at_ballot)
            lanes_[i].result.store(mask, relaxed);
}

// Every live lane of lanes first..end-1 waits at the same shuffle. Each
// reads lane (source mod width) of its own width-sized segment, as a GPU's
// index arithmetic does (a negative source counts from the segment's end);
// a lane that has exited, or that a partial warp lacks, gives 0.
bool block_runner::resolve_shuffle(unsigned first, unsigned end)
{
    for(unsigned i = first; i < end; ++i)
    {
        lane_record& l = lanes_[i];
        if(l.state.load(relaxed) != lane_state::at_shuffle)
            continue;
        const int width = l.width.load(relaxed);
        if(width <= 0 || static_cast<unsigned>(width) > launch_->warp_size || (width & (width - 1)) != 0)
        {
            fail("bad __shfl width in " + block_name() + ", warp " + std::to_string(first / launch_->warp_size)
                 + ": lane " + std::to_string(i - first) + " at " + l.file.load(relaxed) + ":"
                 + std::to_string(l.line.load(relaxed)) + " asks for " + std::to_string(width)
                 + ", not a power of two no larger than the warp size (" + std::to_string(launch_->warp_size) + ")");
            return false;
        }
        const unsigned mask = static_cast<unsigned>(width) - 1;
        const unsigned from = first + ((i - first) & ~mask) + (static_cast<unsigned>(l.source.load(relaxed)) & mask);
        const bool     live = from < end && lanes_[from].state.load(relaxed) == lane_state::at_shuffle;
        l.result.store(live ? lanes_[from].value.load(relaxed) : 0, relaxed);
    }
    return true;
}

// Lanes that never started are dropped; the others resume at their
// collective, which throws lane_abandoned there so that they unwind.
void block_runner::abandon_all(unsigned lanes)
{
    for(unsigned i = 0; i < lanes; ++i)
    {
        lane_record& l = lanes_[i];
        if(l.state.load(relaxed) == lane_state::exited)
            continue;
        if(l.context == nullptr)
        {
            l.state.store(lane_state::exited, relaxed);
            continue;
        }
        l.abandon.store(true, relaxed);
        resume(l);
    }
}

// "kernel k, block (x,y,z)"
std::string block_runner::block_name() const
{
    char name[256];
    std::snprintf(name, sizeof name, "kernel %s, block (%u,%u,%u)", launch_->name, index_.x, index_.y, index_.z);
    return name;
}

// "divergent collective in kernel k, block (x,y,z), warp w: lanes 0-15 at
// a.hip:10 (ballot); lanes 16-31 at a.hip:12 (shuffle)", one part per place.
std::string block_runner::describe_divergence(unsigned first, unsigned end, bool warp)
{
    std::string text = "divergent collective in " + block_name();
    if(warp)
        text += ", warp " + std::to_string(first / launch_->warp_size);
    text += ":";
    const auto place = [&](unsigned i) {
        const lane_state s = lanes_[i].state.load(relaxed);
        if(s == lane_state::exited)
            return std::string("exited");
        return std::string("at ") + lanes_[i].file.load(relaxed) + ":" + std::to_string(lanes_[i].line.load(relaxed))
               + (s == lane_state::at_ballot    ? " (ballot)"
                  : s == lane_state::at_shuffle ? " (shuffle)"
                                                : " (__syncthreads)");
    };
    std::vector<bool> told(end - first, false);
    for(unsigned i = first; i < end; ++i)
    {
        if(told[i - first])
            continue;
        const std::string where = place(i);
        std::string       lanes;
        for(unsigned j = i; j < end; ++j)
        {
            if(told[j - first] || place(j) != where)
                continue;
            unsigned last = j; // a run j..last at the same place
            while(last + 1 < end && !told[last + 1 - first] && place(last + 1) == where)
                ++last;
            for(unsigned k = j; k <= last; ++k)
                told[k - first] = true;
            lanes += (lanes.empty() ? "" : ",") + std::to_string(j - first)
                     + (last > j ? "-" + std::to_string(last - first) : "");
            j = last;
        }
        text += " lanes " + lanes + " " + where + ";";
    }
    text.pop_back();
    return text;
}

const lane_view& this_lane()
{
    return running_lane("a built-in variable (threadIdx, blockIdx, blockDim, gridDim, warpSize)").view;
}

namespace
{

// Waits at a warp collective whose inputs the lane has posted, until its
// warp resolves it: the collective's result.
unsigned long long wait_at_warp_collective(lane_record& lane, lane_state state, const char* file, int line)
{
    block_runner& runner = *lane.runner;
    lane.file.store(file, relaxed);
    lane.line.store(line, relaxed);
    lane.state.store(state, relaxed);
    sanitizer::release(runner.warp_point(lane.warp));
    runner.yield(lane);
    if(lane.abandon.load(relaxed))
        throw lane_abandoned{};
    sanitizer::acquire(runner.warp_point(lane.warp));
    return lane.result.load(relaxed);
}

} // namespace

unsigned long long warp_ballot(int predicate, const char* file, int line)
{
    lane_record& lane = running_lane("__ballot");
    lane.vote.store(predicate != 0, relaxed);
    return wait_at_warp_collective(lane, lane_state::at_ballot, file, line);
}

unsigned long long warp_shuffle(unsigned long long bits, int src_lane, int width, const char* file, int line)
{
    lane_record& lane = running_lane("__shfl");
    lane.value.store(bits, relaxed);
    lane.source.store(src_lane, relaxed);
    lane.width.store(width, relaxed);
    return wait_at_warp_collective(lane, lane_state::at_shuffle, file, line);
}

void block_barrier(const char* file, int line)
{
    lane_record&  lane   = running_lane("__syncthreads");
    block_runner& runner = *lane.runner;
    lane.file.store(file, relaxed);
    lane.line.store(line, relaxed);
    lane.state.store(lane_state::at_barrier, relaxed);
    sanitizer::release(runner.block_point());
    runner.yield(lane);
    if(lane.abandon.load(relaxed))
        throw lane_abandoned{};
    sanitizer::acquire(runner.block_point());
}

bool inside_kernel()
{
    return running.load(relaxed) != nullptr;
}

} // namespace rocdist_emulator
