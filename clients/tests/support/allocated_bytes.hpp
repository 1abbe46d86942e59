// Bytes the process holds from malloc/new right now: the sanitizer
// allocator's count under AddressSanitizer or ThreadSanitizer (which replace
// malloc), glibc's otherwise. A difference between two readings around a
// loop is what the loop leaked, including objects still reachable (a handle
// registry that never forgets), which LeakSanitizer cannot see.
#pragma once

#include <cstddef>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define ROCDIST_TEST_SANITIZER_ALLOCATOR 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define ROCDIST_TEST_SANITIZER_ALLOCATOR 1
#endif

#if defined(ROCDIST_TEST_SANITIZER_ALLOCATOR)
// Declared here: GCC does not ship clang's sanitizer/allocator_interface.h,
// but both compilers' runtimes export this.
extern "C" std::size_t __sanitizer_get_current_allocated_bytes();
#else
#include <malloc.h>
#endif

namespace rocdist_test
{

inline std::size_t allocated_bytes()
{
#if defined(ROCDIST_TEST_SANITIZER_ALLOCATOR)
    return __sanitizer_get_current_allocated_bytes();
#else
    const struct mallinfo2 info = mallinfo2(); // glibc 2.33 and newer
    return info.uordblks + info.hblkhd;
#endif
}

} // namespace rocdist_test
