// An output buffer of host memory with canaries on both sides. Under
// AddressSanitizer the canaries are also poisoned, so a write into them stops
// the fuzzer at the writing instruction; without it they are compared after
// the call. Every byte of the buffer starts as a sentinel chosen by the
// caller, so that two runs with different sentinels show whether every
// output element was written (fuzz_c_api.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#include <sanitizer/asan_interface.h>
#define ROCDIST_FUZZ_POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define ROCDIST_FUZZ_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#endif
#endif
#ifndef ROCDIST_FUZZ_POISON
#define ROCDIST_FUZZ_POISON(p, n) ((void)(p), (void)(n))
#define ROCDIST_FUZZ_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

namespace rocdist_fuzz
{

class guarded_output
{
public:
    // 64 bytes: wider than any vector store the host backend makes.
    static constexpr std::size_t canary_bytes = 64;

    // bytes of output starting misalign bytes past a 64-byte boundary.
    guarded_output(std::size_t bytes, std::size_t misalign, unsigned char sentinel)
        : bytes_(bytes), lead_(canary_bytes + misalign), memory_(lead_ + bytes + canary_bytes + 64, sentinel)
    {
        // Start the canary on a 64-byte boundary so misalign is exact.
        const auto address = reinterpret_cast<std::uintptr_t>(memory_.data());
        shift_             = (64 - address % 64) % 64;
        ROCDIST_FUZZ_POISON(memory_.data(), shift_ + lead_);
        ROCDIST_FUZZ_POISON(output() + bytes_, memory_.size() - shift_ - lead_ - bytes_);
    }
    ~guarded_output() { ROCDIST_FUZZ_UNPOISON(memory_.data(), memory_.size()); }
    guarded_output(const guarded_output&) = delete;
    guarded_output& operator=(const guarded_output&) = delete;

    unsigned char* output() { return memory_.data() + shift_ + lead_; }
    const unsigned char* output() const { return memory_.data() + shift_ + lead_; }

    // True when no byte outside the output differs from the sentinel.
    bool canaries_intact(unsigned char sentinel)
    {
        ROCDIST_FUZZ_UNPOISON(memory_.data(), memory_.size());
        bool intact = true;
        for(std::size_t i = 0; i < memory_.size(); ++i)
        {
            const bool inside = i >= shift_ + lead_ && i < shift_ + lead_ + bytes_;
            intact = intact && (inside || memory_[i] == sentinel);
        }
        return intact;
    }

    // True when no byte of the output differs from the sentinel.
    bool output_untouched(unsigned char sentinel) const
    {
        for(std::size_t i = 0; i < bytes_; ++i)
            if(output()[i] != sentinel)
                return false;
        return true;
    }

private:
    std::size_t                bytes_, lead_, shift_ = 0;
    std::vector<unsigned char> memory_;
};

} // namespace rocdist_fuzz
