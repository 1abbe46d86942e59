#include "categorical_table.hpp"

#include <cstdlib>
#include <new>

#include "build_config.hpp"

#ifdef __linux__
#include <sys/mman.h>
#endif

#if ROCDIST_HAS_GPU_BACKEND
#include "backend/gpu/gpu_backend.hpp"
#endif

namespace rocdist
{

namespace
{

// Host tables of 2 MiB and more go on transparent huge pages where Linux
// offers them on request (THP "madvise" mode, Debian's default): construction
// first touches the table, and one fault per 2 MiB instead of per 4 KiB took
// the build of k = 10^7 from about 17 to 14 ns per weight on one core
// (docs/categorical.md); random lookups in large tables miss the TLB less.
distributions::alias_entry* allocate_host_entries(std::uint32_t k)
{
    constexpr std::size_t huge_page = std::size_t(1) << 21;
    const std::size_t     bytes     = std::size_t(k) * sizeof(distributions::alias_entry);
    const bool            huge      = bytes >= huge_page;
    const std::size_t     size      = huge ? (bytes + huge_page - 1) / huge_page * huge_page : bytes;
    void*                 p         = huge ? std::aligned_alloc(huge_page, size) : std::malloc(size);
    if(p == nullptr)
        throw std::bad_alloc();
#ifdef __linux__
    if(huge)
        (void)madvise(p, size, MADV_HUGEPAGE); // advice: where refused, 4 KiB pages serve
#endif
    return static_cast<distributions::alias_entry*>(p);
}

} // namespace

void categorical_table::free_entries::operator()(distributions::alias_entry* p) const
{
    std::free(p);
}

categorical_table::categorical_table(std::uint32_t k)
    : kind_(backend_kind::host), k_(k), host_entries_(allocate_host_entries(k)), entries_(host_entries_.get())
{
}

categorical_table::categorical_table(std::uint32_t k, int ordinal, distributions::alias_entry* device_entries)
    : kind_(backend_kind::gpu), k_(k), ordinal_(ordinal), entries_(device_entries)
{
}

categorical_table::~categorical_table()
{
#if ROCDIST_HAS_GPU_BACKEND
    if(kind_ == backend_kind::gpu)
        gpu::free_device_memory(ordinal_, entries_);
#endif
}

} // namespace rocdist
