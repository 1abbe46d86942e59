// Handles given to C callers are ids, not addresses: a destroyed or invented
// handle is looked up and refused instead of dereferenced, and an id is never
// reused, so a stale handle cannot reach a newer object. Lookups hand out
// shared ownership, so destroying a handle while another thread still uses
// it frees the object only when that call returns.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace rocdist
{

template <class Object>
class handle_registry
{
public:
    std::uintptr_t insert(std::shared_ptr<Object> object)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        const std::uintptr_t id = next_id_++;
        objects_.emplace(id, std::move(object));
        return id;
    }

    std::shared_ptr<Object> find(std::uintptr_t id) const
    {
        std::lock_guard<std::mutex> lock(mutex_);
        const auto it = objects_.find(id);
        return it == objects_.end() ? nullptr : it->second;
    }

    bool erase(std::uintptr_t id)
    {
        std::shared_ptr<Object> released; // destroyed after the lock is dropped
        std::lock_guard<std::mutex> lock(mutex_);
        const auto it = objects_.find(id);
        if(it == objects_.end())
            return false;
        released = std::move(it->second);
        objects_.erase(it);
        return true;
    }

private:
    mutable std::mutex                                          mutex_;
    std::unordered_map<std::uintptr_t, std::shared_ptr<Object>> objects_;
    std::uintptr_t                                              next_id_ = 1;
};

} // namespace rocdist
