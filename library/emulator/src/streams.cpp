#include "streams.hpp"

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <list>
#include <mutex>
#include <thread>
#include <vector>

#include "block_workers.hpp"
#include "device_memory.hpp"
#include "settings.hpp"

namespace rocdist_emulator
{

struct dependency
{
    std::shared_ptr<stream_state> stream;
    std::uint64_t                 sequence; // runs after that stream's operation with this number
};

struct queued_operation
{
    std::unique_ptr<operation> work;
    std::uint64_t              sequence;
    std::vector<dependency>    after;
};

// Guarded by the registry's mutex, but for the constants.
struct stream_state
{
    stream_state(int d, unsigned f, bool l) : device(d), flags(f), legacy(l) {}
    const int      device;
    const unsigned flags;
    const bool     legacy;

    std::list<queued_operation>  queue; // a list: nothing stays allocated once it drains
    std::uint64_t                enqueued  = 0; // operations numbered 1, 2, ...
    std::uint64_t                completed = 0; // the last one that has run
    std::uint64_t                demanded  = 0; // deferred mode: run up to this one
    hipError_t                   error     = hipSuccess;
    bool                         destroyed = false;
    bool                         worker       = false;
    bool                         worker_ready = false; // its thread has made its block runner
    bool                         running      = false; // one of its operations is running

