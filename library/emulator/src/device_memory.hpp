// Memory of the emulated devices, and pinned host memory. Each allocation
// is a mapping of its own, ending flush against an inaccessible guard page,
// and freed memory stays mapped inaccessible for a while (a quarantine): a
// kernel or copy that runs past an allocation or touches freed memory
// faults at once, in every build, instead of corrupting the host's heap.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include <hip/hip_runtime_api.h>

namespace rocdist_emulator
{

enum class memory_kind
{
    device,  // hipMalloc: the device's own memory
    managed, // hipMallocManaged: device memory the host may also touch
    pinned   // hipHostMalloc: host memory mapped into every device
};

struct allocation
{
    std::uintptr_t begin;
    std::size_t    bytes;
    memory_kind    kind;
    int            device; // the device it belongs to (pinned: current at allocation)
};

// A new allocation, or hipErrorOutOfMemory when the device's share of
// ROCDIST_EMULATED_MEMORY_BYTES (device and managed memory) would be exceeded.
hipError_t allocate(memory_kind kind, int device, std::size_t bytes, void** pointer);

// Frees an allocation by the pointer allocate returned; hipErrorInvalidValue
// for any other pointer, or one of the wrong kind (pinned memory through
// hipFree, device memory through hipHostFree).
hipError_t release(void* pointer, bool pinned);

// The allocation containing [p, p + bytes), if one does (bytes 0: p itself).
std::optional<allocation> find(const void* p, std::size_t bytes = 0);

// Device and managed bytes allocated on `device`.
std::size_t allocated_on(int device);

// What the calling thread is running, for fault reports ("kernel k", "a
// copy"); streams.cpp keeps it, block workers set it while they help.
const char* running_operation();
void        set_running_operation(const char* what);

} // namespace rocdist_emulator
