// What AddressSanitizer, ThreadSanitizer and valgrind need to be told about
// lane fibers; each call is empty in a build without that tool.
//
// AddressSanitizer: every switch is announced (start_switch before, with the
// target's stack; finish_switch after, on the target), or it takes a lane's
// stack for a buffer overflow of the thread's; each lane stack keeps its
// fake stack (detect_stack_use_after_return) for the lanes that reuse it.
// ThreadSanitizer: each lane is a fiber of its own, and switches do not
// synchronise (no_sync): lanes of a block are ordered only where the GPU
// orders them, at block start, ballots, shuffles, barriers and block end
// (release/acquire on those points), so races between lanes are reported.
// valgrind: lane stacks are registered, or it reports every access to them.
#pragma once

#include <cstddef>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ROCDIST_EMULATOR_ASAN 1
#endif
#if __has_feature(thread_sanitizer)
#define ROCDIST_EMULATOR_TSAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define ROCDIST_EMULATOR_ASAN 1
#endif
#if defined(__SANITIZE_THREAD__)
#define ROCDIST_EMULATOR_TSAN 1
#endif

#if defined(ROCDIST_EMULATOR_ASAN)
#include <sanitizer/common_interface_defs.h>
#define ROCDIST_EMULATOR_NO_ASAN __attribute__((no_sanitize_address))
#else
#define ROCDIST_EMULATOR_NO_ASAN
#endif
#if defined(ROCDIST_EMULATOR_TSAN)
#include <sanitizer/tsan_interface.h>
#endif
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define ROCDIST_EMULATOR_VALGRIND 1
#endif

// Always inlined: as a function of its own, switch_to_fiber would enter on
// one fiber and return on the other, unbalancing both fibers' shadow call
// stacks in ThreadSanitizer (which crashed it after a dozen lanes).
#define ROCDIST_EMULATOR_HOOK __attribute__((always_inline)) inline

namespace rocdist_emulator::sanitizer
{

#if defined(ROCDIST_EMULATOR_TSAN)
constexpr bool tracks_threads = true;
#else
constexpr bool tracks_threads = false;
#endif

ROCDIST_EMULATOR_HOOK void start_switch(void** fake_stack_save, const void* bottom, std::size_t size)
{
#if defined(ROCDIST_EMULATOR_ASAN)
    __sanitizer_start_switch_fiber(fake_stack_save, bottom, size);
#else
    (void)fake_stack_save, (void)bottom, (void)size;
#endif
}

ROCDIST_EMULATOR_HOOK void finish_switch(void* fake_stack_save, const void** old_bottom, std::size_t* old_size)
{
#if defined(ROCDIST_EMULATOR_ASAN)
    __sanitizer_finish_switch_fiber(fake_stack_save, old_bottom, old_size);
#else
    (void)fake_stack_save, (void)old_bottom, (void)old_size;
#endif
}

ROCDIST_EMULATOR_HOOK void* current_fiber()
{
#if defined(ROCDIST_EMULATOR_TSAN)
    return __tsan_get_current_fiber();
#else
    return nullptr;
#endif
}

ROCDIST_EMULATOR_HOOK void* create_fiber()
{
#if defined(ROCDIST_EMULATOR_TSAN)
    return __tsan_create_fiber(0);
#else
    return nullptr;
#endif
}

ROCDIST_EMULATOR_HOOK void destroy_fiber(void* fiber)
{
#if defined(ROCDIST_EMULATOR_TSAN)
    __tsan_destroy_fiber(fiber);
#else
    (void)fiber;
#endif
}

ROCDIST_EMULATOR_HOOK void switch_to_fiber(void* fiber)
{
#if defined(ROCDIST_EMULATOR_TSAN)
    __tsan_switch_to_fiber(fiber, __tsan_switch_to_fiber_no_sync);
#else
    (void)fiber;
#endif
}

ROCDIST_EMULATOR_HOOK void release(void* point)
{
#if defined(ROCDIST_EMULATOR_TSAN)
    __tsan_release(point);
#else
    (void)point;
#endif
}

ROCDIST_EMULATOR_HOOK void acquire(void* point)
{
#if defined(ROCDIST_EMULATOR_TSAN)
    __tsan_acquire(point);
#else
    (void)point;
#endif
}

ROCDIST_EMULATOR_HOOK unsigned register_stack(void* low, void* high)
{
#if defined(ROCDIST_EMULATOR_VALGRIND)
    return VALGRIND_STACK_REGISTER(low, high);
#else
    (void)low, (void)high;
    return 0;
#endif
}

ROCDIST_EMULATOR_HOOK void deregister_stack(unsigned id)
{
#if defined(ROCDIST_EMULATOR_VALGRIND)
    VALGRIND_STACK_DEREGISTER(id);
#else
    (void)id;
#endif
}

} // namespace rocdist_emulator::sanitizer
