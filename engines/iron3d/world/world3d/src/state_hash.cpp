#include "vestige/iron3d/world/state_hash.hpp"

#include <cstring>
#include <optional>

#include "vestige/iron3d/world/world3d.hpp"

namespace vestige::iron3d::world {
namespace {

// Writes little-endian values into a buffer sized in advance (the hash input of a 1,000-object world is ~70 KB and
// is built every tick, so it is not grown byte by byte).
class Out {
public:
    explicit Out(std::size_t size) : mBytes(size) {}
    void u8(std::uint8_t v) { mBytes[mPos++] = v; }
    void u16(std::uint16_t v) { put(v, 2); }
    void u32(std::uint32_t v) { put(v, 4); }
    void u64(std::uint64_t v) { put(v, 8); }
    void chars(std::string_view s) {
        std::memcpy(mBytes.data() + mPos, s.data(), s.size());
        mPos += s.size();
    }
    template <class T, class Put>
    void optional(const std::optional<T>& v, Put put) {
        u8(v.has_value() ? 1 : 0);
        if (v) put(*v);
    }
    void handle(ObjectHandle h) {
        u32(h.generation);
        u32(h.slot);
    }
    Bytes take() {
        mBytes.resize(mPos);
        return std::move(mBytes);
    }

private:
    void put(std::uint64_t v, int n) {
        for (int i = 0; i < n; ++i) mBytes[mPos++] = static_cast<std::uint8_t>(v >> (8 * i));
    }
    Bytes mBytes;
    std::size_t mPos = 0;
};

}  // namespace

Bytes canonicalStateBytes(const World3D& world) {
    const auto& st = world.mState;
    // Upper bound: every optional present (slot: 8 + 4 + 2 + 5 + 5 + 3 + 9 + 36; command: 8 + 9; handle: 8).
    Out w(kStateHashSchema.size() + 4 * 8 + st.slots.size() * 72 + 8 + st.queued() * 17 + 8 + st.deferred.size() * 8);
    w.chars(kStateHashSchema);
    w.u64(st.tick);
    w.u64(st.nextSequence);
    w.u64(st.nextRegistrationSequence);
    w.u64(st.slots.size());
    for (std::size_t i = 0; i < st.slots.size(); ++i) {
        const auto& s = st.slots[i];
        w.u64(i);
        w.u32(s.generation);
        w.u8(s.live ? 1 : 0);
        w.u8(s.registered ? 1 : 0);
        w.optional(s.originalId, [&](std::uint32_t v) { w.u32(v); });
        w.optional(s.mirrorId, [&](std::uint32_t v) { w.u32(v); });
        w.optional(s.owner, [&](std::uint16_t v) { w.u16(v); });
        w.optional(s.registrationSequence, [&](std::uint64_t v) { w.u64(v); });
        for (const std::uint32_t word : s.transform.words) w.u32(word);
    }
    w.u64(st.queued());
    for (std::size_t i = st.queueHead; i < st.queue.size(); ++i) {
        w.u64(st.queue[i].sequence);
        w.optional(st.queue[i].target, [&](ObjectHandle h) { w.handle(h); });
    }
    w.u64(st.deferred.size());
    for (const ObjectHandle h : st.deferred) w.handle(h);
    return w.take();
}

Sha256Digest canonicalStateHash(const World3D& world) { return world.stateHash(); }

}  // namespace vestige::iron3d::world
