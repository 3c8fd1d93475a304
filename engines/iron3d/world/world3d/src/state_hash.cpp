#include "vestige/iron3d/world/state_hash.hpp"

#include <optional>

#include "vestige/iron3d/world/world3d.hpp"

namespace vestige::iron3d::world {
namespace {

template <class T, class Put>
void optional(ByteWriter& w, const std::optional<T>& v, Put put) {
    w.u8(v.has_value() ? 1 : 0);
    if (v) put(*v);
}

void handle(ByteWriter& w, ObjectHandle h) {
    w.u32(h.generation);
    w.u32(h.slot);
}

}  // namespace

Bytes canonicalStateBytes(const World3D& world) {
    const auto& st = world.mState;
    ByteWriter w;
    // Byte by byte: GCC 12 warns (falsely) about a constant-size range insert here.
    for (const char c : kStateHashSchema) w.u8(static_cast<std::uint8_t>(c));
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
        optional(w, s.originalId, [&](std::uint32_t v) { w.u32(v); });
        optional(w, s.mirrorId, [&](std::uint32_t v) { w.u32(v); });
        optional(w, s.owner, [&](std::uint16_t v) { w.u16(v); });
        optional(w, s.registrationSequence, [&](std::uint64_t v) { w.u64(v); });
        for (const std::uint32_t word : s.transform.words) w.u32(word);
    }
    w.u64(st.queued());
    for (std::size_t i = st.queueHead; i < st.queue.size(); ++i) {
        w.u64(st.queue[i].sequence);
        optional(w, st.queue[i].target, [&](ObjectHandle h) { handle(w, h); });
    }
    w.u64(st.deferred.size());
    for (const ObjectHandle h : st.deferred) handle(w, h);
    return w.take();
}

Sha256Digest canonicalStateHash(const World3D& world) { return sha256(canonicalStateBytes(world)); }

}  // namespace vestige::iron3d::world
