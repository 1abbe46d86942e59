// A categorical distribution's alias table, held in the memory of the
// generator that built it (host memory, or device memory of its GPU).
#pragma once

#include <cstdint>
#include <memory>

#include "backend_kind.hpp"
#include "rocdist/device/distributions/alias_table.hpp"

namespace rocdist
{

class categorical_table
{
public:
    // A host table of k columns; throws std::bad_alloc.
    explicit categorical_table(std::uint32_t k);
    // Takes ownership of a device table of k columns on device `ordinal`.
    categorical_table(std::uint32_t k, int ordinal, distributions::alias_entry* device_entries);
    ~categorical_table();
    categorical_table(const categorical_table&)            = delete;
    categorical_table& operator=(const categorical_table&) = delete;

    backend_kind                      kind() const { return kind_; }
    int                               device_ordinal() const { return ordinal_; }
    std::uint32_t                     size() const { return k_; }
    distributions::alias_entry*       entries() { return entries_; }
    const distributions::alias_entry* entries() const { return entries_; }

private:
    backend_kind  kind_;
    std::uint32_t k_;
    int           ordinal_ = -1;
    struct free_entries
    {
        void operator()(distributions::alias_entry* p) const;
    };
    std::unique_ptr<distributions::alias_entry, free_entries> host_entries_;
    distributions::alias_entry* entries_;
};

} // namespace rocdist
