#include "categorical_table.hpp"

#include "config.hpp"

#if ROCDIST_HAS_GPU_BACKEND
#include "backend/gpu/gpu_backend.hpp"
#endif

namespace rocdist
{

categorical_table::categorical_table(std::uint32_t k)
    : kind_(backend_kind::host), k_(k), host_entries_(new distributions::alias_entry[k]),
      entries_(host_entries_.get())
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
