// Allocation, pointer attributes, copies and fills. Copies and fills run on
// streams; which ones the host waits for follows CUDA's documented
// synchronisation behaviour, taking the asynchronous side wherever CUDA
// says "may":
//   hipMemcpy from pageable host memory to a device: the source is staged at
//     once and the host does not wait for the copy itself;
//   hipMemcpy to the host, or from pinned or managed memory: waits;
//   hipMemcpy device to device, hipMemset of device memory: do not wait;
//   hipMemcpyAsync: never waits, but copies host to host at once, and stages
//     a pageable source at once (so it may be reused on return).
// A device-side range must lie inside one live allocation; a host-side
// pointer may not be device memory.
#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>
#include <tuple>
#include <vector>

#include "current_device.hpp"
#include "device_memory.hpp"
#include "fault_injection.hpp"
#include "last_error.hpp"
#include "settings.hpp"
#include "streams.hpp"

namespace rocdist_emulator
{
namespace
{

class copy_operation final : public operation
{
public:
    copy_operation(void* to, const void* from, std::size_t bytes, bool stage)
        : to_(to), from_(from), bytes_(bytes)
    {
        if(stage)
        {
            staged_.assign(static_cast<const unsigned char*>(from), static_cast<const unsigned char*>(from) + bytes);
            from_ = staged_.data();
        }
    }
    hipError_t run() override
    {
        std::memmove(to_, from_, bytes_);
        return hipSuccess;
    }
    const char* what() const override { return "a copy (hipMemcpy)"; }

private:
    void*                      to_;
    const void*                from_;
    std::size_t                bytes_;
    std::vector<unsigned char> staged_;
};

class fill_operation final : public operation
{
public:
    fill_operation(void* to, int value, std::size_t bytes) : to_(to), value_(value), bytes_(bytes) {}
    hipError_t run() override
    {
        std::memset(to_, value_, bytes_);
        return hipSuccess;
    }
    const char* what() const override { return "a fill (hipMemset)"; }

private:
    void*       to_;
    int         value_;
    std::size_t bytes_;
};

bool device_side(const std::optional<allocation>& a)
{
    return a && a->kind != memory_kind::pinned;
}

struct copy_plan
{
    bool stage;      // the source is pageable host memory read on the host's side
    bool host_waits; // hipMemcpy: the host waits for the copy
    bool host_only;  // host to host
};

// Checks a copy's pointers against its kind (hipMemcpyDefault: inferred).
hipError_t plan_copy(void* to, const void* from, std::size_t bytes, hipMemcpyKind kind, copy_plan& plan)
{
    if(to == nullptr || from == nullptr)
        return hipErrorInvalidValue;
    const auto dst = find(to), src = find(from);
    if(kind == hipMemcpyDefault)
        kind = device_side(src) ? (device_side(dst) ? hipMemcpyDeviceToDevice : hipMemcpyDeviceToHost)
                                : (device_side(dst) ? hipMemcpyHostToDevice : hipMemcpyHostToHost);
    if(kind < hipMemcpyHostToHost || kind > hipMemcpyDeviceToDevice)
        return hipErrorInvalidMemcpyDirection;
    const bool from_device = kind == hipMemcpyDeviceToHost || kind == hipMemcpyDeviceToDevice;
    const bool to_device   = kind == hipMemcpyHostToDevice || kind == hipMemcpyDeviceToDevice;
    // A device side must be device or managed memory, all of the range; a
    // host side must not be device memory (managed memory may be either).
    for(const auto& [end, pointer, device] : {std::tuple{dst, static_cast<const void*>(to), to_device},
                                              std::tuple{src, from, from_device}})
    {
        if(device && !device_side(end))
            return hipErrorInvalidValue;
        if(!device && end && end->kind == memory_kind::device)
            return hipErrorInvalidMemcpyDirection;
        if(end && !find(pointer, bytes))
            return hipErrorInvalidValue; // runs past its allocation
    }
    plan.stage      = !from_device && !src;
    plan.host_only  = !from_device && !to_device;
    plan.host_waits = !to_device || !plan.stage;
    if(kind == hipMemcpyDeviceToDevice)
        plan.host_waits = false;
    return hipSuccess;
}

hipError_t check_fill(void* to, std::size_t bytes, bool& pinned)
{
    const auto a = find(to, bytes);
    if(to == nullptr || !a)
        return hipErrorInvalidValue;
    pinned = a->kind == memory_kind::pinned;
    return hipSuccess;
}

hipError_t allocate_counted(memory_kind kind, void** pointer, std::size_t bytes)
{
    if(pointer == nullptr)
        return answer(hipErrorInvalidValue);
    if(configured().devices == 0)
        return answer(hipErrorNoDevice);
    *pointer = nullptr;
    if(bytes == 0)
        return hipSuccess;
    const hipError_t injected = count_event(rocdist_emulator_allocation);
    if(injected != hipSuccess)
        return answer(injected);
    return answer(allocate(kind, current_device(), bytes, pointer));
}

} // namespace
} // namespace rocdist_emulator

using namespace rocdist_emulator;

