// Streams of the emulated devices: each an ordered queue of operations run
// by a worker thread of its own, so launches and asynchronous copies really
// are asynchronous. The NULL stream is each device's legacy default stream:
// its work waits for all earlier work of the device's blocking streams, and
// theirs for its earlier work; streams created non-blocking are ordered with
// neither. In deferred mode (rocdist_emulator_set_deferred) work runs only
// once a host call waits for it, so a missing synchronisation always shows.
#pragma once

#include <memory>

#include <hip/hip_runtime_api.h>

namespace rocdist_emulator
{

// Work queued on a stream; run() executes it on the stream's worker and
// returns an asynchronous error (a faulted kernel) or hipSuccess.
class operation
{
public:
    virtual ~operation()             = default;
    virtual hipError_t  run()        = 0;
    virtual const char* what() const = 0; // "kernel k", "copy", "fill", for fault reports
};

struct stream_state;

// The stream a handle names (NULL: `device`'s legacy default stream), or
// nullptr for a handle that was never created or is destroyed.
std::shared_ptr<stream_state> find_stream(hipStream_t handle, int device);

int      device_of(const stream_state& stream);
unsigned flags_of(const stream_state& stream);

hipError_t create_stream(int device, unsigned flags, hipStream_t* handle);
// As cudaStreamDestroy: returns at once; queued work still runs.
hipError_t destroy_stream(hipStream_t handle);

void enqueue(const std::shared_ptr<stream_state>& stream, std::unique_ptr<operation> work);

// Waits until everything queued on the stream so far has run; returns the
// first asynchronous error since the last wait or query (and clears it).
hipError_t wait_for(const std::shared_ptr<stream_state>& stream);
// hipSuccess (or that pending error) when the stream is idle, else hipErrorNotReady.
hipError_t query(const std::shared_ptr<stream_state>& stream);
// wait_for on every stream of the device, destroyed ones still running included.
hipError_t wait_for_device(int device);

void set_deferred(bool deferred);

} // namespace rocdist_emulator
