// The fuzzer's bytes read as call arguments. Past the end every read is 0,
// so any input is a complete program. Values are drawn to be hostile: the
// edges of each type, NaN, infinities and denormals come up far more often
// than uniform bytes would give them.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace rocdist_fuzz
{

class fuzz_input
{
public:
    fuzz_input(const std::uint8_t* data, std::size_t size) : data_(data), left_(size) {}

    bool empty() const { return left_ == 0; }

    std::uint8_t byte()
    {
        if(left_ == 0)
            return 0;
        --left_;
        return *data_++;
    }

    template <class T>
    T bits()
    {
        T value{};
        unsigned char raw[sizeof(T)] = {};
        for(auto& b : raw)
            b = byte();
        std::memcpy(&value, raw, sizeof(T));
        return value;
    }

    // A 64-bit count or position, often at an edge of 0 or 2^64.
    std::uint64_t position()
    {
        const std::uint8_t kind = byte() % 4;
        const auto         low  = static_cast<std::uint64_t>(bits<std::uint16_t>());
        switch(kind)
        {
        case 0: return low;
        case 1: return ~std::uint64_t(0) - low;
        case 2: return std::uint64_t(1) << (low % 64);
        default: return bits<std::uint64_t>();
        }
    }

    // A distribution parameter. Reading one is what entitles a call to
    // answer ROCDIST_STATUS_INVALID_VALUE (see fuzz_c_api.cpp).
    template <class T>
    T real()
    {
        ++parameters_read_;
        using limits = std::numeric_limits<T>;
        switch(byte() % 12)
        {
        case 0: return limits::quiet_NaN();
        case 1: return limits::infinity();
        case 2: return -limits::infinity();
        case 3: return T(0);
        case 4: return -T(0);
        case 5: return limits::denorm_min();
        case 6: return limits::max();
        case 7: return limits::lowest();
        case 8: return limits::epsilon();
        case 9: return -T(bits<std::uint8_t>()) / T(8);
        case 10: return T(bits<std::uint16_t>()) / T(256);
        default: return bits<T>();
        }
    }

    // An enumerated argument, 0 to count - 1, where some values name nothing
    // (an unknown type). Counted as a parameter: an unknown one entitles a
    // call to answer ROCDIST_STATUS_INVALID_VALUE even when it reads no
    // value at all (zero rows).
    int enumerator(int count)
    {
        ++parameters_read_;
        return byte() % count;
    }

    // Where a call reads an input array of values: mostly the values, at
    // times NULL or one byte past their start. Passing such a pointer is
    // what entitles a call to answer ROCDIST_STATUS_INVALID_POINTER with a
    // valid output.
    template <class T>
    const T* array_address(const std::vector<T>& values)
    {
        switch(byte() % 8)
        {
        case 0: ++bad_arrays_passed_; return nullptr;
        case 1:
            if(values.empty())
                return values.data();
            ++bad_arrays_passed_;
            return reinterpret_cast<const T*>(reinterpret_cast<const unsigned char*>(values.data()) + 1);
        default: return values.data();
        }
    }

    int parameters_read() const { return parameters_read_; }
    int bad_arrays_passed() const { return bad_arrays_passed_; }
    // Called before each call: what it reads is counted from there.
    void start_call()
    {
        parameters_read_   = 0;
        bad_arrays_passed_ = 0;
    }

private:
    const std::uint8_t* data_;
    std::size_t         left_;
    int                 parameters_read_   = 0;
    int                 bad_arrays_passed_ = 0;
};

} // namespace rocdist_fuzz
