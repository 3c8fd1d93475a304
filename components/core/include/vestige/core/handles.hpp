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
    // Places value in a given slot (growing the pool; skipped slots become free). Null when the slot is taken.
    // For engines whose low indices are reserved (Source: 0 = world, 1..maxplayers = players).
    Handle insertAt(std::uint32_t slot, T value) {
        if (slot == 0xFFFFFFFFu) return {};
        while (mSlots.size() <= slot) {
            mFree.push_back(static_cast<std::uint32_t>(mSlots.size()));
            mSlots.push_back({std::nullopt, 0});
        }
        if (mSlots[slot].value) return {};
        std::erase(mFree, slot);
        mSlots[slot].value = std::move(value);
        ++mCount;
        return {slot, mSlots[slot].generation};
    }
    // Reuses the lowest free slot for which usable(slot) is true, else the first usable new slot (an engine's
    // "lowest free index, not reused too soon" policy, e.g. Source's ED_Alloc). Deterministic: ordered by index.
    template <class Pred>
    Handle insertLowest(T value, Pred&& usable) {
        std::uint32_t best = 0xFFFFFFFFu;
        for (std::uint32_t s : mFree)
            if (s < best && usable(s)) best = s;
        if (best == 0xFFFFFFFFu) {
            best = static_cast<std::uint32_t>(mSlots.size());
            while (best != 0xFFFFFFFFu && !usable(best)) ++best;  // new slots obey the rule too (reserved indices)
        }
        return insertAt(best, std::move(value));
    }
    // The handle of the value living in `slot` now (null when the slot is free or out of range).
    [[nodiscard]] Handle handleAt(std::uint32_t slot) const {
        if (slot >= mSlots.size() || !mSlots[slot].value) return {};
        return {slot, mSlots[slot].generation};
    }
    // The generation a slot has now (the next value placed there gets it); 0 for slots never used.
    [[nodiscard]] std::uint32_t generationAt(std::uint32_t slot) const {
        return slot < mSlots.size() ? mSlots[slot].generation : 0;
    }
    [[nodiscard]] std::size_t slotCount() const { return mSlots.size(); }
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

    template <class F>
    void forEach(F&& f) const {
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
