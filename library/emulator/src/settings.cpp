#include "settings.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace rocdist_emulator
{
namespace
{

[[noreturn]] void refuse(const char* name, const char* value, const char* expected)
{
    std::fprintf(stderr, "rocdist emulator: %s='%s', expected %s\n", name, value, expected);
    std::abort();
}

// The variable as an unsigned integer in [low, high], or `fallback` when unset.
std::uint64_t read(const char* name, std::uint64_t fallback, std::uint64_t low, std::uint64_t high,
                   const char* expected)
{
    const char* text = std::getenv(name);
    if(text == nullptr || *text == '\0')
        return fallback;
    char* end = nullptr;
    errno     = 0;
    const unsigned long long v = std::strtoull(text, &end, 10);
    if(errno != 0 || *end != '\0' || text[0] == '-' || v < low || v > high)
        refuse(name, text, expected);
    return v;
}

settings read_all()
{
    settings s;
    s.warp_size = static_cast<unsigned>(read("ROCDIST_EMULATED_WARP_SIZE", 32, 32, 64, "32 or 64"));
    if(s.warp_size != 32 && s.warp_size != 64)
        refuse("ROCDIST_EMULATED_WARP_SIZE", std::getenv("ROCDIST_EMULATED_WARP_SIZE"), "32 or 64");
    s.multiprocessors = static_cast<int>(
        read("ROCDIST_EMULATED_MULTIPROCESSORS", 4, 1, 1024, "a multiprocessor count from 1 to 1024"));
    s.devices         = static_cast<int>(read("ROCDIST_EMULATED_DEVICES", 2, 0, 16, "a device count from 0 to 16"));
    s.memory_bytes    = static_cast<std::size_t>(read("ROCDIST_EMULATED_MEMORY_BYTES", s.memory_bytes, 0,
                                                      std::uint64_t(1) << 46, "bytes per device, up to 2^46"));
    s.fail_allocation = read("ROCDIST_EMULATED_FAIL_ALLOCATION", 0, 0, ~std::uint64_t(0), "a count");
    s.fail_launch     = read("ROCDIST_EMULATED_FAIL_LAUNCH", 0, 0, ~std::uint64_t(0), "a count");
    s.deferred        = read("ROCDIST_EMULATED_DEFERRED", 0, 0, 1, "0 or 1") == 1;
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    s.workers = static_cast<unsigned>(read("ROCDIST_EMULATED_WORKERS", cores, 1, 256, "a thread count from 1 to 256"));
    return s;
}

} // namespace

const settings& configured()
{
    static const settings s = read_all();
    return s;
}

} // namespace rocdist_emulator
