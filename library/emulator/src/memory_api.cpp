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
#include <functional>
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

// A copy or fill: a host function run on the stream's worker.
class memory_operation final : public operation
{
public:
    memory_operation(std::function<void()> body, const char* name) : body_(std::move(body)), name_(name) {}
    hipError_t run() override
    {
        body_();
        return hipSuccess;
    }
    const char* what() const override { return name_; }

private:
    std::function<void()> body_;
    const char*           name_;
};

// A staged copy reads its own copy of the source, taken now.
std::unique_ptr<operation> copy_operation(void* to, const void* from, std::size_t bytes, bool stage)
{
    if(!stage)
        return std::make_unique<memory_operation>([=] { std::memmove(to, from, bytes); }, "a copy (hipMemcpy)");
    auto staged = std::make_shared<std::vector<unsigned char>>(static_cast<const unsigned char*>(from),
                                                               static_cast<const unsigned char*>(from) + bytes);
    return std::make_unique<memory_operation>([=] { std::memmove(to, staged->data(), bytes); }, "a copy (hipMemcpy)");
}

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

// The stream of a copy or fill, into s: the call's own (its Async form) or
// none, the NULL stream.
hipError_t stream_of_call(std::optional<hipStream_t> stream, std::shared_ptr<stream_state>& s)
{
    if(configured().devices == 0)
        return hipErrorNoDevice;
    s = find_stream(stream.value_or(nullptr), current_device());
    return s ? hipSuccess : hipErrorInvalidHandle;
}

// hipMemcpy (stream: none; the NULL stream, waiting as plan_copy says) and
// hipMemcpyAsync (waiting only for a host-to-host copy).
hipError_t copy(void* to, const void* from, std::size_t bytes, hipMemcpyKind kind, std::optional<hipStream_t> stream)
{
    std::shared_ptr<stream_state> s;
    if(const hipError_t found = stream_of_call(stream, s); found != hipSuccess || bytes == 0)
        return answer(found);
    copy_plan        plan{};
    const hipError_t checked = plan_copy(to, from, bytes, kind, plan);
    if(checked != hipSuccess)
        return answer(checked);
    enqueue(s, copy_operation(to, from, bytes, plan.stage));
    const bool host_waits = stream ? plan.host_only : plan.host_waits;
    return host_waits ? answer(wait_for(s)) : hipSuccess;
}

// hipMemset (stream: none; the NULL stream, waiting for pinned memory) and
// hipMemsetAsync (never waiting).
hipError_t fill(void* to, int value, std::size_t bytes, std::optional<hipStream_t> stream)
{
    std::shared_ptr<stream_state> s;
    if(const hipError_t found = stream_of_call(stream, s); found != hipSuccess || bytes == 0)
        return answer(found);
    const auto a = find(to, bytes);
    if(to == nullptr || !a)
        return answer(hipErrorInvalidValue);
    enqueue(s, std::make_unique<memory_operation>([=] { std::memset(to, value, bytes); }, "a fill (hipMemset)"));
    const bool host_waits = !stream && a->kind == memory_kind::pinned;
    return host_waits ? answer(wait_for(s)) : hipSuccess;
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
    return copy(to, from, bytes, kind, std::nullopt);
}

hipError_t hipMemcpyAsync(void* to, const void* from, size_t bytes, hipMemcpyKind kind, hipStream_t stream)
{
    return copy(to, from, bytes, kind, stream);
}

hipError_t hipMemset(void* to, int value, size_t bytes)
{
    return fill(to, value, bytes, std::nullopt);
}

hipError_t hipMemsetAsync(void* to, int value, size_t bytes, hipStream_t stream)
{
    return fill(to, value, bytes, stream);
}

} // extern "C"