extern "C" {

hipError_t hipMalloc(void** pointer, size_t bytes)
{
    return allocate_counted(memory_kind::device, pointer, bytes);
}

hipError_t hipMallocManaged(void** pointer, size_t bytes, unsigned int flags)
{
    if(flags != hipMemAttachGlobal)
        return answer(hipErrorNotSupported);
    return allocate_counted(memory_kind::managed, pointer, bytes);
}

hipError_t hipHostMalloc(void** pointer, size_t bytes, unsigned int flags)
{
    if(flags != hipHostMallocDefault)
        return answer(hipErrorNotSupported);
    return allocate_counted(memory_kind::pinned, pointer, bytes);
}

// As CUDA documents only that cudaFree "may" synchronise, this does not:
// work still queued that uses the memory faults when it runs.
hipError_t hipFree(void* pointer)
{
    return answer(release(pointer, false));
}

hipError_t hipHostFree(void* pointer)
{
    return answer(release(pointer, true));
}

hipError_t hipMemGetInfo(size_t* free_bytes, size_t* total_bytes)
{
    if(free_bytes == nullptr || total_bytes == nullptr)
        return answer(hipErrorInvalidValue);
    if(configured().devices == 0)
        return answer(hipErrorNoDevice);
    *total_bytes = configured().memory_bytes;
    *free_bytes  = *total_bytes - std::min(*total_bytes, allocated_on(current_device()));
    return hipSuccess;
}

// ROCm 6's answers: unregistered host memory is not an error.
hipError_t hipPointerGetAttributes(hipPointerAttribute_t* attributes, const void* pointer)
{
    if(attributes == nullptr || pointer == nullptr)
        return answer(hipErrorInvalidValue);
    *attributes  = hipPointerAttribute_t{};
    const auto a = find(pointer);
    if(!a)
    {
        attributes->type   = hipMemoryTypeUnregistered;
        attributes->device = -1;
        return hipSuccess;
    }
    void* p                   = const_cast<void*>(pointer);
    attributes->device        = a->device;
    attributes->devicePointer = p;
    switch(a->kind)
    {
    case memory_kind::device: attributes->type = hipMemoryTypeDevice; break;
    case memory_kind::managed:
        attributes->type        = hipMemoryTypeManaged;
        attributes->isManaged   = 1;
        attributes->hostPointer = p;
        break;
    case memory_kind::pinned:
        attributes->type        = hipMemoryTypeHost;
        attributes->hostPointer = p;
        break;
    }
    return hipSuccess;
}

hipError_t hipMemcpy(void* to, const void* from, size_t bytes, hipMemcpyKind kind)
{
    if(configured().devices == 0)
        return answer(hipErrorNoDevice);
    if(bytes == 0)
        return hipSuccess;
    copy_plan        plan{};
    const hipError_t checked = plan_copy(to, from, bytes, kind, plan);
    if(checked != hipSuccess)
        return answer(checked);
    const auto stream = find_stream(nullptr, current_device());
    enqueue(stream, std::make_unique<copy_operation>(to, from, bytes, plan.stage));
    return plan.host_waits ? answer(wait_for(stream)) : hipSuccess;
}

hipError_t hipMemcpyAsync(void* to, const void* from, size_t bytes, hipMemcpyKind kind, hipStream_t stream)
{
    if(configured().devices == 0)
        return answer(hipErrorNoDevice);
    const auto s = find_stream(stream, current_device());
    if(!s)
        return answer(hipErrorInvalidHandle);
    if(bytes == 0)
        return hipSuccess;
    copy_plan        plan{};
    const hipError_t checked = plan_copy(to, from, bytes, kind, plan);
    if(checked != hipSuccess)
        return answer(checked);
    enqueue(s, std::make_unique<copy_operation>(to, from, bytes, plan.stage));
    return plan.host_only ? answer(wait_for(s)) : hipSuccess;
}

hipError_t hipMemset(void* to, int value, size_t bytes)
{
    if(configured().devices == 0)
        return answer(hipErrorNoDevice);
    if(bytes == 0)
        return hipSuccess;
    bool             pinned  = false;
    const hipError_t checked = check_fill(to, bytes, pinned);
    if(checked != hipSuccess)
        return answer(checked);
    const auto stream = find_stream(nullptr, current_device());
    enqueue(stream, std::make_unique<fill_operation>(to, value, bytes));
    return pinned ? answer(wait_for(stream)) : hipSuccess;
}

hipError_t hipMemsetAsync(void* to, int value, size_t bytes, hipStream_t stream)
{
    if(configured().devices == 0)
        return answer(hipErrorNoDevice);
    const auto s = find_stream(stream, current_device());
    if(!s)
        return answer(hipErrorInvalidHandle);
    if(bytes == 0)
        return hipSuccess;
    bool             pinned  = false;
    const hipError_t checked = check_fill(to, bytes, pinned);
    if(checked != hipSuccess)
        return answer(checked);
    enqueue(s, std::make_unique<fill_operation>(to, value, bytes));
    return hipSuccess;
}

} // extern "C"
