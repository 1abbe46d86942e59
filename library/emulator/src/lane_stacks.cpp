#include "lane_stacks.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <new>

#include "sanitizer_hooks.hpp"

namespace rocdist_emulator
{

lane_stacks::lane_stacks(std::size_t most)
{
    free_.reserve(most);
    all_.reserve(most);
}

lane_stacks::~lane_stacks()
{
    const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    for(const lane_stack& s : all_)
    {
        sanitizer::deregister_stack(s.valgrind_id);
        munmap(static_cast<char*>(s.bottom) - page, s.size + page);
    }
}

lane_stack lane_stacks::take()
{
    if(!free_.empty())
    {
        const lane_stack s = free_.back();
        free_.pop_back();
        return s;
    }
    const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    void*      base = mmap(nullptr, stack_bytes + page, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if(base == MAP_FAILED)
        throw std::bad_alloc();
    if(mprotect(base, page, PROT_NONE) != 0)
    {
        munmap(base, stack_bytes + page);
        throw std::bad_alloc();
    }
    char* bottom = static_cast<char*>(base) + page;
    const lane_stack s{bottom, stack_bytes, sanitizer::register_stack(bottom, bottom + stack_bytes), nullptr};
    all_.push_back(s);
    return s;
}

void lane_stacks::give_back(const lane_stack& stack)
{
    // ThreadSanitizer takes the next lane's frames on a reused stack for
    // writes racing with the last lane's: mapping the stack afresh resets
    // what it knows of that memory (its mmap interceptor does).
    if(sanitizer::tracks_threads)
        (void)mmap(stack.bottom, stack.size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK | MAP_FIXED, -1, 0);
    free_.push_back(stack);
}

} // namespace rocdist_emulator
