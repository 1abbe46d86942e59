// libFuzzer harness: the input is a program of C API calls with arbitrary
// arguments on host generators (handles live, destroyed, NULL or invented;
// seeds, offsets and counts at the edges of 2^64; misaligned and NULL
// outputs; NaN, infinite, zero and denormal parameters). It checks, and
// aborts with the reason when one fails:
// - every call returns a status its documentation lists, and exactly
//   INVALID_HANDLE when (and only when) the handle is not live;
//   INVALID_POINTER only for a NULL or misaligned output or input array;
// - a refused call writes nothing and leaves the position where it was;
// - a successful call writes all n elements and nothing outside them: the
//   call is repeated from the same position into a buffer with a different
//   sentinel and both outputs must be equal byte for byte (an element left
//   unwritten would keep two different sentinels), while canaries around
//   each buffer (poisoned under AddressSanitizer) must stay intact.
// The harness keeps a model of every live generator's position to do so.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <vector>

#include "c_enum_calls.h"
#include "fuzz_generate_entries.hpp"
#include "fuzz_input.hpp"
#include "guarded_output.hpp"
#include "rocdist/rocdist.h"

namespace rocdist_fuzz
{
namespace
{

#define FUZZ_CHECK(condition, ...)                                                     \
    do                                                                                 \
    {                                                                                  \
        if(!(condition))                                                               \
        {                                                                              \
            std::fprintf(stderr, "rocdist fuzz check failed: %s\n  ", #condition);     \
            std::fprintf(stderr, __VA_ARGS__);                                         \
            std::fprintf(stderr, "\n");                                                \
            std::abort();                                                              \
        }                                                                              \
    } while(0)

// Outputs up to this many elements are backed by memory; larger counts are
// passed only where the call must refuse them before writing (up to
// large_limit, fuzz_generate_entries.hpp).
constexpr std::size_t small_limit = 4096;

constexpr unsigned char first_sentinel  = 0xA5;
constexpr unsigned char second_sentinel = 0x5A;

using handle_value = std::uintptr_t;

struct generator_model
{
    unsigned long long offset = 0;
};

class fuzz_session
{
public:
    explicit fuzz_session(fuzz_input in) : in_(in) {}

    ~fuzz_session()
    {
        for(const auto& [value, model] : live_)
            FUZZ_CHECK(rocdist_destroy_generator(as_handle(value)) == ROCDIST_STATUS_SUCCESS,
                       "destroying a live generator at the end");
    }

    void run()
    {
        while(!in_.empty())
            step();
    }

private:
    static rocdist_generator as_handle(handle_value v) { return reinterpret_cast<rocdist_generator>(v); }
    static handle_value      value_of(rocdist_generator g) { return reinterpret_cast<handle_value>(g); }

    // NULL, an invented value, or a handle created in this input (live or not).
    rocdist_generator pick_handle()
    {
        const std::uint8_t kind = in_.byte();
        if(kind == 0 || ever_.empty())
            return nullptr;
        if(kind == 1)
            return as_handle(in_.bits<handle_value>());
        return ever_[in_.byte() % ever_.size()];
    }

    generator_model* model_of(rocdist_generator g)
    {
        const auto it = live_.find(value_of(g));
        return it == live_.end() ? nullptr : &it->second;
    }

    // An enum argument as a C caller may pass it: mostly valid, sometimes not.
    int enum_argument(int valid_count)
    {
        const std::uint8_t kind = in_.byte();
        return kind < 200 ? kind % valid_count : static_cast<int>(in_.bits<std::int32_t>());
    }

    void expect_handle_status(rocdist_status s, const generator_model* model, const char* call)
    {
        FUZZ_CHECK((s == ROCDIST_STATUS_INVALID_HANDLE) == (model == nullptr),
                   "%s returned %d for a handle that is %s", call, s, model ? "live" : "not live");
    }

    void step()
    {
        constexpr int fixed_calls = 10;
        const int     call        = in_.byte() % (fixed_calls + static_cast<int>(std::size(generate_entries)));
        switch(call)
        {
        case 0: create_host(); break;
        case 1: create_gpu(); break;
        case 2: destroy(); break;
        case 3: set_seed(); break;
        case 4: set_offset(); break;
        case 5: set_stream(); break;
        case 6: set_ordering(); break;
        case 7: set_normal_method(); break;
        case 8: status_string(); break;
        case 9: version(); break;
        default: generate(generate_entries[call - fixed_calls]); break;
        }
    }

    void create_host()
    {
        const bool        null_out = in_.byte() % 8 == 0;
        const auto        type     = enum_argument(1);
        rocdist_generator g        = nullptr;
        const rocdist_status s = fuzz_create_generator_host(null_out ? nullptr : &g, type);
        if(null_out)
            FUZZ_CHECK(s == ROCDIST_STATUS_INVALID_POINTER, "create_host(NULL) returned %d", s);
        else if(type != ROCDIST_RNG_PHILOX4X32_10)
            FUZZ_CHECK(s == ROCDIST_STATUS_TYPE_ERROR && g == nullptr, "create_host(engine %d) returned %d",
                       type, s);
        else
            FUZZ_CHECK(s == ROCDIST_STATUS_SUCCESS || s == ROCDIST_STATUS_ALLOCATION_FAILED,
                       "create_host returned %d", s);
        if(s != ROCDIST_STATUS_SUCCESS)
            return;
        FUZZ_CHECK(g != nullptr && model_of(g) == nullptr, "create_host returned a handle already live");
        for(rocdist_generator old : ever_)
            FUZZ_CHECK(old != g, "create_host reused a destroyed generator's handle");
        live_[value_of(g)] = generator_model{};
        ever_.push_back(g);
    }

    // This build has no GPU backend: NO_DEVICE once the arguments pass.
    void create_gpu()
    {
        const bool        null_out = in_.byte() % 4 == 0;
        const auto        type     = enum_argument(1);
        rocdist_generator g        = nullptr;
        const rocdist_status s = fuzz_create_generator(null_out ? nullptr : &g, type);
        if(null_out)
            FUZZ_CHECK(s == ROCDIST_STATUS_INVALID_POINTER, "create_generator(NULL) returned %d", s);
        else if(type != ROCDIST_RNG_PHILOX4X32_10)
            FUZZ_CHECK(s == ROCDIST_STATUS_TYPE_ERROR, "create_generator(engine %d) returned %d",
                       type, s);
        else
            FUZZ_CHECK(s == ROCDIST_STATUS_NO_DEVICE && g == nullptr, "create_generator returned %d", s);
    }

    void destroy()
    {
        const rocdist_generator g = pick_handle();
        const generator_model*  m = model_of(g);
        const rocdist_status    s = rocdist_destroy_generator(g);
        expect_handle_status(s, m, "destroy");
        FUZZ_CHECK(s == ROCDIST_STATUS_SUCCESS || s == ROCDIST_STATUS_INVALID_HANDLE, "destroy returned %d", s);
        if(m != nullptr)
            live_.erase(value_of(g));
    }

    void set_seed()
    {
        const rocdist_generator g = pick_handle();
        generator_model*        m = model_of(g);
        const rocdist_status    s = rocdist_set_seed(g, in_.bits<unsigned long long>());
        expect_handle_status(s, m, "set_seed");
        FUZZ_CHECK(s == ROCDIST_STATUS_SUCCESS || s == ROCDIST_STATUS_INVALID_HANDLE, "set_seed returned %d", s);
        if(m != nullptr)
            m->offset = 0;
    }

    void set_offset()
    {
        const rocdist_generator g      = pick_handle();
        generator_model*        m      = model_of(g);
        const std::uint64_t     offset = in_.position();
        const rocdist_status    s      = rocdist_set_offset(g, offset);
        expect_handle_status(s, m, "set_offset");
        FUZZ_CHECK(s == ROCDIST_STATUS_SUCCESS || s == ROCDIST_STATUS_INVALID_HANDLE, "set_offset returned %d", s);
        if(m != nullptr)
            m->offset = offset;
    }

    void set_stream()
    {
        const rocdist_generator g = pick_handle();
        const generator_model*  m = model_of(g);
        int                     not_a_stream = 0;
        const bool              non_null     = in_.byte() % 2 == 1;
        const rocdist_status    s = rocdist_set_stream(g, non_null ? &not_a_stream : nullptr);
        expect_handle_status(s, m, "set_stream");
        if(m != nullptr) // host generators take the NULL stream only
            FUZZ_CHECK(s == (non_null ? ROCDIST_STATUS_INVALID_VALUE : ROCDIST_STATUS_SUCCESS),
                       "set_stream returned %d", s);
    }

    void set_ordering()
    {
        const rocdist_generator g = pick_handle();
        const generator_model*  m = model_of(g);
        const auto              o = enum_argument(2);
        const rocdist_status    s = fuzz_set_ordering(g, o);
        expect_handle_status(s, m, "set_ordering");
        const bool valid = o == 0 || o == 1;
        if(m != nullptr)
            FUZZ_CHECK(s == (valid ? ROCDIST_STATUS_SUCCESS : ROCDIST_STATUS_TYPE_ERROR),
                       "set_ordering(%d) returned %d", o, s);
    }

    void set_normal_method()
    {
        const rocdist_generator g = pick_handle();
        const generator_model*  m = model_of(g);
        const auto              method = enum_argument(ROCDIST_NORMAL_BOX_MULLER_FAST + 1);
        const rocdist_status    s      = fuzz_set_normal_method(g, method);
        expect_handle_status(s, m, "set_normal_method");
        const bool valid = method >= 0 && method <= ROCDIST_NORMAL_BOX_MULLER_FAST;
        if(m != nullptr)
            FUZZ_CHECK(s == (valid ? ROCDIST_STATUS_SUCCESS : ROCDIST_STATUS_TYPE_ERROR),
                       "set_normal_method(%d) returned %d", method, s);
    }

    void status_string()
    {
        const char* text = fuzz_get_status_string(in_.bits<std::int32_t>());
        FUZZ_CHECK(text != nullptr && std::strlen(text) > 0, "get_status_string returned an empty string");
    }

    void version()
    {
        int        v        = -1;
        const bool null_out = in_.byte() % 2 == 0;
        const rocdist_status s = rocdist_get_version(null_out ? nullptr : &v);
        FUZZ_CHECK(s == (null_out ? ROCDIST_STATUS_INVALID_POINTER : ROCDIST_STATUS_SUCCESS),
                   "get_version returned %d", s);
        FUZZ_CHECK(null_out || v >= 0, "get_version wrote %d", v);
    }

    void generate(const generate_entry& entry)
    {
        const rocdist_generator g    = pick_handle();
        generator_model*        m    = model_of(g);
        const std::size_t       size = entry.element_size;

        const std::uint8_t pointer_kind = in_.byte() % 8;
        const std::uint8_t count_kind   = in_.byte() % 16;
        std::size_t        n            = 0;
        if(count_kind == 0)
            n = static_cast<std::size_t>(in_.position());
        else if(count_kind == 1)
            n = in_.bits<std::uint32_t>() % (large_limit + 1);
        else
            n = in_.bits<std::uint16_t>() % (small_limit + 1);
        // Kind 1: misaligned for the element type; kind 2: aligned, but not
        // to the backend's packets of elements.
        std::size_t misalign = 0;
        if(pointer_kind == 1)
            misalign = 1 + in_.byte() % (size - 1);
        else if(pointer_kind == 2)
            misalign = size * (1 + in_.byte() % 3);
        const bool misaligned = misalign % size != 0;

        // The positions the call moves through: elements, or rows of k
        // (row r holding stream elements r k .. r k + k - 1, the last below 2^64).
        const unsigned long long offset    = m ? m->offset : 0;
        const std::size_t        k         = entry.row_length != nullptr ? entry.row_length(n) : 1;
        const std::size_t        positions = n / k;
        constexpr auto           last      = std::numeric_limits<unsigned long long>::max();
        const bool               past_end  = n > 0
                                      && (positions - 1 > last - offset || offset + (positions - 1) > (last - (k - 1)) / k
                                          || n > std::numeric_limits<std::size_t>::max() / size);
        // Memory backs at most large_limit elements; a bigger count gets a
        // real pointer only where the call must refuse it before writing.
        const bool backed   = n <= large_limit;
        const bool null_out = pointer_kind == 0 || (!backed && m != nullptr && !past_end);
        const std::size_t capacity = backed ? n * size : 0;

        guarded_output first(capacity, misalign, first_sentinel);
        void* const    out = null_out ? nullptr : first.output();
        const fuzz_input parameters = in_;
        in_.start_call();
        const rocdist_status s = entry.call(g, out, n, in_);
        const bool read_parameters = in_.parameters_read() > 0;
        const bool bad_array       = in_.bad_arrays_passed() > 0;

        expect_handle_status(s, m, entry.name);
        FUZZ_CHECK(s == ROCDIST_STATUS_SUCCESS || s == ROCDIST_STATUS_INVALID_HANDLE
                       || s == ROCDIST_STATUS_INVALID_POINTER || s == ROCDIST_STATUS_OUT_OF_RANGE
                       || s == ROCDIST_STATUS_ALLOCATION_FAILED
                       || (s == ROCDIST_STATUS_INVALID_VALUE && read_parameters),
                   "%s returned %d, which it does not document", entry.name, s);
        FUZZ_CHECK(s != ROCDIST_STATUS_INVALID_POINTER || (n > 0 && (null_out || misaligned || bad_array)),
                   "%s returned INVALID_POINTER for %zu elements at valid pointers", entry.name, n);
        FUZZ_CHECK(s != ROCDIST_STATUS_OUT_OF_RANGE || past_end,
                   "%s returned OUT_OF_RANGE for %zu elements at offset %llu", entry.name, n, offset);
        FUZZ_CHECK(s != ROCDIST_STATUS_SUCCESS || n == 0 || (!null_out && !misaligned && !past_end && !bad_array),
                   "%s succeeded for %zu elements at offset %llu, pointer %s, %zu bytes past alignment%s",
                   entry.name, n, offset, null_out ? "NULL" : "valid", misalign,
                   bad_array ? ", an input array NULL or misaligned" : "");
        FUZZ_CHECK(first.canaries_intact(first_sentinel), "%s wrote outside its %zu elements", entry.name, n);
        if(s != ROCDIST_STATUS_SUCCESS)
        {
            FUZZ_CHECK(first.output_untouched(first_sentinel), "%s failed with %d but wrote", entry.name, s);
            return;
        }
        if(n > 0)
            repeat_and_compare(entry, g, n, offset, parameters, first);
        m->offset = offset + positions; // the stream's position wraps after its last element
    }

    // The same call from the same position into a buffer with the other
    // sentinel (and packet-aligned, where the first may not have been):
    // equal outputs mean every element was written.
    void repeat_and_compare(const generate_entry& entry, rocdist_generator g, std::size_t n,
                            unsigned long long offset, fuzz_input parameters, const guarded_output& first)
    {
        FUZZ_CHECK(rocdist_set_offset(g, offset) == ROCDIST_STATUS_SUCCESS, "set_offset on a live handle");
        guarded_output second(n * entry.element_size, 0, second_sentinel);
        const rocdist_status s = entry.call(g, second.output(), n, parameters);
        FUZZ_CHECK(s == ROCDIST_STATUS_SUCCESS, "%s failed with %d when repeated", entry.name, s);
        FUZZ_CHECK(second.canaries_intact(second_sentinel), "%s wrote outside its %zu elements", entry.name, n);
        FUZZ_CHECK(std::memcmp(first.output(), second.output(), n * entry.element_size) == 0,
                   "%s of %zu elements at offset %llu: an element was left unwritten, or the output "
                   "depends on more than the position",
                   entry.name, n, offset);
    }

    fuzz_input                                  in_;
    std::map<handle_value, generator_model>     live_;
    std::vector<rocdist_generator>              ever_;
};

} // namespace
} // namespace rocdist_fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    rocdist_fuzz::fuzz_session session(rocdist_fuzz::fuzz_input(data, size));
    session.run();
    return 0;
}
