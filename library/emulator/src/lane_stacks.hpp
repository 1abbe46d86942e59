// Stacks for lane fibers, kept by the thread that runs blocks and reused
// from block to block: a block whose lanes never meet at a collective runs
// them one after another on the same stack.
#pragma once

#include <cstddef>
#include <vector>

namespace rocdist_emulator
{

struct lane_stack
{
    void*       bottom; // lowest usable address
    std::size_t size;
    unsigned    valgrind_id;
    // AddressSanitizer's fake stack (detect_stack_use_after_return), kept
    // with the stack from lane to lane: a fresh one per lane is a mapping
    // of megabytes, which made sanitized GPU tests 50 times slower.
    void* fake_stack;
};

class lane_stacks
{
public:
    // Room for deep device-function chains and sanitizer frames; only the
    // pages a lane touches take memory.
    static constexpr std::size_t stack_bytes = std::size_t(256) << 10;

    explicit lane_stacks(std::size_t most); // at most `most` in use at once
    ~lane_stacks();
    lane_stacks(const lane_stacks&)            = delete;
    lane_stacks& operator=(const lane_stacks&) = delete;

    // A stack with an inaccessible guard page below it (overflow faults);
    // throws std::bad_alloc when the system has no more.
    lane_stack take();
    void       give_back(const lane_stack& stack);

private:
    std::vector<lane_stack> free_;
    std::vector<lane_stack> all_;
};

} // namespace rocdist_emulator
