// Kernel launches: checked and queued on the host like <<<>>>, run by the
// stream's worker over the grid, a fault reported at the next
// synchronisation with the stream (and on stderr). Unlike on a GPU, a
// faulted launch does not poison later work: the next launch runs normally.
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>

#include "block_workers.hpp"
#include "current_device.hpp"
#include "fault_injection.hpp"
#include "last_error.hpp"
#include "settings.hpp"
#include "streams.hpp"

namespace rocdist_emulator
{
namespace
{

struct fault_record
{
    std::mutex  mutex;
    std::string last;
};

fault_record& faults()
{
    static fault_record* f = new fault_record; // read by workers during exit
    return *f;
}

class kernel_operation final : public operation
{
public:
    kernel_operation(const char* name, dim3 grid, dim3 block, std::unique_ptr<kernel_body> body)
        : body_(std::move(body)), what_(std::string("kernel ") + name),
          launch_{name, what_.c_str(), grid, block, configured().warp_size, body_.get()}
    {
    }
    const char* what() const override { return what_.c_str(); }
    hipError_t run() override
    {
        const std::string fault = run_grid(launch_);
        if(fault.empty())
            return hipSuccess;
        std::fprintf(stderr, "rocdist emulator: %s\n", fault.c_str());
        fault_record&               f = faults();
        std::lock_guard<std::mutex> lock(f.mutex);
        f.last = fault;
        return hipErrorLaunchFailure;
    }

private:
    std::unique_ptr<kernel_body> body_;
    std::string                  what_;
    grid_launch                  launch_;
};

bool valid_shape(dim3 grid, dim3 block)
{
    const unsigned long long threads = 1ull * block.x * block.y * block.z;
    return grid.x >= 1 && grid.y >= 1 && grid.z >= 1 && grid.x <= 0x7FFFFFFFu && grid.y <= 65535 && grid.z <= 65535
           && block.x >= 1 && block.y >= 1 && block.z >= 1 && block.z <= 64 && threads <= 1024;
}

} // namespace

void submit_kernel(const char* name, dim3 grid, dim3 block, std::size_t shared_bytes, hipStream_t stream,
                   std::unique_ptr<kernel_body> body)
{
    if(inside_kernel())
    {
        answer(hipErrorNotSupported); // no dynamic parallelism
        return;
    }
    if(configured().devices == 0)
    {
        answer(hipErrorNoDevice);
        return;
    }
    if(!valid_shape(grid, block))
    {
        answer(hipErrorInvalidConfiguration);
        return;
    }
    if(shared_bytes != 0)
    {
        answer(hipErrorNotSupported); // dynamic shared memory is not emulated
        return;
    }
    // As CUDA: the stream must belong to the current device.
    const auto s = find_stream(stream, current_device());
    if(!s || device_of(*s) != current_device())
    {
        answer(hipErrorInvalidHandle);
        return;
    }
    const hipError_t injected = count_event(rocdist_emulator_launch);
    if(injected != hipSuccess)
    {
        answer(injected);
        return;
    }
    // A thread that waits for its launch may run it itself (streams.cpp):
    // its block runner is made with its first launch, not whenever that
    // first happens (leak checks compare the heap across launches).
    (void)block_runner::here();
    enqueue(s, std::make_unique<kernel_operation>(name, grid, block, std::move(body)));
}

} // namespace rocdist_emulator

extern "C" {

void rocdist_emulator_set_deferred(int deferred)
{
    rocdist_emulator::set_deferred(deferred != 0);
}

const char* rocdist_emulator_last_fault(void)
{
    thread_local std::string copy;
    auto&                       f = rocdist_emulator::faults();
    std::lock_guard<std::mutex> lock(f.mutex);
    copy = f.last;
    return copy.c_str();
}

} // extern "C"
