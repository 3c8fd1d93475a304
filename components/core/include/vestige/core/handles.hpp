#pragma once
// Generational handles: a slot index plus a generation counter. A handle to a freed slot stays
// invalid after the slot is reused, because the generation moved on. Free slots are reused in
// LIFO order, which is deterministic (no pointers, no hashing).
#include <cstdint>
#include <optional>
#include <vector>

namespace vestige {

struct Handle {
    std::uint32_t slot = 0xFFFFFFFFu;
    std::uint32_t generation = 0;
    [[nodiscard]] bool isNull() const { return slot == 0xFFFFFFFFu; }
    friend bool operator==(Handle, Handle) = default;
};

template <class T>
class HandlePool {
public:
    Handle insert(T value) {
        std::uint32_t slot;
        if (!mFree.empty()) {
            slot = mFree.back();
            mFree.pop_back();
            mSlots[slot].value = std::move(value);
        } else {
            slot = static_cast<std::uint32_t>(mSlots.size());
            mSlots.push_back({std::move(value), 0});
        }
        ++mCount;
        return {slot, mSlots[slot].generation};
    }
    bool remove(Handle h) {
        if (!valid(h)) return false;
        mSlots[h.slot].value.reset();
        ++mSlots[h.slot].generation;
        mFree.push_back(h.slot);
        --mCount;
        return true;
    }
    [[nodiscard]] bool valid(Handle h) const {
        return h.slot < mSlots.size() && mSlots[h.slot].generation == h.generation && mSlots[h.slot].value.has_value();
    }
    T* get(Handle h) { return valid(h) ? &*mSlots[h.slot].value : nullptr; }
    const T* get(Handle h) const { return valid(h) ? &*mSlots[h.slot].value : nullptr; }
    [[nodiscard]] std::size_t size() const { return mCount; }
    // Visits live values in slot order (stable, independent of insertion history's addresses).
    template <class F>
    void forEach(F&& f) {
        for (std::uint32_t i = 0; i < mSlots.size(); ++i)
            if (mSlots[i].value) f(Handle{i, mSlots[i].generation}, *mSlots[i].value);
    }

private:
    struct Slot {
        std::optional<T> value;
        std::uint32_t generation = 0;
    };
    std::vector<Slot> mSlots;
    std::vector<std::uint32_t> mFree;
    std::size_t mCount = 0;
};

}  // namespace vestige