    bool blocking() const { return !legacy && (flags & hipStreamNonBlocking) == 0; }
    bool idle() const { return completed == enqueued; }
};

namespace
{

struct registry
{
    std::mutex              mutex;
    std::condition_variable changed;
    // Every stream that is live or still has work: the legacy streams (one
    // per device, made on first use) and the created ones.
    std::vector<std::shared_ptr<stream_state>> streams;
    bool                                       deferred = configured().deferred;
    bool                                       stopping = false;
    unsigned                                   workers  = 0;
};

thread_local bool        on_worker = false;
thread_local const char* running   = nullptr;

void shut_down();

registry& state()
{
    // Never destroyed: detached workers use it until they have stopped.
    static registry* r = [] {
        auto* made = new registry;
        std::atexit(shut_down);
        return made;
    }();
    return *r;
}

// At exit: queued work is dropped, running operations finish, workers stop.
void shut_down()
{
    registry&                    r = state();
    std::unique_lock<std::mutex> lock(r.mutex);
    r.stopping = true;
    r.changed.notify_all();
    r.changed.wait(lock, [&] { return r.workers <= (on_worker ? 1u : 0u); });
    lock.unlock();
    stop_block_workers();
}

void forget_if_done(registry& r, const std::shared_ptr<stream_state>& s)
{
    if(s->destroyed && s->queue.empty() && s->idle())
        r.streams.erase(std::remove(r.streams.begin(), r.streams.end(), s), r.streams.end());
}

void demand(registry& r, stream_state& s, std::uint64_t sequence)
{
    if(s.demanded < sequence)
    {
        s.demanded = sequence;
        r.changed.notify_all();
    }
}

// Whether the front operation may run now; in deferred mode, asks for the
// work it waits on.
bool runnable(registry& r, stream_state& s)
{
    if(s.queue.empty() || s.running)
        return false;
    const queued_operation& front = s.queue.front();
    if(r.deferred && front.sequence > s.demanded)
        return false;
    bool ready = true;
    for(const dependency& d : front.after)
    {
        if(d.stream->completed < d.sequence)
        {
            ready = false;
            if(r.deferred)
                demand(r, *d.stream, d.sequence);
        }
    }
    return ready;
}

// Runs the stream's front operation on the calling thread (runnable() must
// hold); `lock` holds the registry's mutex, released while it runs.
void run_front(registry& r, const std::shared_ptr<stream_state>& s, std::unique_lock<std::mutex>& lock)
{
    queued_operation next = std::move(s->queue.front());
    s->queue.pop_front();
    s->running = true;
    lock.unlock();
    const char* outer      = running;
    running                = next.work->what();
    const hipError_t error = next.work->run();
    running                = outer;
    // Freed before completion is reported: a host that waited sees no
    // memory held by finished work.
    const std::uint64_t sequence = next.sequence;
    next                         = queued_operation{};
    lock.lock();
    s->running   = false;
    s->completed = sequence;
    if(error != hipSuccess && s->error == hipSuccess)
        s->error = error;
    forget_if_done(r, s);
    r.changed.notify_all();
}

void work_on(std::shared_ptr<stream_state> s)
{
    on_worker = true;
    (void)block_runner::here(); // before the stream's first work, see block_runner()
    registry&                    r = state();
    std::unique_lock<std::mutex> lock(r.mutex);
    s->worker_ready = true;
    r.changed.notify_all();
    while(!r.stopping && !(s->destroyed && s->queue.empty()))
    {
        if(runnable(r, *s))
            run_front(r, s, lock);
        else
            r.changed.wait(lock);
    }
    s->worker = false;
    s->queue.clear(); // stopping: dropped unrun
    forget_if_done(r, s);
    --r.workers;
    r.changed.notify_all();
}

std::shared_ptr<stream_state> legacy_stream(registry& r, int device)
{
    for(const auto& s : r.streams)
        if(s->legacy && s->device == device)
            return s;
    auto made = std::make_shared<stream_state>(device, hipStreamDefault, true);
    r.streams.push_back(made);
    return made;
}

} // namespace

const char* running_operation()
{
    return running != nullptr ? running : "the host";
}

void set_running_operation(const char* what)
{
    running = what;
}

std::shared_ptr<stream_state> find_stream(hipStream_t handle, int device)
{
    registry&                   r = state();
    std::lock_guard<std::mutex> lock(r.mutex);
    if(handle == nullptr)
        return legacy_stream(r, device);
    for(const auto& s : r.streams)
        if(reinterpret_cast<hipStream_t>(s.get()) == handle && !s->destroyed)
            return s;
    return nullptr;
}

int device_of(const stream_state& stream)
{
    return stream.device;
}

unsigned flags_of(const stream_state& stream)
{
    return stream.flags;
}

hipError_t create_stream(int device, unsigned flags, hipStream_t* handle)
{
    registry&                   r = state();
    std::lock_guard<std::mutex> lock(r.mutex);
    auto                        made = std::make_shared<stream_state>(device, flags, false);
    r.streams.push_back(made);
    *handle = reinterpret_cast<hipStream_t>(made.get());
    return hipSuccess;
}

hipError_t destroy_stream(hipStream_t handle)
{
    registry&                   r = state();
    std::lock_guard<std::mutex> lock(r.mutex);
    for(const auto& s : r.streams)
    {
        if(reinterpret_cast<hipStream_t>(s.get()) == handle && !s->destroyed)
        {
            s->destroyed = true;
            demand(r, *s, s->enqueued); // its work still runs, in deferred mode too
            const auto keep = s;
            forget_if_done(r, keep);
            r.changed.notify_all();
            return hipSuccess;
        }
    }
    return hipErrorInvalidHandle;
}

void enqueue(const std::shared_ptr<stream_state>& s, std::unique_ptr<operation> work)
{
    registry&                    r = state();
    std::unique_lock<std::mutex> lock(r.mutex);
    queued_operation q{std::move(work), ++s->enqueued, {}};
    // The legacy default stream's rules (see streams.hpp).
    if(s->legacy)
    {
        for(const auto& t : r.streams)
            if(t->device == s->device && t->blocking() && !t->idle())
                q.after.push_back({t, t->enqueued});
    }
    else if(s->blocking())
    {
        const auto l = legacy_stream(r, s->device);
        if(!l->idle())
            q.after.push_back({l, l->enqueued});
    }
    s->queue.push_back(std::move(q));
    if(!s->worker && !r.stopping)
    {
        s->worker       = true;
        s->worker_ready = false;
        ++r.workers;
        std::thread(work_on, s).detach();
        r.changed.wait(lock, [&] { return s->worker_ready; });
    }
    r.changed.notify_all();
}

// A host that waits runs the stream's work itself when the stream's thread
// has not started it yet: work runs in the same order, one operation at a
// time, and the common launch-then-wait costs no hand-over between threads.
hipError_t wait_for(const std::shared_ptr<stream_state>& s)
{
    registry&                    r = state();
    std::unique_lock<std::mutex> lock(r.mutex);
    const std::uint64_t          target = s->enqueued;
    demand(r, *s, target);
    while(s->completed < target && !r.stopping)
    {
        if(runnable(r, *s))
            run_front(r, s, lock);
        else
            r.changed.wait(lock);
    }
    const hipError_t error = s->error;
    s->error               = hipSuccess;
    return error;
}

hipError_t query(const std::shared_ptr<stream_state>& s)
{
    registry&                   r = state();
    std::lock_guard<std::mutex> lock(r.mutex);
    if(!s->idle())
    {
        demand(r, *s, s->enqueued); // polling until idle must end, in deferred mode too
        return hipErrorNotReady;
    }
    const hipError_t error = s->error;
    s->error               = hipSuccess;
    return error;
}

hipError_t wait_for_device(int device)
{
    std::vector<std::shared_ptr<stream_state>> streams;
    {
        registry&                   r = state();
        std::lock_guard<std::mutex> lock(r.mutex);
        for(const auto& s : r.streams)
            if(s->device == device)
                streams.push_back(s);
    }
    hipError_t first = hipSuccess;
    for(const auto& s : streams)
    {
        const hipError_t e = wait_for(s);
        if(first == hipSuccess)
            first = e;
    }
    return first;
}

void set_deferred(bool deferred)
{
    registry&                   r = state();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.deferred = deferred;
    r.changed.notify_all();
}

} // namespace rocdist_emulator
