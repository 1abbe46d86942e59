#include "device_memory.hpp"

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

#include <algorithm>
#include <deque>
#include <map>
#include <mutex>
#include <vector>

#include "settings.hpp"

namespace rocdist_emulator
{
namespace
{

// cudaMalloc's alignment.
constexpr std::size_t alignment = 256;
// New allocations start with this byte, as GPU memory starts with whatever
// it held: code that reads memory it never wrote (or whose write was not
// ordered before the read) sees it. Only the first MiB is filled, so that
// large allocations stay untouched.
constexpr unsigned char fresh_byte  = 0xDB;
constexpr std::size_t   fresh_bytes = std::size_t(1) << 20;
// Freed mappings kept inaccessible before their address space is returned.
constexpr std::size_t quarantine_mappings = 4096;
constexpr std::size_t quarantine_bytes    = std::size_t(1) << 36;

struct mapping
{
    void*          base;
    std::size_t    bytes;
    std::uintptr_t begin; // of the allocation it holds
    std::size_t    requested;
};

struct registry
{
    std::mutex                            mutex;
    std::map<std::uintptr_t, allocation>  live;     // by begin
    std::map<std::uintptr_t, mapping>     mappings; // by allocation begin
    std::vector<std::size_t>              used;     // per device
    std::deque<mapping>                   quarantine;
    std::size_t                           quarantined = 0;
};

registry& state()
{
    static registry* r = new registry; // never destroyed: workers may free memory during exit
    return *r;
}

std::size_t page_size()
{
    static const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    return page;
}

bool inside(const mapping& m, std::uintptr_t address)
{
    const auto base = reinterpret_cast<std::uintptr_t>(m.base);
    return address >= base && address < base + m.bytes;
}

// A fault on a guard page or freed memory says so before the process dies
// (the previous handler, AddressSanitizer's or the default, runs next).
struct sigaction previous_action;

void report_fault(int signal, siginfo_t* info, void* context)
{
    registry&       r       = state();
    const auto      address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    char            text[512];
    int             length = 0;
    if(r.mutex.try_lock()) // a fault inside the registry itself cannot be described
    {
        for(const auto& [begin, m] : r.mappings)
            if(inside(m, address))
                length = std::snprintf(text, sizeof text,
                                       "rocdist emulator: %s ran %zu bytes past the end of an allocation of %zu "
                                       "bytes at %p\n",
                                       running_operation(), static_cast<std::size_t>(address - begin - m.requested),
                                       m.requested, reinterpret_cast<void*>(begin));
        for(const mapping& m : r.quarantine)
            if(length == 0 && inside(m, address))
                length = std::snprintf(text, sizeof text,
                                       "rocdist emulator: %s touched memory that hipFree (or hipHostFree) released "
                                       "(an allocation of %zu bytes at %p): synchronise with the work that uses "
                                       "memory before freeing it\n",
                                       running_operation(), m.requested, reinterpret_cast<void*>(m.begin));
        r.mutex.unlock();
    }
    if(length > 0)
        (void)!write(STDERR_FILENO, text, static_cast<std::size_t>(std::min<int>(length, sizeof text - 1)));
    sigaction(signal, &previous_action, nullptr);
    (void)context; // returning re-runs the access under the previous handler
}

void install_fault_report()
{
    struct sigaction action;
    std::memset(&action, 0, sizeof action);
    action.sa_sigaction = report_fault;
    action.sa_flags     = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, &previous_action);
}

} // namespace

hipError_t allocate(memory_kind kind, int device, std::size_t bytes, void** pointer)
{
    *pointer = nullptr;
    if(bytes == 0)
        return hipSuccess; // as cudaMalloc: a null pointer, nothing allocated
    const std::size_t page    = page_size();
    const std::size_t rounded = (bytes + alignment - 1) / alignment * alignment;
    if(rounded < bytes || rounded > (std::size_t(1) << 46))
        return hipErrorOutOfMemory;
    const std::size_t data = (rounded + page - 1) / page * page;
    const bool counted     = kind != memory_kind::pinned;

    static std::once_flag reporting;
    std::call_once(reporting, install_fault_report);
    registry& r = state();
    {
        std::lock_guard<std::mutex> lock(r.mutex);
        if(r.used.size() <= static_cast<std::size_t>(device))
            r.used.resize(device + 1, 0);
        if(counted && bytes > configured().memory_bytes - std::min(configured().memory_bytes, r.used[device]))
            return hipErrorOutOfMemory;
        if(counted)
            r.used[device] += bytes; // reserved before mapping, so two threads cannot both pass the cap
    }
    void* base = mmap(nullptr, data + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if(base == MAP_FAILED || mprotect(static_cast<char*>(base) + data, page, PROT_NONE) != 0)
    {
        if(base != MAP_FAILED)
            munmap(base, data + page);
        std::lock_guard<std::mutex> lock(r.mutex);
        if(counted)
            r.used[device] -= bytes;
        return hipErrorOutOfMemory;
    }
    const auto begin = reinterpret_cast<std::uintptr_t>(base) + data - rounded;
    std::memset(reinterpret_cast<void*>(begin), fresh_byte, std::min(bytes, fresh_bytes));
    std::lock_guard<std::mutex> lock(r.mutex);
    r.live[begin]     = allocation{begin, bytes, kind, device};
    r.mappings[begin] = mapping{base, data + page, begin, bytes};
    *pointer          = reinterpret_cast<void*>(begin);
    return hipSuccess;
}

hipError_t release(void* pointer, bool pinned)
{
    if(pointer == nullptr)
        return hipSuccess;
    registry& r = state();
    std::lock_guard<std::mutex> lock(r.mutex);
    const auto begin = reinterpret_cast<std::uintptr_t>(pointer);
    const auto it    = r.live.find(begin);
    if(it == r.live.end() || (it->second.kind == memory_kind::pinned) != pinned)
        return hipErrorInvalidValue;
    if(it->second.kind != memory_kind::pinned)
        r.used[it->second.device] -= it->second.bytes;
    r.live.erase(it);
    const auto m = r.mappings.extract(begin).mapped();
    // Inaccessible from now on; large ones' pages returned to the system at
    // once (each call flushes every core's TLB, so small ones keep theirs
    // until they leave the quarantine).
    (void)mprotect(m.base, m.bytes, PROT_NONE);
    if(m.bytes > fresh_bytes)
        (void)madvise(m.base, m.bytes, MADV_DONTNEED);
    r.quarantine.push_back(m);
    r.quarantined += m.bytes;
    while(r.quarantine.size() > quarantine_mappings || r.quarantined > quarantine_bytes)
    {
        const mapping old = r.quarantine.front();
        r.quarantine.pop_front();
        r.quarantined -= old.bytes;
        munmap(old.base, old.bytes);
    }
    return hipSuccess;
}

std::optional<allocation> find(const void* p, std::size_t bytes)
{
    registry& r = state();
    std::lock_guard<std::mutex> lock(r.mutex);
    const auto address = reinterpret_cast<std::uintptr_t>(p);
    auto       it      = r.live.upper_bound(address);
    if(it == r.live.begin())
        return std::nullopt;
    --it;
    const allocation& a = it->second;
    const std::uintptr_t end = a.begin + a.bytes;
    if(address >= end || bytes > end - address)
        return std::nullopt;
    return a;
}

std::size_t allocated_on(int device)
{
    registry& r = state();
    std::lock_guard<std::mutex> lock(r.mutex);
    return static_cast<std::size_t>(device) < r.used.size() ? r.used[device] : 0;
}

} // namespace rocdist_emulator
